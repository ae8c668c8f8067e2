"""Data sets for machine learning (issue #27): arrays, augmentation, verifiers, and balanced,
leak-free data sets built, re-rated, de-duplicated and split.

- :mod:`~sudokit.dataset.tensors`: :func:`to_numpy` (digits, one-hot, tokens), :func:`givens_mask`,
  :func:`targets`;
- :mod:`~sudokit.dataset.symmetry`: the transforms of any box shape, :func:`augment` (a puzzle
  and its solution under one random transform) and exact :func:`minlex` forms;
- :mod:`~sudokit.dataset.verify`: :func:`score` (an answer with partial credit) and
  :func:`check_moves` (moves replayed against the solution);
- :mod:`~sudokit.dataset.hf`: :func:`to_hf_dataset` (a Hugging Face ``datasets`` object; the ``hf``
  extra).
"""

from sudokit.dataset.hf import to_hf_dataset
from sudokit.dataset.symmetry import Transform, augment, group_size, minlex, random_transform
from sudokit.dataset.tensors import BLANK, DIGIT_OFFSET, ENCODINGS, PAD, givens_mask, targets, to_numpy
from sudokit.dataset.verify import (
    Checker,
    MoveReport,
    Score,
    check_moves,
    parse_move,
    rules_checker,
    score,
)

__all__ = [
    "BLANK",
    "DIGIT_OFFSET",
    "ENCODINGS",
    "PAD",
    "Checker",
    "MoveReport",
    "Score",
    "Transform",
    "augment",
    "check_moves",
    "givens_mask",
    "group_size",
    "minlex",
    "parse_move",
    "random_transform",
    "rules_checker",
    "score",
    "targets",
    "to_hf_dataset",
    "to_numpy",
]
