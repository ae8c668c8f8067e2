"""Sudoku variants, each a class found by name or alias (as python-chess's ``chess.variant``).

A variant adds to (or, for Jigsaw, replaces part of) the classic rules; variants compose:
``make_rules("x,antiknight")`` is Sudoku X with the anti-knight rule.

========================  ===========================================  ==============================
name                      aliases                                      adds
========================  ===========================================  ==============================
``x``                     ``diagonal``, ``sudoku-x``                   both long diagonals
``windoku``               ``hyper``, ``hypersudoku``                   (√N−1)² windows (4 on 9×9)
``jigsaw``                ``irregular``                                pieces replace the boxes
``antiknight``            ``anti-knight``                              knight's-move cells differ
``antiking``              ``anti-king``                                king's-move cells differ
``nonconsecutive``        ``non-consecutive``                          side-by-side digits not ±1
``disjointgroups``        ``disjoint-groups``, ``disjoint``            same place in each box differ
``killer``                ``sumdoku``                                  cages with sums
========================  ===========================================  ==============================

>>> find_variant("hyper").name
'windoku'
>>> rules = make_rules("x,antiknight")
>>> rules.variants, len(rules.regions), len(rules.differ)
(('x', 'antiknight'), 29, 224)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import ClassVar

from sudokit.errors import RulesError, ShapeError, VariantError
from sudokit.rules import Cage, Region, Rules
from sudokit.rules.geometry import (
    KING_STEPS,
    KNIGHT_STEPS,
    diagonal,
    disjoint_groups,
    moves,
    orthogonal_pairs,
)
from sudokit.shape import Shape, shape_for_size

__all__ = [
    "VARIANTS",
    "AntiKing",
    "AntiKnight",
    "DisjointGroups",
    "Jigsaw",
    "Killer",
    "NonConsecutive",
    "Variant",
    "Windoku",
    "X",
    "find_variant",
    "make_rules",
    "parse_region_map",
    "variant_names",
]


class Variant:
    """One Sudoku variant: what it adds to the rules of an N×N grid with boxes of ``shape``."""

    #: The name used everywhere (CLI ``--variant``, JSON, ``Rules.variants``).
    name: ClassVar[str] = ""
    #: Other names accepted for it (f-puzzles' keys among them).
    aliases: ClassVar[tuple[str, ...]] = ()
    #: One line for ``--help`` and the docs.
    description: ClassVar[str] = ""
    #: True when the variant removes the boxes (Jigsaw).
    replaces_boxes: ClassVar[bool] = False

    @classmethod
    def unavailable(cls, shape: Shape) -> str | None:
        """Why the variant does not exist for this box shape (None: it does)."""
        return None

    @classmethod
    def regions(cls, shape: Shape) -> list[Region]:
        """The regions the variant adds."""
        return []

    @classmethod
    def differ(cls, shape: Shape) -> list[tuple[int, int]]:
        """The differ pairs the variant adds."""
        return []

    @classmethod
    def adjacent(cls, shape: Shape) -> list[tuple[int, int]]:
        """The non-consecutive pairs the variant adds."""
        return []


class X(Variant):
    """Sudoku X: each long diagonal holds every digit once."""

    name = "x"
    aliases = ("diagonal", "sudoku-x", "diagonals")
    description = "both long diagonals hold every digit once"

    @classmethod
    def regions(cls, shape: Shape) -> list[Region]:
        n = shape.n
        return [
            Region("diagonal", "diagonal ↘", diagonal(n, "down")),
            Region("diagonal", "diagonal ↗", diagonal(n, "up")),
        ]


class Windoku(Variant):
    """Windoku (Hyper Sudoku): extra box-sized windows one cell in from the boxes' corners."""

    name = "windoku"
    aliases = ("hyper", "hypersudoku", "window")
    description = "extra box-sized windows, one cell in from the boxes (4 on 9×9)"

    @classmethod
    def unavailable(cls, shape: Shape) -> str | None:
        if shape.box_rows != shape.box_cols or shape.box_rows < 2:
            return "windoku needs square boxes of side 2 or more"
        return None

    @classmethod
    def regions(cls, shape: Shape) -> list[Region]:
        b, n = shape.box_rows, shape.n
        starts = [1 + k * (b + 1) for k in range(b - 1)]
        out = []
        for i, r0 in enumerate(starts):
            for j, c0 in enumerate(starts):
                cells = tuple((r0 + r) * n + c0 + c for r in range(b) for c in range(b))
                out.append(Region("window", f"window {i * len(starts) + j + 1}", cells))
        return out


