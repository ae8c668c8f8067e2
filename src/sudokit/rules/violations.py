"""Every rule a grid breaks, by name and place: :func:`check`.

>>> from sudokit.shape import Shape
>>> from sudokit.rules.model import Rules
>>> values = [1, 2, 0, 1] + [0] * 12
>>> [v.message for v in check(Rules.classic(Shape(2, 2)), values)]
['row 1 has two 1s: r1c1, r1c4']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudokit.rules.base import digit_values, name_cells
from sudokit.rules.model import Rules

__all__ = ["Violation", "check"]


@dataclass(frozen=True)
class Violation:
    """One broken rule: its kind (``row``, ``cage``, ``thermo``…), a message naming the cells as
    people do (``r3c6``) and the cells at fault."""

    kind: str
    message: str
    cells: tuple[int, ...]


_TIMES = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def _times(k: int) -> str:
    return _TIMES[k] if k < len(_TIMES) else str(k)


def _repeats(values: Sequence[int], group: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Each value found more than once among ``group``'s filled cells, with its cells."""
    where: dict[int, list[int]] = {}
    for c in group:
        if values[c]:
            where.setdefault(values[c], []).append(c)
    return [(v, tuple(cells)) for v, cells in where.items() if len(cells) > 1]


def check(rules: Rules, values: Sequence[int]) -> list[Violation]:
    """Every rule the (full or partial) grid breaks: regions, cages, pairs and constraints.

    ``values`` are the cell values row by row (``0``: empty). A partial grid breaks a rule when
    its filled cells already break it (a cage sum or a constraint that no digits of the empty cells
    could still meet).
    """
    n = rules.n
    if len(values) != rules.size:
        raise ValueError(f"{len(values)} values for a {n}×{n} grid of {rules.size} cells")
    ds = digit_values(n, rules.digits)

    def digit(v: int) -> int:
        return ds[v - 1]

    out: list[Violation] = []
    for region in rules.regions:
        for v, cells in _repeats(values, region.cells):
            out.append(Violation(region.kind, f"{region.name} has {_times(len(cells))} {digit(v)}s: "
                                 f"{name_cells(cells, n)}", cells))
    for index, cage in enumerate(rules.cages):
        for v, cells in _repeats(values, cage.cells):
            out.append(Violation("cage", f"cage {index + 1} has {_times(len(cells))} {digit(v)}s: "
                                 f"{name_cells(cells, n)}", cells))
        if cage.total is not None:
            filled = [c for c in cage.cells if values[c]]
            got = sum(digit(values[c]) for c in filled)
            free = sorted(ds)
            empty = len(cage.cells) - len(filled)
            low, high = sum(free[:empty]), sum(free[len(free) - empty:]) if empty else 0
            if not low <= cage.total - got <= high:
                verb = "adds up to" if not empty else "cannot add up to"
                shown = got if not empty else cage.total
                message = (f"cage {index + 1} at {name_cells(cage.cells, n, 4)} {verb} {shown}"
                           + (f", not {cage.total}" if not empty else f" with {got} in {len(filled)} cells"))
                out.append(Violation("cage", message, tuple(filled)))
    for a, b in rules.differ:
        if values[a] and values[a] == values[b]:
            out.append(Violation("differ", f"{digit(values[a])} twice a move apart: "
                                 f"{name_cells((a, b), n)}", (a, b)))
    for a, b in rules.adjacent:
        if values[a] and values[b] and abs(digit(values[a]) - digit(values[b])) == 1:
            out.append(Violation("nonconsecutive", f"consecutive {digit(values[a])} and "
                                 f"{digit(values[b])} side by side: {name_cells((a, b), n)}", (a, b)))
    for constraint in rules.constraints:
        for message, cells in constraint.violations(values, rules.digits):
            out.append(Violation(constraint.kind, message, cells))
    return out
