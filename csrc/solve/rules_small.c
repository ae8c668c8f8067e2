/* rules_small.c - the generic rules solver's bitboard path for small specs (see below; the
 * table's Small part is built by rules_table.c, the general search is rules.c). */
#include "solve/rules_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the small path ----------------------------------------------------------------- *
 *
 * Specs of at most 128 cells, 16 digits and 64 full regions without sum cages solve on
 * bitboards, with no malloc and no trail: the state is one Cells set per digit (the cells
 * where the digit is still possible; a placed cell keeps its own digit's bit), the open cells,
 * per digit the full regions it is not placed in yet, and per digit the full regions where
 * it lost cells since they were last looked at ("dirty": only those are looked at again).
 * A guess copies the state (about 500 bytes) onto a stack of at most ncells + 1 states.
 *
 * Propagation, to a fixed point, cheapest rule first:
 *   naked singles: bit-sliced counts over the digit sets give the open cells with no digit
 *                  (a contradiction) and those with one (placed, all of them at once);
 *   hidden singles: a dirty full region's digit with one place left is placed there (none
 *                  left: a contradiction);
 *   locked candidates, generalised: a dirty full region's digit with 2..SKR_SMALL_LOCK
 *                  places leaves every cell that is a peer of all of them (and, with
 *                  non-consecutive pairs, d - 1 and d + 1 leave every cell adjacent to all);
 *   non-consecutive arcs: digit f leaves the cells adjacent to an open cell whose digits
 *                  all lie in {f - 1, f + 1} ({f - 1, f, f + 1} when the two are peers too).
 * Placing digit d in cell p takes p out of the other digits' sets, p's peers out of d's and
 * (non-consecutive) p's adjacent cells out of d - 1's and d + 1's.
 * The search is binary, like the general one: guess "cell = its lowest digit" on a copy of
 * the state; once that branch is done, "cell != digit" in the state itself.  The cell has the
 * fewest digits, ties going to the most open peers plus SKR_SMALL_W times the guesses on it
 * that failed at once.
 * Measured and dropped (instructions per generated minimal puzzle, callgrind): up to 4, 6
 * or 9 places for locked candidates (more work, hardly fewer guesses), only 2 (X and classic
 * gain, windoku and anti-knight lose), dirty regions exact instead of "regions holding a peer"
 * (dearer to compute), guessing a region digit with two places when no cell has two digits,
 * choosing the digit with the fewest places, dom/wdeg over all open cells, naked pairs
 * (10% fewer guesses, more instructions), locked candidates in a pass of their own after the
 * singles, 3-place locked candidates only once the rest is dry, placed cells left in the other
 * digits' sets (lazy), a copy unrolled for n = 9, fixed 16-digit loops, and two strong links
 * generalised (X-wing, skyscraper, kite on any peers: 16-25% fewer guesses, 65% more
 * instructions). */

#ifndef SKR_SMALL_LOCK
#define SKR_SMALL_LOCK 3
#endif
#ifndef SKR_SMALL_PRECISE
#define SKR_SMALL_PRECISE 0
#endif
#ifndef SKR_SMALL_W
#define SKR_SMALL_W 4
#endif
#ifndef SKR_SMALL_CHOOSE
#define SKR_SMALL_CHOOSE 1
#endif

typedef struct {
    Cells d[16];       /* per digit: the cells that may still hold it */
    Cells open;        /* the cells not placed yet */
    uint64_t todo[16]; /* per digit: the full regions it is not placed in yet */
    uint64_t dirty[16]; /* per digit: full regions where it may have lost cells since they were checked */
} SmallState;

