"""SudokuPad and f-puzzles links, decoded in full into a faithful intermediate form.

This module reads what setters share and keeps every drawing element with its raw attributes;
it does not turn them into sudokit's rules (the constraint kinds are mapped elsewhere).

**Link forms** read by :func:`decode_link` (nothing is ever fetched from the network):

- ``https://sudokupad.app/<payload>``, ``https://sudokupad.app/sudoku/<payload>``,
  ``https://app.crackingthecryptic.com/[sudoku/]<payload>``, ``…/?puzzleid=<payload>``,
  ``sudokupad://puzzle/<payload>`` and ``https://f-puzzles.com/?load=<payload>``;
- bare payloads with their prefix: ``scl…`` or ``ctc…`` (SudokuPad's own format, "zipped" and
  compressed), ``fpuz…`` or ``fpuzzles…`` (f-puzzles' JSON, compressed), or an unprefixed
  f-puzzles ``load=`` payload;
- the JSON itself: strict JSON (SudokuPad's or f-puzzles') or SudokuPad's zipped relaxed form.

Payloads are lz-string compressed; both of lz-string's alphabets are read (``compressToBase64``'s
``+/=`` and ``compressToEncodedURIComponent``'s ``+-$``), after URL-decoding (``%2B``) and, as
SudokuPad does, after re-doubling slashes a web server merged (``//`` → ``/``). A SudokuPad
*puzzle id* (``sudokupad.app/abc123``) names a puzzle stored on SudokuPad's server: it raises
:class:`PuzzleIdError`.

**Coordinates**: SudokuPad places everything at ``[row, col]`` floats from the grid's top-left
corner, one unit per cell, so the centre of cell (r, c) (0-based) is ``[r + 0.5, c + 0.5]``;
:func:`locate` names the cell, edge or corner a point is on.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal
from urllib.parse import unquote, urlsplit

from sudokit.errors import ParseError, Where
from sudokit.formats.zipped import MAX_DEPTH, UNZIP_KEYS, lz_decompress, map_keys, unzip_puzzle

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "MAX_LINK",
    "Arrow",
    "Cage",
    "FPuzzlesElement",
    "Line",
    "Metadata",
    "Position",
    "PuzzleIdError",
    "Shape",
    "SudokuPadPuzzle",
    "decode",
    "decode_link",
    "load_json",
    "locate",
    "puzzle_from_data",
    "read_sudokupad",
]

#: The longest link or payload read (characters); a big 16×16 variant is some tens of kB.
MAX_LINK = 1_000_000


def load_json(text: str, limit: int, what: str) -> object:
    """The JSON value of ``text`` (at most ``limit`` characters), or a :class:`ParseError` about ``what``."""
    if len(text) > limit:
        raise ParseError(f"{what} is limited to {limit} characters")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ParseError(f"{what} is not valid JSON: {error}") from None
Cell = tuple[int, int]
Point = tuple[float, float]
Format = Literal["scl", "fpuzzles"]


class PuzzleIdError(ParseError):
    """A SudokuPad or f-puzzles link that names a puzzle kept on their server, not the puzzle."""

    def __init__(
        self,
        problem: str = "unsupported: a SudokuPad puzzle id needs the SudokuPad server; paste the full link",
        **where: Unpack[Where],
    ) -> None:
        super().__init__(problem, **where)


# -- links ------------------------------------------------------------------------------------------------

_SUDOKUPAD_HOSTS = {"sudokupad.app", "www.sudokupad.app", "beta.sudokupad.app",
                    "app.crackingthecryptic.com", "sudokupad.svencodes.com"}
_FPUZZLES_HOSTS = {"f-puzzles.com", "www.f-puzzles.com"}
_PREFIX = re.compile(r"^(scl|ctc|fpuzzles|fpuz|scf)(.*)$", re.DOTALL)
_ID = re.compile(r"^[A-Za-z0-9_.~-]{1,64}(?:/[A-Za-z0-9_.~-]{1,64})*$")


@dataclass(frozen=True)
class Decoded:
    """A decoded link: which format the JSON is in and the JSON object."""

    format: Format
    data: dict[str, object]


def decode_link(text: str) -> dict[str, object]:
    """The puzzle JSON a SudokuPad/f-puzzles link, payload or JSON text carries (see the module)."""
    return decode(text).data


def decode(text: str) -> Decoded:
    """Like :func:`decode_link`, also saying whether the JSON is SudokuPad's or f-puzzles'."""
    if not isinstance(text, str):
        raise TypeError(f"a link must be a str, not {type(text).__name__}")
    t = text.strip().strip("<>\"'").strip()
    if not t:
        raise ParseError("empty link")
    if len(t) > MAX_LINK:
        raise ParseError(f"a link is limited to {MAX_LINK} characters, this one has {len(t)}")
    if t[0] in "{[":
        return _from_json_text(t)
    hint: Format | None = None
    lowered = t.lower()
    if "://" in t or lowered.startswith(tuple(_SUDOKUPAD_HOSTS | _FPUZZLES_HOSTS)):
        t, hint = _payload_of_url(t if "://" in t else "https://" + t)
    return _from_payload(t, hint)


def _payload_of_url(url: str) -> tuple[str, Format | None]:
    """The payload of a link, and its format when the site says it."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    query: dict[str, str] = {}
    for item in parts.query.split("&"):
        key, _, value = item.partition("=")
        query.setdefault(key.lower(), value)
    if parts.scheme == "sudokupad":  # sudokupad://puzzle/<payload>
        payload = (parts.netloc + parts.path).removeprefix("puzzle").lstrip("/")
        return _need(payload, url), None
    if host in _FPUZZLES_HOSTS:
        if "load" in query:
            return _need(query["load"], url), "fpuzzles"
        if "id" in query:
            raise PuzzleIdError("unsupported: an f-puzzles short id needs the f-puzzles server; "
                                "paste the full ?load= link")
        raise ParseError("an f-puzzles link needs ?load=<payload>")
    if host not in _SUDOKUPAD_HOSTS:
        raise ParseError(f"not a SudokuPad or f-puzzles link (host {host or '?'!r})")
    if "puzzleid" in query:
        return _need(query["puzzleid"], url), None
    path = parts.path.lstrip("/")
    if path.lower().startswith("sudoku/"):
        path = path[len("sudoku/"):]
    return _need(path, url), None


