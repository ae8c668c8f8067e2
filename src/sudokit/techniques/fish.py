"""Fish: a digit whose places in k lines (the base) fall in k crossing lines (the cover).

Rules:

- **Basic fish** — X-Wing (k=2, SE 3.2), Swordfish (3, 3.8), Jellyfish (4, 5.2): in k rows a
  digit's places lie in only k columns, so in each of those columns the digit must be in one
  of the k rows; it leaves the rest of those columns (and the same with rows and columns
  swapped). SE looks with columns as the base first, then rows, and only for a digit placed at
  most N - 2k times; each base line must hold at least two places.
- **Finned fish** (HoDoKu): a fish except for a few extra places (the fins), all in one box.
  Either the fish holds, or a fin is true; so the digit leaves the cover cells that are outside
  the base and inside the fins' box. It is **sashimi** when some base line has fewer than two
  places in the cover (the fish would be degenerate without its fins).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from sudokit.candidates import Candidates
from sudokit.techniques.base import COL, ROW, cell_list, eliminations_text, unit_index
from sudokit.techniques.step import Step

__all__ = ["find_finned_fish", "find_jellyfish", "find_swordfish", "find_x_wings"]

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_SE = {2: 3.2, 3: 3.8, 4: 5.2}
_HODOKU = {2: 140, 3: 150, 4: 160}
_HODOKU_FINNED = {2: 130, 3: 200, 4: 250}
_HODOKU_SASHIMI = {2: 150, 3: 240, 4: 260}


def _line_cell(n: int, base_kind: int, base: int, cover: int) -> int:
    """The cell where base line ``base`` meets cover line ``cover``."""
    return base * n + cover if base_kind == ROW else cover * n + base


def _positions(cands: Candidates, digit: int, base_kind: int, line: int) -> set[int]:
    """The cover-line indexes where ``digit`` can go in base line ``line``."""
    unit = cands.shape.units[unit_index(cands.shape, base_kind, line)]
    return {i for i, c in enumerate(unit) if cands.has(c, digit)}


def _placed(cands: Candidates, digit: int) -> int:
    """How many times ``digit`` is placed."""
    return sum(1 for v in cands.values if v == digit)


def _fish_step(
    cands: Candidates, digit: int, base_kind: int, bases: tuple[int, ...], covers: list[int],
    removed: list[tuple[int, int]], name: str, difficulty: float, fins: tuple[int, ...] = (),
    hodoku: int = 0,
) -> Step:
    """Build the step of a (finned) fish."""
    shape = cands.shape
    n = shape.n
    cover_kind = COL if base_kind == ROW else ROW
    base_units = tuple(unit_index(shape, base_kind, b) for b in bases)
    cover_units = tuple(unit_index(shape, cover_kind, c) for c in covers)
    body = tuple(
        _line_cell(n, base_kind, b, c)
        for b in bases
        for c in covers
        if cands.has(_line_cell(n, base_kind, b, c), digit)
    )
    base_names = ", ".join(shape.unit_name(u) for u in base_units)
    cover_names = ", ".join(shape.unit_name(u) for u in cover_units)
    text = f"In {base_names}, {digit} can only go in {cover_names}"
    if fins:
        text += (
            f" (apart from the fins {cell_list(shape, fins)}); either the fish holds or a fin "
            f"is {digit}, and either way cover cells seeing the fins lose {digit}: "
        )
    else:
        text += f"; so {digit} is in those lines in each of {cover_names}, and leaves the rest: "
    text += eliminations_text(shape, removed)
    return Step(
        name, difficulty, eliminations=tuple(removed), cells=body + fins,
        units=base_units + cover_units,
        candidates=tuple((c, digit) for c in body + fins), explanation=text,
        extra={"hodoku": hodoku, "fins": fins},
    )


def _position_table(cands: Candidates, base_kind: int) -> list[list[set[int]]]:
    """``table[digit][line]``: the cover indexes where ``digit`` can go in each base line."""
    n = cands.n
    empty: list[set[int]] = [set() for _ in range(n)]
    return [empty] + [
        [_positions(cands, d, base_kind, line) for line in range(n)] for d in range(1, n + 1)
    ]


# Kept apart from variant_basic's fish: rows against columns only, in SE's order (base lines before digits).
def _basic_fish(cands: Candidates, size: int) -> Iterator[Step]:
    """Basic fish of one size, columns as the base first, as SE looks."""
    n = cands.n
    placed = {d: _placed(cands, d) for d in range(1, n + 1)}
    digits = [d for d in range(1, n + 1) if placed[d] + 2 * size <= n]
    for base_kind in (COL, ROW):
        table = _position_table(cands, base_kind)
        for bases in combinations(range(n), size):
            for digit in digits:
                lines = [table[digit][b] for b in bases]
                if any(len(p) < 2 for p in lines):
                    continue
                cover = set().union(*lines)
                if len(cover) != size:
                    continue
                removed = [
                    (cell, digit)
                    for c in sorted(cover)
                    for b in range(n)
                    if b not in bases
                    for cell in [_line_cell(n, base_kind, b, c)]
                    if cands.has(cell, digit)
                ]
                if removed:
                    yield _fish_step(
                        cands, digit, base_kind, bases, sorted(cover), sorted(removed),
                        _NAMES[size], _SE[size], hodoku=_HODOKU[size],
                    )


# One public finder a size (as subsets.py's): the registry and the docs name each, with its SE rating.
def find_x_wings(cands: Candidates) -> Iterator[Step]:
    """X-Wings (SE 3.2)."""
    return _basic_fish(cands, 2)


def find_swordfish(cands: Candidates) -> Iterator[Step]:
    """Swordfish (SE 3.8)."""
    return _basic_fish(cands, 3)


def find_jellyfish(cands: Candidates) -> Iterator[Step]:
    """Jellyfish (SE 5.2)."""
    return _basic_fish(cands, 4)


def _finned(cands: Candidates, size: int) -> Iterator[Step]:
    """Finned and sashimi fish of one size (the fins' box fixes most of the cover)."""
    shape = cands.shape
    n = shape.n
    for base_kind in (ROW, COL):
        table = _position_table(cands, base_kind)
        width = shape.box_cols if base_kind == ROW else shape.box_rows
        height = shape.box_rows if base_kind == ROW else shape.box_cols
        groups = [set(range(g * width, (g + 1) * width)) for g in range(n // width)]
        for digit in range(1, n + 1):
            lines = dict(enumerate(table[digit]))
            usable = [b for b in range(n) if lines[b]]
            for bases in combinations(usable, size):
                union = set().union(*(lines[b] for b in bases))
                if len(union) <= size:
                    continue
                for group in groups:
                    required = union - group
                    if len(required) > size:
                        continue
                    optional = sorted(union & group)
                    for extra in combinations(optional, size - len(required)):
                        cover_set = required | set(extra)
                        fin_lines = {b // height for b in bases if lines[b] - cover_set}
                        if len(fin_lines) != 1:
                            continue
                        covers = sorted(cover_set)
                        step = _finned_step(cands, digit, base_kind, bases, covers, lines, size)
                        if step is not None:
                            yield step


def _finned_step(
    cands: Candidates, digit: int, base_kind: int, bases: tuple[int, ...], covers: list[int],
    lines: dict[int, set[int]], size: int,
) -> Step | None:
    """The finned fish on these base and cover lines, if its fins share a box and it removes something."""
    shape = cands.shape
    n = shape.n
    cover_set = set(covers)
    if any(not (set().union(*(lines[b] for b in bases)) & {c}) for c in covers):
        return None
    fins = tuple(
        sorted(_line_cell(n, base_kind, b, c) for b in bases for c in lines[b] - cover_set)
    )
    boxes = {shape.box_of(f) for f in fins}
    if not fins or len(boxes) != 1:
        return None
    box = boxes.pop()
    box_cells = set(shape.boxes[box])
    removed = sorted(
        (cell, digit)
        for c in covers
        for b in range(n)
        if b not in bases
        for cell in [_line_cell(n, base_kind, b, c)]
        if cell in box_cells and cands.has(cell, digit)
    )
    if not removed:
        return None
    sashimi = any(len(lines[b] & cover_set) < 2 for b in bases)
    kind = "Sashimi" if sashimi else "Finned"
    hodoku = (_HODOKU_SASHIMI if sashimi else _HODOKU_FINNED)[size]
    return _fish_step(
        cands, digit, base_kind, bases, covers, removed, f"{kind} {_NAMES[size]}", 6.6,
        fins=fins, hodoku=hodoku,
    )


def find_finned_fish(cands: Candidates) -> Iterator[Step]:
    """Finned and sashimi X-Wings, Swordfish and Jellyfish (HoDoKu)."""
    for size in (2, 3, 4):
        yield from _finned(cands, size)
