"""``sudokit show`` and ``sudokit render``: terminal grids and SVG/PNG pictures of puzzles."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from importlib.util import find_spec
from pathlib import Path

import pytest

from sudokit import Grid, OutputError
from sudokit.cli import output
from sudokit.render.terminal import grid as terminal_grid
from tests.helpers import processes
from tests.helpers.cli import run_cli
from tests.helpers.paths import ROOT

SAMPLE = ROOT / "examples" / "sample.txt"
NXN = ROOT / "examples" / "nxn.txt"
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SMALL = "1.3..4.22.4..3.1"
SVG = "{http://www.w3.org/2000/svg}"


def sample_puzzles() -> list[str]:
    """The puzzles of examples/sample.txt."""
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


# -- show -------------------------------------------------------------------------------------------


def test_show_one_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "show", PUZZLE)
    assert status == 0 and err == ""
    assert out == terminal_grid(Grid.from_string(PUZZLE)) + "\n"
    assert "\x1b[" not in out  # not a terminal: no colours


def test_show_colour_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert "\x1b[1m4\x1b[0m" in run_cli(capsys, "show", "--color", PUZZLE)[1]
    assert "\x1b[" not in run_cli(capsys, "show", "--no-color", PUZZLE)[1]


def test_show_every_puzzle_of_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "show", str(SAMPLE))
    assert status == 0
    blocks = out.rstrip("\n").split("\n\n")
    expected = [terminal_grid(Grid.from_string(p)) for p in sample_puzzles()]
    assert blocks == expected


def test_show_bad_puzzle_is_named_and_the_rest_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.txt"  # an argument that does not read is a usage error (#28): a file's line
    bad.write_text("12x4\n")
    status, out, err = run_cli(capsys, "show", SMALL, str(bad), PUZZLE)
    assert status == 1
    assert out.count("┌") == 2
    assert f"sudokit show: {bad}: line 1: wrong length: 4 cells" in err


def test_show_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_cli(capsys, "show", str(tmp_path / "missing.txt"))
    assert (status, out) == (2, "") and "missing.txt: no such file" in err
    status, out, err = run_cli(capsys, "show", "--frobnicate", PUZZLE)
    assert (status, out) == (2, "") and "unrecognized arguments: --frobnicate" in err
    status, _, _ = run_cli(capsys, "show")
    assert status == 2


def test_show_reads_standard_input_in_a_process() -> None:
    text = "\n".join([PUZZLE, SMALL]) + "\n"
    done = processes.run([sys.executable, "-m", "sudokit", "show", "-"], input=text,
                         capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("┌") == 2 and "\n\n┌" in done.stdout


def test_solve_25x25_block_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = NXN.read_text(encoding="utf-8").splitlines()
    puzzle = next(line for line in lines if len(line) == 625)
    path = tmp_path / "big.txt"
    path.write_text(puzzle + "\n", encoding="utf-8")
    status, out, _ = run_cli(capsys, "solve", "--format", "block", str(path))
    assert status == 0
    rows = out.strip().splitlines()
    assert len(rows) == 25 + 4  # 25 rows and a rule between the 5 bands
    assert all(len(row.replace("|", "").split()) == 25 for row in rows if not row.startswith("-"))
    solved = Grid.from_string(out)
    assert solved.n == 25 and solved.is_solution_of(Grid.from_string(puzzle))


# -- render -----------------------------------------------------------------------------------------


def test_render_one_puzzle_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "render", PUZZLE)
    assert status == 0 and err == ""
    root = ET.fromstring(out)
    assert root.tag == f"{SVG}svg"
    assert len(root.findall(f".//{SVG}text[@class='given']")) == 17
    assert not root.findall(f".//{SVG}text[@class='mark']")


def test_render_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "grid.svg"
    status, stdout, _ = run_cli(capsys, "render", PUZZLE, "-o", str(out), "--marks", "--size", "500",
                                "--coordinates")
    assert status == 0 and stdout == ""
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.get("width") == "500"
    assert len(root.findall(f".//{SVG}text[@class='mark']")) > 100
    assert [p.name for p in tmp_path.iterdir()] == ["grid.svg"]


def test_render_several_puzzles_numbered(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(f"{PUZZLE}\n{SMALL}x\n{SMALL}\n", encoding="utf-8")
    status, _, err = run_cli(capsys, "render", str(source), "-o", str(tmp_path / "out.svg"))
    assert status == 1
    assert f"{source}: line 2" in err
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["in.txt", "out-001.svg", "out-003.svg"]
    assert ET.fromstring((tmp_path / "out-003.svg").read_text(encoding="utf-8")).get("viewBox")


def test_render_several_puzzles_need_an_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_cli(capsys, "render", str(SAMPLE))
    assert (status, out) == (2, "")
    assert "12 puzzles: give -o OUT.svg" in err


@pytest.mark.skipif(find_spec("cairosvg") is None, reason="needs the png extra")
def test_render_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, _ = run_cli(capsys, "render", SMALL, "-o", str(tmp_path / "small.png"), "--size", "120")
    assert status == 0
    assert (tmp_path / "small.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_render_bad_outputs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_cli(capsys, "render", PUZZLE, "-o", str(tmp_path / "no" / "x.svg"))
    assert (status, out) == (2, "")
    assert "OutputError: cannot write" in err and "does not exist" in err
    status, _, err = run_cli(capsys, "render", PUZZLE, "-o", str(tmp_path / "x.jpg"))
    assert status == 2 and "must end in .svg or .png" in err
    status, _, err = run_cli(capsys, "render", PUZZLE, "--size", "0")
    assert status == 2
    assert list(tmp_path.iterdir()) == []


def test_render_malformed_puzzle_writes_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, out, err = run_cli(capsys, "render", PUZZLE[:-1], "-o", str(tmp_path / "x.svg"))
    assert (status, out) == (2, "") and "wrong length: 80 cells" in err  # a usage error (#28)
    assert "is not a file; it looks like a puzzle but" in err
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_leaves_nothing_half_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "kept.svg"
    target.write_text("old", encoding="utf-8")

    def broken(self: Path, data: bytes) -> int:
        with open(self, "wb") as handle:
            handle.write(data[:10])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", broken)
    with pytest.raises(OutputError, match="No space left"):
        output.write_atomic(target, "<svg>whatever</svg>")
    assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.svg"]


def test_render_in_a_process(tmp_path: Path) -> None:
    done = processes.run([sys.executable, "-m", "sudokit", "render", PUZZLE, "-o", str(tmp_path / "p.svg")],
                         capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "p.svg").read_text(encoding="utf-8").startswith("<svg")
