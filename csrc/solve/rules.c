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
 * The solver's state (one malloc'ed block per call)
 * -------------------------------------------------
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

/* A trail entry: the cell whose mask changed and its old mask; DONE_MARK in the cell
 * field means "the cell was marked done" instead. */
#define DONE_MARK 0x80000000u
typedef struct {
    uint32_t cell;
    uint64_t old;
} Undo;

/* A decision: roll the trail back to `mark`, then try "cell != bit". */
typedef struct {
    size_t mark;
    int cell;
    uint64_t bit;
} Decision;

typedef struct {
    const skr_table *t;
    int n, ncells, placed;
    uint64_t *cand;      /* ncells masks */
    uint64_t *places;    /* nfull * n masks */
    uint32_t *weight;    /* per cell: 1 + contradictions it took part in */
    uint8_t *done;       /* ncells flags */
    uint32_t *singles;   /* queue of cell * 64 + digit waiting to be assigned */
    int shead, stail, scap;
    uint32_t *arcs;      /* stack of cells with adjacent cells and at most 3 candidates ... */
    uint8_t *arc_dirty;  /* ... and their flags */
    int atop;
    uint32_t *dirty;     /* stack of places indices to check for locked candidates ... */
    uint8_t *is_dirty;   /* ... and their flags */
    int dtop;
    int use_ad;          /* run the all-different matching rule (after SKR_AD_AFTER backtracks) */
    uint32_t *units;     /* stack of full regions waiting for it ... */
    uint8_t *unit_dirty; /* ... and their flags */
    int utop;
    uint8_t *mate;       /* nfull * n: last matching found, digit at position k of region r (a hint only) */
    uint32_t *cages;     /* stack of sum cages to prune ... */
    uint8_t *cage_dirty; /* ... and their flags */
    int ctop;
    Undo *trail;
    size_t tlen, tcap;
    Decision *decisions; /* at most ncells of them */
    uint64_t rng;        /* splitmix64 state; 0: no randomness */
} Solver;

static inline uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static int trail_room(Solver *s) {
    if (s->tlen < s->tcap) return 1;
    size_t cap = s->tcap * 2;
    Undo *t = (Undo *)realloc(s->trail, cap * sizeof(Undo));
    if (!t) return 0;
    s->trail = t;
    s->tcap = cap;
    return 1;
}

static inline void push_single(Solver *s, int cell, int digit) {
    /* each cell and each places mask turns single at most once per propagation, and the
     * givens come once: the queue is sized for that (the test is a guard only) */
    if (s->stail < s->scap) s->singles[s->stail++] = (uint32_t)cell * 64u + (uint32_t)digit;
}

static inline void push_cage(Solver *s, int c) {
    if (!s->cage_dirty[c]) {
        s->cage_dirty[c] = 1;
        s->cages[s->ctop++] = (uint32_t)c;
    }
}

static inline void push_arc(Solver *s, int p) {
    if (!s->arc_dirty[p]) {
        s->arc_dirty[p] = 1;
        s->arcs[s->atop++] = (uint32_t)p;
    }
}

static inline void push_dirty(Solver *s, int ud) {
    if (!s->is_dirty[ud]) {
        s->is_dirty[ud] = 1;
        s->dirty[s->dtop++] = (uint32_t)ud;
    }
}

static inline void push_unit(Solver *s, int r) {
    if (!s->unit_dirty[r]) {
        s->unit_dirty[r] = 1;
        s->units[s->utop++] = (uint32_t)r;
    }
}

static void clear_queues(Solver *s) {
    while (s->utop) s->unit_dirty[s->units[--s->utop]] = 0;
    while (s->atop) s->arc_dirty[s->arcs[--s->atop]] = 0;
    while (s->dtop) s->is_dirty[s->dirty[--s->dtop]] = 0;
    while (s->ctop) s->cage_dirty[s->cages[--s->ctop]] = 0;
    s->shead = s->stail = 0;
}

static int blame_cell(Solver *s, int p) {
    s->weight[p]++;
    return FAIL;
}

/* Narrow cell p's mask to mask & keep, recording the old mask, clearing the removed
 * digits' position bits in p's full regions; queue what became single, stack p's sum
 * cages.  FAIL when the cell or a region digit runs out of room. */
