/* canon.h - the minlex canonical form of a 9x9 puzzle (plain C, no Python).
 *
 * Re-entrant, no global state: the search keeps its nodes in a workspace the caller owns
 * (or, for sk_canon9, one it allocates and frees itself).
 */
#ifndef SUDOKIT_CANON_H
#define SUDOKIT_CANON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes of the canonical form. */
enum {
    SK_CANON_OK = 0,
    SK_CANON_NOMEM = -1,    /* out of memory */
    SK_CANON_REPEAT = -2    /* a digit repeats in a row or a column (the form needs a valid puzzle) */
};

/* Memory the search reuses from one puzzle to the next: zero it before the first use
 * (`sk_canon9_work work = {0};`) and give it back with sk_canon9_free. */
typedef struct {
    void *items[3];
    size_t caps[3];
} sk_canon9_work;

/* Write to `out` the smallest of the puzzles equivalent to `cells` (81 values 0..9, 0 empty)
 * under band, row-in-band, stack, column-in-stack permutations, transposition and digit
 * relabelling, read row by row with 0 below every digit. Returns SK_CANON_OK, SK_CANON_NOMEM,
 * or SK_CANON_REPEAT when a digit repeats in a row or a column. */
int sk_canon9(const uint8_t cells[81], uint8_t out[81]);

/* The same with a reusable workspace (no allocation once it has grown). */
int sk_canon9_with(sk_canon9_work *work, const uint8_t cells[81], uint8_t out[81]);

/* Free the memory of a workspace (it can be used again afterwards). */
void sk_canon9_free(sk_canon9_work *work);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_CANON_H */
