"""Chain techniques: SE's length penalty, and the first hint of each chain rule on positions
taken from Sudoku Explainer 1.2.1.3's own solving paths (what SE reported there is the fixture:
the number of distinct hints, the first one's difficulty, complexity and removals)."""

from __future__ import annotations

import time

import pytest

from sudokit.candidates import Candidates
from sudokit.engine.solver import solve
from sudokit.grid import Grid
from sudokit.limits import Deadline
from sudokit.shape import Shape
from sudokit.techniques import technique_named
from sudokit.techniques.chains import (
    TimeLimitReached,
    cycle_and_chain_hints,
    find_cycles_and_forcing_chains,
    hint_steps,
    length_penalty,
    tables,
)
from sudokit.techniques.forcing import (
    find_dynamic_forcing_chains,
    find_dynamic_plus_forcing_chains,
    find_multiple_forcing_chains,
    find_nishio_forcing_chains,
    forcing_hints,
    propagate,
)
from sudokit.techniques.step import Step

# Each case: a position (81 numbers: -digit for a filled cell, else the candidate mask with bit
# d-1 for digit d) and, per rule, SE's (hint count, difficulty, complexity, removals, places).
CASES = [
    (
        "-1 -2 -3 -4 -5 -6 -7 -8 -9 -4 48 48 -7 -8 -9 -1 6 6 -7 -8 -9 -1 -2 -3 -4 -5 -6 "
        "-2 257 9 36 296 -5 -8 261 -7 -3 273 25 -8 264 -7 -6 259 3 -6 -7 -8 260 -1 -2 276 268 28 "
        "272 33 -7 288 -3 -8 -2 265 25 400 -3 33 -2 288 -4 272 -7 145 384 -4 -2 -5 -7 -1 260 -6 132",
        {
            "fc": (21, 7.1, 8, ((29, 1),), False),
            "nishio": (2, 7.6, 8, ((61, 9),), False),
            "multiple": (29, 8.1, 8, ((29, 1),), True),
            "dynamic": (42, 8.6, 8, ((29, 1),), True),
        },
    ),
    (
        "-1 306 -3 -4 304 304 -7 -8 274 -4 370 306 97 -8 273 5 275 278 192 464 272 65 -2 -3 9 -6 280 "
        "98 83 27 -3 56 186 -9 90 218 -3 82 -8 272 280 10 -6 90 -1 34 274 282 160 -1 -7 140 26 158 "
        "-5 -3 35 161 40 169 139 320 320 130 -4 3 272 -7 272 131 -3 -6 -9 161 -7 -2 -3 169 -5 9 136",
        {
            "fc": (12, 7.3, 12, ((21, 7),), True),
            "nishio": (0, 0.0, 0, (), False),
            "multiple": (25, 8.2, 10, ((28, 2),), False),
            "dynamic": (103, 8.7, 9, ((4, 6),), False),
        },
    ),
    (
        "9 -2 -3 9 -5 -6 -7 -8 -9 24 144 -6 -7 136 -9 -1 -2 -3 -7 384 385 129 -2 -3 -4 -6 -5 "
        "34 -1 -7 -9 -3 130 -5 -4 160 -3 160 144 48 -1 -4 -2 -9 -7 258 -4 272 48 -7 130 160 -3 -1 "
        "272 304 -2 -3 136 -7 288 -1 136 160 -7 -4 130 -9 -1 -3 -5 162 385 -3 257 10 -6 -5 384 -7 10",
        {
            "fc": (39, 6.9, 16, ((71, 8), (72, 9)), False),
            "nishio": (0, 0.0, 0, (), False),
            "multiple": (34, 8.2, 10, ((72, 9),), False),
            "dynamic": (37, 8.7, 10, ((74, 9),), False),
        },
    ),
    (
        "-1 6 6 -4 -5 352 224 224 320 -4 -5 -6 324 -8 324 -1 -2 324 -7 -8 -9 -1 38 38 -4 36 -5 "
        "290 263 7 -8 327 335 100 -5 77 18 -7 -8 -6 7 31 -9 5 13 304 261 -4 324 325 341 228 229 -2 "
        "-3 299 -5 322 353 353 66 73 -8 -8 35 3 -5 -4 97 70 -9 69 258 267 -7 262 261 -8 -5 9 -6",
        {
            "fc": (8, 7.3, 12, ((22, 3),), False),
            "nishio": (0, 0.0, 0, (), False),
            "multiple": (34, 8.3, 12, ((22, 3),), False),
            "dynamic": (122, 8.7, 9, ((33, 3),), False),
        },
    ),
    (
        "-1 258 262 28 24 -6 -7 -8 280 -4 -5 -6 192 192 -9 -1 6 6 -7 -8 260 -1 -2 28 48 296 280 "
        "-2 9 -5 132 72 132 -9 73 -6 -3 41 192 120 -9 88 144 75 27 -9 40 192 -2 120 -1 148 76 28 "
        "-5 258 267 168 169 138 36 293 -7 -6 -3 3 -9 65 66 -4 -5 -8 -8 -7 265 56 -3 24 -2 289 257",
        {
            "fc": (1, 7.3, 14, ((23, 5),), False),
            "nishio": (0, 0.0, 0, (), False),
            "multiple": (52, 8.3, 12, ((39, 7),), False),
            "dynamic": (82, 8.8, 11, ((39, 7),), False),
        },
    ),
    (
        "-1 -2 -3 -4 -5 -6 -7 -8 -9 24 24 -6 -7 -8 -9 3 3 -3 -7 384 384 -1 -2 -3 -5 -6 -4 "
        "50 145 129 -3 65 -4 -9 83 177 18 401 -7 258 -6 144 -4 -3 145 58 -3 393 258 65 144 3 80 177 "
        "-3 -7 -5 -6 -9 -1 -8 -4 -2 -8 9 9 -5 -3 -2 -6 -9 -7 -9 -6 -2 -8 -4 -7 -3 17 17",
        {
            "fc": (56, 6.9, 16, ((37, 5), (44, 5), (45, 2), (45, 5), (47, 1), (53, 1), (53, 5)), False),
            "nishio": (0, 0.0, 0, (), False),
            "multiple": (46, 8.1, 8, ((35, 1),), False),
            "dynamic": (51, 8.6, 8, ((37, 1),), False),
        },
    ),
]


