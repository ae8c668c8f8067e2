"""The front door (``import sudokit``) gives every public name, and loads each subsystem only when
it is first used: importing sudokit and starting a command stay quick."""

from __future__ import annotations

import json
import sys

import pytest

import sudokit
from tests.helpers.paths import ROOT
from tests.helpers.processes import run

#: Subsystems that neither ``import sudokit`` nor ``sudokit solve`` needs.
HEAVY = ("sudokit.strategies", "sudokit.rating", "sudokit.generation", "sudokit.render.booklet",
         "sudokit.bank", "sudokit.dataset", "sudokit.techniques")


def loaded_after(code: str) -> list[str]:
    """The sudokit modules a fresh interpreter holds after running ``code``."""
    probe = (f"import sys\n{code}\n"
             "import json; print(json.dumps(sorted(m for m in sys.modules if m.startswith('sudokit'))))")
    done = run([sys.executable, "-c", probe], timeout=60, capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


def heavy_in(modules: list[str]) -> list[str]:
    """The modules of ``modules`` that belong to a subsystem of :data:`HEAVY`."""
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)]


def test_every_public_name_resolves_and_is_listed() -> None:
    """Each name of ``__all__`` is reachable and shows in ``dir(sudokit)``."""
    for name in sudokit.__all__:
        assert getattr(sudokit, name) is not None, name
    assert set(sudokit.__all__) <= set(dir(sudokit))
    assert sudokit.svg is sys.modules["sudokit.render.svg"]
    assert sudokit.Grid is sys.modules["sudokit.grid"].Grid


def test_subpackages_are_reached_through_the_front_door() -> None:
    """``import sudokit`` then ``sudokit.render.svg.grid`` works as before the door was lazy."""
    loaded = loaded_after("import sudokit\nassert callable(sudokit.render.svg.grid)\n"
                          "assert callable(sudokit.rating.explainer.rate)")
    assert "sudokit.render.svg" in loaded and "sudokit.rating.explainer" in loaded


def test_an_unknown_name_is_an_attribute_error() -> None:
    """A name the front door does not have fails as a missing attribute does."""
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = sudokit.no_such_name  # type: ignore[attr-defined]


def test_import_sudokit_loads_no_subsystem() -> None:
    """``import sudokit`` alone loads the errors and nothing heavy."""
    loaded = loaded_after("import sudokit")
    assert heavy_in(loaded) == []
    assert "sudokit.grid" not in loaded


def test_a_name_loads_its_own_subsystem_only() -> None:
    """``from sudokit import solve`` loads the solver, not the rater or the generator."""
    loaded = loaded_after("from sudokit import solve, Grid")
    assert "sudokit.engine.solver" in loaded
    assert heavy_in(loaded) == []


def test_star_import_gives_everything() -> None:
    """``from sudokit import *`` binds every public name."""
    loaded = loaded_after("from sudokit import *\nassert callable(rate) and callable(generate)")
    assert "sudokit.rating" in loaded


def test_a_command_imports_only_its_own_module() -> None:
    """``sudokit solve`` starts without the generator, the rater or the other commands."""
    loaded = loaded_after("from sudokit.cli import main\n"
                          "assert main(['solve', 'examples/sample.txt']) == 0")
    assert heavy_in(loaded) == []
    assert "sudokit.cli.solve" in loaded
    assert "sudokit.cli.generate" not in loaded
