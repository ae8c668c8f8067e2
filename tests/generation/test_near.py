"""Searching near given hard puzzles: ``generate(difficulty=…, near=PUZZLES)`` and ``--near FILE``.

Small, fast cases: start puzzles of ER ≥ 9.0 made by the climb itself, the target ER ≥ 9.0 (a
few tenths of a second a puzzle); every puzzle's ER is re-checked by ``rate``. One case starts
from the forum's hardest puzzles (``../shared/data``, or ``$SUDOKIT_DATA``; skipped without it).
"""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from sudokit import OptionError, TimeLimitReached
from sudokit.canon.minlex import canonical_string
from sudokit.cli import main
from sudokit.engine import backend
from sudokit.engine.solver import is_unique, solve
from sudokit.errors import Stopped
from sudokit.generation.generator import Generator, generate, generate_many, is_minimal, options, puzzle_seed
from sudokit.generation.vicinity import Climb, Start, bundled_starts, climb
from sudokit.grid import Grid, read_grids
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rating.explainer import rate
from tests.helpers.paths import ROOT, SHARED_DATA
from tests.helpers.scripts import load_script

pytestmark = pytest.mark.skipif(backend.native() is None, reason="the climb needs the C core")

DATA = SHARED_DATA
FORUM = DATA / "forum_hardest_1106.txt"

#: A puzzle seed whose climb from the bundled start puzzles ends in a few seconds.
BUNDLED_SEED = 1


@pytest.fixture(scope="module")
def starts() -> list[Grid]:
    """Three puzzles of ER ≥ 9.0 (made by the climb from random puzzles)."""
    return [made.puzzle for made in generate_many(3, seed=4, difficulty="9.0-")]


def _checked(puzzle: Grid, low: float, high: float = 20.0) -> float:
    """The puzzle's ER by ``rate``, asserted unique and within [low, high]."""
    assert is_unique(puzzle)
    er = rate(puzzle).er
    assert er is not None and low <= er <= high, f"{puzzle.to_string()} rated {er}"
    return er


def _new(made: list[Grid], starts: list[Grid]) -> None:
    """Assert the puzzles made are unlike (up to equivalence) the start puzzles and each other."""
    keys = [canonical_string(g) for g in made]
    assert len(set(keys)) == len(keys)
    assert not set(keys) & {canonical_string(g) for g in starts}


def test_near_puzzles_are_new_in_range_and_repeatable(starts: list[Grid]) -> None:
    made = list(generate_many(3, seed=4, difficulty="9.0-", near=starts))
    _new([m.puzzle for m in made], starts)
    for m in made:
        assert m.rating.er == _checked(m.puzzle, 9.0)
    again = list(generate_many(3, seed=4, difficulty="9.0-", near=[g.to_string() for g in starts]))
    assert [m.puzzle for m in again] == [m.puzzle for m in made]
    assert Generator(options(difficulty="9.0-", near=starts)).make(made[1].seed).puzzle == made[1].puzzle


def test_a_run_never_repeats_a_puzzle_whatever_the_jobs(starts: list[Grid]) -> None:
    """Many puzzles from one start: made alone, some would be equivalent; a run's are all new,
    and the same with workers (which make a repeated one again, avoiding those before)."""
    near = starts[:1]
    gen = Generator(options(difficulty="9.0-", near=near))
    alone = [gen.make(puzzle_seed(1, i)).puzzle for i in range(8)]
    assert len({canonical_string(g) for g in alone}) < 8  # the case needs avoiding
    made = [m.puzzle for m in generate_many(8, seed=1, difficulty="9.0-", near=near)]
    _new(made, near)
    assert [m.puzzle for m in generate_many(8, seed=1, difficulty="9.0-", near=near, jobs=2)] == made


def test_avoid_moves_the_same_way(starts: list[Grid]) -> None:
    """A climb avoiding its own result gives another puzzle; avoiding others changes nothing."""
    gen = Generator(options(difficulty="9.0-", near=starts))
    first = gen.make(5)
    assert gen.make(5, avoid={b"\x00" * 81}).puzzle == first.puzzle
    other = gen.make(5, avoid={gen.key(first.puzzle.cells)})
    assert other.puzzle != first.puzzle
    _checked(other.puzzle, 9.0)


def test_minimal_closed_range_and_max_clues(starts: list[Grid]) -> None:
    made = next(generate_many(1, seed=2, difficulty="9.0-9.5", near=starts, minimal=True, max_clues=26))
    assert is_minimal(made.puzzle) and made.clues <= 26
    _checked(made.puzzle, 9.0, 9.5)
    _new([made.puzzle], starts)


def test_climb_direct(starts: list[Grid]) -> None:
    near = [Start(g.cells, solve(g).cells) for g in starts]
    found = climb(_engine_core(), Climb(9.0, 20.0), 3, NEVER, near=near)
    assert found == climb(_engine_core(), Climb(9.0, 20.0), 3, NEVER, near=near)
    assert found.er == _checked(Grid(tuple(found.puzzle)), 9.0)


def _engine_core() -> backend.NativeEngine:
    core = backend.native()
    assert core is not None
    return core


