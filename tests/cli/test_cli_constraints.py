"""``--constraint KIND:SPEC`` on solve, count, check, render, show, rate, explain and hint, and
``show --form`` writing a variant puzzle as a SudokuPad or f-puzzles link or sudokit's JSON form
(#25)."""

from __future__ import annotations

import io
import json
import sys

import pytest

from sudokit import Grid, Shape, generate
from sudokit.formats.links import read_link
from sudokit.rules import Odd, Rules, Thermometer, check
from tests.helpers.cli import run_cli

EMPTY4 = "." * 16
ROW_THERMO = "thermo:r1c1,r1c2,r1c3,r1c4"


def test_count_follows_a_constraint(capsys):
    # Relabelling the digits maps the 288 4×4 grids onto each other, 24 to each order of row 1:
    # exactly one order in 24 increases along it.
    status, out, _ = run_cli(capsys, "count", "--box", "2x2", "--limit", "1000", EMPTY4)
    assert (status, out.split()[0]) == (0, "288")
    status, out, _ = run_cli(capsys, "count", "--box", "2x2", "--limit", "1000",
                             "--constraint", ROW_THERMO, EMPTY4)
    assert (status, out.split()[0]) == (0, "12")


def test_solve_answers_follow_every_constraint(capsys):
    specs = [ROW_THERMO, "thermo:r2c4,r2c3", "odd:r3c1"]
    args = ["solve", "--box", "2x2", *[a for s in specs for a in ("--constraint", s)]]
    status, out, _ = run_cli(capsys, *args, "..............1.")
    assert status == 0
    answer = [int(ch) for ch in out.strip()]
    rules = Rules.classic(Shape(2, 2)).with_constraints(
        [Thermometer((0, 1, 2, 3)), Thermometer((7, 6)), Odd(8)])
    assert check(rules, answer) == [] and answer[14] == 1
    status, _, _ = run_cli(capsys, *args[:-2], EMPTY4)  # without the odd cell: several answers
    assert status == 1


def test_check_says_a_puzzle_breaks_a_constraint(capsys):
    status, out, _ = run_cli(capsys, "check", "--box", "2x2", "--constraint", ROW_THERMO, ".1" + "." * 14)
    assert status == 1
    assert "thermo at r1c1" in out


@pytest.mark.parametrize("spec, words", [
    ("thermoo:r1c1,r1c2", "did you mean 'thermo'"),
    ("kropki-blak:r1c1,r1c2", "did you mean 'black'"),
    ("thermo:r1c1,r10c1", "cell r10c1 is outside the 9×9 grid"),
    ("thermo:r1c1,q2", "'q2' is not a cell"),
])
@pytest.mark.parametrize("command", ["solve", "count", "check", "render", "show", "rate", "explain", "hint"])
def test_bad_constraints_are_usage_errors_naming_the_problem(capsys, command, spec, words):
    status, _out, err = run_cli(capsys, command, "--constraint", spec, "." * 81)
    assert status == 2 and words in err and "Traceback" not in err


def test_cells_for_another_size_are_refused(capsys):
    status, out, _err = run_cli(capsys, "solve", "--constraint", "thermo:r1c1,r1c2", EMPTY4)
    assert status == 1 and "9×9" in out


def test_show_writes_links_that_read_back(capsys):
    args = ["--box", "2x2", "--constraint", ROW_THERMO, "--constraint", "black:r2c1,r2c2", EMPTY4]
    expected = Rules.classic(Shape(2, 2)).with_constraints(
        [Thermometer((0, 1, 2, 3)), *read_link(_show(capsys, "link", args)).rules.constraints[1:]])
    for form in ("link", "fpuzzles"):
        text = _show(capsys, form, args)
        assert text.startswith({"link": "https://sudokupad.app/", "fpuzzles": "https://f-puzzles.com/"}[form])
        assert read_link(text).rules == expected
    data = json.loads(_show(capsys, "json", args))
    assert [c["kind"] for c in data["constraints"]] == ["thermo", "black"]
    assert Grid.from_json(json.dumps(data)).rules == expected


