"""Hard difficulty targets: the vicinity climb (sudokit.generation.vicinity) behind generate(difficulty=…).

Small, fast cases: ER floors of 8.5 (a few tenths of a second a puzzle); every puzzle's ER is
re-checked by ``rate``."""

from __future__ import annotations

import io
import time
from contextlib import redirect_stdout
from typing import Any

import pytest

from sudokit import OptionError, TimeLimitReached
from sudokit.cli import main
from sudokit.engine import backend
from sudokit.engine.solver import is_unique
from sudokit.errors import Stopped
from sudokit.generation.generator import CLIMB_FROM, Generator, generate, generate_many, is_minimal, options
from sudokit.generation.vicinity import Climb, climb, score
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rating.explainer import rate
from sudokit.symmetry import is_symmetric
from tests.helpers.paths import ROOT
from tests.helpers.scripts import load_script

pytestmark = pytest.mark.skipif(backend.native() is None, reason="the climb needs the C core")


def _core() -> backend.NativeEngine:
    core = backend.native()
    assert core is not None
    return core


def _checked(puzzle: Grid, low: float, high: float = 20.0) -> float:
    """The puzzle's ER by ``rate``, asserted unique and within [low, high]."""
    assert is_unique(puzzle)
    er = rate(puzzle).er
    assert er is not None and low <= er <= high, f"{puzzle.to_string()} rated {er}"
    return er


def test_hard_targets_climb_and_easy_ones_do_not() -> None:
    assert Generator(options(difficulty="8.5-"))._climb == Climb(8.5, 20.0)
    assert Generator(options(difficulty=(CLIMB_FROM - 0.1, 9.0)))._climb is None
    assert Generator(options(difficulty="extreme"))._climb is None  # a HoDoKu level: rated attempts
    assert Generator(options(difficulty="9.0-", clues=26))._climb is None  # the attempt loop keeps it


def test_same_seed_same_puzzle_and_er_in_range() -> None:
    first = list(generate_many(2, seed=11, difficulty="8.5-"))
    assert first[0].puzzle != first[1].puzzle
    for made in first:
        assert made.rating.er == _checked(made.puzzle, 8.5)
        assert is_minimal(made.puzzle)  # one digging pass over single cells leaves it minimal
        assert Generator(options(difficulty="8.5-")).make(made.seed).puzzle == made.puzzle


def test_closed_range_is_kept() -> None:
    made = next(generate_many(1, seed=5, difficulty="8.5-8.9"))
    _checked(made.puzzle, 8.5, 8.9)


def test_symmetry_minimal_and_max_clues_are_kept() -> None:
    made = next(generate_many(1, seed=2, difficulty="8.5-", symmetry="rot180", minimal=True, max_clues=30))
    assert is_symmetric(made.puzzle.cells, "rot180")
    assert is_minimal(made.puzzle) and made.clues <= 30
    _checked(made.puzzle, 8.5)


def test_jobs_give_the_same_puzzles() -> None:
    alone = [m.puzzle for m in generate_many(2, seed=11, difficulty="8.5-")]
    assert [m.puzzle for m in generate_many(2, seed=11, difficulty="8.5-", jobs=2)] == alone


def test_climb_direct() -> None:
    spec = Climb(8.5, 20.0)
    found = climb(_core(), spec, 99, NEVER)
    assert found == climb(_core(), spec, 99, NEVER)
    assert found.er == _checked(Grid(tuple(found.puzzle)), 8.5) and found.scored >= 1
    value, er = score(_core(), found.puzzle, 20.0)
    assert er == found.er and value // 1000 == round(er * 10)
    assert score(_core(), found.puzzle, found.er - 0.1) == (-1, 0.0)  # above the top: nothing


def test_time_limit_and_stop() -> None:
    start = time.monotonic()
    with pytest.raises(TimeLimitReached):
        generate(difficulty="10.0-", seed=1, time_limit=0.3)
    assert time.monotonic() - start < 5
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):
        Generator(options(difficulty="8.5-")).make(1, deadline=Deadline.after(5.0), stop=stop)


@pytest.mark.parametrize(
    ("kwargs", "problem"),
    [({"mask": "1" * 30 + "." * 51}, "a mask"),
     ({"clues": 24}, "an exact clue count"),
     ({"method": "random-fill"}, "random-fill"),
     ({"technique": "X-Wing"}, "a technique target"),
     ({"size": 4}, "9×9 puzzles only")],
)
def test_very_hard_targets_refuse_what_the_climb_cannot_keep(kwargs: dict[str, Any], problem: str) -> None:
    with pytest.raises(OptionError, match=problem):
        options(difficulty="10.0-", **kwargs)


def test_very_hard_targets_need_the_c_core() -> None:
    with pytest.raises(OptionError, match="C core"):
        Generator(options(difficulty="10.0-12.0", engine="python"))


def test_cli_generate_hard() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["generate", "--no-progress", "--difficulty", "8.5-", "--seed", "3", "--json"]) == 0
    text = out.getvalue()
    assert '"er": ' in text
    assert main(["generate", "--no-progress", "--difficulty", "10.0-", "--clues", "25"]) == 2


def test_cli_very_hard_needs_no_start_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    """ER 10 and more climbs from sudokit's own start puzzles: no hint to give some."""
    assert main(["generate", "--no-progress", "--difficulty", "10.0-", "--seed", "1",
                 "--time-limit", "0.3"]) == 1
    err = capsys.readouterr().err
    assert "time limit" in err and "--near" not in err


def test_benchmark_hard_smoke() -> None:
    module = load_script(ROOT / "benchmarks" / "generate.py", "bench_generate_hard")
    out = io.StringIO()
    with redirect_stdout(out):
        assert module.main(["--hard", "8.5", "--hard-seconds", "0.05"]) == 0
    assert "| ≥ 8.5 | 1 |" in out.getvalue()
