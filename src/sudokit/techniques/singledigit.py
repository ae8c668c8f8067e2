"""Single-digit patterns (HoDoKu): deductions that look at one digit's places only.

A **strong link** on a digit: a unit where the digit has exactly two places; one of them holds it.

- **Skyscraper**: two strong links in parallel lines (two rows, or two columns) whose ends line
  up at one side (the base) but not at the other (the roof). One roof end holds the digit; cells
  seeing both roof ends lose it.
- **2-String Kite**: a strong link in a row and one in a column with an end of each in the same
  box (different cells). One of the far ends holds the digit; cells seeing both lose it.
- **Empty Rectangle**: in a box the digit's places lie in one row and one column of it (and in
  both). With a strong link in a line crossing that row (or column) outside the box, the digit
  leaves the cell where the link's far end meets the box's column (or row).
- **Simple Colouring**: colour the strong links of a digit in two alternating colours; one
  colour is true. A cell seeing both colours loses the digit (trap); if two cells of one colour
  see each other, that colour is false (wrap).
- **Multi-Colouring** (HoDoKu's Multi Colors): two separate colour clusters of a digit. Type 1:
  when a colour of one sees a colour of the other, not both are true, so one of their partner
  colours is; cells seeing both partners lose the digit. Type 2: a colour whose cells see both
  colours of another cluster is false (one of those is true), so its cells lose the digit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from itertools import combinations

from sudokit.candidates import Candidates
from sudokit.shape import Shape
from sudokit.techniques.base import COL, ROW, cell_list, common_peers, eliminations_text, removable
from sudokit.techniques.step import Link, Step

__all__ = [
    "find_empty_rectangles",
    "find_multi_colouring",
    "find_simple_colouring",
    "find_skyscrapers",
    "find_two_string_kites",
]


def _links(cands: Candidates, digit: int, kind: int) -> list[tuple[int, int, int]]:
    """The strong links ``(unit, a, b)`` of ``digit`` in units of one kind."""
    n = cands.n
    out = []
    for i in range(n):
        unit = kind * n + i
        places = cands.places(digit, cands.shape.units[unit])
        if len(places) == 2:
            out.append((unit, places[0], places[1]))
    return out


def _pattern_step(
    cands: Candidates, name: str, digit: int, ends: tuple[int, int], chain: list[int],
    units: tuple[int, ...], removed: list[tuple[int, int]], why: str, hodoku: int,
) -> Step:
    """Build a step whose conclusion is "one of ``ends`` holds the digit"."""
    shape = cands.shape
    links = tuple(
        Link((chain[i], digit), (chain[i + 1], digit), i % 2 == 0) for i in range(len(chain) - 1)
    )
    return Step(
        name, 6.6, eliminations=tuple(removed), cells=tuple(chain), units=units,
        candidates=tuple((c, digit) for c in chain), links=links,
        explanation=f"{why}; so {shape.cell_name(ends[0])} or {shape.cell_name(ends[1])} is "
        f"{digit}, and {digit} can be removed from cells seeing both: "
        f"{eliminations_text(shape, removed)}",
        extra={"hodoku": hodoku},
    )


#: Why one of the far ends of a skyscraper's (or a kite's) two strong links holds the digit.
_SKYSCRAPER_WHY = (
    "In {unit1} and {unit2}, {digit} has two places each, and {near1} and {near2} see each other, "
    "so not both are {digit}"
)
_KITE_WHY = (
    "{digit} has two places in {unit1} and in {unit2}, and {near1} and {near2} share a box, so not "
    "both are {digit}"
)


def _joined_links(
    cands: Candidates, name: str, hodoku: int, why: str, digit: int,
    first: tuple[int, int, int], second: tuple[int, int, int],
    joined: Callable[[int, int, int, int], bool],
) -> Iterator[Step]:
    """Two strong links ``(unit, a, b)`` of ``digit``, each taken both ways round as ``(near, far)``,
    whose ends ``joined(near1, far1, near2, far2)`` accepts: not both near ends hold the digit, so
    one far end does and the cells seeing both lose it (a skyscraper, a 2-string kite)."""
    shape = cands.shape
    (u1, a1, b1), (u2, a2, b2) = first, second
    for near1, far1 in ((a1, b1), (b1, a1)):
        for near2, far2 in ((a2, b2), (b2, a2)):
            if not joined(near1, far1, near2, far2):
                continue
            removed = removable(cands, common_peers(shape, [far1, far2]), digit)
            if removed:
                text = why.format(
                    digit=digit, unit1=shape.unit_name(u1), unit2=shape.unit_name(u2),
                    near1=shape.cell_name(near1), near2=shape.cell_name(near2),
                )
                yield _pattern_step(
                    cands, name, digit, (far1, far2), [far1, near1, near2, far2], (u1, u2), removed,
                    text, hodoku,
                )


def _lined_up(cross: Callable[[int], int], base1: int, roof1: int, base2: int, roof2: int) -> bool:
    """A skyscraper's links: the bases line up across them, the roofs do not."""
    return cross(base1) == cross(base2) and cross(roof1) != cross(roof2)


