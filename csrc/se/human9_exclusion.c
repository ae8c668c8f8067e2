/* human9_exclusion.c - Aligned Pair and Aligned Triplet Exclusion on a 9x9 grid; the C twins
 * of sudokit.techniques.exclusion (see human9.h for the layout).
 *
 * Take 2 or 3 base cells and their common excluders (peers with 2..k candidates).  A way of
 * filling the base is impossible if two base cells that see each other get the same digit or
 * if it uses up every candidate of an excluder; a base digit found in no possible filling goes.
 *
 * The order of the search is Python's (SE's): base cells ascending, pairs (c0, c1) in
 * itertools.combinations order, and for triplets the third cell among the excluders of c0
 * then of c1.  The first base with an elimination is the step.
 *
 * Speed (ATE is the most expensive technique of the Python rater): excluders are kept as 81-bit
 * cell sets, so "common excluders" is an AND; a pair with fewer than two common excluders is
 * skipped before any tail is tried; and the triplet test never enumerates the third digit:
 * for each (d0, d1) an excluder either is already used up (the pair is impossible), or has one
 * candidate left (which the third cell then cannot take), or two or more (harmless):
 *
 *     excluder {3,5,8}, d0 = 3, d1 = 5  ->  left {8}  ->  the third cell cannot be 8
 *
 * an excluder holding a digit outside the base can never be used up, so it is dropped first;
 * and the search over a base stops as soon as every candidate of every base cell is allowed.
 */
#include "se/human9.h"
#include "common/geometry9.h"
#include "se/human9_techniques.h"

#include <string.h>

/* -- small helpers -------------------------------------------------------------------------- */

/* Cell sets: sk_cells (common/bits.h). */

/* 1 when a set holds two cells or more: it stays non-empty once its lowest cell is gone. */
static inline int cs_two_or_more(const sk_cells *s) {
    uint64_t lo = s->w[0], hi = s->w[1];
    if (lo) return (lo & (lo - 1)) != 0 || hi != 0;
    return (hi & (hi - 1)) != 0;
}


/* The possible base cells and their excluders (Python's _bases): a cell with two or more
 * candidates, no naked single among its peers, and at least one peer with 2..degree
 * candidates (its excluders).  Returns the number of base cells written to cells[]; the
 * peers are visited house by house (a box peer in line with the cell is met twice, which
 * a set does not mind). */
static int find_bases(const hm_pos *pos, int degree, int cells[81], sk_cells ex[81],
                      sk_cells *is_base) {
    const uint16_t *m = pos->cands;
    int size[81], n = 0;
    for (int c = 0; c < 81; c++) size[c] = sk_popcount(m[c]);
    memset(is_base, 0, sizeof *is_base);
    for (int c = 0; c < 81; c++) {
        memset(&ex[c], 0, sizeof ex[c]);
        if (size[c] < 2) continue;
        int single = 0;
        sk_cells e = {{0, 0}};
        for (int kind = 0; kind < 3 && !single; kind++) {
            for (int i = 0; i < 9; i++) {
                int p = unit_cell(kCellUnits[c][kind], i);
                if (p == c) continue;
                single |= size[p] == 1;
                if (size[p] >= 2 && size[p] <= degree) sk_cells_add(&e, p);
            }
        }
        if (single || (e.w[0] | e.w[1]) == 0) continue;
        ex[c] = e;
        cells[n++] = c;
        sk_cells_add(is_base, c);
    }
    return n;
}

/* The candidate masks of the cells of a set, ascending; returns how many. */
static int masks_of(const hm_pos *pos, sk_cells s, uint16_t out[81]) {
    int n = 0;
    while (s.w[0] | s.w[1]) {
        out[n++] = pos->cands[sk_cells_take(&s)];
    }
    return n;
}

/* Write an exclusion step: base[i] loses its candidates outside allowed[i]. */
static void exclusion_step(const hm_pos *pos, sk_step *out, const char *name, int tenths,
                           const int *base, const uint16_t *allowed, int k) {
    sk_step_se(out, name, tenths, -1);  /* Python's exclusion steps carry no hodoku score */
    for (int i = 0; i < k; i++) sk_step_elims(out, base[i], pos->cands[base[i]] & ~allowed[i]);
}

/* -- pairs ---------------------------------------------------------------------------------- */

/* Digits of (c0, c1) that some filling allows, given the excluders' masks (Python's _exclusion
 * for two cells).  Returns 1 when something is left out. */
static int pair_exclusion(const hm_pos *pos, int c0, int c1, const uint16_t *ex, int nex,
                          uint16_t allowed[2]) {
    uint16_t m0 = pos->cands[c0], m1 = pos->cands[c1];
    int see = sees(c0, c1);
    allowed[0] = allowed[1] = 0;
    for (uint16_t r0 = m0; r0; r0 &= (uint16_t)(r0 - 1)) {
        uint16_t b0 = r0 & (uint16_t)-r0;
        for (uint16_t r1 = m1; r1; r1 &= (uint16_t)(r1 - 1)) {
            uint16_t b1 = r1 & (uint16_t)-r1;
            if (see && b0 == b1) continue;
            uint16_t used = b0 | b1;
            int dead = 0;
            for (int i = 0; i < nex && !dead; i++) dead = (ex[i] & (uint16_t)~used) == 0;
            if (dead) continue;
            allowed[0] |= b0;
            allowed[1] |= b1;
        }
        if (allowed[0] == m0 && allowed[1] == m1) return 0;  /* everything allowed already */
    }
    return allowed[0] != m0 || allowed[1] != m1;
}

