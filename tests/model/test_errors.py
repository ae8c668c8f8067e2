"""sudokit.errors: the classes, the facts they carry, their messages, and who raises them."""

from __future__ import annotations

import pickle

import pytest

from sudokit import Grid, solve
from sudokit.errors import (
    BadCharacterError,
    DuplicateGivenError,
    MultipleSolutionsError,
    NoSolutionError,
    ParseError,
    ShapeError,
    SudokuError,
    WrongLengthError,
)

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
NO_SOLUTION = "12345678." + "........9" + "." * 63
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

ALL = [
    ShapeError("bad shape"),
    ParseError("a problem", line=3, column=4, expected="something"),
    BadCharacterError("x", line=2, column=5, expected="1-9"),
    WrongLengthError(80, expected="81 cells", line=7),
    DuplicateGivenError(4, "row 1", ["r1c1", "r1c2"]),
    NoSolutionError(),
    MultipleSolutionsError(),
]


@pytest.mark.parametrize("error", ALL, ids=lambda e: type(e).__name__)
def test_every_error_is_a_value_error(error: SudokuError) -> None:
    assert isinstance(error, SudokuError) and isinstance(error, ValueError)


@pytest.mark.parametrize("error", ALL, ids=lambda e: type(e).__name__)
def test_with_line_keeps_the_class_and_the_facts(error: SudokuError) -> None:
    moved = error.with_line(42)
    assert type(moved) is type(error) and moved.line == 42
    assert "line 42" in str(moved)
    for name in ("column", "expected", "char", "found", "digit", "unit", "cells"):
        assert getattr(moved, name, None) == getattr(error, name, None)


def test_messages_name_the_facts() -> None:
    assert str(ALL[1]) == "line 3, column 4: a problem (expected something)"
    assert str(ALL[2]) == "line 2, column 5: bad character 'x' (expected 1-9)"
    assert str(ALL[3]) == "line 7: wrong length: 80 cells (expected 81 cells)"
    assert str(ALL[4]) == "duplicate given 4 in row 1 at r1c1, r1c2"
    assert str(NoSolutionError(line=5)) == "line 5: puzzle has no solution"
    assert str(MultipleSolutionsError(line=6)) == "line 6: puzzle has several solutions"


def test_parse_errors_are_parse_errors() -> None:
    assert issubclass(BadCharacterError, ParseError) and issubclass(WrongLengthError, ParseError)
    assert not issubclass(DuplicateGivenError, ParseError)


def test_text_errors_are_raised_by_the_parser() -> None:
    with pytest.raises(BadCharacterError):
        Grid.from_string(PUZZLE[:-1] + "x")
    with pytest.raises(WrongLengthError):
        Grid.from_string(PUZZLE[:-1])
    with pytest.raises(DuplicateGivenError):
        Grid.from_string("44" + PUZZLE[2:])


def test_no_solution_and_several_solutions(engine: str) -> None:
    with pytest.raises(NoSolutionError):
        solve(NO_SOLUTION)
    with pytest.raises(MultipleSolutionsError):
        solve(SEVERAL)
    assert solve(SEVERAL, first=True).is_solution_of(Grid.from_string(SEVERAL))


def test_duplicate_given_through_the_solver(engine: str) -> None:
    with pytest.raises(DuplicateGivenError):
        solve("44" + PUZZLE[2:])


@pytest.mark.parametrize("error", ALL, ids=lambda e: type(e).__name__)
def test_errors_pickle_with_their_facts(error: SudokuError) -> None:
    copy = pickle.loads(pickle.dumps(error.with_line(9)))
    assert type(copy) is type(error) and str(copy) == str(error.with_line(9))
    assert copy.__dict__ == error.with_line(9).__dict__
