"""Work on existing data sets: re-rate them, find their equivalence classes, split them leak-free.

:func:`rate_rows` adds the columns of a built data set (er, ep, ed, level, hodoku_score, clues,
shape, minlex, techniques) and a ``status`` to each row of a file, keeping the file's own
columns; the answer column, when there is one, is checked against the solver. A row is never
dropped: ``status`` says what is wrong (:data:`STATUSES`). :func:`classes` groups rows by
minlex form; :func:`split_rows` cuts rows into splits keeping each equivalence class whole and
leaving out rows equivalent to an excluded puzzle.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from sudokit.dataset.build import parse_split, quotas, rating_columns, shape_name
from sudokit.dataset.files import cells_text
from sudokit.dataset.symmetry import minlex
from sudokit.engine.executor import Executor
from sudokit.engine.solver import search
from sudokit.errors import SudokuError
from sudokit.grid import Grid
from sudokit.rating.explainer import rate, rate_many
from sudokit.shape import Shape
from sudokit.status import Status

__all__ = ["ADDED", "STATUSES", "Checked", "check_row", "classes", "excluded_forms", "rate_rows",
           "split_rows", "status_counts"]

#: What ``status`` says: the puzzle is fine (``ok``), cannot be read or breaks a rule
#: (``invalid``), has no solution or several, its answer column differs from the solution
#: (``wrong_answer``), or it was not rated (``unrated``: out of time or beyond the techniques).
STATUSES = ("ok", "invalid", "no_solution", "multiple", "wrong_answer", "unrated")

#: The columns :func:`rate_rows` adds (a column the file has already gets ``sudokit_`` before it).
ADDED = ("status", "er", "ep", "ed", "level", "hodoku_score", "clues", "shape", "minlex", "techniques",
         "error")


@dataclass
class Checked:
    """One row read and solved: its grid (None when unreadable), the solution, a status and error."""

    grid: Grid | None
    solution: Grid | None
    status: str
    error: str = ""


def check_row(row: Mapping[str, Any], puzzle: str, answer: str | None) -> Checked:
    """Read a row's puzzle, solve it, and check its answer column (when ``answer`` names one)."""
    try:
        grid = cells_text(row.get(puzzle))
        grid.check()
    except (SudokuError, ValueError, TypeError) as exc:
        return Checked(None, None, "invalid", str(exc))
    found = search(grid, 2)
    if found.count == 0 or found.solution is None:
        return Checked(grid, None, "no_solution", "no solution")
    if found.count > 1:
        return Checked(grid, None, "multiple", "several solutions")
    if answer is not None and row.get(answer) not in (None, ""):
        try:
            given = cells_text(row[answer])
        except (SudokuError, ValueError, TypeError) as exc:
            return Checked(grid, found.solution, "wrong_answer", f"the answer cannot be read: {exc}")
        if given.cells != found.solution.cells:
            wrong = sum(1 for a, b in zip(given.cells, found.solution.cells, strict=False) if a != b)
            return Checked(grid, found.solution, "wrong_answer",
                           f"the answer differs from the solution in {wrong} cells")
    return Checked(grid, found.solution, "ok")


def _name(column: str, taken: Iterable[str]) -> str:
    """An added column's name: ``sudokit_`` before it when the file has the name already."""
    return f"sudokit_{column}" if column in taken else column


