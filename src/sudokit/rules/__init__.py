"""The rules of a puzzle as data: the regions, pairs and cages of :mod:`sudokit.rules.model`, and
the constraint kinds people publish (:mod:`sudokit.rules.kinds`, compiled to the primitives of
:mod:`sudokit.rules.primitives`); :func:`check` lists every rule a grid breaks.

Everything ``sudokit.rules`` exported before it became a package is exported here unchanged; each
constraint kind is listed once, in its family's ``__all__`` (cells, classic, counting, lines), and
re-exported here and by :mod:`sudokit.rules.kinds`.
"""

from __future__ import annotations

from sudokit.rules import cells, classic, counting, lines
from sudokit.rules.base import Constraint, constraint_names, find_constraint
from sudokit.rules.cells import *  # noqa: F403  (each family's __all__ lists its kinds)
from sudokit.rules.classic import *  # noqa: F403
from sudokit.rules.counting import *  # noqa: F403
from sudokit.rules.geometry import orthogonal_pairs
from sudokit.rules.lines import *  # noqa: F403
from sudokit.rules.model import Cage, Region, Rules, cage_sum_range
from sudokit.rules.violations import Violation, check

__all__ = [
    "Cage",
    "Constraint",
    "Region",
    "Rules",
    "Violation",
    "cage_sum_range",
    "check",
    "constraint_names",
    "find_constraint",
]
__all__ += ["orthogonal_pairs"]
__all__ += cells.__all__
__all__ += classic.__all__
__all__ += counting.__all__
__all__ += lines.__all__
