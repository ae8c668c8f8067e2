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

**Zipped JSON** (SudokuPad's ``PuzzleZipper``): keys unquoted and shortened by a fixed table
(:data:`ZIP_KEYS`), strings in single quotes, ``t``/``f`` for booleans, ``#0``/``#F`` for black
and white, colours without their ``#``, empty objects left out (``[a,,b]`` is ``[a,{},b]``).

**Coordinates**: SudokuPad places everything at ``[row, col]`` floats from the grid's top-left
corner, one unit per cell, so the centre of cell (r, c) (0-based) is ``[r + 0.5, c + 0.5]``;
:func:`locate` names the cell, edge or corner a point is on.

>>> data = unzip_puzzle("{ce:[[{v:1},],[,]],ca:[{ce:[[0,1],[1,1]],v:7}]}")
>>> data["cells"], data["cages"][0]["value"]
([[{'value': 1}, {}], [{}, {}]], 7)
"""

from __future__ import annotations

import colorsys
import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal
from urllib.parse import unquote, urlsplit

from sudokit.errors import ParseError

__all__ = [
    "MAX_DECODED",
    "MAX_DEPTH",
    "MAX_LINK",
    "ZIP_KEYS",
    "Arrow",
    "BenchRecord",
    "Cage",
    "Element",
    "FPuzzlesElement",
    "Line",
    "Metadata",
    "Position",
    "PuzzleIdError",
    "Shape",
    "SudokuPadPuzzle",
    "Unsupported",
    "classify",
    "decode",
    "decode_link",
    "locate",
    "lz_decompress",
    "puzzle_from_data",
    "read_bench_records",
    "read_sudokupad",
    "relaxed_dumps",
    "relaxed_loads",
    "unzip_puzzle",
    "zip_puzzle",
]

#: The longest link or payload read (characters); a big 16×16 variant is some tens of kB.
MAX_LINK = 1_000_000
#: The most characters a payload may decompress to (lz-string can expand quadratically).
MAX_DECODED = 4_000_000
#: The deepest nesting of JSON arrays and objects read (a puzzle needs about 5).
MAX_DEPTH = 64

#: SudokuPad's ``PuzzleZipper`` key table, long name → short name (as SudokuPad's
#: ``puzzlezipper`` defines it; ``d``, an SVG path, is zipped to ``d2`` by newer versions).
ZIP_KEYS: Mapping[str, str] = MappingProxyType({
    "color": "c", "cages": "ca", "center": "ct", "borderColor": "c1", "backgroundColor": "c2",
    "cells": "ce", "cellSize": "cs", "arrows": "a", "overlays": "o", "underlays": "u",
    "width": "w", "height": "h", "value": "v", "videos": "vd", "lines": "l", "rounded": "r",
    "regions": "re", "fontSize": "fs", "thickness": "th", "headLength": "hl", "wayPoints": "wp",
    "title": "t", "text": "te", "duration": "d", "d": "d2",
})
_UNZIP_KEYS = {short: long for long, short in ZIP_KEYS.items()}

Cell = tuple[int, int]
Point = tuple[float, float]
Format = Literal["scl", "fpuzzles"]


class PuzzleIdError(ParseError):
    """A SudokuPad or f-puzzles link that names a puzzle kept on their server, not the puzzle."""

    def __init__(
        self,
        problem: str = "unsupported: a SudokuPad puzzle id needs the SudokuPad server; paste the full link",
        *,
        line: int | None = None,
        column: int | None = None,
        expected: str | None = None,
    ) -> None:
        super().__init__(problem, line=line, column=column, expected=expected)


# -- lz-string ----------------------------------------------------------------------------------------

#: lz-string's two alphabets share A-Z a-z 0-9 + (0-62); 63 is '/' in base64 and '-' in the
#: URI-safe form; '=', '$' (and SudokuPad's '\\') fill the last group and carry no bits.
_LZ_VALUES = {ch: i for i, ch in enumerate(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}
_LZ_VALUES |= {"-": 63, "=": 0, "$": 0, "\\": 0}


class _Truncated(Exception):
    """The compressed data ended before its end mark."""


def lz_decompress(payload: str, *, limit: int = MAX_DECODED) -> str:
    """lz-string's ``decompressFromBase64`` (either alphabet) with a cap on the output's size.

    Raises :class:`ParseError` naming the problem: a character outside the alphabets, data cut
    short, a code that refers to nothing, or output over ``limit`` characters.
    """
    values = []
    for i, ch in enumerate(payload):
        v = _LZ_VALUES.get(ch)
        if v is None:
            raise ParseError(f"character {ch!r} at position {i + 1} of the payload is not lz-string base64")
        values.append(v)
    if not values:
        raise ParseError("the payload is empty")
    try:
        text = _lz_codes(values, limit)
    except _Truncated:
        raise ParseError("the payload is truncated (its lz-string data ends too soon)") from None
    if text is None:
        raise ParseError("the payload is not lz-string data (damaged or not a puzzle)")
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):  # UTF-16 pairs back to code points
        text = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def _lz_codes(values: list[int], limit: int) -> str | None:
    """Decode lz-string's bit stream (6 bits a character, lowest bit first within a code)."""
    n = len(values)
    val, position, index = values[0], 32, 1  # the current value, its next bit, the next value

    def read(bits: int) -> int:
        nonlocal val, position, index
        out, power = 0, 1
        for _ in range(bits):
            if index > n:  # every bit of the data is read and the end mark was not among them
                raise _Truncated
            if val & position:
                out |= power
            position >>= 1
            if position == 0:
                position = 32
                val = values[index] if index < n else 0
                index += 1
            power <<= 1
        return out

    dictionary: list[str] = ["", "", ""]
    enlarge_in, num_bits = 4, 3
    first = read(2)
    if first == 2:
        return ""
    if first not in (0, 1):
        return None
    c = chr(read(8 if first == 0 else 16))
    dictionary.append(c)
    w = c
    result = [c]
    total = 1
    while True:
        code = read(num_bits)
        if code in (0, 1):
            dictionary.append(chr(read(8 if code == 0 else 16)))
            code = len(dictionary) - 1
            enlarge_in -= 1
        elif code == 2:
            return "".join(result)
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            return None
        total += len(entry)
        if total > limit:
            raise ParseError(f"the payload decompresses to more than {limit} characters")
        result.append(entry)
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


# -- relaxed (zipped) JSON ------------------------------------------------------------------------------

_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_HEX6 = re.compile(r"[0-9a-fA-F]{6}")
_BARE_KEY = re.compile(r"[A-Za-z0-9_$]+")
_STOP = set(",:]}[{'\" \t\r\n")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\",
            '"': '"', "'": "'"}


