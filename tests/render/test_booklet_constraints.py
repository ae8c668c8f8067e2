"""Booklets draw a puzzle's constraints (#25): the same drawing as the SVG pictures
(:func:`sudokit.render.constraints.layers`), painted with reportlab, outside clues in a margin and
the rules without a picture named in the label."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sudokit
from sudokit.grid import Grid
from sudokit.render import booklet as book_module
from sudokit.render.booklet import book
from sudokit.render.constraints import layers
from sudokit.render.layout import geometry
from sudokit.rules import (
    XV,
    AntiKnight,
    KillerCage,
    KropkiBlack,
    KropkiWhite,
    LittleKiller,
    Odd,
    Quadruple,
    Rules,
    Sandwich,
    Thermometer,
)

pytest.importorskip("reportlab")
pypdf = pytest.importorskip("pypdf")


def decorated(seed: int = 11, extra: tuple[Any, ...] = ()) -> Grid:
    """A unique 9×9 puzzle with constraints its own solution keeps (so it stays unique)."""
    base = sudokit.generate(seed=seed)
    a = sudokit.solve(base).cells
    diagonal = tuple(range(0, 81, 10))
    row = [a[c] for c in range(9, 18)]
    i, j = sorted((row.index(1), row.index(9)))
    low = sorted(range(18, 27), key=lambda c: a[c])
    found: list[Any] = [
        LittleKiller(diagonal, sum(a[c] for c in diagonal)), Sandwich(tuple(range(9, 18)), sum(row[i + 1:j])),
        Thermometer((low[0], low[1])), KillerCage((40, 41), a[40] + a[41]),
        Odd(next(c for c in range(60, 81) if a[c] % 2)), Quadruple(3, (a[3], a[4])),
    ]
    pairs = [(c, c + 1) for c in range(80) if c % 9 < 8]
    found.append(next(KropkiWhite(x, y) for x, y in pairs if abs(a[x] - a[y]) == 1))
    found.append(next(KropkiBlack(x, y) for x, y in pairs if a[x] == 2 * a[y] or a[y] == 2 * a[x]))
    found.append(next(XV(x, y, a[x] + a[y]) for x, y in pairs if a[x] + a[y] in (5, 10)))
    return Grid(base.cells, base.shape, Rules.classic(base.shape).with_constraints([*found, *extra]))


class Recorder:
    """A stand-in canvas that counts what is painted."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.texts: list[str] = []

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            if name == "beginText":
                return TextRecorder(self)
            if name == "beginPath":
                return PathRecorder()
            if name == "stringWidth":
                return 10.0
            return None
        return call


class TextRecorder:
    def __init__(self, owner: Recorder) -> None:
        self.owner = owner

    def __getattr__(self, name: str) -> Any:
        return lambda *args: self.owner.texts.append(args[0]) if name == "textOut" else None


class PathRecorder:
    def __init__(self) -> None:
        self.points = 0

    def moveTo(self, x: float, y: float) -> None:
        self.points += 1

    def lineTo(self, x: float, y: float) -> None:
        self.points += 1


def test_every_svg_shape_of_the_constraints_is_painted() -> None:
    grid = decorated()
    assert grid.rules is not None
    geo = geometry(grid.shape, clues=True)
    for layer in layers(grid.rules, geo)[:2]:
        canvas = Recorder()
        book_module._paint(canvas, book_module._Pen(0, 500, 1.0), layer)
        tags = Counter(e.tag for e in layer.iter())
        assert canvas.calls["circle"] == tags["circle"]
        assert canvas.calls["rect"] + canvas.calls["roundRect"] == tags["rect"]
        assert canvas.calls["drawPath"] == tags["path"]
        assert sorted(canvas.texts) == sorted(e.text or "" for e in layer.iter("text"))


def test_a_booklet_draws_the_constraints(tmp_path: Path) -> None:
    plain = decorated()
    knight = sudokit.generate(variant="antiknight", seed=2)  # as a constraint: the same rule
    knight = Grid(knight.cells, knight.shape, Rules.classic(knight.shape).with_constraints([AntiKnight()]))
    out = tmp_path / "constraints.pdf"
    written = book([plain, knight], out, per_page=1)
    assert written.pages == 2
    reader = pypdf.PdfReader(str(out))
    text = reader.pages[0].extract_text()
    assert plain.rules is not None
    killer = next(c for c in plain.rules.constraints if isinstance(c, LittleKiller))
    sandwich = next(c for c in plain.rules.constraints if isinstance(c, Sandwich))
    quad = next(c for c in plain.rules.constraints if isinstance(c, Quadruple))
    assert str(killer.total) in text and str(sandwich.total) in text
    assert " ".join(str(v) for v in quad.values) in text
    assert "knight" in reader.pages[1].extract_text() and "knight" not in text


def test_a_margin_keeps_outside_clues_on_the_page(tmp_path: Path) -> None:
    grid = decorated()
    assert grid.rules is not None
    with_clues = geometry(grid.shape, clues=True)
    assert with_clues.margin > geometry(grid.shape).margin
    _under, over, _ = layers(grid.rules, with_clues)
    xs = [float(e.get("x", "0")) for e in over.iter("text")]
    assert min(xs) > 0  # the clues sit in the margin, inside the picture


def test_the_booklet_page_matches_the_svg_picture_counts(tmp_path: Path) -> None:
    grid = decorated()
    picture = ET.fromstring(sudokit.render.svg.grid(grid))
    svg_circles = sum(1 for e in picture.iter("{http://www.w3.org/2000/svg}circle"))
    assert grid.rules is not None
    geo = geometry(grid.shape, clues=True)
    painted = sum(1 for layer in layers(grid.rules, geo)[:2] for e in layer.iter("circle"))
    assert painted == svg_circles  # the picture and the booklet share one drawing
