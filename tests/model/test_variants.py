"""Variants: the rules model, counts against an independent checker, formats, generation, errors."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from sudokit import (
    DuplicateGivenError,
    Grid,
    ParseError,
    RulesError,
    VariantError,
    count_solutions,
    find_variant,
    generate,
    make_rules,
    search,
    solve,
)
from sudokit.engine import backend
from sudokit.formats.variants import read_fpuzzles
from sudokit.rules import Cage, Rules
from sudokit.shape import Shape
from sudokit.variant import VARIANTS, parse_region_map
from tests.model.variant_checker import Checker, Spec  # the independent checker, written for the tests

ENGINES = backend.available()


def spec_of(names: str, n: int = 9, box: tuple[int, int] | None = (3, 3), **extra: object) -> Spec:
    """The checker's spec for comma-separated variant names."""
    flags = {v: True for v in names.split(",") if v}
    return Spec(
        n, box, x="x" in flags, windoku="windoku" in flags, antiknight="antiknight" in flags,
        antiking="antiking" in flags, nonconsecutive="nonconsecutive" in flags,
        disjoint="disjointgroups" in flags, **extra,  # type: ignore[arg-type]
    )


# -- the model -------------------------------------------------------------------------------------


def test_every_variant_is_found_by_name_and_alias() -> None:
    for variant in VARIANTS:
        assert find_variant(variant.name) is variant
        for alias in variant.aliases:
            assert find_variant(alias) is variant
    assert find_variant("Anti Knight").name == "antiknight"
    with pytest.raises(VariantError, match="unknown variant 'sudokux'"):
        find_variant("sudokux")


def test_classic_rules_are_no_rules() -> None:
    grid = Grid.from_string("." * 81, rules="classic")
    assert grid.rules is None and grid.variant == "classic"
    assert Grid.from_cells([0] * 81, rules=Rules.classic(Shape(3, 3))).rules is None
    assert make_rules(()).is_classic


def test_region_counts_of_the_variants() -> None:
    kinds = {r.kind for r in make_rules("x,windoku,disjointgroups").regions}
    assert kinds == {"row", "column", "box", "diagonal", "window", "group"}
    assert len(make_rules("windoku").regions) == 27 + 4
    assert len(make_rules("windoku", box=(4, 4)).regions) == 48 + 9
    assert len(make_rules("antiking").differ) == 2 * 8 * 8
    assert len(make_rules("nonconsecutive").adjacent) == 2 * 9 * 8


def test_rules_pickle_without_their_compiled_tables() -> None:
    import pickle

    rules = make_rules("x")
    search(Grid.empty(rules=rules), 1)
    assert rules.compiled
    copy = pickle.loads(pickle.dumps(rules))
    assert copy == rules and copy.compiled == {}


def test_repr_reads_back() -> None:
    from sudokit import make_rules as make_rules_  # noqa: F401  (the repr names it)

    for rules in (make_rules("x,antiknight"), make_rules("jigsaw", regions=_JIGSAW_6),
                  make_rules("killer", box=(2, 2), cages=[([0, 1], 3), ([2, 3], 7)])):
        assert eval(repr(rules), {"make_rules": make_rules}) == rules
    grid = Grid.from_string("1" + "." * 80, rules="x")
    assert eval(repr(grid), {"Grid": Grid, "make_rules": make_rules}) == grid


# -- counts against the independent checker --------------------------------------------------------------

_JIGSAW_6 = "111222" "113322" "133442" "533446" "555446" "556666"


def _jigsaw6_spec(**extra: object) -> Spec:
    return Spec(6, None, pieces=parse_region_map(_JIGSAW_6), **extra)  # type: ignore[arg-type]


SMALL = [
    ("x", 4, (2, 2)),
    ("antiking", 4, (2, 2)),
    ("nonconsecutive", 4, (2, 2)),
    ("windoku", 4, (2, 2)),
    ("disjointgroups", 4, (2, 2)),
    ("x", 6, (2, 3)),
    ("antiknight", 6, (2, 3)),
    ("x,antiking", 6, (2, 3)),
    ("disjointgroups", 6, (2, 3)),
]


