"""Data-set files as tables: read with their own column names, written whole (atomically).

:func:`read_table` reads CSV/TSV, JSON Lines (or a JSON array), Parquet, ``.npy``/``.npz`` as
rows of ``{column: value}`` with the file's own column names (``.npy``: ``puzzle``), and
:func:`find_columns` finds the puzzle and answer columns among them: Kaggle's
``quizzes,solutions``, sudoku-extreme's ``source,q,a,rating``, RRN's ``puzzle,solution``,
Sudoku-Bench-style ``initial_board``/``solution``, and the names of
:data:`sudokit.formats.datasets.PUZZLE_COLUMNS`. :func:`write_table` writes rows by the
writers of :mod:`sudokit.formats.datasets` to a temporary file renamed into place when done,
so an interrupted run never leaves half a file. A CSV whose first line is puzzles, not names
(RRN's ``puzzle,solution`` lines), is read as ``puzzle``, ``solution``, ``column3``, ….
:func:`read_typed` reads a built set's columns back with their types (numbers, the list of
techniques) and :func:`read_splits` a directory of split files.
"""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from importlib import import_module
from itertools import chain
from pathlib import Path
from typing import Any

from sudokit.errors import OptionError, ParseError, ShapeError
from sudokit.formats.datasets import (
    PUZZLE_COLUMNS,
    SOLUTION_COLUMNS,
    entry_record,
    flat_cells,
    format_for_path,
    read_dataset,
    write_npy,
    write_records,
)
from sudokit.grid import Grid

__all__ = ["TABLE_FORMATS", "cells_text", "find_columns", "read_splits", "read_table", "read_typed", "typed",
           "write_split", "write_table"]

#: The formats a table is written in (``npy``: the puzzles and solutions as arrays, the rest as CSV).
TABLE_FORMATS = ("parquet", "jsonl", "csv", "npy")

#: Puzzle and answer column names beyond the readers' own (sudoku-extreme's q/a, Sudoku-Bench's).
EXTRA_PUZZLE_COLUMNS = ("q", "initial_board", "input", "inputs")
EXTRA_SOLUTION_COLUMNS = ("a", "target", "targets", "output", "label")

_SUFFIX = {"parquet": ".parquet", "jsonl": ".jsonl", "csv": ".csv", "npy": ".npy"}


def read_table(path: str | Path) -> Iterator[dict[str, Any]]:
    """The rows of a data-set file, each ``{column: value}`` under the file's own names."""
    path = Path(path)
    kind = format_for_path(path, "csv")
    if kind == "parquet":
        try:
            pq = import_module("pyarrow.parquet")
        except ImportError:  # pragma: no cover - pyarrow is in the dev extra
            raise OptionError("Parquet files need pyarrow: pip install 'sudokit[parquet]'") from None
        for batch in pq.ParquetFile(path).iter_batches(batch_size=4096):
            yield from batch.to_pylist()
        return
    if kind == "npy":
        for entry in read_dataset(path):
            yield entry_record(entry)
        return
    with path.open(encoding="utf-8", errors="replace", newline="") as handle:
        first = ""
        for line in handle:
            if line.strip() and not line.lstrip().startswith("#"):
                first = line
                break
        if not first:
            return
        stripped = first.strip()
        if stripped.startswith("{") or stripped.startswith("["):
            yield from _json_rows(stripped, handle)
            return
        delimiter = "\t" if "\t" in first else ";" if ";" in first and "," not in first else ","
        names = next(csv.reader([first], delimiter=delimiter))
        lines: Iterable[str] = handle
        if names and _looks_like_cells(names[0]):  # no header: the first line is a row
            names = [("puzzle", "solution")[i] if i < 2 else f"column{i + 1}" for i in range(len(names))]
            lines = chain([first], handle)
        for row in csv.reader(lines, delimiter=delimiter):
            if row:
                yield dict(zip([n.strip() for n in names], row, strict=False))


def _looks_like_cells(text: str) -> bool:
    """True when a CSV field is a whole grid of cells (digits and dots), not a column name."""
    text = text.strip()
    side = round(len(text) ** 0.5)
    return side >= 4 and side * side == len(text) and all(ch in "0123456789." for ch in text)


#: How :func:`typed` reads a built set's columns back: numbers, and the list of techniques.
_FLOATS = ("er", "ep", "ed")
_INTS = ("hodoku_score", "clues")


def typed(row: Mapping[str, Any]) -> dict[str, Any]:
    """A row with a built set's columns as :func:`~sudokit.dataset.build.build` made them: ``er``,
    ``ep``, ``ed`` floats, ``hodoku_score`` and ``clues`` ints (None when empty), ``techniques`` a
    list (CSV and Parquet hold it as JSON text); other columns as they are."""
    out = dict(row)
    for name, kind in [*((n, float) for n in _FLOATS), *((n, int) for n in _INTS)]:
        value = out.get(name)
        if isinstance(value, str):
            out[name] = kind(float(value)) if value.strip() else None
    value = out.get("techniques")
    if isinstance(value, str):
        out["techniques"] = json.loads(value) if value.strip() else []
    return out


def read_typed(path: str | Path) -> Iterator[dict[str, Any]]:
    """The rows of a data-set file through :func:`typed` (a built set reads back as it was made)."""
    for row in read_table(path):
        yield typed(row)


