"""HoDoKu 2.2's solving path: its step order, its choice among steps, its scores and levels.

HoDoKu rates a puzzle by trying its enabled techniques in a fixed order (:data:`HODOKU_STEPS`,
the order of its default step configuration), taking the step the first technique finds,
applying it and starting over; the score adds each step's base score, the level is the hardest
step's level, raised while the score passes that level's limit (:data:`HODOKU_LEVELS`).

What step a technique "finds first" matters for the path. This module reproduces HoDoKu's
choice for the techniques whose scan order is simple (singles, locked candidates, naked and
hidden subsets), including the order in which it meets its singles: HoDoKu keeps a queue of
naked singles and one of hidden singles, filled as candidates disappear, and takes singles
from their fronts (:class:`Board`). Unique rectangles of types 1-6 and hidden rectangles
(HoDoKu's rectangles, cells that lost a digit included, and its checks), Sue de Coq, ALS-XZ
(doubly linked ones too) and ALS-XY-Wing follow HoDoKu's search order here as well (its ALS
list, its restricted commons, the first step found);
X-chains and turbot fish follow its depth-first chain search and its sort. Nice loops, AICs and
their grouped forms come from HoDoKu's tabling search (:mod:`sudokit.rating.hodoku.loops`), forcing
chains and nets from the same tables and its net trials (:mod:`sudokit.rating.hodoku.forcing`);
XY-chains and remote pairs from this module's own searches. The other techniques (fish, wings,
colouring, avoidable rectangles, ALS chains, Franken fish) use sudokit's finders with HoDoKu's
sort among their steps.

With the C engine, :func:`hodoku_path` runs the board, the queues, the loop, brute force and
the finders ported to C (csrc/hodoku/hodoku9_*.c, exact twins of this module's finders; the C module
says which it has: ``_core.hodoku_ported()``), asking this module's finders for the other step
types with the GIL taken back for those calls only; ``engine="python"`` keeps the loop here (the
reference: both give the same path, step for step). :func:`hodoku_rating` gives the score and
level of the path alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.engine import backend
from sudokit.engine.solver import search
from sudokit.errors import OptionError, TimeLimitReached
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline, Stop
from sudokit.rating.hodoku.forcing import Forcing, forcing_chain, forcing_net
from sudokit.rating.hodoku.loops import nice_loop
from sudokit.shape import Shape
from sudokit.techniques import HODOKU_LEVELS, Step, technique_named
from sudokit.techniques.base import bit_cells

__all__ = [
    "HODOKU_LEVELS",
    "HODOKU_STEPS",
    "Board",
    "HodokuStep",
    "StepKind",
    "hodoku_level",
    "hodoku_path",
    "hodoku_rating",
]

EASY, MEDIUM, HARD, UNFAIR, EXTREME = range(5)

_SHAPE = Shape(3, 3)
_ROWS, _COLS, _BOXES = _SHAPE.rows, _SHAPE.cols, _SHAPE.boxes
#: HoDoKu's constraints are sudokit's units: rows 0-8, columns 9-17, boxes 18-26.
_UNITS = _SHAPE.units
#: The three constraints of each cell: its row, column and box.
_CELL_UNITS = _SHAPE.cell_units
#: The 20 peers of each cell, smallest first.
_PEERS = [sorted(peers) for peers in _SHAPE.peers]
_FULL = 0x1FF


class Board:
    """HoDoKu's grid state: digits, candidate masks, per-unit candidate counts and the queues
    of naked and hidden singles, updated the way HoDoKu updates them."""

    __slots__ = ("free", "givens", "hs", "masks", "ns", "values")

    def __init__(self, givens: Iterable[int]) -> None:
        """An empty board with ``givens`` (81 digits, 0 for empty) placed cell by cell."""
        self.givens = tuple(givens)
        self.values = [0] * 81
        self.masks = [_FULL] * 81
        self.free = [[0] + [9] * 9 for _ in range(27)]
        self.ns: list[tuple[int, int]] = []
        self.hs: list[tuple[int, int]] = []
        for cell, digit in enumerate(self.givens):
            if digit:
                self.place(cell, digit)

    @classmethod
    def from_state(cls, givens: Sequence[int], values: Sequence[int], masks: Sequence[int]) -> Board:
        """A board in the given state (digits placed, candidate masks) with empty singles queues."""
        board = cls(())
        board.givens = tuple(givens)
        board.values = list(values)
        board.masks = [0 if v else m for v, m in zip(values, masks, strict=True)]
        for unit, cells in enumerate(_UNITS):
            counts = [0] * 10
            for cell in cells:
                for digit in digits_of(board.masks[cell]):
                    counts[digit] += 1
            board.free[unit] = counts
        return board

    def candidates(self, shape: object) -> Candidates:
        """A :class:`Candidates` view of the board (it shares the lists; do not change it)."""
        return Candidates(self.values, self.masks, shape)  # type: ignore[arg-type]

    def solved(self) -> bool:
        """True when every cell holds a digit."""
        return all(self.values)

    def _add_hidden(self, unit: int, digit: int) -> bool:
        """Queue the first cell of ``unit`` that still has ``digit`` as a hidden single."""
        b = bit(digit)
        for cell in _UNITS[unit]:
            if self.masks[cell] & b:
                self.hs.append((cell, digit))
                return True
        return False

    def _drop_hidden(self, unit: int, digit: int) -> None:
        """Remove the first queued hidden single of ``digit`` in ``unit``."""
        for k, (cell, d) in enumerate(self.hs):
            if d == digit and unit in _CELL_UNITS[cell]:
                del self.hs[k]
                return

    def eliminate(self, cell: int, digit: int) -> None:
        """Remove a candidate, queueing the singles it leaves."""
        b = bit(digit)
        mask = self.masks[cell]
        if not mask & b:
            return
        mask &= ~b
        self.masks[cell] = mask
        if mask == 0:
            return
        if mask & (mask - 1) == 0:
            self.ns.append((cell, mask.bit_length()))
        for unit in _CELL_UNITS[cell]:
            self.free[unit][digit] -= 1
            left = self.free[unit][digit]
            if left == 1:
                self._add_hidden(unit, digit)
            elif left == 0:
                self._drop_hidden(unit, digit)

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell``: the peers lose it, the cell's candidates leave the counts."""
        if self.values[cell] == digit:
            return
        old = digits_of(self.masks[cell])
        self.values[cell] = digit
        self.masks[cell] = 0
        for peer in _PEERS[cell]:
            self.eliminate(peer, digit)
        for d in old:
            for unit in _CELL_UNITS[cell]:
                self.free[unit][d] -= 1
                if self.free[unit][d] == 1 and d != digit:
                    self._add_hidden(unit, d)


@dataclass(frozen=True)
class HodokuStep:
    """One step of HoDoKu's path: its HoDoKu type (``"HIDDEN_SINGLE"``), base score, level
    index and the sudokit :class:`Step` (placements and eliminations in HoDoKu's order)."""

    kind: str
    score: int
    level: int
    step: Step


#: A finder of the next step of one HoDoKu technique on a board, or None.
BoardFinder = Callable[[Board, Candidates, Deadline], "Step | None"]


@dataclass(frozen=True)
class StepKind:
    """One of HoDoKu's techniques: its type name, base score, level and finder."""

    kind: str
    score: int
    level: int
    find: BoardFinder


def _step(name: str, placements: tuple[tuple[int, int], ...] = (),
          eliminations: tuple[tuple[int, int], ...] = (), cells: tuple[int, ...] = ()) -> Step:
    """A plain :class:`Step` for HoDoKu's own simple techniques."""
    return Step(name, 0.0, placements=placements, eliminations=eliminations, cells=cells)


# -- singles -----------------------------------------------------------------------------------


