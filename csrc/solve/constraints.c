/* constraints.c - the search of the constraint solver (constraints.h): the primitives of a
 * table propagated to a fixed point, then depth-first guesses, on search.h's core (the one
 * nxn.c and rules.c share: trail, singles, places, binary branching, stop).
 *
 * The state
 * ---------
 * The AllDifferent primitives of exactly n different cells (rows, columns, boxes, full
 * diagonals, extra regions of n cells) are the core's units: a placed digit leaves the cell's
 * peers (every cell sharing any AllDifferent with it), a digit down to one place in a unit is
 * placed there (hidden single), a unit digit without a place is a contradiction, and (with
 * SKC_LOCKED) a digit squeezed into 2..SKC_LOCK_MAX places of a unit leaves every cell that
 * sees all of them (locked candidates).  That is what the Python twin's AllDifferent prune does
 * for such a group (and more with the locked candidates, which are off by default: on the
 * benchmark's 9x9 constraint puzzles the search was faster without them, fewer removals costing
 * less than the extra guesses); every removal stays one no solution uses.
 *
 * Every other primitive (AllDifferent of other sizes too) watches its cells: a cell's mask
 * that shrinks puts them on a stack, and the core's rule hook runs them one at a time
 * (skc_prune, constraints_prune.c, the same pruning as sudokit/engine/constraints.py), after
 * the singles at the root and before each single below it (SK_RULES_FIRST, search.h: a guess
 * that breaks a primitive fails before its singles cascade), until nothing is queued.  Every primitive is
 * queued once when the table is built (skc_root): that fixed point of the primitives without any
 * given is the table's root, the state each solve starts from with its givens queued as singles
 * (the fixed point of monotone prunes does not depend on their order, so the search is the same).  A complete assignment at a fixed point satisfies every primitive
 * (each prune is exact when its cells are all placed), so it is a solution.
 *
 * The search
 * ----------
 * When propagation stalls, the core guesses on the open cell with the fewest candidates per
 * unit of weight (dom/wdeg, as rules.c: a cell's weight is 1 + its peers and primitives, plus
 * the contradictions it took part in so far in this call; the Python twin takes the fewest
 * candidates), its lowest digit (with a seed, a random one): "cell = digit", then
 * "cell != digit".  Working memory is one allocation per call; nothing is global.
 */
#include "solve/constraints_internal.h"
#include "solve/search.h"

#include <stdlib.h>
#include <string.h>

#ifndef SKC_LOCKED
#define SKC_LOCKED 0            /* locked candidates (off: measured cheaper without, benchmarks/constraints_speed.py) */
#endif
#define SKC_LOCK_MAX 4          /* locked candidates for unit digits with at most this many places */
#define SKC_STOP_EVERY 16u      /* guesses between two looks at the clock */

typedef struct {
    sk_search c;        /* the core's state (search.h) */
    const skc_table *t;
    sk_stack prims;     /* primitives waiting to prune */
    uint64_t *keep;     /* max_cells masks: a prune's answer */
    uint64_t *scratch;  /* t->scratch_words */
    uint32_t *weight;   /* per cell: 1 + the contradictions it took part in (dom/wdeg) */
    uint64_t rng;       /* splitmix64 state; 0: no randomness */
} Solver;

/* dom/wdeg: a cell's weight grows with the contradictions it takes part in. */
static inline void blame_cell(void *v, int p) { ((Solver *)v)->weight[p]++; }

static inline void blame_unit(void *v, int u) {
    Solver *s = (Solver *)v;
    const uint16_t *cells = s->t->unit_cells + u * s->t->n;
    for (int k = 0; k < s->t->n; k++) s->weight[cells[k]]++;
}

static inline void blame_prim(Solver *s, int p) {
    const skc_table *t = s->t;
    for (int i = t->cstart[p]; i < t->cstart[p + 1]; i++) s->weight[t->cells[i]]++;
}

/* Cell p's mask shrank: queue the primitives watching it. */
static inline void narrowed(void *v, int p, uint64_t mask) {
    Solver *s = (Solver *)v;
    const skc_table *t = s->t;
    (void)mask;
    for (int i = t->watch_start[p]; i < t->watch_start[p + 1]; i++) sk_stack_push(&s->prims, t->watch[i]);
}

