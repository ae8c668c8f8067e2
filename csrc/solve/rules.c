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
 * no seed is given: see "The small path" below (same rules, same counts; the seeded search
 * stays here so that a seed gives the same grid as before).
 */
#include "solve/rules.h"
#include "solve/alldiff.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SKR_WDEG
#define SKR_WDEG 1 /* dom/wdeg guesses (0: fewest candidates) */
#endif
#ifndef SKR_WINIT
#define SKR_WINIT 1 /* a cell's starting weight: 1 + its peers + twice its adjacent cells (dom/deg at first) */
#endif
#ifndef SKR_AD_MIN_N
#define SKR_AD_MIN_N 36 /* grids of n digits from this up use the all-different rule ... */
#endif
#ifndef SKR_AD_AFTER
#define SKR_AD_AFTER 64 /* ... once the search has backtracked this many times */
#endif
#ifndef SKR_LOCKED
#define SKR_LOCKED 1 /* generalised locked candidates (see locked) */
#endif
#ifndef SKR_LOCK_WORDS
#define SKR_LOCK_WORDS 8 /* grids of up to 64 * this many cells AND peer bit rows in locked() */
#endif
#ifndef SKR_SMALL
#define SKR_SMALL 1 /* the bitboard path for small specs (see "The small path") */
#endif
#ifndef SKR_SMALL_ADJ
#define SKR_SMALL_ADJ 1 /* ... also with non-consecutive pairs */
#endif
#define SKR_SMALL_CELLS 128 /* its limits: cells, digits (16), full regions (64) */
#ifndef SKR_LOCK_MAX
#define SKR_LOCK_MAX 4 /* ... for region digits with at most this many places left */
#endif

/* The most work a spec may ask for: k * k + 1 per region or cage of k cells, 2 per pair. */
#define SKR_MAX_WORK (1L << 26)

/* ---- tiny bit helpers ------------------------------------------------------ */

static inline int more_than_one(uint64_t x) { return (x & (x - 1)) != 0; }
static inline int bit_count(uint64_t x) { return __builtin_popcountll(x); }
/* At most k bits set (k small: cheaper than a popcount call without the instruction). */
static inline int at_most(uint64_t x, int k) {
    while (k-- > 0) x &= x - 1;
    return x == 0;
}
static inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t bit_at(int i) { return (uint64_t)1 << i; }
/* `len` consecutive bits from bit 0 (len may be 64). */
static inline uint64_t low_bits(int len) { return len >= 64 ? ~(uint64_t)0 : bit_at(len) - 1; }
/* The i-th set bit of x (i < bit_count(x)), as a one-bit mask. */
static inline uint64_t nth_bit(uint64_t x, int i) {
    while (i-- > 0) x &= x - 1;
    return x & (0 - x);
}

/* ---- the table --------------------------------------------------------------- */

/* A set of at most 128 cells. */
typedef struct {
    uint64_t lo, hi;
} Cells;

/* The bitboard tables of a small spec (see "The small path"). */
typedef struct {
    Cells all;              /* the ncells cells */
    Cells peers[SKR_SMALL_CELLS];
    Cells adj[SKR_SMALL_CELLS];
    Cells adj_apart[SKR_SMALL_CELLS]; /* the adjacent cells that are not peers */
    Cells adj_peer[SKR_SMALL_CELLS];  /* the adjacent cells that are peers too */
    int has_adj;                      /* any adjacent pairs at all */
    Cells region[64];       /* the full regions */
    uint64_t in_full[SKR_SMALL_CELLS];   /* bit r: the cell lies in full region r */
    uint64_t peer_full[SKR_SMALL_CELLS]; /* bit r: a peer of the cell lies in full region r */
    uint64_t adj_full[SKR_SMALL_CELLS];  /* bit r: an adjacent cell lies in full region r */
} Small;

