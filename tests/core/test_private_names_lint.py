"""tools/check_private_imports.py: private names stay in their module, imported or as attributes."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.paths import ROOT
from tests.helpers.scripts import load_script

lint = load_script(ROOT / "tools" / "check_private_imports.py", "check_private_imports")


def package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "sudokit"
    for name, text in {"__init__.py": "", "grid.py": "class Grid:\n    pass\n", **files}.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_package_itself_is_clean() -> None:
    assert lint.offences(ROOT / "src" / "sudokit") == []


def test_an_imported_private_name_is_found(tmp_path: Path) -> None:
    root = package(tmp_path, {"a.py": "from sudokit.grid import _helper\n"})
    assert [line.split(": ", 1)[1] for line in lint.offences(root)] == ["imports _helper from sudokit.grid"]


def test_a_private_attribute_of_an_imported_name_is_found(tmp_path: Path) -> None:
    root = package(tmp_path, {
        "a.py": "from sudokit.grid import Grid\nx = Grid._trusted(1)\ny = Grid.public(2)\n",
        "b.py": "import sudokit.grid as g\nz = g._cache\n",
        "c.py": "from sudokit import grid\nw = grid.Grid.__name__\n",
    })
    found = sorted(line.split(": ", 1)[1] for line in lint.offences(root))
    assert found == ["uses Grid._trusted of sudokit.grid", "uses g._cache of sudokit.grid"]


def test_own_and_foreign_privates_are_not_the_lints_business(tmp_path: Path) -> None:
    root = package(tmp_path, {
        "a.py": "class A:\n    def _x(self) -> int:\n        return 1\n\nA()._x()\nA._x\n",
        "b.py": "import os\nos._exit\nfrom collections import abc\nabc._x\n",
    })
    assert lint.offences(root) == []
