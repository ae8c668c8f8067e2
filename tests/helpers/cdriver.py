"""A small C program built against the repository's csrc/, for tests that drive a header of the
C core directly (the subset walk, the wing walk, the step struct)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import processes
from tests.helpers.paths import ROOT


def compiler() -> str:
    """A C compiler on PATH (the test skips without one)."""
    for name in ("cc", "gcc", "clang"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("no C compiler")


def build_driver(source: str, folder: Path) -> Path:
    """``source`` written to ``folder``, compiled with warnings as errors; the program's path."""
    path, binary = folder / "driver.c", folder / "driver"
    path.write_text(source)
    processes.run([compiler(), "-std=c11", "-O1", "-Wall", "-Werror", f"-I{ROOT / 'csrc'}",
                   str(path), "-o", str(binary)], timeout=120, check=True)
    return binary