@pytest.mark.parametrize(("names", "n", "box"), SMALL)
def test_small_grids_count_as_the_checker(engine: str, names: str, n: int, box: tuple[int, int]) -> None:
    rng = random.Random(f"{names}{n}")
    checker = Checker(spec_of(names, n, box))
    rules = make_rules(names, box=box)
    _, solution = checker.count([0] * (n * n), 1)
    if solution is None:  # some rules leave no grid at all (anti-king on 4×4)
        assert count_solutions(Grid.empty(box=box, rules=rules), limit=1) == 0
        return
    for trial in range(6):
        puzzle = [v if rng.random() < 0.25 + trial * 0.05 else 0 for v in solution]
        if trial % 3 == 2:  # a wrong given too, now and then (no solution)
            cell = rng.randrange(n * n)
            puzzle[cell] = rng.randint(1, n)
        expected, _ = checker.count(puzzle, 20)
        grid = Grid.from_cells(puzzle, box=box, rules=rules)
        if not checker.valid(puzzle):
            assert not grid.is_valid()
            continue
        assert count_solutions(grid, limit=20) == expected, (names, puzzle)


def test_empty_small_grids_have_the_checkers_count(engine: str) -> None:
    for names in ("x", "antiking", "nonconsecutive", "windoku", "disjointgroups", "x,windoku"):
        expected, _ = Checker(spec_of(names, 4, (2, 2))).count([0] * 16, 10_000)
        assert count_solutions(Grid.empty(box=(2, 2), rules=names), limit=10_000) == expected, names


def test_jigsaw_and_killer_small(engine: str) -> None:
    pieces = parse_region_map(_JIGSAW_6)
    checker = Checker(_jigsaw6_spec())
    expected, solution = checker.count([0] * 36, 1)
    assert expected == 1 and solution is not None
    rules = make_rules("jigsaw", regions=_JIGSAW_6)
    rng = random.Random(6)
    for _ in range(5):
        puzzle = [v if rng.random() < 0.3 else 0 for v in solution]
        want, _ = checker.count(puzzle, 20)
        assert count_solutions(Grid.from_cells(puzzle, rules=rules), limit=20) == want
    # Killer Jigsaw: cages from the solution
    cages = [((0, 1), solution[0] + solution[1]), ((6, 12), solution[6] + solution[12]),
             ((20, 21, 22), solution[20] + solution[21] + solution[22])]
    killer = make_rules("jigsaw,killer", regions=pieces, cages=cages)
    kcheck = Checker(_jigsaw6_spec(cages=cages))
    for _ in range(4):
        puzzle = [v if rng.random() < 0.2 else 0 for v in solution]
        want, _ = kcheck.count(puzzle, 30)
        assert count_solutions(Grid.from_cells(puzzle, rules=killer), limit=30) == want


def test_killer_4x4_cages_only(engine: str) -> None:
    cages = [((0, 1), 3), ((2, 3), 7), ((4, 8), 7), ((5, 6, 7), 7), ((9, 10), 5), ((11, 15), 5),
             ((12, 13), 7), ((14,), 2)]
    spec = Spec(4, (2, 2), cages=cages)
    want, _ = Checker(spec).count([0] * 16, 100)
    rules = make_rules("killer", box=(2, 2), cages=cages)
    assert count_solutions(Grid.empty(rules=rules), limit=100) == want


VARIANT_9 = ["x", "windoku", "antiknight", "antiking", "nonconsecutive", "disjointgroups",
             "x,antiknight", "x,antiking", "windoku,disjointgroups"]


@pytest.mark.slow
@pytest.mark.parametrize("names", VARIANT_9)
def test_generated_puzzles_are_unique_under_the_checker(names: str) -> None:
    # non-consecutive and X + anti-knight minimal puzzles have 7-8 givens: the checker needs up
    # to a minute for some of them, so those two are checked on one quick seed each
    seeds = {"nonconsecutive": (2,), "x,antiknight": (1,)}.get(names, (1, 2))
    for seed in seeds:
        puzzle = generate(variant=names, seed=seed)
        assert puzzle.rules is not None
        assert set(puzzle.rules.variants) == {find_variant(v).name for v in names.split(",")}
        count, solution = Checker(spec_of(names)).count(list(puzzle.cells), 2)
        assert count == 1
        assert solve(puzzle).cells == tuple(solution or ())


