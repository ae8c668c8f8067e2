"""sudokit.dataset.tensors: digits, one-hot and token arrays, the givens mask and targets."""

from __future__ import annotations

import numpy as np
import pytest

from sudokit import Grid, solve
from sudokit.dataset import BLANK, DIGIT_OFFSET, PAD, givens_mask, targets, to_numpy
from sudokit.errors import OptionError, ShapeError

P4 = "1.3..4.22.4..3.1"
S4 = "1234341221434321"
P6 = "1.....4..5.......6..2.3..5.......1.2"


def test_digits() -> None:
    array = to_numpy([P4, Grid.from_string(P4), [int(c) if c != "." else 0 for c in P4]])
    assert array.shape == (3, 16) and array.dtype == np.uint8
    assert (array[0] == array[1]).all() and (array[0] == array[2]).all()
    assert array[0].tolist()[:4] == [1, 0, 3, 0]


def test_onehot_with_and_without_empty_channel() -> None:
    full = to_numpy([P4], "onehot")
    assert full.shape == (1, 16, 5)
    assert (full.sum(axis=2) == 1).all()
    assert full[0, 1, 0] == 1 and full[0, 0, 1] == 1
    bare = to_numpy([P4], "onehot", empty_channel=False)
    assert bare.shape == (1, 16, 4)
    assert bare[0, 1].sum() == 0 and bare[0, 0, 0] == 1


def test_tokens_pad_mixed_sizes() -> None:
    array = to_numpy([P4, P6], "tokens")
    assert array.shape == (2, 36) and array.dtype == np.int64
    assert array[0, 0] == 1 + DIGIT_OFFSET and array[0, 1] == BLANK
    assert (array[0, 16:] == PAD).all()
    assert (array[1] != PAD).all()
    assert to_numpy([P4], "tokens", pad_to=81).shape == (1, 81)
    with pytest.raises(ShapeError):
        to_numpy([P6], "tokens", pad_to=16)


def test_mask_and_targets() -> None:
    mask = givens_mask([P4])
    assert mask.dtype == bool and mask[0].sum() == 8
    labels = targets([S4, solve(P4)])
    assert labels.min() == 0 and labels.max() == 3
    assert (labels[0] == labels[1]).all()
    with pytest.raises(ShapeError):
        targets([P4])


def test_errors() -> None:
    with pytest.raises(OptionError):
        to_numpy([P4], "words")
    with pytest.raises(ShapeError):
        to_numpy([P4, P6])
