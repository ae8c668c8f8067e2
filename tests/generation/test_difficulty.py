"""Difficulty and technique targets of the generator: every form is parsed, every bad value is
refused at once (no puzzle is made before the error)."""

from __future__ import annotations

import time

import pytest

from sudokit import OptionError
from sudokit.cli import main
from sudokit.generation.difficulty import uses_technique as _uses
from sudokit.generation.generator import LEVELS, SE_SCALE, Options, options, parse_difficulty

TOP = SE_SCALE[1]


@pytest.mark.parametrize(
    ("given", "target"),
    [
        (None, None),
        ("7.0-8.5", (7.0, 8.5)),
        (" 7 - 8.5 ", (7.0, 8.5)),
        ("9.0-", (9.0, TOP)),
        ("-4.0", (0.0, 4.0)),
        ("7.5", (7.5, 7.5)),
        (7.5, (7.5, 7.5)),
        (3, (3.0, 3.0)),
        ((7, 8.5), (7.0, 8.5)),
        ([1.0, 2.0], (1.0, 2.0)),
        ("Hard", "hard"),
        ("EXTREME", "extreme"),
    ],
)
def test_difficulty_forms(given: object, target: object) -> None:
    assert parse_difficulty(given) == target
    assert options(difficulty=given).difficulty == target


def test_every_hodoku_level_is_a_target() -> None:
    assert LEVELS == ("easy", "medium", "hard", "unfair", "extreme")
    assert [parse_difficulty(level.title()) for level in LEVELS] == list(LEVELS)


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ("hardest", "unknown difficulty 'hardest'"),
        ("", "unknown difficulty ''"),
        ("-", "unknown difficulty '-'"),
        ("7-8-9", "unknown difficulty"),
        ("8.5-7.0", "empty difficulty range '8.5-7.0'"),
        ((8.5, 7.0), "empty difficulty range"),
        ("99", "off the SE scale"),
        (99, "off the SE scale"),
        (-1, "off the SE scale"),
        ((-1, 3), "off the SE scale"),
        ("nan", "off the SE scale"),
        (True, "bad difficulty"),
        ((1, 2, 3), "two ends"),
    ],
)
def test_bad_difficulty_is_refused_with_the_valid_values(given: object, problem: str) -> None:
    with pytest.raises(OptionError, match=problem) as caught:
        options(difficulty=given)
    if "ends" not in problem:
        assert "easy, medium, hard, unfair, extreme" in str(caught.value)
        assert "9.0-" in str(caught.value) and "-4.0" in str(caught.value)


def test_options_checks_a_difficulty_given_directly() -> None:
    assert Options(difficulty="9.0-").difficulty == (9.0, TOP)  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="empty"):
        Options(difficulty="5-4")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("given", "name"),
    [("x wing", "X-Wing"), ("HIDDEN-SINGLE", "Hidden Single"), ("Full House", "Full House"),
     ("Dynamic Forcing Chain (+)", "Dynamic Forcing Chain (+)"), (None, None)],
)
def test_technique_targets(given: str | None, name: str | None) -> None:
    assert options(technique=given).technique == name


@pytest.mark.parametrize(
    ("given", "problem"),
    [("bogus", "unknown technique 'bogus'"),
     ("Skyscraper", "'Skyscraper' is not one of Sudoku Explainer's techniques")],
)
def test_bad_technique_is_refused_with_the_valid_names(given: str, problem: str) -> None:
    with pytest.raises(OptionError, match=problem) as caught:
        options(technique=given)
    assert "X-Wing" in str(caught.value) and "Skyscraper" not in str(caught.value).split("(", 1)[1]


def test_a_technique_target_matches_its_steps() -> None:
    assert _uses("Hidden Single", {"Full House": 3})  # a technique: any step it yields
    assert _uses("Pointing", {"Claiming": 1})
    assert _uses("Forcing Chain", {"Bidirectional Y-Cycle": 1})
    assert not _uses("Full House", {"Hidden Single": 3})  # a step name: that step only
    assert not _uses("Dynamic Forcing Chain", {"Dynamic Region Forcing Chains (+)": 1})


def test_cli_generate_refuses_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    start = time.monotonic()
    for args in (["--difficulty", "8.5-7.0"], ["--difficulty", "impossible"], ["--technique", "bogus"],
                 ["--difficulty=-4.0", "--technique", "Skyscraper"]):
        assert main(["generate", "--no-progress", *args]) == 2
        assert "choose" in capsys.readouterr().err
    assert time.monotonic() - start < 5
