"""SE-style rating: statuses, ER/EP/ED semantics, step checking, the command, and agreement with
Sudoku Explainer's published ratings on a fixed sample of cbg-000 (read from ../shared/data;
the data set is GPL and is never copied into this repository)."""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit.candidates import Candidates
from sudokit.cli import main
from sudokit.engine import backend
from sudokit.grid import Grid
from sudokit.rating.explainer import (
    INVALID,
    LIMIT,
    MULTIPLE,
    NO_SOLUTION,
    RATED,
    UNSOLVED,
    StepError,
    rate,
    se_round,
)
from sudokit.techniques import Step, Technique, techniques
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
TABLE = DATA / "ratings" / "cbg-000_SER.tsv"

EASY = "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"  # SE 2.0
CHAIN = ".23..6.8......91...8.1..4..2.......7...8.....678.1......7.3.2...3...4.7....5.1.6."  # SE 7.1


def test_easy_puzzle() -> None:
    r = rate(Grid.from_string(EASY), keep_steps=True)
    assert (r.status, r.er, r.ep, r.ed) == (RATED, 2.0, 1.2, 1.2)
    assert r.hardest == ("Direct Hidden Pair",)
    assert r.level is not None and r.score is not None and r.score > 0
    assert r.step_count == len(r.steps) == sum(r.techniques.values())
    assert max(se_round(s.difficulty) for s in r.steps) == r.er


def test_chain_puzzle(engine: str) -> None:
    r = rate(Grid.from_string(CHAIN))
    assert (r.status, r.er, r.ep, r.ed) == (RATED, 7.1, 1.2, 1.2)
    assert r.hardest == ("Forcing Chain",)


def test_ep_and_ed_follow_the_first_placement_and_the_first_step() -> None:
    # ED is the first step's rating; EP the largest up to the first placement.
    r = rate(Grid.from_string(CHAIN), keep_steps=True)
    first = r.steps[0]
    assert r.ed == se_round(first.difficulty)
    upto = []
    for step in r.steps:
        upto.append(se_round(step.difficulty))
        if step.placements:
            break
    assert r.ep == max(upto)


@pytest.mark.parametrize(
    ("puzzle", "serate"),
    [
        # top95 puzzles whose EP and ED are not 1.2, with what serate 1.2.1.3 prints (ER/EP/ED).
        ("..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..", "6.6/2.3/2.3"),
        ("45.....3....8.1....9...........5..9.2..7.....8.........1..4..........7.2...6..8..", "3.4/1.5/1.5"),
        ("..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56", "8.4/2.6/2.6"),
    ],
)
def test_er_ep_ed_as_serate_prints_them(puzzle: str, serate: str, engine: str) -> None:
    r = rate(Grid.from_string(puzzle))
    assert f"{r.er}/{r.ep}/{r.ed}" == serate


@pytest.mark.parametrize(
    ("puzzle", "status"),
    [
        ("." * 81, MULTIPLE),
        ("11" + "." * 79, INVALID),
        # r1c9 must be 9, which column 9 already has: valid givens, no solution.
        ("12345678." + "........9" + "." * 63, NO_SOLUTION),
    ],
)
def test_not_rated(puzzle: str, status: str, engine: str) -> None:
    r = rate(Grid.from_string(puzzle, check=False))
    assert r.status == status
    assert r.er is None and r.level is None


def test_unsolved_without_chains() -> None:
    # Without the chain techniques a 7.1 puzzle cannot be finished.
    basic = [t for t in techniques(se_only=True) if t.difficulty < 6.5]
    r = rate(Grid.from_string(CHAIN), chosen=basic)
    assert r.status == UNSOLVED and r.er is None


def test_time_limit_reports_limit(engine: str) -> None:
    hard = "..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75"
    start = time.monotonic()
    r = rate(Grid.from_string(hard), time_limit=0.0005)
    assert r.status == LIMIT and "limit" in r.error
    assert time.monotonic() - start < 5


def test_a_wrong_step_is_caught() -> None:
    def liar(cands: Candidates) -> Iterator[Step]:
        cell = next(c for c in range(81) if cands.masks[c])
        digit = solution[cell]
        yield Step("Liar", 1.0, eliminations=((cell, digit),))

    grid = Grid.from_string(EASY)
    from sudokit.engine.solver import solve

    solution = solve(grid).cells
    with pytest.raises(StepError):
        rate(grid, chosen=[Technique("Liar", 1.0, liar)])


