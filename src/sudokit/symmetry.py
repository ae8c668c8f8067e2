"""Symmetries of the given-cell pattern: which cells must be filled together.

A puzzle is *symmetric* when its pattern of givens (not the digits) maps onto itself under a
geometric transformation of the N×N square. Each symmetry name stands for a group of such
transformations; the group splits the cells into *orbits*, and a symmetric puzzle fills or
empties each orbit as a whole. Cell ``(r, c)``, 0-based, ``m = N - 1``::

    name           maps (r, c) to                           orbit sizes
    none           itself                                   1
    rot180         (m-r, m-c)                               2 (1 at the centre of odd N)
    rot90          (c, m-r), (m-r, m-c), (m-c, r)           4 (1 at the centre)
    horizontal     (m-r, c)      mirror in the middle row   2 (1 on the middle row)
    vertical       (r, m-c)      mirror in the middle col   2 (1 on the middle column)
    diagonal       (c, r)        mirror in r = c            2 (1 on the diagonal)
    antidiagonal   (m-c, m-r)    mirror in r + c = m        2 (1 on the anti-diagonal)
    dihedral       all eight symmetries of the square       8, 4 or 1

The pattern symmetries are geometric only, so they apply to rectangular boxes too (the
pattern of a 6×6 puzzle with 2×3 boxes may be rot90-symmetric although its boxes are not).

>>> orbits("rot180", 9)[0]
(0, 80)
>>> len(orbits("dihedral", 9))
15
>>> is_symmetric([1] + [0] * 79 + [1], "rot180")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

__all__ = [
    "SYMMETRIES", "check_symmetry", "detect_symmetry", "images", "is_symmetric", "orbits", "symmetries_of",
]

#: Every symmetry name :func:`orbits` accepts, weakest first.
SYMMETRIES = (
    "none",
    "rot180",
    "rot90",
    "horizontal",
    "vertical",
    "diagonal",
    "antidiagonal",
    "dihedral",
)

_Map = Callable[[int, int, int], tuple[int, int]]

# The eight symmetries of the square, as (r, c, m) -> (r', c') with m = N - 1.
_IDENTITY: _Map = lambda r, c, m: (r, c)  # noqa: E731
_ROT90: _Map = lambda r, c, m: (c, m - r)  # noqa: E731
_ROT180: _Map = lambda r, c, m: (m - r, m - c)  # noqa: E731
_ROT270: _Map = lambda r, c, m: (m - c, r)  # noqa: E731
_MIRROR_H: _Map = lambda r, c, m: (m - r, c)  # noqa: E731
_MIRROR_V: _Map = lambda r, c, m: (r, m - c)  # noqa: E731
_MIRROR_D: _Map = lambda r, c, m: (c, r)  # noqa: E731
_MIRROR_A: _Map = lambda r, c, m: (m - c, m - r)  # noqa: E731

#: Each symmetry name as the full list of its group's transformations (identity included).
_GROUPS: dict[str, tuple[_Map, ...]] = {
    "none": (_IDENTITY,),
    "rot180": (_IDENTITY, _ROT180),
    "rot90": (_IDENTITY, _ROT90, _ROT180, _ROT270),
    "horizontal": (_IDENTITY, _MIRROR_H),
    "vertical": (_IDENTITY, _MIRROR_V),
    "diagonal": (_IDENTITY, _MIRROR_D),
    "antidiagonal": (_IDENTITY, _MIRROR_A),
    "dihedral": (
        _IDENTITY, _ROT90, _ROT180, _ROT270, _MIRROR_H, _MIRROR_V, _MIRROR_D, _MIRROR_A,
    ),
}

_ALIASES = {
    "": "none",
    "0": "none",
    "180": "rot180",
    "central": "rot180",
    "90": "rot90",
    "h": "horizontal",
    "v": "vertical",
    "d": "diagonal",
    "a": "antidiagonal",
    "anti-diagonal": "antidiagonal",
    "full": "dihedral",
}


def check_symmetry(name: str) -> str:
    """Return the canonical spelling of a symmetry name, or raise :class:`ValueError`."""
    key = name.strip().lower().replace("_", "")
    key = _ALIASES.get(key, key)
    if key not in _GROUPS:
        raise ValueError(f"unknown symmetry {name!r} (choose from: {', '.join(SYMMETRIES)})")
    return key


@cache
def images(name: str, n: int) -> tuple[tuple[int, ...], ...]:
    """For each transformation of the group, the image of every cell (a permutation of N²)."""
    m = n - 1
    out = []
    for g in _GROUPS[check_symmetry(name)]:
        perm = []
        for cell in range(n * n):
            r, c = g(cell // n, cell % n, m)
            perm.append(r * n + c)
        out.append(tuple(perm))
    return tuple(out)


@cache
def orbits(name: str, n: int) -> tuple[tuple[int, ...], ...]:
    """The cells split into orbits of the symmetry group, each sorted, ordered by first cell."""
    perms = images(name, n)
    seen = [False] * (n * n)
    out = []
    for cell in range(n * n):
        if seen[cell]:
            continue
        orbit = sorted({p[cell] for p in perms})
        for c in orbit:
            seen[c] = True
        out.append(tuple(orbit))
    return tuple(out)


def is_symmetric(cells: Sequence[int], name: str, n: int | None = None) -> bool:
    """True when the pattern of filled cells is unchanged by every transformation of ``name``."""
    if n is None:
        n = round(len(cells) ** 0.5)
    filled = [bool(v) for v in cells]
    return all(filled[p[i]] == filled[i] for p in images(name, n) for i in range(n * n))


#: The symmetries :func:`symmetries_of` reports, bigger groups first (``none`` aside).
_STRONGEST_FIRST = ("dihedral", "rot90", "rot180", "diagonal", "antidiagonal", "horizontal", "vertical")


def symmetries_of(cells: Sequence[int], n: int | None = None) -> tuple[str, ...]:
    """Every symmetry the pattern of filled cells has, strongest first (empty: none at all).

    >>> symmetries_of([1] + [0] * 79 + [1])
    ('rot180', 'diagonal', 'antidiagonal')
    """
    return tuple(name for name in _STRONGEST_FIRST if is_symmetric(cells, name, n))


def detect_symmetry(cells: Sequence[int], n: int | None = None) -> str:
    """The strongest symmetry of the pattern of filled cells, ``"none"`` when it has none.

    >>> [detect_symmetry(cells) for cells in ([1] + [0] * 79 + [1], [1] + [0] * 80, [0, 1] + [0] * 79)]
    ['rot180', 'diagonal', 'none']
    """
    found = symmetries_of(cells, n)
    return found[0] if found else "none"
