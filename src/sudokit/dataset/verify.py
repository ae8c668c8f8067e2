"""Verifiers for training and evaluation: score a full answer, check a sequence of moves.

:func:`score` compares a model's answer grid with the puzzle's unique solution and says what is
wrong with it, for partial credit: cells right among those to fill, givens changed, empty cells,
and the rules broken counted by kind (``row``, ``column``, ``box`` duplicates; for a variant
grid the kinds of its rules: ``diagonal``, ``window``, ``piece``, ``cage``, ``cage_sum``,
``differ`` (cells a move apart), ``consecutive``).

:func:`check_moves` replays moves (``"r3c6: 5"``, ``"r3c6=5"``, or ``(row, col, digit)``)
against the solution and reports the first wrong one.

The rules come from the grid (:attr:`sudokit.grid.Grid.all_rules`) through a
:data:`Checker`: a function from cells to counts of broken rules by kind.
:func:`rules_checker` is the one for :class:`~sudokit.rules.Rules`; a constraint library can
pass its own ``checker=`` to :func:`score`.

>>> s = score("1.3..4.22.4..3.1", "1234341221434321")
>>> s.solved, s.correct, s.to_fill
(True, 8, 8)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sudokit.engine.solver import search
from sudokit.errors import ParseError, ShapeError
from sudokit.grid import Grid, as_grid
from sudokit.rules import Rules, cage_sum_range

__all__ = ["Checker", "MoveReport", "Score", "check_moves", "parse_move", "rules_checker", "score"]

#: Counts the rules the cells break, by kind (``{"row": 2, "box": 1}``); empty cells break none.
Checker = Callable[[Sequence[int]], Counter[str]]


def _duplicates(cells: Sequence[int], group: Sequence[int]) -> int:
    """Extra copies of digits among ``group``'s filled cells (a digit three times counts 2)."""
    seen: Counter[int] = Counter(cells[c] for c in group if cells[c])
    return sum(k - 1 for k in seen.values() if k > 1)


def rules_checker(rules: Rules) -> Checker:
    """The :data:`Checker` of ``rules``: duplicates in each region (by its kind) and cage,
    equal digits in differ pairs, consecutive digits in adjacent pairs, full cages off their sum."""

    def check(cells: Sequence[int]) -> Counter[str]:
        found: Counter[str] = Counter()
        for region in rules.regions:
            extra = _duplicates(cells, region.cells)
            if extra:
                found[region.kind] += extra
        for cage in rules.cages:
            extra = _duplicates(cells, cage.cells)
            if extra:
                found["cage"] += extra
            values = [cells[c] for c in cage.cells]
            if cage.total is not None and all(values) and sum(values) != cage.total:
                found["cage_sum"] += 1
            elif cage.total is not None and not all(values):
                low, high = cage_sum_range(values.count(0), rules.n)
                if not low <= cage.total - sum(values) <= high:
                    found["cage_sum"] += 1
        for a, b in rules.differ:
            if cells[a] and cells[a] == cells[b]:
                found["differ"] += 1
        for a, b in rules.adjacent:
            if cells[a] and cells[b] and abs(cells[a] - cells[b]) == 1:
                found["consecutive"] += 1
        return found

    return check


@dataclass
class Score:
    """How good an answer is (see :func:`score`).

    ``correct`` counts the cells to fill (empty in the puzzle) that hold the solution's digit,
    of ``to_fill``; ``givens_changed`` the givens the answer changed or cleared; ``empty`` the
    answer's empty cells; ``violations`` the rules broken, by kind. ``solution_status`` is
    ``unique``, ``multiple`` or ``no_solution`` (the puzzle's own); without a unique solution
    ``correct`` is None and only the rules judge the answer. ``solved`` is True when the answer
    is complete, keeps every given and breaks no rule (so it is *the* solution when it is unique).
    """

    solved: bool
    correct: int | None
    to_fill: int
    givens_changed: int
    empty: int
    violations: dict[str, int] = field(default_factory=dict)
    solution_status: str = "unique"

    @property
    def accuracy(self) -> float | None:
        """``correct / to_fill`` (1.0 for a puzzle with nothing to fill), None without a unique solution."""
        if self.correct is None:
            return None
        return self.correct / self.to_fill if self.to_fill else 1.0

    @property
    def violation_count(self) -> int:
        """All rules broken, whatever their kind."""
        return sum(self.violations.values())

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        return {"solved": self.solved, "correct": self.correct, "to_fill": self.to_fill,
                "accuracy": self.accuracy, "givens_changed": self.givens_changed, "empty": self.empty,
                "violations": dict(self.violations), "solution_status": self.solution_status}