static int restrict_cell(Solver *s, int p, uint64_t keep) {
    uint64_t old = s->cand[p], mask = old & keep;
    if (mask == old) return OK;
    if (!mask) return blame_cell(s, p);
    if (!trail_room(s)) return NOMEM;
    const skr_table *t = s->t;
    s->trail[s->tlen].cell = (uint32_t)p;
    s->trail[s->tlen].old = old;
    s->tlen++;
    s->cand[p] = mask;
    if (!more_than_one(mask) && !s->done[p]) push_single(s, p, lowest_bit(mask));
    for (int i = t->cc_start[p]; i < t->cc_start[p + 1]; i++) push_cage(s, t->cell_cage[i]);
    if (t->adj_start[p] < t->adj_start[p + 1] && at_most(mask, 3)) push_arc(s, p);
    int f0 = t->cf_start[p], f1 = t->cf_start[p + 1], n = s->n;
    if (f0 == f1) return OK;
    if (s->use_ad)
        for (int i = f0; i < f1; i++) push_unit(s, (int)(t->cell_full[i] >> 6));
    for (uint64_t gone = old & ~mask; gone; gone &= gone - 1) {
        int d = lowest_bit(gone);
        for (int i = f0; i < f1; i++) {
            int r = (int)(t->cell_full[i] >> 6), k = (int)(t->cell_full[i] & 63);
            uint64_t left = s->places[r * n + d] &= ~bit_at(k);
            if (!left) {
                for (int j = 0; j < n; j++) s->weight[t->full_cells[r * n + j]]++;
                return FAIL;
            }
            if (!more_than_one(left)) {
                int q = t->full_cells[r * n + lowest_bit(left)];
                if (!s->done[q]) push_single(s, q, d);
            } else if (SKR_LOCKED) {
                push_dirty(s, r * n + d);
            }
        }
    }
    return OK;
}

/* Put back the masks (and places bits) changed since trail length `mark`. */
static void undo_to(Solver *s, size_t mark) {
    const skr_table *t = s->t;
    int n = s->n;
    while (s->tlen > mark) {
        Undo u = s->trail[--s->tlen];
        if (u.cell & DONE_MARK) {
            s->done[u.cell & ~DONE_MARK] = 0;
            s->placed--;
            continue;
        }
        int p = (int)u.cell, f0 = t->cf_start[p], f1 = t->cf_start[p + 1];
        for (uint64_t back = f0 < f1 ? u.old & ~s->cand[p] : 0; back; back &= back - 1) {
            int d = lowest_bit(back);
            for (int i = f0; i < f1; i++)
                s->places[(int)(t->cell_full[i] >> 6) * n + d] |= bit_at((int)(t->cell_full[i] & 63));
        }
        s->cand[p] = u.old;
    }
}

/* Cell p takes digit d: the digit leaves the peers, d - 1 and d + 1 leave the adjacent cells. */
static int assign(Solver *s, int p, int d) {
    const skr_table *t = s->t;
    uint64_t bit = bit_at(d);
    if (!(s->cand[p] & bit)) return blame_cell(s, p);
    if (s->done[p]) return OK; /* queued twice */
    if (!trail_room(s)) return NOMEM;
    s->trail[s->tlen].cell = (uint32_t)p | DONE_MARK;
    s->trail[s->tlen].old = 0;
    s->tlen++;
    s->done[p] = 1;
    s->placed++;
    int rc = restrict_cell(s, p, bit);
    if (rc != OK) return rc;
    for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++) {
        int q = t->peers[i];
        if ((s->cand[q] & bit) && (rc = restrict_cell(s, q, ~bit)) != OK) return rc;
    }
    uint64_t near = ((bit << 1) | (bit >> 1)) & t->full;
    for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) {
        int q = t->adj[i];
        if ((s->cand[q] & near) && (rc = restrict_cell(s, q, ~near)) != OK) return rc;
    }
    return OK;
}

/* Non-consecutive, beyond assignments: an adjacent cell loses every digit d that all of
 * p's candidates forbid (each e forbids e - 1 and e + 1, and e itself when the cells are
 * also peers), e.g. p in {4, 6} takes 5 from its neighbours, p in {4, 5} a peer neighbour's
 * 4 and 5.  Only masks of at most 3 digits can forbid anything. */
