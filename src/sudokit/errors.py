"""The exceptions sudokit raises, defined once for the C core and the Python code alike.

Every class subclasses :class:`SudokuError`; those about bad input (text, grids, option
values) also subclass :class:`ValueError`, so code that only cares that the input was bad can
catch ``ValueError``; code that cares why can catch the narrow class. Each exception carries
the facts a caller needs to point at the problem (line, column, cells), and its message names
them in plain words.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict, TypeVar

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = [
    "BadCharacterError",
    "ClusterError",
    "DuplicateGivenError",
    "EngineError",
    "GenerationError",
    "MultipleSolutionsError",
    "NoSolutionError",
    "OptionError",
    "OutputError",
    "ParseError",
    "RulesError",
    "ShapeError",
    "StepError",
    "Stopped",
    "StrategyError",
    "SudokuError",
    "TimeLimitReached",
    "UnsupportedConstraintError",
    "VariantError",
    "WrongLengthError",
]

class Where(TypedDict, total=False):
    """Where a parse problem is and what would have fitted there (:class:`ParseError`'s keywords)."""

    line: int | None
    column: int | None
    expected: str | None


#: Any parse error (what :meth:`ParseError.with_line` gives back).
_Parse = TypeVar("_Parse", bound="ParseError")


def _where(line: int | None, column: int | None) -> str:
    """Say "line L, column C: " for whatever of the two is known."""
    parts = []
    if line is not None:
        parts.append(f"line {line}")
    if column is not None:
        parts.append(f"column {column}")
    return ", ".join(parts) + ": " if parts else ""


def _rebuild(cls: type[SudokuError], args: tuple[object, ...], state: dict[str, object]) -> SudokuError:
    """Recreate an error from its pickled parts (the subclasses' constructors differ)."""
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class SudokuError(Exception):
    """Base class of every error sudokit raises (bad input, impossible options, limits reached)."""

    #: 1-based line of the input the error is about, when the puzzle came from a file or batch.
    line: int | None = None

    def __reduce__(self) -> tuple[object, ...]:
        """Pickle by message and facts, so errors cross process boundaries (``--jobs``)."""
        return (_rebuild, (type(self), self.args, dict(self.__dict__)))

    def with_line(self, line: int) -> SudokuError:
        """Return a copy of this error addressed to the given 1-based input line (for batches)."""
        text = str(self.args[0]) if self.args else type(self).__name__
        moved = type(self)(f"line {line}: {text}")
        moved.line = line
        return moved


class ShapeError(SudokuError, ValueError):
    """A grid shape sudokit does not support (box sizes, or an N with no box shape)."""


class ParseError(SudokuError, ValueError):
    """Text that is not a puzzle in any format sudokit reads.

    ``line`` and ``column`` are 1-based positions in the text given to the parser,
    ``expected`` says what would have been accepted there.
    """

    def __init__(
        self,
        problem: str,
        *,
        line: int | None = None,
        column: int | None = None,
        expected: str | None = None,
    ) -> None:
        self.problem = problem
        self.line = line
        self.column = column
        self.expected = expected
        super().__init__(self._message())

    def _message(self) -> str:
        """The message: where, the problem, and what was expected."""
        message = _where(self.line, self.column) + self.problem
        if self.expected:
            message += f" (expected {self.expected})"
        return message

    def with_line(self: _Parse, line: int) -> _Parse:
        """Return a copy addressed to ``line`` of a larger input (the column, the class and every
        fact a subclass adds are kept)."""
        moved = copy.copy(self)
        moved.line = line
        moved.args = (moved._message(),)
        return moved


class BadCharacterError(ParseError):
    """A character that is neither a digit/letter of the grid nor an empty-cell mark."""

    def __init__(self, char: str, **where: Unpack[Where]) -> None:
        self.char = char
        super().__init__(f"bad character {char!r}", **where)


class WrongLengthError(ParseError):
    """Text with the wrong number of cells for any grid (or for the grid asked for)."""

    def __init__(
        self,
        found: int,
        *,
        expected: str,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.found = found
        super().__init__(
            f"wrong length: {found} cells", line=line, column=column, expected=expected
        )


class DuplicateGivenError(SudokuError, ValueError):
    """The same digit given twice in one unit (row, column or box)."""

    def __init__(
        self, digit: int, unit: str, cells: Sequence[str], *, line: int | None = None
    ) -> None:
        self.digit = digit
        self.unit = unit
        self.cells = tuple(cells)
        self.line = line
        super().__init__(
            _where(line, None) + f"duplicate given {digit} in {unit} at {', '.join(self.cells)}"
        )

    def with_line(self, line: int) -> DuplicateGivenError:
        """Return a copy addressed to ``line`` of a larger input."""
        return type(self)(self.digit, self.unit, self.cells, line=line)


class NoSolutionError(SudokuError, ValueError):
    """The puzzle has no solution."""

    def __init__(self, message: str = "puzzle has no solution", *, line: int | None = None) -> None:
        self.line = line
        super().__init__(_where(line, None) + message)

    def with_line(self, line: int) -> NoSolutionError:
        """Return a copy addressed to ``line`` of a larger input."""
        return type(self)(line=line)


class MultipleSolutionsError(SudokuError, ValueError):
    """The puzzle has several solutions where exactly one was required."""

    def __init__(
        self, message: str = "puzzle has several solutions", *, line: int | None = None
    ) -> None:
        self.line = line
        super().__init__(_where(line, None) + message)

    def with_line(self, line: int) -> MultipleSolutionsError:
        """Return a copy addressed to ``line`` of a larger input."""
        return type(self)(line=line)


class OptionError(SudokuError, ValueError):
    """An option value sudokit cannot use (a limit below 1, an unknown name, an empty range)."""


class RulesError(SudokuError, ValueError):
    """Rules that make no puzzle: a region map that is not a partition into N regions of N cells,
    overlapping cages, a cage sum no digits can make, cells outside the grid; or givens that break
    a rule other than "all different" (two consecutive digits side by side, a cage over its sum)."""


class VariantError(RulesError):
    """A variant name sudokit does not know, one not available for the grid's size, or a variant
    missing what it needs (Jigsaw without its region map, Killer without its cages)."""


class UnsupportedConstraintError(VariantError):
    """A puzzle's rules hold a constraint (or a digit set, a box shape…) that the output format
    cannot express: it is refused by name rather than dropped."""


class ClusterError(SudokuError):
    """A Dask cluster that cannot be reached or used (``--scheduler``), or ``dask[distributed]``
    not installed."""


class EngineError(SudokuError, ValueError):
    """An engine that does not exist or was not built (``SUDOKIT_IMPL``, ``engine=``)."""


class StrategyError(OptionError):
    """A strategy spec that names no strategy, or options the strategy does not take."""


class GenerationError(SudokuError):
    """No puzzle met the requirements within the allowed attempts or time."""


class StepError(SudokuError):
    """A technique produced a step that contradicts the puzzle's solution (a bug in sudokit)."""


class TimeLimitReached(SudokuError):
    """Work stopped because its time limit ran out (results say ``limit_reached``)."""


class Stopped(SudokuError):
    """Work stopped because its batch asked it to (Ctrl-C, or the reader of the results went away):
    what a native call raises once the stop flag it was given is set (see :class:`sudokit.limits.Stop`)."""


class OutputError(SudokuError):
    """An output that cannot be written (no such directory, no permission); nothing is left half-written."""
