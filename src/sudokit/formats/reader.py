"""Parse puzzle text in any supported format, detecting the format and the grid size.

The rules, in the order they are applied:

1. Blank lines and lines whose first non-space character is ``#`` carry no cells.
2. Text with a comma, or with a whitespace-separated number of two or more digits, is in the
   **numbers** format: each token is one cell.
3. Otherwise every character is one cell, except spaces, ``|`` and ``+``; lines made only of
   ``-``, ``=``, ``+``, ``|``, ``*`` and spaces are separator lines, unless reading them as empty
   cells is the only way to get a square number of cells.
4. The number of cells fixes ``N`` (it must be a square, ``N²``); the box shape is the one given,
   or the usual one for ``N`` (see :func:`sudokit.shape.shape_for_size`).

Pencil marks are puzzles too (see :mod:`sudokit.formats.candidates`): one unbroken line of
``N³`` characters made of digits ``1-N`` and empty marks, each digit ``d`` at position ``d`` of
its cell's ``N`` characters, is a **candidates line** (729 characters: a 9×9 grid with its
candidates, never a 27×27 puzzle; for ``N ≥ 5`` a misplaced digit is reported as such rather than
read as a bigger grid), and a block of N rows of N digit tokens with some token holding several
digits (HoDoKu's bordered grid) is a **pencil-mark grid**. Their placed digits are the puzzle;
:func:`read_puzzles` also keeps the candidate masks (:attr:`Entry.masks`).

:func:`read_puzzles` reads data sets too: a CSV file whose first line is a header naming a puzzle
column (``quizzes``, ``puzzle``, …) and JSON Lines (``{"puzzle": …}`` on each line); see
:mod:`sudokit.formats.datasets`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from math import isqrt
from typing import TextIO

from sudokit.errors import BadCharacterError, ParseError, ShapeError, SudokuError, WrongLengthError
from sudokit.formats.candidates import parse_candidates
from sudokit.formats.chars import CHAR_VALUE, DIGIT_CHARS, EMPTY_CHARS, MAX_CHAR_N
from sudokit.rules import Rules
from sudokit.shape import MAX_N, Shape, shape_for_size

__all__ = [
    "DIGIT_CHARS",
    "EMPTY_CHARS",
    "Entry",
    "LineRun",
    "Pieces",
    "parse",
    "parse_line",
    "read_blocks",
]

_CHAR_VALUE = CHAR_VALUE

# Only separator characters and spaces, at least one separator; written to run in linear time
# (no nested choice to backtrack over on a long line that fails at its end).
_SEPARATOR_LINE = re.compile(r"(?=[^\-=+|*]*[\-=+|*])[\s\-=+|*]*$")
_SKIPPED_IN_LINE = frozenset(" \t\r|+")
_TOKEN = re.compile(r"[^\s,|]+")
_MULTI_DIGIT_TOKEN = re.compile(r"(?:^|[\s,|])\d{2,}(?=$|[\s,|])")

BoxLike = Shape | tuple[int, int] | str | None


def _is_numbers(raw: str) -> bool:
    """True when a line is in the numbers format: a comma, or a multi-digit number among tokens.

    A line that is one unbroken token (``003020600…``) is one character per cell, never a number.
    """
    if "," in raw:
        return True
    return _MULTI_DIGIT_TOKEN.search(raw) is not None and len(_TOKEN.findall(raw)) > 1


def as_shape(box: object) -> Shape | None:
    """Turn a box argument into a :class:`Shape`: a Shape, a ``(rows, cols)`` pair or ``"RxC"``.

    ``None`` stays ``None`` (the shape then follows from the puzzle's size); anything else that
    names no box shape raises :class:`ShapeError`.
    """
    if box is None or isinstance(box, Shape):
        return box
    if isinstance(box, str):
        parts = box.lower().replace("×", "x").replace(",", "x").split("x")
        if len(parts) == 2 and all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            return Shape(int(parts[0]), int(parts[1]))
        raise ShapeError(f"box {box!r} is not a box shape: give RxC, e.g. '2x3' for 6×6 grids")
    if (isinstance(box, tuple) and len(box) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in box)):
        return Shape(box[0], box[1])
    raise ShapeError(f"box {box!r} is not a box shape: give a Shape, (rows, cols) or 'RxC'")


def _expected_chars(n: int) -> str:
    """Describe the characters valid in a grid of side ``n``."""
    digits = f"1-{n}" if n <= 9 else f"1-9, A-{DIGIT_CHARS[n - 1]}"
    return f"{digits} or one of {EMPTY_CHARS!r} for an empty cell"


def shape_from_count(count: int, box: Shape | None, *, line: int | None) -> Shape:
    """Find the shape for ``count`` cells, or raise :class:`WrongLengthError`."""
    if box is not None:
        if count != box.size:
            raise WrongLengthError(
                count, expected=f"{box.size} cells for a {box.n}×{box.n} grid", line=line
            )
        return box
    n = isqrt(count)
    if n * n == count and 4 <= n <= MAX_N:
        try:
            return shape_for_size(n)
        except SudokuError:
            pass
    raise WrongLengthError(
        count, expected="N² cells for a supported N, e.g. 81 for 9×9", line=line
    )


#: Length of a candidates line (N³ characters) -> N, for the N a candidates line can write.
_CUBES = {n**3: n for n in range(4, MAX_CHAR_N + 1)}


def _is_candidate_line(text: str, box: Shape | None = None) -> bool:
    """True when an unbroken line of N³ characters is a candidates line, not a grid of N³ cells.

    Every character must be an empty mark or a digit 1-N; the digits must also sit at their own
    position in each cell's N characters when the line could be a grid (64 characters: 4×4
    candidates or an 8×8 puzzle), while for N ≥ 5 (729: 9×9 candidates, never a 27×27 puzzle)
    a misplaced digit is left for the candidates reader to report.
    """
    n = _CUBES.get(len(text))
    if n is None or (box is not None and box.n != n):
        return False
    value = _CHAR_VALUE
    strict = n < 5
    for i, ch in enumerate(text):
        v = value.get(ch)
        if v is None or v > n or (strict and v and v != i % n + 1):
            return False
    return True


def _parse_marks(text: str, box: Shape | None, *, line: int | None) -> tuple[list[int], list[int], Shape]:
    """Read pencil marks (either format) as placed values, candidate masks and shape."""
    try:
        return parse_candidates(text, box)
    except SudokuError as exc:
        raise (exc.with_line(line) if line is not None else exc) from None


def parse_line(text: str, box: BoxLike = None, *, line: int | None = None) -> tuple[list[int], Shape]:
    """Parse one line in the line format (one character per cell), the fast common path.

    A candidates line (N³ characters, see the module text) gives its placed digits.

    >>> cells, shape = parse_line("1.3..4.22.4..3.1")
    >>> cells[:4], shape.n
    ([1, 0, 3, 0], 4)
    """
    shape = as_shape(box)
    stripped = text.strip()
    if len(stripped) in _CUBES and _is_candidate_line(stripped, shape):
        values, _, shape = _parse_marks(stripped, shape, line=line)
        return values, shape
    offset = len(text) - len(text.lstrip()) + 1
    value = _CHAR_VALUE
    cells: list[int] = []
    for i, ch in enumerate(stripped):
        v = value.get(ch)
        if v is None:
            raise BadCharacterError(
                ch,
                line=line,
                column=i + offset,
                expected=_expected_chars(shape.n if shape else 9),
            )
        cells.append(v)
    shape = shape_from_count(len(cells), shape, line=line)
    _check_range_line(stripped, cells, shape.n, line=line, offset=offset)
    return cells, shape


def _check_range_line(text: str, cells: list[int], n: int, *, line: int | None, offset: int) -> None:
    """Raise for the first cell whose digit is larger than ``n``."""
    if max(cells, default=0) > n:
        i = next(i for i, v in enumerate(cells) if v > n)
        raise BadCharacterError(text[i], line=line, column=i + offset, expected=_expected_chars(n))


#: The longest line any puzzle text takes (a 64×64 grid as numbers on one line is about 12,300
#: characters; data-set records and pencil marks stay below this too). A longer line is rejected
#: as soon as this much of it is read, whatever its length, without reading it whole.
MAX_LINE = 1 << 16
#: The byte order mark some editors put at the start of a UTF-8 file: not part of the text.
BOM = "\ufeff"


def too_long(line: int) -> ParseError:
    """The error of a line longer than :data:`MAX_LINE`."""
    return ParseError(
        f"line too long: more than {MAX_LINE:,} characters",
        line=line,
        expected="a puzzle of at most 64×64 cells",
    )


def bounded_lines(handle: TextIO, limit: int = MAX_LINE) -> Iterator[str]:
    """The lines of an open text file, each read in bounded memory: a line longer than
    ``limit`` is cut to ``limit + 1`` characters (its end is read in chunks and dropped)."""
    while True:
        raw = handle.readline(limit + 1)
        if not raw:
            return
        if len(raw) > limit and not raw.endswith("\n"):
            rest = raw
            while rest and not rest.endswith("\n"):
                rest = handle.readline(1 << 20)
            raw = raw[: limit + 1]
        yield raw


#: Characters a piece of :class:`Pieces` starts with, and the most it grows to (doubling).
PIECE_FIRST = 1 << 12
PIECE_MOST = 1 << 20


@lru_cache(maxsize=32)
def _run_pattern(length: int, ascii_only: bool) -> re.Pattern[str]:
    """Lines of exactly ``length`` characters of the line format (no space, ``|``, ``+``, ``,``, ``#``);
    for ASCII text, the same spelled out (twice as fast as ``\\s``, which also knows Unicode)."""
    if ascii_only:  # the ASCII characters str.isspace() knows: \t \n \v \f \r \x1c-\x1f and space
        return re.compile(rf"(?:[^\t\n\x0b\x0c\r\x1c-\x1f |+,#]{{{length}}}\n)+")
    return re.compile(rf"(?:[^\s|+,#]{{{length}}}\n)+")


class Pieces:
    """The lines of an open text file, as :func:`bounded_lines` gives them, read a large piece at a
    time, so a run of lines of one length can be taken whole (:meth:`take_run`) at C speed.

    Memory stays bounded: a piece holds at most :data:`PIECE_MOST` characters and the line in
    progress, cut at ``limit + 1`` characters like :func:`bounded_lines` cuts it. Pieces start
    small and double; a read waits for a whole piece (or the end), so on a slow pipe an answer
    can wait for up to :data:`PIECE_FIRST` characters more than it would line by line (a person
    typing at a terminal is read line by line: the command line asks for no runs then).
    """

    def __init__(self, handle: TextIO, limit: int = MAX_LINE) -> None:
        self.handle = handle
        self.limit = limit
        self.buffer = ""
        self.pos = 0
        self.size = PIECE_FIRST

    def __iter__(self) -> Iterator[str]:
        return self

    def _read(self) -> str:
        """The next piece of the file ("" at its end)."""
        more = self.handle.read(self.size)
        self.size = min(PIECE_MOST, self.size * 2)
        return more

    def __next__(self) -> str:
        while True:
            end = self.buffer.find("\n", self.pos)
            if end >= 0:
                raw = self.buffer[self.pos : end + 1]
                self.pos = end + 1
                return raw if len(raw) <= self.limit + 1 else raw[: self.limit + 1]
            tail = self.buffer[self.pos :]
            if len(tail) > self.limit:  # too long, and not over yet: keep its start, drop its end
                self._skip_line()
                return tail[: self.limit + 1]
            more = self._read()
            self.buffer, self.pos = tail + more, 0
            if not more:
                self.buffer = ""
                if tail:
                    return tail
                raise StopIteration

    def _skip_line(self) -> None:
        """Drop the rest of the line in progress (its end may be far ahead)."""
        self.buffer, self.pos = "", 0
        while more := self._read():
            end = more.find("\n")
            if end >= 0:
                self.buffer = more[end + 1 :]
                return

    def take_run(self, length: int) -> str:
        """The longest run of whole lines of exactly ``length`` line-format characters from here,
        each with its ``\\n`` ("" when the next line is not one), taken out of the file."""
        if self.buffer.find("\n", self.pos) < 0:
            tail = self.buffer[self.pos :]
            if len(tail) > self.limit:
                return ""
            self.buffer, self.pos = tail + self._read(), 0
        found = _run_pattern(length, self.buffer.isascii()).match(self.buffer, self.pos)
        if found is None:
            return ""
        self.pos = found.end()
        return found.group()


def without_bom(lines: Iterable[str]) -> Iterator[str]:
    """The lines with a byte order mark dropped from the start of the first one."""
    first = True
    for raw in lines:
        if first:
            raw = raw.removeprefix(BOM)
            first = False
        yield raw


def parse(text: str, box: BoxLike = None, *, first_line: int = 1) -> tuple[list[int], Shape]:
    """Parse one puzzle in any supported format; return its cells (0 = empty) and its shape.

    ``first_line`` is the number given to the text's first line in error messages.

    >>> cells, shape = parse("1 2 | 3 4\\n3 4 | 1 2\\n----+----\\n2 1 | 4 3\\n4 3 | 2 1")
    >>> cells[:5], shape
    ([1, 2, 3, 4, 3], Shape(box_rows=2, box_cols=2))
    """
    shape = as_shape(box)
    text = text.removeprefix(BOM)
    lines = [
        (first_line + i, raw)
        for i, raw in enumerate(text.splitlines())
        if raw.strip() and not raw.lstrip().startswith("#")
    ]
    for number, raw in lines:
        if len(raw) > MAX_LINE:
            raise too_long(number)
    if not lines:
        raise WrongLengthError(0, expected="a puzzle", line=first_line)
    if len(lines) == 1 and not _is_numbers(lines[0][1]):
        number, raw = lines[0]
        if not any(ch in _SKIPPED_IN_LINE for ch in raw.strip()):
            return parse_line(raw, shape, line=number)
    if _is_pencil_grid([raw for _, raw in lines], shape):
        values, _, shape = _parse_marks("\n".join(raw for _, raw in lines), shape, line=None)
        return values, shape
    if any(_is_numbers(raw) for _, raw in lines):
        return _parse_numbers(lines, shape)
    return _parse_chars(lines, shape)


_PENCIL_BORDER = re.compile(r"[|.:'+\-=*]")


def _is_pencil_grid(rows: list[str], box: Shape | None = None) -> bool:
    """True when lines are a pencil-mark grid: N rows of N digit tokens once the borders
    (``| . : ' + - = *``) are dropped, some token holding several digits.

    For N > 9 (where ``12`` may be a number) HoDoKu's border (a line starting ``.-``, ``:-`` or
    ``'-``) must be there too.
    """
    if len(rows) < 4 or any("," in r for r in rows):
        return False
    table = []
    for raw in rows:
        tokens = _PENCIL_BORDER.sub(" ", raw).split()
        if tokens:
            table.append(tokens)
            if len(table) > MAX_CHAR_N or len(tokens) != len(table[0]):
                return False
    n = len(table)
    if n < 4 or len(table[0]) != n or (box is not None and box.n != n):
        return False
    if not any(len(tok) > 1 for tokens in table for tok in tokens):
        return False
    return n <= 9 or any(r.lstrip()[:2] in (".-", ":-", "'-") for r in rows)


def _parse_numbers(lines: list[tuple[int, str]], shape: Shape | None) -> tuple[list[int], Shape]:
    """Parse the numbers format: one token per cell, 0 or ``.`` for empty."""
    tokens: list[tuple[int, int, str]] = []
    for number, raw in lines:
        if _SEPARATOR_LINE.match(raw) and not re.search(r"\d", raw):
            continue
        for m in _TOKEN.finditer(raw):
            tokens.append((number, m.start() + 1, m.group()))
    values: list[int] = []
    for number, column, tok in tokens:
        if tok.isascii() and tok.isdigit():
            values.append(int(tok))
        elif tok in (".", "-", "*", "_"):
            values.append(0)
        else:
            raise BadCharacterError(
                tok, line=number, column=column, expected="a number, 0 or '.' for an empty cell"
            )
    shape = shape_from_count(len(values), shape, line=lines[0][0] if len(lines) == 1 else None)
    for (number, column, tok), v in zip(tokens, values, strict=False):
        if v > shape.n:
            raise ParseError(
                f"number {tok} is out of range",
                line=number,
                column=column,
                expected=f"0 to {shape.n}",
            )
    return values, shape


def _parse_chars(lines: list[tuple[int, str]], shape: Shape | None) -> tuple[list[int], Shape]:
    """Parse the one-character-per-cell formats spread over one or more lines."""
    value = _CHAR_VALUE

    def collect(skip_separators: bool) -> list[tuple[int, int, str]]:
        out: list[tuple[int, int, str]] = []
        for number, raw in lines:
            if skip_separators and _SEPARATOR_LINE.match(raw):
                continue
            for i, ch in enumerate(raw):
                if ch not in _SKIPPED_IN_LINE:
                    out.append((number, i + 1, ch))
        return out

    cells = collect(True)
    for number, column, ch in cells:
        if ch not in value:
            raise BadCharacterError(
                ch, line=number, column=column, expected=_expected_chars(shape.n if shape else 9)
            )
    single = lines[0][0] if len(lines) == 1 else None
    try:
        found = shape_from_count(len(cells), shape, line=single)
    except WrongLengthError:
        with_dashes = collect(False)
        if len(with_dashes) == len(cells):
            raise
        try:
            found = shape_from_count(len(with_dashes), shape, line=single)
        except WrongLengthError:
            raise WrongLengthError(
                len(cells),
                expected=(
                    f"{shape.size} cells for a {shape.n}×{shape.n} grid"
                    if shape
                    else "N² cells for a supported N, e.g. 81 for 9×9"
                ),
                line=single,
            ) from None
        cells = with_dashes
    values = [value[ch] for _, _, ch in cells]
    for (number, column, ch), v in zip(cells, values, strict=False):
        if v > found.n:
            raise BadCharacterError(ch, line=number, column=column, expected=_expected_chars(found.n))
    return values, found


@dataclass(frozen=True)
class Entry:
    """One puzzle read from a file: where it starts, its text, and its cells or the error.

    An entry read with ``defer=True`` may be *deferred*: a one-line puzzle in the line format
    left unparsed (``cells`` and ``error`` are ``None``, ``shape`` is the one its length implies)
    for a batch engine that parses the line format natively.

    Pencil marks read as a puzzle keep their candidate masks in ``masks`` (bit ``d - 1`` for
    digit ``d``, 0 for a placed cell); a data-set record (CSV, JSON Lines, NumPy, Parquet) keeps
    its other columns in ``fields``, the solution column named ``"solution"``.
    """

    line: int
    text: str
    cells: list[int] | None = None
    shape: Shape | None = None
    error: SudokuError | None = None
    masks: list[int] | None = None
    fields: Mapping[str, object] | None = None
    #: The rules a variant puzzle brought along (an f-puzzles link, sudokit's JSON form); None: classic.
    rules: Rules | None = None

    @property
    def deferred(self) -> bool:
        """True for a line left unparsed by ``read_puzzles(..., defer=True)``."""
        return self.cells is None and self.error is None


@dataclass(frozen=True)
class LineRun:
    """Consecutive one-line puzzles in the line format, all of one length and shape, left unparsed:
    what ``read_puzzles(..., runs=True)`` gives in place of their deferred entries.

    ``text`` holds the lines, each ending in ``\\n`` (``width`` characters with it); the first
    is line ``line`` of its input.

    >>> run = LineRun(3, "1.3..4.22.4..3.1\\n2.4..3.11.3..4.2\\n", Shape(2, 2))
    >>> len(run), run.lines(), [e.line for e in run.entries()]
    (2, ['1.3..4.22.4..3.1', '2.4..3.11.3..4.2'], [3, 4])
    """

    line: int
    text: str
    shape: Shape

    @property
    def width(self) -> int:
        """Characters a line takes, its newline included."""
        return self.text.find("\n") + 1

    def __len__(self) -> int:
        return len(self.text) // self.width if self.text else 0

    def lines(self) -> list[str]:
        """The puzzles, one string each."""
        return self.text.split("\n")[:-1]

    def part(self, start: int, stop: int) -> LineRun:
        """The run of puzzles ``start`` to ``stop`` (not included)."""
        width = self.width
        return LineRun(self.line + start, self.text[start * width : stop * width], self.shape)

    def entries(self) -> Iterator[Entry]:
        """The deferred entries the run stands for."""
        for i, text in enumerate(self.lines()):
            yield Entry(self.line + i, text, shape=self.shape)


def _cell_count(raw: str) -> int:
    """Count the cells a line holds if read on its own (tokens or characters)."""
    if _is_numbers(raw):
        return len(_TOKEN.findall(raw))
    return sum(1 for ch in raw if ch not in _SKIPPED_IN_LINE)


_PLAIN_LINE = re.compile(r"[^\s|+,#]+")
#: What marks a line as a variant puzzle, read with its rules, not as a grid: an f-puzzles link or
#: payload, or a JSON object (sudokit's JSON form, f-puzzles' JSON).
_VARIANT_HINT = re.compile(r"^\s*\{|f-puzzles\.com|[?&]load=|^\s*N4Ig[A-Za-z0-9+/=]{12,}\s*$|sudokupad\.app|"
                           r"crackingthecryptic\.com|^\s*sudokupad://|"
                           r"^\s*(?:scl|ctc|fpuzzles|fpuz)[A-Za-z0-9+/=$%\\-]{20,}\s*$")


@lru_cache(maxsize=64)
def _line_shape(length: int) -> Shape | None:
    """The shape of a line-format puzzle of ``length`` characters, or None if there is none."""
    n = isqrt(length)
    if n * n != length or not 4 <= n <= MAX_CHAR_N:
        return None
    try:
        return shape_for_size(n)
    except SudokuError:
        return None


def _marks_entry(text: str, first_line: int, box: Shape | None) -> Entry:
    """Read pencil marks into an :class:`Entry` (placed digits and masks), keeping any error."""
    try:
        values, masks, shape = _parse_marks(text.strip(), box, line=first_line)
    except SudokuError as exc:
        return Entry(first_line, text, error=exc.with_traceback(None))
    return Entry(first_line, text, values, shape, masks=masks)


def variant_entry(text: str, first_line: int, data: dict[str, object] | None = None) -> Entry:
    """The :class:`Entry` of a puzzle that brings its rules (f-puzzles link, sudokit's JSON form)."""
    from sudokit.formats import variants

    try:
        if data is None:
            found = variants.parse_variant_solution(text)
        else:
            pair = variants.parse_variant_data(data)
            found = None if pair is None else (pair[0], pair[1], None)
    except SudokuError as exc:
        return Entry(first_line, text, error=exc.with_line(first_line).with_traceback(None))
    if found is None:
        return Entry(first_line, text, error=ParseError("not a variant puzzle", line=first_line))
    cells, rules, solution = found
    # A link's own solution (its metadata) is kept for check --verify, never used to solve.
    fields = {"solution": solution} if solution else None
    return Entry(first_line, text, cells, variants.shape_of(rules), rules=rules, fields=fields)


def parse_entry(text: str, first_line: int, box: Shape | None, defer: bool = False) -> Entry:
    """Parse ``text`` into an :class:`Entry`, keeping any error instead of raising it."""
    if "\n" not in text and _VARIANT_HINT.search(text):
        return variant_entry(text.strip(), first_line)
    if "\n" not in text and len(text.strip()) in _CUBES and _is_candidate_line(text.strip(), box):
        return _marks_entry(text, first_line, box)
    if defer and "\n" not in text:
        stripped = text.strip()
        if _PLAIN_LINE.fullmatch(stripped):
            if box is not None:
                shape = box if len(stripped) == box.size and box.n <= MAX_CHAR_N else None
            else:
                shape = _line_shape(len(stripped))
            if shape is not None:
                return Entry(first_line, text, shape=shape)
    try:
        cells, shape = parse(text, box, first_line=first_line)
    except SudokuError as exc:
        # Without its traceback the kept error holds no frames: a file of many bad lines stays light.
        return Entry(first_line, text, error=exc.with_traceback(None))
    return Entry(first_line, text, cells, shape)


def _is_grid(content: list[tuple[int, str]], box: Shape | None) -> bool:
    """True when a block's lines (separators and comments aside) are the rows of one grid."""
    counts = {_cell_count(r) for _, r in content}
    if len(content) < 2 or len(counts) != 1:
        return False
    n = counts.pop()
    return n == len(content) and n <= MAX_N and (box is None or box.n == n)


def _run_length(entry: Entry) -> int:
    """The length of the lines a :class:`LineRun` may continue after ``entry`` with (0: none):
    that of a deferred line without spaces around it, which is no candidates line."""
    text = entry.text
    if not entry.deferred or text != text.strip() or len(text) in _CUBES:
        return 0
    return len(text)


def read_blocks(
    lines: Iterable[str], shape: Shape | None, defer: bool, pieces: Pieces | None = None
) -> Iterator[Entry | LineRun]:
    """Read puzzles in the text formats: blocks separated by blank lines (see :func:`read_puzzles`).

    With ``pieces`` (the source ``lines`` come from, as they come), a long block of one-line
    puzzles (where every line is a puzzle of its own) gives runs of lines of the same length and
    shape as :class:`LineRun` objects, taken from ``pieces`` without a Python step per line.
    """
    block: list[tuple[int, str]] = []
    streaming = False

    def flush() -> Iterator[Entry]:
        content = [
            (n, r)
            for n, r in block
            if not _SEPARATOR_LINE.match(r) and not r.lstrip().startswith("#")
        ]
        rows = [r for _, r in block if not r.lstrip().startswith("#")]
        if _is_pencil_grid(rows, shape):
            yield _marks_entry("\n".join(rows), block[0][0], shape)
        elif _is_grid(content, shape):
            yield parse_entry("\n".join(r for _, r in block), block[0][0], shape)
        else:
            for n, r in block:
                if r.lstrip().startswith("#"):
                    continue
                if not _SEPARATOR_LINE.match(r) or len(r.strip()) > 1:
                    yield parse_entry(r, n, shape, defer)
        block.clear()

    number = 0
    for raw in lines:
        number += 1
        if len(raw) > MAX_LINE and len(raw.rstrip("\r\n")) > MAX_LINE:
            yield from flush()
            streaming = False
            yield Entry(number, raw[:80] + "…", error=too_long(number))
            continue
        raw = raw.rstrip("\r\n")
        stripped = raw.strip()
        if not stripped:
            yield from flush()
            streaming = False
            continue
        if stripped.startswith("#"):
            if block:
                block.append((number, raw))
            continue
        if streaming:
            entry = parse_entry(raw, number, shape, defer)
            yield entry
            length = _run_length(entry) if pieces is not None else 0
            run = pieces.take_run(length) if pieces is not None and length else ""
            if run:
                assert entry.shape is not None
                yield LineRun(number + 1, run, entry.shape)
                number += len(run) // (length + 1)
            continue
        block.append((number, raw))
        if len(block) > 2 * _cell_count(block[0][1]) + 2:
            yield from flush()
            streaming = True
    yield from flush()
