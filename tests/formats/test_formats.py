"""The text formats: every format read and written, round trips, auto-detection, every error
with its line and column, and a hypothesis fuzz test of the parsers."""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit import formats
from sudokit.errors import (
    BadCharacterError,
    ParseError,
    SudokuError,
    WrongLengthError,
)
from sudokit.formats import parse, parse_line, read_puzzles, to_block, to_csv, to_line, to_numbers
from sudokit.shape import Shape

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CELLS = [0 if ch == "." else int(ch) for ch in PUZZLE]
NINE = Shape(3, 3)

SHAPES = [
    Shape(2, 2),
    Shape(2, 3),
    Shape(3, 2),
    Shape(3, 3),
    Shape(3, 4),
    Shape(4, 4),
    Shape(5, 5),
    Shape(6, 6),
]


def rows_of(text: str, n: int = 9) -> list[str]:
    """Cut a line-format puzzle into its n rows."""
    return [text[i : i + n] for i in range(0, n * n, n)]


def framed(text: str) -> str:
    """The 9×9 puzzle as a grid with an outer border, as people paste it."""
    border = "+-------+-------+-------+"
    out = [border]
    for r, row in enumerate(rows_of(text)):
        out.append("| " + " | ".join(" ".join(row[b * 3 : b * 3 + 3]) for b in range(3)) + " |")
        if r % 3 == 2:
            out.append(border)
    return "\n".join(out)


def random_cells(shape: Shape, rng: random.Random, fill: float = 0.4) -> list[int]:
    """Random cell values (not a valid puzzle, just values in range)."""
    return [rng.randint(1, shape.n) if rng.random() < fill else 0 for _ in range(shape.size)]


# -- reading every format -------------------------------------------------------------------------


@pytest.mark.parametrize("empty", list(formats.EMPTY_CHARS))
def test_line_format_with_each_empty_mark(empty: str) -> None:
    cells, shape = parse(PUZZLE.replace(".", empty))
    assert cells == CELLS and shape == NINE


@pytest.mark.parametrize(
    "name, text",
    [
        ("line", PUZZLE),
        ("line with spaces around", "   " + PUZZLE + "  \t"),
        ("zeros line (all digits)", PUZZLE.replace(".", "0")),
        ("block written by to_block", to_block(CELLS, NINE)),
        ("framed block", framed(PUZZLE)),
        ("nine rows of dots", "\n".join(rows_of(PUZZLE))),
        ("nine rows of zeros", "\n".join(rows_of(PUZZLE.replace(".", "0")))),
        ("nine rows of dashes", "\n".join(rows_of(PUZZLE.replace(".", "-")))),
        ("spaced rows", "\n".join(" ".join(r) for r in rows_of(PUZZLE))),
        ("numbers", to_numbers(CELLS, NINE)),
        ("csv (seed 000)", to_csv(CELLS, NINE)),
        ("csv with spaces", to_numbers(CELLS, NINE, sep=", ")),
        ("numbers with dots", to_numbers(CELLS, NINE).replace("0", ".")),
        ("block with comments", "# a puzzle\n" + to_block(CELLS, NINE) + "\n# end\n"),
        ("crlf line endings", "\r\n".join(rows_of(PUZZLE)) + "\r\n"),
    ],
)
def test_every_9x9_format_is_detected(name: str, text: str) -> None:
    cells, shape = parse(text)
    assert (cells, shape) == (CELLS, NINE), name


@pytest.mark.parametrize("shape", SHAPES[:-1], ids=str)
def test_nxn_line_format_digits_then_letters(shape: Shape) -> None:
    cells = random_cells(shape, random.Random(shape.n))
    text = to_line(cells, shape)
    assert parse(text, shape) == (cells, shape)
    assert parse(text.lower(), shape) == (cells, shape)


def test_letters_mean_ten_and_up() -> None:
    shape = Shape(4, 4)
    cells, found = parse("AG" + "." * 254)
    assert found == shape and cells[:3] == [10, 16, 0]