static inline Cells cells_and(Cells a, Cells b) { return (Cells){a.lo & b.lo, a.hi & b.hi}; }
static inline Cells cells_minus(Cells a, Cells b) { return (Cells){a.lo & ~b.lo, a.hi & ~b.hi}; }
static inline int cells_empty(Cells a) { return (a.lo | a.hi) == 0; }
static inline int cells_has(Cells a, int p) { return (int)((p < 64 ? a.lo >> p : a.hi >> (p - 64)) & 1); }
static inline int cells_first(Cells a) { return a.lo ? lowest_bit(a.lo) : 64 + lowest_bit(a.hi); }
static inline Cells cells_drop_first(Cells a) {
    if (a.lo) a.lo &= a.lo - 1;
    else a.hi &= a.hi - 1;
    return a;
}
/* Exactly one cell (a not empty). */
static inline int cells_one(Cells a) { return a.lo ? !more_than_one(a.lo) && !a.hi : !more_than_one(a.hi); }
static inline int cells_count(Cells a) { return sk_popcount(a.lo) + sk_popcount(a.hi); }
/* At most k cells (k small). */
static inline int cells_at_most(Cells a, int k) {
    while (k-- > 0) a = cells_drop_first(a);
    return cells_empty(a);
}

/* Place digit k in open cell p (FAIL when p cannot hold it any more). */
static inline int small_place(const Small *sm, SmallState *st, int n, int adj, int p, int k) {
    if (!cells_has(st->d[k], p)) return FAIL;
    Cells one = {0, 0};
    cells_add(&one, p);
    st->open = cells_minus(st->open, one);
    for (int e = 0; e < n; e++) {
        st->d[e] = cells_minus(st->d[e], one);
        st->dirty[e] |= sm->in_full[p];
    }
#if SKR_SMALL_PRECISE
    for (Cells gone = cells_and(st->d[k], sm->peers[p]); !cells_empty(gone); gone = cells_drop_first(gone))
        st->dirty[k] |= sm->in_full[cells_first(gone)];
#else
    st->dirty[k] |= sm->peer_full[p];
#endif
    st->d[k] = cells_minus(st->d[k], sm->peers[p]);
    cells_add(&st->d[k], p);
    if (adj && !cells_empty(sm->adj[p]))
        for (int e = k - 1; e <= k + 1; e += 2)
            if (e >= 0 && e < n) {
                st->d[e] = cells_minus(st->d[e], sm->adj[p]);
                st->dirty[e] |= sm->adj_full[p];
            }
    st->todo[k] &= ~sm->in_full[p];
    return OK;
}

/* Take the cells `gone` out of digit k's set; 1 when that removed any. */
static inline int small_remove(const Small *sm, SmallState *st, int k, Cells gone) {
    gone = cells_and(gone, st->d[k]);
    if (cells_empty(gone)) return 0;
    st->d[k] = cells_minus(st->d[k], gone);
    for (; !cells_empty(gone); gone = cells_drop_first(gone)) st->dirty[k] |= sm->in_full[cells_first(gone)];
    return 1;
}

/* Non-consecutive arcs (as arcs() above): digit f leaves the cells adjacent to an open cell
 * whose digits all forbid it, i.e. lie in {f - 1, f + 1} (or {f - 1, f, f + 1} for an
 * adjacent peer).  1 when that removed any. */
static int small_arcs(const Small *sm, SmallState *st, int n) {
    Cells pre[17], suf[18]; /* pre[j]: the cells holding one of digits 0..j-1; suf[j]: j..n-1 */
    pre[0] = suf[n] = suf[n + 1] = (Cells){0, 0};
    for (int j = 0; j < n; j++) {
        pre[j + 1].lo = pre[j].lo | st->d[j].lo;
        pre[j + 1].hi = pre[j].hi | st->d[j].hi;
    }
    for (int j = n - 1; j >= 0; j--) {
        suf[j].lo = suf[j + 1].lo | st->d[j].lo;
        suf[j].hi = suf[j + 1].hi | st->d[j].hi;
    }
    int changed = 0;
    for (int f = 0; f < n; f++) {
        Cells other = suf[f + 2]; /* digits outside f - 1 .. f + 1 */
        if (f > 0) other.lo |= pre[f - 1].lo, other.hi |= pre[f - 1].hi;
        Cells peer = cells_minus(st->open, other);
        Cells apart = cells_minus(peer, st->d[f]);
        for (; !cells_empty(peer); peer = cells_drop_first(peer))
            changed |= small_remove(sm, st, f, sm->adj_peer[cells_first(peer)]);
        for (; !cells_empty(apart); apart = cells_drop_first(apart))
            changed |= small_remove(sm, st, f, sm->adj_apart[cells_first(apart)]);
    }
    return changed;
}

