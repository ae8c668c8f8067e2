/* subsets.h - the one walk of "k items out of n whose union has exactly k bits" that the naked
 * and hidden subsets and the basic fish of both raters (se/human9_basic.c, hodoku/hodoku9_basic.c,
 * hodoku/hodoku9_fish.c) share.  Each rater keeps only its policy: which units, which items,
 * what a found set removes and which one it keeps (SE: the first; HoDoKu: its order or sort).
 *
 * Items and bits
 * --------------
 * An item is a mask of at most 16 bits; a set of k items is found when the union of their
 * masks has exactly k bits.  What items and bits mean is the caller's:
 *
 *     naked subset:   items = a unit's cells        bits = their candidate digits
 *     hidden subset:  items = a unit's digits       bits = their places (positions 0..8)
 *     basic fish:     items = base lines            bits = the cover lines holding the digit
 *
 *                 bit  8 7 6 5 4 3 2 1 0
 *     item 0          . . . . . 1 . 1 .      naked pair: items 0 and 2 hold only
 *     item 1          . 1 1 . . 1 . . 1      digits 2 and 4 (bits 1 and 3),
 *     item 2          . . . . . 1 . 1 .      so the union of {0, 2} has 2 bits
 *
 * Layers
 * ------
 * A walk may carry up to 16 layers at once, each with its own masks (item i's mask in layer l
 * is item[i * layers + l]): the basic fish walk base lines once for all digits (a layer a
 * digit), as both raters' Python twins do.  A layer stays alive along a branch while every
 * item taken is usable in it and its union has at most k bits; a branch with no layer alive
 * is cut (no set below it could have k bits).  Subsets use one layer, for which the walk's
 * helpers skip the layer loop (a walk built as a constant in its caller folds that test away).
 *
 * Order
 * -----
 * Sets are met in lexicographic order of their item indexes (Python's itertools.combinations,
 * which is also the order of k nested loops `for i0 < i1 < ... `), and within one set the
 * layers from the lowest up.  Cutting a branch skips no set, so the order of the sets found is
 * the order of all k-combinations filtered.  visit(ctx, chosen, layer, uni) gets the set as a
 * mask of item indexes (bit i = item i) and the union's bits; a nonzero return stops the walk
 * and is returned.  No state outside the walk's own stack.
 */
#ifndef SUDOKIT_SUBSETS_H
#define SUDOKIT_SUBSETS_H

#include <stdint.h>

#include "common/bits.h"

/* What a walk does with a found set: nonzero stops the walk. */
typedef int (*sk_subset_visit)(void *ctx, unsigned chosen, int layer, unsigned uni);

/* One walk: n items of `layers` masks each, sets of k, the layers alive at the start. */
typedef struct {
    const uint16_t *item;    /* item[i * layers + l]: item i's mask in layer l                */
    const uint16_t *usable;  /* usable[i]: the layers item i may be taken in; NULL: every one */
    int n, k, layers;        /* n <= 16 items, 1 <= k <= n, 1 <= layers <= 16               */
    unsigned alive;          /* the layers walked (bit l = layer l)                          */
    sk_subset_visit visit;
    void *ctx;
} sk_subset_walk;

/* The layers of `alive` whose union has exactly k bits, each visited from the lowest up. */
static inline int sk_subset_leaf(const sk_subset_walk *w, unsigned chosen, unsigned alive,
                                 const uint16_t *uni) {
    if (w->layers == 1) return sk_popcount(uni[0]) == w->k ? w->visit(w->ctx, chosen, 0, uni[0]) : 0;
    for (; alive; alive &= alive - 1) {
        int l = sk_lowest(alive);
        if (sk_popcount(uni[l]) != w->k) continue;
        int stop = w->visit(w->ctx, chosen, l, uni[l]);
        if (stop) return stop;
    }
    return 0;
}

/* Add item i to the unions uni of the layers alive into next; the layers still alive (usable
 * for i, at most k bits). */
static inline unsigned sk_subset_take(const sk_subset_walk *w, int i, unsigned alive,
                                      const uint16_t *uni, uint16_t *next) {
    unsigned still = 0;
    if (w->layers == 1) {  /* one layer: alive on every branch walked (sk_subsets checks it) */
        next[0] = (uint16_t)(uni[0] | w->item[i]);
        return (!w->usable || (w->usable[i] & 1)) && sk_popcount(next[0]) <= w->k;
    }
    if (w->usable) alive &= w->usable[i];
    for (; alive; alive &= alive - 1) {
        int l = sk_lowest(alive);
        next[l] = (uint16_t)(uni[l] | w->item[i * w->layers + l]);
        if (sk_popcount(next[l]) <= w->k) still |= 1u << l;
    }
    return still;
}

/* Walk every set of w (see the top of the file); the first nonzero visit, or 0.  Depth first
 * without recursion (so a caller's constant walk, one layer and all, is folded in): at depth j
 * the items taken are idx[0..j) (their mask `chosen`), their unions uni[j], the layers still
 * alive alive[j]; i is the next item tried at depth j. */
static inline int sk_subsets(const sk_subset_walk *w) {
    const int n = w->n, k = w->k;
    if (k < 1 || k > n || !(w->alive & ((1u << w->layers) - 1))) return 0;
    int idx[16];
    unsigned alive[17];
    uint16_t uni[17][16];
    for (int l = 0; l < w->layers; l++) uni[0][l] = 0;
    alive[0] = w->alive;
    unsigned chosen = 0;
    for (int j = 0, i = 0;;) {
        if (i > n - (k - j)) {  /* no room left for k - j items from i on: back up */
            if (j == 0) return 0;
            i = idx[--j];
            chosen &= ~(1u << i++);
            continue;
        }
        unsigned still = sk_subset_take(w, i, alive[j], uni[j], uni[j + 1]);
        if (still && j + 1 == k) {
            int stop = sk_subset_leaf(w, chosen | 1u << i, still, uni[j + 1]);
            if (stop) return stop;
        } else if (still) {  /* go down: item i taken */
            chosen |= 1u << i;
            idx[j++] = i;
            alive[j] = still;
        }
        i++;
    }
}

#endif /* SUDOKIT_SUBSETS_H */
