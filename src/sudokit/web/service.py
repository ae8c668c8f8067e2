"""The one place the web layer calls the library: each function takes plain values, returns a JSON-ready dict.

Every call goes through the front door (``import sudokit``; the batch table through
:mod:`sudokit.batch`, the rows the CLI's ``check --json`` writes). Nothing here knows about
HTTP: the routes in :mod:`sudokit.web.routes` run these functions in worker threads and turn their
errors into answers. Time limits travel with each call, so concurrent requests never share one.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

import sudokit
from sudokit import Candidates, Grid, Status, Step, SudokuError
from sudokit import batch as batch_runner
from sudokit.formats.variants import looks_like_variant
from sudokit.render import constraints as drawn
from sudokit.render import svg
from sudokit.render.layout import CELL, Geometry
from sudokit.rules import check as check_rules
from sudokit.techniques.explain import marks_of
from sudokit.web.glossary import meaning

__all__ = [
    "Limits",
    "batch",
    "count",
    "explain",
    "generate",
    "hint",
    "link",
    "parse",
    "rate",
    "render",
    "solve",
    "validate",
]

@dataclass(frozen=True)
class Limits:
    """What one request may cost: seconds of work (more to generate: a 9×9 variant can take a
    minute), grid side, solutions counted, batch lines."""

    time_limit: float = 10.0
    generate_time_limit: float = 60.0
    max_n: int = 16
    max_count: int = sudokit.COUNT_LIMIT
    max_batch_lines: int = 2000


class InputError(SudokuError, ValueError):
    """A request option the library would not accept (named, with the value given)."""


# -- puzzles ------------------------------------------------------------------------------------------


def parse(text: object, limits: Limits, name: str = "puzzle", *, check: bool = True) -> Grid:
    """Parse a puzzle in any format sudokit reads; raise the library's named error when it is not one."""
    if not isinstance(text, str):
        raise InputError(f"{name} must be a string holding a puzzle, not {type(text).__name__}")
    grid = Grid.from_string(text, check=False)
    if grid.n > limits.max_n:
        raise InputError(f"{name} is a {grid.n}×{grid.n} grid; this server takes grids up to "
                         f"{limits.max_n}×{limits.max_n}")
    if check:
        grid.check()
    return grid


def _shape_fields(grid: Grid) -> dict[str, Any]:
    """The fields that let a page draw the grid without parsing: side, box shape, cells, and a
    variant's rules as drawing data."""
    return {"n": grid.n, "box": f"{grid.shape.box_rows}x{grid.shape.box_cols}", "cells": list(grid.cells),
            "variant": grid.variant, "rules": _rules_fields(grid)}


def _rules_fields(grid: Grid) -> dict[str, Any] | None:
    """What a page needs to draw and play a variant: peers, pieces, shaded cells, diagonals, cages,
    the constraints' drawing and the digit set (None: 1 … N)."""
    rules = grid.rules
    if rules is None:
        return None
    described = [sudokit.find_variant(v).description for v in rules.variants]
    kinds = [*rules.variants, *(c.kind for c in rules.constraints)]
    return {
        "name": "+".join(dict.fromkeys(kinds)) or rules.name,
        "rules": described + list(dict.fromkeys(c.rule_text() for c in rules.constraints)),
        "peers": [sorted(p) for p in rules.peers],
        "pieces": list(rules.pieces) if rules.pieces is not None else None,
        "shaded": sorted({c for r in rules.regions if r.kind in ("window", "extra") for c in r.cells}),
        "diagonals": [list(r.cells) for r in rules.regions if r.kind == "diagonal"],
        "cages": [{"cells": list(c.cells), "sum": c.total, "edges": _cage_edges(grid, c.cells)}
                  for c in svg.cages_of(rules)],
        "drawing": _drawing(grid),
        "digits": list(rules.digits) if rules.digits is not None else None,
    }