struct skr_table {
    int n, ncells, nfull, nsum, maxsum;
    uint64_t full;            /* the n digit bits */
    int *peer_start;          /* ncells + 1 */
    uint16_t *peers;
    int *adj_start;           /* ncells + 1 */
    uint16_t *adj;
    uint8_t *adj_peer;        /* per adj entry: 1 when the two cells are also peers */
    int words;                /* 64-bit words per row of peer_bits */
    uint64_t *peer_bits;      /* ncells rows of ncells bits: bit q of row p set when q is a peer of p */
    uint16_t *full_cells;     /* nfull * n */
    int *cf_start;            /* ncells + 1 */
    uint32_t *cell_full;      /* region * 64 + position */
    int *sum_start;           /* nsum + 1: the cells of each sum cage */
    uint16_t *sum_cells;
    int *sum_total;           /* nsum */
    int *cc_start;            /* ncells + 1 */
    uint32_t *cell_cage;      /* sum cages holding the cell */
    int *combo_start;         /* (n + 1) * (maxsum + 1) + 1 buckets, n <= 16 only */
    uint16_t *combos;
    Small *small;             /* the bitboard tables (see below), NULL when the spec does not fit */
};

static inline int is_peer(const skr_table *t, int p, int q) {
    return (int)(t->peer_bits[(size_t)p * (size_t)t->words + (size_t)q / 64] >> (q % 64)) & 1;
}

int skr_table_n(const skr_table *t) { return t->n; }
int skr_table_ncells(const skr_table *t) { return t->ncells; }

void skr_table_free(skr_table *t) {
    if (!t) return;
    free(t->peer_start);
    free(t->peers);
    free(t->adj_start);
    free(t->adj);
    free(t->adj_peer);
    free(t->peer_bits);
    free(t->full_cells);
    free(t->cf_start);
    free(t->cell_full);
    free(t->sum_start);
    free(t->sum_cells);
    free(t->sum_total);
    free(t->cc_start);
    free(t->cell_cage);
    free(t->combo_start);
    free(t->combos);
    free(t->small);
    free(t);
}

static void *fail_with(char *error, size_t size, const char *message, long a, long b) {
    if (error && size) snprintf(error, size, message, a, b);
    return NULL;
}

/* Check one list of cells (a region or a cage): in range, no cell twice, at most n.
 * `stamp` holds ncells ints, `tag` is a value not yet used in it. */
static int check_list(const int *cells, int count, int n, int ncells, int *stamp, int tag, const char *what,
                      int index, char *error, size_t size) {
    char message[96];
    if (count > n) {
        snprintf(message, sizeof message, "%s %%ld has %%ld cells, more than n = %d", what, n);
        fail_with(error, size, message, index, count);
        return 0;
    }
    for (int i = 0; i < count; i++) {
        int c = cells[i];
        if (c < 0 || c >= ncells) {
            snprintf(message, sizeof message, "%s %%ld: cell %%ld out of range 0..%d", what, ncells - 1);
            fail_with(error, size, message, index, c);
            return 0;
        }
        if (stamp[c] == tag) {
            snprintf(message, sizeof message, "%s %%ld: cell %%ld appears twice", what);
            fail_with(error, size, message, index, c);
            return 0;
        }
        stamp[c] = tag;
    }
    return 1;
}

static int check_pairs(const int *pairs, int count, int ncells, const char *what, char *error, size_t size) {
    char message[96];
    for (int i = 0; i < count; i++) {
        int a = pairs[2 * i], b = pairs[2 * i + 1];
        if (a < 0 || a >= ncells || b < 0 || b >= ncells) {
            snprintf(message, sizeof message, "%s pair %%ld: a cell out of range 0..%d (%%ld)", what, ncells - 1);
            fail_with(error, size, message, i, a < 0 || a >= ncells ? a : b);
            return 0;
        }
        if (a == b) {
            snprintf(message, sizeof message, "%s pair %%ld joins cell %%ld to itself", what);
            fail_with(error, size, message, i, a);
            return 0;
        }
    }
    return 1;
}

