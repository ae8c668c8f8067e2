"""sudokit: a Sudoku toolkit — fast native solver, N×N grids, strategies, generator, rating.

Everything common is here, at the top level (python-chess style): the model (:class:`Grid`,
:class:`Shape`, :class:`Candidates`, :class:`Step`), solving (:func:`solve`,
:func:`count_solutions`, :func:`is_unique`, :func:`solve_many`, :func:`count_many`), making
(:func:`generate`, :func:`generate_many`, :func:`canonical`), rating and teaching
(:func:`rate`, :func:`rate_many`, :func:`explain`, :func:`hint`), five classic solving
algorithms to compare (:mod:`sudokit.strategies`), pictures (:mod:`sudokit.render.svg`), PDF booklets
(:func:`book`), a puzzle bank (:class:`Bank`) and checking a data set's solutions
(:func:`verify`). Every puzzle argument takes a :class:`Grid` or puzzle text in any format
sudokit reads.

>>> import sudokit
>>> sudokit.is_unique(
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
True
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING, Any

from sudokit import _aliases, errors
from sudokit.errors import *  # noqa: F403  (every exception is a front-door name)

if TYPE_CHECKING:  # for type checkers and readers; at run time each is imported on first use
    from sudokit import strategies, variant
    from sudokit.bank import Bank
    from sudokit.batch.verification import Verification, verify
    from sudokit.candidates import Candidates
    from sudokit.canon import canonical
    from sudokit.dataset.verify import MoveReport, check_moves
    from sudokit.engine.solver import (
        SearchResult,
        count_many,
        count_solutions,
        is_unique,
        search,
        solve,
        solve_many,
    )
    from sudokit.generation.generator import Generated, generate, generate_many, is_minimal
    from sudokit.generation.unbiased import random_grid
    from sudokit.grid import Grid, PuzzleLike, read_grids
    from sudokit.limits import COUNT_LIMIT
    from sudokit.rating import Rating, rate, rate_many
    from sudokit.render import svg
    from sudokit.render.booklet import book
    from sudokit.rules import Cage, Region, Rules
    from sudokit.shape import Shape
    from sudokit.status import Status
    from sudokit.techniques.explain import Hint, explain, hint, steps_available
    from sudokit.techniques.step import Link, Step
    from sudokit.variant import find_variant, make_rules

#: Where each front-door name lives: imported from there on first use, so that ``import sudokit``
#: (and every ``sudokit`` command) loads only what it uses.
_PLACES: dict[str, tuple[str, ...]] = {
    "sudokit.bank": ("Bank",),
    "sudokit.batch.verification": ("Verification", "verify"),
    "sudokit.candidates": ("Candidates",),
    "sudokit.canon": ("canonical",),
    "sudokit.dataset.verify": ("MoveReport", "check_moves"),
    "sudokit.engine.solver": (
        "SearchResult", "count_many", "count_solutions", "is_unique", "search", "solve", "solve_many",
    ),
    "sudokit.generation.generator": ("Generated", "generate", "generate_many", "is_minimal"),
    "sudokit.generation.unbiased": ("random_grid",),
    "sudokit.grid": ("Grid", "PuzzleLike", "read_grids"),
    "sudokit.limits": ("COUNT_LIMIT",),
    "sudokit.rating": ("Rating", "rate", "rate_many"),
    "sudokit.render.booklet": ("book",),
    "sudokit.rules": ("Cage", "Region", "Rules"),
    "sudokit.shape": ("Shape",),
    "sudokit.status": ("Status",),
    "sudokit.techniques.explain": ("Hint", "explain", "hint", "steps_available"),
    "sudokit.techniques.step": ("Link", "Step"),
    "sudokit.variant": ("find_variant", "make_rules"),
}

#: The submodules the front door names (``sudokit.svg`` is :mod:`sudokit.render.svg`).
_MODULES: dict[str, str] = {
    "strategies": "sudokit.strategies",
    "svg": "sudokit.render.svg",
    "variant": "sudokit.variant",
}

__version__ = "0.2.0"

_aliases.install()


def __getattr__(name: str) -> Any:
    """A front-door name, imported from its module the first time it is asked for."""
    value: Any
    if name in _MODULES:
        value = importlib.import_module(_MODULES[name])
    else:
        place = next((module for module, names in _PLACES.items() if name in names), None)
        if place is not None:
            value = getattr(importlib.import_module(place), name)
        elif not name.startswith("_") and importlib.util.find_spec(f"sudokit.{name}") is not None:
            value = importlib.import_module(f"sudokit.{name}")  # a subpackage, as ``import`` gives it
        else:
            raise AttributeError(f"module 'sudokit' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The front door's names, the ones not yet imported included."""
    return sorted(set(globals()) | set(__all__))


__all__ = [
    "COUNT_LIMIT",
    "Bank",
    "Cage",
    "Candidates",
    "Generated",
    "Grid",
    "Hint",
    "Link",
    "MoveReport",
    "PuzzleLike",
    "Rating",
    "Region",
    "Rules",
    "SearchResult",
    "Shape",
    "Status",
    "Step",
    "Verification",
    "__version__",
    "book",
    "canonical",
    "check_moves",
    "count_many",
    "count_solutions",
    "explain",
    "find_variant",
    "generate",
    "generate_many",
    "hint",
    "is_minimal",
    "is_unique",
    "make_rules",
    "random_grid",
    "rate",
    "rate_many",
    "read_grids",
    "search",
    "solve",
    "solve_many",
    "steps_available",
    "strategies",
    "svg",
    "variant",
    "verify",
]
__all__ += errors.__all__  # every exception, as errors.py lists them