@pytest.mark.slow
def test_generated_jigsaw_and_killer_are_unique_under_the_checker() -> None:
    puzzle = generate(variant="jigsaw", seed=3)
    assert puzzle.rules is not None and puzzle.rules.pieces is not None
    assert sorted(puzzle.rules.pieces.count(p) for p in range(9)) == [9] * 9
    spec = Spec(9, None, pieces=puzzle.rules.pieces)
    assert Checker(spec).count(list(puzzle.cells), 2)[0] == 1
    killer = generate(variant="killer", seed=4, size=6)
    assert killer.clue_count == 0 and killer.rules is not None
    cages = [(c.cells, c.total) for c in killer.rules.cages]
    covered = sorted(c for cells, _ in cages for c in cells)
    assert covered == list(range(36))
    assert Checker(Spec(6, (2, 3), cages=cages)).count([0] * 36, 2)[0] == 1
    for seed in (1, 2, 3):  # 9×9 Killers, cages only
        nine = generate(variant="killer", seed=seed)
        assert nine.clue_count == 0 and nine.rules is not None
        spec = Spec(9, (3, 3), cages=[(c.cells, c.total) for c in nine.rules.cages])
        assert Checker(spec).count([0] * 81, 2)[0] == 1


def test_engines_agree_on_generated_puzzles() -> None:
    if len(ENGINES) < 2:
        pytest.skip("one engine here")
    for names in ("x", "nonconsecutive", "antiknight,antiking"):
        puzzle = generate(variant=names, seed=5)
        results = {e: search(puzzle, 2, engine=e) for e in ENGINES}
        assert len({(r.count, r.solution) for r in results.values()}) == 1


# -- formats ---------------------------------------------------------------------------------------------


ROUND_TRIP = [make_rules(v) for v in ("x", "windoku", "antiknight", "antiking", "nonconsecutive",
                                      "disjointgroups", "antiknight,antiking,nonconsecutive")]
ROUND_TRIP += [make_rules("jigsaw", regions=_JIGSAW_6),
               make_rules("killer", cages=[((0, 1), 3), ((9, 10, 11), 24), ((40,), None)]),
               make_rules("x", box=(2, 3)), make_rules("windoku", box=(4, 4))]


@pytest.mark.parametrize("rules", ROUND_TRIP, ids=lambda r: f"{r.name}-{r.n}")
def test_fpuzzles_and_json_round_trips(rules: Rules) -> None:
    rng = random.Random(rules.name)
    found = search(Grid.empty(rules=rules), 1).solution
    assert found is not None
    grid = Grid.from_cells([v if rng.random() < 0.3 else 0 for v in found.cells], rules=rules)
    link = grid.to_fpuzzles()
    assert link.startswith("https://f-puzzles.com/?load=")
    for text in (link, grid.to_fpuzzles(url=False), grid.to_json()):
        back = Grid.from_string(text)
        assert back == grid and back.rules == grid.rules
    assert Grid.from_fpuzzles(link) == grid and Grid.from_json(grid.to_json()) == grid


def _payload(data: dict[str, object]) -> str:
    import lzstring  # type: ignore[import-untyped]

    text: str = lzstring.LZString().compressToBase64(json.dumps(data))
    return text


def _fgrid(n: int, givens: dict[tuple[int, int], int] | None = None) -> list[list[dict[str, object]]]:
    givens = givens or {}
    return [[({"value": givens[(r, c)], "given": True} if (r, c) in givens else {}) for c in range(n)]
            for r in range(n)]


def test_reading_fpuzzles_keys() -> None:
    data = {"size": 9, "grid": _fgrid(9, {(0, 0): 5}), "diagonal+": True, "diagonal-": True,
            "antiknight": True, "title": "t", "author": "a"}
    cells, rules = read_fpuzzles("https://f-puzzles.com/?load=" + _payload(data))
    assert cells[0] == 5 and rules.variants == ("x", "antiknight")
    one = {"size": 9, "grid": _fgrid(9), "diagonal-": True}
    _, rules = read_fpuzzles(_payload(one))
    assert [r.cells for r in rules.regions if r.kind == "extra"] == [tuple(i * 10 for i in range(9))]
    cages = {"size": 6, "grid": _fgrid(6), "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"},
                                                          {"cells": ["R2C1"]}]}
    _, rules = read_fpuzzles(json.dumps(cages))
    assert rules.cages == (Cage((0, 1), 3), Cage((6,), None))