def _need(payload: str, url: str) -> str:
    if not payload.strip("/"):
        raise ParseError(f"the link names no puzzle: {url[:80]}")
    return payload


def _uri_decode(text: str) -> str:
    """SudokuPad's "safe" decodeURIComponent: decoded only when that makes it shorter."""
    decoded = unquote(text)
    return decoded if len(decoded) < len(text) else text


def _from_payload(payload: str, hint: Format | None) -> Decoded:
    """Decode a payload with or without its format prefix."""
    payload = _uri_decode(payload.strip()).replace(" ", "+")
    payload = re.sub(r"[\t\r\n]", "", payload)
    if payload.startswith(("{", "[")):
        return _from_json_text(payload)
    match = _PREFIX.match(payload)
    if match:
        prefix, body = match.group(1), match.group(2)
        if prefix == "scf":
            raise ParseError("unsupported: SudokuPad's compact 'scf' format is not read; "
                             "share the puzzle as a full scl or f-puzzles link")
        fmt: Format = "fpuzzles" if prefix.startswith("fpuz") else "scl"
        body = _uri_decode(body)
        if not body:
            raise ParseError(f"the {prefix!r} link carries no payload")
        if body.startswith(("{", "[")):
            return _checked(_from_json_text(body), fmt)
        return _checked(_from_json_text(_decompress(body)), fmt)
    if hint == "fpuzzles" or (len(payload) >= 40 and payload.startswith("N4Ig")):
        return _checked(_from_json_text(_decompress(payload)), "fpuzzles")
    if _ID.match(payload):
        raise PuzzleIdError()
    raise ParseError("not a SudokuPad or f-puzzles payload (expected a link, scl…, ctc…, fpuzzles… or JSON)")