#: The constraints' colours on the page's dark theme (style.css): light marks on the dark board,
#: shapes under the digits dark enough that the light digits stay readable.
DARK = drawn.Colours(
    thermo="#555c69", arrow="#9aa3b5", palindrome="#8a93a5", between="#8a93a5", chevron="#9aa3b5",
    shape="#3a4150", shade="#2b313c", dot="#e3e7ef", text="#e3e7ef", clue="#e3e7ef", background="#1d222b",
    clones=("#4a2c34", "#2c3c52", "#2f4a2c", "#4a4128", "#3c2f4f", "#27463f"),
)


def _drawing(grid: Grid) -> dict[str, Any] | None:
    """A puzzle's constraints (thermometers, arrows, dots…) as SVG the page lays over its board,
    drawn by :mod:`sudokit.render.constraints` in units of ``cell`` per cell from the grid's
    corner; clues outside the grid (``margin`` cells wide) fall outside ``0 … size``."""
    rules = grid.rules
    if rules is None or not rules.constraints:
        return None
    geo = Geometry(grid.shape, 0.0)
    under, over, notes = drawn.layers(rules, geo)
    dark_under, dark_over, _ = drawn.layers(rules, geo, DARK)
    return {"under": svg.to_string(under), "over": svg.to_string(over),
            "dark_under": svg.to_string(dark_under), "dark_over": svg.to_string(dark_over),
            "notes": notes, "cell": CELL,
            "size": geo.side, "margin": 0.85 if drawn.needs_margin(rules) else 0.0,
            "kinds": sorted({c.kind for c in rules.constraints})}


#: How far inside its cells a cage's dashed outline runs on the page, in cells.
CAGE_INSET = 0.08


def _cage_edges(grid: Grid, cells: Iterable[int]) -> list[list[float]]:
    """A cage's outline as segments ``[x1, y1, x2, y2]`` in cells (the grid's corner at 0, 0),
    from :meth:`sudokit.render.layout.Geometry.cage_edges`: what the page draws."""
    edges = Geometry(grid.shape, 0.0).cage_edges(cells, CAGE_INSET * CELL)
    return [[round(v / CELL, 4) for v in edge] for edge in edges]


def puzzle_text(grid: Grid) -> str:
    """The puzzle as text a later request reads back: the line format, or sudokit's JSON form for a
    variant (the line alone would lose its rules)."""
    return grid.to_string() if grid.rules is None else grid.to_json()


def _cells(values: object, grid: Grid, name: str) -> list[int]:
    """Check a list of N² digits (0 empty) sent with a puzzle: the player's grid."""
    if isinstance(values, str):
        return list(parse(values, Limits(max_n=grid.n), name, check=False).cells)
    if not isinstance(values, list) or len(values) != grid.shape.size:
        raise InputError(f"{name} must be a list of {grid.shape.size} digits (0 for empty) "
                         f"or a puzzle string")
    out = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= grid.n:
            raise InputError(f"{name}[{i}] ({grid.shape.cell_name(i)}) must be a digit 0-{grid.n}, "
                             f"not {v!r}")
        out.append(v)
    return out


def _masks(marks: object, grid: Grid) -> list[int]:
    """Check the player's pencil marks: a list of N² lists of digits; return candidate bitmasks."""
    if not isinstance(marks, list) or len(marks) != grid.shape.size:
        raise InputError(f"marks must be a list of {grid.shape.size} lists of digits")
    masks = []
    for i, digits in enumerate(marks):
        if not isinstance(digits, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= grid.n for d in digits
        ):
            raise InputError(f"marks[{i}] ({grid.shape.cell_name(i)}) must be a list of digits "
                             f"1-{grid.n}")
        mask = 0
        for d in digits:
            mask |= 1 << (d - 1)
        masks.append(mask)
    return masks


# -- solve and count --------------------------------------------------------------------------------


