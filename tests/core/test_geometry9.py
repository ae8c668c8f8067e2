"""The tables of csrc/common/geometry9.h, derived again from sudokit.shape.Shape(3, 3).

The C 9x9 files share one geometry header; its tables were generated once, so these tests
read them out of the C source and check every entry against the Python layout.
"""

from __future__ import annotations

import re

import pytest

from sudokit.shape import Shape
from tests.helpers.paths import ROOT

SOURCE = ROOT / "csrc" / "common" / "geometry9.h"
SHAPE = Shape(3, 3)


def c_table(name: str, width: int) -> list[list[int]]:
    """The rows of the C array `name` in geometry9.h, `width` values a row."""
    text = re.sub(r"/\*.*?\*/", "", SOURCE.read_text(), flags=re.S)
    m = re.search(rf"\b{name}\[\d+\]\[{width}\]\s*=\s*\{{(.*?)\}};", text, re.S)
    if m is None:
        pytest.fail(f"{name} not found in {SOURCE.name}")
    values = [int(v) for v in re.findall(r"\d+", m.group(1))]
    return [values[i : i + width] for i in range(0, len(values), width)]


def test_unit_cells() -> None:
    assert c_table("kUnitCells", 9) == [list(unit) for unit in SHAPE.units]


def test_cell_units() -> None:
    expected = []
    for cell in range(81):
        box = SHAPE.units[SHAPE.cell_units[cell][2]]
        expected.append([*SHAPE.cell_units[cell], box.index(cell)])
    assert c_table("kCellUnits", 4) == expected


def test_peers() -> None:
    assert c_table("kPeers", 20) == [sorted(peers) for peers in SHAPE.peers]


def test_unit_sets() -> None:
    """kUnitSet[u] is kUnitCells[u] as an sk_cells: cell c at bit c % 64 of word c // 64."""
    text = re.sub(r"/\*.*?\*/", "", SOURCE.read_text(), flags=re.S)
    m = re.search(r"\bkUnitSet\[27\]\s*=\s*\{(.*?)\};", text, re.S)
    assert m is not None, "kUnitSet not found"
    words = [int(v, 16) for v in re.findall(r"0x([0-9a-fA-F]+)", m.group(1))]
    sets = [words[i] | words[i + 1] << 64 for i in range(0, len(words), 2)]
    assert sets == [sum(1 << c for c in unit) for unit in SHAPE.units]
