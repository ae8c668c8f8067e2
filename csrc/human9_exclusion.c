/* human9_exclusion.c - placeholder finders (no step yet); see human9.h. */
#include "human9.h"

int hm_aligned_pair(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_aligned_triplet(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