/* The digit sets of n <= 16 digits, bucketed by (size, sum of digits 1..n). */
static int build_combos(skr_table *t) {
    int n = t->n, buckets = (n + 1) * (t->maxsum + 1);
    uint32_t subsets = (uint32_t)1 << n;
    t->combo_start = (int *)calloc((size_t)buckets + 1, sizeof(int));
    t->combos = (uint16_t *)malloc(subsets * sizeof(uint16_t));
    if (!t->combo_start || !t->combos) return 0;
    /* count, prefix, then place: a counting sort by bucket */
    for (uint32_t m = 0; m < subsets; m++) {
        int sum = 0;
        for (uint32_t w = m; w; w &= w - 1) sum += lowest_bit(w) + 1;
        t->combo_start[bit_count(m) * (t->maxsum + 1) + sum + 1]++;
    }
    for (int b = 0; b < buckets; b++) t->combo_start[b + 1] += t->combo_start[b];
    int *fill = (int *)malloc((size_t)buckets * sizeof(int));
    if (!fill) return 0;
    memcpy(fill, t->combo_start, (size_t)buckets * sizeof(int));
    for (uint32_t m = 0; m < subsets; m++) {
        int sum = 0;
        for (uint32_t w = m; w; w &= w - 1) sum += lowest_bit(w) + 1;
        t->combos[fill[bit_count(m) * (t->maxsum + 1) + sum]++] = (uint16_t)m;
    }
    free(fill);
    return 1;
}

static inline void cells_add(Cells *c, int p) {
    if (p < 64) c->lo |= bit_at(p);
    else c->hi |= bit_at(p - 64);
}

/* The bitboard tables of a spec with at most 128 cells, 16 digits, 64 full regions and no sums. */
static int build_small(skr_table *t) {
    Small *sm = (Small *)calloc(1, sizeof(Small));
    if (!sm) return 0;
    for (int p = 0; p < t->ncells; p++) {
        cells_add(&sm->all, p);
        for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++) cells_add(&sm->peers[p], t->peers[i]);
        for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) {
            cells_add(&sm->adj[p], t->adj[i]);
            cells_add(t->adj_peer[i] ? &sm->adj_peer[p] : &sm->adj_apart[p], t->adj[i]);
            sm->has_adj = 1;
        }
    }
    for (int r = 0; r < t->nfull; r++)
        for (int k = 0; k < t->n; k++) {
            int p = t->full_cells[r * t->n + k];
            cells_add(&sm->region[r], p);
            sm->in_full[p] |= bit_at(r);
        }
    for (int p = 0; p < t->ncells; p++) {
        for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++) sm->peer_full[p] |= sm->in_full[t->peers[i]];
        for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) sm->adj_full[p] |= sm->in_full[t->adj[i]];
    }
    t->small = sm;
    return 1;
}

