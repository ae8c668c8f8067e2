"""Numbers read from cages (#25): "Numbers in cages connected by a C sum to 100. … Cages are read
top-to-bottom or left-to-right." A letter the rules text gives a total, on the edge between two
straight cages, joins the numbers the two cages spell (each read top to bottom or left to right)
into one sum; the small disc drawn under the letter goes with it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sudokit.formats.elements import Element, Unsupported
from sudokit.formats.sudokupad import Cell, Shape, SudokuPadPuzzle, locate

__all__ = ["joined_cages"]

#: "Numbers in cages connected by a C sum to 100": the letter and its total.
_JOINED = re.compile(r"\bnumbers in (the )?cages (connected|joined|separated) by an? ([a-z]) (sum|add up) "
                     r"to (\d+)\b")
#: How the cages are read, which the text must say.
_READ = re.compile(r"\bcages are read (from )?top[- ]to[- ]bottom (or|and) (from )?left[- ]to[- ]right\b")


def _straight(cells: Sequence[Cell]) -> tuple[Cell, ...] | None:
    """A cage's cells in reading order (top to bottom, left to right) when they are one straight
    unbroken row or column; None otherwise."""
    ordered = tuple(sorted(cells))
    rows, cols = {r for r, _ in ordered}, {c for _, c in ordered}
    if len(rows) == 1 and max(cols) - min(cols) == len(ordered) - 1:
        return ordered
    if len(cols) == 1 and max(rows) - min(rows) == len(ordered) - 1:
        return ordered
    return None


def joined_cages(
    p: SudokuPadPuzzle, rules: str, shapes: Sequence[tuple[str, Shape]]
) -> tuple[list[Element | Unsupported], set[str]]:
    """The joined-number clues between cages (``number-sum``: ``cells`` the first cage, ``path``
    the second, ``value`` the total), and the names of the shapes they use."""
    totals = {m.group(3): m.group(5) for m in _JOINED.finditer(rules)}
    if not totals or not _READ.search(rules):
        return [], set()
    cage_of = {cell: cage.cells for cage in p.cages for cell in cage.cells}
    out: list[Element | Unsupported] = []
    used: set[str] = set()
    for name, s in shapes:
        letter = (s.text or "").strip().lower()
        pos = locate(s.center, p.rows, p.cols)
        if letter not in totals or pos.kind != "edge" or len(pos.cells) != 2:
            continue
        a, b = pos.cells
        if a not in cage_of or b not in cage_of or cage_of[a] == cage_of[b]:
            continue
        used |= {name} | {other for other, t in shapes if not t.text and t.center == s.center}
        first, second = _straight(cage_of[a]), _straight(cage_of[b])
        if first is None or second is None:
            out.append(Unsupported(f"unsupported: the letter {letter.upper()} joins a cage that is not one "
                                   "straight row or column (how to read its number is not certain)", (name,)))
            continue
        out.append(Element("number-sum", first, "confirmed", (
            f"the letter {letter.upper()} between two cages", f"rules text: they sum to {totals[letter]}"),
            (name,), value=totals[letter], path=second))
    return out, used
