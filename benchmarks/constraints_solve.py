"""Median time of the pure-Python constraint solver (sudokit.engine.constraints) on a 9×9 puzzle
with thermometers, killer cages and arrows, built here from a known solution: constraints that
solution keeps, then its digits given one by one (in a fixed shuffled order) until the puzzle is
unique.

    python benchmarks/constraints_solve.py [--runs 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sudokit.engine.constraints import ConstraintTable
from sudokit.rules import Arrow, Constraint, KillerCage, Rules, Thermometer
from sudokit.shape import Shape

SOLUTION = "527316489896542731314987562172453896689271354453698217941825673765134928238769145"


def build() -> tuple[Rules, bytes]:
    sol = [int(ch) for ch in SOLUTION]
    n = 9
    constraints: list[Constraint] = []
    # thermometers: short lines whose digits increase in the solution (ties left out)
    for line in ((0, 10, 20, 30), (8, 16, 24), (72, 64, 56, 48), (44, 43, 42), (80, 70, 60)):
        ordered = tuple(sorted(line, key=lambda c: sol[c]))
        if len({sol[c] for c in line}) == len(line):
            constraints.append(Thermometer(ordered))
    # killer cages with their true totals: dominoes and triples along the rows
    for start in (3, 36, 76, 49, 27, 57, 15, 66):
        cells = (start, start + 1) if start % 2 else (start, start + 1, start + 2)
        if len({c // 9 for c in cells}) == 1:
            constraints.append(KillerCage(cells, sum(sol[c] for c in cells)))
    # arrows: a circle and a walk of two or three cells below or right of it adding up to it,
    # and pills (two cells read as a number) with a longer arrow, found by a seeded search
    rng = random.Random(5)
    taken = {c for k in constraints for c in k.cells()}
    arrows = pills = 0
    while arrows < 4 or pills < 1:
        circle = rng.randrange(n * n)
        walk = [circle]
        for _ in range(rng.randint(3, 5) if arrows >= 4 else rng.randint(2, 3)):
            r, c = divmod(walk[-1], n)
            steps = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (1, 1))
                     if r + dr < n and c + dc < n and (r + dr) * n + c + dc not in taken]
            if not steps:
                break
            walk.append(rng.choice(steps))
        if len(walk) < 3 or set(walk) & taken:
            continue
        if arrows < 4 and sol[walk[0]] == sum(sol[c] for c in walk[1:]):
            constraints.append(Arrow((walk[0],), tuple(walk[1:])))
            arrows += 1
            taken.update(walk)
        elif (arrows >= 4 and len(walk) >= 4
              and 10 * sol[walk[0]] + sol[walk[1]] == sum(sol[c] for c in walk[2:])):
            constraints.append(Arrow((walk[0], walk[1]), tuple(walk[2:])))
            pills += 1
            taken.update(walk)
    rules = Rules.classic(Shape(3, 3)).with_constraints(constraints)
    table = ConstraintTable(rules)
    givens = [0] * (n * n)
    order = list(range(n * n))
    random.Random(1).shuffle(order)
    for cell in order:
        if table.solve(bytes(givens), 2)[0] == 1:
            break
        givens[cell] = sol[cell]
    return rules, bytes(givens)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    rules, givens = build()
    kinds = sorted({c.kind for c in rules.constraints})
    print(f"{len(rules.constraints)} constraints ({', '.join(kinds)}), {sum(1 for v in givens if v)} givens")
    times = []
    for _ in range(args.runs):
        table = ConstraintTable(rules)  # compiling counts too
        start = time.perf_counter()
        count, first, guesses = table.solve(givens, 2)
        times.append(time.perf_counter() - start)
        assert count == 1 and first is not None and first.hex() == bytes(int(c) for c in SOLUTION).hex()
    print(f"unique, {guesses} guesses; median {statistics.median(times) * 1000:.1f} ms over {args.runs} runs")
    empty = bytes(len(givens))
    times = []
    for _ in range(args.runs):
        start = time.perf_counter()
        count, first, guesses = ConstraintTable(rules).solve(empty, 1)
        times.append(time.perf_counter() - start)
    print(f"no givens, first solution: {guesses} guesses; median {statistics.median(times) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
