/* nxn.h - sudokit's generic N x N solver (boxes of box_rows x box_cols, N = rows * cols).
 *
 * Plain C, no Python, no global state: every call allocates its own working memory.
 */
#ifndef SUDOKIT_NXN_H
#define SUDOKIT_NXN_H

#include <stdint.h>

#include "common/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Solve an N x N sudoku, N = box_rows * box_cols from 2 to 64 (one 64-bit candidate
 * mask per cell).
 *
 * cells:    N*N values 0..N, row by row (0 = empty). The caller guarantees the range.
 * limit:    stop after this many solutions (values below 1 count as 1).
 * solution: if not NULL, receives the first solution (N*N values 1..N) when one exists.
 * guesses:  if not NULL, receives the number of guesses made.
 *
 * Returns the number of solutions found (0..limit), 0 for duplicate givens, -1 when
 * memory could not be allocated or the shape is out of range.
 */
int sknn_solve(int box_rows, int box_cols, const uint8_t *cells, int limit, uint8_t *solution,
               uint64_t *guesses);

/* sknn_solve with a cooperative stop (see stop.h; NULL: never stop): the search ends early,
 * with the solutions found so far, once sk_stop_tick says so (stop->stopped tells why). */
int sknn_solve_stop(int box_rows, int box_cols, const uint8_t *cells, int limit, uint8_t *solution,
                    uint64_t *guesses, sk_stop *stop);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_NXN_H */
