"""The hostile-input table (issue 17): every row passes, and docs/reliability.md is current.

The rows are made by ``tests/cli/hostile.py`` (run it to write the page again after a change).
One test a command (its 17 rows, each a fresh process) rather than one test for the whole table,
so that pytest-xdist spreads the table over every core; each checks its own rows against the
published page, and one more test checks that the page names no other subject.
"""

from __future__ import annotations

import functools

import pytest

from tests.cli import hostile  # the table's builder lives beside the tests

NAMED = {"exit 0", "exit 1", "exit 2"}


@functools.cache
def _call_rows() -> list[hostile.Row]:
    return hostile.api_rows()


@functools.cache
def _published() -> list[str]:
    """The outcome columns of every row of docs/reliability.md."""
    return hostile.outcomes(hostile.DOC.read_text(encoding="utf-8"))


def _named(row: hostile.Row) -> bool:
    """True when a failing command said why on standard error (``rate`` names the problem in
    its table row and ``hint`` in its hint, "a wrong digit", on standard output instead)."""
    reported = row.subject in ("rate", "hint") and row.outcome == "exit 1"
    return row.message.startswith(("sudokit", "#")) or reported


def _assert_current(subject: str, rows: list[hostile.Row]) -> None:
    """The subject's rows say what docs/reliability.md says of it."""
    fresh = hostile.outcomes(hostile.table(rows))
    published = [row for row in _published() if row.startswith(f"`{subject}` |")]
    changed = sorted(set(fresh) ^ set(published))
    assert not changed, "docs/reliability.md is out of date (python tests/cli/hostile.py):\n" + "\n".join(
        changed[:20]
    )


@pytest.mark.parametrize("command", list(hostile.COMMANDS))
def test_command_rows(command: str) -> None:
    """Every input class given to the command: a named answer within bounds, unreadable input a
    usage error, and the outcomes the published table shows."""
    rows = hostile.command_rows(names=(command,))
    assert len(rows) == len(hostile.CLASSES)
    bad = [row for row in rows
           if row.traceback or row.outcome not in NAMED or row.seconds > hostile.TIME_BOUND
           or (row.peak_mib or 0) > hostile.MEMORY_BOUND
           or (row.outcome != "exit 0" and not _named(row))]  # fmt: skip
    assert not bad, hostile.table(bad)
    for row in rows:
        if row.input in ("missing file", "directory"):
            assert row.outcome == "exit 2", row
        if row.input == "closed stdin" and row.subject not in ("render", "show", "book", "compare"):
            assert row.outcome == "exit 2" and "standard input is closed" in row.message, row
    _assert_current(command, rows)


def test_every_call_row_is_a_named_error_or_an_answer() -> None:
    call_rows = _call_rows()
    bad = [row for row in call_rows if row.traceback or row.seconds > hostile.TIME_BOUND]
    assert not bad, hostile.table(bad)
    for row in call_rows:
        if row.input in ("None", "numpy float", "numpy wrong shape") and "many" not in row.subject:
            assert row.outcome == "TypeError", row
        unreadable = row.input in ("wrong length", "bad character", "50 MB string", "binary")
        if unreadable and "many" not in row.subject:
            assert row.outcome.endswith("Error") and row.outcome != "TypeError", row
    for subject in sorted({row.subject for row in call_rows}):
        _assert_current(subject, [row for row in call_rows if row.subject == subject])


def test_the_published_table_names_only_current_subjects() -> None:
    """No row of docs/reliability.md is for a command or function the table no longer runs (the
    tests above check each current subject's rows)."""
    subjects = set(hostile.COMMANDS) | {row.subject for row in _call_rows()}
    stale = [row for row in _published() if row.split(" | ")[0].strip("`") not in subjects]
    assert not stale, "docs/reliability.md is out of date (python tests/cli/hostile.py):\n" + "\n".join(
        stale[:20]
    )
