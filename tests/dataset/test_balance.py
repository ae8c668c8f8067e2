"""Balance within 1 % of the target per bin, for every kind of target and in every split, with
weights; and every rating column of a built set is what ``rate`` says of the puzzle."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sudokit import rate
from sudokit.dataset.build import Built, build, parse_bins, quotas, stratified_split
from sudokit.grid import Grid
from sudokit.shape import Shape

#: kind, weighted bins, count and split: counts whose exact shares are whole puzzles in every split.
TARGETS = [
    ("er", "1-2:2,2-4:1,4-:1", 32, "train=0.5,val=0.25,test=0.25"),
    ("level", "easy:3,medium:1", 16, "train=0.75,test=0.25"),
    ("clues", "28-30:1,31-34:3", 16, "train=0.75,test=0.25"),
    ("shape", "4x4:3,6x6:1", 16, "train=0.75,test=0.25"),
]


def _shares_within(counts: Counter[str], total: int, weights: dict[str, float], tolerance: float) -> None:
    """Each bin's count is within ``tolerance`` × ``total`` of its weighted target."""
    whole = sum(weights.values())
    for name, weight in weights.items():
        target = total * weight / whole
        assert abs(counts.get(name, 0) - target) <= tolerance * total, (name, counts, target)


@pytest.fixture(scope="module", params=TARGETS, ids=[t[0] for t in TARGETS])
def target(request: pytest.FixtureRequest) -> tuple[str, str, Built]:
    kind, bins, count, split = request.param
    return kind, bins, build(count, kind=kind, bins=bins, seed=11, split=split)


def test_every_bin_and_split_within_one_percent(target: tuple[str, str, Built]) -> None:
    kind, text, built = target
    bins = parse_bins(kind, text)
    weights = {b.name: b.weight for b in bins}
    assert built.short == {}
    everything = [r for rows in built.splits.values() for r in rows]
    _shares_within(Counter(str(r["bin"]) for r in everything), len(everything), weights, 0.01)
    for rows in built.splits.values():
        _shares_within(Counter(str(r["bin"]) for r in rows), len(rows), weights, 0.01)
    by_name = {b.name: b for b in bins}
    assert all(by_name[str(r["bin"])].holds(r) for r in everything)  # each puzzle is in its own bin


def test_ratings_are_rate_of_the_puzzle(target: tuple[str, str, Built]) -> None:
    _, _, built = target
    for rows in built.splits.values():
        for r in rows:
            grid = Grid.from_string(str(r["puzzle"]))
            nine = grid.shape == Shape(3, 3)
            rating = rate(grid, hodoku_path=nine)
            got: dict[str, Any] = {k: r[k] for k in ("er", "ep", "ed", "level", "hodoku_score")}
            assert got == {"er": rating.er, "ep": rating.ep, "ed": rating.ed, "level": rating.level,
                           "hodoku_score": rating.score}


@pytest.mark.parametrize("weights", [[2, 1, 1, 3, 1], [1, 1, 1, 1, 1], [5, 0.5, 1]])
def test_large_sets_are_balanced_in_every_split(weights: list[float]) -> None:
    # the quotas and the stratified cut at the scale of a real set (no generation needed)
    count = 100_003
    parts = quotas(count, weights)
    kept = [[{"bin": str(i), "n": k} for k in range(part)] for i, part in enumerate(parts)]
    fractions = {"train": 0.8, "val": 0.1, "test": 0.1}
    splits = stratified_split(kept, fractions, random.Random(1))
    named = {str(i): w for i, w in enumerate(weights)}
    _shares_within(Counter(r["bin"] for rows in splits.values() for r in rows), count, named, 0.0001)
    for name, rows in splits.items():
        assert abs(len(rows) - count * fractions[name]) <= len(weights)
        _shares_within(Counter(r["bin"] for r in rows), len(rows), named, 0.01)
