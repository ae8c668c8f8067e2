"""HoDoKu's rating: its solving path in its own order, its level and exact score.

Its files mirror ``csrc/hodoku/``: the path and its step table (:mod:`~sudokit.rating.hodoku.path`),
the nice loops and AICs (:mod:`~sudokit.rating.hodoku.loops`), forcing chains and nets
(:mod:`~sudokit.rating.hodoku.forcing`)."""

from sudokit.rating.hodoku.path import *  # noqa: F403 (the module's __all__ is this package's)
from sudokit.rating.hodoku.path import __all__ as __all__
