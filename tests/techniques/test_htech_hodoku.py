"""HoDoKu's multi-colouring, avoidable rectangles, ALS chains, Death Blossoms, Franken and
Mutant fish, against HoDoKu 2.2's own finders.

tests/techniques/htech_positions.json holds positions from solving paths of random (cbg-000), hard
(magictour) and 17-clue puzzles, and part-solved states of 17-clue puzzles' solutions (where
avoidable rectangles are common), with HoDoKu's answers (made by tools/make_htech_positions.py
with a driver around HoDoKu's classes, beside the project): for each solution type, the step
HoDoKu's solver takes (its first, as elimination sets) and all its steps (their number and a
digest of their elimination sets). sudokit's first step must be HoDoKu's, where it fires and
where it must not, and its steps the same sets.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from sudokit import Grid, solve
from sudokit.candidates import Candidates, bit
from sudokit.techniques import Step, hodoku_score, technique_named, techniques
from sudokit.techniques.avoidable import find_avoidable_rectangles_1, find_avoidable_rectangles_2
from sudokit.techniques.explain import explain
from sudokit.techniques.franken import franken_fish, mutant_fish

DATA = json.loads((Path(__file__).parent / "htech_positions.json").read_text())

#: HoDoKu's solution type → sudokit's technique.
TYPES = {
    "MULTI_COLORS": "Multi-Colouring",
    "AVOIDABLE_RECTANGLE_1": "Avoidable Rectangle type 1",
    "AVOIDABLE_RECTANGLE_2": "Avoidable Rectangle type 2",
    "ALS_XY_CHAIN": "ALS-Chain",
    "DEATH_BLOSSOM": "Death Blossom",
}

#: HoDoKu's fish types: (size, finned, mutant); sudokit's search of that kind gives HoDoKu's
#: first fish (its type and eliminations).
FISH = {
    "FRANKEN_X_WING": (2, False, False),
    "FRANKEN_SWORDFISH": (3, False, False),
    "FINNED_FRANKEN_X_WING": (2, True, False),
    "FINNED_FRANKEN_SWORDFISH": (3, True, False),
    "MUTANT_X_WING": (2, False, True),
    "FINNED_MUTANT_X_WING": (2, True, True),
    "MUTANT_SWORDFISH": (3, False, True),
    "FINNED_MUTANT_SWORDFISH": (3, True, True),
}

#: The slower finders are checked on every SLOW_STRIDE-th position.
SLOW_STRIDE = 6


def position(entry: dict[str, Any]) -> tuple[Candidates, Grid]:
    """A stored position's candidates and its puzzle."""
    puzzle = Grid.from_string(entry["puzzle"])
    values = [0 if ch == "." else int(ch) for ch in entry["values"]]
    masks = [sum(bit(int(d)) for d in marks) for marks in entry["marks"].split(",")]
    return Candidates(values, masks, puzzle.shape), puzzle


def numbers(step: Step) -> list[int]:
    """A step's eliminations as HoDoKu's driver writes them (cell * 10 + digit, sorted)."""
    return sorted(cell * 10 + digit for cell, digit in step.eliminations)


def summary(steps: Sequence[Sequence[int]]) -> dict[str, object]:
    """The number and digest of distinct elimination sets (as tools/make_htech_positions.py)."""
    distinct = sorted({tuple(x) for x in steps})
    text = ";".join(",".join(str(v) for v in x) for x in distinct)
    return {"count": len(distinct), "digest": hashlib.sha1(text.encode()).hexdigest()[:16]}


def first_of(entry: dict[str, Any], kind: str) -> list[int] | None:
    """HoDoKu's first step of ``kind`` in a stored position (its eliminations), or None."""
    answer = entry["hodoku"][kind]
    return None if answer is None else answer[1]


def with_kind(kind: str, fired: bool | None = None) -> list[dict[str, Any]]:
    """The stored positions HoDoKu was asked about ``kind`` in (only those where it fires, or
    where it does not, when ``fired`` says so)."""
    return [e for e in DATA if kind in e["hodoku"]
            and (fired is None or (first_of(e, kind) is not None) == fired)]


def compare(kind: str, entries: list[dict[str, Any]]) -> tuple[int, int, list[str]]:
    """Check one technique on the entries: (positions, positions HoDoKu fires on, mismatches)."""
    technique = technique_named(TYPES[kind])
    fired, bad = 0, []
    for entry in entries:
        cands, puzzle = position(entry)
        steps = list(technique.steps(cands, givens=puzzle.cells))
        answer = entry["hodoku"][kind] or [None, None, 0, summary([])["digest"]]
        first = numbers(steps[0]) if steps else None
        fired += answer[1] is not None
        if first != answer[1]:
            bad.append(f"{entry['values']}: first {first} != {answer[1]}")
        got = summary([numbers(s) for s in steps])
        if got != {"count": answer[2], "digest": answer[3]}:
            bad.append(f"{entry['values']}: all {got} != {answer[2:]}")
    return len(entries), fired, bad