def _full_house(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """The first queued naked single that is the last empty cell of a unit (queue untouched)."""
    for cell, digit in board.ns:
        if board.values[cell]:
            continue
        for unit in _CELL_UNITS[cell]:
            free = board.free[unit]
            if all(free[d] == 0 for d in range(1, 10) if d != digit):
                return _step("Full House", ((cell, digit),), cells=(cell,))
    return None


def _naked_single(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """The next naked single taken from the front of the queue."""
    while board.ns:
        cell, digit = board.ns.pop(0)
        if not board.values[cell]:
            return _step("Naked Single", ((cell, digit),), cells=(cell,))
    return None


def _hidden_single(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """The next hidden single taken from the front of the queue."""
    while board.hs:
        cell, digit = board.hs.pop(0)
        if not board.values[cell]:
            if any(board.free[u][digit] == 1 for u in _CELL_UNITS[cell]):
                return _step("Hidden Single", ((cell, digit),), cells=(cell,))
            return None
    return None


# -- locked candidates and subsets -------------------------------------------------------------


def _locked_candidates(pointing: bool) -> BoardFinder:
    """HoDoKu's locked candidates: type 1 (boxes) or type 2 (rows, then columns)."""

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first locked candidates step in HoDoKu's scan order."""
        bases = (18,) if pointing else (0, 9)
        for base in bases:
            for u in range(base, base + 9):
                for digit in range(1, 10):
                    found = _locked_in(board, u, digit, pointing)
                    if found is not None:
                        return found
        return None

    return find


def _locked_in(board: Board, unit: int, digit: int, pointing: bool) -> Step | None:
    """The locked candidates step of ``digit`` confined in ``unit``, or None."""
    count = board.free[unit][digit]
    if count not in (2, 3):
        return None
    b = bit(digit)
    where = [c for c in _UNITS[unit] if board.masks[c] & b]
    shared = [all(_CELL_UNITS[c][k] == _CELL_UNITS[where[0]][k] for c in where) for k in range(3)]
    first = _CELL_UNITS[where[0]]
    if pointing:
        if shared[0] and board.free[first[0]][digit] > count:
            target = first[0]
        elif shared[1] and board.free[first[1]][digit] > count:
            target = first[1]
        else:
            return None
    elif shared[2] and board.free[first[2]][digit] > count:
        target = first[2]
    else:
        return None
    elims = tuple((c, digit) for c in _UNITS[target] if board.masks[c] & b and c not in where)
    name = "Locked Candidates Type 1" if pointing else "Locked Candidates Type 2"
    return _step(name, eliminations=elims, cells=tuple(where))


def _subset_step(board: Board, cells: list[int], digits: int, hidden: bool) -> tuple[Step, bool] | None:
    """The subset step of ``cells`` on the digit mask ``digits`` and whether it is locked, or
    None when it removes nothing."""
    shared = [all(_CELL_UNITS[c][k] == _CELL_UNITS[cells[0]][k] for c in cells) for k in range(3)]
    elims: list[tuple[int, int]] = []
    found_units = 0
    if hidden:
        for c in cells:
            elims.extend((c, d) for d in digits_of(board.masks[c] & ~digits))
    else:
        box = _CELL_UNITS[cells[0]][2]
        for k in range(3):
            if not shared[k]:
                continue
            counted = False
            for c in _UNITS[_CELL_UNITS[cells[0]][k]]:
                if c in cells:
                    continue
                for d in digits_of(board.masks[c] & digits):
                    elims.append((c, d))
                    if not counted and (k == 2 or _CELL_UNITS[c][2] != box):
                        counted = True
                        found_units += 1
    if not elims:
        return None
    locked = (len(cells) < 4 and found_units > 1 and not hidden
              and shared[2] and (shared[0] or shared[1]))
    return _step("", eliminations=tuple(elims), cells=tuple(cells)), locked


def _naked_subsets(board: Board, units: range, size: int, want_locked: bool) -> Step | None:
    """The first naked subset of ``size`` in ``units`` (locked ones or plain ones)."""
    for u in units:
        pool = [c for c in _UNITS[u] if 0 < bin(board.masks[c]).count("1") <= size]
        if len(pool) < size:
            continue
        for combo in _combos(pool, size, lambda cs: _union(board, cs), size):
            union = _union(board, combo)
            if bin(union).count("1") != size:
                continue
            made = _subset_step(board, list(combo), union, hidden=False)
            if made is not None and made[1] == want_locked:
                return made[0]
    return None


def _union(board: Board, cells: Iterable[int]) -> int:
    """The union of the candidate masks of ``cells``."""
    out = 0
    for c in cells:
        out |= board.masks[c]
    return out


def _combos(pool: list[int], size: int, mask_of: Callable[[tuple[int, ...]], int],
            limit: int) -> Iterator[tuple[int, ...]]:
    """Combinations of ``size`` items of ``pool`` in HoDoKu's nested-loop order, pruning a
    partial combination whose mask already holds more than ``limit`` digits."""

    def grow(start: int, chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Extend ``chosen`` with items from ``start`` on."""
        if len(chosen) == size:
            yield chosen
            return
        for i in range(start, len(pool) - (size - len(chosen)) + 1):
            nxt = (*chosen, pool[i])
            if len(nxt) > 1 and bin(mask_of(nxt)).count("1") > limit:
                continue
            yield from grow(i + 1, nxt)

    yield from grow(0, ())


def _naked(size: int, locked: bool) -> BoardFinder:
    """HoDoKu's locked (boxes only) or naked (boxes, rows, columns) subsets of ``size``."""
    order = (range(18, 27),) if locked else (range(18, 27), range(0, 9), range(9, 18))

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first subset in HoDoKu's scan order."""
        for units in order:
            found = _naked_subsets(board, units, size, locked)
            if found is not None:
                return found
        return None

    return find


def _hidden(size: int) -> BoardFinder:
    """HoDoKu's hidden subsets of ``size``: boxes, then rows, then columns."""

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first hidden subset in HoDoKu's scan order."""
        for units in (range(18, 27), range(0, 9), range(9, 18)):
            for u in units:
                found = _hidden_in(board, u, size)
                if found is not None:
                    return found
        return None

    return find


def _hidden_in(board: Board, unit: int, size: int) -> Step | None:
    """The first hidden subset of ``size`` in ``unit``, or None."""
    cells = _UNITS[unit]
    if sum(1 for c in cells if board.masks[c]) <= size:
        return None
    where = {d: sum(1 << i for i, c in enumerate(cells) if board.masks[c] & bit(d)) for d in range(1, 10)
             if 0 < board.free[unit][d] <= size}
    pool = sorted(where)
    if len(pool) < size:
        return None
    for combo in _combos(pool, size, lambda ds: 0, size):
        spots = 0
        for d in combo:
            spots |= where[d]
        if bin(spots).count("1") != size:
            continue
        chosen = [cells[i] for i in range(9) if spots >> i & 1]
        made = _subset_step(board, chosen, sum(bit(d) for d in combo), hidden=True)
        if made is not None:
            return made[0]
    return None


def _nice_loop(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
    """HoDoKu's nice loop or AIC (:func:`sudokit.rating.hodoku.loops.nice_loop`) as a step."""
    loop = nice_loop(board.masks, deadline.check)
    return None if loop is None else _chain_step(loop.kind, loop.eliminations, loop.cells)


def _grouped_nice_loop(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
    """HoDoKu's grouped nice loop or AIC as a step."""
    loop = nice_loop(board.masks, deadline.check, grouped=True)
    return None if loop is None else _chain_step(loop.kind, loop.eliminations, loop.cells)


#: HoDoKu's forcing chain or net search: candidate masks, placed digits, a deadline check.
ForcingSearch = Callable[[Sequence[int], Sequence[int], Callable[[], None]], "Forcing | None"]


def _forcing(search: ForcingSearch) -> BoardFinder:
    """HoDoKu's forcing chains or nets (:mod:`sudokit.rating.hodoku.forcing`) as a step."""

    def find(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
        """The forcing chain or net step HoDoKu takes, or None."""
        found = search(board.masks, board.values, deadline.check)
        if found is None:
            return None
        name = found.kind.replace("_", " ").title()
        return _step(name, found.placements, found.eliminations,
                     tuple(c for c, _ in found.placements + found.eliminations))

    return find


# -- the rest: sudokit's finders ---------------------------------------------------------------


def _sudokit(technique: str, *names: str, best: bool = False, by_digit: bool = False) -> BoardFinder:
    """The step of sudokit's ``technique`` named one of ``names`` (any when none): the first
    one, or with ``best`` the one HoDoKu's sort puts first (:func:`_hodoku_order`). HoDoKu lists
    eliminations by cell, or digit by digit when ``by_digit`` (its ALS moves)."""

    def order(step: Step) -> Step:
        """``step`` with its eliminations in HoDoKu's order."""
        key = (lambda e: (e[1], e[0])) if by_digit else None
        return replace(step, eliminations=tuple(sorted(step.eliminations, key=key)))

    def find(board: Board, cands: Candidates, deadline: Deadline) -> Step | None:
        """The chosen matching step of the sudokit finder, eliminations in HoDoKu's order."""
        chosen: Step | None = None
        key: tuple[int, int, int] | None = None
        for step in technique_named(technique).steps(cands, deadline, givens=board.givens):
            if names and step.technique not in names:
                continue
            if not best:
                return order(step)
            mine = _hodoku_order(order(step))
            if key is None or mine < key:
                chosen, key = step, mine
        return order(chosen) if chosen is not None else None

    return find


def _hodoku_order(step: Step) -> tuple[int, int, int]:
    """HoDoKu's sort key of a step among several of one technique: more eliminations first,
    then the smaller weighted sum of the eliminated candidates (in their listed order), then
    the shorter proof."""
    elims = step.eliminations
    weighted = sum(cell * (1 + 80 * k) + digit for k, (cell, digit) in enumerate(elims))
    return -len(elims), weighted, len(step.links) or len(step.cells)


def _franken(kind: str, size: str) -> BoardFinder:
    """HoDoKu's (finned) Franken fish of one size: the first its search meets, named Mutant
    where the units it took make it one."""
    finned = kind.startswith("Finned")
    return _sudokit(f"{kind} Fish", f"{kind} {size}", f"{'Finned ' if finned else ''}Mutant {size}")


# -- single-digit patterns ---------------------------------------------------------------------


def _pairs_of(board: Board, digit: int, units: range) -> list[list[int]]:
    """The two places of ``digit`` in each unit of ``units`` that has exactly two."""
    b = bit(digit)
    return [[c for c in _UNITS[u] if board.masks[c] & b] for u in units if board.free[u][digit] == 2]


def _column(cell: int) -> int:
    """The column of a cell."""
    return cell % 9


def _row(cell: int) -> int:
    """The row of a cell."""
    return cell // 9


def _skyscraper(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first skyscraper: rows (every digit), then columns."""
    for rows in (True, False):
        line = _column if rows else _row
        for digit in range(1, 10):
            pairs = _pairs_of(board, digit, range(0, 9) if rows else range(9, 18))
            for i, a in enumerate(pairs):
                for other in pairs[i + 1:]:
                    if line(a[0]) == line(other[0]):
                        k = 1
                    elif line(a[1]) == line(other[1]):
                        k = 0
                    else:
                        continue
                    if line(a[k]) == line(other[k]):
                        continue
                    victims = sorted(_peers_with(board, a[k], digit) & _peers_with(board, other[k], digit))
                    if victims:
                        return _step("Skyscraper", eliminations=tuple((c, digit) for c in victims),
                                     cells=(a[k], other[k], a[1 - k], other[1 - k]))
    return None


def _box(cell: int) -> int:
    """The box number of a cell."""
    return _CELL_UNITS[cell][2] - 18


def _kite(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first 2-string kite (a row pair and a column pair meeting in a box)."""
    for digit in range(1, 10):
        rows = _pairs_of(board, digit, range(0, 9))
        cols = _pairs_of(board, digit, range(9, 18))
        for r in rows:
            for c in cols:
                if _box(r[0]) == _box(c[0]):
                    pass
                elif _box(r[0]) == _box(c[1]):
                    c.reverse()
                elif _box(r[1]) == _box(c[0]):
                    r.reverse()
                elif _box(r[1]) == _box(c[1]):
                    c.reverse()
                    r.reverse()
                else:
                    continue
                if set(r) & set(c):
                    continue
                cross = (c[1] // 9) * 9 + r[1] % 9
                if board.masks[cross] & bit(digit):
                    return _step("2-String Kite", eliminations=((cross, digit),),
                                 cells=(r[1], c[1], r[0], c[0]))
    return None


#: HoDoKu's empty rectangle patterns: the four cells (offsets in the box) that must be empty,
#: and the row and column offsets of the cross they leave.
_ER_PATTERNS = (
    ((0, 1, 9, 10), 2, 2), ((0, 2, 9, 11), 2, 1), ((1, 2, 10, 11), 2, 0),
    ((0, 1, 18, 19), 1, 2), ((0, 2, 18, 20), 1, 1), ((1, 2, 19, 20), 1, 0),
    ((9, 10, 18, 19), 0, 2), ((9, 11, 18, 20), 0, 1), ((10, 11, 19, 20), 0, 0),
)


def _empty_rectangle(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first empty rectangle (digit by digit, box by box, pattern by pattern)."""
    for digit in range(1, 10):
        b = bit(digit)
        for box in range(9):
            if not 2 <= board.free[18 + box][digit] <= 5:
                continue
            origin = _BOXES[box][0]
            in_box = [c for c in _BOXES[box] if board.masks[c] & b]
            for empty, dr, dc in _ER_PATTERNS:
                if any(board.masks[origin + k] & b for k in empty):
                    continue
                row, col = origin // 9 + dr, origin % 9 + dc
                on_row = [c for c in in_box if c // 9 == row]
                on_col = [c for c in in_box if c % 9 == col]
                if not [c for c in on_row if c % 9 != col] or not [c for c in on_col if c // 9 != row]:
                    continue
                if len(on_row) < 2 and len(on_col) < 2:
                    continue
                for step in (_er_check(board, digit, box, row, col, False),
                             _er_check(board, digit, box, col, row, True)):
                    if step is not None:
                        return step
    return None


def _er_check(board: Board, digit: int, box: int, line: int, cross: int, columns: bool) -> Step | None:
    """An empty rectangle's elimination through a strong link from ``line`` (a row, or a column
    when ``columns``) outside the box, or None."""
    b = bit(digit)
    cells = _COLS[line] if columns else _ROWS[line]
    for cell in cells:
        if board.values[cell] or _box(cell) == box or not board.masks[cell] & b:
            continue
        link = _ROWS[cell // 9] if columns else _COLS[cell % 9]
        places = [c for c in link if board.masks[c] & b]
        if len(places) != 2:
            continue
        other = places[1] if places[0] == cell else places[0]
        far = _COLS[other % 9] if columns else _ROWS[other // 9]
        for victim in far:
            if not board.masks[victim] & b or _box(victim) == box:
                continue
            if (victim // 9 if columns else victim % 9) == cross:
                return _step("Empty Rectangle", eliminations=((victim, digit),), cells=(cell, other))
    return None


# -- chains: X-chains, XY-chains, turbot fish, remote pairs -------------------------------------


def _peers_with(board: Board, cell: int, digit: int) -> set[int]:
    """The peers of ``cell`` that still have ``digit``."""
    b = bit(digit)
    return {p for p in _PEERS[cell] if board.masks[p] & b}


def _chain_step(name: str, elims: Iterable[tuple[int, int]], cells: tuple[int, ...]) -> Step:
    """A chain step with its eliminations in HoDoKu's order (as given)."""
    return _step(name, eliminations=tuple(elims), cells=cells)


def _best(steps: Iterable[Step]) -> Step | None:
    """The step HoDoKu's sort puts first (its eliminations kept in their order)."""
    chosen: Step | None = None
    key: tuple[int, int] | None = None
    for step in steps:
        weighted = sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(step.eliminations))
        mine = (-len(step.eliminations), weighted)
        if key is None or mine < key:
            chosen, key = step, mine
    return chosen


def _x_links(board: Board, cell: int, digit: int) -> list[tuple[int, bool]]:
    """The cells holding ``digit`` that ``cell`` links to, and whether the link is strong, in
    HoDoKu's link order: its row, its column, then the cells of its box off both (each in cell
    order). As in HoDoKu, a link is strong when the unit it is listed under holds ``digit``
    exactly twice (so a box's pair on one line is weak unless that line holds it twice)."""
    b = bit(digit)
    out: list[tuple[int, bool]] = []
    for k, unit in enumerate(_CELL_UNITS[cell]):
        strong = board.free[unit][digit] == 2
        out.extend((c, strong) for c in _UNITS[unit] if c != cell and board.masks[c] & b
                   and (k < 2 or (c // 9 != cell // 9 and c % 9 != cell % 9)))
    return out


def _x_chain_ends(chain: list[int], digit: int, max_links: int,
                  links_of: Callable[[int, int], list[tuple[int, bool]]]) -> Iterator[tuple[int, int]]:
    """(end cell, links) of the X-chains on ``digit`` that go on from ``chain`` (its cells, the
    start first) as HoDoKu's search meets them: depth first, each cell's links in HoDoKu's order
    (``links_of``), weak and strong links alternating (a strong one may serve as weak), no cell
    twice except a chain closing at its start, which ends there; at least 3 links and at most
    ``max_links``, strong at both ends."""
    strong_next = len(chain) % 2 == 1
    links = len(chain)
    for t, strong in links_of(chain[-1], digit):
        if (strong_next and not strong) or (t in chain and t != chain[0]):
            continue
        if strong_next and links >= 3:
            yield t, links
        if links < max_links and t != chain[0]:
            chain.append(t)
            yield from _x_chain_ends(chain, digit, max_links, links_of)
            chain.pop()


def _x_chains(board: Board, max_links: int, name: str, exact: bool = False) -> Iterator[tuple[Step, int]]:
    """X-chain steps and their numbers of links (``exact``: only chains of exactly ``max_links``
    links) in HoDoKu's order: start cell by start cell, each start's digits in order, each first
    (strong) link in ``_x_links`` order, then ``_x_chain_ends``."""
    cache: dict[tuple[int, int], list[tuple[int, bool]]] = {}

    def links_of(cell: int, digit: int) -> list[tuple[int, bool]]:
        """The links of ``cell`` on ``digit`` (``_x_links``, computed once)."""
        if (cell, digit) not in cache:
            cache[cell, digit] = _x_links(board, cell, digit)
        return cache[cell, digit]

    for start in range(81):
        for digit in digits_of(board.masks[start]):
            ones = _peers_with(board, start, digit)
            for first, strong in links_of(start, digit):
                if not strong:
                    continue
                for end, links in _x_chain_ends([start, first], digit, max_links, links_of):
                    if exact and links != max_links:
                        continue
                    victims = sorted(ones & _peers_with(board, end, digit))
                    if victims:
                        yield _chain_step(name, ((c, digit) for c in victims), (start, end)), links


def _x_best(chains: Iterable[tuple[Step, int]]) -> Step | None:
    """The X-chain HoDoKu's sort puts first, taking them in the order found: more eliminations
    win; among as many, other eliminations win with a smaller weighted sum and the same ones with
    fewer links; a tie keeps the one found first."""
    chosen: Step | None = None
    key = (0, 0, 0)
    for step, links in chains:
        weighted = sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(step.eliminations))
        count = len(step.eliminations)
        if chosen is None or count > key[0]:
            better = True
        elif count < key[0]:
            better = False
        elif step.eliminations != chosen.eliminations:
            better = weighted < key[1]
        else:
            better = links < key[2]
        if better:
            chosen, key = step, (count, weighted, links)
    return chosen


def _x_chain(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's X-chain: the best of all (up to 19 links)."""
    return _x_best(_x_chains(board, 19, "X-Chain"))


def _turbot(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's turbot fish: the best X-chain of exactly 3 links."""
    return _x_best(_x_chains(board, 3, "Turbot Fish", exact=True))


def _other(board: Board, cell: int, digit: int) -> int:
    """The other digit of a bivalue cell."""
    return (board.masks[cell] & ~bit(digit)).bit_length()


def _bivalue(board: Board, cell: int) -> bool:
    """True when ``cell`` has exactly two candidates."""
    mask = board.masks[cell]
    return mask != 0 and bin(mask).count("1") == 2


def _xy_chains(board: Board, max_links: int) -> Iterator[Step]:
    """XY-chain steps: bivalue cells, strong links inside them, weak links between them; no
    cell twice, as HoDoKu searches."""
    for start in range(81):
        if not _bivalue(board, start):
            continue
        for first in digits_of(board.masks[start]):
            ones = _peers_with(board, start, first)
            path = [start]
            yield from _xy_from(board, path, _other(board, start, first), first, ones, max_links - 1)


def _xy_from(board: Board, path: list[int], digit: int, first: int, ones: set[int],
             links_left: int) -> Iterator[Step]:
    """Extend the XY-chain ``path`` (its last cell holds ``digit`` when the start is false)."""
    if links_left < 2:
        return
    last = path[-1]
    for u in sorted(_peers_with(board, last, digit)):
        if not _bivalue(board, u) or u in path:
            continue
        z = _other(board, u, digit)
        if z == first:
            victims = sorted(ones & _peers_with(board, u, first))
            if victims:
                yield _chain_step("XY-Chain", ((c, first) for c in victims), (path[0], u))
        path.append(u)
        yield from _xy_from(board, path, z, first, ones, links_left - 2)
        path.pop()


def _xy_chain(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's XY-chain: the best of all (up to 19 links)."""
    return _best(_xy_chains(board, 19))


def _remote_pairs(board: Board) -> Iterator[Step]:
    """Remote pair steps: chains of 4 or more cells (even) holding the same two digits."""
    for start in range(81):
        if not _bivalue(board, start):
            continue
        pair = board.masks[start]
        for first in digits_of(pair):
            second = _other(board, start, first)
            path = [start]
            yield from _remote_from(board, path, pair, first, second)


def _remote_from(board: Board, path: list[int], pair: int, first: int, second: int) -> Iterator[Step]:
    """Extend a remote pair chain ``path`` cell by cell (at most 10 cells)."""
    last = path[-1]
    for u in _PEERS[last]:
        if board.masks[u] != pair or u in path:
            continue
        path.append(u)
        if len(path) >= 4 and len(path) % 2 == 0:
            found = _remote_step(board, path, first, second)
            if found is not None:
                yield found
        if len(path) < 10:
            yield from _remote_from(board, path, pair, first, second)
        path.pop()


def _remote_step(board: Board, path: list[int], first: int, second: int) -> Step | None:
    """The remote pair step of ``path``, or None when its ends see no common ``first``."""
    if not _peers_with(board, path[0], first) & _peers_with(board, path[-1], first):
        return None
    ones: set[int] = set()
    twos: set[int] = set()
    for i in range(len(path)):
        for j in range(i + 3, len(path), 2):
            common = set(_PEERS[path[i]]) & set(_PEERS[path[j]])
            ones |= common & _peers_with(board, path[i], first)
            twos |= common & _peers_with(board, path[i], second)
    elims = [(c, first) for c in sorted(ones)] + [(c, second) for c in sorted(twos)]
    return _chain_step("Remote Pair", elims, tuple(path)) if elims else None


def _remote_pair(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's remote pair: the best of all."""
    return _best(_remote_pairs(board))


# -- unique rectangle type 3 -------------------------------------------------------------------


def _rect_key(cells: Iterable[int]) -> int:
    """HoDoKu's number of a rectangle: its sorted cells as decimal digits (collisions and all)."""
    a, b, c, d = sorted(cells)
    return ((a * 10 + b) * 10 + c) * 10 + d


def _allowed(board: Board, cell: int, digits: int) -> bool:
    """True when ``cell`` is empty and no peer holds one of ``digits`` (HoDoKu allows
    rectangles whose cells lost a digit to an elimination)."""
    if board.values[cell]:
        return False
    return not any(board.values[p] and bit(board.values[p]) & digits for p in _PEERS[cell])


def _rectangles(board: Board) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """HoDoKu's unique rectangles in its search order: (cells from the bivalue start cell on,
    the mask of the two digits), each rectangle number once; the other cells need only allow
    the digits (no peer holds them)."""
    seen: set[int] = set()
    for start in range(81):
        pair = board.masks[start]
        if not _bivalue(board, start):
            continue
        box = _box(start)
        for second in _BOXES[box]:
            if second == start or (_row(start) != _row(second) and _column(start) != _column(second)):
                continue
            if not _allowed(board, second, pair):
                continue
            lines = _row(start) == _row(second)
            unit1 = _COLS[_column(start)] if lines else _ROWS[_row(start)]
            unit2 = _COLS[_column(second)] if lines else _ROWS[_row(second)]
            for third, fourth in zip(unit1, unit2, strict=True):
                if _box(third) == box:
                    continue
                # HoDoKu tests the first digit in both cells, the second only in the fourth
                if not _allowed(board, third, pair & -pair) or not _allowed(board, fourth, pair):
                    continue
                key = _rect_key((start, second, third, fourth))
                if key in seen:
                    continue
                seen.add(key)
                yield (start, second, third, fourth), pair


def _ur3(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first unique rectangle type 3: the two cells with extra digits and cells of one
    of their houses without the rectangle's digits form a naked subset."""
    for rect, pair in _rectangles(board):
        extra = [c for c in rect if board.masks[c] & ~pair]
        if len(extra) != 2:
            continue
        digits = 0
        for c in extra:
            digits |= board.masks[c] & ~pair
        a, b = extra
        houses = [(0, _ROWS[_row(a)]) if _row(a) == _row(b) else None,
                  (1, _COLS[_column(a)]) if _column(a) == _column(b) else None,
                  (2, _BOXES[_box(a)]) if _box(a) == _box(b) else None]
        for house in houses:
            if house is None:
                continue
            kind, unit = house
            pool = [c for c in unit if board.masks[c] and not board.masks[c] & pair and c not in rect]
            found = _ur3_subset(board, kind, unit, pool, 0, digits, list(extra))
            if found is not None:
                return replace(found, cells=rect)
    return None


def _ur3_subset(board: Board, kind: int, unit: Sequence[int], pool: list[int], start: int,
                digits: int, cells: list[int]) -> Step | None:
    """The first naked subset of HoDoKu's type 3 search that eliminates something, adding cells
    of ``pool`` from ``start`` on to ``cells`` (whose extra digits are ``digits``)."""
    for i in range(start, len(pool)):
        chosen = [*cells, pool[i]]
        mask = digits | board.masks[pool[i]]
        aligned = len({_row(c) for c in chosen}) == 1 or len({_column(c) for c in chosen}) == 1
        if (kind != 2 or not aligned) and bin(mask).count("1") == len(chosen) - 1:
            elims = _ur3_elims(board, unit, chosen, mask)
            boxes = {_box(c) for c in chosen}
            if elims and kind != 2 and len(boxes) == 1:
                elims += _ur3_elims(board, _BOXES[boxes.pop()], chosen, mask)
            if elims:
                return _step("Unique Rectangle type 3", eliminations=tuple(elims))
        found = _ur3_subset(board, kind, unit, pool, i + 1, mask, chosen)
        if found is not None:
            return found
    return None


def _ur3_elims(board: Board, unit: Sequence[int], cells: list[int], mask: int) -> list[tuple[int, int]]:
    """The candidates of ``mask`` in the empty cells of ``unit`` outside ``cells``."""
    return [(c, d) for c in unit if not board.values[c] and c not in cells
            for d in digits_of(board.masks[c] & mask)]


def _ur(name: str) -> BoardFinder:
    """HoDoKu's first step named ``name`` (unique rectangle type 1, 2, 4, 5 or 6, hidden
    rectangle): its rectangles in its order (:func:`_rectangles`), each checked as HoDoKu does."""
    check = _UR_CHECKS[name]

    def find(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
        """The first rectangle's step of this type."""
        for rect, pair in _rectangles(board):
            step = check(board, rect, pair)
            if step is not None:
                return step
        return None

    return find


def _ur_split(board: Board, rect: Sequence[int], pair: int) -> tuple[list[int], list[int]]:
    """The rectangle's cells holding nothing but the pair's digits (maybe one of them) and
    those with other digits, each smallest first (HoDoKu's cell sets)."""
    cells = sorted(rect)
    return ([c for c in cells if not board.masks[c] & ~pair],
            [c for c in cells if board.masks[c] & ~pair])


def _ur_step(name: str, rect: tuple[int, ...], elims: list[tuple[int, int]]) -> Step | None:
    """A rectangle step, or None when it eliminates nothing."""
    return _step(name, eliminations=tuple(elims), cells=rect) if elims else None


def _ur_type1(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 1: three cells hold only the pair's digits; the fourth loses them."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) != 3:
        return None
    cell = extra[0]
    return _ur_step("Unique Rectangle type 1", rect,
                    [(cell, d) for d in digits_of(board.masks[cell] & pair)])


def _ur_type25(board: Board, rect: tuple[int, ...], pair: int, kind: int) -> Step | None:
    """Types 2 and 5: two or three cells add one same digit, which leaves the cells seeing
    them all (type 2 when two such cells share a line, else type 5)."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) not in (1, 2):
        return None
    digits = 0
    for c in extra:
        digits |= board.masks[c] & ~pair
    if bin(digits).count("1") != 1:
        return None
    five = len(extra) == 3 or (_row(extra[0]) != _row(extra[1]) and _column(extra[0]) != _column(extra[1]))
    if kind != (5 if five else 2):
        return None
    seeing = set(_PEERS[extra[0]]).intersection(*(_PEERS[c] for c in extra[1:]))
    return _ur_step(f"Unique Rectangle type {kind}", rect,
                    [(c, digits.bit_length()) for c in sorted(seeing) if board.masks[c] & digits])


def _ur_type2(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 2 (:func:`_ur_type25`)."""
    return _ur_type25(board, rect, pair, 2)


def _ur_type5(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 5 (:func:`_ur_type25`)."""
    return _ur_type25(board, rect, pair, 5)


def _ur_absent(board: Board, cells: Iterable[int], pair: int) -> int:
    """The pair's smaller digit when no cell of ``cells`` holds it, else the larger one when
    none holds that, else 0."""
    here = 0
    for c in cells:
        here |= board.masks[c]
    for d in digits_of(pair):
        if not here & bit(d):
            return d
    return 0


def _ur_type4(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 4: two extra cells in one line; when one digit of the pair is in no cell seeing
    both, they lose the other."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) != 2:
        return None
    a, b = extra
    if _row(a) != _row(b) and _column(a) != _column(b):
        return None
    gone = _ur_absent(board, set(_PEERS[a]) & set(_PEERS[b]), pair)
    if not gone:
        return None
    other = pair & ~bit(gone)
    return _ur_step("Unique Rectangle type 4", rect,
                    [(c, other.bit_length()) for c in extra if board.masks[c] & other])


def _ur_type6(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Type 6: two diagonal extra cells; when one digit of the pair has no place in the
    rectangle's rows and columns outside it, the extra cells lose it."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) != 2:
        return None
    a, b = extra
    if _row(a) == _row(b) or _column(a) == _column(b):
        return None
    lines = {*_ROWS[_row(a)], *_ROWS[_row(b)], *_COLS[_column(a)], *_COLS[_column(b)]} - set(rect)
    gone = _ur_absent(board, lines, pair)
    return _ur_step("Unique Rectangle type 6", rect,
                    [(c, gone) for c in extra if board.masks[c] & bit(gone)]) if gone else None


def _ur_hidden(board: Board, rect: tuple[int, ...], pair: int) -> Step | None:
    """Hidden rectangle: a corner holding only the pair's digits (one, or two diagonal ones,
    each tried); when a digit of the pair has no place outside the rectangle in the row and
    the column through the opposite corner, that corner loses the other digit."""
    two, extra = _ur_split(board, rect, pair)
    if len(two) not in (1, 2):
        return None
    if len(two) == 2 and (_row(two[0]) == _row(two[1]) or _column(two[0]) == _column(two[1])):
        return None
    a, b = extra[0], extra[1]
    for corner in two:
        row = _row(b) if _row(a) == _row(corner) else _row(a)
        col = _column(b) if _column(a) == _column(corner) else _column(a)
        target = row * 9 + col
        outside = [c for c in (*_ROWS[row], *_COLS[col]) if c not in rect]
        for d in digits_of(pair):
            other = pair & ~bit(d)
            if not any(board.masks[c] & bit(d) for c in outside) and board.masks[target] & other:
                return _ur_step("Hidden Rectangle", rect, [(target, other.bit_length())])
    return None


#: The check of one rectangle for each of HoDoKu's types in :func:`_ur`.
_UR_CHECKS: dict[str, Callable[[Board, tuple[int, ...], int], Step | None]] = {
    "Unique Rectangle type 1": _ur_type1,
    "Unique Rectangle type 2": _ur_type2,
    "Unique Rectangle type 4": _ur_type4,
    "Unique Rectangle type 5": _ur_type5,
    "Unique Rectangle type 6": _ur_type6,
    "Hidden Rectangle": _ur_hidden,
}


# -- Sue de Coq --------------------------------------------------------------------------------


def _subsets(pool: list[int]) -> Iterator[list[int]]:
    """Every non-empty subset of ``pool`` in depth-first order ({0}, {0,1}, {0,1,2}, ... {0,2}, ...)."""

    def grow(start: int, chosen: list[int]) -> Iterator[list[int]]:
        """Extend ``chosen`` with one item from ``start`` on, then deeper."""
        for i in range(start, len(pool)):
            nxt = [*chosen, pool[i]]
            yield nxt
            yield from grow(i + 1, nxt)

    yield from grow(0, [])


def _sue_de_coq(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first Sue de Coq: rows then columns, each against the boxes in order, two or
    three cells of their intersection, the line's cells, then the box's cells."""
    for lines in (_ROWS, _COLS):
        for line in lines:
            line_cells = [c for c in line if board.masks[c]]
            for box in _BOXES:
                box_cells = [c for c in box if board.masks[c]]
                inter = [c for c in line_cells if c in box_cells]
                if len(inter) < 2:
                    continue
                found = _sdc_intersection(board, line_cells, box_cells, inter)
                if found is not None:
                    return found
    return None


def _sdc_intersection(board: Board, line: list[int], box: list[int], inter: list[int]) -> Step | None:
    """The first Sue de Coq on two or three cells of ``inter`` (HoDoKu's loop order)."""
    for i, a in enumerate(inter):
        for j in range(i + 1, len(inter)):
            pair = [a, inter[j]]
            mask = _union(board, pair)
            if bin(mask).count("1") - 2 >= 2:
                found = _sdc_line(board, line, box, pair, mask)
                if found is not None:
                    return found
            for k in range(j + 1, len(inter)):
                triple = [*pair, inter[k]]
                mask3 = mask | board.masks[inter[k]]
                if bin(mask3).count("1") - 3 >= 2:
                    found = _sdc_line(board, line, box, triple, mask3)
                    if found is not None:
                        return found
    return None


def _sdc_line(board: Board, line: list[int], box: list[int], inter: list[int], icands: int) -> Step | None:
    """The first Sue de Coq with the intersection cells ``inter`` (digits ``icands``): cell sets
    of the line, each with its box sets."""
    n_plus = bin(icands).count("1") - len(inter)
    for chosen in _subsets([c for c in line if c not in inter]):
        cands = _union(board, chosen)
        contained = bin(cands & icands).count("1")
        extra = cands & ~icands
        n_extra = bin(extra).count("1")
        if not (contained > 0 and len(chosen) > n_extra and len(chosen) - n_extra < n_plus):
            continue
        allowed = ~(cands & ~extra) & _FULL
        rest = n_plus - (len(chosen) - n_extra)
        pool = [c for c in box if c not in inter and c not in chosen]
        for bchosen in _subsets(pool):
            bcands = _union(board, bchosen)
            if bcands & ~allowed:
                continue
            if not bcands & icands or len(bchosen) - bin(bcands & ~icands).count("1") != rest:
                continue
            both = bcands & cands
            elims = _sdc_elims(board, box, [*bchosen, *inter], ((icands | bcands) & ~cands) | both)
            elims += _sdc_elims(board, line, [*chosen, *inter], ((icands | cands) & ~bcands) | both)
            if elims:
                return _step("Sue de Coq", eliminations=tuple(elims), cells=(*inter, *chosen, *bchosen))
    return None


def _sdc_elims(board: Board, house: list[int], used: list[int], digits: int) -> list[tuple[int, int]]:
    """The candidates of ``digits`` in the cells of ``house`` outside ``used``."""
    return [(c, d) for c in house if c not in used for d in digits_of(board.masks[c] & digits)]


# -- ALS-XZ and ALS-XY-Wing --------------------------------------------------------------------


#: The peers of each cell as an 81-bit mask.
_PEER_BITS = [sum(1 << p for p in _PEERS[i]) for i in range(81)]


@dataclass(frozen=True)
class _Als:
    """An almost locked set as HoDoKu keeps it: its cells (a bit mask), digit mask, per digit
    the cells holding it and the outside cells with the digit that see all of them."""

    cells: int
    digits: int
    where: dict[int, int]
    sees: dict[int, int]

    @property
    def buddies(self) -> int:
        """The outside cells that see all places of one of the digits."""
        out = 0
        for s in self.sees.values():
            out |= s
        return out


def _make_als(board: Board, cells: list[int], digits: int, holders: dict[int, int]) -> _Als:
    """The :class:`_Als` of ``cells`` (``holders``: the cells of the grid holding each digit)."""
    mask = sum(1 << c for c in cells)
    where: dict[int, int] = {}
    sees: dict[int, int] = {}
    for d in digits_of(digits):
        places = sum(1 << c for c in cells if board.masks[c] & bit(d))
        common = (1 << 81) - 1
        for c in bit_cells(places):
            common &= _PEER_BITS[c]
        where[d] = places
        sees[d] = common & ~mask & holders[d]
    return _Als(mask, digits, where, sees)


def _alses(board: Board) -> list[_Als]:
    """HoDoKu's ALS list: rows, columns, boxes, each searched depth first (up to 8 cells),
    one cell sets included, each set of cells once (where first met)."""
    holders = {d: sum(1 << c for c in range(81) if board.masks[c] & bit(d)) for d in range(1, 10)}
    found: dict[frozenset[int], list[int]] = {}
    order: list[tuple[list[int], int]] = []

    def grow(pool: list[int], start: int, chosen: list[int], digits: int) -> None:
        """Extend ``chosen`` with cells of ``pool`` from ``start`` on."""
        if len(chosen) >= 8:
            return
        for i in range(start, len(pool)):
            cells = [*chosen, pool[i]]
            mask = digits | board.masks[pool[i]]
            if bin(mask).count("1") == len(cells) + 1:
                key = frozenset(cells)
                if key not in found:
                    found[key] = cells
                    order.append((cells, mask))
            grow(pool, i + 1, cells, mask)

    for unit in _UNITS:
        grow([c for c in unit if board.masks[c]], 0, [], 0)
    return [_make_als(board, sorted(cells), mask, holders) for cells, mask in order]


#: A restricted common as HoDoKu keeps it: the two ALS (list positions) and one or two digits.
_Rc = tuple[int, int, int, int]


def _rcs(alses: list[_Als]) -> list[_Rc]:
    """HoDoKu's restricted commons between non-overlapping ALS pairs (forward only): a digit
    common to both whose places all see each other (a third digit replaces the second)."""
    out: list[_Rc] = []
    for i, a in enumerate(alses):
        for j in range(i + 1, len(alses)):
            b = alses[j]
            if a.cells & b.cells:
                continue
            common = a.digits & b.digits
            if not common:
                continue
            found: list[int] = []
            for d in digits_of(common):
                places = a.where[d] | b.where[d]
                if places & ~((a.sees[d] | a.where[d]) & (b.sees[d] | b.where[d])) == 0:
                    found.append(d)
            if found:
                out.append((i, j, found[0], found[-1] if len(found) > 1 else 0))
    return out


def _common_elims(a: _Als, b: _Als, skip: Iterable[int], elims: list[tuple[int, int]]) -> None:
    """Add the eliminations of the digits common to ``a`` and ``b`` (but ``skip``): outside cells
    seeing all their places in both."""
    digits = a.digits & b.digits
    for d in skip:
        if d:
            digits &= ~bit(d)
    if not digits or not a.buddies & b.buddies:
        return
    for d in digits_of(digits):
        elims.extend((c, d) for c in bit_cells(a.sees[d] & b.sees[d]))


def _locked_elims(a: _Als, b: _Als, x: int, y: int, elims: list[tuple[int, int]]) -> None:
    """Add the eliminations of a doubly linked ALS-XZ: ``a`` without the digits ``x`` and ``y``
    is a locked set (no elimination in ``b``)."""
    for d in digits_of(a.digits & ~bit(x) & ~bit(y)):
        elims.extend((c, d) for c in bit_cells(a.sees[d] & ~b.cells))


def _unique(elims: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """``elims`` without repeats, in their order."""
    return tuple(dict.fromkeys(elims))


def _als_xz(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
    """HoDoKu's first ALS-XZ, doubly linked ones included, in its restricted common order."""
    alses = _alses(board)
    deadline.check()
    for i, j, x, y in _rcs(alses):
        a, b = alses[i], alses[j]
        elims: list[tuple[int, int]] = []
        _common_elims(a, b, (x,), elims)
        if y:
            _common_elims(a, b, (y,), elims)
            _locked_elims(a, b, x, y, elims)
            _locked_elims(b, a, x, y, elims)
        if elims:
            return _step("ALS-XZ", eliminations=_unique(elims), cells=tuple(bit_cells(a.cells | b.cells)))
    return None


def _als_xy_wing(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
    """HoDoKu's first ALS-XY-Wing: pairs of restricted commons in order that join three ALS."""
    alses = _alses(board)
    deadline.check()
    rcs = _rcs(alses)
    touching: dict[int, list[int]] = {}
    for k, (i, j, _x, _y) in enumerate(rcs):
        touching.setdefault(i, []).append(k)
        touching.setdefault(j, []).append(k)
    for k, rc1 in enumerate(rcs):
        deadline.check()
        later = sorted({m for m in touching[rc1[0]] + touching[rc1[1]] if m > k})
        for m in later:
            found = _xy_wing_of(alses, rc1, rcs[m])
            if found is not None:
                return found
    return None


def _xy_wing_of(alses: list[_Als], rc1: _Rc, rc2: _Rc) -> Step | None:
    """The ALS-XY-Wing of two restricted commons sharing one ALS (C), or None."""
    if rc1[3] == 0 and rc2[3] == 0 and rc1[2] == rc2[2]:
        return None
    shared = {rc1[0], rc1[1]} & {rc2[0], rc2[1]}
    if len(shared) != 1:
        return None
    c = shared.pop()
    a = alses[rc1[1] if rc1[0] == c else rc1[0]]
    b = alses[rc2[1] if rc2[0] == c else rc2[0]]
    if a.cells & b.cells:
        return None
    elims: list[tuple[int, int]] = []
    _common_elims(a, b, rc1[2:] + rc2[2:], elims)
    if not elims:
        return None
    return _step("ALS-XY-Wing", eliminations=_unique(elims),
                 cells=tuple(bit_cells(a.cells | b.cells | alses[c].cells)))


#: HoDoKu 2.2's enabled techniques in its default order, with base scores and levels.
HODOKU_STEPS: tuple[StepKind, ...] = (
    StepKind("FULL_HOUSE", 4, EASY, _full_house),
    StepKind("NAKED_SINGLE", 4, EASY, _naked_single),
    StepKind("HIDDEN_SINGLE", 14, EASY, _hidden_single),
    StepKind("LOCKED_PAIR", 40, MEDIUM, _naked(2, True)),
    StepKind("LOCKED_TRIPLE", 60, MEDIUM, _naked(3, True)),
    StepKind("LOCKED_CANDIDATES_1", 50, MEDIUM, _locked_candidates(True)),
    StepKind("LOCKED_CANDIDATES_2", 50, MEDIUM, _locked_candidates(False)),
    StepKind("NAKED_PAIR", 60, MEDIUM, _naked(2, False)),
    StepKind("NAKED_TRIPLE", 80, MEDIUM, _naked(3, False)),
    StepKind("HIDDEN_PAIR", 70, MEDIUM, _hidden(2)),
    StepKind("HIDDEN_TRIPLE", 100, MEDIUM, _hidden(3)),
    StepKind("NAKED_QUADRUPLE", 120, HARD, _naked(4, False)),
    StepKind("HIDDEN_QUADRUPLE", 150, HARD, _hidden(4)),
    StepKind("X_WING", 140, HARD, _sudokit("X-Wing", best=True)),
    StepKind("SWORDFISH", 150, HARD, _sudokit("Swordfish", best=True)),
    StepKind("JELLYFISH", 160, HARD, _sudokit("Jellyfish", best=True)),
    StepKind("REMOTE_PAIR", 110, HARD, _remote_pair),
    StepKind("BUG_PLUS_1", 100, HARD, _sudokit("BUG", "BUG type 1")),
    StepKind("SKYSCRAPER", 130, HARD, _skyscraper),
    StepKind("TWO_STRING_KITE", 150, HARD, _kite),
    StepKind("TURBOT_FISH", 120, HARD, _turbot),
    StepKind("EMPTY_RECTANGLE", 120, HARD, _empty_rectangle),
    StepKind("W_WING", 150, HARD, _sudokit("W-Wing")),
    StepKind("XY_WING", 160, HARD, _sudokit("XY-Wing")),
    StepKind("XYZ_WING", 180, HARD, _sudokit("XYZ-Wing")),
    StepKind("UNIQUENESS_1", 100, HARD, _ur("Unique Rectangle type 1")),
    StepKind("UNIQUENESS_2", 100, HARD, _ur("Unique Rectangle type 2")),
    StepKind("UNIQUENESS_3", 100, HARD, _ur3),
    StepKind("UNIQUENESS_4", 100, HARD, _ur("Unique Rectangle type 4")),
    StepKind("UNIQUENESS_5", 100, HARD, _ur("Unique Rectangle type 5")),
    StepKind("UNIQUENESS_6", 100, HARD, _ur("Unique Rectangle type 6")),
    StepKind("HIDDEN_RECTANGLE", 100, HARD, _ur("Hidden Rectangle")),
    StepKind("AVOIDABLE_RECTANGLE_1", 100, HARD, _sudokit("Avoidable Rectangle type 1")),
    StepKind("AVOIDABLE_RECTANGLE_2", 100, HARD, _sudokit("Avoidable Rectangle type 2")),
    StepKind("FINNED_X_WING", 130, HARD, _sudokit("Finned Fish", "Finned X-Wing", best=True)),
    StepKind("SASHIMI_X_WING", 150, HARD, _sudokit("Finned Fish", "Sashimi X-Wing", best=True)),
    StepKind("FINNED_SWORDFISH", 200, UNFAIR, _sudokit("Finned Fish", "Finned Swordfish", best=True)),
    StepKind("SASHIMI_SWORDFISH", 240, UNFAIR, _sudokit("Finned Fish", "Sashimi Swordfish", best=True)),
    StepKind("FINNED_JELLYFISH", 250, UNFAIR, _sudokit("Finned Fish", "Finned Jellyfish", best=True)),
    StepKind("SASHIMI_JELLYFISH", 260, UNFAIR, _sudokit("Finned Fish", "Sashimi Jellyfish", best=True)),
    StepKind("SUE_DE_COQ", 250, UNFAIR, _sue_de_coq),
    StepKind("SIMPLE_COLORS", 150, HARD, _sudokit("Simple Colouring")),
    StepKind("MULTI_COLORS", 200, HARD, _sudokit("Multi-Colouring")),
    StepKind("X_CHAIN", 260, UNFAIR, _x_chain),
    StepKind("XY_CHAIN", 260, UNFAIR, _xy_chain),
    StepKind("NICE_LOOP", 280, UNFAIR, _nice_loop),
    StepKind("GROUPED_NICE_LOOP", 300, UNFAIR, _grouped_nice_loop),
    StepKind("ALS_XZ", 300, UNFAIR, _als_xz),
    StepKind("ALS_XY_WING", 320, UNFAIR, _als_xy_wing),
    StepKind("ALS_XY_CHAIN", 340, UNFAIR, _sudokit("ALS-Chain", by_digit=True)),
    StepKind("FRANKEN_X_WING", 300, UNFAIR, _franken("Franken", "X-Wing")),
    StepKind("FRANKEN_SWORDFISH", 350, UNFAIR, _franken("Franken", "Swordfish")),
    StepKind("FINNED_FRANKEN_X_WING", 390, UNFAIR, _franken("Finned Franken", "X-Wing")),
    StepKind("FINNED_FRANKEN_SWORDFISH", 410, UNFAIR, _franken("Finned Franken", "Swordfish")),
    StepKind("FORCING_CHAIN", 500, EXTREME, _forcing(forcing_chain)),
    StepKind("FORCING_NET", 700, EXTREME, _forcing(forcing_net)),
)


def hodoku_level(score: int, hardest: int) -> str:
    """HoDoKu's level name: the hardest step's level, raised while ``score`` is above its limit."""
    level = hardest
    while score > HODOKU_LEVELS[level][1]:
        level += 1
    return HODOKU_LEVELS[level][0]


def _next(board: Board, cands: Candidates, deadline: Deadline) -> HodokuStep | None:
    """The step HoDoKu takes next: the first technique in order that finds one."""
    for kind in HODOKU_STEPS:
        deadline.check()
        step = kind.find(board, cands, deadline)
        if step is not None:
            named = step if step.technique else _renamed(step, kind.kind)
            return HodokuStep(kind.kind, kind.score, kind.level, named)
    return None


def _renamed(step: Step, kind: str) -> Step:
    """``step`` named after HoDoKu's type (``NAKED_PAIR`` → ``Naked Pair``)."""
    name = kind.replace("_", " ").title().replace("Quadruple", "Quadruple")
    return Step(name, step.difficulty, placements=step.placements, eliminations=step.eliminations,
                cells=step.cells)


def _apply(board: Board, step: Step) -> None:
    """Make ``step``'s placements and then its eliminations on ``board``, in their order."""
    for cell, digit in step.placements:
        board.place(cell, digit)
    for cell, digit in step.eliminations:
        board.eliminate(cell, digit)


def _brute_force(board: Board, solution: tuple[int, ...]) -> HodokuStep:
    """HoDoKu's last resort: the middle one of the empty cells gets its solution digit."""
    empty = [c for c in range(81) if not board.values[c]]
    cell = empty[len(empty) // 2]
    step = _step("Brute Force", ((cell, solution[cell]),), cells=(cell,))
    return HodokuStep("BRUTE_FORCE", 10000, EXTREME, step)


def hodoku_path(grid: Grid, deadline: Deadline = NEVER, engine: str | None = None,
                stop: Stop | None = None) -> tuple[list[HodokuStep], bool]:
    """HoDoKu's path for a 9×9 ``grid`` with a unique solution, and whether the techniques
    solved it without HoDoKu's last resort (a ``BRUTE_FORCE`` step: the middle empty cell takes
    its solution digit, scored 10000).

    With the C engine (``engine``: ``"c"``, ``"python"`` or None for the default, see
    :mod:`sudokit.engine.backend`) the loop, the board and the finders ported to C
    (csrc/hodoku9_*.c) run there, asking the Python finders of this module for the other step
    types; the path is the same step for step.

    Raises :class:`~sudokit.errors.TimeLimitReached` once ``deadline`` passes,
    :class:`~sudokit.errors.Stopped` once ``stop`` is set (a batch's workers: the C loop reads
    it between steps and in its long searches, the Python one between steps and before each
    Python finder it asks) and :class:`~sudokit.errors.OptionError` for a grid that is not a
    classic 9×9 or has no unique solution.
    """
    if grid.shape.n != 9 or grid.rules is not None:
        raise OptionError("HoDoKu's path is for classic 9×9 puzzles")
    stop = stop or Stop()
    core = backend.native(engine)
    path = (_python_path(grid, deadline, stop) if core is None
            else _native_path(core, grid, deadline, stop))
    return path, all(s.kind != "BRUTE_FORCE" for s in path)


def hodoku_rating(grid: Grid, deadline: Deadline = NEVER, engine: str | None = None,
                  stop: Stop | None = None) -> tuple[int, str]:
    """HoDoKu 2.2's score and level name (``"Easy"`` … ``"Extreme"``, :data:`HODOKU_LEVELS`) of a
    9×9 ``grid`` with a unique solution, from its path alone (:func:`hodoku_path`, same
    arguments and errors): the scale without Sudoku Explainer's rating, which
    ``rate(..., hodoku_path=True)`` adds.

    >>> hodoku_rating(Grid.from_line(
    ...     "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"))
    (290, 'Easy')
    """
    path, _ = hodoku_path(grid, deadline, engine, stop)
    score = sum(s.score for s in path)
    return score, hodoku_level(score, max((s.level for s in path), default=EASY))


def _python_path(grid: Grid, deadline: Deadline, stop: Stop) -> list[HodokuStep]:
    """HoDoKu's path found by this module alone (the reference of the C one)."""
    board = Board(grid.cells)
    cands = board.candidates(grid.shape)
    path: list[HodokuStep] = []
    solution: tuple[int, ...] | None = None
    while not board.solved():
        stop.check()
        found = _next(board, cands, deadline)
        if found is None:
            if solution is None:
                solution = _solution(grid)
            found = _brute_force(board, solution)
        path.append(found)
        _apply(board, found.step)
    return path


#: ``sudokit._core.hodoku_path``'s statuses (csrc/se/human9.h: HM_SOLVED, HM_UNSOLVED, HM_LIMIT).
_C_SOLVED, _C_UNSOLVED, _C_LIMIT = 0, 1, 2
#: The kind number of the C path's BRUTE_FORCE steps (csrc/hodoku/hodoku9.h).
_C_BRUTE_FORCE = 99


def _native_path(core: backend.NativeEngine, grid: Grid, deadline: Deadline,
                 stop: Stop, ask: Sequence[int] = ()) -> list[HodokuStep]:
    """HoDoKu's path run by the C core (csrc/hodoku/hodoku9_path.c), the Python finders asked for the
    step types C does not have and for those in ``ask`` (tests mix the two that way); their
    steps are kept as found (links, proof and all)."""
    solution = _solution(grid)
    found: list[Step] = []
    deadline.check()
    left = deadline.remaining()
    external = _external(grid, deadline, stop, found)
    status, steps = core.hodoku_path(bytes(grid.cells), bytes(solution), external,
                                     0.0 if left is None else max(left, 1e-6), stop.buffer, ask)
    if status == _C_LIMIT:
        raise TimeLimitReached("time limit reached")
    if status != _C_SOLVED:
        raise OptionError("HoDoKu's path took more steps than a puzzle has candidates")
    return _hodoku_steps(steps, set(core.hodoku_ported()) - set(ask), iter(found))


def _external(grid: Grid, deadline: Deadline, stop: Stop, found: list[Step]) -> backend.HodokuExternal:
    """The C path's finder of the step types without a C twin: the Python finder on a board in
    the C path's state; the steps it gives are appended to ``found``."""
    boards: dict[tuple[bytes, Sequence[int]], tuple[Board, Candidates]] = {}

    def external(kind: int, givens: bytes, values: bytes,
                 masks: Sequence[int]) -> backend.HodokuStepTuple | None:
        """The step of the Python finder of ``kind`` (one board per state, shared by the kinds
        asked there, as the Python path shares its board)."""
        stop.check()
        key = (values, masks)
        if key not in boards:
            boards.clear()
            board = Board.from_state(givens, values, masks)
            boards[key] = board, board.candidates(grid.shape)
        board, cands = boards[key]
        step = HODOKU_STEPS[kind].find(board, cands, deadline)
        if step is None:
            return None
        named = step if step.technique else _renamed(step, HODOKU_STEPS[kind].kind)
        found.append(named)
        return kind, named.technique, named.placements, named.eliminations, named.cells

    return external


def _hodoku_steps(steps: Iterable[backend.HodokuStepTuple], ported: set[int],
                  found: Iterator[Step]) -> list[HodokuStep]:
    """The C path's steps as :class:`HodokuStep`: those of C finders rebuilt, the others the
    Python finders' own (``found``, in path order)."""
    path: list[HodokuStep] = []
    for kind, name, placements, eliminations, cells in steps:
        if kind == _C_BRUTE_FORCE:
            path.append(HodokuStep("BRUTE_FORCE", 10000, EXTREME, _step(name, placements, cells=cells)))
            continue
        spec = HODOKU_STEPS[kind]
        step = _step(name, placements, eliminations, cells) if kind in ported else next(found)
        path.append(HodokuStep(spec.kind, spec.score, spec.level, step))
    return path


def _solution(grid: Grid) -> tuple[int, ...]:
    """The unique solution of ``grid`` (OptionError when there is none or several)."""
    found = search(grid, 2)
    if found.count != 1 or found.solution is None:
        raise OptionError("HoDoKu's path needs a puzzle with a unique solution")
    return tuple(found.solution.cells)
