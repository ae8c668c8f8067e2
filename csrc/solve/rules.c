/* rules.c - sudokit's generic rules solver (variants: X, windoku, jigsaw, anti-knight,
 * anti-king, non-consecutive, Killer, and any mix of them on grids of up to 4096 cells).
 *
 * The table (built once, read-only afterwards)
 * --------------------------------------------
 * Every rule is compiled to lists over cell numbers 0..ncells-1:
 *
 *     peers[cell]:     every cell that must hold another digit (the union of the
 *                      cell's regions, cages and differ pairs, each cell once)
 *     adjacent[cell]:  the cells whose digit must not be one above or below it
 *     full regions:    the regions of exactly n cells, as n cells each, so that
 *                      region r's cell at position k is full_cells[r * n + k]
 *     cell_full[cell]: the (region, position) pairs of the full regions holding it,
 *                      packed as region * 64 + position
 *     sum cages:       the cages with a total, then one derived "innie" cage per full
 *                      region (its cells outside the sum cages lying inside it, summing to
 *                      n(n+1)/2 less their totals: Killer's 45 rule); cell_cage[cell] lists
 *                      the ones holding it
 *     combos:          (n <= 16) every set of digits as an n-bit mask, bucketed by
 *                      (size, sum): the digit sets a cage of `size` cells summing to
 *                      `sum` may take
 *
 * The solver's state (search.h's core, shared with nxn.c, plus this file's stacks)
 * --------------------------------------------------------------------------------
 * Two views of the candidates, kept in step, each a 64-bit mask:
 *
 *     cand[cell]:        bit d set while digit d+1 is possible in the cell
 *     places[r * n + d]: bit k set while digit d+1 is possible at position k of
 *                        full region r
 *
 * Every change goes through restrict_cell(), which narrows one cell's mask, clears the
 * matching position bits in its full regions and notices the events below, so nothing
 * is ever rescanned.  A cell is "done" once its digit has been removed from its peers.
 *
 * Inference
 * ---------
 * 1. Naked single: a cell mask down to one bit queues (cell, digit).
 * 2. Hidden single: a places mask down to one bit queues (that cell, digit).
 *    Either mask dropping to zero is a contradiction.
 *    Taking (cell, digit) off the queue assigns it: the digit leaves the peers, and
 *    the digits one above and one below leave the adjacent cells (non-consecutive).
 * 3. Non-consecutive arcs: a cell with adjacent cells whose mask drops to 3 digits or
 *    fewer goes on a stack; each adjacent cell then loses the digits that every one of
 *    those candidates forbids (see arcs).
 * 4. Cages: a sum cage whose cells changed goes on a stack; once the singles run dry,
 *    each one is pruned: its cells keep only the digits of some digit set that sums to
 *    the total, holds the digits already fixed in the cage, has a digit for every cell
 *    and only digits some cell can take (n <= 16: the combos above); for n > 16 a
 *    digit stays while the remaining sum, less the digit, lies between the smallest
 *    and the largest sum the other open cells can make (bounds only).
 * 5. Locked candidates, generalised: a places mask that shrank to 2..SKR_LOCK_MAX places
 *    goes on a "dirty" stack; a cell that is a peer of every place loses the digit, a cell
 *    adjacent to every place loses the digits next to it (see locked).  Pointing and
 *    claiming between boxes and lines are the special case of two full regions.
 * 6. All-different (n >= SKR_AD_MIN_N only, once the search has backtracked SKR_AD_AFTER
 *    times): Regin's matching rule on each full region whose masks changed, as in nxn.c.
 * The rules run in that order of cost: singles first, the matching rule last.
 *
 * Search
 * ------
 * When propagation stalls, guess (cell, digit): "cell = digit" first and, once that
 * branch is exhausted, "cell != digit" (binary branching, so the second branch
 * propagates too).  The cell is chosen by dom/wdeg: fewest candidates per weight, a
 * cell's weight being 1 + the contradictions it took part in so far in this call.
 * The digit is the lowest candidate, or with a seed a random one (splitmix64 state
 * local to the call), so solving an empty grid gives a random solution grid.
 * Backtracking is by an undo trail of (cell, old mask) entries; the search is a loop
 * over an explicit stack of decisions (at most ncells), never a recursion.
 *
 * Small specs
 * -----------
 * A spec of at most 128 cells, 16 digits and 64 full regions without sum cages (X, windoku,
 * anti-knight, anti-king, jigsaw, non-consecutive 9x9 ...) solves on bitboards instead when
 * no seed is given: see "The small path" in rules_small.c (same rules, same counts; the seeded search
 * stays here so that a seed gives the same grid as before).
 */
