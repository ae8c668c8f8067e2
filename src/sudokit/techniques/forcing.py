"""Forcing chains that branch: Nishio, multiple (cell and region) and dynamic forcing chains.

Each starts from an assumption about one candidate and follows every implication at once
(:func:`propagate`, SE's ``doChaining``):

- **contradiction** forcing chains: assuming a candidate true (or false) leads to some other
  candidate being both true and false, so the assumption is wrong;
- **double** forcing chains: a candidate's truth and its falsehood imply the same thing;
- **cell** forcing chains: every candidate of one cell implies the same thing;
- **region** forcing chains: every place of a digit in one house implies the same thing.

*Static* chains use only the candidates as they are; *dynamic* chains also remove, as they go,
the candidates they have turned off, so a cell or house can be reduced to a single by several
branches together (the conclusion then rests on all of them). *Nishio* chains are dynamic
chains with X-links only (a digit at a time), testing contradictions only.

SE's rules (difficulty = base + :func:`~sudokit.techniques.chains.length_penalty`): Nishio 7.5,
multiple 8.0, dynamic 8.5, dynamic (+) 9.0 — the last also uses the locked candidates, hidden
and naked pairs and X-wings that its own removals create. SE's nested forcing chains (9.5 and
up) are dynamic (+) chains that also use inner forcing chains; this module propagates them
(``inner``), :mod:`sudokit.techniques.nested` finds the inner chains and registers those rules
(it hands its inner-chain finder to this module's rules, so this module never imports it).
Importing this module registers the dynamic (+) rule after "Dynamic Forcing Chain" in
:mod:`sudokit.techniques`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from sudokit.candidates import Candidates
from sudokit.limits import NEVER, Deadline
from sudokit.shape import Shape
from sudokit.techniques import Technique, register
from sudokit.techniques.base import bit_cells
from sudokit.techniques.chains import (
    Cause,
    ChainHint,
    ChainTarget,
    Links,
    Parents,
    Tables,
    cand_of,
    chain_path,
    count_with,
    hint_steps,
    length_penalty,
    name_potential,
    path_links,
    tables,
)
from sudokit.techniques.step import Link, Step

__all__ = [
    "RULES",
    "Run",
    "Search",
    "find_dynamic_forcing_chains",
    "find_dynamic_plus_forcing_chains",
    "find_multiple_forcing_chains",
    "find_nishio_forcing_chains",
    "forcing_hints",
    "propagate",
]

#: ``(key, parents or None when stored)`` for each side of a contradiction.
Absurd = tuple[int, Parents | None, int, Parents | None]

#: An inner chain of a nested chain: what tells it from other chains (SE's ``FullChain``), and
#: its complexity.
Nested = tuple[Hashable, int]

#: The inner forcing chains of a nested chain: given the reduced candidates, the candidates before
#: the outer assumption, the placed digits, the shape and the outer search (its deadline and
#: memo), the "off" potentials they give, each
#: with its parents and its inner chain (:func:`sudokit.techniques.nested.inner_eliminations`).
InnerChains = Callable[
    [Sequence[int], Sequence[int], Sequence[int], Shape, "Search"], list[tuple[int, Parents, Nested]]
]


@dataclass(frozen=True)
class Search:
    """What one forcing-chain search carries down its calls, so nothing is shared between calls.

    ``deadline``: the search raises :class:`~sudokit.errors.TimeLimitReached` once it passes.
    ``inner``: the inner hints of nested chains already found on a reduced grid (nested.py's
    memo; SE keeps the last one), private to this search.
    """

    deadline: Deadline = NEVER
    inner: dict[Hashable, Any] = field(default_factory=dict, compare=False, repr=False)


class Run:
    """The outcome of one assumption: every potential implied (with its parents), in order.

    ``parents`` maps each implied potential's key to its parents; ``absurd`` is set when the
    propagation stopped on a contradiction (as SE does, the sets are then partial).
    """

    __slots__ = ("_ancestors", "absurd", "nested", "parents")

    def __init__(
        self, parents: dict[int, Parents], absurd: Absurd | None, nested: dict[int, Nested] | None = None
    ) -> None:
        self.parents = parents
        self.absurd = absurd
        self._ancestors: dict[int, int] | None = None
        #: For nested chains: the inner chain behind each potential an inner chain turned off.
        self.nested = nested if nested is not None else {}

    def ancestors(self) -> dict[int, int]:
        """For each stored potential, the bit set (by key) of it and everything it rests on.

        Built in one pass: a potential is always stored after its parents.
        """
        if self._ancestors is None:
            anc: dict[int, int] = {}
            for k, ps in self.parents.items():
                a = 1 << k
                for p in ps:
                    a |= anc[p]
                anc[k] = a
            self._ancestors = anc
        return self._ancestors

    def count(self, key: int) -> int:
        """Ancestor count of a stored potential (itself included)."""
        return self.ancestors()[key].bit_count()

    def absurd_count(self) -> int:
        """Complexity of the contradiction: ancestors of both clashing potentials."""
        assert self.absurd is not None
        a, pa, b, pb = self.absurd
        return count_with(a, pa if pa is not None else self.parents[a], self.parents) + count_with(
            b, pb if pb is not None else self.parents[b], self.parents
        )


def propagate(
    masks: Sequence[int],
    on: Sequence[int],
    off: Sequence[int],
    t: Tables,
    *,
    dynamic: bool,
    nishio: bool,
    links: Links | None = None,
    house_masks: Sequence[int] | None = None,
    plus: Sequence[int] | None = None,
    inner: InnerChains | None = None,
    shape: Shape | None = None,
    search: Search | None = None,
) -> Run:
    """Follow every implication of the assumed potentials (SE's ``doChaining``).

    "On" potentials are expanded first, one at a time; with ``dynamic`` each "off" potential is
    removed from a working copy of the candidates once expanded, and conclusions rest also on
    the removals that made them ("hidden parents"). Stops at the first contradiction.
    With ``plus`` (the placed digits of the grid; dynamic chains only) the chain also uses the
    eliminations of locked candidates, hidden and naked pairs and X-wings that its own removals
    create (SE's "Dynamic Forcing Chains (+)"). With ``inner`` (and ``plus`` and the ``shape``)
    it also uses, when those give nothing, the eliminations of inner forcing chains (SE's nested
    forcing chains, :mod:`sudokit.techniques.nested`), within ``search``'s deadline.
    """
    if dynamic:
        if house_masks is None:
            house_masks = _house_masks(masks, t)
        return _propagate_dynamic(masks, house_masks, on, off, t, y=not nishio, plus=plus,
                                  inner=inner, shape=shape, search=search or Search())
    if links is None:
        links = Links(masks, t)
    y = not nishio
    on_off_y, on_off_x, off_on_y, off_on_x = links.on_off_y, links.on_off_x, links.off_on_y, links.off_on_x
    parents, pending_on, pending_off = _roots(on, off)
    while pending_on or pending_off:
        if pending_on:
            p = pending_on.popleft()
            for k in (on_off_y[p] + on_off_x[p]) if y else on_off_x[p]:
                if (k | 1) in parents:
                    return Run(parents, (k | 1, None, k, (p,)))
                if k not in parents:
                    parents[k] = (p,)
                    pending_off.append(k)
        else:
            p = pending_off.popleft()
            ps = (p,)
            for k in (off_on_y[p] + off_on_x[p]) if y else off_on_x[p]:
                if (k ^ 1) in parents:
                    return Run(parents, (k, ps, k ^ 1, None))
                if k not in parents:
                    parents[k] = ps
                    pending_on.append(k)
    return Run(parents, None)


def _roots(on: Sequence[int], off: Sequence[int]) -> tuple[dict[int, Parents], deque[int], deque[int]]:
    """The start of a propagation: the assumed potentials, without parents, and the queues of the
    "on" and the "off" ones still to expand."""
    parents: dict[int, Parents] = dict.fromkeys((*on, *off), ())
    return parents, deque(on), deque(off)


def _house_masks(masks: Sequence[int], t: Tables) -> list[int]:
    """For each unit and digit (``unit * n + d0``), the positions of the digit in the unit."""
    n = t.n
    out = []
    for house in t.units:
        for d0 in range(n):
            b = 1 << d0
            pm = 0
            for i, q in enumerate(house):
                if masks[q] & b:
                    pm |= 1 << i
            out.append(pm)
    return out


def _propagate_dynamic(
    masks: Sequence[int], save_hd: Sequence[int], on: Sequence[int], off: Sequence[int], t: Tables,
    *, y: bool, plus: Sequence[int] | None = None, inner: InnerChains | None = None,
    shape: Shape | None = None, search: Search,
) -> Run:
    """:func:`propagate` for dynamic chains, on house position masks kept up to date."""
    n = t.n
    work = list(masks)
    hd = list(save_hd)
    units, unit_ids, positions, box_in_line = t.units, t.unit_ids, t.positions, t.box_in_line
    parents, pending_on, pending_off = _roots(on, off)
    nested: dict[int, Nested] = {}
    while pending_on or pending_off:
        if pending_on:
            p = pending_on.popleft()
            cell, d0 = divmod(p >> 1, n)
            b = 1 << d0
            made: list[int] = []
            if y:
                m = work[cell] & ~b
                base = cell * n
                while m:
                    low = m & -m
                    made.append((base + low.bit_length() - 1) << 1)
                    m ^= low
            bu, ru, cu = unit_ids[cell]
            bp, _, _ = positions[cell]
            in_row, in_col = box_in_line[cell]
            for u, pm in ((bu, hd[bu * n + d0] & ~(1 << bp)), (ru, hd[ru * n + d0] & ~in_row),
                          (cu, hd[cu * n + d0] & ~in_col)):
                house = units[u]
                while pm:
                    low = pm & -pm
                    made.append((house[low.bit_length() - 1] * n + d0) << 1)
                    pm ^= low
            for k in made:
                if (k | 1) in parents:
                    return Run(parents, (k | 1, None, k, (p,)), nested)
                if k not in parents:
                    parents[k] = (p,)
                    pending_off.append(k)
        else:
            p = pending_off.popleft()
            cell, d0 = divmod(p >> 1, n)
            b = 1 << d0
            base = cell * n
            found: list[tuple[int, Parents]] = []
            if y:
                m = work[cell]
                if m.bit_count() == 2:
                    ps: Parents = (p,)
                    gone = masks[cell] & ~m
                    while gone:
                        low = gone & -gone
                        ps += ((base + low.bit_length() - 1) << 1,)
                        gone ^= low
                    found.append((((base + (m & ~b).bit_length() - 1) << 1) | 1, ps))
            for u, pos in zip(unit_ids[cell], positions[cell], strict=True):
                idx = u * n + d0
                pm = hd[idx]
                if pm.bit_count() == 2:
                    house = units[u]
                    k = ((house[(pm & ~(1 << pos)).bit_length() - 1] * n + d0) << 1) | 1
                    if any(k == f for f, _ in found):
                        continue
                    ps = (p,)
                    gone = save_hd[idx] & ~pm
                    while gone:
                        low = gone & -gone
                        ps += ((house[low.bit_length() - 1] * n + d0) << 1,)
                        gone ^= low
                    found.append((k, ps))
            work[cell] &= ~b
            for u, pos in zip(unit_ids[cell], positions[cell], strict=True):
                hd[u * n + d0] &= ~(1 << pos)
            for k, ps in found:
                if (k ^ 1) in parents:
                    return Run(parents, (k, ps, k ^ 1, None), nested)
                if k not in parents:
                    parents[k] = ps
                    pending_on.append(k)
        if plus is not None and not pending_on and not pending_off:
            advanced = _advanced(work, hd, masks, save_hd, plus, t)
            for k, ps in advanced:
                if k not in parents:
                    parents[k] = ps
                    pending_off.append(k)
            if not advanced and inner is not None and shape is not None:
                for k, ps, chain in inner(work, masks, plus, shape, search):
                    if k not in parents:
                        parents[k] = ps
                        pending_off.append(k)
                        nested[k] = chain
    return Run(parents, None, nested)


def _pairs(count: int) -> list[tuple[int, int]]:
    """Index pairs in SE's order (``Permutations``: by the larger index, then the smaller)."""
    return [(i, j) for j in range(count) for i in range(j)]


def _advanced(
    work: Sequence[int], hd: Sequence[int], save: Sequence[int], save_hd: Sequence[int],
    values: Sequence[int], t: Tables,
) -> list[tuple[int, Parents]]:
    """Eliminations of SE's "(+)" rules in the reduced grid, each resting on the removals it needs.

    The rules are tried in SE's order — locked candidates, hidden pairs, naked pairs, X-wings —
    and the first that has a step resting on some removal gives all such steps. (SE keeps a
    step's removals in a hash map of cells, an order it does not define; here cells go in order.)
    """
    n = t.n
    units = t.units
    out: list[tuple[int, Parents]] = []
    rows, cols, boxes = range(0, n), range(n, 2 * n), range(2 * n, 3 * n)

    def emit(removable: list[tuple[int, int]], rest: list[int]) -> None:
        if not rest or not removable:
            return
        ps = tuple(rest)
        for cell, d0 in sorted(removable):
            out.append((((cell * n + d0) << 1), ps))

    # Locked candidates: (box, column), (box, row), (column, box), (row, box).
    for kind1, kind2 in ((boxes, cols), (boxes, rows), (cols, boxes), (rows, boxes)):
        for u1 in kind1:
            for u2 in kind2:
                common = set(units[u1]) & set(units[u2])
                if not common:
                    continue
                in1 = sum(1 << i for i, q in enumerate(units[u1]) if q in common)
                in2 = sum(1 << i for i, q in enumerate(units[u2]) if q in common)
                for d0 in range(n):
                    pm = hd[u1 * n + d0]
                    if pm.bit_count() > 1 and not pm & ~in1:
                        gone = hd[u2 * n + d0] & ~in2
                        removable = [(units[u2][i], d0) for i in bit_cells(gone)]
                        lost = (save_hd[u1 * n + d0] & ~pm) & ~in1
                        emit(removable, [(units[u1][i] * n + d0) << 1 for i in bit_cells(lost)])
    if out:
        return out
    # Hidden pairs: boxes, columns, rows.
    for kind in (boxes, cols, rows):
        for u in kind:
            house = units[u]
            if sum(1 for q in house if not values[q]) <= 4:
                continue
            for a, b in _pairs(n):
                pa, pb = hd[u * n + a], hd[u * n + b]
                if pa.bit_count() <= 1 or pb.bit_count() <= 1 or (pa | pb).bit_count() != 2:
                    continue
                both = pa | pb
                keep = (1 << a) | (1 << b)
                removable = [(house[i], e) for i in bit_cells(both)
                             for e in bit_cells(work[house[i]] & ~keep)]
                rest = [((house[i] * n + e) << 1) for i in range(n) if not both >> i & 1
                        for e in (a, b) if save[house[i]] >> e & 1]
                emit(removable, rest)
    if out:
        return out
    # Naked pairs: boxes, columns, rows.
    for kind in (boxes, cols, rows):
        for u in kind:
            house = units[u]
            if sum(1 for q in house if not values[q]) < 4:
                continue
            for i, j in _pairs(n):
                ma, mb = work[house[i]], work[house[j]]
                if ma.bit_count() <= 1 or mb.bit_count() <= 1 or (ma | mb).bit_count() != 2:
                    continue
                both = ma | mb
                removable = [(house[k], e) for k in range(n) if k != i and k != j
                             for e in bit_cells(work[house[k]] & both)]
                rest = [((q * n + e) << 1) for q in (house[i], house[j]) for e in bit_cells(save[q] & ~both)]
                emit(removable, rest)
    if out:
        return out
    # X-wings: base columns then base rows.
    placed = [sum(1 for v in values if v == d0 + 1) for d0 in range(n)]
    for base, cover in ((cols, rows), (rows, cols)):
        for i, j in _pairs(n):
            b1, b2 = base[i], base[j]
            for d0 in range(n):
                if placed[d0] + 4 > n:
                    continue
                p1, p2 = hd[b1 * n + d0], hd[b2 * n + d0]
                if p1.bit_count() <= 1 or p2.bit_count() <= 1 or (p1 | p2).bit_count() != 2:
                    continue
                lines = (1 << i) | (1 << j)
                removable = [(units[cover[c]][k], d0) for c in bit_cells(p1 | p2)
                             for k in bit_cells(hd[cover[c] * n + d0] & ~lines)]
                rest = [((units[bl][k] * n + d0) << 1) for bl in (b1, b2)
                        for k in bit_cells(save_hd[bl * n + d0] & ~hd[bl * n + d0] & ~(p1 | p2))]
                emit(removable, rest)
    return out


@dataclass(eq=False)
class Rule:
    """One of SE's branching chain rules: which implications it uses and its base difficulty."""

    name: str
    multiple: bool
    dynamic: bool
    nishio: bool
    plus: bool = False
    #: SE's nesting level: 1 for "(+)", 2 and up for nested chains (9.5 + 0.5 a level).
    level: int = 0
    #: The inner forcing chains of a nested rule (level 2 and up; given by :mod:`.nested`).
    inner: InnerChains | None = None

    @property
    def base(self) -> float:
        """SE's base difficulty of the rule's chains."""
        if self.level >= 2:
            return 9.5 + 0.5 * (self.level - 2)
        return 9.0 if self.plus else 7.5 if self.nishio else (8.5 if self.dynamic else 8.0)

    @property
    def prefix(self) -> str:
        """What SE's step names start with: "Nishio ", "Dynamic " or nothing."""
        return "Nishio " if self.nishio else ("Dynamic " if self.dynamic else "")

    @property
    def suffix(self) -> str:
        """What SE's step names end with: the nesting level's suffix, if any."""
        return nested_suffix(self.level) if self.level >= 2 else (" (+)" if self.plus else "")


def nested_suffix(level: int) -> str:
    """SE's name suffix of a nesting level: " (+)", " (+ Forcing Chains)", …"""
    inner = {1: " (+)", 2: " (+ Forcing Chains)", 3: " (+ Multiple Forcing Chains)",
             4: " (+ Dynamic Forcing Chains)"}
    if level >= 5:
        return " (+ Dynamic Forcing Chains" + nested_suffix(level - 3) + ")"
    return inner.get(level, "")


Cand = tuple[int, int]


def _elims_for(masks: Sequence[int], key: int, n: int) -> tuple[tuple[Cand, ...], Cand | None]:
    """What concluding ``key`` removes: its other digits (and places it) when on, itself when off."""
    cell, d0 = divmod(key >> 1, n)
    if key & 1:
        m = masks[cell] & ~(1 << d0)
        return tuple((cell, e + 1) for e in range(n) if m >> e & 1), (cell, d0 + 1)
    return ((cell, d0 + 1),), None


def _targets(runs: list[tuple[int, Run, int]]) -> tuple[ChainTarget, ...]:
    """Each chain's target with its own parents (a contradiction's clashing side is not stored)."""
    out = []
    for _, r, k in runs:
        own = r.parents.get(k, ())
        if r.absurd is not None:
            a, pa, b, pb = r.absurd
            if k == a and pa is not None:
                own = pa
            elif k == b and pb is not None:
                own = pb
        out.append((k, own, r.parents))
    return tuple(out)


def _nested_complexity(runs: list[tuple[int, Run, int]], targets: tuple[ChainTarget, ...]) -> int:
    """SE's nested complexity: the complexities of the distinct inner chains the targets rest on."""
    inner: dict[Hashable, int] = {}
    for (_, r, _), (k, own, _) in zip(runs, targets, strict=True):
        if not r.nested:
            continue
        anc = r.ancestors()
        rest = 1 << k
        for p in own:
            rest |= anc[p]
        for key, (ident, complexity) in r.nested.items():
            if rest >> key & 1:
                inner[ident] = complexity
    return sum(inner.values())


def _explainer(
    title: str, runs: list[tuple[int, Run, int]], n: int
) -> tuple[str, tuple[Link, ...], tuple[tuple[int, int], ...]]:
    parts = []
    links: list[Link] = []
    cands: list[tuple[int, int]] = []
    for _, run, target in runs:
        path = chain_path(target, run.parents)
        parts.append(" - ".join(name_potential(k, n) for k in path))
        links.extend(path_links(path, n))
        cands.extend(cand_of(k, n) for k in path)
    return title + ": " + "; ".join(parts) + ".", tuple(links), tuple(dict.fromkeys(cands))


def rule_hints(cands: Candidates, rule: Rule, search: Search) -> list[ChainHint]:
    """SE's ``getMultipleChainsHintList`` for one rule, in SE's order of discovery."""
    t = tables(cands.shape)
    n = t.n
    masks = cands.masks
    values = cands.values
    out: list[ChainHint] = []
    on_cache: dict[int, Run] = {}
    links = None if rule.dynamic else Links(masks, t)
    hmasks = _house_masks(masks, t) if rule.dynamic else None
    plus = values if rule.plus else None
    level, shape = rule.level, cands.shape

    def run_on(key: int) -> Run:
        r = on_cache.get(key)
        if r is None:
            r = propagate(masks, (key,), (), t, dynamic=rule.dynamic, nishio=rule.nishio, links=links,
                          house_masks=hmasks, plus=plus, inner=rule.inner, shape=shape,
                          search=search)
            on_cache[key] = r
        return r

    def add(name: str, complexity: int, sort_key: int, concl: int, runs: list[tuple[int, Run, int]],
            root: Cause | None = None) -> None:
        elims, placement = _elims_for(masks, concl, n)
        if not elims:
            return
        targets = _targets(runs)
        if level >= 2:
            complexity += _nested_complexity(runs, targets)
        diff = rule.base + length_penalty(complexity)
        title = f"{rule.prefix}{name}{rule.suffix}"
        out.append(ChainHint(title, diff, complexity, sort_key, elims, placement,
                             lambda: _explainer(title, runs, n), targets, root))

    for cell in range(t.size):
        search.deadline.check()
        m = masks[cell]
        card = m.bit_count()
        if values[cell] or not (card > 2 or (card > 1 and rule.dynamic)):
            continue
        value_runs: list[tuple[int, Run]] = []
        cell_on: dict[int, None] | None = None
        cell_off: dict[int, None] | None = None
        d = m
        while d:
            low = d & -d
            d ^= low
            d0 = low.bit_length() - 1
            on = ((cell * n + d0) << 1) | 1
            off = on ^ 1
            r_on = run_on(on)
            r_off = propagate(masks, (), (off,), t, dynamic=rule.dynamic, nishio=rule.nishio,
                              links=links, house_masks=hmasks, plus=plus, inner=rule.inner, shape=shape,
                              search=search)
            if rule.dynamic or rule.nishio:
                kind = "Forcing Chain" if rule.nishio else "Contradiction Forcing Chain"
                if r_on.absurd is not None:
                    add(kind, r_on.absurd_count(), 7, off,
                        [(on, r_on, r_on.absurd[0]), (on, r_on, r_on.absurd[2])])
                if r_off.absurd is not None:
                    add(kind, r_off.absurd_count(), 7, on,
                        [(off, r_off, r_off.absurd[0]), (off, r_off, r_off.absurd[2])])
            if card >= 3 and not rule.nishio and rule.dynamic:
                p_on, p_off = r_on.parents, r_off.parents
                for k in p_on:
                    if k & 1 and k in p_off:
                        add("Double Forcing Chain", r_on.count(k) + r_off.count(k), 1, k,
                            [(on, r_on, k), (off, r_off, k)])
                for k in p_on:
                    if not k & 1 and k in p_off:
                        add("Double Forcing Chain", r_on.count(k) + r_off.count(k), 1, k,
                            [(on, r_on, k), (off, r_off, k)])
            if not rule.nishio:
                _regions(cands, rule, cell, d0, r_on, run_on, add, t)
            value_runs.append((on, r_on))
            if cell_on is None:
                cell_on = {k: None for k in r_on.parents if k & 1}
                cell_off = {k: None for k in r_on.parents if not k & 1}
            else:
                assert cell_off is not None
                cell_on = {k: None for k in cell_on if k in r_on.parents}
                cell_off = {k: None for k in cell_off if k in r_on.parents}
        if not rule.nishio and (card == 2 or (rule.multiple and card > 2)):
            assert cell_on is not None and cell_off is not None
            for group in (cell_on, cell_off):
                for k in group:
                    runs = [(src, r, k) for src, r in value_runs]
                    add("Cell Forcing Chains", sum(r.count(k) for _, r in value_runs), 5, k, runs,
                        (cell, -1))
    return out


def _regions(
    cands: Candidates, rule: Rule, cell: int, d0: int, r_cell: Run,
    run_on: Callable[[int], Run], add: Callable[..., None], t: Tables,
) -> None:
    """SE's ``doRegionChainings``: houses where the cell is the digit's first place."""
    n = t.n
    masks = cands.masks
    b = 1 << d0
    for house in t.houses[cell]:
        places = [q for q in house if masks[q] & b]
        if not (len(places) == 2 or (rule.multiple and len(places) > 2)):
            continue
        if places[0] != cell:
            continue
        runs: list[tuple[int, Run]] = []
        common_on: dict[int, None] = {}
        common_off: dict[int, None] = {}
        for q in places:
            key = ((q * n + d0) << 1) | 1
            r: Run = r_cell if q == cell else run_on(key)
            runs.append((key, r))
            if q == cell:
                common_on = {k: None for k in r.parents if k & 1}
                common_off = {k: None for k in r.parents if not k & 1}
            else:
                common_on = {k: None for k in common_on if k in r.parents}
                common_off = {k: None for k in common_off if k in r.parents}
        unit = t.units.index(house)
        for group in (common_on, common_off):
            for k in group:
                add("Region Forcing Chains", sum(r.count(k) for _, r in runs), 6, k,
                    [(src, r, k) for src, r in runs], (unit, d0))


#: SE's unnested chain rules by kind (the nested ones, level 2 and up, are :mod:`.nested`'s).
RULES: dict[str, Rule] = {
    "nishio": Rule("Nishio Forcing Chains", multiple=False, dynamic=True, nishio=True),
    "multiple": Rule("Multiple Forcing Chains", multiple=True, dynamic=False, nishio=False),
    "dynamic": Rule("Dynamic Forcing Chains", multiple=True, dynamic=True, nishio=False),
    "plus": Rule("Dynamic Forcing Chains (+)", multiple=True, dynamic=True, nishio=False, plus=True),
}
_MULTIPLE, _NISHIO, _DYNAMIC, _PLUS = RULES["multiple"], RULES["nishio"], RULES["dynamic"], RULES["plus"]


def forcing_hints(cands: Candidates, kind: str, *, deadline: Deadline = NEVER) -> list[ChainHint]:
    """The hints of one rule: ``"nishio"``, ``"multiple"``, ``"dynamic"`` or ``"plus"``."""
    return rule_hints(cands, RULES[kind], Search(deadline))


# The finders below raise TimeLimitReached once ``deadline`` has passed.


def find_nishio_forcing_chains(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Nishio forcing chains (SE 7.5 + length): a digit's placement that breaks that digit."""
    yield from hint_steps(rule_hints(cands, _NISHIO, Search(deadline)), "Nishio Forcing Chain")


def find_multiple_forcing_chains(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Static cell and region forcing chains (SE 8.0 + length)."""
    yield from hint_steps(rule_hints(cands, _MULTIPLE, Search(deadline)), "Multiple Forcing Chain")


def find_dynamic_forcing_chains(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Dynamic contradiction, double, cell and region forcing chains (SE 8.5 + length)."""
    yield from hint_steps(rule_hints(cands, _DYNAMIC, Search(deadline)), "Dynamic Forcing Chain")


def find_dynamic_plus_forcing_chains(cands: Candidates, *, deadline: Deadline = NEVER) -> Iterator[Step]:
    """Dynamic forcing chains (+): also using locked candidates, pairs and X-wings (SE 9.0 + length)."""
    yield from hint_steps(rule_hints(cands, _PLUS, Search(deadline)), "Dynamic Forcing Chain (+)")


register(
    Technique("Dynamic Forcing Chain (+)", 9.0, find_dynamic_plus_forcing_chains, hodoku=700, timed=True),
    after="Dynamic Forcing Chain",
)
