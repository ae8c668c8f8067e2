"""Chains of implications: Sudoku Explainer's bidirectional cycles and forcing X/Y-chains.

This module holds the chain machinery shared with :mod:`sudokit.techniques.forcing`:

- a **potential** is a candidate assumed true ("on") or false ("off"); it is coded as one int,
  ``key = (cell * n + digit - 1) * 2 + on``;
- an **on → off** implication: a true candidate turns off the other candidates of its cell
  (a *Y-link*, used only when Y-links are enabled) and the same digit in every cell of its
  houses;
- an **off → on** implication: a false candidate turns on the other candidate of a bivalue
  cell (Y-link) or the other place of its digit in a house where it had exactly two places
  (X-link, a conjugate pair).

The search reproduces Sudoku Explainer's (SE 1.2.1) chaining in its order of discovery, since
SE's difficulty of a chain depends on its *complexity*: the number of distinct potentials the
conclusion rests on. The difficulty is a base plus a length penalty (:func:`length_penalty`):
0.1 for every step of the sequence 4, 6, 8, 12, 16, 24, 32, … that the length exceeds.

Houses are visited in SE's order: box, row, column; cells inside a house row by row.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise

from sudokit.candidates import Candidates
from sudokit.errors import TimeLimitReached
from sudokit.limits import NEVER, Deadline
from sudokit.shape import Shape
from sudokit.techniques.step import Link, Step

__all__ = [
    "Cause",
    "ChainHint",
    "ChainTarget",
    "Links",
    "Parents",
    "Tables",
    "TimeLimitReached",
    "best_hint",
    "cand_of",
    "chain_path",
    "count_with",
    "cycle_and_chain_hints",
    "find_cycles_and_forcing_chains",
    "hint_steps",
    "length_penalty",
    "name_potential",
    "path_links",
    "tables",
]

#: A potential's parents, by key; the first parent is the main chain.
Parents = tuple[int, ...]

#: One chain of a hint, kept for nesting: its target, the target's own parents and the parents
#: map of the propagation it comes from.
ChainTarget = tuple[int, Parents, dict[int, Parents]]

#: Why an "on" potential holds, as SE's nested chains need it: ``(cell, -1)`` for the last
#: candidate of a cell, ``(unit, digit - 1)`` for the last place of a digit in a unit.
Cause = tuple[int, int]


# -- structure ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """Per-shape lookup tables in SE's visiting order."""

    n: int
    size: int
    #: For each cell: its box, row and column as cell tuples (SE order: box, row, column).
    houses: tuple[tuple[tuple[int, ...], ...], ...]
    #: For each cell: its peers, box first, then row, then column, without repeats.
    peers: tuple[tuple[int, ...], ...]
    #: For each cell: the unit indexes (into ``Shape.units``) of its box, row and column.
    unit_ids: tuple[tuple[int, int, int], ...]
    #: For each cell: its position inside its box, row and column.
    positions: tuple[tuple[int, int, int], ...]
    #: For each cell: the positions, in its row and in its column, of the cells of its own box.
    box_in_line: tuple[tuple[int, int], ...]
    #: The cells of every unit (``Shape.units``).
    units: tuple[tuple[int, ...], ...]


@cache
def tables(shape: Shape) -> Tables:
    """The lookup tables of a shape, computed once."""
    n = shape.n
    houses = []
    peers = []
    unit_ids = []
    for cell in range(shape.size):
        row_u, col_u, box_u = shape.cell_units[cell]
        hs = (shape.units[box_u], shape.units[row_u], shape.units[col_u])
        houses.append(hs)
        seen: dict[int, None] = {}
        for h in hs:
            for q in h:
                if q != cell:
                    seen[q] = None
        peers.append(tuple(seen))
        unit_ids.append((box_u, row_u, col_u))
    positions = tuple(
        (shape.units[b].index(cell), shape.units[r].index(cell), shape.units[c].index(cell))
        for cell, (b, r, c) in enumerate(unit_ids)
    )
    box_in_line = []
    for cell in range(shape.size):
        box_u, row_u, col_u = unit_ids[cell]
        box = set(shape.units[box_u])
        in_row = sum(1 << i for i, q in enumerate(shape.units[row_u]) if q in box)
        in_col = sum(1 << i for i, q in enumerate(shape.units[col_u]) if q in box)
        box_in_line.append((in_row, in_col))
    return Tables(n, shape.size, tuple(houses), tuple(peers), tuple(unit_ids), positions,
                  tuple(box_in_line), shape.units)