#include "solve/rules_internal.h"
#include "solve/alldiff.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the solver ---------------------------------------------------------------- */

/* The search core is search.h's (shared with nxn.c): the full regions are its units; what
 * this file adds comes in as its hooks. */
typedef struct {
    sk_search c;         /* the search core's state (search.h) */
    const skr_table *t;
    int n;
    uint32_t *weight;    /* per cell: 1 + contradictions it took part in */
    sk_stack arcs;       /* cells with adjacent cells and at most 3 candidates */
    sk_stack cages;      /* sum cages to prune */
    uint64_t rng;        /* splitmix64 state; 0: no randomness */
} Solver;

static inline void blame_cell(void *v, int p) { ((Solver *)v)->weight[p]++; }

/* A full region with a digit of no place left, or dead for the matching rule: its cells. */
static inline void blame_unit(void *v, int u) {
    Solver *s = (Solver *)v;
    const uint16_t *cells = s->t->full_cells + u * s->n;
    for (int k = 0; k < s->n; k++) s->weight[cells[k]]++;
}

/* Cell p's mask shrank to mask: stack its sum cages, and the cell for the arcs. */
static inline void narrowed(void *v, int p, uint64_t mask) {
    Solver *s = (Solver *)v;
    const skr_table *t = s->t;
    for (int i = t->cc_start[p]; i < t->cc_start[p + 1]; i++) sk_stack_push(&s->cages, (int)t->cell_cage[i]);
    if (t->adj_start[p] < t->adj_start[p + 1] && at_most(mask, 3)) sk_stack_push(&s->arcs, p);
}

static inline void clear_rules(void *v) {
    Solver *s = (Solver *)v;
    sk_stack_clear(&s->arcs);
    sk_stack_clear(&s->cages);
}

static int restrict_cell(void *v, int p, uint64_t keep), assign(void *v, int p, int d), own_rules(void *v),
    locked(void *v, int ud), choose_cell(void *v, uint64_t *bit), propagate(void *v);

/* Cells in any number of full regions; the cages and arcs as the rules run before locked
 * candidates. */
static const sk_hooks HOOKS = {
    .blame_cell = blame_cell, .blame_unit = blame_unit, .narrowed = narrowed,
    .restrict_cell = restrict_cell, .assign = assign, .rule = own_rules, .clear_rules = clear_rules,
    .locked = locked, .choose = choose_cell, .propagate = propagate, .lock = SKR_LOCKED,
    .stop_every = SKR_STOP_EVERY,
};

static int restrict_cell(void *v, int p, uint64_t keep) { return sk_restrict(&((Solver *)v)->c, &HOOKS, v, p, keep); }

static int propagate(void *v) { return sk_propagate(&((Solver *)v)->c, &HOOKS, v); }

/* Cell p takes digit d: the digit leaves the peers, d - 1 and d + 1 leave the adjacent cells. */
static inline int assign(void *v, int p, int d) {
    Solver *s = (Solver *)v;
    const skr_table *t = s->t;
    const uint64_t *cand = s->c.cand;
    uint64_t bit = bit_at(d);
    int rc = sk_assign_peers(&s->c, &HOOKS, s, p, bit, t->peer_start, t->peers);
    if (rc != OK) return rc == IDLE ? OK : rc;
    uint64_t near = ((bit << 1) | (bit >> 1)) & t->full;
    for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) {
        int q = t->adj[i];
        if ((cand[q] & near) && (rc = restrict_cell(s, q, ~near)) != OK) return rc;
    }
    return OK;
}

