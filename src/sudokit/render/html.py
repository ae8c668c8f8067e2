"""One self-contained HTML page of a puzzle's whole solving path: a picture and a sentence per step.

Everything is inline (SVG pictures from :mod:`sudokit.render.svg`, a small style sheet); the page loads
nothing from elsewhere, so it can be mailed or opened offline.
"""

from __future__ import annotations

from html import escape

from sudokit.candidates import Candidates
from sudokit.grid import Grid
from sudokit.render import svg
from sudokit.render.layout import digit_label
from sudokit.techniques.step import Step

__all__ = ["walkthrough"]

_CSS = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 2em auto; max-width: 62em;
       color: #222; background: #fafafa; padding: 0 1em; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
.summary { color: #555; margin-top: 0; }
code { font-size: 0.9em; word-break: break-all; }
ol.steps { list-style: none; padding: 0; display: grid; gap: 1.2em;
           grid-template-columns: repeat(auto-fill, minmax(22em, 1fr)); }
li.step { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: 0.8em; }
li.step svg { width: 100%; height: auto; display: block; }
li.step h2 { font-size: 1em; margin: 0.6em 0 0.3em; }
li.step .difficulty { color: #777; font-weight: normal; }
li.step p { margin: 0; font-size: 0.9em; line-height: 1.35; }
figure { margin: 0; }
.puzzle svg, .solution svg { width: 22em; max-width: 100%; height: auto; }
"""


def _parse(puzzle: Grid | str) -> Grid:
    """A puzzle argument as a Grid."""
    if isinstance(puzzle, Grid):
        return puzzle
    if isinstance(puzzle, str):
        return Grid.from_string(puzzle)
    raise TypeError(f"puzzle must be a Grid or str, not {type(puzzle).__name__}")


def _step_item(index: int, step: Step, puzzle: Grid, before: Candidates, size: int) -> str:
    """One step: its picture on the position before it, its name, rating and sentence."""
    names = ", ".join(
        f"{puzzle.shape.cell_name(c)}={digit_label(d, puzzle.n)}" for c, d in step.placements
    )
    sentence = step.explanation or (f"Place {names}" if names else step.technique)
    picture = svg.step(step, puzzle, before, size=size)
    return (
        f'<li class="step" id="step-{index}"><figure>{picture}<figcaption>'
        f'<h2>{index}. {escape(step.technique)} <span class="difficulty">{step.difficulty:.1f}</span></h2>'
        f"<p>{escape(sentence)}</p></figcaption></figure></li>"
    )


def walkthrough(
    puzzle: Grid | str,
    *,
    title: str | None = None,
    size: int = 360,
    time_limit: float | None = None,
) -> str:
    """The HTML page of ``puzzle``'s solving path (:func:`sudokit.techniques.explain.explain`).

    Each step is drawn on the position it was found in, with its sentence. The page starts
    with the puzzle and its rating and ends with the solution. ``size`` is each picture's width
    in pixels; ``time_limit`` bounds the rating (the path itself is always computed).
    Raises :class:`~sudokit.errors.NoSolutionError` or
    :class:`~sudokit.errors.MultipleSolutionsError` for a puzzle without exactly one solution.
    """
    from sudokit.rating.explainer import rate
    from sudokit.techniques.explain import explain

    grid = _parse(puzzle)
    position = Candidates.from_grid(grid)
    items = []
    for index, step in enumerate(explain(grid), start=1):
        items.append(_step_item(index, step, grid, position, size))
        step.apply(position)
    rating = rate(grid, time_limit=time_limit)
    if rating.er is not None:
        summary = f"SE rating {rating.er:.1f}, level {rating.level}, {len(items)} steps"
    else:
        summary = f"{len(items)} steps (not rated: {rating.error or rating.status})"
    heading = title or f"Solving a {grid.n}×{grid.n} sudoku"
    solved = position.to_grid()
    solution = svg.grid(grid, placed=solved, size=size) if solved.is_complete() else ""
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f"<title>{escape(heading)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{escape(heading)}</h1><p class=\"summary\">{escape(summary)}</p>",
        f"<p><code>{escape(grid.to_string())}</code></p>",
        f'<div class="puzzle">{svg.grid(grid, size=size, coordinates=True)}</div>',
        '<ol class="steps">', *items, "</ol>",
        f'<h2>Solution</h2><div class="solution">{solution}</div>' if solution else "",
        "</body></html>\n",
    ])
