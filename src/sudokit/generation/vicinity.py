"""Hard puzzles fast: a vicinity search that climbs Sudoku Explainer's rating (ER).

Random minimal puzzles rated ER ≥ 9.0 are about 1 in 500, ER ≥ 10.0 far rarer; but hard
puzzles come in clusters, so the players' forum finds them by searching the *vicinity* of hard
ones. This module does the same, for one puzzle seed at a time:

1. **Start**: dig a few random (orbit-)minimal puzzles (the C core's dig method, with the
   asked symmetry), score each with the C rater (milliseconds below ER 9) and keep the best.
2. **Climb**: make a *neighbour* of the current puzzle — take out one or two clue orbits, put
   one or two orbits back elsewhere (digits of the current solution, or any digits the givens
   allow: a new solution), add clues of a solution while it is not unique, then take out every
   clue orbit that can go, so the neighbour is (orbit-)minimal again — and score it. The
   neighbour replaces the current puzzle when its score is at least as high (ties walk the
   plateau). A puzzle in the target range ends the search; a climb stuck for
   :data:`PATIENCE` neighbours starts again from a fresh start.

**Near given puzzles** (``near``, the forum's way to ER 10 and more): the climb starts from one
of the given hard puzzles (a seeded choice) instead (the generator uses sudokit's own
:func:`bundled_starts` for a target of ER 10 or more when none are given), and its neighbours are only dug to
(orbit-)minimal when ``minimal`` is asked (or the clue bound needs it). It moves toward the
target range (ties walk) and ends on the first neighbour in the range whose minlex form is not
one to avoid: the start puzzles' and, in a run, those of the puzzles already made (nor its
start puzzle with givens added).

The **score** is the ER of the C rater's path (csrc/se/rate9.c, the steps ``sudokit.rate``
takes), then, among puzzles of the same ER, the number of its dynamic forcing chain steps
(difficulty 8.6 and up): a puzzle that needs many of them is nearer to needing the next kind
of chain. A puzzle rated above the target's top scores nothing. The caller re-checks the
puzzle found with the real rater.

Everything is drawn from one :class:`random.Random` seeded with the puzzle seed, and scores
do not depend on the clock (unless a rating runs into :data:`SCORE_SECONDS`), so the same
seed gives the same puzzle.
"""

from __future__ import annotations

import random
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from importlib import resources

from sudokit.engine import backend
from sudokit.limits import Deadline, Stop
from sudokit.shape import Shape
from sudokit.symmetry import orbits

__all__ = [
    "DYNAMIC_TENTHS", "PATIENCE", "SCORE_SECONDS", "START_PUZZLES",
    "Climb", "Found", "Start", "bundled_starts", "climb", "score",
]

#: Random minimal puzzles scored to pick the best start of a climb.
START_PUZZLES = 40

#: Neighbours tried without a better score before the climb starts again.
PATIENCE = 150

#: Seconds the C rater may spend scoring one candidate (a slower one scores nothing).
SCORE_SECONDS = 20.0

#: The difficulty (in tenths) from which a step counts as a dynamic forcing chain in the score.
DYNAMIC_TENTHS = 86

#: Solution-grid clue orbits added at most to make a neighbour unique before it is given up.
_REPAIR_LIMIT = 12

#: Status of ``rate9`` for a puzzle its techniques solved (csrc/se/human9.h).
_SOLVED = 0


@dataclass(frozen=True)
class Climb:
    """What one search needs: the target ER range, the symmetry, the clue bound and strictness."""

    low: float
    high: float
    symmetry: str = "none"
    minimal: bool = False
    max_clues: int | None = None


@dataclass(frozen=True)
class Found:
    """A puzzle the climb reached: cells, solution, its ER and how many candidates were scored."""

    puzzle: list[int]
    solution: list[int]
    er: float
    scored: int


@dataclass(frozen=True)
class Start:
    """A given puzzle a climb near given puzzles may start from, with its solution."""

    puzzle: tuple[int, ...]
    solution: tuple[int, ...]


def bundled_starts() -> tuple[tuple[int, ...], ...]:
    """The minimal 9×9 puzzles of ER 10.0 and more shipped in ``sudokit/data/hard_starts.txt``
    (made by this module's climb; see the file's header), read anew on each call."""
    text = resources.files("sudokit").joinpath("data/hard_starts.txt").read_text(encoding="utf-8")
    return tuple(tuple(0 if ch == "." else int(ch) for ch in line[:81])
                 for line in text.splitlines() if line and not line.startswith("#"))


def _rated(core: backend.NativeEngine, cells: Sequence[int], stop: Stop | None) -> tuple[int, int] | None:
    """The C rater's ER in tenths and dynamic chain steps (at most 999) of a unique puzzle, or
    None when it did not finish."""
    code, steps = core.rate9(bytes(cells), SCORE_SECONDS, None if stop is None else stop.buffer)
    if code != _SOLVED or not steps:
        return None
    tenths = [step[1] for step in steps]
    return max(tenths), min(999, sum(1 for t in tenths if t >= DYNAMIC_TENTHS))