static inline void clear_rules(void *v) { sk_stack_clear(&((Solver *)v)->prims); }

static int restrict_cell(void *v, int p, uint64_t keep), assign(void *v, int p, int d), own_rules(void *v),
    locked(void *v, int ud), choose_cell(void *v, uint64_t *bit), propagate(void *v);

static const sk_hooks HOOKS = {
    .blame_cell = blame_cell, .blame_unit = blame_unit, .narrowed = narrowed, .restrict_cell = restrict_cell,
    .assign = assign, .rule = own_rules, .clear_rules = clear_rules, .locked = locked, .choose = choose_cell,
    .propagate = propagate, .lock = SKC_LOCKED, .stop_every = SKC_STOP_EVERY, .copy = SK_COPY, .rules_first = SK_RULES_FIRST,
};

static int restrict_cell(void *v, int p, uint64_t keep) { return sk_restrict(&((Solver *)v)->c, &HOOKS, v, p, keep); }

static int propagate(void *v) { return sk_propagate(&((Solver *)v)->c, &HOOKS, v); }

/* Cell p takes digit d: the digit leaves its peers. */
static inline int assign(void *v, int p, int d) {
    Solver *s = (Solver *)v;
    int rc = sk_assign_peers(&s->c, &HOOKS, s, p, bit_at(d), s->t->peer_start, s->t->peers);
    return rc == IDLE ? OK : rc;
}

/* The rule hook: one queued primitive pruned, its cells narrowed (IDLE when none is queued). */
static int own_rules(void *v) {
    Solver *s = (Solver *)v;
    if (!s->prims.top) return IDLE;
    const skc_table *t = s->t;
    int p = sk_stack_pop(&s->prims), rc = OK;
    if (!skc_prune(t, p, s->c.cand, s->keep, s->scratch)) return blame_prim(s, p), FAIL;
    /* a primitive whose prune settles in one run stays flagged while its removals are made, so
     * they do not queue it again (the next run would remove nothing) */
    s->prims.on[p] = t->settles[p];
    for (int i = t->cstart[p], j = 0; i < t->cstart[p + 1] && rc == OK; i++, j++) {
        int q = t->cells[i];
        if (s->c.cand[q] & ~s->keep[j]) rc = restrict_cell(s, q, s->keep[j]); /* a call only to narrow */
    }
    s->prims.on[p] = 0;
    return rc;
}

/* Locked candidates: digit d of unit u has 2..SKC_LOCK_MAX places left; a cell seeing all of
 * them (a peer of each) cannot hold d. */
static int locked(void *v, int ud) {
    Solver *s = (Solver *)v;
    const skc_table *t = s->t;
    int n = t->n, u = ud / n, d = ud - u * n;
    uint64_t where = s->c.places[ud], bit = bit_at(d);
    if (!more_than_one(where) || sk_popcount(where) > SKC_LOCK_MAX) return OK;
    int x0 = t->unit_cells[u * n + lowest_bit(where)], others[SKC_LOCK_MAX], k = 0;
    for (uint64_t w = where & (where - 1); w; w &= w - 1) others[k++] = t->unit_cells[u * n + lowest_bit(w)];
    for (int i = t->peer_start[x0]; i < t->peer_start[x0 + 1]; i++) {
        int y = t->peers[i], all = 1, rc;
        if (!(s->c.cand[y] & bit)) continue;
        for (int j = 0; j < k && all; j++) all = skc_is_peer(t, others[j], y);
        if (all && (rc = restrict_cell(s, y, ~bit)) != OK) return rc;
    }
    return OK;
}

/* dom/wdeg (search.h): the open cell with the fewest candidates per unit of weight; its lowest
 * digit, or with a seed a random one. */
static int choose_cell(void *v, uint64_t *bit) {
    Solver *s = (Solver *)v;
    return sk_choose_wdeg(&s->c, s->weight, &s->rng, bit);
}

