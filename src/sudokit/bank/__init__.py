"""The puzzle bank: a SQLite store of rated puzzles, queried by level, technique and more
(:mod:`~sudokit.bank.store`)."""

from sudokit.bank.store import *  # noqa: F403 (the module's __all__ is this package's)
from sudokit.bank.store import __all__ as __all__