/* Non-consecutive, beyond assignments: an adjacent cell loses every digit d that all of
 * p's candidates forbid (each e forbids e - 1 and e + 1, and e itself when the cells are
 * also peers), e.g. p in {4, 6} takes 5 from its neighbours, p in {4, 5} a peer neighbour's
 * 4 and 5.  Only masks of at most 3 digits can forbid anything. */
static int arcs(Solver *s, int p) {
    const skr_table *t = s->t;
    uint64_t m = s->c.cand[p], apart = t->full, peer = t->full;
    if (!at_most(m, 3)) return OK;
    for (uint64_t w = m; w; w &= w - 1) {
        uint64_t e = w & (0 - w), near = ((e << 1) | (e >> 1)) & t->full;
        apart &= near;
        peer &= near | e;
    }
    if (!peer) return OK; /* apart is inside peer */
    for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) {
        int q = t->adj[i];
        uint64_t forbid = t->adj_peer[i] ? peer : apart;
        int rc;
        if ((s->c.cand[q] & forbid) && (rc = restrict_cell(s, q, ~forbid)) != OK) return rc;
    }
    return OK;
}

static int is_adjacent(const skr_table *t, int p, int q) {
    for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++)
        if (t->adj[i] == q) return 1;
    return 0;
}

/* Locked candidates, generalised: when digit d of full region r has 2..SKR_LOCK_MAX places
 * left, any cell outside them that is a peer of all of them cannot hold d (a box digit on
 * one row leaves the rest of the row; an X-diagonal or anti-knight digit squeezed into two
 * cells leaves every cell seeing both).  The candidates for that cell are the peers of the
 * first place, tested against the others with the peer bit rows.  Likewise a cell adjacent
 * to every place (non-consecutive) cannot hold d - 1 or d + 1. */
static inline int locked(void *v, int ud) {
    Solver *s = (Solver *)v;
    const skr_table *t = s->t;
    int n = s->n, r = ud / n, d = ud - r * n;
    uint64_t where = s->c.places[ud], bit = bit_at(d);
    if (!more_than_one(where) || !at_most(where, SKR_LOCK_MAX)) return OK;
    int x0 = t->full_cells[r * n + lowest_bit(where)], others[64], k = 0;
    for (uint64_t w = where & (where - 1); w; w &= w - 1) others[k++] = t->full_cells[r * n + lowest_bit(w)];
    if (t->adj_start[x0] < t->adj_start[x0 + 1]) { /* cells adjacent to every place lose d - 1 and d + 1 */
        uint64_t near = ((bit << 1) | (bit >> 1)) & t->full;
        for (int i = t->adj_start[x0]; i < t->adj_start[x0 + 1]; i++) {
            int y = t->adj[i], all = 1, rc;
            if (!(s->c.cand[y] & near)) continue;
            for (int j = 0; j < k && all; j++) all = is_adjacent(t, others[j], y);
            if (all && (rc = restrict_cell(s, y, ~near)) != OK) return rc;
        }
    }
    if (t->words <= SKR_LOCK_WORDS) { /* small grids: AND the peer bit rows (no place is its own peer) */
        int words = t->words;
        uint64_t common[SKR_LOCK_WORDS];
        memcpy(common, t->peer_bits + (size_t)x0 * (size_t)words, (size_t)words * sizeof(uint64_t));
        for (int j = 0; j < k; j++)
            for (int w = 0; w < words; w++) common[w] &= t->peer_bits[(size_t)others[j] * (size_t)words + w];
        for (int w = 0; w < words; w++)
            for (uint64_t b = common[w]; b; b &= b - 1) {
                int y = w * 64 + lowest_bit(b), rc;
                if ((s->c.cand[y] & bit) && (rc = restrict_cell(s, y, ~bit)) != OK) return rc;
            }
        return OK;
    }
    for (int i = t->peer_start[x0]; i < t->peer_start[x0 + 1]; i++) {
        int y = t->peers[i], all = 1;
        if (!(s->c.cand[y] & bit)) continue;
        for (int j = 0; j < k && all; j++) all = is_peer(t, others[j], y);
        int rc;
        if (all && (rc = restrict_cell(s, y, ~bit)) != OK) return rc;
    }
    return OK;
}

