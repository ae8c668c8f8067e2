"""The variant techniques over regions and the rules' moves: singles, non-consecutive
exclusion and pointing, locked candidates, naked and hidden sets, fish and XY(Z)-Wings (see
:mod:`sudokit.techniques.variants` for their difficulties).

Singles, naked and hidden sets and XY(Z)-Wings are found by the classic modules' searches
(:mod:`~sudokit.techniques.singles`, :mod:`~sudokit.techniques.subsets`,
:mod:`~sudokit.techniques.wings`) run over the rules' regions, cages and peers; this module says
what a set removes under the rules (the cells seeing every holder) and names the steps. The fish
search is its own: any disjoint full regions against any regions covering them."""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.limits import NEVER, Deadline
from sudokit.rules import Rules
from sudokit.techniques import Technique
from sudokit.techniques.base import bit_cells
from sudokit.techniques.singles import lone_candidates, single_places
from sudokit.techniques.step import Step
from sudokit.techniques.subsets import hidden_sets_in, naked_sets_in
from sudokit.techniques.variant_model import (
    BOX_LIKE,
    Candidate,
    RulesPosition,
    as_position,
    cell_bits,
    cells_text,
    common_peers,
    digits_text,
    elims_text,
    empty_among,
    group_extra,
    group_name,
    near_digits,
    region_name,
    removable,
    rules_tables,
)
from sudokit.techniques.wings import wings_in

__all__ = [
    "find_fish",
    "find_jellyfish",
    "find_locked_candidates",
    "find_naked_singles",
    "find_nc_cover",
    "find_nc_exclusions",
    "find_nc_pointing",
    "find_singles",
    "find_subsets",
    "find_swordfish",
    "find_x_wings",
    "find_xy_wings",
    "find_xyz_wings",
    "subset_technique",
]

# -- singles ---------------------------------------------------------------------------------------


def find_singles(cands: Candidates) -> Iterator[Step]:
    """Full houses, then hidden singles, over every full region (box-like, columns, rows)."""
    pos = as_position(cands)
    rules = pos.rules
    for alone in (True, False):
        for r in rules_tables(rules).full:
            cells = rules.regions[r].cells
            empty = empty_among(pos, cells)
            if not empty or (len(empty) == 1) != alone:
                continue
            for cell, digit in single_places(pos.masks, empty):
                yield _single_step(rules, r, cell, digit, alone)


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
    pos = as_position(cands)
    for cell, digit in lone_candidates(pos.masks):
        where = pos.rules.cell_name(cell)
        yield Step("Naked Single", 2.3, placements=((cell, digit),), cells=(cell,),
                   candidates=((cell, digit),),
                   explanation=f"{where} can only hold {digit} (every other digit is ruled out "
                   f"by its regions and the puzzle's rules), so {where} = {digit}",
                   extra={"regions": [], "hodoku": 4})


# -- non-consecutive -------------------------------------------------------------------------------


def find_nc_exclusions(cands: Candidates) -> Iterator[Step]:
    """Whatever a cell holds, a neighbour cannot hold a digit next to (or, if it sees it, equal
    to) every one of its candidates."""
    pos = as_position(cands)
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
                forbidden &= near_digits(d, n) | (bit(d) if peer else 0)
            removed += [(q, d) for d in digits_of(pos.masks[q] & forbidden)]
        if removed:
            where = rules.cell_name(cell)
            yield Step(
                "Non-Consecutive Exclusion", 2.4, eliminations=tuple(removed), cells=(cell,),
                candidates=tuple((cell, d) for d in digits_of(mask)),
                explanation=f"{where} holds {digits_text(mask)}; whichever it is, its neighbours "
                f"cannot hold a digit next to it: {elims_text(rules, removed)}",
                extra={"regions": [], "hodoku": 50},
            )


def _nc_places(cands: Candidates) -> Iterator[tuple[RulesPosition, int, int, list[int]]]:
    """Under non-consecutive rules: (position, full region, digit, the digit's places in it) for
    each digit with two places or more (what the two non-consecutive place steps look at)."""
    pos = as_position(cands)
    if not pos.rules.adjacent:
        return
    for r in rules_tables(pos.rules).full:
        cells = pos.rules.regions[r].cells
        for digit in range(1, pos.rules.n + 1):
            places = [c for c in cells if pos.masks[c] & bit(digit)]
            if len(places) >= 2:
                yield pos, r, digit, places


