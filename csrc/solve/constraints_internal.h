/* constraints_internal.h - what the files of the constraint solver share (its API is
 * constraints.h):
 *
 *     constraints_table.c  skc_table_new / skc_table_free: a spec checked and compiled
 *     constraints_prune.c  skc_prune: one primitive's pruning (the Python twin's, per kind)
 *     constraints.c        skc_solve / skc_candidates: the queue, the search (search.h's core)
 */
#ifndef SUDOKIT_CONSTRAINTS_INTERNAL_H
#define SUDOKIT_CONSTRAINTS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "solve/constraints.h"

#if defined(__GNUC__)
#define SKC_INTERNAL __attribute__((visibility("hidden")))
#else
#define SKC_INTERNAL
#endif

/* Different-digit sums enumerate every assignment up to this many (the product of the cells'
 * candidate counts), as the Python twin's ENUMERATION_LIMIT; above it they reason on sums. */
#define SKC_ENUMERATION_LIMIT 4000
/* A sum of different digits with equal weights (a cage) on at most 16 digits keeps its digit
 * sets (at most this many) and prunes by matching the cells to each (exact, as enumerating). */
#define SKC_MAX_COMBOS 20000

/* The digit sets of k digits whose values times `weight` add up to `total` (n <= 16), written
 * to `out` when not NULL; their count, or -1 when there are more than SKC_MAX_COMBOS. */
SKC_INTERNAL long skc_combos(const int64_t *digits, int n, int k, int64_t weight, int64_t total, uint64_t *out);

/* The compiled table (read-only once built).  Primitive p: kind[p], its cells
 * cells[cstart[p] .. cstart[p+1]-1], its spec data data[dstart[p] ..], its derived masks
 * aux[astart[p] ..] (PAIR: the n supports of a then of b; SET: the option masks; AUTOMATON:
 * the accepting states as a bit set of words[p] words; SUM: its ncombo[p] digit sets), and words[p] (SUM: 64-bit words of
 * one set of prefix sums, counted from sum_base[p]; AUTOMATON: words of one set of states). */
struct skc_table {
    int n, ncells, nprims;
    uint64_t full;         /* the n digit bits */
    int64_t *digits;       /* n */
    int *kind;             /* nprims */
    int *cstart, *cells;   /* nprims + 1; the cells */
    int *dstart;           /* nprims + 1 */
    int64_t *data;
    int *astart;           /* nprims + 1 */
    uint64_t *aux;
    int *words;            /* nprims */
    int *ncombo;           /* nprims: SUM of different digits and equal weights, n <= 16: its digit
                            * sets (aux), else -1 */
    int64_t *sum_base;     /* nprims */
    uint8_t *is_unit;      /* nprims: an AllDifferent of n different cells, left to the search core */
    uint8_t *settles;      /* nprims: its prune is idempotent (pruning again at once removes nothing) */
    uint8_t *implied;      /* nprims: an AllDifferent (not a unit) that a primitive over the same
                            * cells prunes exactly (mark_implied): never queued */
    uint8_t *digit_slots;  /* nprims: a SET whose every slot is one digit, different within an option
                            * (renban): each option is matched as a digit set, as a cage's */
    int *watch_start;      /* ncells + 1: the primitives (not units) over each cell ... */
    int *watch;            /* ... each once */
    int nunits;            /* the units: AllDifferent primitives of exactly n different cells */
    uint16_t *unit_cells;  /* nunits * n */
    int *cu_start;         /* ncells + 1: a cell's units ... */
    uint32_t *cu_unit;     /* ... (which) ... */
    uint8_t *cu_pos;       /* ... and its position in them (search.h's cell_unit, cell_pos) */
    int *peer_start;       /* ncells + 1: the cells sharing an AllDifferent with each cell */
    uint16_t *peers;
    uint32_t *weight0;     /* ncells: a cell's first dom/wdeg weight, 1 + its peers and primitives */
    int pwords;            /* 64-bit words per row of peer_bits */
    uint64_t *peer_bits;   /* ncells rows: bit q of row p set when q is a peer of p */
    int max_cells;         /* the most cells of one primitive */
    size_t scratch_words;  /* the 64-bit words of scratch the costliest prune needs */
    /* the root: every primitive propagated to a fixed point from no givens (skc_root), where each
     * solve starts: ncells candidate masks, nunits * n places masks, then ncells done flags */
    uint64_t *root_cand;
    int root_placed;       /* the cells done at the root */
    int root_dead;         /* the primitives contradict each other without any given */
};

static inline int skc_is_peer(const skc_table *t, int p, int q) {
    return (int)(t->peer_bits[(size_t)p * (size_t)t->pwords + (size_t)q / 64] >> (q % 64)) & 1;
}

/* Propagate the table's primitives from no givens and keep that fixed point as the start of every
 * solve (t->root_*; the search core's state, search.h); 0 when memory ran out. */
SKC_INTERNAL int skc_root(skc_table *t);

/* Prune primitive p over the candidate masks `cand`: keep[i] receives the digits cell i of the
 * primitive (its i-th cell) may keep.  0 on a contradiction (keep then unspecified), else 1.
 * `scratch` holds t->scratch_words words. */
SKC_INTERNAL int skc_prune(const skc_table *t, int p, const uint64_t *cand, uint64_t *keep, uint64_t *scratch);

#endif /* SUDOKIT_CONSTRAINTS_INTERNAL_H */
