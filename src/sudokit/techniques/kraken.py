"""Kraken fish (HoDoKu 2.2): a finned fish that removes nothing itself, completed by chains.

A finned fish on a digit either holds or one of its fins is true. When it removes nothing (no
cover place sees every fin), HoDoKu follows chains from each fin:

* **Type 1**: a cover place outside the base (or a cannibalistic one) that every fin, set to the
  digit, removes through a chain loses the digit (the fish removes it, or a fin does).
* **Type 2**: for one cover unit that also holds places outside the base, a candidate (any
  digit) that every base place in that unit and every fin, set, removes through chains is false:
  one of them is true.

The search is HoDoKu's with its defaults: digit by digit, bases of rows and boxes before bases
of columns and boxes (basic and Franken fish, sizes 2 to 4, at most two fins, no endo fins),
base sets depth first and for each the cover sets in order; the chains are those of its forcing
chains (:mod:`sudokit.rating.hodoku.forcing`'s tables, group nodes included, no ALS). HoDoKu's first
Kraken fish is the one it takes; its solver leaves Kraken fish out by default (score 8450).
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.candidates import Candidates
from sudokit.limits import NEVER, Deadline
from sudokit.techniques.base import bit_cells, cell_list, eliminations_text, peer_bits
from sudokit.techniques.implications import Board, closure, direct_tables, removed_cells, table_bit
from sudokit.techniques.step import Step

__all__ = ["find_kraken_fish", "kraken_fish"]

#: HoDoKu's defaults for its Kraken search: fish size, fins.
MAX_SIZE = 4
MAX_FINS = 2
SCORE = 8450
_ALL = (1 << 81) - 1


class _Kraken:
    """HoDoKu's Kraken search on one grid: the chain tables and the fish enumeration."""

    def __init__(self, cands: Candidates, deadline: Deadline) -> None:
        """Build the forcing chain tables (every implication of every premise)."""
        self.cands = cands
        self.check = deadline.check
        self.board = Board(cands.masks, cands.values)
        self.reach = closure(direct_tables(self.board, False, self.check), self.check)
        self.peers = peer_bits(cands.shape)
        self.where = self.board.where

    def removes(self, cell: int, digit: int, end_digit: int) -> int:
        """The cells where setting ``digit`` in ``cell`` removes ``end_digit`` (through chains)."""
        return removed_cells(self.reach[table_bit(cell, digit, True)], end_digit)

    def search(self, digit: int, lines: bool) -> Iterator[Step]:
        """Every Kraken fish on ``digit`` for one orientation, in HoDoKu's order."""
        places = [self.where[digit] & sum(1 << c for c in unit) for unit in self.cands.shape.units]
        base_kind = 0 if lines else 1
        cover_kind = 1 - base_kind
        base = [(u, p) for u, p in enumerate(places) if p and u // 9 in (2, base_kind)]
        cover = [(u, p) for u, p in enumerate(places) if p and u // 9 in (2, cover_kind)]
        yield from self._bases(digit, base, cover, 0, [], 0)

    def _bases(self, digit: int, base: list[tuple[int, int]], cover: list[tuple[int, int]],
               start: int, used: list[int], cells: int) -> Iterator[Step]:
        """Choose base units depth first (no two sharing a place); check covers from two on."""
        for i in range(start, len(base)):
            unit, places = base[i]
            if cells & places:
                continue
            chosen = [*used, unit]
            self.check()
            if len(chosen) >= 2:
                units = [(u, p) for u, p in cover if u not in chosen and p & (cells | places)]
                yield from self._covers(digit, chosen, cells | places, units, 0, [], 0, 0)
            if len(chosen) < MAX_SIZE:
                yield from self._bases(digit, base, cover, i + 1, chosen, cells | places)

    def _covers(self, digit: int, bases: list[int], basec: int, units: list[tuple[int, int]],
                start: int, chosen: list[tuple[int, int]], cover: int, cannibal: int) -> Iterator[Step]:
        """Choose as many cover units as base units, in order, and check each set."""
        need = len(bases) - len(chosen)
        for i in range(start, len(units) - need + 1):
            unit, places = units[i]
            now = [*chosen, (unit, places)]
            if need == 1:
                yield from self._check(digit, bases, basec, now, cover | places,
                                       cannibal | (cover & places))
            else:
                yield from self._covers(digit, bases, basec, units, i + 1, now, cover | places,
                                        cannibal | (cover & places))

    def _check(self, digit: int, bases: list[int], basec: int, covers: list[tuple[int, int]],
               cover: int, cannibal: int) -> Iterator[Step]:
        """The Kraken fish of this base/cover set: finned, removing nothing by itself."""
        fins = basec & ~cover
        if not fins or fins.bit_count() > MAX_FINS:
            return
        seeing = _ALL
        for c in bit_cells(fins):
            seeing &= self.peers[c]
        if not seeing or ((cover & ~basec) | cannibal) & seeing:
            return
        targets = (cover & ~basec) | cannibal
        fin_cells = bit_cells(fins)
        for end in bit_cells(targets):
            if all(self.removes(f, digit, digit) >> end & 1 for f in fin_cells):
                yield self._step(1, digit, bases, covers, basec, fins, (end, digit), fin_cells)
        for _unit, places in covers:
            inside = places & basec & ~cannibal
            if inside == places:
                continue
            starts = bit_cells(inside | fins)
            for end_digit in range(1, 10):
                result = self.where[end_digit] & ~(inside | fins)
                for s in starts:
                    result &= self.removes(s, digit, end_digit)
                for end in bit_cells(result):
                    yield self._step(2, digit, bases, covers, basec, fins, (end, end_digit), starts)

    def _step(self, kind: int, digit: int, bases: list[int], covers: list[tuple[int, int]],
              basec: int, fins: int, removed: tuple[int, int], starts: list[int]) -> Step:
        """Build the step."""
        shape = self.cands.shape
        cover_units = [u for u, _ in covers]
        body = bit_cells(basec & ~fins)
        fin_cells = bit_cells(fins)
        base_names = ", ".join(shape.unit_name(u) for u in bases)
        cover_names = ", ".join(shape.unit_name(u) for u in cover_units)
        if kind == 1:
            why = (f"the fish removes it, or a fin ({cell_list(shape, fin_cells)}) is {digit} "
                   "and a chain removes it")
        else:
            why = (f"one of {cell_list(shape, starts)} is {digit}, and each removes it "
                   "through a chain")
        text = (f"Kraken fish (type {kind}): in {base_names}, {digit} can only go in "
                f"{cover_names} apart from the fins {cell_list(shape, fin_cells)}; {why}: "
                f"{eliminations_text(shape, [removed])}")
        return Step(
            "Kraken Fish", 8.5, eliminations=(removed,), cells=tuple(body + fin_cells),
            units=tuple(bases + cover_units), candidates=tuple((c, digit) for c in body + fin_cells),
            explanation=text,
            extra={"hodoku": SCORE, "kraken_type": kind, "fins": tuple(fin_cells)},
        )


def kraken_fish(cands: Candidates, deadline: Deadline = NEVER) -> Iterator[Step]:
    """HoDoKu's Kraken fish in its search order (the first is the one its finder returns);
    raises :class:`~sudokit.errors.TimeLimitReached` once ``deadline`` passes."""
    if cands.n != 9 or cands.shape.box != (3, 3):
        return
    search = _Kraken(cands, deadline)
    for digit in range(1, 10):
        if not search.where[digit]:
            continue
        for lines in (True, False):
            yield from search.search(digit, lines)


def find_kraken_fish(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Kraken fish (HoDoKu's Type 1 and 2, its default sizes and fins)."""
    yield from kraken_fish(cands, deadline)


