"""Batches: many puzzles from files or arrays, solved, counted or checked in parallel with
results in order (:mod:`~sudokit.batch.runner`), checking a data set's solutions
(:mod:`~sudokit.batch.verification`) and the Dask backend (:mod:`~sudokit.batch.distributed`)."""

from sudokit.batch.runner import *  # noqa: F403 (the module's __all__ is this package's)
from sudokit.batch.runner import __all__ as __all__