def find_nc_pointing(cands: Candidates) -> Iterator[Step]:
    """A digit whose places in a full region are all beside a cell: that cell loses digit ± 1."""
    for pos, r, digit, places in _nc_places(cands):
        rules = pos.rules
        beside = set(rules.neighbours[places[0]])
        for p in places[1:]:
            beside &= rules.neighbours[p]
        near = near_digits(digit, rules.n)
        removed = [(c, d) for c in sorted(beside - set(places)) for d in digits_of(pos.masks[c] & near)]
        if removed:
            yield Step(
                "Non-Consecutive Pointing", 2.7, eliminations=tuple(removed), cells=tuple(places),
                candidates=tuple((c, digit) for c in places),
                explanation=f"In {region_name(rules, r)}, {digit} can only go in "
                f"{cells_text(rules, places)}, all beside {cells_text(rules, {c for c, _ in removed})}, "
                f"which cannot hold a digit next to {digit}: {elims_text(rules, removed)}",
                extra={"regions": [r], "hodoku": 60},
            )


def find_nc_cover(cands: Candidates) -> Iterator[Step]:
    """A digit whose places in a full region are one cell and cells beside it: that cell loses
    digit ± 1 (it holds the digit, or a neighbour does)."""
    for pos, r, digit, places in _nc_places(cands):
        rules = pos.rules
        near = near_digits(digit, rules.n)
        for centre in places:
            if not pos.masks[centre] & near or any(
                    p != centre and p not in rules.neighbours[centre] for p in places):
                continue
            removed = [(centre, d) for d in digits_of(pos.masks[centre] & near)]
            others = [p for p in places if p != centre]
            yield Step(
                "Non-Consecutive Cover", 2.8, eliminations=tuple(removed), cells=tuple(places),
                candidates=tuple((c, digit) for c in places),
                explanation=f"In {region_name(rules, r)}, {digit} can only go in "
                f"{rules.cell_name(centre)} or beside it ({cells_text(rules, others)}); either way "
                f"{rules.cell_name(centre)} cannot hold a digit next to {digit}: "
                f"{elims_text(rules, removed)}",
                extra={"regions": [r], "hodoku": 60},
            )


# -- locked candidates -----------------------------------------------------------------------------


def find_locked_candidates(cands: Candidates) -> Iterator[Step]:
    """A digit's places in a full region all see some cells: they lose it (box-like regions
    first, then columns, then rows)."""
    pos = as_position(cands)
    rules = pos.rules
    for r in rules_tables(rules).full:
        cells = rules.regions[r].cells
        for digit in range(1, rules.n + 1):
            places = [c for c in cells if pos.masks[c] & bit(digit)]
            if len(places) < 2:
                continue
            removed = removable(pos, common_peers(rules, places), digit)
            if removed:
                yield _locked_step(pos, r, digit, places, removed)


def _locked_step(pos: RulesPosition, r: int, digit: int, places: list[int], removed: list[Candidate]) -> Step:
    """Name and rate a locked-candidates step (pointing, claiming or the general kind)."""
    rules = pos.rules
    sets = rules_tables(rules).sets
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
        explanation=f"In {region.name}, {digit} can only go in {cells_text(rules, places)}, {via}: "
        f"{elims_text(rules, removed)}",
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
    groups = ((group, empty) for group, cells in rules_tables(rules).groups
              if len(empty := empty_among(pos, cells))
              >= (2 * size if len(cells) == n and group >= 0 else size + 1))
    for group, chosen, union in naked_sets_in(pos.masks, groups, size):
        removed: list[Candidate] = []
        for d in digits_of(union):
            holders = [c for c in chosen if pos.masks[c] & bit(d)]
            removed += removable(pos, common_peers(rules, holders) - set(chosen), d)
        if removed:
            removed.sort()
            yield Step(
                f"Naked {_SIZE[size]}", _NAKED[size], eliminations=tuple(removed), cells=chosen,
                candidates=tuple((c, d) for c in chosen for d in pos.digits(c)),
                explanation=f"In {group_name(rules, group)}, {cells_text(rules, chosen)} hold only "
                f"{digits_text(union)}, so those digits leave the cells seeing them: "
                f"{elims_text(rules, removed)}",
                extra={**group_extra(group), "hodoku": _HODOKU_NAKED[size]},
            )


