"""A :class:`Step`: one deduction a person can make, with what proves it and a sentence saying it."""

from __future__ import annotations

from dataclasses import dataclass, field

from sudokit.candidates import Candidates

__all__ = ["Link", "Step"]

#: A candidate: ``(cell, digit)``.
Candidate = tuple[int, int]


@dataclass(frozen=True)
class Link:
    """A link between two candidates in a chain: strong (one of them is true) or weak (not both)."""

    start: Candidate
    end: Candidate
    strong: bool


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

    def _repr_svg_(self) -> str:
        """The step's proof drawn on an empty grid, for Jupyter (:func:`sudokit.svg.step` draws
        it on its position)."""
        from sudokit import svg

        return svg.step(self)
