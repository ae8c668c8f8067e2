"""Puzzles as NumPy arrays, in the encodings machine-learning code uses.

Encodings of :func:`to_numpy` (``n`` puzzles of ``N × N`` cells):

``"digits"``
    ``(n, N²)`` ``uint8``: ``0`` for an empty cell, ``1 … N`` for a digit (Kaggle's and RRN's
    layout; ``.reshape(n, N, N)`` gives the grids).
``"onehot"``
    ``(n, N², N + 1)`` ``uint8``: channel ``0`` is "empty", channel ``d`` the digit ``d``; with
    ``empty_channel=False``, ``(n, N², N)``: channel ``d - 1`` for the digit ``d``, an empty
    cell all zeros.
``"tokens"``
    ``(n, L)`` ``int64`` token ids for sequence models, ``L = N²`` (or ``pad_to``, for mixing
    sizes): :data:`PAD` = 0 after the last cell, :data:`BLANK` = 1 for an empty cell, and digit
    ``d`` is ``d + 1`` (:data:`DIGIT_OFFSET`), so the vocabulary has ``N + 2`` ids.

:func:`givens_mask` is the ``(n, N²)`` boolean mask of the givens (the cells a model must not
change), :func:`targets` the solutions as class indices ``0 … N-1`` (digit - 1) for a
cross-entropy loss. numpy is optional: ``pip install 'sudokit[numpy]'``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sudokit.errors import OptionError, ShapeError
from sudokit.grid import Grid

__all__ = ["BLANK", "DIGIT_OFFSET", "ENCODINGS", "PAD", "givens_mask", "numpy_module", "targets", "to_numpy"]

#: The encodings :func:`to_numpy` writes.
ENCODINGS = ("digits", "onehot", "tokens")
#: Token id of padding (after the last cell of a smaller grid).
PAD = 0
#: Token id of an empty cell.
BLANK = 1
#: Digit ``d`` is token ``d + DIGIT_OFFSET``.
DIGIT_OFFSET = 1

PuzzleInput = Grid | str | Sequence[int]


def numpy_module() -> Any:
    """The numpy module, or :class:`~sudokit.errors.OptionError` saying how to install it."""
    try:
        import numpy
    except ImportError:  # pragma: no cover - numpy is in the dev extra
        raise OptionError("the array forms need numpy: pip install 'sudokit[numpy]'") from None
    return numpy


def _rows(puzzles: Iterable[PuzzleInput]) -> list[tuple[int, ...]]:
    """The cells of each puzzle (a Grid, text, or N² values)."""
    out = []
    for puzzle in puzzles:
        if isinstance(puzzle, Grid):
            out.append(puzzle.cells)
        elif isinstance(puzzle, str):
            out.append(Grid.from_string(puzzle, check=False).cells)
        else:
            out.append(tuple(int(v) for v in puzzle))
    return out


def _side(rows: list[tuple[int, ...]], same: bool) -> int:
    """The grid side of the rows (one side for all when ``same``)."""
    sizes = {len(r) for r in rows}
    if same and len(sizes) > 1:
        raise ShapeError(f"these puzzles have {sorted(sizes)} cells: one size per array "
                         "(the tokens encoding pads mixed sizes)")
    side: int = round(max(sizes, default=81) ** 0.5)
    return side


def to_numpy(
    puzzles: Iterable[PuzzleInput], encoding: str = "digits", *, empty_channel: bool = True,
    pad_to: int | None = None,
) -> Any:
    """The puzzles as one array in ``encoding`` (see the module text).

    >>> to_numpy(["1.3..4.22.4..3.1"]).tolist()[0][:4]
    [1, 0, 3, 0]
    >>> to_numpy(["1.3..4.22.4..3.1"], "tokens").tolist()[0][:4]
    [2, 1, 4, 1]
    """
    np = numpy_module()
    if encoding not in ENCODINGS:
        raise OptionError(f"unknown encoding {encoding!r} (choose from: {', '.join(ENCODINGS)})")
    rows = _rows(puzzles)
    if encoding == "tokens":
        length = max([len(r) for r in rows] + [pad_to or 0]) if rows else (pad_to or 81)
        if pad_to is not None and pad_to < length:
            raise ShapeError(f"pad_to={pad_to} is shorter than a puzzle of {length} cells")
        out = np.full((len(rows), length), PAD, dtype=np.int64)
        for i, r in enumerate(rows):
            values = np.asarray(r, dtype=np.int64)
            out[i, :len(r)] = np.where(values == 0, BLANK, values + DIGIT_OFFSET)
        return out
    n = _side(rows, same=True)
    digits = np.asarray(rows, dtype=np.uint8).reshape(len(rows), n * n)
    if encoding == "digits":
        return digits
    eye = np.eye(n + 1, dtype=np.uint8)
    onehot = eye[digits]
    return onehot if empty_channel else onehot[..., 1:]


def givens_mask(puzzles: Iterable[PuzzleInput]) -> Any:
    """``(n, N²)`` booleans: True where the puzzle has a given."""
    np = numpy_module()
    rows = _rows(puzzles)
    n = _side(rows, same=True)
    return np.asarray(rows, dtype=np.uint8).reshape(len(rows), n * n) > 0


def targets(solutions: Iterable[PuzzleInput]) -> Any:
    """``(n, N²)`` ``int64`` class indices (digit - 1) of complete solution grids."""
    np = numpy_module()
    rows = _rows(solutions)
    n = _side(rows, same=True)
    array = np.asarray(rows, dtype=np.int64).reshape(len(rows), n * n)
    if (array == 0).any():
        raise ShapeError("a solution grid has an empty cell")
    return array - 1
