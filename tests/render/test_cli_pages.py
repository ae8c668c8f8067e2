"""``sudokit explain --html`` (the walkthrough page) and ``sudokit book`` (PDF booklets)."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import pytest

from sudokit.cli import book as book_command
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

SAMPLE = ROOT / "examples" / "sample.txt"
BROKEN = ROOT / "examples" / "broken.txt"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SMALL = "1.3..4.22.4..3.1"
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

needs_pdf = pytest.mark.skipif(find_spec("reportlab") is None, reason="needs the pdf extra")


# -- explain --html ---------------------------------------------------------------------------------


def test_explain_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "walk.html"
    status, stdout, err = run_cli(capsys, "explain", SMALL, "--html", str(out))
    assert (status, stdout, err) == (0, "", "")
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and page.count('<li class="step"') >= 4
    assert [p.name for p in tmp_path.iterdir()] == ["walk.html"]


def test_explain_html_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "one.txt"
    source.write_text(f"# a puzzle\n{PUZZLE}\n", encoding="utf-8")
    status, _, _ = run_cli(capsys, "explain", str(source), "--html", str(tmp_path / "w.html"))
    assert status == 0 and "<svg" in (tmp_path / "w.html").read_text(encoding="utf-8")


def test_explain_html_errors_leave_no_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "w.html"
    status, _, err = run_cli(capsys, "explain", PUZZLE[:-1], "--html", str(out))
    assert status == 2 and "wrong length: 80 cells" in err
    status, _, err = run_cli(capsys, "explain", SEVERAL, "--html", str(out))
    assert status == 1 and "solution" in err  # fails: exit 1, not usage
    status, _, err = run_cli(capsys, "explain", SMALL, "--html", str(tmp_path / "no" / "w.html"))
    assert status == 2 and "OutputError: cannot write" in err
    status, _, err = run_cli(capsys, "explain", SMALL, "--html", str(out), "--json")
    assert status == 2 and "not allowed with" in err
    assert list(tmp_path.iterdir()) == []


def test_explain_html_keeps_the_old_file_when_it_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "w.html"
    out.write_text("old page", encoding="utf-8")

    def broken(puzzle: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("sudokit.cli.explain.walkthrough", broken)
    assert run_cli(capsys, "explain", SMALL, "--html", str(out))[0] == 130
    assert out.read_text(encoding="utf-8") == "old page"
    assert [p.name for p in tmp_path.iterdir()] == ["w.html"]


# -- book -------------------------------------------------------------------------------------------


def pdf_pages(path: Path) -> int:
    """The number of pages of a PDF file."""
    pypdf = pytest.importorskip("pypdf")
    return len(pypdf.PdfReader(str(path)).pages)


@needs_pdf
def test_book_generated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "gen.pdf"
    status, stdout, err = run_cli(capsys, "book", "-o", str(out), "--count", "3", "--per-page", "2",
                                  "--seed", "4", "--difficulty", "easy", "--paper", "letter")
    assert status == 0 and stdout == ""
    assert "3 puzzles on 2 pages" in err
    assert out.read_bytes().startswith(b"%PDF") and pdf_pages(out) == 2


@needs_pdf
def test_book_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "sample.pdf"
    status, _, err = run_cli(capsys, "book", str(SAMPLE), "-o", str(out), "--count", "4",
                             "--per-page", "4", "--solutions", "--title", "Sample")
    assert status == 0, err
    assert "4 puzzles on 2 pages" in err and pdf_pages(out) == 2


@needs_pdf
def test_book_bad_puzzles_are_named_and_nothing_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "b.pdf"
    status, _, err = run_cli(capsys, "book", str(BROKEN), "-o", str(out))
    assert status == 1
    assert f"{BROKEN}: line 5: wrong length" in err
    assert f"{BROKEN}: line 13: several solutions" in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


@needs_pdf
def test_book_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = str(tmp_path / "b.pdf")
    assert run_cli(capsys, "book")[0] == 2  # -o is required
    status, _, err = run_cli(capsys, "book", "-o", out, "--per-page", "3")
    assert status == 2 and "invalid choice" in err
    status, _, err = run_cli(capsys, "book", "-o", out, "--paper", "A5")
    assert status == 2 and "invalid choice" in err
    status, _, err = run_cli(capsys, "book", str(SAMPLE), "-o", out, "--difficulty", "hard")
    assert status == 2 and "are for generating" in err
    status, _, err = run_cli(capsys, "book", "-o", out, "--difficulty", "tough", "--count", "1")
    assert status == 2 and "OptionError: unknown difficulty" in err
    status, _, err = run_cli(capsys, "book", "-o", str(tmp_path / "no" / "b.pdf"))
    assert status == 2 and "OutputError: cannot write" in err
    status, _, err = run_cli(capsys, "book", str(tmp_path / "missing.txt"), "-o", out)
    assert status == 2 and "no such file" in err
    assert list(tmp_path.iterdir()) == []


def test_book_without_reportlab(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(book_command, "find_spec", lambda name: None)
    status, _, err = run_cli(capsys, "book", "-o", str(tmp_path / "b.pdf"))
    assert status == 2 and "pip install 'sudokit[pdf]'" in err
