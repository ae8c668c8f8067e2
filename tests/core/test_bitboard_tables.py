"""The lookup tables of the 9x9 solver (csrc/solve/bitboard9_tables.h), derived again from the
rules they encode.

The 9x9 solver keeps its band rule in tables indexed by a multiplicative hash of a
word's minirow set.  The tables were generated once, outside the build; these tests
read them out of the C source and check every entry against the rule itself, and that
the hash tells all 512 minirow sets apart.
"""

from __future__ import annotations

import itertools
import math
import re

import pytest

from tests.helpers.paths import ROOT

SOLVE = ROOT / "csrc" / "solve"
SOURCE = SOLVE / "bitboard9.c"  # the hash multiplier
TABLES = SOLVE / "bitboard9_tables.h"  # the tables

# A minirow set: bit 3*row + box (row and box 0..2 inside one band).
PERMUTATIONS = list(itertools.permutations(range(3)))  # row r -> box p[r]


def c_table(name: str) -> list[int]:
    """The values of the C array `name` in bitboard9_tables.h."""
    text = TABLES.read_text()
    m = re.search(rf"\b{name}\[\d+\]\s*=\s*\{{(.*?)\}};", text, re.S)
    if m is None:
        pytest.fail(f"{name} not found in {TABLES.name}")
    return [int(v, 0) for v in re.findall(r"0x[0-9a-fA-F]+|\d+", m.group(1))]


def c_constant(name: str) -> int:
    m = re.search(rf"#define {name} (0x[0-9a-fA-F]+)u", SOURCE.read_text())
    assert m is not None, name
    return int(m.group(1), 16)


def minirow_hash(m: int, multiplier: int) -> int:
    """The hash of minirow set m, as minirow_hash() computes it from a band word."""
    spread = sum(1 << (3 * k) for k in range(9) if m >> k & 1)  # bits 3*(3*row + box)
    return ((spread * multiplier) & 0xFFFFFFFF) >> 23


def kept_minirows(m: int) -> int:
    """The minirows of m that belong to a row->box permutation lying wholly inside m."""
    kept = 0
    for p in PERMUTATIONS:
        bits = [3 * r + p[r] for r in range(3)]
        if all(m >> b & 1 for b in bits):
            kept |= sum(1 << b for b in bits)
    return kept


def minirow_cells(m: int) -> int:
    """The 27-bit band cells of a minirow set."""
    return sum(7 << (9 * (k // 3) + 3 * (k % 3)) for k in range(9) if m >> k & 1)


def test_hash_separates_all_minirow_sets() -> None:
    mult = c_constant("kMinirowHash")
    hashes = {minirow_hash(m, mult) for m in range(512)}
    assert len(hashes) == 512


def test_hash_of_a_band_word_depends_only_on_its_minirows() -> None:
    # minirow_hash() ORs each cell onto the lowest bit of its minirow first: any
    # non-empty subset of a minirow's three cells must give the same hash.
    mult = c_constant("kMinirowHash")

    def word_hash(w: int) -> int:
        return ((((w | (w >> 1) | (w >> 2)) & 0x1249249) * mult) & 0xFFFFFFFF) >> 23

    for m in range(512):
        for sub in (1, 2, 4, 5, 7):
            w = sum(sub << (9 * (k // 3) + 3 * (k % 3)) for k in range(9) if m >> k & 1)
            assert word_hash(w) == minirow_hash(m, mult)


@pytest.mark.parametrize("name", ["kBandKeepH", "kMiniKeepH"])
def test_band_rule_tables(name: str) -> None:
    mult = c_constant("kMinirowHash")
    table = c_table(name)
    assert len(table) == 512
    for m in range(512):
        kept = kept_minirows(m)
        want = minirow_cells(kept) if name == "kBandKeepH" else kept
        assert table[minirow_hash(m, mult)] == want, (name, m)


def test_stack_table() -> None:
    # kStackKeep is the same rule for (band, column) sets: bit 3*band + column.
    table = c_table("kStackKeep")
    assert table == [kept_minirows(m) for m in range(512)]


def _c_permutation_order() -> list[tuple[int, int, int]]:
    """The permutations in the bit order of kPerms: bit i is set alone for exactly
    the minirow set of permutation i."""
    perms = c_table("kPerms")
    order = []
    for i in range(6):
        (m,) = [m for m in range(512) if bin(m).count("1") == 3 and perms[m] == 1 << i]
        order.append(tuple(next(box for box in range(3) if m >> (3 * r + box) & 1) for r in range(3)))
    return order


PERMUTATIONS_C = _c_permutation_order()


def perm_minirows(p: tuple[int, int, int]) -> int:
    return sum(1 << (3 * r + p[r]) for r in range(3))


def test_permutation_tables() -> None:
    assert sorted(PERMUTATIONS_C) == sorted(PERMUTATIONS)
    perms = c_table("kPerms")
    logs = c_table("kPermLog")
    for m in range(512):
        fit = sum(1 << i for i, p in enumerate(PERMUTATIONS_C) if m & perm_minirows(p) == perm_minirows(p))
        assert perms[m] == fit, m
        n = bin(fit).count("1")
        assert logs[m] == (round(64 * math.log2(n)) if n >= 2 else 0), m


def test_split_table() -> None:
    split = c_table("kSplitMinirow")
    assert len(split) == 64
    for ps in range(64):
        members = [perm_minirows(p) for i, p in enumerate(PERMUTATIONS_C) if ps >> i & 1]
        if len(members) < 2:
            continue
        k = split[ps]
        inside = sum(1 for pm in members if pm >> k & 1)
        assert 0 < inside < len(members), ps  # both branches lose a permutation
        shared = any(sum(1 for pm in members if pm >> j & 1) == 2 for j in range(9))
        assert inside == (2 if len(members) >= 3 and shared else 1), ps


def test_minirow_lines() -> None:
    lines = c_table("kMinirowLine")
    for k in range(9):
        r, c = divmod(k, 3)
        row, box, mini = 0x1FF << (9 * r), 0x1C0E07 << (3 * c), 7 << (9 * r + 3 * c)
        assert lines[k] == (row | box) & ~mini
