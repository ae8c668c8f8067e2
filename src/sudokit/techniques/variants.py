"""Human techniques for Sudoku variants: deductions over the rules as data (:mod:`sudokit.rules`).

The classic techniques of this package read rows, columns and boxes from a
:class:`~sudokit.shape.Shape`; these read a :class:`~sudokit.rules.Rules` instead: its regions
(rows, columns, boxes, diagonals, windows, pieces, groups), its differ pairs (knight's and
king's moves), its non-consecutive pairs and its Killer cages. A :class:`RulesPosition` is the
candidate state (a :class:`~sudokit.candidates.Candidates` that also knows the rules, so
:meth:`Step.apply <sudokit.techniques.step.Step.apply>` places digits under the variant's rules).

Glossary (beside :mod:`sudokit.rules`'s):

- **full region**: a region of N cells, which holds every digit once (a region of fewer cells
  only holds different digits).
- **sees**: two cells see each other when they must differ (:attr:`Rules.peers`: a shared
  region or cage, a knight's or king's move).
- **combination** of a cage: a set of different digits of the cage's size adding up to its sum.

The techniques, in the order the variant path tries them (SE-style: the first step of the first
technique that has one is taken), with their difficulties on Sudoku Explainer's scale:

=============================  ===========  ==========================================================
technique                      difficulty   what it sees
=============================  ===========  ==========================================================
Hidden Single                  1.0-1.5      full house 1.0; a digit with one place in a box-like
                                            full region (box, window, piece, group, diagonal,
                                            extra region) 1.2, in a row or column 1.5
Cage Combination               2.0          a digit no combination of a cage allows in a cell
                                            (given the candidates of the cage's cells)
Naked Single                   2.3          a cell with one candidate
Non-Consecutive Exclusion      2.4          whatever a cell holds, a neighbour cannot hold some
                                            digit (a neighbour of a 4/6 cell is not 5)
Locked Candidates              2.6-2.8      a digit's places in a full region all see a cell, which
                                            loses it: pointing 2.6 (box → line), claiming 2.8
                                            (line → box), through another shared region 2.7, through
                                            knight/king moves or cages 2.8
Non-Consecutive Pointing       2.7          a digit's places in a full region are all beside a cell,
                                            which cannot hold the digit ±1
Cage-Region Interaction        2.8          a digit every combination of a cage needs leaves the
                                            cells that see all its places in the cage
Innies/Outies                  2.8-3.8      the 45 rule: full regions minus the cages inside them
                                            (innies) or the cages sticking out minus the regions
                                            (outies) add up to a known sum; 2.8 + 0.2 per extra
                                            region + 0.2 per extra cell (at most 4 regions, 3
                                            cells); each full region, 2-4 rows or columns side
                                            by side, two boxes or pieces that touch
Naked Pair / Triplet / Quad    3.0/3.6/5.0  in any region or cage; its digits leave the cells seeing
                                            all of their places in the set
X-Wing / Swordfish / Jellyfish 3.2/3.8/5.2  rows against columns; 3.3/3.9/5.3 for any other family
                                            of disjoint full regions (base) and regions covering
                                            the base's places (cover)
Hidden Pair / Triplet / Quad   3.4/4.0/5.4  in any full region
XY-Wing / XYZ-Wing             4.2/4.4      over the peers of the rules (the pincers' victims see
                                            both pincers, for XYZ the pivot too)
Nishio Forcing Chain           7.5+         assume a candidate, follow singles and the rules; a
                                            contradiction removes it (+0.1 at 4, 6, 8, 12, 16, 24, …
                                            placements of the chain, SE's length penalty in spirit);
                                            one step removes every candidate of the same difficulty
Multiple Forcing Chain         8.0+         each candidate of a cell (2-3 of them), or each place of
                                            a digit in a full region (2-3), followed the same way:
                                            what every branch places or removes holds (+ the same
                                            length penalty on the longest branch)
Dynamic Forcing Chain          8.5+         a contradiction as in Nishio, following the singles and
                                            the eliminations of locked candidates, cage combinations
                                            and non-consecutive exclusion (+ the length penalty on
                                            the rounds); cells of fewer candidates tried first
=============================  ===========  ==========================================================

No uniqueness technique is used (they assume classic rules). Steps leave ``units`` empty (it
indexes a shape's units); ``extra["regions"]`` holds the indexes into :attr:`Rules.regions` of
the regions a step uses and ``extra["cages"]`` those of its cages.

>>> pos = RulesPosition.from_grid(Grid.empty(rules="x"))
>>> pos.place(0, 5)  # r1c1 = 5: the rest of the diagonal ↘ loses 5
>>> pos.has(80, 5), pos.has(79, 5)
(False, True)
>>> [t.name for t in variant_techniques()][:3]
['Hidden Single', 'Cage Combination', 'Naked Single']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from sudokit.candidates import Candidates, bit, bits, digits_of
from sudokit.errors import OptionError
from sudokit.grid import Grid
from sudokit.limits import NEVER, Deadline
from sudokit.rules import Rules
from sudokit.shape import Shape
from sudokit.techniques import Technique, name_key
from sudokit.techniques.base import bit_cells
from sudokit.techniques.step import Step

__all__ = [
    "BOX_LIKE",
    "CageSupport",
    "RulesPosition",
    "cage_name",
    "cage_support",
    "find_cage_combinations",
    "find_cage_region",
    "find_dynamic_forcing",
    "find_fish",
    "find_innies_outies",
    "find_jellyfish",
    "find_locked_candidates",
    "find_multiple_forcing",
    "find_naked_singles",
    "find_nc_exclusions",
    "find_nc_pointing",
    "find_nishio",
    "find_singles",
    "find_subsets",
    "find_swordfish",
    "find_x_wings",
    "find_xy_wings",
    "find_xyz_wings",
    "region_name",
    "resolve_variant",
    "variant_techniques",
]

#: Region kinds rated like a box for hidden singles (1.2 rather than 1.5).
BOX_LIKE = frozenset({"box", "window", "piece", "group", "diagonal", "extra"})

#: A candidate: ``(cell, digit)``.
Candidate = tuple[int, int]


# -- the candidate state ---------------------------------------------------------------------------


class RulesPosition(Candidates):
    """Placed digits and pencil marks of a grid under a variant's rules.

    Placing a digit removes it from the cell's peers (:attr:`Rules.peers`) and its neighbours
    lose the digits one above and below (non-consecutive pairs).
    """

    __slots__ = ("rules",)

    def __init__(self, values: list[int], masks: list[int], shape: Shape, rules: Rules) -> None:
        super().__init__(values, masks, shape)
        self.rules = rules

    @classmethod
    def from_grid(cls, grid: Grid) -> RulesPosition:
        """The position of a grid: every digit its peers, neighbours and cage allow."""
        rules = grid.all_rules
        full = (1 << rules.n) - 1
        values = list(grid.cells)
        masks = [0 if v else full for v in values]
        for cell, v in enumerate(values):
            if v:
                _clear_around(masks, rules, cell, v)
        pos = cls(values, masks, grid.shape, rules)
        for k, cage in enumerate(rules.cages):
            support = cage_support(pos, k)
            if support is not None:
                for cell, mask in zip(_empty(pos, cage.cells), support.masks, strict=True):
                    masks[cell] &= mask
        return pos

    @classmethod
    def from_candidates(cls, cands: Candidates, rules: Rules) -> RulesPosition:
        """A position with ``cands``' values and marks under ``rules`` (marks kept as given)."""
        return cls(list(cands.values), list(cands.masks), cands.shape, rules)

    def copy(self) -> RulesPosition:
        """An independent copy."""
        return RulesPosition(self.values.copy(), self.masks.copy(), self.shape, self.rules)

    def to_grid(self) -> Grid:
        """The placed digits as a :class:`Grid` with the rules."""
        return Grid(tuple(self.values), self.shape, self.rules)

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` in ``cell``: its peers lose it, its neighbours lose ``digit ± 1``."""
        self.values[cell] = digit
        self.masks[cell] = 0
        _clear_around(self.masks, self.rules, cell, digit)

    def __repr__(self) -> str:
        return f"RulesPosition.from_grid({self.to_grid()!r})"


def _clear_around(masks: list[int], rules: Rules, cell: int, digit: int) -> None:
    """Remove what a digit placed in ``cell`` rules out from the other cells' masks."""
    b = bit(digit)
    for p in rules.peers[cell]:
        masks[p] &= ~b
    near = _near(digit, rules.n)
    for q in rules.neighbours[cell]:
        masks[q] &= ~near


def _near(digit: int, n: int) -> int:
    """The mask of the digits one below and one above ``digit``."""
    return ((bit(digit - 1) if digit > 1 else 0) | (bit(digit + 1) if digit < n else 0))


def _position(cands: Candidates) -> RulesPosition:
    """``cands`` as a :class:`RulesPosition` (plain candidates get the classic rules)."""
    if isinstance(cands, RulesPosition):
        return cands
    return RulesPosition.from_candidates(cands, Rules.classic(cands.shape))


def _empty(pos: Candidates, cells: Iterable[int]) -> list[int]:
    """The empty cells among ``cells``, in order."""
    values = pos.values
    return [c for c in cells if not values[c]]


# -- naming and tables -----------------------------------------------------------------------------


def region_name(rules: Rules, index: int) -> str:
    """A region's name for people (``diagonal ↘``, ``window 2``)."""
    return rules.regions[index].name


def cage_name(rules: Rules, index: int) -> str:
    """A cage's name for people: ``cage 3 (r1c1…)``, its total after a colon when it has one."""
    cage = rules.cages[index]
    first = rules.cell_name(cage.cells[0]) + ("…" if len(cage.cells) > 1 else "")
    total = f", sum {cage.total}" if cage.total is not None else ""
    return f"cage {index + 1} ({first}{total})"


def _cells(rules: Rules, cells: Iterable[int]) -> str:
    """Cells named and joined: ``r1c1, r1c5``."""
    return ", ".join(rules.cell_name(c) for c in sorted(cells))


def _digits(mask: int) -> str:
    """A mask's digits: ``1/2/7``."""
    return "/".join(str(d) for d in digits_of(mask))


def _elims_text(rules: Rules, eliminations: Sequence[Candidate]) -> str:
    """Say which candidates go: ``r1c5<>7, r2c5<>7/8``."""
    by_cell: dict[int, int] = {}
    for cell, digit in eliminations:
        by_cell[cell] = by_cell.get(cell, 0) | bit(digit)
    return ", ".join(f"{rules.cell_name(c)}<>{_digits(m)}" for c, m in sorted(by_cell.items()))


@dataclass(frozen=True)
class _Tables:
    """What the finders read about the rules, computed once per rules."""

    #: Full regions in SE's order: box-like kinds, then columns, then rows.
    full: tuple[int, ...]
    #: Each region's cells as a set.
    sets: tuple[frozenset[int], ...]
    #: Each region's cells as a bitset (bit ``c`` for cell ``c``).
    bitsets: tuple[int, ...]
    #: The all-different groups for naked sets: ``(region index or -1 - cage index, cells)``.
    groups: tuple[tuple[int, tuple[int, ...]], ...]


def _tables(rules: Rules) -> _Tables:
    """The rules' tables (kept in ``rules.compiled``, the rules' own cache)."""
    found = rules.compiled.get("techniques")
    if isinstance(found, _Tables):
        return found
    n = rules.n
    regions = rules.regions
    full = [i for i, r in enumerate(regions) if len(r.cells) == n]
    order = {"column": 1, "row": 2}
    full.sort(key=lambda i: (order.get(regions[i].kind, 0), i))
    groups = [(i, r.cells) for i, r in enumerate(regions)]
    groups += [(-1 - k, cage.cells) for k, cage in enumerate(rules.cages)]
    tables = _Tables(tuple(full), tuple(frozenset(r.cells) for r in regions),
                     tuple(_cell_bits(r.cells) for r in regions), tuple(groups))
    rules.compiled["techniques"] = tables
    return tables


def _group_name(rules: Rules, group: int) -> str:
    """Name a group of :attr:`_Tables.groups`: a region or a cage."""
    return region_name(rules, group) if group >= 0 else cage_name(rules, -1 - group)


def _group_extra(group: int) -> dict[str, object]:
    """The ``extra`` of a step about one group."""
    return {"regions": [group]} if group >= 0 else {"regions": [], "cages": [-1 - group]}


def _common_peers(rules: Rules, cells: Iterable[int]) -> set[int]:
    """The cells that see every one of ``cells`` (none of them included)."""
    listed = list(cells)
    result = set(rules.peers[listed[0]])
    for c in listed[1:]:
        result &= rules.peers[c]
    return result - set(listed)


def _removable(pos: Candidates, cells: Iterable[int], digit: int) -> list[Candidate]:
    """The candidates ``(cell, digit)`` among ``cells`` still there."""
    b = bit(digit)
    return [(c, digit) for c in sorted(cells) if pos.masks[c] & b]


def _placed_in(pos: Candidates, cells: Iterable[int]) -> int:
    """The mask of the digits placed among ``cells``."""
    mask = 0
    for c in cells:
        if pos.values[c]:
            mask |= bit(pos.values[c])
    return mask


# -- singles ---------------------------------------------------------------------------------------


def _unique_digits(pos: Candidates, cells: Sequence[int]) -> int:
    """The mask of the digits with exactly one place among ``cells``."""
    once = twice = 0
    masks = pos.masks
    for c in cells:
        m = masks[c]
        twice |= once & m
        once |= m
    return once & ~twice


def _place_of(pos: Candidates, cells: Sequence[int], b: int) -> int:
    """The first cell of ``cells`` with candidate bit ``b``."""
    masks = pos.masks
    return next(c for c in cells if masks[c] & b)


def find_singles(cands: Candidates) -> Iterator[Step]:
    """Full houses, then hidden singles, over every full region (box-like, columns, rows)."""
    pos = _position(cands)
    rules = pos.rules
    for alone in (True, False):
        for r in _tables(rules).full:
            cells = rules.regions[r].cells
            empty = _empty(pos, cells)
            if not empty or (len(empty) == 1) != alone:
                continue
            for b in bits(_unique_digits(pos, empty)):
                yield _single_step(rules, r, _place_of(pos, empty, b), b.bit_length(), alone)


def _single_step(rules: Rules, r: int, cell: int, digit: int, alone: bool) -> Step:
    """A full house or hidden single in region ``r``."""
    where, name = rules.cell_name(cell), region_name(rules, r)
    if alone:
        return Step("Full House", 1.0, placements=((cell, digit),), cells=(cell,),
                    candidates=((cell, digit),),
                    explanation=f"{where} is the last empty cell of {name}, so {where} = {digit}",
                    extra={"regions": [r], "hodoku": 4})
    difficulty = 1.2 if rules.regions[r].kind in BOX_LIKE else 1.5
    return Step("Hidden Single", difficulty, placements=((cell, digit),), cells=(cell,),
                candidates=((cell, digit),),
                explanation=f"In {name}, {digit} can only go in {where}, so {where} = {digit}",
                extra={"regions": [r], "hodoku": 14})


def find_naked_singles(cands: Candidates) -> Iterator[Step]:
    """Cells with a single candidate, row by row."""
    pos = _position(cands)
    for cell, mask in enumerate(pos.masks):
        if mask and mask & (mask - 1) == 0:
            digit = mask.bit_length()
            where = pos.rules.cell_name(cell)
            yield Step("Naked Single", 2.3, placements=((cell, digit),), cells=(cell,),
                       candidates=((cell, digit),),
                       explanation=f"{where} can only hold {digit} (every other digit is ruled out "
                       f"by its regions and the puzzle's rules), so {where} = {digit}",
                       extra={"regions": [], "hodoku": 4})


# -- Killer cages ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CageSupport:
    """What a cage's combinations allow: per empty cell the digits some combination puts there
    (``masks``, in the cage's cell order), the digits every combination needs (``needed``,
    placed ones left out) and the combinations themselves (digit masks, placed digits included)."""

    masks: tuple[int, ...]
    needed: int
    combinations: tuple[int, ...]


def _combos(n: int, size: int, total: int, low: int = 1) -> list[int]:
    """The masks of the sets of ``size`` different digits ``low..n`` adding up to ``total``."""
    if size == 0:
        return [0] if total == 0 else []
    out = []
    for d in range(low, n + 1):
        if d * size > total:
            break
        out += [bit(d) | rest for rest in _combos(n, size - 1, total - d, d + 1)]
    return out


def _match_support(masks: Sequence[int], digits: int) -> list[int] | None:
    """Per cell, the digits of ``digits`` it takes in some one-to-one filling of the cells with
    exactly those digits under ``masks`` (None: no filling)."""
    k = len(masks)
    support = [0] * k
    memo: dict[tuple[int, int], bool] = {}

    def fill(i: int, used: int) -> bool:
        if i == k:
            return used == digits
        key = (i, used)
        if key in memo:
            return memo[key]
        ok = False
        for b in bits(masks[i] & digits & ~used):
            if fill(i + 1, used | b):
                support[i] |= b
                ok = True
        memo[key] = ok
        return ok

    return support if fill(0, 0) else None


def cage_support(pos: RulesPosition, index: int) -> CageSupport | None:
    """The combinations of cage ``index`` the position allows (None: none, or the cage has no sum)."""
    rules = pos.rules
    cage = rules.cages[index]
    if cage.total is None:
        return None
    placed = _placed_in(pos, cage.cells)
    empty = _empty(pos, cage.cells)
    rest = cage.total - sum(pos.values[c] for c in cage.cells)
    masks_of = [pos.masks[c] for c in empty]
    support = [0] * len(empty)
    needed = (1 << rules.n) - 1
    found: list[int] = []
    for digits in _combos(rules.n, len(empty), rest):
        if digits & placed:
            continue
        sup = _match_support(masks_of, digits)
        if sup is None:
            continue
        found.append(digits | placed)
        needed &= digits
        support = [a | b for a, b in zip(support, sup, strict=True)]
    if not found:
        return None
    return CageSupport(tuple(support), needed, tuple(found))


def _combo_text(combos: Sequence[int]) -> str:
    """Combinations for people: ``1+5+9, 2+4+9`` (the first six)."""
    shown = ", ".join("+".join(str(d) for d in digits_of(m)) for m in combos[:6])
    return shown + (", …" if len(combos) > 6 else "")


def find_cage_combinations(cands: Candidates) -> Iterator[Step]:
    """Digits no combination of a cage allows in a cell (cage by cage)."""
    pos = _position(cands)
    rules = pos.rules
    for k, cage in enumerate(rules.cages):
        empty = _empty(pos, cage.cells)
        if not empty:
            continue
        support = cage_support(pos, k)
        if support is None:
            continue
        removed = [(c, d) for c, mask in zip(empty, support.masks, strict=True)
                   for d in digits_of(pos.masks[c] & ~mask)]
        if removed:
            yield Step(
                "Cage Combination", 2.0, eliminations=tuple(removed), cells=tuple(cage.cells),
                explanation=f"C{cage_name(rules, k)[1:]} can only hold "
                f"{_combo_text(support.combinations)} with these candidates, so "
                f"{_elims_text(rules, removed)}",
                extra={"regions": [], "cages": [k], "hodoku": 50},
            )


def find_cage_region(cands: Candidates) -> Iterator[Step]:
    """A digit every combination of a cage needs leaves the cells seeing all its places there."""
    pos = _position(cands)
    rules = pos.rules
    for k, cage in enumerate(rules.cages):
        empty = _empty(pos, cage.cells)
        support = cage_support(pos, k) if empty else None
        if support is None:
            continue
        for digit in digits_of(support.needed):
            places = [c for c in empty if pos.masks[c] & bit(digit)]
            if not places:
                continue
            removed = _removable(pos, _common_peers(rules, places) - set(cage.cells), digit)
            if removed:
                within = [r for r in rules.cell_regions[removed[0][0]]
                          if set(places) | {c for c, _ in removed} <= _tables(rules).sets[r]]
                via = f" (all in {region_name(rules, within[0])})" if within else ""
                yield Step(
                    "Cage-Region Interaction", 2.8, eliminations=tuple(removed),
                    cells=tuple(places), candidates=tuple((c, digit) for c in places),
                    explanation=f"Every combination of {cage_name(rules, k)} "
                    f"({_combo_text(support.combinations)}) holds {digit}, which can only go in "
                    f"{_cells(rules, places)}; the cells seeing all of them{via} lose it: "
                    f"{_elims_text(rules, removed)}",
                    extra={"regions": within[:1], "cages": [k], "hodoku": 60},
                )


def _sum_support(rules: Rules, pos: Candidates, cells: Sequence[int], total: int) -> list[int] | None:
    """Per cell, the digits it takes in some filling of ``cells`` adding up to ``total`` (cells
    that see each other differ), or None when there is none."""
    k = len(cells)
    masks = [pos.masks[c] for c in cells]
    sees = [[j for j in range(i) if cells[j] in rules.peers[cells[i]]] for i in range(k)]
    support = [0] * k
    chosen = [0] * k

    def fill(i: int, left: int) -> bool:
        if i == k:
            return left == 0
        ok = False
        for d in digits_of(masks[i]):
            if d > left or any(chosen[j] == d for j in sees[i]):
                continue
            chosen[i] = d
            if fill(i + 1, left - d):
                support[i] |= bit(d)
                ok = True
        chosen[i] = 0
        return ok

    return support if fill(0, total) else None


def _region_sets(rules: Rules) -> list[tuple[int, ...]]:
    """The sets of full regions the 45 rule tries: each full region, runs of 2 to 4 rows (and
    columns) side by side, and two boxes (or pieces) that touch."""
    full = _tables(rules).full
    sets: list[tuple[int, ...]] = [(r,) for r in full]
    for kind in ("row", "column"):
        lines = [r for r in full if rules.regions[r].kind == kind]
        for length in range(2, min(4, rules.n - 1) + 1):
            sets += [tuple(lines[i:i + length]) for i in range(len(lines) - length + 1)]
    blocks = [r for r in full if rules.regions[r].kind in ("box", "piece")]
    for a, b in combinations(blocks, 2):
        around = {q for c in rules.regions[a].cells for q in _sides(c, rules.n)}
        if around & set(rules.regions[b].cells):
            sets.append((a, b))
    return sets


def _sides(cell: int, n: int) -> list[int]:
    """The cells side by side with ``cell``."""
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def find_innies_outies(cands: Candidates) -> Iterator[Step]:
    """The 45 rule: innies or outies of a set of full regions with a known sum (easiest first)."""
    pos = _position(cands)
    rules = pos.rules
    if not any(c.total is not None for c in rules.cages):
        return
    steps = []
    for regions in _region_sets(rules):
        steps += _innies_outies(pos, regions)
    steps.sort(key=lambda s: s.difficulty)
    yield from steps


def _innies_outies(pos: RulesPosition, regions: tuple[int, ...]) -> list[Step]:
    """The innie and outie steps of one set of disjoint full regions."""
    rules = pos.rules
    sets = _tables(rules).sets
    area: set[int] = set()
    for r in regions:
        if area & sets[r]:
            return []
        area |= sets[r]
    n = rules.n
    inside_total, partial_total = 0, 0
    inside: list[int] = []
    partial: list[int] = []
    touched = {rules.cage_of[c] for c in area} - {None}
    for k in sorted(t for t in touched if t is not None):
        cage = rules.cages[k]
        if cage.total is None:
            return []
        if set(cage.cells) <= area:
            inside.append(k)
            inside_total += cage.total
        else:
            partial.append(k)
            partial_total += cage.total
    whole = len(regions) * n * (n + 1) // 2
    innies = sorted(area - {c for k in inside for c in rules.cages[k].cells})
    out: list[Step] = []
    step = _virtual_cage(pos, regions, innies, whole - inside_total, "innies", inside)
    if step is not None:
        out.append(step)
    if partial and all(rules.cage_of[c] is not None for c in innies):
        spread = {c for k in partial for c in rules.cages[k].cells}
        outies = sorted(spread - area)
        total = partial_total - (whole - inside_total)
        step = _virtual_cage(pos, regions, outies, total, "outies", partial)
        if step is not None:
            out.append(step)
    return out


def _virtual_cage(
    pos: RulesPosition, regions: tuple[int, ...], cells: Sequence[int], total: int, kind: str,
    cages: Sequence[int],
) -> Step | None:
    """The step a known sum over ``cells`` gives (1 to 3 empty cells), or None."""
    rules = pos.rules
    empty = _empty(pos, cells)
    if not 1 <= len(empty) <= 3:
        return None
    rest = total - sum(pos.values[c] for c in cells)
    support = _sum_support(rules, pos, empty, rest)
    if support is None:
        return None
    removed = [(c, d) for c, mask in zip(empty, support, strict=True)
               for d in digits_of(pos.masks[c] & ~mask)]
    if not removed:
        return None
    difficulty = round(2.8 + 0.2 * (len(regions) - 1) + 0.2 * (len(empty) - 1), 1)
    names = ", ".join(region_name(rules, r) for r in regions)
    whole = len(regions) * rules.n * (rules.n + 1) // 2
    cage_list = ", ".join(f"cage {k + 1}" for k in cages) or "no cage"
    if kind == "innies":
        why = (f"{names} add{'s' if len(regions) == 1 else ''} up to {whole}; the cages inside "
               f"({cage_list}) take {whole - total}, so the other cells")
    else:
        why = (f"{names} add{'s' if len(regions) == 1 else ''} up to {whole}; the cages reaching "
               f"out of {'it' if len(regions) == 1 else 'them'} ({cage_list}) add up to "
               f"{whole + total}, so the cells outside")
    placements: tuple[Candidate, ...] = ()
    if len(empty) == 1 and support[0].bit_count() == 1:
        placements, removed = ((empty[0], support[0].bit_length()),), []
    result = (f"{rules.cell_name(empty[0])} = {placements[0][1]}" if placements
              else _elims_text(rules, removed))
    return Step(
        "Innies/Outies", difficulty, placements=placements, eliminations=tuple(removed),
        cells=tuple(cells),
        explanation=f"45 rule: {why} ({kind}: {_cells(rules, cells)}) add up to {total}, so {result}",
        extra={"regions": list(regions), "cages": list(cages), "hodoku": 100},
    )


# -- non-consecutive ---------------------------------------------------------------------------------


def find_nc_exclusions(cands: Candidates) -> Iterator[Step]:
    """Whatever a cell holds, a neighbour cannot hold a digit next to (or, if it sees it, equal
    to) every one of its candidates."""
    pos = _position(cands)
    rules = pos.rules
    n = rules.n
    for cell, mask in enumerate(pos.masks):
        if mask.bit_count() < 2 or not rules.neighbours[cell]:
            continue
        removed: list[Candidate] = []
        for q in sorted(rules.neighbours[cell]):
            if pos.values[q]:
                continue
            peer = q in rules.peers[cell]
            forbidden = (1 << n) - 1
            for d in digits_of(mask):
                forbidden &= _near(d, n) | (bit(d) if peer else 0)
            removed += [(q, d) for d in digits_of(pos.masks[q] & forbidden)]
        if removed:
            where = rules.cell_name(cell)
            yield Step(
                "Non-Consecutive Exclusion", 2.4, eliminations=tuple(removed), cells=(cell,),
                candidates=tuple((cell, d) for d in digits_of(mask)),
                explanation=f"{where} holds {_digits(mask)}; whichever it is, its neighbours "
                f"cannot hold a digit next to it: {_elims_text(rules, removed)}",
                extra={"regions": [], "hodoku": 50},
            )


def find_nc_pointing(cands: Candidates) -> Iterator[Step]:
    """A digit whose places in a full region are all beside a cell: that cell loses digit ± 1."""
    pos = _position(cands)
    rules = pos.rules
    if not rules.adjacent:
        return
    for r in _tables(rules).full:
        cells = rules.regions[r].cells
        for digit in range(1, rules.n + 1):
            places = [c for c in cells if pos.masks[c] & bit(digit)]
            if len(places) < 2:
                continue
            beside = set(rules.neighbours[places[0]])
            for p in places[1:]:
                beside &= rules.neighbours[p]
            near = _near(digit, rules.n)
            removed = [(c, d) for c in sorted(beside - set(places)) for d in digits_of(pos.masks[c] & near)]
            if removed:
                yield Step(
                    "Non-Consecutive Pointing", 2.7, eliminations=tuple(removed), cells=tuple(places),
                    candidates=tuple((c, digit) for c in places),
                    explanation=f"In {region_name(rules, r)}, {digit} can only go in "
                    f"{_cells(rules, places)}, all beside {_cells(rules, {c for c, _ in removed})}, "
                    f"which cannot hold a digit next to {digit}: {_elims_text(rules, removed)}",
                    extra={"regions": [r], "hodoku": 60},
                )


# -- locked candidates -----------------------------------------------------------------------------


def find_locked_candidates(cands: Candidates) -> Iterator[Step]:
    """A digit's places in a full region all see some cells: they lose it (box-like regions
    first, then columns, then rows)."""
    pos = _position(cands)
    rules = pos.rules
    for r in _tables(rules).full:
        cells = rules.regions[r].cells
        for digit in range(1, rules.n + 1):
            places = [c for c in cells if pos.masks[c] & bit(digit)]
            if len(places) < 2:
                continue
            removed = _removable(pos, _common_peers(rules, places), digit)
            if removed:
                yield _locked_step(pos, r, digit, places, removed)


def _locked_step(pos: RulesPosition, r: int, digit: int, places: list[int], removed: list[Candidate]) -> Step:
    """Name and rate a locked-candidates step (pointing, claiming or the general kind)."""
    rules = pos.rules
    sets = _tables(rules).sets
    region = rules.regions[r]
    span = set(places) | {c for c, _ in removed}
    shared = [s for s in rules.cell_regions[places[0]] if s != r and span <= sets[s]]
    kinds = {rules.regions[s].kind: s for s in shared}
    if region.kind == "box" and ("row" in kinds or "column" in kinds):
        name, difficulty, other = "Pointing", 2.6, kinds.get("row", kinds.get("column"))
    elif region.kind in ("row", "column") and "box" in kinds:
        name, difficulty, other = "Claiming", 2.8, kinds["box"]
    elif shared:
        name, difficulty, other = "Locked Candidates", 2.7, shared[0]
    else:
        name, difficulty, other = "Locked Candidates", 2.8, None
    via = (f"all in {region_name(rules, other)}, so it leaves the rest of it" if other is not None
           else "and the cells seeing all of them (through regions, cages or the variant's moves) "
           "lose it")
    used = [r] + ([other] if other is not None else [])
    return Step(
        name, difficulty, eliminations=tuple(removed), cells=tuple(places),
        candidates=tuple((c, digit) for c in places),
        explanation=f"In {region.name}, {digit} can only go in {_cells(rules, places)}, {via}: "
        f"{_elims_text(rules, removed)}",
        extra={"regions": used, "hodoku": 50},
    )


# -- subsets ---------------------------------------------------------------------------------------

_SIZE = {2: "Pair", 3: "Triplet", 4: "Quad"}
_NAKED = {2: 3.0, 3: 3.6, 4: 5.0}
_HIDDEN = {2: 3.4, 3: 4.0, 4: 5.4}
_HODOKU_NAKED = {2: 60, 3: 80, 4: 120}
_HODOKU_HIDDEN = {2: 70, 3: 100, 4: 150}


def _naked_sets(pos: RulesPosition, size: int) -> Iterator[Step]:
    """Naked sets of ``size`` in every region and cage; each digit leaves the cells seeing all of
    its places in the set."""
    rules = pos.rules
    n = rules.n
    for group, cells in _tables(rules).groups:
        empty = _empty(pos, cells)
        need = 2 * size if len(cells) == n and group >= 0 else size + 1
        if len(empty) < need:
            continue
        small = [c for c in empty if 2 <= pos.masks[c].bit_count() <= size]
        for chosen in combinations(small, size):
            union = 0
            for c in chosen:
                union |= pos.masks[c]
            if union.bit_count() != size:
                continue
            removed: list[Candidate] = []
            for d in digits_of(union):
                holders = [c for c in chosen if pos.masks[c] & bit(d)]
                removed += _removable(pos, _common_peers(rules, holders) - set(chosen), d)
            if removed:
                removed.sort()
                yield Step(
                    f"Naked {_SIZE[size]}", _NAKED[size], eliminations=tuple(removed), cells=chosen,
                    candidates=tuple((c, d) for c in chosen for d in pos.digits(c)),
                    explanation=f"In {_group_name(rules, group)}, {_cells(rules, chosen)} hold only "
                    f"{_digits(union)}, so those digits leave the cells seeing them: "
                    f"{_elims_text(rules, removed)}",
                    extra={**_group_extra(group), "hodoku": _HODOKU_NAKED[size]},
                )


def _hidden_sets(pos: RulesPosition, size: int) -> Iterator[Step]:
    """Hidden sets of ``size`` in every full region: the cells lose every other digit."""
    rules = pos.rules
    for r in _tables(rules).full:
        cells = rules.regions[r].cells
        empty = _empty(pos, cells)
        if len(empty) <= 2 * size:
            continue
        places = {d: [c for c in empty if pos.masks[c] & bit(d)] for d in range(1, rules.n + 1)}
        digits = [d for d, p in places.items() if 2 <= len(p) <= size]
        for chosen in combinations(digits, size):
            where = sorted({c for d in chosen for c in places[d]})
            if len(where) != size:
                continue
            keep = 0
            for d in chosen:
                keep |= bit(d)
            removed = [(c, d) for c in where for d in digits_of(pos.masks[c] & ~keep)]
            if removed:
                yield Step(
                    f"Hidden {_SIZE[size]}", _HIDDEN[size], eliminations=tuple(removed),
                    cells=tuple(where), candidates=tuple((c, d) for c in where for d in chosen
                                                         if pos.masks[c] & bit(d)),
                    explanation=f"In {region_name(rules, r)}, {_digits(keep)} can only go in "
                    f"{_cells(rules, where)}, so those cells hold nothing else: "
                    f"{_elims_text(rules, removed)}",
                    extra={"regions": [r], "hodoku": _HODOKU_HIDDEN[size]},
                )


def find_subsets(cands: Candidates, size: int, hidden: bool) -> Iterator[Step]:
    """Naked (or hidden) sets of ``size`` cells over the rules."""
    pos = _position(cands)
    return _hidden_sets(pos, size) if hidden else _naked_sets(pos, size)


# -- fish ------------------------------------------------------------------------------------------

_FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_FISH_SE = {2: 3.2, 3: 3.8, 4: 5.2}
_FISH_HODOKU = {2: 140, 3: 150, 4: 160}


def _low_cell(cells: int) -> int:
    """The lowest cell of a cell bitset."""
    return (cells & -cells).bit_length() - 1


def _cell_bits(cells: Iterable[int]) -> int:
    """The bitset of some cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def _covers(rules: Rules, places: int, size: int, banned: set[int]) -> list[tuple[int, ...]]:
    """Every set of ``size`` regions (none of ``banned``) whose cells hold all of ``places``."""
    masks = _tables(rules).bitsets
    found: set[tuple[int, ...]] = set()

    def grow(chosen: tuple[int, ...], left: int) -> None:
        if not left:
            if len(chosen) == size:
                found.add(tuple(sorted(chosen)))
            return
        if len(chosen) == size:
            return
        for r in rules.cell_regions[_low_cell(left)]:
            if r not in banned and r not in chosen:
                grow((*chosen, r), left & ~masks[r])

    grow((), places)
    return sorted(found)


def _coverable(
    rules: Rules, places: int, size: int, banned: int, memo: dict[tuple[int, int, int], bool]
) -> bool:
    """True when at most ``size`` regions, none in the bitset ``banned``, hold all of ``places``
    (when there are no more places than regions, true: every cell lies in a row and a column)."""
    if places.bit_count() <= size:
        return True
    if size == 0:
        return False
    key = (places, size, banned)
    known = memo.get(key)
    if known is None:
        masks = _tables(rules).bitsets
        known = False
        for r in rules.cell_regions[_low_cell(places)]:
            if not banned >> r & 1 and _coverable(rules, places & ~masks[r], size - 1, banned, memo):
                known = True
                break
        memo[key] = known
    return known


def find_fish(cands: Candidates, size: int, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Fish of ``size``: rows against columns first, then any disjoint full regions as the base."""
    pos = _position(cands)
    rules = pos.rules
    steps: list[tuple[int, Step]] = []
    for digit in range(1, rules.n + 1):
        deadline.check()
        steps += _fish_of_digit(pos, digit, size)
    steps.sort(key=lambda item: item[0])
    for _, step in steps:
        yield step


def _fish_of_digit(pos: RulesPosition, digit: int, size: int) -> list[tuple[int, Step]]:
    """The fish of one digit, each with 0 (rows against columns) or 1 (any other) for ordering."""
    rules = pos.rules
    tables = _tables(rules)
    masks = tables.bitsets
    b = bit(digit)
    holders = _cell_bits(c for c, m in enumerate(pos.masks) if m & b)
    bases = [(r, masks[r] & holders) for r in tables.full if 2 <= (masks[r] & holders).bit_count() <= size]
    found: list[tuple[int, Step]] = []
    done: set[tuple[tuple[int, ...], tuple[Candidate, ...]]] = set()
    memo: dict[tuple[int, int, int], bool] = {}

    def pick(start: int, chosen: tuple[int, ...], area: int, places: int, banned: int) -> None:
        if len(chosen) == size:
            for cover in _covers(rules, places, size, set(chosen)):
                cells = 0
                for r in cover:
                    cells |= masks[r]
                removed = tuple((c, digit) for c in bit_cells(cells & holders & ~area))
                if removed and (chosen, removed) not in done:
                    done.add((chosen, removed))
                    found.append(_fish_step(pos, digit, chosen, cover, set(bit_cells(places)), removed))
            return
        for i in range(start, len(bases)):
            r, p = bases[i]
            if masks[r] & area:
                continue
            grown = places | p
            if len(chosen) + 1 < size and not _coverable(rules, grown, size, banned | 1 << r, memo):
                continue
            pick(i + 1, (*chosen, r), area | masks[r], grown, banned | 1 << r)

    pick(0, (), 0, 0, 0)
    return found


def _fish_step(
    pos: RulesPosition, digit: int, base: tuple[int, ...], cover: tuple[int, ...], places: set[int],
    removed: tuple[Candidate, ...],
) -> tuple[int, Step]:
    """A fish step, with its ordering key (0 for rows against columns)."""
    rules = pos.rules
    size = len(base)
    kinds = ({rules.regions[r].kind for r in base}, {rules.regions[r].kind for r in cover})
    basic = kinds in (({"row"}, {"column"}), ({"column"}, {"row"}))
    bases = ", ".join(region_name(rules, r) for r in base)
    covers = ", ".join(region_name(rules, r) for r in cover)
    step = Step(
        _FISH[size], round(_FISH_SE[size] + (0 if basic else 0.1), 1), eliminations=removed,
        cells=tuple(sorted(places)), candidates=tuple((c, digit) for c in sorted(places)),
        explanation=f"{digit} goes once in each of {bases}, and all its places there lie in "
        f"{covers}; so {digit} takes one place of each of those in the base, and leaves the rest "
        f"of them: {_elims_text(rules, removed)}",
        extra={"regions": [*base, *cover], "base": list(base), "cover": list(cover),
               "hodoku": _FISH_HODOKU[size]},
    )
    return (0 if basic else 1), step


def find_x_wings(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """X-Wings over the rules (3.2; 3.3 for regions other than rows against columns)."""
    return find_fish(cands, 2, deadline)


def find_swordfish(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Swordfish over the rules (3.8 / 3.9)."""
    return find_fish(cands, 3, deadline)


def find_jellyfish(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Jellyfish over the rules (5.2 / 5.3)."""
    return find_fish(cands, 4, deadline)


# -- wings -----------------------------------------------------------------------------------------


def _wings(pos: RulesPosition, xyz: bool) -> Iterator[Step]:
    """XY-Wings (or XYZ-Wings) over the rules' peers."""
    rules = pos.rules
    masks = pos.masks
    for pivot, mp in enumerate(masks):
        if mp.bit_count() != (3 if xyz else 2):
            continue
        wings = sorted(c for c in rules.peers[pivot] if masks[c].bit_count() == 2
                       and (masks[c] & ~mp == 0 if xyz else (masks[c] & mp).bit_count() == 1))
        for a, b in combinations(wings, 2):
            ma, mb = masks[a], masks[b]
            if ma == mb:
                continue
            if xyz:
                if ma | mb != mp:
                    continue
                z = ma & mb
            else:
                z = ma & mb & ~mp
                if z.bit_count() != 1 or (ma | mb) & mp != mp:
                    continue
            digit = z.bit_length()
            victims = set(rules.peers[a]) & rules.peers[b]
            if xyz:
                victims &= rules.peers[pivot]
            removed = _removable(pos, victims - {pivot, a, b}, digit)
            if removed:
                yield _wing_step(pos, pivot, a, b, digit, removed, xyz)


def _wing_step(pos: RulesPosition, pivot: int, a: int, b: int, z: int, removed: list[Candidate],
               xyz: bool) -> Step:
    """Build an XY- or XYZ-Wing step."""
    rules = pos.rules
    p, pa, pb = (rules.cell_name(c) for c in (pivot, a, b))
    masks = pos.masks
    also = f", {p} or " if xyz else " or "
    return Step(
        "XYZ-Wing" if xyz else "XY-Wing", 4.4 if xyz else 4.2, eliminations=tuple(removed),
        cells=(pivot, a, b), candidates=tuple((c, d) for c in (pivot, a, b) for d in pos.digits(c)),
        explanation=f"Pivot {p} ({_digits(masks[pivot])}) sees {pa} ({_digits(masks[a])}) and {pb} "
        f"({_digits(masks[b])}): whatever {p} holds, {pa}{also}{pb} is {z}, so the cells seeing "
        f"them all lose {z}: {_elims_text(rules, removed)}",
        extra={"regions": [], "hodoku": 180 if xyz else 160},
    )


def find_xy_wings(cands: Candidates) -> Iterator[Step]:
    """XY-Wings over the rules (4.2)."""
    return _wings(_position(cands), False)


def find_xyz_wings(cands: Candidates) -> Iterator[Step]:
    """XYZ-Wings over the rules (4.4)."""
    return _wings(_position(cands), True)


# -- contradiction forcing -------------------------------------------------------------------------


def _length_penalty(length: int) -> float:
    """0.1 for each of 4, 6, 8, 12, 16, 24, … the length passes (thresholds ×1.5 and ×4/3 in turn)."""
    added, ceiling, odd = 0.0, 4, False
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return round(added, 1)


def _bracket_top(length: int) -> int:
    """The longest length with the same penalty as ``length`` (see :func:`_length_penalty`)."""
    ceiling, odd = 4, False
    while length > ceiling:
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return ceiling


def _scan(pos: RulesPosition) -> list[Candidate] | None:
    """The naked and hidden singles of a position (hidden ones in full regions), or None when it
    breaks the rules: an empty cell without candidates, a digit with no place in a full region,
    a cage without a combination."""
    values, masks = pos.values, pos.masks
    out = []
    for c, m in enumerate(masks):
        if not m:
            if not values[c]:
                return None
        elif not m & (m - 1):
            out.append((c, m.bit_length()))
    rules = pos.rules
    full = (1 << rules.n) - 1
    for r in _tables(rules).full:
        cells = rules.regions[r].cells
        once = twice = placed = 0
        for c in cells:
            m = masks[c]
            twice |= once & m
            once |= m
            if values[c]:
                placed |= 1 << (values[c] - 1)
        if once | placed != full:
            return None
        for b in bits(once & ~twice):
            cell = _place_of(pos, cells, b)
            if masks[cell] != b:
                out.append((cell, b.bit_length()))
    for k, cage in enumerate(rules.cages):
        if cage.total is not None and cage_support(pos, k) is None:
            return None
    return out


def _basic_eliminations(pos: RulesPosition) -> list[Candidate]:
    """Every elimination locked candidates, cage combinations and non-consecutive exclusion
    make in a position now."""
    out: set[Candidate] = set()
    for finder in (find_locked_candidates, find_cage_combinations, find_nc_exclusions):
        for step in finder(pos):
            out.update(step.eliminations)
    return sorted(out)


def _follow(
    pos: RulesPosition, cell: int, digit: int, dynamic: bool = False, limit: int | None = None
) -> tuple[RulesPosition | None, int]:
    """Place ``digit`` in ``cell`` and follow the singles (``dynamic``: and, when there are none,
    the basic eliminations): the position reached (None when it breaks the rules) and how many
    placements and elimination rounds it took (stopping, unbroken, past ``limit`` of them)."""
    work = pos.copy()
    work.place(cell, digit)
    count = 1
    while True:
        found = _scan(work)
        if found is None:
            return None, count
        if limit is not None and count > limit:
            return work, count
        if not found and dynamic:
            removed = _basic_eliminations(work)
            if removed:
                for c, d in removed:
                    work.eliminate(c, d)
                count += 1
                continue
        if not found:
            return work, count
        for c, d in found:
            if work.values[c]:
                if work.values[c] != d:
                    return None, count
                continue
            if not work.masks[c] & bit(d):
                return None, count + 1
            work.place(c, d)
            count += 1


def _contradiction(pos: RulesPosition, cell: int, digit: int, limit: int | None = None) -> int | None:
    """How many placements following ``cell = digit`` take to break the rules (None: they don't,
    or not within ``limit``)."""
    end, count = _follow(pos, cell, digit, limit=limit)
    return count if end is None and (limit is None or count <= limit) else None


def find_nishio(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """The candidates whose assumption breaks the rules after singles soonest (every one of the
    easiest difficulty, as one step)."""
    pos = _position(cands)
    rules = pos.rules
    items: list[tuple[Candidate, int]] = []
    limit: int | None = None
    cells = sorted((c for c in pos.empty_cells() if pos.masks[c].bit_count() >= 2),
                   key=lambda c: (pos.masks[c].bit_count(), c))  # short chains found early
    for cell in cells:
        deadline.check()
        for digit in digits_of(pos.masks[cell]):
            length = _contradiction(pos, cell, digit, limit)
            if length is None:
                continue
            top = _bracket_top(length)
            if limit is None or top < limit:
                items = [item for item in items if item[1] <= top]
                limit = top
            items.append(((cell, digit), length))
    if not items:
        return
    items.sort()
    difficulty = round(7.5 + _length_penalty(max(n for _, n in items)), 1)
    removed = tuple(c for c, _ in items)
    lengths = ", ".join(f"{rules.cell_name(c)}={d} after {n}" for (c, d), n in items[:6])
    more = ", …" if len(items) > 6 else ""
    yield Step(
        "Nishio Forcing Chain", difficulty, eliminations=removed,
        cells=tuple(sorted({c for c, _ in removed})), candidates=removed,
        explanation=f"Assuming {'each of ' if len(items) > 1 else ''}"
        f"{', '.join(f'{rules.cell_name(c)}={d}' for c, d in removed[:6])}{more} and following "
        f"the singles it forces breaks the rules (placements: {lengths}{more}), so "
        f"{_elims_text(rules, removed)}",
        extra={"regions": [], "length": max(n for _, n in items), "hodoku": 500},
    )


def _forcing_sources(pos: RulesPosition) -> Iterator[tuple[str, list[Candidate], list[int]]]:
    """The sets of candidates one of which is true: each cell of 2-3 candidates, each digit of a
    full region with 2-3 places (with a description and the regions used)."""
    rules = pos.rules
    for cell, mask in enumerate(pos.masks):
        if 2 <= mask.bit_count() <= 3:
            yield (f"{rules.cell_name(cell)} holds {_digits(mask)}",
                   [(cell, d) for d in digits_of(mask)], [])
    for r in _tables(rules).full:
        cells = rules.regions[r].cells
        for digit in range(1, rules.n + 1):
            places = [c for c in cells if pos.masks[c] & bit(digit)]
            if 2 <= len(places) <= 3:
                yield (f"in {region_name(rules, r)}, {digit} goes in {_cells(rules, places)}",
                       [(c, digit) for c in places], [r])


def _common(pos: RulesPosition, ends: Sequence[RulesPosition]) -> tuple[list[Candidate], list[Candidate]]:
    """The placements and eliminations every one of ``ends`` has made from ``pos``."""
    placements, removed = [], []
    for cell in pos.empty_cells():
        value = ends[0].values[cell]
        if value and all(e.values[cell] == value for e in ends):
            placements.append((cell, value))
            continue
        for d in digits_of(pos.masks[cell]):
            b = bit(d)
            if all(e.values[cell] != d and not e.masks[cell] & b for e in ends):
                removed.append((cell, d))
    return placements, removed


def find_multiple_forcing(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Cell and region forcing chains: whichever candidate of a cell (or place of a digit in a
    full region) is true, following the singles makes the same placements or eliminations."""
    pos = _position(cands)
    rules = pos.rules
    steps = []
    for what, branches, regions in _forcing_sources(pos):
        deadline.check()
        ends, longest = [], 0
        for cell, digit in branches:
            end, length = _follow(pos, cell, digit)
            longest = max(longest, length)
            if end is not None:
                ends.append(end)
        if not ends:
            continue
        placements, removed = _common(pos, ends)
        if not placements and not removed:
            continue
        result = ", ".join(f"{rules.cell_name(c)} = {d}" for c, d in placements)
        result += ("; " if placements and removed else "") + _elims_text(rules, removed)
        steps.append(Step(
            "Multiple Forcing Chain", round(8.0 + _length_penalty(longest), 1),
            placements=tuple(placements), eliminations=tuple(removed),
            cells=tuple(c for c, _ in branches), candidates=tuple(branches),
            explanation=f"Whichever is true ({what}), following the singles it forces (up to "
            f"{longest} placements; a branch breaking the rules is dropped) leads to the same "
            f"result: {result}",
            extra={"regions": regions, "length": longest, "hodoku": 500},
        ))
    steps.sort(key=lambda s: s.difficulty)
    yield from steps


def find_dynamic_forcing(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Candidates whose assumption breaks the rules after singles and the basic eliminations
    (locked candidates, cage combinations, non-consecutive exclusion), cells of fewer candidates
    first; each found is yielded at once (the search is slow)."""
    pos = _position(cands)
    rules = pos.rules
    cells = sorted((c for c in pos.empty_cells() if pos.masks[c].bit_count() >= 2),
                   key=lambda c: (pos.masks[c].bit_count(), c))
    for cell in cells:
        for digit in digits_of(pos.masks[cell]):
            deadline.check()
            end, length = _follow(pos, cell, digit, dynamic=True)
            if end is not None:
                continue
            where = rules.cell_name(cell)
            yield Step(
                "Dynamic Forcing Chain", round(8.5 + _length_penalty(length), 1),
                eliminations=((cell, digit),), cells=(cell,), candidates=((cell, digit),),
                explanation=f"If {where} were {digit}, following the singles and the eliminations "
                f"of locked candidates, cage combinations and non-consecutive exclusion it forces "
                f"({length} rounds) breaks the rules, so {where}<>{digit}",
                extra={"regions": [], "length": length, "hodoku": 700},
            )


# -- the list of techniques ------------------------------------------------------------------------


def variant_techniques() -> list[Technique]:
    """The variant techniques in the order the variant path tries them (see the module text)."""
    def sets(size: int, hidden: bool) -> Technique:
        name = f"{'Hidden' if hidden else 'Naked'} {_SIZE[size]}"
        score = (_HODOKU_HIDDEN if hidden else _HODOKU_NAKED)[size]
        return Technique(name, (_HIDDEN if hidden else _NAKED)[size],
                         lambda cands: find_subsets(cands, size, hidden), hodoku=score)

    return [
        Technique("Hidden Single", 1.0, find_singles, hodoku=14),
        Technique("Cage Combination", 2.0, find_cage_combinations, hodoku=50),
        Technique("Naked Single", 2.3, find_naked_singles, hodoku=4),
        Technique("Non-Consecutive Exclusion", 2.4, find_nc_exclusions, hodoku=50),
        Technique("Locked Candidates", 2.6, find_locked_candidates, hodoku=50),
        Technique("Non-Consecutive Pointing", 2.7, find_nc_pointing, hodoku=60),
        Technique("Cage-Region Interaction", 2.8, find_cage_region, hodoku=60),
        Technique("Innies/Outies", 2.8, find_innies_outies, hodoku=100),
        sets(2, False),
        Technique("X-Wing", 3.2, find_x_wings, hodoku=140, timed=True),
        sets(2, True),
        sets(3, False),
        Technique("Swordfish", 3.8, find_swordfish, hodoku=150, timed=True),
        sets(3, True),
        Technique("XY-Wing", 4.2, find_xy_wings, hodoku=160),
        Technique("XYZ-Wing", 4.4, find_xyz_wings, hodoku=180),
        sets(4, False),
        Technique("Jellyfish", 5.2, find_jellyfish, hodoku=160, timed=True),
        sets(4, True),
        Technique("Nishio Forcing Chain", 7.5, find_nishio, hodoku=500, timed=True),
        Technique("Multiple Forcing Chain", 8.0, find_multiple_forcing, hodoku=500, timed=True),
        Technique("Dynamic Forcing Chain", 8.5, find_dynamic_forcing, hodoku=700, timed=True),
    ]


#: Step names that are not their technique's name, and the technique yielding them.
_STEP_FAMILIES = {"fullhouse": "Hidden Single", "pointing": "Locked Candidates",
                  "claiming": "Locked Candidates"}


def resolve_variant(names: Iterable[str | Technique]) -> list[Technique]:
    """The variant techniques named (loosely, as :func:`sudokit.techniques.resolve` compares),
    in the variant order; an unknown name raises :class:`~sudokit.errors.OptionError`."""
    known = variant_techniques()
    by_key = {name_key(t.name): t for t in known}
    chosen: set[str] = set()
    for name in names:
        key = name_key(name.name if isinstance(name, Technique) else name)
        key = name_key(_STEP_FAMILIES.get(key, key)) if key in _STEP_FAMILIES else key
        if key not in by_key:
            raise OptionError(f"{name!r} is not a variant technique (choose from: "
                              f"{', '.join(t.name for t in known)})")
        chosen.add(by_key[key].name)
    return [t for t in known if t.name in chosen]