def length_penalty(complexity: int) -> float:
    """SE's length penalty: +0.1 for each of 4, 6, 8, 12, 16, 24, … that ``complexity - 2`` exceeds.

    (The thresholds grow alternately by 3/2 and 4/3, in integers.)

    Summed in floating point exactly as SE does, so that ties between techniques compare alike.

    >>> [round(length_penalty(c), 1) for c in (6, 7, 8, 9, 10, 11, 14, 15, 18, 19)]
    [0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5]
    """
    added = 0.0
    ceil = 4
    length = complexity - 2
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 4 // 3 if odd else ceil * 3 // 2
        odd = not odd
    return added


def count_with(key: int, own_parents: Parents, parents: dict[int, Parents]) -> int:
    """How many distinct potentials ``key`` rests on, itself included (SE's ancestor count).

    ``own_parents`` are its parents (it need not be stored in ``parents``).
    """
    seen = {key}
    todo = []
    for p in own_parents:
        if p not in seen:
            seen.add(p)
            todo.append(p)
    while todo:
        k = todo.pop()
        for parent in parents.get(k, ()):
            if parent not in seen:
                seen.add(parent)
                todo.append(parent)
    return len(seen)


# -- implications --------------------------------------------------------------------------------------


class Links:
    """Every direct implication of a fixed candidate state, in SE's order, computed once.

    Indexed by potential key: ``on_off_y`` (the other digits of the cell), ``on_off_x`` (the
    digit in the peers: box, then row, then column), ``off_on_y`` (the other digit of a bivalue
    cell) and ``off_on_x`` (the other place of the digit in a box, row or column with two places).
    """

    __slots__ = ("off_on_x", "off_on_y", "on_off_x", "on_off_y")

    def __init__(self, masks: Sequence[int], t: Tables) -> None:
        n = t.n
        empty: tuple[int, ...] = ()
        size = t.size * n * 2
        self.on_off_y: list[tuple[int, ...]] = [empty] * size
        self.on_off_x: list[tuple[int, ...]] = [empty] * size
        self.off_on_y: list[tuple[int, ...]] = [empty] * size
        self.off_on_x: list[tuple[int, ...]] = [empty] * size
        units = t.units
        places: list[list[int]] = []
        for house in units:
            for d0 in range(n):
                b = 1 << d0
                places.append([q for q in house if masks[q] & b])
        for cell in range(t.size):
            m = masks[cell]
            if not m:
                continue
            base = cell * n
            digits = [e for e in range(n) if m >> e & 1]
            for d0 in digits:
                b = 1 << d0
                on = ((base + d0) << 1) | 1
                off = on ^ 1
                self.on_off_y[on] = tuple((base + e) << 1 for e in digits if e != d0)
                self.on_off_x[on] = tuple((q * n + d0) << 1 for q in t.peers[cell] if masks[q] & b)
                if len(digits) == 2:
                    other = digits[0] if digits[1] == d0 else digits[1]
                    self.off_on_y[off] = ((((base + other) << 1) | 1),)
                ons: list[int] = []
                for h in t.unit_ids[cell]:
                    ps = places[h * n + d0]
                    if len(ps) == 2:
                        q = ps[0] if ps[1] == cell else ps[1]
                        k = ((q * n + d0) << 1) | 1
                        if k not in ons:
                            ons.append(k)
                self.off_on_x[off] = tuple(ons)


# -- hints ---------------------------------------------------------------------------------------------


@dataclass
class ChainHint:
    """A chain conclusion before it becomes a :class:`Step`: enough to sort and to apply.

    Sorted as SE sorts: difficulty, then complexity, then the kind's sort key; the order of
    discovery breaks the remaining ties.
    """

    technique: str
    difficulty: float
    complexity: int
    sort_key: int
    eliminations: tuple[tuple[int, int], ...]
    placement: tuple[int, int] | None
    explain: Callable[[], tuple[str, tuple[Link, ...], tuple[tuple[int, int], ...]]] = field(
        compare=False, repr=False
    )
    #: The chains the conclusion rests on (filled by the branching forcing chains, for nesting).
    chains: tuple[ChainTarget, ...] = field(default=(), compare=False, repr=False)
    #: What made the assumptions of cell and region forcing chains hold (for nesting).
    root: Cause | None = field(default=None, compare=False, repr=False)

    def removable(self) -> frozenset[tuple[int, int]]:
        """The candidates this hint removes (SE compares hints by these)."""
        return frozenset(self.eliminations)


