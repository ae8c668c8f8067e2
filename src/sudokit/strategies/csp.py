"""The "csp" solver: Sudoku as a constraint satisfaction problem, on any N×N grid.

Variables are the cells, domains their candidate digits (bit masks), constraints "all
different" on every unit. Backtracking search: if every cell is assigned, that is a solution;
otherwise pick an unassigned cell (**variable heuristic**), pick a value of its domain
(**value heuristic**), assign it in a copy and search on; when that fails, remove the value
from the cell's domain (with the propagation in use) and pick again until the domain is empty.

Propagation, chosen with ``fc`` or ``ac``:

- **fc** (forward checking): assigning ``d`` to a cell removes ``d`` from its peers' domains;
  a peer left with an empty domain makes the assignment fail.
- **ac** ("arc consistency" as the original calls it): every removal goes through three rules:
  1. a cell left with one value is assigned, and that value leaves its peers (a chain reaction);
  2. a value left with one place in a unit is assigned there;
  3. a unit whose M unassigned cells have fewer than M values between them fails.
  Rule 3 is what the original describes; its code compares the unit's unassigned count with
  itself, so the check never fires there. Here it is made as described.

Variable heuristics: ``first`` (first unassigned cell), ``mrv`` (fewest remaining values, first
such cell), ``mrv-degree`` (MRV, ties broken by the most unassigned peers). Value heuristics:
``lex`` (smallest digit first), ``lcv`` (least constraining value: the digit found in the
fewest peers' domains). Spec: ``csp:PROP,VAR,VAL`` in any order, e.g. ``csp:fc,first,lex``;
omitted parts default to ``ac``, ``mrv``, ``lex``.

Counters: a **node** is an assignment that survived its propagation; **guesses** count values
tried in domains of two or more; **backtracks** count values that failed (the original's
``m_NumOfBacktracking``); **propagations** count values removed from domains; peak depth is the
most assignments open at once.
"""

from __future__ import annotations

from collections.abc import Callable

from sudokit.strategies.base import BaseStrategy, Search, StrategyError, peer_table

__all__ = ["CSP", "PROPAGATIONS", "VALUE_HEURISTICS", "VARIABLE_HEURISTICS", "all_specs", "from_options"]

PROPAGATIONS = ("fc", "ac")
VARIABLE_HEURISTICS = ("first", "mrv", "mrv-degree")
VALUE_HEURISTICS = ("lex", "lcv")
_ALIASES = {"mrv+degree": "mrv-degree", "mrv-md": "mrv-degree", "mrvd": "mrv-degree", "md": "mrv-degree"}

Domains = list[int]
Assigned = list[bool]


