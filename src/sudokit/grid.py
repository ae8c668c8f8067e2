"""The puzzle model: :class:`Grid`, an immutable N×N grid of digits with 0 for empty cells."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from pathlib import Path

from sudokit import formats
from sudokit.errors import (
    DuplicateGivenError,
    ParseError,
    RulesError,
    ShapeError,
    SudokuError,
    WrongLengthError,
)
from sudokit.formats import variants as variant_formats
from sudokit.formats.chars import MAX_CHAR_N
from sudokit.formats.reader import BoxLike, Entry, as_shape
from sudokit.rules import Rules
from sudokit.shape import Shape, shape_for_size
from sudokit.variant import make_rules

#: What a ``rules`` argument takes: :class:`Rules`, variant names (``"x,antiknight"``), or None.
RulesLike = Rules | str | None

__all__ = ["Grid", "PuzzleLike", "RulesLike", "as_grid", "as_rules", "find_duplicate", "read_grids"]

_DEFAULT = Shape(3, 3)


def find_duplicate(cells: Sequence[int], shape: Shape) -> DuplicateGivenError | None:
    """Return the first duplicate given (same digit twice in a unit) as an error, or ``None``."""
    for index, read in enumerate(_unit_readers(shape)):
        values = read(cells)
        blanks = values.count(0)
        if len(set(values)) - (1 if blanks else 0) == len(values) - blanks:
            continue  # each digit of this unit once: the common case, checked at C speed
        seen: dict[int, int] = {}
        for cell in shape.units[index]:
            v = cells[cell]
            if v:
                if v in seen:
                    return DuplicateGivenError(
                        v, shape.unit_name(index), [shape.cell_name(seen[v]), shape.cell_name(cell)]
                    )
                seen[v] = cell
    return None


@cache
def _unit_readers(shape: Shape) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
    """For each unit of a shape, a function giving its cells' values as a tuple."""
    if shape.n == 1:
        return (lambda cells: (cells[0],),) * 3
    return tuple(itemgetter(*unit) for unit in shape.units)


def as_rules(rules: RulesLike, shape: Shape) -> Rules | None:
    """Rules for a grid of ``shape``: variant names are made into rules; classic rules are None."""
    if rules is None:
        return None
    if isinstance(rules, str):
        if not rules.strip() or rules.strip().lower() == "classic":
            return None
        rules = make_rules(rules, box=shape)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules or variant names, not {type(rules).__name__}")
    if rules.n != shape.n:
        raise RulesError(f"the rules are for a {rules.n}×{rules.n} grid, not {shape.n}×{shape.n}")
    return None if rules.is_classic and rules.shape == shape else rules


_shape_of_rules = variant_formats.shape_of