class _Relaxed:
    """A recursive-descent reader of the zipped form, with a depth limit (never a RecursionError)."""

    def __init__(self, text: str, max_depth: int) -> None:
        self.text = text
        self.pos = 0
        self.max_depth = max_depth

    def fail(self, problem: str) -> ParseError:
        return ParseError(f"relaxed JSON, character {self.pos + 1}: {problem}")

    def skip(self) -> str:
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] in " \t\r\n":
            self.pos += 1
        return text[self.pos] if self.pos < n else ""

    def document(self) -> object:
        value = self.value(0, after_colon=False)
        if self.skip():
            raise self.fail(f"unexpected {self.text[self.pos]!r} after the value")
        return value

    def value(self, depth: int, *, after_colon: bool) -> object:
        ch = self.skip()
        if not ch:
            raise self.fail("the text ends where a value should be")
        if ch in "{[":
            if depth >= self.max_depth:
                raise self.fail(f"nested deeper than {self.max_depth} levels")
            return self.obj(depth + 1) if ch == "{" else self.array(depth + 1)
        if ch in "\"'":
            return self.string()
        start = self.pos
        text, n = self.text, len(self.text)
        while self.pos < n and text[self.pos] not in _STOP:
            self.pos += 1
        token = text[start:self.pos]
        if not token:
            raise self.fail(f"unexpected {ch!r}")
        return self.token(token, after_colon, start)

    def token(self, token: str, after_colon: bool, start: int) -> object:
        if token in ("true", "t"):
            return True
        if token in ("false", "f"):
            return False
        if token == "null":
            return None
        if after_colon:
            if token == "#0":
                return "#000000"
            if token == "#F":
                return "#FFFFFF"
            if _HEX6.fullmatch(token):
                return "#" + token
        if _NUMBER.fullmatch(token):
            number = float(token)
            if not math.isfinite(number):
                self.pos = start
                raise self.fail(f"number {token!r} is out of range")
            if re.fullmatch(r"-?\d+", token):
                return int(token)
            return number
        self.pos = start
        raise self.fail(f"{token[:20]!r} is not a value")

    def string(self) -> str:
        quote = self.text[self.pos]
        self.pos += 1
        out: list[str] = []
        text, n = self.text, len(self.text)
        while True:
            end = self.pos
            while end < n and text[end] not in (quote, "\\"):
                end += 1
            out.append(text[self.pos:end])
            if end >= n:
                self.pos = n
                raise self.fail("a string is not closed")
            self.pos = end + 1
            if text[end] == quote:
                return "".join(out)
            if self.pos >= n:
                raise self.fail("a string is not closed")
            esc = text[self.pos]
            if esc == "u":
                digits = text[self.pos + 1:self.pos + 5]
                if not re.fullmatch(r"[0-9a-fA-F]{4}", digits):
                    raise self.fail("a \\u escape needs four hex digits")
                out.append(chr(int(digits, 16)))
                self.pos += 5
            else:
                out.append(_ESCAPES.get(esc, esc))
                self.pos += 1

    def obj(self, depth: int) -> dict[str, object]:
        self.pos += 1
        out: dict[str, object] = {}
        while True:
            ch = self.skip()
            if not ch:
                raise self.fail("an object is not closed")
            if ch == "}":
                self.pos += 1
                return out
            if ch in "\"'":
                key = self.string()
            else:
                match = _BARE_KEY.match(self.text, self.pos)
                if not match:
                    raise self.fail(f"expected a key, found {ch!r}" if ch else "an object is not closed")
                key = match.group()
                self.pos = match.end()
            if self.skip() != ":":
                raise self.fail(f"expected ':' after the key {key!r}")
            self.pos += 1
            out[key] = self.value(depth, after_colon=True)
            ch = self.skip()
            if ch == ",":
                self.pos += 1
            elif ch != "}":
                raise self.fail("expected ',' or '}' in an object" if ch else "an object is not closed")

    def array(self, depth: int) -> list[object]:
        self.pos += 1
        out: list[object] = []
        while True:
            ch = self.skip()
            if not ch:
                raise self.fail("an array is not closed")
            # An empty slot is an empty object (the zipper leaves `{}` out): [,] is [{}, {}].
            out.append({} if ch in ",]" else self.value(depth, after_colon=False))
            ch = self.skip()
            if ch == ",":
                self.pos += 1
            elif ch == "]":
                self.pos += 1
                return out
            else:
                raise self.fail("expected ',' or ']' in an array" if ch else "an array is not closed")


def relaxed_loads(text: str, *, max_depth: int = MAX_DEPTH) -> object:
    """Read SudokuPad's relaxed JSON syntax (keys as written; see :func:`unzip_puzzle` for names)."""
    if len(text) > MAX_DECODED:
        raise ParseError(f"relaxed JSON is limited to {MAX_DECODED} characters")
    return _Relaxed(text, max_depth).document()


def _quote(text: str) -> str:
    """A single-quoted string of the zipped form."""
    body = json.dumps(text, ensure_ascii=False)[1:-1].replace('\\"', '"').replace("'", "\\'")
    return f"'{body}'"


def relaxed_dumps(value: object) -> str:
    """Write a JSON value in the zipped syntax (the inverse of :func:`relaxed_loads` for values
    without empty lists, which the syntax cannot express: ``[]`` reads as ``[{}]``)."""
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            name = key if _BARE_KEY.fullmatch(key) else _quote(key)
            parts.append(f"{name}:{_dump_member(item)}")
        return "{" + ",".join(parts) + "}"
    if isinstance(value, list):
        if not value:
            raise ValueError("the zipped form has no empty list")
        return "[" + ",".join("" if item == {} else relaxed_dumps(item) for item in value) + "]"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError("the zipped form has no NaN or infinity")
        return json.dumps(value)
    if isinstance(value, str):
        return _quote(value)
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def _dump_member(value: object) -> str:
    """A value after ``key:`` (where the short forms apply)."""
    if value is True:
        return "t"
    if value is False:
        return "f"
    if isinstance(value, (str, int)) and not isinstance(value, bool) and _HEX6.fullmatch(str(value)):
        raise ValueError(f"{value!r} would read back as a colour")
    if value == "#000000":
        return "#0"
    if value == "#FFFFFF":
        return "#F"
    if isinstance(value, str) and value.startswith("#") and _HEX6.fullmatch(value[1:]):
        return value[1:]
    return relaxed_dumps(value)