static int blame_cage(Solver *s, int c) {
    const skr_table *t = s->t;
    for (int i = t->sum_start[c]; i < t->sum_start[c + 1]; i++) s->weight[t->sum_cells[i]]++;
    return FAIL;
}

/* Prune sum cage c with the digit sets of its size and total (n <= 16). */
static int cage_combos(Solver *s, int c) {
    const skr_table *t = s->t;
    int c0 = t->sum_start[c], c1 = t->sum_start[c + 1], k = c1 - c0, total = t->sum_total[c];
    if (total > t->maxsum) return blame_cage(s, c);
    uint64_t fixed = 0, any = 0;
    for (int i = c0; i < c1; i++) {
        uint64_t m = s->c.cand[t->sum_cells[i]];
        any |= m;
        if (!more_than_one(m)) {
            if (fixed & m) return blame_cage(s, c); /* the same digit fixed twice */
            fixed |= m;
        }
    }
    uint64_t keep = 0;
    const int *bucket = t->combo_start + k * (t->maxsum + 1) + total;
    for (int j = bucket[0]; j < bucket[1]; j++) {
        uint64_t set = t->combos[j];
        if ((set & fixed) != fixed || (set & ~any) || !(set & ~keep)) continue;
        int fits = 1;
        for (int i = c0; i < c1 && fits; i++) fits = (s->c.cand[t->sum_cells[i]] & set) != 0;
        if (fits) keep |= set;
    }
    if (!keep) return blame_cage(s, c);
    for (int i = c0; i < c1; i++) {
        int rc = restrict_cell(s, t->sum_cells[i], keep);
        if (rc != OK) return rc;
    }
    return OK;
}

/* Prune sum cage c by bounds (n > 16): a digit stays in an open cell while the rest of
 * the sum lies between the smallest and the largest sum the other open cells can make
 * from the digits still open in the cage. */
static int cage_bounds(Solver *s, int c) {
    const skr_table *t = s->t;
    int c0 = t->sum_start[c], c1 = t->sum_start[c + 1];
    uint64_t fixed = 0, avail = 0;
    int rest = t->sum_total[c], open = 0;
    for (int i = c0; i < c1; i++) {
        uint64_t m = s->c.cand[t->sum_cells[i]];
        if (more_than_one(m)) {
            avail |= m;
            open++;
        } else {
            if (fixed & m) return blame_cage(s, c);
            fixed |= m;
            rest -= lowest_bit(m) + 1;
        }
    }
    if (open == 0) return rest == 0 ? OK : blame_cage(s, c);
    avail &= ~fixed;
    if (sk_popcount(avail) < open) return blame_cage(s, c);
    /* the open-1 and open smallest (largest) open digits: their sums, and the largest
     * (smallest) digit among the open-1 */
    int lo_sum1 = 0, lo_sum = 0, lo_edge = 0, hi_sum1 = 0, hi_sum = 0, hi_edge = 65;
    uint64_t w = avail;
    for (int i = 0; i < open; i++, w &= w - 1) {
        int v = lowest_bit(w) + 1;
        lo_sum += v;
        if (i < open - 1) lo_sum1 += v, lo_edge = v;
    }
    w = avail;
    for (int i = 0; i < open; i++) {
        int v = 63 - __builtin_clzll(w);
        w &= ~bit_at(v);
        hi_sum += v + 1;
        if (i < open - 1) hi_sum1 += v + 1, hi_edge = v + 1;
    }
    if (rest < lo_sum || rest > hi_sum) return blame_cage(s, c);
    for (int i = c0; i < c1; i++) {
        int q = t->sum_cells[i];
        uint64_t m = s->c.cand[q];
        if (!more_than_one(m)) continue;
        uint64_t keep = 0;
        for (uint64_t x = m & ~fixed; x; x &= x - 1) {
            int v = lowest_bit(x) + 1, r = rest - v;
            int lo = open > 1 && v <= lo_edge ? lo_sum - v : lo_sum1;
            int hi = open > 1 && v >= hi_edge ? hi_sum - v : hi_sum1;
            if (r >= lo && r <= hi) keep |= bit_at(v - 1);
        }
        int rc = restrict_cell(s, q, keep);
        if (rc != OK) return rc;
    }
    return OK;
}

