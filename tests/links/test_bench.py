"""Sudoku-Bench-style JSON Lines records: the puzzle decoded, the solution kept as data only."""

from __future__ import annotations

import json

import pytest

from sudokit.errors import ParseError
from sudokit.formats.bench import read_bench_records
from tests.links.builders import bare_scl_puzzle, meta_cages, scl_payload

GIVENS = {(0, 0): 1, (1, 2): 3}
BOARD = "1......3........"
# A made-up 4×4 grid consistent with the givens (not a published puzzle's solution).
SOLUTION = "1234341221434321"


def record(**changes: object) -> str:
    data = bare_scl_puzzle(4, GIVENS, cages=meta_cages(title="Tiny", rules="Normal sudoku rules apply."))
    fields: dict[str, object] = {"puzzle_id": "tiny-1", "encoded_puzzle": scl_payload(data),
                                 "rules": "Normal rules.", "initial_board": BOARD, "solution": SOLUTION,
                                 "rows": 4, "cols": 4, "author": "sudokit"}
    fields.update(changes)
    return json.dumps({k: v for k, v in fields.items() if v is not None})


def test_records() -> None:
    (first, second) = list(read_bench_records([record(), "", record(puzzle_id="tiny-2", solution=None)]))
    assert first.puzzle_id == "tiny-1" and first.rows == first.cols == 4
    assert first.puzzle.givens == GIVENS and first.puzzle.metadata.title == "Tiny"
    assert first.rules == "Normal rules." and first.initial_board == BOARD
    assert first.solution == SOLUTION
    assert first.extra == {"author": "sudokit"}
    assert second.solution is None


def test_sudokupad_url_column_and_dicts() -> None:
    data = json.loads(record())
    url = "https://sudokupad.app/" + data.pop("encoded_puzzle")
    (rec,) = read_bench_records([{**data, "sudokupad_url": url}])
    assert rec.puzzle.givens == GIVENS


@pytest.mark.parametrize(("line", "problem"), [
    ("{not json", "line 2: a record is not valid JSON"),
    ("[1, 2]", "line 2: a record must be a JSON object"),
    (record(encoded_puzzle=None), "line 2: the record has no \"encoded_puzzle\""),
    (record(rows=9, cols=9), "line 2: the record says 9×9 but its puzzle is 4×4"),
    (record(initial_board="123"), "line 2: \"initial_board\" must be 16 characters"),
    (record(solution="12"), "line 2: \"solution\" must be 16 characters"),
    (record(encoded_puzzle="https://sudokupad.app/abc123"), "line 2: unsupported: a SudokuPad puzzle id"),
])
def test_bad_records_name_their_line(line: str, problem: str) -> None:
    with pytest.raises(ParseError) as info:
        list(read_bench_records([record(), line]))
    assert str(info.value).startswith(problem)
