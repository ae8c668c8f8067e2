"""Nested forcing chains: dynamic forcing chains whose propagation also uses inner forcing chains.

SE 1.2.1's nested forcing chains (its ``Chaining`` with level 2 to 5) are dynamic forcing chains
(+) (:mod:`sudokit.techniques.forcing`) with more "advanced" rules. Whenever the propagation of
an assumption stops, the reduced candidates (the grid less every candidate the assumption has
turned off) are searched with the **inner rules**, in order, until one gives an elimination:

- level 2, "(+ Forcing Chains)", 9.5: locked candidates, hidden and naked pairs, X-wings (the
  "(+)" rules), then forcing X/Y-chains and bidirectional cycles;
- level 3, "(+ Multiple Forcing Chains)", 10.0: the same, then multiple (cell and region)
  forcing chains;
- level 4, "(+ Dynamic Forcing Chains)", 10.5: the "(+)" rules, then dynamic forcing chains;
- level 5, "(+ Dynamic Forcing Chains (+ Forcing Chains))", 11.0: the same, then level-2
  nested chains.

An **inner chain** counts only if it rests on some removal of the outer chain: its **rule
parents** are the candidates the outer chain removed from the cells and houses its "on"
potentials were forced in (a cell's other candidates, a digit's other places; the assumptions
of cell and region chains count too). Each of its eliminations is turned off with those rule
parents, and its complexity is added, once per distinct inner chain, to the complexity of every
outer hint resting on it (SE's ``getNestedComplexity``); the difficulty is the level's base plus
:func:`~sudokit.techniques.chains.length_penalty` of that total.

Inner hints are taken in SE's order (difficulty, complexity, kind), equal eliminations once
(the first), and a hint without rule parents is dropped *after* that de-duplication, as SE does.
SE's Solver tries the levels in order, each only when the previous found nothing. Importing
this module registers the four levels after "Dynamic Forcing Chain (+)".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass

from sudokit.candidates import Candidates
from sudokit.limits import NEVER, Deadline
from sudokit.shape import Shape
from sudokit.techniques import Technique, register
from sudokit.techniques.chains import (
    Cause,
    ChainHint,
    Links,
    Parents,
    Tables,
    cycle_hint,
    cycle_paths,
    forcing_hint,
    forcing_paths,
    hint_steps,
    tables,
)
from sudokit.techniques.forcing import RULES, InnerChains, Nested, Rule, Search, nested_suffix, rule_hints
from sudokit.techniques.step import Step

__all__ = [
    "NESTED_TECHNIQUES",
    "find_nested_forcing_chains",
    "inner_eliminations",
    "nested_hints",
]


@dataclass(frozen=True)
class _Inner:
    """An inner hint, ready to nest: its eliminations, its causes, its identity and complexity."""

    eliminations: tuple[tuple[int, int], ...]
    causes: tuple[Cause, ...]
    ident: Hashable
    complexity: int


# -- causes of "on" potentials ---------------------------------------------------------------------------


def _on_cause(k: int, ps: Parents, masks: Sequence[int], t: Tables) -> Cause:
    """Why ``k`` went on: its cell's last candidate, or its digit's last place in a unit.

    Like SE, units are tried box, row, column; a unit was the one used when the places it lost
    (the hidden parents after the first) are all its places but the two cells.
    """
    n = t.n
    cell, d0 = divmod(k >> 1, n)
    pcell = (ps[0] >> 1) // n
    if pcell == cell:
        return (cell, -1)
    hidden = {(q >> 1) // n for q in ps[1:]}
    first = -1
    for u in t.unit_ids[pcell]:
        house = t.units[u]
        if cell not in house:
            continue
        if first < 0:
            first = u
        others = {q for q in house if masks[q] >> d0 & 1} - {cell, pcell}
        if others == hidden:
            return (u, d0)
    return (first, d0)


def _off_cause(k: int, p: int, t: Tables) -> Cause:
    """Why ``k`` went off from the "on" ``p``: a cell's other digit, or the first shared unit."""
    n = t.n
    cell, d0 = divmod(k >> 1, n)
    pcell = (p >> 1) // n
    if pcell == cell:
        return (cell, -1)
    for u in t.unit_ids[pcell]:
        if cell in t.units[u]:
            return (u, d0)
    raise ValueError("no shared unit")