class CSP(BaseStrategy):
    """Backtracking search with forward checking or arc consistency and selectable heuristics."""

    name = "csp"
    check_every = 8

    def __init__(self, propagation: str = "ac", variable: str = "mrv", value: str = "lex") -> None:
        if propagation not in PROPAGATIONS:
            raise StrategyError(f"csp propagation must be one of {', '.join(PROPAGATIONS)}")
        if variable not in VARIABLE_HEURISTICS:
            raise StrategyError(f"csp variable heuristic must be one of {', '.join(VARIABLE_HEURISTICS)}")
        if value not in VALUE_HEURISTICS:
            raise StrategyError(f"csp value heuristic must be one of {', '.join(VALUE_HEURISTICS)}")
        self.propagation = propagation
        self.variable = variable
        self.value = value

    @property
    def spec(self) -> str:
        """``csp:PROP,VAR,VAL``."""
        return f"csp:{self.propagation},{self.variable},{self.value}"

    # -- the search ---------------------------------------------------------------------------

    def _search(self, cells: list[int], search: Search) -> None:
        """Assign the givens, then backtrack with an explicit stack of open choices."""
        shape = search.shape
        peers = peer_table(shape)
        ac = self.propagation == "ac"
        assign = self._ac_assign if ac else self._fc_assign
        eliminate = self._ac_eliminate if ac else self._fc_eliminate
        select = self._selector(peers, ac)
        choose = self._lcv if self.value == "lcv" else self._lex
        doms: Domains = [(1 << shape.n) - 1] * shape.size
        asg: Assigned = [False] * shape.size
        for k, v in enumerate(cells):
            if v and not assign(doms, asg, k, 1 << (v - 1), search):
                return
        search.node()
        if all(asg):
            search.found([m.bit_length() for m in doms])
            return
        stats = search.stats
        # Each frame: the branch's domains and assigned flags, its cell, the value being tried (0: none).
        stack: list[tuple[Domains, Assigned, int]] = [(doms, asg, select(doms, asg))]
        tried = [0]
        while stack:
            doms, asg, s = stack[-1]
            if tried[-1]:
                stats.backtracks += 1
                ok = eliminate(doms, asg, s, tried[-1], search)
                tried[-1] = 0
                if not ok:
                    stack.pop()
                    tried.pop()
                    continue
            m = doms[s]
            if not m:
                stack.pop()
                tried.pop()
                continue
            bit = choose(doms, s, peers)
            tried[-1] = bit
            if m & (m - 1):
                stats.guesses += 1
            child, child_asg = doms.copy(), asg.copy()
            if not assign(child, child_asg, s, bit, search):
                continue
            search.node()
            if all(child_asg):
                if search.found([m.bit_length() for m in child]):
                    return
                continue
            stack.append((child, child_asg, select(child, child_asg)))
            tried.append(0)
            if len(stack) > stats.peak_depth:
                stats.peak_depth = len(stack)

    # -- propagation --------------------------------------------------------------------------

    @staticmethod
    def _fc_assign(doms: Domains, asg: Assigned, s: int, bit: int, search: Search) -> bool:
        """Forward checking: assign, and remove the value from every peer's domain."""
        if not doms[s] & bit:
            return False
        notbit = ~bit
        removed = 0
        ok = True
        for p in peer_table(search.shape)[s]:
            m = doms[p]
            if m & bit:
                m &= notbit
                doms[p] = m
                removed += 1
                if not m:
                    ok = False
                    break
        search.stats.propagations += removed
        if ok:
            doms[s] = bit
            asg[s] = True
        return ok

    @staticmethod
    def _fc_eliminate(doms: Domains, asg: Assigned, s: int, bit: int, search: Search) -> bool:
        """Forward checking: remove a failed value from the cell's domain (nothing more)."""
        doms[s] &= ~bit
        return True

    def _ac_assign(self, doms: Domains, asg: Assigned, s: int, bit: int, search: Search) -> bool:
        """Arc consistency: assign by removing every other value of the cell, with the three rules."""
        others = doms[s] & ~bit
        if not doms[s] & bit:
            return False
        work = []
        while others:
            b = others & -others
            others ^= b
            work.append((s, b))
        ok = self._ac_run(doms, asg, work, search)
        if ok:
            asg[s] = True
        return ok

    def _ac_eliminate(self, doms: Domains, asg: Assigned, s: int, bit: int, search: Search) -> bool:
        """Arc consistency: remove a value from a cell, with the three rules."""
        return self._ac_run(doms, asg, [(s, bit)], search)

    @staticmethod
    def _ac_run(doms: Domains, asg: Assigned, work: list[tuple[int, int]], search: Search) -> bool:
        """Carry out pending removals ``(cell, bit)`` and every removal the three rules imply."""
        shape = search.shape
        peers = peer_table(shape)
        units = shape.units
        cell_units = shape.cell_units
        removed = 0
        try:
            while work:
                c, b = work.pop()
                m = doms[c]
                if not m & b:
                    continue
                m ^= b
                doms[c] = m
                removed += 1
                if not m:
                    return False
                if not m & (m - 1):  # rule 1: one value left
                    asg[c] = True
                    for p in peers[c]:
                        if doms[p] & m:
                            work.append((p, m))
                for u in cell_units[c]:
                    places = 0
                    place = -1
                    open_cells = 0
                    values = 0
                    for x in units[u]:
                        dm = doms[x]
                        if dm & b:
                            places += 1
                            place = x
                        if not asg[x]:
                            open_cells += 1
                            values |= dm
                    if places == 0 or open_cells > values.bit_count():  # rule 3 and no place left
                        return False
                    if places == 1:  # rule 2: one place left for b in this unit
                        others = doms[place] & ~b
                        while others:
                            o = others & -others
                            others ^= o
                            work.append((place, o))
            return True
        finally:
            search.stats.propagations += removed

    # -- heuristics ---------------------------------------------------------------------------

    def _selector(self, peers: tuple[tuple[int, ...], ...], ac: bool) -> Callable[[Domains, Assigned], int]:
        """The variable heuristic in use, as a function of (domains, assigned)."""
        floor = 2 if ac else 1  # the fewest values an unassigned cell can have

        def first(doms: Domains, asg: Assigned) -> int:
            return asg.index(False)

        def mrv(doms: Domains, asg: Assigned) -> int:
            best, best_count = -1, 1 << 30
            for k, m in enumerate(doms):
                if not asg[k]:
                    count = m.bit_count()
                    if count < best_count:
                        best, best_count = k, count
                        if count <= floor:
                            break
            return best

        def mrv_degree(doms: Domains, asg: Assigned) -> int:
            best_count = 1 << 30
            ties: list[int] = []
            for k, m in enumerate(doms):
                if not asg[k]:
                    count = m.bit_count()
                    if count < best_count:
                        best_count = count
                        ties = [k]
                    elif count == best_count:
                        ties.append(k)
            best, best_degree = -1, -1
            for k in ties:
                degree = sum(1 for p in peers[k] if not asg[p])
                if degree > best_degree:
                    best, best_degree = k, degree
            return best

        return {"first": first, "mrv": mrv, "mrv-degree": mrv_degree}[self.variable]

    @staticmethod
    def _lex(doms: Domains, s: int, peers: tuple[tuple[int, ...], ...]) -> int:
        """Lexicographic order: the smallest value left."""
        m = doms[s]
        return m & -m

    @staticmethod
    def _lcv(doms: Domains, s: int, peers: tuple[tuple[int, ...], ...]) -> int:
        """Least constraining value: the value in the fewest peers' domains (smallest on a tie)."""
        m = doms[s]
        best, best_count = 0, 1 << 30
        around = [doms[p] for p in peers[s]]
        while m:
            bit = m & -m
            m ^= bit
            count = sum(1 for d in around if d & bit)
            if count < best_count:
                best, best_count = bit, count
        return best


