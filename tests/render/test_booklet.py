"""sudokit.render.booklet (PDF booklets) and sudokit.render.html (the walkthrough page)."""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sudokit.errors import (
    DuplicateGivenError,
    MultipleSolutionsError,
    NoSolutionError,
    OptionError,
    OutputError,
    ParseError,
)
from sudokit.generation.generator import generate
from sudokit.grid import Grid
from sudokit.rating.explainer import rate
from sudokit.render import booklet as book_module
from sudokit.render.booklet import book
from sudokit.render.html import walkthrough
from tests.helpers import processes
from tests.helpers.paths import ROOT

pytest.importorskip("reportlab")
pypdf = pytest.importorskip("pypdf")

PUZZLES = [
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
]
SMALL = ".2.4.....4..1..."  # 4×4
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def text_of(path: Path) -> tuple[int, str]:
    """The page count and all the text of a PDF."""
    reader = pypdf.PdfReader(str(path))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_booklet_pages_labels_and_solutions(tmp_path: Path) -> None:
    out = tmp_path / "puzzles.pdf"
    result = book([*PUZZLES, SMALL], out, per_page=2, solutions=True, title="My puzzles")
    assert result.path == out and result.puzzles == 4
    pages, text = text_of(out)
    assert pages == result.pages == 2 + 1
    for number, puzzle in enumerate([*PUZZLES, SMALL], start=1):
        rating = rate(Grid.from_string(puzzle))
        assert rating.er is not None
        assert f"Puzzle {number} · SE {rating.er:.1f} · {rating.level}" in text
        assert f"Solution {number}" in text
    assert "My puzzles" in text and "page 3" in text
    assert list(tmp_path.iterdir()) == [out]


def test_fonts_are_embedded(tmp_path: Path) -> None:
    out = tmp_path / "b.pdf"
    book(PUZZLES[:1], out)
    reader = pypdf.PdfReader(str(out))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    assert fonts
    for ref in fonts.values():
        font = ref.get_object()
        descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
        assert "/FontFile2" in descendant["/FontDescriptor"].get_object()


@pytest.mark.parametrize(("per_page", "paper", "size"), [(4, "A4", (595, 842)), (6, "letter", (612, 792))])
def test_generated_booklet(tmp_path: Path, per_page: int, paper: str, size: tuple[int, int]) -> None:
    out = tmp_path / "gen.pdf"
    result = book(None, out, count=per_page + 1, per_page=per_page, paper=paper, seed=5)
    pages, text = text_of(out)
    assert pages == 2 and result.puzzles == per_page + 1
    assert re.findall(r"Puzzle (\d+) · SE \d+\.\d", text) == [str(i) for i in range(1, per_page + 2)]
    box = pypdf.PdfReader(str(out)).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


def test_sixteen_by_sixteen(tmp_path: Path) -> None:
    puzzle = generate(box=(4, 4), seed=3)
    result = book([puzzle, SMALL], tmp_path / "big.pdf", per_page=2, rate_time_limit=0.5)
    pages, text = text_of(result.path)
    assert pages == 1 and "Puzzle 1" in text and "Puzzle 2 · SE" in text


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"puzzles": ["12345"]}, ParseError),
        ({"puzzles": ["." * 81]}, MultipleSolutionsError),
        ({"puzzles": ["55" + PUZZLES[0][2:]]}, DuplicateGivenError),
        ({"puzzles": PUZZLES, "per_page": 3}, OptionError),
        ({"puzzles": PUZZLES, "paper": "A5"}, OptionError),
        ({"puzzles": None, "difficulty": "impossible"}, OptionError),
        ({"puzzles": None, "count": 0}, OptionError),
    ],
)
def test_bad_input_names_the_error_and_writes_nothing(
    tmp_path: Path, kwargs: dict[str, object], error: type[Exception]
) -> None:
    out = tmp_path / "bad.pdf"
    puzzles = kwargs.pop("puzzles")
    with pytest.raises(error):
        book(puzzles, out, **kwargs)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_unsolvable_puzzle_is_named_by_number(tmp_path: Path) -> None:
    # Row 1 needs a 9 in r1c9, but r2c9 holds it: no solution, no duplicate.
    unsolvable = "12345678." + "........9" + "." * 63
    with pytest.raises(NoSolutionError, match="line 2"):
        book([PUZZLES[0], unsolvable], tmp_path / "x.pdf")
    assert list(tmp_path.iterdir()) == []


