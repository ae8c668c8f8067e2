"""Formats that carry a puzzle's rules: sudokit's JSON form and f-puzzles links.

**sudokit JSON**: one object, ``{"format": "sudokit", "size": 9, "variants": ["x"],
"givens": "<the line format>"}``, plus ``"box"`` (``[rows, cols]``), ``"regions"`` (Jigsaw's
region map: one character per cell), ``"cages"`` (``[{"cells": ["r1c1", "r1c2"], "sum": 3}]``)
and ``"extra_regions"`` (lists of cells) when the rules need them. Cells are named ``r1c1``
(0-based indexes are accepted too).

**f-puzzles**: a link ``https://f-puzzles.com/?load=…``, the ``load=`` payload alone (lz-string's
base64 form of a JSON object) or that JSON itself: ``size``, ``grid`` (rows of cells with
``value``/``given`` and, for Jigsaw, ``region``), ``diagonal+``/``diagonal-``, ``antiknight``,
``antiking``, ``nonconsecutive``, ``disjointgroups``, ``extraregion`` and ``killercage``. Any other
constraint f-puzzles has (thermometers, arrows …) is refused by name: solving without it would
give wrong answers.

>>> cells, rules = read_fpuzzles(write_fpuzzles([0] * 81, _rules("x")))
>>> rules.variants
('x',)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

from sudokit.errors import ParseError, RulesError, ShapeError, VariantError
from sudokit.formats import links
from sudokit.formats.chars import CHAR_VALUE, DIGIT_CHARS, char_values
from sudokit.formats.export import fpuzzles_box, fpuzzles_fields, sudokupad_link
from sudokit.formats.sudokupad import load_json
from sudokit.rules import Cage, Rules
from sudokit.rules.spec import cell_index, constraint_from_dict, no_field
from sudokit.shape import Shape, shape_for_size
from sudokit.variant import X, make_rules

__all__ = [
    "looks_like_variant",
    "parse_variant",
    "parse_variant_data",
    "parse_variant_solution",
    "read_fpuzzles",
    "read_json",
    "rules_from_dict",
    "shape_of",
    "write_fpuzzles",
    "write_json",
    "write_sudokupad",
]

#: The f-puzzles keys sudokit reads (everything else that is not presentation is refused).
_FPUZZLES_FLAGS = {"antiknight": "antiknight", "antiking": "antiking", "nonconsecutive": "nonconsecutive",
                   "disjointgroups": "disjointgroups"}
_FPUZZLES_IGNORED = {"size", "grid", "title", "author", "ruleset", "solution", "diagonal+", "diagonal-",
                     "extraregion", "killercage", "text", "line", "rectangle", "circle", "cage",
                     "highlightConflicts", "antiknight", "antiking", "nonconsecutive", "disjointgroups"}
_PAYLOAD = re.compile(r"^[A-Za-z0-9+/=$-]{16,}$")
#: The largest text read as a variant puzzle (a 16×16 f-puzzles link is a few kB).
MAX_TEXT = 1_000_000


def _rules(variants: str) -> Rules:
    """Rules by variant names (for the doctest)."""
    return make_rules(variants)


def looks_like_variant(text: str) -> bool:
    """True when text is sudokit's JSON form or an f-puzzles link, payload or JSON (cheap test)."""
    t = text.strip()
    if not t:
        return False
    if t[0] == "{" or links.looks_like_link(t):
        return True
    if "f-puzzles.com" in t or "load=" in t:
        return True
    return t.startswith("N4Ig") and bool(_PAYLOAD.match(t))


def parse_variant(text: str) -> tuple[list[int], Rules] | None:
    """Cells and rules of a variant puzzle in either form; None when the text is neither."""
    found = parse_variant_solution(text)
    return None if found is None else (found[0], found[1])


