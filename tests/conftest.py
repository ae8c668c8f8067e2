"""Shared fixtures: the ``engine`` fixture runs a test once per engine built here (C and Python)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sudokit.engine import backend


@pytest.fixture(params=backend.available())
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """The name of the engine the test runs on, switched on for the test's duration."""
    name: str = request.param
    with backend.using(name):
        yield name
