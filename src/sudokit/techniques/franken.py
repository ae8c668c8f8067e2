"""Franken fish (HoDoKu): fish whose base and cover sets may hold boxes.

A fish on a digit: ``k`` base units whose places of the digit (sharing none) all lie in ``k``
cover units; each cover unit then holds the digit in a base cell, so its other places lose it,
and a place in two cover units (cannibalism) too. In a **Franken** fish the base units are rows
and boxes and the covers columns and boxes (or columns and rows swapped), a box in at least
one of them. **Finned**: up to five base places outside the covers (fins), and up to two
places in two base units (endo fins, which count as fins); either the fish holds or a fin is
true, so only cover places seeing every fin lose the digit.

The search is HoDoKu's (2.2, default settings): digit by digit, rows-and-boxes bases before
columns-and-boxes bases, base sets and then cover sets in HoDoKu's unit order, and a fish is
named by the units it uses: rows against columns only is a basic fish (finned, or sashimi when
a base unit keeps at most one place outside the fins), boxes only on one side make it a Mutant
fish, as HoDoKu names them. :func:`franken_fish` searches sizes 2 to 4 (X-Wing, Swordfish,
Jellyfish); the registry's finders, sizes 2 and 3, which HoDoKu's solver uses by default.
:func:`mutant_fish` is HoDoKu's Mutant search (every unit on both sides), sizes 2 and 3.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.candidates import Candidates, bit
from sudokit.shape import Shape
from sudokit.techniques.base import bit_cells, cell_list, eliminations_text, peer_bits
from sudokit.techniques.step import Step

__all__ = ["find_finned_franken_fish", "find_franken_fish", "franken_fish", "mutant_fish"]

_SIZES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_SCORES = {
    "": {2: 140, 3: 150, 4: 160},
    "Finned ": {2: 130, 3: 200, 4: 250},
    "Sashimi ": {2: 150, 3: 240, 4: 260},
    "Franken ": {2: 300, 3: 350, 4: 370},
    "Finned Franken ": {2: 390, 3: 410, 4: 430},
    "Mutant ": {2: 450, 3: 450, 4: 450},
    "Finned Mutant ": {2: 470, 3: 470, 4: 470},
}

#: The most fins and endo fins (HoDoKu's defaults).
MAX_FINS = 5
MAX_ENDO_FINS = 2

_ROW, _COL, _BOX = 1, 2, 4



def _kind(shape: Shape, unit: int) -> int:
    """The kind bit of a unit index (rows, columns, boxes in :attr:`Shape.units` order)."""
    return (_ROW, _COL, _BOX)[unit // shape.n]


class _Search:
    """HoDoKu's fish search for one digit and one orientation."""

    def __init__(
        self, cands: Candidates, digit: int, lines: bool, size: int, finned: bool,
        mutant: bool = False,
    ) -> None:
        """Collect the base and cover units holding the digit, in HoDoKu's order (every unit
        on both sides for a Mutant search)."""
        shape = cands.shape
        n = shape.n
        self.shape = shape
        self.digit = digit
        self.size = size
        self.finned = finned
        b = bit(digit)
        places = [sum(1 << c for c in unit if cands.masks[c] & b) for unit in shape.units]
        base_kind, cover_kind = (0, 1) if lines else (1, 0)
        self.base: list[tuple[int, int]] = []
        self.cover: list[tuple[int, int]] = []
        for unit in range(3 * n):
            if not places[unit]:
                continue
            kind = unit // n
            if mutant or kind in (2, cover_kind):
                self.cover.append((unit, places[unit]))
            if (mutant or kind in (2, base_kind)) and (finned or places[unit].bit_count() <= size):
                self.base.append((unit, places[unit]))
        self.peers = peer_bits(shape)

    def run(self) -> Iterator[Step]:
        """Every fish of this search, in HoDoKu's order."""
        yield from self._bases(0, [], 0, 0)

    def _bases(self, start: int, used: list[int], cells: int, endo: int) -> Iterator[Step]:
        """Choose base units from ``start`` on (depth first, as HoDoKu)."""
        for i in range(start, len(self.base)):
            unit, places = self.base[i]
            overlap = cells & places
            if overlap and (not self.finned or (endo | overlap).bit_count() > MAX_ENDO_FINS):
                continue
            chosen = [*used, unit]
            if len(chosen) == self.size:
                yield from self._covers(chosen, cells | places, endo | overlap)
            else:
                yield from self._bases(i + 1, chosen, cells | places, endo | overlap)

    def _covers(self, bases: list[int], base: int, endo: int) -> Iterator[Step]:
        """Try every set of ``size`` cover units for these base units."""
        units = [(u, p) for u, p in self.cover if u not in bases and p & base]
        if len(units) < self.size:
            return
        reach = [0] * (len(units) + 1)
        for i in range(len(units) - 1, -1, -1):
            reach[i] = reach[i + 1] | units[i][1]
        slack = MAX_FINS if self.finned else 0
        if (base & ~reach[0]).bit_count() > slack:
            return
        yield from self._cover_level(units, reach, bases, base, endo, 0, [], 0, 0, slack)

    def _cover_level(
        self, units: list[tuple[int, int]], reach: list[int], bases: list[int], base: int,
        endo: int, start: int, chosen: list[int], cover: int, cannibal: int, slack: int,
    ) -> Iterator[Step]:
        """Choose cover units from ``start`` on; check the fish when there are ``size``."""
        need = self.size - len(chosen)
        for i in range(start, len(units) - need + 1):
            unit, places = units[i]
            new_cover = cover | places
            new_cannibal = cannibal | (cover & places)
            if need == 1:
                step = self._check(bases, [*chosen, unit], base, endo, new_cover, new_cannibal)
                if step is not None:
                    yield step
                continue
            if (base & ~new_cover & ~reach[i + 1]).bit_count() > slack:
                continue
            yield from self._cover_level(units, reach, bases, base, endo, i + 1, [*chosen, unit],
                                         new_cover, new_cannibal, slack)

    def _check(
        self, bases: list[int], covers: list[int], base: int, endo: int, cover: int,
        cannibal: int,
    ) -> Step | None:
        """The fish on these units, if it removes something."""
        fins = (base & ~cover) | endo
        if not self.finned:
            if fins:
                return None
            removed = (cover & ~base) | cannibal
        else:
            count = fins.bit_count()
            if not count or count > MAX_FINS:
                return None
            seeing = (1 << self.shape.size) - 1
            for c in bit_cells(fins):
                seeing &= self.peers[c]
            removed = ((cover & ~base) | cannibal) & seeing
        if not removed:
            return None
        return self._step(bases, covers, base, fins, endo, removed)

    def _name(self, bases: list[int], covers: list[int], base: int, fins: int) -> str:
        """HoDoKu's name of the fish (without its size)."""
        shape = self.shape
        base_kinds = 0
        for u in bases:
            base_kinds |= _kind(shape, u)
        cover_kinds = 0
        for u in covers:
            cover_kinds |= _kind(shape, u)
        if (base_kinds, cover_kinds) in ((_ROW, _COL), (_COL, _ROW)):
            places = dict(self.base)
            if any((places[u] & ~fins).bit_count() <= 1 for u in bases):
                return "Sashimi "
            return "Finned " if self.finned else ""
        if (base_kinds in (_ROW, _ROW | _BOX) and cover_kinds in (_COL, _COL | _BOX)) or (
            base_kinds in (_COL, _COL | _BOX) and cover_kinds in (_ROW, _ROW | _BOX)
        ):
            return "Finned Franken " if self.finned else "Franken "
        return "Finned Mutant " if self.finned else "Mutant "

    def _step(
        self, bases: list[int], covers: list[int], base: int, fins: int, endo: int, removed: int,
    ) -> Step:
        """Build the step."""
        shape = self.shape
        digit = self.digit
        prefix = self._name(bases, covers, base, fins)
        name = prefix + _SIZES[self.size]
        eliminations = tuple((c, digit) for c in bit_cells(removed))
        body = bit_cells(base & ~fins)
        fin_cells = bit_cells(fins)
        base_names = ", ".join(shape.unit_name(u) for u in bases)
        cover_names = ", ".join(shape.unit_name(u) for u in covers)
        text = f"In {base_names}, {digit} can only go in {cover_names}"
        if fins:
            text += (f" (apart from the fins {cell_list(shape, fin_cells)}); either the fish holds "
                     f"or a fin is {digit}, so cover cells seeing every fin lose {digit}")
        else:
            text += f", so the covers' other places lose {digit}"
        return Step(
            name, 6.8 if fins else 6.6, eliminations=eliminations, cells=tuple(body + fin_cells),
            units=tuple(bases + covers), candidates=tuple((c, digit) for c in body + fin_cells),
            explanation=f"{text}: {eliminations_text(shape, eliminations)}",
            extra={"hodoku": _SCORES[prefix][self.size], "fins": tuple(fin_cells),
                   "endo_fins": tuple(bit_cells(endo))},
        )


