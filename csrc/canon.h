/* canon.h - the minlex canonical form of a 9x9 puzzle (plain C, no Python).
 *
 * Re-entrant: the search keeps its state in memory it allocates and frees itself.
 */
#ifndef SUDOKIT_CANON_H
#define SUDOKIT_CANON_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Write to `out` the smallest of the puzzles equivalent to `cells` (81 values 0..9, 0 empty)
 * under band, row-in-band, stack, column-in-stack permutations, transposition and digit
 * relabelling, read row by row with 0 below every digit. Returns 0, or -1 when out of memory. */
int sk_canon9(const uint8_t cells[81], uint8_t out[81]);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_CANON_H */