def _step(h: ChainHint, family: str) -> Step:
    text, links, cands = h.explain()
    return Step(
        technique=h.technique,
        difficulty=h.difficulty,
        placements=(h.placement,) if h.placement else (),
        eliminations=h.eliminations,
        cells=tuple(dict.fromkeys(c for c, _ in cands)),
        candidates=cands,
        links=links,
        explanation=text,
        extra={"complexity": h.complexity, "family": family},
    )


def hint_steps(
    hints: list[ChainHint], family: str, skip: frozenset[tuple[int, int]] | None = None
) -> Iterator[Step]:
    """Yield the hints as steps in SE's order: easiest first, equal removals reported once.

    ``skip``: the removals of a step already yielded.
    """
    order = sorted(range(len(hints)), key=lambda i: (hints[i].difficulty, hints[i].complexity,
                                                     hints[i].sort_key, i))
    seen: set[frozenset[tuple[int, int]]] = set() if skip is None else {skip}
    for i in order:
        h = hints[i]
        rem = h.removable()
        if rem in seen:
            continue
        seen.add(rem)
        yield _step(h, family)


def best_hint(hints: list[ChainHint]) -> ChainHint | None:
    """The hint SE would apply first (the head of :func:`hint_steps`), without building the rest."""
    best: ChainHint | None = None
    best_key: tuple[float, int, int] | None = None
    for h in hints:
        k = (h.difficulty, h.complexity, h.sort_key)
        if best_key is None or k < best_key:
            best, best_key = h, k
    return best


def name_potential(key: int, n: int) -> str:
    """``r3c5=7`` for an "on" potential, ``r3c5<>7`` for an "off" one."""
    cell, d0 = divmod(key >> 1, n)
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}{'=' if key & 1 else '<>'}{d0 + 1}"


def cand_of(key: int, n: int) -> tuple[int, int]:
    """The ``(cell, digit)`` of a potential key."""
    cell, d0 = divmod(key >> 1, n)
    return cell, d0 + 1


def chain_path(key: int, parents: dict[int, Parents]) -> list[int]:
    """The main chain (first parents) from a potential back to its assumption, assumption first."""
    out = [key]
    seen = {key}
    while True:
        ps = parents.get(out[-1], ())
        if not ps or ps[0] in seen:
            break
        out.append(ps[0])
        seen.add(ps[0])
    out.reverse()
    return out


def path_links(path: Sequence[int], n: int) -> tuple[Link, ...]:
    """Links along a main chain: off → on steps are strong links, on → off steps weak ones."""
    links = []
    for a, b in pairwise(path):
        links.append(Link(cand_of(a, n), cand_of(b, n), strong=not (a & 1) and bool(b & 1)))
    return tuple(links)


# -- unary chains: cycles and forcing chains ------------------------------------------------------------


def _max_complexity(best: tuple[float, int, int] | None, base: float, sort_key: int) -> int:
    """The largest complexity a hint of this kind may have and still sort before ``best``."""
    if best is None:
        return 1 << 30
    c = 2
    while (base + length_penalty(c), c, sort_key) < best:
        c += 1
    return c - 1


