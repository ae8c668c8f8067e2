"""The C finders of HoDoKu's uniqueness steps (csrc/hodoku/hodoku9_uniq.c) against their Python twins
(sudokit.rating.hodoku.path.HODOKU_STEPS): unique rectangles of types 1-6, hidden rectangles and avoidable
rectangles of types 1 and 2 must give the same step - name, eliminations in order, cells.

- every board state on the Python HoDoKu path of a few puzzles where these steps fire;
- for each kind, a state where the C finder fires (two of them built here, as no path of the
  development data meets them), with its exact step;
- HoDoKu 2.2's own first step of unique rectangle types 1-6 and hidden rectangles on the states
  of huniq_positions.json (made by make_huniq_positions.py: states of HoDoKu paths, many where
  sudokit's own finders took another step, and states thinned at random, where type 5 fires):
  the Python finders must find it, the C ones the same as the Python ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit.grid import Grid
from sudokit.limits import NEVER
from sudokit.rating.hodoku.board import Board
from sudokit.rating.hodoku.fish import sudokit_finder as _sudokit
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

needs_c = needs_core

NAMES = ("UNIQUENESS_1", "UNIQUENESS_2", "UNIQUENESS_3", "UNIQUENESS_4", "UNIQUENESS_5",
         "UNIQUENESS_6", "HIDDEN_RECTANGLE", "AVOIDABLE_RECTANGLE_1", "AVOIDABLE_RECTANGLE_2")
KINDS = tuple(i for i, k in enumerate(HODOKU_STEPS) if k.kind in NAMES)
#: The kinds HoDoKu's answers in huniq_positions.json cover (no avoidable rectangles).
UR_KINDS = KINDS[:7]

FIXTURE = Path(__file__).with_name("huniq_positions.json")

#: Puzzles whose HoDoKu paths take these steps (UR types 1-4 and 6, hidden and avoidable
#: rectangles fire along them).
PUZZLES = (
    "...5..9...2.....6...9.8.3....1...5...8......4.5...7631...7.....1.4..62......1....",
    "9...41........3..1...5....46..8.7....85...2....3.....6.4..38....5....9281........",
    "..74........1..2..5.....98......7..19...5.....2..8...........2....6.......1.....4",
    ".9.8..........1.83.38.6..2..4....3.6......5...8..37.....7.4..6......59...2..9...5",
    "......1.2..5.2..6.4....63....8.5....5...6..9.674........7....2.2..74..3....3...5.",
)

FULL = 0x1FF


def _bit(digit: int) -> int:
    """The mask bit of a digit."""
    return 1 << (digit - 1)


def _ur5_state() -> State:
    """An empty grid, all candidates, but the rectangle r1c1 r1c2 r4c2 r4c1 on 1/2 with the
    diagonal cells r1c2 and r4c1 adding 3: a unique rectangle type 5."""
    masks = [FULL] * 81
    masks[0] = masks[28] = _bit(1) | _bit(2)
    masks[1] = masks[27] = _bit(1) | _bit(2) | _bit(3)
    return (0,) * 81, (0,) * 81, tuple(masks)


def _ar2_state() -> State:
    """r1c1 = 1 and r1c2 = 2 placed (not given), r4c1 = 2/5 and r4c2 = 1/5: an avoidable
    rectangle type 2 (5 leaves row 4 and box 4)."""
    values = [0] * 81
    values[0], values[1] = 1, 2
    masks = [0 if v else FULL & ~(_bit(1) | _bit(2)) for v in values]
    masks[27] = _bit(2) | _bit(5)
    masks[28] = _bit(1) | _bit(5)
    return (0,) * 81, tuple(values), tuple(masks)


@pytest.fixture(scope="module")
def states() -> list[State]:
    """Every board state on the Python paths of PUZZLES."""
    return [s for line in PUZZLES for s in path_states(line)]


def _firing(kind: int, states: list[State]) -> Iterator[State]:
    """The states where the C finder of ``kind`` finds a step."""
    return (s for s in states if c_step(kind, s) is not None)


@needs_c
def test_kinds_are_ported() -> None:
    assert len(KINDS) == 9
    assert set(KINDS) <= set(c_ported())


@pytest.mark.slow
@needs_c
def test_c_matches_python_on_paths(states: list[State]) -> None:
    assert len(states) > 300
    assert mismatches(KINDS, states) == []


@needs_c
@pytest.mark.parametrize("kind", [k for k in KINDS if HODOKU_STEPS[k].kind not in
                                  ("UNIQUENESS_5", "AVOIDABLE_RECTANGLE_2")])
def test_c_fires_on_paths(kind: int, states: list[State]) -> None:
    state = next(_firing(kind, states), None)
    assert state is not None
    assert c_step(kind, state) == python_step(kind, state)


@needs_c
def test_ur5_fires() -> None:
    kind = KINDS[NAMES.index("UNIQUENESS_5")]
    state = _ur5_state()
    want = (kind, "Unique Rectangle type 5", (), ((9, 3), (18, 3), (37, 3), (46, 3)), (0, 1, 27, 28))
    assert c_step(kind, state) == want
    assert python_step(kind, state) == want
    assert mismatches(KINDS, [state]) == []


@needs_c
def test_ar2_fires() -> None:
    kind = KINDS[NAMES.index("AVOIDABLE_RECTANGLE_2")]
    state = _ar2_state()
    removed = tuple((c, 5) for c in (29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 45, 46, 47))
    want = (kind, "Avoidable Rectangle type 2", (), removed, (0, 1, 27, 28))
    assert c_step(kind, state) == want
    assert python_step(kind, state) == want
    assert mismatches(KINDS, [state]) == []


@needs_c
def test_no_step_without_solved_cells() -> None:
    _, values, masks = _ar2_state()
    given = (*values[:2], *(0,) * 79)
    state = (given, values, masks)
    for name in ("AVOIDABLE_RECTANGLE_1", "AVOIDABLE_RECTANGLE_2"):
        kind = KINDS[NAMES.index(name)]
        assert c_step(kind, state) is None
        assert python_step(kind, state) is None


@pytest.fixture(scope="module")
def hodoku_positions() -> list[tuple[State, dict[str, list[object] | None]]]:
    """The states of huniq_positions.json with HoDoKu's answer for each type."""
    rows = json.loads(FIXTURE.read_text())
    return [((tuple(map(int, r["givens"])), tuple(map(int, r["values"])), tuple(r["masks"])),
             r["hodoku"]) for r in rows]


