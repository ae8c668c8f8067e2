"""``sudokit generate --variant KIND`` (#26): the output keeps the rules, so ``render -`` and
``show -`` read it back and draw (or list) the constraints; difficulty targets fail clearly."""

from __future__ import annotations

import json

import pytest

from sudokit.grid import Grid
from tests.helpers.cli import run_cli
from tests.helpers.processes import run, sudokit


def _pipe(first: list[str], second: list[str]) -> str:
    """``sudokit FIRST | sudokit SECOND``: the second command's standard output."""
    made = run(sudokit(*first), timeout=120, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    shown = run(sudokit(*second), timeout=120, input=made.stdout, capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    return str(shown.stdout)


@pytest.mark.parametrize(("variant", "element"), [
    ("x", 'class="diagonal"'), ("thermo", 'class="thermo'), ("killer", 'class="cage"'),
    ("kropki,arrow", 'class="arrow')])
def test_generate_then_render_draws_the_rules(variant: str, element: str) -> None:
    svg = _pipe(["generate", "--variant", variant, "--size", "6", "--seed", "4"], ["render", "-", "-o", "-"])
    assert svg.lstrip().startswith("<svg") and element in svg


def test_generate_then_show_lists_the_constraints() -> None:
    out = _pipe(["generate", "--variant", "littlekiller", "--size", "6", "--seed", "1"], ["show", "-"])
    assert "┌" in out and "littlekiller: r" in out and "(total " in out


def test_default_form_is_the_json_form_for_any_variant(capsys: pytest.CaptureFixture[str]) -> None:
    for variant in ("x", "whisper", "killer"):
        status, out, err = run_cli(capsys, "generate", "--variant", variant, "--size", "6", "--seed", "2")
        assert status == 0, err
        data = json.loads(out)
        assert data["format"] == "sudokit"
        assert Grid.from_string(out.strip()).all_rules.name != "classic" or data.get("constraints")
    status, out, _ = run_cli(capsys, "generate", "--size", "6", "--seed", "2")
    assert status == 0 and len(out.strip()) == 36  # classic: the line format


def test_fpuzzles_form_keeps_the_constraints(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run_cli(capsys, "generate", "--variant", "thermo", "--size", "6", "--form", "fpuzzles",
                             "--seed", "1")
    assert status == 0
    grid = Grid.from_string(out.strip())
    assert grid.rules.constraints and {c.kind for c in grid.rules.constraints} == {"thermo"}


def test_unreachable_difficulty_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "generate", "--variant", "killer", "--size", "6", "--difficulty",
                             "9.5-9.9", "--time-limit", "3", "--seed", "1")
    assert status == 1 and "levels seen" in err


def test_unknown_kind_and_size_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_cli(capsys, "generate", "--variant", "spaghetti", "--size", "6")
    assert status == 2 and "makes no" in err
    status, _, err = run_cli(capsys, "generate", "--variant", "thermo", "--size", "4")
    assert status == 2 and "6×6" in err


def test_no_logic_check_gives_the_unique_minimal_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    # little killer 6×6, seed 1: the setter's pass adds givens the logic needs; switched off, the
    # puzzle is the one generate(..., logic=False) makes
    from sudokit.generation.generator import generate

    args = ("generate", "--variant", "littlekiller", "--size", "6", "--seed", "1")
    status, checked, err = run_cli(capsys, *args)
    assert status == 0, err
    status, plain, err = run_cli(capsys, *args, "--no-logic-check")
    assert status == 0, err
    with_pass, without = Grid.from_string(checked.strip()), Grid.from_string(plain.strip())
    assert without == generate(variant="littlekiller", size=6, seed=1, logic=False)
    assert with_pass == generate(variant="littlekiller", size=6, seed=1)
    assert with_pass.clue_count > without.clue_count