def score(
    core: backend.NativeEngine, cells: Sequence[int], high: float, stop: Stop | None = None
) -> tuple[int, float]:
    """The climb's score of a unique puzzle and its ER: ``(ER in tenths × 1000 + dynamic
    chain steps, ER)``, or ``(-1, 0.0)`` when the C rater did not finish or the ER is above ``high``."""
    rated = _rated(core, cells, stop)
    if rated is None or rated[0] > round(high * 10):
        return -1, 0.0
    return rated[0] * 1000 + rated[1], rated[0] / 10


def _closeness(rated: tuple[int, int], low: int, high: int) -> tuple[int, int]:
    """How near a rating (tenths, dynamic steps) is to the range ``[low, high]`` in tenths:
    ``(0, 0)`` inside, else minus the distance, then the dynamic steps as the tie-break (more
    below the range, fewer above it)."""
    top, dynamic = rated
    if top < low:
        return top - low, dynamic
    if top > high:
        return high - top, -dynamic
    return 0, 0


@dataclass(eq=False)
class _Search:
    """One puzzle seed's search: the state of its climbs."""

    core: backend.NativeEngine
    spec: Climb
    rng: random.Random
    deadline: Deadline
    stop: Stop | None
    scored: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        """The symmetry's orbits, and each cell's orbit number for the C core."""
        self.orbits = orbits(self.spec.symmetry, 9)
        ids = [0] * 81
        for number, orbit in enumerate(self.orbits):
            for cell in orbit:
                ids[cell] = number
        self.orbit_ids = bytes(ids) if self.spec.symmetry != "none" else None

    def _check(self) -> None:
        """Raise when the deadline passed or the stop flag was set."""
        self.deadline.check()
        if self.stop is not None:
            self.stop.check()

    def _count(self, cells: Sequence[int]) -> tuple[int, bytes | None]:
        """Solutions up to 2 and the first one."""
        count, first, _ = self.core.solve(bytes(cells), 3, 3, 2)
        return count, first

    def _score(self, cells: Sequence[int]) -> tuple[int, float]:
        """:func:`score` of a candidate, counted."""
        self.scored += 1
        return score(self.core, cells, self.spec.high, self.stop)

    def _acceptable(self, cells: Sequence[int], solution: Sequence[int]) -> bool:
        """True when a unique orbit-minimal puzzle meets the clue bound and strictness."""
        spec = self.spec
        if spec.max_clues is not None and sum(1 for v in cells if v) > spec.max_clues:
            return False
        if spec.minimal and self.orbit_ids is not None:
            return bool(self.core.gen9_is_minimal(bytes(cells), bytes(solution)))
        return True

    def start(self) -> tuple[list[int], list[int], int, float]:
        """The best of :data:`START_PUZZLES` random (orbit-)minimal puzzles."""
        best: tuple[list[int], list[int], int, float] | None = None
        tries = 0
        while best is None or tries < START_PUZZLES:
            self._check()
            tries += 1
            made = self.core.gen9_dig(self.rng.getrandbits(64), self.orbit_ids, 0, None, self.spec.minimal)
            if made is None:
                continue
            puzzle, solution = list(made[0]), list(made[1])
            if not self._acceptable(puzzle, solution):
                continue
            value, er = self._score(puzzle)
            if best is None or value > best[2]:
                best = (puzzle, solution, value, er)
            if er >= self.spec.low:
                break
        return best

    def neighbour(
        self, puzzle: Sequence[int], solution: Sequence[int], dig: bool = True
    ) -> tuple[list[int], list[int]] | None:
        """A unique puzzle near ``puzzle`` (orbit-minimal with ``dig``, or when the clue bound
        needs it), or None when this try failed."""
        rng = self.rng
        cells = list(puzzle)
        filled = [o for o in self.orbits if cells[o[0]]]
        empty = [o for o in self.orbits if not cells[o[0]]]
        if not filled or not empty:
            return None
        for orbit in rng.sample(filled, min(len(filled), rng.choice((1, 1, 2)))):
            for cell in orbit:
                cells[cell] = 0
        if not self._fill(cells, rng.sample(empty, min(len(empty), rng.choice((1, 1, 2)))), solution):
            return None
        answer = self._repair(cells)
        if answer is None:
            return None
        bound = self.spec.max_clues
        if dig or (bound is not None and sum(1 for v in cells if v) > bound):
            self._dig(cells)
        if cells == list(puzzle) or not self._acceptable(cells, answer):
            return None
        return cells, answer

    def _fill(self, cells: list[int], into: Sequence[Sequence[int]], solution: Sequence[int]) -> bool:
        """Give the cells of ``into`` the solution's digits (half the time) or any digits the
        givens allow; False when a cell allows none."""
        keep = self.rng.random() < 0.5
        for orbit in into:
            for cell in orbit:
                if keep:
                    cells[cell] = solution[cell]
                    continue
                seen = {cells[p] for p in _PEERS[cell]}
                allowed = [d for d in range(1, 10) if d not in seen]
                if not allowed:
                    return False
                cells[cell] = self.rng.choice(allowed)
        return True

    def _repair(self, cells: list[int]) -> list[int] | None:
        """Add orbits of the first solution's digits while the puzzle has several solutions:
        the unique puzzle's solution, or None (no solution, or still several)."""
        count, first = self._count(cells)
        repairs = 0
        while count == 2 and first is not None and repairs < _REPAIR_LIMIT:
            orbit = self.rng.choice([o for o in self.orbits if not cells[o[0]]])
            for cell in orbit:
                cells[cell] = first[cell]
            count, first = self._count(cells)
            repairs += 1
        return list(first) if count == 1 and first is not None else None

    def _dig(self, cells: list[int]) -> None:
        """Take out, in random order, every clue orbit whose removal keeps the puzzle unique."""
        order = [o for o in self.orbits if cells[o[0]]]
        self.rng.shuffle(order)
        for orbit in order:
            saved = [cells[c] for c in orbit]
            for cell in orbit:
                cells[cell] = 0
            if self._count(cells)[0] != 1:
                for cell, v in zip(orbit, saved, strict=True):
                    cells[cell] = v

    def run(self) -> Found:
        """Climb until a puzzle is in the target range (raises when time runs out or stopped)."""
        low = self.spec.low
        while True:
            puzzle, solution, value, er = self.start()
            stuck = 0
            while er < low and stuck < PATIENCE:
                self._check()
                stuck += 1
                near = self.neighbour(puzzle, solution)
                if near is None:
                    continue
                got, got_er = self._score(near[0])
                if got >= value:
                    if got > value:
                        stuck = 0
                    puzzle, solution, value, er = near[0], near[1], got, got_er
            if er >= low:
                return Found(puzzle, solution, er, self.scored)

    def _key(self, cells: Sequence[int]) -> bytes:
        """The minlex form of a puzzle (the C core's)."""
        return bytes(self.core.canon9(bytes(cells)))

    @staticmethod
    def _new(cells: Sequence[int], start: Start) -> bool:
        """False when ``cells`` hold every clue of ``start``: its start puzzle with more givens."""
        return any(v and cells[i] != v for i, v in enumerate(start.puzzle))

    def run_near(self, starts: Sequence[Start], avoid: Container[bytes]) -> Found:
        """Climb from given puzzles until a neighbour in the target range is not one to avoid
        (raises when time runs out or stopped)."""
        low, high = round(self.spec.low * 10), round(self.spec.high * 10)
        dig = self.spec.minimal
        while True:
            start = self.rng.choice(starts)
            puzzle, solution = list(start.puzzle), list(start.solution)
            self._check()
            self.scored += 1
            rated = _rated(self.core, puzzle, self.stop)
            value = None if rated is None else _closeness(rated, low, high)
            stuck = 0
            while stuck < PATIENCE:
                self._check()
                stuck += 1
                near = self.neighbour(puzzle, solution, dig)
                if near is None:
                    continue
                self.scored += 1
                rated = _rated(self.core, near[0], self.stop)
                if rated is None:
                    continue
                got = _closeness(rated, low, high)
                if got == (0, 0) and self._new(near[0], start) and self._key(near[0]) not in avoid:
                    return Found(near[0], near[1], rated[0] / 10, self.scored)
                if value is None or got >= value:
                    if value is None or got > value:
                        stuck = 0
                    puzzle, solution, value = near[0], near[1], got


#: The 20 peers of each cell of a 9×9 grid.
_PEERS = tuple(tuple(Shape(3, 3).peers[c]) for c in range(81))


def climb(
    core: backend.NativeEngine, spec: Climb, seed: int, deadline: Deadline, stop: Stop | None = None,
    near: Sequence[Start] = (), avoid: Container[bytes] = frozenset(),
) -> Found:
    """A unique (orbit-)minimal puzzle scored within ``[spec.low, spec.high]``, found by a
    vicinity search from ``seed``; :class:`~sudokit.errors.TimeLimitReached` when ``deadline``
    passes first, :class:`~sudokit.errors.Stopped` when ``stop`` is set.

    With ``near`` the search starts from those puzzles, and the puzzle found is a neighbour whose
    minlex form (``core.canon9``) is not in ``avoid`` (see the module text)."""
    search = _Search(core, spec, random.Random(seed), deadline, stop)
    return search.run_near(near, avoid) if near else search.run()
