"""ALS chains and Death Blossoms (HoDoKu), on HoDoKu's own list of almost locked sets.

An **almost locked set** (ALS) is ``k`` empty cells of one unit holding ``k + 1`` digits (a
bivalue cell is one). A **restricted common candidate** (RCC) of two ALSs sharing no cell is a
digit whose every place in one sees every place in the other: it is true in at most one.

- **ALS-Chain** (HoDoKu's ALS-XY-Chain): ALSs A1 … An (n ≥ 4) where each neighbouring pair
  shares an RCC, and consecutive RCCs differ. If A1's RCC to A2 is false in A1, A1 is locked on
  its other digits... and pushing along, An is locked without its last RCC; so the RCCs cannot
  all fail, and either A1 holds its first RCC... in short, a digit ``z`` of A1 and An that is
  neither the first nor the last RCC is true in A1 or in An: cells seeing all those ``z`` lose
  it. As in HoDoKu's solver, ALSs are taken in its order and each link goes to a later ALS in
  that order (its "forward only" search), at most 50 links; of chains with the same
  eliminations the one with fewest cells is kept, and the steps come most eliminations first.
- **Death Blossom**: a stem cell whose every candidate ``d`` has a petal, an ALS (not
  overlapping the others) whose ``d`` cells all see the stem. The stem holds one of its
  digits, and that petal is then locked on its other digits; so a digit ``z`` in every petal
  (not a stem digit) is true in one of them: cells seeing every ``z`` of all the petals lose it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.shape import Shape
from sudokit.techniques.base import bit_cells, cell_list, digit_list, eliminations_text, peer_bits
from sudokit.techniques.step import Step

__all__ = ["HALS", "find_als_chains", "find_death_blossoms", "hodoku_alses"]

#: The longest chain (links), as in HoDoKu's solver.
MAX_LINKS = 50

#: The most petals HoDoKu keeps per stem cell and digit.
MAX_PETALS = 100



def _seeing_all(shape: Shape, bits: int) -> int:
    """The cells that see every cell of ``bits`` (a bit set)."""
    peers = peer_bits(shape)
    seeing = (1 << shape.size) - 1
    for c in bit_cells(bits):
        seeing &= peers[c]
    return seeing


@dataclass(frozen=True)
class HALS:
    """An ALS as HoDoKu keeps it: cells and digits, and per digit the cells holding it and the
    cells outside holding it that see all of those (``buddies``)."""

    cells: int
    digits: int
    holders: dict[int, int]
    buddies: dict[int, int]

    def size(self) -> int:
        """The number of cells."""
        return self.cells.bit_count()

    def names(self, shape: Shape) -> str:
        """``r1c1, r1c5 (1/2/7)``."""
        return f"{cell_list(shape, bit_cells(self.cells))} ({digit_list(self.digits)})"


def hodoku_alses(cands: Candidates) -> list[HALS]:
    """Every ALS of up to N - 1 cells (bivalue cells too), in HoDoKu's order: units rows,
    columns, boxes; in a unit, subsets in depth-first order; a cell set met again is skipped."""
    shape = cands.shape
    masks = cands.masks
    places = [sum(1 << c for c in range(shape.size) if masks[c] & bit(d)) if d else 0
              for d in range(shape.n + 1)]
    found: dict[int, int] = {}
    for unit in shape.units:
        empty = [c for c in unit if masks[c]]
        _dfs(empty, masks, 0, 0, 0, shape.n - 1, found)
    out = []
    for cells, digits in found.items():
        holders = {d: cells & places[d] for d in digits_of(digits)}
        buddies = {d: _seeing_all(shape, h) & ~cells & places[d] for d, h in holders.items()}
        out.append(HALS(cells, digits, holders, buddies))
    return out


def _dfs(
    empty: list[int], masks: list[int], start: int, cells: int, digits: int, limit: int,
    found: dict[int, int],
) -> None:
    """Depth-first subsets of ``empty`` from ``start`` on, recording the ALSs (in order)."""
    size = cells.bit_count() + 1
    if size > limit:
        return
    for i in range(start, len(empty)):
        cell = empty[i]
        new_cells = cells | 1 << cell
        new_digits = digits | masks[cell]
        if new_digits.bit_count() == size + 1 and new_cells not in found:
            found[new_cells] = new_digits
        _dfs(empty, masks, i + 1, new_cells, new_digits, limit, found)


def _rccs(a: HALS, b: HALS) -> list[int]:
    """The restricted common candidates of two ALSs sharing no cell (none when they overlap)."""
    if a.cells & b.cells:
        return []
    return [d for d in digits_of(a.digits & b.digits) if not b.holders[d] & ~a.buddies[d]]


@dataclass
class _Link:
    """An RC between ALS ``i`` and a later ALS ``j`` (one or two digits)."""

    i: int
    j: int
    d1: int
    d2: int


def _forward_links(sets: list[HALS]) -> list[list[_Link]]:
    """For each ALS, its RCs to later ALSs (HoDoKu's forward-only list)."""
    links: list[list[_Link]] = [[] for _ in sets]
    for i, a in enumerate(sets):
        for j in range(i + 1, len(sets)):
            common = _rccs(a, sets[j])
            if common:
                links[i].append(_Link(i, j, common[0], common[1] if len(common) > 1 else 0))
    return links


def _pair_rule(c11: int, c12: int, c21: int, c22: int) -> int:
    """Which digits of the next link (``c21``, ``c22``) may act after the previous link's
    acting digits (``c11``, ``c12``): 0 none, 1 the first, 2 the second, 3 both (HoDoKu's
    adjacency rule)."""
    if c12 == 0:
        if c22 == 0:
            return 0 if c11 == c21 else 1
        return 1 if c11 == c22 else 2 if c11 == c21 else 3
    if c22 == 0:
        return 0 if c21 in (c11, c12) else 1
    if (c11, c12) in ((c21, c22), (c22, c21)):
        return 0
    if c22 in (c11, c12):
        return 1
    return 2 if c21 in (c11, c12) else 3


def _acting(link: _Link, previous: tuple[_Link, int] | None, first_try: bool) -> int:
    """The acting digits of ``link`` after ``previous`` (a link and its acting code)."""
    if previous is None:
        return (1 if first_try else 2) if link.d2 else 1
    prev, code = previous
    if code == 1:
        return _pair_rule(prev.d1, 0, link.d1, link.d2)
    if code == 2:
        return _pair_rule(prev.d2, 0, link.d1, link.d2)
    return _pair_rule(prev.d1, prev.d1, link.d1, link.d2)  # HoDoKu repeats the first digit here


def _acting_digits(link: _Link, code: int) -> int:
    """The mask of the digits acting on a link."""
    return (bit(link.d1) if code in (1, 3) else 0) | (bit(link.d2) if code in (2, 3) and link.d2 else 0)


def _chain_eliminations(cands: Candidates, a: HALS, b: HALS, used: int) -> list[tuple[int, int]]:
    """Eliminations of a chain from ``a`` to ``b``: their common digits but the ``used`` ones,
    in every cell outside both that sees all their places."""
    out: list[tuple[int, int]] = []
    for z in digits_of(a.digits & b.digits & ~used):
        out.extend((c, z) for c in bit_cells(a.buddies[z] & b.buddies[z]))
    return sorted(set(out), key=lambda t: (t[1], t[0]))


def _index_sum(removed: list[tuple[int, int]]) -> int:
    """HoDoKu's tie-break of steps with as many eliminations: a weighted sum over them."""
    return sum(cell * (1 + 80 * k) + digit for k, (cell, digit) in enumerate(removed))


@dataclass
class _Found:
    """A chain found: its ALSs (indexes), links with acting digits, eliminations."""

    sets: list[int]
    links: list[tuple[_Link, int]]
    removed: list[tuple[int, int]]
    cells: int


class _ChainSearch:
    """HoDoKu's depth-first ALS chain search over forward links.

    Links only go to later ALSs, so chains never repeat an ALS. What a chain can still become
    depends only on its last ALS, the digits acting on its last link, whether it has three
    links yet and the digits acting on its first: a state met again from the same start ALS
    finds nothing new, and is not searched again (the order in which eliminations are first
    found stays HoDoKu's; the chain shown for them may be longer than HoDoKu's shortest).
    """

    def __init__(self, cands: Candidates, sets: list[HALS]) -> None:
        """Prepare the search over ``sets``."""
        self.cands = cands
        self.sets = sets
        self.links = _forward_links(sets)
        self.found: list[_Found] = []
        self.by_removed: dict[tuple[tuple[int, int], ...], int] = {}
        self.chain: list[tuple[_Link, int]] = []
        self.start = 0
        self.seen: set[tuple[int, int, int, int, int]] = set()
        self.removals: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def run(self) -> list[_Found]:
        """Search from every ALS; the chains found, deduplicated by eliminations."""
        for start in range(len(self.sets)):
            self.start = start
            self.seen.clear()
            self.removals.clear()
            self._extend(start, 0)
        return self.found

    def _extend(self, current: int, first_used: int) -> None:
        """Try every link from ``current`` (depth first)."""
        depth = len(self.chain)
        if depth >= MAX_LINKS:
            return
        previous = self.chain[-1] if self.chain else None
        if previous is not None:
            link, code = previous
            pair = (link.d1, 0) if code == 1 else (link.d2, 0) if code == 2 else (link.d1, link.d1)
            state = (current, *pair, min(depth, 3), first_used)
            if state in self.seen:
                return
            self.seen.add(state)
        for link in self.links[current]:
            tries = (True, False) if previous is None and link.d2 else (True,)
            for first_try in tries:
                code = _acting(link, previous, first_try)
                if not code:
                    continue
                self.chain.append((link, code))
                used = first_used if previous is not None else _acting_digits(link, code)
                if depth >= 2:
                    self._check(link.j, used | _acting_digits(link, code))
                self._extend(link.j, used)
                self.chain.pop()

    def _check(self, end: int, used: int) -> None:
        """Record the chain now in ``self.chain`` if its ends eliminate something."""
        removed = self.removals.get((end, used))
        if removed is None:
            removed = _chain_eliminations(self.cands, self.sets[self.start], self.sets[end], used)
            self.removals[(end, used)] = removed
        if not removed:
            return
        key = tuple(removed)
        if key in self.by_removed:
            return
        sets = [self.start, *(link.j for link, _ in self.chain)]
        cells = sum(self.sets[i].size() for i in sets)
        self.by_removed[key] = len(self.found)
        self.found.append(_Found(sets, list(self.chain), removed, cells))


def find_als_chains(cands: Candidates) -> Iterator[Step]:
    """ALS chains of four ALSs or more, HoDoKu's best first (most eliminations, then its
    weighted sum of the eliminated cells)."""
    sets = hodoku_alses(cands)
    found = _ChainSearch(cands, sets).run()
    order = sorted(found, key=lambda f: (-len(f.removed), _index_sum(f.removed)))
    for chain in order:
        yield _chain_step(cands, sets, chain)


def _chain_step(cands: Candidates, sets: list[HALS], chain: _Found) -> Step:
    """Build the step of an ALS chain."""
    shape = cands.shape
    removed = sorted(chain.removed)
    cells = 0
    for i in chain.sets:
        cells |= sets[i].cells
    names = sets[chain.sets[0]].names(shape)
    for (link, code), i in zip(chain.links, chain.sets[1:], strict=True):
        names += f" ={digit_list(_acting_digits(link, code))}= {sets[i].names(shape)}"
    return Step(
        "ALS-Chain", 7.5, eliminations=tuple(removed), cells=tuple(bit_cells(cells)),
        candidates=tuple((c, d) for c in bit_cells(cells) for d in cands.digits(c)),
        explanation=f"The almost locked sets {names} are linked by restricted common digits; "
        f"the digits the two end sets share (not their links') are true in one of them, so "
        f"cells seeing all their places lose them: {eliminations_text(shape, removed)}",
        extra={"hodoku": 340, "alses": len(chain.sets)},
    )


def find_death_blossoms(cands: Candidates) -> Iterator[Step]:
    """Death Blossoms, in HoDoKu's order (stem cells in order, petals by digit, each set of
    eliminations once, kept with the fewest cells)."""
    sets = hodoku_alses(cands)
    shape = cands.shape
    petals: list[dict[int, list[int]]] = [{} for _ in range(shape.size)]
    for i, als in enumerate(sets):
        for d in digits_of(als.digits):
            for cell in bit_cells(als.buddies[d]):
                listed = petals[cell].setdefault(d, [])
                if len(listed) < MAX_PETALS:
                    listed.append(i)
    found: list[tuple[int, dict[int, int], list[tuple[int, int]], int]] = []
    by_removed: dict[tuple[tuple[int, int], ...], int] = {}
    for stem in range(shape.size):
        mask = cands.masks[stem]
        if not mask or sum(bit(d) for d in petals[stem]) != mask:
            continue
        for chosen, removed in _blossoms(cands, sets, stem, petals[stem]):
            key = tuple(removed)
            cells = sum(sets[i].size() for i in chosen.values())
            at = by_removed.get(key)
            if at is None:
                by_removed[key] = len(found)
                found.append((stem, dict(chosen), removed, cells))
            elif found[at][3] > cells:
                found[at] = (stem, dict(chosen), removed, cells)
    for stem, chosen, removed, _ in found:
        yield _blossom_step(cands, sets, stem, chosen, removed)


def _blossoms(
    cands: Candidates, sets: list[HALS], stem: int, petals: dict[int, list[int]],
) -> Iterator[tuple[dict[int, int], list[tuple[int, int]]]]:
    """Every choice of petals (digit → ALS index) around ``stem`` that eliminates something."""
    shape = cands.shape
    digits = digits_of(cands.masks[stem])
    full = (1 << shape.n) - 1
    chosen: dict[int, int] = {}

    def grow(k: int, cells: int, common: int) -> Iterator[tuple[dict[int, int], list[tuple[int, int]]]]:
        """Choose the petal of ``digits[k]`` and on."""
        if k == len(digits):
            removed = _blossom_eliminations(cands, sets, stem, chosen, cells, common)
            if removed:
                yield chosen, removed
            return
        d = digits[k]
        for i in petals[d]:
            als = sets[i]
            if als.cells & cells or not als.digits & common:
                continue
            chosen[d] = i
            yield from grow(k + 1, cells | als.cells, common & als.digits)
            del chosen[d]

    yield from grow(0, 0, full)


def _blossom_eliminations(
    cands: Candidates, sets: list[HALS], stem: int, chosen: dict[int, int], cells: int,
    common: int,
) -> list[tuple[int, int]]:
    """What a Death Blossom removes: digits in every petal (not the stem's) from cells outside
    the petals and the stem seeing all their places."""
    shape = cands.shape
    out: list[tuple[int, int]] = []
    for z in digits_of(common & ~cands.masks[stem]):
        places = 0
        for i in chosen.values():
            places |= sets[i].holders[z]
        zone = _seeing_all(shape, places) & ~cells & ~(1 << stem)
        out.extend((c, z) for c in bit_cells(zone) if cands.has(c, z))
    return sorted(set(out), key=lambda t: (t[1], t[0]))


def _blossom_step(
    cands: Candidates, sets: list[HALS], stem: int, chosen: dict[int, int],
    removed: list[tuple[int, int]],
) -> Step:
    """Build the step of a Death Blossom."""
    shape = cands.shape
    eliminations = sorted(removed)
    cells = 1 << stem
    for i in chosen.values():
        cells |= sets[i].cells
    petals = "; ".join(f"{d}: {sets[i].names(shape)}" for d, i in sorted(chosen.items()))
    return Step(
        "Death Blossom", 7.7, eliminations=tuple(eliminations), cells=tuple(bit_cells(cells)),
        candidates=tuple((c, d) for c in bit_cells(cells) for d in cands.digits(c)),
        explanation=f"The stem {shape.cell_name(stem)} holds one of its digits, and each has a "
        f"petal, an almost locked set locked without it when the stem takes it ({petals}); a "
        f"digit in every petal is true in one of them, so cells seeing all its places lose it: "
        f"{eliminations_text(shape, eliminations)}",
        extra={"hodoku": 360},
    )
