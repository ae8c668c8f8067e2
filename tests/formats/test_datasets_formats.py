"""Data-set formats (CSV with a header, JSON Lines, NumPy, Parquet), pencil marks read as puzzles,
and the check of a given solution column."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from sudokit import Candidates, Grid, Status, read_grids, solve
from sudokit.batch.verification import verify, verify_entry
from sudokit.errors import OutputError
from sudokit.formats import read_puzzles
from sudokit.formats.datasets import (
    entry_record,
    format_for_path,
    read_dataset,
    write_csv,
    write_jsonl,
    write_npy,
    write_parquet,
    write_records,
)

PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
]
SOLUTIONS = [solve(p).to_string() for p in PUZZLES]
MULTIPLE = "." * 81


def cells(text: str) -> list[int]:
    """The cells of a puzzle line."""
    return list(Grid.from_string(text).cells)


# -- CSV -----------------------------------------------------------------------------------------


def kaggle_quizzes() -> str:
    """The 1M-sudoku layout: quizzes,solutions with 0 for empty."""
    rows = [f"{p.replace('.', '0')},{s}" for p, s in zip(PUZZLES, SOLUTIONS, strict=True)]
    return "quizzes,solutions\n" + "\n".join(rows) + "\n"


def kaggle_puzzle() -> str:
    """The 9M layout: puzzle,solution."""
    return "puzzle,solution\n" + "".join(f"{p},{s}\n" for p, s in zip(PUZZLES, SOLUTIONS, strict=True))


def kaggle_rated() -> str:
    """The 3M layout: id,puzzle,solution,clues,difficulty."""
    rows = [f"{i},{p},{s},{Grid.from_string(p).clue_count},{i / 2}"
            for i, (p, s) in enumerate(zip(PUZZLES, SOLUTIONS, strict=True), start=1)]
    return "id,puzzle,solution,clues,difficulty\n" + "\n".join(rows) + "\n"


@pytest.mark.parametrize("text", [kaggle_quizzes(), kaggle_puzzle(), kaggle_rated()],
                         ids=["quizzes,solutions", "puzzle,solution", "id,puzzle,solution,clues,difficulty"])
def test_kaggle_csv_layouts_are_read_by_their_header(text: str) -> None:
    entries = list(read_puzzles(text))
    assert [e.error for e in entries] == [None] * 3
    assert [e.cells for e in entries] == [cells(p) for p in PUZZLES]
    assert [e.line for e in entries] == [2, 3, 4]
    assert [e.fields["solution"] for e in entries if e.fields] == SOLUTIONS
    assert [verify_entry(e).status for e in entries] == [Status.SOLVED] * 3
    assert [g.to_string() for _, g in read_grids(text) if isinstance(g, Grid)] == PUZZLES


def test_csv_extra_columns_and_bad_records() -> None:
    text = "# a comment before the header\n" + kaggle_rated() + "9,12345,x\n10\n"
    entries = list(read_puzzles(text))
    assert entries[0].fields == {"id": "1", "solution": SOLUTIONS[0], "clues": "17", "difficulty": "0.5"}
    assert "wrong length" in str(entries[3].error) and entries[3].line == 6
    assert "header names 5" in str(entries[4].error)


def test_csv_tab_separated_and_deferred() -> None:
    text = "Puzzle\tSolution\n" + "".join(f"{p}\t{s}\n" for p, s in zip(PUZZLES, SOLUTIONS, strict=True))
    entries = list(read_puzzles(text, defer=True))
    assert all(e.deferred for e in entries)
    assert [e.text for e in entries] == PUZZLES
    assert entries[1].fields == {"solution": SOLUTIONS[1]}


def test_csv_written_and_read_back(tmp_path: Path) -> None:
    records = [{"puzzle": p, "solution": s, "id": i} for i, (p, s) in enumerate(zip(PUZZLES, SOLUTIONS,
                                                                                    strict=True))]
    path = tmp_path / "set.csv"
    assert write_csv(records, path) == 3
    assert path.read_text().splitlines()[0] == "puzzle,solution,id"
    back = [entry_record(e) for e in read_dataset(path)]
    assert back == [{**r, "id": str(r["id"])} for r in records]
    out = io.StringIO()
    write_csv(records, out, columns=["quizzes", "solutions"])
    assert out.getvalue().startswith("quizzes,solutions\n,\n")  # columns the records lack are empty


def test_verify_finds_a_wrong_solution_column() -> None:
    wrong = SOLUTIONS[0][:-2] + SOLUTIONS[0][-1] + SOLUTIONS[0][-2]
    text = f"puzzle,solution\n{PUZZLES[0]},{wrong}\n{MULTIPLE},{SOLUTIONS[0]}\n{PUZZLES[1]},xyz\n"
    results = [verify_entry(e) for e in read_puzzles(text)]
    assert [r.status for r in results] == [Status.INVALID, Status.MULTIPLE, Status.INVALID]
    assert results[0].error is not None and "r9c8" in results[0].error and "1 other cell" in results[0].error
    assert results[0].solution == SOLUTIONS[0]
    assert results[1].error == "the puzzle has several solutions; the given one is one of them"
    assert results[2].error is not None and results[2].error.startswith("the given solution is unreadable")
    assert verify("11" + "." * 79, None).status is Status.INVALID
    assert verify(PUZZLES[0], None).to_dict() == {"status": "solved", "solution": SOLUTIONS[0], "error": None}


# -- JSON --------------------------------------------------------------------------------------------


def test_json_lines_written_and_read_back(tmp_path: Path) -> None:
    records = [{"puzzle": p, "solution": s, "rating": {"er": 1.5}} for p, s in zip(PUZZLES, SOLUTIONS,
                                                                                    strict=True)]
    path = tmp_path / "set.jsonl"
    assert write_records(records, path) == 3
    assert json.loads(path.read_text().splitlines()[1]) == records[1]
    entries = list(read_dataset(path))
    assert [entry_record(e) for e in entries] == records
    assert [verify_entry(e).ok for e in entries] == [True] * 3


def test_json_values_of_every_kind() -> None:
    rows = [
        json.dumps({"Quizzes": cells(PUZZLES[0]), "Solutions": cells(SOLUTIONS[0])}),
        json.dumps(PUZZLES[1]),
        json.dumps({"grid": [cells(PUZZLES[2])[r * 9:(r + 1) * 9] for r in range(9)]}),
        json.dumps({"id": 4}),
        "{not json",
    ]
    entries = list(read_puzzles("\n".join(rows)))
    assert [e.cells for e in entries[:3]] == [cells(p) for p in PUZZLES]
    assert entries[0].fields == {"solution": SOLUTIONS[0]}
    assert "no puzzle key" in str(entries[3].error)
    assert "not JSON" in str(entries[4].error) and entries[4].line == 5
    array = json.dumps([{"puzzle": p} for p in PUZZLES])
    assert [e.text for e in read_puzzles(array)] == PUZZLES


# -- NumPy and Parquet -------------------------------------------------------------------------------


def test_npy_written_and_read_back(tmp_path: Path) -> None:
    np = pytest.importorskip("numpy")
    path = tmp_path / "set.npy"
    assert write_records([{"puzzle": p} for p in PUZZLES], path) == 3
    array = np.load(path)
    assert array.shape == (3, 81) and array.dtype == np.uint8
    assert [e.cells for e in read_dataset(path)] == [cells(p) for p in PUZZLES]
    np.save(tmp_path / "cube.npy", array.reshape(3, 9, 9))
    assert [e.text for e in read_dataset(tmp_path / "cube.npy")] == PUZZLES
    np.save(tmp_path / "text.npy", np.array(PUZZLES))
    assert [e.text for e in read_dataset(tmp_path / "text.npy")] == PUZZLES
    np.savez(tmp_path / "pair.npz", quizzes=array, solutions=np.array([cells(s) for s in SOLUTIONS]))
    entries = list(read_dataset(tmp_path / "pair.npz"))
    assert [e.fields for e in entries] == [{"solution": s} for s in SOLUTIONS]
    assert write_npy([{"puzzle": "1.3..4.22.4..3.1"}], tmp_path / "four.npy") == 1
    assert next(read_dataset(tmp_path / "four.npy")).shape.n == 4  # type: ignore[union-attr]


def test_parquet_written_and_read_back(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    records = [{"puzzle": p, "solution": s, "er": 1.5 * i} for i, (p, s) in enumerate(zip(PUZZLES, SOLUTIONS,
                                                                                         strict=True))]
    path = tmp_path / "set.parquet"
    assert write_parquet(records, path) == 3
    entries = list(read_dataset(path))
    assert [entry_record(e) for e in entries] == records
    assert [verify_entry(e).ok for e in entries] == [True] * 3


def test_binary_formats_need_a_file_and_suffixes_choose_formats() -> None:
    with pytest.raises(OutputError):
        write_records([{"puzzle": PUZZLES[0]}], io.StringIO(), "npy")
    assert [format_for_path(p) for p in ("a.csv", "a.JSONL", "a.npy", "a.parquet", "a.txt", "-")] == [
        "csv", "jsonl", "npy", "parquet", "line", "line"]
    out = io.StringIO()
    write_jsonl([{"puzzle": PUZZLES[0]}], out)
    write_records([{"puzzle": PUZZLES[1]}], out, "line")
    assert out.getvalue() == json.dumps({"puzzle": PUZZLES[0]}) + "\n" + PUZZLES[1] + "\n"


# -- pencil marks ------------------------------------------------------------------------------------


def test_candidates_line_is_a_9x9_puzzle_with_candidates_not_27x27() -> None:
    cands = Candidates.from_grid(Grid.from_string(PUZZLES[0]))
    line = cands.to_string()
    assert len(line) == 729
    assert Grid.from_string(line).to_string() == PUZZLES[0]
    assert Grid.from_line(line).n == 9
    for defer in (False, True):
        entry = next(read_puzzles(line + "\n", defer=defer))
        assert entry.shape is not None and entry.shape.n == 9 and not entry.deferred
        assert entry.cells == cells(PUZZLES[0]) and entry.masks == cands.masks
    shifted = "." + line[:-1]  # digits out of their positions: a candidates error, never 27×27
    entry = next(read_puzzles(shifted))
    assert entry.error is not None and entry.shape is None


def test_pencil_mark_grid_is_read_as_a_puzzle() -> None:
    cands = Candidates.from_grid(Grid.from_string(PUZZLES[1]))
    cands.masks[cands.empty_cells()[0]] &= cands.masks[cands.empty_cells()[0]] - 1  # a player's elimination
    text = cands.to_grid_string()
    assert Grid.from_string(text).to_string() == PUZZLES[1]
    entries = list(read_puzzles(f"# pencil marks\n{text}\n\n{PUZZLES[2]}\n"))
    assert len(entries) == 2 and entries[0].line == 2
    assert entries[0].cells == cells(PUZZLES[1]) and entries[0].masks == cands.masks
    assert entries[1].cells == cells(PUZZLES[2]) and entries[1].masks is None


def test_small_cube_lengths_stay_grids_unless_they_are_candidates() -> None:
    eight = "12345678" + "." * 56  # an 8×8 puzzle of 64 cells is not a 4×4 candidates line
    assert Grid.from_string(eight).n == 8
    four = Candidates.from_grid(Grid.from_string("1...............")).to_string()
    assert len(four) == 64 and Grid.from_string(four).to_string() == "1..............."
