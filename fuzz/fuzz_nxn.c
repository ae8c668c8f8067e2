/* fuzz_nxn.c - the N x N solver (nxn.c) on every box shape, against invariants and bitboard9.c.
 *
 * Input: byte 0 picks a shape (fuzz/shapes.h), byte 1 holds flags (bit 0: keep clashing
 * givens), then (cell high, cell low, digit) triples place givens; a given that clashes with
 * an earlier one is skipped unless bit 0 is set.
 * Checks: duplicates give 0; limit 1 counts min(count, 1); solutions are full valid grids that
 * keep the givens; the transposed puzzle on the transposed shape (cols x rows) and the puzzle
 * with digits relabelled v -> N+1-v have the same count at limit 2 (and, when unique, the
 * transformed solution); on 3x3 boxes the count and unique solution equal sk9_solve's.
 */
#include "solve/bitboard9.h"
#include "solve/nxn.h"
#include "fuzz_common.h"
#include "shapes.h"

#ifndef FZ_NMAX
#define FZ_NMAX 64
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static fz_shape shapes[300];
    static int nshapes;
    if (!nshapes) {
        fz_shape all[300];
        int k = fz_all_shapes(all);
        for (int i = 0; i < k; i++)
            if (all[i].rows * all[i].cols <= FZ_NMAX) shapes[nshapes++] = all[i];
    }
    fz_in in = {data, size};
    fz_shape s = shapes[fz_byte(&in) % nshapes];
    int br = s.rows, bc = s.cols, n = br * bc, cn = n * n;
    uint8_t flags = fz_byte(&in);
    uint8_t *cells = calloc((size_t)cn, 1), *t = calloc((size_t)cn, 1), *sol = malloc((size_t)cn),
            *sol1 = malloc((size_t)cn), *solt = malloc((size_t)cn);
    while (in.n >= 3) {
        int cell = (fz_byte(&in) << 8 | fz_byte(&in)) % cn;
        uint8_t v = (uint8_t)(fz_byte(&in) % n + 1), old = cells[cell];
        cells[cell] = v;
        if (!(flags & 1) && fz_clash(cells, br, bc, cell)) cells[cell] = old;
    }
    int dup = fz_has_duplicate(cells, br, bc);
    int c2 = sknn_solve(br, bc, cells, 2, sol, NULL);
    FZ_CHECK(c2 >= 0 && c2 <= 2, "sknn_solve count %d (%dx%d)", c2, br, bc);
    if (dup) {
        FZ_CHECK(c2 == 0, "duplicate givens solved (%dx%d)", br, bc);
        goto done;
    }
    int c1 = sknn_solve(br, bc, cells, 1, sol1, NULL);
    FZ_CHECK(c1 == (c2 ? 1 : 0), "limit 1 gave %d, limit 2 gave %d (%dx%d)", c1, c2, br, bc);
    if (c2) {
        FZ_CHECK(fz_solution_ok(cells, sol, br, bc), "bad solution (%dx%d)", br, bc);
        FZ_CHECK(!memcmp(sol, sol1, (size_t)cn), "first solution depends on the limit (%dx%d)", br, bc);
    }
    /* transpose: cell (r, c) -> (c, r), boxes br x bc -> bc x br */
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) t[c * n + r] = cells[r * n + c];
    int ct = sknn_solve(bc, br, t, 2, solt, NULL);
    FZ_CHECK(ct == c2, "transposed puzzle counts %d, puzzle %d (%dx%d)", ct, c2, br, bc);
    if (c2 == 1)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                FZ_CHECK(solt[c * n + r] == sol[r * n + c], "transposed unique solution differs (%dx%d)", br, bc);
    /* relabel v -> n + 1 - v */
    for (int i = 0; i < cn; i++) t[i] = cells[i] ? (uint8_t)(n + 1 - cells[i]) : 0;
    int cr = sknn_solve(br, bc, t, 2, solt, NULL);
    FZ_CHECK(cr == c2, "relabelled puzzle counts %d, puzzle %d (%dx%d)", cr, c2, br, bc);
    if (c2 == 1)
        for (int i = 0; i < cn; i++) FZ_CHECK(solt[i] == n + 1 - sol[i], "relabelled unique solution differs");
    if (br == 3 && bc == 3) {
        uint8_t s9[81];
        int c9 = sk9_solve(cells, 2, s9, NULL);
        FZ_CHECK(c9 == c2, "sk9_solve counts %d, sknn_solve %d", c9, c2);
        if (c2 == 1) FZ_CHECK(!memcmp(s9, sol, 81), "unique 9x9 puzzle: the two solvers differ");
    }
done:
    free(cells);
    free(t);
    free(sol);
    free(sol1);
    free(solt);
    return 0;
}
