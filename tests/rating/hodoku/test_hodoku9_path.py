"""The C HoDoKu path (csrc/hodoku/hodoku9_path.c, hodoku9_basic.c, ``_core.hodoku_path``) against the
Python one (sudokit.rating.hodoku.path): the same steps, step for step, and the same basic finders."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pytest

from sudokit.engine import backend
from sudokit.engine.executor import Executor
from sudokit.errors import Stopped, TimeLimitReached
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rating import explainer as rating
from sudokit.rating.explainer import Rating, rate, rate_many
from sudokit.rating.hodoku.board import Board, HodokuStep
from sudokit.rating.hodoku.board import apply_step as _apply
from sudokit.rating.hodoku.path import HODOKU_STEPS, hodoku_path, hodoku_rating
from sudokit.rating.hodoku.path import brute_force as _brute_force
from sudokit.rating.hodoku.path import native_path as _native_path
from sudokit.rating.hodoku.path import renamed_step as _renamed
from sudokit.rating.hodoku.path import unique_solution as _solution
from sudokit.techniques import Step
from tests.rating.hodoku.hodoku9_compare import (
    State,
    c_step,
    mismatches,
    needs_core,
    path_states,
    python_step,
)
from tests.rating.hodoku.hodoku9_compare import core as _core

pytestmark = needs_core

#: The basic kinds (singles, locked candidates, subsets): hodoku9_basic.c.
BASIC = tuple(range(13))

#: Singles and basic steps only: 17-clue puzzles, then 23-28 clue ones.
EASY = [
    "...58....2.7...4.9.18.9...3.......1..........6..9.15.4...2..9..5.64...719....7...",
    "........8...3....24....7.....12.....9....6.7........4......4.9...3.....1..2.5....",
    ".......23..........76.........7.....2.3........51.8....4....91.8...3.7......6....",
    "63......9.....1.......74....8.6............1.......67.1.7...2....4......5.......8",
    "......2...4..7....73...4..8....3..24..1...8.......96..3.4..5....8.7....529.....1.",
    ".....8....76.....41....4....6..5.189..2....3..1.34......72...682....9..7.......5.",
    ".....8.6..5...3.....9...2..8..6.7.......9.1.53..........2.5....7......8..........",
    "..3.....2....5........46.9.......1....83.....6......4...1......54..........9..8.3",
    "2.3.....6.....89..............7......1....4..5..2.....6......52....1.....8..49...",
    ".76..1.5.8......2.9..6...........1...12.79.8.3..2.57..........72...8.36....9....8",
    "6.25............748.........71.....3...8..2..5..........4.73.........6.......1...",
    "81.....9...9...........37..1........5.7.61........837....3.62..95........6.45...9",
    "....1.....2..4.......9....6.8....14.......2....95.6.........4..6.5....7...7......",
    ".1965.....46.3.......7.......5....98....7.63.......12..6.94......4...9.33...1..5.",
    "..3......8.6..1........2.47.1.....5....4....2..4.6.....2........5...........3.6..",
    "..8..6.....6.....132.5.....1...65.93.543.....8..19..7...7....3........4..91..4..2",
    ".......2.7.4.6..9..265.....9....1.5.....5..4......38..8.7.........8......9524...7",
]

#: Harder ones: fish, wings, uniqueness, Sue de Coq, chains (the Python finders the C path asks).
HARD = [
    "3.5..2.........7.1..6..........6......3.5.....4....9.....1...2..7.4............56",
    "......4...5..82.6......5.....7...........6...4.1...3...6.4......2.....5.3..7.....",
    "..8...1...7...42..6...9..7.8..9.5.2..5.7.....3...1..8...51.........5...479..8....",
    "......5.......1.2...9...4.6..8...........231...6......2..6.....3...4.......89....",
    "...376.4.......7.6.9..12......5....8....9....7.....4.582..4.....5....67.1..9...2.",
    ".......6.4...79.......3.8...67...28..........3...86...9.67...42...5.....7....83..",
    "...5..9...2.....6...9.8.3....1...5...8......4.5...7631...7.....1.4..62......1....",
    "9...41........3..1...5....46..8.7....85...2....3.....6.4..38....5....9281........",
    "...9...57.8....3...3.6.8.9......1.....64...2..25.....1.....6...2....7.1.9.71....5",
    "..15.42..3..........9.8..4..6.27.....259..6..9....6....9..2.8..4.....1....26.....",
    ".63...7..19.....5.....2...8..2....4..1.....6.4..75....5...........96.5.....23..1.",
    "..74........1..2..5.....98......7..19...5.....2..8...........2....6.......1.....4",
    ".....6......8..37...419...........6.2.6..5....7....8.1..39....26.........2.7...35",
    # top95-like: nice loops, AICs, ALS-XZ, ALS-XY-Wing, XY-chains
    "4........38.5.......6..7.2..6...98.1......97.....3.....3.1.65.4.....4.....2..3.1.",
    "......1.2..5.2..6.4....63....8.5....5...6..9.674........7....2.2..74..3....3...5.",
    "3.......9....1.27..42.....3.2.8.........4..915.3.......5.7.8..2..64.........9..3.",
]

#: Easter Monster: forcing nets and chains on HoDoKu's path, brute force without them (the C
#: path asks its external finder here as long as forcing chains and nets are not in C).
MONSTER = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"

#: One forcing net on HoDoKu's path (top95), the rest fast in C once kinds 0-53 are there.
ONE_NET = ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8..."

StepTuple = tuple[object, ...]


def _tuples(path: Sequence[HodokuStep]) -> list[StepTuple]:
    """The steps as (kind, name, placements, eliminations, cells)."""
    return [(s.kind, s.step.technique, s.step.placements, s.step.eliminations, s.step.cells) for s in path]


@pytest.mark.parametrize("line", EASY + HARD)
def test_c_path_is_the_python_path(line: str) -> None:
    """Step for step the same path (kinds, scores, levels, names, placements, eliminations and
    cells; a C finder's step has no proof, difficulty or text) and the same solved flag."""
    grid = Grid.from_line(line)
    want, want_ok = hodoku_path(grid, engine="python")
    got, got_ok = hodoku_path(grid, engine="c")
    assert _tuples(got) == _tuples(want)
    assert [(s.score, s.level) for s in got] == [(s.score, s.level) for s in want]
    assert got_ok == want_ok


def _states(lines: Sequence[str], limit: int) -> list[State]:
    """The path states of the puzzles (at most ``limit`` each)."""
    return [s for line in lines for s in path_states(line, limit)]


def test_basic_kinds_match_python_on_path_states() -> None:
    """The C basic finders find what the Python ones find on the boards along the paths."""
    assert set(BASIC) <= set(_core.hodoku_ported())
    states = _states([EASY[2], EASY[10], HARD[0], HARD[7]], 40)
    assert len(states) > 100
    assert mismatches(BASIC[3:], states) == []


def test_every_basic_kind_fires() -> None:
    """Each non-single basic kind finds a step on some state of a 17-clue puzzle's path."""
    states = _states([EASY[2]], 40)
    for kind in BASIC[3:]:
        assert any(c_step(kind, s) is not None for s in states), HODOKU_STEPS[kind].kind


def test_board_from_state_ignores_masks_of_placed_cells() -> None:
    """Placed cells count as candidate-free whatever masks they come with (as Board.from_state):
    every C finder finds what it finds with their masks zeroed, and what the Python one finds."""
    states = _states([EASY[2]], 40)[20:40:4]
    for givens, values, masks in states:
        stale = tuple(0x1FF if v else m for v, m in zip(values, masks, strict=True))
        assert stale != masks
        for kind in sorted(_core.hodoku_ported()):
            clean = c_step(kind, (givens, values, masks))
            assert c_step(kind, (givens, values, stale)) == clean, HODOKU_STEPS[kind].kind
            assert python_step(kind, (givens, values, stale)) == clean, HODOKU_STEPS[kind].kind


def _ported_reference(line: str, ported: set[int]) -> list[StepTuple]:
    """The Python path with the ``ported`` kinds only, BRUTE_FORCE when they find nothing."""
    grid = Grid.from_line(line)
    board = Board(grid.cells)
    cands = board.candidates(grid.shape)
    solution = _solution(grid)
    out: list[StepTuple] = []
    while not board.solved():
        for kind in sorted(ported):
            step = HODOKU_STEPS[kind].find(board, cands, NEVER)
            if step is not None:
                named = step if step.technique else _renamed(step, HODOKU_STEPS[kind].kind)
                out.append((kind, named.technique, named.placements, named.eliminations, named.cells))
                break
        else:
            step = _brute_force(board, solution).step
            out.append((99, step.technique, step.placements, step.eliminations, step.cells))
        _apply(board, step)
    return out


def _unported() -> list[int]:
    """The kinds without a C finder (the C path asks its external finder for them)."""
    return [k for k in range(len(HODOKU_STEPS)) if k not in _core.hodoku_ported()]


@pytest.mark.parametrize("line", [HARD[4], HARD[13], HARD[14], MONSTER])
def test_brute_force_and_queues_without_externals(line: str) -> None:
    """With the kinds from X_WING on asked of an external finder that finds nothing, the C path
    takes the same steps, BRUTE_FORCE ones included, as the Python path with kinds 0-12 only."""
    grid = Grid.from_line(line)
    status, steps = _core.hodoku_path(bytes(grid.cells), bytes(_solution(grid)), lambda *args: None,
                                      ask=range(13, len(HODOKU_STEPS)))
    assert status == 0
    assert list(steps) == _ported_reference(line, set(range(13)))
    assert any(step[0] == 99 and step[1] == "Brute Force" for step in steps)


class _Boom(Exception):
    """Raised by an external finder."""


#: Step kinds the external tests ask of the external finder even when C has a finder: the
#: nice loops, which the path reaches on MONSTER.
ASK = (45, 46)


def _first_asked() -> int:
    """The first kind the C path asks its external finder for (those in ASK or unported)."""
    return min(set(ASK) | set(_unported()))


def test_external_exception_propagates() -> None:
    """An exception in the external finder stops the path and comes out of the call."""
    grid = Grid.from_line(MONSTER)
    asked: list[int] = []

    def external(kind: int, givens: bytes, values: bytes, masks: Sequence[int]) -> None:
        asked.append(kind)
        raise _Boom(kind)

    with pytest.raises(_Boom):
        _core.hodoku_path(bytes(grid.cells), bytes(_solution(grid)), external, ask=ASK)
    assert asked == [_first_asked()]


def test_external_must_return_a_step() -> None:
    """An external finder returning something else than a step tuple is a TypeError."""
    grid = Grid.from_line(MONSTER)
    with pytest.raises(TypeError):
        _core.hodoku_path(bytes(grid.cells), bytes(_solution(grid)), lambda *args: "step", ask=ASK)


def test_time_limit() -> None:
    """The deadline is checked between steps: status 2 in C, TimeLimitReached from Python."""
    grid = Grid.from_line(MONSTER)

    def slow(kind: int, givens: bytes, values: bytes, masks: Sequence[int]) -> None:
        time.sleep(0.05)

    status, _ = _core.hodoku_path(bytes(grid.cells), bytes(_solution(grid)), slow, 0.01, ask=ASK)
    assert status == 2
    with pytest.raises(TimeLimitReached):
        hodoku_path(Grid.from_line(MONSTER), Deadline.after(0.01), engine="c")


def test_solution_must_be_full() -> None:
    """The solution the path may need for BRUTE_FORCE is checked: 81 digits 1..9."""
    grid = Grid.from_line(EASY[0])
    with pytest.raises(ValueError, match="solution"):
        _core.hodoku_path(bytes(grid.cells), bytes(grid.cells))


def test_stop_flag() -> None:
    """A set stop flag stops the path with Stopped."""
    grid = Grid.from_line(EASY[0])
    with pytest.raises(Stopped):
        _core.hodoku_path(bytes(grid.cells), bytes(_solution(grid)), None, 0, bytearray(b"\x01"))


@pytest.mark.parametrize("engine", ["c", "python"])
def test_stop_in_hodoku_path(engine: str) -> None:
    """hodoku_path raises Stopped once its stop is set, with either engine."""
    stop = Stop()
    stop.set()
    with pytest.raises(Stopped):
        hodoku_path(Grid.from_line(HARD[0]), engine=engine, stop=stop)


def test_stop_set_during_an_external_finder() -> None:
    """A stop set while the C path waits for a Python finder stops it before the next kind."""
    grid = Grid.from_line(MONSTER)
    flag = bytearray(1)
    asked: list[int] = []

    def external(kind: int, givens: bytes, values: bytes, masks: Sequence[int]) -> None:
        asked.append(kind)
        flag[0] = 1

    with pytest.raises(Stopped):
        _core.hodoku_path(bytes(grid.cells), bytes(_solution(grid)), external, 0, flag, ask=ASK)
    assert asked == [_first_asked()]


@pytest.mark.parametrize("engine", ["c", "python"])
def test_rating_passes_its_stop_to_the_hodoku_path(engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch worker's stop, set once the SE path is done, stops the HoDoKu path after it."""
    stop = Stop()
    summary = rating._summary

    def then_stop(path: Sequence[Step]) -> object:
        stop.set()
        return summary(path)

    monkeypatch.setattr(rating, "_summary", then_stop)
    with pytest.raises(Stopped):
        rating.rate_until(Grid.from_line(EASY[0]), NEVER, hodoku_path=True, engine=engine, stop=stop)


@pytest.mark.parametrize("line", [EASY[5], HARD[2], HARD[5]])
def test_rating_same_with_both_engines(line: str) -> None:
    """rate(..., hodoku_path=True) gives the same HoDoKu score and level with either engine."""
    c = rate(line, hodoku_path=True, engine="c")
    py = rate(line, hodoku_path=True, engine="python")
    assert (c.score, c.level) == (py.score, py.level)
    assert c.score > 0
    alone = hodoku_rating(Grid.from_line(line), engine="c")
    assert alone == hodoku_rating(Grid.from_line(line), engine="python")
    assert alone == (c.score, c.level.title())


def _summary(r: Rating) -> tuple[object, ...]:
    """What a rating says (its time aside)."""
    return r.status, r.er, r.ep, r.ed, r.score, r.level, r.step_count, r.hardest


def test_rate_many_hodoku_path_in_threads() -> None:
    """Two threads rating with the C HoDoKu path at once (its Python finders taking the GIL back
    in turn) give the ratings one thread gives."""
    lines = [HARD[0], ONE_NET, HARD[2], EASY[3], HARD[5], HARD[13]]
    want = [_summary(rate(line, hodoku_path=True, engine="c")) for line in lines]
    got = rate_many(lines, jobs=2, hodoku_path=True, engine="c", executor=Executor("thread", 2))
    assert [_summary(r) for r in got] == want


@pytest.mark.parametrize("hodoku", [False, True])
def test_rate_many_asks_for_processes(hodoku: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """rate_many's workers are processes for either path (threads would share one core: most of
    an easy 9×9 rating is Python around the C finders)."""
    chosen: list[bool] = []

    class Recorder:
        """Records the executor rate_many asks for and runs inline."""

        @staticmethod
        def choose(jobs: int, *, native: bool) -> Executor:
            chosen.append(native)
            return Executor("inline", 1)

    monkeypatch.setattr(rating, "Executor", Recorder)
    assert [r.status for r in rate_many([EASY[0]], jobs=2, hodoku_path=hodoku, engine="c")] == ["rated"]
    assert chosen == [False]


def test_rate_many_hands_out_batches_in_order() -> None:
    """Two threads handed RATE_BATCH puzzles at a time give the ratings in input order, a bad
    line's too."""
    lines = [EASY[i % len(EASY)] for i in range(rating.RATE_BATCH * 2 + 3)] + ["bad"]
    want = [_summary(rate(line)) if line != "bad" else None for line in lines]
    got = list(rate_many(lines, executor=Executor("thread", 2)))
    assert [_summary(r) if r.status != "invalid" else None for r in got] == want


#: One family's kinds and a puzzle whose path takes some of them.
FAMILIES = [
    ((13, 14, 15, 34, 35, 36, 37, 38, 39, 50, 51, 52, 53), 9),  # fish: takes 34 and 36
    ((16, 17, 18, 19, 20, 21, 22, 23, 24, 41, 42, 43, 44), 5),  # patterns: 18, 21, 22, 23
    ((25, 26, 27, 28, 29, 30, 31, 32, 33), 7),  # uniqueness: 27, 31
    ((40, 47, 48, 49), 14),  # Sue de Coq and ALS: 49
    ((45, 46), 14),  # nice loops: 45, 46
    ((54, 55), 16),  # forcing chains and nets: MONSTER takes both
]


@pytest.mark.slow
@pytest.mark.parametrize(("ask", "which"), FAMILIES)
def test_c_and_python_finders_mix(ask: tuple[int, ...], which: int) -> None:
    """The C path with one family's kinds asked of the Python finders gives the same path as
    the C finders alone (each family's C finders cross-checked inside a whole path)."""
    grid = Grid.from_line([*HARD, MONSTER][which])
    core = backend.native("c")
    assert core is not None
    mixed = _native_path(core, grid, NEVER, Stop(), ask)
    alone = _native_path(core, grid, NEVER, Stop())
    assert _tuples(mixed) == _tuples(alone)
    assert {HODOKU_STEPS.index(next(k for k in HODOKU_STEPS if k.kind == s.kind))
            for s in alone if s.kind != "BRUTE_FORCE"} & set(ask)
