"""sudokit.dataset.build: balanced bins, no equivalent puzzles anywhere, stratified splits."""

from __future__ import annotations

import pytest

from sudokit import Grid, solve
from sudokit.dataset import minlex
from sudokit.dataset.build import COLUMNS, build, parse_bins, parse_split, quotas, shape_of
from sudokit.errors import OptionError
from sudokit.shape import Shape


def _all(built: object) -> list[dict[str, object]]:
    return [r for rows in built.splits.values() for r in rows]  # type: ignore[attr-defined]


def test_er_bins_are_balanced_and_leak_free() -> None:
    built = build(40, bins="1-2,2-4,4-6,6-8,8-", seed=3, split="train=0.5,val=0.25,test=0.25")
    rows = _all(built)
    assert built.short == {} and len(rows) == 40
    bins = parse_bins("er", "1-2,2-4,4-6,6-8,8-")
    for b, quota in zip(bins, built.quotas, strict=True):
        members = [r for r in rows if r["bin"] == b.name]
        assert abs(len(members) - 40 / 5) <= 0.01 * 40  # within 1 % of the target
        assert all(b.holds(r) for r in members)
        assert len(members) == quota
    forms = [r["minlex"] for r in rows]
    assert len(set(forms)) == len(forms)
    for r in rows:
        assert set(r) == set(COLUMNS)
        puzzle = Grid.from_string(str(r["puzzle"]))
        assert solve(puzzle).to_string() == r["solution"]
        assert minlex(puzzle) == r["minlex"] and r["clues"] == puzzle.clue_count
        assert isinstance(r["techniques"], list) and r["shape"] == "9x9"
    sizes = {name: len(v) for name, v in built.splits.items()}
    assert sizes == {"train": 20, "val": 10, "test": 10}
    table = built.table()
    assert table[0] == ["bin", "train", "val", "test", "total", "target"]
    assert table[-1] == ["all", "20", "10", "10", "40", "40"]


def test_shapes_reproducible_and_exclusion() -> None:
    first = build(12, kind="shape", bins="4x4,6x6", seed=5, split="train=0.5,test=0.5")
    again = build(12, kind="shape", bins="4x4,6x6", seed=5, split="train=0.5,test=0.5", jobs=2)
    assert first.splits == again.splits
    rows = _all(first)
    assert sorted(r["shape"] for r in rows) == ["4x4"] * 6 + ["6x6"] * 6
    banned = {str(r["minlex"]) for r in rows}
    other = build(6, kind="shape", bins="4x4", seed=6, split="all=1", exclude=banned)
    assert not {r["minlex"] for r in _all(other)} & banned


def test_levels_and_clues() -> None:
    built = build(6, kind="level", bins="easy,medium", seed=1, split="train=1")
    assert sorted(r["level"] for r in _all(built)) == ["easy"] * 3 + ["medium"] * 3
    built = build(4, kind="clues", bins="30-32", seed=1, split="train=1")
    assert all(30 <= int(r["clues"]) <= 32 for r in _all(built))  # type: ignore[call-overload]


def test_an_unreachable_bin_is_reported_short() -> None:
    built = build(2, kind="er", bins="9.5-", shape=(2, 2), seed=1, split="train=1", batch_seconds=0.3)
    assert built.short == {"9.5-": 2}


def test_parsers() -> None:
    assert quotas(10, [1, 1, 1]) == [4, 3, 3] and sum(quotas(97, [3, 2, 5])) == 97
    assert parse_split("train=8,test=2") == {"train": 0.8, "test": 0.2}
    assert [b.weight for b in parse_bins("er", "1-2:3,2-")] == [3.0, 1.0]
    assert shape_of("6x6") == Shape(2, 3) and shape_of("6x6/3x2") == Shape(3, 2)
    for kind, text in (("er", "2-1"), ("level", "simple"), ("shape", "5x6"), ("er", ""), ("bogus", "1-2")):
        with pytest.raises(OptionError):
            parse_bins(kind, text)
    for text in ("train=-1", "", "../x=1"):
        with pytest.raises(OptionError):
            parse_split(text)