def _map_keys(value: object, table: Mapping[str, str]) -> object:
    """Rename keys everywhere; a key and its renamed twin in one object is an error."""
    if isinstance(value, list):
        return [_map_keys(v, table) for v in value]
    if isinstance(value, dict):
        out: dict[str, object] = {}
        for key, item in value.items():
            name = table.get(key, key)
            if name in out or (name != key and name in value):
                raise ParseError(f"zipped JSON holds both {key!r} and {name!r} in one object")
            out[name] = _map_keys(item, table)
        return out
    if isinstance(value, str) and _HEX6.fullmatch(value):
        return "#" + value  # as SudokuPad's unzip does for any six-hex-digit string
    return value


def unzip_puzzle(text: str) -> dict[str, object]:
    """SudokuPad's puzzle JSON from its zipped text (relaxed syntax, short keys)."""
    data = _map_keys(relaxed_loads(text), _UNZIP_KEYS)
    if not isinstance(data, dict):
        raise ParseError("a SudokuPad puzzle must be a JSON object")
    return data


def _zip_values(value: object) -> object:
    """The zipper's value changes: no empty lists in objects, whole-number strings as numbers."""
    if isinstance(value, list):
        return [_zip_values(v) for v in value]
    if isinstance(value, dict):
        return {ZIP_KEYS.get(k, k): _zip_values(v) for k, v in value.items() if v != []}
    if isinstance(value, str) and re.fullmatch(r"-?[1-9]\d*|0", value):
        return int(value)
    return value


def zip_puzzle(data: Mapping[str, object]) -> str:
    """The zipped text of a SudokuPad puzzle JSON (what follows ``scl`` once compressed)."""
    return relaxed_dumps(_zip_values(dict(data)))


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
    for mask in sorted(range(1, 1 << len(slashes)), key=lambda m: bin(m).count("1")):
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
            unzipped = _map_keys(data, _UNZIP_KEYS)
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


def _trace(points: Sequence[Point], rows: int, cols: int) -> tuple[Cell, ...] | None:
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


def _frozen(data: Mapping[str, object]) -> Mapping[str, object]:
    return MappingProxyType(dict(data))


@dataclass(frozen=True)
class Cage:
    """A SudokuPad cage: cells, the value text (a killer sum, or e.g. ``"title: …"``), style."""

    cells: tuple[Cell, ...]
    value: str | int | float | None
    style: str | None
    attrs: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


@dataclass(frozen=True)
class Line:
    """A SudokuPad line: way points (``[row, col]`` floats), colour, thickness, the rest raw."""

    way_points: tuple[Point, ...]
    color: str | None
    thickness: float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


@dataclass(frozen=True)
class Arrow:
    """A SudokuPad arrow: way points from tail to head, colour, thickness, head length."""

    way_points: tuple[Point, ...]
    color: str | None
    thickness: float | None
    head_length: float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


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
    attrs: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


@dataclass(frozen=True)
class Metadata:
    """Title, author, rules text and the solution string, when the puzzle carries them.

    The solution is data only (for comparison after solving); nothing in sudokit solves with it."""

    title: str | None = None
    author: str | None = None
    rules: str | None = None
    solution: str | None = None
    extra: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


@dataclass(frozen=True)
class FPuzzlesElement:
    """One entry of an f-puzzles constraint list (``thermometer``, ``killercage`` …), raw.

    ``cells`` are the entry's ``cells`` (or its one ``cell``) as 0-based ``(row, col)``;
    ``lines`` its ``lines`` the same way; ``attrs`` every other field as written."""

    kind: str
    cells: tuple[Cell, ...]
    lines: tuple[tuple[Cell, ...], ...]
    value: str | int | float | None
    attrs: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


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
    flags: Mapping[str, object] = field(default_factory=lambda: _frozen({}))
    extra: Mapping[str, object] = field(default_factory=lambda: _frozen({}))
    data: Mapping[str, object] = field(default_factory=lambda: _frozen({}), repr=False)

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


def _rest(item: Mapping[str, object], used: Iterable[str]) -> Mapping[str, object]:
    skip = set(used)
    return _frozen({k: v for k, v in item.items() if k not in skip})


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
                          _rest(cage, ("cells", "value", "style"))))
    lines = []
    for k, raw in enumerate(_list(data.get("lines"), "\"lines\"")):
        item = _obj(raw, f"line {k + 1}")
        points = tuple(_point(p, f"line {k + 1}") for p in _list(item.get("wayPoints"), f"line {k + 1}"))
        lines.append(Line(points, _opt_str(item.get("color")), _opt_num(item.get("thickness")),
                          _rest(item, ("wayPoints", "color", "thickness"))))
    arrows = []
    for k, raw in enumerate(_list(data.get("arrows"), "\"arrows\"")):
        item = _obj(raw, f"arrow {k + 1}")
        points = tuple(_point(p, f"arrow {k + 1}") for p in _list(item.get("wayPoints"), f"arrow {k + 1}"))
        arrows.append(Arrow(points, _opt_str(item.get("color")), _opt_num(item.get("thickness")),
                            _opt_num(item.get("headLength")),
                            _rest(item, ("wayPoints", "color", "thickness", "headLength"))))
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
                _rest(item, ("center", "width", "height", "rounded", "backgroundColor", "borderColor",
                             "text", "fontSize")),
            ))
    known = {"cells", "regions", "cages", "lines", "arrows", "overlays", "underlays", "metadata", "metaData"}
    return SudokuPadPuzzle(
        "scl", rows, cols, MappingProxyType(givens), regions, tuple(cages), tuple(lines), tuple(arrows),
        tuple(shapes["overlay"]), tuple(shapes["underlay"]), _metadata(meta),
        extra=_rest(data, known), data=_frozen(data),
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
                    _rest(meta, ("title", "author", "rules", "solution")))


_RC = re.compile(r"^[rR](\d+)[cC](\d+)$")


def _fp_cell(value: object, what: str) -> Cell:
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
        fpuzzles=tuple(elements), flags=_frozen(flags), data=_frozen(data),
    )


