"""Hints in three levels (where to look, which technique, the whole step), every available step
of a position (``steps_available``), and the ``sudokit hint --level`` / ``sudokit steps`` commands."""

from __future__ import annotations

import json

import pytest

import sudokit
from sudokit import Candidates, Grid, Hint, OptionError, Step, hint, steps_available
from sudokit.cli import main
from sudokit.techniques import family_of, resolve
from sudokit.techniques.explain import focus

EASY = "...456..9..6.......891..45.2.........7..9.....35......397...5.......4.72.....5361"
#: A 17-clue puzzle whose SE path needs one X-Wing (SE 3.2).
XWING = "................12....345........3....6.......71..8......2.6..834.......5..7....."


def _xwing_position() -> Candidates:
    """The position of XWING's SE path just before its X-Wing (no single is left there)."""
    cands = Candidates.from_grid(Grid.from_string(XWING))
    for step in sudokit.explain(XWING, se_only=True):
        if step.technique == "X-Wing":
            return cands
        step.apply(cands)
    raise AssertionError("the path has no X-Wing")


def _hidden_singles(grid: Grid) -> set[tuple[int, int]]:
    """Every (cell, digit) a hidden single (or full house) places, found by brute force."""
    cands = Candidates.from_grid(grid)
    found = set()
    for unit in grid.shape.units:
        for digit in range(1, 10):
            places = cands.places(digit, unit)
            if len(places) == 1 and not grid.cells[places[0]]:
                found.add((places[0], digit))
    return found


# -- hint levels ------------------------------------------------------------------------------------


def test_hint_levels_say_more_and_more() -> None:
    one, two, three = (hint(EASY, level=level) for level in (1, 2, 3))
    step = next(sudokit.explain(EASY))
    assert three.step == step and three.level == 3 and three.message == step.explanation
    assert one == Hint(1, "Look at box 1", tuple(Grid.from_string(EASY).shape.units[18]), 18)
    assert one.technique is None and one.step is None
    assert two.technique == "Hidden Single" and two.difficulty == 1.2 and two.step is None
    assert two.message == "Look at box 1: try Hidden Single" and two.cells == one.cells
    assert hint(EASY).step == step  # level 3 is the default


def test_hint_level_one_names_cells_when_the_step_has_no_unit() -> None:
    step = Step("Naked Single", 2.3, placements=((10, 7),), cells=(10,))
    shape = Grid.from_string(EASY).shape
    assert focus(step, shape) == (None, (10,))
    assert Hint.of(step, shape, 1).message == "Look at r2c2"
    chain = Step("AIC", 7.0, eliminations=((3, 1), (4, 1), (5, 1), (6, 1), (7, 1)))
    assert Hint.of(chain, shape, 1).message == "Look at r1c4, r1c5, r1c6, r1c7, …"


def test_hint_levels_of_a_mistake_and_of_a_solved_grid() -> None:
    wrong = Grid.from_string(EASY).with_cell(0, 7)  # r1c1 is 1 in the solution
    one = hint(wrong, puzzle=EASY, level=1)
    assert one.message == "Look at r1c1" and one.cells == (0,)
    assert hint(wrong, puzzle=EASY, level=2).message == "Look at r1c1: a digit placed there is wrong"
    solved = hint(sudokit.solve(EASY), level=1)
    assert solved.message == "The grid is solved" and solved.cells == ()
    assert hint(sudokit.solve(EASY), level=2).technique == "Solved"


@pytest.mark.parametrize("level", [0, 4, True, "2"])
def test_hint_rejects_a_bad_level(level: object) -> None:
    with pytest.raises(OptionError, match="level must be 1, 2 or 3"):
        hint(EASY, level=level)  # type: ignore[arg-type]


def test_hint_to_dict() -> None:
    shape = Grid.from_string(EASY).shape
    one = hint(EASY, level=1).to_dict(shape)
    assert one == {"level": 1, "message": "Look at box 1", "unit": "box 1",
                   "cells": ["r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"]}
    three = hint(EASY).to_dict(shape)
    assert three["technique"] == "Hidden Single" and three["step"]["placements"]
    json.dumps(hint(EASY).to_dict())


# -- steps_available --------------------------------------------------------------------------------


def test_steps_available_lists_every_hidden_single() -> None:
    grid = Grid.from_string(EASY)
    singles = steps_available(grid, techniques=["hidden single"])
    placed = [p for step in singles for p in step.placements]
    assert len(placed) == len(set(placed))  # a cell found in two units is listed once
    assert set(placed) == _hidden_singles(grid)
    assert {s.technique for s in singles} <= {"Hidden Single", "Full House"}


@pytest.mark.slow  # every technique, the Python chains included, on one position (~17 s)
def test_steps_available_finds_the_x_wing() -> None:
    cands = _xwing_position()
    found = steps_available(cands.to_grid(), cands)
    xwings = [s for s in found if s.technique == "X-Wing"]
    assert [s.eliminations for s in xwings] == [((4, 6), (6, 6), (31, 6), (69, 6))]
    assert not any(s.placements and s.technique in ("Hidden Single", "Naked Single") for s in found)
    names = [s.technique for s in found]
    assert names.index("X-Wing") < names.index("Swordfish")  # registry order
    keys = [(s.technique, s.placements, tuple(sorted(s.eliminations))) for s in found]
    assert len(keys) == len(set(keys))
    assert not any(name.startswith("Dynamic Forcing Chain (+ ") for name in names)  # nested: named only


