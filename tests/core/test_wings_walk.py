"""csrc/common/wings9.h: the XY/XYZ-wing walk both raters share meets the wings that remove
something in the order of sudokit.techniques.wings.wings_in (pivots cell by cell, pincer pairs in
cell order), with the same cells and digit, and stops where its visit says.

The header is plain C with no Python binding, so the test compiles a small driver with the C
compiler (skipped without one) and compares what it prints with what ``wings_in`` yields.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudokit.shape import Shape
from sudokit.techniques.wings import wings_in
from tests.helpers import processes
from tests.helpers.cdriver import build_driver

#: Reads cases "xyz stop_at mask[81]" and prints each visit "pivot a b digit victims...", then
#: "end <what sk_wings returned>".
DRIVER = r"""
#include <stdio.h>
#include "common/wings9.h"

typedef struct { int seen, stop_at; } count_t;

static int visit(void *ctx, const sk_wing *w) {
    count_t *c = ctx;
    printf("%d %d %d %d", w->pivot, w->a, w->b, w->digit);
    uint8_t cells[81];
    int n = sk_cells_list(w->victims, cells);
    for (int i = 0; i < n; i++) printf(" %d", cells[i]);
    printf("\n");
    return ++c->seen == c->stop_at ? 5 : 0;
}

int main(void) {
    int xyz;
    count_t c;
    while (scanf("%d %d", &xyz, &c.stop_at) == 2) {
        uint16_t cands[81];
        unsigned v;
        for (int i = 0; i < 81; i++) {
            if (scanf("%u", &v) != 1) return 1;
            cands[i] = (uint16_t)v;
        }
        c.seen = 0;
        printf("end %d\n", sk_wings(cands, xyz, visit, &c));
    }
    return 0;
}
"""

SHAPE = Shape(3, 3)


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The driver, compiled against the repository's csrc/."""
    return build_driver(DRIVER, tmp_path_factory.mktemp("wings"))


def _expected(masks: list[int], xyz: bool) -> list[tuple[int, ...]]:
    """Every wing of wings_in that removes something: (pivot, a, b, z, victims ascending...)."""
    out = []
    for pivot, a, b, z, seen in wings_in(masks, SHAPE.peers, xyz):
        victims = sorted(c for c in seen if masks[c] >> (z - 1) & 1)
        if victims:
            out.append((pivot, a, b, z, *victims))
    return out


def _masks(rng: random.Random) -> list[int]:
    """81 random candidate masks: mostly two or three digits of four (so wings are common),
    some placed cells (0) and some wider masks."""
    digits = rng.sample(range(9), 4)
    masks = []
    for _ in range(81):
        r = rng.random()
        if r < 0.15:
            masks.append(0)
        elif r < 0.3:
            masks.append(sum(1 << d for d in rng.sample(range(9), rng.randint(1, 9))))
        else:
            masks.append(sum(1 << d for d in rng.sample(digits, rng.choice([2, 2, 3]))))
    return masks


def _run(driver: Path, cases: list[tuple[int, int, list[int]]]) -> list[str]:
    """The driver's output for each case (the lines before its "end")."""
    lines = [f"{xyz} {stop} " + " ".join(map(str, masks)) for xyz, stop, masks in cases]
    done = processes.run([str(driver)], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, timeout=60, check=True)
    return done.stdout.split("\n")


def test_walk_meets_the_wings_of_wings_in(driver: Path) -> None:
    """On 200 random positions, XY and XYZ: the wings wings_in yields that remove something, in
    its order, with the same victims; nothing else."""
    rng = random.Random(37)
    cases = [(xyz, 0, _masks(rng)) for _ in range(100) for xyz in (0, 1)]
    out = "\n".join(_run(driver, cases))
    runs = out.split("end 0\n")
    assert runs[-1] == "" and len(runs) == len(cases) + 1
    found = 0
    for (xyz, _, masks), text in zip(cases, runs[:-1], strict=True):
        got = [tuple(map(int, line.split())) for line in text.splitlines()]
        assert got == _expected(masks, bool(xyz)), (xyz, masks)
        found += len(got)
    assert found > 200  # the positions do hold wings


def test_walk_stops_at_the_visit_that_says_so(driver: Path) -> None:
    """A nonzero visit ends the walk there and is what sk_wings returns."""
    rng = random.Random(5)
    masks = next(m for m in (_masks(rng) for _ in range(100)) if len(_expected(m, False)) > 3)
    lines = _run(driver, [(0, 3, masks)])
    assert [tuple(map(int, v.split())) for v in lines[:3]] == _expected(masks, False)[:3]
    assert lines[3] == "end 5"