#: f-puzzles fields that are plain lists of cells rather than lists of objects.
_FP_CELL_LISTS = {"fogofwar", "foglight"}


def _fp_element(kind: str, raw: object, what: str) -> FPuzzlesElement:
    if not isinstance(raw, dict):
        return FPuzzlesElement(kind, (_fp_cell(raw, what),), (), None)
    cells: list[Cell] = []
    if "cell" in raw:
        cells.append(_fp_cell(raw["cell"], what))
    cells.extend(_fp_cell(v, what) for v in _list(raw.get("cells"), f"{what}'s cells"))
    lines = tuple(
        tuple(_fp_cell(v, what) for v in _list(line, f"{what}'s line"))
        for line in _list(raw.get("lines"), f"{what}'s lines")
    )
    value = raw.get("value")
    return FPuzzlesElement(kind, tuple(cells), lines, _scalar(value),
                           _rest(raw, ("cell", "cells", "lines", "value")))


# -- classification ---------------------------------------------------------------------------------------

Certainty = Literal["declared", "confirmed", "drawn", "stated"]


@dataclass(frozen=True)
class Element:
    """A drawing (or f-puzzles entry) read as a named setter convention.

    ``kind`` names the convention (``thermometer``, ``arrow``, ``killer``, ``kropki-black`` …);
    ``cells`` are the cells in the convention's order (a thermometer from its bulb, an arrow's
    circle cells first then ``path``); ``value`` the clue text. ``certainty`` says how it is
    known: ``declared`` (an f-puzzles field names it), ``confirmed`` (the drawing matches the
    convention and the rules text names it), ``drawn`` (the drawing matches and the puzzle has
    no rules text), ``stated`` (a global rule the rules text states). ``evidence`` lists why;
    ``source`` names the primitives (``lines[2]``)."""

    kind: str
    cells: tuple[Cell, ...]
    certainty: Certainty
    evidence: tuple[str, ...]
    source: tuple[str, ...]
    value: str | None = None
    path: tuple[Cell, ...] = ()
    direction: str | None = None


@dataclass(frozen=True)
class Unsupported:
    """Something in the puzzle that cannot be read as a convention with certainty."""

    reason: str
    source: tuple[str, ...] = ()


_NAMED = {
    "aqua": (0, 255, 255), "black": (0, 0, 0), "blue": (0, 0, 255), "gray": (128, 128, 128),
    "green": (0, 128, 0), "grey": (128, 128, 128), "orange": (255, 165, 0), "pink": (255, 192, 203),
    "purple": (128, 0, 128), "red": (255, 0, 0), "white": (255, 255, 255), "yellow": (255, 255, 0),
    "lightgray": (211, 211, 211), "lightgrey": (211, 211, 211), "silver": (192, 192, 192),
}


def _rgba(color: str | None) -> tuple[float, float, float, float] | None:
    """A CSS colour as r, g, b, alpha in 0-1 (None for none/unknown)."""
    if not color:
        return None
    c = color.strip().lower()
    if c in ("none", "transparent"):
        return (0.0, 0.0, 0.0, 0.0)
    if c in _NAMED:
        red, green, blue = _NAMED[c]
        return (red / 255, green / 255, blue / 255, 1.0)
    if c.startswith("#"):
        h = c[1:]
        if len(h) in (3, 4):
            h = "".join(ch * 2 for ch in h)
        if len(h) in (6, 8) and re.fullmatch(r"[0-9a-f]+", h):
            parts = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
            return (parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else 1.0)
        return None
    m = re.fullmatch(r"rgba?\(([^)]*)\)", c)
    if m:
        nums = [p.strip() for p in m.group(1).split(",")]
        try:
            r, g, b = (float(nums[i]) / 255 for i in range(3))
            a = float(nums[3]) if len(nums) > 3 else 1.0
        except (ValueError, IndexError):
            return None
        return (r, g, b, a)
    return None


def _hue(color: str | None) -> str | None:
    """A colour's family: black, white, grey, red, orange, yellow, green, cyan, blue, purple,
    pink; None when unknown or transparent."""
    rgba = _rgba(color)
    if rgba is None or rgba[3] < 0.1:
        return None
    r, g, b, _ = rgba
    h, lightness, s = colorsys.rgb_to_hls(r, g, b)
    if s < 0.2 or max(r, g, b) - min(r, g, b) < 0.12:
        if lightness < 0.2:
            return "black"
        if lightness > 0.93:
            return "white"
        return "grey"
    deg = h * 360
    if deg < 15 or deg >= 345:
        return "pink" if lightness > 0.75 else "red"
    if deg < 45:
        return "orange"
    if deg < 70:
        return "yellow"
    if deg < 165:
        return "green"
    if deg < 200:
        return "cyan"
    if deg < 255:
        return "blue"
    if deg < 300:
        return "purple"
    return "pink"


def _has(rules: str, *words: str) -> str | None:
    """The first of ``words`` the (lower-cased) rules text contains."""
    for w in words:
        if w in rules:
            return w
    return None


#: Line conventions by colour family: (kind, rules keywords that confirm it; the first names it).
_LINE_KINDS: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "purple": [("renban", ("renban",)), ("zipper", ("zipper",))],
    "green": [("german-whispers", ("german whisper", "whisper"))],
    "orange": [("dutch-whispers", ("dutch whisper",))],
    "grey": [("palindrome", ("palindrome",))],
    "blue": [("region-sum", ("region sum",))],
    "pink": [("entropic", ("entropic",))],
}

_GLOBALS = [
    ("anti-knight", ("anti-knight", "antiknight", "anti knight")),
    ("anti-king", ("anti-king", "antiking", "anti king")),
    ("non-consecutive", ("non-consecutive", "nonconsecutive", "non consecutive")),
    ("disjoint-groups", ("disjoint", )),
]

_MODIFIERS = ("fog of war", "fog", "lying", "liar", "wrong", "broken", "schrödinger", "schrodinger",
              "chaos construction", "doublers", "negators", "modular", "parity")


