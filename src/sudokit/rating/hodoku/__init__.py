"""HoDoKu's rating: its solving path in its own order, its level and exact score.

Its files mirror csrc/hodoku9*.c: the path and its step table (:mod:`~sudokit.rating.hodoku.path`),
the board and its singles queues (:mod:`~sudokit.rating.hodoku.board`), singles, locked candidates
and subsets (:mod:`~sudokit.rating.hodoku.basic`), single-digit patterns and simple chains
(:mod:`~sudokit.rating.hodoku.patterns`), unique rectangles (:mod:`~sudokit.rating.hodoku.uniq`),
Sue de Coq and ALS moves (:mod:`~sudokit.rating.hodoku.als`), sudokit's own finders with HoDoKu's
sort (:mod:`~sudokit.rating.hodoku.fish`), the nice loops and AICs
(:mod:`~sudokit.rating.hodoku.loops`), forcing chains and nets (:mod:`~sudokit.rating.hodoku.forcing`)."""

from sudokit.rating.hodoku.path import *  # noqa: F403 (the module's __all__ is this package's)
from sudokit.rating.hodoku.path import __all__ as __all__
