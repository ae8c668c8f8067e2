"""The generator's options: what a puzzle must be like (:class:`Options`), built from friendly
arguments (:func:`options`) and checked when made, with the difficulty and technique targets
parsed (:func:`parse_difficulty`, :func:`check_technique`)."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sudokit.errors import OptionError, VariantError
from sudokit.formats.reader import BoxLike, as_shape
from sudokit.generation.kinds import find_kind
from sudokit.generation.variants import nominal_shape, variant_rules
from sudokit.grid import Grid, as_grid
from sudokit.shape import Shape, shape_for_size
from sudokit.symmetry import check_symmetry, is_symmetric
from sudokit.techniques import HODOKU_LEVELS, name_key, resolve
from sudokit.variant import find_variant, parse_region_map

__all__ = [
    "CLIMB_FROM",
    "CLIMB_ONLY_FROM",
    "LEVELS",
    "METHODS",
    "SE_SCALE",
    "Options",
    "check_technique",
    "max_fill_clues",
    "options",
    "parse_difficulty",
]

#: The generation methods ("controlled-bias": Berthier's unbiased sampling, see sudokit.generation.unbiased).
METHODS = ("dig", "random-fill", "controlled-bias")

#: The level names a difficulty target may give: HoDoKu's levels, as ``Rating.level`` says them.
LEVELS = tuple(name.lower() for name, _ in HODOKU_LEVELS)

#: The Sudoku Explainer ratings a difficulty range may span (an open end stops here).
SE_SCALE = (0.0, 20.0)

_DIFFICULTY_HELP = (
    f"a HoDoKu level ({', '.join(LEVELS)}), or an SE rating from {SE_SCALE[0]:.1f} to "
    f"{SE_SCALE[1]:.1f}: 7.5, a range 7.0-8.5, at least 9.0-, at most -4.0"
)

#: An SE rating range in text: ``7.0-8.5``, ``9.0-`` (open above), ``-4.0`` (open below).
_RANGE = re.compile(r"\s*(\d+(?:\.\d*)?|\.\d+)?\s*-\s*(\d+(?:\.\d*)?|\.\d+)?\s*")

#: The lowest ER target searched by climbing from hard puzzles (:mod:`sudokit.generation.vicinity`)
#: rather than by rating random puzzles (about 1 in 30 minimal puzzles is rated 8.0 or more,
#: 1 in 500 is 9.0 or more).
CLIMB_FROM = 8.5

#: From this ER on a target is only searched by climbing (random puzzles are almost never
#: rated so high), so options the climb cannot keep are refused.
CLIMB_ONLY_FROM = 10.0


def max_fill_clues(shape: Shape) -> int:
    """The largest ``k`` random-fill accepts: 55 of 81 cells (about 2 s a 9×9 puzzle), in scale."""
    return shape.size * 55 // 81


@dataclass(frozen=True)
class Options:
    """What a generated puzzle must be like (see :func:`generate` for each field)."""

    shape: Shape = field(default_factory=lambda: Shape(3, 3))
    method: str = "dig"
    symmetry: str = "none"
    clues: int | None = None
    max_clues: int | None = None
    mask: tuple[bool, ...] | None = None
    minimal: bool = False
    k: int = 25
    dig: bool = True
    difficulty: tuple[float, float] | str | None = None
    technique: str | None = None
    max_attempts: int = 100_000
    engine: str | None = None
    #: Variant names (``("x", "antiknight")``; empty: classic Sudoku); see :mod:`sudokit.variant`.
    variant: tuple[str, ...] = ()
    #: Jigsaw's region map (None: a random map for each puzzle).
    regions: tuple[int, ...] | None = None
    #: Killer: how many givens beside the cages (0 by default: cages only; None: as the digging leaves).
    killer_givens: int | None = 0
    #: Constraint kinds and Killer: keep every constraint and given laid (no minimising).
    keep: bool = False
    #: Killer: the share of the grid the cages cover (1.0: all of it).
    cage_cover: float = 1.0
    #: Killer: single-cell cages allowed (a single-cell cage is a given in disguise).
    single_cages: bool = False
    #: Hard puzzles (9×9 cells) to search near for an ER target (None: climb from random ones).
    near: tuple[tuple[int, ...], ...] | None = None
    #: Variants: the setter's pass (:mod:`sudokit.generation.logical`): givens where the logic
    #: solver stalls, so the puzzle is solved by logic alone (False: unique and minimal only).
    logic: bool = True

    def __post_init__(self) -> None:
        if self.variant:
            _check_variant_options(self)
        if self.method not in METHODS:
            raise ValueError(f"unknown method {self.method!r} (choose from: {', '.join(METHODS)})")
        object.__setattr__(self, "symmetry", check_symmetry(self.symmetry))
        size = self.shape.size
        if self.clues is not None and not 0 < self.clues <= size:
            raise ValueError(f"clues must be between 1 and {size}")
        if self.max_clues is not None and not 0 < self.max_clues <= size:
            raise ValueError(f"max_clues must be between 1 and {size}")
        if self.mask is not None:
            if len(self.mask) != size:
                raise ValueError(f"the mask must have {size} cells, not {len(self.mask)}")
            if self.symmetry != "none":
                raise ValueError("give either a mask or a symmetry, not both")
            given = sum(self.mask)
            if self.clues is not None and self.clues != given:
                raise ValueError(f"the mask has {given} cells but clues={self.clues} was asked")
        if self.method == "random-fill":
            if self.symmetry != "none" or self.mask is not None:
                raise ValueError("random-fill makes free-form puzzles: no symmetry or mask")
            if not 0 < self.k <= max_fill_clues(self.shape):
                raise OptionError(
                    f"k must be between 1 and {max_fill_clues(self.shape)} for {size} cells: the "
                    "fill rounds random-fill needs grow about sixfold for every 5 more clues"
                )
        if self.method == "controlled-bias" and (
            self.symmetry != "none" or self.mask is not None or self.clues is not None
            or self.max_clues is not None or self.minimal or self.difficulty is not None or self.technique
        ):
            raise OptionError("controlled-bias samples all minimal puzzles: no symmetry, mask, clue "
                              "count, difficulty or technique (its puzzles are minimal already)")
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1")
        object.__setattr__(self, "difficulty", parse_difficulty(self.difficulty))
        object.__setattr__(self, "technique", check_technique(self.technique))
        _check_climb_options(self)
        _check_near_options(self)


def _check_near_options(opts: Options) -> None:
    """Refuse ``near`` puzzles without an ER range to search for, or with options the climb
    near them cannot keep."""
    if opts.near is None:
        return
    if not opts.near:
        raise OptionError("near: no start puzzles given")
    if not isinstance(opts.difficulty, tuple):
        raise OptionError("near puzzles are searched for an SE difficulty range (e.g. '10.0-')")
    kept = [what for what, given in (("a mask", opts.mask is not None),
                                     ("an exact clue count", opts.clues is not None),
                                     ("the random-fill method", opts.method != "dig"),
                                     ("a technique target", opts.technique is not None),
                                     ("another grid than 9×9", opts.shape != Shape(3, 3)))
            if given]
    if kept:
        raise OptionError(f"the search near given puzzles cannot keep {' or '.join(kept)}")
    for number, cells in enumerate(opts.near, start=1):
        if len(cells) != 81:
            raise OptionError(f"near: start puzzle {number} is not a 9×9 puzzle")
    if opts.symmetry != "none" and not any(is_symmetric(c, opts.symmetry, 9) for c in opts.near):
        raise OptionError(f"near: no start puzzle has the {opts.symmetry} symmetry")


def _check_climb_options(opts: Options) -> None:
    """Refuse options a target of ER :data:`CLIMB_ONLY_FROM` or more cannot be searched with:
    the climb moves clues, so it keeps no mask or exact clue count, and it digs."""
    target = opts.difficulty
    if not isinstance(target, tuple) or target[0] < CLIMB_ONLY_FROM:
        return
    if opts.shape != Shape(3, 3):
        raise OptionError(f"an ER of {CLIMB_ONLY_FROM:.1f} or more is searched for 9×9 puzzles only")
    kept = [what for what, given in (("a mask", opts.mask is not None),
                                     ("an exact clue count", opts.clues is not None),
                                     ("the random-fill method", opts.method != "dig"),
                                     ("a technique target", opts.technique is not None))
            if given]
    if kept:
        raise OptionError(
            f"an ER of {CLIMB_ONLY_FROM:.1f} or more is searched by moving clues around hard "
            f"puzzles, which cannot keep {' or '.join(kept)}: leave them out (symmetry, "
            "--minimal and --max-clues are kept)"
        )


def _check_variant_options(opts: Options) -> None:
    """Refuse options a variant puzzle cannot have, and variants unknown or unavailable."""
    if opts.method != "dig":
        raise OptionError("variant puzzles are made by digging (method 'dig')")
    if opts.symmetry != "none" or opts.mask is not None or opts.clues is not None:
        raise OptionError("variant puzzles take no symmetry, mask or exact clue count")
    if not 0.5 <= opts.cage_cover <= 1.0:
        raise OptionError(f"cage_cover must be between 0.5 and 1.0, not {opts.cage_cover!r}")
    for name in opts.variant:
        spec = find_kind(name)
        if spec.laid and opts.shape.n not in spec.sizes:
            sides = ", ".join(f"{k}×{k}" for k in spec.sizes)
            raise OptionError(f"{name} puzzles are made on {sides} grids, not {opts.shape.n}×{opts.shape.n}")
    if opts.regions is not None and len(opts.regions) != opts.shape.size:
        raise OptionError(f"the region map has {len(opts.regions)} cells, not {opts.shape.size}")
    variant_rules(opts.variant, opts.shape, opts.regions, random.Random(0))


# -- difficulty and technique targets --------------------------------------------------------------


def _se_bound(value: object, original: object) -> float:
    """One end of an SE range as a float on :data:`SE_SCALE`, or :class:`OptionError`."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise OptionError(f"bad difficulty {original!r} (choose {_DIFFICULTY_HELP})")
    try:
        number = float(value)
    except ValueError:
        raise OptionError(f"unknown difficulty {original!r} (choose {_DIFFICULTY_HELP})") from None
    if math.isnan(number) or not SE_SCALE[0] <= number <= SE_SCALE[1]:
        raise OptionError(f"difficulty {original!r} is off the SE scale (choose {_DIFFICULTY_HELP})")
    return number