def classify(puzzle: SudokuPadPuzzle) -> list[Element | Unsupported]:
    """Every constraint-bearing thing in the puzzle as an :class:`Element`, or :class:`Unsupported`.

    Drawings are read by SudokuPad's and f-puzzles' conventions together with the rules text;
    nothing is guessed: a drawing that fits no convention, fits several, or fits one the rules
    text does not name, is :class:`Unsupported` with the reason."""
    rules = (puzzle.metadata.rules or "").lower()
    out: list[Element | Unsupported] = []
    if puzzle.format == "fpuzzles":
        _classify_fpuzzles(puzzle, rules, out)
    else:
        _classify_scl(puzzle, rules, out)
    for kind, words in _GLOBALS:
        if puzzle.format == "fpuzzles" and any(isinstance(e, Element) and e.kind == kind for e in out):
            continue
        word = _has(rules, *words)
        if word and not re.search(r"\b(?:no|not|isn't|without)\b[^.]{0,20}" + re.escape(word), rules):
            out.append(Element(kind, (), "stated", (f"rules text says {word!r}",), ("rules",)))
    for word in _MODIFIERS:
        if re.search(r"\b" + re.escape(word) + r"\b", rules):
            out.append(Unsupported(f"unsupported: the rules text mentions {word!r}, which may change "
                                   "how every clue reads", ("rules",)))
            break
    return out


def _certainty(rules: str, words: tuple[str, ...], what: str, source: tuple[str, ...],
               evidence: list[str]) -> Certainty | Unsupported:
    """Confirmed by the rules text, drawn alone when there is none, refused when it is silent."""
    if not rules:
        evidence.append("no rules text")
        return "drawn"
    word = _has(rules, *words)
    if word:
        evidence.append(f"rules text says {word!r}")
        return "confirmed"
    return Unsupported(f"unsupported: {what}, but the rules text never mentions {words[0]!r}", source)


def _add(out: list[Element | Unsupported], kind: str, cells: tuple[Cell, ...], rules: str,
         words: tuple[str, ...], what: str, source: tuple[str, ...], evidence: list[str],
         **extra: str | tuple[Cell, ...] | None) -> bool:
    certainty = _certainty(rules, words, what, source, evidence)
    if isinstance(certainty, Unsupported):
        out.append(certainty)
        return False
    out.append(Element(kind, cells, certainty, tuple(evidence), source, **extra))  # type: ignore[arg-type]
    return True


def _shape_cells(shape: Shape, rows: int, cols: int) -> tuple[Cell, ...]:
    """The cell centres a shape covers (a circle or pill over one or more cells)."""
    cy, cx = shape.center
    hy, hx = max(shape.height, 0.0) / 2, max(shape.width, 0.0) / 2
    cells = []
    for r in range(max(0, math.floor(cy - hy)), min(rows, math.ceil(cy + hy))):
        for c in range(max(0, math.floor(cx - hx)), min(cols, math.ceil(cx + hx))):
            if abs(r + 0.5 - cy) <= hy and abs(c + 0.5 - cx) <= hx:
                cells.append((r, c))
    return tuple(cells)


#: Top-level SudokuPad keys that carry no constraint (anything else unknown is reported).
_SCL_HARMLESS = {"id", "cellSize", "settings", "videos", "duration"}


