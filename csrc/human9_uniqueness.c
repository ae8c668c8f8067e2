/* human9_uniqueness.c - placeholder finders (no step yet); see human9.h. */
#include "human9.h"

int hm_unique_rectangle(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_bug(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