static int arcs(Solver *s, int p) {
    const skr_table *t = s->t;
    uint64_t m = s->cand[p], apart = t->full, peer = t->full;
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
        if ((s->cand[q] & forbid) && (rc = restrict_cell(s, q, ~forbid)) != OK) return rc;
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
static int locked(Solver *s, int ud) {
    const skr_table *t = s->t;
    int n = s->n, r = ud / n, d = ud - r * n;
    uint64_t where = s->places[ud], bit = bit_at(d);
    if (!more_than_one(where) || !at_most(where, SKR_LOCK_MAX)) return OK;
    int x0 = t->full_cells[r * n + lowest_bit(where)], others[64], k = 0;
    for (uint64_t w = where & (where - 1); w; w &= w - 1) others[k++] = t->full_cells[r * n + lowest_bit(w)];
    if (t->adj_start[x0] < t->adj_start[x0 + 1]) { /* cells adjacent to every place lose d - 1 and d + 1 */
        uint64_t near = ((bit << 1) | (bit >> 1)) & t->full;
        for (int i = t->adj_start[x0]; i < t->adj_start[x0 + 1]; i++) {
            int y = t->adj[i], all = 1, rc;
            if (!(s->cand[y] & near)) continue;
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
                if ((s->cand[y] & bit) && (rc = restrict_cell(s, y, ~bit)) != OK) return rc;
            }
        return OK;
    }
    for (int i = t->peer_start[x0]; i < t->peer_start[x0 + 1]; i++) {
        int y = t->peers[i], all = 1;
        if (!(s->cand[y] & bit)) continue;
        for (int j = 0; j < k && all; j++) all = is_peer(t, others[j], y);
        int rc;
        if (all && (rc = restrict_cell(s, y, ~bit)) != OK) return rc;
    }
    return OK;
}

/* restrict_cell for sk_alldiff. */
static int restrict_for_alldiff(void *s, int p, uint64_t keep) { return restrict_cell((Solver *)s, p, keep); }

/* All-different (Regin, see alldiff.h) for full region u; a dead region's cells take the blame. */
static int all_different(Solver *s, int u) {
    int n = s->n;
    const uint16_t *cells = s->t->full_cells + u * n;
    int rc = sk_alldiff(n, cells, s->done, s->cand, s->places + u * n, s->mate + u * n, restrict_for_alldiff, s);
    if (rc != SK_ALLDIFF_DEAD) return rc;
    for (int k = 0; k < n; k++) s->weight[cells[k]]++;
    return FAIL;
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
        uint64_t m = s->cand[t->sum_cells[i]];
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
        for (int i = c0; i < c1 && fits; i++) fits = (s->cand[t->sum_cells[i]] & set) != 0;
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
        uint64_t m = s->cand[t->sum_cells[i]];
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
        uint64_t m = s->cand[q];
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

/* Run the queued singles, then the stacked cages, to a fixed point (or the first
 * contradiction).  The queues are empty afterwards. */
static int propagate(Solver *s) {
    int rc = OK, small = s->n <= 16;
    for (;;) {
        while (s->shead < s->stail) {
            uint32_t item = s->singles[s->shead++];
            if ((rc = assign(s, (int)(item >> 6), (int)(item & 63))) != OK) goto out;
        }
        if (s->atop) {
            int p = (int)s->arcs[--s->atop];
            s->arc_dirty[p] = 0;
            if ((rc = arcs(s, p)) != OK) goto out;
        } else if (s->ctop) {
            int c = (int)s->cages[--s->ctop];
            s->cage_dirty[c] = 0;
            if ((rc = small ? cage_combos(s, c) : cage_bounds(s, c)) != OK) goto out;
        } else if (s->dtop) {
            int ud = (int)s->dirty[--s->dtop];
            s->is_dirty[ud] = 0;
            if ((rc = locked(s, ud)) != OK) goto out;
        } else if (s->utop) {
            /* the costliest rule last; the region stays flagged while it is checked, so its
             * own removals do not queue it again */
            int u = (int)s->units[--s->utop];
            rc = all_different(s, u);
            s->unit_dirty[u] = 0;
            if (rc != OK) goto out;
        } else {
            break;
        }
    }
out:
    clear_queues(s);
    return rc;
}

/* dom/wdeg: the open cell with the fewest candidates per unit of weight. */
static int choose_cell(const Solver *s) {
    int best = -1;
    uint64_t best_k = 1, best_w = 0;
    for (int p = 0; p < s->ncells; p++) {
        if (s->done[p]) continue;
        uint64_t k = (uint64_t)sk_popcount(s->cand[p]), w = SKR_WDEG ? s->weight[p] : 1;
        if (k * best_w < best_k * w) { /* k / w < best_k / best_w */
            best = p;
            best_k = k;
            best_w = w;
        }
    }
    return best;
}

static int search(Solver *s, const uint8_t *givens, int limit, uint8_t *solution, uint64_t *guesses,
                  sk_stop *stop) {
    int count = 0, depth = 0;
    uint64_t guessed = 0, failures = 0;
    /* the matching rule pays on big grids only (and waits for the search to fail a few times) */
    int want_ad = s->n >= SKR_AD_MIN_N && s->t->nfull > 0;
    for (int i = 0; i < s->ncells; i++)
        if (givens[i]) push_single(s, i, givens[i] - 1);
    for (int c = s->t->nsum - 1; c >= 0; c--) push_cage(s, c);
    int rc = propagate(s); /* the root's trail is never undone */
    for (;;) {
        if (rc == NOMEM) return -1;
        if (rc == OK) {
            if (s->placed == s->ncells) {
                if (count == 0 && solution)
                    for (int i = 0; i < s->ncells; i++) solution[i] = (uint8_t)(lowest_bit(s->cand[i]) + 1);
                if (++count >= limit) break;
            } else {
                if (sk_stop_tick(stop, SKR_STOP_EVERY)) break;
                int cell = choose_cell(s);
                uint64_t m = s->cand[cell];
                uint64_t bit = s->rng ? nth_bit(m, (int)(next_random(&s->rng) % (uint64_t)sk_popcount(m)))
                                      : m & (0 - m);
                Decision *dec = &s->decisions[depth++];
                dec->mark = s->tlen;
                dec->cell = cell;
                dec->bit = bit;
                guessed++;
                push_single(s, cell, lowest_bit(bit));
                rc = propagate(s);
                continue;
            }
        }
        /* contradiction or a solution counted: take back the newest decision */
        if (depth == 0) break;
        Decision dec = s->decisions[--depth];
        undo_to(s, dec.mark);
        int switch_on = want_ad && !s->use_ad && ++failures >= SKR_AD_AFTER;
        if (switch_on) s->use_ad = 1;
        rc = restrict_cell(s, dec.cell, ~dec.bit);
        if (rc == OK && switch_on) /* just switched on: check every region once */
            for (int u = s->t->nfull - 1; u >= 0; u--) push_unit(s, u);
        rc = rc == OK ? propagate(s) : (clear_queues(s), rc);
    }
    if (guesses) *guesses = guessed;
    return count;
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
    s.ncells = t->ncells;
    s.scap = 2 * t->ncells + t->nfull * t->n + 8;
    s.rng = seed;
    size_t cells = (size_t)t->ncells, nplaces = (size_t)t->nfull * (size_t)t->n, nsum = (size_t)t->nsum;
    /* 8-byte arrays first, then 4- and 1-byte ones: every array stays aligned */
    size_t bytes = cells * sizeof(uint64_t)                /* cand */
                   + nplaces * sizeof(uint64_t)            /* places */
                   + cells * sizeof(Decision)              /* decisions */
                   + (size_t)s.scap * sizeof(uint32_t)     /* singles */
                   + cells * sizeof(uint32_t)              /* weight */
                   + nsum * sizeof(uint32_t)               /* cages */
                   + (size_t)t->nfull * sizeof(uint32_t)   /* units */
                   + (size_t)t->nfull                      /* unit_dirty */
                   + nplaces                               /* mate */
                   + cells * sizeof(uint32_t)              /* arcs */
                   + nplaces * sizeof(uint32_t)            /* dirty */
                   + cells                                 /* done */
                   + cells                                 /* arc_dirty */
                   + nplaces                               /* is_dirty */
                   + nsum + 8;                             /* cage_dirty */
    char *block = (char *)malloc(bytes);
    s.tcap = cells * 4 + 64;
    s.trail = (Undo *)malloc(s.tcap * sizeof(Undo));
    if (!block || !s.trail) {
        free(block);
        free(s.trail);
        return -1;
    }
    char *at = block;
    s.cand = (uint64_t *)at, at += cells * sizeof(uint64_t);
    s.places = (uint64_t *)at, at += nplaces * sizeof(uint64_t);
    s.decisions = (Decision *)at, at += cells * sizeof(Decision);
    s.singles = (uint32_t *)at, at += (size_t)s.scap * sizeof(uint32_t);
    s.weight = (uint32_t *)at, at += cells * sizeof(uint32_t);
    s.cages = (uint32_t *)at, at += nsum * sizeof(uint32_t);
    s.units = (uint32_t *)at, at += (size_t)t->nfull * sizeof(uint32_t);
    s.arcs = (uint32_t *)at, at += cells * sizeof(uint32_t);
    s.dirty = (uint32_t *)at, at += nplaces * sizeof(uint32_t);
    s.done = (uint8_t *)at, at += cells;
    s.arc_dirty = (uint8_t *)at, at += cells;
    s.is_dirty = (uint8_t *)at, at += nplaces;
    s.unit_dirty = (uint8_t *)at, at += t->nfull;
    s.mate = (uint8_t *)at, at += nplaces;
    memset(s.unit_dirty, 0, (size_t)t->nfull);
    for (size_t i = 0; i < nplaces; i++) s.mate[i] = (uint8_t)(i % (size_t)t->n); /* any start: a hint */
    s.cage_dirty = (uint8_t *)at;
    memset(s.arc_dirty, 0, cells);
    memset(s.is_dirty, 0, nplaces);
    for (size_t i = 0; i < cells; i++) {
        s.cand[i] = t->full;
        s.weight[i] = SKR_WINIT ? (uint32_t)(t->peer_start[i + 1] - t->peer_start[i] + 2 * (t->adj_start[i + 1] - t->adj_start[i]) + 1) : 1;
        s.done[i] = 0;
    }
    for (size_t i = 0; i < nplaces; i++) s.places[i] = t->full; /* n positions, like n digits */
    memset(s.cage_dirty, 0, nsum);
    int count = search(&s, givens, limit, solution, guesses, stop);
    free(block);
    free(s.trail);
    return count;
}