def _classify_scl(p: SudokuPadPuzzle, rules: str, out: list[Element | Unsupported]) -> None:
    rows, cols = p.rows, p.cols
    shapes = [(f"overlays[{i}]", s) for i, s in enumerate(p.overlays)] + \
             [(f"underlays[{i}]", s) for i, s in enumerate(p.underlays)]
    used: set[str] = set()
    for key in p.extra:
        if key == "foglight":
            out.append(Unsupported("unsupported: fog of war", ("foglight",)))
        elif key not in _SCL_HARMLESS:
            out.append(Unsupported(f"unsupported: the SudokuPad feature {key!r}", (key,)))
    for key in p.metadata.extra:
        if key in ("bgimage", "fgimage"):
            out.append(Unsupported(f"unsupported: part of the puzzle is drawn in an image ({key}); "
                                   "its clues are not in the data", (f"metadata.{key}",)))

    def shape_at(point: Point, *, min_size: float, hue: set[str | None] | None = None) -> str | None:
        for name, s in shapes:
            if name in used or not s.rounded or min(s.width, s.height) < min_size:
                continue
            if hue is not None and _hue(s.background_color) not in hue and _hue(s.border_color) not in hue:
                continue
            if abs(point[0] - s.center[0]) <= s.height / 2 + 0.05 and \
                    abs(point[1] - s.center[1]) <= s.width / 2 + 0.05:
                return name
        return None

    shape_by_name = dict(shapes)
    # Cages: killer cages (with or without a total); other styles are refused.
    for i, cage in enumerate(p.cages):
        csrc = (f"cages[{i}]",)
        if not cage.cells:
            out.append(Unsupported(f"unsupported: a cage without cells (value {cage.value!r})", csrc))
            continue
        hidden = cage.attrs.get("hidden") or cage.attrs.get("unique") is False
        if cage.style not in (None, "killer") or hidden:
            out.append(Unsupported(f"unsupported: a cage of style {cage.style!r}"
                                   f"{' (hidden)' if cage.attrs.get('hidden') else ''}", csrc))
            continue
        value = None if cage.value in (None, "") else str(cage.value)
        if value is not None and not re.fullmatch(r"\d+", value.strip()):
            out.append(Unsupported(f"unsupported: a cage with the clue {value!r} (not a sum)", csrc))
            continue
        evidence = ["a cage" + (f" with the total {value}" if value else " without a total")]
        _add(out, "killer", cage.cells, rules, ("killer", "cage"), "a killer cage", csrc, evidence,
             value=value)
    # Arrows: little killers (outside the grid, with a number) and sum arrows (circle + arrow).
    for i, arrow in enumerate(p.arrows):
        src = f"arrows[{i}]"
        if len(arrow.way_points) < 2:
            out.append(Unsupported("unsupported: an arrow with fewer than two way points", (src,)))
            continue
        start = arrow.way_points[0]
        if not (0 < start[0] < rows and 0 < start[1] < cols):
            _little_killer(p, i, arrow, rules, shapes, used, out)
            continue
        bulb = shape_at(start, min_size=0.5)
        if bulb is None:
            out.append(Unsupported("unsupported: an arrow with no circle at its tail", (src,)))
            continue
        circle = _shape_cells(shape_by_name[bulb], rows, cols)
        # The tail starts inside the circle: trace from the centre of the cell it starts in.
        tail = (math.floor(start[0]) + 0.5, math.floor(start[1]) + 0.5)
        path = _trace((tail, *arrow.way_points[1:]), rows, cols)
        if path is None or not circle:
            out.append(Unsupported("unsupported: an arrow whose way points are not cell centres",
                                   (src, bulb)))
            continue
        path = tuple(c for c in path if c not in circle)
        used.add(bulb)
        evidence = [f"an arrow from a circle over {len(circle)} cell(s)", f"head length {arrow.head_length}"]
        _add(out, "arrow", circle, rules, ("arrow",), "an arrow with a circle", (src, bulb), evidence,
             path=path)
    # Lines.
    for i, line in enumerate(p.lines):
        src = f"lines[{i}]"
        if line.attrs.get("d") is not None:
            out.append(Unsupported("unsupported: a curved line (an SVG path)", (src,)))
            continue
        hue = _hue(line.color)
        thick = (line.thickness or 0) >= 8
        diag = _diagonal(line, rows, cols)
        if diag is not None:
            _add(out, "diagonal", diag, rules, ("diagonal",), "a line along a main diagonal", (src,),
                 [f"a {hue or 'coloured'} line from corner to corner"])
            continue
        cells = _trace(line.way_points, rows, cols)
        if cells is None:
            out.append(Unsupported(f"unsupported: a {hue or 'uncoloured'} line not through cell centres",
                                   (src,)))
            continue
        if hue == "grey" and thick:
            first, last = line.way_points[0], line.way_points[-1]
            bulb = shape_at(first, min_size=0.5, hue={"grey"})
            reverse = False
            if bulb is None:
                bulb = shape_at(last, min_size=0.5, hue={"grey"})
                reverse = bulb is not None
            if bulb is not None:
                used.add(bulb)
                ordered = cells[::-1] if reverse else cells
                _add(out, "thermometer", ordered, rules, ("thermo",), "a grey line with a bulb",
                     (src, bulb), [f"a grey line (thickness {line.thickness}) with a grey circle at one end"])
                continue
        if hue in ("white", None) and any(
                q.color and _hue(q.color) == "grey" and q.way_points == line.way_points for q in p.lines):
            continue  # the white core of a two-line drawing (f-puzzles' arrow pills)
        candidates = _LINE_KINDS.get(hue or "", [])
        named = [(kind, words) for kind, words in candidates if _has(rules, *words)]
        if (len(named) == 1 and thick) or (len(named) == 1 and (line.thickness or 0) >= 3):
            kind, words = named[0]
            out.append(Element(kind, cells, "confirmed",
                               (f"a {hue} line", f"rules text says {_has(rules, *words)!r}"), (src,)))
        elif len(named) > 1:
            out.append(Unsupported(f"unsupported: {hue} line with rules naming several line kinds "
                                   f"({', '.join(k for k, _ in named)})", (src,)))
        else:
            out.append(Unsupported(f"unsupported: {hue or 'uncoloured'} line with rules "
                                   f"\"{_excerpt(rules)}\"", (src,)))
    # Shapes: kropki dots, XV, odd/even, clues outside the grid.
    outside_kind = [k for k, words in (("sandwich", ("sandwich",)), ("x-sum", ("x-sum", "x sum", "xsum")),
                                        ("skyscraper", ("skyscraper",))) if _has(rules, *words)]
    for name, s in shapes:
        if name in used:
            continue
        text = (s.text or "").strip()
        pos = locate(s.center, rows, cols)
        small = max(s.width, s.height) <= 0.5
        bg, border = _hue(s.background_color), _hue(s.border_color)
        on_edge = pos.kind == "edge" and len(pos.cells) == 2
        if on_edge and s.rounded and small and bg in ("black", "white", None) \
                and (bg == "black" or border in ("black", "grey")):
            kind = "kropki-black" if bg == "black" else "kropki-white"
            _add(out, kind, pos.cells, rules, ("kropki", "dot"), f"a {bg or 'white'} dot on an edge", (name,),
                 [f"a small {bg or 'white'} circle between two cells"], value=text or None)
        elif pos.kind == "edge" and len(pos.cells) == 2 and text.upper() in ("X", "V") and small:
            _add(out, "xv", pos.cells, rules, ("xv", "x-v", "x/v", "sum to 10", "sum to 5", " x ", " v "),
                 f"an {text.upper()} on an edge", (name,), [f"the letter {text.upper()} between two cells"],
                 value=text.upper())
        elif pos.kind == "centre" and not text and 0.5 <= max(s.width, s.height) <= 0.9 \
                and abs(s.width - s.height) < 0.05 and (bg == "grey" or (bg in (None, "white")
                                                                         and border == "grey")):
            kind = "odd" if s.rounded else "even"
            _add(out, kind, pos.cells, rules, (kind,), f"a {'circle' if s.rounded else 'square'} in a cell",
                 (name,), [f"a {bg or 'plain'} {'circle' if s.rounded else 'square'} filling most of a cell"])
        elif (text and pos.kind == "outside") or (text and _outside(s.center, rows, cols)):
            clue = _outside_clue(s.center, rows, cols)
            if clue is None or not re.fullmatch(r"\d+", text):
                out.append(Unsupported(f"unsupported: the text {text!r} outside the grid", (name,)))
            elif len(outside_kind) != 1:
                reason = ("the rules text names none of sandwich, x-sum, skyscraper" if not outside_kind
                          else f"the rules text names several ({', '.join(outside_kind)})")
                out.append(Unsupported(f"unsupported: the number {text} outside the grid ({reason})",
                                       (name,)))
            else:
                side, cells = clue
                out.append(Element(outside_kind[0], cells, "confirmed",
                                   (f"the number {text} outside the grid, {side}",
                                    f"rules text names {outside_kind[0]}"), (name,),
                                   value=text, direction=side))
        elif s.layer == "underlay" and not text and s.width >= 0.95 and s.height >= 0.95:
            out.append(Unsupported(f"unsupported: a shaded cell ({s.background_color}) whose meaning "
                                   "only the rules text gives", (name,)))
        elif text:
            out.append(Unsupported(f"unsupported: the text {text!r} at {pos.kind} {pos.cells}", (name,)))
        else:
            out.append(Unsupported(f"unsupported: a {bg or border or 'plain'} "
                                   f"{'circle' if s.rounded else 'rectangle'} at {pos.kind} {pos.cells}",
                                   (name,)))


def _excerpt(rules: str) -> str:
    return (rules[:80] + "…") if len(rules) > 80 else rules


