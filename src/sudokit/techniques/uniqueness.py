"""Uniqueness: patterns that would give a puzzle two solutions, so cannot stay as they are.

These assume the puzzle has exactly one solution.

- **Unique rectangle / loop** on digits ``a b``: cells alternating through rows, columns and
  boxes so that each unit it enters holds exactly two of its cells. If every cell held only
  ``a b`` the two digits could be swapped: a second solution. So one cell with extra
  candidates (the rescue cells) must take an extra digit.

  - Type 1: one rescue cell; it loses ``a`` and ``b``.
  - Type 2: the rescue cells share one extra digit ``x``; one of them is ``x``, so ``x`` leaves
    the cells that see them all.
  - Type 3: two rescue cells in one unit whose extra digits, with other cells of the unit,
    make a naked set (the pair acts as one cell holding its extras) or a hidden set; the set's
    usual eliminations follow.
  - Type 4: two rescue cells in one unit where ``a`` has no other place: one of them is ``a``,
    so neither can be ``b``.

  SE difficulty 4.5, plus 0.1 for a 6-cell loop, 0.2 for 8, 0.5 for 10 or more, plus 0.1 per
  cell beyond a pair in a type 3 set. SE lists all loops and takes the easiest first.
- **HoDoKu's other rectangle types** (not used by SE rating): a rectangle of four cells in two
  rows, two columns and two boxes, all holding ``a`` and ``b``, one or two of them nothing
  else. As in HoDoKu (its default), a cell may miss ``a`` or ``b`` when no placed peer holds
  it: the digit was only eliminated, and swapping ``a`` and ``b`` still gives a second solution.

  - Type 5: the other cells (two diagonal ones, or three) add one and the same digit ``x``;
    one of them is ``x``, so ``x`` leaves the cells seeing them all.
  - Type 6: two diagonal cells add digits and ``a`` has no other place in the rectangle's rows
    and columns: ``a`` fills one diagonal, and on the extra cells it would leave ``b`` for
    the other, so the extra cells lose ``a``.
  - Hidden Rectangle: a corner holds only ``a b``, and in the row and column through the
    opposite corner ``a`` has no place outside the rectangle: then the opposite corner cannot
    be ``b``.

  HoDoKu scores each 100 (Hard); see :mod:`sudokit.techniques` for their SE-comparable
  difficulty.
- **BUG** (bivalue universal grave): if removing a few "BUG candidates" would leave every
  empty cell with two candidates and every digit twice in each unit, the grid would have two
  solutions, so one BUG candidate is true.

  - Type 1 (5.6): one cell holds the BUG candidates; its other candidates go.
  - Type 2 (5.7): the BUG candidates are one digit; cells seeing all of them lose it.
  - Type 3 (5.8-6.2): the BUG cells share a unit; their BUG digits act as one cell in a naked
    set there.
  - Type 4 (5.7): two BUG cells in one unit sharing one other digit ``v``; each loses its
    candidates that are neither its BUG digit nor ``v``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.shape import Shape
from sudokit.techniques.base import (
    BOX,
    COL,
    ROW,
    cell_list,
    common_peers,
    digit_list,
    eliminations_text,
    removable,
    unit_index,
)
from sudokit.techniques.step import Step

__all__ = [
    "find_bugs",
    "find_hidden_rectangles",
    "find_unique_loops",
    "find_ur_type5",
    "find_ur_type6",
    "rectangles",
    "unique_loops",
]

#: SE's order of unit kinds for these patterns: box, row, column.
_KINDS = (BOX, ROW, COL)


def _unit_of(shape: Shape, kind: int, cell: int) -> int:
    """The index into :attr:`Shape.units` of the unit of ``kind`` holding ``cell``."""
    return shape.cell_units[cell][(ROW, COL, BOX).index(kind)]


def _house(shape: Shape, cell: int) -> frozenset[int]:
    """The peers of a cell."""
    return shape.peers[cell]


# -- unique loops --------------------------------------------------------------------------------


def unique_loops(cands: Candidates, a: int, b: int, start: int) -> list[list[int]]:
    """Loops of cells holding ``a`` and ``b`` from ``start`` (SE's search; at most two rescue cells
    unless they all add the same single digit)."""
    shape = cands.shape
    masks = cands.masks
    pair = bit(a) | bit(b)
    found: list[list[int]] = []
    loop: list[int] = []

    def walk(cell: int, allowed: int, extras: int, last_kind: int | None) -> None:
        loop.append(cell)
        for kind in _KINDS:
            if kind == last_kind:
                continue
            for nxt in shape.units[_unit_of(shape, kind, cell)]:
                if nxt == loop[0] and len(loop) >= 4:
                    found.append(list(loop))
                elif nxt not in loop and masks[nxt] & pair == pair:
                    extras |= masks[nxt] & ~pair
                    wide = masks[nxt].bit_count() > 2
                    if not wide or extras.bit_count() == 1 or allowed > 0:
                        walk(nxt, allowed - 1 if wide else allowed, extras, kind)
        loop.pop()

    walk(start, 2, 0, None)
    return found


def _is_valid_loop(shape: Shape, loop: Sequence[int]) -> bool:
    """Every unit the loop enters holds exactly two of its cells, one at an odd and one at an
    even position."""
    seen: tuple[set[int], set[int]] = (set(), set())
    for i, cell in enumerate(loop):
        side = seen[i % 2]
        for unit in shape.cell_units[cell]:
            if unit in side:
                return False
            side.add(unit)
    return seen[0] == seen[1]


def _loop_difficulty(size: int) -> float:
    """SE's difficulty of a unique loop of ``size`` cells before any type 3 bonus."""
    extra = 0.0
    if size >= 10:
        extra += 0.3
    if size >= 8:
        extra += 0.2
    elif size >= 6:
        extra += 0.1
    return round(4.5 + extra, 2)


