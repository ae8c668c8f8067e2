"""csrc/common/step9.h: the one step struct both raters write keeps its two views in step: the
lists in the order pushed (a candidate pushed twice stays twice, as HoDoKu's Locked Pair lists
it), the per-cell sets once; starting, dropping the eliminations and copying keep them so.

The header is plain C with no Python binding, so the test compiles a small driver with the C
compiler (skipped without one) and replays random pushes against a Python model.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.helpers import processes
from tests.helpers.cdriver import build_driver

#: Reads operations, one a line: "p cell digit" (place), "e cell digit" (eliminate), "m cell mask"
#: (eliminate a mask), "c cell", "d" (drop the eliminations), "s" (start again), "k" (copy into a
#: dirty step and go on with the copy); after each prints the lists and the sets that are set.
DRIVER = r"""
#include <stdio.h>
#include "common/step9.h"

static void show(const sk_step *s) {
    printf("P");
    for (int i = 0; i < s->n_place; i++) printf(" %d:%d", s->place[i].cell, s->place[i].digit);
    printf(" E");
    for (int i = 0; i < s->n_elim; i++) printf(" %d:%d", s->elim[i].cell, s->elim[i].digit);
    printf(" C");
    for (int i = 0; i < s->n_cells; i++) printf(" %d", s->cells[i]);
    printf(" PM");
    for (int c = 0; c < 81; c++) if (s->place_mask[c]) printf(" %d:%d", c, s->place_mask[c]);
    printf(" EM");
    for (int c = 0; c < 81; c++) if (s->elim_mask[c]) printf(" %d:%d", c, s->elim_mask[c]);
    printf(" A%d\n", sk_step_views_agree(s));
}

int main(void) {
    static sk_step steps[2];
    int cur = 0;
    memset(steps, 0x5a, sizeof steps);  /* garbage, as a malloc'ed path: start must not read it */
    sk_step_start(&steps[0], 7, "x");
    char op;
    int a, b;
    while (scanf(" %c", &op) == 1) {
        sk_step *s = &steps[cur];
        if (op == 'p' && scanf("%d %d", &a, &b) == 2) sk_step_place(s, a, b);
        else if (op == 'e' && scanf("%d %d", &a, &b) == 2) sk_step_elim(s, a, b);
        else if (op == 'm' && scanf("%d %d", &a, &b) == 2) sk_step_elims(s, a, (unsigned)b);
        else if (op == 'c' && scanf("%d", &a) == 1) sk_step_cell(s, a);
        else if (op == 'd') sk_step_drop_elims(s);
        else if (op == 's') sk_step_start(s, 7, "x");
        else if (op == 'k') {
            sk_step_copy(&steps[1 - cur], s);
            cur = 1 - cur;
        } else return 1;
        show(&steps[cur]);
    }
    return 0;
}
"""


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The driver, compiled against the repository's csrc/."""
    return build_driver(DRIVER, tmp_path_factory.mktemp("step"))


class Model:
    """The step as Python lists; the sets are derived from the lists."""

    def __init__(self) -> None:
        self.place: list[tuple[int, int]] = []
        self.elim: list[tuple[int, int]] = []
        self.cells: list[int] = []

    def show(self) -> str:
        """The line the driver prints for this step."""
        def sets(pairs: list[tuple[int, int]]) -> str:
            masks: dict[int, int] = {}
            for cell, digit in pairs:
                masks[cell] = masks.get(cell, 0) | 1 << (digit - 1)
            return "".join(f" {c}:{masks[c]}" for c in sorted(masks))
        return ("P" + "".join(f" {c}:{d}" for c, d in self.place)
                + " E" + "".join(f" {c}:{d}" for c, d in self.elim)
                + " C" + "".join(f" {c}" for c in self.cells)
                + " PM" + sets(self.place) + " EM" + sets(self.elim) + " A1")


def test_lists_keep_order_and_repeats_sets_agree(driver: Path) -> None:
    """600 random operations on few cells (so repeats are common): the driver's step is the model's."""
    rng = random.Random(37)
    model = Model()
    ops, want = [], []
    for _ in range(600):
        r = rng.random()
        cell, digit = rng.choice([3, 47, 56, 80]), rng.randint(1, 9)
        if r < 0.1:
            ops.append(f"p {cell} {digit}")
            model.place.append((cell, digit))
        elif r < 0.6:
            ops.append(f"e {cell} {digit}")
            model.elim.append((cell, digit))
        elif r < 0.75:
            mask = rng.getrandbits(9)
            ops.append(f"m {cell} {mask}")
            model.elim += [(cell, d) for d in range(1, 10) if mask >> (d - 1) & 1]
        elif r < 0.85:
            ops.append(f"c {cell}")
            model.cells.append(cell)
        elif r < 0.9:
            ops.append("d")
            model.elim = []
        elif r < 0.93:
            ops.append("s")
            model = Model()
        else:
            ops.append("k")
        want.append(model.show())
    done = processes.run([str(driver)], input="\n".join(ops) + "\n", capture_output=True,
                         text=True, timeout=60, check=True)
    assert done.stdout.splitlines() == want
    assert any(len(set(m.split())) < len(m.split()) for m in want)  # repeats were pushed
