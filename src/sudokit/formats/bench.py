"""Sudoku-Bench-style records (JSON Lines with ``puzzle_id``, ``encoded_puzzle``, ``rules``,
``initial_board``, ``solution``, ``rows``, ``cols``) with their puzzles decoded; the solution
is kept as data only, to compare answers with.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from sudokit.errors import ParseError
from sudokit.formats.sudokupad import (
    MAX_LINK,
    SudokuPadPuzzle,
    frozen_mapping,
    load_json,
    read_sudokupad,
    rest_of,
)

#: The fields of a Sudoku-Bench record this module reads; the rest are kept as they are.
_BENCH_FIELDS = ("puzzle_id", "encoded_puzzle", "rules", "initial_board", "solution", "rows", "cols")

__all__ = [
    "BenchRecord",
    "read_bench_records",
]



@dataclass(frozen=True)
class BenchRecord:
    """One Sudoku-Bench-style record with its puzzle decoded.

    ``solution`` is kept as data for a later comparison (``check --verify``); never to solve."""

    puzzle_id: str
    puzzle: SudokuPadPuzzle
    rules: str | None
    initial_board: str | None
    solution: str | None
    rows: int
    cols: int
    extra: Mapping[str, object] = field(default_factory=lambda: frozen_mapping({}))


def read_bench_records(lines: Iterable[str | Mapping[str, object]]) -> Iterator[BenchRecord]:
    """Records of a JSON Lines file (``puzzle_id``, ``encoded_puzzle`` or ``sudokupad_url``,
    ``rules``, ``initial_board``, ``solution``, ``rows``, ``cols``); blank lines are skipped and a
    bad record raises :class:`ParseError` naming its line."""
    for number, line in enumerate(lines, 1):
        try:
            if isinstance(line, str):
                if not line.strip():
                    continue
                record = load_json(line, MAX_LINK, "a record")
            else:
                record = dict(line)
            if not isinstance(record, dict):
                raise ParseError("a record must be a JSON object")
            yield _bench_record(record)
        except ParseError as error:
            raise error.with_line(number) from None


def _bench_record(record: Mapping[str, object]) -> BenchRecord:
    encoded = record.get("encoded_puzzle") or record.get("sudokupad_url")
    if not isinstance(encoded, str) or not encoded.strip():
        raise ParseError("the record has no \"encoded_puzzle\" (or \"sudokupad_url\")")
    puzzle = read_sudokupad(encoded)
    rows, cols = record.get("rows", puzzle.rows), record.get("cols", puzzle.cols)
    if not isinstance(rows, int) or not isinstance(cols, int) or isinstance(rows, bool) \
            or isinstance(cols, bool):
        raise ParseError("\"rows\" and \"cols\" must be whole numbers")
    if (rows, cols) != puzzle.size:
        raise ParseError(f"the record says {rows}×{cols} but its puzzle is {puzzle.rows}×{puzzle.cols}")
    board = record.get("initial_board")
    if board is not None and (not isinstance(board, str) or len(board) != rows * cols):
        raise ParseError(f"\"initial_board\" must be {rows * cols} characters")
    solution = record.get("solution")
    if solution is not None and (not isinstance(solution, str) or len(solution) != rows * cols):
        raise ParseError(f"\"solution\" must be {rows * cols} characters")
    puzzle_id = record.get("puzzle_id")
    rules = record.get("rules")
    return BenchRecord(
        str(puzzle_id) if puzzle_id is not None else "", puzzle,
        rules if isinstance(rules, str) else puzzle.metadata.rules, board, solution, rows, cols,
        rest_of(record, _BENCH_FIELDS),
    )
