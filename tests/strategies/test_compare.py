"""``sudokit compare``: the tables, their agreement check, the budget, --json, --plot."""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

import pytest

from sudokit import Grid
from sudokit.cli import compare as compare_cli
from sudokit.cli.options import UsageError
from sudokit.strategies import NAMES, compare

PUZZLES = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
]
MULTI = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


def parse(argv: list[str]) -> argparse.Namespace:
    """Parse ``sudokit compare`` arguments with the module's own parser setup."""
    parser = argparse.ArgumentParser(prog="sudokit compare")
    compare_cli.add_arguments(parser)
    return parser.parse_args(argv)


@pytest.fixture
def puzzle_file(tmp_path: Path) -> Path:
    """A small puzzle file: two hard puzzles, an easy one, one with several solutions."""
    path = tmp_path / "few.txt"
    path.write_text("# a few puzzles\n" + "\n".join([*PUZZLES, MULTI]) + "\n", encoding="utf-8")
    return path


def test_compare_rows() -> None:
    """One row per strategy after the native baseline; every run agrees."""
    grids = [Grid.from_string(p) for p in [*PUZZLES, MULTI]]
    rows = compare.compare(grids, ["dlx", "prune", "csp:fc,mrv-degree,lcv"], dataset="few")
    assert [r.strategy for r in rows] == ["native", "dlx", "prune", "csp:fc,mrv-degree,lcv"]
    for row in rows:
        assert (row.puzzles, row.ok, row.limit, row.wrong) == (4, 4, 0, 0)
        assert row.dataset == "few"
        assert 0 <= row.median_ms <= row.max_ms and row.mean_nodes > 0
    assert rows[0].mean_backtracks is None and rows[1].mean_backtracks is not None


def test_compare_budget() -> None:
    """A strategy out of budget is counted under 'limit', not 'ok' or 'wrong'."""
    grids = [Grid.from_string(PUZZLES[0])]
    (_, row) = compare.compare(grids, ["layers"], node_limit=1000)
    assert (row.ok, row.limit, row.wrong) == (0, 1, 0)
    assert "+" in compare.format_table([row])  # the mean is a lower bound


def test_expand_specs() -> None:
    """``all`` is the five strategies, ``csp:*`` the twelve csp combinations; specs are normalised."""
    assert compare.expand_specs(["all"]) == list(NAMES)
    assert len(compare.expand_specs(["csp:*"])) == 12
    assert compare.expand_specs(["csp", "csp:ac,mrv,lex", "native"]) == ["csp:ac,mrv,lex"]


def test_run_table(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The command prints a table per file with every default strategy."""
    status = compare_cli.run(parse([str(puzzle_file), "--node-limit", "200000", "--no-progress"]))
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("== few.txt: 4 puzzles, limit 2")
    for name in ("native", *NAMES):
        assert f"\n{name}" in out


def test_run_json_markdown(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--json writes one document with settings and rows; --markdown writes Markdown tables."""
    args = parse([str(puzzle_file), "-s", "dlx", "-s", "stack", "--json", "--sample", "3"])
    assert compare_cli.run(args) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["settings"]["limit"] == 2 and document["settings"]["sample"] == 3
    (table,) = document["tables"]
    assert [r["strategy"] for r in table["rows"]] == ["native", "dlx", "stack"]
    assert all(r["puzzles"] == 3 and r["wrong"] == 0 for r in table["rows"])
    assert compare_cli.run(parse([str(puzzle_file), "-s", "prune", "--markdown"])) == 0
    out = capsys.readouterr().out
    assert out.startswith("### few.txt") and "| `prune` | 4/4 |" in out


def test_run_errors(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown strategy or a missing file is a usage error (exit 2) with a message."""
    assert compare_cli.run(parse([str(puzzle_file), "-s", "quantum"])) == 2
    assert "unknown strategy" in capsys.readouterr().err
    with pytest.raises(UsageError, match=r"missing\.txt: no such file"):  # main() makes it exit 2
        compare_cli.run(parse([str(puzzle_file.with_name("missing.txt"))]))


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is not None, reason="matplotlib is installed")
def test_plot_without_matplotlib(
    puzzle_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--plot without matplotlib fails at once with the install hint."""
    assert compare_cli.run(parse([str(puzzle_file), "--plot", str(tmp_path / "out.png")])) == 2
    assert "pip install 'sudokit[plot]'" in capsys.readouterr().err


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is not installed")
def test_plot(puzzle_file: Path, tmp_path: Path) -> None:
    """--plot draws a PNG."""
    out = tmp_path / "out.png"
    assert compare_cli.run(parse([str(puzzle_file), "-s", "dlx", "--plot", str(out)])) == 0
    assert out.read_bytes()[:4] == b"\x89PNG"


def test_cli_entry(puzzle_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``sudokit compare`` is a subcommand of the CLI (when the table lists it)."""
    from sudokit import cli

    if "compare" not in cli.COMMANDS:
        pytest.skip("compare is not in the CLI table yet")
    assert cli.main(["compare", str(puzzle_file), "-s", "dlx"]) == 0
    assert "dlx" in capsys.readouterr().out
