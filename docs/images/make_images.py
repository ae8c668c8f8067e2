"""Make the sample pictures of docs/rendering.md (needs the png and pdf extras, and pdftoppm).

    python docs/images/make_images.py
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from sudokit.render import svg
from sudokit.render.booklet import book
from sudokit.candidates import Candidates
from sudokit.generation.generator import generate
from sudokit.grid import Grid
from sudokit.techniques.explain import explain

HERE = Path(__file__).resolve().parent
PUZZLE = Grid.from_string("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
CHAIN = Grid.from_string("...4....94.6.8.12.....2.4..2.49..6...98.6....6........5.......7....95..293...1.4.")
FORCING = Grid.from_string(".2.4..........91.......25.6...5.18...3.24...............7...6.8.128.4.9.8.56....2")


def save(name: str, picture: str, width: int = 500) -> None:
    """Write one picture as PNG."""
    (HERE / name).write_bytes(svg.png(picture, width=width))


def first_step(grid: Grid, technique: str) -> tuple[Candidates, object]:
    """The position before the first step of ``technique`` in ``grid``'s solving path."""
    cands = Candidates.from_grid(grid)
    for step in explain(grid):
        if step.technique == technique:
            return cands, step
        step.apply(cands)
    raise LookupError(technique)


def variants_strip() -> str:
    """Four variant puzzles side by side: X, Windoku, Jigsaw, Killer (the C engine's seeds)."""
    import xml.etree.ElementTree as ET

    root = ET.Element("svg", {"xmlns": svg.SVG_NS, "width": "1260", "height": "300",
                              "viewBox": "0 0 1260 300"})
    ET.SubElement(root, "rect", {"width": "1260", "height": "300", "fill": "#ffffff"})
    for i, (variant, seed) in enumerate([("x", 1), ("windoku", 1), ("jigsaw", 2), ("killer", 3)]):
        element = svg.grid_element(generate(variant=variant, seed=seed), size=300, title=variant)
        element.set("x", str(i * 320))
        root.append(element)
    return svg.to_string(root)


def main() -> None:
    save("grid.png", svg.grid(PUZZLE, coordinates=True))
    save("pencil-marks.png", svg.grid(PUZZLE, candidates=True))
    cands, step = first_step(CHAIN, "AIC")
    save("aic.png", svg.step(step, CHAIN, cands))  # type: ignore[arg-type]
    cands, step = first_step(FORCING, "Cell Forcing Chains")
    save("forcing-chain.png", svg.step(step, FORCING, cands))  # type: ignore[arg-type]
    save("variants.png", variants_strip(), width=1260)
    big = generate(box=(4, 4), seed=3)
    save("16x16.png", svg.grid(big, candidates=True), width=640)
    with tempfile.TemporaryDirectory() as folder:
        pdf = Path(folder) / "booklet.pdf"
        book(None, pdf, count=4, per_page=4, seed=11, title="sudokit booklet")
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", "-singlefile",
                        str(pdf), str(HERE / "booklet-page")], check=True)


if __name__ == "__main__":
    main()
