"""Adapters for the solvers that ``benchmarks/solve.py`` measures against sudokit.

Each peer is a small class with the same three steps, so the benchmark times only the solver:

* ``prepare(line)`` turns an 81-character puzzle line ("." for empty) into the peer's own input
  form (not timed: the peer gets its best case);
* ``run(prepared, limit)`` calls the peer's solver (timed);
* ``answer(result, limit)`` turns what it returned into a common form (not timed): with
  ``limit=1`` the first solution as 81 digits, or ``None``; with ``limit=2`` the number of
  solutions found, 0, 1 or 2.

``limit2`` is False for a peer that has no way to stop after two solutions (or to tell one
solution from several); the benchmark then prints "n/a" rather than timing something else.
``limit1_note`` says when a peer's first-solution mode does more work than that (it always looks
for a second solution): the benchmark marks those cells.

Peers are imported lazily and only here, inside the benchmark process; the sudokit package never
imports any of them (some are GPL).
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable
from importlib import metadata
from typing import Any, ClassVar

__all__ = ["PEERS", "Peer", "Tdoku", "get_peer", "installed_version"]


def installed_version(dist: str) -> str | None:
    """The installed version of a distribution, or None when it is not installed."""
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def _cells(line: str) -> list[int]:
    """Cell values 0..9 of a puzzle line (0 = empty)."""
    return [ord(ch) - 48 if "1" <= ch <= "9" else 0 for ch in line]


def _digits(values: Any) -> str:
    """81 cell values (any iterable of ints) as a digit string."""
    return "".join(chr(48 + int(v)) for v in values)


class Peer:
    """Base class: one solver to measure. Subclasses fill in the class attributes and methods."""

    name = ""  # short name used on the command line and in the table
    dist = ""  # the PyPI distribution that provides it
    license = ""
    what = ""  # what exactly is called
    limit2 = True
    limit1_note = ""
    env: ClassVar[dict[str, str]] = {}  # environment of the worker process that runs it

    def __init__(self) -> None:
        self.setup()

    def setup(self) -> None:
        """Import the peer and build whatever it needs once."""

    def prepare(self, line: str, limit: int) -> Any:
        return line

    def run(self, prepared: Any, limit: int) -> Any:
        raise NotImplementedError

    def answer(self, result: Any, limit: int) -> str | int | None:
        raise NotImplementedError


class Hodoku(Peer):
    """hodoku-py's backtracking solver (HoDoKu's SudokuGenerator, with its optional C accelerator).

    HoDoKu uses this solver for brute force, uniqueness checks and generation. It always stops at
    the second solution, so it has no cheaper first-solution mode: the limit-1 cell times the same
    search as the limit-2 one.
    """

    name = "hodoku-py"
    dist = "hodoku-py"
    license = "GPL-3.0-or-later"
    what = "hodoku.generator.generator.SudokuGenerator().solve_string(line)"
    limit1_note = "always searches for a 2nd solution (no first-solution mode)"

    def setup(self) -> None:
        from hodoku.generator import generator

        self.accelerated = generator._gen_accel is not None
        if not self.accelerated:
            self.what += " [pure Python: C accelerator not built]"
        self.gen = generator.SudokuGenerator()

    def run(self, prepared: Any, limit: int) -> Any:
        self.gen.solve_string(prepared)
        return self.gen.get_solution_count()

    def answer(self, result: Any, limit: int) -> str | int | None:
        count = int(result)
        if limit == 1:
            return self.gen.get_solution_as_string() if count >= 1 else None
        return min(count, 2)


class LibSudoku(Peer):
    """lib_sudoku's Rust solver: first solution only (it cannot count solutions)."""

    name = "lib_sudoku"
    dist = "lib-sudoku"
    license = "GPL-3.0"
    what = "lib_sudoku.solve(bytearray(cells))"
    limit2 = False

    def setup(self) -> None:
        import lib_sudoku

        self.solve: Callable[[bytearray], Any] = lib_sudoku.solve

    def prepare(self, line: str, limit: int) -> Any:
        return bytearray(_cells(line))

    def run(self, prepared: Any, limit: int) -> Any:
        return self.solve(prepared)

    def answer(self, result: Any, limit: int) -> str | int | None:
        if result is None or len(result) != 81 or 0 in bytes(result):
            return None
        return _digits(result)


class PySudoku(Peer):
    """py-sudoku (pure Python): ``Sudoku.solve()`` and ``Sudoku.has_multiple_solutions()``.

    ``has_multiple_solutions`` solves twice (digits tried upwards, then downwards) and compares;
    it answers False both for a unique puzzle and for one with no solution, so the limit-2
    answer is 2 or 1 (every puzzle in the benchmark sets has a solution; the check against
    sudokit's count would show it otherwise).
    """

    name = "py-sudoku"
    dist = "py-sudoku"
    license = "MIT"
    what = "puzzle.solve() / puzzle.has_multiple_solutions() (puzzle = sudoku.Sudoku(3, 3, board): not timed)"

    def setup(self) -> None:
        from sudoku import Sudoku

        self.cls = Sudoku

    def prepare(self, line: str, limit: int) -> Any:
        cells = _cells(line)
        return self.cls(3, 3, board=[[v or None for v in cells[r * 9 : r * 9 + 9]] for r in range(9)])

    def run(self, prepared: Any, limit: int) -> Any:
        if limit == 1:
            return prepared.solve()
        return prepared.has_multiple_solutions()

    def answer(self, result: Any, limit: int) -> str | int | None:
        if limit == 1:
            board = result.board
            if any(v is None for row in board for v in row):
                return None  # py-sudoku returns an empty board when there is no solution
            return _digits(v for row in board for v in row)
        return 2 if result else 1


