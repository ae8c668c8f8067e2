/* rules.h - sudokit's generic rules solver: any grid of cells, digits 1..n (n from 2 to 64),
 * constrained by regions, "differ" pairs, non-consecutive pairs and (Killer) cages.
 *
 * Plain C, no Python, no global state.  A table is compiled once from a spec (skr_table_new)
 * and is read-only afterwards, so several threads may solve with the same table at once;
 * every solve has its own working memory (malloc'ed, or about 70 KB of stack for specs of at
 * most 128 cells, 16 digits and no sum cages).
 */
#ifndef SUDOKIT_RULES_H
#define SUDOKIT_RULES_H

#include <stddef.h>
#include <stdint.h>

#include "common/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits of a spec. */
#define SKR_MAX_N 64
#define SKR_MAX_CELLS 4096

/* A rules spec, lists in compressed form (the "start" arrays have count + 1 entries, list i
 * being items[start[i]] .. items[start[i + 1] - 1]):
 *
 *   regions: cells that hold different digits; a region of exactly n cells holds every
 *            digit once (rows, columns, boxes, full diagonals, jigsaw pieces, windows).
 *   differ:  ndiffer pairs (a, b), flattened: the two cells hold different digits
 *            (anti-knight, anti-king).
 *   adjacent: nadjacent pairs (a, b), flattened: |digit(a) - digit(b)| != 1 (non-consecutive).
 *   cages:   cells that hold different digits and, when cage_total[i] > 0, sum to it (Killer).
 */
typedef struct {
    int n, ncells;
    int nregions;
    const int *region_start, *region_cells;
    int ndiffer;
    const int *differ;
    int nadjacent;
    const int *adjacent;
    int ncages;
    const int *cage_start, *cage_cells, *cage_total;
} skr_spec;

typedef struct skr_table skr_table;

/* Compile a spec.  NULL when it is out of range (n not in 2..64, ncells not in 1..4096, a
 * cell out of range, a cell twice in a region or a cage, a region or cage larger than n, a
 * pair of one cell, a negative total) or memory ran out: `error` (if not NULL) then receives
 * a message of at most error_size bytes. */
skr_table *skr_table_new(const skr_spec *spec, char *error, size_t error_size);
void skr_table_free(skr_table *table);

int skr_table_n(const skr_table *table);
int skr_table_ncells(const skr_table *table);

/* Solve.
 *
 * givens:   ncells values 0..n (0 = empty).
 * limit:    stop after this many solutions (values below 1 count as 1).
 * solution: if not NULL, receives the first solution (ncells values 1..n) when one exists.
 * guesses:  if not NULL, receives the number of guesses made.
 * stop:     a cooperative stop (stop.h; NULL: never): the search ends early with the
 *           solutions found so far once sk_stop_tick says so (stop->stopped tells why).
 * seed:     0: digits are tried lowest first; otherwise each guess tries a digit drawn from
 *           a generator seeded with it (solving an empty grid then gives a random solution).
 *
 * Returns the number of solutions found (0..limit), 0 when the givens break a rule,
 * -1 when memory ran out, -2 when a given is above n.
 */
int skr_solve(const skr_table *table, const uint8_t *givens, int limit, uint8_t *solution,
              uint64_t *guesses, sk_stop *stop, uint64_t seed);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_RULES_H */
