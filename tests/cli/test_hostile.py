"""The hostile-input table (issue 17): every row passes, and docs/reliability.md is current.

The rows are made by ``tests/cli/hostile.py`` (run it to write the page again after a change).
"""

from __future__ import annotations

import functools

import pytest

from tests.cli import hostile  # the table's builder lives beside the tests

NAMED = {"exit 0", "exit 1", "exit 2"}


# The rows are made once per process (functools.cache), not once per module: pytest-xdist may
# finish a worker's queue between two tests of this module, which ends module-scoped fixtures.
@pytest.fixture(scope="module")
def command_rows() -> list[hostile.Row]:
    """Every command on every input class (about a minute on two cores)."""
    return _command_rows()


@pytest.fixture(scope="module")
def call_rows() -> list[hostile.Row]:
    """Every front-door function on every input class."""
    return _call_rows()


@functools.cache
def _command_rows() -> list[hostile.Row]:
    return hostile.command_rows()


@functools.cache
def _call_rows() -> list[hostile.Row]:
    return hostile.api_rows()


def _named(row: hostile.Row) -> bool:
    """True when a failing command said why on standard error (``rate`` names the problem in
    its table row and ``hint`` in its hint, "a wrong digit", on standard output instead)."""
    reported = row.subject in ("rate", "hint") and row.outcome == "exit 1"
    return row.message.startswith(("sudokit", "#")) or reported


def test_every_command_row_is_a_named_answer(command_rows: list[hostile.Row]) -> None:
    assert len(command_rows) == len(hostile.COMMANDS) * len(hostile.CLASSES)
    bad = [row for row in command_rows
           if row.traceback or row.outcome not in NAMED or row.seconds > hostile.TIME_BOUND
           or (row.peak_mib or 0) > hostile.MEMORY_BOUND
           or (row.outcome != "exit 0" and not _named(row))]  # fmt: skip
    assert not bad, hostile.table(bad)


def test_unreadable_inputs_are_usage_errors(command_rows: list[hostile.Row]) -> None:
    for row in command_rows:
        if row.input in ("missing file", "directory"):
            assert row.outcome == "exit 2", row
        if row.input == "closed stdin" and row.subject not in ("render", "show", "book", "compare"):
            assert row.outcome == "exit 2" and "standard input is closed" in row.message, row


def test_every_call_row_is_a_named_error_or_an_answer(call_rows: list[hostile.Row]) -> None:
    bad = [row for row in call_rows if row.traceback or row.seconds > hostile.TIME_BOUND]
    assert not bad, hostile.table(bad)
    for row in call_rows:
        if row.input in ("None", "numpy float", "numpy wrong shape") and "many" not in row.subject:
            assert row.outcome == "TypeError", row
        unreadable = row.input in ("wrong length", "bad character", "50 MB string", "binary")
        if unreadable and "many" not in row.subject:
            assert row.outcome.endswith("Error") and row.outcome != "TypeError", row


def test_the_published_table_is_current(
    command_rows: list[hostile.Row], call_rows: list[hostile.Row]
) -> None:
    fresh = hostile.outcomes(hostile.document(command_rows, call_rows))
    published = hostile.outcomes(hostile.DOC.read_text(encoding="utf-8"))
    changed = sorted(set(fresh) ^ set(published))
    assert not changed, "docs/reliability.md is out of date (python tests/cli/hostile.py):\n" + "\n".join(
        changed[:20]
    )