def _position(text: str) -> Candidates:
    values, masks = [], []
    for word in text.split():
        v = int(word)
        values.append(-v if v < 0 else 0)
        masks.append(v if v > 0 else 0)
    return Candidates(values, masks, Shape(3, 3))


def rule_hints(cands: Candidates, rule: str) -> list[Step]:
    if rule == "fc":
        return list(hint_steps(cycle_and_chain_hints(cands), "Forcing Chain"))
    return list(hint_steps(forcing_hints(cands, rule), rule))


@pytest.mark.parametrize("case", range(len(CASES)))
@pytest.mark.parametrize("rule", ["fc", "nishio", "multiple", "dynamic"])
def test_first_hint_matches_sudoku_explainer(case: int, rule: str) -> None:
    text, expected = CASES[case]
    count, difficulty, complexity, removals, places = expected[rule]
    steps = rule_hints(_position(text), rule)
    assert len(steps) == count
    if count:
        first = steps[0]
        assert round(first.difficulty, 2) == difficulty
        assert first.extra["complexity"] == complexity
        if places:
            assert first.placements
        else:
            assert not first.placements
            assert tuple(sorted(first.eliminations)) == removals


@pytest.mark.parametrize(
    ("complexity", "penalty"),
    [(4, 0.0), (6, 0.0), (7, 0.1), (8, 0.1), (9, 0.2), (10, 0.2), (11, 0.3), (14, 0.3),
     (15, 0.4), (18, 0.4), (19, 0.5), (26, 0.5), (27, 0.6), (34, 0.6), (35, 0.7), (50, 0.7),
     (51, 0.8)],
)
def test_length_penalty_steps(complexity: int, penalty: float) -> None:
    # SE adds 0.1 each time the length (complexity - 2) passes 4, 6, 8, 12, 16, 24, 32, 48, ...
    assert round(length_penalty(complexity), 1) == penalty


def test_steps_are_true_on_the_solution() -> None:
    # A puzzle SE rates 8.3 (cbg-000); every chain step found at the start keeps the solution.
    grid = Grid.from_string(
        "..34......5...912.7...2.....1.5.7..86...9...7.......34..2.............9.9...61.75")
    solution = solve(grid).to_string()
    cands = Candidates.from_grid(grid)
    for finder in (find_cycles_and_forcing_chains, find_nishio_forcing_chains,
                   find_multiple_forcing_chains, find_dynamic_forcing_chains):
        steps = list(finder(cands))
        assert steps
        for step in steps:
            assert step.explanation
            assert step.extra["family"]
            for cell, digit in step.eliminations:
                assert solution[cell] != str(digit), step
            for cell, digit in step.placements:
                assert solution[cell] == str(digit), step


# A position from SE's path on a forum_hardest puzzle where only dynamic (+) chains apply: SE
# reports 4 hints, the first rated 9.7 (complexity 45) removing 9 from r6c7.
PLUS = (
    "19 115 -3 123 -9 121 202 154 82 -4 339 339 83 -8 81 322 -3 -6 274 370 -8 126 30 124 -1 282 338 "
    "403 -4 275 145 -6 145 386 -7 -3 151 87 115 -9 29 221 170 155 19 405 341 369 221 29 -2 424 409 273 "
    "279 279 -4 23 -7 277 262 -6 -8 -6 407 275 159 31 413 326 259 323 -7 391 259 167 7 421 -5 259 -4"
)


def test_dynamic_plus_matches_sudoku_explainer() -> None:
    cands = _position(PLUS)
    assert forcing_hints(cands, "dynamic") == []
    steps = list(find_dynamic_plus_forcing_chains(cands))
    assert len(steps) == 4
    first = steps[0]
    assert (round(first.difficulty, 2), first.extra["complexity"]) == (9.7, 45)
    assert first.eliminations == ((51, 9),)


def test_propagate_stops_at_a_contradiction() -> None:
    cands = _position(CASES[0][0])
    t = tables(cands.shape)
    # r7c8 = 9 is false in SE's Nishio hint for this position: assuming it leads to a clash.
    on = ((61 * 9 + 8) << 1) | 1
    run = propagate(cands.masks, (on,), (), t, dynamic=True, nishio=True)
    assert run.absurd is not None
    assert run.absurd_count() == 8


def test_deadline_interrupts_a_search() -> None:
    cands = _position(CASES[1][0])
    past = Deadline(time.monotonic() - 1)
    with pytest.raises(TimeLimitReached):
        list(find_dynamic_forcing_chains(cands, deadline=past))
    with pytest.raises(TimeLimitReached):
        list(find_cycles_and_forcing_chains(cands, deadline=past))
    with pytest.raises(TimeLimitReached):  # through the registry: the chain entries are timed
        list(technique_named("Dynamic Forcing Chain").steps(cands, past))
    assert technique_named("Dynamic Forcing Chain").timed
    assert not technique_named("X-Wing").timed
    assert list(find_dynamic_forcing_chains(cands))  # no deadline: the search runs
