"""Batches over Dask collections: solve, count and rate a data set partition by partition.

Dask (``pip install 'sudokit[dask]'``) is imported by these functions, never by ``import
sudokit``. Each function maps one of the batch functions (:func:`sudokit.engine.solver.solve_many`,
:func:`~sudokit.engine.solver.count_many`, :func:`~sudokit.rating.rate_many`) over the partitions of a
Dask bag or dataframe, so a data set larger than memory is answered by the cluster's workers a
partition at a time, with the same answers as a local run. The results are lazy Dask
collections: call ``.compute()``, or write them (``.to_parquet``) without gathering them.

Glossary: a *bag* holds puzzle texts; a *dataframe* has a column of puzzle texts (``puzzle``
by default, as in :func:`sudokit.formats.read_dataset`'s data sets and Kaggle's CSVs).

>>> import dask.bag as db                                   # doctest: +SKIP
>>> solve_bag(db.from_sequence(puzzles, npartitions=8)).compute()  # doctest: +SKIP

For the command line's ``--scheduler`` see :mod:`sudokit.engine.executor` and docs/distributed.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sudokit import rating
from sudokit.engine import solver
from sudokit.limits import COUNT_LIMIT

__all__ = [
    "RATING_COLUMNS",
    "count_bag",
    "count_dataframe",
    "rate_bag",
    "rate_dataframe",
    "solve_bag",
    "solve_dataframe",
]

#: The columns :func:`rate_dataframe` adds, with their pandas dtypes.
RATING_COLUMNS: dict[str, str] = {
    "status": "object", "er": "float64", "ep": "float64", "ed": "float64", "level": "object",
}  # fmt: skip


def _solve_part(puzzles: Iterable[Any], first: bool) -> list[str | None]:
    """One partition's solutions (None for an invalid puzzle or one without a single solution)."""
    return list(solver.solve_many([str(p) for p in puzzles], first=first))


def _count_part(puzzles: Iterable[Any], limit: int) -> list[int]:
    """One partition's solution counts, up to ``limit`` (-1 for an invalid puzzle)."""
    return list(solver.count_many([str(p) for p in puzzles], limit=limit))


def _rate_part(puzzles: Iterable[Any], time_limit: float | None) -> list[dict[str, Any]]:
    """One partition's ratings as dicts (see :meth:`sudokit.Rating.to_dict`)."""
    return [r.to_dict() for r in rating.rate_many([str(p) for p in puzzles], time_limit=time_limit)]


def solve_bag(bag: Any, *, first: bool = False) -> Any:
    """A bag of the solutions of a bag of puzzle texts, in the same order."""
    return bag.map_partitions(_solve_part, first)


def count_bag(bag: Any, *, limit: int = COUNT_LIMIT) -> Any:
    """A bag of the solution counts (up to ``limit``) of a bag of puzzle texts."""
    return bag.map_partitions(_count_part, limit)


def rate_bag(bag: Any, *, time_limit: float | None = 10.0) -> Any:
    """A bag of the ratings (dicts: status, er, ep, ed, level, …) of a bag of puzzle texts."""
    return bag.map_partitions(_rate_part, time_limit)


def _series(frame: Any, column: str, values: list[Any], name: str) -> Any:
    """``values`` as a pandas Series named ``name`` on ``frame``'s index."""
    return frame[column].__class__(values, index=frame.index, name=name, dtype=object)


def _solve_frame(frame: Any, column: str, first: bool) -> Any:
    """One pandas partition with a ``solution`` column added."""
    out = frame.copy()
    out["solution"] = _series(frame, column, _solve_part(frame[column], first), "solution")
    return out


def _count_frame(frame: Any, column: str, limit: int) -> Any:
    """One pandas partition with a ``count`` column added."""
    out = frame.copy()
    out["count"] = _count_part(frame[column], limit)
    out["count"] = out["count"].astype("int64")
    return out


def _rate_frame(frame: Any, column: str, time_limit: float | None) -> Any:
    """One pandas partition with the :data:`RATING_COLUMNS` added."""
    out = frame.copy()
    ratings = _rate_part(frame[column], time_limit)
    for name, dtype in RATING_COLUMNS.items():
        values = [r.get(name) for r in ratings]
        out[name] = [float("nan") if v is None else v for v in values] if dtype == "float64" else values
        out[name] = out[name].astype(dtype)
    return out


def _meta(frame: Any, extra: dict[str, str]) -> Any:
    """The empty pandas frame Dask needs to know a result's columns and dtypes."""
    meta = frame._meta.copy()
    for name, dtype in extra.items():
        meta[name] = meta.index.to_series().astype(dtype)
    return meta


def solve_dataframe(frame: Any, column: str = "puzzle", *, first: bool = False) -> Any:
    """A Dask dataframe with a ``solution`` column (None where there is no single solution)."""
    return frame.map_partitions(_solve_frame, column, first, meta=_meta(frame, {"solution": "object"}))


def count_dataframe(frame: Any, column: str = "puzzle", *, limit: int = COUNT_LIMIT) -> Any:
    """A Dask dataframe with a ``count`` column (solutions up to ``limit``, -1 when invalid)."""
    return frame.map_partitions(_count_frame, column, limit, meta=_meta(frame, {"count": "int64"}))


def rate_dataframe(frame: Any, column: str = "puzzle", *, time_limit: float | None = 10.0) -> Any:
    """A Dask dataframe with the rating columns (status, er, ep, ed, level) of each puzzle."""
    return frame.map_partitions(_rate_frame, column, time_limit, meta=_meta(frame, RATING_COLUMNS))
