"""The engine: which solver core runs (:mod:`~sudokit.engine.backend`), the solving API
(:mod:`~sudokit.engine.solver`), the pure-Python reference (:mod:`~sudokit.engine.reference`) and
the executor that spreads work over threads, processes or a Dask cluster
(:mod:`~sudokit.engine.executor`)."""

from sudokit.engine.solver import (
    SearchResult,
    count_many,
    count_solutions,
    is_unique,
    search,
    solve,
    solve_many,
)

__all__ = ["SearchResult", "count_many", "count_solutions", "is_unique", "search", "solve", "solve_many"]
