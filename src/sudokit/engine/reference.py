"""The pure-Python reference engine: the same operations as the C core, kept simple.

Candidates are bit masks (bit ``d-1`` set when digit ``d`` is possible). The rules:

1. **Naked single**: a cell with one candidate takes it, and it leaves the cell's peers.
2. **Hidden single**: a digit with one place left in a unit goes there.
3. **Contradiction**: a cell with no candidate, or a digit with no place in a unit, ends the branch.
4. **Guess**: otherwise take the empty cell with the fewest candidates and try each in turn,
   with an explicit stack of saved states (no recursion, so 64×64 grids are fine).

Every function here has a twin of the same name and signature in the C extension
``sudokit._core``; :mod:`sudokit.engine.solver` picks one of them.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from random import Random
from typing import Any, Protocol, TypeVar

from sudokit.candidates import place_counts
from sudokit.errors import Stopped, TimeLimitReached, WrongLengthError
from sudokit.formats.chars import CHAR_VALUE as _CHAR_VALUE
from sudokit.formats.chars import DIGIT_CHARS
from sudokit.shape import Shape

__all__ = ["RulesTable", "check_stop", "depth_first", "solve", "solve_array", "solve_lines"]

#: The state :func:`depth_first` keeps a node beside its masks (what its propagation needs).
_State = TypeVar("_State")

#: Status codes shared with the C core (negative "counts" in batch results).
MALFORMED = -1
DUPLICATE = -2
OUT_OF_RANGE = -3
#: The count of a puzzle whose search ran out of time (the ``seconds`` argument).
LIMIT_REACHED = -4


def _naked_singles(
    cand: list[int], done: list[bool], peers: Sequence[Iterable[int]], full: int,
    near: Sequence[Iterable[int]] | None = None,
) -> int:
    """Place every cell down to one candidate: its digit leaves its peers (and, with ``near``, its
    neighbours lose the digit's ±1); -1 on a contradiction, else how many cells were placed."""
    placed = 0
    for cell, mask in enumerate(cand):
        if done[cell] or mask & (mask - 1):
            continue
        if mask == 0:
            return -1
        done[cell] = True
        placed += 1
        for p in peers[cell]:
            if cand[p] & mask:
                cand[p] &= ~mask
                if cand[p] == 0:
                    return -1
        if near is not None:
            ban = ((mask << 1) | (mask >> 1)) & full
            for p in near[cell]:
                if cand[p] & ban:
                    cand[p] &= ~ban
                    if cand[p] == 0:
                        return -1
    return placed


def hidden_singles(
    cand: list[int], units: Iterable[Sequence[int]], full: int, narrowed: list[int] | None = None
) -> tuple[bool, int]:
    """Put each digit with one place left in a unit there: (False when a digit has no place left in
    a unit, else True; the candidates removed until then). Each narrowed cell is appended to
    ``narrowed`` when given (the prune strategy's rule 2 runs this too)."""
    removed = 0
    for unit in units:
        once, twice = place_counts(cand, unit)
        if once != full:
            return False, removed
        hidden = once & ~twice
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            for cell in unit:
                m = cand[cell]
                if m & bit:
                    if m != bit:
                        removed += (m ^ bit).bit_count()
                        cand[cell] = bit
                        if narrowed is not None:
                            narrowed.append(cell)
                    break
    return True, removed


def _propagate(cand: list[int], done: list[bool], shape: Shape, full: int) -> bool:
    """Apply naked and hidden singles to a fixed point; False on a contradiction."""
    while True:
        placed = _naked_singles(cand, done, shape.peers, full)
        if placed < 0:
            return False
        ok, narrowed = hidden_singles(cand, shape.units, full)
        if not ok:
            return False
        if not placed and not narrowed:
            return True


def initial_candidates(cells: Sequence[int], shape: Shape) -> list[int] | None:
    """Candidate masks once the givens are placed; None when two givens clash."""
    return _place_givens(cells, shape.n, shape.peers)


def _place_givens(
    cells: Sequence[int], n: int, peers: Sequence[Iterable[int]],
    near: Sequence[Iterable[int]] | None = None,
) -> list[int] | None:
    """Candidate masks (one per cell of ``peers``) with the givens placed: each given's digit leaves
    its peers (and, with ``near``, its neighbours lose the digit's ±1); None when a given breaks
    a rule."""
    full = (1 << n) - 1
    cand = [full] * len(peers)
    for cell, v in enumerate(cells):
        if v:
            bit = 1 << (v - 1)
            if not cand[cell] & bit:
                return None
            cand[cell] = bit
            for p in peers[cell]:
                cand[p] &= ~bit
            if near is not None:
                for p in near[cell]:
                    cand[p] &= ~(((bit << 1) | (bit >> 1)) & full)
    if near is not None:
        # a later given's neighbours lose its ±1, which may be an earlier given's own digit
        for cell, v in enumerate(cells):
            if v and not cand[cell] & (1 << (v - 1)):
                return None
    return cand


def solutions(
    cand: list[int],
    shape: Shape,
    rng: Random | None = None,
    guesses: list[int] | None = None,
    deadline: float | None = None,
) -> Iterator[list[int]]:
    """Yield every solution reachable from candidate masks ``cand``, depth first.

    With ``rng`` the digits of each guessed cell are tried in random order (random grids);
    ``guesses[0]``, when given, counts the guesses made. With a ``deadline`` (of
    :func:`time.monotonic`), :class:`TimeLimitReached` is raised once it has passed.
    """
    full = (1 << shape.n) - 1

    def propagate(cand: list[int], done: list[bool]) -> bool:
        return _propagate(cand, done, shape, full)

    return depth_first(cand, shape.n, propagate, [False] * len(cand), _done_copy, rng, guesses, deadline)


def _done_copy(done: list[bool], _cell: int) -> list[bool]:
    """A guess's child starts from its parent's done cells (the node state of the rules' search)."""
    return done.copy()


def depth_first(
    cand: list[int],
    n: int,
    propagate: Callable[[list[int], _State], bool],
    start: _State,
    child: Callable[[_State, int], _State],
    rng: Random | None = None,
    guesses: list[int] | None = None,
    deadline: float | None = None,
    stop: Any = None,
    complete_ok: Callable[[list[int]], bool] | None = None,
) -> Iterator[list[int]]:
    """Every solution (cell values ``1 … N``) reachable from masks ``cand``, depth first, for any
    propagation: ``propagate`` narrows a node's masks (False on a contradiction) given the node's
    state (``start`` at the root, ``child(state, guessed cell)`` below), a guess takes a cell with
    the fewest candidates (its digits in random order with ``rng``; ``guesses[0]`` counts them),
    and a complete node is a solution when ``complete_ok`` (if given) accepts its values; the
    ``deadline`` and ``stop`` are looked at per node."""
    stack: list[tuple[list[int], _State]] = [(cand, start)]
    while stack:
        if deadline is not None and time.monotonic() > deadline:
            raise TimeLimitReached("time limit reached")
        check_stop(stop)
        cand, state = stack.pop()
        if not propagate(cand, state):
            continue
        best = fewest_candidates(cand, n)
        if best < 0:
            values = [m.bit_length() for m in cand]
            if complete_ok is None or complete_ok(values):
                yield values
            continue
        mask = cand[best]
        bits = [1 << d for d in range(n) if mask >> d & 1]
        if rng is not None:
            rng.shuffle(bits)
        if guesses is not None:
            guesses[0] += len(bits)
        for bit in reversed(bits):
            node = cand.copy()
            node[best] = bit
            stack.append((node, child(state, best)))


def fewest_candidates(masks: Sequence[int], n: int) -> int:
    """The first open cell with the fewest candidates (the search's guess), or -1 when none is open.

    A cell is open while its mask holds two digits or more (a placed cell's single bit, a 0 or a
    negative value are not); the scan stops at the first cell of two, the fewest possible. The
    stack and prune strategies pick their guesses with it too.
    """
    best, best_count = -1, n + 1
    for cell, mask in enumerate(masks):
        if mask & (mask - 1) > 0:
            k = mask.bit_count()
            if k < best_count:
                best, best_count = cell, k
                if k == 2:
                    break
    return best


def _deadline(seconds: float) -> float | None:
    """The :func:`time.monotonic` deadline of a time limit in seconds (0: none)."""
    return time.monotonic() + seconds if seconds > 0 else None


def _count(found: Iterator[list[int]], limit: int, guesses: list[int]) -> tuple[int, bytes | None, int]:
    """Take solutions up to ``limit``: (count, first solution, guesses); the count is
    :data:`LIMIT_REACHED` when the search's time limit ran out."""
    count, first = 0, None
    try:
        for solution in found:
            first = first or solution
            count += 1
            if count >= limit:
                break
    except TimeLimitReached:
        count = LIMIT_REACHED
    return count, (bytes(first) if first is not None else None), guesses[0]


def _search(
    cells: Sequence[int], shape: Shape, limit: int, seconds: float = 0.0
) -> tuple[int, bytes | None, int]:
    """Count solutions up to ``limit``; return (count, first solution, guesses).

    The count is :data:`LIMIT_REACHED` when ``seconds`` (> 0) ran out before the search ended.
    """
    cand = initial_candidates(cells, shape)
    if cand is None:
        return 0, None, 0
    guesses = [0]
    return _count(solutions(cand, shape, guesses=guesses, deadline=_deadline(seconds)), limit, guesses)


def _check_cells(cells: bytes, shape: Shape) -> int:
    """0 when the cells are in range and free of duplicates, else a status code."""
    n = shape.n
    if any(v > n for v in cells):
        return OUT_OF_RANGE
    for unit in shape.units:
        seen = 0
        for cell in unit:
            v = cells[cell]
            if v:
                bit = 1 << v
                if seen & bit:
                    return DUPLICATE
                seen |= bit
    return 0


def check_stop(stop: Any) -> None:
    """Raise :class:`Stopped` when the stop flag (the first byte of a buffer, or None) is set."""
    if stop is not None and memoryview(stop)[0]:
        raise Stopped("stopped")


def solve(
    cells: bytes, box_rows: int, box_cols: int, limit: int, seconds: float = 0.0, stop: Any = None
) -> tuple[int, bytes | None, int]:
    """Solve N² cell values (0 = empty): (solutions found up to ``limit``, first one, guesses).

    ``seconds`` (0: none) is a time limit: the count is :data:`LIMIT_REACHED` when it ran out.
    ``stop`` (the C core's stop flag: a buffer whose first byte is set to stop) is looked at
    before the search only.
    """
    check_stop(stop)
    shape = Shape(box_rows, box_cols)
    if len(cells) != shape.size:
        raise WrongLengthError(len(cells), expected=f"{shape.size} cells for a {shape.n}x{shape.n} grid")
    if _check_cells(cells, shape):
        return 0, None, 0
    return _search(cells, shape, max(1, limit), _seconds(seconds))


def _seconds(seconds: float | None) -> float:
    """A time limit argument as the C core reads it: NaN is an error, 0 or less means none."""
    value = float(seconds or 0.0)
    if value != value:
        raise ValueError("seconds must be a number, not NaN")
    return max(0.0, value)


def _line_cells(text: str | bytes, shape: Shape) -> bytes | int:
    """The cells of a line-format puzzle, or a status code when it is malformed."""
    if isinstance(text, bytes):
        text = text.decode("latin-1")
    if len(text) != shape.size:
        return MALFORMED
    out = bytearray(shape.size)
    for i, ch in enumerate(text):
        v = _CHAR_VALUE.get(ch)
        if v is None or v > shape.n:
            return MALFORMED
        out[i] = v
    return bytes(out)


def solve_lines(
    puzzles: Sequence[str | bytes], limit: int, box_rows: int = 3, box_cols: int = 3,
    seconds: float = 0.0, stop: Any = None,
) -> tuple[list[int], list[str | None]]:
    """Solve line-format puzzles: per puzzle the count (or a negative status) and first solution.

    ``stop`` (see :func:`solve`) is looked at before each puzzle.
    """
    shape = Shape(box_rows, box_cols)
    seconds = _seconds(seconds)
    counts: list[int] = []
    solutions: list[str | None] = []
    for text in puzzles:
        check_stop(stop)
        cells = _line_cells(text, shape)
        if isinstance(cells, int):
            counts.append(cells)
            solutions.append(None)
            continue
        status = _check_cells(cells, shape)
        if status:
            counts.append(status)
            solutions.append(None)
            continue
        count, first, _ = _search(cells, shape, max(1, limit), seconds)
        counts.append(count)
        solutions.append("".join(DIGIT_CHARS[v - 1] for v in first) if first and count > 0 else None)
    return counts, solutions


def solve_array(
    puzzles: Any, out: Any, counts: Any, limit: int, box_rows: int = 3, box_cols: int = 3,
    seconds: float = 0.0, stop: Any = None,
) -> None:
    """Solve rows of a (n, N²) uint8 buffer into ``out`` (zero rows where none) and ``counts``;
    ``stop`` (see :func:`solve`) is looked at before each row."""
    shape = Shape(box_rows, box_cols)
    seconds = _seconds(seconds)
    src = memoryview(puzzles).cast("B")
    dst = memoryview(out).cast("B")
    cnt = memoryview(counts).cast("B").cast("i")
    size = shape.size
    for i in range(len(cnt)):
        check_stop(stop)
        cells = bytes(src[i * size : (i + 1) * size])
        status = _check_cells(cells, shape)
        if status:
            cnt[i] = status
            dst[i * size : (i + 1) * size] = bytes(size)
            continue
        count, first, _ = _search(cells, shape, max(1, limit), seconds)
        cnt[i] = count
        dst[i * size : (i + 1) * size] = bytes(first) if first else bytes(size)


# -- any rules: regions, differ pairs, non-consecutive pairs, cages ---------------------------------


def _combination_masks(k: int, total: int, n: int) -> list[int] | None:
    """Digit masks of ``k`` different digits 1..n adding up to ``total`` (None when too many to list)."""
    if math.comb(n, k) > 20000:
        return None
    return [
        sum(1 << (d - 1) for d in combo)
        for combo in itertools.combinations(range(1, n + 1), k)
        if sum(combo) == total
    ]


class RulesTable:
    """The rules of a variant compiled for search; the C core's ``RulesTable`` twin.

    ``regions`` are cell lists whose digits differ (every digit once when a region holds N cells),
    ``differ`` pairs of cells that differ, ``adjacent`` pairs whose digits are not consecutive,
    ``cages`` ``(cells, total)`` pairs (total 0: no sum). Search: naked singles over the peers,
    hidden singles over the full regions, the neighbours of a placed digit lose its ±1, a cage
    keeps only digits of some combination that can still make its sum; then a guess on a cell
    with the fewest candidates.
    """

    def __init__(
        self, n: int, ncells: int, regions: Sequence[Sequence[int]], differ: Sequence[Sequence[int]],
        adjacent: Sequence[Sequence[int]], cages: Sequence[tuple[Sequence[int], int]],
    ) -> None:
        if not 2 <= n <= 64 or not 1 <= ncells <= 4096:
            raise ValueError(f"unsupported rules: {n} digits on {ncells} cells")
        self.n, self.ncells = n, ncells

        def cells_of(group: Sequence[int], what: str) -> tuple[int, ...]:
            out = tuple(int(c) for c in group)
            if any(not 0 <= c < ncells for c in out) or len(set(out)) != len(out):
                raise ValueError(f"{what} holds a cell outside 0..{ncells - 1} or a cell twice")
            if len(out) > n:
                raise ValueError(f"{what} holds {len(out)} cells, more than {n} digits")
            return out

        self.regions = [cells_of(r, f"region {i}") for i, r in enumerate(regions)]
        self.full = [r for r in self.regions if len(r) == n]
        peers: list[set[int]] = [set() for _ in range(ncells)]
        self.cages: list[tuple[tuple[int, ...], int, list[int] | None]] = []
        for i, (cells, total) in enumerate(cages):
            group = cells_of(cells, f"cage {i}")
            total = int(total)
            self.regions.append(group)
            self.cages.append((group, total, _combination_masks(len(group), total, n) if total else None))
        for group in self.regions:
            for c in group:
                peers[c].update(group)
        for a, b in (cells_of(p, "a differ pair") for p in differ):
            peers[a].add(b)
            peers[b].add(a)
        self.peers = [tuple(sorted(s - {c})) for c, s in enumerate(peers)]
        near: list[set[int]] = [set() for _ in range(ncells)]
        for a, b in (cells_of(p, "an adjacent pair") for p in adjacent):
            near[a].add(b)
            near[b].add(a)
        self.near = [tuple(sorted(s)) for s in near]
        self.cage_of: list[list[int]] = [[] for _ in range(ncells)]
        for i, (group, _, _) in enumerate(self.cages):
            for c in group:
                self.cage_of[c].append(i)

    def _propagate(self, cand: list[int], done: list[bool]) -> bool:
        """Singles, non-consecutive and cage pruning to a fixed point; False on a contradiction."""
        full = (1 << self.n) - 1
        changed = True
        while changed:
            placed = _naked_singles(cand, done, self.peers, full, self.near)
            if placed < 0:
                return False
            ok, narrowed = hidden_singles(cand, self.full, full)
            if not ok:
                return False
            changed = bool(placed or narrowed)
            for group, total, combos in self.cages:
                if not total:
                    continue
                allowed = self._cage_allowed(cand, group, total, combos)
                if allowed is None:
                    return False
                for cell in group:
                    if cand[cell] & ~allowed:
                        cand[cell] &= allowed
                        if cand[cell] == 0:
                            return False
                        changed = True
        return True

    def _cage_allowed(
        self, cand: list[int], group: tuple[int, ...], total: int, combos: list[int] | None
    ) -> int | None:
        """The digits some combination making the cage's total still allows (None: none can)."""
        union = 0
        for c in group:
            union |= cand[c]
        if combos is not None:
            allowed = 0
            for combo in combos:
                if combo & ~union:
                    continue
                # every cell must find a digit of the combination (a cheap necessary check)
                if all(cand[c] & combo for c in group):
                    allowed |= combo
            return allowed or None
        # bounds only: the smallest and largest sums the cells can still make
        low = sum((cand[c] & -cand[c]).bit_length() for c in group)
        high = sum(cand[c].bit_length() for c in group)
        return union if low <= total <= high else None

    def _solutions(
        self, cand: list[int], rng: Random | None, guesses: list[int], deadline: float | None,
        stop: Any,
    ) -> Iterator[list[int]]:
        """Every solution reachable from ``cand``, depth first (random digit order with ``rng``)."""
        return depth_first(cand, self.n, self._propagate, [False] * len(cand), _done_copy, rng, guesses,
                           deadline, stop, self._complete_ok)

    def _complete_ok(self, values: list[int]) -> bool:
        """True when a complete assignment keeps every rule (the search's last check)."""
        for cell, v in enumerate(values):
            if any(values[p] == v for p in self.peers[cell]):
                return False
            if any(abs(values[p] - v) == 1 for p in self.near[cell]):
                return False
        return all(not total or sum(values[c] for c in group) == total for group, total, _ in self.cages)

    def _start(self, cells: bytes) -> list[int] | None:
        """Candidate masks with the givens placed; None when a given breaks a rule."""
        return _place_givens(cells, self.n, self.peers, self.near)

    def solve(
        self, cells: bytes, limit: int, seconds: float = 0.0, stop: Any = None, seed: int = 0
    ) -> tuple[int, bytes | None, int]:
        """(solutions found up to ``limit``, first one, guesses); the count is
        :data:`LIMIT_REACHED` when ``seconds`` ran out; ``seed`` (not 0) shuffles the guesses."""
        check_stop(stop)
        if len(cells) != self.ncells:
            raise WrongLengthError(len(cells), expected=f"{self.ncells} cells")
        if any(v > self.n for v in cells):
            return 0, None, 0
        cand = self._start(cells)
        if cand is None:
            return 0, None, 0
        guesses = [0]
        rng = Random(seed) if seed else None
        found = self._solutions(cand, rng, guesses, _deadline(_seconds(seconds)), stop)
        return _count(found, max(1, limit), guesses)

    def solve_many(
        self, puzzles: Sequence[bytes], limit: int, seconds: float = 0.0, stop: Any = None
    ) -> tuple[list[int], list[bytes | None]]:
        """Counts (``-1``: wrong length or a value over N) and first solutions of many puzzles."""
        return solve_each(self, puzzles, limit, seconds, stop)


class TableSearch(Protocol):
    """A compiled rules table as :func:`solve_each` uses it (:class:`RulesTable` and the
    constraint solver's table)."""

    n: int
    ncells: int

    def solve(self, cells: bytes, limit: int, seconds: float = 0.0,
              stop: Any = None) -> tuple[int, bytes | None, int]:
        """Count up to ``limit`` solutions: (count, first solution, guesses)."""
        ...


def solve_each(
    table: TableSearch, puzzles: Sequence[bytes], limit: int, seconds: float = 0.0, stop: Any = None
) -> tuple[list[int], list[bytes | None]]:
    """Counts (``-1``: wrong length or a value over N) and first solutions of many puzzles, one
    table's :meth:`~TableSearch.solve` after another (the batch form both rules tables share)."""
    counts: list[int] = []
    firsts: list[bytes | None] = []
    for cells in puzzles:
        if len(cells) != table.ncells or any(v > table.n for v in cells):
            counts.append(MALFORMED)
            firsts.append(None)
            continue
        count, first, _ = table.solve(bytes(cells), limit, seconds, stop)
        counts.append(count)
        firsts.append(first)
    return counts, firsts
