"""The "prune" solver: prune with rule 1 and rule 2 until nothing changes, then depth-first search.

Candidates are bit masks, one per cell. The rules:

1. **Rule 1** (naked single): when a cell has one candidate left, that digit leaves the
   candidates of every peer; a peer brought down to one candidate does the same in turn.
2. **Rule 2** (hidden single): when a digit has one possible cell left in a row, column or box,
   that cell takes it (and rule 1 runs from it).
3. **Contradiction**: a cell with no candidate, a digit with no place in a unit, or two peers
   fixed to the same digit ends the branch. (The original checks only the last, after the fact; an
   emptied cell would slip through its checks, so here all three are tested as they happen.)
4. **Search**: when rules 1 and 2 change nothing more, take the first cell with the fewest
   candidates, copy the state for each candidate in turn (smallest digit first), fix the candidate,
   re-apply rules 1 and 2, and go on depth first.

The original runs rule 2 once per step; here rules 1 and 2 alternate to a fixed point. The depth-first
search keeps its pending copies on an explicit list (the original recurses), in the same order.
Works for any N.

Counters: a **node** is a state searched after its rules ran; **guesses** count candidates
tried; **backtracks** count guesses whose rules hit a contradiction; **propagations** count
candidates removed by the rules; peak depth is the most guesses on one path.
"""

from __future__ import annotations

from sudokit.candidates import bits
from sudokit.engine import reference
from sudokit.strategies.base import BaseStrategy, Search, StrategyError, peer_table

__all__ = ["Prune", "from_options"]


class Prune(BaseStrategy):
    """Rule 1 and rule 2 to a fixed point, then DFS on the fewest-candidate cell."""

    name = "prune"
    check_every = 16

    def __init__(self, hidden_singles: bool = True) -> None:
        self.hidden_singles = hidden_singles

    @property
    def spec(self) -> str:
        """``prune``, or ``prune:rule1`` when rule 2 is switched off."""
        return "prune" if self.hidden_singles else "prune:rule1"

    def _prune(self, cand: list[int], todo: list[int], search: Search) -> bool:
        """Apply rules 1 and 2 from the fixed cells in ``todo`` to a fixed point; False on a contradiction."""
        shape = search.shape
        peers = peer_table(shape)
        units = shape.units
        full = (1 << shape.n) - 1
        removed = 0
        try:
            while True:
                while todo:  # rule 1
                    k = todo.pop()
                    m = cand[k]
                    notm = ~m
                    for p in peers[k]:
                        pm = cand[p]
                        if pm & m:
                            if pm == m:
                                return False
                            pm &= notm
                            cand[p] = pm
                            removed += 1
                            if not pm & (pm - 1):
                                todo.append(p)
                if not self.hidden_singles:
                    return True
                ok, narrowed = reference.hidden_singles(cand, units, full, todo)  # rule 2
                removed += narrowed
                if not ok:
                    return False
                if not todo:
                    return True
        finally:
            search.stats.propagations += removed

    def _search(self, cells: list[int], search: Search) -> None:
        """Prune from the givens, then search depth first with one copy per candidate tried."""
        shape = search.shape
        n = shape.n
        full = (1 << n) - 1
        cand = [1 << (v - 1) if v else full for v in cells]
        if not self._prune(cand, [k for k, v in enumerate(cells) if v], search):
            return
        stats = search.stats
        # Each entry: the parent's state (shared by its siblings, never changed), the cell and
        # digit bit to fix in a copy of it, and the depth. The copy is made when the entry is
        # taken, so the stack holds one state per level, not one per candidate waiting.
        pending: list[tuple[list[int], int, int, int]] = [(cand, -1, 0, 0)]
        while pending:
            parent, fixed, bit, depth = pending.pop()
            if fixed >= 0:
                cand = parent.copy()
                cand[fixed] = bit
                stats.guesses += 1
                if not self._prune(cand, [fixed], search):
                    stats.backtracks += 1
                    continue
            else:
                cand = parent
            search.node()
            best = reference.fewest_candidates(cand, n)
            if best < 0:
                if search.found([m.bit_length() for m in cand]):
                    return
                continue
            stats.peak_depth = max(stats.peak_depth, depth + 1)
            # pushed last-first so the smallest digit is tried first
            for low in reversed(list(bits(cand[best]))):
                pending.append((cand, best, low, depth + 1))


def from_options(options: list[str]) -> Prune:
    """``prune`` (rules 1 and 2) or ``prune:rule1`` (rule 1 only, to measure what rule 2 buys)."""
    if not options:
        return Prune()
    if options == ["rule1"]:
        return Prune(hidden_singles=False)
    raise StrategyError(f"strategy 'prune' takes no option or 'rule1' (got {','.join(options)!r})")