def cycle_paths(links: Links, source: int, y: bool, x: bool, max_c: int) -> list[list[int]]:
    """SE's breadth-first cycle search from an "on" potential: the paths returning to it strongly.

    "On" potentials are kept once (the first path to them); "off" potentials once per "on"
    potential that reaches them, unless they already lie on its path (SE's ``isParent``).
    A cycle closed at breadth ``L`` has complexity ``L``; the search stops past ``max_c``.
    """
    came: dict[int, tuple[int, int]] = {source: (-1, -1)}  # on -> (off before it, on before that)
    pending_on = [source]
    found: list[tuple[int, int]] = []
    on_off_y, on_off_x, off_on_y, off_on_x = links.on_off_y, links.on_off_x, links.off_on_y, links.off_on_x
    length = 0
    while pending_on:
        length += 2
        if length > max_c:
            break
        offs: list[tuple[int, int]] = []
        for p in pending_on:
            before: set[int] = set()
            q = p
            while q != source:
                off, q = came[q]
                before.add(off)
            for off in (on_off_y[p] + on_off_x[p]) if y else on_off_x[p]:
                if off not in before:
                    offs.append((off, p))
        pending_on = []
        for off, p in offs:
            for on in (off_on_y[off] if y else ()) + (off_on_x[off] if x else ()):
                if length >= 4 and on == source:
                    found.append((off, p))
                if on not in came:
                    came[on] = (off, p)
                    pending_on.append(on)
    paths = []
    for off, p in found:
        path = [source, off]
        q = p
        while q != source:
            path.append(q)
            q_off, q = came[q]
            path.append(q_off)
        path.append(source)
        path.reverse()
        paths.append(path)
    return paths


def forcing_paths(links: Links, source: int, y: bool, max_c: int) -> list[list[int]]:
    """SE's forcing X/Y-chain search: the paths from ``source`` to its own negation.

    A chain found from a potential at depth ``k`` has complexity ``k + 2``; the search stops
    past ``max_c``.
    """
    target = source ^ 1
    came: dict[int, int] = {source: -1}
    ends: list[int] = []
    # breadth first, one level of "on" potentials then one of "off" ones, from the source's kind
    level, on, depth = [source], bool(source & 1), 0
    while level and depth + 2 <= max_c:
        by_y, by_x = (links.on_off_y, links.on_off_x) if on else (links.off_on_y, links.off_on_x)
        following: list[int] = []
        for p in level:
            for k in (by_y[p] + by_x[p]) if y else by_x[p]:
                if k == target and not ends:
                    ends.append(p)
                if k not in came:  # an ancestor of p is always in came already
                    came[k] = p
                    following.append(k)
        level, on, depth = following, not on, depth + 1
    paths = []
    for p in ends:
        path = [target, p]
        while came[path[-1]] != -1:
            path.append(came[path[-1]])
        path.reverse()
        paths.append(path)
    return paths


def _distinct(path: Sequence[int]) -> int:
    return len(set(path))


