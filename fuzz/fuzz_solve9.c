/* fuzz_solve9.c - the 9x9 solvers: bitboard9.c (sk9_solve) against two other C searches,
 * nxn.c's sknn_solve(3, 3) and generate.c's sk_gen9_search.
 *
 * Input: 81 bytes of puzzle text (fuzz_common.h: fz_cells9), then a flag byte (bit 0: drop
 * clashing givens so the puzzle is valid) and a cell byte for the forbid test.
 * Checks: duplicate givens give 0 everywhere; the three counts at limit 2 agree; limit 1
 * counts min(count, 1); every reported solution is a full valid grid keeping the givens; a
 * unique puzzle has the same solution from all three; in an empty cell, forbidding the
 * first solution's digit (sk_gen9_search) and placing it (sk9_solve) split the count.
 */
#include "solve/bitboard9.h"
#include "make/generate.h"
#include "common/lineparse.h"
#include "solve/nxn.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = {data, size};
    uint8_t cells[81];
    fz_cells9(&in, cells);
    uint8_t flags = fz_byte(&in), pick = fz_byte(&in);
    if (flags & 1) fz_drop_clashes(cells, 3, 3);

    int dup = fz_has_duplicate(cells, 3, 3);
    FZ_CHECK(sk_check_cells(cells, 3, 3) == (dup ? SK_DUPLICATE : SK_OK), "sk_check_cells disagrees");

    uint8_t s1[81], s2[81], sn[81], sg[2][81];
    memset(s1, 0, 81);
    uint64_t g1 = 0, g2 = 0, gn = 0;
    int c1 = sk9_solve(cells, 1, s1, &g1);
    int c2 = sk9_solve(cells, 2, s2, &g2);
    int cn = sknn_solve(3, 3, cells, 2, sn, &gn);
    int cg = sk_gen9_search(cells, -1, 0, 2, sg, NULL);
    if (dup) {
        FZ_CHECK(c1 == 0 && c2 == 0 && cn == 0 && cg == 0, "duplicate givens solved: %d %d %d %d", c1, c2, cn, cg);
        return 0;
    }
    FZ_CHECK(c2 >= 0 && c2 <= 2, "sk9_solve count %d out of 0..2", c2);
    FZ_CHECK(c1 == (c2 ? 1 : 0), "limit 1 gave %d, limit 2 gave %d", c1, c2);
    FZ_CHECK(cn == c2, "sknn_solve(3,3) counts %d, sk9_solve %d", cn, c2);
    FZ_CHECK(cg == c2, "sk_gen9_search counts %d, sk9_solve %d", cg, c2);
    if (!c2) return 0;
    FZ_CHECK(fz_solution_ok(cells, s1, 3, 3), "sk9_solve limit 1: bad solution");
    FZ_CHECK(fz_solution_ok(cells, s2, 3, 3), "sk9_solve limit 2: bad solution");
    FZ_CHECK(!memcmp(s1, s2, 81), "sk9_solve: first solution depends on the limit");
    FZ_CHECK(fz_solution_ok(cells, sn, 3, 3), "sknn_solve: bad solution");
    FZ_CHECK(fz_solution_ok(cells, sg[0], 3, 3), "sk_gen9_search: bad solution");
    if (c2 == 2) {
        FZ_CHECK(fz_solution_ok(cells, sg[1], 3, 3), "sk_gen9_search: bad second solution");
        FZ_CHECK(memcmp(sg[0], sg[1], 81), "sk_gen9_search: the two solutions are the same");
    } else {
        FZ_CHECK(!memcmp(s1, sn, 81) && !memcmp(s1, sg[0], 81), "unique puzzle, different solutions");
    }
    /* Forbid a digit in a cell: the count must equal the count with the cell's other digits. */
    int cell = pick % 81;
    if (!cells[cell]) {
        int forbid = s1[cell];
        int cf = sk_gen9_search(cells, cell, forbid, 2, NULL, NULL);
        if (c2 == 1) FZ_CHECK(cf == 0, "unique puzzle: forbidding its digit leaves %d solutions", cf);
        /* placing the solution's digit keeps at least that solution */
        uint8_t with[81];
        memcpy(with, cells, 81);
        with[cell] = (uint8_t)forbid;
        int cw = sk9_solve(with, 2, NULL, NULL);
        FZ_CHECK(cw >= 1, "placing a solution digit leaves no solution");
        if (c2 == 1) FZ_CHECK(cw == 1, "placing a digit made a unique puzzle ambiguous");
        /* a cell forced to one digit: if both branches have none, the puzzle has none */
        if (cf == 0 && cw == 1) FZ_CHECK(c2 == 1, "count 2 but every solution has the same digit and one completion");
    }
    return 0;
}