def _checked(decoded: Decoded, expected: Format) -> Decoded:
    """The decoded JSON, when it is in the format its prefix said."""
    if decoded.format != expected:
        names = {"scl": "SudokuPad's (scl)", "fpuzzles": "f-puzzles'"}
        raise ParseError(f"the payload's prefix says {names[expected]} format but it holds "
                         f"{names[decoded.format]} JSON")
    return decoded


def _decompress(body: str) -> str:
    """lz-string decompression, re-doubling merged slashes when the plain data fails (bounded)."""
    try:
        return lz_decompress(body)
    except ParseError as error:
        first = error
    slashes = [i for i, ch in enumerate(body) if ch == "/"][:6]
    if not slashes or len(body) > 50_000:
        raise first
    for mask in sorted(range(1, 1 << len(slashes)), key=int.bit_count):
        parts, start = [], 0
        for k, at in enumerate(slashes):
            if mask >> k & 1:
                parts += [body[start:at + 1], "/"]
                start = at + 1
        fixed = "".join(parts) + body[start:]
        try:
            text = lz_decompress(fixed)
        except ParseError:
            continue
        if text.lstrip().startswith(("{", "[")):
            return text
    raise first


def _depth(value: object) -> int:
    """How deeply arrays and objects nest in a JSON value (iteratively)."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                stack.extend((v, depth) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def _from_json_text(text: str) -> Decoded:
    """A puzzle JSON object from strict JSON or the zipped form."""
    data: object
    t = text.strip()
    if not t:
        raise ParseError("the payload decompresses to nothing")
    try:
        data = json.loads(t)
    except (ValueError, RecursionError):
        data = unzip_puzzle(t)
    else:
        if _depth(data) > MAX_DEPTH:
            raise ParseError(f"the puzzle's JSON is nested deeper than {MAX_DEPTH} levels")
    if not isinstance(data, dict):
        raise ParseError("a puzzle's JSON must be an object")
    if "grid" in data and "size" in data:
        return Decoded("fpuzzles", data)
    if "cells" in data or "ce" in data:
        if "ce" in data and "cells" not in data:
            unzipped = map_keys(data, UNZIP_KEYS)
            assert isinstance(unzipped, dict)
            data = unzipped
        return Decoded("scl", data)
    raise ParseError("the JSON is neither SudokuPad's puzzle (no \"cells\") "
                     "nor f-puzzles' (no \"size\"/\"grid\")")


# -- positions -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """Where a SudokuPad point lies: in a cell's centre, on an edge between two cells, on a
    corner between up to four, outside the grid, or elsewhere. ``cells`` are the 0-based
    ``(row, col)`` cells it touches inside the grid."""

    kind: Literal["centre", "edge", "corner", "outside", "other"]
    cells: tuple[Cell, ...]


def _near(x: float, target: float, tol: float) -> bool:
    return abs(x - target) <= tol


def locate(point: Sequence[float], rows: int, cols: int, *, tol: float = 0.12) -> Position:
    """The :class:`Position` of a ``[row, col]`` point in a ``rows`` × ``cols`` grid."""
    y, x = float(point[0]), float(point[1])
    if y < -tol or x < -tol or y > rows + tol or x > cols + tol:
        return Position("outside", ())
    ry, rx = round(y * 2) / 2, round(x * 2) / 2
    if not (_near(y, ry, tol) and _near(x, rx, tol)):
        return Position("other", ())
    half_y, half_x = ry % 1 == 0.5, rx % 1 == 0.5
    if half_y and half_x:
        cell = (int(ry), int(rx))
        return Position("centre", (cell,)) if cell[0] < rows and cell[1] < cols else Position("outside", ())
    if half_y or half_x:
        if half_y:  # a vertical edge: the cells left and right
            r, c = int(ry), int(rx)
            cells = tuple((r, cc) for cc in (c - 1, c) if 0 <= cc < cols and 0 <= r < rows)
        else:
            r, c = int(ry), int(rx)
            cells = tuple((rr, c) for rr in (r - 1, r) if 0 <= rr < rows and 0 <= c < cols)
        return Position("edge" if len(cells) == 2 else "outside" if not cells else "edge", cells)
    r, c = int(ry), int(rx)
    cells = tuple((rr, cc) for rr in (r - 1, r) for cc in (c - 1, c) if 0 <= rr < rows and 0 <= cc < cols)
    return Position("corner", cells)


def trace_cells(points: Sequence[Point], rows: int, cols: int) -> tuple[Cell, ...] | None:
    """The cells a line through cell centres visits (straight runs filled in); None when a way
    point is not a cell centre."""
    cells: list[Cell] = []
    for k, p in enumerate(points):
        pos = locate(p, rows, cols)
        if pos.kind != "centre":
            return None
        cell = pos.cells[0]
        if cells:
            (r0, c0), (r1, c1) = cells[-1], cell
            dr, dc = r1 - r0, c1 - c0
            steps = max(abs(dr), abs(dc))
            if steps > 1 and (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
                sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
                cells.extend((r0 + sr * i, c0 + sc * i) for i in range(1, steps))
        if k == 0 or cell != cells[-1]:
            cells.append(cell)
    return tuple(cells)


# -- the intermediate form --------------------------------------------------------------------------------


def frozen_mapping(data: Mapping[str, object]) -> Mapping[str, object]:
    return MappingProxyType(dict(data))


@dataclass(frozen=True)
class Cage:
    """A SudokuPad cage: cells, the value text (a killer sum, or e.g. ``"title: …"``), style."""

    cells: tuple[Cell, ...]
    value: str | int | float | None
    style: str | None
    attrs: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


@dataclass(frozen=True)
class Line:
    """A SudokuPad line: way points (``[row, col]`` floats), colour, thickness, the rest raw."""

    way_points: tuple[Point, ...]
    color: str | None
    thickness: float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


@dataclass(frozen=True)
class Arrow:
    """A SudokuPad arrow: way points from tail to head, colour, thickness, head length."""

    way_points: tuple[Point, ...]
    color: str | None
    thickness: float | None
    head_length: float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


@dataclass(frozen=True)
class Shape:
    """An overlay or underlay: a rectangle or (``rounded``) ellipse/pill at ``center``, with text."""

    layer: Literal["overlay", "underlay"]
    center: Point
    width: float
    height: float
    rounded: bool
    background_color: str | None
    border_color: str | None
    text: str | None
    font_size: float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


@dataclass(frozen=True)
class Metadata:
    """Title, author, rules text and the solution string, when the puzzle carries them.

    The solution is data only (for comparison after solving); nothing in sudokit solves with it."""

    title: str | None = None
    author: str | None = None
    rules: str | None = None
    solution: str | None = None
    extra: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


@dataclass(frozen=True)
class FPuzzlesElement:
    """One entry of an f-puzzles constraint list (``thermometer``, ``killercage`` …), raw.

    ``cells`` are the entry's ``cells`` (or its one ``cell``) as 0-based ``(row, col)``;
    ``lines`` its ``lines`` the same way; ``attrs`` every other field as written."""

    kind: str
    cells: tuple[Cell, ...]
    lines: tuple[tuple[Cell, ...], ...]
    value: str | int | float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


@dataclass(frozen=True)
class SudokuPadPuzzle:
    """A decoded puzzle: size, givens, regions and every drawing element (see the module).

    ``format`` says which JSON it came from. From SudokuPad's JSON the drawing tuples are filled;
    from f-puzzles' JSON, ``fpuzzles`` holds every constraint entry and ``flags`` its true/false
    fields (``antiknight`` …), and the drawing tuples stay empty. ``extra`` keeps the top-level
    keys not read into fields (``foglight``, ``settings`` …) and ``data`` the whole JSON."""

    format: Format
    rows: int
    cols: int
    givens: Mapping[Cell, int | str]
    regions: tuple[tuple[Cell, ...], ...]
    cages: tuple[Cage, ...] = ()
    lines: tuple[Line, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    overlays: tuple[Shape, ...] = ()
    underlays: tuple[Shape, ...] = ()
    metadata: Metadata = field(default_factory=Metadata)
    fpuzzles: tuple[FPuzzlesElement, ...] = ()
    flags: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))
    extra: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))
    data: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}), repr=False)

    @property
    def size(self) -> tuple[int, int]:
        """``(rows, cols)``."""
        return (self.rows, self.cols)


def read_sudokupad(text: str) -> SudokuPadPuzzle:
    """The :class:`SudokuPadPuzzle` of a link, payload or JSON text."""
    decoded = decode(text)
    return puzzle_from_data(decoded.data, decoded.format)


def _num(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ParseError(f"{what} must be a number, not {value!r}")
    return float(value)


def _point(value: object, what: str) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise ParseError(f"{what} must be a [row, col] pair, not {value!r}"[:200])
    return (_num(value[0], what), _num(value[1], what))


def _cell_rc(value: object, what: str) -> Cell:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return (int(value[0]), int(value[1]))
    if isinstance(value, list) and len(value) == 2:
        r, c = _point(value, what)
        if r.is_integer() and c.is_integer():
            return (int(r), int(c))
    raise ParseError(f"{what} must be a [row, col] cell, not {value!r}"[:200])


def _list(value: object, what: str) -> list[object]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ParseError(f"{what} must be a list")
    return value


def _obj(value: object, what: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise ParseError(f"{what} must be an object")
    return value


def _opt_str(value: object) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def _opt_num(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                return None
        return None
    return float(value)


def _scalar(value: object) -> str | int | float | None:
    if value is None or (isinstance(value, (str, int, float)) and not isinstance(value, bool)):
        return value
    return str(value)


def rest_of(item: Mapping[str, object], used: Iterable[str]) -> Mapping[str, object]:
    skip = set(used)
    return frozen_mapping({k: v for k, v in item.items() if k not in skip})


_META = re.compile(r"^\s*([A-Za-z][\w-]*)\s*:\s*(.*)$", re.DOTALL)


def puzzle_from_data(data: Mapping[str, object], fmt: Format) -> SudokuPadPuzzle:
    """The :class:`SudokuPadPuzzle` of an already decoded JSON object."""
    return _from_fpuzzles(data) if fmt == "fpuzzles" else _from_scl(data)


def _from_scl(data: Mapping[str, object]) -> SudokuPadPuzzle:
    rows_raw = _list(data.get("cells"), "\"cells\"")
    if not rows_raw:
        raise ParseError("a SudokuPad puzzle needs \"cells\" (rows of cells)")
    givens: dict[Cell, int | str] = {}
    cols = 0
    for r, row in enumerate(rows_raw):
        row_cells = _list(row, f"row {r + 1} of \"cells\"")
        cols = max(cols, len(row_cells))
        for c, cell in enumerate(row_cells):
            if isinstance(cell, dict):
                value = cell.get("value")
                if value not in (None, "") and not isinstance(value, bool) and isinstance(value, (int, str)):
                    givens[(r, c)] = value
    rows = len(rows_raw)
    if rows > 64 or cols > 64:
        raise ParseError(f"a {rows}×{cols} grid is bigger than sudokit reads (64×64)")
    regions = tuple(
        tuple(_cell_rc(p, f"region {k + 1}") for p in _list(region, f"region {k + 1}"))
        for k, region in enumerate(_list(data.get("regions"), "\"regions\""))
    )
    meta: dict[str, object] = {}
    for key in ("metadata", "metaData"):
        block = data.get(key)
        if isinstance(block, dict):
            meta.update({str(k).lower(): v for k, v in block.items()})
    cages = []
    for k, raw in enumerate(_list(data.get("cages"), "\"cages\"")):
        cage = _obj(raw, f"cage {k + 1}")
        cells = tuple(_cell_rc(p, f"cage {k + 1}") for p in _list(cage.get("cells"), f"cage {k + 1}'s cells"))
        value = _scalar(cage.get("value"))
        if not cells and isinstance(value, str):
            m = _META.match(value)
            if m:
                meta.setdefault(m.group(1).lower(), m.group(2).strip())
                continue
        cages.append(Cage(cells, value, _opt_str(cage.get("style")),
                          rest_of(cage, ("cells", "value", "style"))))
    lines = []
    for k, raw in enumerate(_list(data.get("lines"), "\"lines\"")):
        item = _obj(raw, f"line {k + 1}")
        points = tuple(_point(p, f"line {k + 1}") for p in _list(item.get("wayPoints"), f"line {k + 1}"))
        lines.append(Line(points, _opt_str(item.get("color")), _opt_num(item.get("thickness")),
                          rest_of(item, ("wayPoints", "color", "thickness"))))
    arrows = []
    for k, raw in enumerate(_list(data.get("arrows"), "\"arrows\"")):
        item = _obj(raw, f"arrow {k + 1}")
        points = tuple(_point(p, f"arrow {k + 1}") for p in _list(item.get("wayPoints"), f"arrow {k + 1}"))
        arrows.append(Arrow(points, _opt_str(item.get("color")), _opt_num(item.get("thickness")),
                            _opt_num(item.get("headLength")),
                            rest_of(item, ("wayPoints", "color", "thickness", "headLength"))))
    shapes: dict[str, list[Shape]] = {"overlay": [], "underlay": []}
    for layer in ("overlay", "underlay"):
        for k, raw in enumerate(_list(data.get(layer + "s"), f"\"{layer}s\"")):
            item = _obj(raw, f"{layer} {k + 1}")
            shapes[layer].append(Shape(
                layer,
                _point(item.get("center"), f"{layer} {k + 1}'s center"),
                _opt_num(item.get("width")) or 0.0, _opt_num(item.get("height")) or 0.0,
                bool(item.get("rounded")), _opt_str(item.get("backgroundColor")),
                _opt_str(item.get("borderColor")), _opt_str(item.get("text")),
                _opt_num(item.get("fontSize")),
                rest_of(item, ("center", "width", "height", "rounded", "backgroundColor", "borderColor",
                             "text", "fontSize")),
            ))
    known = {"cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "metadata", "metaData"}
    return SudokuPadPuzzle(
        "scl", rows, cols, MappingProxyType(givens), regions, tuple(cages), tuple(lines), tuple(arrows),
        tuple(shapes["overlay"]), tuple(shapes["underlay"]), _metadata(meta),
        extra=rest_of(data, known), data=frozen_mapping(data),
    )


def _metadata(meta: Mapping[str, object]) -> Metadata:
    def text(key: str) -> str | None:
        value = meta.get(key)
        if isinstance(value, list):
            value = "\n".join(str(v) for v in value)
        return None if value in (None, "") else str(value)

    solution = meta.get("solution")
    if isinstance(solution, list):
        solution = "".join(str(v) for v in solution)
    return Metadata(text("title"), text("author"), text("rules"),
                    None if solution in (None, "") else str(solution),
                    rest_of(meta, ("title", "author", "rules", "solution")))


_RC = re.compile(r"^[rR](\d+)[cC](\d+)$")


def fp_cell(value: object, what: str) -> Cell:
    if isinstance(value, str):
        m = _RC.match(value.strip())
        if m:
            return (int(m.group(1)) - 1, int(m.group(2)) - 1)
    raise ParseError(f"{what}: {value!r} is not an f-puzzles cell (R1C1)"[:200])


def _from_fpuzzles(data: Mapping[str, object]) -> SudokuPadPuzzle:
    size = data.get("size")
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= 64:
        raise ParseError(f"f-puzzles' \"size\" must be a grid side 1-64, not {size!r}"[:200])
    grid = _list(data.get("grid"), "f-puzzles' \"grid\"")
    if len(grid) != size:
        raise ParseError(f"f-puzzles' \"grid\" must have {size} rows, not {len(grid)}")
    givens: dict[Cell, int | str] = {}
    region_cells: dict[object, list[Cell]] = {}
    box_h = math.isqrt(size)
    while box_h > 1 and size % box_h:
        box_h -= 1
    box_w = size // max(box_h, 1)
    for r, row in enumerate(grid):
        row_cells = _list(row, f"f-puzzles' row {r + 1}")
        if len(row_cells) != size:
            raise ParseError(f"f-puzzles' row {r + 1} must have {size} cells, not {len(row_cells)}")
        for c, raw in enumerate(row_cells):
            cell = _obj(raw, f"f-puzzles' cell r{r + 1}c{c + 1}")
            value = cell.get("value")
            if cell.get("given") and isinstance(value, (int, str)) and not isinstance(value, bool):
                givens[(r, c)] = value
            region = cell.get("region", (r // box_h) * box_h + c // box_w)
            region_cells.setdefault(region if region is not None else "null", []).append((r, c))
    regions = tuple(tuple(v) for k, v in region_cells.items() if k != "null")
    elements: list[FPuzzlesElement] = []
    flags: dict[str, object] = {}
    meta: dict[str, object] = {k: data[k] for k in ("title", "author") if data.get(k) not in (None, "")}
    if data.get("ruleset") not in (None, ""):
        meta["rules"] = data["ruleset"]
    solution = data.get("solution")
    if isinstance(solution, list):
        solution = "".join(str(v) for v in solution)
    if isinstance(solution, str) and solution.strip(".0"):
        meta["solution"] = solution
    skip = {"size", "grid", "title", "author", "ruleset", "solution"}
    for key, value in data.items():
        if key in skip:
            continue
        if isinstance(value, list) and (key in _FP_CELL_LISTS or all(isinstance(v, dict) for v in value)):
            for k, raw in enumerate(value):
                elements.append(_fp_element(key, raw, f"f-puzzles' {key} {k + 1}"))
        else:
            flags[key] = value  # true/false settings, and lists of names such as "negative"
    for element in elements:  # metadata cages: no cells (or invisible) and "name: value"
        if element.kind == "cage" and not element.cells and isinstance(element.value, str):
            m = _META.match(element.value)
            if m:
                meta.setdefault(m.group(1).lower(), m.group(2).strip())
    return SudokuPadPuzzle(
        "fpuzzles", size, size, MappingProxyType(givens), regions, metadata=_metadata(meta),
        fpuzzles=tuple(elements), flags=frozen_mapping(flags), data=frozen_mapping(data),
    )


#: f-puzzles fields that are plain lists of cells rather than lists of objects.
_FP_CELL_LISTS = {"fogofwar", "foglight"}


def _fp_element(kind: str, raw: object, what: str) -> FPuzzlesElement:
    if not isinstance(raw, dict):
        return FPuzzlesElement(kind, (fp_cell(raw, what),), (), None)
    cells: list[Cell] = []
    if "cell" in raw:
        cells.append(fp_cell(raw["cell"], what))
    cells.extend(fp_cell(v, what) for v in _list(raw.get("cells"), f"{what}'s cells"))
    lines = tuple(
        tuple(fp_cell(v, what) for v in _list(line, f"{what}'s line"))
        for line in _list(raw.get("lines"), f"{what}'s lines")
    )
    value = raw.get("value")
    return FPuzzlesElement(kind, tuple(cells), lines, _scalar(value),
                           rest_of(raw, ("cell", "cells", "lines", "value")))
