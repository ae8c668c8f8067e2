"""HoDoKu's step types are defined once: in the Python list ``HODOKU_STEPS``.

The C path keeps a hand-made copy (csrc/hodoku/hodoku9.h: the ``HK_*`` enum, whose value is the
HODOKU_STEPS index; csrc/hodoku/hodoku9.c: ``hk_kinds``, the type name, base score and level of
each). These tests parse both and fail when the copy and the list differ in any way, order
included.
"""

from __future__ import annotations

import re

from sudokit.rating.hodoku.path import _C_BRUTE_FORCE, EASY, EXTREME, HARD, HODOKU_STEPS, MEDIUM, UNFAIR
from tests.helpers.paths import ROOT

LEVELS = {"EASY": EASY, "MEDIUM": MEDIUM, "HARD": HARD, "UNFAIR": UNFAIR, "EXTREME": EXTREME}

HEADER = ROOT / "csrc" / "hodoku" / "hodoku9.h"
TABLE = ROOT / "csrc" / "hodoku" / "hodoku9.c"


def strip_comments(text: str) -> str:
    """C text without its /* */ and // comments."""
    return re.sub(r"//[^\n]*", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S))


def enum_kinds() -> list[str]:
    """The names of the HK_* step-type enum, in order, up to HK_KINDS (without the prefix)."""
    text = strip_comments(HEADER.read_text())
    body = next(b for b in re.findall(r"enum\s*\{(.*?)\}", text, flags=re.S) if "HK_KINDS" in b)
    names = [item.strip() for item in body.split(",") if item.strip()]
    kinds = names[: names.index("HK_KINDS")]
    assert all(re.fullmatch(r"HK_\w+", name) for name in kinds), kinds  # no explicit values
    return [name.removeprefix("HK_") for name in kinds]


def table_kinds() -> list[tuple[str, int, int]]:
    """(type name, base score, level) of every row of hk_kinds, in order."""
    text = strip_comments(TABLE.read_text())
    levels = re.search(r"enum\s*\{\s*(EASY[^}]*)\}", text)
    assert levels is not None
    level_of = {name.strip(): i for i, name in enumerate(levels.group(1).split(",")) if name.strip()}
    table = re.search(r"hk_kinds\[HK_KINDS\]\s*=\s*\{(.*?)\n\};", text, flags=re.S)
    assert table is not None
    rows = re.findall(r'\{\s*"(\w+)"\s*,\s*(\d+)\s*,\s*(\w+)\s*\}', table.group(1))
    return [(name, int(score), level_of[level]) for name, score, level in rows]


def test_level_names_match_python() -> None:
    text = strip_comments(TABLE.read_text())
    levels = re.search(r"enum\s*\{\s*(EASY[^}]*)\}", text)
    assert levels is not None
    names = [n.strip() for n in levels.group(1).split(",") if n.strip()]
    assert {name: i for i, name in enumerate(names)} == LEVELS


def test_enum_is_hodoku_steps_in_order() -> None:
    assert enum_kinds() == [step.kind for step in HODOKU_STEPS]


def test_table_is_hodoku_steps_in_order() -> None:
    assert table_kinds() == [(step.kind, step.score, step.level) for step in HODOKU_STEPS]


def test_brute_force_kind() -> None:
    text = strip_comments(HEADER.read_text())
    match = re.search(r"HK_BRUTE_FORCE\s*=\s*(\d+)", text)
    assert match is not None
    assert int(match.group(1)) == _C_BRUTE_FORCE
    assert int(match.group(1)) >= len(HODOKU_STEPS)