def _loop_name(size: int, kind: int) -> str:
    """``Unique Rectangle type 1``, ``Unique Loop type 2``, ``Unique Loop 8 type 3``."""
    shape_name = "Rectangle" if size == 4 else "Loop"
    middle = f" {size}" if size > 6 else ""
    return f"Unique {shape_name}{middle} type {kind}"


class _LoopFinder:
    """Collects the unique loop steps of one position, as SE does (deduplicated, then sorted)."""

    def __init__(self, cands: Candidates) -> None:
        self.cands = cands
        self.shape = cands.shape
        self.steps: list[tuple[float, int, Step]] = []
        self.seen: set[tuple[str, frozenset[int]]] = set()

    def add(self, kind: int, variant: str, loop: list[int], step: Step | None) -> None:
        """Keep a step unless one of the same type on the same loop is already kept."""
        key = (variant, frozenset(loop))
        if step is None or not step.eliminations or key in self.seen:
            return
        self.seen.add(key)
        self.steps.append((step.difficulty, kind, step))

    def step(
        self, loop: list[int], a: int, b: int, kind: int, removed: Sequence[tuple[int, int]],
        why: str, bonus: float = 0.0, more_cells: Sequence[int] = (), units: Sequence[int] = (),
    ) -> Step:
        """Build a unique loop step."""
        shape = self.shape
        size = len(loop)
        return Step(
            _loop_name(size, kind), round(_loop_difficulty(size) + bonus, 2),
            eliminations=tuple(sorted(removed)), cells=tuple(loop) + tuple(more_cells),
            units=tuple(units),
            candidates=tuple((c, d) for c in loop for d in (a, b)),
            explanation=f"{cell_list(shape, loop)} would form a deadly pattern on {a}/{b} (two "
            f"solutions) if none of them held another digit; {why}: "
            f"{eliminations_text(shape, removed)}",
            extra={"hodoku": 100, "loop": tuple(loop)},
        )

    def run(self) -> list[Step]:
        """Search every bivalue cell for loops and build the steps, easiest first."""
        cands = self.cands
        for start in range(self.shape.size):
            if cands.masks[start].bit_count() != 2:
                continue
            a, b = cands.digits(start)
            for loop in unique_loops(cands, a, b, start):
                if _is_valid_loop(self.shape, loop):
                    self.loop_steps(loop, a, b)
        self.steps.sort(key=lambda t: (t[0], t[1]))
        return [s for _, _, s in self.steps]

    def loop_steps(self, loop: list[int], a: int, b: int) -> None:
        """Add the type 1-4 steps of one loop."""
        masks = self.cands.masks
        pair = bit(a) | bit(b)
        rescue = [c for c in loop if masks[c].bit_count() > 2]
        if len(rescue) == 1:
            self.add(1, "1", loop, self.type1(loop, a, b, rescue[0]))
        elif len(rescue) > 2:
            self.add(2, "2", loop, self.type2(loop, a, b, rescue))
        elif len(rescue) == 2:
            c1, c2 = rescue
            extra = (masks[c1] | masks[c2]) & ~pair
            if extra.bit_count() == 1:
                self.add(2, "2", loop, self.type2(loop, a, b, rescue))
            elif extra.bit_count() >= 2:
                for variant, step in self.type3(loop, a, b, c1, c2, extra):
                    self.add(3, variant, loop, step)
            self.add(4, "4", loop, self.type4(loop, a, b, c1, c2))

    def type1(self, loop: list[int], a: int, b: int, cell: int) -> Step:
        """One rescue cell: it cannot be a or b."""
        where = self.shape.cell_name(cell)
        return self.step(loop, a, b, 1, [(cell, a), (cell, b)], f"only {where} can avoid it, so "
                         f"it is neither {a} nor {b}")

    def type2(self, loop: list[int], a: int, b: int, rescue: list[int]) -> Step | None:
        """Rescue cells sharing one extra digit x: x leaves cells seeing them all."""
        masks = self.cands.masks
        extra = 0
        for c in rescue:
            extra |= masks[c] & ~(bit(a) | bit(b))
        if extra.bit_count() != 1:
            return None
        x = digits_of(extra)[0]
        seeing = set(_house(self.shape, rescue[0]))
        for c in rescue[1:]:
            seeing &= _house(self.shape, c)
        removed = [(c, x) for c in sorted(seeing - set(rescue)) if masks[c] & extra]
        return self.step(loop, a, b, 2, removed, f"so one of {cell_list(self.shape, rescue)} is "
                         f"{x}, and {x} can be removed from cells seeing them all")

    def type4(self, loop: list[int], a: int, b: int, c1: int, c2: int) -> Step | None:
        """Two rescue cells in a unit where a (or b) has no other place: neither is the other digit."""
        shape = self.shape
        lock: tuple[int, int] | None = None
        lock_a = lock_b = None
        for kind in _KINDS:
            unit = _unit_of(shape, kind, c1)
            if unit != _unit_of(shape, kind, c2):
                continue
            others = [c for c in shape.units[unit] if c not in (c1, c2)]
            if not any(self.cands.has(c, a) for c in others):
                lock_a = unit
            if not any(self.cands.has(c, b) for c in others):
                lock_b = unit
        if lock_a is not None:
            lock = (lock_a, a)
            gone = b
        elif lock_b is not None:
            lock = (lock_b, b)
            gone = a
        else:
            return None
        unit, digit = lock
        return self.step(loop, a, b, 4, [(c1, gone), (c2, gone)],
                         f"in {shape.unit_name(unit)}, {digit} can only go in "
                         f"{cell_list(shape, (c1, c2))}, so one of them is {digit} and the other "
                         f"must avoid the pattern with an extra digit; neither can be {gone}",
                         units=(unit,))

    def type3(
        self, loop: list[int], a: int, b: int, c1: int, c2: int, extra: int
    ) -> Iterator[tuple[str, Step]]:
        """Naked and hidden sets formed with the rescue pair's extra digits (SE's search)."""
        shape = self.shape
        cands = self.cands
        n = shape.n
        for degree in range(extra.bit_count(), n - 1):
            for kind in _KINDS:
                unit = _unit_of(shape, kind, c1)
                if unit != _unit_of(shape, kind, c2):
                    continue
                cells = shape.units[unit]
                empty = sum(1 for c in cells if not cands.values[c])
                if degree * 2 <= empty:
                    for step in self.type3_naked(loop, a, b, c1, c2, extra, unit, degree):
                        yield "3n", step
                if degree * 2 < empty and degree >= 2:
                    for step in self.type3_hidden(loop, a, b, c1, c2, extra, unit, degree):
                        yield "3h", step

    def type3_naked(
        self, loop: list[int], a: int, b: int, c1: int, c2: int, extra: int, unit: int, degree: int
    ) -> Iterator[Step]:
        """The pair's extras plus degree-1 other cells of the unit hold only ``degree`` digits."""
        shape = self.shape
        masks = self.cands.masks
        cells = [c for c in shape.units[unit] if c not in (c1, c2)]
        shared = extra & masks[c1] & masks[c2]
        for others in combinations(cells, degree - 1):
            total = _naked_set(masks, others, shared, extra, degree)
            if total is None:
                continue
            removed = [
                (c, d) for c in cells if c not in others for d in digits_of(masks[c] & total)
            ]
            yield self.step(
                loop, a, b, 3, removed,
                f"one of {cell_list(shape, (c1, c2))} holds {digit_list(extra)}, so with "
                f"{cell_list(shape, others)} they form a naked set on {digit_list(total)} in "
                f"{shape.unit_name(unit)}, and those digits leave its other cells",
                bonus=(degree - 1) * 0.1, more_cells=others, units=(unit,),
            )

    def type3_hidden(
        self, loop: list[int], a: int, b: int, c1: int, c2: int, extra: int, unit: int, degree: int
    ) -> Iterator[Step]:
        """``a``, ``b`` and degree-2 other digits confined (c2 aside) to ``degree`` cells of the unit."""
        shape = self.shape
        cands = self.cands
        masks = cands.masks
        cells = shape.units[unit]
        pair = bit(a) | bit(b)
        rest = [d for d in range(1, shape.n + 1) if not (bit(d) & (pair | extra))]
        if degree - 2 > len(rest):
            return
        for chosen in combinations(rest, degree - 2):
            digits = (*chosen, a, b)
            places = [set(cands.places(d, cells)) - {c2} for d in digits]
            if any(not p for p in places):
                continue
            union = set().union(*places)
            if len(union) != degree:
                continue
            hidden = 0
            for d in digits:
                hidden |= bit(d)
            inside = sorted(union - {c1, c2})
            removed = [(c, d) for c in inside for d in digits_of(masks[c] & ~hidden)]
            yield self.step(
                loop, a, b, 3, removed,
                f"one of {cell_list(shape, (c1, c2))} must hold an extra digit, so in "
                f"{shape.unit_name(unit)} {digit_list(digits)} are confined to "
                f"{cell_list(shape, sorted(union | {c1}))} (a hidden set), so "
                f"{cell_list(shape, inside)} can only hold {digit_list(digits)}",
                bonus=(len(inside) - 1) * 0.1, more_cells=inside, units=(unit,),
            )