def _search_answer(grid: Grid, found: int, solution: Grid | None) -> dict[str, Any]:
    """The CLI's ``--json`` fields for a search (file, line, puzzle, status, solution, count, error)."""
    if found == 0 or solution is None:
        status, error = Status.NO_SOLUTION, str(sudokit.NoSolutionError())
    elif found == 1:
        status, error = Status.SOLVED, None
    else:
        status, error = Status.MULTIPLE, str(sudokit.MultipleSolutionsError())
    return {
        "file": "-",
        "line": 1,
        "puzzle": puzzle_text(grid),
        "status": status.value,
        "solution": solution.to_string() if status == Status.SOLVED and solution else None,
        "count": found,
        "error": error,
        **_shape_fields(grid),
        "solution_cells": list(solution.cells) if status == Status.SOLVED and solution else None,
    }


def solve(text: object, limits: Limits, *, first: bool = False) -> dict[str, Any]:
    """Solve one puzzle: its unique solution (or the first one with ``first``), else the reason."""
    grid = parse(text, limits)
    found = sudokit.search(grid, 1 if first else 2)
    answer = _search_answer(grid, found.count, found.solution)
    if first and found.solution is not None:
        answer.update(status=Status.SOLVED.value, solution=found.solution.to_string(), error=None,
                      solution_cells=list(found.solution.cells))
    return answer


def link(text: object, limits: Limits) -> dict[str, Any]:
    """Open a SudokuPad or f-puzzles link to play: :func:`solve`'s answer (the rules with every
    constraint and its drawing), searched within the server's time limit. A link sudokit cannot
    read faithfully is refused with the library's named reason (``unsupported: …``)."""
    if not isinstance(text, str) or not text.strip():
        raise InputError("link must be a string holding a SudokuPad or f-puzzles link")
    if text.lstrip().startswith("{") or not looks_like_variant(text):
        raise InputError("not a SudokuPad or f-puzzles link: paste https://sudokupad.app/… or "
                         "https://f-puzzles.com/?load=…")
    grid = parse(text, limits)
    found = sudokit.search(grid, 2, time_limit=limits.time_limit)
    answer = _search_answer(grid, found.count, found.solution)
    if found.stopped:
        answer.update(status=Status.LIMIT_REACHED.value, solution=None, solution_cells=None,
                      error=f"no answer within {limits.time_limit:g} s")
    return answer


def count(text: object, limits: Limits, *, limit: object = None) -> dict[str, Any]:
    """Count solutions up to ``limit`` (at most the server's ``max_count``)."""
    grid = parse(text, limits)
    if limit is None:
        limit = limits.max_count
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= limits.max_count:
        raise InputError(f"limit must be a whole number from 1 to {limits.max_count}, not {limit!r}")
    found = sudokit.search(grid, limit)
    answer = _search_answer(grid, found.count, found.solution)
    answer["limit"] = limit
    return answer


# -- time limits ------------------------------------------------------------------------------------


def _time_limit(asked: object, limits: Limits, most: float | None = None) -> float:
    """The seconds a request may spend: what it asked for, at most the server's limit (``most``
    when given, else ``limits.time_limit``)."""
    cap = limits.time_limit if most is None else most
    if asked is None:
        return cap
    if isinstance(asked, bool) or not isinstance(asked, (int, float)) or not asked > 0:
        raise InputError(f"time_limit must be a positive number of seconds, not {asked!r}")
    return min(float(asked), cap)


def _limit_message(seconds: float) -> str:
    """The error text of a request stopped by its time limit."""
    return f"time limit of {seconds:g} s reached"


# -- rating -----------------------------------------------------------------------------------------


def _rating_dict(rating: Any) -> dict[str, Any]:
    """A rating's fields, as ``sudokit rate --json`` writes them."""
    out: dict[str, Any] = dict(rating.to_dict())
    return out


