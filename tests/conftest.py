"""Shared fixtures of every test folder.

``engine`` runs a test once per engine built here (C and Python); ``shared_data`` is the folder
of the shared data sets (skipping the test without it). Helpers the folders share (the paths,
``run_cli`` for the command line in this process, processes that always stop) are in
``tests/helpers``.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit.engine import backend
from tests.helpers.paths import SHARED_DATA

#: Modules whose tests share one expensive module-scoped fixture: under pytest-xdist's
#: ``--dist loadgroup`` (``make test``) each runs on one worker, so the fixture is made once.
XDIST_GROUPS = {
    "tests/batch/test_distributed.py": "dask",  # a LocalCluster of two worker processes
    "tests/web/test_browser.py": "browser",  # a headless chromium
}


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C as in a terminal, in this process and in each xdist worker: a shell starts a
    background job (``make test &``) with SIGINT ignored, Python then raises no
    KeyboardInterrupt, and the tests that interrupt their own process expect one."""
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


#: Tests whose pure-Python twin (the ``engine`` fixture's "python" run) is among the slowest of
#: ``make test``: that twin is marked slow (``make test-slow`` runs it), the C run stays.
SLOW_PYTHON_TWINS = {
    "tests/model/test_variants.py::test_small_grids_count_as_the_checker",
    "tests/generation/test_generator.py::test_dig_symmetry_and_minimality",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Put the tests of XDIST_GROUPS' modules in their groups (before xdist reads the marks), and
    mark the pure-Python twins of SLOW_PYTHON_TWINS slow (before ``-m`` selects)."""
    for item in items:
        group = XDIST_GROUPS.get(item.nodeid.split("::")[0])
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
        callspec = getattr(item, "callspec", None)
        if item.nodeid.split("[")[0] in SLOW_PYTHON_TWINS and callspec is not None \
                and callspec.params.get("engine") == "python":
            item.add_marker(pytest.mark.slow)


@pytest.fixture(params=backend.available())
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """The name of the engine the test runs on, switched on for the test's duration."""
    name: str = request.param
    with backend.using(name):
        yield name


@pytest.fixture
def shared_data() -> Path:
    """The shared data sets (``../shared/data`` or ``$SUDOKIT_SHARED_DATA``); skip without them."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"no shared data sets at {SHARED_DATA} (set SUDOKIT_SHARED_DATA)")
    return SHARED_DATA