skr_table *skr_table_new(const skr_spec *sp, char *error, size_t esize) {
    if (error && esize) error[0] = 0;
    int n = sp->n, ncells = sp->ncells;
    if (n < 2 || n > SKR_MAX_N) return fail_with(error, esize, "n must be from 2 to 64, not %ld", n, 0);
    if (ncells < 1 || ncells > SKR_MAX_CELLS)
        return fail_with(error, esize, "ncells must be from 1 to 4096, not %ld", ncells, 0);
    if (sp->nregions < 0 || sp->ndiffer < 0 || sp->nadjacent < 0 || sp->ncages < 0)
        return fail_with(error, esize, "negative list count", 0, 0);
    int *stamp = (int *)malloc((size_t)ncells * sizeof(int));
    int *deg = (int *)calloc((size_t)ncells + 1, sizeof(int));
    skr_table *t = (skr_table *)calloc(1, sizeof(skr_table));
    int *edge_start = NULL;
    uint16_t *edges = NULL;
    if (!stamp || !deg || !t) goto nomem;
    for (int i = 0; i < ncells; i++) stamp[i] = -1;
    t->n = n;
    t->ncells = ncells;
    t->full = low_bits(n);
    t->maxsum = n * (n + 1) / 2;

    /* check every list; count the full regions, the sum cages and each cell's edges (a
     * bounded number of them, so that no int offset can overflow) */
    int tag = 0;
    long long work = (long long)sp->nadjacent * 2;
    for (int r = 0; r < sp->nregions; r++) {
        int k = sp->region_start[r + 1] - sp->region_start[r];
        if (k < 0) {
            fail_with(error, esize, "region %ld has a negative length", r, 0);
            goto bad;
        }
        /* an empty list may come as a NULL array: no pointer arithmetic on it */
        if (k && !check_list(sp->region_cells + sp->region_start[r], k, n, ncells, stamp, tag++, "region", r,
                             error, esize))
            goto bad;
        if (k == n) t->nfull++;
        if ((work += (long long)k * k + 1) > SKR_MAX_WORK) goto too_big;
        for (int i = 0; i < k; i++) deg[sp->region_cells[sp->region_start[r] + i]] += k - 1;
    }
    for (int c = 0; c < sp->ncages; c++) {
        int k = sp->cage_start[c + 1] - sp->cage_start[c];
        if (k < 0) {
            fail_with(error, esize, "cage %ld has a negative length", c, 0);
            goto bad;
        }
        if (k && !check_list(sp->cage_cells + sp->cage_start[c], k, n, ncells, stamp, tag++, "cage", c, error,
                             esize))
            goto bad;
        if (sp->cage_total[c] < 0) {
            fail_with(error, esize, "cage %ld has a negative total %ld", c, sp->cage_total[c]);
            goto bad;
        }
        if (sp->cage_total[c] > 0) t->nsum++;
        if ((work += (long long)k * k + 1) > SKR_MAX_WORK) goto too_big;
        for (int i = 0; i < k; i++) deg[sp->cage_cells[sp->cage_start[c] + i]] += k - 1;
    }
    if (!check_pairs(sp->differ, sp->ndiffer, ncells, "differ", error, esize) ||
        !check_pairs(sp->adjacent, sp->nadjacent, ncells, "adjacent", error, esize))
        goto bad;
    if ((work += 2LL * sp->ndiffer) > SKR_MAX_WORK) goto too_big;
    for (int i = 0; i < sp->ndiffer; i++) {
        deg[sp->differ[2 * i]]++;
        deg[sp->differ[2 * i + 1]]++;
    }

    /* peers: every edge, then each cell's list without repeats (a bounded number of them: a
     * huge spec is refused rather than overflowing the int offsets) */

    edge_start = (int *)malloc(((size_t)ncells + 1) * sizeof(int));
    if (!edge_start) goto nomem;
    edge_start[0] = 0;
    for (int p = 0; p < ncells; p++) edge_start[p + 1] = edge_start[p] + deg[p];
    edges = (uint16_t *)malloc(((size_t)edge_start[ncells] + 1) * sizeof(uint16_t));
    if (!edges) goto nomem;
    for (int p = 0; p < ncells; p++) deg[p] = edge_start[p]; /* now the fill position */
    for (int pass = 0; pass < 2; pass++) {
        int count = pass ? sp->ncages : sp->nregions;
        const int *start = pass ? sp->cage_start : sp->region_start;
        const int *cells = pass ? sp->cage_cells : sp->region_cells;
        for (int r = 0; r < count; r++)
            for (int i = start[r]; i < start[r + 1]; i++)
                for (int j = start[r]; j < start[r + 1]; j++)
                    if (i != j) edges[deg[cells[i]]++] = (uint16_t)cells[j];
    }
    for (int i = 0; i < sp->ndiffer; i++) {
        int a = sp->differ[2 * i], b = sp->differ[2 * i + 1];
        edges[deg[a]++] = (uint16_t)b;
        edges[deg[b]++] = (uint16_t)a;
    }
    t->peer_start = (int *)malloc(((size_t)ncells + 1) * sizeof(int));
    t->peers = (uint16_t *)malloc(((size_t)edge_start[ncells] + 1) * sizeof(uint16_t));
    if (!t->peer_start || !t->peers) goto nomem;
    for (int i = 0; i < ncells; i++) stamp[i] = -1;
    int np = 0;
    for (int p = 0; p < ncells; p++) {
        t->peer_start[p] = np;
        for (int e = edge_start[p]; e < edge_start[p + 1]; e++)
            if (stamp[edges[e]] != p) {
                stamp[edges[e]] = p;
                t->peers[np++] = edges[e];
            }
    }
    t->peer_start[ncells] = np;
    t->words = (ncells + 63) / 64;
    t->peer_bits = (uint64_t *)calloc((size_t)ncells * (size_t)t->words, sizeof(uint64_t));
    if (!t->peer_bits) goto nomem;
    for (int p = 0; p < ncells; p++)
        for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++)
            t->peer_bits[(size_t)p * (size_t)t->words + t->peers[i] / 64] |= bit_at(t->peers[i] % 64);

    /* adjacency (non-consecutive), both ways, repeats kept (harmless) */
    t->adj_start = (int *)calloc((size_t)ncells + 1, sizeof(int));
    t->adj = (uint16_t *)malloc(((size_t)2 * sp->nadjacent + 1) * sizeof(uint16_t));
    if (!t->adj_start || !t->adj) goto nomem;
    for (int i = 0; i < 2 * sp->nadjacent; i++) t->adj_start[sp->adjacent[i] + 1]++;
    for (int p = 0; p < ncells; p++) t->adj_start[p + 1] += t->adj_start[p];
    for (int p = 0; p < ncells; p++) deg[p] = t->adj_start[p];
    t->adj_peer = (uint8_t *)malloc((size_t)2 * sp->nadjacent + 1);
    if (!t->adj_peer) goto nomem;
    for (int i = 0; i < sp->nadjacent; i++) {
        int a = sp->adjacent[2 * i], b = sp->adjacent[2 * i + 1];
        uint8_t peer = is_peer(t, a, b);
        t->adj_peer[deg[a]] = peer;
        t->adj[deg[a]++] = (uint16_t)b;
        t->adj_peer[deg[b]] = peer;
        t->adj[deg[b]++] = (uint16_t)a;
    }

    /* full regions and each cell's (region, position) pairs */
    t->full_cells = (uint16_t *)malloc(((size_t)t->nfull * n + 1) * sizeof(uint16_t));
    t->cf_start = (int *)calloc((size_t)ncells + 1, sizeof(int));
    t->cell_full = (uint32_t *)malloc(((size_t)t->nfull * n + 1) * sizeof(uint32_t));
    if (!t->full_cells || !t->cf_start || !t->cell_full) goto nomem;
    for (int r = 0, f = 0; r < sp->nregions; r++) {
        if (sp->region_start[r + 1] - sp->region_start[r] != n) continue;
        for (int k = 0; k < n; k++) {
            int c = sp->region_cells[sp->region_start[r] + k];
            t->full_cells[f * n + k] = (uint16_t)c;
            t->cf_start[c + 1]++;
        }
        f++;
    }
    for (int p = 0; p < ncells; p++) t->cf_start[p + 1] += t->cf_start[p];
    for (int p = 0; p < ncells; p++) deg[p] = t->cf_start[p];
    for (int f = 0; f < t->nfull; f++)
        for (int k = 0; k < n; k++) {
            int c = t->full_cells[f * n + k];
            t->cell_full[deg[c]++] = (uint32_t)f * 64u + (uint32_t)k;
        }

    /* sum cages (the spec's, then one "innie" cage per full region, see below) and each
     * cell's list of them */
    int room = t->nsum + (t->nsum ? t->nfull : 0);
    t->sum_start = (int *)malloc(((size_t)room + 1) * sizeof(int));
    t->sum_total = (int *)malloc(((size_t)room + 1) * sizeof(int));
    t->sum_cells = (uint16_t *)malloc(((size_t)room * n + 1) * sizeof(uint16_t));
    t->cc_start = (int *)calloc((size_t)ncells + 1, sizeof(int));
    if (!t->sum_start || !t->sum_total || !t->sum_cells || !t->cc_start) goto nomem;
    int ns = 0, nc = 0;
    t->sum_start[0] = 0;
    for (int c = 0; c < sp->ncages; c++) {
        if (sp->cage_total[c] <= 0) continue;
        for (int i = sp->cage_start[c]; i < sp->cage_start[c + 1]; i++) {
            t->sum_cells[nc++] = (uint16_t)sp->cage_cells[i];
            t->cc_start[sp->cage_cells[i] + 1]++;
        }
        t->sum_total[ns] = sp->cage_total[c];
        t->sum_start[++ns] = nc;
    }
    /* Innies (Killer's "45 rule"): a full region sums to n(n+1)/2, so once the sum cages
     * lying wholly inside it (and not overlapping) are taken away, its other cells sum to
     * the rest: one more cage of different digits.  stamp marks the region's cells, deg the
     * cells covered by its inner cages (both with the region's number). */
    if (t->nsum) {
        for (int i = 0; i < ncells; i++) stamp[i] = deg[i] = -1;
        int spec_sums = ns;
        for (int f = 0; f < t->nfull; f++) {
            const uint16_t *cells = t->full_cells + f * n;
            for (int k = 0; k < n; k++) stamp[cells[k]] = f;
            long long inside = 0;
            int ok = 1;
            for (int c = 0; c < spec_sums && ok; c++) {
                int all = 1;
                for (int i = t->sum_start[c]; i < t->sum_start[c + 1] && all; i++) all = stamp[t->sum_cells[i]] == f;
                if (!all) continue;
                for (int i = t->sum_start[c]; i < t->sum_start[c + 1]; i++) {
                    if (deg[t->sum_cells[i]] == f) ok = 0; /* overlapping cages: no innies */
                    deg[t->sum_cells[i]] = f;
                }
                inside += t->sum_total[c];
            }
            int left = 0;
            for (int k = 0; k < n; k++) left += deg[cells[k]] != f;
            if (!ok || left == 0 || left == n) continue;
            for (int k = 0; k < n; k++)
                if (deg[cells[k]] != f) {
                    t->sum_cells[nc++] = cells[k];
                    t->cc_start[cells[k] + 1]++;
                }
            long long rest = (long long)t->maxsum - inside;
            t->sum_total[ns] = rest > 0 ? (int)rest : t->maxsum + 1; /* maxsum + 1: impossible */
            t->sum_start[++ns] = nc;
        }
        t->nsum = ns;
    }
    for (int p = 0; p < ncells; p++) t->cc_start[p + 1] += t->cc_start[p];
    t->cell_cage = (uint32_t *)malloc(((size_t)nc + 1) * sizeof(uint32_t));
    if (!t->cell_cage) goto nomem;
    for (int p = 0; p < ncells; p++) deg[p] = t->cc_start[p];
    for (int c = 0; c < t->nsum; c++)
        for (int i = t->sum_start[c]; i < t->sum_start[c + 1]; i++)
            t->cell_cage[deg[t->sum_cells[i]]++] = (uint32_t)c;
    if (t->nsum && n <= 16 && !build_combos(t)) goto nomem;
    if (SKR_SMALL && n <= 16 && ncells <= SKR_SMALL_CELLS && t->nfull <= 64 && t->nsum == 0 &&
        (SKR_SMALL_ADJ || sp->nadjacent == 0) && !build_small(t))
        goto nomem;

    free(stamp);
    free(deg);
    free(edge_start);
    free(edges);
    return t;