def _answer_cells(answer: Grid | str | Sequence[int], puzzle: Grid) -> tuple[int, ...]:
    """The cells of an answer (Grid, text or values) shaped like ``puzzle``."""
    if isinstance(answer, Grid):
        cells = answer.cells
    elif isinstance(answer, str):
        cells = Grid.from_string(answer, puzzle.shape, check=False).cells
    else:
        cells = tuple(int(v) for v in answer)
    if len(cells) != puzzle.shape.size:
        raise ShapeError(f"the answer has {len(cells)} cells, the puzzle {puzzle.shape.size}")
    if any(not 0 <= v <= puzzle.n for v in cells):
        raise ParseError(f"an answer cell is not a digit 0-{puzzle.n}")
    return cells


def _solution(puzzle: Grid, engine: str | None) -> tuple[tuple[int, ...] | None, str]:
    """The puzzle's unique solution and ``unique``, or None and ``multiple``/``no_solution``."""
    found = search(puzzle, 2, engine=engine)
    if found.count == 1 and found.solution is not None:
        return found.solution.cells, "unique"
    return None, "multiple" if found.count > 1 else "no_solution"


def score(
    puzzle: Grid | str, answer: Grid | str | Sequence[int], *, solution: Grid | str | None = None,
    checker: Checker | None = None, engine: str | None = None,
) -> Score:
    """Score ``answer`` (a complete or partial grid) against ``puzzle``'s unique solution.

    ``solution``, when known, saves the solver call (it is trusted). ``checker`` counts the
    rules broken (default: :func:`rules_checker` of the puzzle's rules, classic or variant).
    """
    grid = as_grid(puzzle, check=False)
    cells = _answer_cells(answer, grid)
    if solution is not None:
        truth: tuple[int, ...] | None = as_grid(solution, grid.shape, check=False).cells
        status = "unique"
    else:
        truth, status = _solution(grid, engine)
    broken = (checker or rules_checker(grid.all_rules))(cells)
    to_fill = [i for i, v in enumerate(grid.cells) if not v]
    changed = sum(1 for g, a in zip(grid.cells, cells, strict=True) if g and a != g)
    empty = sum(1 for v in cells if not v)
    correct = None if truth is None else sum(1 for i in to_fill if cells[i] == truth[i])
    solved = not empty and not changed and not broken
    return Score(solved, correct, len(to_fill), changed, empty, dict(sorted(broken.items())), status)


_MOVE = re.compile(r"\s*[rR](\d+)\s*[cC](\d+)\s*[:=\s]\s*(\d+)\s*")

Move = str | tuple[int, int, int] | Sequence[int]


def parse_move(move: Move, n: int, *, base: int = 1) -> tuple[int, int, int]:
    """A move as ``(row, col, digit)``, 0-based row and column.

    Text is ``r3c6: 5`` (also ``r3c6=5``, ``R3C6 5``), 1-based as people write it; a tuple
    ``(row, col, digit)`` counts rows and columns from ``base`` (1 by default; 0 for
    0-based). Raises :class:`~sudokit.errors.ParseError` for anything else or off the grid.
    """
    if isinstance(move, str):
        match = _MOVE.fullmatch(move)
        if match is None:
            raise ParseError(f"not a move: {move!r} (write r3c6: 5)")
        row, col, digit = int(match[1]) - 1, int(match[2]) - 1, int(match[3])
    else:
        values = list(move)
        if len(values) != 3:
            raise ParseError(f"a move is (row, col, digit), not {move!r}")
        row, col, digit = (int(values[0]) - base, int(values[1]) - base, int(values[2]))
    if not (0 <= row < n and 0 <= col < n and 1 <= digit <= n):
        raise ParseError(f"move {move!r} is off the {n}×{n} grid or not a digit 1-{n}")
    return row, col, digit


