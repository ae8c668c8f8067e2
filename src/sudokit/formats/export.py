"""Constraints written back as f-puzzles fields, for f-puzzles and SudokuPad links.

:func:`fpuzzles_fields` turns the constraints of :mod:`sudokit.rules.kinds` into the f-puzzles
JSON fields :mod:`sudokit.formats.links` reads (``thermometer``, ``arrow``, ``killercage``,
``littlekillersum``, ``sandwichsum``, ``xsum``, ``skyscraper``, ``whispers``, ``renban``,
``palindrome``, ``betweenline``, ``regionsumline``, ``entropicline``, ``modularline``,
``zipperline``, ``difference``, ``ratio``, ``xv``, ``odd``, ``even``, ``minimum``, ``maximum``,
``quadruple``, ``clone``, ``extraregion``, ``diagonal+``/``diagonal-``, ``antiknight``,
``antiking``, ``nonconsecutive``, ``disjointgroups`` and ``negative``). A constraint the format
cannot say (equal-sum segments, a dot between cells that do not touch, a
digit set other than 1…N) raises :class:`~sudokit.errors.UnsupportedConstraintError` naming it:
nothing is dropped. :func:`sudokupad_link` wraps the same JSON in a SudokuPad link
(``https://sudokupad.app/fpuzzles…``), which SudokuPad opens as it opens f-puzzles' own.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sudokit.errors import UnsupportedConstraintError
from sudokit.rules import Constraint, Rules, kinds
from sudokit.shape import shape_for_size

__all__ = ["SUDOKUPAD", "fpuzzles_box", "fpuzzles_fields", "sudokupad_link"]

#: Where SudokuPad links point.
SUDOKUPAD = "https://sudokupad.app/"

#: Line kinds written as ``{"lines": [[cells]]}`` under their f-puzzles field.
_LINE_FIELDS: dict[type[Constraint], str] = {
    kinds.Thermometer: "thermometer", kinds.SlowThermometer: "slowthermometer", kinds.Renban: "renban",
    kinds.Palindrome: "palindrome", kinds.Between: "betweenline",
    kinds.Entropic: "entropicline", kinds.ZipperLine: "zipperline",
}
_FLAGS: dict[type[Constraint], str] = {
    kinds.AntiKnight: "antiknight", kinds.AntiKing: "antiking", kinds.NonConsecutive: "nonconsecutive",
}
_CELL_FIELDS: dict[type[Constraint], str] = {
    kinds.Odd: "odd",
    kinds.Even: "even",
    kinds.Minimum: "minimum",
    kinds.Maximum: "maximum",
}


def fpuzzles_box(n: int) -> tuple[int, int]:
    """The box f-puzzles gives an N×N grid without regions: rows as near √N as divide N."""
    h = max(1, int(n ** 0.5))
    while h > 1 and n % h:
        h -= 1
    return h, n // h


def _name(cell: int, n: int) -> str:
    r, c = divmod(cell, n)
    return f"R{r + 1}C{c + 1}"


def _at(r: int, c: int) -> str:
    """An f-puzzles cell name for 0-based (row, col), outside the grid too (``R0C3``)."""
    return f"R{r + 1}C{c + 1}"


class _Writer:
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.n = rules.n
        self.data: dict[str, Any] = {}
        self.dots: set[tuple[int, int]] = set()
        self.marks: set[tuple[int, int]] = set()

    def refuse(self, c: Constraint, why: str) -> UnsupportedConstraintError:
        return UnsupportedConstraintError(f"f-puzzles cannot express {c.where(self.n)}: {why}")

    def add(self, key: str, entry: dict[str, Any]) -> None:
        self.data.setdefault(key, []).append(entry)

    def cells(self, cells: Sequence[int]) -> list[str]:
        return [_name(c, self.n) for c in cells]

    def pair(
        self, c: kinds.KropkiWhite | kinds.KropkiBlack | kinds.Difference | kinds.Ratio | kinds.XV
    ) -> list[str]:
        (r1, c1), (r2, c2) = divmod(c.a, self.n), divmod(c.b, self.n)
        if abs(r1 - r2) + abs(c1 - c2) != 1:
            raise self.refuse(c, "its mark sits between two cells that are not side by side")
        return self.cells((c.a, c.b))

    def write(self, c: Constraint) -> None:
        n = self.n
        line_field = _LINE_FIELDS.get(type(c))
        if line_field is not None:
            self.add(line_field, {"lines": [self.cells(c.cells())]})
        elif type(c) in _CELL_FIELDS:
            assert isinstance(c, (kinds.Odd, kinds.Even, kinds.Minimum, kinds.Maximum))
            self.add(_CELL_FIELDS[type(c)], {"cell": _name(c.cell, n)})
        elif type(c) in _FLAGS:
            self.data[_FLAGS[type(c)]] = True
        elif isinstance(c, kinds.Arrow):
            first = c.line[0]
            start = min(c.circle, key=lambda x: abs(x // n - first // n) + abs(x % n - first % n))
            self.add("arrow", {"cells": self.cells(c.circle), "lines": [self.cells((start, *c.line))]})
        elif isinstance(c, kinds.KillerCage):
            entry: dict[str, Any] = {"cells": self.cells(c.group)}
            if c.total is not None:
                entry["value"] = str(c.total)
            self.add("killercage", entry)
        elif isinstance(c, (kinds.GermanWhisper, kinds.DutchWhisper)):
            self.add("whispers", {"lines": [self.cells(c.line)], "value": str(c.gap)})
        elif isinstance(c, kinds.Modular):
            if c.modulus != 3:
                raise self.refuse(c, f"its lines are modulo 3, not {c.modulus}")
            self.add("modularline", {"lines": [self.cells(c.line)]})
        elif isinstance(c, kinds.RegionSum):
            ours = tuple(self.rules.pieces) if self.rules.pieces is not None else tuple(
                (self.rules.shape or shape_for_size(n)).box_of(x) for x in range(n * n))
            if c.boxes is not None and tuple(c.boxes) != ours:
                raise self.refuse(c, "its regions are not the grid's")
            self.add("regionsumline", {"lines": [self.cells(c.line)]})
        elif isinstance(c, (kinds.KropkiWhite, kinds.Difference, kinds.KropkiBlack, kinds.Ratio)):
            # a white dot is a difference of 1, a black one a ratio of 2: f-puzzles has no value for them
            self.dots.add((min(c.a, c.b), max(c.a, c.b)))
            entry = {"cells": self.pair(c)}
            if isinstance(c, (kinds.Difference, kinds.Ratio)):
                entry["value"] = str(c.value)
            self.add("difference" if isinstance(c, (kinds.KropkiWhite, kinds.Difference)) else "ratio", entry)
        elif isinstance(c, kinds.XV):
            if c.total not in (5, 10):
                raise self.refuse(c, f"a mark sums to 10 (X) or 5 (V), not {c.total}")
            self.marks.add((min(c.a, c.b), max(c.a, c.b)))
            self.add("xv", {"cells": self.pair(c), "value": "X" if c.total == 10 else "V"})
        elif isinstance(c, kinds.Quadruple):
            self.add("quadruple", {"cells": self.cells(c.block(n)), "values": list(c.values)})
        elif isinstance(c, kinds.Clone):
            self.add("clone", {"cells": self.cells(c.first), "cloneCells": self.cells(c.second)})
        elif isinstance(c, kinds.ExtraRegion):
            self.add("extraregion", {"cells": self.cells(c.group)})
        elif isinstance(c, kinds.Diagonal):
            self.data["diagonal-" if c.direction == "down" else "diagonal+"] = True
        elif isinstance(c, kinds.DisjointGroups):
            shape = self.rules.shape if self.rules.pieces is None else None
            if shape is None or (c.box is not None and tuple(c.box) != shape.box):
                raise self.refuse(c, "f-puzzles' disjoint groups follow the grid's own boxes")
            self.data["disjointgroups"] = True
        elif isinstance(c, kinds.LittleKiller):
            self.add("littlekillersum", self.little_killer(c))
        elif isinstance(c, (kinds.Sandwich, kinds.XSum, kinds.Skyscraper)):
            key = {kinds.Sandwich: "sandwichsum", kinds.XSum: "xsum", kinds.Skyscraper: "skyscraper"}[type(c)]
            value = c.count if isinstance(c, kinds.Skyscraper) else c.total
            self.add(key, {"cell": self.outside(c), "value": str(value)})
        elif not isinstance(c, (kinds.AllDotsGiven, kinds.AllBlackDotsGiven, kinds.AllWhiteDotsGiven,
                                kinds.AllXVGiven)):
            raise self.refuse(c, f"f-puzzles has no field for {c.kind}")

    def little_killer(self, c: kinds.LittleKiller) -> dict[str, Any]:
        """The clue cell outside the grid and the direction whose diagonal is the line."""
        n = self.n
        r0, c0 = divmod(c.line[0], n)
        for name, (dr, dc) in (("DR", (1, 1)), ("DL", (1, -1)), ("UR", (-1, 1)), ("UL", (-1, -1))):
            r, col = r0 - dr, c0 - dc
            if 0 <= r < n and 0 <= col < n:
                continue
            walk, rr, cc = [], r + dr, col + dc
            while 0 <= rr < n and 0 <= cc < n:
                walk.append(rr * n + cc)
                rr, cc = rr + dr, cc + dc
            if tuple(walk) == tuple(c.line):
                return {"cell": _at(r, col), "direction": name, "value": str(c.total)}
        raise self.refuse(c, "its cells are not a whole diagonal from the grid's edge")

    def outside(self, c: kinds.Sandwich | kinds.XSum | kinds.Skyscraper) -> str:
        """The clue's cell outside the grid, read from the line's start."""
        n, line = self.n, tuple(c.line)
        for r in range(n):
            row = tuple(r * n + k for k in range(n))
            if line == row:
                return _at(r, -1)
            if line == row[::-1]:
                return _at(r, n)
        for col in range(n):
            column = tuple(k * n + col for k in range(n))
            if line == column:
                return _at(-1, col)
            if line == column[::-1]:
                return _at(n, col)
        raise self.refuse(c, "its clue reads a whole row or column from one side")


def fpuzzles_fields(rules: Rules) -> dict[str, Any]:
    """The f-puzzles JSON fields of the rules' constraints (see the module); raises
    :class:`UnsupportedConstraintError` for one f-puzzles cannot express."""
    if rules.digits is not None:
        raise UnsupportedConstraintError(f"f-puzzles cannot express the digit set {list(rules.digits)}")
    writer = _Writer(rules)
    for c in rules.constraints:
        writer.write(c)
    negative: list[str] = []
    for c in rules.constraints:
        if isinstance(c, kinds.NonConsecutive) and writer.dots:
            raise writer.refuse(c, "f-puzzles reads non-consecutive beside dots as the white dots' "
                                   "negative (the dotted pairs left out)")
        if isinstance(c, (kinds.AllDotsGiven, kinds.AllBlackDotsGiven, kinds.AllWhiteDotsGiven)):
            if set(c.marked) != writer.dots:
                raise writer.refuse(c, "f-puzzles' negative rule leaves out exactly the dots drawn")
            if isinstance(c, kinds.AllWhiteDotsGiven):
                writer.data["nonconsecutive"] = True  # f-puzzles' own negative of the white dots
            else:
                negative += ["ratio", "difference"] if isinstance(c, kinds.AllDotsGiven) else ["ratio"]
        elif isinstance(c, kinds.AllXVGiven):
            if set(c.marked) != writer.marks:
                raise writer.refuse(c, "f-puzzles' negative rule leaves out exactly the X and V drawn")
            negative.append("xv")
    if negative:
        writer.data["negative"] = list(dict.fromkeys(negative))
    return writer.data


def sudokupad_link(payload: str) -> str:
    """The SudokuPad link of an f-puzzles ``load=`` payload (lz-string base64)."""
    return f"{SUDOKUPAD}fpuzzles{payload}"