static inline int small_propagate(const Small *sm, SmallState *st, int n, int adj) {
    for (;;) {
        Cells any = {0, 0}, two = {0, 0};
        for (int k = 0; k < n; k++) {
            two.lo |= any.lo & st->d[k].lo;
            two.hi |= any.hi & st->d[k].hi;
            any.lo |= st->d[k].lo;
            any.hi |= st->d[k].hi;
        }
        if (!cells_empty(cells_minus(st->open, any))) return FAIL;
        Cells single = cells_minus(st->open, two);
        if (!cells_empty(single)) { /* naked singles, all at once */
            for (; !cells_empty(single); single = cells_drop_first(single)) {
                int p = cells_first(single), k = 0;
                while (k < n && !cells_has(st->d[k], p)) k++;
                if (k == n || small_place(sm, st, n, adj, p, k) != OK) return FAIL;
            }
            continue;
        }
        if (cells_empty(st->open)) return OK;
        /* hidden singles and locked candidates, in the full regions where a digit lost cells */
        int changed = 0;
        for (int k = 0; k < n; k++) {
            uint64_t w = st->dirty[k] & st->todo[k];
            st->dirty[k] = 0;
            for (; w; w &= w - 1) {
                Cells m = cells_and(st->d[k], sm->region[lowest_bit(w)]);
                if (cells_empty(m)) return FAIL;
                if (cells_one(m)) {
                    if (small_place(sm, st, n, adj, cells_first(m), k) != OK) return FAIL;
                    changed = 1;
                    continue;
                }
                if (!cells_at_most(m, SKR_SMALL_LOCK)) continue;
                Cells common = sm->peers[cells_first(m)];
                for (Cells x = cells_drop_first(m); !cells_empty(x); x = cells_drop_first(x))
                    common = cells_and(common, sm->peers[cells_first(x)]);
                changed |= small_remove(sm, st, k, common);
                if (adj) { /* cells adjacent to every place lose the digits next to it */
                    Cells near = sm->adj[cells_first(m)];
                    for (Cells x = cells_drop_first(m); !cells_empty(x); x = cells_drop_first(x))
                        near = cells_and(near, sm->adj[cells_first(x)]);
                    if (k > 0) changed |= small_remove(sm, st, k - 1, near);
                    if (k + 1 < n) changed |= small_remove(sm, st, k + 1, near);
                }
            }
        }
        if (!changed && adj) changed = small_arcs(sm, st, n);
        if (!changed) return OK;
    }
}

/* An open cell with the fewest digits (st->open not empty). */
static int small_choose(const Small *sm, const SmallState *st, int n, const uint32_t *weight) {
    Cells ge[18]; /* ge[j]: the cells with at least j digits */
    memset(ge, 0, sizeof ge);
    for (int k = 0; k < n; k++) {
        for (int j = k + 1; j >= 2; j--) {
            ge[j].lo |= ge[j - 1].lo & st->d[k].lo;
            ge[j].hi |= ge[j - 1].hi & st->d[k].hi;
        }
        ge[1].lo |= st->d[k].lo;
        ge[1].hi |= st->d[k].hi;
    }
    for (int j = 2; j <= n; j++) {
        Cells m = cells_minus(cells_and(st->open, ge[j]), ge[j + 1]);
        if (cells_empty(m)) continue;
#if SKR_SMALL_CHOOSE == 1
        int best = -1, best_deg = -1;
        for (; !cells_empty(m); m = cells_drop_first(m)) {
            int p = cells_first(m), deg = cells_count(cells_and(sm->peers[p], st->open)) + SKR_SMALL_W * (int)weight[p];
            if (deg > best_deg) best = p, best_deg = deg;
        }
        return best;
#else
        (void)sm;
        return cells_first(m);
#endif
    }
    return cells_first(st->open);
}

