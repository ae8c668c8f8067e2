"""Links read everywhere: 6×6 and 9×9 puzzles built from known grids, Jigsaw regions, refusals that
name every reason, metadata solutions never used to solve, the CLI, Sudoku-Bench records, verify's
broken rules and check_moves."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from sudokit import Grid, ParseError, check_moves, is_unique, solve, verify
from sudokit.formats import read_puzzles
from sudokit.formats.links import LinkRefused, read_link
from sudokit.rules import check
from tests.helpers import processes

from .builders import GREY, S4, all_pairs, at, black, fp_cell, fpuzzles, scl, scl_puzzle, white

#: A 6×6 grid with 2×3 boxes (two rows by three columns).
S6 = (1, 2, 3, 4, 5, 6,
      4, 5, 6, 1, 2, 3,
      2, 3, 1, 5, 6, 4,
      5, 6, 4, 2, 3, 1,
      3, 1, 2, 6, 4, 5,
      6, 4, 5, 3, 1, 2)  # fmt: skip

#: A 9×9 grid (the usual shifted pattern).
S9 = tuple((r * 3 + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9))


def unique_with_givens(
    make: Any, solution: tuple[int, ...], n: int
) -> tuple[str, dict[tuple[int, int], int]]:
    """Add givens of ``solution`` (in a fixed order) until the link's puzzle is unique."""
    order = [(i * 7) % (n * n) for i in range(n * n)]
    givens: dict[tuple[int, int], int] = {}
    link = make(givens)
    for cell in order:
        if is_unique(Grid.from_string(link)):
            break
        givens[divmod(cell, n)] = solution[cell]
        link = make(givens)
    return link, givens


def test_6x6_with_2x3_boxes() -> None:
    thermo = [(0, 0), (0, 1), (0, 2), (0, 3)]
    fields = {
        "thermometer": [{"lines": [[fp_cell(c) for c in thermo]]}],
        "arrow": [{"cells": ["R3C5"], "lines": [["R3C5", "R3C4", "R2C4"]]}],  # 6 = 5 + 1
        "killercage": [{"cells": ["R6C5", "R6C6"], "value": "3"}],
        "ratio": [{"cells": ["R5C2", "R5C3"]}],
        "xv": [{"cells": ["R5C5", "R6C5"], "value": "V"}],
        "sandwichsum": [{"cell": "R4C0", "value": "9"}],  # 5 [6 4 2 3 1]
    }
    link, givens = unique_with_givens(lambda g: fpuzzles(6, g, **fields), S6, 6)
    grid = Grid.from_string(link)
    assert grid.shape.box_rows == 2 and grid.shape.box_cols == 3
    solved = solve(grid)
    assert solved.cells == S6
    assert grid.rules is not None and check(grid.rules, S6) == []
    assert len(givens) < 20


