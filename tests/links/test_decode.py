"""decode_link and read_sudokupad: every link form setters share, built here from our own JSON."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

from sudokit.errors import ParseError
from sudokit.formats.sudokupad import PuzzleIdError, decode, decode_link, read_sudokupad
from sudokit.formats.zipped import ZIP_KEYS, unzip_puzzle
from tests.links.builders import LZ, bare_scl_puzzle, fpuz, fpuzzles_json, meta_cages, scl_payload

GIVENS = {(0, 0): 1, (1, 2): 3, (3, 3): 4}
PUZZLE = bare_scl_puzzle(4, GIVENS, cages=meta_cages(rules="Normal sudoku rules apply."),
                    lines=[{"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#CFCFCF", "thickness": 21}])
PAYLOAD = scl_payload(PUZZLE)


def check(data: dict[str, object]) -> None:
    """The decoded JSON is PUZZLE with its long key names."""
    assert data["cells"] == PUZZLE["cells"]
    assert data["regions"] == PUZZLE["regions"]
    assert data["lines"] == PUZZLE["lines"]
    assert data["cages"] == PUZZLE["cages"]


@pytest.mark.parametrize("link", [
    PAYLOAD,
    "ctc" + PAYLOAD[3:],
    f"https://sudokupad.app/{PAYLOAD}",
    f"https://sudokupad.app/sudoku/{PAYLOAD}",
    f"https://app.crackingthecryptic.com/sudoku/{PAYLOAD}",
    f"https://app.crackingthecryptic.com/{PAYLOAD}",
    f"https://sudokupad.app/?puzzleid={PAYLOAD}",
    f"https://sudokupad.app/?puzzleid={quote(PAYLOAD, safe='')}",
    f"https://sudokupad.app/{PAYLOAD}?setting-nogrid=1&setting-largepencilmarks=1",
    f"sudokupad.app/{PAYLOAD}",
    f"sudokupad://puzzle/{PAYLOAD}",
    f"  <https://sudokupad.app/{PAYLOAD}>  ",
    quote(PAYLOAD, safe=""),                      # %2B, %2F, %3D everywhere
    scl_payload(PUZZLE, uri=True),                        # lz-string's URI-safe alphabet
    f"https://sudokupad.app/{scl_payload(PUZZLE, uri=True)}",
])
def test_scl_link_forms(link: str) -> None:
    decoded = decode(link)
    assert decoded.format == "scl"
    check(decoded.data)


def test_merged_slashes_are_redoubled() -> None:
    """A web server that merges "//" in a path breaks a payload; SudokuPad re-doubles them."""
    for k in range(200):  # U+FFFF is sixteen 1 bits: "//" in base64
        data = bare_scl_puzzle(4, {(0, 0): 1}, cages=[{"value": f"title: {k} \uffef\uffff"}])
        payload = scl_payload(data)
        if "//" in payload:
            break
    else:
        pytest.skip("no payload with // among the ones tried")
    broken = payload.replace("//", "/")
    assert decode_link(f"https://sudokupad.app/{broken}")["cages"] == data["cages"]


def test_strict_and_zipped_json_text() -> None:
    check(decode_link(json.dumps(PUZZLE)))
    from sudokit.formats.zipped import zip_puzzle
    check(decode_link(zip_puzzle(PUZZLE)))


def test_hand_zipped_text() -> None:
    """The zipped form as SudokuPad writes it: short keys, bare colours, t/f, elided {}."""
    text = ("{id:'x',cs:50,ce:[[{v:1},,,],[,,{v:3},],[,,,],[,,,{v:4}]],"
            "l:[{wp:[[0.5,0.5],[0.5,3.5]],c:CFCFCF,th:21}],"
            "u:[{ct:[0.5,0.5],c1:CFCFCF,c2:#F,r:t,w:0.85,h:0.85}],"
            "ca:[{v:'title: It\\'s a test'},{ce:[[0,0],[0,1]],v:3,unique:f}]}")
    data = unzip_puzzle(text)
    assert data["cellSize"] == 50
    assert data["cells"][0] == [{"value": 1}, {}, {}, {}]
    assert data["lines"] == [{"wayPoints": [[0.5, 0.5], [0.5, 3.5]], "color": "#CFCFCF",
                              "thickness": 21}]
    assert data["underlays"] == [{"center": [0.5, 0.5], "borderColor": "#CFCFCF",
                                  "backgroundColor": "#FFFFFF", "rounded": True, "width": 0.85,
                                  "height": 0.85}]
    assert data["cages"][0] == {"value": "title: It's a test"}
    assert data["cages"][1] == {"cells": [[0, 0], [0, 1]], "value": 3, "unique": False}
    puzzle = read_sudokupad("scl" + LZ.compressToBase64(text))
    assert puzzle.metadata.title == "It's a test"
    assert puzzle.givens == {(0, 0): 1, (1, 2): 3, (3, 3): 4}


def test_key_table() -> None:
    """The short names SudokuPad's zipper uses, each once."""
    assert ZIP_KEYS["cells"] == "ce" and ZIP_KEYS["wayPoints"] == "wp" and ZIP_KEYS["value"] == "v"
    assert len(set(ZIP_KEYS.values())) == len(ZIP_KEYS)