@pytest.mark.parametrize(
    "n, shape", [(4, Shape(2, 2)), (6, Shape(2, 3)), (12, Shape(3, 4)), (16, Shape(4, 4)), (25, Shape(5, 5))]
)
def test_default_shape_follows_from_the_size(n: int, shape: Shape) -> None:
    assert parse("." * (n * n))[1] == shape


def test_explicit_box_overrides_the_default() -> None:
    assert parse("." * 36, (3, 2))[1] == Shape(3, 2)
    assert parse("." * 36, Shape(3, 2))[1] == Shape(3, 2)


def test_big_grid_in_numbers_format() -> None:
    shape = Shape(6, 6)
    cells = random_cells(shape, random.Random(36))
    assert parse(to_numbers(cells, shape)) == (cells, shape)
    assert parse(to_csv(cells, shape)) == (cells, shape)
    assert parse(" ".join(map(str, cells))) == (cells, shape)


def test_parse_line_is_the_line_format_only() -> None:
    assert parse_line(PUZZLE) == (CELLS, NINE)
    with pytest.raises(BadCharacterError):
        parse_line(to_csv(CELLS, NINE))


# -- writing every format, round trips -----------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_every_writer_round_trips(shape: Shape) -> None:
    rng = random.Random(shape.size)
    for _ in range(5):
        cells = random_cells(shape, rng)
        writers = [to_block(cells, shape), to_numbers(cells, shape), to_csv(cells, shape)]
        if shape.n <= formats.reader.MAX_CHAR_N:
            writers.append(to_line(cells, shape))
            writers.append(to_line(cells, shape, "0"))
            writers.append(to_block(cells, shape, "_"))
        for text in writers:
            assert parse(text, shape) == (cells, shape), text


def test_writers_output() -> None:
    shape = Shape(2, 2)
    cells = [1, 2, 3, 4, 3, 4, 1, 2] + [0] * 8
    assert to_line(cells, shape) == "12343412........"
    assert to_csv(cells, shape).splitlines()[0] == "1,2,3,4"
    assert to_numbers(cells, shape).splitlines()[-1] == "0 0 0 0"
    assert to_block(cells, shape).splitlines()[2] == "----+----"


def test_line_writer_refuses_big_grids() -> None:
    with pytest.raises(ValueError, match="to_numbers"):
        to_line([0] * 36 * 36, Shape(6, 6))


# -- files ---------------------------------------------------------------------------------------


def test_file_with_comments_and_line_numbers() -> None:
    text = f"# header\n{PUZZLE}\n\n# another\n{PUZZLE.replace('.', '0')}\n"
    entries = list(read_puzzles(text))
    assert [e.line for e in entries] == [2, 5]
    assert all(e.cells == CELLS and e.error is None for e in entries)


def test_file_mixing_formats_separated_by_blank_lines() -> None:
    text = "\n\n".join(
        [PUZZLE, to_block(CELLS, NINE), to_csv(CELLS, NINE), framed(PUZZLE), "1.3..4.22.4..3.1"]
    )
    entries = list(read_puzzles(text))
    assert [e.line for e in entries] == [1, 3, 15, 25, 39]
    assert [e.cells for e in entries[:4]] == [CELLS] * 4
    assert entries[4].shape == Shape(2, 2)


def test_file_lines_are_read_lazily_from_an_iterable() -> None:
    def lines() -> Iterator[str]:
        yield from [PUZZLE] * 200
        raise AssertionError("read too far: a long file must stream")

    first = next(read_puzzles(lines()))
    assert first.cells == CELLS


def test_eighty_one_puzzle_lines_are_not_one_81x81_grid() -> None:
    entries = list(read_puzzles("\n".join([PUZZLE] * 81)))
    assert len(entries) == 81 and all(e.error is None for e in entries)


def test_puzzle_lines_of_a_given_box_are_not_one_grid() -> None:
    entries = list(read_puzzles("\n".join(["." * 36] * 36), (2, 3)))
    assert len(entries) == 36 and all(e.shape == Shape(2, 3) for e in entries)


