"""A puzzle bank: rated 9×9 puzzles in one SQLite file, one row per puzzle up to equivalence.

Each puzzle is keyed by its minlex canonical form (:func:`sudokit.canonical`), so a puzzle that
is a relabelled, rotated or shuffled copy of one already in the bank is a duplicate and is not
stored twice. :meth:`Bank.add` checks that each puzzle has exactly one solution, rates it
(:func:`sudokit.rate`: ER/EP/ED, HoDoKu level and score, the techniques used) and stores it with
its solution, clue count and symmetry (of the pattern as added, see :mod:`sudokit.symmetry`).

Only 9×9 puzzles go in: the canonical form is defined for 9×9 grids only, so another size is
refused with a :class:`ShapeError` (in :attr:`AddReport.problems`, the rest of the input going
on). Rows are committed a few at a time, so an interrupted add keeps what it committed and
running the same add again stores the rest, neither losing nor duplicating a puzzle. The file
is in SQLite's WAL mode: readers (:meth:`Bank.query`, :meth:`Bank.stats`) run while a writer
adds.

>>> with Bank(":memory:") as bank:
...     report = bank.add([
...         "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"])
...     [(e.clues, e.er, e.level) for e in bank.query(er=(2.0, 3.0))]
[(17, 2.6, 'hard')]
"""

from __future__ import annotations

import json
import os
import random
import sqlite3
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from sudokit.canon.minlex import canonical_string
from sudokit.engine.solver import search
from sudokit.errors import OptionError, OutputError, ShapeError, SudokuError
from sudokit.formats.datasets import read_dataset, write_records
from sudokit.formats.reader import Entry
from sudokit.grid import Grid, PuzzleLike, as_grid, find_duplicate
from sudokit.limits import check_time_limit
from sudokit.rating.explainer import Rating, rate_many, rating_columns
from sudokit.status import Status
from sudokit.symmetry import check_symmetry, symmetries_of

__all__ = [
    "ADD_TIME_LIMIT",
    "AddProblem",
    "AddReport",
    "Bank",
    "BankEntry",
    "BankStats",
    "default_path",
    "parse_range",
]

