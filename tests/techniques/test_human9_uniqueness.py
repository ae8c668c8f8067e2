"""The C twins of the uniqueness and aligned exclusion techniques (csrc/se/human9_uniqueness.c,
csrc/se/human9_exclusion.c) against their Python reference (sudokit.techniques.uniqueness and
.exclusion): the first step of each must be the same - name, difficulty, eliminations.

- a reproducible sample: every position on the Python rating path of a few cbg-000 puzzles
  (read by id from ../shared/data, never copied here; skipped when the data is absent);
- fixed positions, one per technique and type, with the exact expected step, and positions
  where a pattern is broken by one extra candidate so that step must not be found.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from sudokit import Grid
from sudokit.candidates import Candidates, bit
from sudokit.shape import Shape
from tests.helpers.paths import SHARED_DATA
from tests.techniques.human9_compare import Key, c_key, positions_of, python_key, se_techniques

try:
    from sudokit import _core  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - the pure-Python install
    _core = None

pytestmark = pytest.mark.skipif(
    _core is None or not hasattr(_core, "human9_find"), reason="the C extension is not built"
)

DATA = SHARED_DATA
TABLE = DATA / "ratings" / "cbg-000_SER.tsv"

TECHNIQUES = ("Unique Rectangle", "BUG", "Aligned Pair Exclusion", "Aligned Triplet Exclusion")
NAMES = [t.name for t in se_techniques()]

#: cbg-000 ids of the sample puzzles: SER 5.8 (UR types 1/3/4, Unique Loop, BUG type 3),
#: 5.6 (UR types 1/2, BUG types 1/2), 4.7 (UR type 4, Unique Loop 8 types 1/2, BUG type 4).
SAMPLE_IDS = ("753518", "489557", "110968")


def _both(technique: str, values: Sequence[int], masks: Sequence[int]) -> tuple[Key | None, Key | None]:
    """(Python's first step, C's first step) of a technique on a position."""
    index = NAMES.index(technique)
    cands = Candidates(list(values), list(masks), Shape(3, 3))
    py = python_key(next(iter(se_techniques()[index].steps(cands)), None))
    assert _core is not None
    c = c_key(_core.human9_find(index, bytes(values), list(masks)))
    return py, c


def _sample_puzzles() -> list[str]:
    """The sample puzzles, in SAMPLE_IDS order."""
    found: dict[str, str] = {}
    with open(TABLE, encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) >= 2 and fields[1] in SAMPLE_IDS:
                found[fields[1]] = fields[0]
    return [found[i] for i in SAMPLE_IDS]


@pytest.fixture(scope="module")
def sample() -> list[tuple[list[int], list[int]]]:
    """Every position on the rating paths of the sample puzzles."""
    if not TABLE.exists():
        pytest.skip("shared/data/ratings is not beside the repo")
    return [pos for puzzle in _sample_puzzles() for pos in positions_of(puzzle)]


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_c_matches_python_on_rating_paths(
    technique: str, sample: list[tuple[list[int], list[int]]]
) -> None:
    applies = 0
    for values, masks in sample:
        py, c = _both(technique, values, masks)
        assert c == py, (technique, values, masks)
        applies += py is not None
    assert applies > 0, f"{technique} never applies in the sample"


def test_sample_covers_every_bug_type(sample: list[tuple[list[int], list[int]]]) -> None:
    names = {key[0] for key in (_both("BUG", v, m)[1] for v, m in sample) if key}
    assert {"BUG type 1", "BUG type 2", "BUG type 3", "BUG type 4"} <= names


# -- fixed positions ---------------------------------------------------------------------------


class Case(NamedTuple):
    """A position (values, 729-character pencil marks) and the first step expected there."""

    finder: str
    technique: str
    tenths: int
    values: str
    marks: str
    eliminations: tuple[tuple[int, int], ...]


def _masks(values: str, marks: str) -> tuple[list[int], list[int]]:
    """The values and candidate masks of a position."""
    grid = Grid.from_string(values)
    cands = Candidates.from_string(marks, grid)
    return list(cands.values), list(cands.masks)


#: Positions from rating paths (cbg-000) whose first step is of a type that the shared
#: technique_positions.json cases do not give as a first step.
CASES: list[Case] = [
    Case(
        "BUG", "BUG type 4", 57,
        "1234567894.71..2.6.69.271.42759483613.8261.756.17358.2.16....2773261.5.89.4.72613",
        (
            "1.........2.........3.........4.........5.........6.........7.........8.........9"
            "...4.........5..8.......7..1...............89..3.....9.2.........3.5.........6..."
            "....5..8......6...........9..3....8..2.............7..1..........3.5.......4....."
            ".2.............7......5............9...4............8...3...........6...1........"
            "..3.........4....9.......8..2............6...1...........4....9......7......5...."
            ".....6......4....91..............7....3..........5...........8....4....9.2......."
            "....5..8.1.............6.....3.5..8........89..34....9...4....9.2.............7.."
            "......7....3.......2............6...1...........4....9....5.......4....9.......8."
            "........9....5..8....4.........5..8.......7...2............6...1..........3......"
        ),
        ((57, 5), (59, 4)),
    ),
    Case(
        "Unique Rectangle", "Unique Loop type 1", 46,
        "12345678945678912379823164524..6.817637814592.81.27436364195278.7.348.6181.672.54",
        (
            "1.........2.........3.........4.........5.........6.........7.........8.........9"
            "...4.........5.........6.........7.........8.........91.........2.........3......"
            "......7..........9.......8..2.........3......1.............6......4.........5...."
            ".2..........4.........5...9....5...9.....6.....3.............8.1..............7.."
            ".....6.....3............7.........8.1...........4.........5............9.2......."
            "....5...9.......8.1............5...9.2.............7.....4.......3...........6..."
            "..3...........6......4.....1................9....5.....2.............7.........8."
            "....5...9......7...2..5...9..3.........4............8.........9.....6...1........"
            ".......8.1................9.....6.........7...2.........3.....9....5.......4....."
        ),
        ((65, 5), (65, 9)),
    ),
    Case(
        "Unique Rectangle", "Unique Loop type 2", 46,
        "1.34.6..94.71...366.9732514216847395374.2.861895361..253.61.9.776...31.89.127.653",
        (
            "1.........2..5..8...3.........4.........5..8......6....2....7........78.........9"
            "...4......2..5..8.......7..1............5..89....5..89.2.........3...........6..."
            ".....6..........8.........9......7....3.......2...........5....1...........4....."
            ".2.......1.............6..........8....4...........7....3..............9....5...."
            "..3............7.....4.........5...9.2...........5...9.......8......6...1........"
            ".......8.........9....5......3...........6...1...........4..7.....4..7...2......."
            "....5......3.......2.....8......6...1...........4...8.........9.2.4...........7.."
            "......7.......6....2...........5...9....5...9..3......1.........2.4............8."
            "........9...4...8.1.........2.............7.....4...8......6.......5......3......"
        ),
        ((4, 8), (10, 8)),
    ),
    Case(
        "Unique Rectangle", "Unique Loop 8 type 2", 47,
        "12.4.678.4.71..2.6.6..27..4275948.6.3.8261.756.17358.2.16....2773261.5.8..4.7261.",
        (
            "1.........2.........3.....9...4.........5...9.....6.........7.........8...3.....9"
            "...4.........5..89......7..1............5..89..3.....9.2.........3.5...9.....6..."
            "....5..89.....6.....3.....9..3.5..8..2.............7..1.3.....9..3.5...9...4....."
            ".2.............7......5............9...4............8.1.3...........6...1.3......"
            "..3.........4....9.......8..2............6...1...........4....9......7......5...."
            ".....6......4....91..............7....3..........5...........8....4....9.2......."
            "....5..891.............6.....3.5..8.....5..89..34....9..34....9.2.............7.."
            "......7....3.......2............6...1...........4....9....5.......4....9.......8."
            "....5..89....5..89...4.......3.5..8.......7...2............6...1..........3.....9"
        ),
        ((57, 3),),
    ),
    Case(
        "Unique Rectangle", "Unique Rectangle type 3", 45,
        "123456....5.189.3....732.5....5673..6..243.75..59184..3628915475..6249.3941375.2.",
        (
            "1.........2.........3.........4.........5.........6.........78........89.......89"
            "...4..7......5.......4.67..1...............8.........9.2...67....3.......2.4.6..."
            "...4...8........89...4.6.89......7....3.......2.......1....6.8.....5....1..4.6.89"
            ".2.4...8.1......89...4...89....5.........6.........7....3......1......8912.....89"
            ".....6...1......89.......89.2..........4.......3......1......8.......7......5...."
            ".2....7....3...7......5............91...............8....4..........6....2...6..."
            "..3...........6....2..............8.........91............5.......4...........7.."
            "....5..........78.......78......6....2..........4.............91......8...3......"
            "........9...4.....1..........3............7......5.........6.8..2............6.8."
        ),
        ((42, 1),),
    ),
    Case(
        "Unique Rectangle", "Unique Rectangle type 3", 46,
        "1...56.89.5.189..6896.3251...4578691518963427679241853..1625978.8.394165965817...",
        (
            "1.........234......23...7.....4..7......5.........6....23...7.........8.........9"
            ".234..7......5.....23...7..1...............8.........9.23...7....34..........6..."
            ".......8.........9.....6......4..7....3.......2...........5....1...........4....."
            ".23.......23.........4.........5..........7.........8......6...........91........"
            "....5....1...............8.........9.....6.....3.........4......2.............7.."
            ".....6.........7..........9.2..........4.....1...............8.....5......3......"
            "..34.......34.....1.............6....2...........5............9......7.........8."
            ".2....7.........8..2....7....3..............9...4.....1.............6.......5...."
            "........9.....6.......5...........8.1..............7...23........34......2.4....."
        ),
        ((15, 3),),
    ),
    Case(
        "Unique Rectangle", "Unique Rectangle type 3", 47,
        "..34567..4.7..9..6.....7.4...479..58..864...7.7182.46....578614715364892.46912.7.",
        (
            "12.....89.2.....89..3.........4.........5.........6.........7...2.....8.1.......9"
            "...4......2..5..8.......7..12.........3....8.........9123.5.....23....8......6..."
            "12..56.89.2..56.89.2......912.........3....8.......7..123.5...9...4.....1.3.5...9"
            ".23..6....23..6......4...........7..........91.3......123..........5...........8."
            ".23.5...9.23.5...9.......8......6......4.....1.3.5....123.....9.23............7.."
            "..3.5...9......7..1...............8..2.........3.5.......4..........6.....3.....9"
            ".23.....9.23.....9.2......9....5..........7.........8......6...1...........4....."
            "......7..1............5......3...........6......4............8.........9.2......."
            "..3....8....4..........6...........91.........2.........3.5..........7....3.5...."
        ),
        ((18, 1), (18, 2), (18, 9), (19, 2), (19, 9)),
    ),
]

#: The shared per-technique cases (tests/techniques/technique_positions.json) of these four techniques.
SHARED: list[dict[str, Any]] = [
    case
    for case in json.loads((Path(__file__).parent / "technique_positions.json").read_text(encoding="utf-8"))
    if case["finder"] in TECHNIQUES
]


def _expected(case: Case) -> Key:
    """The case's step as human9_compare compares steps."""
    return (case.technique, case.tenths, (), tuple(sorted(case.eliminations)))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.technique} {c.tenths}" for c in CASES])