def test_a_bad_line_does_not_stop_the_file() -> None:
    text = "\n".join([PUZZLE, PUZZLE[:-1] + "x", PUZZLE[:-1], PUZZLE])
    entries = list(read_puzzles(text))
    assert [e.error is None for e in entries] == [True, False, False, True]
    assert isinstance(entries[1].error, BadCharacterError) and entries[1].error.line == 2
    assert isinstance(entries[2].error, WrongLengthError) and entries[2].error.line == 3


def test_deferred_lines_are_left_for_the_engine() -> None:
    text = "\n".join([PUZZLE, "1.3..4.22.4..3.1", PUZZLE[:-1], "\n", to_csv(CELLS, NINE)])
    entries = list(read_puzzles(text, defer=True))
    assert [e.deferred for e in entries] == [True, True, False, False]
    assert entries[0].shape == NINE and entries[1].shape == Shape(2, 2)
    assert entries[3].cells == CELLS


# -- errors, with their line and column -----------------------------------------------------------


def test_bad_character_names_line_column_and_expected() -> None:
    with pytest.raises(BadCharacterError) as info:
        parse(PUZZLE[:9] + "x" + PUZZLE[10:], first_line=7)
    error = info.value
    assert (error.line, error.column, error.char) == (7, 10, "x")
    assert "1-9" in (error.expected or "")
    assert str(error).startswith("line 7, column 10: bad character 'x'")


def test_bad_character_inside_a_block_names_its_own_line() -> None:
    rows = rows_of(PUZZLE)
    rows[4] = rows[4][:3] + "?" + rows[4][4:]
    with pytest.raises(BadCharacterError) as info:
        parse("\n".join(rows), first_line=10)
    assert (info.value.line, info.value.column) == (14, 4)


def test_column_counts_leading_spaces() -> None:
    with pytest.raises(BadCharacterError) as info:
        parse("  " + PUZZLE[:-1] + "!")
    assert info.value.column == 83


def test_digit_too_big_for_the_grid() -> None:
    with pytest.raises(BadCharacterError) as info:
        parse("1.3..4.22.4..3.5")
    assert (info.value.char, info.value.column) == ("5", 16)
    assert "1-4" in (info.value.expected or "")


def test_wrong_length() -> None:
    with pytest.raises(WrongLengthError) as info:
        parse(PUZZLE[:-1], first_line=3)
    assert (info.value.found, info.value.line) == (80, 3)
    assert "81" in (info.value.expected or "")


def test_wrong_length_for_the_box_given() -> None:
    with pytest.raises(WrongLengthError) as info:
        parse(PUZZLE, (2, 3))
    assert "36 cells" in str(info.value)


def test_empty_text_is_a_wrong_length() -> None:
    with pytest.raises(WrongLengthError):
        parse("  \n# only a comment\n")


def test_number_out_of_range() -> None:
    with pytest.raises(ParseError) as info:
        parse(to_csv(CELLS, NINE).replace("4", "10", 1))
    assert (info.value.line, info.value.column) == (1, 1)
    assert info.value.expected == "0 to 9"


def test_bad_token_in_numbers_format() -> None:
    with pytest.raises(BadCharacterError) as info:
        parse(to_csv(CELLS, NINE).replace("8", "eight", 1))
    assert (info.value.char, info.value.line, info.value.column) == ("eight", 1, 13)


def test_prime_side_is_a_wrong_length() -> None:
    with pytest.raises(WrongLengthError):
        parse("." * 49)


def test_errors_are_sudoku_errors_and_value_errors() -> None:
    for text in [PUZZLE[:-1], PUZZLE[:-1] + "x", "1,2,99"]:
        with pytest.raises(SudokuError):
            parse(text)
        with pytest.raises(ValueError):
            parse(text)


#: Long inputs at scale k = 1 or 4; a line stays under the reader's MAX_LINE (65,536), past which
#: it is refused at once (tests/cli/test_robust.py::test_a_huge_line_is_rejected_quickly).
LONG_INPUTS = {
    "dashes": lambda k: "-" * (15_000 * k) + "x",
    "spaced dashes": lambda k: "- " * (7_500 * k) + "x",
    "dash lines": lambda k: ("-" * (15_000 * k) + "x\n") * 4,
    "numbers": lambda k: "1 " * (7_500 * k),
    "dot lines": lambda k: ".\n" * (12_500 * k),
}