too_big:
    fail_with(error, esize, "the spec is too large (more than %ld cell pairs and list entries)", SKR_MAX_WORK, 0);
    goto bad;
nomem:
    fail_with(error, esize, "out of memory", 0, 0);
bad:
    free(stamp);
    free(deg);
    free(edge_start);
    free(edges);
    skr_table_free(t);
    return NULL;
}

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

/* Outcomes of the propagation steps. */
enum { FAIL = 0, OK = 1, NOMEM = -1 };

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
    if (bit_count(avail) < open) return blame_cage(s, c);
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
        uint64_t k = (uint64_t)bit_count(s->cand[p]), w = SKR_WDEG ? s->weight[p] : 1;
        if (k * best_w < best_k * w) { /* k / w < best_k / best_w */
            best = p;
            best_k = k;
            best_w = w;
        }
    }
    return best;
}

/* Guesses between two looks at the clock when a stop is given. */
#define SKR_STOP_EVERY 32u

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
                uint64_t bit = s->rng ? nth_bit(m, (int)(next_random(&s->rng) % (uint64_t)bit_count(m)))
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
static inline int cells_count(Cells a) { return bit_count(a.lo) + bit_count(a.hi); }
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
static int small_solve(const skr_table *t, const uint8_t *givens, int limit, uint8_t *solution,
                       uint64_t *guesses, sk_stop *stop) {
    if (t->small->has_adj) return small_search(t, 1, givens, limit, solution, guesses, stop);
    return small_search(t, 0, givens, limit, solution, guesses, stop);
}

int skr_solve(const skr_table *t, const uint8_t *givens, int limit, uint8_t *solution, uint64_t *guesses,
              sk_stop *stop, uint64_t seed) {
    if (guesses) *guesses = 0;
    for (int i = 0; i < t->ncells; i++)
        if (givens[i] > t->n) return -2;
    if (limit < 1) limit = 1;
    if (t->small && seed == 0) return small_solve(t, givens, limit, solution, guesses, stop);
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