def test_first_step_exact(case: Case) -> None:
    values, masks = _masks(case.values, case.marks)
    py, c = _both(case.finder, values, masks)
    assert py == _expected(case)
    assert c == _expected(case)


@pytest.mark.parametrize("case", SHARED, ids=[c["technique"] for c in SHARED])
def test_shared_cases(case: dict[str, Any]) -> None:
    values, masks = _masks(case["values"], case["marks"])
    py, c = _both(case["finder"], values, masks)
    assert c == py
    expected = (case["technique"], round(case["difficulty"] * 10), (),
                tuple(sorted((cell, d) for cell, d in case["eliminations"])))
    if c == expected:
        return
    # the case's step is found too, but one at most as hard comes first (a smaller loop, a type
    # found earlier)
    assert c is not None and c[1] <= expected[1], c


BROKEN = [c for c in SHARED if c["breaker"]]


@pytest.mark.parametrize("case", BROKEN, ids=[c["technique"] for c in BROKEN])
def test_not_found_when_the_pattern_is_broken(case: dict[str, Any]) -> None:
    values, masks = _masks(case["values"], case["marks"])
    cell, digit = case["breaker"]
    masks[cell] |= bit(digit)
    py, c = _both(case["finder"], values, masks)
    assert c == py
    elims = tuple(sorted((cell, d) for cell, d in case["eliminations"]))
    assert c is None or (c[0], c[3]) != (case["technique"], elims)


