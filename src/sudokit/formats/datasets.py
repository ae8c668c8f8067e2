"""Data-set files: CSV with a header, JSON Lines, NumPy ``.npy``/``.npz`` and Parquet, read and written.

Reading, one :class:`~sudokit.formats.reader.Entry` per record:

- **CSV** (Kaggle style): the first line (``#`` comments aside) is a header naming a puzzle
  column, one of :data:`PUZZLE_COLUMNS` (``quizzes``, ``puzzle``, ``question``, …), and maybe a
  solution column (:data:`SOLUTION_COLUMNS`); comma, tab or semicolon separated. Detected by
  :func:`read_puzzles` from the header, whatever the file's name.
- **JSON Lines**: one JSON value per line, an object with a puzzle key (``{"puzzle": "…"}``), a
  puzzle string, or a list of cell values (nested rows allowed); a file that is one JSON array
  of such values is read too.
- **NumPy** (``.npy``): an integer array of shape ``(n, N²)`` or ``(n, N, N)``, 0 for empty, or
  a 1-D array of puzzle strings; ``.npz`` holds such arrays named like the CSV columns.
- **Parquet** (``.parquet``, needs ``pyarrow``: ``pip install sudokit[parquet]``): a puzzle column
  of strings or of lists of cell values.

Whatever the file calls them, an entry's puzzle is its :attr:`~Entry.text` and the solution
column is ``fields["solution"]``; the other columns keep their names.

Writing: :func:`write_records` takes records (mappings with a ``"puzzle"`` key, the other keys
written as columns) in any of :data:`FORMATS`, chosen by name or by the file's suffix
(:func:`format_for_path`). :func:`read_dataset` reads any of them by suffix.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from importlib import import_module
from itertools import chain
from pathlib import Path
from typing import IO, Any, Literal, TextIO, cast, overload

from sudokit.errors import OptionError, OutputError, ParseError, ShapeError, SudokuError
from sudokit.formats.chars import MAX_CHAR_N
from sudokit.formats.reader import (
    BoxLike,
    Entry,
    LineRun,
    Pieces,
    as_shape,
    bounded_lines,
    parse_entry,
    read_blocks,
    shape_from_count,
    variant_entry,
    without_bom,
)
from sudokit.formats.writer import to_line, to_numbers
from sudokit.shape import Shape

__all__ = [
    "FORMATS",
    "PUZZLE_COLUMNS",
    "SOLUTION_COLUMNS",
    "entry_record",
    "flat_cells",
    "format_for_path",
    "read_dataset",
    "read_text_records",
    "write_csv",
    "write_jsonl",
    "write_lines",
    "write_npy",
    "write_parquet",
    "write_records",
]

#: Column names (case-insensitive) that hold the puzzle, in order of preference.
PUZZLE_COLUMNS = ("puzzle", "puzzles", "quizzes", "quiz", "question", "questions", "sudoku",
                  "problem", "board", "grid", "encoded_puzzle", "sudokupad_url")
#: Column names (case-insensitive) that hold a given solution.
SOLUTION_COLUMNS = ("solution", "solutions", "answer", "answers", "solved")
#: Every format :func:`write_records` writes.
FORMATS = ("line", "csv", "jsonl", "npy", "parquet")

_SUFFIXES = {
    ".csv": "csv", ".tsv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".json": "jsonl",
    ".npy": "npy", ".npz": "npy", ".parquet": "parquet", ".pq": "parquet",
}

Record = Mapping[str, object]
Output = IO[str] | str | Path


def _find(names: Sequence[str], wanted: Sequence[str]) -> int | None:
    """Index of the first of ``names`` that is one of ``wanted`` (preferring ``wanted``'s order)."""
    lowered = [n.strip().strip('"').strip().lower() for n in names]
    for want in wanted:
        if want in lowered:
            return lowered.index(want)
    return None


def _text_of(value: object, box: Shape | None) -> tuple[str, list[int] | None, Shape | None]:
    """A puzzle value (text, or cell values, flat or in rows) as text, and cells if it had them."""
    if isinstance(value, str):
        return value, None, None
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace"), None, None
    if isinstance(value, (list, tuple)) or hasattr(value, "tolist"):
        flat = _flatten(value)
        shape = shape_from_count(len(flat), box, line=None)
        if any(not 0 <= v <= shape.n for v in flat):
            raise ParseError(f"a cell value is out of range (0 to {shape.n})")
        text = to_line(flat, shape) if shape.n <= MAX_CHAR_N else to_numbers(flat, shape)
        return text, flat, shape
    raise ParseError(f"a puzzle must be text or a list of cell values, not {type(value).__name__}")


def flat_cells(value: object, cell: Callable[[object], int]) -> list[int]:
    """The leaves of a flat or nested list (or array) in reading order, each made a cell value by ``cell``."""
    out: list[int] = []
    stack = [value.tolist() if hasattr(value, "tolist") else value]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
        else:
            out.append(cell(item))
    return out


def _number_cell(item: object) -> int:
    """A cell value stored as a number (None: empty)."""
    if isinstance(item, int) and not isinstance(item, bool):
        return item
    if item is None:
        return 0
    raise ParseError(f"cell value {item!r} is not a number")


def _flatten(value: object) -> list[int]:
    """Cell values of a flat or nested list (or array), as ints."""
    return flat_cells(value, _number_cell)


def _plain(value: object) -> object:
    """A field value as JSON-ready data: a solution given as cells becomes its line text."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    return value


def _record_entry(line: int, value: object, fields: dict[str, object], box: Shape | None,
                  defer: bool) -> Entry:
    """The entry of one record: its puzzle parsed (or deferred) and its other fields kept."""
    if "solution" in fields and not isinstance(fields["solution"], str) and fields["solution"] is not None:
        with suppress(SudokuError):
            fields["solution"] = _text_of(fields["solution"], box)[0]
    try:
        text, cells, shape = _text_of(value, box)
    except SudokuError as exc:
        return Entry(line, repr(value), error=exc.with_line(line).with_traceback(None), fields=fields)
    if cells is not None:
        return Entry(line, text, cells, shape, fields=fields)
    entry = parse_entry(text.strip(), line, box, defer)
    return Entry(line, entry.text, entry.cells, entry.shape, entry.error, entry.masks, fields, entry.rules)


def _split_fields(names: Sequence[str], values: Sequence[object], puzzle: int,
                  solution: int | None) -> dict[str, object]:
    """The record's fields but the puzzle, the solution column named ``"solution"``."""
    out: dict[str, object] = {}
    for i, (name, value) in enumerate(zip(names, values, strict=False)):
        if i == puzzle:
            continue
        out["solution" if i == solution else name.strip()] = _plain(value)
    return out


# -- text data sets: CSV and JSON Lines ---------------------------------------------------------


def _csv_header(line: str) -> tuple[str, list[str]] | None:
    """The delimiter and column names when ``line`` is a CSV header naming a puzzle column."""
    lowered = line.lower()
    if len(line) > 4096 or not any(name in lowered for name in PUZZLE_COLUMNS):
        return None
    for delimiter in (",", "\t", ";"):
        if delimiter in line or delimiter == ",":
            names = next(csv.reader([line], delimiter=delimiter))
            if _find(names, PUZZLE_COLUMNS) is not None:
                return delimiter, names
    return None


@overload
def read_puzzles(
    source: str | Iterable[str], box: BoxLike = None, *, defer: bool = False, runs: Literal[False] = False
) -> Iterator[Entry]: ...
@overload
def read_puzzles(
    source: str | Iterable[str], box: BoxLike = None, *, defer: bool = False, runs: bool
) -> Iterator[Entry | LineRun]: ...


def read_puzzles(
    source: str | Iterable[str], box: BoxLike = None, *, defer: bool = False, runs: bool = False
) -> Iterator[Entry | LineRun]:
    """Read every puzzle of a file's text (or an iterable of its lines), streaming.

    Blank lines separate blocks. A block whose lines make one square grid (N lines of N cells,
    separator and comment lines aside, N ≤ 64) is one puzzle; otherwise each line of the block is
    a puzzle. Errors are kept in the :class:`Entry` so the rest of the file is still read. With
    ``defer``, one-line puzzles in the line format are left unparsed (see :class:`Entry`). A byte
    order mark at the start is dropped; a line longer than any puzzle
    (:data:`~sudokit.formats.reader.MAX_LINE`) is an error entry, read in bounded memory.

    A source whose first line (comments aside) is a CSV header naming a puzzle column, or a
    JSON object, is read as a data set, one entry per record (:mod:`sudokit.formats.datasets`).

    With ``runs`` (and ``defer``), an open file is read a large piece at a time and the long
    runs of one-line puzzles in it come as :class:`~sudokit.formats.reader.LineRun` objects (the
    same deferred entries, in one string): what the batch commands read at the core's speed.

    >>> [e.cells is not None for e in read_puzzles("# two\\n1.3..4.22.4..3.1\\n1.3..4.22.4..3.x\\n")]
    [True, False]
    """
    shape = as_shape(box)
    pieces: Pieces | None = None
    if isinstance(source, str):
        source = source.splitlines()
    elif hasattr(source, "readline") and runs and defer:  # an open file, read a piece at a time
        source = pieces = Pieces(cast(TextIO, source))
    elif hasattr(source, "readline"):  # an open file: read in bounded memory, line by line
        source = bounded_lines(cast(TextIO, source))
    lines: Iterator[str] = without_bom(source)
    head: list[str] = []
    for raw in lines:
        head.append(raw)
        if raw.strip() and not raw.lstrip().startswith("#"):
            break
    if head:
        records = read_text_records(head, lines, shape, defer)
        if records is not None:
            yield from records
            return
    yield from read_blocks(chain(head, lines), shape, defer, pieces)


def read_text_records(
    head: list[str], rest: Iterator[str], box: Shape | None = None, defer: bool = False
) -> Iterator[Entry] | None:
    """Entries of a CSV or JSON data set, or ``None`` when the text is neither.

    ``head`` is the text's first lines up to its first one that is neither blank nor a comment
    (the one that decides), ``rest`` the lines after it.
    """
    first = head[-1].strip()
    if first.startswith("{"):
        return _read_jsonl(len(head), first, rest, box, defer)
    if first.startswith("["):
        return _read_json_array(len(head), "\n".join([first, *rest]), box, defer)
    header = _csv_header(first)
    if header is None:
        return None
    return _read_csv(len(head), header, rest, box, defer)


def _read_csv(start: int, header: tuple[str, list[str]], rest: Iterator[str], box: Shape | None,
              defer: bool) -> Iterator[Entry]:
    """One entry per CSV row after the header (line ``start``)."""
    delimiter, names = header
    puzzle = _find(names, PUZZLE_COLUMNS)
    assert puzzle is not None
    solution = _find(names, SOLUTION_COLUMNS)
    where = [start]

    def lines() -> Iterator[str]:
        for number, raw in enumerate(rest, start=start + 1):
            stripped = raw.strip()
            if stripped and not stripped.startswith("#"):
                where[0] = number
                yield raw

    for row in csv.reader(lines(), delimiter=delimiter):
        number = where[0]
        fields = _split_fields(names, row, puzzle, solution)
        if len(row) <= puzzle:
            error = ParseError(f"the record has {len(row)} fields; the header names {len(names)}",
                               line=number)
            yield Entry(number, delimiter.join(row), error=error, fields=fields)
            continue
        yield _record_entry(number, row[puzzle], fields, box, defer)


def _json_entry(number: int, item: object, box: Shape | None, defer: bool) -> Entry:
    """The entry of one JSON value: an object with a puzzle key, a string, or cell values."""
    if isinstance(item, dict):
        names = list(item)
        puzzle = _find(names, PUZZLE_COLUMNS)
        if puzzle is None and ("givens" in item or ("grid" in item and "size" in item)):
            return variant_entry(json.dumps(item), number, item)
        if puzzle is None:
            error = ParseError(f"no puzzle key (one of {', '.join(PUZZLE_COLUMNS)})", line=number)
            return Entry(number, json.dumps(item), error=error, fields=dict(item))
        fields = _split_fields(names, list(item.values()), puzzle, _find(names, SOLUTION_COLUMNS))
        return _record_entry(number, item[names[puzzle]], fields, box, defer)
    return _record_entry(number, item, {}, box, defer)


def _read_jsonl(start: int, first: str, rest: Iterator[str], box: Shape | None,
                defer: bool) -> Iterator[Entry]:
    """One entry per JSON Lines line, the first (line ``start``) given apart."""
    yield _json_line(start, first, box, defer)
    for number, raw in enumerate(rest, start=start + 1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            yield _json_line(number, stripped, box, defer)


def _json_line(number: int, raw: str, box: Shape | None, defer: bool) -> Entry:
    """The entry of one JSON Lines line (a bad line gives an entry with its error)."""
    try:
        item = json.loads(raw)
    except ValueError as exc:
        return Entry(number, raw, error=ParseError(f"not JSON: {exc}", line=number))
    return _json_entry(number, item, box, defer)


def _read_json_array(start: int, text: str, box: Shape | None, defer: bool) -> Iterator[Entry]:
    """One entry per item of a JSON array (numbered from 1, the array starting at line ``start``)."""
    try:
        items = json.loads(text)
    except ValueError as exc:
        yield Entry(start, text[:80], error=ParseError(f"not JSON: {exc}", line=start))
        return
    if not isinstance(items, list):
        items = [items]
    for number, item in enumerate(items, start=1):
        yield _json_entry(number, item, box, defer)


# -- binary data sets: NumPy and Parquet --------------------------------------------------------------


def _numpy() -> Any:
    """The numpy module, or an :class:`OptionError` saying how to get it."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy is in the dev extra
        raise OptionError("reading or writing .npy files needs numpy: pip install 'sudokit[numpy]'") from None
    return numpy


def _pyarrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet, or an :class:`OptionError` saying how to get them."""
    try:
        return import_module("pyarrow"), import_module("pyarrow.parquet")
    except ImportError:  # pragma: no cover - pyarrow is in the dev extra
        raise OptionError("Parquet files need pyarrow: pip install 'sudokit[parquet]'") from None


def _array_rows(array: Any) -> Any:
    """An array of puzzles as one row per puzzle: ``(n, N²)`` cells or ``(n,)`` strings."""
    if array.dtype.kind in "USO":
        return array.reshape(-1) if array.ndim <= 1 else array
    if array.dtype.kind not in "iub":
        raise ParseError(f"a puzzle array holds integers or strings, not {array.dtype}")
    if array.ndim == 1:
        return array.reshape(1, -1)
    if array.ndim == 3:
        return array.reshape(array.shape[0], -1)
    if array.ndim != 2:
        raise ParseError(f"a puzzle array has shape (n, N²) or (n, N, N), not {array.shape}")
    return array


def _read_npy(path: Path, box: Shape | None, defer: bool) -> Iterator[Entry]:
    """Entries of a ``.npy`` array, or of the arrays of a ``.npz`` archive named like CSV columns."""
    np = _numpy()
    loaded = np.load(path, allow_pickle=False)
    if path.suffix.lower() != ".npz":
        columns = {"puzzle": loaded}
    else:
        with loaded:
            columns = {name: loaded[name] for name in loaded.files}
    names = list(columns)
    puzzle = _find(names, PUZZLE_COLUMNS)
    puzzle = 0 if puzzle is None else puzzle
    solution = _find(names, SOLUTION_COLUMNS)
    arrays = [_array_rows(columns[name]) for name in names]
    for i in range(len(arrays[puzzle])):
        values = [a[i] if i < len(a) else None for a in arrays]
        fields = _split_fields(names, values, puzzle, solution)
        yield _record_entry(i + 1, _plain(values[puzzle]), fields, box, defer)


def _read_parquet(path: Path, box: Shape | None, defer: bool) -> Iterator[Entry]:
    """Entries of a Parquet file, read a batch of rows at a time."""
    _, pq = _pyarrow()
    handle = pq.ParquetFile(path)
    names = list(handle.schema_arrow.names)
    puzzle = _find(names, PUZZLE_COLUMNS)
    if puzzle is None:
        raise ParseError(f"{path}: no puzzle column (one of {', '.join(PUZZLE_COLUMNS)})")
    solution = _find(names, SOLUTION_COLUMNS)
    number = 0
    for batch in handle.iter_batches(batch_size=4096):
        columns = [batch.column(i).to_pylist() for i in range(len(names))]
        for values in zip(*columns, strict=True):
            number += 1
            fields = _split_fields(names, values, puzzle, solution)
            yield _record_entry(number, values[puzzle], fields, box, defer)


def read_dataset(path: str | Path, box: BoxLike = None, *, defer: bool = False) -> Iterator[Entry]:
    """Read every puzzle of a file in any format sudokit reads, chosen by suffix then by content.

    ``.npy``/``.npz`` and ``.parquet`` are binary; any other file is text, read by
    :func:`read_puzzles` (which detects CSV headers and JSON itself).
    """
    path = Path(path)
    shape = as_shape(box)
    kind = _SUFFIXES.get(path.suffix.lower())
    if kind == "npy":
        yield from _read_npy(path, shape, defer)
    elif kind == "parquet":
        yield from _read_parquet(path, shape, defer)
    else:
        with path.open(encoding="utf-8", errors="replace", newline="") as handle:
            yield from read_puzzles(handle, shape, defer=defer)


# -- writing ---------------------------------------------------------------------------------------


def entry_record(entry: Entry) -> dict[str, object]:
    """An entry as a record to write: ``{"puzzle": its text, **its fields}``."""
    return {"puzzle": entry.text.strip(), **(entry.fields or {})}


def format_for_path(path: str | Path | None, default: str = "line") -> str:
    """The format :func:`write_records` uses for a file name: by suffix, else ``default``."""
    if path is None or str(path) == "-":
        return default
    return _SUFFIXES.get(Path(path).suffix.lower(), default)


def _columns(first: Record, columns: Sequence[str] | None) -> list[str]:
    """The columns to write: those given, else the first record's keys, ``puzzle`` first."""
    if columns is not None:
        return list(columns)
    keys = list(first)
    return ["puzzle", *[k for k in keys if k != "puzzle"]] if "puzzle" in keys else keys


def _cell_text(value: object) -> object:
    """A value as a flat table cell: lists and mappings as JSON, ``None`` as empty."""
    if value is None:
        return ""
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(value)
    return value


class _Opened:
    """A text output opened from a path (and closed after), or a stream used as it is."""

    def __init__(self, out: Output) -> None:
        self.owned = isinstance(out, (str, Path))
        if isinstance(out, (str, Path)):
            self.stream: IO[str] = open(out, "w", encoding="utf-8", newline="")  # noqa: SIM115
        else:
            self.stream = out

    def __enter__(self) -> IO[str]:
        return self.stream

    def __exit__(self, *exc: object) -> None:
        if self.owned:
            self.stream.close()


def write_lines(records: Iterable[Record], out: Output) -> int:
    """Write each record's puzzle on a line (the line format); return how many were written."""
    count = 0
    with _Opened(out) as stream:
        for record in records:
            stream.write(f"{record['puzzle']}\n")
            count += 1
    return count


def write_csv(records: Iterable[Record], out: Output, columns: Sequence[str] | None = None,
              *, delimiter: str = ",") -> int:
    """Write records as CSV under a header (``columns``, else the first record's keys)."""
    iterator = iter(records)
    first = next(iterator, None)
    if first is None and columns is None:
        columns = ("puzzle", "solution")
    header = _columns(first or {}, columns)
    count = 0
    with _Opened(out) as stream:
        writer = csv.writer(stream, delimiter=delimiter, lineterminator="\n")
        writer.writerow(header)
        for record in chain([first] if first is not None else [], iterator):
            writer.writerow([_cell_text(record.get(c)) for c in header])
            count += 1
    return count


def write_jsonl(records: Iterable[Record], out: Output) -> int:
    """Write each record as one JSON object per line (JSON Lines)."""
    count = 0
    with _Opened(out) as stream:
        for record in records:
            stream.write(json.dumps(dict(record), ensure_ascii=False) + "\n")
            count += 1
    return count


def _cells_of(value: object) -> list[int]:
    """The cell values of a puzzle given as text or as cells."""
    if isinstance(value, str):
        from sudokit.formats.reader import parse

        return parse(value)[0]
    return _flatten(value)


def write_npy(records: Iterable[Record], path: str | Path, column: str = "puzzle") -> int:
    """Write one column's puzzles as an ``(n, N²)`` uint8 array (0 for empty) to a ``.npy`` file."""
    np = _numpy()
    rows = [_cells_of(record[column]) for record in records]
    sizes = {len(r) for r in rows}
    if len(sizes) > 1:
        raise ShapeError(f"an array holds puzzles of one size; these have {sorted(sizes)} cells")
    size = sizes.pop() if sizes else 81
    array = np.array(rows, dtype=np.uint8 if size <= 255 * 255 else np.uint16).reshape(len(rows), size)
    with open(path, "wb") as handle:
        np.save(handle, array, allow_pickle=False)
    return len(rows)


def write_parquet(records: Iterable[Record], path: str | Path, columns: Sequence[str] | None = None) -> int:
    """Write records as a Parquet table (lists and mappings as JSON text); needs ``pyarrow``."""
    pa, pq = _pyarrow()
    rows = list(records)
    header = _columns(rows[0] if rows else {"puzzle": ""}, columns)
    table = pa.table({c: [_parquet_cell(r.get(c)) for r in rows] for c in header})
    pq.write_table(table, str(path))
    return len(rows)


def _parquet_cell(value: object) -> object:
    """A value Parquet stores as is (text, numbers, None); lists and mappings as JSON text."""
    return json.dumps(value) if isinstance(value, (list, tuple, dict)) else value


def write_records(records: Iterable[Record], out: Output, fmt: str | None = None,
                  columns: Sequence[str] | None = None) -> int:
    """Write records in ``fmt`` (one of :data:`FORMATS`; default: by the file's suffix)."""
    fmt = fmt or format_for_path(out if isinstance(out, (str, Path)) else None)
    if fmt not in FORMATS:
        raise OptionError(f"unknown format {fmt!r} (choose from: {', '.join(FORMATS)})")
    if fmt in ("npy", "parquet"):
        if not isinstance(out, (str, Path)) or str(out) == "-":
            raise OutputError(f"the {fmt} format is binary: give a file name")
        return write_npy(records, out) if fmt == "npy" else write_parquet(records, out, columns)
    if fmt == "csv":
        return write_csv(records, out, columns)
    if fmt == "jsonl":
        return write_jsonl(records, out)
    return write_lines(records, out)
