"""Data sets as Hugging Face ``datasets`` objects (the optional ``hf`` extra).

:func:`to_hf_dataset` turns rows (a built or re-rated data set), a :class:`~sudokit.dataset.build.Built`
set or split files on disk into a ``datasets.Dataset`` (one table) or a ``datasets.DatasetDict``
(one ``Dataset`` per split) with the same columns. The columns of a built set get fixed types
(:data:`FEATURES`: text, ``float64`` ratings that may be missing, ``int64`` counts, a list of
technique names) when their values suit them; any other column keeps the type ``datasets``
infers. Everything happens in memory: nothing is downloaded or uploaded. ``datasets`` is
imported only when called: ``pip install 'sudokit[hf]'``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from importlib import import_module
from pathlib import Path
from typing import Any

from sudokit.dataset.build import Built
from sudokit.dataset.files import read_splits, read_typed
from sudokit.errors import OptionError

__all__ = ["FEATURES", "hf_module", "to_hf_dataset"]

#: The ``datasets`` value type of each column of a built set (other columns are inferred).
FEATURES: dict[str, str] = {
    "puzzle": "string", "solution": "string", "er": "float64", "ep": "float64", "ed": "float64",
    "level": "string", "hodoku_score": "int64", "clues": "int64", "shape": "string", "rules": "string",
    "minlex": "string", "techniques": "list", "source": "string", "bin": "string", "status": "string",
    "error": "string",
}


def hf_module() -> Any:
    """The ``datasets`` module, or :class:`~sudokit.errors.OptionError` naming the extra to install."""
    try:
        return import_module("datasets")
    except ImportError:
        raise OptionError("to_hf_dataset needs Hugging Face datasets: pip install 'sudokit[hf]'") from None


def _fits(kind: str | None, values: Sequence[Any]) -> bool:
    """True when every value of a column suits its fixed type (None: missing, always fits); a
    file's own column that happens to share a name keeps its inferred type instead."""
    if kind is None:
        return False
    if kind == "list":
        return all(v is None or (isinstance(v, list) and all(isinstance(x, str) for x in v)) for v in values)
    wanted: tuple[type, ...] = {"float64": (int, float), "int64": (int,)}.get(kind, (str,))
    return all(v is None or (isinstance(v, wanted) and not isinstance(v, bool)) for v in values)


def _table(hf: Any, rows: Sequence[Mapping[str, Any]]) -> Any:
    """One ``datasets.Dataset`` of ``rows`` (their columns in first-seen order): a built set's
    columns with the types of :data:`FEATURES`, the others as ``datasets`` infers them."""
    columns: list[str] = []
    for row in rows:
        columns += [k for k in row if k not in columns]
    data = {name: [row.get(name) for row in rows] for name in columns}
    others = [name for name in columns if not _fits(FEATURES.get(name), data[name])]
    inferred = hf.Dataset.from_dict({name: data[name] for name in others}).features if others else {}
    list_type = getattr(hf, "List", None) or hf.Sequence
    types = {}
    for name in columns:
        kind = FEATURES.get(name)
        if kind is None or name in others:
            types[name] = inferred[name]
        else:
            types[name] = list_type(hf.Value("string")) if kind == "list" else hf.Value(kind)
    return hf.Dataset.from_dict(data, features=hf.Features(types))


def to_hf_dataset(data: Built | Mapping[str, Iterable[Mapping[str, Any]]] | Iterable[Mapping[str, Any]]
                  | str | Path) -> Any:
    """``data`` as a ``datasets.Dataset`` (rows, or one split file) or a ``datasets.DatasetDict``
    (a :class:`Built` set, a mapping of split names to rows, or a directory of split files as
    ``sudokit dataset build`` writes it), with the same columns.

    Needs ``datasets`` (``pip install 'sudokit[hf]'``: an :class:`OptionError` says so when it is
    missing); no network access.
    """
    hf = hf_module()
    if isinstance(data, (str, Path)):
        path = Path(data)
        if path.is_dir():
            data = read_splits(path)
        elif path.is_file():
            return _table(hf, list(read_typed(path)))
        else:
            raise OptionError(f"{path}: no such file or directory")
    if isinstance(data, Built):
        data = data.splits
    if isinstance(data, Mapping):
        return hf.DatasetDict({str(name): _table(hf, list(rows)) for name, rows in data.items()})
    return _table(hf, list(data))