def _show(capsys: pytest.CaptureFixture[str], form: str, args: list[str]) -> str:
    status, out, err = run_cli(capsys, "show", "--form", form, *args)
    assert status == 0, err
    return out.strip()


def test_a_link_solves_the_same_as_its_constraints(capsys):
    link = _show(capsys, "link", ["--box", "2x2", "--constraint", ROW_THERMO, EMPTY4])
    status, out, _ = run_cli(capsys, "count", "--limit", "1000", link)
    assert out.split()[0] == "12"
    # A constraint added to a link's own rules: fewer answers still.
    status, out, _ = run_cli(capsys, "count", "--box", "2x2", "--limit", "1000", "--constraint",
                             "odd:r4c4", link)
    assert status == 0 and 0 < int(out.split()[0]) < 12


def test_show_refuses_by_name_what_a_form_cannot_say(capsys):
    status, out, err = run_cli(capsys, "show", "--form", "fpuzzles", "--box", "2x2", "--constraint",
                               "xv:7:r1c1,r1c2", EMPTY4)
    assert status == 1 and "cannot express xv" in err and out == ""


def test_render_draws_the_constraints(capsys):
    status, out, _ = run_cli(capsys, "render", "--box", "2x2", "--constraint", ROW_THERMO,
                             "--constraint", "odd:r4c4", EMPTY4)
    assert status == 0
    assert out.count('class="thermo-bulb"') == 1 and out.count('class="odd"') == 1


def test_generate_writes_sudokupad_links(capsys, tmp_path):
    status, out, _ = run_cli(capsys, "generate", "-n", "2", "--seed", "2", "--variant", "x", "--form", "link",
                             "--no-progress")
    links = out.split()
    assert status == 0 and len(links) == 2
    assert all(s.startswith("https://sudokupad.app/fpuzzles") for s in links)
    rules = read_link(links[0]).rules
    assert sorted(c.kind for c in rules.constraints) == ["diagonal", "diagonal"]
    path = tmp_path / "links.txt"
    path.write_text(out)
    status, out, _ = run_cli(capsys, "check", str(path))
    assert status == 0 and out.count("one solution") == 2


def _thermo_puzzle_less_one() -> tuple[str, str]:
    """A generated 6×6 thermometer puzzle without its first thermometer (so it has several
    solutions), and that thermometer as a ``--constraint`` spec that makes it unique again."""
    record = json.loads(generate(size=6, variant="thermo", seed=3).to_json())
    first = record["constraints"].pop(0)
    assert first["kind"] == "thermo"
    return json.dumps(record), "thermo:" + ",".join(first["line"])


@pytest.mark.parametrize("command", ["rate", "explain", "hint"])
def test_rate_explain_and_hint_take_constraints(capsys, tmp_path, command):
    puzzle, spec = _thermo_puzzle_less_one()
    path = tmp_path / "puzzle.json"
    path.write_text(puzzle + "\n")
    extra = ["--json"] if command != "explain" else []
    status, out, _ = run_cli(capsys, command, *extra, str(path))
    assert status == 1 or (command == "rate" and "invalid" in out)  # several solutions
    status, out, err = run_cli(capsys, command, *extra, "--box", "2x3", "--constraint", spec, str(path))
    assert status == 0, err
    if command == "rate":
        assert json.loads(out)["status"] == "rated"
    elif command == "explain":
        assert out.strip().splitlines()[-1].startswith("Solved in")
    else:
        assert json.loads(out)["technique"]


@pytest.mark.parametrize("command", ["explain", "hint"])
def test_explain_and_hint_name_a_bad_constraint(capsys, command):
    status, _out, err = run_cli(capsys, command, "--constraint", "thermo:r1c1,r10c1", "." * 80 + "1")
    assert status == 2 and "r10c1 is outside the 9×9 grid" in err and "Traceback" not in err


