"""The "layers" solver: place one digit at a time, one row at a time, with bit masks.

The grid is cut into N **layers**, one per digit. Layer ``d`` lists, for each row, the columns
where ``d`` may go given the givens alone (the given's own column in a row that holds ``d``; an
empty cell whose row, column and box lack ``d``; never a cell given another digit). The rules:

1. Fill layer 1 (digit 1), then layer 2, and so on; inside a layer, rows top to bottom.
2. In each row the digit takes the first listed column that is free in three masks: the
   columns this layer has used, the boxes this layer has used in the current band of box
   rows, and the cells of the row earlier layers took.
3. When a row has no such column, go back one row (or into the previous layer) and move
   that row's digit to its next listed column.
4. When the last row of the last layer is placed, the grid is solved.

Before searching, a row of a layer with no listed column at all means no solution (the original
would find that out only after trying every combination of the layers before it).

A layer is only reconsidered when every later layer fails on top of it; no rule looks ahead
(a row of a later layer left with no free column is found only when the search gets there),
which is why the time depends on where the digits end up rather than on how hard the puzzle
is for people. Works for any box shape (the masks are Python ints).

Options (``layers:order,check,rows``, any subset, ``layers:all`` for the three) keep the original
design -- whole layers of one digit, placed one row at a time, each placement tested against
the layer's column and box masks and the cells earlier layers took, a layer reconsidered only
when everything after it fails -- and change only which layer or row comes next and when a
branch is given up:

- ``order``: the next layer is the digit with the fewest candidate placements left (the sum
  over rows of its listed columns still free), instead of the next digit in 1..N order.
- ``check``: after every placement, a forward check: each row still to place in the current
  layer has a column free in the masks, and the layer's unused columns and boxes can still be
  reached; each digit whose layer is not started still has a free listed column in every row,
  reaches every column and every box; and each empty cell can still take some digit. A failed
  check takes the placement back at once instead of finding the dead row layers later.
- ``rows``: inside a layer, the row with the fewest free columns goes next (one row at a
  time, as before) instead of top to bottom.

``layers:order,check,rows`` (= ``layers:all``) solves every top95 puzzle; plain ``layers``
is the algorithm as published (see docs/strategies.md for its source and the figures). With
options the search is recursive (N² + N frames deep at most).

Counters: a **node** is one placement of a digit in a row (with ``check``, placements the
check rejects count too); a **guess** is a placement in a row whose list had more than one
column (with options: more than one column free in the masks); a **backtrack** is a placement
taken back; peak depth is the most rows placed at once (N² when solved).
"""

from __future__ import annotations

from sudokit.strategies.base import BaseStrategy, Search, StrategyError

__all__ = ["ALL", "OPTIONS", "Layers", "from_options"]


