"""Shared by the tests of the C HoDoKu finders (csrc/hodoku/hodoku9_*.c): board states along HoDoKu's
path and the step each side finds on them.

``path_states(line)`` walks the Python path of a puzzle and yields, before each step, the
board's state (givens, values, masks); ``python_step`` and ``c_step`` ask one step kind of the
Python finder (sudokit.rating.hodoku.path.HODOKU_STEPS) and of the C one (``_core.hodoku_find``) on a
board in that state, both as ``(kind, name, placements, eliminations, cells)`` or None.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from sudokit.grid import Grid
from sudokit.limits import NEVER
from sudokit.rating.hodoku.board import Board
from sudokit.rating.hodoku.board import apply_step as _apply
from sudokit.rating.hodoku.path import HODOKU_STEPS
from sudokit.rating.hodoku.path import next_step as _next
from sudokit.rating.hodoku.path import renamed_step as _renamed

try:
    from sudokit import _core
except ImportError:  # pragma: no cover - the C extension was not built
    _core = None  # type: ignore[assignment]

#: The C extension (``sudokit._core``), or None when it is not built.
core: Any = _core

#: Skips what needs the C extension when it is not built (``pytestmark = needs_core``).
needs_core = pytest.mark.skipif(_core is None, reason="the C extension is not built")

#: One board state: givens, values and candidate masks (81 each).
State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
#: One step: kind index, name, placements, eliminations, cells.
StepTuple = tuple[int, str, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple[int, ...]]


def kind_index(name: str) -> int:
    """The C kind number of a HoDoKu step type: its index in ``HODOKU_STEPS``."""
    return next(k for k, step in enumerate(HODOKU_STEPS) if step.kind == name)


def c_ported() -> tuple[int, ...]:
    """The kinds with a C finder (none when the extension is missing)."""
    return tuple(_core.hodoku_ported()) if _core is not None else ()


def path_states(line: str, limit: int = 400) -> Iterator[State]:
    """The board state before each step of the Python path of a puzzle (at most ``limit``)."""
    grid = Grid.from_line(line)
    board = Board(grid.cells)
    cands = board.candidates(grid.shape)
    for _ in range(limit):
        if board.solved():
            return
        yield tuple(board.givens), tuple(board.values), tuple(board.masks)
        found = _next(board, cands, NEVER)
        if found is None:
            return
        _apply(board, found.step)


def thinned(states: Sequence[State], count: int, seed: int) -> list[State]:
    """``count`` of the states (drawn with ``seed``), each with about a tenth of the candidates of
    its cells with two or more removed at random: states off the path."""
    rng = random.Random(seed)
    out: list[State] = []
    for givens, values, masks in rng.sample(list(states), count):
        thin = list(masks)
        for c, m in enumerate(thin):
            if m & (m - 1) and rng.random() < 0.1:
                thin[c] = m & ~(1 << rng.choice([b for b in range(9) if m >> b & 1]))
        out.append((givens, values, tuple(thin)))
    return out


def python_step(kind: int, state: State) -> StepTuple | None:
    """The step the Python finder of ``kind`` finds on a board in ``state``, or None."""
    board = Board.from_state(*state)
    cands = board.candidates(Grid.from_line("." * 81).shape)
    step = HODOKU_STEPS[kind].find(board, cands, NEVER)
    if step is None:
        return None
    name = step.technique or _renamed(step, HODOKU_STEPS[kind].kind).technique
    return (kind, name, tuple(step.placements), tuple(step.eliminations), tuple(step.cells))


def c_step(kind: int, state: State) -> StepTuple | None:
    """The step the C finder of ``kind`` finds on a board in ``state``, or None."""
    givens, values, masks = state
    found = _core.hodoku_find(kind, bytes(givens), bytes(values), list(masks))
    assert found != "limit"
    return found  # type: ignore[no-any-return]


def mismatches(kinds: Sequence[int], states: Sequence[State]) -> list[tuple[int, State, object, object]]:
    """Every (kind, state, python step, C step) where the two finders differ."""
    out: list[tuple[int, State, object, object]] = []
    for state in states:
        for kind in kinds:
            want, got = python_step(kind, state), c_step(kind, state)
            if want != got:
                out.append((kind, state, want, got))
    return out