#: A 4×4 puzzle of one given that the three constraints make unique (see the solve test above).
UNIQUE4 = ["--box", "2x2", "--constraint", ROW_THERMO, "--constraint", "thermo:r2c4,r2c3",
           "--constraint", "odd:r3c1", "..............1."]


def test_explain_hint_and_rate_follow_the_constraints(capsys):
    status, out, err = run_cli(capsys, "explain", *UNIQUE4)
    assert status == 0, err
    assert "Thermometer Range" in out and out.splitlines()[-1].startswith("Solved in")
    status, out, _ = run_cli(capsys, "hint", "--json", *UNIQUE4)
    assert status == 0 and json.loads(out)["technique"]
    status, out, _ = run_cli(capsys, "rate", "--json", "--no-progress", *UNIQUE4)
    record = json.loads(out)
    assert status == 0 and record["status"] == "rated"
    assert [c["kind"] for c in json.loads(record["puzzle"])["constraints"]] == ["thermo", "thermo", "odd"]
    # Without the odd cell the puzzle has several answers: each command says so, none guesses.
    for command in ("explain", "hint"):
        status, _, err = run_cli(capsys, command, *UNIQUE4[:-3], UNIQUE4[-1])
        assert status == 1 and "several solutions" in err


@pytest.mark.parametrize("command", ["rate", "explain", "hint"])
def test_cells_for_another_size_name_the_box(capsys, command):
    status, out, err = run_cli(capsys, command, "--constraint", "thermo:r1c1,r1c2", "..............1.")
    assert status in (1, 2) and "cells are for 9×9 grids" in out + err and "--box" in out + err


@pytest.mark.parametrize("form", ["sudokit", "link", "fpuzzles"])
def test_generated_puzzles_piped_on_keep_their_constraints(capsys, monkeypatch, form):
    status, made, err = run_cli(capsys, "generate", "--variant", "thermo", "--size", "6", "--seed", "2",
                                "--form", form, "--no-progress")
    assert status == 0, err
    grid = read_link(made.strip()) if form != "sudokit" else Grid.from_json(made)
    kinds = sorted({c.kind for c in grid.rules.constraints})
    assert kinds == ["thermo"] and sum(1 for v in grid.cells if v) < 6  # too few givens without them
    for command in (["rate", "--json", "--no-progress"], ["explain"], ["hint", "--json"]):
        monkeypatch.setattr(sys, "stdin", io.StringIO(made))
        status, out, err = run_cli(capsys, *command, "-")
        assert status == 0, (command, err)
        if command[0] == "rate":
            assert json.loads(out)["status"] == "rated"
            puzzle = json.loads(json.loads(out)["puzzle"])
            assert {c["kind"] for c in puzzle["constraints"]} == {"thermo"}
        elif command[0] == "explain":
            assert "Thermometer" in out and out.splitlines()[-1].startswith("Solved in")
        else:
            assert json.loads(out)["level"] == 3


def test_solve_json_records_keep_the_rules(capsys, tmp_path):
    """A variant's ``--json`` record carries its rules (with any ``--constraint``), so the record
    reads back as the puzzle it answers; a classic record has none."""
    puzzle, spec = _thermo_puzzle_less_one()
    path = tmp_path / "puzzle.json"
    path.write_text(puzzle + "\n")
    status, out, err = run_cli(capsys, "solve", "--json", "--box", "2x3", "--constraint", spec, str(path))
    assert status == 0, err
    record = json.loads(out)
    grid = Grid.from_json(json.dumps({"format": "sudokit", "givens": record["puzzle"], **record["rules"]}))
    line = tuple((int(cell[1]) - 1) * 6 + int(cell[3]) - 1 for cell in spec[len("thermo:"):].split(","))
    assert Thermometer(line) in grid.rules.constraints  # the --constraint is in the record too
    answer = [int(ch) for ch in record["solution"]]
    assert check(grid.rules, answer) == []
    status, out, _ = run_cli(capsys, "solve", "--json", "." * 80 + "1")
    assert "rules" not in json.loads(out)
