/* constraints.h - sudokit's solver of variant constraints compiled to primitives: the C twin of
 * the pure-Python reference sudokit/engine/constraints.py (which stays the definition of what
 * each primitive means and prunes; see sudokit/rules/primitives.py for the primitives).
 *
 * Plain C, no Python, no global state.  A table is built once from a spec (skc_table_new) and
 * is read-only afterwards, so several threads may solve with the same table at once; every
 * solve has its own working memory.
 *
 * Cells are numbered 0..ncells-1; a cell's candidates are a mask of n bits, bit b standing for
 * the b-th digit of the rules' increasing digit set (digits[b]; 1..n by default, 0..n-1 for
 * zero-based puzzles) and written as the cell value b + 1.
 */
#ifndef SUDOKIT_CONSTRAINTS_H
#define SUDOKIT_CONSTRAINTS_H

#include <stddef.h>
#include <stdint.h>

#include "common/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Limits of a spec. */
#define SKC_MAX_N 64
#define SKC_MAX_CELLS 4096
#define SKC_MAX_SET_CELLS 64     /* cells of one set rule (its slots are a 64-bit mask) */
#define SKC_MAX_RANGE (1 << 20)  /* the sums one Sum primitive's prefixes may span */
#define SKC_MAX_STATES (1 << 16) /* states of one automaton */

/* The primitives (sudokit.rules.primitives) and the layout of their `data` (int64 values):
 *
 *   SKC_ALLDIFF    the cells hold different digits; no data
 *   SKC_PAIR       2 cells (a, b); n masks: data[x] has bit y set when (x, y) is allowed
 *   SKC_ORDERED    digits never decrease along the cells; data[0]: 1 when they must increase
 *   SKC_SUM        data[0] total, data[1] 1 when the cells differ, then one weight per cell:
 *                  sum of weight[i] * digits[bit of cell i] == total
 *   SKC_SET        data[0] the number of options, then per option one digit mask per cell: the
 *                  cells take the option's masks one-to-one, in any order
 *   SKC_TABLE      data[0] the number of rows, then per row one bit index per cell
 *   SKC_AUTOMATON  data[0] states, data[1] start, data[2] accepting count, the accepting
 *                  states, then the transition count and (state, bit, next state) triples;
 *                  accepted when some path read along the cells ends in an accepting state
 */
enum { SKC_ALLDIFF = 0, SKC_PAIR, SKC_ORDERED, SKC_SUM, SKC_SET, SKC_TABLE, SKC_AUTOMATON, SKC_KINDS };

/* A spec: nprims primitives, primitive i of kind[i] over cells[cell_start[i] .. cell_start[i+1]-1]
 * with data[data_start[i] .. data_start[i+1]-1].  No pointer is NULL (an empty list too). */
typedef struct {
    int n, ncells;
    const int64_t *digits; /* n increasing digit values */
    int nprims;
    const int *kind;
    const int *cell_start, *cells;
    const int *data_start;
    const int64_t *data;
} skc_spec;

typedef struct skc_table skc_table;

/* Build a table.  NULL when the spec is out of range or inconsistent (n not in 2..64, a cell
 * out of range, a pair of one cell, data of the wrong length or out of range, ...) or memory
 * ran out: `error` (if not NULL) then receives a message of at most error_size bytes
 * ("out of memory" for the latter). */
skc_table *skc_table_new(const skc_spec *spec, char *error, size_t error_size);
void skc_table_free(skc_table *table);

int skc_table_n(const skc_table *table);
int skc_table_ncells(const skc_table *table);

/* Solve: givens are ncells values 0..n (0 = empty).  The first `limit` (at least 1) solutions
 * are counted, the first written to `solution` (values 1..n) when not NULL, the guesses to
 * *guesses; `stop` (NULL: never) ends the search early (stop->stopped says why); seed 0 tries
 * the digits lowest first, another a random digit at each guess.  Returns the count, -1 when
 * memory ran out, -2 when a given is above n. */
int skc_solve(const skc_table *table, const uint8_t *givens, int limit, uint8_t *solution, uint64_t *guesses,
              sk_stop *stop, uint64_t seed);

/* The candidate masks after propagating the givens to a fixed point (no guess) into `out`
 * (ncells masks).  1, 0 on a contradiction, -1 when memory ran out, -2 when a given is above n. */
int skc_candidates(const skc_table *table, const uint8_t *givens, uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_CONSTRAINTS_H */