def test_steps_available_keeps_to_the_techniques_named() -> None:
    cands = _xwing_position()
    found = steps_available(cands.to_grid(), cands, techniques=["swordfish", resolve("X-Wing")])
    assert [s.technique for s in found] == ["X-Wing", "Swordfish"]  # registry order, not the caller's
    with pytest.raises(OptionError, match=r"unknown technique 'bogus'.*Hidden Single"):
        steps_available(EASY, techniques=["bogus"])


def test_steps_available_checks_the_position() -> None:
    with pytest.raises(sudokit.MultipleSolutionsError):
        steps_available("." * 81)
    with pytest.raises(sudokit.TimeLimitReached):
        steps_available(XWING, techniques=["Dynamic Forcing Chain (+ Dynamic Forcing Chains)"],
                        time_limit=0.05)


def test_step_names_belong_to_their_technique() -> None:
    assert family_of("Full House") == "Hidden Single"
    assert family_of("claiming") == "Pointing"
    assert family_of("Unique Loop 8 type 3") == "Unique Rectangle"
    assert family_of("Bidirectional X-Cycle") == "Forcing Chain"
    assert family_of("Region Forcing Chains") == "Multiple Forcing Chain"
    assert family_of("Dynamic Contradiction Forcing Chain") == "Dynamic Forcing Chain"
    assert family_of("Dynamic Cell Forcing Chains (+ Forcing Chains)") == (
        "Dynamic Forcing Chain (+ Forcing Chains)")
    assert family_of("Sashimi Swordfish") == "Finned Fish"
    assert family_of("bogus") is None and family_of("bogus (+)") is None


# -- the command line -------------------------------------------------------------------------------


def test_cli_hint_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", "--level", "1", EASY]) == 0
    assert capsys.readouterr().out == "Look at box 1\n"
    assert main(["hint", "--level", "2", EASY]) == 0
    assert capsys.readouterr().out == "Look at box 1: try Hidden Single\n"
    assert main(["hint", EASY]) == 0
    assert capsys.readouterr().out.startswith("Hidden Single (1.2): In box 1")
    assert main(["hint", "--level", "2", "--json", EASY]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["technique"] == "Hidden Single" and answer["unit"] == "box 1" and "step" not in answer
    bad = "7" + EASY[1:]  # r1c1 is 1 in the solution
    assert main(["hint", "--level", "1", bad, "--puzzle", EASY]) == 1
    assert capsys.readouterr().out == "Look at r1c1\n"
    assert main(["hint", "--level", "4", EASY]) == 2
    assert "invalid choice: 4" in capsys.readouterr().err


def test_cli_steps(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["steps", EASY, "--technique", "Hidden Single"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(_hidden_singles(Grid.from_string(EASY)))
    assert all(line.startswith(("Hidden Single (", "Full House (")) for line in lines)
    cands = _xwing_position()
    marks = cands.to_string()
    assert main(["steps", cands.to_grid().to_string(), "--marks", marks, "--json", "-t", "x-wing"]) == 0
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["technique"] == "X-Wing" and record["eliminations"][0] == ["r1c5", 6]
    assert main(["steps", EASY, "-t", "jellyfish"]) == 1  # no step: exit 1, nothing written
    assert capsys.readouterr().out == ""
    assert main(["steps", EASY, "-t", "bogus"]) == 2
    assert "unknown technique 'bogus'" in capsys.readouterr().err


def test_iter_steps_available_is_steps_available_one_at_a_time() -> None:
    from sudokit.techniques.explain import iter_steps_available

    some = ["Hidden Single", "Naked Single", "Pointing", "Naked Pair", "X-Wing", "Unique Rectangle"]
    listed = steps_available(XWING, techniques=some)
    assert listed and list(iter_steps_available(XWING, techniques=some)) == listed
    with pytest.raises(OptionError, match="unknown technique"):
        iter_steps_available(EASY, techniques=["bogus"])  # raised at the call, before any step
    with pytest.raises(sudokit.SudokuError):
        iter_steps_available("1" * 81)


def test_cli_steps_keeps_the_steps_found_before_the_time_ran_out(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sudokit.cli.steps as steps_cli
    from sudokit.errors import TimeLimitReached

    first = steps_available(EASY, techniques=["Hidden Single"])[0]

    def one_then_out_of_time(*args: object, **kwargs: object) -> object:
        yield first
        raise TimeLimitReached("time limit of 1 s reached")

    monkeypatch.setattr(steps_cli, "iter_steps_available", one_then_out_of_time)
    assert main(["steps", EASY, "--time-limit", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out.startswith("Hidden Single (") and len(captured.out.splitlines()) == 1
    assert "time limit" in captured.err