@dataclass
class MoveReport:
    """What :func:`check_moves` found.

    ``ok`` is True when every move placed the solution's digit in an empty cell; otherwise
    ``first_wrong`` is the 0-based index of the first bad move and ``reason`` says why
    (``wrong digit``, ``given cell``, ``already filled``, ``bad move``, or ``no unique
    solution``). ``correct`` counts the good moves before it, ``solved`` says whether the
    moves (all good) fill the grid, ``grid`` is the position after the good moves.
    """

    ok: bool
    correct: int
    total: int
    solved: bool
    first_wrong: int | None = None
    reason: str | None = None
    grid: Grid | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (the grid as its line)."""
        return {"ok": self.ok, "correct": self.correct, "total": self.total, "solved": self.solved,
                "first_wrong": self.first_wrong, "reason": self.reason,
                "grid": None if self.grid is None else self.grid.to_string()}


def check_moves(
    puzzle: Grid | str, moves: str | Iterable[Move], *, solution: Grid | str | None = None,
    base: int = 1, engine: str | None = None,
) -> MoveReport:
    """Replay ``moves`` on ``puzzle`` and check each against its unique solution, stopping at the
    first wrong one (see :class:`MoveReport`; :func:`parse_move` for the move forms). ``moves``
    may be one text, a move a line; blank lines and ``#`` comments are skipped.

    >>> check_moves("1.3..4.22.4..3.1", ["r1c2: 2", "r1c4: 4"]).ok
    True
    >>> check_moves("1.3..4.22.4..3.1", ["r1c2: 2", "r1c4: 1"]).reason
    'wrong digit: r1c4 holds 4'
    """
    grid = as_grid(puzzle, check=False)
    lines = moves.splitlines() if isinstance(moves, str) else moves
    moves = [m for m in lines if not isinstance(m, str) or (m.strip() and not m.strip().startswith("#"))]
    if solution is not None:
        truth: tuple[int, ...] | None = as_grid(solution, grid.shape, check=False).cells
    else:
        truth, status = _solution(grid, engine)
        if truth is None:
            return MoveReport(False, 0, len(moves), False, 0 if moves else None,
                              f"no unique solution ({status})", grid)
    assert truth is not None
    cells = list(grid.cells)
    n = grid.n
    for index, move in enumerate(moves):
        try:
            row, col, digit = parse_move(move, n, base=base)
        except ParseError as exc:
            return _wrong(grid, cells, index, len(moves), f"bad move: {exc}")
        cell = row * n + col
        name = grid.shape.cell_name(cell)
        if grid.cells[cell]:
            reason = f"given cell: {name} holds the given {grid.cells[cell]}"
            return _wrong(grid, cells, index, len(moves), reason)
        if cells[cell]:
            return _wrong(grid, cells, index, len(moves), f"already filled: {name} holds {cells[cell]}")
        if digit != truth[cell]:
            return _wrong(grid, cells, index, len(moves), f"wrong digit: {name} holds {truth[cell]}")
        cells[cell] = digit
    done = Grid(tuple(cells), grid.shape, grid.rules)
    return MoveReport(True, len(moves), len(moves), all(cells), grid=done)


def _wrong(grid: Grid, cells: list[int], index: int, total: int, reason: str) -> MoveReport:
    """The report of moves stopped at move ``index``."""
    return MoveReport(False, index, total, False, index, reason, Grid(tuple(cells), grid.shape, grid.rules))
