"""Technique names, SE difficulties and HoDoKu scores are defined once: in the Python registry.

The C finders take theirs from csrc/se/human9_techniques.h, which tools/make_human9_techniques.py
generates from ``sudokit.techniques.techniques(se_only=True)``; these tests fail when the header
and the registry differ (regenerate it) or when the C rating order is not the registry's.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from sudokit.techniques import techniques
from tests.helpers.paths import ROOT
from tests.helpers.scripts import load_script


def generator() -> ModuleType:
    """tools/make_human9_techniques.py, imported as a module."""
    return load_script(ROOT / "tools" / "make_human9_techniques.py", "make_human9_techniques")


#: The generated header, where the generator writes it (its path is named there only).
HEADER: Path = generator().HEADER


def header_entries() -> list[tuple[str, int, int]]:
    """(name, tenths, hodoku) of every technique block of the C header, in order."""
    text = HEADER.read_text()
    names = re.findall(r'#define HM_NAME_(\w+) "([^"]+)"', text)
    tenths = dict(re.findall(r"#define HM_TENTHS_(\w+) (-?\d+)", text))
    hodoku = dict(re.findall(r"#define HM_HODOKU_(\w+) (-?\d+)", text))
    return [(name, int(tenths[ident]), int(hodoku[ident])) for ident, name in names]


def test_header_is_generated_from_the_registry() -> None:
    assert HEADER.read_text() == generator().render(), (
        f"{HEADER.relative_to(ROOT)} is out of date: run python tools/make_human9_techniques.py"
    )


def test_header_values_equal_the_registry() -> None:
    expected = [
        (t.name, round(t.difficulty * 10), -1 if t.hodoku is None else t.hodoku)
        for t in techniques(se_only=True)
    ]
    assert header_entries() == expected


def test_c_rating_order_is_the_registry_order() -> None:
    core = pytest.importorskip("sudokit._core")
    c_names = list(core.human9_names())
    py_names = [t.name for t in techniques(se_only=True)]
    # C ports a prefix of SE's order (nested levels 4 and 5 are Python only)
    assert c_names == py_names[: len(c_names)]
    assert len(c_names) >= 28


def test_rate9_table_uses_the_header() -> None:
    table = (ROOT / "csrc" / "se" / "rate9.c").read_text()
    body = table[table.index("hm_se_order[] = {") :]
    body = body[: body.index("};")]
    assert '"' not in body, "hm_se_order must name techniques by HM_NAME_* from human9_techniques.h"
