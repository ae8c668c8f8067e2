"""Line kinds and marks the rules text describes rather than names (#25): German whispers ("adjacent
digits on a green line differ by at least 5"), renban ("a set of consecutive digits in any order"),
region sums cut by box borders into segments (a closed loop among them), parity marks of a colour
("the yellow circles contain odd digits"); and the near misses that must stay refused. Counts are
checked against a brute force over every 4×4 grid."""

from __future__ import annotations

from typing import Any

import pytest

from sudokit import Grid, count_solutions
from sudokit.formats.links import LinkRefused, read_link

from .builders import Cell, at, brute4, renban, scl, scl_puzzle

GREEN, PINK, CYAN, YELLOW = "#67F067", "#F067F0", "#2ECBFF", "#FFD700"


def count(link: str) -> int:
    return count_solutions(Grid.from_string(link), limit=400)


def line(colour: str, *cells: Cell) -> dict[str, Any]:
    return {"wayPoints": [[r + 0.5, c + 0.5] for r, c in cells], "color": colour, "thickness": 10}


def mark(cell: Cell, colour: str, rounded: bool) -> dict[str, Any]:
    return {"center": [cell[0] + 0.5, cell[1] + 0.5], "width": 0.7, "height": 0.7, "rounded": rounded,
            "backgroundColor": colour, "borderColor": colour}


@pytest.mark.parametrize("sentence", [
    "Adjacent digits on a green line differ by 5 or more.",
    "Adjacent digits on a green line must differ by at least 5.",
    "Tentacles: Adjacent digits along a tentacle (green line) differ by at least 5.",
    "Adjacent digits along a green line must have a difference of at least five.",
])
def test_german_whispers_described(sentence: str) -> None:
    link = scl(scl_puzzle(9, rules="Normal sudoku rules apply. " + sentence,
                          lines=[line(GREEN, (0, 0), (0, 1), (1, 2))]))
    (whisper,) = read_link(link).rules.constraints
    assert whisper.kind == "germanwhisper"


@pytest.mark.parametrize("sentence", [
    "Adjacent digits on a green line differ by at least 4.",  # not German whispers' gap
    "Adjacent digits on a line differ by at least 5.",  # which line is not said
    "Adjacent digits on a red line differ by at least 5.",  # another colour's rule
])
def test_whisper_descriptions_that_do_not_fit_are_refused(sentence: str) -> None:
    with pytest.raises(LinkRefused):
        read_link(scl(scl_puzzle(9, rules=sentence, lines=[line(GREEN, (0, 0), (0, 1), (1, 2))])))


def test_renban_described() -> None:
    cells = [(0, 0), (1, 1), (2, 1)]
    for text in ("Digits on a purple line comprise a set of non-repeating, consecutive digits "
                 "(in any order).",
                 "The fish (pink line) consists of a set of consecutive, non-repeating digits "
                 "in some order."):
        link = scl(scl_puzzle(4, rules=text, lines=[line(PINK, *cells)]))
        assert [c.kind for c in read_link(link).rules.constraints] == ["renban"]
        assert count(link) == len(brute4([renban(cells)]))
    for text in ("Digits on a purple line are a set of non-consecutive digits in any order.",
                 "Digits on a purple line are consecutive."):
        with pytest.raises(LinkRefused):
            read_link(scl(scl_puzzle(4, rules=text, lines=[line(PINK, *cells)])))


REGION_SUM_TEXT = ("Box borders separate blue lines into segments. Digits on each segment of the same line "
                   "sum to the same value. Different lines may have different segment sums.")


def test_region_sum_segments_described_on_a_closed_loop() -> None:
    loop = line(CYAN, (0, 1), (0, 2), (1, 2), (1, 1), (0, 1))
    for text in (REGION_SUM_TEXT, REGION_SUM_TEXT + " Different segments in the same box sum individually."):
        link = scl(scl_puzzle(4, rules=text, lines=[loop]))
        assert [c.kind for c in read_link(link).rules.constraints] == ["regionsum"]
        # the loop's two ends join in the first box: one segment there, not two
        same = brute4([lambda g: at(g, (0, 1)) + at(g, (1, 1)) == at(g, (0, 2)) + at(g, (1, 2))])
        assert count(link) == len(same)
    with pytest.raises(LinkRefused):  # segments named, their sums not
        read_link(scl(scl_puzzle(4, rules="Box borders separate blue lines into segments.", lines=[loop])))


def test_parity_marks_of_a_colour() -> None:
    text = "The yellow circles contain odd digits. The yellow squares contain even digits."
    marks = [mark((0, 0), YELLOW, True), mark((1, 1), YELLOW, False), mark((3, 2), YELLOW, False)]
    link = scl(scl_puzzle(4, rules="Normal sudoku rules apply. " + text, underlays=marks))
    assert sorted(c.kind for c in read_link(link).rules.constraints) == ["even", "even", "odd"]
    expected = brute4([lambda g: at(g, (0, 0)) % 2 == 1, lambda g: at(g, (1, 1)) % 2 == 0,
                       lambda g: at(g, (3, 2)) % 2 == 0])
    assert count(link) == len(expected)
    for other in ("The green circles contain odd digits. The yellow squares contain even digits.",
                  "The yellow circles contain odd digits. The yellow circles contain even digits. "
                  "The yellow squares contain even digits."):
        with pytest.raises(LinkRefused):
            read_link(scl(scl_puzzle(4, rules=other, underlays=marks)))