def test_first_steps_of_the_shared_cases() -> None:
    # the cases whose own step is the finder's first step, by name
    firsts = set()
    for case in SHARED:
        values, masks = _masks(case["values"], case["marks"])
        _, c = _both(case["finder"], values, masks)
        if c and c[0] == case["technique"] and list(c[3]) == sorted(map(tuple, case["eliminations"])):
            firsts.add(case["technique"])
    assert {"Aligned Pair Exclusion", "Aligned Triplet Exclusion", "BUG type 1", "BUG type 2",
            "BUG type 3", "Unique Rectangle type 1", "Unique Rectangle type 2",
            "Unique Rectangle type 3", "Unique Rectangle type 4", "Unique Loop type 3",
            "Unique Loop type 4", "Unique Loop 8 type 1", "Unique Loop 12 type 1"} <= firsts


@pytest.mark.parametrize("technique", ["Unique Rectangle", "BUG", "Aligned Pair Exclusion"])
def test_nothing_on_a_fresh_easy_grid(technique: str) -> None:
    # an easy puzzle's first position has no bivalue pattern, no BUG, no pair exclusion (an
    # aligned triplet exclusion does exist there: see the sample test for ATE)
    grid = Grid.from_string(
        "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"
    )
    cands = Candidates.from_grid(grid)
    py, c = _both(technique, cands.values, cands.masks)
    assert c is None and py is None