@pytest.mark.parametrize("kind", ["MULTI_COLORS", "AVOIDABLE_RECTANGLE_1", "AVOIDABLE_RECTANGLE_2"])
def test_equal_to_hodoku(kind: str) -> None:
    total, fired, bad = compare(kind, with_kind(kind))
    assert not bad, bad[:5]
    assert total >= 300 and fired >= 30


@pytest.mark.parametrize("kind", ["ALS_XY_CHAIN", "DEATH_BLOSSOM"])
def test_als_equal_to_hodoku(kind: str) -> None:
    fires = with_kind(kind, True)[::SLOW_STRIDE]
    silent = with_kind(kind, False)[:20]
    _, fired, bad = compare(kind, fires + silent)
    assert not bad, bad[:5]
    assert fired >= 40 and silent


def hodoku_name(step: Step) -> str:
    """A step's name as HoDoKu's solution type (``Finned Franken X-Wing`` →
    ``FINNED_FRANKEN_X_WING``)."""
    return step.technique.upper().replace(" ", "_").replace("-", "_")


@pytest.mark.parametrize("kind", list(FISH))
def test_fish_equal_to_hodoku(kind: str) -> None:
    size, finned, mutant = FISH[kind]
    fires = with_kind(kind, True)
    silent = with_kind(kind, False)
    slow = size * (1 + finned) * (1 + 3 * mutant)  # about how slow the search is
    sample = fires[:: max(1, slow // 2)][:30] + silent[:: SLOW_STRIDE * 4][: 60 // slow]
    search = mutant_fish if mutant else franken_fish
    bad = []
    for entry in sample:
        cands, _ = position(entry)
        step = next(search(cands, size, finned), None)
        answer = entry["hodoku"][kind] or ["-", None]
        ours = (hodoku_name(step), numbers(step)) if step else ("-", None)
        if ours != (answer[0], answer[1]):
            bad.append(f"{entry['values']}: {ours} != {answer[:2]}")
    assert not bad, bad[:5]
    assert len(fires) >= 3


def test_fixture_has_both_answers() -> None:
    for kind in [*TYPES, *FISH]:
        assert with_kind(kind, True) and with_kind(kind, False), kind


def test_eliminations_keep_the_solution() -> None:
    for entry in DATA[::SLOW_STRIDE * 6]:
        cands, puzzle = position(entry)
        solution = solve(puzzle)
        assert solution is not None
        for name in {*TYPES.values(), "Franken Fish", "Finned Franken Fish"}:
            for step in technique_named(name).steps(cands, givens=puzzle.cells):
                assert all(solution[c] != d for c, d in step.eliminations), (name, entry["values"])


def test_avoidable_rectangles_need_the_givens() -> None:
    entry = with_kind("AVOIDABLE_RECTANGLE_1", True)[0]
    cands, puzzle = position(entry)
    assert list(find_avoidable_rectangles_1(cands, givens=puzzle.cells))
    assert not list(find_avoidable_rectangles_1(cands))
    assert not list(find_avoidable_rectangles_2(cands))
    # every placed digit given: no rectangle avoids a given
    assert not list(find_avoidable_rectangles_1(cands, givens=cands.values))


def test_registry() -> None:
    names = [t.name for t in techniques()]
    assert names.index("Simple Colouring") + 1 == names.index("Multi-Colouring")
    at = names.index("Hidden Rectangle")
    assert names[at + 1 : at + 3] == ["Avoidable Rectangle type 1", "Avoidable Rectangle type 2"]
    assert names.index("ALS-XY-Wing") + 1 == names.index("ALS-Chain")
    scores = {name: technique_named(name).hodoku for name in TYPES.values()}
    assert scores == {"Multi-Colouring": 200, "Avoidable Rectangle type 1": 100,
                      "Avoidable Rectangle type 2": 100, "ALS-Chain": 340, "Death Blossom": 360}
    se = {t.name for t in techniques(se_only=True)}
    assert not se & set(TYPES.values())


def test_hodoku_levels() -> None:
    levels = {}
    for kind, name in TYPES.items():
        cands, puzzle = position(with_kind(kind, True)[0])
        step = next(iter(technique_named(name).steps(cands, givens=puzzle.cells)))
        levels[name] = hodoku_score([step])[1]
    assert levels == {"Multi-Colouring": "Hard", "Avoidable Rectangle type 1": "Hard",
                      "Avoidable Rectangle type 2": "Hard", "ALS-Chain": "Unfair",
                      "Death Blossom": "Unfair"}


def test_explain_and_hint_use_avoidable_rectangles() -> None:
    entry = with_kind("AVOIDABLE_RECTANGLE_2", True)[0]
    cands, puzzle = position(entry)
    chosen = [technique_named(f"Avoidable Rectangle type {k}") for k in (1, 2)]
    step = next(iter(explain(puzzle, chosen=chosen, cands=cands)))
    assert step.technique.startswith("Avoidable Rectangle")
    solution = solve(puzzle)
    assert solution is not None
    assert all(solution[c] != d for c, d in step.eliminations)
