"""The one place that chooses the engine: the C core (``sudokit._core``) or the pure-Python reference.

Every feature asks this module for its engine, per call, and never imports ``_core`` itself:

- :func:`select` gives the **solving** operations both engines have (:class:`Engine`);
- :func:`native` gives the C core with its 9×9-only operations (:class:`NativeEngine`: the
  generator's, the canonical form's and the human techniques' rater), or ``None`` when the
  chosen engine is the Python one (features then run their Python twins).

Which engine a call uses, first match wins:

1. the call's own ``engine="c"`` / ``engine="python"`` argument (``solve``, ``rate``, ``generate``,
   ``canonical`` … take one);
2. the innermost :func:`using` block around the call **in the same thread** (tests run
   everything on both engines this way);
3. :data:`DEFAULT`: ``SUDOKIT_IMPL`` (``c`` or ``python``) read once at import, else the C core
   when it was built (the Python one, with a warning, when it was not).

:func:`using` keeps its choice in a :class:`contextvars.ContextVar`: each thread (and each
asyncio task) sees its own value and a new thread starts with none, so one thread's ``using``
block never changes the engine of another. Nothing here is process-wide mutable state:
:data:`DEFAULT` and the table of engines are fixed at import.

>>> select("python").solve(bytes(16), 2, 2, 1)[0]
1
>>> native("python") is None
True
"""

from __future__ import annotations

import importlib
import os
import warnings
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any, Final, Protocol

from sudokit.engine import constraints, reference
from sudokit.errors import EngineError
from sudokit.rules import Rules
from sudokit.rules.base import digit_values

__all__ = [
    "DEFAULT",
    "Engine",
    "HodokuExternal",
    "HodokuStepTuple",
    "NativeEngine",
    "NativeStep",
    "available",
    "name_of",
    "native",
    "rules_table",
    "select",
    "using",
]


class Engine(Protocol):
    """The solving operations both engines provide (see :mod:`sudokit.engine.reference` for their meaning)."""

    def solve(
        self, cells: bytes, box_rows: int, box_cols: int, limit: int, seconds: float = 0.0,
        stop: Any = None,
    ) -> tuple[int, bytes | None, int]:
        """``(count up to limit, first solution or None, guesses)`` of N×N cell values (0 = empty).

        ``seconds`` (0: none) is a time limit: the count is ``-4`` when it ran out. ``stop`` (every
        call that can take long has it) is a stop flag, :attr:`sudokit.limits.Stop.buffer`: once
        another thread sets it the call raises :class:`~sudokit.errors.Stopped`.
        """
        ...

    def solve_lines(
        self, puzzles: Sequence[str | bytes], limit: int, box_rows: int = 3, box_cols: int = 3,
        seconds: float = 0.0, stop: Any = None,
    ) -> tuple[list[int], list[str | None]]:
        """Counts and solutions of line-format puzzles (a negative count: malformed, duplicate,
        or ``-4``: the time limit per puzzle ran out)."""
        ...

    def solve_array(
        self, puzzles: Any, out: Any, counts: Any, limit: int, box_rows: int = 3, box_cols: int = 3,
        seconds: float = 0.0, stop: Any = None,
    ) -> None:
        """Solve the rows of an ``(n, N²)`` uint8 array into ``out`` and ``counts``."""
        ...


#: One step of the C human techniques: name, difficulty in tenths, HoDoKu score (-1: the
#: technique's), placements and eliminations as ``(cell, digit)`` pairs.
NativeStep = tuple[str, int, int, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]


#: One step of the C HoDoKu path: kind (index of ``sudokit.rating.hodoku.path.HODOKU_STEPS``, 99 for
#: BRUTE_FORCE), name, placements and eliminations as ``(cell, digit)`` pairs, cells.
HodokuStepTuple = tuple[int, str, tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], tuple[int, ...]]
#: What the C HoDoKu path asks for a step type without a C finder: ``(kind, givens, values,
#: masks)`` of the board -> its step or None.
HodokuExternal = Callable[[int, bytes, bytes, Sequence[int]], HodokuStepTuple | None]


