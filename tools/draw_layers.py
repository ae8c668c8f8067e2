"""Draw sudokit's structure as docs/images/layers.svg: the import-linter layers, from the code.

The bands are the layers of the ``layers`` contract in pyproject.toml (top imports bottom, never
the reverse, as ``make layers`` checks); each box is a package or module of that layer and, for
a package, the modules inside it. Run it after moving modules::

    python tools/draw_layers.py            # writes docs/images/layers.svg
    python tools/draw_layers.py --check    # exit 1 if the picture is out of date (make test runs it)
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "sudokit"
OUT = ROOT / "docs" / "images" / "layers.svg"

WIDTH = 1000
BAND = 88  # the least height of a band: four lines of module names fit in a box
LINE = 13  # the height of a line of module names
GAP = 14
LEFT = 150
FONT = "DejaVu Sans, Arial, sans-serif"
#: Band colours from the front ends (top) to the model (bottom).
COLOURS = ["#f6d5c3", "#f6e3c3", "#f3efc1", "#dfeec6", "#cde8e0", "#cfe0f3", "#dcd6f0"]
NAMES = ["front end", "front end", "features", "features", "techniques", "engine", "model"]


def layers() -> list[list[str]]:
    """The layers of the ``layers`` contract, each a list of module names under ``sudokit``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    out = []
    for layer in contract["layers"]:
        parts = layer.replace("|", ":").split(":")
        out.append([p.strip() for p in parts if p.strip()])
    return out


def inside(name: str) -> list[str]:
    """The modules and subpackages of package ``name`` (none for a module)."""
    path = PACKAGE / name
    if not path.is_dir():
        return []
    subs = [p.stem for p in sorted(path.glob("*.py")) if p.stem != "__init__"]
    subs += [p.name + "/" for p in sorted(path.iterdir()) if p.is_dir() and (p / "__init__.py").exists()]
    return subs


def boxes_of(band: list[str]) -> list[tuple[str, list[str]]]:
    """The boxes of one band: a box per package (with its modules), the flat modules in one box."""
    packages = [(name + "/", inside(name)) for name in band if (PACKAGE / name).is_dir()]
    modules = [name + ".py" for name in band if not (PACKAGE / name).is_dir()]
    if len(modules) == 1:
        return [*packages, (modules[0], [])]
    return packages + ([("flat modules", modules)] if modules else [])


def text(parent: ET.Element, x: float, y: float, body: str, size: int, **attrs: str) -> None:
    """Add one line of text."""
    element = ET.SubElement(parent, "text", {"x": f"{x:.0f}", "y": f"{y:.0f}", "font-size": str(size),
                                             "font-family": FONT, **attrs})
    element.text = body


def wrap(words: list[str], width: int) -> list[str]:
    """Words joined by ", " into lines of at most ``width`` characters."""
    out: list[str] = []
    line = ""
    for word in words:
        piece = word if not line else f"{line}, {word}"
        if len(piece) > width and line:
            out.append(line + ",")
            line = word
        else:
            line = piece
    if line:
        out.append(line)
    return out


def band_lines(band: list[str]) -> list[tuple[str, list[str]]]:
    """A band's boxes, each with its module names wrapped to the box's width (every name kept)."""
    boxes = boxes_of(band)
    span = (WIDTH - LEFT - 50) / len(boxes)
    width = max(12, int((span - 20) / 6.6))
    return [(name, wrap(inner, width)) for name, inner in boxes]


def band_height(lines: list[tuple[str, list[str]]]) -> float:
    """A band tall enough for its longest box of module names."""
    return max(BAND, 52 + LINE * max(len(rows) for _, rows in lines))


def draw() -> str:
    """The SVG text of the picture."""
    bands = [band_lines(band) for band in layers()]
    height = 70 + sum(band_height(b) + GAP for b in bands) + 30
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": str(WIDTH),
                             "height": f"{height:.0f}", "viewBox": f"0 0 {WIDTH} {height:.0f}"})
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "white"})
    text(svg, 20, 32, "sudokit: the import layers (pyproject.toml, checked by make layers)", 20,
         **{"font-weight": "bold"})
    text(svg, 20, 54, "Each band imports only the bands below it; a box lists the modules inside a package.",
         13, fill="#444")
    y = 70.0
    for k, boxes in enumerate(bands):
        tall = band_height(boxes)
        ET.SubElement(svg, "rect", {"x": "10", "y": f"{y:.0f}", "width": str(WIDTH - 20),
                                    "height": f"{tall:.0f}", "rx": "8", "fill": COLOURS[k % len(COLOURS)],
                                    "stroke": "#999"})
        text(svg, 22, y + tall / 2 + 5, NAMES[k] if k < len(NAMES) else "", 14, fill="#333",
             **{"font-style": "italic"})
        span = (WIDTH - LEFT - 50) / len(boxes)
        for j, (name, rows) in enumerate(boxes):
            x = LEFT + j * span
            ET.SubElement(svg, "rect", {"x": f"{x + 3:.0f}", "y": f"{y + 6:.0f}", "width": f"{span - 6:.0f}",
                                        "height": f"{tall - 12:.0f}", "rx": "5", "fill": "white",
                                        "stroke": "#555"})
            text(svg, x + 10, y + 24, name, 14, **{"font-weight": "bold"})
            for row, line in enumerate(rows):
                text(svg, x + 10, y + 40 + LINE * row, line, 11, fill="#333")
        if k + 1 < len(bands):
            mid, top = WIDTH - 45, y + tall - 12
            ET.SubElement(svg, "path", {"d": f"M{mid} {top:.0f} v12", "stroke": "#333", "stroke-width": "2"})
            ET.SubElement(svg, "path", {"d": f"M{mid - 6} {top + 12:.0f} h12 l-6 12 z", "fill": "#333"})
        y += tall + GAP
    text(svg, 20, y + 12, "csrc/: module/ (the binding) over solve/, make/, se/, hodoku/ over common/; "
         "tests/ mirrors src/sudokit/.", 13, fill="#444")
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode") + "\n"


def main(argv: list[str]) -> int:
    """Write the picture, or with ``--check`` say whether it is up to date."""
    picture = draw()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text() != picture:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python tools/draw_layers.py")
            return 1
        return 0
    OUT.write_text(picture)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