/* search.h's rule hook: one step of the arcs, else of the cages (IDLE when neither is queued). */
static inline int own_rules(void *v) {
    Solver *s = (Solver *)v;
    if (s->arcs.top) return arcs(s, sk_stack_pop(&s->arcs));
    if (s->cages.top) {
        int c = sk_stack_pop(&s->cages);
        return s->n <= 16 ? cage_combos(s, c) : cage_bounds(s, c);
    }
    return IDLE;
}

/* dom/wdeg (search.h): the open cell with the fewest candidates per unit of weight; its lowest
 * digit, or with a seed a random one. */
static int choose_cell(void *v, uint64_t *bit) {
    Solver *s = (Solver *)v;
    return sk_choose_wdeg(&s->c, SKR_WDEG ? s->weight : NULL, &s->rng, bit);
}

int skr_solve(const skr_table *t, const uint8_t *givens, int limit, uint8_t *solution, uint64_t *guesses,
              sk_stop *stop, uint64_t seed) {
    if (guesses) *guesses = 0;
    for (int i = 0; i < t->ncells; i++)
        if (givens[i] > t->n) return -2;
    if (limit < 1) limit = 1;
    if (t->small && seed == 0) return skr_small_solve(t, givens, limit, solution, guesses, stop);
    Solver s;
    memset(&s, 0, sizeof s);
    s.t = t;
    s.n = t->n;
    s.rng = seed;
    size_t cells = (size_t)t->ncells, nsum = (size_t)t->nsum;
    /* this file's own arrays: weight, the arcs' and the cages' stacks (4-byte ones first) */
    uint32_t *own = (uint32_t *)malloc((2 * cells + nsum) * sizeof(uint32_t) + cells + nsum + 8);
    int count = -1;
    if (own && sk_search_init(&s.c, t->n, t->ncells, t->nfull, 2 * t->ncells + t->nfull * t->n + 8, cells * 4 + 64)) {
        s.c.unit_cells = t->full_cells;
        s.c.cell_unit = t->cf_unit;
        s.c.cell_pos = t->cf_pos;
        s.c.cell_units_start = t->cf_start;
        s.weight = own;
        s.arcs.items = own + cells;
        s.cages.items = own + 2 * cells;
        s.arcs.on = (uint8_t *)(own + 2 * cells + nsum);
        s.cages.on = s.arcs.on + cells;
        memset(s.arcs.on, 0, cells + nsum);
        for (size_t i = 0; i < cells; i++)
            s.weight[i] = SKR_WINIT ? (uint32_t)(t->peer_start[i + 1] - t->peer_start[i] + 2 * (t->adj_start[i + 1] - t->adj_start[i]) + 1) : 1;
        for (int c = t->nsum - 1; c >= 0; c--) sk_stack_push(&s.cages, c);
        /* the matching rule pays on big grids only (and waits for the search to fail a few times) */
        count = sk_search_run(&s.c, &HOOKS, &s, givens, limit, solution, guesses, stop,
                              t->n >= SKR_AD_MIN_N && t->nfull > 0, SKR_AD_AFTER);
    }
    free(own);
    sk_search_free(&s.c);
    return count;
}
