"""The variant techniques of the constraint kinds (thermometers, arrows, dots, lines, outside
clues…): one technique per family of primitives, each step named after the constraint it came
from (see :mod:`sudokit.techniques.constraint_parts`; the difficulties are in
:mod:`sudokit.techniques.variants` and docs/variants.md).

=====================  =============================  ==============================================
technique              primitives                     what it sees
=====================  =============================  ==============================================
Parity                 a digit set of one cell        an odd (even) cell holds no even (odd) digit
Pair Rule              PairTable                      a digit of one cell with no allowed partner
                                                      among the other cell's candidates (kropki,
                                                      XV, whispers, difference, ratio, palindrome,
                                                      clone, minimum/maximum, "no dot" pairs)
Thermometer Range      Ordered                        a digit without room for the cells before
                                                      or after it on a thermometer
Sum Bounds             Sum                            a digit that makes the total unreachable
                                                      whatever the other cells hold (arrows,
                                                      little killers, region-sum, zipper lines)
Sum Combination        Sum                            a digit no filling of the cells that makes
                                                      the total uses (cells that see each other
                                                      differ)
Sum-Region             Sum                            a digit every filling of a sum needs leaves the
Interaction                                           cells that see all its places on the sum
                                                      (a little killer's 1 forced into one box)
Between Bounds         Table                          a digit of a between line's cell not
                                                      strictly between any pair of end digits
Set Rule               SetRule (2+ cells)             a digit no way of matching the cells to a
                                                      digit pattern uses (renban runs, entropic
                                                      and modular windows, quadruples)
Clue Placement         Automaton                      a digit no filling of the row or column
                                                      that meets an outside clue uses (sandwich,
                                                      X-sum, skyscraper)
=====================  =============================  ==============================================
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.rules import Rules
from sudokit.rules.base import digit_values
from sudokit.rules.primitives import Automaton, Ordered, PairTable, SetRule, Sum, Table, sum_bounds_after
from sudokit.techniques.constraint_parts import Part, constraint_parts, digit_of
from sudokit.techniques.step import Step
from sudokit.techniques.variant_cages import find_cage_combinations
from sudokit.techniques.variant_model import Candidate, as_position, cells_text, common_peers, removable

__all__ = [
    "CONSTRAINT_TECHNIQUES",
    "constraint_eliminations",
    "find_between_bounds",
    "find_clue_placements",
    "find_pair_rules",
    "find_parity",
    "find_set_rules",
    "find_sum_bounds",
    "find_sum_combinations",
    "find_sum_regions",
    "find_thermometer_ranges",
]

#: Different-digit sums enumerate their fillings up to this many (the product of the cells'
#: candidate counts); above it they use the propagator's sums (still sound, weaker).
_ENUMERATION_LIMIT = 20000


def _cand(pos: Candidates) -> list[int]:
    """Candidate masks of every cell, a placed cell as its one digit (the propagators' form)."""
    return [bit(v) if v else m for v, m in zip(pos.values, pos.masks, strict=True)]


def _removed(pos: Candidates, cells: Sequence[int], keep: Sequence[int]) -> list[Candidate]:
    """The candidates of the empty ``cells`` outside ``keep`` (one mask per cell)."""
    out = []
    for c, k in zip(cells, keep, strict=True):
        if not pos.values[c]:
            out += [(c, d) for d in digits_of(pos.masks[c] & ~k)]
    return out


def _digits(rules: Rules, mask: int) -> str:
    """A mask's digits as people read them (``1/2/7``), through the rules' digit set."""
    return "/".join(str(digit_of(rules, d)) for d in digits_of(mask))


def _elims(rules: Rules, removed: Sequence[Candidate]) -> str:
    """``r1c5<>7, r2c5<>7/8`` with the rules' digits."""
    by_cell: dict[int, int] = {}
    for cell, d in removed:
        by_cell[cell] = by_cell.get(cell, 0) | bit(d)
    return ", ".join(f"{rules.cell_name(c)}<>{_digits(rules, m)}" for c, m in sorted(by_cell.items()))


def _state(pos: Candidates, cells: Sequence[int]) -> str:
    """What the cells hold now: ``r1c1=4, r1c2 3/5``."""
    rules = as_position(pos).rules
    out = []
    for c in cells:
        v = pos.values[c]
        out.append(f"{rules.cell_name(c)}={digit_of(rules, v)}" if v
                   else f"{rules.cell_name(c)} {_digits(rules, pos.masks[c])}")
    return ", ".join(out)


def _step(name: str, difficulty: float, part: Part, removed: list[Candidate], why: str,
          cells: Sequence[int], pos: Candidates, hodoku: int) -> Step:
    """A constraint step: its part's cells drawn, its candidates those left on them."""
    rules = as_position(pos).rules
    gone = set(removed)
    kept = tuple((c, d) for c in cells if not pos.values[c] for d in digits_of(pos.masks[c])
                 if (c, d) not in gone)
    return Step(
        name, difficulty, eliminations=tuple(sorted(removed)), cells=tuple(cells), candidates=kept,
        explanation=f"{part.label}: {why}, so {_elims(rules, removed)}",
        extra={"regions": [], "constraint": part.constraint, "kind": part.kind, "label": part.label,
               "hodoku": hodoku},
    )


def _parts(pos: Candidates, family: type) -> Iterator[Part]:
    """The parts of the position's rules whose primitive is of ``family``."""
    for part in constraint_parts(as_position(pos).rules):
        if isinstance(part.primitive, family):
            yield part


def _sum_parts(pos: Candidates) -> Iterator[tuple[Part, Sum]]:
    """The parts whose primitive is a :class:`Sum`, with the sum (typed as one)."""
    for part in _parts(pos, Sum):
        p = part.primitive
        assert isinstance(p, Sum)
        yield part, p


def _pruned(part: Part, cand: list[int]) -> list[int] | None:
    """The masks the part's propagator keeps on its cells (None: a contradiction)."""
    work = cand.copy()
    if part.propagator.prune(work) is None:
        return None
    return [work[c] for c in part.propagator.cells]


# -- one cell: parity ----------------------------------------------------------------------------


def find_parity(cands: Candidates) -> Iterator[Step]:
    """Odd and even cells (any digit set of one cell) lose the digits outside it."""
    pos = as_position(cands)
    rules = pos.rules
    cand = _cand(pos)
    for part in _parts(pos, SetRule):
        cells = part.propagator.cells
        if len(cells) != 1 or pos.values[cells[0]]:
            continue
        keep = _pruned(part, cand)
        removed = _removed(pos, cells, keep) if keep is not None else []
        if removed:
            yield _step("Parity", 1.0, part, removed, f"{rules.cell_name(cells[0])} holds "
                        f"{_digits(rules, keep[0]) if keep else 'none'} only ({part.rule})", cells, pos, 4)


# -- pairs ---------------------------------------------------------------------------------------


def _pair_keep(rules: Rules, p: PairTable, ma: int, mb: int) -> tuple[int, int]:
    """The digits of each cell with an allowed partner in the other (two cells that see each
    other never hold the same digit)."""
    ds = digit_values(rules.n, rules.digits)
    value = {d: i + 1 for i, d in enumerate(ds)}
    same_ok = p.b not in rules.peers[p.a]
    keep_a = keep_b = 0
    for x, y in p.allowed:
        vx, vy = value.get(x), value.get(y)
        if vx is None or vy is None or (vx == vy and not same_ok):
            continue
        if ma & bit(vx) and mb & bit(vy):
            keep_a |= bit(vx)
            keep_b |= bit(vy)
    return keep_a, keep_b


def find_pair_rules(cands: Candidates) -> Iterator[Step]:
    """Digits of a cell of a pair constraint with no allowed partner in the other cell: those
    next to a placed digit first (1.5), then those from candidates (2.0)."""
    pos = as_position(cands)
    rules = pos.rules
    cand = _cand(pos)
    later: list[Step] = []
    for part in _parts(pos, PairTable):
        p = part.primitive
        assert isinstance(p, PairTable)
        keep = _pair_keep(rules, p, cand[p.a], cand[p.b])
        removed = _removed(pos, (p.a, p.b), keep)
        if not removed:
            continue
        placed = [c for c in (p.a, p.b) if pos.values[c]]
        if placed:
            other = p.b if placed[0] == p.a else p.a
            why = (f"{part.rule}; with {_state(pos, placed)}, {rules.cell_name(other)} can only "
                   f"hold {_digits(rules, keep[0] if other == p.a else keep[1])}")
            yield _step("Pair Rule", 1.5, part, removed, why, (p.a, p.b), pos, 14)
        else:
            lone = " and ".join(
                f"{_digits(rules, sum(bit(d) for c2, d in removed if c2 == c))} in {rules.cell_name(c)}"
                for c in (p.a, p.b) if any(c2 == c for c2, _ in removed))
            why = (f"{part.rule}; {lone} would have no partner among the other cell's candidates "
                   f"({_state(pos, (p.a, p.b))})")
            later.append(_step("Pair Rule", 2.0, part, removed, why, (p.a, p.b), pos, 40))
    yield from later
    yield from _two_partner_steps(pos, cand)


def _partner_masks(rules: Rules, p: PairTable, first: bool) -> dict[int, int]:
    """For each digit of one cell of a pair (``p.a`` when ``first``), the digits allowed beside it
    in the other cell (never the same digit when the two cells see each other)."""
    ds = digit_values(rules.n, rules.digits)
    value = {d: i + 1 for i, d in enumerate(ds)}
    same_ok = p.b not in rules.peers[p.a]
    out: dict[int, int] = {}
    for x, y in p.allowed:
        vx, vy = value.get(x), value.get(y)
        if vx is None or vy is None or (vx == vy and not same_ok):
            continue
        mine, theirs = (vx, vy) if first else (vy, vx)
        out[mine] = out.get(mine, 0) | bit(theirs)
    return out


def _two_partner_steps(pos: Candidates, cand: list[int]) -> Iterator[Step]:
    """Digits of a cell on two pair constraints whose other cells see each other: the digit needs
    a partner in each, and the two partners must differ (a whisper's 5 between two cells of one
    box, say, needs two different digits far enough from 5)."""
    rules = as_position(pos).rules
    by_cell: dict[int, list[tuple[Part, int, dict[int, int]]]] = {}
    for part in _parts(pos, PairTable):
        p = part.primitive
        assert isinstance(p, PairTable)
        by_cell.setdefault(p.a, []).append((part, p.b, _partner_masks(rules, p, True)))
        by_cell.setdefault(p.b, []).append((part, p.a, _partner_masks(rules, p, False)))
    for x, entries in sorted(by_cell.items()):
        if pos.values[x]:
            continue
        for i, (part, a, to_a) in enumerate(entries):
            for _other, b, to_b in entries[i + 1:]:
                if a == b or b not in rules.peers[a]:
                    continue
                removed = []
                for d in digits_of(pos.masks[x]):
                    ma, mb = to_a.get(d, 0) & cand[a], to_b.get(d, 0) & cand[b]
                    if not ma or not mb or (ma == mb and ma.bit_count() == 1):
                        removed.append((x, d))
                if removed:
                    why = (f"{part.rule}; {rules.cell_name(x)} has neighbours {rules.cell_name(a)} and "
                           f"{rules.cell_name(b)} on pair rules, and these two see each other, so a digit "
                           f"of {rules.cell_name(x)} needs two different partners "
                           f"({_state(pos, (x, a, b))}); "
                           f"{_digits(rules, sum(bit(d) for _, d in removed))} in {rules.cell_name(x)} "
                           f"would not have them")
                    yield _step("Pair Rule", 2.3, part, removed, why, (x, a, b), pos, 50)


# -- thermometers --------------------------------------------------------------------------------


def find_thermometer_ranges(cands: Candidates) -> Iterator[Step]:
    """Digits of a thermometer's cell without room for the cells before or after it."""
    pos = as_position(cands)
    cand = _cand(pos)
    for part in _parts(pos, Ordered):
        p = part.primitive
        assert isinstance(p, Ordered)
        keep = _pruned(part, cand)
        if keep is None:
            continue
        removed = _removed(pos, p.cells, keep)
        if removed:
            order = "increase" if p.strict else "never decrease"
            why = (f"digits {order} from the bulb, so each cell needs room below it for the cells "
                   f"before it and above it for the cells after it ({_state(pos, p.cells)})")
            yield _step("Thermometer Range", 1.7, part, removed, why, p.cells, pos, 30)


# -- sums ----------------------------------------------------------------------------------------


def _contributions(rules: Rules, p: Sum, cand: list[int]) -> list[list[tuple[int, int]]]:
    """Per cell of a sum, each candidate value with what it adds to the total (weight × digit)."""
    ds = digit_values(rules.n, rules.digits)
    return [[(d, w * ds[d - 1]) for d in digits_of(cand[c])] for c, w in zip(p.cells, p.weights, strict=True)]


def _sum_fillings(
    rules: Rules, p: Sum, cand: list[int], limit: int
) -> tuple[list[int], list[tuple[int, ...]]] | None:
    """Per cell the values some filling uses, and the fillings (values), of a sum whose cells
    that see each other differ; None when there are more than ``limit`` to try."""
    cells, k = p.cells, len(p.cells)
    size = 1
    for c in cells:
        size *= cand[c].bit_count()
        if size > limit:
            return None
    options = _contributions(rules, p, cand)
    rest_low, rest_high = sum_bounds_after(options)
    sees = [[j for j in range(i) if p.distinct or cells[j] in rules.peers[cells[i]]] for i in range(k)]
    keep = [0] * k
    found: list[tuple[int, ...]] = []
    chosen = [0] * k

    def walk(i: int, s: int) -> None:
        if i == k:
            if s == p.total:
                found.append(tuple(chosen))
                for j in range(k):
                    keep[j] |= bit(chosen[j])
            return
        if not rest_low[i] <= p.total - s <= rest_high[i]:
            return
        for d, v in options[i]:
            if any(chosen[j] == d for j in sees[i]):
                continue
            chosen[i] = d
            walk(i + 1, s + v)
        chosen[i] = 0

    walk(0, 0)
    return keep, found


def _bounds_keep(rules: Rules, p: Sum, cand: list[int]) -> list[int]:
    """Per cell the values that leave the total reachable by the others' smallest and largest
    contributions (each cell alone, repeats allowed)."""
    contrib = _contributions(rules, p, cand)
    low = sum(min(v for _, v in o) for o in contrib if o)
    high = sum(max(v for _, v in o) for o in contrib if o)
    keep = []
    for o in contrib:
        if not o:
            keep.append(0)
            continue
        lo_i, hi_i = min(v for _, v in o), max(v for _, v in o)
        others_low, others_high = low - lo_i, high - hi_i
        keep.append(sum(bit(d) for d, v in o if others_low + v <= p.total <= others_high + v))
    return keep


def _sum_text(rules: Rules, p: Sum, fillings: Sequence[tuple[int, ...]]) -> str:
    """The fillings that fit, for people: ``1+5+9 or 2+4+9`` (as sets when the weights are 1)."""
    if all(w == 1 for w in p.weights):
        sets = sorted({tuple(sorted(f)) for f in fillings})
        shown = " or ".join("+".join(str(digit_of(rules, d)) for d in s) for s in sets[:5])
        return f"only {shown}{' or …' if len(sets) > 5 else ''} fit{'s' if len(sets) == 1 else ''}"
    return f"only {len(fillings)} filling{'s' if len(fillings) != 1 else ''} of its cells fit"


def find_sum_bounds(cands: Candidates) -> Iterator[Step]:
    """Digits that make a sum's total unreachable whatever the other cells hold."""
    pos = as_position(cands)
    rules = pos.rules
    cand = _cand(pos)
    for part, p in _sum_parts(pos):
        keep = _bounds_keep(rules, p, cand)
        removed = _removed(pos, p.cells, keep)
        if removed:
            why = (f"{part.rule}; whatever the other cells hold ({_state(pos, p.cells)}), these "
                   f"digits would make the total too large or too small")
            yield _step("Sum Bounds", 2.0, part, removed, why, p.cells, pos, 40)


def find_sum_combinations(cands: Candidates) -> Iterator[Step]:
    """Digits no filling of a sum's cells uses (2.6 with up to 3 empty cells, 3.0 with more),
    the combinations of Killer cages of 3 or more empty cells included."""
    pos = as_position(cands)
    rules = pos.rules
    cand = _cand(pos)
    steps: list[Step] = []
    for part, p in _sum_parts(pos):
        filled = _sum_fillings(rules, p, cand, _ENUMERATION_LIMIT)
        if filled is None:
            keep, text = _pruned(part, cand), "the sums its cells can make leave"
            if keep is None:
                continue
        else:
            keep, fillings = filled
            text = _sum_text(rules, p, fillings)
        removed = _removed(pos, p.cells, keep)
        if removed:
            empty = sum(1 for c in p.cells if not pos.values[c])
            difficulty = 2.6 if empty <= 3 else 3.0
            why = f"{part.rule}; with {_state(pos, p.cells)} (cells that see each other differ), {text}"
            steps.append(_step("Sum Combination", difficulty, part, removed, why, p.cells, pos,
                               60 if difficulty < 3 else 90))
    steps += find_cage_combinations(pos, large=True)
    steps.sort(key=lambda s: s.difficulty)
    yield from steps


def _sum_groups(rules: Rules, cells: Sequence[int]) -> list[tuple[int, ...]]:
    """The sum's cells, then its cells in each full region they share (two or more)."""
    groups = [tuple(cells)]
    for r in sorted({r for c in cells for r in rules.cell_regions[c]}):
        region = set(rules.regions[r].cells)
        if len(region) != rules.n:
            continue
        shared = tuple(c for c in cells if c in region)
        if len(shared) >= 2 and shared not in groups:
            groups.append(shared)
    return groups


def find_sum_regions(cands: Candidates) -> Iterator[Step]:
    """A digit every filling of a sum puts somewhere among some of its cells (all of them, or
    those in one region) leaves the cells that see all its places there (digits may repeat
    along a little killer's diagonal, but not within one region)."""
    pos = as_position(cands)
    rules = pos.rules
    cand = _cand(pos)
    for part, p in _sum_parts(pos):
        filled = _sum_fillings(rules, p, cand, _ENUMERATION_LIMIT)
        if filled is None or not filled[1]:
            continue
        keep, fillings = filled
        index = {c: i for i, c in enumerate(p.cells)}
        for group in _sum_groups(rules, p.cells):
            at = [index[c] for c in group]
            needed = set.intersection(*({f[i] for i in at} for f in fillings))
            for d in sorted(needed):
                if any(pos.values[c] == d for c in group):
                    continue
                places = [c for c in group if keep[index[c]] & bit(d) and not pos.values[c]]
                removed = removable(pos, common_peers(rules, places) - set(p.cells), d) if places else []
                if not removed:
                    continue
                why = (f"every filling that makes the total ({_sum_text(rules, p, fillings)}) puts "
                       f"{digit_of(rules, d)} in one of {cells_text(rules, places)}; the cells that "
                       f"see all of them cannot hold it")
                step = _step("Sum-Region Interaction", 2.8, part, removed, why, p.cells, pos, 60)
                yield Step(step.technique, step.difficulty, eliminations=step.eliminations,
                           cells=tuple(places), candidates=tuple((c, d) for c in places),
                           explanation=step.explanation, extra=step.extra)

# -- the long tail: between lines, digit sets, outside clues -------------------------------------


def _generic(
    pos: Candidates, family: type, name: str, difficulty: float, hodoku: int,
    why: Callable[[Part, Sequence[int]], str], accept: Callable[[Part], bool] = lambda _: True,
) -> Iterator[Step]:
    """Steps of the parts of ``family`` from their propagators (generalised arc consistency)."""
    cand = _cand(pos)
    for part in _parts(pos, family):
        if not accept(part):
            continue
        cells = part.propagator.cells
        keep = _pruned(part, cand)
        if keep is None:
            continue
        removed = _removed(pos, cells, keep)
        if removed:
            yield _step(name, difficulty, part, removed, why(part, cells), cells, pos, hodoku)


def find_between_bounds(cands: Candidates) -> Iterator[Step]:
    """A between line's cell keeps only digits strictly between some pair of end digits, and the
    ends only digits leaving room for it."""
    pos = as_position(cands)
    return _generic(pos, Table, "Between Bounds", 2.2, 40,
                    lambda part, cells: f"{part.rule}; with {_state(pos, cells)}, only digits "
                    "that fit between the ends (and ends around the cell) stay")


def find_set_rules(cands: Candidates) -> Iterator[Step]:
    """Digits no way of matching a group's cells to one of its digit patterns uses."""
    pos = as_position(cands)
    return _generic(pos, SetRule, "Set Rule", 2.5, 60,
                    lambda part, cells: f"{part.rule}; with {_state(pos, cells)}, no way of "
                    "giving the cells one of its digit patterns uses these digits",
                    lambda part: len(part.propagator.cells) > 1)


def find_clue_placements(cands: Candidates) -> Iterator[Step]:
    """Digits no filling of a row or column that meets its outside clue uses."""
    pos = as_position(cands)
    return _generic(pos, Automaton, "Clue Placement", 3.0, 80,
                    lambda part, cells: f"{part.rule}; of every way to fill the cells that meets "
                    "the clue with their candidates, none uses these digits")


#: The constraint techniques: name, difficulty, finder and HoDoKu-style score (in the variant order).
CONSTRAINT_TECHNIQUES: tuple[tuple[str, float, Callable[[Candidates], Iterator[Step]], int], ...] = (
    ("Parity", 1.0, find_parity, 4),
    ("Pair Rule", 1.5, find_pair_rules, 14),
    ("Thermometer Range", 1.7, find_thermometer_ranges, 30),
    ("Sum Bounds", 2.0, find_sum_bounds, 40),
    ("Between Bounds", 2.2, find_between_bounds, 40),
    ("Set Rule", 2.5, find_set_rules, 60),
    ("Sum Combination", 2.6, find_sum_combinations, 60),
    ("Sum-Region Interaction", 2.8, find_sum_regions, 60),
    ("Clue Placement", 3.0, find_clue_placements, 80),
)


def constraint_eliminations(pos: Candidates) -> list[Candidate] | None:
    """Every candidate one pass of the constraints' own rules removes now (what the forcing
    chains follow), or None when some constraint can no longer be met."""
    position = as_position(pos)
    cand = _cand(position)
    out: set[Candidate] = set()
    for part in constraint_parts(position.rules):
        keep = _pruned(part, cand)
        if keep is None:
            return None
        out.update(_removed(position, part.propagator.cells, keep))
    return sorted(out)