def _rule_parents(causes: Sequence[Cause], save: Sequence[int], work: Sequence[int], t: Tables) -> Parents:
    """SE's ``getRuleParents``: the removals (``save`` less ``work``) behind the causes, in order."""
    n = t.n
    out: dict[int, None] = {}
    for where, d0 in causes:
        if d0 < 0:
            gone = save[where] & ~work[where]
            while gone:
                low = gone & -gone
                out[(where * n + low.bit_length() - 1) << 1] = None
                gone ^= low
        else:
            b = 1 << d0
            for q in t.units[where]:
                if save[q] & b and not work[q] & b:
                    out[(q * n + d0) << 1] = None
    return tuple(out)


# -- inner hints -------------------------------------------------------------------------------------------


def _path_causes(path: list[int], cycle: bool, masks: Sequence[int], t: Tables) -> tuple[Cause, ...]:
    """The causes along a forcing X/Y-chain or a cycle, in SE's chain order (target first)."""
    out = [_on_cause(path[i], (path[i - 1],), masks, t) for i in range(len(path) - 1, 0, -1) if path[i] & 1]
    if cycle:  # the reversed cycle: the "off" potentials turned on, with their on → off causes
        out += [_off_cause(path[i], path[i - 1], t) for i in range(1, len(path) - 1) if not path[i] & 1]
    return tuple(out)


def _unary_inner(
    masks: Sequence[int], values: Sequence[int], t: Tables, deadline: Deadline
) -> list[tuple[ChainHint, _Inner]]:
    """SE's "Forcing Chains & Cycles" on reduced candidates: every hint, with its causes."""
    n = t.n
    links = Links(masks, t)
    unlimited = 1 << 30
    out: list[tuple[ChainHint, _Inner]] = []
    for y, x in ((False, True), (True, False), (True, True)):
        for cell in range(t.size):
            deadline.check()
            m = masks[cell]
            if values[cell] or m.bit_count() <= 1 or (not x and m.bit_count() > 2):
                continue
            d = m
            while d:
                low = d & -d
                d ^= low
                on = ((cell * n + low.bit_length() - 1) << 1) | 1
                for path in cycle_paths(links, on, y, x, unlimited):
                    h = cycle_hint(masks, path, t, y, x)
                    if h is not None:
                        out.append((h, _Inner(h.eliminations, _path_causes(path, True, masks, t),
                                              ("cycle", tuple(path)), h.complexity)))
                if not x:
                    continue
                paths = forcing_paths(links, on, y, unlimited) + forcing_paths(links, on ^ 1, y, unlimited)
                for path in paths:
                    h = forcing_hint(masks, path, t, y, x)
                    if h is not None:
                        out.append((h, _Inner(h.eliminations, _path_causes(path, False, masks, t),
                                              ("chain", tuple(path)), h.complexity)))
    return out


def _hint_inner(h: ChainHint, masks: Sequence[int], t: Tables) -> _Inner:
    """A branching chain hint's causes and identity: its chains walked breadth first, as SE does."""
    causes: list[Cause] = []
    ident = []
    for target, own, parents in h.chains:
        done: set[int] = set()
        seq = []
        todo = [(target, own)]
        while todo:
            nxt: list[tuple[int, Parents]] = []
            for k, ps in todo:
                if k in done:
                    continue
                done.add(k)
                seq.append(k)
                if k & 1:
                    if ps:
                        causes.append(_on_cause(k, ps, masks, t))
                    elif h.root is not None:
                        causes.append(h.root)
                nxt.extend((p, parents.get(p, ())) for p in ps)
            todo = nxt
        ident.append(tuple(seq))
    return _Inner(h.eliminations, tuple(causes), (h.technique, tuple(ident)), h.complexity)


def _inner_chains(level: int) -> InnerChains:
    """The inner-chain finder of one level, handed to :mod:`.forcing`'s propagation."""

    def inner(
        work: Sequence[int], save: Sequence[int], values: Sequence[int], shape: Shape, search: Search
    ) -> list[tuple[int, Parents, Nested]]:
        return inner_eliminations(work, save, values, shape, level, search=search)

    return inner


_LEVELS = {
    level: Rule("Dynamic Forcing Chains" + nested_suffix(level), multiple=True, dynamic=True,
                 nishio=False, plus=True, level=level, inner=_inner_chains(level))
    for level in (2, 3, 4, 5)
}

#: The inner chain rules of each level, in SE's order ("unary" is forcing chains and cycles).
_INNER_RULES: dict[int, tuple[str, ...]] = {2: ("unary",), 3: ("unary", "multiple"), 4: ("dynamic",),
                                            5: ("dynamic", "nested2")}


