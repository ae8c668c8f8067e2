"""The puzzle bank: round trip, de-duplication of equivalent puzzles, filters, statistics, readers
beside a writer, and an add killed midway then run again losing and duplicating nothing."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from sudokit import Grid, Status, generate_many
from sudokit.bank.store import Bank, BankEntry, default_path, parse_range
from sudokit.canon.minlex import canonical_string, random_transform
from sudokit.errors import OptionError, OutputError
from tests.helpers import processes
from tests.helpers.paths import ROOT


@pytest.fixture(scope="module")
def puzzles() -> list[str]:
    """Forty distinct generated 9×9 puzzles, some of them symmetric."""
    plain = [g.puzzle.to_string() for g in generate_many(30, seed=151)]
    symmetric = [g.puzzle.to_string() for g in generate_many(10, seed=152, symmetry="rot180")]
    found = plain + symmetric
    assert len({canonical_string(p) for p in found}) == 40
    return found


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory: pytest.TempPathFactory, puzzles: list[str]) -> Path:
    """The puzzles in a file, one per line, with a comment."""
    path = tmp_path_factory.mktemp("bank") / "puzzles.txt"
    path.write_text("# forty puzzles\n" + "\n".join(puzzles) + "\n")
    return path


def table(path: Path) -> list[tuple[object, ...]]:
    """Every stored fact of a bank file but the time of adding, in key order."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT canon, puzzle, solution, clues, symmetry, symmetries, status, er, ep, ed,"
                          " level, score, hardest, techniques, source FROM puzzles ORDER BY canon").fetchall()
        techniques = db.execute("SELECT p.canon, t.technique, t.steps FROM techniques t"
                                " JOIN puzzles p ON p.id = t.puzzle_id ORDER BY 1, 2").fetchall()
    return rows + techniques


def test_round_trip(tmp_path: Path, puzzle_file: Path, puzzles: list[str]) -> None:
    with Bank(tmp_path / "a.sqlite3") as bank:
        report = bank.add_files([puzzle_file])
        assert (report.read, report.added, report.duplicates, report.rejected) == (40, 40, 0, {})
        assert report.per_second > 0
        entries = list(bank.query())
        assert [e.puzzle for e in entries] == puzzles  # in the order added
        for entry in entries:
            grid = entry.grid
            assert Grid.from_string(entry.solution).is_solution_of(grid)
            assert entry.canon == canonical_string(grid) and entry.clues == grid.clue_count
            assert entry.status is Status.RATED and entry.er is not None and entry.level
            assert sum(entry.techniques.values()) > 0 and set(entry.hardest) <= set(entry.techniques)
        assert {e.symmetry for e in entries[30:]} <= {"rot180", "rot90", "dihedral", "diagonal",
                                                      "antidiagonal", "horizontal", "vertical"}
        assert all("rot180" in e.symmetries for e in entries[30:])
        assert repr(bank) == f"Bank({str(bank.path)!r})"
        for fmt in ("csv", "jsonl", "parquet", "npy", "line"):
            if fmt == "parquet":
                pytest.importorskip("pyarrow")
            out = tmp_path / f"export.{fmt if fmt != 'line' else 'txt'}"
            assert bank.export(out) == 40
            with Bank(tmp_path / f"again-{fmt}.sqlite3") as again:
                assert again.add_files([out]).added == 40
                assert [e.canon for e in again.query()] == [e.canon for e in entries]
                if fmt in ("csv", "jsonl", "parquet"):
                    assert [e.er for e in again.query()] == [e.er for e in entries]


def test_equivalent_puzzles_are_stored_once(tmp_path: Path, puzzles: list[str]) -> None:
    rng = random.Random(7)
    copies = [random_transform(Grid.from_string(p), rng).to_string() for p in puzzles[:10]]
    assert copies != puzzles[:10]
    with Bank(tmp_path / "b.sqlite3") as bank:
        first = bank.add(puzzles[:10] + copies[:5])  # equivalent copies in the same add
        assert (first.added, first.duplicates) == (10, 5)
        second = bank.add(copies + puzzles[:10])  # and in a later one: not even rated again
        assert (second.added, second.duplicates) == (0, 20)
        assert len(bank) == 10 and copies[3] in bank and puzzles[20] not in bank
        assert [e.puzzle for e in bank.query()] == puzzles[:10]  # the first form added is kept


def test_bad_puzzles_are_reported_not_stored(tmp_path: Path, puzzles: list[str]) -> None:
    inputs = [
        puzzles[0],
        "." * 81,  # several solutions
        "11" + "." * 79,  # a duplicate given
        "1.3..4.22.4..3.1",  # 4×4: refused, the canonical form is 9×9 only
        "bad",
        "12345678." + "........9" + "." * 63,  # no solution
    ]
    with Bank(tmp_path / "c.sqlite3") as bank:
        report = bank.add(inputs)
        assert len(bank) == 1
    assert (report.read, report.added) == (6, 1)
    assert report.rejected == {"multiple": 1, "invalid": 3, "no_solution": 1}
    reasons = {p.line: p for p in report.problems}
    assert reasons[2].status is Status.MULTIPLE
    assert reasons[3].status is Status.INVALID and "r1c1" in reasons[3].error
    assert "9×9 puzzles only" in reasons[4].error and "4×4" in reasons[4].error
    assert "wrong length" in reasons[5].error
    assert reasons[6].status is Status.NO_SOLUTION
    assert report.to_dict()["problems"][0] == {"source": "", "line": 2, "status": "multiple",
                                               "error": "the puzzle has several solutions"}


