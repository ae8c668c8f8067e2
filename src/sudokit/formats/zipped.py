"""SudokuPad's zipped JSON and lz-string payloads, read (and written) within set bounds.

**Zipped JSON** (SudokuPad's ``PuzzleZipper``): keys unquoted and shortened by a fixed table
(:data:`ZIP_KEYS`), strings in single quotes, ``t``/``f`` for booleans, ``#0``/``#F`` for black
and white, colours without their ``#``, empty objects left out (``[a,,b]`` is ``[a,{},b]``).
Payloads are lz-string compressed; :func:`lz_decompress` caps what they expand to.

>>> data = unzip_puzzle("{ce:[[{v:1},],[,]],ca:[{ce:[[0,1],[1,1]],v:7}]}")
>>> data["cells"], data["cages"][0]["value"]
([[{'value': 1}, {}], [{}, {}]], 7)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from types import MappingProxyType

from sudokit.errors import ParseError
from sudokit.formats.chars import char_values

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
UNZIP_KEYS = {short: long for long, short in ZIP_KEYS.items()}

__all__ = [
    "MAX_DECODED",
    "MAX_DEPTH",
    "ZIP_KEYS",
    "lz_decompress",
    "relaxed_dumps",
    "relaxed_loads",
    "unzip_puzzle",
    "zip_puzzle",
]




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
    values = char_values(payload, _LZ_VALUES, "the payload", "lz-string base64")
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


def map_keys(value: object, table: Mapping[str, str]) -> object:
    """Rename keys everywhere; a key and its renamed twin in one object is an error."""
    if isinstance(value, list):
        return [map_keys(v, table) for v in value]
    if isinstance(value, dict):
        out: dict[str, object] = {}
        for key, item in value.items():
            name = table.get(key, key)
            if name in out or (name != key and name in value):
                raise ParseError(f"zipped JSON holds both {key!r} and {name!r} in one object")
            out[name] = map_keys(item, table)
        return out
    if isinstance(value, str) and _HEX6.fullmatch(value):
        return "#" + value  # as SudokuPad's unzip does for any six-hex-digit string
    return value


def unzip_puzzle(text: str) -> dict[str, object]:
    """SudokuPad's puzzle JSON from its zipped text (relaxed syntax, short keys)."""
    data = map_keys(relaxed_loads(text), UNZIP_KEYS)
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