def find_unique_loops(cands: Candidates) -> Iterator[Step]:
    """Unique rectangles and loops of types 1-4, easiest first (SE 4.5 and up)."""
    yield from _LoopFinder(cands).run()


# -- HoDoKu's rectangles (types 5, 6 and the hidden rectangle) ------------------------------------


def _allowed(cands: Candidates, cell: int, digit: int) -> bool:
    """True when ``cell`` holds ``digit`` or no placed peer does (it was only eliminated)."""
    if cands.has(cell, digit):
        return True
    return all(cands.values[p] != digit for p in cands.shape.peers[cell])


def rectangles(cands: Candidates) -> Iterator[tuple[tuple[int, int, int, int], int, int]]:
    """Unique rectangles ``(cells, a, b)`` as HoDoKu sees them: cells ``r1c1 r1c2 r2c2 r2c1`` in
    two boxes, at least one holding just ``a b``, the others empty and holding ``a`` and ``b``
    or missing one that no placed peer holds (HoDoKu's default "allow missing candidates")."""
    shape = cands.shape
    masks = cands.masks
    for r1, r2 in combinations(range(shape.n), 2):
        for c1, c2 in combinations(range(shape.n), 2):
            rect = (r1 * shape.n + c1, r1 * shape.n + c2, r2 * shape.n + c2, r2 * shape.n + c1)
            if len({shape.box_of(c) for c in rect}) != 2 or any(cands.values[c] for c in rect):
                continue
            for cell in rect:
                if masks[cell].bit_count() != 2:
                    continue
                a, b = digits_of(masks[cell])
                if rect.index(cell) == min(
                    i for i, c in enumerate(rect) if masks[c] == masks[cell]
                ) and all(_allowed(cands, c, d) for c in rect for d in (a, b)):
                    yield rect, a, b


