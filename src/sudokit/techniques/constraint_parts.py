"""The constraints of a variant's rules (:attr:`Rules.constraints`) as the variant techniques see
them.

Every constraint kind compiles to primitives (:mod:`sudokit.rules.primitives`). Those that say
"these cells differ" join the model the classic techniques already read (:func:`technique_rules`):

- an :class:`~sudokit.rules.primitives.AllDifferent` of 3 or more cells becomes a region (a
  diagonal, a disjoint group, an extra region, a renban line's or a cage's cells), so singles,
  subsets, fish and locked candidates run over it; of 2 cells, a differ pair;
- a :class:`~sudokit.rules.primitives.PairTable` that only says "different" (anti-knight, anti-king)
  becomes a differ pair, and one that says "not consecutive" a non-consecutive pair;
- a Killer cage (the ``cage`` kind) becomes a cage of the rules (combinations, 45 rule).

Each other primitive is a :class:`Part`, named after the constraint it came from (``kropki black
dot r1c1-r1c2``, ``thermometer r1c1…r4c1``), that the constraint techniques
(:mod:`sudokit.techniques.variant_constraints`) reason with.

>>> from sudokit.rules import Rules, KropkiBlack, Diagonal
>>> from sudokit.shape import Shape
>>> rules = Rules.classic(Shape(2, 3)).with_constraints([KropkiBlack(0, 1), Diagonal()])
>>> lifted = technique_rules(rules)
>>> len(lifted.regions) - len(rules.regions), [p.label for p in constraint_parts(rules)]
(1, ['kropki black dot r1c1-r1c2'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudokit.engine.constraints import Propagator, make_propagator
from sudokit.rules import Cage, Constraint, KillerCage, Region, Rules, cage_sum_range
from sudokit.rules.base import digit_values
from sudokit.rules.primitives import AllDifferent, PairTable, Primitive
from sudokit.shape import cell_name

__all__ = ["Part", "constraint_parts", "digit_of", "technique_rules"]

#: What people call each kind (the kind's own name when missing).
_WORDS = {
    "white": "kropki white dot", "black": "kropki black dot", "germanwhisper": "German whisper",
    "dutchwhisper": "Dutch whisper", "thermo": "thermometer", "slowthermo": "slow thermometer",
    "littlekiller": "little killer", "xsum": "X-sum", "renban": "renban line",
    "between": "between line", "regionsum": "region-sum line", "equalsum": "equal-sum segments",
    "entropic": "entropic line", "modular": "modular line", "zipper": "zipper line",
    "odd": "odd cell", "even": "even cell", "minimum": "minimum cell", "maximum": "maximum cell",
    "difference": "difference dot", "ratio": "ratio dot", "nokropki": "no kropki dot",
    "noblack": "no black dot", "nowhite": "no white dot",
    "noxv": "no X or V", "nonconsecutive": "non-consecutive pair", "antiknight": "anti-knight",
    "antiking": "anti-king", "extraregion": "extra region", "disjointgroups": "disjoint group",
}

#: The region kind an all-different group of each constraint kind becomes.
_REGION_KIND = {"diagonal": "diagonal", "disjointgroups": "group", "extraregion": "extra"}


@dataclass(frozen=True)
class Part:
    """One primitive of one constraint, as the constraint techniques use it."""

    #: The index of its constraint in :attr:`Rules.constraints`.
    constraint: int
    #: The constraint's kind (``thermo``, ``white``, …).
    kind: str
    #: The constraint and place for people: ``kropki black dot r1c1-r1c2``.
    label: str
    #: The constraint's rule in a few words.
    rule: str
    primitive: Primitive
    #: The primitive's propagator (prunes candidate masks; see :mod:`sudokit.engine.constraints`).
    propagator: Propagator


def digit_of(rules: Rules, value: int) -> int:
    """The digit a cell value stands for (the value itself unless the rules have a digit set)."""
    return rules.digits[value - 1] if rules.digits is not None else value


def _place(cells: Sequence[int], n: int) -> str:
    """Cells for a label: ``r1c1-r1c2`` for two, ``r1c1…r4c1`` for a line, one cell alone."""
    names = [cell_name(c, n) for c in cells]
    if len(names) <= 2:
        return "-".join(names)
    return f"{names[0]}…{names[-1]}"


def _line_name(cells: Sequence[int], n: int) -> str | None:
    """``row 3`` or ``column 5`` when the cells are a whole row or column, else None."""
    rows = {c // n for c in cells}
    cols = {c % n for c in cells}
    if len(cells) == n and len(rows) == 1:
        return f"row {rows.pop() + 1}"
    if len(cells) == n and len(cols) == 1:
        return f"column {cols.pop() + 1}"
    return None


def _label(con: Constraint, cells: Sequence[int], n: int) -> str:
    """The label of a part of ``con`` over ``cells``."""
    kind = con.kind
    word = _WORDS.get(kind, kind)
    if kind == "xv":
        word = {10: "X", 5: "V"}.get(getattr(con, "total", 0), f"XV sum {getattr(con, 'total', '')}")
    line = tuple(con.cells()) or tuple(cells)
    place = _place(line if len(line) > 2 else cells, n)
    if len(line) > 2 and tuple(cells) != line and len(cells) <= 2:
        place = f"{_place(cells, n)} (line {_place(line, n)})"
    clue = ""
    for name in ("total", "count", "value"):
        value = getattr(con, name, None)
        if isinstance(value, int) and kind != "xv":
            clue = f" {value}"
    if kind in ("sandwich", "xsum", "skyscraper"):
        where = _line_name(line, n) or place
        end = f" (read from r{line[0] // n + 1}c{line[0] % n + 1})" if kind != "sandwich" else ""
        return f"{word}{clue} in {where}{end}"
    return f"{word}{clue} {place}".strip()


def _differs(p: PairTable, ds: Sequence[int]) -> bool:
    """True when the pair table only says the two digits differ."""
    return len(p.allowed) == len(ds) * (len(ds) - 1) and all(x != y for x, y in p.allowed)


def _not_consecutive(p: PairTable, ds: Sequence[int]) -> bool:
    """True when the pair table only says the two digits are not consecutive (digits 1…N)."""
    want = {(x, y) for x in ds for y in ds if abs(x - y) != 1}
    return p.allowed == want


def technique_rules(rules: Rules) -> Rules:
    """The rules with every "must differ" constraint lifted into regions, differ pairs, non-
    consecutive pairs and cages (see the module text); the rules themselves when they have no
    constraints. Built once per rules (kept in ``rules.compiled``)."""
    if not rules.constraints:
        return rules
    found = rules.compiled.get("technique_rules")
    if isinstance(found, Rules):
        return found
    lifted, parts = _lift(rules)
    lifted.compiled["technique_rules"] = lifted
    lifted.compiled["constraint_parts"] = parts
    rules.compiled["technique_rules"] = lifted
    rules.compiled["constraint_parts"] = parts
    return lifted


def constraint_parts(rules: Rules) -> tuple[Part, ...]:
    """The constraint primitives the techniques reason with (none for rules without constraints)."""
    if not rules.constraints:
        return ()
    technique_rules(rules)
    parts = rules.compiled["constraint_parts"]
    assert isinstance(parts, tuple)
    return parts


def _lift(rules: Rules) -> tuple[Rules, tuple[Part, ...]]:
    """The lifted rules and the parts left to the constraint techniques."""
    n = rules.n
    ds = digit_values(n, rules.digits)
    regions = list(rules.regions)
    known = {frozenset(r.cells) for r in regions}
    differ = set(rules.differ)
    adjacent = set(rules.adjacent)
    cages = list(rules.cages)
    caged = {c for cage in cages for c in cage.cells}
    parts: list[Part] = []
    for index, con in enumerate(rules.constraints):
        if isinstance(con, KillerCage) and _liftable_cage(con, rules, caged):
            cages.append(Cage(con.group, con.total))
            caged.update(con.group)
            continue
        groups = 0
        for p in con.compile(n, ds):
            if isinstance(p, AllDifferent):
                cells = tuple(p.cells)
                if len(cells) == 2:
                    differ.add((min(cells), max(cells)))
                elif len(cells) > 2 and frozenset(cells) not in known:
                    groups += 1
                    kind = _REGION_KIND.get(con.kind, "line")
                    where = str(groups) if kind == "group" else _place(cells, n)
                    word = _WORDS.get(con.kind, con.kind)
                    name = con.where(n) if con.kind == "diagonal" else f"{word} {where}"
                    regions.append(Region(kind, name, cells))
                    known.add(frozenset(cells))
                continue
            if isinstance(p, PairTable) and _differs(p, ds):
                differ.add((min(p.a, p.b), max(p.a, p.b)))
                continue
            if isinstance(p, PairTable) and rules.digits is None and _not_consecutive(p, ds):
                adjacent.add((min(p.a, p.b), max(p.a, p.b)))
                continue
            cells = (p.a, p.b) if isinstance(p, PairTable) else p.cells
            parts.append(Part(index, con.kind, _label(con, cells, n), con.rule_text(), p,
                              make_propagator(p, ds)))
    lifted = Rules(n, tuple(regions), tuple(differ), tuple(adjacent), tuple(cages), rules.variants,
                   rules.shape, rules.pieces, constraints=rules.constraints, digits=rules.digits)
    return lifted, tuple(parts)


def _liftable_cage(con: KillerCage, rules: Rules, caged: set[int]) -> bool:
    """True when a cage constraint can join the rules' cages (no overlap, a possible total)."""
    if rules.digits is not None or caged & set(con.group) or len(con.group) > rules.n:
        return False
    if con.total is None:
        return True
    low, high = cage_sum_range(len(con.group), rules.n)
    return low <= con.total <= high
