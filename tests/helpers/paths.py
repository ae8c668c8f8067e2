"""Where the tests find things: the repository, its examples, and the shared data sets.

The data sets (cbg-000, top95, 17_clue, the published ratings, …) are public and large, so they
are not in the repository: they live in ``shared/data`` beside it (``<repo>/../shared/data``, as
on every developer's machine and on CI). ``SUDOKIT_SHARED_DATA`` names another folder
(``SUDOKIT_DATA``, its older name, still works). Tests that need a data set skip without it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: The repository (the folder holding pyproject.toml).
ROOT = Path(__file__).resolve().parents[2]
#: The repository's tests/ folder.
TESTS = ROOT / "tests"
#: examples/: the sample puzzles of the README.
EXAMPLES = ROOT / "examples"


def _shared_data() -> Path:
    for name in ("SUDOKIT_SHARED_DATA", "SUDOKIT_DATA"):
        if os.environ.get(name):
            return Path(os.environ[name])
    return ROOT.parent / "shared" / "data"


#: The shared data sets: ``$SUDOKIT_SHARED_DATA``, or ``../shared/data`` beside the repository.
SHARED_DATA = _shared_data()

#: Skip a test when the shared data sets are not there.
needs_shared_data = pytest.mark.skipif(
    not SHARED_DATA.is_dir(), reason=f"no shared data sets at {SHARED_DATA} (set SUDOKIT_SHARED_DATA)"
)
