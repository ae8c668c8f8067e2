"""HoDoKu's single-digit patterns, wings, colours and simple chains in C (csrc/hodoku/hodoku9_patterns.c)
against their Python twins (sudokit.rating.hodoku.path.HODOKU_STEPS).

Every C finder must return exactly the Python step: same name, eliminations in the same order,
same cells. Checked on every board state along HoDoKu's Python path of a few puzzles (from the
dev data of issue #16) where these kinds are taken, and each kind must fire on some state.
"""

from __future__ import annotations

import pytest

from sudokit.rating.hodoku.path import HODOKU_STEPS
from tests.rating.hodoku.hodoku9_compare import (
    State,
    c_ported,
    c_step,
    mismatches,
    needs_core,
    path_states,
    python_step,
)

#: The step kinds ported in csrc/hodoku/hodoku9_patterns.c (HODOKU_STEPS indices).
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
    # 18; from step 30 on several turbot fish and X-chains tie (the same eliminations)
    "......4...5..82.6......5.....7...........6...4.1...3...6.4......2.....5.3..7.....",
)

#: Board states (givens, values, candidates of each cell) of the dev data where several X-chains
#: or turbot fish tie, with the chain HoDoKu 2.2's own finder takes: kind, eliminations, (start,
#: end). Ties are broken as HoDoKu meets the chains, start cell by start cell, then digit: the
#: first found is kept (second: r5c2's 6 before r5c4's 4, same weighted sum), except that the
#: same eliminations with fewer links win (last: 3 links from r5c2 over 5 and 7 from r3c1). On
#: the first and third the old set order kept chains HoDoKu does not walk (back through the start).
#: (The Python finders' eliminations equal HoDoKu's on all 14,511 dev states.)
TIES = (
    (20, ((10, 9),), (37, 46),
        ("000030009000010000127000000000200070000800000004000000500000280000000700003069000",
         "458637129006412807127985004005290078702850000804070002579040286641528793283769000",
         ",,,,,,,,,39,39,,,,,,35,,,,,,,,36,36,,3,136,,,,1346,346,,,,1369,,,,1346,3469,1346,1,,1369,,13,,136,3569,1356,,,,,13,,13,,,,,,,,,,,,,,,,,,,45,145,15"),
    ),
    (43, ((41, 6),), (37, 50),
        ("072004009090380000000005400020000030000000000140000250700010800080040502000950001",
         "572164389496387125010295400020070030000020000140030250700610803081043502200958001",
         ",,,,,,,,,,,,,,,,,,38,,38,,,,,67,67,689,,589,458,,169,69,,468,3689,356,35789,458,,169,679,14679,4678,,,789,8,,69,,,678,,5,459,,,2,,49,,69,,,7,,,,679,,,36,34,,,,67,467,"),
    ),
    (20, ((66, 3),), (58, 65),
        ("100078004030050002002003080901000050600000008350007900000701500000060000000809060",
         "105278004030050002002003085901000050600000008350007900000701509000060800500809260",
         ",69,,,,,36,39,,478,,46789,1469,,46,167,179,,47,4679,,1469,149,,167,,,,2478,,346,248,246,347,,367,,247,47,13459,129,245,1347,1237,,,,48,146,1248,,,12,16,248,468,68,,234,,,34,,247,1479,3479,345,,245,,1347,137,,147,347,,34,,,,137"),
    ),
    (43, ((19, 7),), (37, 73),
        ("100078004030050002002003080901000050600000008350007900000701500000060000000809060",
         "165278394839654712002193685921386457600925138358417926286731549090562870500849260",
         ",,,,,,,,,,,,,,,,,,47,47,,,,,,,,,,,,,,,,,,47,47,,,,,,,,,,,,,,,,,,,,,,,,,4,,34,,,,,,13,,17,37,,,,,,13"),
    ),
    # no tie: a walk through r2c9 twice would eliminate six 7s; HoDoKu's chains pass a cell once
    (43, ((6, 7), (8, 7), (19, 7), (27, 7)), (0, 0),
        ("000860090000000610000009003090500300410000020060002940145000000000008005300090000",
         "051863090839054610604009853090541300413906520560302941145637289906008035380095000",
         "27,,,,,,47,,247,,,,27,,,,,27,,27,,17,12,,,,,27,,278,,,,,67,678,,,,,78,,,,78,,,78,,78,,,,,,,,,,,,,,,27,,14,12,,147,,,,,27,124,,,147,67,467"),
    ),
)



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


@pytest.mark.slow
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


def tie_state(givens: str, values: str, candidates: str) -> State:
    """A board state from digit strings and comma-separated candidate lists."""
    masks = tuple(sum(1 << (int(d) - 1) for d in cell) for cell in candidates.split(","))
    return tuple(map(int, givens)), tuple(map(int, values)), masks


@pytest.mark.parametrize(("kind", "eliminations", "ends", "state"), TIES)
def test_ties_as_hodoku(kind: int, eliminations: tuple[tuple[int, int], ...], ends: tuple[int, int],
                        state: tuple[str, str, str]) -> None:
    """The Python finder takes HoDoKu's X-chain / turbot fish, among tied ones too."""
    found = python_step(kind, tie_state(*state))
    assert found is not None and found[3:] == (eliminations, ends)


@needs_core
@pytest.mark.parametrize(("kind", "state"), [(tie[0], tie[3]) for tie in TIES])
def test_ties_in_c(kind: int, state: tuple[str, str, str]) -> None:
    """The C finders take the same chain."""
    board = tie_state(*state)
    assert c_step(kind, board) == python_step(kind, board)