def _in_one_box(shape: Shape, near_r: int, far_r: int, near_c: int, far_c: int) -> bool:
    """A kite's links: four different ends, the near ones two cells of one box."""
    return (
        near_r != near_c and len({near_r, far_r, near_c, far_c}) == 4
        and shape.box_of(near_r) == shape.box_of(near_c)
    )


def find_skyscrapers(cands: Candidates) -> Iterator[Step]:
    """Skyscrapers: two parallel strong links sharing one end line."""
    shape = cands.shape
    for digit in range(1, cands.n + 1):
        for kind in (ROW, COL):
            lined_up = partial(_lined_up, shape.col_of if kind == ROW else shape.row_of)
            for first, second in combinations(_links(cands, digit, kind), 2):
                yield from _joined_links(
                    cands, "Skyscraper", 130, _SKYSCRAPER_WHY, digit, first, second, lined_up
                )


def find_two_string_kites(cands: Candidates) -> Iterator[Step]:
    """2-String Kites: a row link and a column link meeting in a box."""
    in_one_box = partial(_in_one_box, cands.shape)
    for digit in range(1, cands.n + 1):
        rows = _links(cands, digit, ROW)
        cols = _links(cands, digit, COL)
        for row in rows:
            for col in cols:
                yield from _joined_links(
                    cands, "2-String Kite", 150, _KITE_WHY, digit, row, col, in_one_box
                )


def _er_crosses(cands: Candidates, digit: int, box: int) -> Iterator[tuple[int, int]]:
    """The ``(row, column)`` pairs whose union in ``box`` holds every place of ``digit``."""
    shape = cands.shape
    places = cands.places(digit, shape.boxes[box])
    if len(places) < 2:
        return
    rows = {shape.row_of(c) for c in places}
    cols = {shape.col_of(c) for c in places}
    if len(rows) < 2 or len(cols) < 2:
        return
    for r in sorted(rows):
        for c in sorted(cols):
            if all(shape.row_of(p) == r or shape.col_of(p) == c for p in places):
                yield r, c


def find_empty_rectangles(cands: Candidates) -> Iterator[Step]:
    """Empty Rectangles: a box's cross of places plus a strong link outside the box."""
    shape = cands.shape
    n = shape.n
    for digit in range(1, n + 1):
        for box in range(n):
            box_cells = set(shape.boxes[box])
            for r, c in _er_crosses(cands, digit, box):
                for kind, line in ((COL, r), (ROW, c)):
                    yield from _er_steps(cands, digit, box, box_cells, r, c, kind, line)