#: Seconds of rating per puzzle :meth:`Bank.add` allows by default; a puzzle that takes longer is
#: stored unrated with status ``limit_reached``.
ADD_TIME_LIMIT = 20.0
#: Rows :meth:`Bank.add` commits at once: what an interrupted add may have to redo.
COMMIT_EVERY = 32
#: How many problems an :class:`AddReport` keeps in full (all are counted).
MAX_PROBLEMS = 1000
#: ``order`` values :meth:`Bank.query` takes.
ORDERS = ("added", "er", "-er", "clues", "random")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    canon TEXT NOT NULL UNIQUE,
    puzzle TEXT NOT NULL,
    solution TEXT NOT NULL,
    clues INTEGER NOT NULL,
    symmetry TEXT NOT NULL,
    symmetries TEXT NOT NULL,
    status TEXT NOT NULL,
    er REAL, ep REAL, ed REAL,
    level TEXT,
    score INTEGER,
    hardest TEXT NOT NULL,
    techniques TEXT NOT NULL,
    source TEXT NOT NULL,
    added REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS techniques (
    technique TEXT NOT NULL COLLATE NOCASE,
    puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
    steps INTEGER NOT NULL,
    PRIMARY KEY (technique, puzzle_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS puzzles_er ON puzzles(er);
CREATE INDEX IF NOT EXISTS puzzles_level ON puzzles(level);
CREATE INDEX IF NOT EXISTS puzzles_clues ON puzzles(clues);
PRAGMA user_version = 1;
"""

_COLUMNS = ("canon, puzzle, solution, clues, symmetry, symmetries, status, er, ep, ed, level, score, "
            "hardest, techniques, source, added")


def default_path() -> Path:
    """The bank file in the user's data directory: ``$XDG_DATA_HOME/sudokit/bank.sqlite3``
    (``~/.local/share`` without it), ``%LOCALAPPDATA%`` on Windows, ``~/Library/Application
    Support`` on macOS."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share"
    return base / "sudokit" / "bank.sqlite3"


def parse_range(text: str) -> tuple[float | None, float | None]:
    """Read a range as the command line writes it: ``7``, ``7-8.5``, ``7:8.5``, ``7:`` or ``:8.5``.

    >>> parse_range("7-8.5"), parse_range("9:"), parse_range("2")
    ((7.0, 8.5), (9.0, None), (2.0, 2.0))
    """
    spec = text.strip()
    sep = ":" if ":" in spec else ("-" if "-" in spec.lstrip("-") else None)
    try:
        if sep is None:
            value = float(spec)
            return value, value
        low, high = spec.split(sep, 1)
        return (float(low) if low.strip() else None), (float(high) if high.strip() else None)
    except ValueError:
        raise OptionError(f"range {text!r} is not LOW-HIGH, LOW:, :HIGH or a number") from None


# -- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BankEntry:
    """One puzzle of the bank: the puzzle as first added, its canonical key and its rating."""

    canon: str
    puzzle: str
    solution: str
    clues: int
    symmetry: str
    symmetries: tuple[str, ...]
    status: Status
    er: float | None
    ep: float | None
    ed: float | None
    level: str | None
    score: int | None
    hardest: tuple[str, ...]
    techniques: dict[str, int]
    source: str
    added: float

    @property
    def grid(self) -> Grid:
        """The puzzle as a :class:`Grid`."""
        return Grid.from_string(self.puzzle)

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready values (the puzzle first, as data-set writers want it)."""
        return {
            "puzzle": self.puzzle,
            "solution": self.solution,
            "canonical": self.canon,
            "clues": self.clues,
            "symmetry": self.symmetry,
            "status": self.status.value,
            **rating_columns(self),
            "source": self.source,
        }


@dataclass(frozen=True)
class AddProblem:
    """A puzzle :meth:`Bank.add` did not store: where it came from, its status and why."""

    source: str
    line: int
    status: Status
    error: str

    def to_dict(self) -> dict[str, Any]:
        """The problem as JSON-ready values."""
        return {"source": self.source, "line": self.line, "status": self.status.value, "error": self.error}


@dataclass
class AddReport:
    """What one :meth:`Bank.add` did: puzzles read, added, already there, and refused.

    ``rejected`` counts refused puzzles by status (``invalid``: unreadable, a duplicate given or
    not 9×9; ``no_solution``; ``multiple``); ``unrated`` counts the added puzzles the rating did
    not finish (``limit_reached`` or ``unsolved``).
    """

    read: int = 0
    added: int = 0
    duplicates: int = 0
    unrated: int = 0
    rejected: dict[str, int] = field(default_factory=dict)
    problems: list[AddProblem] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def per_second(self) -> float:
        """Puzzles read per second of wall-clock time."""
        return self.read / self.seconds if self.seconds > 0 else 0.0

    def _reject(self, source: str, line: int, status: Status, error: str) -> None:
        """Count a refused puzzle (and keep its problem while there are few)."""
        self.rejected[status.value] = self.rejected.get(status.value, 0) + 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(AddProblem(source, line, status, error))

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        return {
            "read": self.read,
            "added": self.added,
            "duplicates": self.duplicates,
            "unrated": self.unrated,
            "rejected": dict(self.rejected),
            "problems": [p.to_dict() for p in self.problems],
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class BankStats:
    """Counts of the bank's puzzles, and a histogram of their ER in bins of ``bin_width``."""

    total: int
    by_status: dict[str, int]
    by_level: dict[str, int]
    by_symmetry: dict[str, int]
    by_clues: dict[int, int]
    er_histogram: dict[float, int]
    bin_width: float

    def to_dict(self) -> dict[str, Any]:
        """The statistics as JSON-ready values (histogram bins by their lower edge)."""
        return {
            "total": self.total,
            "by_status": self.by_status,
            "by_level": self.by_level,
            "by_symmetry": self.by_symmetry,
            "by_clues": {str(k): v for k, v in self.by_clues.items()},
            "er_histogram": {f"{k:g}": v for k, v in self.er_histogram.items()},
            "bin_width": self.bin_width,
        }

    def to_text(self, width: int = 40) -> str:
        """The statistics as a short report with a bar chart of the ER histogram."""
        lines = [f"{self.total} puzzles"]
        for title, counts in (("status", self.by_status), ("level", self.by_level),
                              ("symmetry", self.by_symmetry)):
            if counts:
                lines.append(f"{title}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        if self.by_clues:
            lines.append(f"clues: {min(self.by_clues)} to {max(self.by_clues)}")
        if self.er_histogram:
            lines.append("ER histogram:")
            peak = max(self.er_histogram.values())
            for edge, count in self.er_histogram.items():
                bar = "#" * max(1, round(width * count / peak)) if count else ""
                lines.append(f"  {edge:4.1f}-{edge + self.bin_width:4.1f} {count:8d} {bar}")
        return "\n".join(lines)


# -- adding ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Pending:
    """A new puzzle waiting to be rated and stored."""

    canon: str
    grid: Grid
    solution: str
    source: str
    line: int


def _status_of(rating: Rating) -> Status:
    """The shared status word for a rating's status (``limit`` is ``limit_reached``)."""
    return Status.LIMIT_REACHED if rating.status in ("limit", "limit_reached") else Status(rating.status)


PuzzleSource = PuzzleLike | Entry | tuple[str, Entry]


def _item_parts(item: PuzzleSource, index: int) -> tuple[str, int, Grid | SudokuError]:
    """The source name, line and grid (or the error) of one item given to :meth:`Bank.add`."""
    source = ""
    if isinstance(item, tuple):
        source, item = item
    if isinstance(item, Entry):
        if item.error is not None:
            return source, item.line, item.error
        if item.cells is None or item.shape is None:
            try:
                return source, item.line, Grid.from_string(item.text, check=False)
            except SudokuError as exc:
                return source, item.line, exc
        return source, item.line, Grid(tuple(item.cells), item.shape)
    try:
        return source, index, as_grid(item, check=False)
    except SudokuError as exc:
        return source, index, exc


class Bank:
    """A puzzle bank in the SQLite file ``path`` (default :func:`default_path`), created if new.

    Use it as a context manager (or call :meth:`close`). ``":memory:"`` makes a bank in memory.
    """

    def __init__(self, path: str | Path | None = None, *, timeout: float = 30.0) -> None:
        self.path = Path(path) if path is not None else default_path()
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(self.path), timeout=timeout, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        if self._db.execute("PRAGMA user_version").fetchone()[0] == 0:  # new: create the tables
            self._db.executescript(_SCHEMA)

    def __enter__(self) -> Bank:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (every add has committed by then)."""
        self._db.close()

    def __repr__(self) -> str:
        return f"Bank({str(self.path)!r})"

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM puzzles").fetchone()[0])

    def technique_names(self) -> list[str]:
        """The names of the steps the stored puzzles' solving paths use (what ``query``'s
        ``technique`` filter matches), sorted."""
        rows = self._db.execute("SELECT DISTINCT technique FROM techniques ORDER BY technique")
        return [str(name) for (name,) in rows]

    def __contains__(self, puzzle: object) -> bool:
        """True when the bank holds the puzzle or an equivalent one."""
        try:
            key = canonical_string(as_grid(puzzle))
        except (SudokuError, TypeError):
            return False
        return self._has(key)

    def _has(self, canon: str) -> bool:
        """True when a row has this canonical key."""
        return self._db.execute("SELECT 1 FROM puzzles WHERE canon = ?", (canon,)).fetchone() is not None

    # -- adding --

    def add(
        self,
        puzzles: Iterable[PuzzleSource],
        *,
        time_limit: float | None = ADD_TIME_LIMIT,
        jobs: int = 1,
        commit_every: int = COMMIT_EVERY,
        progress: Callable[[AddReport], None] | None = None,
    ) -> AddReport:
        """Check, rate and store puzzles (Grids, texts, or entries from a reader); skip duplicates.

        A puzzle already in the bank (or an equivalent one) is counted in ``duplicates`` and not
        rated again. New puzzles are rated ``commit_every`` at a time (by ``jobs`` workers, see
        :func:`sudokit.rate_many`) and committed together; ``progress`` is called with the report
        after each commit.
        """
        check_time_limit(time_limit)
        if commit_every < 1:
            raise OptionError(f"commit_every must be at least 1, not {commit_every}")
        report = AddReport()
        start = time.perf_counter()
        pending: list[_Pending] = []
        keys: set[str] = set()
        try:
            for index, item in enumerate(puzzles, start=1):
                report.read += 1
                new = self._prepare(item, index, keys, report)
                if new is not None:
                    pending.append(new)
                    keys.add(new.canon)
                if len(pending) >= commit_every:
                    self._store(pending, time_limit, jobs, report)
                    report.seconds = time.perf_counter() - start
                    pending.clear()
                    keys.clear()
                    if progress is not None:
                        progress(report)
            self._store(pending, time_limit, jobs, report)
        finally:
            report.seconds = time.perf_counter() - start
        if progress is not None:
            progress(report)
        return report

    def add_files(self, paths: Iterable[str | Path], **options: Any) -> AddReport:
        """:meth:`add` every puzzle of files in any format :func:`read_dataset` reads."""

        def items() -> Iterator[tuple[str, Entry]]:
            for path in paths:
                for entry in read_dataset(path):
                    yield str(path), entry

        return self.add(items(), **options)

    def _prepare(self, item: PuzzleSource, index: int, keys: set[str],
                 report: AddReport) -> _Pending | None:
        """Read, check and key one puzzle; ``None`` when it is refused or already there."""
        source, line, grid = _item_parts(item, index)
        if isinstance(grid, SudokuError):
            report._reject(source, line, Status.INVALID, str(grid))
            return None
        if grid.shape.box != (3, 3):
            error = ShapeError(f"the bank holds 9×9 puzzles only (keyed by their minlex form), "
                               f"not {grid.n}×{grid.n}")
            report._reject(source, line, Status.INVALID, str(error))
            return None
        if grid.rules is not None:
            report._reject(source, line, Status.INVALID, f"the bank holds classic puzzles (keyed by their "
                           f"minlex form), not {grid.variant}")
            return None
        duplicate = find_duplicate(grid.cells, grid.shape)
        if duplicate is not None:
            report._reject(source, line, Status.INVALID, str(duplicate))
            return None
        canon = canonical_string(grid)
        if canon in keys or self._has(canon):
            report.duplicates += 1
            return None
        found = search(grid, 2)
        if found.count == 0 or found.solution is None:
            report._reject(source, line, Status.NO_SOLUTION, "the puzzle has no solution")
            return None
        if found.count > 1:
            report._reject(source, line, Status.MULTIPLE, "the puzzle has several solutions")
            return None
        return _Pending(canon, grid, found.solution.to_string(), source, line)

    def _store(self, pending: Sequence[_Pending], time_limit: float | None, jobs: int,
               report: AddReport) -> None:
        """Rate the pending puzzles (with ``jobs`` workers) and insert them in one transaction."""
        if not pending:
            return
        ratings = list(rate_many([p.grid.to_string() for p in pending], jobs=jobs, time_limit=time_limit))
        now = time.time()
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:  # another writer kept the file past the timeout
            raise OutputError(f"{self.path}: {exc}") from exc
        try:
            for new, rating in zip(pending, ratings, strict=True):
                if self._insert(new, rating, now):
                    report.added += 1
                    report.unrated += int(rating.er is None)
                else:
                    report.duplicates += 1
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    def _insert(self, new: _Pending, rating: Rating, now: float) -> bool:
        """Insert one rated puzzle (and its techniques); False when another writer got there first."""
        found = symmetries_of(new.grid.cells, 9)
        where = f"{new.source}:{new.line}" if new.source else str(new.line)
        cursor = self._db.execute(
            f"INSERT OR IGNORE INTO puzzles ({_COLUMNS}) VALUES ({', '.join('?' * 16)})",
            (new.canon, new.grid.to_string(), new.solution, new.grid.clue_count,
             found[0] if found else "none", "," + ",".join(found) + ",", _status_of(rating).value,
             rating.er, rating.ep, rating.ed, rating.level, rating.score,
             json.dumps(list(rating.hardest)), json.dumps(rating.techniques), where, now),
        )
        if cursor.rowcount != 1:
            return False
        self._db.executemany(
            "INSERT INTO techniques (technique, puzzle_id, steps) VALUES (?, ?, ?)",
            [(name, cursor.lastrowid, steps) for name, steps in rating.techniques.items()],
        )
        return True

    # -- reading --

    def query(
        self,
        *,
        er: tuple[float | None, float | None] | float | None = None,
        level: str | Sequence[str] | None = None,
        technique: str | Sequence[str] | None = None,
        clues: tuple[int | None, int | None] | int | None = None,
        symmetry: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        order: str = "added",
    ) -> Iterator[BankEntry]:
        """The puzzles matching every filter given, in ``order`` (one of :data:`ORDERS`).

        ``er`` and ``clues`` are a value or an inclusive ``(low, high)`` range (``None`` for an
        open end); ``level`` one level or several (any matches); ``technique`` one name or
        several, all used on the solving path (case-insensitive); ``symmetry`` a symmetry the
        pattern has (``rot180`` also finds patterns that are rot90- or fully symmetric).
        """
        where: list[str] = []
        args: list[object] = []
        self._range("er", er, where, args)
        self._range("clues", clues, where, args)
        if level is not None:
            levels = [level] if isinstance(level, str) else list(level)
            where.append(f"level IN ({', '.join('?' * len(levels))})")
            args.extend(v.lower() for v in levels)
        for name in [technique] if isinstance(technique, str) else list(technique or ()):
            where.append("id IN (SELECT puzzle_id FROM techniques WHERE technique = ?)")
            args.append(name)
        if symmetry is not None:
            name = check_symmetry(symmetry)
            where.append("symmetry = 'none'" if name == "none" else "symmetries LIKE ?")
            args.extend([] if name == "none" else [f"%,{name},%"])
        if status is not None:
            where.append("status = ?")
            args.append(Status(status).value)
        sql = f"SELECT {_COLUMNS} FROM puzzles"
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY " + self._order(order)
        if limit is not None:
            sql += " LIMIT ?"
            args.append(limit)
        for row in self._db.execute(sql, args):
            yield _entry(row)

    @staticmethod
    def _range(column: str, value: object, where: list[str], args: list[object]) -> None:
        """Add the condition for a value or an inclusive ``(low, high)`` range of a column."""
        if value is None:
            return
        low, high = value if isinstance(value, tuple) else (value, value)
        if low is not None:
            where.append(f"{column} >= ?")
            args.append(low)
        if high is not None:
            where.append(f"{column} <= ?")
            args.append(high)

    @staticmethod
    def _order(order: str) -> str:
        """The ORDER BY clause of a query order."""
        clauses = {"added": "id", "er": "er IS NULL, er, id", "-er": "er IS NULL, er DESC, id",
                   "clues": "clues, id", "random": f"(id * {random.randrange(1, 1 << 30)}) % 1000003, id"}
        if order not in clauses:
            raise OptionError(f"unknown order {order!r} (choose from: {', '.join(ORDERS)})")
        return clauses[order]

    def stats(self, bin_width: float = 1.0) -> BankStats:
        """Counts by status, level, symmetry and clue count, and the ER histogram."""
        if bin_width <= 0:
            raise OptionError(f"bin_width must be positive, not {bin_width}")
        db = self._db

        def counts(column: str) -> dict[Any, int]:
            rows = db.execute(f"SELECT {column}, count(*) FROM puzzles WHERE {column} IS NOT NULL "
                              f"GROUP BY {column} ORDER BY count(*) DESC, {column}")
            return {key: n for key, n in rows}

        bins = db.execute("SELECT CAST(er / ? AS INTEGER), count(*) FROM puzzles WHERE er IS NOT NULL "
                          "GROUP BY 1 ORDER BY 1", (bin_width,)).fetchall()
        histogram: dict[float, int] = {}
        if bins:
            for b in range(bins[0][0], bins[-1][0] + 1):
                histogram[round(b * bin_width, 6)] = 0
            for b, n in bins:
                histogram[round(b * bin_width, 6)] = n
        by_clues = dict(sorted(counts("clues").items()))
        return BankStats(len(self), counts("status"), counts("level"), counts("symmetry"), by_clues,
                         histogram, bin_width)

    def export(self, out: IO[str] | str | Path, fmt: str | None = None, **filters: Any) -> int:
        """Write the puzzles matching ``filters`` (see :meth:`query`) in any data-set format."""
        return write_records((e.to_dict() for e in self.query(**filters)), out, fmt)


def _entry(row: Sequence[Any]) -> BankEntry:
    """A :class:`BankEntry` from a row of :data:`_COLUMNS`."""
    (canon, puzzle, solution, clues, symmetry, symmetries, status, er, ep, ed, level, score,
     hardest, techniques, source, added) = row
    return BankEntry(canon, puzzle, solution, clues, symmetry,
                     tuple(s for s in symmetries.split(",") if s), Status(status), er, ep, ed, level, score,
                     tuple(json.loads(hardest)), json.loads(techniques), source, added)
