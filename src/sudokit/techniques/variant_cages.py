"""The variant techniques of Killer cages: cage combinations, cage-region interaction and the
45 rule (innies and outies), see :mod:`sudokit.techniques.variants` for their difficulties."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.rules import Rules
from sudokit.techniques.step import Step
from sudokit.techniques.variant_model import (
    Candidate,
    RulesPosition,
    as_position,
    cage_name,
    cage_support,
    cells_text,
    common_peers,
    elims_text,
    empty_among,
    region_name,
    removable,
    rules_tables,
)

__all__ = ["find_cage_combinations", "find_cage_region", "find_innies_outies"]

def _combo_text(combos: Sequence[int]) -> str:
    """Combinations for people: ``1+5+9, 2+4+9`` (the first six)."""
    shown = ", ".join("+".join(str(d) for d in digits_of(m)) for m in combos[:6])
    return shown + (", …" if len(combos) > 6 else "")


def _too_far(pos: RulesPosition, empty: Sequence[int], rest: int) -> list[Candidate]:
    """The candidates of a cage's empty cells that leave ``rest`` out of reach of the other
    cells' smallest and largest candidates (bounds alone, repeats allowed)."""
    lows = [min(digits_of(pos.masks[c])) for c in empty]
    highs = [max(digits_of(pos.masks[c])) for c in empty]
    low, high = sum(lows), sum(highs)
    return [(c, d) for i, c in enumerate(empty) for d in digits_of(pos.masks[c])
            if not low - lows[i] + d <= rest <= high - highs[i] + d]


def find_cage_combinations(cands: Candidates, *, large: bool = False) -> Iterator[Step]:
    """Digits no combination of a cage allows in a cell, cage by cage (2.0): in a cage of up to
    two empty cells all of them, in a larger one those its sum's bounds alone rule out. With
    ``large``: the rest of a larger cage's (2.6 for three empty cells, 3.0 for more; the
    variant path's Sum Combination takes them)."""
    pos = as_position(cands)
    rules = pos.rules
    for k, cage in enumerate(rules.cages):
        empty = empty_among(pos, cage.cells)
        if not empty or (large and len(empty) <= 2) or cage.total is None:
            continue
        support = cage_support(pos, k)
        if support is None:
            continue
        removed = [(c, d) for c, mask in zip(empty, support.masks, strict=True)
                   for d in digits_of(pos.masks[c] & ~mask)]
        difficulty = 2.0
        why = f"can only hold {_combo_text(support.combinations)} with these candidates"
        if len(empty) > 2 and not large:
            rest = cage.total - sum(pos.values[c] for c in cage.cells)
            removed = sorted(set(removed) & set(_too_far(pos, empty, rest)))
            why = (f"adds up to {rest} in its empty cells, which the others' smallest and "
                   f"largest candidates put out of reach of these digits")
        elif large:
            difficulty = 2.6 if len(empty) == 3 else 3.0
        if removed:
            yield Step(
                "Sum Combination" if large else "Cage Combination", difficulty,
                eliminations=tuple(removed), cells=tuple(cage.cells),
                explanation=f"C{cage_name(rules, k)[1:]} {why}, so {elims_text(rules, removed)}",
                extra={"regions": [], "cages": [k], "hodoku": 60 if large else 50},
            )


def find_cage_region(cands: Candidates) -> Iterator[Step]:
    """A digit every combination of a cage needs leaves the cells seeing all its places there."""
    pos = as_position(cands)
    rules = pos.rules
    for k, cage in enumerate(rules.cages):
        empty = empty_among(pos, cage.cells)
        support = cage_support(pos, k) if empty else None
        if support is None:
            continue
        for digit in digits_of(support.needed):
            places = [c for c in empty if pos.masks[c] & bit(digit)]
            if not places:
                continue
            removed = removable(pos, common_peers(rules, places) - set(cage.cells), digit)
            if removed:
                within = [r for r in rules.cell_regions[removed[0][0]]
                          if set(places) | {c for c, _ in removed} <= rules_tables(rules).sets[r]]
                via = f" (all in {region_name(rules, within[0])})" if within else ""
                yield Step(
                    "Cage-Region Interaction", 2.8, eliminations=tuple(removed),
                    cells=tuple(places), candidates=tuple((c, digit) for c in places),
                    explanation=f"Every combination of {cage_name(rules, k)} "
                    f"({_combo_text(support.combinations)}) holds {digit}, which can only go in "
                    f"{cells_text(rules, places)}; the cells seeing all of them{via} lose it: "
                    f"{elims_text(rules, removed)}",
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
    full = rules_tables(rules).full
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
    pos = as_position(cands)
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
    sets = rules_tables(rules).sets
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
    empty = empty_among(pos, cells)
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
              else elims_text(rules, removed))
    return Step(
        "Innies/Outies", difficulty, placements=placements, eliminations=tuple(removed),
        cells=tuple(cells),
        explanation=f"45 rule: {why} ({kind}: {cells_text(rules, cells)}) add up to {total}, so {result}",
        extra={"regions": list(regions), "cages": list(cages), "hodoku": 100},
    )