def test_rate_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "p.txt"
    path.write_text(EASY + "\n" + "11" + "." * 79 + "\n")
    assert main(["rate", "--json", "--no-progress", str(path)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [x["status"] for x in lines] == [RATED, INVALID]
    assert (lines[0]["er"], lines[0]["ep"], lines[0]["ed"]) == (2.0, 1.2, 1.2)
    assert main(["rate", "--no-progress", str(path)]) == 1
    table = capsys.readouterr().out.splitlines()
    assert table[1].split()[:3] == ["2.0", "1.2", "1.2"]


def _sample() -> list[tuple[str, float]]:
    """Every 131st puzzle of cbg-000 rated below 8.5 by SE (163 puzzles, most of them quick)."""
    rows = []
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            puzzle, _, ser = line.split("\t")
            rows.append((puzzle, float(ser)))
    return [(p, s) for p, s in rows[::131] if s < 8.5]


@pytest.mark.slow
@pytest.mark.skipif(not TABLE.exists(), reason="shared/data/ratings is not beside the repo")
def test_agreement_with_sudoku_explainer() -> None:
    sample = _sample()
    equal = near = 0
    for puzzle, ser in sample:
        r = rate(Grid.from_string(puzzle))  # every step is checked against the solution
        assert r.status == RATED
        assert r.er is not None
        equal += abs(r.er - ser) < 1e-9
        near += abs(r.er - ser) <= 0.3 + 1e-9
    # Measured: 163/163 equal (docs/rating.md); the margins leave room for one or two.
    assert equal / len(sample) >= 0.98
    assert near / len(sample) >= 0.99


#: Puzzles whose rating paths cover every SE technique up to dynamic forcing chains (top95 and
#: cbg-000 puzzles, ER 1.2 to 9.0), rated on both paths below.
PATH_SAMPLE = [
    EASY,
    CHAIN,
    "..5...987.4..5...1..7......2...48....9.1.....6..2.....3..6..2.......9.7.......5..",
    "45.....3....8.1....9...........5..9.2..7.....8.........1..4..........7.2...6..8..",
    "..84...3....3.....9....157479...8........7..514.....2...9.6...2.5....4......9..56",
]


def _comparable(r: object) -> tuple[object, ...]:
    from sudokit.rating.explainer import Rating

    assert isinstance(r, Rating)
    return (r.status, r.er, r.ep, r.ed, r.level, r.score, r.hardest, r.techniques, r.step_count)


@pytest.mark.skipif("c" not in backend.available(), reason="C core not built")
@pytest.mark.parametrize("puzzle", PATH_SAMPLE)
def test_c_rater_takes_the_python_path(puzzle: str) -> None:
    # The C twin of the techniques (csrc/se/rate9.c) must take exactly the Python path's steps.
    from sudokit.engine import backend

    grid = Grid.from_string(puzzle)
    with backend.using("python"):
        python = rate(grid)
    with backend.using("c"):
        c = rate(grid)
    assert _comparable(c) == _comparable(python)


@pytest.mark.skipif("c" not in backend.available(), reason="C core not built")
def test_c_rater_in_threads_agrees_with_one_thread() -> None:
    # The C rater keeps no global state and releases the GIL: threads must not disturb it.
    from concurrent.futures import ThreadPoolExecutor

    from sudokit.engine import backend

    grids = [Grid.from_string(p) for p in PATH_SAMPLE] * 4
    with backend.using("c"):
        alone = [_comparable(rate(g)) for g in grids]
    with ThreadPoolExecutor(max_workers=4) as pool:  # a using() block does not reach other threads
        together = [_comparable(r) for r in pool.map(functools.partial(rate, engine="c"), grids)]
    assert together == alone


def test_hodoku_path_scores_hodokus_own_path() -> None:
    # With hodoku_path the level and score are those of HoDoKu 2.2's own path (sudokit.rating.hodoku.path;
    # HoDoKu 2.2 prints "Hard (944)" for this puzzle); SE's ratings stay those of SE's path.
    grid = Grid.from_string(CHAIN)
    plain, other = rate(grid), rate(grid, hodoku_path=True)
    assert (other.er, other.ep, other.ed) == (plain.er, plain.ep, plain.ed) == (7.1, 1.2, 1.2)
    assert (other.score, other.level) == (944, "hard")
    assert other.score != plain.score  # the two paths differ on this puzzle