def _layer_options(cells: list[int], n: int, box_rows: int, box_cols: int) -> list[tuple[int, ...]]:
    """For slot ``d·N + r`` (digit ``d+1``, row ``r``), the columns where the digit may go."""
    row_used = [0] * n
    col_used = [0] * n
    box_used = [0] * n
    for i, v in enumerate(cells):
        if v:
            r, c = divmod(i, n)
            bit = 1 << (v - 1)
            row_used[r] |= bit
            col_used[c] |= bit
            box_used[(r // box_rows) * box_rows + c // box_cols] |= bit
    slots: list[tuple[int, ...]] = []
    for d in range(n):
        bit = 1 << d
        for r in range(n):
            columns = []
            for c in range(n):
                v = cells[r * n + c]
                if v:
                    ok = v == d + 1
                else:
                    box = (r // box_rows) * box_rows + c // box_cols
                    ok = not (row_used[r] | col_used[c] | box_used[box]) & bit
                if ok:
                    columns.append(c)
            slots.append(tuple(columns))
    return slots


class Layers(BaseStrategy):
    """Digit-by-digit, row-by-row placement with row, column and box bit masks."""

    name = "layers"
    check_every = 4096

    def __init__(self, order: bool = False, check: bool = False, rows: bool = False) -> None:
        self.order = order
        self.check = check
        self.rows = rows
        if check:  # a checked node costs about N² mask operations: check the budget sooner
            self.check_every = 256

    @property
    def spec(self) -> str:
        """``layers`` (as published) or ``layers:`` and the options set, in the order of OPTIONS."""
        words = [w for w in OPTIONS if getattr(self, w)]
        return self.name + (":" + ",".join(words) if words else "")

    def _search(self, cells: list[int], search: Search) -> None:
        """The published search, or with options the pruned one."""
        if self.order or self.check or self.rows:
            self._search_pruned(cells, search)
        else:
            self._search_seed(cells, search)

    def _search_seed(self, cells: list[int], search: Search) -> None:
        """Walk the N² slots (digit-major, then row) with one explicit index per slot."""
        shape = search.shape
        n, box_rows, box_cols = shape.n, shape.box_rows, shape.box_cols
        options = _layer_options(cells, n, box_rows, box_cols)
        if not all(options):  # a digit with no listed column in some row: no solution
            return
        slots = n * n
        rows = [k % n for k in range(slots)]
        band_start = [k % n % box_rows == 0 for k in range(slots)]
        box_bit = [1 << (c // box_cols) for c in range(n)]
        free = [(1 << n) - 1] * n  # per row: the columns no earlier layer has taken
        index = [0] * slots  # per slot: the next listed column to try
        chosen = [0] * slots  # per slot: the column placed
        cols_at = [0] * slots  # per slot: the layer's column mask before its placement
        boxes_at = [0] * slots  # per slot: the band's box mask before its placement
        stats, budget = search.stats, search.budget
        nodes = guesses = backtracks = peak = 0
        checkpoint = search.checkpoint
        k = cols = boxes = 0
        try:
            while True:
                columns = options[k]
                i = index[k]
                r = rows[k]
                taken = cols | ~free[r]
                c = bit = 0
                while i < len(columns):
                    c = columns[i]
                    i += 1
                    bit = 1 << c
                    if not (taken & bit or boxes & box_bit[c]):
                        break
                else:  # no free column left in this row: take back the previous row's digit
                    index[k] = 0
                    if k == 0:
                        return
                    k -= 1
                    free[rows[k]] |= 1 << chosen[k]
                    cols, boxes = cols_at[k], boxes_at[k]
                    backtracks += 1
                    continue
                index[k] = i
                chosen[k] = c
                free[r] &= ~bit
                nodes += 1
                if len(columns) > 1:
                    guesses += 1
                if nodes >= checkpoint:
                    checkpoint = budget.check(nodes)
                k += 1
                if k > peak:
                    peak = k
                if k == slots:
                    if search.found(self._grid(chosen, n)):
                        return
                    k -= 1  # keep counting: move the last digit on
                    free[rows[k]] |= bit
                    cols, boxes = cols_at[k], boxes_at[k]
                    backtracks += 1
                    continue
                if rows[k] == 0:  # a new layer starts with every column and box open
                    cols = boxes = 0
                else:
                    cols |= bit
                    boxes = 0 if band_start[k] else boxes | box_bit[c]
                cols_at[k] = cols
                boxes_at[k] = boxes
        finally:
            stats.nodes += nodes
            stats.guesses += guesses
            stats.backtracks += backtracks
            stats.peak_depth = max(stats.peak_depth, peak)

    def _search_pruned(self, cells: list[int], search: Search) -> None:
        """The same layers, placed with the options: dynamic digit order, forward checks, row order."""
        shape = search.shape
        n, box_rows, box_cols = shape.n, shape.box_rows, shape.box_cols
        options = _layer_options(cells, n, box_rows, box_cols)
        if not all(options):
            return
        full = (1 << n) - 1
        # opt[d][r]: the columns of layer d+1's row r, as a mask (the listed columns).
        opt = [[sum(1 << c for c in options[d * n + r]) for r in range(n)] for d in range(n)]
        band_of = [r // box_rows for r in range(n)]
        box_masks = [((1 << box_cols) - 1) << (j * box_cols) for j in range(n // box_cols)]
        box_of_col = [box_masks[c // box_cols] for c in range(n)]
        bands = n // box_rows
        hit_table: list[bool] | None = None
        if n <= 16:  # every box of a band hit by a column mask: one lookup
            hit_table = [all(m & b for b in box_masks) for m in range(full + 1)]

        def boxes_hit(mask: int) -> bool:
            if hit_table is not None:
                return hit_table[mask]
            return all(mask & b for b in box_masks)

        free = [full] * n  # per row: the columns no placed layer has taken
        remaining = list(range(n))  # the digits (0-based) whose layer is not complete
        band_block = [0] * bands  # current layer: the columns of the boxes it used, per band
        out = [0] * (n * n)
        order, check, fewest_row = self.order, self.check, self.rows
        stats, budget = search.stats, search.budget
        checkpoint = search.checkpoint
        nodes = guesses = backtracks = peak = 0

        def consistent(d: int, rows_left: int, cols: int) -> bool:
            """Forward check: every unfinished layer can still be completed row, column and box-wise,
            and every empty cell can still take some digit."""
            cover = [0] * n
            union = 0
            band_union = [0] * bands
            od = opt[d]
            left = rows_left
            while left:
                low = left & -left
                r = low.bit_length() - 1
                left ^= low
                b = band_of[r]
                a = od[r] & free[r] & ~(cols | band_block[b])
                if not a:
                    return False
                cover[r] = a
                union |= a
                band_union[b] |= a
            if union | cols != full:
                return False
            for b in range(bands):
                if band_union[b] and not boxes_hit(band_union[b] | band_block[b]):
                    return False
            for e in remaining:
                if e == d:
                    continue
                oe = opt[e]
                union = 0
                band_union = [0] * bands
                for r in range(n):
                    a = oe[r] & free[r]
                    if not a:
                        return False
                    cover[r] |= a
                    union |= a
                    band_union[band_of[r]] |= a
                if union != full:
                    return False
                for u in band_union:
                    if not boxes_hit(u):
                        return False
            return all(cover[r] == free[r] for r in range(n))

        def next_digit() -> int:
            """The next layer: the lowest digit, or (``order``) the one with fewest placements."""
            if not order:
                return min(remaining)
            best, best_count = -1, 0
            for e in sorted(remaining):
                oe = opt[e]
                count = sum((oe[r] & free[r]).bit_count() for r in range(n))
                if best < 0 or count < best_count:
                    best, best_count = e, count
            return best

        def layer(d: int, rows_left: int, cols: int, depth: int) -> bool:
            """Place layer d+1 in its remaining rows; True when the search should stop."""
            nonlocal nodes, guesses, backtracks, peak, checkpoint
            if not rows_left:
                remaining.remove(d)
                try:
                    if not remaining:
                        return search.found(out)
                    saved = band_block[:]
                    band_block[:] = [0] * bands
                    try:
                        return layer(next_digit(), full, 0, depth)
                    finally:
                        band_block[:] = saved
                finally:
                    remaining.append(d)
            od = opt[d]
            if fewest_row:
                row, avail, size = -1, 0, n + 1
                left = rows_left
                while left:
                    low = left & -left
                    r = low.bit_length() - 1
                    left ^= low
                    a = od[r] & free[r] & ~(cols | band_block[band_of[r]])
                    k = a.bit_count()
                    if k < size:
                        row, avail, size = r, a, k
                        if k <= 1:
                            break
            else:
                row = (rows_left & -rows_left).bit_length() - 1
                avail = od[row] & free[row] & ~(cols | band_block[band_of[row]])
            if not avail:
                return False
            b = band_of[row]
            rest = rows_left & ~(1 << row)
            saved_block = band_block[b]
            saved_free = free[row]
            several = avail & (avail - 1) != 0
            depth += 1
            if depth > peak:
                peak = depth
            while avail:
                bit = avail & -avail
                avail ^= bit
                c = bit.bit_length() - 1
                nodes += 1
                if several:
                    guesses += 1
                if nodes >= checkpoint:
                    checkpoint = budget.check(nodes)
                free[row] = saved_free & ~bit
                band_block[b] = saved_block | box_of_col[c]
                out[row * n + c] = d + 1
                if (not check or consistent(d, rest, cols | bit)) and layer(d, rest, cols | bit, depth):
                    return True
                backtracks += 1
            free[row] = saved_free
            band_block[b] = saved_block
            return False

        try:
            layer(next_digit(), full, 0, 0)
        finally:
            stats.nodes += nodes
            stats.guesses += guesses
            stats.backtracks += backtracks
            stats.peak_depth = max(stats.peak_depth, peak)

    @staticmethod
    def _grid(chosen: list[int], n: int) -> list[int]:
        """The solved grid from the column chosen in every slot."""
        out = [0] * (n * n)
        for k, c in enumerate(chosen):
            d, r = divmod(k, n)
            out[r * n + c] = d + 1
        return out


#: The option words of ``layers:…``, in the order the spec lists them.
OPTIONS = ("order", "check", "rows")
#: Shorthand for every option at once.
ALL = "all"


def from_options(options: list[str]) -> Layers:
    """``layers`` (as published) or ``layers:order,check,rows`` (any of them; ``all`` for the three)."""
    words: set[str] = set()
    for word in options:
        word = word.lower()
        if word == ALL:
            words.update(OPTIONS)
        elif word in OPTIONS:
            words.add(word)
        else:
            raise StrategyError(
                f"strategy 'layers' has no option {word!r} (choose from {', '.join(OPTIONS)}, {ALL})"
            )
    return Layers(**{w: w in words for w in OPTIONS})