def _diagonal(shape: Shape, c1: int, c2: int) -> bool:
    """True when two cells share neither a row nor a column."""
    return shape.row_of(c1) != shape.row_of(c2) and shape.col_of(c1) != shape.col_of(c2)


def _extra_cells(cands: Candidates, rect: Sequence[int], a: int, b: int) -> list[int]:
    """The rectangle's cells holding digits other than ``a`` and ``b``."""
    pair = bit(a) | bit(b)
    return [c for c in rect if cands.masks[c] & ~pair]


def _rect_step(
    cands: Candidates, name: str, difficulty: float, rect: Sequence[int], a: int, b: int,
    removed: Sequence[tuple[int, int]], why: str, units: Sequence[int] = (),
) -> Step:
    """Build a step of one of HoDoKu's rectangle types (HoDoKu score 100)."""
    shape = cands.shape
    return Step(
        name, difficulty, eliminations=tuple(sorted(removed)), cells=tuple(rect),
        units=tuple(units), candidates=tuple((c, d) for c in rect for d in (a, b)),
        explanation=f"{cell_list(shape, rect)} would form a deadly pattern on {a}/{b} (two "
        f"solutions) if none of them held another digit; {why}: "
        f"{eliminations_text(shape, removed)}",
        extra={"hodoku": 100, "loop": tuple(rect)},
    )


