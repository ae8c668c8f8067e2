"""A script of the repository (benchmarks/, tools/) loaded as a module, for tests that call it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_script(path: Path, name: str) -> ModuleType:
    """The file at ``path`` run as the module ``name``, registered in ``sys.modules`` (where
    dataclasses look their module up)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module