def rate(text: object, limits: Limits, *, time_limit: object = None) -> dict[str, Any]:
    """Rate one puzzle (ER/EP/ED, level, score) within the time limit."""
    grid = parse(text, limits)
    seconds = _time_limit(time_limit, limits)
    answer = {"puzzle": puzzle_text(grid), **_rating_dict(sudokit.rate(grid, time_limit=seconds))}
    return answer


# -- steps ------------------------------------------------------------------------------------------


def step_dict(step: Step, grid: Grid) -> dict[str, Any]:
    """A step with every part a page draws: cells, units (with their cells), candidates, links."""
    shape = grid.shape
    return {
        "technique": step.technique,
        "difficulty": step.difficulty,
        "placements": [[c, d] for c, d in step.placements],
        "eliminations": [[c, d] for c, d in step.eliminations],
        "cells": list(step.cells),
        "units": list(step.units),
        "unit_names": [shape.unit_name(u) for u in step.units],
        "unit_cells": [list(shape.units[u]) for u in step.units],
        "candidates": [[c, d] for c, d in step.candidates],
        "links": [{"start": list(k.start), "end": list(k.end), "strong": k.strong} for k in step.links],
        "explanation": step.explanation,
        "meaning": meaning(step.technique),
    }


def _hint_status(step: Step) -> str:
    """The status of a hint: solved (a step found), unsolved (no technique applies)."""
    return Status.UNSOLVED.value if step.technique == "Stuck" else Status.SOLVED.value


def hint(text: object, limits: Limits, *, grid: object = None, marks: object = None,
         level: object = 3, time_limit: object = None) -> dict[str, Any]:
    """The next hint for a player's position, at level 1 (where), 2 (technique) or 3 (the full step)."""
    puzzle = parse(text, limits)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise InputError(f"level must be 1, 2 or 3, not {level!r}")
    position = (Grid(tuple(_cells(grid, puzzle, "grid")), puzzle.shape, puzzle.rules) if grid is not None
                else puzzle)
    for cell, given in enumerate(puzzle.cells):
        if given and position.cells[cell] != given:
            raise InputError(f"grid changes the given {given} at {puzzle.shape.cell_name(cell)}")
    cands = None
    if marks is not None:
        cands = Candidates(list(position.cells), _masks(marks, puzzle), puzzle.shape)
    seconds = _time_limit(time_limit, limits)
    answer: dict[str, Any] = {"puzzle": puzzle_text(puzzle), "level": level, **_shape_fields(position)}
    try:
        full = sudokit.hint(position, cands, puzzle=puzzle, time_limit=seconds)
    except sudokit.TimeLimitReached:
        return {**answer, "status": Status.LIMIT_REACHED.value, "error": _limit_message(seconds)}
    assert full.step is not None
    shown = sudokit.Hint.of(full.step, puzzle.shape, level)
    answer.update(status=_hint_status(full.step), error=None, look=list(shown.cells),
                  message=shown.message)
    if level >= 2:
        answer.update(technique=shown.technique, difficulty=shown.difficulty,
                      meaning=meaning(shown.technique) if shown.technique else None)
    if level >= 3:
        answer.update(step=step_dict(full.step, puzzle))
    return answer


def broken(text: object, limits: Limits, *, grid: object = None) -> dict[str, Any]:
    """The rules a player's position already breaks (:func:`sudokit.rules.check` on the filled
    cells, every constraint kind): each with its message and cells, and every cell at fault."""
    puzzle = parse(text, limits, check=False)
    cells = _cells(grid, puzzle, "grid") if grid is not None else list(puzzle.cells)
    found = check_rules(puzzle.all_rules, cells)
    return {
        "broken": [{"kind": v.kind, "message": v.message, "cells": list(v.cells)} for v in found],
        "cells": sorted({c for v in found for c in v.cells}),
    }


def _path(grid: Grid, seconds: float) -> Iterator[tuple[list[int], list[int], Step]]:
    """The explained path with the position (digits, candidate masks) before each step."""
    cands = marks_of(grid)  # a variant's marks follow its rules, as its steps do
    for step in sudokit.explain(grid, time_limit=seconds):
        yield list(cands.values), list(cands.masks), step
        step.apply(cands)


