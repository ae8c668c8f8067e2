"""A real public puzzle: "Parity Fish" by Marty Sears, the example link of the Sudoku-Bench README.

Stored as SudokuPad's zipped text with its "solution" field removed (no published solution is kept
in this repository); the test compresses it as SudokuPad links do and decodes it back.
"""

from __future__ import annotations

import base64
from urllib.parse import quote

import pytest

from sudokit.formats.conventions import Element, Unsupported, classify
from sudokit.formats.links import LinkRefused, read_link
from sudokit.formats.sudokupad import decode_link, read_sudokupad
from tests.links.builders import LZ

# The zipped text of https://sudokupad.app/sclN4SwJgXA5AzgHjAtgfQLIEMBOAX… minus its solution.
PARITY_FISH = (
    "{id:'sxsm_MartySears_580c6fdbbba9bfb0e71ae19044f02d4c',metadata:{source:'Sudoku Maker v202"
    "5.02.24-ccf5a86',author:'Marty Sears',rules:'Normal sudoku rules apply; fill the grid with"
    " the digits 1-9 so that digits don\\'t repeat in any row, column, and marked 3x3 box.\\nTwo "
    'cells adjacent along a red line must contain one even digit and one odd digit.\\nTwo cells '
    'connected by a white dot contain consecutive digits.\\nTwo cells connected by a black dot c'
    "ontain digits where one is double the other.',bgimage:'https://i.imgur.com/n3iOt4N.jpeg',b"
    "gimageopacity:1,t:'Parity Fish'},ce:[[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,"
    '],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,],[,,,,,,,,]],re:[[[0,0],[0,1],[0,2],[1,0],[1,1],[1,2],[2'
    ',0],[2,1],[2,2]],[[0,3],[0,4],[0,5],[1,3],[1,4],[1,5],[2,3],[2,4],[2,5]],[[0,6],[0,7],[0,8'
    '],[1,6],[1,7],[1,8],[2,6],[2,7],[2,8]],[[3,0],[3,1],[3,2],[4,0],[4,1],[4,2],[5,0],[5,1],[5'
    ',2]],[[3,3],[3,4],[3,5],[4,3],[4,4],[4,5],[5,3],[5,4],[5,5]],[[3,6],[3,7],[3,8],[4,6],[4,7'
    '],[4,8],[5,6],[5,7],[5,8]],[[6,0],[6,1],[6,2],[7,0],[7,1],[7,2],[8,0],[8,1],[8,2]],[[6,3],'
    '[6,4],[6,5],[7,3],[7,4],[7,5],[8,3],[8,4],[8,5]],[[6,6],[6,7],[6,8],[7,6],[7,7],[7,8],[8,6'
    "],[8,7],[8,8]]],o:[{ct:[3.5,8],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[4.5,"
    "8],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[5.5,8],w:0.34,h:0.34,th:1.28,te:"
    "'',c:#0,r:t,c2:#F,c1:#0},{ct:[4.5,1],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct"
    ":[8,2.5],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[7,0.5],w:0.34,h:0.34,th:1."
    "28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[1,0.5],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#"
    "0},{ct:[6.5,7],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[6.5,1],w:0.34,h:0.34"
    ",th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[8.5,8],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#"
    "F,c1:#0},{ct:[7.5,5],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[1,3.5],w:0.34,"
    "h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[7,5.5],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:"
    "t,c2:#F,c1:#0},{ct:[2,6.5],w:0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[0.5,2],w"
    ":0.34,h:0.34,th:1.28,te:'',c:#0,r:t,c2:#F,c1:#0},{ct:[1,4.5],w:0.34,h:0.34,th:1.28,te:'',c"
    ":#0,r:t,c2:#F,c1:#0},{ct:[3,1.5],w:0.33,h:0.33,te:'',c:#F,r:t,c2:#0},{ct:[3.5,7],w:0.33,h:"
    "0.33,te:'',c:#F,r:t,c2:#0},{ct:[2,2.5],w:0.33,h:0.33,te:'',c:#F,r:t,c2:#0},{ct:[8.5,2],w:0"
    ".33,h:0.33,te:'',c:#F,r:t,c2:#0},{ct:[8,7.5],w:0.33,h:0.33,te:'',c:#F,r:t,c2:#0}]}"
)


def compact64(text: str) -> str:
    """SudokuPad's other writer: lz-string's 16-bit compress(), bytes big-endian, then base64."""
    packed = LZ.compress(text)
    raw = b"".join(ord(ch).to_bytes(2, "big") for ch in packed)
    return base64.b64encode(raw).decode("ascii")


def test_parity_fish_decodes() -> None:
    for link in ("scl" + LZ.compressToBase64(PARITY_FISH),
                 "https://sudokupad.app/scl" + quote(compact64(PARITY_FISH), safe="")):
        data = decode_link(link)
        assert data["metadata"]["title"] == "Parity Fish"
        assert data["metadata"]["author"] == "Marty Sears"
    puzzle = read_sudokupad("scl" + LZ.compressToBase64(PARITY_FISH))
    assert puzzle.size == (9, 9) and puzzle.givens == {}
    assert len(puzzle.regions) == 9 and len(puzzle.overlays) == 21
    assert puzzle.metadata.rules is not None and "don't repeat" in puzzle.metadata.rules
    assert puzzle.metadata.solution is None
    assert puzzle.metadata.extra["source"].startswith("Sudoku Maker")


def test_parity_fish_classified() -> None:
    found = classify(read_sudokupad("scl" + LZ.compressToBase64(PARITY_FISH)))
    kinds = [e.kind for e in found if isinstance(e, Element)]
    assert kinds.count("kropki-white") == 16 and kinds.count("kropki-black") == 5
    # Its red parity lines are in the background image, not in the data: said so, not guessed.
    assert any(isinstance(e, Unsupported) and "bgimage" in e.reason for e in found)


# How it reads: its red parity lines live only in its background image, so reading it must refuse
# it (and still refuse it with the image reference removed: the rules text names lines the data
# lacks).
def test_parity_fish_is_refused_for_its_image_and_its_red_lines() -> None:
    read, refused = 0, []
    for text in (PARITY_FISH,):
        try:
            read_link("scl" + LZ.compressToBase64(text))
            read += 1
        except LinkRefused as error:
            refused.append(error.reasons)
    assert (read, len(refused)) == (0, 1)  # 0 of the 1 sample reads: correct, it cannot be solved faithfully
    reasons = refused[0]
    assert any("image (bgimage)" in r for r in reasons)
    assert any("red line" in r for r in reasons)
    stripped = PARITY_FISH.replace("bgimage:'https://i.imgur.com/n3iOt4N.jpeg',", "")
    with pytest.raises(LinkRefused, match="red line"):
        read_link("scl" + LZ.compressToBase64(stripped))
