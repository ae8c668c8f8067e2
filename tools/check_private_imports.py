"""Check that no module of sudokit imports another module's private names (``_name``).

A module may import only the public names of another module; a private name is the owning
module's own business. Run by ``make layers`` (part of ``make test``); prints each offence as
``file:line: imports _name from module`` and exits 1 if there is any.

Allowed: ``_core`` (the C extension's module name), dunder names (``__all__``, ``__version__``),
and a package's own modules importing from the package's ``__init__`` nothing private either.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

#: Private module names that are imported by design: the C extension.
ALLOWED = {"_core"}


def offences(root: Path) -> list[str]:
    """Every import of a private name from another sudokit module, as ``path:line: text``."""
    out = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            if node.level or not node.module.startswith("sudokit"):
                continue
            for alias in node.names:
                name = alias.name
                if name.startswith("_") and not name.startswith("__") and name not in ALLOWED:
                    if _own_module(path, root, [*node.module.split("."), name]):
                        continue
                    out.append(f"{path}:{node.lineno}: imports {name} from {node.module}")
            parts = node.module.split(".")
            private = [p for p in parts[1:] if p.startswith("_") and p not in ALLOWED]
            if private and not _inside(path, root, parts):
                out.append(f"{path}:{node.lineno}: imports from private module {node.module}")
    return out


def _own_module(path: Path, root: Path, parts: list[str]) -> bool:
    """True when ``parts`` names a private submodule of the package ``path`` belongs to."""
    owner = root.joinpath(*parts[1:-1])
    is_module = (owner / f"{parts[-1]}.py").exists() or (owner / parts[-1]).is_dir()
    return is_module and (owner in path.parents or path.parent == owner)


def _inside(path: Path, root: Path, parts: list[str]) -> bool:
    """True when ``path`` lies in the package that owns the private module ``parts``."""
    owner = root.joinpath(*parts[1:-1])
    return owner in path.parents or path.parent == owner


def main(argv: list[str]) -> int:
    """Check the package below ``argv[0]`` (default: src/sudokit); 1 if anything is found."""
    root = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "src" / "sudokit"
    found = offences(root)
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} imports of private names across modules")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