@dataclass(frozen=True)
class Grid:
    """An N×N Sudoku grid: ``cells`` row by row, ``0`` for an empty cell, and its box ``shape``.

    >>> grid = Grid.from_string(
    ...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> grid.n, grid.clue_count
    (9, 17)
    >>> grid
    Grid.from_string('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......')
    >>> grid[0, 6]
    8
    """

    cells: tuple[int, ...]
    shape: Shape = field(default=_DEFAULT)
    #: The puzzle's rules when it is a variant (see :mod:`sudokit.variant`); None for classic Sudoku.
    rules: Rules | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.cells, tuple):
            object.__setattr__(self, "cells", tuple(self.cells))
        if self.rules is not None:
            if not isinstance(self.rules, Rules):
                raise TypeError(f"rules must be Rules, not {type(self.rules).__name__}")
            if self.rules.n != self.shape.n:
                raise RulesError(f"the rules are for a {self.rules.n}×{self.rules.n} grid, "
                                 f"not {self.shape.n}×{self.shape.n}")
            if self.rules.is_classic and self.rules.shape == self.shape:
                object.__setattr__(self, "rules", None)
        if len(self.cells) != self.shape.size:
            raise WrongLengthError(
                len(self.cells),
                expected=f"{self.shape.size} cells for a {self.shape.n}×{self.shape.n} grid",
            )
        n = self.shape.n
        for i, v in enumerate(self.cells):
            if not (isinstance(v, int) and 0 <= v <= n):
                raise ParseError(f"cell {self.shape.cell_name(i)} holds {v!r}, not a digit 0-{n}")

    # -- construction ---------------------------------------------------------------------------

    @classmethod
    def from_string(
        cls, text: str, box: BoxLike = None, *, check: bool = True, rules: RulesLike = None
    ) -> Grid:
        """Parse a puzzle in any supported format (auto-detected); see :mod:`sudokit.formats`.

        Variant puzzles come as sudokit's JSON form or an f-puzzles link (or its ``load=``
        payload), which carry their rules; ``rules`` (:class:`Rules` or variant names such as
        ``"x,antiknight"``) gives the rules of a plain puzzle. With ``check`` (the default) a
        given that breaks a rule raises :class:`DuplicateGivenError` (or :class:`RulesError`);
        anything but a string is a ``TypeError``.
        """
        if not isinstance(text, str):
            raise TypeError(f"a puzzle must be given as a string, not {type(text).__name__}")
        found = variant_formats.parse_variant(text)
        if found is not None:
            values, variant_rules = found
            if rules is not None:
                raise RulesError("this puzzle carries its own rules: give no other rules")
            return cls._read(values, _shape_of_rules(variant_rules), variant_rules, check)
        cells, shape = formats.parse(text, box)
        return cls._read(cells, shape, as_rules(rules, shape), check)

    @classmethod
    def from_json(cls, text: str | dict[str, object], *, check: bool = True) -> Grid:
        """Read sudokit's JSON form of a puzzle and its rules (see :meth:`to_json`)."""
        values, rules = variant_formats.read_json(text)
        return cls._read(values, _shape_of_rules(rules), rules, check)

    @classmethod
    def from_fpuzzles(cls, text: str, *, check: bool = True) -> Grid:
        """Read an f-puzzles puzzle: a link, its ``load=`` payload or its JSON."""
        values, rules = variant_formats.read_fpuzzles(text)
        return cls._read(values, _shape_of_rules(rules), rules, check)

    @classmethod
    def from_line(
        cls, text: str, box: BoxLike = None, *, check: bool = True, rules: RulesLike = None
    ) -> Grid:
        """Parse the line format only (one character per cell), the fastest parser."""
        cells, shape = formats.parse_line(text, box)
        return cls._read(cells, shape, as_rules(rules, shape), check)

    @classmethod
    def _read(cls, cells: Iterable[int], shape: Shape, rules: Rules | None, check: bool) -> Grid:
        """The grid a reader parsed, its givens checked against the rules when ``check``."""
        grid = cls(tuple(cells), shape, rules)
        if check:
            grid.check()
        return grid

    @classmethod
    def from_cells(cls, cells: Iterable[int], box: BoxLike = None, *, rules: RulesLike = None) -> Grid:
        """Build a grid from a sequence of N² values (0 = empty); the shape follows from N."""
        values = tuple(int(v) for v in cells)
        shape = as_shape(box)
        if shape is None:
            if isinstance(rules, Rules):
                shape = _shape_of_rules(rules)
            else:
                n = round(len(values) ** 0.5)
                if n * n != len(values):
                    raise WrongLengthError(len(values), expected="N² cells")
                shape = shape_for_size(n)
        return cls(values, shape, as_rules(rules, shape))

    @classmethod
    def trusted(cls, cells: tuple[int, ...], shape: Shape, rules: Rules | None = None) -> Grid:
        """A grid of cells the caller vouches for (digits 0..N, N² of them, as an engine makes
        them), without the check of every cell that ``Grid(...)`` makes: what the generator's
        workers build their grids with. Anything read from outside goes through ``Grid(...)``.

        >>> Grid.trusted((0,) * 16, Shape(2, 2)) == Grid.empty((2, 2))
        True
        """
        grid = object.__new__(cls)
        object.__setattr__(grid, "cells", cells)
        object.__setattr__(grid, "shape", shape)
        object.__setattr__(grid, "rules", rules)
        return grid

    @classmethod
    def empty(cls, box: BoxLike = None, *, rules: RulesLike = None) -> Grid:
        """An empty grid of the given box shape (9×9 by default) and rules (classic by default)."""
        shape = as_shape(box)
        if shape is None:
            shape = _shape_of_rules(rules) if isinstance(rules, Rules) else _DEFAULT
        return cls((0,) * shape.size, shape, as_rules(rules, shape))

    # -- reading -----------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The side of the grid (9 for a classic Sudoku)."""
        return self.shape.n

    @property
    def clue_count(self) -> int:
        """How many cells are filled."""
        return sum(1 for v in self.cells if v)

    @property
    def empty_cells(self) -> list[int]:
        """The indexes of the empty cells."""
        return [i for i, v in enumerate(self.cells) if not v]

    def __getitem__(self, key: int | tuple[int, int]) -> int:
        """The digit at a cell index or at ``(row, col)`` (0-based), 0 when empty."""
        if isinstance(key, tuple):
            row, col = key
            return self.cells[row * self.n + col]
        return self.cells[key]

    def __iter__(self) -> Iterator[int]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def all_rules(self) -> Rules:
        """The rules of the puzzle, classic ones included (:attr:`rules` is None for those)."""
        return self.rules if self.rules is not None else Rules.classic(self.shape)

    @property
    def variant(self) -> str:
        """The variants' names joined by ``+`` (``classic`` for a classic grid)."""
        return self.rules.name if self.rules is not None else "classic"

    def candidates(self, cell: int) -> frozenset[int]:
        """The digits an empty cell may hold given its peers (empty set for a filled cell)."""
        if self.rules is not None:
            return self.rules.candidates(self.cells, cell)
        if self.cells[cell]:
            return frozenset()
        used = {self.cells[p] for p in self.shape.peers[cell]}
        return frozenset(d for d in range(1, self.n + 1) if d not in used)

    def is_complete(self) -> bool:
        """True when no cell is empty."""
        return all(self.cells)

    def is_valid(self) -> bool:
        """True when the filled cells break no rule: no digit repeats in a unit (empty cells allowed)."""
        return self._violation() is None

    def _violation(self) -> SudokuError | None:
        """The first rule the filled cells break, as an error."""
        if self.rules is not None:
            return self.rules.violation(self.cells)
        return find_duplicate(self.cells, self.shape)

    def is_solved(self) -> bool:
        """True when the grid is complete and valid."""
        return self.is_complete() and self.is_valid()

    def is_solution_of(self, puzzle: Grid) -> bool:
        """True when this grid is a valid complete grid that keeps every given of ``puzzle``."""
        return (
            self.shape == puzzle.shape
            and self.rules == puzzle.rules
            and self.is_solved()
            and all(p == 0 or p == s for p, s in zip(puzzle.cells, self.cells, strict=False))
        )

    def check(self) -> None:
        """Raise :class:`DuplicateGivenError` if a digit repeats in a unit (:class:`RulesError` for
        another broken rule of a variant)."""
        error = self._violation()
        if error is not None:
            raise error

    def with_cell(self, cell: int, digit: int) -> Grid:
        """A copy with ``digit`` (0 to clear) placed at cell index ``cell``."""
        cells = list(self.cells)
        cells[cell] = digit
        return Grid(tuple(cells), self.shape, self.rules)

    # -- writing -----------------------------------------------------------------------------------

    def to_string(self, empty: str = ".") -> str:
        """The line format (one character per cell); the numbers format when N > 35."""
        if self.n > MAX_CHAR_N:
            return formats.to_numbers(self.cells, self.shape)
        return formats.to_line(self.cells, self.shape, empty)

    def to_block(self, empty: str = ".") -> str:
        """The bordered multi-line grid people read."""
        return formats.to_block(self.cells, self.shape, empty)

    def to_numbers(self, sep: str = " ") -> str:
        """N lines of N numbers separated by ``sep``, 0 for empty."""
        return formats.to_numbers(self.cells, self.shape, sep)

    def to_csv(self) -> str:
        """N lines of N comma-separated numbers, 0 for empty."""
        return formats.to_csv(self.cells, self.shape)

    def to_json(self) -> str:
        """sudokit's JSON form: size, variants, givens and what the rules need (regions, cages)."""
        return variant_formats.write_json(self.cells, self.all_rules)

    def to_fpuzzles(self, *, url: bool = True) -> str:
        """The puzzle as an f-puzzles link (or only its ``load=`` payload with ``url=False``)."""
        return variant_formats.write_fpuzzles(self.cells, self.all_rules, url=url)

    def to_sudokupad(self) -> str:
        """The puzzle as a SudokuPad link (its f-puzzles JSON, every constraint kept)."""
        return variant_formats.write_sudokupad(self.cells, self.all_rules)

    def to_bytes(self) -> bytes:
        """The cell values as bytes (what the native core takes)."""
        return bytes(self.cells)

    def __str__(self) -> str:
        return self.to_block()

    def _repr_svg_(self) -> str:
        """The grid as SVG, for Jupyter (see :mod:`sudokit.render.svg`)."""
        from sudokit.render import svg

        return svg.grid(self)

    def __repr__(self) -> str:
        box = "" if self.shape == _nominal(self.n) else f", box={self.shape.box!r}"
        rules = "" if self.rules is None else f", rules={self.rules!r}"
        return f"Grid.from_string({self.to_string()!r}{box}{rules})"