class Jigsaw(Variant):
    """Jigsaw (irregular) Sudoku: N pieces of N cells replace the boxes (give the region map)."""

    name = "jigsaw"
    aliases = ("irregular", "nonomino")
    description = "N pieces of N cells (a region map) replace the boxes"
    replaces_boxes = True


class AntiKnight(Variant):
    """Anti-Knight: two cells a knight's move apart hold different digits."""

    name = "antiknight"
    aliases = ("anti-knight", "knight")
    description = "cells a knight's move apart hold different digits"

    @classmethod
    def differ(cls, shape: Shape) -> list[tuple[int, int]]:
        return moves(shape.n, KNIGHT_STEPS)


class AntiKing(Variant):
    """Anti-King: two cells a king's move apart (diagonally touching) hold different digits."""

    name = "antiking"
    aliases = ("anti-king", "king")
    description = "cells a king's move apart hold different digits"

    @classmethod
    def differ(cls, shape: Shape) -> list[tuple[int, int]]:
        return moves(shape.n, KING_STEPS)


class NonConsecutive(Variant):
    """Non-Consecutive: side-by-side cells never hold consecutive digits."""

    name = "nonconsecutive"
    aliases = ("non-consecutive", "nc")
    description = "orthogonally adjacent cells never hold consecutive digits"

    @classmethod
    def adjacent(cls, shape: Shape) -> list[tuple[int, int]]:
        return orthogonal_pairs(shape.n)


class DisjointGroups(Variant):
    """Disjoint Groups: the cells at the same place in every box hold every digit once."""

    name = "disjointgroups"
    aliases = ("disjoint-groups", "disjoint", "dg")
    description = "the cells at the same place in each box hold every digit once"

    @classmethod
    def regions(cls, shape: Shape) -> list[Region]:
        return [Region("group", f"group {k + 1}", cells) for k, cells in enumerate(disjoint_groups(shape))]


class Killer(Variant):
    """Killer Sudoku: cages whose digits differ and add up to their sums (give the cages)."""

    name = "killer"
    aliases = ("sumdoku", "killercage", "cages")
    description = "cages whose digits differ and add up to their sums"


#: Every variant, in the order of the table above.
VARIANTS: tuple[type[Variant], ...] = (X, Windoku, Jigsaw, AntiKnight, AntiKing, NonConsecutive,
                                       DisjointGroups, Killer)

_BY_NAME: dict[str, type[Variant]] = {
    key: v for v in VARIANTS for key in (v.name, *v.aliases)
}


def variant_names() -> list[str]:
    """The variants' names (not their aliases)."""
    return [v.name for v in VARIANTS]


