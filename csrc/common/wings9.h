/* wings9.h - the one walk of XY- and XYZ-wings on a 9x9 grid that both raters share
 * (se/human9_basic.c's XY/XYZ-Wing finders, hodoku/hodoku9_patterns.c's find_wing).  Each
 * rater keeps only how it writes the step it takes (both take the first wing that removes
 * something); the Python twin is sudokit.techniques.wings.wings_in.
 *
 * The pattern
 * -----------
 * A pivot with 2 (XY) or 3 (XYZ) candidates sees two bivalue pincers a and b; each pincer
 * lacks exactly one of the pivot's digits, and a and b share one digit z:
 *
 *         XY-Wing                          XYZ-Wing
 *     pivot  {x, y}                    pivot  {x, y, z}
 *     a      {x, z}    b  {y, z}       a      {x, z}    b  {y, z}
 *
 *     z leaves the cells seeing a      z leaves the cells seeing a,
 *     and b (the pivot aside)          b and the pivot
 *
 * In masks: pivot | a | b has 3 digits, pivot & a & b has 0 (XY) or 1 (XYZ), a != b, and
 * a & b is the one digit z.
 *
 * Order
 * -----
 * Pivots in cell order; a pivot's pincers are its peers in cell order (peer_cells walked from
 * the lowest cell: the order of kPeers[pivot], which is ascending too); pairs (a, b) of
 * pincers with a before b, in the order of two nested loops.  A wing is visited only when it
 * removes something: its victims (the cells seeing a and b, and the pivot for XYZ, holding z,
 * none of the three) are not empty.  visit's nonzero return stops the walk and is returned.
 * No state outside the walk's own stack.
 */
#ifndef SUDOKIT_WINGS9_H
#define SUDOKIT_WINGS9_H

#include <stdint.h>

#include "common/bits.h"
#include "common/geometry9.h"

/* One wing found (see the drawing above). */
typedef struct {
    int pivot, a, b;   /* the pivot cell and its two pincers, a < b                  */
    int digit;         /* z, 1..9                                                    */
    sk_cells victims;  /* the cells losing z (never empty when visited)              */
} sk_wing;

/* What a walk does with a wing: nonzero stops the walk. */
typedef int (*sk_wing_visit)(void *ctx, const sk_wing *w);

/* 1 when the bivalue mask m lacks exactly one digit of the pivot's mask mp: a pincer. */
static inline int sk_wing_pincer(unsigned mp, unsigned m) {
    unsigned lack = mp & ~m;
    return sk_popcount(m) == 2 && lack && !(lack & (lack - 1));
}

/* The pincers of pivot (cands[pivot] = mp) into out, in cell order; returns how many. */
static inline int sk_wing_pincers(const uint16_t cands[81], int pivot, unsigned mp, int out[20]) {
    int n = 0;
    for (sk_cells peers = peer_cells(pivot); !sk_cells_empty(peers);) {
        int p = sk_cells_take(&peers);
        if (sk_wing_pincer(mp, cands[p])) out[n++] = p;
    }
    return n;
}

/* z of the pincer pair (ma, mb) of pivot mp as a one-bit mask, or 0 when they make no wing
 * (xyz: 0 for XY, 1 for XYZ). */
static inline unsigned sk_wing_z(unsigned mp, unsigned ma, unsigned mb, int xyz) {
    if (sk_popcount(mp | ma | mb) != 3 || sk_popcount(mp & ma & mb) != xyz || ma == mb) return 0;
    unsigned z = ma & mb;
    return z && !(z & (z - 1)) ? z : 0;
}

/* The cells of w seeing a and b (and the pivot for XYZ) that hold z, the three aside. */
static inline sk_cells sk_wing_victims(const uint16_t cands[81], const sk_wing *w, unsigned z, int xyz) {
    sk_cells seen = sk_cells_and(peer_cells(w->a), peer_cells(w->b));
    if (xyz) seen = sk_cells_and(seen, peer_cells(w->pivot));
    seen = sk_cells_minus(seen, sk_cells_one(w->pivot));
    sk_cells victims = {{0, 0}};
    while (!sk_cells_empty(seen)) {
        int c = sk_cells_take(&seen);
        if (cands[c] & z) sk_cells_add(&victims, c);
    }
    return victims;
}

/* Walk the XY-wings (xyz 0) or XYZ-wings (xyz 1) of the candidates cands[81] (bit d-1 =
 * digit d; 0 for a placed cell) in the order above; the first nonzero visit, or 0. */
static inline int sk_wings(const uint16_t cands[81], int xyz, sk_wing_visit visit, void *ctx) {
    for (int pivot = 0; pivot < 81; pivot++) {
        unsigned mp = cands[pivot];
        if (sk_popcount(mp) != 2 + xyz) continue;
        int pincer[20];
        int n = sk_wing_pincers(cands, pivot, mp, pincer);
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                sk_wing w = {.pivot = pivot, .a = pincer[i], .b = pincer[j]};
                unsigned z = sk_wing_z(mp, cands[w.a], cands[w.b], xyz);
                if (!z) continue;
                w.digit = sk_low_digit(z);
                w.victims = sk_wing_victims(cands, &w, z, xyz);
                if (sk_cells_empty(w.victims)) continue;
                int stop = visit(ctx, &w);
                if (stop) return stop;
            }
    }
    return 0;
}

#endif /* SUDOKIT_WINGS9_H */