@pytest.mark.parametrize(("data", "error", "match"), [
    ({"size": 9, "grid": _fgrid(9), "lockout": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}, ParseError,
     "lockout"),
    ({"size": 9, "grid": _fgrid(8)}, Exception, "9 rows of 9"),
    ({"size": 99, "grid": []}, Exception, "size"),
    ({"size": 9, "grid": _fgrid(9), "killercage": [{"cells": ["R1C1", "R1C2"], "value": "30"}]},
     RulesError, "add up to 30"),
    ({"size": 9, "grid": _fgrid(9), "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"},
                                                   {"cells": ["R1C2"], "value": "2"}]},
     RulesError, "overlap"),
    ({"size": 9, "grid": _fgrid(9), "killercage": [{"cells": ["R10C1"], "value": "3"}]},
     RulesError, "outside"),
])
def test_bad_fpuzzles_are_named_errors(data: dict[str, object], error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        read_fpuzzles(_payload(data))


def test_garbage_links_are_parse_errors() -> None:
    from sudokit import ParseError

    for text in ("https://f-puzzles.com/?load=", "https://f-puzzles.com/?load=!!!!", "N4IgAAAAAAAAAAAAAAAA",
                 '{"size": 9}', '{"givens": 5}', "{not json", '[1, 2]'):
        with pytest.raises((ParseError, RulesError)):
            Grid.from_string(text)


# -- bad rules -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("make", "error", "match"), [
    (lambda: make_rules("jigsaw", regions="1" * 81), RulesError, "needs 9 pieces"),
    (lambda: make_rules("jigsaw", regions="12" * 40 + "3"), RulesError, "pieces"),
    (lambda: make_rules("jigsaw", regions="123456789" * 8 + "123456788"), RulesError, "holds 10 cells"),
    (lambda: make_rules("jigsaw", regions="1" * 80), RulesError, "N²"),
    (lambda: make_rules("jigsaw"), VariantError, "region map"),
    (lambda: make_rules("killer"), VariantError, "cages"),
    (lambda: make_rules("killer", cages=[((0, 1), 3), ((1, 2), 5)]), RulesError, "overlap at r1c2"),
    (lambda: make_rules("killer", cages=[((0, 1), 2)]), RulesError, "add up to 2"),
    (lambda: make_rules("killer", cages=[((0, 1), 18)]), RulesError, "add up to 18"),
    (lambda: make_rules("killer", cages=[(tuple(range(10)), 45)]), RulesError, "1 to 9"),
    (lambda: make_rules("killer", cages=[((0, 81), 5)]), RulesError, "outside"),
    (lambda: make_rules("windoku", box=(2, 3)), VariantError, "not available for 6×6"),
    (lambda: make_rules("jigsaw,windoku", regions=_JIGSAW_6), VariantError, "needs boxes"),
    (lambda: make_rules("nope"), VariantError, "unknown variant"),
])
def test_bad_rules_are_named_errors(make: object, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        make()  # type: ignore[operator]


def test_givens_breaking_a_variant_rule() -> None:
    with pytest.raises(DuplicateGivenError, match="diagonal ↘"):
        Grid.from_string("1" + "." * 29 + "1" + "." * 50, rules="x")
    with pytest.raises(DuplicateGivenError, match="a move apart"):
        Grid.from_string("..1" + "." * 10 + "1" + "." * 67, rules="antiknight")
    with pytest.raises(RulesError, match="consecutive digits 1 and 2"):
        Grid.from_string("12" + "." * 79, rules="nonconsecutive")
    rules = make_rules("killer", cages=[((0, 1), 3)])
    with pytest.raises(RulesError, match="cannot add up to 3"):
        Grid.from_cells([3] + [0] * 80, rules=rules).check()
    with pytest.raises(RulesError):
        count_solutions(Grid.from_cells([3] + [0] * 80, rules=rules), limit=2)


def test_rules_of_another_size_are_refused() -> None:
    with pytest.raises(RulesError, match="9×9"):
        Grid.from_string("." * 16, rules=make_rules("x"))


# -- the batch functions ---------------------------------------------------------------------------------


def test_count_many_and_solve_many_take_rules(engine: str) -> None:
    from sudokit import count_many, solve_many

    puzzle = generate(variant="x", seed=7)
    line = puzzle.to_string()
    counts = count_many([line, "." * 81, "1" + "." * 9 + "1" + "." * 70, "xyz"], limit=2, rules="x")
    assert counts == [1, 2, -2, -1]
    solved = solve_many([line, "." * 81], rules="x")
    assert solved[0] == solve(puzzle).to_string() and solved[1] is None
    first = solve_many(["." * 81], rules="x", first=True)[0]
    assert first is not None and Grid.from_string(first, rules="x").is_solved()


def test_read_grids_reads_variant_lines_among_plain_ones_and_takes_rules() -> None:
    from sudokit import read_grids

    x = generate(variant="x", seed=7)
    text = f"{x.to_string()}\n{x.to_json()}\n\n{x.to_fpuzzles()}\n{'1' + '.' * 9 + '1' + '.' * 70}\n"
    read = list(read_grids(text))
    assert [line for line, _ in read] == [1, 2, 4, 5]
    assert [g.rules is not None for _, g in read[:3] if isinstance(g, Grid)] == [False, True, True]
    assert isinstance(read[3][1], DuplicateGivenError) and read[3][1].line == 5
    ruled = list(read_grids(text.splitlines(), rules="x"))
    assert all(isinstance(g, Grid) and g.rules == x.rules for _, g in ruled[:3])
    assert isinstance(ruled[3][1], DuplicateGivenError)
    other = list(read_grids(text, rules="antiknight", check=False))
    assert isinstance(other[0][1], Grid) and other[0][1].variant == "antiknight"
    assert isinstance(other[1][1], RulesError) and other[1][1].line == 2
    assert str(other[1][1]).startswith("line 2: this puzzle carries its own rules (x)")


def test_read_grids_streams_a_file_without_blank_lines() -> None:
    from sudokit import read_grids

    x = generate(variant="x", seed=7)
    taken = [0]

    def lines() -> Iterator[str]:
        for i in range(5000):
            taken[0] += 1
            yield x.to_json() if i % 1000 == 999 else x.to_string()

    read = read_grids(lines(), rules="x")
    first = [next(read) for _ in range(3)]
    assert [line for line, _ in first] == [1, 2, 3] and taken[0] < 200  # one grid's worth, not the file
    assert all(isinstance(g, Grid) and g.rules == x.rules for _, g in [*first, *read])


def test_batch_reads_a_json_line_in_a_plain_file(engine: str) -> None:
    from sudokit.batch.runner import Job, run

    x = generate(variant="x", seed=7)
    lines = [generate(seed=3).to_string(), x.to_json(), "{\"givens\": 3}", x.to_fpuzzles()]
    results = list(run(lines, Job("solve")))
    assert [str(r.status) for r in results] == ["solved", "solved", "invalid", "solved"]
    assert results[1].solution == solve(x).to_string() == results[3].solution


@pytest.mark.parametrize(("extra", "message"), [
    ({"cage": [{"cells": ["r1c1", "r1c2"], "sum": 3}]}, "no field 'cage'"),
    ({"cages": [{"cells": ["r1c1", "r1c2"], "total": 3}]}, "cage 1 has no field 'total'"),
    ({"format": "fpuzzles"}, '"format" must be "sudokit"'),
])
def test_a_misspelt_field_of_the_json_form_is_refused(extra: dict[str, object], message: str) -> None:
    """A field sudokit's JSON form does not have is refused, not dropped: a misspelt cage read as
    no cage would give a wrong answer."""
    text = json.dumps({"format": "sudokit", "size": 4, "givens": "." * 16, **extra})
    with pytest.raises(ParseError, match=message):
        Grid.from_string(text)
