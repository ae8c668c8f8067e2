"""What the generator can make: the one table of rule kinds, their sizes and how they are laid.

Two families share :data:`GENERATED`:

- the **variants** of :mod:`sudokit.variant` (X, Windoku, Jigsaw, Anti-Knight …): their rules are
  fixed, the generator draws a solution and digs givens;
- the **constraint kinds** (thermometers, arrows, kropki dots …) and Killer cages: the generator
  lays constraints of that kind over a random solution (:mod:`sudokit.generation.laying`), each
  true in it, then removes the redundant ones and adds givens only where the constraints cannot
  fix the solution (:mod:`sudokit.generation.constrained`).

The web app's Make tab and ``sudokit generate --help`` list :func:`offered` from this table.

>>> find_kind("german").name, find_kind("Little Killer").name
('whisper', 'littlekiller')
>>> split_names(("x", "thermo", "killer"))
(('x',), ('thermo', 'killer'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sudokit.errors import OptionError
from sudokit.generation import laying
from sudokit.rules import Constraint, kinds

__all__ = ["GENERATED", "VARIANT_LEVELS", "KindSpec", "find_kind", "kind_of", "offered", "split_names"]

#: The levels a variant puzzle is made at. Not "unfair": the variant techniques jump from wings
#: and quads (ER 5.4 at most) to the forcing chains (7.5 and up, "extreme"), so no variant path
#: rates 6.6-7.5 (none of 3,370 generated puzzles, docs/variants.md).
VARIANT_LEVELS = ("easy", "medium", "hard", "extreme")


@dataclass(frozen=True)
class KindSpec:
    """One kind the generator makes: its name, label, the grid sides it is offered for and, for a
    constraint kind, how candidates are laid (``lay(layout, count)``) and how many tries a side."""

    name: str
    label: str
    sizes: tuple[int, ...]
    aliases: tuple[str, ...] = ()
    lay: Callable[[laying.Layout, int], None] | None = None
    classes: tuple[type[Constraint], ...] = ()
    #: Candidate tries for a 6×6 and a 9×9 grid (scaled between).
    tries: tuple[int, int] = (0, 0)

    @property
    def laid(self) -> bool:
        """True for a constraint kind (and Killer): laid over a solution, not dug from rules."""
        return self.lay is not None or self.name == "killer"

    def count(self, n: int) -> int:
        """Tries at laying candidates on an N×N grid."""
        small, large = self.tries
        return max(1, round(small + (large - small) * (n - 6) / 3))


def _no_lay(layout: laying.Layout, count: int) -> None:
    """Killer cages are laid apart (:func:`sudokit.generation.laying.lay_cages`)."""


#: Every kind the generator makes, in the order the web app lists them.
GENERATED: tuple[KindSpec, ...] = (
    KindSpec("x", "Sudoku X (diagonals)", (4, 6, 8, 9), ("diagonal", "sudoku-x", "diagonals")),
    KindSpec("windoku", "Windoku", (4, 9), ("hyper", "hypersudoku")),
    KindSpec("jigsaw", "Jigsaw", (4, 5, 6, 7, 8, 9), ("irregular",)),
    KindSpec("antiknight", "Anti-Knight", (6, 8, 9), ("anti-knight",)),
    KindSpec("antiking", "Anti-King", (6, 8, 9), ("anti-king",)),
    KindSpec("nonconsecutive", "Non-Consecutive", (6, 8, 9), ("non-consecutive",)),
    KindSpec("disjointgroups", "Disjoint Groups", (4, 6, 9), ("disjoint-groups", "disjoint")),
    KindSpec("killer", "Killer (cages)", (4, 6, 9), ("sumdoku", "cages"), _no_lay),
    KindSpec(
        "thermo",
        "Thermometers",
        (6, 9),
        ("thermometer", "thermos"),
        laying.lay_thermo,
        (kinds.Thermometer,),
        (10, 18),
    ),
    KindSpec("arrow", "Arrows", (6, 9), ("arrows",), laying.lay_arrow, (kinds.Arrow,), (12, 22)),
    KindSpec(
        "kropki",
        "Kropki dots",
        (6, 9),
        ("dots",),
        laying.lay_kropki,
        (kinds.KropkiWhite, kinds.KropkiBlack),
        (60, 144),
    ),
    KindSpec("xv", "XV", (6, 9), ("x-v",), laying.lay_xv, (kinds.XV,), (60, 144)),
    KindSpec(
        "whisper",
        "German whispers",
        (6, 9),
        ("german", "germanwhisper", "whispers", "german-whisper"),
        laying.lay_whisper,
        (kinds.GermanWhisper,),
        (10, 18),
    ),
    KindSpec("renban", "Renban lines", (6, 9), ("renbans",), laying.lay_renban, (kinds.Renban,), (10, 18)),
    KindSpec(
        "palindrome",
        "Palindromes",
        (6, 9),
        ("palindromes",),
        laying.lay_palindrome,
        (kinds.Palindrome,),
        (10, 18),
    ),
    # 12 diagonals at 9×9 as at 6×6: a diagonal sum narrows its cells little, so with 24 laid a
    # 9×9 count near uniqueness took 2-5 s and the minimising (a count per given and per diagonal)
    # ran past 90 s for seeds 1-3; with 12, seeds 1-3 finish in about a minute (#26)
    KindSpec(
        "littlekiller",
        "Little killers",
        (6, 9),
        ("little-killer", "littlekillers"),
        laying.lay_littlekiller,
        (kinds.LittleKiller,),
        (12, 12),
    ),
    KindSpec(
        "sandwich", "Sandwich", (6, 9), ("sandwiches",), laying.lay_sandwich, (kinds.Sandwich,), (12, 18)
    ),
    KindSpec(
        "between", "Between lines", (6, 9), ("betweenline",), laying.lay_between, (kinds.Between,), (10, 18)
    ),
    KindSpec(
        "regionsum",
        "Region-sum lines",
        (6, 9),
        ("region-sum",),
        laying.lay_regionsum,
        (kinds.RegionSum,),
        (10, 18),
    ),
    KindSpec(
        "entropic", "Entropic lines", (6, 9), ("entropy",), laying.lay_entropic, (kinds.Entropic,), (10, 18)
    ),
    KindSpec(
        "oddeven",
        "Odd/even",
        (6, 9),
        ("odd-even", "parity", "odd", "even"),
        laying.lay_oddeven,
        (kinds.Odd, kinds.Even),
        (18, 40),
    ),
)

_BY_NAME = {key.replace("-", "").replace(" ", "").lower(): spec
            for spec in GENERATED for key in (spec.name, *spec.aliases)}


def find_kind(name: str) -> KindSpec:
    """The generated kind called ``name`` (or an alias, any case); :class:`OptionError` listing
    them all when none is."""
    spec = _BY_NAME.get(name.strip().lower().replace("-", "").replace(" ", "").replace("_", ""))
    if spec is None:
        raise OptionError(f"the generator makes no {name.strip()!r} puzzles (it makes: "
                          f"{', '.join(s.name for s in GENERATED)})")
    return spec


def split_names(names: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Canonical names split into the variants dug from fixed rules and the kinds laid (Killer
    among the latter)."""
    specs = [find_kind(name) for name in names]
    return (tuple(s.name for s in specs if not s.laid), tuple(s.name for s in specs if s.laid))


def kind_of(constraint: Constraint) -> str | None:
    """The generated kind a constraint belongs to (None: none of them)."""
    for spec in GENERATED:
        if isinstance(constraint, spec.classes):
            return spec.name
    return None


def offered() -> list[dict[str, Any]]:
    """The kinds, their labels, grid sides and levels the generator offers (the Make tab's list)."""
    return [{"name": s.name, "label": s.label, "sizes": list(s.sizes), "levels": list(VARIANT_LEVELS)}
            for s in GENERATED]