def _se_range(lo: object, hi: object, original: object) -> tuple[float, float]:
    """A checked SE range; an empty one (low end above the high end) is :class:`OptionError`."""
    low = SE_SCALE[0] if lo is None else _se_bound(lo, original)
    high = SE_SCALE[1] if hi is None else _se_bound(hi, original)
    if low > high:
        raise OptionError(f"empty difficulty range {original!r}: {low:.1f} is above {high:.1f} "
                          f"(choose {_DIFFICULTY_HELP})")
    return (low, high)


def parse_difficulty(value: object) -> tuple[float, float] | str | None:
    """A difficulty target from what a caller gives: None; a HoDoKu level name (``"hard"``, any
    case; see :data:`LEVELS`); an SE rating (``7.5``) or range (``(7.0, 8.5)``, ``"7.0-8.5"``,
    ``"9.0-"`` for at least 9.0, ``"-4.0"`` for at most 4.0).

    Returns ``(low, high)`` (inclusive, on :data:`SE_SCALE`) or the level name in lower case.
    Raises :class:`~sudokit.errors.OptionError`, listing what is accepted, for an unknown name,
    an empty range or a rating off the scale.
    """
    if value is None:
        return None
    if isinstance(value, (tuple, list)):
        if len(value) != 2:
            raise OptionError(f"a difficulty range has two ends, not {value!r}")
        return _se_range(value[0], value[1], value)
    if isinstance(value, str):
        text = value.strip()
        if text.lower() in LEVELS:
            return text.lower()
        match = _RANGE.fullmatch(text)
        if match is not None and (match[1] or match[2]):
            return _se_range(match[1], match[2], value)
    number = _se_bound(value, value)
    return (number, number)