def find_variant(name: str) -> type[Variant]:
    """The variant class for a name or alias (case, spaces and underscores ignored)."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    found = _BY_NAME.get(key) or _BY_NAME.get(key.replace("-", ""))
    if found is None:
        raise VariantError(f"unknown variant {name!r} (known: {', '.join(variant_names())})")
    return found


def parse_region_map(regions: str | Sequence[int], n: int | None = None) -> tuple[int, ...]:
    """A Jigsaw region map as a 0-based piece number per cell, checked as a partition.

    Text gives one character per cell (``1-9A-Z`` or any letters: equal characters make a piece;
    spaces and newlines are ignored) or whitespace-separated numbers; a sequence gives numbers.
    Raises :class:`RulesError` unless the map holds N pieces of N cells each.
    """
    if isinstance(regions, str):
        words = regions.split()
        numbers = all(w.isascii() and w.isdigit() for w in words)
        if len(words) > 1 and numbers and (n is None or len(words) == n * n):
            labels: list[object] = [int(w) for w in words]
        else:
            labels = [ch for ch in regions if not ch.isspace()]
    else:
        labels = list(regions)
    size = len(labels)
    side = n if n is not None else math.isqrt(size)
    if side * side != size or side < 2:
        raise RulesError(f"a region map needs N² cells (81 for 9×9), not {size}")
    order: dict[object, int] = {}
    for label in labels:
        if label not in order:
            order[label] = len(order)
    if len(order) != side:
        raise RulesError(f"a region map of a {side}×{side} grid needs {side} pieces, not {len(order)}")
    pieces = tuple(order[label] for label in labels)
    for p in range(side):
        count = pieces.count(p)
        if count != side:
            label = next(k for k, v in order.items() if v == p)
            raise RulesError(f"piece {label!s} of the region map holds {count} cells, not {side}")
    return pieces


def _box_shape(box: Shape | tuple[int, int] | None, n: int | None) -> Shape:
    """The box shape: given, or the usual one for the side."""
    if isinstance(box, Shape):
        return box
    if box is not None:
        return Shape(*box)
    return shape_for_size(n if n is not None else 9)


def make_rules(
    variants: str | Sequence[str] = (),
    *,
    box: Shape | tuple[int, int] | None = None,
    n: int | None = None,
    regions: str | Sequence[int] | None = None,
    cages: Sequence[Cage | tuple[Sequence[int], int | None]] | None = None,
    extra_regions: Sequence[Sequence[int]] = (),
) -> Rules:
    """The rules of a puzzle made of the named variants (comma-separated text or a list).

    ``box`` (or ``n``) gives the grid; ``regions`` is Jigsaw's region map (see
    :func:`parse_region_map`; a map implies ``jigsaw``), ``cages`` Killer's cages as
    :class:`~sudokit.rules.Cage` or ``(cells, total)`` pairs (cages imply ``killer``),
    ``extra_regions`` more all-different regions (f-puzzles' ``extraregion``).
    Raises :class:`VariantError` for an unknown name or one not available for the shape.

    >>> make_rules("jigsaw", regions="1122" "1122" "3344" "3344").regions[8].name
    'piece 1'
    """
    names = [v for v in (variants.split(",") if isinstance(variants, str) else variants) if v.strip()]
    classes: list[type[Variant]] = []
    for name in names:
        cls = find_variant(name)
        if cls not in classes:
            classes.append(cls)
    if regions is not None and Jigsaw not in classes:
        classes.append(Jigsaw)
    if cages is not None and Killer not in classes:
        classes.append(Killer)
    pieces: tuple[int, ...] | None = None
    if Jigsaw in classes:
        if regions is None:
            raise VariantError("jigsaw needs its region map (--regions MAP)")
        pieces = parse_region_map(regions, n if n is not None else (box[0] * box[1] if isinstance(box, tuple)
                                                                    else box.n if box else None))
        side = math.isqrt(len(pieces))
        try:
            shape = _box_shape(box, side) if box is not None else shape_for_size(side)
        except ShapeError:
            shape = None  # a prime side has no box shape: only pieces
    else:
        shape = _box_shape(box, n)
        side = shape.n
    if n is not None and n != side:
        raise RulesError(f"the rules are for a {side}×{side} grid, not {n}×{n}")
    if Killer in classes and cages is None:
        raise VariantError("killer needs its cages")
    classes.sort(key=VARIANTS.index)
    base = Rules.classic(shape) if shape is not None else None
    region_list: list[Region] = []
    if base is not None:
        region_list = [r for r in base.regions if not (pieces is not None and r.kind == "box")]
    else:
        region_list = [
            Region(kind, f"{kind} {i + 1}", cells)
            for kind, group in (("row", _lines(side, True)), ("column", _lines(side, False)))
            for i, cells in enumerate(group)
        ]
    if pieces is not None:
        region_list += [
            Region("piece", f"piece {p + 1}", tuple(c for c, q in enumerate(pieces) if q == p))
            for p in range(side)
        ]
    differ: list[tuple[int, int]] = []
    adjacent: list[tuple[int, int]] = []
    for cls in classes:
        if cls in (Jigsaw, Killer):
            continue
        if pieces is not None and cls in (Windoku, DisjointGroups):
            raise VariantError(f"{cls.name} needs boxes, and a jigsaw has none")
        grid_shape = shape if shape is not None else Shape(1, side)  # only n matters then
        reason = cls.unavailable(grid_shape)
        if reason:
            raise VariantError(f"{cls.name} is not available for {side}×{side} grids: {reason}")
        region_list += cls.regions(grid_shape)
        differ += cls.differ(grid_shape)
        adjacent += cls.adjacent(grid_shape)
    for k, cells in enumerate(extra_regions):
        region_list.append(Region("extra", f"extra region {k + 1}", tuple(cells)))
    cage_list = tuple(c if isinstance(c, Cage) else Cage(tuple(c[0]), c[1]) for c in cages or ())
    return Rules(
        side, tuple(region_list), tuple(differ), tuple(adjacent), cage_list,
        tuple(c.name for c in classes), None if pieces is not None else shape, pieces,
    )


def _lines(n: int, rows: bool) -> list[tuple[int, ...]]:
    """The rows (or columns) of an n×n grid."""
    return [tuple(i * n + j if rows else j * n + i for j in range(n)) for i in range(n)]
