"""HoDoKu's single-digit patterns, wings, colours and simple chains in C (csrc/hodoku9_patterns.c)
against their Python twins (sudokit.hodoku.HODOKU_STEPS).

Every C finder must return exactly the Python step: same name, eliminations in the same order,
same cells. Checked on every board state along HoDoKu's Python path of a few puzzles (from the
dev data of issue #16) where these kinds are taken, and each kind must fire on some state.
"""

from __future__ import annotations

import pytest

from hodoku9_compare import State, c_ported, c_step, mismatches, path_states
from sudokit.hodoku import HODOKU_STEPS

#: The step kinds ported in csrc/hodoku9_patterns.c (HODOKU_STEPS indices).
KINDS = {
    "REMOTE_PAIR": 16, "BUG_PLUS_1": 17, "SKYSCRAPER": 18, "TWO_STRING_KITE": 19,
    "TURBOT_FISH": 20, "EMPTY_RECTANGLE": 21, "W_WING": 22, "XY_WING": 23, "XYZ_WING": 24,
    "SIMPLE_COLORS": 41, "MULTI_COLORS": 42, "X_CHAIN": 43, "XY_CHAIN": 44,
}

#: Puzzles whose HoDoKu path takes these kinds (the path's kinds of this family in comments).
PUZZLES = (
    "3.5..2.........7.1..6..........6......3.5.....4....9.....1...2..7.4............56",  # 16
    "..8..6.....6.....132.5.....1...65.93.543.....8..19..7...7....3........4..91..4..2",  # 17
    ".72..4..9.9.38.........54...2.....3..........14....25.7...1.8...8..4.5.2...95...1",  # 18
    "......5.......1.2...9...4.6..8...........231...6......2..6.....3...4.......89....",  # 19 21
    "...86..9.......61......9..3.9.5..3..41.....2..6...294.145...........8..53...9....",  # 20 21
    "...376.4.......7.6.9..12......5....8....9....7.....4.582..4.....5....67.1..9...2.",  # 22
    ".......6.4...79.......3.8...67...28..........3...86...9.67...42...5.....7....83..",  # 18 21-23
    "3.........2.96...4...8.3.7.....82.....31..6..95........3...792.7.9.4...5.......8.",  # 19 23 24 44
    "...3..9.77...6...51.35..........4.....9..84.26..9.........9.2..52.1...6..........",  # 19-21 23 43
    ".....3..525....6......9..7..9...85...4...7.9.....59..1.812............2.6...4..5.",  # 19 22-24 44
    # 18; before step 46 two turbot fish from r5c7 tie, and Python's set order picks the end
    "......4...5..82.6......5.....7...........6...4.1...3...6.4......2.....5.3..7.....",
)

needs_core = pytest.mark.skipif(not c_ported(), reason="the C extension is not built")


@pytest.fixture(scope="module")
def states() -> list[State]:
    """The board states before each step of the Python paths of PUZZLES."""
    return [state for line in PUZZLES for state in path_states(line)]


def test_kind_indices() -> None:
    """KINDS names the HODOKU_STEPS entries by their index."""
    assert all(HODOKU_STEPS[index].kind == kind for kind, index in KINDS.items())


@needs_core
def test_ported() -> None:
    """Every kind of the family has a C finder."""
    assert set(KINDS.values()) <= set(c_ported())


@needs_core
def test_same_steps_along_paths(states: list[State]) -> None:
    """The C finders find the Python step (or none) on every state along the paths."""
    assert len(states) > 500
    assert mismatches(list(KINDS.values()), states) == []


@needs_core
@pytest.mark.parametrize("kind", list(KINDS.values()), ids=list(KINDS))
def test_fires(kind: int, states: list[State]) -> None:
    """The C finder of each kind finds a step on some state (and so the comparison tests it)."""
    fired = [found for state in states if (found := c_step(kind, state)) is not None]
    assert fired
    assert all(found[0] == kind and found[3] for found in fired)