def find_ur_type5(cands: Candidates) -> Iterator[Step]:
    """HoDoKu's unique rectangle type 5: two diagonal (or three) cells add one same digit."""
    shape = cands.shape
    for rect, a, b in rectangles(cands):
        extra_cells = _extra_cells(cands, rect, a, b)
        if len(extra_cells) == 2 and not _diagonal(shape, *extra_cells):
            continue
        if len(extra_cells) not in (2, 3):
            continue
        extra = 0
        for c in extra_cells:
            extra |= cands.masks[c] & ~(bit(a) | bit(b))
        if extra.bit_count() != 1:
            continue
        x = digits_of(extra)[0]
        removed = removable(cands, common_peers(shape, extra_cells), x)
        if removed:
            yield _rect_step(cands, "Unique Rectangle type 5", 4.5, rect, a, b, removed,
                             f"so one of {cell_list(shape, extra_cells)} is {x}, and {x} can be "
                             "removed from cells seeing them all")


def _lines_through(shape: Shape, cells: Sequence[int]) -> list[int]:
    """The rows and columns (unit indices) through some of ``cells``."""
    rows = sorted({shape.row_of(c) for c in cells})
    cols = sorted({shape.col_of(c) for c in cells})
    return [unit_index(shape, ROW, r) for r in rows] + [unit_index(shape, COL, c) for c in cols]


def _confined(cands: Candidates, digit: int, units: Sequence[int], rect: Sequence[int]) -> bool:
    """True when ``digit`` has no place in ``units`` outside the rectangle."""
    units_cells = {c for u in units for c in cands.shape.units[u]}
    return not cands.places(digit, sorted(units_cells - set(rect)))


def find_ur_type6(cands: Candidates) -> Iterator[Step]:
    """HoDoKu's unique rectangle type 6: diagonal extra cells, ``a`` locked in the rectangle's
    rows and columns (an X-Wing), so the extra cells lose ``a``."""
    shape = cands.shape
    for rect, a, b in rectangles(cands):
        extra_cells = _extra_cells(cands, rect, a, b)
        if len(extra_cells) != 2 or not _diagonal(shape, *extra_cells):
            continue
        units = _lines_through(shape, rect)
        digit = next((d for d in (a, b) if _confined(cands, d, units, rect)), None)
        if digit is None:
            continue
        other = b if digit == a else a
        removed = [(c, digit) for c in extra_cells if cands.has(c, digit)]
        if removed:
                yield _rect_step(
                cands, "Unique Rectangle type 6", 4.6, rect, a, b, removed,
                f"{digit} has no other place in the rectangle's rows and columns, so it fills "
                f"one diagonal; on {cell_list(shape, extra_cells)} it would leave {other} for the "
                f"other two and the pattern, so they are not {digit}",
                units=units,
            )


