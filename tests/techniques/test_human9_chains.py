"""The C chain finders of human9 (csrc/se/human9_chains.c, human9_forcing.c) against their Python twins.

The sample, tests/techniques/human9_chain_positions.json, was made by tools/make_human9_chain_positions.py
(its docstring has the commands) from Python rating paths: for each chain technique, the first
positions where that technique gave the step actually applied and its Python finder takes at
most a second of CPU (three for the dynamic (+) rule) - 12 positions of each technique from
cbg-000 puzzles, 9 of dynamic chains, and 6 of the dynamic (+) rule from three
magictour_top1465 puzzles (no cbg-000 path uses it).  On each, the C finder must return exactly
the first step of its Python twin (name, difficulty, placements, eliminations), and that step
must be true: it places the solution's digits and removes none of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sudokit.candidates import Candidates
from sudokit.shape import Shape
from tests.techniques.human9_compare import c_key, python_key, se_techniques, solution_cells, technique_index

try:
    from sudokit import _core  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - pure-Python install
    _core = None
core: Any = _core

POSITIONS = Path(__file__).with_name("human9_chain_positions.json")

needs_core = pytest.mark.skipif(core is None or not hasattr(core, "human9_find"),
                                reason="the C extension is not built")


def _rows() -> list[dict[str, Any]]:
    with POSITIONS.open(encoding="utf-8") as f:
        rows: list[dict[str, Any]] = json.load(f)["positions"]
    return rows


ROWS = _rows()




def test_sample_covers_every_chain_finder() -> None:
    names = {row["technique"] for row in ROWS}
    assert names == {"Forcing Chain", "Nishio Forcing Chain", "Multiple Forcing Chain",
                     "Dynamic Forcing Chain", "Dynamic Forcing Chain (+)"}


@pytest.mark.slow
@needs_core
@pytest.mark.parametrize("row", ROWS, ids=[f"{r['technique']}-{i}" for i, r in enumerate(ROWS)])
def test_c_finder_matches_python(row: dict[str, Any]) -> None:
    index = technique_index(row["technique"])
    values, masks = row["values"], row["masks"]
    found = core.human9_find(index, bytes(values), list(masks))
    c = c_key(found)
    assert c is not None, "the C finder found nothing"
    # the C step is true: right placements, no solution digit removed, only candidates removed
    solution = solution_cells(row["puzzle"])
    _, _, place, elim = c
    assert place or elim
    for cell, digit in place:
        assert solution[cell] == digit
    for cell, digit in elim:
        assert solution[cell] != digit
        assert masks[cell] >> (digit - 1) & 1
    # ... and it is the Python twin's first step
    cands = Candidates(list(values), list(masks), Shape(3, 3))
    py = python_key(next(iter(se_techniques()[index].steps(cands)), None))
    assert c == py
    assert found[2] == -1  # chain steps carry no HoDoKu score of their own


@needs_core
@pytest.mark.parametrize("name", sorted({r["technique"] for r in ROWS}))
def test_c_finders_respect_the_deadline(name: str) -> None:
    row = next(r for r in ROWS if r["technique"] == name)
    # a deadline already past: the finder gives up and says so
    found = core.human9_find(technique_index(name), bytes(row["values"]), list(row["masks"]), 1e-9)
    assert found == "limit"