def from_options(options: list[str]) -> CSP:
    """Read ``fc``/``ac``, ``first``/``mrv``/``mrv-degree`` and ``lex``/``lcv`` in any order."""
    chosen: dict[str, str] = {}
    for raw in options:
        word = _ALIASES.get(raw.strip().lower(), raw.strip().lower())
        for kind, words in (("prop", PROPAGATIONS), ("var", VARIABLE_HEURISTICS), ("val", VALUE_HEURISTICS)):
            if word in words:
                if kind in chosen and chosen[kind] != word:
                    raise StrategyError(f"csp: options {chosen[kind]!r} and {word!r} conflict")
                chosen[kind] = word
                break
        else:
            raise StrategyError(
                f"csp: unknown option {raw!r} (choose from {', '.join(PROPAGATIONS)}; "
                f"{', '.join(VARIABLE_HEURISTICS)}; {', '.join(VALUE_HEURISTICS)})"
            )
    return CSP(chosen.get("prop", "ac"), chosen.get("var", "mrv"), chosen.get("val", "lex"))


def all_specs() -> list[str]:
    """Every combination of propagation, variable and value heuristic, as specs."""
    return [f"csp:{p},{v},{w}" for p in PROPAGATIONS for v in VARIABLE_HEURISTICS for w in VALUE_HEURISTICS]