def _hidden_sets(pos: RulesPosition, size: int) -> Iterator[Step]:
    """Hidden sets of ``size`` in every full region: the cells lose every other digit."""
    rules = pos.rules
    regions = rules.regions
    groups = ((r, empty) for r in rules_tables(rules).full
              if len(empty := empty_among(pos, regions[r].cells)) > 2 * size)
    for r, chosen, where in hidden_sets_in(pos.masks, groups, size, rules.n):
        keep = 0
        for d in chosen:
            keep |= bit(d)
        removed = [(c, d) for c in where for d in digits_of(pos.masks[c] & ~keep)]
        if removed:
            yield Step(
                f"Hidden {_SIZE[size]}", _HIDDEN[size], eliminations=tuple(removed),
                cells=where, candidates=tuple((c, d) for c in where for d in chosen
                                              if pos.masks[c] & bit(d)),
                explanation=f"In {region_name(rules, r)}, {digits_text(keep)} can only go in "
                f"{cells_text(rules, where)}, so those cells hold nothing else: "
                f"{elims_text(rules, removed)}",
                extra={"regions": [r], "hodoku": _HODOKU_HIDDEN[size]},
            )


def find_subsets(cands: Candidates, size: int, hidden: bool) -> Iterator[Step]:
    """Naked (or hidden) sets of ``size`` cells over the rules."""
    pos = as_position(cands)
    return _hidden_sets(pos, size) if hidden else _naked_sets(pos, size)


def subset_technique(size: int, hidden: bool) -> Technique:
    """The technique of naked (or hidden) sets of ``size`` cells, with its difficulty and score."""
    name = f"{'Hidden' if hidden else 'Naked'} {_SIZE[size]}"
    score = (_HODOKU_HIDDEN if hidden else _HODOKU_NAKED)[size]
    return Technique(name, (_HIDDEN if hidden else _NAKED)[size],
                     lambda cands: find_subsets(cands, size, hidden), hodoku=score)


# -- fish ------------------------------------------------------------------------------------------

_FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_FISH_SE = {2: 3.2, 3: 3.8, 4: 5.2}
_FISH_HODOKU = {2: 140, 3: 150, 4: 160}


def _low_cell(cells: int) -> int:
    """The lowest cell of a cell bitset."""
    return (cells & -cells).bit_length() - 1


def _covers(rules: Rules, places: int, size: int, banned: set[int]) -> list[tuple[int, ...]]:
    """Every set of ``size`` regions (none of ``banned``) whose cells hold all of ``places``."""
    masks = rules_tables(rules).bitsets
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
        masks = rules_tables(rules).bitsets
        known = False
        for r in rules.cell_regions[_low_cell(places)]:
            if not banned >> r & 1 and _coverable(rules, places & ~masks[r], size - 1, banned, memo):
                known = True
                break
        memo[key] = known
    return known


# Not fish.py's search: any disjoint full regions as base and any covering regions, by digit first.
def find_fish(cands: Candidates, size: int, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Fish of ``size``: rows against columns first, then any disjoint full regions as the base."""
    pos = as_position(cands)
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
    tables = rules_tables(rules)
    masks = tables.bitsets
    b = bit(digit)
    holders = cell_bits(c for c, m in enumerate(pos.masks) if m & b)
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
        f"of them: {elims_text(rules, removed)}",
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
    for pivot, a, b, digit, seen in wings_in(pos.masks, pos.rules.peers, xyz):
        removed = removable(pos, seen, digit)
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
        explanation=f"Pivot {p} ({digits_text(masks[pivot])}) sees {pa} ({digits_text(masks[a])}) and {pb} "
        f"({digits_text(masks[b])}): whatever {p} holds, {pa}{also}{pb} is {z}, so the cells seeing "
        f"them all lose {z}: {elims_text(rules, removed)}",
        extra={"regions": [], "hodoku": 180 if xyz else 160},
    )


def find_xy_wings(cands: Candidates) -> Iterator[Step]:
    """XY-Wings over the rules (4.2)."""
    return _wings(as_position(cands), False)


def find_xyz_wings(cands: Candidates) -> Iterator[Step]:
    """XYZ-Wings over the rules (4.4)."""
    return _wings(as_position(cands), True)