def parse_variant_solution(text: str) -> tuple[list[int], Rules, str | None] | None:
    """As :func:`parse_variant`, with the solution a link's metadata carries (None: none), kept
    for a later comparison and never used to solve."""
    if not looks_like_variant(text):
        return None
    t = text.strip()
    if links.looks_like_link(t):
        puzzle = links.read_link(t)
        return list(puzzle.cells), puzzle.rules, puzzle.solution
    if "f-puzzles.com" in t or "load=" in t or t.startswith("N4Ig"):
        data = _fpuzzles_data(t)
        if _needs_mapping(data):
            puzzle = links.read_link_data(data, "fpuzzles")
            return list(puzzle.cells), puzzle.rules, puzzle.solution
        return (*_from_fpuzzles(data), None)
    if t.startswith("{"):
        data = _load_json(t)
        if "givens" in data or data.get("format") == "sudokit":
            return (*read_json(data), None)
        if "grid" in data:
            if _needs_mapping(data):
                puzzle = links.read_link_data(data, "fpuzzles")
                return list(puzzle.cells), puzzle.rules, puzzle.solution
            return (*_from_fpuzzles(data), None)
        if "cells" in data:
            puzzle = links.read_link_data(data, "scl")
            return list(puzzle.cells), puzzle.rules, puzzle.solution
        raise ParseError("a JSON puzzle needs \"givens\" (sudokit's form) or \"grid\" (f-puzzles')")
    return (*read_fpuzzles(t), None)


def parse_variant_data(data: dict[str, Any]) -> tuple[list[int], Rules] | None:
    """Cells and rules of an already-decoded JSON object in either form; None when it is neither."""
    if "givens" in data or data.get("format") == "sudokit":
        return read_json(data)
    if "grid" in data and "size" in data:
        if _needs_mapping(data):
            puzzle = links.read_link_data(data, "fpuzzles")
            return list(puzzle.cells), puzzle.rules
        return _from_fpuzzles(data)
    return None


def _needs_mapping(data: dict[str, Any]) -> bool:
    """True when f-puzzles' JSON holds constraints beyond the 8 old variants (read by
    :mod:`sudokit.formats.links`)."""
    empty: tuple[object, ...] = (None, False, [], {}, "")
    unknown = [k for k, v in data.items() if k not in _FPUZZLES_IGNORED and v not in empty]
    drawn = data.get("cage") or []
    valued = isinstance(drawn, list) and any(isinstance(c, dict) and c.get("value") for c in drawn)
    # A rules text is read by the mapping too: a rule it states beyond the fields refuses the puzzle.
    ruleset = data.get("ruleset")
    return bool(unknown) or valued or (isinstance(ruleset, str) and bool(ruleset.strip()))


def shape_of(rules: Rules) -> Shape:
    """The box shape a grid of these rules gets (a nominal one for a Jigsaw)."""
    if rules.shape is not None:
        return rules.shape
    try:
        return shape_for_size(rules.n)
    except ShapeError:
        return Shape(1, rules.n)


def _load_json(text: str) -> dict[str, Any]:
    """A JSON object, or a :class:`ParseError` naming what is wrong."""
    data = load_json(text, MAX_TEXT, "a JSON puzzle")
    if not isinstance(data, dict):
        raise ParseError("a JSON puzzle must be an object")
    return data


def _cell(value: object, n: int) -> int:
    """A cell given as ``r1c1`` or a 0-based index (a ParseError of the file when it is none)."""
    return cell_index(value, n, bad=ParseError)


