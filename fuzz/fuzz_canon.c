/* fuzz_canon.c - canon.c's minlex form against its defining properties.
 *
 * Input: 81 bytes of puzzle text (clashing givens dropped: sudokit.canonical checks the grid
 * first, and canon.c gives no valid form for a row holding a digit twice, fuzz/README.md), then bytes drawing a random validity-preserving transformation (band, row-in-band, stack,
 * column-in-stack orders, transposition, digit relabelling).
 * Checks: sk_canon9 returns 0; the form of the transformed puzzle is the same; the form is a
 * fixed point (canon of canon); it keeps the number of givens and the multiset of digit
 * counts; it is at most the puzzle itself relabelled in order of first appearance (the
 * identity transformation is one of those searched).
 */
#include "make/canon.h"
#include "fuzz_common.h"

/* Relabel digits in order of first appearance, reading row by row. */
static void first_appearance(const uint8_t in[81], uint8_t out[81]) {
    uint8_t label[10] = {0};
    int next = 1;
    for (int i = 0; i < 81; i++) {
        if (in[i] && !label[in[i]]) label[in[i]] = (uint8_t)next++;
        out[i] = in[i] ? label[in[i]] : 0;
    }
}

/* The sorted counts of each digit (the relabelling-invariant part of the contents). */
static void digit_profile(const uint8_t cells[81], int out[10]) {
    memset(out, 0, 10 * sizeof(int));
    for (int i = 0; i < 81; i++) out[cells[i]]++;
    for (int i = 2; i < 10; i++)
        for (int j = i; j > 1 && out[j - 1] > out[j]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = {data, size};
    uint8_t cells[81], moved[81], a[81], b[81], c[81], rel[81];
    fz_cells9(&in, cells);
    fz_drop_clashes(cells, 3, 3);

    int bands[3], stacks[3], rin[3][3], cin[3][3], digits[9];
    fz_perm(&in, bands, 3);
    fz_perm(&in, stacks, 3);
    for (int i = 0; i < 3; i++) fz_perm(&in, rin[i], 3);
    for (int i = 0; i < 3; i++) fz_perm(&in, cin[i], 3);
    fz_perm(&in, digits, 9);
    int transpose = fz_byte(&in) & 1;
    for (int r = 0; r < 9; r++)
        for (int col = 0; col < 9; col++) {
            int sr = 3 * bands[r / 3] + rin[r / 3][r % 3];
            int sc = 3 * stacks[col / 3] + cin[col / 3][col % 3];
            uint8_t v = transpose ? cells[sc * 9 + sr] : cells[sr * 9 + sc];
            moved[r * 9 + col] = v ? (uint8_t)(digits[v - 1] + 1) : 0;
        }

    FZ_CHECK(sk_canon9(cells, a) == 0, "sk_canon9 failed");
    FZ_CHECK(sk_canon9(moved, b) == 0, "sk_canon9 failed on the transformed puzzle");
    FZ_CHECK(!memcmp(a, b, 81), "the transformed puzzle has another canonical form");
    FZ_CHECK(sk_canon9(a, c) == 0 && !memcmp(a, c, 81), "canon is not a fixed point");
    int pa[10], pc[10];
    digit_profile(cells, pc);
    digit_profile(a, pa);
    FZ_CHECK(!memcmp(pa, pc, sizeof pa), "canon changed the givens' digit counts");
    first_appearance(cells, rel);
    FZ_CHECK(memcmp(a, rel, 81) <= 0, "canon is above the puzzle itself");
    for (int i = 0; i < 81; i++) FZ_CHECK(a[i] <= 9, "canon wrote a value above 9");
    return 0;
}