def cycle_hint(masks: Sequence[int], path: list[int], t: Tables, y: bool, x: bool) -> ChainHint | None:
    n = t.n
    chain = path[1:]  # every potential but the root (SE walks while there is a parent)
    cells = {(k >> 1) // n for k in chain}
    forw: set[tuple[int, int]] = set()
    back: set[tuple[int, int]] = set()
    for k in chain:
        cell, d0 = divmod(k >> 1, n)
        b = 1 << d0
        dest = forw if k & 1 else back
        for q in t.peers[cell]:
            if q not in cells and masks[q] & b:
                dest.add((q, d0 + 1))
    cancel = forw & back
    if not cancel:
        return None
    complexity = _distinct(path)
    both = x and y
    base = 7.0 if both else 6.5
    name = "Bidirectional Cycle" if both else ("Bidirectional Y-Cycle" if y else "Bidirectional X-Cycle")
    sort_key = 4 if both else (3 if y else 2)
    elims = tuple(sorted(cancel))

    def explain() -> tuple[str, tuple[Link, ...], tuple[tuple[int, int], ...]]:
        text = (
            f"{name}: " + " - ".join(name_potential(k, n) for k in path)
            + "; either colour of the loop is true, so every candidate that sees both colours goes."
        )
        return text, path_links(path, n), tuple(cand_of(k, n) for k in path[:-1])

    return ChainHint(name, base + length_penalty(complexity), complexity, sort_key, elims, None, explain)


def forcing_hint(masks: Sequence[int], path: list[int], t: Tables, y: bool, x: bool) -> ChainHint | None:
    n = t.n
    end = path[-1]
    cell, digit = cand_of(end, n)
    placement: tuple[int, int] | None = None
    if end & 1:
        m = masks[cell] & ~(1 << (digit - 1))
        elims = tuple((cell, d0 + 1) for d0 in range(n) if m >> d0 & 1)
        placement = (cell, digit)
    else:
        elims = ((cell, digit),)
    if not elims:
        return None  # SE's isWorth: a hint must remove something
    complexity = _distinct(path)
    both = x and y
    base = 7.0 if both else 6.6
    name = "Forcing Chain" if both else ("Forcing Y-Chain" if y else "Forcing X-Chain")
    sort_key = 4 if both else (3 if y else 2)

    def explain() -> tuple[str, tuple[Link, ...], tuple[tuple[int, int], ...]]:
        src = path[0]
        verdict = "so it is false" if src & 1 else "so it is true"
        text = (
            f"{name}: if {name_potential(src, n)} then "
            + " - ".join(name_potential(k, n) for k in path[1:])
            + f", which contradicts the assumption, {verdict}."
        )
        return text, path_links(path, n), tuple(cand_of(k, n) for k in path)

    return ChainHint(name, base + length_penalty(complexity), complexity, sort_key, elims, placement, explain)


def _unary_hints(
    masks: Sequence[int], values: Sequence[int], t: Tables, links: Links, y: bool, x: bool,
    best: list[tuple[float, int, int]] | None, deadline: Deadline,
) -> list[ChainHint]:
    """SE's ``getLoopHintList``: every cycle and forcing chain from each candidate, in cell order.

    With ``best`` (a one-element list holding the best key so far, or empty) the searches stop
    where they could only find hints sorting after it: the first hint is the same, the rest is
    not complete.
    """
    n = t.n
    out: list[ChainHint] = []
    both = x and y
    sort_key = 4 if both else (3 if y else 2)
    cycle_base = 7.0 if both else 6.5
    chain_base = 7.0 if both else 6.6
    unlimited = 1 << 30
    for cell in range(t.size):
        deadline.check()
        m = masks[cell]
        if values[cell] or m.bit_count() <= 1:
            continue
        if not x and m.bit_count() > 2:
            continue  # Y-cycles start only from bivalue cells
        d = m
        while d:
            low = d & -d
            d ^= low
            on = ((cell * n + low.bit_length() - 1) << 1) | 1
            key = best[0] if best else None
            cycles = cycle_paths(links, on, y, x,
                             unlimited if best is None else _max_complexity(key, cycle_base, sort_key))
            chains: list[list[int]] = []
            if x:
                limit = unlimited if best is None else _max_complexity(key, chain_base, sort_key)
                chains = forcing_paths(links, on, y, limit) + forcing_paths(links, on ^ 1, y, limit)
            found = []
            for path in cycles:
                h = cycle_hint(masks, path, t, y, x)
                if h is not None:
                    found.append(h)
            for path in chains:
                h = forcing_hint(masks, path, t, y, x)
                if h is not None:
                    found.append(h)
            out.extend(found)
            if best is not None:
                for h in found:
                    k = (h.difficulty, h.complexity, h.sort_key)
                    if not best or k < best[0]:
                        best[:] = [k]
    return out


def cycle_and_chain_hints(
    cands: Candidates, *, first_only: bool = False, deadline: Deadline = NEVER
) -> list[ChainHint]:
    """All hints of SE's "Forcing Chains & Cycles" rule: X-loops, then Y-loops, then XY-loops.

    With ``first_only`` the list is cut short but still holds the hint SE would apply first.
    Raises :class:`TimeLimitReached` once ``deadline`` has passed.
    """
    t = tables(cands.shape)
    masks, values = cands.masks, cands.values
    links = Links(masks, t)
    best: list[tuple[float, int, int]] | None = [] if first_only else None
    return (
        _unary_hints(masks, values, t, links, False, True, best, deadline)
        + _unary_hints(masks, values, t, links, True, False, best, deadline)
        + _unary_hints(masks, values, t, links, True, True, best, deadline)
    )


def find_cycles_and_forcing_chains(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Bidirectional X-/Y-cycles, forcing X-chains and forcing (XY) chains, easiest first.

    SE difficulty: cycles 6.5 (X or Y only) or 7.0 (both), forcing X-chains 6.6, forcing chains
    7.0, each plus :func:`length_penalty` of the chain's complexity. The first step is found
    with a bounded search; the others only if asked for. Raises :class:`TimeLimitReached` once
    ``deadline`` has passed.
    """
    family = "Forcing Chain"
    first = best_hint(cycle_and_chain_hints(cands, first_only=True, deadline=deadline))
    if first is None:
        return
    yield _step(first, family)
    yield from hint_steps(cycle_and_chain_hints(cands, deadline=deadline), family, skip=first.removable())
