"""The README's transcript and every module's docstring examples run as tests (on both engines)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import sudokit
from sudokit.engine import backend
from tests.helpers.paths import ROOT

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(sudokit.__path__, "sudokit.")
    if not m.name.endswith(("__main__", "._core")) and ".web" not in m.name
)


@pytest.mark.parametrize("engine", [  # the pure-Python run is the slow twin (make test-slow)
    pytest.param(name, marks=pytest.mark.slow) if name == "python" else name
    for name in backend.available()
])
def test_readme(engine: str) -> None:
    """The README's code runs as written."""
    with backend.using(engine):
        result = doctest.testfile(
            str(ROOT / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS
        )
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name: str) -> None:
    """Docstring examples hold."""
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