def test_unwritable_output(tmp_path: Path) -> None:
    with pytest.raises(OutputError, match="does not exist"):
        book(PUZZLES[:1], tmp_path / "missing" / "b.pdf")
    with pytest.raises(OutputError, match="directory"):
        book(PUZZLES[:1], tmp_path)


def test_failure_while_drawing_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "b.pdf"
    out.write_bytes(b"old")

    def broken(*args: object) -> int:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(book_module, "_draw_pages", broken)
    with pytest.raises(RuntimeError):
        book(PUZZLES[:1], out)
    assert out.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [out]


def test_walkthrough_is_self_contained() -> None:
    page = walkthrough(EASY, title="Easy one")
    assert page.startswith("<!DOCTYPE html>") and "<title>Easy one</title>" in page
    for bad in ("<script", "<link", " src=", "@import", "url(http"):
        assert bad not in page
    pictures = re.findall(r"<svg.*?</svg>", page, flags=re.S)
    steps = page.count('<li class="step"')
    assert steps > 10 and len(pictures) == steps + 2
    for picture in pictures:
        ET.fromstring(picture)
    assert "Solution" in page and "SE rating" in page


def test_render_benchmark_runs() -> None:
    script = ROOT / "benchmarks" / "render.py"
    proc = processes.run([sys.executable, str(script), "--runs", "5", "--count", "4"],
                         capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "svg.grid 9x9 with 301 pencil marks: median" in proc.stdout
    assert "booklet of 4 puzzles" in proc.stdout


def test_variant_booklet_draws_cages_and_solutions(tmp_path: Path) -> None:
    killer = generate(variant="killer", seed=2, size=6)
    jigsaw = generate(variant="jigsaw", seed=2)
    assert killer.rules is not None
    out = tmp_path / "variants.pdf"
    result = book([killer, jigsaw, generate(variant="x", seed=1)], out, per_page=1, solutions=True)
    pages, _ = text_of(out)
    assert result.puzzles == 3 and pages == result.pages >= 4
    lines = pypdf.PdfReader(str(out)).pages[0].extract_text().splitlines()
    label = next(i for i, line in enumerate(lines) if line.startswith("Puzzle 1"))
    sums = [line for line in lines[label + 1:] if line.isdigit()]  # the cage sums, after the label
    assert sorted(sums) == sorted(str(cage.total) for cage in killer.rules.cages)


def test_grids_sit_under_the_title_a_fixed_gap_apart() -> None:
    # Issue 28: no large gap under the title or between rows; one a page is centred.
    from sudokit.render.booklet import _MARGIN, _MM, PAPERS, _slots

    width, height = PAPERS["a4"]
    label = 17.0
    slots = _slots((width, height), (2, 2), label)
    (x1, top1, side), (x2, _, _), (_, top3, _), _ = slots
    assert height - _MARGIN - 22.0 - (top1 + label) == pytest.approx(0)  # right under the title
    assert top1 - side - (top3 + label) == pytest.approx(8 * _MM)  # rows one gap apart
    assert x2 - (x1 + side) == pytest.approx(8 * _MM)  # columns one gap apart
    assert x1 - _MARGIN == pytest.approx(width - _MARGIN - (x2 + side))  # the block centred across
    ((x, top, side),) = _slots((width, height), (1, 1), label)
    assert x - _MARGIN == pytest.approx(width - _MARGIN - (x + side))  # centred across the page
    above = height - _MARGIN - 22.0 - (top + label)
    below = (top - side) - (_MARGIN + 22.0)
    assert above == pytest.approx(below) and above >= 0  # and up and down in the area