def test_read_model() -> None:
    puzzle = read_sudokupad(PAYLOAD)
    assert puzzle.format == "scl"
    assert puzzle.size == (4, 4)
    assert puzzle.givens == GIVENS
    assert len(puzzle.regions) == 4 and puzzle.regions[0] == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert puzzle.metadata.title == "Test" and puzzle.metadata.author == "sudokit"
    assert puzzle.metadata.rules == "Normal sudoku rules apply."
    assert puzzle.cages == ()  # the metadata cages are metadata
    (line,) = puzzle.lines
    assert line.way_points == ((0.5, 0.5), (0.5, 3.5)) and line.color == "#CFCFCF" and line.thickness == 21


def test_every_drawing_attribute_is_kept() -> None:
    data = bare_scl_puzzle(
        4,
        cages=[{"cells": [[0, 0], [0, 1]], "value": "7", "style": "killer", "borderColor": "#000000"}],
        arrows=[{"wayPoints": [[0.8, 0.5], [2.5, 0.5]], "color": "#a1a1a1", "thickness": 5,
                 "headLength": 0.3}],
        overlays=[{"center": [1, 2], "width": 0.3, "height": 0.3, "rounded": True,
                   "backgroundColor": "#000000", "borderColor": "#000000", "text": "", "fontSize": 16,
                   "angle": 45}],
        underlays=[{"center": [0.5, 0.5], "width": 0.85, "height": 0.85, "rounded": True,
                    "backgroundColor": "#CFCFCF"}],
        metadata={"title": "Meta", "solution": "1234341221434321", "source": "here"},
        foglight=[[0, 0]],
    )
    puzzle = read_sudokupad(scl_payload(data))
    (cage,) = puzzle.cages
    assert cage.cells == ((0, 0), (0, 1)) and cage.value == 7 and cage.style == "killer"
    assert cage.attrs["borderColor"] == "#000000"
    (arrow,) = puzzle.arrows
    assert arrow.way_points[0] == (0.8, 0.5) and arrow.head_length == 0.3 and arrow.thickness == 5
    (dot,) = puzzle.overlays
    assert dot.center == (1.0, 2.0) and dot.rounded and dot.background_color == "#000000"
    assert dot.attrs["angle"] == 45 and dot.font_size == 16
    (bulb,) = puzzle.underlays
    assert bulb.layer == "underlay" and bulb.width == 0.85
    assert puzzle.metadata.title == "Meta" and puzzle.metadata.solution == "1234341221434321"
    assert puzzle.metadata.extra["source"] == "here"
    assert puzzle.extra["foglight"] == [[0, 0]]


FP = fpuzzles_json(
    9, {(0, 0): 5, (8, 8): 9},
    title="F", author="A", ruleset="Thermo digits increase.", solution=[1] * 81,
    thermometer=[{"lines": [["R1C1", "R1C2", "R1C3"]]}],
    arrow=[{"cells": ["R5C5"], "lines": [["R5C5", "R6C6", "R7C7"]]}],
    killercage=[{"cells": ["R9C1", "R9C2"], "value": "10"}],
    littlekillersum=[{"cell": "R0C1", "direction": "DR", "value": "20"}],
    sandwichsum=[{"cell": "R0C4", "value": "15"}],
    xv=[{"cells": ["R2C1", "R2C2"], "value": "X"}],
    difference=[{"cells": ["R3C1", "R3C2"]}],
    ratio=[{"cells": ["R4C1", "R4C2"]}],
    palindrome=[{"lines": [["R6C1", "R7C1"]]}],
    odd=[{"cell": "R8C8"}], even=[{"cell": "R8C7"}],
    extraregion=[{"cells": ["R1C9", "R2C9"]}],
    quadruple=[{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "values": [1, 2]}],
    renban=[{"lines": [["R7C5", "R7C6"]]}],
    whispers=[{"lines": [["R8C1", "R8C2"]]}],
    xsum=[{"cell": "R5C0", "value": "12"}],
    skyscraper=[{"cell": "R10C3", "value": "3"}],
    clone=[{"cells": ["R1C5"], "cloneCells": ["R9C5"]}],
    line=[{"lines": [["R4C4", "R4C5"]], "outlineC": "#F0F", "width": 0.2}],
    antiknight=True,
    **{"diagonal+": True},
)