def s9_marks() -> list[dict[str, Any]]:
    """Every Kropki dot S9 has (white where both fit) as SudokuPad overlays."""
    out = []
    for a, b in all_pairs(9):
        x, y = at(S9, a, 9), at(S9, b, 9)
        if not (white(x, y) or black(x, y)):
            continue
        colour = "#FFFFFF" if white(x, y) else "#000000"
        centre = [(a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5]
        out.append(
            {
                "center": centre,
                "width": 0.3,
                "height": 0.3,
                "rounded": True,
                "backgroundColor": colour,
                "borderColor": "#000000",
            }
        )
    return out


def test_9x9_thermo_arrow_kropki_built_from_a_known_grid() -> None:
    # Row 1 of S9 is 1 … 9: a thermometer along it; r3c3 = 9 = r2c3 + r1c3 (6 + 3): an arrow.
    assert S9[20] == S9[11] + S9[2] == 9
    rules = (
        "Normal sudoku rules apply. Digits along a thermometer increase from the bulb. "
        "Digits along an arrow sum to the digit in its circle. "
        "Cells separated by a white dot are consecutive; a black dot: one is double the other. "
        "Not all possible dots are given."
    )
    parts = {
        "lines": [{"wayPoints": [[0.5, 0.5], [0.5, 4.5]], "color": GREY, "thickness": 21}],
        "underlays": [
            {
                "center": [0.5, 0.5],
                "width": 0.85,
                "height": 0.85,
                "rounded": True,
                "backgroundColor": GREY,
                "borderColor": GREY,
            }
        ],
        "arrows": [{"wayPoints": [[2.5, 2.5], [1.5, 2.5], [0.5, 2.5]], "color": "#a1a1a1", "thickness": 2}],
        "overlays": [
            {
                "center": [2.5, 2.5],
                "width": 0.8,
                "height": 0.8,
                "rounded": True,
                "backgroundColor": "#FFFFFF",
                "borderColor": "#a1a1a1",
            },
            *s9_marks()[:12],
        ],
    }
    link, _ = unique_with_givens(lambda g: scl(scl_puzzle(9, g, rules=rules, **parts)), S9, 9)
    grid = Grid.from_string(link)
    kinds = {c.kind for c in grid.rules.constraints} if grid.rules else set()
    assert kinds == {"thermo", "arrow", "white", "black"}
    assert solve(grid).cells == S9 and is_unique(grid)
    assert grid.rules is not None and check(grid.rules, S9) == []


def test_jigsaw_regions() -> None:
    pieces = [
        [[0, 0], [0, 1], [1, 0], [2, 0]],
        [[0, 2], [0, 3], [1, 2], [1, 3]],
        [[1, 1], [2, 1], [3, 0], [3, 1]],
        [[2, 2], [2, 3], [3, 2], [3, 3]],
    ]
    link, _ = unique_with_givens(
        lambda g: scl(scl_puzzle(4, g, rules="Normal jigsaw sudoku rules apply.", regions=pieces)), S4, 4
    )
    grid = Grid.from_string(link)
    assert grid.rules is not None and grid.rules.pieces is not None
    assert solve(grid).cells == S4 and check(grid.rules, S4) == []


# -- refusals ---------------------------------------------------------------------------------------------


def test_refusal_names_every_reason() -> None:
    data = scl_puzzle(
        4,
        rules="Normal sudoku rules apply. Shaded cells hold prime digits.",
        lines=[{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#FF80C0", "thickness": 9}],
    )
    with pytest.raises(LinkRefused) as info:
        read_link(scl(data))
    reasons = info.value.reasons
    assert any(r.startswith('unsupported: pink line with rules "') for r in reasons)
    assert any("rule not understood" in r and "prime" in r for r in reasons)
    assert isinstance(info.value, ParseError)
    with pytest.raises(ParseError, match="pink line"):
        Grid.from_string(scl(data))


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"lockout": [{"lines": [["R1C1", "R1C2", "R1C3"]]}]}, "lockout"),
        (
            {
                "thermometer": [{"lines": [["R1C1", "R1C2"]]}],
                "ruleset": "Digits on thermometers increase. Every 2×2 holds a digit sum of 10.",
            },
            "rule not understood",
        ),
        (
            {
                "thermometer": [{"lines": [["R1C1", "R1C2"]]}],
                "ruleset": "Place the digits 0-3 so that thermos increase.",
            },
            "digits 0-3",
        ),
        (
            {"text": [{"cells": ["R1C1"], "value": "?"}], "thermometer": [{"lines": [["R1C1", "R1C2"]]}]},
            "text",
        ),
        (
            {
                "thermometer": [{"lines": [["R1C1", "R1C2"]]}],
                "ruleset": "Slow thermometers: digits never decrease.",
            },
            "slow",
        ),
    ],
)
def test_fpuzzles_refusals(fields: dict[str, Any], reason: str) -> None:
    with pytest.raises(LinkRefused, match=reason):
        read_link(fpuzzles(4, **fields))


def test_german_whispers_need_a_stated_gap_off_9x9() -> None:
    data = scl_puzzle(
        4,
        rules="Adjacent digits on a green German whispers line differ by at least 5.",
        lines=[{"wayPoints": [[0.5, 0.5], [0.5, 2.5]], "color": "#60C060", "thickness": 9}],
    )
    with pytest.raises(LinkRefused, match="not stated"):
        read_link(scl(data))


# -- metadata solutions, verify, moves -----------------------------------------------------------------------


def _thermo4(givens: dict[tuple[int, int], int], solution: str | None = None) -> str:
    return scl(
        scl_puzzle(
            4,
            givens,
            rules="Digits along a thermometer increase from the bulb.",
            solution=solution,
            lines=[{"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": GREY, "thickness": 21}],
            underlays=[
                {
                    "center": [0.5, 0.5],
                    "width": 0.85,
                    "height": 0.85,
                    "rounded": True,
                    "backgroundColor": GREY,
                }
            ],
        )
    )


GIVENS4 = {(1, 1): 4, (2, 3): 1, (3, 0): 2}
WRONG = "4321" * 4


def test_a_wrong_metadata_solution_is_never_used() -> None:
    link = _thermo4(GIVENS4, WRONG)
    puzzle = read_link(link)
    assert puzzle.solution == WRONG
    assert solve(Grid.from_string(link)).cells == S4
    entry = next(iter(read_puzzles([link])))
    assert entry.fields == {"solution": WRONG}
    found = verify(link, WRONG)
    assert not found.ok and found.violations
    assert verify(link, "".join(map(str, S4))).ok


def test_verify_lists_broken_rules_by_name() -> None:
    link = _thermo4(GIVENS4)
    answer = list(S4)
    answer[0], answer[1] = answer[1], answer[0]  # r1c1=2, r1c2=1: the thermometer and column break
    found = verify(link, "".join(map(str, answer)))
    kinds = {v.kind for v in found.violations}
    assert "thermo" in kinds and "column" in kinds
    assert all(v.cells for v in found.violations)
    assert found.to_dict()["violations"]


