"""The candidate state of a variant puzzle and what the variant techniques share: a
:class:`RulesPosition` (candidates that know the :class:`~sudokit.rules.Rules`), what a Killer
cage's combinations allow (:func:`cage_support`), the rules' tables the finders read, and the
names and texts of their explanations (see :mod:`sudokit.techniques.variants`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sudokit.candidates import Candidates, bit, bits, digits_of
from sudokit.grid import Grid
from sudokit.rules import Rules
from sudokit.shape import Shape
from sudokit.techniques.base import common_peers, removable
from sudokit.techniques.constraint_parts import technique_rules

__all__ = [
    "BOX_LIKE",
    "CageSupport",
    "Candidate",
    "RulesPosition",
    "RulesTables",
    "as_position",
    "cage_name",
    "cage_support",
    "cell_bits",
    "cells_text",
    "common_peers",
    "digits_text",
    "elims_text",
    "empty_among",
    "group_extra",
    "group_name",
    "near_digits",
    "place_of",
    "region_name",
    "removable",
    "rules_tables",
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
        """The position of a grid: every digit its peers, neighbours and cage allow (the rules'
        "must differ" constraints lifted into regions and pairs, see
        :func:`~sudokit.techniques.constraint_parts.technique_rules`)."""
        rules = technique_rules(grid.all_rules)
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
                for cell, mask in zip(empty_among(pos, cage.cells), support.masks, strict=True):
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
    near = near_digits(digit, rules.n)
    for q in rules.neighbours[cell]:
        masks[q] &= ~near


def near_digits(digit: int, n: int) -> int:
    """The mask of the digits one below and one above ``digit``."""
    return ((bit(digit - 1) if digit > 1 else 0) | (bit(digit + 1) if digit < n else 0))


def as_position(cands: Candidates) -> RulesPosition:
    """``cands`` as a :class:`RulesPosition` (plain candidates get the classic rules)."""
    if isinstance(cands, RulesPosition):
        return cands
    return RulesPosition.from_candidates(cands, Rules.classic(cands.shape))


def empty_among(pos: Candidates, cells: Iterable[int]) -> list[int]:
    """The empty cells among ``cells``, in order."""
    values = pos.values
    return [c for c in cells if not values[c]]


# -- Killer cages' combinations --------------------------------------------------------------------


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
    empty = empty_among(pos, cage.cells)
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


def _placed_in(pos: Candidates, cells: Iterable[int]) -> int:
    """The mask of the digits placed among ``cells``."""
    mask = 0
    for c in cells:
        if pos.values[c]:
            mask |= bit(pos.values[c])
    return mask


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


def cells_text(rules: Rules, cells: Iterable[int]) -> str:
    """Cells named and joined: ``r1c1, r1c5``."""
    return ", ".join(rules.cell_name(c) for c in sorted(cells))


def digits_text(mask: int) -> str:
    """A mask's digits: ``1/2/7``."""
    return "/".join(str(d) for d in digits_of(mask))


def elims_text(rules: Rules, eliminations: Sequence[Candidate]) -> str:
    """Say which candidates go: ``r1c5<>7, r2c5<>7/8``."""
    by_cell: dict[int, int] = {}
    for cell, digit in eliminations:
        by_cell[cell] = by_cell.get(cell, 0) | bit(digit)
    return ", ".join(f"{rules.cell_name(c)}<>{digits_text(m)}" for c, m in sorted(by_cell.items()))


@dataclass(frozen=True)
class RulesTables:
    """What the finders read about the rules, computed once per rules."""

    #: Full regions in SE's order: box-like kinds, then columns, then rows.
    full: tuple[int, ...]
    #: Each region's cells as a set.
    sets: tuple[frozenset[int], ...]
    #: Each region's cells as a bitset (bit ``c`` for cell ``c``).
    bitsets: tuple[int, ...]
    #: The all-different groups for naked sets: ``(region index or -1 - cage index, cells)``.
    groups: tuple[tuple[int, tuple[int, ...]], ...]


def rules_tables(rules: Rules) -> RulesTables:
    """The rules' tables (kept in ``rules.compiled``, the rules' own cache)."""
    found = rules.compiled.get("techniques")
    if isinstance(found, RulesTables):
        return found
    n = rules.n
    regions = rules.regions
    full = [i for i, r in enumerate(regions) if len(r.cells) == n]
    order = {"column": 1, "row": 2}
    full.sort(key=lambda i: (order.get(regions[i].kind, 0), i))
    groups = [(i, r.cells) for i, r in enumerate(regions)]
    groups += [(-1 - k, cage.cells) for k, cage in enumerate(rules.cages)]
    tables = RulesTables(tuple(full), tuple(frozenset(r.cells) for r in regions),
                     tuple(cell_bits(r.cells) for r in regions), tuple(groups))
    rules.compiled["techniques"] = tables
    return tables


def cell_bits(cells: Iterable[int]) -> int:
    """The bitset of some cells."""
    out = 0
    for c in cells:
        out |= 1 << c
    return out


def group_name(rules: Rules, group: int) -> str:
    """Name a group of :attr:`RulesTables.groups`: a region or a cage."""
    return region_name(rules, group) if group >= 0 else cage_name(rules, -1 - group)


def group_extra(group: int) -> dict[str, object]:
    """The ``extra`` of a step about one group."""
    return {"regions": [group]} if group >= 0 else {"regions": [], "cages": [-1 - group]}


def place_of(pos: Candidates, cells: Sequence[int], b: int) -> int:
    """The first cell of ``cells`` with candidate bit ``b``."""
    masks = pos.masks
    return next(c for c in cells if masks[c] & b)
