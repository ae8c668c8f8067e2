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
