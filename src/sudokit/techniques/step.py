"""A :class:`Step`: one deduction a person can make, with what proves it and a sentence saying it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sudokit.candidates import Candidates
from sudokit.shape import Shape

__all__ = ["Link", "Step"]

#: A candidate: ``(cell, digit)``.
Candidate = tuple[int, int]


@dataclass(frozen=True)
class Link:
    """A link between two candidates in a chain: strong (one of them is true) or weak (not both)."""

    start: Candidate
    end: Candidate
    strong: bool

    def to_dict(self, shape: Shape | None = None) -> dict[str, Any]:
        """The link as JSON-ready values (cells named ``r1c1`` when ``shape`` is given)."""
        name = _namer(shape)
        return {"start": [name(self.start[0]), self.start[1]], "end": [name(self.end[0]), self.end[1]],
                "strong": self.strong}


def _namer(shape: Shape | None) -> Any:
    """A function naming cells: ``shape.cell_name`` with a shape, the cell number without."""
    return shape.cell_name if shape is not None else int


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, what it places and eliminates, and the proof.

    ``difficulty`` is the step's Sudoku Explainer rating (chain techniques include SE's length
    penalty). ``cells``, ``units``, ``candidates`` and ``links`` are what a display highlights to
    show why the step holds; ``explanation`` says it in plain words.
    """

    technique: str
    difficulty: float
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    cells: tuple[int, ...] = ()
    units: tuple[int, ...] = ()
    candidates: tuple[Candidate, ...] = ()
    links: tuple[Link, ...] = ()
    explanation: str = ""
    extra: dict[str, object] = field(default_factory=dict, compare=False, hash=False)

    def apply(self, cands: Candidates) -> None:
        """Make the step's placements and eliminations in ``cands``."""
        for cell, digit in self.placements:
            cands.place(cell, digit)
        for cell, digit in self.eliminations:
            cands.eliminate(cell, digit)

    def to_dict(self, shape: Shape | None = None) -> dict[str, Any]:
        """The step as JSON-ready values; with ``shape``, cells are named (``r1c1``) and units
        too (``row 1``), else they are numbers (cells 0..N²-1 row-major, units as in
        ``shape.units``). ``extra`` is left out."""
        name = _namer(shape)
        unit = shape.unit_name if shape is not None else int
        return {
            "technique": self.technique,
            "difficulty": self.difficulty,
            "placements": [[name(c), d] for c, d in self.placements],
            "eliminations": [[name(c), d] for c, d in self.eliminations],
            "cells": [name(c) for c in self.cells],
            "units": [unit(u) for u in self.units],
            "candidates": [[name(c), d] for c, d in self.candidates],
            "links": [link.to_dict(shape) for link in self.links],
            "explanation": self.explanation,
        }

    def _repr_svg_(self) -> str:
        """The step's proof drawn on an empty grid, for Jupyter (:func:`sudokit.render.svg.step` draws
        it on its position)."""
        from sudokit.render import svg

        return svg.step(self)
