"""Canonical forms: the minlex representative of a puzzle's equivalence class and the
validity-preserving transforms (:mod:`~sudokit.canon.minlex`)."""

from sudokit.canon.minlex import *  # noqa: F403 (the module's __all__ is this package's)
from sudokit.canon.minlex import __all__ as __all__
