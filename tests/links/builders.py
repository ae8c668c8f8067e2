"""Links built in the tests (JSON written here, compressed with the `lzstring` package, an
implementation independent of sudokit's decoder, and prefixed as SudokuPad and f-puzzles do) and
an independent brute-force checker: every 4×4 Sudoku grid, and each rule written out plainly, to
compare with what sudokit solves."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Any

import lzstring  # type: ignore[import-untyped]

from sudokit.formats.zipped import zip_puzzle

LZ = lzstring.LZString()
GREY = "#CFCFCF"

Cell = tuple[int, int]
Values = tuple[int, ...]
Rule = Callable[[Values], bool]

#: A 4×4 grid whose two long diagonals hold different digits too.
S4 = (1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3)


def boxes(n: int, h: int, w: int) -> list[list[list[int]]]:
    """SudokuPad's "regions" for boxes of h × w cells."""
    out: dict[int, list[list[int]]] = {}
    for r in range(n):
        for c in range(n):
            out.setdefault((r // h) * (n // w) + c // w, []).append([r, c])
    return [out[k] for k in sorted(out)]


def grid_cells(rows: int, cols: int, givens: dict[Cell, int] | None = None) -> list[list[dict[str, Any]]]:
    """SudokuPad's "cells": rows of objects, ``{"value": v}`` for a given."""
    givens = givens or {}
    return [[({"value": givens[(r, c)]} if (r, c) in givens else {}) for c in range(cols)]
            for r in range(rows)]


def bare_scl_puzzle(n: int = 4, givens: dict[Cell, int] | None = None, **parts: Any) -> dict[str, Any]:
    """A SudokuPad puzzle JSON without metadata (4×4 with 2×2 boxes unless told)."""
    h = {4: 2, 6: 2, 9: 3}[n]
    data: dict[str, Any] = {"id": "test", "cellSize": 50, "cells": grid_cells(n, n, givens),
                            "regions": boxes(n, h, n // h)}
    data.update(parts)
    return data


def scl_puzzle(
    n: int,
    givens: dict[Cell, int] | None = None,
    rules: str | None = None,
    regions: list[list[list[int]]] | None = None,
    solution: str | None = None,
    **parts: Any,
) -> dict[str, Any]:
    """A SudokuPad puzzle JSON; ``rules`` and ``solution`` go in its metadata."""
    data = bare_scl_puzzle(n, givens, id="t")
    if regions is not None:
        data["regions"] = regions
    meta: dict[str, Any] = {"title": "Test", "author": "sudokit"}
    if rules is not None:
        meta["rules"] = rules
    if solution is not None:
        meta["solution"] = solution
    data["metadata"] = meta
    data.update(parts)
    return data


def meta_cages(title: str = "Test", author: str = "sudokit",
               rules: str | None = None) -> list[dict[str, Any]]:
    """Metadata as older SudokuPad puzzles keep it: cages without cells whose value is "name: text"."""
    cages = [{"value": f"title: {title}"}, {"value": f"author: {author}"}]
    if rules is not None:
        cages.append({"value": f"rules: {rules}"})
    return cages


def scl_payload(data: dict[str, Any], *, uri: bool = False, prefix: str = "scl") -> str:
    """An scl payload: the zipped JSON, lz-string compressed (base64, or URI-safe), prefixed."""
    zipped = zip_puzzle(data)
    body = LZ.compressToEncodedURIComponent(zipped) if uri else LZ.compressToBase64(zipped)
    return prefix + body


def scl(data: dict[str, Any]) -> str:
    """A SudokuPad link: the zipped JSON, lz-string compressed, prefixed ``scl``."""
    return scl_payload(data, prefix="https://sudokupad.app/scl")


def fp_cell(cell: Cell) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def fpuzzles_json(n: int = 9, givens: dict[Cell, int] | None = None, **fields: Any) -> dict[str, Any]:
    """An f-puzzles JSON object."""
    givens = givens or {}
    grid = [[({"value": givens[(r, c)], "given": True} if (r, c) in givens else {}) for c in range(n)]
            for r in range(n)]
    return {"size": n, "grid": grid, **fields}


def fpuz(data: dict[str, Any], *, prefix: str = "fpuzzles") -> str:
    """An f-puzzles payload, lz-string base64 of the JSON, prefixed."""
    return prefix + LZ.compressToBase64(json.dumps(data))


def fpuzzles(n: int, givens: dict[Cell, int] | None = None, **fields: Any) -> str:
    """An f-puzzles link for a JSON built from ``fields``."""
    return fpuz(fpuzzles_json(n, givens, **fields), prefix="https://f-puzzles.com/?load=")


# -- the independent checker ------------------------------------------------------------------------------


@cache
def all_grids4() -> tuple[Values, ...]:
    """Every 4×4 Sudoku grid (288), by brute force."""
    rows = list(itertools.permutations((1, 2, 3, 4)))
    out = []
    for grid in itertools.product(rows, repeat=4):
        cols_ok = all(len({grid[r][c] for r in range(4)}) == 4 for c in range(4))
        boxes_ok = all(
            len({grid[r][c] for r in (br, br + 1) for c in (bc, bc + 1)}) == 4
            for br in (0, 2)
            for bc in (0, 2)
        )
        if cols_ok and boxes_ok:
            out.append(tuple(v for row in grid for v in row))
    return tuple(out)


def brute4(rules: Sequence[Rule], givens: dict[Cell, int] | None = None) -> list[Values]:
    """The 4×4 grids that keep the givens and every rule."""
    givens = givens or {}
    return [
        g
        for g in all_grids4()
        if all(g[r * 4 + c] == v for (r, c), v in givens.items()) and all(rule(g) for rule in rules)
    ]


def at(g: Values, cell: Cell, n: int = 4) -> int:
    return g[cell[0] * n + cell[1]]


def neighbours(cell: Cell, n: int) -> Iterator[Cell]:
    r, c = cell
    for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        if 0 <= r + dr < n and 0 <= c + dc < n:
            yield (r + dr, c + dc)


def thermo(cells: Sequence[Cell], n: int = 4) -> Rule:
    return lambda g: all(at(g, a, n) < at(g, b, n) for a, b in itertools.pairwise(cells))


def arrow(circle: Cell, path: Sequence[Cell], n: int = 4) -> Rule:
    return lambda g: at(g, circle, n) == sum(at(g, c, n) for c in path)


def cage(cells: Sequence[Cell], total: int, n: int = 4) -> Rule:
    return lambda g: (
        len({at(g, c, n) for c in cells}) == len(cells) and sum(at(g, c, n) for c in cells) == total
    )


def line_sum(cells: Sequence[Cell], total: int, n: int = 4) -> Rule:
    return lambda g: sum(at(g, c, n) for c in cells) == total


def sandwich(cells: Sequence[Cell], total: int, n: int = 4) -> Rule:
    def rule(g: Values) -> bool:
        ds = [at(g, c, n) for c in cells]
        i, j = sorted((ds.index(1), ds.index(n)))
        return sum(ds[i + 1 : j]) == total

    return rule


def xsum(cells: Sequence[Cell], total: int, n: int = 4) -> Rule:
    def rule(g: Values) -> bool:
        ds = [at(g, c, n) for c in cells]
        return sum(ds[: ds[0]]) == total

    return rule


def skyscraper(cells: Sequence[Cell], count: int, n: int = 4) -> Rule:
    def rule(g: Values) -> bool:
        seen, top = 0, 0
        for c in cells:
            if at(g, c, n) > top:
                seen, top = seen + 1, at(g, c, n)
        return seen == count

    return rule


def pair(a: Cell, b: Cell, test: Callable[[int, int], bool], n: int = 4) -> Rule:
    return lambda g: test(at(g, a, n), at(g, b, n))


def white(x: int, y: int) -> bool:
    return abs(x - y) == 1


def black(x: int, y: int) -> bool:
    return x == 2 * y or y == 2 * x


def all_pairs(n: int) -> list[tuple[Cell, Cell]]:
    return [
        ((r, c), (r + dr, c + dc))
        for r in range(n)
        for c in range(n)
        for dr, dc in ((0, 1), (1, 0))
        if r + dr < n and c + dc < n
    ]


def unmarked(marked: Sequence[tuple[Cell, Cell]], test: Callable[[int, int], bool], n: int = 4) -> Rule:
    """Every side-by-side pair not marked passes ``test``."""
    keys = {frozenset(p) for p in marked}
    return lambda g: all(
        test(at(g, a, n), at(g, b, n)) for a, b in all_pairs(n) if frozenset((a, b)) not in keys
    )


def one(cell: Cell, test: Callable[[int], bool], n: int = 4) -> Rule:
    return lambda g: test(at(g, cell, n))


def renban(cells: Sequence[Cell], n: int = 4) -> Rule:
    def rule(g: Values) -> bool:
        ds = {at(g, c, n) for c in cells}
        return len(ds) == len(cells) and max(ds) - min(ds) == len(cells) - 1

    return rule


def palindrome(cells: Sequence[Cell], n: int = 4) -> Rule:
    return lambda g: [at(g, c, n) for c in cells] == [at(g, c, n) for c in reversed(cells)]


def between(cells: Sequence[Cell], n: int = 4) -> Rule:
    def rule(g: Values) -> bool:
        lo, hi = sorted((at(g, cells[0], n), at(g, cells[-1], n)))
        return all(lo < at(g, c, n) < hi for c in cells[1:-1])

    return rule


def whisper(cells: Sequence[Cell], gap: int, n: int = 4) -> Rule:
    return lambda g: all(abs(at(g, a, n) - at(g, b, n)) >= gap for a, b in itertools.pairwise(cells))


def extremum(cell: Cell, low: bool, n: int = 4) -> Rule:
    def rule(g: Values) -> bool:
        v = at(g, cell, n)
        return all((v < at(g, o, n)) if low else (v > at(g, o, n)) for o in neighbours(cell, n))

    return rule


def distinct(cells: Sequence[Cell], n: int = 4) -> Rule:
    return lambda g: len({at(g, c, n) for c in cells}) == len(cells)


def same(first: Sequence[Cell], second: Sequence[Cell], n: int = 4) -> Rule:
    return lambda g: [at(g, c, n) for c in first] == [at(g, c, n) for c in second]


def quad(corner: Cell, digits: Sequence[int], n: int = 4) -> Rule:
    r, c = corner

    def rule(g: Values) -> bool:
        block = [at(g, x, n) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))]
        return all(block.count(d) >= digits.count(d) for d in set(digits))

    return rule