@pytest.mark.parametrize("link", [
    fpuz(FP),
    fpuz(FP, prefix="fpuz"),
    f"https://sudokupad.app/{fpuz(FP)}",
    f"https://f-puzzles.com/?load={fpuz(FP, prefix='')}",
    f"https://www.f-puzzles.com/?load={quote(fpuz(FP, prefix=''), safe='')}",
    fpuz(FP, prefix=""),                          # a bare load= payload
    json.dumps(FP),
])
def test_fpuzzles_link_forms(link: str) -> None:
    decoded = decode(link)
    assert decoded.format == "fpuzzles"
    assert decoded.data["grid"] == FP["grid"]


def test_fpuzzles_model() -> None:
    puzzle = read_sudokupad(fpuz(FP))
    assert puzzle.format == "fpuzzles" and puzzle.size == (9, 9)
    assert puzzle.givens == {(0, 0): 5, (8, 8): 9}
    assert len(puzzle.regions) == 9 and puzzle.regions[0][:3] == ((0, 0), (0, 1), (0, 2))
    assert puzzle.metadata.title == "F" and puzzle.metadata.rules == "Thermo digits increase."
    assert puzzle.metadata.solution == "1" * 81
    kinds = {e.kind for e in puzzle.fpuzzles}
    assert kinds >= {"thermometer", "arrow", "killercage", "littlekillersum", "sandwichsum", "xv",
                     "difference", "ratio", "palindrome", "odd", "even", "extraregion", "quadruple",
                     "renban", "whispers", "xsum", "skyscraper", "clone", "line"}
    (thermo,) = [e for e in puzzle.fpuzzles if e.kind == "thermometer"]
    assert thermo.lines == (((0, 0), (0, 1), (0, 2)),)
    (lk,) = [e for e in puzzle.fpuzzles if e.kind == "littlekillersum"]
    assert lk.cells == ((-1, 0),) and lk.value == "20" and lk.attrs["direction"] == "DR"
    assert puzzle.flags["antiknight"] is True and puzzle.flags["diagonal+"] is True


def test_fpuzzles_jigsaw_regions_and_metadata_cages() -> None:
    rows = [[{"region": 0 if c < 2 else 1} for c in range(4)] for r in range(2)]
    rows += [[{"region": 2 if c < 2 else 3} for c in range(4)] for r in range(2)]
    data = {"size": 4, "grid": rows, "cage": [{"cells": [], "value": "rules: Jigsaw rules."}]}
    puzzle = read_sudokupad(fpuz(data))
    assert [len(r) for r in puzzle.regions] == [4, 4, 4, 4]
    assert puzzle.regions[0] == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert puzzle.metadata.rules == "Jigsaw rules."


@pytest.mark.parametrize("link", [
    "https://sudokupad.app/abc123",
    "https://sudokupad.app/sudoku/abc123",
    "https://app.crackingthecryptic.com/sudoku/Pg9D6MNgJh",
    "https://sudokupad.app/?puzzleid=tuesday-puzzle",
    "https://sudokupad.app/user/some-puzzle",
    "abc123",
])
def test_puzzle_ids_need_the_server(link: str) -> None:
    with pytest.raises(PuzzleIdError, match="needs the SudokuPad server; paste the full link"):
        decode_link(link)


def test_puzzle_id_error_is_a_value_error() -> None:
    error = PuzzleIdError()
    assert isinstance(error, ParseError) and isinstance(error, ValueError)
    assert "line 3" in str(error.with_line(3))


def test_fpuzzles_short_id() -> None:
    with pytest.raises(PuzzleIdError, match="f-puzzles server"):
        decode_link("https://f-puzzles.com/?id=abcdef")
