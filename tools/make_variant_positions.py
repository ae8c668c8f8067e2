"""Make tests/techniques/data/variant_positions.json: for each variant technique, positions where it fires.

Each variant puzzle of tests/techniques/data/variant_puzzles.json (made by ``generate(variant=…, seed=…)``)
is solved along the variant path; at each position every technique not yet seen often enough
is asked for a step, and the position (givens, placed digits, candidate masks) is kept the
first few times it has one, with the solution (some Non-Consecutive puzzles take the solver
seconds). tests/techniques/test_variant_techniques.py loads them and checks each
technique's steps there against the solution. Run after changing the techniques::

    python tools/make_variant_positions.py [--only "Technique Name" ...]

``--only`` keeps the stored positions and looks for the named techniques' positions alone (a
new technique's). A puzzle whose walk runs out of time ends there.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from sudokit.engine.solver import search
from sudokit.errors import TimeLimitReached
from sudokit.grid import Grid
from sudokit.limits import Deadline
from sudokit.techniques import first_step
from sudokit.techniques.explain import changes
from sudokit.techniques.variants import RulesPosition, variant_techniques

DATA = Path(__file__).resolve().parents[1] / "tests" / "techniques" / "data"
#: How many positions to keep for each technique (from different puzzles when possible).
KEEP = 2
#: Techniques this hard (the forcing chains) are too slow to ask at every position.
SLOW = 7.5


def main() -> None:
    """Walk every stored puzzle's path and write the positions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], help="a technique to look for")
    only = set(parser.parse_args().only)
    puzzles = json.loads((DATA / "variant_puzzles.json").read_text())
    order = variant_techniques()
    stored = json.loads((DATA / "variant_positions.json").read_text()) if only else {}
    found: dict[str, list[dict[str, object]]] = {
        t.name: [] if not only or t.name in only else stored.get(t.name, []) for t in order}
    for variant, items in puzzles.items():
        for item in items:
            grid = Grid.from_string(item["json"])
            solved = search(grid, 2).solution
            assert solved is not None
            solution = "".join(str(v) for v in solved.cells)
            pos = RulesPosition.from_grid(grid)
            deadline = Deadline.after(20)
            used: set[str] = set()
            while not pos.is_solved() and not deadline.expired():
                try:
                    step = first_step(pos, order, deadline)
                except TimeLimitReached:
                    break
                for technique in order:
                    if len(found[technique.name]) >= KEEP or technique.name in used:
                        continue
                    if technique.difficulty >= SLOW:  # kept where the path takes them
                        hit = step is not None and step.technique == technique.name
                    else:
                        hit = any(changes(s, pos) for s in technique.steps(pos))
                    if hit:
                        used.add(technique.name)
                        found[technique.name].append({
                            "variant": variant, "seed": item["seed"], "puzzle": item["json"],
                            "solution": solution,
                            "values": "".join(str(v) for v in pos.values), "masks": list(pos.masks),
                        })
                if step is None:
                    break
                step.apply(pos)
    (DATA / "variant_positions.json").write_text(dumps(found))
    for name, items in found.items():
        print(f"{name}: {len(items)}")


def dumps(found: dict[str, list[dict[str, object]]]) -> str:
    """The positions as JSON, one position a line."""
    blocks = []
    for name, items in found.items():
        lines = ",\n".join("  " + json.dumps(item) for item in items)
        blocks.append(f" {json.dumps(name)}: [\n{lines}\n ]")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


if __name__ == "__main__":
    main()