def _er_steps(
    cands: Candidates, digit: int, box: int, box_cells: set[int], r: int, c: int, kind: int,
    line: int,
) -> Iterator[Step]:
    """ER eliminations using strong links in units of ``kind`` with one end on ``line``."""
    shape = cands.shape
    n = shape.n
    for unit, a, b in _links(cands, digit, kind):
        if a in box_cells or b in box_cells:
            continue
        for near, far in ((a, b), (b, a)):
            if kind == COL:
                if shape.row_of(near) != line or shape.row_of(far) // shape.box_rows == box // shape.box_rows:
                    continue
                target = shape.row_of(far) * n + c
            else:
                if shape.col_of(near) != line or shape.col_of(far) // shape.box_cols == box % shape.box_rows:
                    continue
                target = r * n + shape.col_of(far)
            if target in box_cells or not cands.has(target, digit):
                continue
            removed = [(target, digit)]
            cross = cands.places(digit, shape.boxes[box])
            yield Step(
                "Empty Rectangle", 6.6, eliminations=tuple(removed),
                cells=(*cross, near, far), units=(2 * n + box, unit),
                candidates=tuple((x, digit) for x in (*cross, near, far)),
                explanation=f"In box {box + 1}, {digit} lies in row {r + 1} or column {c + 1}; "
                f"in {shape.unit_name(unit)} it is in {shape.cell_name(near)} or "
                f"{shape.cell_name(far)}. If {shape.cell_name(far)} is not {digit}, "
                f"{shape.cell_name(near)} is, which pushes box {box + 1}'s {digit} onto the "
                f"other line of the cross; either way {eliminations_text(shape, removed)}",
                extra={"hodoku": 120},
            )


def _colour(cands: Candidates, digit: int) -> list[tuple[list[int], list[int], list[tuple[int, int]]]]:
    """Connected groups of a digit's strong links, two-coloured: ``(colour A, colour B, links)``."""
    links: dict[int, set[int]] = {}
    pairs: list[tuple[int, int]] = []
    for unit in range(3 * cands.n):
        places = cands.places(digit, cands.shape.units[unit])
        if len(places) == 2:
            a, b = places
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
            pairs.append((a, b))
    seen: dict[int, int] = {}
    groups = []
    for start in sorted(links):
        if start in seen:
            continue
        seen[start] = 0
        todo = [start]
        members = [start]
        while todo:
            cell = todo.pop()
            for other in sorted(links[cell]):
                if other not in seen:
                    seen[other] = 1 - seen[cell]
                    members.append(other)
                    todo.append(other)
        member_set = set(members)
        group_links = [(a, b) for a, b in pairs if a in member_set]
        groups.append(
            (sorted(m for m in members if seen[m] == 0), sorted(m for m in members if seen[m] == 1),
             group_links)
        )
    return groups


def _colouring_step(
    shape: Shape, digit: int, green: list[int], blue: list[int], links: tuple[Link, ...],
    removed: list[tuple[int, int]], why: str,
) -> Step:
    """A simple-colouring step of ``digit`` (``green`` against ``blue``) removing ``removed``."""
    coloured = sorted({*green, *blue})
    return Step(
        "Simple Colouring", 6.6, eliminations=tuple(removed),
        cells=tuple(coloured), candidates=tuple((c, digit) for c in coloured),
        links=links, explanation=f"{why}: {eliminations_text(shape, removed)}",
        extra={"hodoku": 150, "colours": (tuple(green), tuple(blue))},
    )


def find_simple_colouring(cands: Candidates) -> Iterator[Step]:
    """Simple colouring: colour traps and colour wraps."""
    shape = cands.shape
    for digit in range(1, cands.n + 1):
        for green, blue, pairs in _colour(cands, digit):
            if len(green) + len(blue) < 4:
                continue
            links = tuple(Link((a, digit), (b, digit), True) for a, b in pairs)
            coloured = set(green) | set(blue)
            for same, other in ((green, blue), (blue, green)):
                if any(shape.peers[x] & set(same) for x in same):
                    yield _colouring_step(
                        shape, digit, green, blue, links, [(c, digit) for c in same],
                        f"Colouring the strong links of {digit}: one colour is true. Two cells of "
                        f"the colour {cell_list(shape, same)} see each other, so that colour is "
                        f"false and {cell_list(shape, other)} hold {digit}",
                    )
                    break
            else:
                removed = [
                    (c, digit)
                    for c in range(shape.size)
                    if c not in coloured and cands.has(c, digit)
                    and shape.peers[c] & set(green) and shape.peers[c] & set(blue)
                ]
                if removed:
                    yield _colouring_step(
                        shape, digit, green, blue, links, removed,
                        f"Colouring the strong links of {digit} in two colours "
                        f"({cell_list(shape, green)} against {cell_list(shape, blue)}), one "
                        f"colour is true; cells seeing both colours lose {digit}",
                    )



