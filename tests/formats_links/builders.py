"""Links built in the tests: puzzle JSON written here, compressed with the `lzstring` package
(an implementation independent of sudokit's own decoder) and prefixed as SudokuPad does."""

from __future__ import annotations

import json
from typing import Any

import lzstring  # type: ignore[import-untyped]

from sudokit.formats.zipped import zip_puzzle

LZ = lzstring.LZString()


Givens = dict[tuple[int, int], int]


def grid_cells(rows: int, cols: int, givens: Givens | None = None) -> list[list[dict[str, Any]]]:
    """SudokuPad's "cells": rows of objects, ``{"value": v}`` for a given."""
    givens = givens or {}
    return [[({"value": givens[(r, c)]} if (r, c) in givens else {}) for c in range(cols)]
            for r in range(rows)]


def boxes(n: int, h: int, w: int) -> list[list[list[int]]]:
    """SudokuPad's "regions" for boxes of h × w cells."""
    out: dict[int, list[list[int]]] = {}
    for r in range(n):
        for c in range(n):
            out.setdefault((r // h) * (n // w) + c // w, []).append([r, c])
    return [out[k] for k in sorted(out)]


def scl_puzzle(n: int = 4, givens: Givens | None = None, **parts: Any) -> dict[str, Any]:
    """A SudokuPad puzzle JSON (4×4 with 2×2 boxes unless told)."""
    h = {4: 2, 6: 2, 9: 3}[n]
    data: dict[str, Any] = {"id": "test", "cellSize": 50, "cells": grid_cells(n, n, givens),
                            "regions": boxes(n, h, n // h)}
    data.update(parts)
    return data


def meta_cages(title: str = "Test", author: str = "sudokit",
               rules: str | None = None) -> list[dict[str, Any]]:
    """Metadata as SudokuPad keeps it: cages without cells whose value is "name: text"."""
    cages = [{"value": f"title: {title}"}, {"value": f"author: {author}"}]
    if rules is not None:
        cages.append({"value": f"rules: {rules}"})
    return cages


def scl(data: dict[str, Any], *, uri: bool = False, prefix: str = "scl") -> str:
    """An scl payload: the zipped JSON, lz-string compressed, prefixed."""
    zipped = zip_puzzle(data)
    body = LZ.compressToEncodedURIComponent(zipped) if uri else LZ.compressToBase64(zipped)
    return prefix + body


def fpuzzles_json(n: int = 9, givens: Givens | None = None, **fields: Any) -> dict[str, Any]:
    """An f-puzzles JSON object."""
    givens = givens or {}
    grid = [[({"value": givens[(r, c)], "given": True} if (r, c) in givens else {}) for c in range(n)]
            for r in range(n)]
    return {"size": n, "grid": grid, **fields}


def fpuz(data: dict[str, Any], *, prefix: str = "fpuzzles") -> str:
    """An f-puzzles payload, lz-string base64 of the JSON, prefixed."""
    return prefix + LZ.compressToBase64(json.dumps(data))
