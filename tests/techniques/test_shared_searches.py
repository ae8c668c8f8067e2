"""The searches the classic and the variant techniques share (#24): each against a plain reading
of its definition, on random candidate masks over groups and peers of any shape."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from sudokit.candidates import place_counts
from sudokit.techniques.singles import lone_candidates, single_places, unique_digits
from sudokit.techniques.subsets import hidden_sets_in, naked_sets_in
from sudokit.techniques.wings import wings_in

N = 6
CELLS = 24


def _masks(rng: random.Random) -> list[int]:
    """Random candidate masks over 1..N, a few cells filled (mask 0) or down to one candidate."""
    out = []
    for _ in range(CELLS):
        roll = rng.random()
        if roll < 0.1:
            out.append(0)
        elif roll < 0.2:
            out.append(1 << rng.randrange(N))
        else:
            out.append(rng.randrange(1, 1 << N) & rng.randrange(1, 1 << N) or 1)
    return out


def _groups(rng: random.Random) -> list[tuple[str, list[int]]]:
    """A few groups of 4 to 8 cells in a shuffled order, keyed by name."""
    return [(f"g{k}", rng.sample(range(CELLS), rng.randint(4, 8))) for k in range(5)]


def _digits(mask: int) -> set[int]:
    return {d for d in range(1, N + 1) if mask >> (d - 1) & 1}


@pytest.mark.parametrize("seed", range(40))
def test_naked_and_hidden_sets_match_their_definitions(seed: int) -> None:
    rng = random.Random(seed)
    masks, groups = _masks(rng), _groups(rng)
    for size in (2, 3, 4):
        naked = []
        hidden = []
        for key, cells in groups:
            for chosen in combinations(cells, size):
                union = set().union(*(_digits(masks[c]) for c in chosen))
                if all(len(_digits(masks[c])) >= 2 for c in chosen) and len(union) == size:
                    naked.append((key, chosen, sum(1 << (d - 1) for d in union)))
            places = {d: [c for c in cells if d in _digits(masks[c])] for d in range(1, N + 1)}
            for digits in combinations(range(1, N + 1), size):
                where = sorted({c for d in digits for c in places[d]})
                if all(len(places[d]) >= 2 for d in digits) and len(where) == size:
                    hidden.append((key, digits, tuple(where)))
        assert list(naked_sets_in(masks, groups, size)) == naked
        assert list(hidden_sets_in(masks, groups, size, N)) == hidden


@pytest.mark.parametrize("seed", range(40))
def test_singles_match_their_definitions(seed: int) -> None:
    rng = random.Random(seed)
    masks, groups = _masks(rng), _groups(rng)
    for _, cells in groups:
        expected = []
        for d in range(1, N + 1):
            places = [c for c in cells if d in _digits(masks[c])]
            if len(places) == 1:
                expected.append((places[0], d))
        assert list(single_places(masks, cells)) == expected
        counts = {d: sum(d in _digits(masks[c]) for c in cells) for d in range(1, N + 1)}
        assert place_counts(masks, cells) == (
            sum(1 << (d - 1) for d, k in counts.items() if k >= 1),
            sum(1 << (d - 1) for d, k in counts.items() if k >= 2))
        assert unique_digits(masks, cells) == sum(1 << (d - 1) for _, d in expected)
    assert list(lone_candidates(masks)) == [
        (c, min(_digits(m))) for c, m in enumerate(masks) if len(_digits(m)) == 1]


@pytest.mark.parametrize("seed", range(40))
def test_wings_match_their_definitions(seed: int) -> None:
    rng = random.Random(seed)
    small = [m for m in range(1, 16) if m.bit_count() in (2, 3)]  # 2-3 of the digits 1..4
    masks = [rng.choice(small) if rng.random() < 0.9 else 0 for _ in range(CELLS)]
    peers: list[set[int]] = [set() for _ in range(CELLS)]  # a random "must differ" graph
    for a, b in combinations(range(CELLS), 2):
        if rng.random() < 0.3:
            peers[a].add(b)
            peers[b].add(a)
    for xyz in (False, True):
        expected = []
        for pivot in range(CELLS):
            p = _digits(masks[pivot])
            if len(p) != (3 if xyz else 2):
                continue
            for a, b in combinations(sorted(peers[pivot]), 2):
                da, db = _digits(masks[a]), _digits(masks[b])
                if len(da) != 2 or len(db) != 2 or da == db or len(da & db) != 1:
                    continue
                (z,) = da & db
                if xyz:
                    ok = da | db == p
                else:
                    ok = z not in p and len(da & p) == len(db & p) == 1 and (da | db) - {z} == p
                if ok:
                    seen = peers[a] & peers[b] & (peers[pivot] if xyz else set(range(CELLS)))
                    expected.append((pivot, a, b, z, seen - {pivot, a, b}))
        assert list(wings_in(masks, peers, xyz)) == expected


def test_a_hand_made_xy_wing_and_xyz_wing() -> None:
    # pivot r0 = 1/2 sees 1/3 and 2/3; cell 3 sees both pincers, cell 4 sees all three
    peers = [{1, 2, 4}, {0, 3, 4}, {0, 3, 4}, {1, 2}, {0, 1, 2}]
    assert list(wings_in([0b11, 0b101, 0b110, 0b100, 0b100], peers, False)) == [(0, 1, 2, 3, {3, 4})]
    assert list(wings_in([0b111, 0b101, 0b110, 0b100, 0b100], peers, True)) == [(0, 1, 2, 3, {4})]
    assert not list(wings_in([0b111, 0b101, 0b110, 0b100, 0b100], peers, False))