def test_queries_and_stats(tmp_path: Path, puzzles: list[str]) -> None:
    with Bank(tmp_path / "d.sqlite3") as bank:
        bank.add(puzzles)
        everything = list(bank.query())
        ers = sorted(e.er for e in everything if e.er is not None)
        low, high = ers[5], ers[-5]
        chosen = list(bank.query(er=(low, high)))
        assert chosen and all(low <= (e.er or 0) <= high for e in chosen)
        assert len(chosen) == sum(low <= er <= high for er in ers)
        assert [e.er for e in bank.query(order="-er", limit=3)] == ers[::-1][:3]
        assert [e.er for e in bank.query(order="er", limit=3)] == ers[:3]
        assert len(list(bank.query(limit=7, order="random"))) == 7
        level = everything[0].level
        assert level and {e.level for e in bank.query(level=level)} == {level}
        assert len(list(bank.query(level=[level, "nonesuch"]))) == sum(e.level == level for e in everything)
        technique = everything[0].hardest[0]
        with_technique = list(bank.query(technique=technique.upper()))
        assert with_technique and all(technique in e.techniques for e in with_technique)
        assert len(with_technique) == sum(technique in e.techniques for e in everything)
        both = list(bank.query(technique=[technique, "Full House"]))
        assert all("Full House" in e.techniques for e in both)
        clues = everything[0].clues
        assert {e.clues for e in bank.query(clues=clues)} == {clues}
        assert all(e.clues >= clues for e in bank.query(clues=(clues, None)))
        symmetric = list(bank.query(symmetry="central"))
        assert len(symmetric) >= 10 and all("rot180" in e.symmetries for e in symmetric)
        assert all(e.symmetry == "none" for e in bank.query(symmetry="none"))
        assert len(list(bank.query(status="rated"))) == 40
        stats = bank.stats()
        assert stats.total == 40 and stats.by_status == {"rated": 40}
        assert sum(stats.er_histogram.values()) == 40 and sum(stats.by_clues.values()) == 40
        assert list(stats.er_histogram) == sorted(stats.er_histogram)
        assert sum(bank.stats(bin_width=0.5).er_histogram.values()) == 40
        assert "40 puzzles" in stats.to_text() and "ER histogram" in stats.to_text()
        assert stats.to_dict()["total"] == 40
        with pytest.raises(OptionError):
            list(bank.query(order="sideways"))


def test_readers_run_while_a_writer_holds_the_file(tmp_path: Path, puzzles: list[str]) -> None:
    path = tmp_path / "e.sqlite3"
    with Bank(path) as bank:
        bank.add(puzzles[:5])
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE puzzles SET level = 'changing' WHERE id = 1")
    try:
        start = time.monotonic()
        with Bank(path, timeout=0.5) as reader:
            assert next(e.level for e in reader.query()) != "changing"  # the committed state
            assert reader.stats().total == 5
            with pytest.raises(OutputError, match="locked"):  # a second writer waits, then gives up
                reader.add(puzzles[5:6])
        assert time.monotonic() - start < 5
    finally:
        writer.execute("ROLLBACK")
        writer.close()


CHILD = textwrap.dedent("""
    import sys, time
    from sudokit.bank.store import Bank
    from sudokit.formats.datasets import read_dataset

    def slowly(path):
        for entry in read_dataset(path):
            time.sleep(0.02)
            yield path, entry

    with Bank(sys.argv[1]) as bank:
        bank.add(slowly(sys.argv[2]), commit_every=4,
                 progress=lambda report: print(report.added, flush=True))
""")


def test_add_killed_midway_then_run_again_loses_and_duplicates_nothing(
    tmp_path: Path, puzzle_file: Path
) -> None:
    clean = tmp_path / "clean.sqlite3"
    killed = tmp_path / "killed.sqlite3"
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    processes.run([sys.executable, str(script), str(clean), str(puzzle_file)], check=True,
                  env=env, stdout=subprocess.DEVNULL, timeout=300)
    with processes.started([sys.executable, str(script), str(killed), str(puzzle_file)], env=env,
                           stdout=subprocess.PIPE) as child:
        assert child.stdout is not None
        committed, stdout = 0, processes.Reader(child.stdout)
        while committed < 12:
            committed = int(stdout.line())
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
    assert child.returncode == -signal.SIGKILL
    with Bank(killed) as bank:
        kept = len(bank)
    assert 12 <= kept < 40  # what was committed is there; the add really stopped midway
    processes.run([sys.executable, str(script), str(killed), str(puzzle_file)], check=True,
                  env=env, stdout=subprocess.DEVNULL, timeout=300)
    assert table(killed) == table(clean)
    with Bank(killed) as bank:
        assert len(bank) == 40
        again = bank.add_files([puzzle_file])
        assert (again.added, again.duplicates) == (0, 40)  # idempotent
    assert table(killed) == table(clean)


def test_small_helpers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_range("7-8.5") == (7.0, 8.5) and parse_range(":3") == (None, 3.0)
    with pytest.raises(OptionError):
        parse_range("seven")
    if sys.platform.startswith("linux"):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
        assert default_path() == tmp_path / "sudokit" / "bank.sqlite3"
        monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
        assert default_path() == Path.home() / ".local" / "share" / "sudokit" / "bank.sqlite3"
    with Bank(":memory:") as bank:
        bank.add(["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
        entry = next(bank.query())
        assert isinstance(entry, BankEntry) and entry.to_dict()["er"] == entry.er


def test_a_variant_puzzle_is_refused_and_the_rest_kept(tmp_path: Path) -> None:
    from sudokit import generate

    bank = Bank(tmp_path / "bank.sqlite")
    classic = generate(seed=3)
    report = bank.add([generate(variant="x", seed=1), classic])
    assert report.added == 1 and report.rejected == {"invalid": 1}
    assert any("not x" in str(problem) for problem in report.problems)
