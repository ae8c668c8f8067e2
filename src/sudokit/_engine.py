"""Choose the engine behind :mod:`sudokit.solver`: the C core, or the pure-Python reference.

``SUDOKIT_IMPL=python`` in the environment forces the reference engine; ``SUDOKIT_IMPL=c``
requires the C core. Otherwise the C core is used when it was built, and the reference engine
(with a one-time warning) when it was not.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

from sudokit import reference
from sudokit.errors import EngineError

__all__ = ["Engine", "available", "current", "use", "using"]


class Engine(Protocol):
    """The operations both engines provide (see :mod:`sudokit.reference` for their meaning)."""

    def solve(
        self, cells: bytes, box_rows: int, box_cols: int, limit: int
    ) -> tuple[int, bytes | None, int]: ...

    def solve_lines(
        self, puzzles: Sequence[str | bytes], limit: int, box_rows: int = 3, box_cols: int = 3
    ) -> tuple[list[int], list[str | None]]: ...

    def solve_array(
        self, puzzles: Any, out: Any, counts: Any, limit: int, box_rows: int = 3, box_cols: int = 3
    ) -> None: ...


def _load_core() -> Engine | None:
    """Import the C extension, or return None if it was not built."""
    try:
        from sudokit import _core  # type: ignore[attr-defined]
    except ImportError:
        return None
    engine: Engine = _core
    return engine


_ENGINES: dict[str, Engine] = {"python": reference}
_CORE = _load_core()
if _CORE is not None:
    _ENGINES["c"] = _CORE


def _initial() -> str:
    """The engine named by SUDOKIT_IMPL, or the best one available."""
    wanted = os.environ.get("SUDOKIT_IMPL", "").strip().lower()
    if wanted in ("python", "py", "reference"):
        return "python"
    if wanted == "c":
        if _CORE is None:
            raise EngineError("SUDOKIT_IMPL=c but the C extension sudokit._core is not built")
        return "c"
    if wanted:
        raise EngineError(f"SUDOKIT_IMPL={wanted!r} names no engine (use 'c' or 'python', or leave it unset)")
    if _CORE is None:
        warnings.warn(
            "sudokit's C extension is not built; using the (much slower) pure-Python engine",
            RuntimeWarning,
            stacklevel=3,
        )
        return "python"
    return "c"


_current = _initial()


def available() -> list[str]:
    """The names of the engines that can be used here (``"c"`` only when it was built)."""
    return sorted(_ENGINES)


def current() -> Engine:
    """The engine in use."""
    return _ENGINES[_current]


def current_name() -> str:
    """The name of the engine in use: ``"c"`` or ``"python"``."""
    return _current


def use(name: str) -> None:
    """Switch the process to the named engine (``"c"`` or ``"python"``)."""
    global _current
    if name not in _ENGINES:
        raise EngineError(f"engine {name!r} is not available here (have: {', '.join(available())})")
    _current = name


@contextmanager
def using(name: str) -> Iterator[None]:
    """Use the named engine inside a ``with`` block (tests run everything on both)."""
    before = _current
    use(name)
    try:
        yield
    finally:
        use(before)