class NativeEngine(Engine, Protocol):
    """The C core: the solving operations plus its 9×9-only ones (csrc/module/core.c's method table).

    ``seconds`` arguments are wall-clock time limits; ``0`` means none.
    """

    def gen9_dig(
        self, seed: int, orbit: bytes | None, target: int, mask: bytes | None, strict_minimal: bool, /
    ) -> tuple[bytes, bytes] | None:
        """One attempt of the dig method: ``(puzzle, solution)``, or None when the target was missed."""
        ...

    def gen9_fill(
        self, seed: int, k: int, dig: bool, seconds: float = 0.0, stop: Any = None, /
    ) -> tuple[bytes, bytes, int, int, int, int] | None:
        """Seed 003's random fill: puzzle, solution, rounds, solver calls, clues, clues after
        digging; None when ``seconds`` (0: none) ran out first."""
        ...

    def gen9_cbg(
        self, seed: int, grid: bytes, trials: int, max_out: int = 64, seconds: float = 0.0,
        stop: Any = None, /,
    ) -> tuple[list[bytes], int, bool]:
        """Berthier's controlled-bias trials on one grid: (puzzles found, trials run, timed out)."""
        ...

    def gen9_is_minimal(self, cells: bytes, solution: bytes, /) -> bool:
        """True when no single clue of the unique puzzle can go."""
        ...

    def canon9(self, cells: bytes, /) -> bytes:
        """The minlex form of a 9×9 puzzle."""
        ...

    def canon9_lines(
        self, puzzles: Sequence[str | bytes], empty: str = "0", stop: Any = None
    ) -> list[str | int]:
        """The minlex form of each 9×9 line, or a negative status (malformed, duplicate given)."""
        ...

    def human9_names(self) -> tuple[str, ...]:
        """The technique names of the C rater's SE order."""
        ...

    def human9_find(
        self, index: int, values: bytes, masks: Sequence[int], seconds: float = 0.0, stop: Any = None, /
    ) -> NativeStep | str | None:
        """The first step of technique ``index``, None, ``'limit'`` or ``'unported'``."""
        ...

    def hodoku_ported(self) -> tuple[int, ...]:
        """The HoDoKu step kinds (indices of ``HODOKU_STEPS``) with a C finder."""
        ...

    def hodoku_path(
        self, cells: bytes, solution: bytes,
        external: HodokuExternal | None = None,
        seconds: float = 0.0, stop: Any = None, ask: Sequence[int] = (),
    ) -> tuple[int, tuple[HodokuStepTuple, ...]]:
        """HoDoKu's path of a 9×9 puzzle (csrc/hodoku/hodoku9_path.c): ``(status, steps)``, ``external``
        asked for the step kinds without a C finder and those in ``ask`` (status 0 solved, 2 time
        limit)."""
        ...

    def rate9(
        self, cells: bytes, seconds: float = 0.0, stop: Any = None, /
    ) -> tuple[int, tuple[NativeStep, ...]]:
        """SE's rating path of a 9×9 puzzle: ``(status, steps)`` (status codes in csrc/se/human9.h)."""
        ...


def _load_core() -> NativeEngine | None:
    """Import the C extension, or return None if it was not built."""
    try:
        # By its full name: the import graph then sees no import of the front door.
        core: NativeEngine = importlib.import_module("sudokit._core")
    except ImportError:
        return None
    return core


_CORE: Final = _load_core()

#: The engines built here, by name (fixed at import).
_ENGINES: Final[Mapping[str, Engine]] = MappingProxyType(
    {"python": reference, **({"c": _CORE} if _CORE is not None else {})}
)

_ALIASES: Final = {"python": "python", "py": "python", "reference": "python", "c": "c"}


def _initial() -> str:
    """The engine named by SUDOKIT_IMPL, or the best one available."""
    wanted = os.environ.get("SUDOKIT_IMPL", "").strip().lower()
    if wanted:
        if wanted not in _ALIASES:
            raise EngineError(
                f"SUDOKIT_IMPL={wanted!r} names no engine (use 'c' or 'python', or leave it unset)"
            )
        if _ALIASES[wanted] == "c" and _CORE is None:
            raise EngineError("SUDOKIT_IMPL=c but the C extension sudokit._core is not built")
        return _ALIASES[wanted]
    if _CORE is None:
        warnings.warn(
            "sudokit's C extension is not built; using the (much slower) pure-Python engine",
            RuntimeWarning,
            stacklevel=3,
        )
        return "python"
    return "c"