def rate_rows(
    rows: Iterable[dict[str, Any]], puzzle: str, answer: str | None, *, jobs: int = 1,
    time_limit: float | None = 20.0, hodoku_path: bool = True, executor: Executor | None = None,
) -> Iterator[dict[str, Any]]:
    """Each row with the added columns (:data:`ADDED`; ``solution`` too when the file has no answer
    column), in input order, rated ``jobs`` at a time (the level and score of HoDoKu's own path
with ``hodoku_path``, for 9×9 puzzles; of SE's path for the others), or by ``executor``'s workers."""
    pending: deque[tuple[dict[str, Any], Checked]] = deque()

    def texts() -> Iterator[str]:
        for row in rows:
            checked = check_row(row, puzzle, answer)
            pending.append((row, checked))
            grid = checked.grid
            nine = grid is not None and grid.shape == Shape(3, 3) and checked.solution is not None
            yield grid.to_string() if grid is not None and nine else ""

    for rating in rate_many(texts(), jobs=jobs, time_limit=time_limit, hodoku_path=hodoku_path,
                            executor=executor):
        row, checked = pending.popleft()
        if checked.solution is not None and checked.grid is not None and checked.grid.shape != Shape(3, 3):
            rating = rate(checked.grid, time_limit=time_limit)  # HoDoKu's path is for 9×9 only
        out = dict(row)
        taken = set(row)
        status, error = checked.status, checked.error
        added: dict[str, Any] = dict.fromkeys(ADDED)
        if checked.grid is not None:
            added["clues"] = checked.grid.clue_count
            added["shape"] = shape_name(checked.grid.shape)
            try:
                added["minlex"] = minlex(checked.grid)
            except SudokuError:
                added["minlex"] = None
        if checked.solution is not None:
            added.update(rating_columns(rating))
            if status == "ok" and rating.status != Status.RATED:
                status, error = "unrated", rating.error or str(rating.status)
        added["status"], added["error"] = status, error or None
        if added["techniques"] is None:
            added["techniques"] = []
        for key, value in added.items():
            out[_name(key, taken)] = value
        if answer is None:
            out[_name("solution", taken)] = None if checked.solution is None else checked.solution.to_string()
        yield out


def excluded_forms(rows: Iterable[Mapping[str, Any]], puzzle: str) -> tuple[set[str], int]:
    """The minlex forms of the readable puzzles of ``rows``, and how many rows could not be read."""
    forms: set[str] = set()
    bad = 0
    for row in rows:
        try:
            forms.add(minlex(cells_text(row.get(puzzle))))
        except (SudokuError, ValueError, TypeError):
            bad += 1
    return forms, bad


def classes(rows: Iterable[Mapping[str, Any]], puzzle: str) -> tuple[list[dict[str, Any]], int]:
    """The equivalence classes of the rows' puzzles, largest first: ``minlex``, ``count``, the first
    ``puzzle`` and the ``rows`` (1-based numbers) of each; and how many rows could not be read."""
    members: dict[str, list[int]] = {}
    first: dict[str, str] = {}
    bad = 0
    for number, row in enumerate(rows, start=1):
        try:
            grid = cells_text(row.get(puzzle))
            form = minlex(grid)
        except (SudokuError, ValueError, TypeError):
            bad += 1
            continue
        members.setdefault(form, []).append(number)
        first.setdefault(form, grid.to_string())
    ordered = sorted(members.items(), key=lambda item: -len(item[1]))
    out: list[dict[str, Any]] = [
        {"minlex": form, "count": len(numbers), "puzzle": first[form], "rows": numbers}
        for form, numbers in ordered
    ]
    return out, bad


def split_rows(
    rows: Iterable[dict[str, Any]], puzzle: str, split: str | Mapping[str, float], *, seed: int = 0,
    exclude: set[str] | frozenset[str] = frozenset(), on_drop: Callable[[str], None] | None = None,
) -> dict[str, list[dict[str, Any]]]:
    """The rows cut into splits by ``split``'s fractions (of the equivalence classes, shuffled by
    ``seed``), every class whole in one split; rows that cannot be read or are equivalent to one
    of ``exclude`` are left out, each reported to ``on_drop`` (its reason)."""
    fractions = parse_split(split)
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        try:
            form = minlex(cells_text(row.get(puzzle)))
        except (SudokuError, ValueError, TypeError) as exc:
            if on_drop is not None:
                on_drop(f"unreadable: {exc}")
            continue
        if form in exclude:
            if on_drop is not None:
                on_drop("equivalent to an excluded puzzle")
            continue
        groups.setdefault(form, []).append(row)
    keys = sorted(groups)
    random.Random(seed).shuffle(keys)
    total = sum(len(g) for g in groups.values())
    wanted = dict(zip(fractions, quotas(total, list(fractions.values())), strict=True))
    out: dict[str, list[dict[str, Any]]] = {name: [] for name in fractions}
    names = list(fractions)
    for key in keys:
        # the split furthest below its share takes the next class
        name = min(names, key=lambda n: (len(out[n]) - wanted[n], names.index(n)))
        out[name].extend(groups[key])
    return out


def status_counts(rows: Iterable[Mapping[str, Any]], column: str = "status") -> Counter[str]:
    """How many rows have each status."""
    return Counter(str(r.get(column)) for r in rows)