def _outside(point: Point, rows: int, cols: int) -> bool:
    return point[0] < 0 or point[1] < 0 or point[0] > rows or point[1] > cols


def _outside_clue(point: Point, rows: int, cols: int) -> tuple[str, tuple[Cell, ...]] | None:
    """The side and the row or column (in reading order from that side) a clue outside the grid
    points into; None for a corner or a point far from the grid."""
    y, x = point
    if 0 < y < rows and -1.2 < x < 0:
        r = int(y)
        return ("left", tuple((r, c) for c in range(cols)))
    if 0 < y < rows and cols < x < cols + 1.2:
        r = int(y)
        return ("right", tuple((r, c) for c in reversed(range(cols))))
    if 0 < x < cols and -1.2 < y < 0:
        c = int(x)
        return ("top", tuple((r, c) for r in range(rows)))
    if 0 < x < cols and rows < y < rows + 1.2:
        c = int(x)
        return ("bottom", tuple((r, c) for r in reversed(range(rows))))
    return None


def _diagonal(line: Line, rows: int, cols: int) -> tuple[Cell, ...] | None:
    """The cells of a main diagonal a corner-to-corner line marks."""
    if rows != cols or len(line.way_points) != 2:
        return None
    ends = {tuple(round(v, 3) for v in p) for p in line.way_points}
    if ends == {(0.0, 0.0), (float(rows), float(cols))}:
        return tuple((i, i) for i in range(rows))
    if ends == {(0.0, float(cols)), (float(rows), 0.0)}:
        return tuple((rows - 1 - i, i) for i in range(rows))
    return None


def _little_killer(p: SudokuPadPuzzle, index: int, arrow: Arrow, rules: str,
                   shapes: list[tuple[str, Shape]], used: set[str], out: list[Element | Unsupported]) -> None:
    """An arrow starting outside the grid: a little killer when it points along a diagonal and a
    number sits by it."""
    src = f"arrows[{index}]"
    (y0, x0), (y1, x1) = arrow.way_points[0], arrow.way_points[-1]
    dy, dx = y1 - y0, x1 - x0
    if abs(dy) < 1e-6 or abs(abs(dy) - abs(dx)) > 0.05:
        out.append(Unsupported("unsupported: an arrow outside the grid that is not diagonal", (src,)))
        return
    sy, sx = (1 if dy > 0 else -1), (1 if dx > 0 else -1)
    label = None
    for name, s in shapes:
        if name in used or not (s.text or "").strip():
            continue
        if math.dist(s.center, (y0, x0)) <= 0.6 and _outside(s.center, p.rows, p.cols):
            label = name, (s.text or "").strip()
            break
    if label is None:
        out.append(Unsupported("unsupported: a diagonal arrow outside the grid with no number", (src,)))
        return
    # The clue's cell outside the grid, then step along the diagonal.
    r, c = math.floor(y0 - sy * 0.01), math.floor(x0 - sx * 0.01)
    cells = []
    r, c = r + sy, c + sx
    while 0 <= r < p.rows and 0 <= c < p.cols:
        cells.append((r, c))
        r, c = r + sy, c + sx
    if not cells:
        out.append(Unsupported("unsupported: a diagonal arrow outside the grid that misses it", (src,)))
        return
    used.add(label[0])
    direction = ("D" if sy > 0 else "U") + ("R" if sx > 0 else "L")
    _add(out, "little-killer", tuple(cells), rules, ("little killer",), "a diagonal arrow with a number "
         "outside the grid", (src, label[0]), [f"the number {label[1]} by a diagonal arrow outside the grid"],
         value=label[1], direction=direction)


#: f-puzzles fields that are constraints, by the convention they name.
_FP_KINDS = {
    "thermometer": "thermometer", "arrow": "arrow", "killercage": "killer",
    "littlekillersum": "little-killer",
    "sandwichsum": "sandwich", "xsum": "x-sum", "skyscraper": "skyscraper", "xv": "xv",
    "difference": "kropki-white", "ratio": "kropki-black", "palindrome": "palindrome",
    "betweenline": "between-line", "minimum": "minimum", "maximum": "maximum", "extraregion": "extra-region",
    "odd": "odd", "even": "even", "quadruple": "quadruple", "clone": "clone", "renban": "renban",
    "whispers": "german-whispers", "entropicline": "entropic", "regionsumline": "region-sum",
    "lockout": "lockout", "modularline": "modular", "doublearrow": "double-arrow", "zipperline": "zipper",
}
_FP_FLAGS = {"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive",
             "disjointgroups": "disjoint-groups", "diagonal+": "diagonal", "diagonal-": "diagonal"}
_FP_COSMETIC = {"line", "rectangle", "circle", "text", "cage"}
_FP_IGNORED = {"highlightConflicts", "disabledlogic", "truecandidatesoptions", "negative"}