def _nominal(n: int) -> Shape:
    """The shape a grid of side ``n`` gets when none is given."""
    try:
        return shape_for_size(n)
    except ShapeError:
        return Shape(1, n)


#: What every puzzle argument of sudokit accepts: a :class:`Grid`, or its text in any format.
PuzzleLike = Grid | str


def as_grid(
    puzzle: object, box: BoxLike = None, *, name: str = "puzzle", check: bool = True,
    rules: RulesLike = None,
) -> Grid:
    """Return ``puzzle`` as a :class:`Grid`: a Grid as it is, a string parsed in any format.

    ``rules`` (a :class:`Rules` or variant names) gives a classic grid or plain text the rules of
    a variant. Anything else raises :class:`TypeError` naming the argument; with ``check`` a
    duplicate given raises :class:`DuplicateGivenError`.
    """
    if isinstance(puzzle, Grid):
        if box is not None and as_shape(box) != puzzle.shape:
            raise ShapeError(f"{name} is a {puzzle.shape.box_rows}x{puzzle.shape.box_cols}-box grid, "
                             f"not {box!r}")
        if rules is not None:
            wanted = as_rules(rules, puzzle.shape)
            if puzzle.rules is not None and wanted != puzzle.rules:
                raise RulesError(f"{name} carries its own rules ({puzzle.variant})")
            puzzle = Grid(puzzle.cells, puzzle.shape, wanted)
        if check:
            puzzle.check()
        return puzzle
    if isinstance(puzzle, str):
        return Grid.from_string(puzzle, box, check=check, rules=rules)
    raise TypeError(f"{name} must be a Grid or a puzzle string, not {type(puzzle).__name__}")


