"""What the link readers make of a drawing: an :class:`Element` (a setter's convention read with its
certainty and evidence) or :class:`Unsupported` (why it cannot be read with certainty)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from sudokit.formats.sudokupad import Cell

__all__ = ["Certainty", "Element", "Unsupported"]

Certainty = Literal["declared", "confirmed", "drawn", "stated"]


@dataclass(frozen=True)
class Element:
    """A drawing (or f-puzzles entry) read as a named setter convention.

    ``kind`` names the convention (``thermometer``, ``arrow``, ``killer``, ``kropki-black`` …);
    ``cells`` are the cells in the convention's order (a thermometer from its bulb, an arrow's
    circle cells first then ``path``); ``value`` the clue text. ``certainty`` says how it is
    known: ``declared`` (an f-puzzles field names it), ``confirmed`` (the drawing matches the
    convention and the rules text names it), ``drawn`` (the drawing matches and the puzzle has
    no rules text), ``stated`` (a global rule the rules text states). ``evidence`` lists why;
    ``source`` names the primitives (``lines[2]``)."""

    kind: str
    cells: tuple[Cell, ...]
    certainty: Certainty
    evidence: tuple[str, ...]
    source: tuple[str, ...]
    value: str | None = None
    path: tuple[Cell, ...] = ()
    direction: str | None = None


@dataclass(frozen=True)
class Unsupported:
    """Something in the puzzle that cannot be read as a convention with certainty."""

    reason: str
    source: tuple[str, ...] = ()
