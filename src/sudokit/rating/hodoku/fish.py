"""HoDoKu's techniques found by sudokit's own finders (fish, finned and Franken fish, wings,
BUG, colouring, avoidable rectangles, ALS chains), with HoDoKu's sort among their steps and its
order of eliminations (the Python side of csrc/hodoku/hodoku9_fish.c)."""

from __future__ import annotations

from dataclasses import replace

from sudokit.candidates import Candidates
from sudokit.limits import Deadline
from sudokit.rating.hodoku.board import Board, BoardFinder
from sudokit.techniques import Step, technique_named

__all__ = ["franken_finder", "sudokit_finder"]


def sudokit_finder(technique: str, *names: str, best: bool = False, by_digit: bool = False) -> BoardFinder:
    """The step of sudokit's ``technique`` named one of ``names`` (any when none): the first
    one, or with ``best`` the one HoDoKu's sort puts first (:func:`_hodoku_order`). HoDoKu lists
    eliminations by cell, or digit by digit when ``by_digit`` (its ALS moves)."""

    def order(step: Step) -> Step:
        """``step`` with its eliminations in HoDoKu's order."""
        key = (lambda e: (e[1], e[0])) if by_digit else None
        return replace(step, eliminations=tuple(sorted(step.eliminations, key=key)))

    def find(board: Board, cands: Candidates, deadline: Deadline) -> Step | None:
        """The chosen matching step of the sudokit finder, eliminations in HoDoKu's order."""
        chosen: Step | None = None
        key: tuple[int, int, int] | None = None
        for step in technique_named(technique).steps(cands, deadline, givens=board.givens):
            if names and step.technique not in names:
                continue
            if not best:
                return order(step)
            mine = _hodoku_order(order(step))
            if key is None or mine < key:
                chosen, key = step, mine
        return order(chosen) if chosen is not None else None

    return find


def _hodoku_order(step: Step) -> tuple[int, int, int]:
    """HoDoKu's sort key of a step among several of one technique: more eliminations first,
    then the smaller weighted sum of the eliminated candidates (in their listed order), then
    the shorter proof."""
    elims = step.eliminations
    weighted = sum(cell * (1 + 80 * k) + digit for k, (cell, digit) in enumerate(elims))
    return -len(elims), weighted, len(step.links) or len(step.cells)


def franken_finder(kind: str, size: str) -> BoardFinder:
    """HoDoKu's (finned) Franken fish of one size: the first its search meets, named Mutant
    where the units it took make it one."""
    finned = kind.startswith("Finned")
    return sudokit_finder(f"{kind} Fish", f"{kind} {size}", f"{'Finned ' if finned else ''}Mutant {size}")
