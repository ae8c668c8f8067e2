"""The module names of sudokit 0.2, kept for one release: ``import sudokit.svg`` still works.

Version 0.3 moved the flat modules into one package per subsystem (CHANGELOG, "Moved"). A finder
on :data:`sys.meta_path` answers an old name with the module at its new place, so both names
are one module object (``sudokit.svg is sudokit.render.svg``), and warns once with a
:class:`DeprecationWarning` naming the new place.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

#: Old module name -> its place since 0.3.
MOVED: dict[str, str] = {
    "sudokit.units": "sudokit.shape",
    "sudokit.solver": "sudokit.engine.solver",
    "sudokit.reference": "sudokit.engine.reference",
    "sudokit.executor": "sudokit.engine.executor",
    "sudokit.hodoku": "sudokit.rating.hodoku",
    "sudokit.hodoku_loops": "sudokit.rating.hodoku.loops",
    "sudokit.hodoku_forcing": "sudokit.rating.hodoku.forcing",
    "sudokit.generator": "sudokit.generation.generator",
    "sudokit.hardgen": "sudokit.generation.vicinity",
    "sudokit.unbiased": "sudokit.generation.unbiased",
    "sudokit.svg": "sudokit.render.svg",
    "sudokit.terminal": "sudokit.render.terminal",
    "sudokit.html": "sudokit.render.html",
    "sudokit.booklet": "sudokit.render.booklet",
    "sudokit.geometry": "sudokit.render.layout",
    "sudokit.verification": "sudokit.batch.verification",
    "sudokit.distributed": "sudokit.batch.distributed",
    "sudokit.compare": "sudokit.strategies.compare",
}


class _Loader(importlib.abc.Loader):
    """Loads an old name as the module at its new place."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        """The module at the new place (imported now if it was not)."""
        new = MOVED[spec.name]
        warnings.warn(f"{spec.name} is now {new}; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module(new)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: the module was run at its new place."""


class AliasFinder(importlib.abc.MetaPathFinder):
    """Finds the old module names of :data:`MOVED`."""

    def find_spec(self, fullname: str, path: object = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        """A spec for an old name, None for any other."""
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader())


def install() -> None:
    """Put the finder on :data:`sys.meta_path` once (importing sudokit does this)."""
    if not any(isinstance(finder, AliasFinder) for finder in sys.meta_path):
        sys.meta_path.append(AliasFinder())
