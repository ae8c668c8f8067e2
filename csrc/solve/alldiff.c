/* alldiff.c - the all-different rule (Regin) shared by nxn.c and rules.c; see alldiff.h.
 *
 * A unit's open positions must take their digits one-to-one.  Find a perfect matching
 * positions <-> digits (none: the unit is dead), then keep only the (position, digit)
 * edges that lie in some perfect matching: with a perfect matching M, the edge (p, d) is in
 * one iff d is p's mate or p and d's mate q lie in the same strongly connected component of
 * the graph "p -> q when p can take q's mate digit".  Everything is 64-bit masks: the
 * matching is augmenting-path BFS over digit masks and an SCC is forward-reach &
 * backward-reach, so a unit costs about n^2 word operations.  This subsumes naked and
 * hidden subsets of every size.
 */
#include "solve/alldiff.h"

static inline int more_than_one(uint64_t x) { return (x & (x - 1)) != 0; }
static inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t bit_at(int i) { return (uint64_t)1 << i; }

/* Complete the matching dig_of/pos_of (given for the positions not in `unmatched`) by
 * augmenting paths over the candidate masks cm; 0 when some position cannot be matched. */
static int augment(const uint64_t *cm, uint64_t unmatched, int8_t *pos_of, int8_t *dig_of) {
    int8_t from[64];
    uint8_t queue[64];
    for (uint64_t todo = unmatched; todo; todo &= todo - 1) {
        int p = lowest_bit(todo), head = 0, tail = 0, found = -1;
        uint64_t seen = 0;
        queue[tail++] = (uint8_t)p;
        while (head < tail && found < 0) {
            int q = queue[head++];
            uint64_t fresh = cm[q] & ~seen;
            seen |= fresh;
            for (; fresh; fresh &= fresh - 1) {
                int d = lowest_bit(fresh);
                from[d] = (int8_t)q;
                if (pos_of[d] < 0) {
                    found = d;
                    break;
                }
                queue[tail++] = (uint8_t)pos_of[d];
            }
        }
        if (found < 0) return 0;
        for (int d = found;;) { /* flip the augmenting path */
            int q = from[d], prev = dig_of[q];
            pos_of[d] = (int8_t)q;
            dig_of[q] = (int8_t)d;
            if (q == p) break;
            d = prev;
        }
    }
    return 1;
}

int sk_alldiff(int n, const uint16_t *cells, const uint8_t *done, const uint64_t *cand,
               const uint64_t *places, uint8_t *mate, sk_alldiff_restrict restrict_cell, void *solver) {
    uint64_t cm[64], adj[64], radj[64];
    int8_t pos_of[64], dig_of[64];
    uint64_t open = 0, digits_open = 0, used = 0, unmatched = 0;
    /* only the open cells and their digits: at a fixed point a done cell's digit has left
     * the unit's other cells, so the rest matches itself */
    for (int k = 0; k < n; k++) {
        if (done[cells[k]]) continue;
        open |= bit_at(k);
        cm[k] = cand[cells[k]];
        digits_open |= cm[k];
    }
    if (!more_than_one(open)) return 1;
    for (uint64_t w = digits_open; w; w &= w - 1) pos_of[lowest_bit(w)] = -1;
    /* start from the last matching where it still holds: usually nearly all of it */
    for (uint64_t w = open; w; w &= w - 1) {
        int k = lowest_bit(w), d = mate[k];
        if ((cm[k] & ~used) >> d & 1) {
            pos_of[d] = (int8_t)k;
            dig_of[k] = (int8_t)d;
            used |= bit_at(d);
        } else {
            unmatched |= bit_at(k);
        }
    }
    if (!augment(cm, unmatched, pos_of, dig_of)) return SK_ALLDIFF_DEAD;
    /* the edges p -> q (p could take q's digit), both ways */
    for (uint64_t w = open; w; w &= w - 1) {
        int k = lowest_bit(w);
        mate[k] = (uint8_t)dig_of[k];
        adj[k] = 0;
        radj[k] = places[dig_of[k]] & open & ~bit_at(k);
    }
    for (uint64_t w = open; w; w &= w - 1) {
        int q = lowest_bit(w);
        for (uint64_t v = radj[q]; v; v &= v - 1) adj[lowest_bit(v)] |= bit_at(q);
    }
    /* peel off one SCC at a time; reach is searched inside what is left only, which keeps
     * every node of the SCC (its inner paths stay inside it) */
    for (uint64_t left = open; left;) {
        int p = lowest_bit(left);
        uint64_t fw = bit_at(p), bw = fw, front = fw;
        while (front) {
            uint64_t next = 0;
            for (; front; front &= front - 1) next |= adj[lowest_bit(front)];
            front = next & left & ~fw;
            fw |= front;
        }
        for (front = bw; front;) {
            uint64_t next = 0;
            for (; front; front &= front - 1) next |= radj[lowest_bit(front)];
            front = next & fw & ~bw; /* only the SCC matters: stay inside fw */
            bw |= front;
        }
        left &= ~bw;
        uint64_t digits = 0; /* a lone position keeps only its mate */
        for (uint64_t w = bw; w; w &= w - 1) digits |= bit_at(dig_of[lowest_bit(w)]);
        for (uint64_t w = bw; w; w &= w - 1) {
            int rc = restrict_cell(solver, cells[lowest_bit(w)], digits);
            if (rc != 1) return rc;
        }
    }
    return 1;
}
