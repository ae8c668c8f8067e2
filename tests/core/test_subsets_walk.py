"""csrc/common/subsets.h: the subset walk both raters share meets the sets of k items whose union
has k bits in Python's ``itertools.combinations`` order (the order of HoDoKu's nested loops),
layers from the lowest up, and stops where its visit says.

The header is plain C with no Python binding, so the test compiles a small driver with the C
compiler (skipped without one) and compares what it prints with the sets Python lists.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from tests.helpers import processes
from tests.helpers.cdriver import build_driver

#: Reads cases "n k layers alive stop_at has_usable usable[n] item[n*layers]" and prints each
#: visit "chosen layer uni", then "end <what sk_subsets returned>".
DRIVER = r"""
#include <stdio.h>
#include "common/subsets.h"

typedef struct { int seen, stop_at; } count_t;

static int visit(void *ctx, unsigned chosen, int layer, unsigned uni) {
    count_t *c = ctx;
    printf("%u %d %u\n", chosen, layer, uni);
    return ++c->seen == c->stop_at ? 7 : 0;
}

int main(void) {
    int n, k, layers, has_usable;
    unsigned alive;
    count_t c;
    while (scanf("%d %d %d %u %d %d", &n, &k, &layers, &alive, &c.stop_at, &has_usable) == 6) {
        uint16_t usable[16], item[256];
        unsigned v;
        for (int i = 0; i < n; i++) {
            if (scanf("%u", &v) != 1) return 1;
            usable[i] = (uint16_t)v;
        }
        for (int i = 0; i < n * layers; i++) {
            if (scanf("%u", &v) != 1) return 1;
            item[i] = (uint16_t)v;
        }
        c.seen = 0;
        sk_subset_walk w = {item, has_usable ? usable : NULL, n, k, layers, alive, visit, &c};
        printf("end %d\n", sk_subsets(&w));
    }
    return 0;
}
"""


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The driver, compiled against the repository's csrc/."""
    return build_driver(DRIVER, tmp_path_factory.mktemp("subsets"))


def _expected(n: int, k: int, layers: int, alive: int, usable: list[int] | None,
              item: list[int]) -> list[tuple[int, int, int]]:
    """Every (chosen, layer, union) the walk should visit, in order, by brute force."""
    out = []
    for combo in combinations(range(n), k):
        for layer in range(layers):
            if not alive >> layer & 1:
                continue
            if usable is not None and not all(usable[i] >> layer & 1 for i in combo):
                continue
            uni = 0
            for i in combo:
                uni |= item[i * layers + layer]
            if bin(uni).count("1") == k:
                out.append((sum(1 << i for i in combo), layer, uni))
    return out


def _case(rng: random.Random) -> tuple[int, int, int, int, list[int] | None, list[int]]:
    """A random walk: up to 9 items of sparse 9-bit masks (so sets exist), 1 or several layers."""
    n = rng.randint(1, 9)
    k = rng.randint(1, min(n, 5))
    layers = rng.choice([1, 1, 3, 9])
    alive = rng.getrandbits(layers) | (1 if rng.random() < 0.5 else 0)
    usable = None
    if rng.random() < 0.5:
        usable = [rng.getrandbits(layers) | rng.getrandbits(layers) for _ in range(n)]
    bits = rng.randint(k, 9)
    item = [sum(1 << b for b in rng.sample(range(bits), rng.randint(0, min(k + 1, bits))))
            for _ in range(n * layers)]
    return n, k, layers, alive, usable, item


def test_walk_meets_the_sets_in_combinations_order(driver: Path) -> None:
    """On 400 random walks, every set with exactly k bits, in combinations order, nothing else."""
    rng = random.Random(36)
    cases = [_case(rng) for _ in range(400)]
    lines = []
    for n, k, layers, alive, usable, item in cases:
        lines.append(f"{n} {k} {layers} {alive} 0 {int(usable is not None)} "
                     + " ".join(map(str, usable or [0] * n)) + " " + " ".join(map(str, item)))
    done = processes.run([str(driver)], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, timeout=60, check=True)
    runs = done.stdout.split("end 0\n")
    assert runs[-1] == "" and len(runs) == len(cases) + 1
    found_any = 0
    for case, text in zip(cases, runs[:-1], strict=True):
        got = [tuple(map(int, line.split())) for line in text.splitlines()]
        assert got == _expected(*case), case
        found_any += bool(got)
    assert found_any > 100  # the cases do find sets


def test_walk_stops_at_the_visit_that_says_so(driver: Path) -> None:
    """A nonzero visit ends the walk there and is what sk_subsets returns."""
    item = [0b11, 0b11, 0b110, 0b1, 0b10, 0b11]  # pairs over two bits
    want = _expected(6, 2, 1, 1, None, item)
    assert len(want) > 3
    line = "6 2 1 1 3 0 " + " ".join(["0"] * 6) + " " + " ".join(map(str, item)) + "\n"
    done = processes.run([str(driver)], input=line, capture_output=True, text=True,
                         timeout=60, check=True)
    *visits, end = done.stdout.splitlines()
    assert [tuple(map(int, v.split())) for v in visits] == want[:3]
    assert end == "end 7"