def _inner_hints(
    kind: str, masks: list[int], values: Sequence[int], shape: Shape, search: Search
) -> list[_Inner]:
    """One inner rule's hints on reduced candidates, in SE's order, equal eliminations once."""
    t = tables(shape)
    if kind == "unary":
        pairs = _unary_inner(masks, values, t, search.deadline)
    else:
        rule = _LEVELS[2] if kind == "nested2" else RULES[kind]
        hs = rule_hints(Candidates(list(values), masks, shape), rule, search)
        pairs = [(h, _hint_inner(h, masks, t)) for h in hs]
    order = sorted(range(len(pairs)), key=lambda i: (pairs[i][0].difficulty, pairs[i][0].complexity,
                                                     pairs[i][0].sort_key, i))
    seen: set[frozenset[tuple[int, int]]] = set()
    out = []
    for i in order:
        h, inner = pairs[i]
        rem = h.removable()
        if rem not in seen:
            seen.add(rem)
            out.append(inner)
    return out


#: How many reduced grids' inner hints one search remembers.
_MEMO_SIZE = 512


def _cached_inner_hints(
    kind: str, masks: Sequence[int], values: Sequence[int], shape: Shape, search: Search
) -> list[_Inner]:
    """:func:`_inner_hints`, remembered by the search for the last few hundred reduced grids
    (SE keeps one)."""
    memo = search.inner
    key = (kind, shape.box, tuple(masks), tuple(values))
    found: list[_Inner] | None = memo.get(key)
    if found is None:
        found = _inner_hints(kind, list(masks), values, shape, search)
        if len(memo) > _MEMO_SIZE:
            memo.clear()
        memo[key] = found
    return found


def inner_eliminations(
    work: Sequence[int], save: Sequence[int], values: Sequence[int], shape: Shape, level: int,
    *, search: Search | None = None,
) -> list[tuple[int, Parents, Nested]]:
    """The "off" potentials the inner rules of ``level`` give on the reduced candidates ``work``.

    ``save`` holds the candidates before the outer assumption. The first inner rule with an
    elimination resting on some removal gives all its eliminations, each with its rule parents
    and its inner chain (identity, complexity). ``search`` carries the deadline and the memo of
    inner hints of the outer search.
    """
    search = search or Search()
    t = tables(shape)
    n = t.n
    for kind in _INNER_RULES[level]:
        search.deadline.check()
        out: list[tuple[int, Parents, Nested]] = []
        for inner in _cached_inner_hints(kind, work, values, shape, search):
            ps = _rule_parents(inner.causes, save, work, t)
            if not ps:
                continue
            for cell, digit in sorted(inner.eliminations):
                out.append((((cell * n + digit - 1) << 1), ps, (inner.ident, inner.complexity)))
        if out:
            return out
    return []


# -- the techniques --------------------------------------------------------------------------------------


def nested_hints(cands: Candidates, level: int, *, deadline: Deadline = NEVER) -> list[ChainHint]:
    """Every hint of SE's nested forcing chains of one level (2 to 5), within ``deadline``."""
    return rule_hints(cands, _LEVELS[level], Search(deadline))


def _family(level: int) -> str:
    """The registry name of a level, e.g. "Dynamic Forcing Chain (+ Forcing Chains)"."""
    return "Dynamic Forcing Chain" + _LEVELS[level].suffix


def find_nested_forcing_chains(
    cands: Candidates, level: int = 2, *, deadline: Deadline = NEVER
) -> Iterator[Step]:
    """Nested forcing chains of one level, easiest first (SE 9.5 + 0.5 a level above 2, + length).

    Raises :class:`~sudokit.errors.TimeLimitReached` once ``deadline`` has passed.
    """
    yield from hint_steps(nested_hints(cands, level, deadline=deadline), _family(level))


def _finder(level: int) -> Technique:
    """The registry entry of one level."""

    def find(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
        return find_nested_forcing_chains(cands, level, deadline=deadline)

    find.__doc__ = f"Nested forcing chains of level {level}."
    return Technique(_family(level), _LEVELS[level].base, find, hodoku=700, timed=True)


#: The registered techniques, one a level, in SE's order.
NESTED_TECHNIQUES = tuple(_finder(level) for level in (2, 3, 4, 5))

_previous = "Dynamic Forcing Chain (+)"
for _technique in NESTED_TECHNIQUES:
    register(_technique, after=_previous)
    _previous = _technique.name