def franken_fish(cands: Candidates, size: int, finned: bool) -> Iterator[Step]:
    """HoDoKu's Franken search of one size (2 to 4), with fins or without, digit by digit,
    rows-and-boxes bases first: what its solver's ``getStep`` meets, in order."""
    for digit in range(1, cands.n + 1):
        for lines in (True, False):
            yield from _Search(cands, digit, lines, size, finned).run()


def mutant_fish(cands: Candidates, size: int, finned: bool) -> Iterator[Step]:
    """HoDoKu's Mutant search of one size (2 or 3: HoDoKu adds a template check from 4 on):
    any units on either side, digit by digit; the steps are named by the units they use.

    Not in the registry: HoDoKu's solver leaves Mutant fish out, and this search takes
    seconds a position here.
    """
    for digit in range(1, cands.n + 1):
        yield from _Search(cands, digit, True, size, finned, mutant=True).run()


def find_franken_fish(cands: Candidates) -> Iterator[Step]:
    """Franken X-Wings and Swordfish without fins (HoDoKu's order, by size; HoDoKu's solver
    leaves Franken Jellyfish out)."""
    for size in (2, 3):
        yield from franken_fish(cands, size, False)


def find_finned_franken_fish(cands: Candidates) -> Iterator[Step]:
    """Finned Franken X-Wings and Swordfish (HoDoKu's order, by size; its solver leaves the
    jellyfish out, and they take a second a position here)."""
    for size in (2, 3):
        yield from franken_fish(cands, size, True)
