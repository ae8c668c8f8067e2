"""HoDoKu's single-digit patterns and simple chains in its search order: skyscrapers, 2-string
kites, empty rectangles, X-chains and turbot fish (its depth-first chain search and its sort),
XY-chains and remote pairs (the Python twin of csrc/hodoku/hodoku9_patterns.c)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from sudokit.candidates import Candidates, bit, digits_of
from sudokit.limits import Deadline
from sudokit.rating.hodoku.board import (
    BOXES,
    CELL_UNITS,
    COLS,
    PEERS,
    ROWS,
    UNITS,
    Board,
    bivalue,
    box_of,
    chain_step,
    column_of,
    plain_step,
    row_of,
)
from sudokit.techniques import Step

__all__ = [
    "empty_rectangle",
    "kite",
    "remote_pair",
    "skyscraper",
    "turbot_fish",
    "x_chain",
    "xy_chain",
]


# -- single-digit patterns ---------------------------------------------------------------------


def _pairs_of(board: Board, digit: int, units: range) -> list[list[int]]:
    """The two places of ``digit`` in each unit of ``units`` that has exactly two."""
    b = bit(digit)
    return [[c for c in UNITS[u] if board.masks[c] & b] for u in units if board.free[u][digit] == 2]


def skyscraper(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first skyscraper: rows (every digit), then columns."""
    for rows in (True, False):
        line = column_of if rows else row_of
        for digit in range(1, 10):
            pairs = _pairs_of(board, digit, range(0, 9) if rows else range(9, 18))
            for i, a in enumerate(pairs):
                for other in pairs[i + 1:]:
                    if line(a[0]) == line(other[0]):
                        k = 1
                    elif line(a[1]) == line(other[1]):
                        k = 0
                    else:
                        continue
                    if line(a[k]) == line(other[k]):
                        continue
                    victims = sorted(_peers_with(board, a[k], digit) & _peers_with(board, other[k], digit))
                    if victims:
                        return plain_step("Skyscraper", eliminations=tuple((c, digit) for c in victims),
                                          cells=(a[k], other[k], a[1 - k], other[1 - k]))
    return None