def read_grids(
    source: str | Path | Iterable[str], box: BoxLike = None, *, check: bool = True,
    rules: RulesLike = None,
) -> Iterator[tuple[int, Grid | SudokuError]]:
    """Read every puzzle of a file (path, text or lines): ``(line, Grid or the error)`` each.

    The error is returned, not raised, so one bad puzzle does not stop the batch. The puzzles
    are those of :func:`sudokit.formats.read_puzzles` (read as it streams). ``rules`` gives every
    puzzle the rules of a variant; a line holding an f-puzzles link or sudokit's JSON form brings
    its own (and other ``rules`` are then an error for that puzzle).
    """
    if isinstance(source, Path):
        with source.open(encoding="utf-8", errors="replace") as handle:
            yield from read_grids(handle, box, check=check, rules=rules)
        return
    for entry in formats.read_puzzles(source, box):
        yield entry.line, _entry_grid(entry, check, rules)


def _entry_grid(entry: Entry, check: bool, rules: RulesLike) -> Grid | SudokuError:
    """The grid of a read entry, given ``rules`` unless it brings its own, or its error."""
    if entry.error is not None or entry.cells is None or entry.shape is None:
        assert entry.error is not None
        return entry.error
    try:
        grid = Grid(tuple(entry.cells), entry.shape, entry.rules)
        if rules is not None:
            grid = as_grid(grid, name="this puzzle", check=False, rules=rules)
        error = grid._violation() if check else None
    except SudokuError as exc:
        error = exc
    return error.with_line(entry.line) if error is not None else grid