def explain(text: object, limits: Limits, *, time_limit: object = None) -> dict[str, Any]:
    """The whole solving path, each step with the position before it, within the time limit."""
    grid = parse(text, limits)
    seconds = _time_limit(time_limit, limits)
    steps: list[dict[str, Any]] = []
    status, error = Status.SOLVED.value, None
    try:
        for values, masks, step in _path(grid, seconds):
            steps.append({**step_dict(step, grid), "grid": values, "masks": masks})
    except sudokit.TimeLimitReached:
        status, error = Status.LIMIT_REACHED.value, _limit_message(seconds)
    except (sudokit.NoSolutionError, sudokit.MultipleSolutionsError) as exc:
        found = sudokit.search(grid, 2)
        return {**_search_answer(grid, found.count, found.solution), "steps": [], "error": str(exc)}
    if steps and steps[-1]["technique"] == "Stuck":
        status, error = Status.UNSOLVED.value, steps[-1]["explanation"]
    return {"puzzle": puzzle_text(grid), "status": status, "error": error, "steps": steps,
            **_shape_fields(grid)}


# -- generation -------------------------------------------------------------------------------------

_GENERATE_OPTIONS = ("size", "box", "symmetry", "clues", "max_clues", "minimal", "difficulty", "technique",
                     "variant")


