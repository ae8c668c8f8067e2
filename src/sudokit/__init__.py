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

from sudokit import _aliases, strategies, variant
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
from sudokit.errors import (
    BadCharacterError,
    ClusterError,
    DuplicateGivenError,
    EngineError,
    GenerationError,
    MultipleSolutionsError,
    NoSolutionError,
    OptionError,
    OutputError,
    ParseError,
    RulesError,
    ShapeError,
    StepError,
    Stopped,
    StrategyError,
    SudokuError,
    TimeLimitReached,
    UnsupportedConstraintError,
    VariantError,
    WrongLengthError,
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

__version__ = "0.2.0"

_aliases.install()

__all__ = [
    "COUNT_LIMIT",
    "BadCharacterError",
    "Bank",
    "Cage",
    "Candidates",
    "ClusterError",
    "DuplicateGivenError",
    "EngineError",
    "Generated",
    "GenerationError",
    "Grid",
    "Hint",
    "Link",
    "MoveReport",
    "MultipleSolutionsError",
    "NoSolutionError",
    "OptionError",
    "OutputError",
    "ParseError",
    "PuzzleLike",
    "Rating",
    "Region",
    "Rules",
    "RulesError",
    "SearchResult",
    "Shape",
    "ShapeError",
    "Status",
    "Step",
    "StepError",
    "Stopped",
    "StrategyError",
    "SudokuError",
    "TimeLimitReached",
    "UnsupportedConstraintError",
    "VariantError",
    "Verification",
    "WrongLengthError",
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