/* Set up a solver (every primitive queued); 0 when memory ran out (solver_free still due). */
static int solver_init(Solver *s, const skc_table *t, uint64_t seed, void **block) {
    memset(s, 0, sizeof *s);
    s->t = t;
    s->rng = seed;
    size_t np = (size_t)t->nprims;
    size_t words = (size_t)t->max_cells + t->scratch_words + 1, cells = (size_t)t->ncells;
    char *own = malloc(words * sizeof(uint64_t) + (np + cells) * sizeof(uint32_t) + np + 8);
    *block = own;
    int scap = 2 * t->ncells + t->nunits * t->n + 8;
    /* SK_COPY: no trail is ever written (one entry is allocated all the same) */
    if (!own || !sk_search_init(&s->c, t->n, t->ncells, t->nunits, scap, 1)) return 0;
    s->keep = (uint64_t *)own;
    s->scratch = s->keep + t->max_cells;
    s->prims.items = (uint32_t *)(s->keep + words);
    s->weight = s->prims.items + np;
    s->prims.on = (uint8_t *)(s->weight + cells);
    memcpy(s->weight, t->weight0, cells * sizeof(uint32_t)); /* dom/deg at first (skc_table's weight0) */
    memset(s->prims.on, 0, np);
    s->c.unit_cells = t->unit_cells;
    s->c.cell_unit = t->cu_unit;
    s->c.cell_pos = t->cu_pos;
    s->c.cell_units_start = t->cu_start;
    if (t->root_cand) { /* the table's root: a fixed point of every primitive, nothing to queue */
        size_t nplaces = (size_t)t->nunits * (size_t)t->n;
        memcpy(s->c.cand, t->root_cand, cells * sizeof(uint64_t));
        memcpy(s->c.places, t->root_cand + cells, nplaces * sizeof(uint64_t));
        memcpy(s->c.done, t->root_cand + cells + nplaces, cells);
        s->c.placed = t->root_placed;
    } else {
        for (int p = t->nprims - 1; p >= 0; p--)
            if (!t->is_unit[p] && !t->implied[p]) sk_stack_push(&s->prims, p);
    }
    return 1;
}

int skc_root(skc_table *t) {
    Solver s;
    void *block;
    int rc = NOMEM;
    if (solver_init(&s, t, 0, &block)) rc = propagate(&s);
    if (rc == FAIL) {
        t->root_dead = 1;
    } else if (rc == OK) {
        size_t cells = (size_t)t->ncells, nplaces = (size_t)t->nunits * (size_t)t->n;
        t->root_cand = malloc((cells + nplaces + (cells + 7) / 8) * sizeof(uint64_t));
        if (t->root_cand) {
            memcpy(t->root_cand, s.c.cand, cells * sizeof(uint64_t));
            memcpy(t->root_cand + cells, s.c.places, nplaces * sizeof(uint64_t));
            memcpy(t->root_cand + cells + nplaces, s.c.done, cells);
            t->root_placed = s.c.placed;
        } else {
            rc = NOMEM;
        }
    }
    free(block);
    sk_search_free(&s.c);
    return rc != NOMEM;
}

static int above_n(const skc_table *t, const uint8_t *givens) {
    for (int i = 0; i < t->ncells; i++)
        if (givens[i] > t->n) return 1;
    return 0;
}

int skc_solve(const skc_table *t, const uint8_t *givens, int limit, uint8_t *solution, uint64_t *guesses,
              sk_stop *stop, uint64_t seed) {
    if (guesses) *guesses = 0;
    if (above_n(t, givens)) return -2;
    if (t->root_dead) return 0;
    if (limit < 1) limit = 1;
    Solver s;
    void *block;
    int count = -1;
    if (solver_init(&s, t, seed, &block))
        count = sk_search_run(&s.c, &HOOKS, &s, givens, limit, solution, guesses, stop, 0, 0);
    free(block);
    sk_search_free(&s.c);
    return count;
}

int skc_candidates(const skc_table *t, const uint8_t *givens, uint64_t *out) {
    if (above_n(t, givens)) return -2;
    if (t->root_dead) return 0;
    Solver s;
    void *block;
    int rc = NOMEM;
    if (solver_init(&s, t, 0, &block)) {
        for (int i = 0; i < t->ncells; i++)
            if (givens[i]) sk_push_single(&s.c, i, givens[i] - 1);
        rc = propagate(&s);
        if (rc == OK) memcpy(out, s.c.cand, (size_t)t->ncells * sizeof(uint64_t));
    }
    free(block);
    sk_search_free(&s.c);
    return rc == OK ? 1 : rc == FAIL ? 0 : -1;
}
