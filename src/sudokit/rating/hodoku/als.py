"""HoDoKu's Sue de Coq and ALS moves: its ALS list, its restricted commons and the first
ALS-XZ (doubly linked ones too) or ALS-XY-Wing they give (the Python twin of csrc/hodoku/hodoku9_als.c)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.limits import Deadline
from sudokit.rating.hodoku.board import BOXES, COLS, FULL, PEERS, ROWS, UNITS, Board, mask_union, plain_step
from sudokit.techniques import Step
from sudokit.techniques.base import bit_cells

__all__ = ["als_xy_wing", "als_xz", "sue_de_coq"]


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


def sue_de_coq(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first Sue de Coq: rows then columns, each against the boxes in order, two or
    three cells of their intersection, the line's cells, then the box's cells."""
    for lines in (ROWS, COLS):
        for line in lines:
            line_cells = [c for c in line if board.masks[c]]
            for box in BOXES:
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
            mask = mask_union(board, pair)
            if mask.bit_count() - 2 >= 2:
                found = _sdc_line(board, line, box, pair, mask)
                if found is not None:
                    return found
            for k in range(j + 1, len(inter)):
                triple = [*pair, inter[k]]
                mask3 = mask | board.masks[inter[k]]
                if mask3.bit_count() - 3 >= 2:
                    found = _sdc_line(board, line, box, triple, mask3)
                    if found is not None:
                        return found
    return None


def _sdc_line(board: Board, line: list[int], box: list[int], inter: list[int], icands: int) -> Step | None:
    """The first Sue de Coq with the intersection cells ``inter`` (digits ``icands``): cell sets
    of the line, each with its box sets."""
    n_plus = icands.bit_count() - len(inter)
    for chosen in _subsets([c for c in line if c not in inter]):
        cands = mask_union(board, chosen)
        contained = (cands & icands).bit_count()
        extra = cands & ~icands
        n_extra = extra.bit_count()
        if not (contained > 0 and len(chosen) > n_extra and len(chosen) - n_extra < n_plus):
            continue
        allowed = ~(cands & ~extra) & FULL
        rest = n_plus - (len(chosen) - n_extra)
        pool = [c for c in box if c not in inter and c not in chosen]
        for bchosen in _subsets(pool):
            bcands = mask_union(board, bchosen)
            if bcands & ~allowed:
                continue
            if not bcands & icands or len(bchosen) - (bcands & ~icands).bit_count() != rest:
                continue
            both = bcands & cands
            elims = _sdc_elims(board, box, [*bchosen, *inter], ((icands | bcands) & ~cands) | both)
            elims += _sdc_elims(board, line, [*chosen, *inter], ((icands | cands) & ~bcands) | both)
            if elims:
                return plain_step("Sue de Coq", eliminations=tuple(elims), cells=(*inter, *chosen, *bchosen))
    return None


def _sdc_elims(board: Board, house: list[int], used: list[int], digits: int) -> list[tuple[int, int]]:
    """The candidates of ``digits`` in the cells of ``house`` outside ``used``."""
    return [(c, d) for c in house if c not in used for d in digits_of(board.masks[c] & digits)]


# -- ALS-XZ and ALS-XY-Wing --------------------------------------------------------------------


#: The peers of each cell as an 81-bit mask.
_PEER_BITS = [sum(1 << p for p in PEERS[i]) for i in range(81)]


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
            if mask.bit_count() == len(cells) + 1:
                key = frozenset(cells)
                if key not in found:
                    found[key] = cells
                    order.append((cells, mask))
            grow(pool, i + 1, cells, mask)

    for unit in UNITS:
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


def als_xz(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
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
            cells = tuple(bit_cells(a.cells | b.cells))
            return plain_step("ALS-XZ", eliminations=_unique(elims), cells=cells)
    return None


def als_xy_wing(board: Board, _c: Candidates, deadline: Deadline) -> Step | None:
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
    return plain_step("ALS-XY-Wing", eliminations=_unique(elims),
                      cells=tuple(bit_cells(a.cells | b.cells | alses[c].cells)))