def test_check_moves() -> None:
    link = _thermo4(GIVENS4)
    assert check_moves(link, "r1c1: 1\nr1c2: 2\n# a comment\nr4c4=3").ok
    bad = check_moves(link, ["r1c1: 1", "r1c2: 3", "r1c3: 3"])
    assert not bad.ok and bad.first_wrong == 1 and bad.reason == "wrong digit: r1c2 holds 2"
    assert "not a move" in (check_moves(link, "r1c1 one").reason or "")
    assert "no unique solution" in (check_moves(_thermo4({}), "r1c1: 1").reason or "")


def test_bench_records_verify_against_their_solution(tmp_path: Path) -> None:
    from sudokit.batch.verification import verify_entry

    good = "".join(map(str, S4))
    records = [
        {
            "puzzle_id": "a",
            "encoded_puzzle": _thermo4(GIVENS4).split("sudokupad.app/")[1],
            "rules": "thermo",
            "initial_board": "." * 16,
            "solution": good,
            "rows": 4,
            "cols": 4,
        },
        {
            "puzzle_id": "b",
            "encoded_puzzle": _thermo4(GIVENS4),
            "rules": "",
            "initial_board": "." * 16,
            "solution": WRONG,
            "rows": 4,
            "cols": 4,
        },
    ]
    path = tmp_path / "bench.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    with path.open() as handle:
        entries = list(read_puzzles(handle))
    assert [e.error for e in entries] == [None, None]
    assert [verify_entry(e).ok for e in entries] == [True, False]


# -- the command line ---------------------------------------------------------------------------------------


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return processes.run(processes.sudokit(*args), capture_output=True, text=True, timeout=120)


def test_cli_solves_a_link_and_refuses_another(tmp_path: Path) -> None:
    link = _thermo4(GIVENS4)
    answer = "".join(map(str, S4))
    done = _cli("solve", link)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == answer
    refused = fpuzzles(4, lockout=[{"lines": [["R1C1", "R1C2", "R1C3"]]}])
    path = tmp_path / "links.txt"
    path.write_text(link + "\n" + refused + "\n" + _thermo4(GIVENS4, WRONG) + "\n")
    done = _cli("solve", str(path))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[0] == answer and lines[2] == answer
    assert "line 2" in lines[1] and "unsupported: lockout" in lines[1]
    done = _cli("check", "--verify", str(path))
    assert done.returncode == 1
    assert "line 3" in done.stdout and "differs" in done.stdout


def test_a_ruleset_is_read_even_for_the_old_variants() -> None:
    with pytest.raises(LinkRefused, match="rule not understood"):
        read_link(fpuzzles(4, antiknight=True, ruleset="Anti-knight applies. Every row hides a 10."))
    with pytest.raises(ParseError, match="digits 0-3"):
        Grid.from_string(
            fpuzzles(4, antiknight=True, ruleset="Place the numbers 0-3 in each row and column.")
        )
    assert read_link(fpuzzles(4, antiknight=True, ruleset="Normal sudoku rules apply. Anti-knight.")).rules


def test_all_dots_given_stated_in_the_rules_text() -> None:
    marks = []
    for a, b in all_pairs(4):
        x, y = at(S4, a), at(S4, b)
        if white(x, y) or black(x, y):
            marks.append(
                {
                    "center": [(a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5],
                    "width": 0.3,
                    "height": 0.3,
                    "rounded": True,
                    "borderColor": "#000000",
                    "backgroundColor": "#FFFFFF" if white(x, y) else "#000000",
                }
            )
    text = "White dots: consecutive. Black dots: one is double the other. All possible dots are given."
    grid = Grid.from_string(scl(scl_puzzle(4, rules=text, overlays=marks)))
    assert grid.rules is not None and "nokropki" in {c.kind for c in grid.rules.constraints}
    assert check(grid.rules, S4) == []
    partial = "White dots: consecutive. All possible white dots are given."
    one = read_link(scl(scl_puzzle(4, rules=partial, overlays=marks[:1]))).rules.constraints
    first = "white" if marks[0]["backgroundColor"] == "#FFFFFF" else "black"
    assert [c.kind for c in one] == [first, "nowhite"]


def test_16x16_link() -> None:
    link = fpuzzles(
        16,
        {(0, 0): 1},
        thermometer=[{"lines": [["R1C1", "R1C2", "R1C3"]]}],
        killercage=[{"cells": ["R16C16", "R16C15"], "value": "31"}],
    )
    puzzle = read_link(link)
    assert puzzle.rules.shape is not None and puzzle.rules.shape.box == (4, 4)
    assert {c.kind for c in puzzle.rules.constraints} == {"thermo", "cage"}