def _generate_options(options: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """The generator options a request may set (others are refused by name)."""
    unknown = sorted(set(options) - set(_GENERATE_OPTIONS) - {"seed", "time_limit"})
    if unknown:
        raise InputError(f"unknown option {unknown[0]!r} (expected one of {', '.join(_GENERATE_OPTIONS)})")
    chosen = {k: v for k, v in options.items() if k in _GENERATE_OPTIONS and v not in (None, "")}
    size = chosen.get("size", 9)
    if isinstance(size, bool) or not isinstance(size, int) or not 4 <= size <= limits.max_n:
        raise InputError(f"size must be a whole number from 4 to {limits.max_n}, not {size!r}")
    return chosen


#: The largest seed (the generator takes seeds modulo 2**64).
MAX_SEED = 2**64 - 1


def _seed(asked: object) -> int:
    """The run seed a request gave: a string of decimal digits (JavaScript numbers lose digits past
    2**53) or a whole number, 0 to :data:`MAX_SEED`; a fresh random one when none."""
    if asked is None or asked == "":
        return int.from_bytes(os.urandom(8), "little") >> 1
    if isinstance(asked, str) and asked.isascii() and asked.isdigit() and len(asked) <= 20:
        asked = int(asked)
    if isinstance(asked, bool) or not isinstance(asked, int) or not 0 <= asked <= MAX_SEED:
        raise InputError(f"seed must be a whole number from 0 to {MAX_SEED} (best sent as a string "
                         f"of digits), not {asked!r}")
    return asked


def generate(options: dict[str, Any], limits: Limits) -> dict[str, Any]:
    """Generate one puzzle meeting the options (level or SE range, technique, symmetry, size).

    ``seed`` in the answer is the run seed as a string: sent back, it makes the same puzzle;
    ``puzzle_seed`` is the library's seed of the one puzzle (``sudokit generate --json``'s).
    """
    chosen = _generate_options(options, limits)
    seconds = _time_limit(options.get("time_limit"), limits, limits.generate_time_limit)
    seed = _seed(options.get("seed"))
    try:
        made = next(sudokit.generate_many(1, seed=seed, time_limit=seconds, **chosen), None)
    except sudokit.TimeLimitReached:
        made = None
    except sudokit.GenerationError as exc:
        return {"status": Status.UNSOLVED.value, "puzzle": None, "solution": None,
                "error": str(exc), "seed": str(seed)}
    except (ValueError, TypeError) as exc:
        raise InputError(str(exc)) from exc
    if made is None:
        return {"status": Status.LIMIT_REACHED.value, "puzzle": None, "solution": None,
                "error": _limit_message(seconds) + " before a puzzle met the options", "seed": str(seed)}
    answer: dict[str, Any] = {"status": Status.SOLVED.value, "error": None, **made.to_dict(),
                              **_shape_fields(made.puzzle), "solution_cells": list(made.solution.cells),
                              "puzzle": puzzle_text(made.puzzle), "seed": str(seed),
                              "puzzle_seed": str(made.seed)}
    if made.rating is not None:
        answer["rating"] = _rating_dict(made.rating)
    return answer


# -- validation and batches -------------------------------------------------------------------------


def validate(text: object, limits: Limits, *, time_limit: object = None) -> dict[str, Any]:
    """Is a typed or pasted puzzle valid, unique and minimal, and how hard is it."""
    grid = parse(text, limits)
    found = sudokit.search(grid, 2)
    answer = _search_answer(grid, found.count, found.solution)
    answer["unique"] = found.count == 1
    answer["minimal"] = None
    answer["rating"] = None
    if found.count == 1:
        answer["minimal"] = sudokit.is_minimal(grid)
        answer["rating"] = _rating_dict(sudokit.rate(grid, time_limit=_time_limit(time_limit, limits)))
    return answer


def _batch_rows(text: str, limits: Limits) -> Iterable[Any]:
    """The batch results of every puzzle of an uploaded text, as the CLI's ``check`` sees them."""
    return batch_runner.run(text, batch_runner.Job("check"), source="upload")


def batch(text: object, limits: Limits, *, rate_them: bool = False,
          time_limit: object = None) -> dict[str, Any]:
    """Check every puzzle of an uploaded file (status, solution, count), rated when asked."""
    if not isinstance(text, str):
        raise InputError(f"text must be a string holding puzzles, not {type(text).__name__}")
    lines = text.count("\n") + 1
    if lines > limits.max_batch_lines:
        raise InputError(f"the file has {lines} lines; this server takes at most "
                         f"{limits.max_batch_lines}")
    seconds = _time_limit(time_limit, limits)
    deadline = time.monotonic() + seconds
    rows = []
    for result in _batch_rows(text, limits):
        row: dict[str, Any] = dict(result.to_dict())
        shape = result.shape
        row["box"] = f"{shape.box_rows}x{shape.box_cols}" if shape is not None else None
        row["rating"] = None
        if rate_them and result.status == Status.SOLVED.value and shape is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                row["rating"] = {"status": Status.LIMIT_REACHED.value, "error": _limit_message(seconds)}
            else:
                grid = Grid.from_string(result.puzzle, (shape.box_rows, shape.box_cols))
                row["rating"] = _rating_dict(sudokit.rate(grid, time_limit=left))
        rows.append(row)
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["status"]] = counts.get(row["status"], 0) + 1
    return {"status": Status.SOLVED.value if rows else Status.INVALID.value,
            "error": None if rows else "no puzzle found in the file",
            "total": len(rows), "statuses": counts, "results": rows}


# -- pictures ---------------------------------------------------------------------------------------


def render(text: object, limits: Limits, *, grid: object = None, size: object = None) -> str:
    """The puzzle (or the player's grid over it) as an SVG picture."""
    puzzle = parse(text, limits)
    cells = _cells(grid, puzzle, "grid") if grid is not None else list(puzzle.cells)
    pixels = 360 if size is None else size
    if isinstance(pixels, bool) or not isinstance(pixels, int) or not 64 <= pixels <= 2048:
        raise InputError(f"size must be a whole number of pixels from 64 to 2048, not {size!r}")
    placed = Grid(tuple(cells), puzzle.shape, puzzle.rules) if grid is not None else None
    return svg.grid(puzzle, placed=placed, size=pixels)