def read_splits(directory: str | Path) -> dict[str, list[dict[str, Any]]]:
    """The splits of a directory :func:`write_split` wrote, ``{name: rows}`` (typed; for ``npy``
    splits the ``NAME.csv`` beside the arrays, which has every column)."""
    directory = Path(directory)
    out: dict[str, list[dict[str, Any]]] = {}
    for fmt in ("parquet", "jsonl", "csv"):
        for path in sorted(directory.glob(f"*{_SUFFIX[fmt]}")):
            if not path.name.startswith(".") and path.stem not in out:
                out[path.stem] = list(read_typed(path))
    if not out:
        raise OptionError(f"{directory}: no split files (NAME.parquet, NAME.jsonl or NAME.csv)")
    return out


def _json_rows(first: str, rest: Any) -> Iterator[dict[str, Any]]:
    """Rows of JSON Lines (or of one JSON array)."""
    if first.startswith("["):
        items = json.loads(first + rest.read())
        for item in items if isinstance(items, list) else [items]:
            yield item if isinstance(item, dict) else {"puzzle": item}
        return
    for line in [first, *rest]:
        line = line.strip()
        if line and not line.startswith("#"):
            item = json.loads(line)
            yield item if isinstance(item, dict) else {"puzzle": item}


def _pick(names: Sequence[str], wanted: Sequence[str]) -> str | None:
    """The first of ``wanted`` (any case) among ``names``, as ``names`` spells it."""
    lowered = {n.strip().lower(): n for n in names}
    return next((lowered[w] for w in wanted if w in lowered), None)


def find_columns(names: Sequence[str], puzzle: str | None = None,
                 answer: str | None = None) -> tuple[str, str | None]:
    """The puzzle column and the answer column (None: none) among ``names``; given names are checked."""
    for given in (puzzle, answer):
        if given is not None and given not in names:
            raise OptionError(f"no column {given!r} (the columns: {', '.join(names)})")
    found = puzzle or _pick(names, (*PUZZLE_COLUMNS, *EXTRA_PUZZLE_COLUMNS))
    if found is None:
        raise OptionError(f"no puzzle column among {', '.join(names)}: name it with --puzzle-column")
    others = [n for n in names if n != found]
    return found, answer or _pick(others, (*SOLUTION_COLUMNS, *EXTRA_SOLUTION_COLUMNS))


def cells_text(value: Any) -> Grid:
    """A puzzle or answer value (text, or a list of cells, flat or nested) as a Grid (unchecked)."""
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            value = json.loads(text)
        else:
            return Grid.from_string(text, check=False)
    if isinstance(value, (list, tuple)):
        return Grid.from_cells(flat_cells(value, _loose_cell))
    raise ParseError(f"a puzzle is text or cell values, not {type(value).__name__}")


def _loose_cell(item: Any) -> int:
    """A cell value stored as a number or its text (None, "" or ".": empty)."""
    return 0 if item in (None, "", ".") else int(item)


def _temporary(path: Path) -> Path:
    """A temporary file beside ``path`` (renamed onto it when complete)."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def write_table(rows: Sequence[Mapping[str, Any]], path: str | Path, fmt: str | None = None,
                columns: Sequence[str] | None = None) -> int:
    """Write ``rows`` to ``path`` in ``fmt`` (default: by suffix) atomically; return how many."""
    path = Path(path)
    temporary = _temporary(path)
    try:
        count = write_records(rows, temporary, fmt or format_for_path(path, "csv"), columns)
        os.replace(temporary, path)
    finally:
        if temporary.exists():
            temporary.unlink()
    return count


def write_split(rows: Sequence[Mapping[str, Any]], directory: str | Path, name: str, fmt: str,
                columns: Sequence[str] | None = None) -> list[Path]:
    """Write one split as ``DIRECTORY/NAME.<fmt>``; ``npy`` writes ``NAME.npy`` (the puzzle column,
    ``(n, N²)`` uint8), ``NAME_solution.npy`` (the answer column, when every row has one) and
    ``NAME.csv`` (every column). Return the files written."""
    if fmt not in TABLE_FORMATS:
        raise OptionError(f"unknown format {fmt!r} (choose from: {', '.join(TABLE_FORMATS)})")
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    if fmt != "npy":
        target = directory / f"{name}{_SUFFIX[fmt]}"
        write_table(rows, target, fmt, columns)
        return [target]
    names = list(rows[0]) if rows else ["puzzle"]
    puzzle, answer = find_columns(names)
    if len({len(str(r.get(puzzle, ""))) for r in rows}) > 1:
        raise ShapeError("the npy format holds one grid size per file: build each shape apart")
    arrays = [(puzzle, directory / f"{name}.npy")]
    if answer is not None and all(r.get(answer) not in (None, "") for r in rows):
        arrays.append((answer, directory / f"{name}_solution.npy"))
    written = []
    for column, target in arrays:
        temporary = _temporary(target)
        try:
            write_npy(rows, temporary, column)
            os.replace(temporary, target)
        finally:
            if temporary.exists():
                temporary.unlink()
        written.append(target)
    write_table(rows, directory / f"{name}.csv", "csv", columns)
    written.append(directory / f"{name}.csv")
    return written