/* The search; `adj` (a constant where it is inlined): the spec has non-consecutive pairs. */
static inline int small_search(const skr_table *t, int adj, const uint8_t *givens, int limit, uint8_t *solution,
                               uint64_t *guesses, sk_stop *stop) {
    const Small *sm = t->small;
    int n = t->n, ncells = t->ncells, count = 0, depth = 0;
    uint64_t guessed = 0;
    SmallState states[SKR_SMALL_CELLS + 1];
    int cell[SKR_SMALL_CELLS], digit[SKR_SMALL_CELLS]; /* the guess made at each depth */
    uint32_t weight[SKR_SMALL_CELLS] = {0};            /* per cell: its guesses that failed at once */
    SmallState *st = &states[0];
    memset(st, 0, sizeof *st);
    for (int k = 0; k < n; k++) {
        st->d[k] = sm->all;
        st->todo[k] = low_bits(t->nfull);
        st->dirty[k] = low_bits(t->nfull);
    }
    st->open = sm->all;
    int rc = OK;
    for (int p = 0; p < ncells && rc == OK; p++)
        if (givens[p]) rc = cells_has(st->open, p) ? small_place(sm, st, n, adj, p, givens[p] - 1) : FAIL;
    if (rc == OK) rc = small_propagate(sm, st, n, adj);
    for (;;) {
        st = &states[depth];
        if (rc == OK && cells_empty(st->open)) {
            if (count == 0 && solution)
                for (int p = 0; p < ncells; p++) {
                    int k = 0;
                    while (!cells_has(st->d[k], p)) k++;
                    solution[p] = (uint8_t)(k + 1);
                }
            if (++count >= limit) break;
            rc = FAIL;
        }
        if (rc == OK) { /* guess "cell = digit" on a copy of the state */
            if (sk_stop_tick(stop, SKR_STOP_EVERY)) break;
            int p = small_choose(sm, st, n, weight), k = 0;
            while (!cells_has(st->d[k], p)) k++;
            cell[depth] = p;
            digit[depth] = k;
            states[depth + 1] = *st;
            depth++;
            guessed++;
            rc = small_place(sm, &states[depth], n, adj, p, k);
            if (rc == OK) rc = small_propagate(sm, &states[depth], n, adj);
            if (rc != OK) weight[p]++;
            continue;
        }
        if (depth == 0) break;
        /* the guess failed (or its solutions are counted): "cell != digit" in the state before it */
        depth--;
        st = &states[depth];
        Cells one = {0, 0};
        cells_add(&one, cell[depth]);
        st->d[digit[depth]] = cells_minus(st->d[digit[depth]], one);
        st->dirty[digit[depth]] |= sm->in_full[cell[depth]];
        rc = small_propagate(sm, st, n, adj);
    }
    if (guesses) *guesses = guessed;
    return count;
}

/* As bitboard9.c: a second copy for x86-64-v3 CPUs (POPCNT, BMI, AVX2) picked at load time,
 * the whole path inlined into each copy (GCC; Clang refuses `flatten` on a static clone and
 * builds one copy). */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(SKR_NO_CLONES)
__attribute__((target_clones("arch=x86-64-v3", "default"), flatten))
#endif
int skr_small_solve(const skr_table *t, const uint8_t *givens, int limit, uint8_t *solution,
                    uint64_t *guesses, sk_stop *stop) {
    if (t->small->has_adj) return small_search(t, 1, givens, limit, solution, guesses, stop);
    return small_search(t, 0, givens, limit, solution, guesses, stop);
}
