/* rules_internal.h - what the files of the generic rules solver share (not part of its API,
 * which is rules.h): the tuning switches, the bit helpers, the compiled table's layout.
 *
 *     rules_table.c   skr_table_new / skr_table_free: a spec compiled to the table
 *     rules.c         skr_solve and the general search (its rules as hooks of search.h's core,
 *                     which nxn.c shares: trail, propagation, guesses)
 *     rules_small.c   the bitboard path for small specs (at most 128 cells, 16 digits)
 */
#ifndef SUDOKIT_RULES_INTERNAL_H
#define SUDOKIT_RULES_INTERNAL_H

#include "solve/rules.h"
#include "solve/search.h"

#include <stdint.h>

#if defined(__GNUC__)
#define SKR_INTERNAL __attribute__((visibility("hidden")))
#else
#define SKR_INTERNAL
#endif

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
#define SKR_SMALL 1 /* the bitboard path for small specs (see "The small path", rules_small.c) */
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

/* Guesses between two looks at the clock when a stop is given. */
#define SKR_STOP_EVERY 32u

/* ---- tiny bit helpers (more in search.h) ---------------------------------------------- */

/* At most k bits set (k small: cheaper than a popcount call without the instruction). */
static inline int at_most(uint64_t x, int k) {
    while (k-- > 0) x &= x - 1;
    return x == 0;
}

/* ---- the table --------------------------------------------------------------- */

/* A set of at most 128 cells (not bits.h's sk_cells: the small path takes any spec of up to 128
 * cells, e.g. 10x10 or 11x11 grids and jigsaws, and its code is tuned on these lo/hi words). */
typedef struct {
    uint64_t lo, hi;
} Cells;

/* The bitboard tables of a small spec (see "The small path", rules_small.c). */
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
    int *cf_start;            /* ncells + 1: each cell's full regions ... */
    uint32_t *cf_unit;        /* ... (the region) ... */
    uint8_t *cf_pos;          /* ... and its position in it (search.h's cell_unit, cell_pos) */
    int *sum_start;           /* nsum + 1: the cells of each sum cage */
    uint16_t *sum_cells;
    int *sum_total;           /* nsum */
    int *cc_start;            /* ncells + 1 */
    uint32_t *cell_cage;      /* sum cages holding the cell */
    int *combo_start;         /* (n + 1) * (maxsum + 1) + 1 buckets, n <= 16 only */
    uint16_t *combos;
    Small *small;             /* the bitboard tables (Small above), NULL when the spec does not fit */
};

static inline int is_peer(const skr_table *t, int p, int q) {
    return (int)(t->peer_bits[(size_t)p * (size_t)t->words + (size_t)q / 64] >> (q % 64)) & 1;
}

static inline void cells_add(Cells *c, int p) {
    if (p < 64) c->lo |= bit_at(p);
    else c->hi |= bit_at(p - 64);
}

/* ---- across the files ---------------------------------------------------------------- */

/* rules_small.c: the bitboard path (t->small set, no seed); same results as the search. */
SKR_INTERNAL int skr_small_solve(const skr_table *t, const uint8_t *givens, int limit, uint8_t *solution,
                                 uint64_t *guesses, sk_stop *stop);

#endif /* SUDOKIT_RULES_INTERNAL_H */