def _objects(raw: object, not_list: str, not_object: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """The items of a JSON list of objects with their indexes, checked as they come: ``not_list``
    is the error when ``raw`` is no list, ``not_object`` (``{}`` for the 1-based number) when an
    item is no object."""
    if not isinstance(raw, list):
        raise ParseError(not_list)
    for k, item in enumerate(raw):
        if not isinstance(item, dict):
            raise ParseError(not_object.format(k + 1))
        yield k, item


def _cells(values: object, n: int, what: str) -> tuple[int, ...]:
    """A list of cells."""
    if not isinstance(values, list) or not values:
        raise ParseError(f"{what} must be a non-empty list of cells")
    return tuple(_cell(v, n) for v in values)


def _size(value: object) -> int:
    """The grid side of a JSON puzzle."""
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 64:
        raise ParseError(f"\"size\" must be a grid side 2-64, not {value!r}")
    return value


# -- sudokit's JSON form ------------------------------------------------------------------------------


#: The fields of sudokit's JSON form; any other is refused (a misspelt rule must not be dropped).
JSON_FIELDS = frozenset({"format", "size", "variants", "box", "regions", "cages", "extra_regions",
                         "constraints", "digits", "givens"})
#: The fields of a cage in it.
CAGE_FIELDS = frozenset({"cells", "sum"})


def _known_fields(data: dict[str, Any], fields: frozenset[str], what: str) -> None:
    """Refuse an object with a field not in ``fields``: read as it stands, it would lose a rule."""
    unknown = sorted(set(data) - fields)
    if unknown:
        raise ParseError(no_field(what, unknown[0], sorted(fields)))


def read_json(text: str | dict[str, Any]) -> tuple[list[int], Rules]:
    """Cells and rules of sudokit's JSON form (see the module's text)."""
    data = _load_json(text) if isinstance(text, str) else text
    if isinstance(data, dict):
        _known_fields(data, JSON_FIELDS, "sudokit's JSON form")
        if data.get("format", "sudokit") != "sudokit":
            raise ParseError(f"\"format\" must be \"sudokit\", not {data['format']!r}")
    givens = data.get("givens")
    if not isinstance(givens, str):
        raise ParseError("sudokit's JSON form needs \"givens\": the puzzle in the line format")
    n = _size(data.get("size", round(len(givens) ** 0.5) if givens else 0))
    return _givens(givens, n), rules_from_dict({**data, "size": n})


def rules_from_dict(data: dict[str, Any]) -> Rules:
    """The rules of :meth:`Rules.to_dict`'s form (``size``, ``variants``, ``box``, ``regions``,
    ``cages``, ``extra_regions``, ``constraints``, ``digits``): the inverse of ``to_dict``.

    >>> from sudokit.rules import Thermometer
    >>> rules = make_rules("x").with_constraints([Thermometer((0, 1, 2))])
    >>> rules_from_dict(rules.to_dict()) == rules
    True
    """
    if not isinstance(data, dict):
        raise ParseError("rules must be a JSON object")
    n = _size(data.get("size"))
    variants = data.get("variants", [])
    if isinstance(variants, str):
        variants = variants.split(",")
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise ParseError("\"variants\" must be a list of variant names")
    box = data.get("box")
    if box is not None and not (
        isinstance(box, list) and len(box) == 2 and all(isinstance(b, int) for b in box)
    ):
        raise ParseError("\"box\" must be [rows, cols]")
    cages = None
    if "cages" in data:
        cages = []
        for k, cage in _objects(
            data["cages"], "\"cages\" must be a list of {\"cells\": [...], \"sum\": S}",
            "cage {} must be an object with \"cells\" and \"sum\"",
        ):
            _known_fields(cage, CAGE_FIELDS, f"cage {k + 1}")
            total = cage.get("sum")
            if total is not None and (isinstance(total, bool) or not isinstance(total, int)):
                raise ParseError(f"cage {k + 1}: \"sum\" must be a whole number")
            cages.append(Cage(_cells(cage.get("cells"), n, f"cage {k + 1}"), total))
    extra = [_cells(r, n, "an extra region") for r in data.get("extra_regions", []) or []]
    regions = data.get("regions")
    if regions is not None and not isinstance(regions, (str, list)):
        raise ParseError("\"regions\" must be a region map (one character per cell)")
    rules = make_rules(
        variants, box=tuple(box) if box else None, n=n, regions=regions, cages=cages,
        extra_regions=extra,
    )
    raw = data.get("constraints") or []
    digits = data.get("digits")
    if not isinstance(raw, list):
        raise ParseError("\"constraints\" must be a list of {\"kind\": …} objects")
    if digits is not None and not isinstance(digits, list):
        raise ParseError("\"digits\" must be a list of whole numbers")
    if raw or digits is not None:
        rules = rules.with_constraints([constraint_from_dict(c, n) for c in raw], digits)
    return rules


def _givens(text: str, n: int) -> list[int]:
    """The cells of a line-format text (numbers separated by spaces for N > 35)."""
    words = text.split()
    if len(words) == n * n:
        try:
            values = [int(w) for w in words]
        except ValueError:
            raise ParseError("\"givens\" must be digits") from None
    else:
        compact = "".join(words)
        if len(compact) != n * n:
            raise ParseError(f"\"givens\" holds {len(compact)} cells, not {n * n}")
        values = char_values(compact, CHAR_VALUE, '"givens"', "a digit or '.'")
    if any(not 0 <= v <= n for v in values):
        raise ParseError(f"\"givens\" holds a digit outside 1-{n}")
    return values


def write_json(cells: Sequence[int], rules: Rules) -> str:
    """sudokit's JSON form of a puzzle."""
    n = rules.n
    if n <= len(DIGIT_CHARS):
        givens = "".join(DIGIT_CHARS[v - 1] if v else "." for v in cells)
    else:
        givens = " ".join(str(v) for v in cells)
    data = {"format": "sudokit", **rules.to_dict(), "givens": givens}
    return json.dumps(data, ensure_ascii=False)


# -- f-puzzles ------------------------------------------------------------------------------------------


def _lz() -> Any:
    """lz-string's codec (imported when an f-puzzles link is read or written)."""
    import lzstring  # type: ignore[import-untyped]

    return lzstring.LZString()


def read_fpuzzles(text: str) -> tuple[list[int], Rules]:
    """Cells and rules of an f-puzzles link, ``load=`` payload or JSON object."""
    t = text.strip()
    if len(t) > MAX_TEXT:
        raise ParseError(f"an f-puzzles link is limited to {MAX_TEXT} characters")
    data = _fpuzzles_data(t)
    if _needs_mapping(data):
        puzzle = links.read_link_data(data, "fpuzzles")
        return list(puzzle.cells), puzzle.rules
    return _from_fpuzzles(data)


def _fpuzzles_data(t: str) -> dict[str, Any]:
    """f-puzzles' JSON object of a link, ``load=`` payload or JSON text."""
    if len(t) > MAX_TEXT:
        raise ParseError(f"an f-puzzles link is limited to {MAX_TEXT} characters")
    if t.startswith("{"):
        return _load_json(t)
    payload = t
    if "load=" in t:
        query = urlparse(t).query or t.split("?", 1)[-1]
        found = parse_qs(query, keep_blank_values=True).get("load")
        payload = found[0] if found else t.split("load=", 1)[1].split("&", 1)[0]
        payload = unquote(payload).replace(" ", "+")
    try:
        decoded = _lz().decompressFromBase64(payload)
    except Exception:  # the codec fails in many ways on garbage: all mean "not a payload"
        decoded = None
    if not decoded or not isinstance(decoded, str):
        raise ParseError("not an f-puzzles payload (lz-string base64 of the puzzle's JSON)")
    return _load_json(decoded)


def _from_fpuzzles(data: dict[str, Any]) -> tuple[list[int], Rules]:
    """Cells and rules of f-puzzles' JSON object."""
    n = _size(data.get("size"))
    unknown = sorted(
        k for k, v in data.items() if k not in _FPUZZLES_IGNORED and v not in (None, False, [], {}, "")
    )
    if unknown:
        raise VariantError(f"f-puzzles constraints sudokit does not support: {', '.join(unknown)}")
    drawn = data.get("cage") or []  # drawn cages are decoration; one with a value is a sum cage
    if isinstance(drawn, list) and any(isinstance(c, dict) and c.get("value") for c in drawn):
        raise VariantError("f-puzzles' \"cage\" constraint with values is not supported")
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != n or any(not isinstance(r, list) or len(r) != n
                                                           for r in grid):
        raise ParseError(f"f-puzzles' \"grid\" must be {n} rows of {n} cells")
    cells = [0] * (n * n)
    regions: list[int] = []
    has_regions = False
    try:
        boxes = shape_for_size(n)
    except ShapeError:
        boxes = None
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise ParseError(f"f-puzzles' cell r{r + 1}c{c + 1} must be an object")
            value = cell.get("value")
            if value is not None and cell.get("given"):
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= n:
                    raise ParseError(f"f-puzzles' cell r{r + 1}c{c + 1} holds {value!r}, not a digit 1-{n}")
                cells[r * n + c] = value
            region = cell.get("region")
            if region is not None:
                if isinstance(region, bool) or not isinstance(region, int) or not 0 <= region < n:
                    raise ParseError(f"f-puzzles' cell r{r + 1}c{c + 1} has region {region!r}")
                has_regions = True
                regions.append(region)
            else:
                regions.append(boxes.box_of(r * n + c) if boxes is not None else -1)
    variants = [v for k, v in _FPUZZLES_FLAGS.items() if data.get(k)]
    extra: list[tuple[int, ...]] = []
    plus, minus = bool(data.get("diagonal+")), bool(data.get("diagonal-"))
    diagonals = {r.name: r.cells for r in X.regions(_any_shape(n))}
    if plus and minus:
        variants.append("x")
    elif minus:
        extra.append(diagonals["diagonal ↘"])
    elif plus:
        extra.append(diagonals["diagonal ↗"])
    for k, region in _objects(
        data.get("extraregion") or [], "f-puzzles' \"extraregion\" must be a list",
        "f-puzzles' extra region {} must be an object",
    ):
        extra.append(_cells(region.get("cells"), n, f"extra region {k + 1}"))
    if boxes is not None and boxes.box_rows == boxes.box_cols and extra:
        windows = {r.cells for r in make_rules("windoku", box=boxes).regions if r.kind == "window"}
        found = {tuple(sorted(e)) for e in extra}
        if {tuple(sorted(w)) for w in windows} <= found:
            variants.append("windoku")
            extra = [e for e in extra if tuple(sorted(e)) not in {tuple(sorted(w)) for w in windows}]
    cages = None
    raw_cages = data.get("killercage") or []
    if raw_cages:
        cages = []
        for k, cage in _objects(
            raw_cages, "f-puzzles' \"killercage\" must be a list",
            "f-puzzles' killer cage {} must be an object",
        ):
            value = cage.get("value")
            total: int | None
            if value in (None, ""):
                total = None
            else:
                try:
                    total = int(str(value).strip())
                except ValueError:
                    raise ParseError(f"f-puzzles' killer cage {k + 1} has the sum {value!r}") from None
            cages.append(Cage(_cells(cage.get("cells"), n, f"killer cage {k + 1}"), total))
    piece_map = None
    if has_regions or boxes is None:
        if -1 in regions:
            raise RulesError(f"a {n}×{n} grid has no boxes: every cell needs its region")
        piece_map = regions
    rules = make_rules(variants, n=n, regions=piece_map, cages=cages, extra_regions=extra)
    return cells, rules


def _any_shape(n: int) -> Shape:
    """A shape of side ``n`` for the diagonals (only ``n`` matters)."""
    return Shape(1, n)


def write_fpuzzles(cells: Sequence[int], rules: Rules, *, url: bool = True, title: str | None = None) -> str:
    """An f-puzzles link (or only its payload) for a puzzle and its rules, every constraint
    included (:func:`sudokit.formats.export.fpuzzles_fields`; one f-puzzles cannot express
    raises :class:`~sudokit.errors.UnsupportedConstraintError`)."""
    n = rules.n
    if n > 16:
        raise VariantError(f"f-puzzles draws grids up to 16×16, not {n}×{n}")
    name = rules.cell_name
    boxes = None if rules.pieces is not None or rules.shape is None else rules.shape
    own_boxes = boxes is not None and boxes.box != fpuzzles_box(n)
    grid: list[list[dict[str, Any]]] = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict[str, Any] = {}
            v = cells[r * n + c]
            if v:
                cell = {"value": v, "given": True}
            if rules.pieces is not None:
                cell["region"] = rules.pieces[r * n + c]
            elif boxes is not None and own_boxes:
                cell["region"] = boxes.box_of(r * n + c)
            row.append(cell)
        grid.append(row)
    data: dict[str, Any] = {"size": n, "grid": grid}
    if title:
        data["title"] = title
    names = set(rules.variants)
    if "x" in names:
        data["diagonal+"] = True
        data["diagonal-"] = True
    for key, variant in _FPUZZLES_FLAGS.items():
        if variant in names:
            data[key] = True
    extra = [[name(c) for c in r.cells] for r in rules.regions if r.kind in ("window", "extra")]
    if extra:
        data["extraregion"] = [{"cells": cells_} for cells_ in extra]
    if rules.cages:
        data["killercage"] = [
            {"cells": [name(c) for c in cage.cells]}
            | ({"value": str(cage.total)} if cage.total is not None else {})
            for cage in rules.cages
        ]
    for key, value in fpuzzles_fields(rules).items():
        if isinstance(value, list) and isinstance(data.get(key), list):
            data[key] = data[key] + value
        else:
            data[key] = value
    payload: str = _lz().compressToBase64(json.dumps(data, separators=(",", ":")))
    return f"https://f-puzzles.com/?load={payload}" if url else payload


def write_sudokupad(cells: Sequence[int], rules: Rules, *, title: str | None = None) -> str:
    """A SudokuPad link for a puzzle and its rules: f-puzzles' JSON, which SudokuPad opens
    (``https://sudokupad.app/fpuzzles…``); the same constraints as :func:`write_fpuzzles`."""
    return sudokupad_link(write_fpuzzles(cells, rules, url=False, title=title))
