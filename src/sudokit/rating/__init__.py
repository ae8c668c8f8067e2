"""Rating: Sudoku Explainer's scale (:mod:`~sudokit.rating.explainer`: ER, EP, ED) and HoDoKu's
(:mod:`sudokit.rating.hodoku`: its solving path, level and score)."""

from sudokit.rating.explainer import *  # noqa: F403 (the module's __all__ is this package's)
from sudokit.rating.explainer import __all__ as __all__
