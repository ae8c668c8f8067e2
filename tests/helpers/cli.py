"""The ``sudokit`` command run in this process, its output taken with pytest's ``capsys``."""

from __future__ import annotations

import pytest

from sudokit import cli


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``sudokit argv…`` in this process: (exit status, stdout, stderr)."""
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err
