/* bits.h - the bit helpers the whole C core shares: one popcount, the lowest set bit, and one
 * set of the 81 cells of a 9x9 grid.
 *
 * Popcount
 * --------
 * The build has no -mpopcnt (the wheel must run on any x86-64), so __builtin_popcount would
 * be a library call; sk_popcount counts by SWAR (a handful of ALU ops and one multiply), for
 * a word of any width (a 9-bit candidate mask as well as a 64-bit cell word).
 *
 * The 81-cell set
 * ---------------
 * Cells are numbered row by row, cell = 9 * row + column (as geometry9.h).  A set holds cell
 * c at bit c % 64 of word w[c / 64]:
 *
 *     column ->   0  1  2  3  4  5  6  7  8
 *     row 0       0  1  2  3  4  5  6  7  8     w[0] bits  0..8
 *     row 1       9 10 11 12 13 14 15 16 17     w[0] bits  9..17
 *     row 2      18 19 20 21 22 23 24 25 26     w[0] bits 18..26
 *     row 3      27 28 29 30 31 32 33 34 35     w[0] bits 27..35
 *     row 4      36 37 38 39 40 41 42 43 44     w[0] bits 36..44
 *     row 5      45 46 47 48 49 50 51 52 53     w[0] bits 45..53
 *     row 6      54 55 56 57 58 59 60 61 62     w[0] bits 54..62
 *     row 7      63|64 65 66 67 68 69 70 71     w[0] bit 63 | w[1] bits 0..7
 *     row 8      72 73 74 75 76 77 78 79 80     w[1] bits 8..16
 *
 * w[1] bits 17..63 stay 0, so the set operations need no mask.  Ascending bit order (w[0]
 * low to high, then w[1]) is ascending cell order, which the finders rely on to list cells in
 * the order their Python twins do.
 *
 * Other layouts in the core, each kept for its own reason (see beside each): the 9x9 solver's
 * band words (solve/bitboard9.c: 27 cells of a band per digit, for the band rule), the rules
 * solver's 128-cell sets (solve/rules_internal.h: grids of other sizes), and the potential
 * and candidate sets of the chain finders (729 or 1458 bits).
 */
#ifndef SUDOKIT_BITS_H
#define SUDOKIT_BITS_H

#include <stdint.h>

/* ---- bits of a word ----------------------------------------------------------------------- */

/* Bits set in x (SWAR: see above). */
static inline int sk_popcount(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The index of the lowest set bit of a nonzero x. */
static inline int sk_lowest(uint64_t x) { return __builtin_ctzll(x); }

/* The digit of the lowest bit of a nonzero candidate mask (bit d-1 = digit d): 0b10100 -> 3. */
static inline int sk_low_digit(uint64_t mask) { return sk_lowest(mask) + 1; }

/* ---- sets of the 81 cells ----------------------------------------------------------------- */

typedef struct {
    uint64_t w[2]; /* cell c: bit c % 64 of w[c / 64]; see the drawing above */
} sk_cells;

/* The set holding cell c alone. */
static inline sk_cells sk_cells_one(int c) {
    sk_cells s = {{0, 0}};
    s.w[c >> 6] = 1ull << (c & 63);
    return s;
}

/* 1 when cell c is in s. */
static inline int sk_cells_has(sk_cells s, int c) { return (int)(s.w[c >> 6] >> (c & 63) & 1); }

/* Add / remove cell c. */
static inline void sk_cells_add(sk_cells *s, int c) { s->w[c >> 6] |= 1ull << (c & 63); }
static inline void sk_cells_del(sk_cells *s, int c) { s->w[c >> 6] &= ~(1ull << (c & 63)); }

/* a & b, a | b, a & ~b. */
static inline sk_cells sk_cells_and(sk_cells a, sk_cells b) { return (sk_cells){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }
static inline sk_cells sk_cells_or(sk_cells a, sk_cells b) { return (sk_cells){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }
static inline sk_cells sk_cells_minus(sk_cells a, sk_cells b) {
    return (sk_cells){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}};
}

/* 1 when s is empty; 1 when a and b hold the same cells. */
static inline int sk_cells_empty(sk_cells s) { return !(s.w[0] | s.w[1]); }
static inline int sk_cells_equal(sk_cells a, sk_cells b) { return a.w[0] == b.w[0] && a.w[1] == b.w[1]; }

/* The number of cells in s. */
static inline int sk_cells_count(sk_cells s) { return sk_popcount(s.w[0]) + sk_popcount(s.w[1]); }

/* The smallest cell of a non-empty s. */
static inline int sk_cells_first(sk_cells s) { return s.w[0] ? sk_lowest(s.w[0]) : 64 + sk_lowest(s.w[1]); }

/* Take the smallest cell out of a non-empty s and return it (so a loop walks s in ascending order). */
static inline int sk_cells_take(sk_cells *s) {
    if (s->w[0]) {
        int c = sk_lowest(s->w[0]);
        s->w[0] &= s->w[0] - 1;
        return c;
    }
    int c = 64 + sk_lowest(s->w[1]);
    s->w[1] &= s->w[1] - 1;
    return c;
}

/* The cells of s in ascending order into out (room for 81); returns how many. */
static inline int sk_cells_list(sk_cells s, uint8_t *out) {
    int n = 0;
    for (int k = 0; k < 2; k++)
        for (uint64_t w = s.w[k]; w; w &= w - 1) out[n++] = (uint8_t)(k * 64 + sk_lowest(w));
    return n;
}

#endif /* SUDOKIT_BITS_H */