def find_hidden_rectangles(cands: Candidates) -> Iterator[Step]:
    """HoDoKu's hidden rectangle: a bivalue corner and ``a`` confined to the rectangle in the
    row and column of the opposite corner, which then cannot be ``b``."""
    shape = cands.shape
    for rect, a, b in rectangles(cands):
        extra_cells = _extra_cells(cands, rect, a, b)
        corners = [c for c in rect if c not in extra_cells]
        if len(corners) == 2 and not _diagonal(shape, *corners):
            continue
        if len(corners) not in (1, 2):
            continue
        for corner in corners:
            opposite = rect[(rect.index(corner) + 2) % 4]
            units = _lines_through(shape, [opposite])
            for digit, gone in ((a, b), (b, a)):
                if cands.has(opposite, gone) and _confined(cands, digit, units, rect):
                    yield _rect_step(
                        cands, "Hidden Rectangle", 4.6, rect, a, b, [(opposite, gone)],
                        f"{shape.cell_name(corner)} holds only {a}/{b}, and in "
                        f"{shape.unit_name(units[0])} and {shape.unit_name(units[1])} {digit} "
                        f"can only go in the rectangle; {shape.cell_name(opposite)} = {gone} "
                        f"would force {digit} into both of its neighbours in the rectangle and "
                        f"{gone} into {shape.cell_name(corner)}",
                        units=units,
                    )


# -- BUG -----------------------------------------------------------------------------------------


def _bug_candidates(
    cands: Candidates,
) -> tuple[list[int], dict[int, int], int, set[int] | None] | None:
    """SE's BUG pattern check: ``(bug cells, bug digits per cell, all bug digits, cells seeing
    every bug cell)``, or ``None`` when the position is no BUG."""
    shape = cands.shape
    masks = cands.masks
    bug_cells: list[int] = []
    bug_digits: dict[int, int] = {}
    all_digits = 0
    common: set[int] | None = None
    temp = list(masks)
    for kind in _KINDS:
        for i in range(shape.n):
            cells = shape.units[kind * shape.n + i]
            for digit in range(1, shape.n + 1):
                places = cands.places(digit, cells)
                if len(places) in (0, 2):
                    continue
                wide = [c for c in places if masks[c].bit_count() >= 3]
                if not wide:
                    return None
                if len(wide) > 1:
                    continue
                cell = wide[0]
                if cell not in bug_cells:
                    bug_cells.append(cell)
                bug_digits[cell] = bug_digits.get(cell, 0) | bit(digit)
                all_digits |= bit(digit)
                temp[cell] &= ~bit(digit)
                house = set(_house(shape, cell))
                common = house if common is None else common & house
                common -= set(bug_cells)
                if len(bug_cells) > 1 and all_digits.bit_count() > 1 and not common:
                    return None
    if not bug_cells:
        return None
    for c in range(shape.size):
        if not cands.values[c] and temp[c].bit_count() != 2:
            return None
    for cells in shape.units:
        for digit in range(1, shape.n + 1):
            if sum(1 for c in cells if temp[c] & bit(digit)) not in (0, 2):
                return None
    return bug_cells, bug_digits, all_digits, common


def _bug_step(
    cands: Candidates, kind: int, difficulty: float, bug_cells: Sequence[int], all_digits: int,
    removed: Sequence[tuple[int, int]], why: str, units: Sequence[int] = (),
    more_cells: Sequence[int] = (),
) -> Step:
    """Build a BUG step."""
    shape = cands.shape
    return Step(
        f"BUG type {kind}", difficulty, eliminations=tuple(sorted(removed)),
        cells=tuple(bug_cells) + tuple(more_cells), units=tuple(units),
        candidates=tuple((c, d) for c in bug_cells for d in digits_of(cands.masks[c] & all_digits)),
        explanation=f"Without {digit_list(all_digits)} in {cell_list(shape, bug_cells)} every "
        f"empty cell would have two candidates and every digit two places per unit, a deadly "
        f"pattern with two solutions; {why}: {eliminations_text(shape, removed)}",
        extra={"hodoku": 100},
    )