def kite(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first 2-string kite (a row pair and a column pair meeting in a box)."""
    for digit in range(1, 10):
        rows = _pairs_of(board, digit, range(0, 9))
        cols = _pairs_of(board, digit, range(9, 18))
        for r in rows:
            for c in cols:
                if box_of(r[0]) == box_of(c[0]):
                    pass
                elif box_of(r[0]) == box_of(c[1]):
                    c.reverse()
                elif box_of(r[1]) == box_of(c[0]):
                    r.reverse()
                elif box_of(r[1]) == box_of(c[1]):
                    c.reverse()
                    r.reverse()
                else:
                    continue
                if set(r) & set(c):
                    continue
                cross = (c[1] // 9) * 9 + r[1] % 9
                if board.masks[cross] & bit(digit):
                    return plain_step("2-String Kite", eliminations=((cross, digit),),
                                      cells=(r[1], c[1], r[0], c[0]))
    return None


#: HoDoKu's empty rectangle patterns: the four cells (offsets in the box) that must be empty,
#: and the row and column offsets of the cross they leave.
_ER_PATTERNS = (
    ((0, 1, 9, 10), 2, 2), ((0, 2, 9, 11), 2, 1), ((1, 2, 10, 11), 2, 0),
    ((0, 1, 18, 19), 1, 2), ((0, 2, 18, 20), 1, 1), ((1, 2, 19, 20), 1, 0),
    ((9, 10, 18, 19), 0, 2), ((9, 11, 18, 20), 0, 1), ((10, 11, 19, 20), 0, 0),
)


def empty_rectangle(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's first empty rectangle (digit by digit, box by box, pattern by pattern)."""
    for digit in range(1, 10):
        b = bit(digit)
        for box in range(9):
            if not 2 <= board.free[18 + box][digit] <= 5:
                continue
            origin = BOXES[box][0]
            in_box = [c for c in BOXES[box] if board.masks[c] & b]
            for empty, dr, dc in _ER_PATTERNS:
                if any(board.masks[origin + k] & b for k in empty):
                    continue
                row, col = origin // 9 + dr, origin % 9 + dc
                on_row = [c for c in in_box if c // 9 == row]
                on_col = [c for c in in_box if c % 9 == col]
                if not [c for c in on_row if c % 9 != col] or not [c for c in on_col if c // 9 != row]:
                    continue
                if len(on_row) < 2 and len(on_col) < 2:
                    continue
                for step in (_er_check(board, digit, box, row, col, False),
                             _er_check(board, digit, box, col, row, True)):
                    if step is not None:
                        return step
    return None


def _er_check(board: Board, digit: int, box: int, line: int, cross: int, columns: bool) -> Step | None:
    """An empty rectangle's elimination through a strong link from ``line`` (a row, or a column
    when ``columns``) outside the box, or None."""
    b = bit(digit)
    cells = COLS[line] if columns else ROWS[line]
    for cell in cells:
        if board.values[cell] or box_of(cell) == box or not board.masks[cell] & b:
            continue
        link = ROWS[cell // 9] if columns else COLS[cell % 9]
        places = [c for c in link if board.masks[c] & b]
        if len(places) != 2:
            continue
        other = places[1] if places[0] == cell else places[0]
        far = COLS[other % 9] if columns else ROWS[other // 9]
        for victim in far:
            if not board.masks[victim] & b or box_of(victim) == box:
                continue
            if (victim // 9 if columns else victim % 9) == cross:
                return plain_step("Empty Rectangle", eliminations=((victim, digit),), cells=(cell, other))
    return None


# -- chains: X-chains, XY-chains, turbot fish, remote pairs ------------------------------------


def _peers_with(board: Board, cell: int, digit: int) -> set[int]:
    """The peers of ``cell`` that still have ``digit``."""
    b = bit(digit)
    return {p for p in PEERS[cell] if board.masks[p] & b}


def _best(steps: Iterable[Step]) -> Step | None:
    """The step HoDoKu's sort puts first (its eliminations kept in their order)."""
    chosen: Step | None = None
    key: tuple[int, int] | None = None
    for step in steps:
        weighted = sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(step.eliminations))
        mine = (-len(step.eliminations), weighted)
        if key is None or mine < key:
            chosen, key = step, mine
    return chosen


def _x_links(board: Board, cell: int, digit: int) -> list[tuple[int, bool]]:
    """The cells holding ``digit`` that ``cell`` links to, and whether the link is strong, in
    HoDoKu's link order: its row, its column, then the cells of its box off both (each in cell
    order). As in HoDoKu, a link is strong when the unit it is listed under holds ``digit``
    exactly twice (so a box's pair on one line is weak unless that line holds it twice)."""
    b = bit(digit)
    out: list[tuple[int, bool]] = []
    for k, unit in enumerate(CELL_UNITS[cell]):
        strong = board.free[unit][digit] == 2
        out.extend((c, strong) for c in UNITS[unit] if c != cell and board.masks[c] & b
                   and (k < 2 or (c // 9 != cell // 9 and c % 9 != cell % 9)))
    return out


def _x_chain_ends(chain: list[int], digit: int, max_links: int,
                  links_of: Callable[[int, int], list[tuple[int, bool]]]) -> Iterator[tuple[int, int]]:
    """(end cell, links) of the X-chains on ``digit`` that go on from ``chain`` (its cells, the
    start first) as HoDoKu's search meets them: depth first, each cell's links in HoDoKu's order
    (``links_of``), weak and strong links alternating (a strong one may serve as weak), no cell
    twice except a chain closing at its start, which ends there; at least 3 links and at most
    ``max_links``, strong at both ends."""
    strong_next = len(chain) % 2 == 1
    links = len(chain)
    for t, strong in links_of(chain[-1], digit):
        if (strong_next and not strong) or (t in chain and t != chain[0]):
            continue
        if strong_next and links >= 3:
            yield t, links
        if links < max_links and t != chain[0]:
            chain.append(t)
            yield from _x_chain_ends(chain, digit, max_links, links_of)
            chain.pop()


def _x_chains(board: Board, max_links: int, name: str, exact: bool = False) -> Iterator[tuple[Step, int]]:
    """X-chain steps and their numbers of links (``exact``: only chains of exactly ``max_links``
    links) in HoDoKu's order: start cell by start cell, each start's digits in order, each first
    (strong) link in ``_x_links`` order, then ``_x_chain_ends``."""
    cache: dict[tuple[int, int], list[tuple[int, bool]]] = {}

    def links_of(cell: int, digit: int) -> list[tuple[int, bool]]:
        """The links of ``cell`` on ``digit`` (``_x_links``, computed once)."""
        if (cell, digit) not in cache:
            cache[cell, digit] = _x_links(board, cell, digit)
        return cache[cell, digit]

    for start in range(81):
        for digit in digits_of(board.masks[start]):
            ones = _peers_with(board, start, digit)
            for first, strong in links_of(start, digit):
                if not strong:
                    continue
                for end, links in _x_chain_ends([start, first], digit, max_links, links_of):
                    if exact and links != max_links:
                        continue
                    victims = sorted(ones & _peers_with(board, end, digit))
                    if victims:
                        yield chain_step(name, ((c, digit) for c in victims), (start, end)), links


def _x_best(chains: Iterable[tuple[Step, int]]) -> Step | None:
    """The X-chain HoDoKu's sort puts first, taking them in the order found: more eliminations
    win; among as many, other eliminations win with a smaller weighted sum and the same ones with
    fewer links; a tie keeps the one found first."""
    chosen: Step | None = None
    key = (0, 0, 0)
    for step, links in chains:
        weighted = sum(c * (1 + 80 * k) + d for k, (c, d) in enumerate(step.eliminations))
        count = len(step.eliminations)
        if chosen is None or count > key[0]:
            better = True
        elif count < key[0]:
            better = False
        elif step.eliminations != chosen.eliminations:
            better = weighted < key[1]
        else:
            better = links < key[2]
        if better:
            chosen, key = step, (count, weighted, links)
    return chosen


def x_chain(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's X-chain: the best of all (up to 19 links)."""
    return _x_best(_x_chains(board, 19, "X-Chain"))


def turbot_fish(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's turbot fish: the best X-chain of exactly 3 links."""
    return _x_best(_x_chains(board, 3, "Turbot Fish", exact=True))


def _other(board: Board, cell: int, digit: int) -> int:
    """The other digit of a bivalue cell."""
    return (board.masks[cell] & ~bit(digit)).bit_length()


def _xy_chains(board: Board, max_links: int) -> Iterator[Step]:
    """XY-chain steps: bivalue cells, strong links inside them, weak links between them; no
    cell twice, as HoDoKu searches."""
    for start in range(81):
        if not bivalue(board, start):
            continue
        for first in digits_of(board.masks[start]):
            ones = _peers_with(board, start, first)
            path = [start]
            yield from _xy_from(board, path, _other(board, start, first), first, ones, max_links - 1)


def _xy_from(board: Board, path: list[int], digit: int, first: int, ones: set[int],
             links_left: int) -> Iterator[Step]:
    """Extend the XY-chain ``path`` (its last cell holds ``digit`` when the start is false)."""
    if links_left < 2:
        return
    last = path[-1]
    for u in sorted(_peers_with(board, last, digit)):
        if not bivalue(board, u) or u in path:
            continue
        z = _other(board, u, digit)
        if z == first:
            victims = sorted(ones & _peers_with(board, u, first))
            if victims:
                yield chain_step("XY-Chain", ((c, first) for c in victims), (path[0], u))
        path.append(u)
        yield from _xy_from(board, path, z, first, ones, links_left - 2)
        path.pop()


def xy_chain(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's XY-chain: the best of all (up to 19 links)."""
    return _best(_xy_chains(board, 19))


def _remote_pairs(board: Board) -> Iterator[Step]:
    """Remote pair steps: chains of 4 or more cells (even) holding the same two digits."""
    for start in range(81):
        if not bivalue(board, start):
            continue
        pair = board.masks[start]
        for first in digits_of(pair):
            second = _other(board, start, first)
            path = [start]
            yield from _remote_from(board, path, pair, first, second)


def _remote_from(board: Board, path: list[int], pair: int, first: int, second: int) -> Iterator[Step]:
    """Extend a remote pair chain ``path`` cell by cell (at most 10 cells)."""
    last = path[-1]
    for u in PEERS[last]:
        if board.masks[u] != pair or u in path:
            continue
        path.append(u)
        if len(path) >= 4 and len(path) % 2 == 0:
            found = _remote_step(board, path, first, second)
            if found is not None:
                yield found
        if len(path) < 10:
            yield from _remote_from(board, path, pair, first, second)
        path.pop()


def _remote_step(board: Board, path: list[int], first: int, second: int) -> Step | None:
    """The remote pair step of ``path``, or None when its ends see no common ``first``."""
    if not _peers_with(board, path[0], first) & _peers_with(board, path[-1], first):
        return None
    ones: set[int] = set()
    twos: set[int] = set()
    for i in range(len(path)):
        for j in range(i + 3, len(path), 2):
            common = set(PEERS[path[i]]) & set(PEERS[path[j]])
            ones |= common & _peers_with(board, path[i], first)
            twos |= common & _peers_with(board, path[i], second)
    elims = [(c, first) for c in sorted(ones)] + [(c, second) for c in sorted(twos)]
    return chain_step("Remote Pair", elims, tuple(path)) if elims else None


def remote_pair(board: Board, _c: Candidates, _d: Deadline) -> Step | None:
    """HoDoKu's remote pair: the best of all."""
    return _best(_remote_pairs(board))
