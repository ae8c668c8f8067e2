"""Check that no module of sudokit imports another module's private names (``_name``).

A module may import only the public names of another module; a private name is the owning
module's own business. That holds for attributes too: ``Grid._x`` or ``module._x`` on a name
imported from another sudokit module is the same offence as importing ``_x``. Run by ``make
layers`` (part of ``make test``); prints each offence as ``file:line: imports _name from module``
or ``file:line: uses Name._attr of module`` and exits 1 if there is any.

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
        out += _private_attributes(path, tree)
    return out


def _imported(tree: ast.AST) -> dict[str, str]:
    """The names a module binds to other sudokit modules' objects: local name -> module."""
    bound: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            if node.module == "sudokit" or node.module.startswith("sudokit."):
                for alias in node.names:
                    bound[alias.asname or alias.name] = node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("sudokit.") and alias.asname:
                    bound[alias.asname] = alias.name
    return bound


def _private_attributes(path: Path, tree: ast.AST) -> list[str]:
    """Every ``Name._attr`` where Name came from another sudokit module, as ``path:line: text``."""
    bound = _imported(tree)
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            continue
        attr, name = node.attr, node.value.id
        if name in bound and attr.startswith("_") and not attr.startswith("__") and attr not in ALLOWED:
            out.append(f"{path}:{node.lineno}: uses {name}.{attr} of {bound[name]}")
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