def find_bugs(cands: Candidates) -> Iterator[Step]:
    """BUG types 1-4 (SE 5.6-6.2)."""
    found = _bug_candidates(cands)
    if found is None:
        return
    bug_cells, bug_digits, all_digits, common = found
    shape = cands.shape
    masks = cands.masks
    if len(bug_cells) == 1:
        cell = bug_cells[0]
        removed = [(cell, d) for d in digits_of(masks[cell] & ~all_digits)]
        if removed:
            yield _bug_step(cands, 1, 5.6, bug_cells, all_digits, removed,
                            f"so {shape.cell_name(cell)} is {digit_list(all_digits)}")
        return
    if all_digits.bit_count() == 1:
        x = digits_of(all_digits)[0]
        removed = [(c, x) for c in sorted(common or ()) if masks[c] & all_digits]
        if removed:
            yield _bug_step(cands, 2, 5.7, bug_cells, all_digits, removed,
                            f"so one of them is {x}, and cells seeing them all lose {x}")
        if len(bug_cells) == 2:
            yield from _bug4(cands, bug_cells, bug_digits, all_digits)
    elif common:
        if len(bug_cells) == 2:
            yield from _bug4(cands, bug_cells, bug_digits, all_digits)
        yield from _bug3(cands, bug_cells, all_digits, common)


def _shared_units(shape: Shape, cells: Sequence[int]) -> Iterator[int]:
    """The units (box, row, column order) holding every one of ``cells``."""
    for kind in _KINDS:
        units = {_unit_of(shape, kind, c) for c in cells}
        if len(units) == 1:
            yield units.pop()


def _bug4(
    cands: Candidates, bug_cells: Sequence[int], bug_digits: dict[int, int], all_digits: int
) -> Iterator[Step]:
    """Two BUG cells in one unit sharing exactly one non-BUG digit v: each keeps only its BUG
    digits and v."""
    shape = cands.shape
    masks = cands.masks
    c1, c2 = bug_cells
    common = masks[c1] & masks[c2] & ~all_digits
    if common.bit_count() != 1:
        return
    v = digits_of(common)[0]
    for unit in _shared_units(shape, bug_cells):
        removed = [
            (c, d) for c in (c1, c2) for d in digits_of(masks[c] & ~bug_digits[c] & ~common)
        ]
        if removed:
            yield _bug_step(
                cands, 4, 5.7, bug_cells, all_digits, removed,
                f"one of them holds its BUG digit; then in {shape.unit_name(unit)} the other "
                f"must be {v}, so each of them is its BUG digit or {v}", units=(unit,),
            )


def _naked_set(masks: Sequence[int], cells: Sequence[int], start: int, extra: int, degree: int) -> int | None:
    """The ``degree`` digits of a naked set: ``cells`` (each with two candidates or more) hold
    ``degree`` digits with the ``start`` ones, and still ``degree`` with the ``extra`` digits, which
    act as one more cell of the set; None when they do not (UR type 3 and BUG type 3)."""
    union = start
    for c in cells:
        union |= masks[c]
    if union.bit_count() != degree or any(masks[c].bit_count() < 2 for c in cells):
        return None
    total = extra | union
    return total if total.bit_count() == degree else None


def _bug3(
    cands: Candidates, bug_cells: Sequence[int], all_digits: int, common: set[int]
) -> Iterator[Step]:
    """The BUG digits act as one cell of a naked set in a unit shared by all BUG cells."""
    shape = cands.shape
    masks = cands.masks
    if all_digits.bit_count() < 2:  # the BUG digits act as a cell of two digits or more
        return
    for unit in _shared_units(shape, bug_cells):
        unit_cells = [c for c in sorted(common) if c in shape.units[unit]]
        for degree in range(2, 7):
            if len(unit_cells) < degree:
                continue
            for naked in combinations(unit_cells, degree - 1):
                total = _naked_set(masks, naked, 0, all_digits, degree)
                if total is None:
                    continue
                erasable = [c for c in unit_cells if c not in naked and c not in bug_cells]
                removed = [(c, d) for c in erasable for d in digits_of(masks[c] & total)]
                if removed:
                    yield _bug_step(
                        cands, 3, round(5.7 + (degree - 1) * 0.1, 2), bug_cells, all_digits,
                        removed,
                        f"one BUG cell holds {digit_list(all_digits)}, so with "
                        f"{cell_list(shape, naked)} they form a naked set on "
                        f"{digit_list(total)} in {shape.unit_name(unit)}",
                        units=(unit,), more_cells=naked,
                    )