class Pencilmark(Peer):
    """pencilmark's exhaustive C++ search, ``pencilmark.cbackend.brute_solve(puzzle, limit)``.

    This is the search behind ``pencilmark.solve`` (which always uses limit 2 and raises on
    several solutions); calling it directly gives both modes. The engine's puzzle object is built
    beforehand (``pencilmark.load`` and ``cbackend.to_cpuzzle``, some milliseconds, not timed), so
    only the search is timed. A search that hits pencilmark's node limit is reported as no answer
    (it then does not know).
    """

    name = "pencilmark"
    dist = "pencilmark"
    license = "MIT"
    what = ("pencilmark.cbackend.brute_solve(puzzle, limit, cpuzzle=cpuzzle) "
            "(puzzle = pencilmark.load(line), cpuzzle = cbackend.to_cpuzzle(puzzle): not timed)")

    def setup(self) -> None:
        import pencilmark
        from pencilmark import cbackend

        self.load = pencilmark.load
        self.to_cpuzzle = cbackend.to_cpuzzle
        self.brute = cbackend.brute_solve

    def prepare(self, line: str, limit: int) -> Any:
        puzzle = self.load(line)
        return puzzle, self.to_cpuzzle(puzzle)

    def run(self, prepared: Any, limit: int) -> Any:
        puzzle, cpuzzle = prepared
        return self.brute(puzzle, limit=limit, cpuzzle=cpuzzle)

    def answer(self, result: Any, limit: int) -> str | int | None:
        if not getattr(result, "complete", True):
            return None if limit == 1 else -9  # undecided: counted as a wrong answer
        if limit == 1:
            return _digits(result[0]) if result else None
        return min(len(result), 2)


class SudokitPython(Peer):
    """sudokit's own pure-Python engine (SUDOKIT_IMPL=python), for information only."""

    name = "sudokit-python"
    dist = "sudokit"
    license = "MIT"
    what = "SUDOKIT_IMPL=python: sudokit.solve_many([line], first=True) / sudokit.count_many([line], limit=2)"
    env: ClassVar[dict[str, str]] = {"SUDOKIT_IMPL": "python"}

    def setup(self) -> None:
        import sudokit
        from sudokit.engine import backend

        if backend.name_of() != "python":
            raise RuntimeError("sudokit-python worker is not running the python engine")
        self.solve_many = sudokit.solve_many
        self.count_many = sudokit.count_many

    def prepare(self, line: str, limit: int) -> Any:
        return [line]

    def run(self, prepared: Any, limit: int) -> Any:
        if limit == 1:
            return self.solve_many(prepared, first=True)[0]
        return self.count_many(prepared, limit=2)[0]

    def answer(self, result: Any, limit: int) -> str | int | None:
        if limit == 1:
            return result
        return min(int(result), 2)


#: The Python-installable peers, in table order.
PEERS: dict[str, type[Peer]] = {
    cls.name: cls for cls in (Hodoku, PySudoku, LibSudoku, Pencilmark, SudokitPython)
}


def get_peer(name: str) -> Peer:
    return PEERS[name]()


class Tdoku:
    """tdoku (C++) through its C interface, loaded with ctypes from a library built by hand.

    ``TdokuSolverDpllTriadSimd(puzzle, limit, configuration, solution, &num_guesses)`` returns
    the number of solutions found up to ``limit``; it writes the solution only when ``limit`` is
    1. The puzzle must use "." for empty cells and be NUL-terminated (ctypes does that).
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.lib = ctypes.CDLL(os.path.abspath(path))
        fn = self.lib.TdokuSolverDpllTriadSimd
        fn.restype = ctypes.c_size_t
        fn.argtypes = [
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.c_uint32,
            ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_size_t),
        ]
        self.fn = fn

    def run_all(self, puzzles: list[bytes], limit: int) -> list[int]:
        """Solve every puzzle (already encoded) in a tight loop; the counts (this is what is timed)."""
        fn = self.fn
        buf = ctypes.create_string_buffer(82)
        guesses = ctypes.c_size_t(0)
        gp = ctypes.byref(guesses)
        return [fn(p, limit, 0, buf, gp) for p in puzzles]

    def solve_checked(self, puzzles: list[bytes], limit: int) -> tuple[list[int], list[str | None]]:
        """Like :meth:`run_all` but keeps each solution (slower: only for checking answers)."""
        fn = self.fn
        guesses = ctypes.c_size_t(0)
        counts: list[int] = []
        sols: list[str | None] = []
        for p in puzzles:
            buf = ctypes.create_string_buffer(82)
            c = fn(p, limit, 0, buf, ctypes.byref(guesses))
            counts.append(int(c))
            sols.append(buf.raw[:81].decode("ascii") if c and limit == 1 else None)
        return counts, sols

    def call_overhead(self, n: int, puzzle: bytes, clock: Callable[[], int] | None = None) -> float:
        """Seconds per ctypes call of a C function with a similar signature that does nothing much.

        Measured with libc's ``strncmp(p, p, 0)``, so the table can say how much of tdoku's time is
        the Python → C call itself (sudokit's batch path pays that once per batch, not per puzzle).
        """
        import time

        clock = clock or time.perf_counter_ns
        libc = ctypes.CDLL(None)
        f = libc.strncmp
        f.restype = ctypes.c_int
        f.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
        t0 = clock()
        for _ in range(n):
            f(puzzle, puzzle, 0)
        return (clock() - t0) / 1e9 / n
