"""The status words every answer carries, in the API, the command line and JSON alike.

>>> Status.SOLVED == "solved", str(Status.LIMIT_REACHED)
(True, 'limit_reached')
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Status"]


class Status(str, Enum):
    """What became of one puzzle: one vocabulary for ``solve``, ``count``, ``rate``, ``generate``."""

    SOLVED = "solved"  #: solved (and, where asked, its solution is the only one)
    NO_SOLUTION = "no_solution"  #: the puzzle has no solution
    MULTIPLE = "multiple"  #: several solutions where one was required
    INVALID = "invalid"  #: not a puzzle: unreadable text or a duplicate given
    LIMIT_REACHED = "limit_reached"  #: stopped by its time or node limit
    RATED = "rated"  #: rated (``rate``)
    UNSOLVED = "unsolved"  #: the human techniques cannot finish it (``rate``)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Status.{self.name}"
