"""Text formats for puzzles: reading (with auto-detection) and writing.

Formats sudokit reads, all auto-detected by :func:`parse`:

- **line**: one character per cell, row by row (``81`` characters for 9×9). Digits ``1-9`` then
  letters ``A-Z`` (``A`` = 10, case-insensitive) for bigger grids; ``.``, ``0``, ``-``, ``*`` or
  ``_`` for an empty cell.
- **block**: the same characters over several lines, with ``|``, ``+``, ``-`` separators and
  spaces anywhere (the pretty grids people paste).
- **numbers**: whitespace- or comma-separated numbers, ``0`` (or ``.``) for an empty cell; this
  covers nine lines of nine comma-separated numbers and big N×N grids (``10 11 …``).
- **file**: one puzzle per line with ``#`` comment lines (the format of the shared data sets),
  read by :func:`read_puzzles`, which also accepts grids separated by blank lines.
- **pencil marks**: the 729-character candidates line and the bordered pencil-mark grid are read
  as a 9×9 puzzle (its placed digits) with candidates (see :mod:`sudokit.formats.candidates`).
- **data sets**: CSV files with a header naming a puzzle column (Kaggle's ``quizzes,solutions``,
  ``puzzle,solution``, ``id,puzzle,solution,clues,difficulty``) and JSON Lines, detected by
  :func:`read_puzzles`; NumPy ``.npy`` and Parquet files by :func:`read_dataset`; all written by
  :func:`write_records` (see :mod:`sudokit.formats.datasets`).

Writers are named after their format: :func:`to_line`, :func:`to_block`, :func:`to_numbers`,
:func:`to_csv`.
"""

from sudokit.formats.chars import DIGIT_CHARS, EMPTY_CHARS
from sudokit.formats.datasets import read_dataset, read_puzzles, write_records
from sudokit.formats.reader import parse, parse_line
from sudokit.formats.writer import to_block, to_csv, to_line, to_numbers

__all__ = [
    "DIGIT_CHARS",
    "EMPTY_CHARS",
    "parse",
    "parse_line",
    "read_dataset",
    "read_puzzles",
    "to_block",
    "to_csv",
    "to_line",
    "to_numbers",
    "write_records",
]