def test_time_limit_and_stop(starts: list[Grid]) -> None:
    with pytest.raises(TimeLimitReached):
        generate(difficulty="20.0", seed=1, time_limit=0.3, near=starts)
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):
        Generator(options(difficulty="9.0-", near=starts)).make(1, deadline=Deadline.after(5.0), stop=stop)


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [({}, "SE difficulty range"),
     ({"difficulty": "extreme"}, "SE difficulty range"),
     ({"difficulty": "9.0-", "clues": 24}, "exact clue count"),
     ({"difficulty": "9.0-", "mask": "1" * 30 + "." * 51}, "a mask"),
     ({"difficulty": "9.0-", "symmetry": "rot180"}, "rot180"),
     ({"difficulty": "9.0-", "size": 4}, "9×9")],
)
def test_refusals(starts: list[Grid], kwargs: dict[str, Any], problem: str) -> None:
    with pytest.raises(OptionError, match=problem):
        options(near=starts, **kwargs)


def test_bad_start_puzzles() -> None:
    with pytest.raises(OptionError, match="no start puzzles"):
        options(difficulty="9.0-", near=[])
    with pytest.raises(OptionError, match="near"):
        options(difficulty="9.0-", near=["12345"])
    with pytest.raises(OptionError, match="puzzle 1 has several solutions"):
        Generator(options(difficulty="9.0-", near=["." * 81]))
    with pytest.raises(OptionError, match="C core"):
        Generator(options(difficulty="9.0-", near=["." * 81], engine="python"))


def test_cli_near_file(starts: list[Grid], tmp_path: Path) -> None:
    source = tmp_path / "starts.txt"
    lines = ["# hard ones", starts[0].to_string(), "not a puzzle", "." * 81, starts[1].to_string()]
    source.write_text("\n".join(lines) + "\n")
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["generate", "-n", "2", "--no-progress", "--difficulty", "9.0-", "--seed", "3",
                     "--near", str(source)])
    assert code == 0, err.getvalue()
    assert "line 3" in err.getvalue() and "line 4: not one solution (skipped)" in err.getvalue()
    made = [Grid.from_string(line) for line in out.getvalue().split()]
    assert len(made) == 2
    _new(made, starts[:2])
    empty = tmp_path / "empty.txt"
    empty.write_text("nothing here\n")
    with redirect_stderr(io.StringIO()) as err:
        assert main(["generate", "--no-progress", "--difficulty", "9.0-", "--near", str(empty)]) == 2
    assert "no start puzzles" in err.getvalue()
    with redirect_stderr(io.StringIO()):
        assert main(["generate", "--no-progress", "--difficulty", "9.0-", "--near", str(tmp_path / "x")]) == 2
        assert main(["generate", "--no-progress", "--near", str(source)]) == 2


@pytest.mark.skipif(not FORUM.is_file(), reason="../shared/data is not beside the project")
def test_er_10_near_the_forum_hardest() -> None:
    forum = [g for _, g in read_grids(FORUM) if isinstance(g, Grid)]
    made = next(generate_many(1, seed=1, difficulty="10.0-", near=forum, time_limit=120))
    assert made.rating.er == _checked(made.puzzle, 10.0)
    _new([made.puzzle], forum)


def test_bundled_starts_are_new_unique_minimal_and_hard() -> None:
    """sudokit's own start puzzles (src/sudokit/data/hard_starts.txt): unique, minimal, pairwise
    inequivalent, none equivalent to a forum puzzle (when ../shared is there); three rated again."""
    starts = [Grid(cells) for cells in bundled_starts()]
    assert len(starts) >= 100
    assert all(is_unique(g) and is_minimal(g) for g in starts)
    keys = {canonical_string(g) for g in starts}
    assert len(keys) == len(starts)
    if FORUM.is_file():
        forum = [g for _, g in read_grids(FORUM) if isinstance(g, Grid)]
        assert not keys & {canonical_string(g) for g in forum}
    for g in starts[::len(starts) // 3][:3]:
        _checked(g, 10.0)


def test_er_10_without_near_starts_from_sudokit_s_own() -> None:
    """No ``near``: a target of ER 10 or more climbs from the bundled puzzles, and gives a new one."""
    made = generate(difficulty="10.0-", seed=BUNDLED_SEED, time_limit=120)
    _checked(made, 10.0)
    _new([made], [Grid(cells) for cells in bundled_starts()])
    with pytest.raises(OptionError, match="dihedral symmetry"):
        Generator(options(difficulty="10.0-", symmetry="dihedral"))


def test_benchmark_near_smoke(starts: list[Grid], tmp_path: Path) -> None:
    module = load_script(ROOT / "benchmarks" / "generate.py", "bench_generate_near")
    source = tmp_path / "starts.txt"
    source.write_text("".join(g.to_string() + "\n" for g in starts))
    out = io.StringIO()
    with redirect_stdout(out):
        assert module.main(["--hard", "9", "--hard-seconds", "0.05", "--near", str(source)]) == 0
    assert "near 3 puzzles" in out.getvalue() and "| ≥ 9.0 | 1 |" in out.getvalue()