def check_technique(name: str | None) -> str | None:
    """A technique target checked against the rater's techniques (Sudoku Explainer's, see
    :func:`sudokit.techniques.techniques`): the registry name when ``name`` names a technique
    loosely (``"x wing"``), the name itself when it names one kind of step (``"Full House"``).

    Raises :class:`~sudokit.errors.OptionError` listing the valid names for any other name.
    """
    if name is None:
        return None
    technique = resolve(name, se_only=True)
    return technique.name if name_key(name) == name_key(technique.name) else str(name).strip()


# -- from friendly arguments -----------------------------------------------------------------------


def options(
    *,
    size: int | None = None,
    box: BoxLike = None,
    method: str = "dig",
    symmetry: str = "none",
    clues: int | None = None,
    max_clues: int | None = None,
    mask: Sequence[int] | Sequence[bool] | str | Grid | None = None,
    minimal: bool = False,
    k: int = 25,
    dig: bool = True,
    difficulty: Any = None,
    technique: str | None = None,
    max_attempts: int = 100_000,
    engine: str | None = None,
    variant: str | Sequence[str] | None = None,
    regions: str | Sequence[int] | None = None,
    killer_givens: int | None = 0,
    near: Iterable[Grid | str | Sequence[int]] | None = None,
    keep: bool = False,
    cage_cover: float = 1.0,
    single_cages: bool = False,
    logic: bool = True,
) -> Options:
    """Build :class:`Options` from friendly arguments (see :func:`generate`)."""
    names: tuple[str, ...] = ()
    if variant:
        listed = variant.split(",") if isinstance(variant, str) else list(variant)
        names = tuple(dict.fromkeys(_canonical(v) for v in listed if v.strip()))
    piece_map = None
    if regions is not None:
        piece_map = parse_region_map(regions)
        if "jigsaw" not in names:
            names = (*names, "jigsaw")
        if size is None and box is None:
            size = math.isqrt(len(piece_map))
    if size is not None and box is None and names and "jigsaw" in names:
        shape = nominal_shape(size)
    else:
        shape = as_shape(box) or (shape_for_size(size) if size else Shape(3, 3))
    if size is not None and shape.n != size:
        raise ValueError(f"box {shape.box_rows}x{shape.box_cols} does not make a {size}×{size} grid")
    cells_mask: tuple[bool, ...] | None = None
    if mask is not None:
        if isinstance(mask, str):
            cells_mask = tuple(ch not in ".0-_ " for ch in mask.strip())
        elif isinstance(mask, Grid):
            cells_mask = tuple(bool(v) for v in mask.cells)
        else:
            cells_mask = tuple(bool(v) for v in mask)
    return Options(
        shape=shape,
        method=method,
        symmetry=symmetry,
        clues=clues,
        max_clues=max_clues,
        mask=cells_mask,
        minimal=minimal,
        k=k,
        dig=dig,
        difficulty=parse_difficulty(difficulty),
        technique=technique,
        max_attempts=max_attempts,
        engine=engine,
        variant=names,
        regions=piece_map,
        killer_givens=killer_givens,
        near=None if near is None else _near_cells(near),
        keep=keep,
        cage_cover=cage_cover,
        single_cages=single_cages,
        logic=logic,
    )


def _canonical(name: str) -> str:
    """A variant's or generated kind's name as the generator keeps it (``diagonal`` → ``x``,
    ``german`` → ``whisper``)."""
    try:
        return find_variant(name).name
    except VariantError:
        return find_kind(name).name


def _near_cells(puzzles: Iterable[Grid | str | Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """The cells of the ``near`` puzzles (Grids, puzzle strings or 81 values each)."""
    out = []
    for number, puzzle in enumerate(puzzles, start=1):
        if isinstance(puzzle, (Grid, str)):
            try:
                out.append(as_grid(puzzle, name=f"near puzzle {number}").cells)
            except ValueError as exc:
                raise OptionError(f"near: {exc}") from None
        else:
            try:
                out.append(Grid(tuple(int(v) for v in puzzle)).cells)
            except (TypeError, ValueError) as exc:
                raise OptionError(f"near: puzzle {number}: {exc}") from None
    return tuple(out)