def _elims(step: tuple[object, ...] | None) -> list[int] | None:
    """The sorted eliminations (cell * 10 + digit) of a step tuple, or None."""
    if step is None:
        return None
    removed = step[3]
    assert isinstance(removed, tuple)
    return sorted(c * 10 + d for c, d in removed)


def test_python_finds_hodokus_step(
    hodoku_positions: list[tuple[State, dict[str, list[object] | None]]],
) -> None:
    assert len(hodoku_positions) > 100
    fired = dict.fromkeys(NAMES[:7], 0)
    for state, answers in hodoku_positions:
        for kind in UR_KINDS:
            name = HODOKU_STEPS[kind].kind
            want = answers[name]
            assert _elims(python_step(kind, state)) == (None if want is None else want[1]), name
            fired[name] += want is not None
    assert all(n >= 3 for n in fired.values()), fired


@pytest.mark.parametrize(("name", "technique", "shown"), [
    ("UNIQUENESS_1", "Unique Rectangle", "Unique Rectangle type 1"),
    ("UNIQUENESS_2", "Unique Rectangle", "Unique Rectangle type 2"),
    ("UNIQUENESS_4", "Unique Rectangle", "Unique Rectangle type 4"),
    ("UNIQUENESS_6", "Unique Rectangle type 6", "Unique Rectangle type 6"),
    ("HIDDEN_RECTANGLE", "Hidden Rectangle", "Hidden Rectangle"),
])
def test_sudokits_own_finder_differs(
    hodoku_positions: list[tuple[State, dict[str, list[object] | None]]], name: str, technique: str,
    shown: str,
) -> None:
    """The fixture holds states where sudokit's own finder (what the path took before) misses
    HoDoKu's first step: the comparison above can fail."""
    finder = _sudokit(technique, shown)
    shape = Grid.from_line("." * 81).shape
    for state, answers in hodoku_positions:
        want = answers[name]
        board = Board.from_state(*state)
        step = finder(board, board.candidates(shape), NEVER)
        got = None if step is None else sorted(c * 10 + d for c, d in step.eliminations)
        if got != (None if want is None else want[1]):
            return
    pytest.fail(f"sudokit's {shown} finder agrees with HoDoKu everywhere")


@needs_c
def test_c_matches_python_on_hodoku_positions(
    hodoku_positions: list[tuple[State, dict[str, list[object] | None]]],
) -> None:
    assert mismatches(UR_KINDS, [s for s, _ in hodoku_positions]) == []