/* -- triplets ------------------------------------------------------------------------------- */

/* Digits of the base (c0, c1, c2) that some filling allows (Python's _exclusion for three
 * cells); returns 1 when something is left out.  For each (d0, d1) the excluders say which
 * third digits are impossible (see the file comment), so d2 is never enumerated. */
static int triplet_exclusion(const hm_pos *pos, const int base[3], const uint16_t *ex, int nex,
                             uint16_t allowed[3]) {
    uint16_t m0 = pos->cands[base[0]], m1 = pos->cands[base[1]], m2 = pos->cands[base[2]];
    int s01 = sees(base[0], base[1]), s02 = sees(base[0], base[2]), s12 = sees(base[1], base[2]);
    /* an excluder with a digit outside the base can never be used up: drop it */
    uint16_t live[81], reach = m0 | m1 | m2;
    int nlive = 0;
    for (int i = 0; i < nex; i++)
        if (!(ex[i] & (uint16_t)~reach)) live[nlive++] = ex[i];
    ex = live;
    nex = nlive;
    allowed[0] = allowed[1] = allowed[2] = 0;
    for (uint16_t r0 = m0; r0; r0 &= (uint16_t)(r0 - 1)) {
        uint16_t b0 = r0 & (uint16_t)-r0;
        for (uint16_t r1 = m1; r1; r1 &= (uint16_t)(r1 - 1)) {
            uint16_t b1 = r1 & (uint16_t)-r1;
            if (s01 && b0 == b1) continue;
            uint16_t used = b0 | b1, forbid = 0;
            int dead = 0;
            for (int i = 0; i < nex && !dead; i++) {
                uint16_t left = ex[i] & (uint16_t)~used;  /* what d2 must not cover */
                dead = left == 0;
                if ((left & (uint16_t)(left - 1)) == 0) forbid |= left;  /* one digit left */
            }
            if (dead) continue;
            uint16_t third = m2 & (uint16_t)~forbid;
            if (s02) third &= (uint16_t)~b0;
            if (s12) third &= (uint16_t)~b1;
            if (!third) continue;
            allowed[0] |= b0;
            allowed[1] |= b1;
            allowed[2] |= third;
        }
        if (allowed[0] == m0 && allowed[1] == m1 && allowed[2] == m2) return 0;
    }
    return allowed[0] != m0 || allowed[1] != m1 || allowed[2] != m2;
}

/* The tails of the base pair (c0, c1): bases among the excluders of c0 (ascending), then those
 * of c1 not seen yet (ascending), c0 and c1 aside - Python's dict.fromkeys order. */
static int triplet_tails(const sk_cells *ex, sk_cells is_base, int c0, int c1, int tails[81]) {
    int nt = 0;
    sk_cells pool = sk_cells_and(ex[c0], is_base);
    while (pool.w[0] | pool.w[1]) {
        int t = sk_cells_take(&pool);
        if (t != c1) tails[nt++] = t;
    }
    pool = sk_cells_and(ex[c1], is_base);
    while (pool.w[0] | pool.w[1]) {
        int t = sk_cells_take(&pool);
        if (t != c0 && !sk_cells_has(ex[c0], t)) tails[nt++] = t;
    }
    return nt;
}

/* -- the search ------------------------------------------------------------------------------ */

/* The first base of `size` cells (2 or 3) whose exclusion removes something, written to out:
 * pairs (c0, c1) in combinations order, and for triplets each tail of the pair in turn.  A pair
 * with fewer than two common excluders is skipped (no tail can give it two). */
static int aligned_exclusion(const hm_pos *pos, int size, sk_step *out, hm_ctx *ctx) {
    int cells[81], tails[81];
    sk_cells ex[81], is_base;
    uint16_t exm[81], allowed[3];
    int n = find_bases(pos, size, cells, ex, &is_base);
    for (int i = 0; i < n; i++) {
        int c0 = cells[i];
        for (int j = i + 1; j < n; j++) {
            int c1 = cells[j];
            if (hm_check_deadline(ctx)) return 0;
            sk_cells first = sk_cells_and(ex[c0], ex[c1]);
            if (!cs_two_or_more(&first)) continue;
            if (size == 2) {
                int nex = masks_of(pos, first, exm);
                int base[2] = {c0, c1};
                if (pair_exclusion(pos, c0, c1, exm, nex, allowed)) {
                    exclusion_step(pos, out, HM_NAME_ALIGNED_PAIR_EXCLUSION, HM_TENTHS_ALIGNED_PAIR_EXCLUSION,
                                   base, allowed, 2);
                    return 1;
                }
                continue;
            }
            int nt = triplet_tails(ex, is_base, c0, c1, tails);
            for (int t = 0; t < nt; t++) {
                sk_cells common = sk_cells_and(first, ex[tails[t]]);
                if (!cs_two_or_more(&common)) continue;
                int nex = masks_of(pos, common, exm);
                int base[3] = {c0, c1, tails[t]};
                if (triplet_exclusion(pos, base, exm, nex, allowed)) {
                    exclusion_step(pos, out, HM_NAME_ALIGNED_TRIPLET_EXCLUSION, HM_TENTHS_ALIGNED_TRIPLET_EXCLUSION,
                                   base, allowed, 3);
                    return 1;
                }
            }
        }
    }
    return 0;
}

int hm_aligned_pair(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return aligned_exclusion(pos, 2, out, ctx);
}

int hm_aligned_triplet(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return aligned_exclusion(pos, 3, out, ctx);
}
