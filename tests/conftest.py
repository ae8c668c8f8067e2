"""Shared fixtures of every test folder.

``engine`` runs a test once per engine built here (C and Python); ``shared_data`` is the folder
of the shared data sets (skipping the test without it). Helpers the folders share (the paths,
``run_cli`` for the command line in this process, processes that always stop) are in
``tests/helpers``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sudokit.engine import backend
from tests.helpers.paths import SHARED_DATA


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
