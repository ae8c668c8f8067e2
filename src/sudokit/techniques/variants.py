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
                                            (given the candidates of the cage's cells): all of
                                            them in a cage of 1-2 empty cells, the sum's bounds
                                            in a larger one (the rest: Sum Combination, 2.6/3.0)
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
Non-Consecutive Cover          2.8          a digit's places in a full region are one cell and cells
                                            beside it: that cell cannot hold the digit ±1
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

The constraint kinds' own techniques (:mod:`~sudokit.techniques.variant_constraints`) go in
between these by difficulty: Parity 1.0, Pair Rule 1.5-2.0, Thermometer Range 1.7, Sum Bounds
2.0, Between Bounds 2.2, Set Rule 2.5, Sum Combination 2.6-3.0, Sum-Region Interaction 2.8,
Clue Placement 3.0; the forcing chains follow the constraints' rules as well as the singles.

No uniqueness technique is used (they assume classic rules). Steps leave ``units`` empty (it
indexes a shape's units); ``extra["regions"]`` holds the indexes into :attr:`Rules.regions` of
the regions a step uses and ``extra["cages"]`` those of its cages.

The candidate state, the cages' combinations and the rules' tables are in
:mod:`~sudokit.techniques.variant_model`, the techniques over regions and moves (singles to
XYZ-Wings, searched by the classic modules' enumerators) in
:mod:`~sudokit.techniques.variant_basic`, those of Killer cages in
:mod:`~sudokit.techniques.variant_cages`; this module has the forcing chains and the list, and
gives every public name of the three.

>>> from sudokit.grid import Grid
>>> pos = RulesPosition.from_grid(Grid.empty(rules="x"))
>>> pos.place(0, 5)  # r1c1 = 5: the rest of the diagonal ↘ loses 5
>>> pos.has(80, 5), pos.has(79, 5)
(False, True)
>>> [t.name for t in variant_techniques()][:3]
['Hidden Single', 'Parity', 'Pair Rule']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from sudokit.candidates import Candidates, bit, bits, digits_of, place_counts
from sudokit.errors import OptionError
from sudokit.limits import NEVER, Deadline
from sudokit.rules import Rules
from sudokit.techniques import Technique, name_key, variant_basic, variant_cages
from sudokit.techniques.step import Step
from sudokit.techniques.variant_basic import *  # noqa: F403  (re-exported: its __all__ joins this one)
from sudokit.techniques.variant_basic import (
    find_jellyfish,
    find_locked_candidates,
    find_naked_singles,
    find_nc_cover,
    find_nc_exclusions,
    find_nc_pointing,
    find_singles,
    find_swordfish,
    find_x_wings,
    find_xy_wings,
    find_xyz_wings,
    subset_technique,
)
from sudokit.techniques.variant_cages import *  # noqa: F403  (likewise)
from sudokit.techniques.variant_cages import find_cage_combinations, find_cage_region, find_innies_outies
from sudokit.techniques.variant_constraints import CONSTRAINT_TECHNIQUES, constraint_eliminations
from sudokit.techniques.variant_model import (
    BOX_LIKE,
    CageSupport,
    Candidate,
    RulesPosition,
    as_position,
    cage_name,
    cage_support,
    cells_text,
    digits_text,
    elims_text,
    place_of,
    region_name,
    rules_tables,
)

__all__ = [
    "BOX_LIKE",
    "CageSupport",
    "RulesPosition",
    "cage_name",
    "cage_support",
    "find_dynamic_forcing",
    "find_multiple_forcing",
    "find_nishio",
    "region_name",
    "resolve_variant",
    "variant_techniques",
]
__all__ += variant_basic.__all__
__all__ += variant_cages.__all__

# -- contradiction forcing -------------------------------------------------------------------------
# Not forcing.py's chains: those follow SE's implication graph one candidate at a time (on/off
# links with their parents, for the proof and SE's length rating) over rows, columns and boxes.
# These place a digit and run whole rounds of singles and the constraints' own rules over any
# Rules, counting placements and rounds for the difficulty; a constraint's rule has no
# implication-graph form, so the classic chains cannot carry it (#24, each algorithm once).


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


def _forced(rules: Rules) -> str:
    """What a forcing chain follows, for people."""
    return "the singles it forces" + (" and the constraints' rules" if rules.constraints else "")


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
    for r in rules_tables(rules).full:
        cells = rules.regions[r].cells
        once, twice = place_counts(masks, cells)
        placed = 0
        for c in cells:
            if values[c]:
                placed |= 1 << (values[c] - 1)
        if once | placed != full:
            return None
        for b in bits(once & ~twice):
            cell = place_of(pos, cells, b)
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
    for step in find_cage_combinations(pos, large=True):
        out.update(step.eliminations)
    return sorted(out)


def _follow(
    pos: RulesPosition, cell: int, digit: int, dynamic: bool = False, limit: int | None = None
) -> tuple[RulesPosition | None, int]:
    """Place ``digit`` in ``cell`` and follow the singles and the constraints' own rules (one
    round of :func:`constraint_eliminations` each time the singles run out; ``dynamic``: and
    then the basic eliminations): the position reached (None when it breaks the rules) and how many
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
        if not found and work.rules.constraints:
            ruled = constraint_eliminations(work)
            if ruled is None:
                return None, count
            if ruled:
                for c, d in ruled:
                    work.eliminate(c, d)
                count += 1
                continue
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
    pos = as_position(cands)
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
        f"{_forced(rules)} breaks the rules (placements: {lengths}{more}), so "
        f"{elims_text(rules, removed)}",
        extra={"regions": [], "length": max(n for _, n in items), "hodoku": 500},
    )


def _forcing_sources(pos: RulesPosition) -> Iterator[tuple[str, list[Candidate], list[int]]]:
    """The sets of candidates one of which is true: each cell of 2-3 candidates, each digit of a
    full region with 2-3 places (with a description and the regions used)."""
    rules = pos.rules
    for cell, mask in enumerate(pos.masks):
        if 2 <= mask.bit_count() <= 3:
            yield (f"{rules.cell_name(cell)} holds {digits_text(mask)}",
                   [(cell, d) for d in digits_of(mask)], [])
    for r in rules_tables(rules).full:
        cells = rules.regions[r].cells
        for digit in range(1, rules.n + 1):
            places = [c for c in cells if pos.masks[c] & bit(digit)]
            if 2 <= len(places) <= 3:
                yield (f"in {region_name(rules, r)}, {digit} goes in {cells_text(rules, places)}",
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
    pos = as_position(cands)
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
        result += ("; " if placements and removed else "") + elims_text(rules, removed)
        steps.append(Step(
            "Multiple Forcing Chain", round(8.0 + _length_penalty(longest), 1),
            placements=tuple(placements), eliminations=tuple(removed),
            cells=tuple(c for c, _ in branches), candidates=tuple(branches),
            explanation=f"Whichever is true ({what}), following {_forced(rules)} (up to "
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
    pos = as_position(cands)
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
    listed = [
        Technique("Hidden Single", 1.0, find_singles, hodoku=14),
        Technique("Cage Combination", 2.0, find_cage_combinations, hodoku=50),
        Technique("Naked Single", 2.3, find_naked_singles, hodoku=4),
        Technique("Non-Consecutive Exclusion", 2.4, find_nc_exclusions, hodoku=50),
        Technique("Locked Candidates", 2.6, find_locked_candidates, hodoku=50),
        Technique("Non-Consecutive Pointing", 2.7, find_nc_pointing, hodoku=60),
        Technique("Cage-Region Interaction", 2.8, find_cage_region, hodoku=60),
        Technique("Non-Consecutive Cover", 2.8, find_nc_cover, hodoku=60),
        Technique("Innies/Outies", 2.8, find_innies_outies, hodoku=100),
        subset_technique(2, False),
        Technique("X-Wing", 3.2, find_x_wings, hodoku=140, timed=True),
        subset_technique(2, True),
        subset_technique(3, False),
        Technique("Swordfish", 3.8, find_swordfish, hodoku=150, timed=True),
        subset_technique(3, True),
        Technique("XY-Wing", 4.2, find_xy_wings, hodoku=160),
        Technique("XYZ-Wing", 4.4, find_xyz_wings, hodoku=180),
        subset_technique(4, False),
        Technique("Jellyfish", 5.2, find_jellyfish, hodoku=160, timed=True),
        subset_technique(4, True),
        Technique("Nishio Forcing Chain", 7.5, find_nishio, hodoku=500, timed=True),
        Technique("Multiple Forcing Chain", 8.0, find_multiple_forcing, hodoku=500, timed=True),
        Technique("Dynamic Forcing Chain", 8.5, find_dynamic_forcing, hodoku=700, timed=True),
    ]
    # the constraint techniques go in by difficulty, each after the techniques as easy as it
    for name, difficulty, finder, score in CONSTRAINT_TECHNIQUES:
        at = next(i for i, t in enumerate(listed) if t.difficulty > difficulty)
        listed.insert(at, Technique(name, difficulty, finder, hodoku=score))
    return listed


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
