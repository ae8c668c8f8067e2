"""The simple SE techniques in C (csrc/se/human9_basic.c) against their Python twins.

Every C finder must return exactly the first step its Python twin yields: same technique name,
difficulty, HoDoKu score, placements and eliminations. Checked (a) on positions met while
solving a few puzzles of cbg-000 and top95 (read from ../shared/data, or $SUDOKIT_DATA), plus
randomly thinned copies of them, and (b) on one hand-made position per technique where it
applies, with the exact step, and one where it must not.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from sudokit.candidates import Candidates, bit
from sudokit.engine import backend
from sudokit.grid import Grid
from sudokit.shape import Shape
from sudokit.techniques import Technique, techniques
from tests.helpers.paths import SHARED_DATA

DATA = SHARED_DATA
TABLE = DATA / "ratings" / "cbg-000_SER.tsv"
TOP95 = DATA / "top95.txt"

CORE: Any = backend._ENGINES.get("c")
needs_core = pytest.mark.skipif(CORE is None, reason="the C extension is not built")
needs_data = pytest.mark.skipif(
    not (TABLE.exists() and TOP95.exists()), reason=f"no cbg-000 ratings or top95 in {DATA}"
)

#: The techniques of csrc/se/human9_basic.c, in SE's rating order.
BASIC = [
    "Hidden Single", "Direct Pointing", "Direct Hidden Pair", "Naked Single",
    "Direct Hidden Triplet", "Pointing", "Naked Pair", "X-Wing", "Hidden Pair", "Naked Triplet",
    "Swordfish", "Hidden Triplet", "XY-Wing", "XYZ-Wing", "Naked Quad", "Jellyfish", "Hidden Quad",
]

#: A step as both sides are compared: name, tenths, HoDoKu score, placements, eliminations.
Key = tuple[str, int, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
#: A position: cell values and candidate masks.
Position = tuple[tuple[int, ...], tuple[int, ...]]


@cache
def _se() -> list[Technique]:
    """The SE rating order (the index of a technique there is its index in C's hm_se_order)."""
    return techniques(se_only=True)


def _index(name: str) -> int:
    """The index of a technique in the SE order."""
    return [t.name for t in _se()].index(name)


def python_step(name: str, position: Position) -> Key | None:
    """The first step the Python finder yields, reduced to a Key."""
    values, masks = position
    cands = Candidates(list(values), list(masks), Shape(3, 3))
    step = next(iter(_se()[_index(name)].steps(cands)), None)
    if step is None:
        return None
    hodoku = step.extra.get("hodoku", -1)
    assert isinstance(hodoku, int)
    return (step.technique, round(step.difficulty * 10), hodoku, tuple(sorted(step.placements)),
            tuple(sorted(step.eliminations)))


def c_step(name: str, position: Position) -> Key | None:
    """The step the C finder returns, reduced to a Key."""
    values, masks = position
    found = CORE.human9_find(_index(name), bytes(values), list(masks)) if CORE else None
    if found is None:
        return None
    step_name, tenths, hodoku, place, elim = found
    return (step_name, tenths, hodoku, tuple(sorted(place)), tuple(sorted(elim)))


# -- (a) positions from solving paths ---------------------------------------------------------


def _basic_path(puzzle: str) -> Iterator[Position]:
    """The positions met solving ``puzzle`` in Python with the basic techniques only (SE order,
    first step each time), until they are stuck: SE's rating path up to its first harder step."""
    cands = Candidates.from_grid(Grid.from_string(puzzle))
    order = [t for t in _se() if t.name in BASIC]
    while not cands.is_solved():
        yield tuple(cands.values), tuple(cands.masks)
        step = next((s for t in order for s in [next(iter(t.steps(cands)), None)] if s), None)
        if step is None:
            return
        step.apply(cands)


def _thinned(position: Position, rng: random.Random) -> Position:
    """A copy with about a quarter of the candidates of multi-digit cells struck (keeping one):
    not a real solving position, but one where the rarer patterns show up more often."""
    values, masks = position
    out = list(masks)
    for c, m in enumerate(out):
        digits = [d for d in range(1, 10) if m & bit(d)]
        if len(digits) > 1 and rng.random() < 0.3:
            out[c] &= ~bit(rng.choice(digits))
    return values, tuple(out)


@cache
def sample_positions() -> list[Position]:
    """A fixed sample: paths of every 1500th cbg-000 puzzle and the first top95 puzzles, with a
    thinned copy of every second position (seeded, so the sample never changes)."""
    cbg = [ln.split("\t")[0] for ln in TABLE.read_text(encoding="utf-8").splitlines()
           if ln and not ln.startswith("#")]
    top = [ln.strip() for ln in TOP95.read_text(encoding="utf-8").splitlines()
           if ln.strip() and not ln.startswith("#")]
    positions: list[Position] = []
    for puzzle in cbg[::1500] + top[:8]:
        positions.extend(_basic_path(puzzle))
    rng = random.Random(20261123)
    positions += [_thinned(p, rng) for p in positions[::2]]
    return positions


@pytest.mark.slow
@needs_core
@needs_data
@pytest.mark.parametrize("name", BASIC)
def test_c_agrees_with_python_on_solving_paths(name: str) -> None:
    positions = sample_positions()
    applies = 0
    for position in positions:
        py = python_step(name, position)
        assert c_step(name, position) == py, (name, position)
        applies += py is not None
    assert applies > 0, f"{name} never applies in the sample"


# -- (b) hand-made positions ------------------------------------------------------------------

ALL = 0x1FF


def cell(r: int, c: int) -> int:
    """The cell at 0-based row r and column c."""
    return 9 * r + c


def mask(*digits: int) -> int:
    """The candidate mask of some digits."""
    m = 0
    for d in digits:
        m |= bit(d)
    return m


class Board:
    """An empty grid with every candidate everywhere, to carve patterns into."""

    def __init__(self) -> None:
        self.values = [0] * 81
        self.masks = [ALL] * 81

    def only(self, c: int, *digits: int) -> Board:
        """Cell ``c`` keeps just ``digits``."""
        self.masks[c] = mask(*digits)
        return self

    def strike(self, digit: int, cells: Iterator[int] | list[int] | range) -> Board:
        """Remove ``digit`` from ``cells``."""
        for c in cells:
            self.masks[c] &= ~bit(digit)
        return self

    def place(self, c: int, digit: int) -> Board:
        """Put ``digit`` in ``c`` (no candidates there; the peers are left alone)."""
        self.values[c] = digit
        self.masks[c] = 0
        return self

    def position(self) -> Position:
        """The (values, masks) of the board."""
        return tuple(self.values), tuple(self.masks)


BOX0 = [cell(r, c) for r in range(3) for c in range(3)]
BOX4 = [cell(r, c) for r in range(3, 6) for c in range(3, 6)]


def but(cells: list[int] | range, *keep: int) -> list[int]:
    """``cells`` without ``keep``."""
    return [c for c in cells if c not in keep]


def elims(cells: list[int] | range, *digits: int) -> tuple[tuple[int, int], ...]:
    """The eliminations of ``digits`` from every one of ``cells``, sorted."""
    return tuple(sorted((c, d) for c in cells for d in digits))


def _full_house() -> Board:
    board = Board()
    for c in range(8):
        board.place(c, c + 1)
    return board.only(8, 9)


def _hidden_single_row() -> Board:
    # 5 has one place in row 5; every box and column still has several.
    return Board().strike(5, but(range(36, 45), cell(4, 4)))


def _direct_pointing() -> Board:
    # Box 1: 5 only in row 1. Box 2: 5 in r1c4 and r2c5; pointing leaves it r2c5.
    board = Board().strike(5, but(BOX0, 0, 1, 2))
    return board.strike(5, but([c + 3 for c in BOX0], cell(0, 3), cell(1, 4)))


def _naked_pair_none() -> Board:
    return Board().only(0, 1, 2).only(cell(1, 1), 1, 3)


def _xy_wing() -> Board:
    # Pivot r5c5 (1/2), pincers r1c5 (2/3) and r5c1 (1/3): r1c1 sees both and loses 3.
    return Board().only(cell(4, 4), 1, 2).only(cell(0, 4), 2, 3).only(cell(4, 0), 1, 3)


def _xyz_wing() -> Board:
    # Pivot r5c5 (1/2/3), pincers r1c5 (2/3) and r5c4 (1/3): r4c5 and r6c5 see all three.
    return Board().only(cell(4, 4), 1, 2, 3).only(cell(0, 4), 2, 3).only(cell(4, 3), 1, 3)


def _fish(digit: int, lines: dict[int, tuple[int, ...]]) -> Board:
    """``digit`` confined, in column c, to rows lines[c]."""
    board = Board()
    for col, rows in lines.items():
        board.strike(digit, [cell(r, col) for r in range(9) if r not in rows])
    return board


def _not(rows: tuple[int, ...], cols: tuple[int, ...]) -> list[int]:
    """The cells of ``rows`` outside ``cols``."""
    return [cell(r, c) for r in rows for c in range(9) if c not in cols]


#: (technique, board, the expected first step or None).
CASES: list[tuple[str, Callable[[], Board], Key | None]] = [
    ("Hidden Single", _full_house, ("Full House", 10, 4, ((8, 9),), ())),
    ("Hidden Single", lambda: Board().strike(5, but(BOX0, 10)),
     ("Hidden Single", 12, -1, ((10, 5),), ())),
    ("Hidden Single", _hidden_single_row, ("Hidden Single", 15, -1, ((cell(4, 4), 5),), ())),
    ("Hidden Single", lambda: Board().strike(5, but(BOX0, 10, 11)), None),
    ("Naked Single", lambda: Board().only(40, 7), ("Naked Single", 23, -1, ((40, 7),), ())),
    ("Naked Single", lambda: Board().only(40, 7, 8), None),
    ("Direct Pointing", _direct_pointing, ("Direct Pointing", 17, 64, ((cell(1, 4), 5),), ())),
    ("Direct Pointing", lambda: Board().strike(5, but(BOX0, 0, 1, 2)), None),
    ("Pointing", lambda: Board().strike(3, but(BOX0, 0, 1, 2)),
     ("Pointing", 26, 50, (), elims(range(3, 9), 3))),
    ("Pointing", lambda: Board().strike(3, but(range(36, 45), 39, 40, 41)),
     ("Claiming", 28, 50, (), elims(but(BOX4, 39, 40, 41), 3))),
    ("Pointing", lambda: Board().strike(3, but(BOX0, 0, 1, 2)).strike(3, range(3, 9)), None),
    ("Direct Hidden Pair", lambda: Board().strike(1, but(BOX0, 0, 1)).strike(2, but(BOX0, 0, 1))
     .strike(9, but(BOX0, 0, 1, 2)), ("Direct Hidden Pair", 20, 84, ((2, 9),), ())),
    ("Direct Hidden Pair", lambda: Board().strike(1, but(BOX0, 0, 1)).strike(2, but(BOX0, 0, 1)),
     None),
    ("Direct Hidden Triplet", lambda: Board().strike(1, but(BOX0, 0, 1, 2))
     .strike(2, but(BOX0, 0, 1, 2)).strike(3, but(BOX0, 0, 1, 2)).strike(9, but(BOX0, 0, 1, 9)),
     ("Direct Hidden Triplet", 25, 114, ((9, 9),), ())),
    ("Direct Hidden Triplet", lambda: Board().strike(1, but(BOX0, 0, 1, 2))
     .strike(2, but(BOX0, 0, 1, 2)).strike(3, but(BOX0, 0, 1, 2)), None),
    ("Naked Pair", lambda: Board().only(0, 1, 2).only(1, 1, 2),
     ("Naked Pair", 30, 60, (), elims(but(BOX0, 0, 1), 1, 2))),
    ("Naked Pair", _naked_pair_none, None),
    ("Naked Triplet", lambda: Board().only(0, 1, 2).only(1, 2, 3).only(2, 1, 3),
     ("Naked Triplet", 36, 80, (), elims(but(BOX0, 0, 1, 2), 1, 2, 3))),
    ("Naked Triplet", lambda: Board().only(0, 1, 2).only(1, 2, 3).only(2, 3, 4), None),
    ("Naked Quad", lambda: Board().only(0, 1, 2).only(1, 2, 3).only(2, 3, 4).only(9, 4, 1),
     ("Naked Quad", 50, 120, (), elims(but(BOX0, 0, 1, 2, 9), 1, 2, 3, 4))),
    ("Naked Quad", lambda: Board().only(0, 1, 2).only(1, 2, 3).only(2, 3, 4).only(9, 4, 5), None),
    ("Hidden Pair", lambda: Board().strike(1, but(BOX0, 0, 1)).strike(2, but(BOX0, 0, 1)),
     ("Hidden Pair", 34, 70, (), elims([0, 1], *range(3, 10)))),
    ("Hidden Pair", lambda: Board().strike(1, but(BOX0, 0, 1)).strike(2, but(BOX0, 0, 1))
     .only(0, 1, 2).only(1, 1, 2), None),
    ("Hidden Triplet", lambda: Board().strike(1, but(BOX0, 0, 1, 2)).strike(2, but(BOX0, 0, 1, 2))
     .strike(3, but(BOX0, 0, 1, 2)), ("Hidden Triplet", 40, 100, (), elims([0, 1, 2], *range(4, 10)))),
    ("Hidden Triplet", lambda: Board().strike(1, but(BOX0, 0, 1, 2)).strike(2, but(BOX0, 0, 1, 2))
     .strike(3, but(BOX0, 0, 1, 2, 9)), None),
    ("Hidden Quad", lambda: Board().strike(1, but(BOX0, 0, 1, 2, 9)).strike(2, but(BOX0, 0, 1, 2, 9))
     .strike(3, but(BOX0, 0, 1, 2, 9)).strike(4, but(BOX0, 0, 1, 2, 9)),
     ("Hidden Quad", 54, 150, (), elims([0, 1, 2, 9], *range(5, 10)))),
    ("Hidden Quad", lambda: Board().strike(1, but(BOX0, 0, 1, 2, 9)).strike(2, but(BOX0, 0, 1, 2, 9))
     .strike(3, but(BOX0, 0, 1, 2, 9)).strike(4, but(BOX0, 0, 1, 2, 10)), None),
    ("X-Wing", lambda: _fish(5, {0: (0, 4), 4: (0, 4)}),
     ("X-Wing", 32, 140, (), elims(_not((0, 4), (0, 4)), 5))),
    ("X-Wing", lambda: _fish(5, {0: (0, 4), 4: (0, 5)}), None),
    ("Swordfish", lambda: _fish(7, {0: (0, 3), 3: (3, 6), 6: (0, 6)}),
     ("Swordfish", 38, 150, (), elims(_not((0, 3, 6), (0, 3, 6)), 7))),
    ("Swordfish", lambda: _fish(7, {0: (0, 3), 3: (3, 6), 6: (0, 7)}), None),
    ("Jellyfish", lambda: _fish(8, {0: (0, 2), 2: (2, 4), 4: (4, 6), 6: (6, 0)}),
     ("Jellyfish", 52, 160, (), elims(_not((0, 2, 4, 6), (0, 2, 4, 6)), 8))),
    ("Jellyfish", lambda: _fish(8, {0: (0, 2), 2: (2, 4), 4: (4, 6), 6: (6, 1)}), None),
    ("XY-Wing", _xy_wing, ("XY-Wing", 42, 160, (), ((0, 3),))),
    ("XY-Wing", lambda: _xy_wing().strike(3, [0]), None),
    ("XYZ-Wing", _xyz_wing, ("XYZ-Wing", 44, 180, (), ((cell(3, 4), 3), (cell(5, 4), 3)))),
    ("XYZ-Wing", lambda: _xyz_wing().strike(3, [cell(3, 4), cell(5, 4)]), None),
]


@needs_core
@pytest.mark.parametrize(
    ("name", "make", "expected"), CASES,
    ids=[f"{n}-{i}-{'yes' if e else 'no'}" for i, (n, _, e) in enumerate(CASES)],
)
def test_hand_made_position(name: str, make: Callable[[], Board], expected: Key | None) -> None:
    position = make().position()
    assert python_step(name, position) == expected  # the reference agrees with the expectation
    assert c_step(name, position) == expected


def test_every_basic_technique_has_cases() -> None:
    assert set(BASIC) <= {t.name for t in _se()}
    assert {n for n, _, e in CASES if e} == set(BASIC) == {n for n, _, e in CASES if e is None}