def _read_seconds(text: str) -> float:
    """The fastest of three parse-and-read runs of a text, in CPU seconds."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        with contextlib.suppress(SudokuError):
            parse(text)
        list(read_puzzles(text))
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("name", list(LONG_INPUTS))
def test_long_inputs_take_linear_time(name: str) -> None:
    """Four times the input takes about four times as long, measured in the same run (a
    quadratic reader would take sixteen); CPU time, so a loaded machine does not skew it."""
    small, large = (_read_seconds(LONG_INPUTS[name](k)) for k in (1, 4))
    assert large < 8 * max(small, 0.002), (small, large)


# -- fuzzing --------------------------------------------------------------------------------------

ALPHABET = formats.DIGIT_CHARS[:20] + formats.EMPTY_CHARS + " \t\n|+-=,#xé\r0123456789"
VALID = [
    PUZZLE,
    to_block(CELLS, NINE),
    to_csv(CELLS, NINE),
    framed(PUZZLE),
    to_line(random_cells(Shape(4, 4), random.Random(1)), Shape(4, 4)),
    to_numbers(random_cells(Shape(3, 4), random.Random(2)), Shape(3, 4)),
]


def check_parses_or_raises(text: str, box: tuple[int, int] | None = None) -> None:
    """The parsers either succeed with a consistent result or raise a SudokuError."""
    try:
        cells, shape = parse(text, box)
    except SudokuError:
        pass
    else:
        assert len(cells) == shape.size and all(0 <= v <= shape.n for v in cells)
    for entry in read_puzzles(text, box):
        assert entry.error is None or isinstance(entry.error, SudokuError)
        if entry.cells is not None:
            assert entry.shape is not None and len(entry.cells) == entry.shape.size


#: More examples for a long local run: SUDOKIT_FUZZ_EXAMPLES=5000 pytest tests/formats/test_formats.py
FUZZ = settings(
    max_examples=int(os.environ.get("SUDOKIT_FUZZ_EXAMPLES", "300")),
    deadline=1000,
    suppress_health_check=[HealthCheck.too_slow],
)


@FUZZ
@given(st.text(alphabet=ALPHABET, max_size=400))
def test_fuzz_random_text(text: str) -> None:
    check_parses_or_raises(text)


@FUZZ
@given(st.text(max_size=200))
def test_fuzz_any_unicode(text: str) -> None:
    check_parses_or_raises(text)


@pytest.mark.parametrize("text", [
    ",\u00b9",  # a superscript one: a digit to str.isdigit, not to int (found by the fuzz test)
    ",\u0661",  # an Arabic-Indic one: int() reads it, but it is no digit of a puzzle file
    "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 \u00b9",
])
def test_digits_other_than_ascii_are_bad_characters(text: str) -> None:
    with pytest.raises(BadCharacterError):
        parse(text)


@FUZZ
@given(
    st.sampled_from(VALID),
    st.lists(
        st.tuples(
            st.sampled_from(["replace", "insert", "delete"]),
            st.integers(0, 10_000),
            st.sampled_from(ALPHABET),
        ),
        max_size=6,
    ),
    st.sampled_from([None, (3, 3), (2, 3), (4, 4)]),
)
def test_fuzz_mutated_puzzles(
    text: str, edits: list[tuple[str, int, str]], box: tuple[int, int] | None
) -> None:
    chars = list(text)
    for kind, position, ch in edits:
        i = position % (len(chars) + 1)
        if kind == "insert":
            chars.insert(i, ch)
        elif chars and i < len(chars):
            if kind == "replace":
                chars[i] = ch
            else:
                del chars[i]
    check_parses_or_raises("".join(chars), box)


@FUZZ
@given(st.lists(st.sampled_from([*VALID, "", "# comment", "-----", "x" * 81, PUZZLE[:40]]), max_size=12))
def test_fuzz_files_of_mixed_lines(parts: list[str]) -> None:
    text = "\n".join(parts)
    entries = list(read_puzzles(text))
    assert [e.line for e in entries] == sorted(e.line for e in entries)
    check_parses_or_raises(text)