def _classify_fpuzzles(p: SudokuPadPuzzle, rules: str, out: list[Element | Unsupported]) -> None:
    n = p.rows
    counts: dict[str, int] = {}
    for element in p.fpuzzles:
        k = counts.get(element.kind, 0)
        counts[element.kind] = k + 1
        src = (f"{element.kind}[{k}]",)
        kind = _FP_KINDS.get(element.kind)
        value = None if element.value in (None, "") else str(element.value)
        if element.kind in ("fogofwar", "foglight"):
            out.append(Unsupported("unsupported: fog of war", src))
        elif element.kind in _FP_COSMETIC:
            if element.kind == "cage" and not element.cells:
                continue  # metadata (title, rules …), read into Metadata
            colour = element.attrs.get("outlineC") or element.attrs.get("baseC") or element.attrs.get("fontC")
            out.append(Unsupported(f"unsupported: f-puzzles {element.kind} ({colour}"
                                   f"{', ' + repr(value) if value else ''}) with rules "
                                   f"\"{_excerpt(rules)}\"", src))
        elif kind is None:
            out.append(Unsupported(f"unsupported: f-puzzles field {element.kind!r}", src))
        elif kind in ("thermometer", "palindrome", "renban", "german-whispers", "entropic", "region-sum",
                      "between-line", "modular", "zipper"):
            if kind == "german-whispers" and value not in (None, "5"):
                kind = "dutch-whispers" if value == "4" else "whispers"
            for line in element.lines:
                out.append(Element(kind, line, "declared", (f"f-puzzles field {element.kind!r}",), src,
                                   value=value))
        elif kind == "arrow":
            for line in element.lines:
                path = tuple(c for c in line if c not in element.cells)
                out.append(Element("arrow", element.cells, "declared", ("f-puzzles field 'arrow'",), src,
                                   path=path))
        elif kind == "little-killer":
            direction = str(element.attrs.get("direction", ""))
            step = {"UR": (-1, 1), "UL": (-1, -1), "DR": (1, 1), "DL": (1, -1)}.get(direction)
            if step is None or not element.cells:
                out.append(Unsupported(f"unsupported: little killer with direction {direction!r}", src))
                continue
            (r, c), walk = element.cells[0], []
            r, c = r + step[0], c + step[1]
            while 0 <= r < n and 0 <= c < n:
                walk.append((r, c))
                r, c = r + step[0], c + step[1]
            out.append(Element(kind, tuple(walk), "declared", ("f-puzzles field 'littlekillersum'",), src,
                               value=value, direction=direction))
        elif kind in ("sandwich", "x-sum", "skyscraper"):
            if not element.cells:
                out.append(Unsupported(f"unsupported: {element.kind} without its cell", src))
                continue
            r, c = element.cells[0]
            if r < 0 or r >= n:
                side = "top" if r < 0 else "bottom"
                seen = tuple((rr, c) for rr in (range(n) if r < 0 else reversed(range(n))))
            else:
                side = "left" if c < 0 else "right"
                seen = tuple((r, cc) for cc in (range(n) if c < 0 else reversed(range(n))))
            out.append(Element(kind, seen, "declared", (f"f-puzzles field {element.kind!r}",), src,
                               value=value, direction=side))
        elif kind == "quadruple":
            values = element.attrs.get("values")
            text = ",".join(str(v) for v in values) if isinstance(values, list) else value
            out.append(Element(kind, element.cells, "declared", ("f-puzzles field 'quadruple'",), src,
                               value=text))
        elif kind == "clone":
            clones = element.attrs.get("cloneCells")
            other = tuple(_fp_cell(v, "clone") for v in clones) if isinstance(clones, list) else ()
            out.append(Element(kind, element.cells, "declared", ("f-puzzles field 'clone'",), src,
                               path=other))
        else:
            if kind == "kropki-black" and value is None:
                value = "2"
            out.append(Element(kind, element.cells, "declared", (f"f-puzzles field {element.kind!r}",), src,
                               value=value))
    for key, flag in p.flags.items():
        if not flag:
            continue
        if key in _FP_FLAGS:
            kind = _FP_FLAGS[key]
            cells: tuple[Cell, ...] = ()
            if key == "diagonal-":
                cells = tuple((i, i) for i in range(n))
            elif key == "diagonal+":
                cells = tuple((n - 1 - i, i) for i in range(n))
            out.append(Element(kind, cells, "declared", (f"f-puzzles field {key!r}",), (key,)))
        elif key == "negative" and isinstance(flag, list):
            continue
        elif key not in _FP_IGNORED:
            out.append(Unsupported(f"unsupported: f-puzzles field {key!r}", (key,)))
    negative = p.flags.get("negative")
    if negative:
        out.append(Element("negative", (), "declared", (f"f-puzzles field 'negative' = {negative!r}",),
                           ("negative",), value=",".join(negative) if isinstance(negative, list) else None))


# -- Sudoku-Bench records ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class BenchRecord:
    """One Sudoku-Bench-style record with its puzzle decoded.

    ``solution`` is kept as data for a later comparison (``check --verify``); never to solve."""

    puzzle_id: str
    puzzle: SudokuPadPuzzle
    rules: str | None
    initial_board: str | None
    solution: str | None
    rows: int
    cols: int
    extra: Mapping[str, object] = field(default_factory=lambda: _frozen({}))


def read_bench_records(lines: Iterable[str | Mapping[str, object]]) -> Iterator[BenchRecord]:
    """Records of a JSON Lines file (``puzzle_id``, ``encoded_puzzle`` or ``sudokupad_url``,
    ``rules``, ``initial_board``, ``solution``, ``rows``, ``cols``); blank lines are skipped and a
    bad record raises :class:`ParseError` naming its line."""
    for number, line in enumerate(lines, 1):
        try:
            if isinstance(line, str):
                if not line.strip():
                    continue
                if len(line) > MAX_LINK:
                    raise ParseError(f"a record is limited to {MAX_LINK} characters")
                try:
                    record = json.loads(line)
                except (ValueError, RecursionError) as error:
                    raise ParseError(f"not a JSON record: {error}") from None
            else:
                record = dict(line)
            if not isinstance(record, dict):
                raise ParseError("a record must be a JSON object")
            yield _bench_record(record)
        except ParseError as error:
            raise error.with_line(number) from None


def _bench_record(record: Mapping[str, object]) -> BenchRecord:
    encoded = record.get("encoded_puzzle") or record.get("sudokupad_url")
    if not isinstance(encoded, str) or not encoded.strip():
        raise ParseError("the record has no \"encoded_puzzle\" (or \"sudokupad_url\")")
    puzzle = read_sudokupad(encoded)
    rows, cols = record.get("rows", puzzle.rows), record.get("cols", puzzle.cols)
    if not isinstance(rows, int) or not isinstance(cols, int) or isinstance(rows, bool) \
            or isinstance(cols, bool):
        raise ParseError("\"rows\" and \"cols\" must be whole numbers")
    if (rows, cols) != puzzle.size:
        raise ParseError(f"the record says {rows}×{cols} but its puzzle is {puzzle.rows}×{puzzle.cols}")
    board = record.get("initial_board")
    if board is not None and (not isinstance(board, str) or len(board) != rows * cols):
        raise ParseError(f"\"initial_board\" must be {rows * cols} characters")
    solution = record.get("solution")
    if solution is not None and (not isinstance(solution, str) or len(solution) != rows * cols):
        raise ParseError(f"\"solution\" must be {rows * cols} characters")
    puzzle_id = record.get("puzzle_id")
    rules = record.get("rules")
    return BenchRecord(
        str(puzzle_id) if puzzle_id is not None else "", puzzle,
        rules if isinstance(rules, str) else puzzle.metadata.rules, board, solution, rows, cols,
        _rest(record, ("puzzle_id", "encoded_puzzle", "rules", "initial_board", "solution", "rows", "cols")),
    )
