"""Malformed links and payloads: a ParseError naming the problem, never a crash or a hang."""

from __future__ import annotations

import contextlib
import json
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.errors import ParseError
from sudokit.formats.sudokupad import MAX_LINK, decode_link, read_sudokupad
from sudokit.formats.zipped import MAX_DEPTH, lz_decompress, relaxed_dumps, relaxed_loads
from tests.links.builders import LZ, bare_scl_puzzle, fpuz, fpuzzles_json, scl_payload

PAYLOAD = scl_payload(bare_scl_puzzle(4, {(0, 0): 1}, cages=[{"value": "title: malformed"}]))


@pytest.mark.parametrize("cut", [4, 9, 20])
def test_truncated_payload(cut: int) -> None:
    with pytest.raises(ParseError, match=r"truncated|not lz-string|relaxed JSON|JSON"):
        decode_link(PAYLOAD[:-cut])


def test_bad_character() -> None:
    with pytest.raises(ParseError, match=r"character '!' at position 3 of the payload is not lz-string"):
        decode_link("sclAB!CD")


def test_wrong_prefix() -> None:
    """An f-puzzles prefix on SudokuPad data (and the other way round) is named as such."""
    with pytest.raises(ParseError, match="prefix says f-puzzles' format but it holds SudokuPad's"):
        decode_link("fpuzzles" + PAYLOAD[3:])
    with pytest.raises(ParseError, match="prefix says SudokuPad's"):
        decode_link("scl" + fpuz(fpuzzles_json(4))[len("fpuzzles"):])


def test_unknown_site_and_empty_forms() -> None:
    with pytest.raises(ParseError, match="not a SudokuPad or f-puzzles link"):
        decode_link(f"https://example.com/{PAYLOAD}")
    with pytest.raises(ParseError, match="names no puzzle"):
        decode_link("https://sudokupad.app/")
    with pytest.raises(ParseError, match="empty link"):
        decode_link("   ")
    with pytest.raises(ParseError, match="carries no payload"):
        decode_link("scl")
    with pytest.raises(ParseError, match="'scf' format"):
        decode_link("scfABCDEF")
    with pytest.raises(ParseError, match=r"f-puzzles link needs \?load="):
        decode_link("https://f-puzzles.com/")


def test_huge_link_is_refused_before_work() -> None:
    with pytest.raises(ParseError, match=f"limited to {MAX_LINK} characters"):
        decode_link("scl" + "A" * MAX_LINK)


def test_decompression_bomb_is_capped() -> None:
    """lz-string output can grow quadratically with the input: the cap stops it."""
    bomb = LZ.compressToBase64("a" * 50_000)
    assert len(bomb) < 2_000
    with pytest.raises(ParseError, match="decompresses to more than 10000 characters"):
        lz_decompress(bomb, limit=10_000)
    assert lz_decompress(bomb) == "a" * 50_000


def test_deep_nesting() -> None:
    deep_zipped = "{ce:" + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(ParseError, match=f"nested deeper than {MAX_DEPTH} levels"):
        decode_link("scl" + LZ.compressToBase64(deep_zipped))
    deep_json = '{"cells":' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(ParseError, match="nested deeper"):
        decode_link(deep_json)
    shallow_but_too_deep = '{"cells":' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}"
    with pytest.raises(ParseError, match="nested deeper"):
        decode_link(shallow_but_too_deep)


@pytest.mark.parametrize(("data", "problem"), [
    ({"cells": "no"}, "\"cells\" must be a list"),
    ({"cells": []}, "needs \"cells\""),
    ({"cells": [[{}]], "lines": [{"wayPoints": [[0.5]]}]}, r"line 1 must be a \[row, col\] pair"),
    ({"cells": [[{}]], "cages": [{"cells": [["a", 1]]}]}, "cage 1 must be a number, not .a."),
    ({"cells": [[{}]], "overlays": [{"width": 1}]}, r"overlay 1's center must be a \[row, col\] pair"),
    ({"cells": [[{}]] * 65}, "bigger than sudokit reads"),
    ({"size": 4, "grid": [[{}] * 4] * 3}, "must have 4 rows"),
    ({"size": 99, "grid": []}, "grid side 1-64"),
    ({"size": 1, "grid": [[{}]], "thermometer": [{"lines": [["X1Y1"]]}]}, "not an f-puzzles cell"),
])
def test_bad_structure(data: dict[str, object], problem: str) -> None:
    with pytest.raises(ParseError, match=problem):
        read_sudokupad(json.dumps(data))


def test_zipped_key_collision() -> None:
    with pytest.raises(ParseError, match="both 'c' and 'color'"):
        decode_link("scl" + LZ.compressToBase64("{ce:[[,]],l:[{c:#0,color:#F}]}"))


@pytest.mark.parametrize("text", ["{a:", "{a:1", "[1,2", "{'a':'b", "{a:@}", "{a 1}", "[1] 2",
                                  "{a:1e999}", "{a:'\\u12'}", "{,}", "{"])
def test_relaxed_errors(text: str) -> None:
    with pytest.raises(ParseError, match="relaxed JSON, character"):
        relaxed_loads(text)


# -- properties ---------------------------------------------------------------------------------------

keys = st.text(alphabet=string.ascii_letters + string.digits + " _-'\"é", min_size=1, max_size=8)
scalars = (st.none() | st.booleans() | st.integers(-99_999, 99_999)
           | st.floats(allow_nan=False, allow_infinity=False, width=32)
           | st.text(max_size=12).filter(lambda s: not (len(s) == 6 and all(c in string.hexdigits
                                                                           for c in s))))
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, min_size=1, max_size=4) | st.dictionaries(keys, inner, max_size=4),
    max_leaves=20,
)


@given(values)
@settings(max_examples=300, deadline=None)
def test_relaxed_round_trip(value: object) -> None:
    """relaxed_loads reads back what relaxed_dumps writes (six hex digits read as a colour, as
    in SudokuPad, so the strategy leaves them out)."""
    text = relaxed_dumps(value)
    assert relaxed_loads(text) == value


@given(st.text(alphabet="{}[],:'\"\\tf#0F a1.-eE", max_size=60))
@settings(max_examples=500, deadline=None)
def test_relaxed_never_crashes(text: str) -> None:
    with contextlib.suppress(ParseError):
        relaxed_loads(text)


@given(st.text(alphabet=string.ascii_letters + string.digits + "+/=-$%\\ ", max_size=200))
@settings(max_examples=300, deadline=None)
def test_decompress_never_crashes(payload: str) -> None:
    with contextlib.suppress(ParseError):
        lz_decompress(payload, limit=100_000)


@given(st.sampled_from(["scl", "ctc", "fpuzzles", "https://sudokupad.app/", ""]),
       st.text(max_size=120))
@settings(max_examples=300, deadline=None)
def test_decode_link_never_crashes(prefix: str, rest: str) -> None:
    with contextlib.suppress(ParseError):
        read_sudokupad(prefix + rest)


@given(st.binary(max_size=400))
@settings(max_examples=200, deadline=None)
def test_compressed_garbage_never_crashes(junk: bytes) -> None:
    """Valid lz-string around invalid JSON: still only ParseError."""
    with contextlib.suppress(ParseError):
        read_sudokupad("scl" + LZ.compressToBase64(junk.decode("latin-1")))
