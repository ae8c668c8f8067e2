"""Make the gallery of docs/variants.md: one generated puzzle per kind with a step of its own (#26).

    python docs/images/make_gallery.py

For each kind the generator offers (``sudokit.generation.kinds.GENERATED``), a 6×6 puzzle (9×9
where the kind has no 6×6) is generated with seed 1 and explained; the picture is the first step
that is the kind's own deduction (a step of the kind's constraint or cages, or one working in an
extra region: a diagonal, window or disjoint group), else the first step that is not a single
(Anti-Knight, Anti-King, Non-Consecutive, Jigsaw: their rules act through every step), drawn on the
position it was found in. Writes ``gallery/KIND.png`` and prints the
Markdown table of docs/variants.md. Deterministic: the same seeds give the same pictures.
"""

from __future__ import annotations

from pathlib import Path

import sudokit
from sudokit import Candidates, Grid, Step
from sudokit.generation.kinds import GENERATED
from sudokit.render import svg

HERE = Path(__file__).resolve().parent / "gallery"
SINGLES = ("Full House", "Hidden Single", "Naked Single")
SIZE = 320


def is_own(step: Step, n: int) -> bool:
    """Whether a step is the kind's own deduction: a step of a constraint kind, a cage step, or
    one that works in an extra region (a diagonal, a window, a disjoint group: units past the
    rows, columns and boxes)."""
    regions = step.extra.get("regions") or []
    assert isinstance(regions, list)
    return bool(step.extra.get("kind")) or "Cage" in step.technique or any(r >= 3 * n for r in regions)


def own_step(grid: Grid, kind: str) -> tuple[Step, Candidates]:
    """The first step of the kind's own (else the first that is not a single), and the position
    (pencil marks) it was found in; a puzzle solved by singles alone shows its first single."""
    cands = Candidates.from_grid(grid)
    first: tuple[Step, Candidates] | None = None
    fallback: tuple[Step, Candidates] | None = None
    for step in sudokit.explain(grid):
        before = cands.copy()
        if is_own(step, grid.n):
            return step, before
        first = first or (step, before)
        if fallback is None and step.technique not in SINGLES:
            fallback = step, before
        step.apply(cands)
    found = fallback or first
    if found is None:
        raise SystemExit(f"{kind}: no step at all")
    return found


def main() -> None:
    """Write every picture and print the table rows."""
    HERE.mkdir(exist_ok=True)
    rows = ["| kind | puzzle (seed 1) and its step | the step |", "|---|---|---|"]
    for spec in GENERATED:
        size = 6 if 6 in spec.sizes else 9
        grid = sudokit.generate(size=size, variant=spec.name, seed=1)
        step, position = own_step(grid, spec.name)
        picture = svg.step(step, grid, position, size=SIZE)
        (HERE / f"{spec.name}.png").write_bytes(svg.png(picture))
        words = (step.explanation or "").replace("|", "/")
        if len(words) > 260:
            words = words[:257] + "…"
        rows.append(f"| {spec.label} ({size}×{size}) | ![{spec.name}](images/gallery/{spec.name}.png) | "
                    f"**{step.technique}**: {words} |")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