def _sees_any(shape: Shape, cells: list[int], others: set[int]) -> bool:
    """True when some cell of ``cells`` sees some cell of ``others``."""
    return any(shape.peers[c] & others for c in cells)


def _seeing_both(cands: Candidates, digit: int, a: list[int], b: list[int]) -> list[int]:
    """Cells holding ``digit`` that see a cell of ``a`` and a cell of ``b``."""
    shape = cands.shape
    near_a: set[int] = set().union(*(shape.peers[c] for c in a))
    near_b: set[int] = set().union(*(shape.peers[c] for c in b))
    return sorted(c for c in near_a & near_b if cands.has(c, digit))


def _multi_step(
    cands: Candidates, digit: int, kind: int, first: tuple[list[int], list[int]],
    second: tuple[list[int], list[int]], removed: list[int], why: str,
) -> Step:
    """Build a multi-colouring step (HoDoKu's type ``kind``) on two clusters of ``digit``."""
    shape = cands.shape
    coloured = sorted({*first[0], *first[1], *second[0], *second[1]})
    eliminations = tuple((c, digit) for c in removed)
    return Step(
        "Multi-Colouring", 6.7, eliminations=eliminations, cells=tuple(coloured),
        candidates=tuple((c, digit) for c in coloured),
        explanation=f"Colouring the strong links of {digit} gives two separate clusters, "
        f"{cell_list(shape, first[0])} against {cell_list(shape, first[1])} and "
        f"{cell_list(shape, second[0])} against {cell_list(shape, second[1])}; {why}: "
        f"{eliminations_text(shape, eliminations)}",
        extra={"hodoku": 200, "type": kind,
               "colours": tuple(tuple(x) for x in (*first, *second))},
    )


def _multi_type2(
    cands: Candidates, digit: int, first: tuple[list[int], list[int]],
    second: tuple[list[int], list[int]],
) -> Step | None:
    """Type 2: a colour of one cluster that sees both colours of another is false."""
    shape = cands.shape
    b1, b2 = set(second[0]), set(second[1])
    false = [
        colour for colour in first if _sees_any(shape, colour, b1) and _sees_any(shape, colour, b2)
    ]
    if not false:
        return None
    removed = sorted({c for colour in false for c in colour})
    return _multi_step(
        cands, digit, 2, first, second, removed,
        f"{cell_list(shape, false[0])} see both colours of the second cluster, one of which is "
        f"true, so they are not {digit}",
    )


def _multi_type1(
    cands: Candidates, digit: int, first: tuple[list[int], list[int]],
    second: tuple[list[int], list[int]],
) -> Step | None:
    """Type 1: colours of two clusters that see each other are not both true, so one of their
    partner colours is; cells seeing both partners lose the digit."""
    shape = cands.shape
    removed: set[int] = set()
    for i in (0, 1):
        for j in (0, 1):
            if _sees_any(shape, first[i], set(second[j])):
                removed.update(_seeing_both(cands, digit, first[1 - i], second[1 - j]))
    if not removed:
        return None
    return _multi_step(
        cands, digit, 1, first, second, sorted(removed),
        "a colour of the first cluster sees a colour of the second, so not both are true and "
        "one of their partner colours is; cells seeing both partners lose the digit",
    )


def find_multi_colouring(cands: Candidates) -> Iterator[Step]:
    """Multi-colouring (HoDoKu's Multi Colors): two colour clusters of a digit that see each
    other; type 2 (a colour seeing both colours of the other cluster) before type 1, for every
    ordered pair of clusters, digit by digit (HoDoKu's order)."""
    for digit in range(1, cands.n + 1):
        clusters = [(green, blue) for green, blue, _ in _colour(cands, digit)]
        for i, first in enumerate(clusters):
            for j, second in enumerate(clusters):
                if i == j:
                    continue
                for check in (_multi_type2, _multi_type1):
                    step = check(cands, digit, first, second)
                    if step is not None:
                        yield step
