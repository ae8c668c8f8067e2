/* bitboard9.h - the 9x9 bitboard solver of sudokit (plain C, no Python).
 *
 * Re-entrant and thread-safe: all state lives on the caller's stack; the only
 * file-level data are constant lookup tables.
 */
#ifndef SUDOKIT_BITBOARD9_H
#define SUDOKIT_BITBOARD9_H

#include <stdint.h>

#include "common/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Solve a 9x9 sudoku with 3x3 boxes.
 *
 * cells:    81 values 0..9, row by row (0 = empty). The caller guarantees the range.
 * limit:    stop after this many solutions (values below 1 count as 1).
 * solution: if not NULL, receives the first solution (81 values 1..9) when one exists;
 *           left untouched otherwise.
 * guesses:  if not NULL, receives the number of guesses made.
 *
 * Returns the number of solutions found, 0..limit. Duplicate givens give 0.
 */
int sk9_solve(const uint8_t cells[81], int limit, uint8_t solution[81], uint64_t *guesses);

/* sk9_solve with a cooperative stop (see stop.h; NULL: never stop): the search ends early,
 * with the solutions found so far, once sk_stop_tick says so (stop->stopped tells why). */
int sk9_solve_stop(const uint8_t cells[81], int limit, uint8_t solution[81], uint64_t *guesses,
                   sk_stop *stop);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_BITBOARD9_H */
