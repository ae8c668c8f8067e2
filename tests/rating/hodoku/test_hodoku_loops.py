"""HoDoKu 2.2's nice loops and AICs (sudokit.rating.hodoku.loops): positions from HoDoKu's own path
(its path driver on the seed 11 and seed 7 agreement samples) where it took a loop, with the
eliminations it made."""

from __future__ import annotations

import pytest

from sudokit.grid import Grid
from sudokit.rating.hodoku.loops import nice_loop
from sudokit.rating.hodoku.path import hodoku_path

#: (HoDoKu's step type, the candidates before the step (81 cells, "." when filled),
#: HoDoKu's eliminations as (cell, digit) in its order).
POSITIONS: list[tuple[str, str, tuple[tuple[int, int], ...]]] = [
    ("DISCONTINUOUS_NICE_LOOP",
     "368 13468 1346 79 . 79 346 . 346 "
     ". 356 2356 . 358 358 . . 236 "
     "23 345 . 35 . . 234 . . "
     ". 36 369 . 358 23589 23589 28 . "
     ". . 39 . 378 3789 3489 . 349 "
     ". . . 2359 . 2359 2359 . 239 "
     ". 156 1256 . 15 . 269 . 269 "
     "2368 . 12356 2357 1357 2357 2678 . 15 "
     "238 13458 12345 2357 . . 278 28 15",
     ((74, 1), (74, 2), (74, 3), (74, 5))),
    ("CONTINUOUS_NICE_LOOP",
     ". . 179 369 169 . 1367 3569 35679 "
     ". . 179 . 1469 . 1467 469 679 "
     "159 159 . 349 149 . 134 . . "
     "25 . 345 247 47 . . 345 . "
     "28 15 34 2468 468 15 . . 236 "
     "12589 . 1459 2468 . 15 246 456 256 "
     ". . 89 . . . . 89 . "
     "1569 159 158 79 579 . 2367 368 23679 "
     "569 . . 789 5789 . 67 . 679",
     ((45, 2), (18, 5), (45, 5), (63, 5), (76, 7), (39, 8), (76, 9))),
    ("AIC",
     ". . 179 369 169 . 1367 3569 35679 "
     ". . 179 . 1469 . 1467 469 679 "
     "159 159 . 349 149 . 134 . . "
     "25 . 345 247 47 . . 345 . "
     "28 15 348 2468 468 15 . . 236 "
     "12589 . 14589 2468 . 15 246 456 256 "
     ". . 89 . . . . 89 . "
     "15689 159 1589 789 5789 . 2367 3689 23679 "
     "5689 . . 789 5789 . 67 . 679",
     ((38, 8), (47, 8), (63, 8), (72, 8))),
    ("GROUPED_DISCONTINUOUS_NICE_LOOP",
     "2689 269 . . 369 3468 689 4679 479 "
     ". 5689 4589 169 . 1468 1689 . 1469 "
     ". 689 489 . 169 1468 . . 1469 "
     "59 . 59 . . . 16 . 16 "
     "28 238 238 1679 169 167 59 479 4579 "
     ". . . 379 359 357 . 79 . "
     "569 13569 359 1367 . 13567 . . 3569 "
     "2568 13568 . . 1356 . 56 16 2356 "
     ". 123569 2359 136 . 1356 . 169 23569",
     ((8, 4), (8, 9))),
    ("GROUPED_CONTINUOUS_NICE_LOOP",
     "368 13468 136 79 . 79 346 . 346 "
     ". 356 2356 . 358 358 . . 236 "
     "23 345 . 35 . . 234 . . "
     ". 36 369 . 358 23589 23589 28 . "
     ". . 39 . 378 3789 3489 . 349 "
     ". . . 2359 . 2359 2359 . 239 "
     ". 156 1256 . 15 . 269 . 269 "
     "2368 . 12356 237 1357 2357 2678 . 15 "
     "238 1358 . 2357 . . 278 28 15",
     ((63, 2), (65, 2), (78, 2), (17, 3), (63, 3), (1, 6), (2, 6), (78, 8))),
    ("GROUPED_AIC",
     "12356 . 2357 2379 23 29 5679 1567 . "
     "12367 1367 237 2379 . . 6789 1678 68 "
     "457 . 457 . . . 57 . . "
     ". 347 . 26 26 . 3478 478 38 "
     "35678 . 3578 . . 38 3567 567 . "
     "34568 3456 3458 . . 38 3456 . . "
     "2348 34 2348 . 23468 . 3468 . . "
     "13458 1345 . 36 3468 . . 468 3568 "
     "234578 3457 . 239 2348 29 . 48 358",
     ((3, 3), (12, 3), (58, 3), (67, 3), (76, 3))),
]


def masks(text: str) -> list[int]:
    """The 81 candidate masks of a position."""
    cells = text.split()
    assert len(cells) == 81
    return [sum(1 << (int(d) - 1) for d in cell if d != ".") for cell in cells]


@pytest.mark.parametrize(("kind", "text", "eliminations"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_hodoku_takes_this_loop(kind: str, text: str, eliminations: tuple[tuple[int, int], ...]) -> None:
    """The loop HoDoKu takes: same eliminations in the same order, and the same type."""
    loop = nice_loop(masks(text), grouped=kind.startswith("GROUPED"))
    assert loop is not None
    assert loop.eliminations == eliminations
    assert loop.kind.upper().replace(" ", "_") == kind


def test_no_loop_on_a_solved_board() -> None:
    """No candidates, no loop."""
    assert nice_loop([0] * 81) is None
    assert nice_loop([0] * 81, grouped=True) is None


def test_stops_when_told() -> None:
    """The ``check`` callback can stop the search."""

    def stop() -> None:
        """Always stop."""
        raise TimeoutError

    with pytest.raises(TimeoutError):
        nice_loop(masks(POSITIONS[0][1]), stop)


def test_path_takes_hodokus_loop() -> None:
    """On a puzzle of the seed 11 sample the path makes HoDoKu's nice loop and grouped nice loop
    steps (HoDoKu: step 12 r7c3<>4, step 13 r5c5<>3)."""
    grid = Grid.from_string(PUZZLE)
    path, _ = hodoku_path(grid)
    assert path[11].kind == "NICE_LOOP" and path[11].step.eliminations == ((56, 4),)
    assert path[12].kind == "GROUPED_NICE_LOOP" and path[12].step.eliminations == ((40, 3),)


PUZZLE = "1...78..4.3..5...2..2..3.8.9.1....5.6.......835...79.....7.15......6.......8.9.6."

