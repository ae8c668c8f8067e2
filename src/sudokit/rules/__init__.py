"""The rules of a puzzle as data: the regions, pairs and cages of :mod:`sudokit.rules.model`, and
the constraint kinds people publish (:mod:`sudokit.rules.kinds`, compiled to the primitives of
:mod:`sudokit.rules.primitives`); :func:`check` lists every rule a grid breaks.

Everything ``sudokit.rules`` exported before it became a package is exported here unchanged; the
constraint kinds are listed once, in ``sudokit.rules.kinds.__all__``, and re-exported from there.
"""

from __future__ import annotations

from sudokit.rules import kinds
from sudokit.rules.base import Constraint, constraint_names, find_constraint
from sudokit.rules.kinds import *  # noqa: F403  (the kinds' one list is kinds.__all__)
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
__all__ += kinds.__all__