#: The engine of calls that name none, outside :func:`using` blocks (fixed at import).
DEFAULT: Final[str] = _initial()

#: The engine of the innermost :func:`using` block of this thread or task (None: outside any).
_CHOSEN: Final[ContextVar[str | None]] = ContextVar("sudokit_engine", default=None)


def available() -> list[str]:
    """The names of the engines that can be used here (``"c"`` only when it was built)."""
    return sorted(_ENGINES)


def _checked(name: str) -> str:
    """The canonical name of an engine the caller named; raise when it is unknown or not built."""
    if not isinstance(name, str):
        raise TypeError(f"engine must be 'c', 'python' or None, not {type(name).__name__}")
    key = _ALIASES.get(name.strip().lower())
    if key is None:
        raise EngineError(f"engine {name!r} names no engine (use 'c' or 'python')")
    if key not in _ENGINES:
        raise EngineError(f"engine {name!r} is not available here (have: {', '.join(available())})")
    return key


def name_of(engine: str | None = None) -> str:
    """The name (``"c"`` or ``"python"``) of the engine a call with ``engine=`` uses."""
    if engine is not None:
        return _checked(engine)
    chosen = _CHOSEN.get()
    return chosen if chosen is not None else DEFAULT


def select(engine: str | None = None) -> Engine:
    """The engine a call with ``engine=`` uses, for the solving operations."""
    return _ENGINES[name_of(engine)]


def native(engine: str | None = None) -> NativeEngine | None:
    """The C core when the call's engine is the C one, else None (run the Python twin)."""
    return _CORE if name_of(engine) == "c" else None


class RulesSearch(Protocol):
    """A variant's rules compiled for one engine's search (``RulesTable`` in both engines)."""

    def solve(
        self, cells: bytes, limit: int, seconds: float = 0.0, stop: Any = None, seed: int = 0
    ) -> tuple[int, bytes | None, int]:
        """``(count up to limit, first solution or None, guesses)``; ``-4``: out of time."""
        ...

    def solve_many(
        self, puzzles: Sequence[bytes], limit: int, seconds: float = 0.0, stop: Any = None
    ) -> tuple[list[int], list[bytes | None]]:
        """Counts (``-1``: malformed) and first solutions of many puzzles."""
        ...


def rules_table(rules: Rules, engine: str | None = None) -> RulesSearch:
    """The rules compiled for the call's engine, built once per rules object and engine.

    The C core takes the tables when it has ``RulesTable``; otherwise the Python twin does.
    Rules with constraints or another digit set are compiled to primitives: the C core's
    ``ConstraintTable`` on the C engine, the reference :class:`sudokit.engine.constraints.ConstraintTable`
    (pure Python) on the Python one.
    """
    name = name_of(engine)
    table = rules.compiled.get(name)
    if table is None and (rules.constraints or rules.digits is not None):
        native_table: Any = getattr(_ENGINES[name], "ConstraintTable", None)
        if native_table is not None:
            table = native_table(
                rules.n, rules.size, digit_values(rules.n, rules.digits), constraints.encode_rules(rules)
            )
        else:
            table = constraints.ConstraintTable(rules)
        rules.compiled[name] = table
    if table is None:
        module: Any = _ENGINES[name]
        maker = getattr(module, "RulesTable", None) or reference.RulesTable
        table = maker(
            rules.n, rules.size, [r.cells for r in rules.regions], list(rules.differ),
            list(rules.adjacent), [(c.cells, c.total or 0) for c in rules.cages],
        )
        rules.compiled[name] = table
    search: RulesSearch = table
    return search


@contextmanager
def using(name: str) -> Iterator[None]:
    """Make calls that name no engine use ``name`` inside a ``with`` block, in this thread only."""
    token = _CHOSEN.set(_checked(name))
    try:
        yield
    finally:
        _CHOSEN.reset(token)
