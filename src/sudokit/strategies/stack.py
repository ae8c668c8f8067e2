"""The "stack" solver: naked singles, then a guess with the whole state saved on a stack.

Each cell holds a number: a positive bit mask of its candidates while open, ``-d`` once digit
``d`` is placed, ``0`` when it has no candidate left. The rules:

1. **Place** a digit: the cell becomes ``-d`` and ``d`` leaves the candidates of its peers; a
   peer left with no candidate makes the placement fail.
2. **Find the cell**: scan the cells in order; a cell with one candidate is placed at once and
   the scan starts again from the first cell; then take the first cell with the fewest
   candidates. No open cell left means solved. (The original keeps its running minimum across the
   rescans, so a stale minimum can win a tie; here the minimum is taken on the final state.)
3. **Guess**: at that cell, copy the state, place its first candidate (smallest digit first),
   and push the copy with the cell and the candidate's rank; a placement that fails at once
   restores the copy and tries the next candidate.
4. **Restore**: when a placement fails, pop the last copy, restore it, and try that cell's next
   candidate; an empty stack means no (more) solutions.

The stack holds whole copies of the grid state (the original measured it at under 20 entries for
the hardest puzzle it tried). To count solutions, a solved grid is recorded and then treated
as a failure so the search goes on. Works for any N.

The step log records every placement (``place``), every guess (``push`` then ``guess``), every
``pop`` and every ``restore``, as :class:`~sudokit.strategies.base.LogRecord` values.

Counters: a **node** is a state searched (the start and each pushed guess); **guesses** count
the candidates tried; **backtracks** count pops; **propagations** count candidates removed
from peers; peak depth is the largest stack size.
"""

from __future__ import annotations

from sudokit.candidates import bits
from sudokit.engine.reference import fewest_candidates
from sudokit.strategies.base import BaseStrategy, Search, StrategyError, peer_table

__all__ = ["StackStrategy", "from_options"]

SOLVED = -1
FAILED = -2


class _State:
    """The working state: cell numbers, peers, and the counters it keeps."""

    def __init__(self, search: Search) -> None:
        shape = search.shape
        self.search = search
        self.n = shape.n
        self.size = shape.size
        self.peers = peer_table(shape)
        self.num = [(1 << shape.n) - 1] * shape.size
        self.stack: list[tuple[list[int], int, int]] = []
        self.low = shape.size

    def place(self, k: int, bit: int) -> bool:
        """Rule 1: place the digit of ``bit`` in cell ``k``; False when a peer runs out.

        Sets :attr:`low` to the lowest peer index the placement left with one candidate.
        """
        num = self.num
        m = num[k]
        if m <= 0 or not m & bit:
            return False
        num[k] = -bit.bit_length()
        notbit = ~bit
        removed = 0
        low = self.size
        ok = True
        for p in self.peers[k]:
            m = num[p]
            if m > 0 and m & bit:
                m &= notbit
                num[p] = m
                removed += 1
                if not m & (m - 1):
                    if not m:
                        ok = False
                        break
                    if p < low:
                        low = p
        self.low = low
        self.search.stats.propagations += removed
        return ok

    def find_cell(self) -> int:
        """Rule 2: place naked singles, lowest cell first, then return the first cell with the
        fewest candidates, ``SOLVED`` or ``FAILED``.

        The original rescans from the first cell after each placement; only the placement's peers
        can have become singles, so the scan goes back just to the lowest of those (the same
        order of placements, without the rescans).
        """
        num = self.num
        search = self.search
        logging = search.log is not None
        size = self.size
        i = 0
        while i < size:
            m = num[i]
            if m > 0 and not m & (m - 1):
                if not self.place(i, m):
                    return FAILED
                if logging:
                    search.step("place", len(self.stack), i, m.bit_length())
                low = self.low
                i = i + 1 if low > i else low
            else:
                i += 1
        # every open cell holds two digits or more by now (the singles were placed), so the
        # engine's pick of an open cell (a positive mask of 2+ digits; -d is placed) is the same,
        # and its -1 for none open is SOLVED
        return fewest_candidates(num, self.n)

    def next_guess(self, saved: list[int], k: int, rank: int) -> int:
        """Rule 3: try the candidates of cell ``k`` from the ``rank``-th (1-based) on."""
        search = self.search
        stats = search.stats
        candidates = list(bits(saved[k]))
        while rank <= len(candidates):
            bit = candidates[rank - 1]
            stats.guesses += 1
            if self.place(k, bit):
                self.stack.append((saved, k, rank))
                depth = len(self.stack)
                stats.peak_depth = max(stats.peak_depth, depth)
                search.step("push", depth)
                search.step("guess", depth, k, bit.bit_length())
                search.node()
                return self.find_cell()
            self.num = saved.copy()
            search.step("restore", len(self.stack))
            rank += 1
        return FAILED


class StackStrategy(BaseStrategy):
    """Naked singles plus guesses on the fewest-candidate cell, saved states on a stack."""

    name = "stack"
    has_log = True
    check_every = 16

    def _search(self, cells: list[int], search: Search) -> None:
        """The original's ``Calculate`` loop, extended to go on after a solution when counting."""
        state = _State(search)
        for k, v in enumerate(cells):
            if v and not state.place(k, 1 << (v - 1)):
                return
        search.step("init", 0)
        search.node()
        k = state.find_cell()
        while True:
            if k == SOLVED:
                if search.found([-v for v in state.num]):
                    return
                k = FAILED
            if k == FAILED:
                if not state.stack:
                    search.step("dead_end", 0)
                    return
                saved, k, rank = state.stack.pop()
                search.stats.backtracks += 1
                search.step("pop", len(state.stack))
                state.num = saved.copy()
                search.step("restore", len(state.stack))
                k = state.next_guess(saved, k, rank + 1)
            else:
                k = state.next_guess(state.num.copy(), k, 1)


def from_options(options: list[str]) -> StackStrategy:
    """``stack`` takes no options."""
    if options:
        raise StrategyError(f"strategy 'stack' takes no options (got {','.join(options)!r})")
    return StackStrategy()
