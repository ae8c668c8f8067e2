/* human9_chains.c - placeholder finders (no step yet); see human9.h. */
#include "human9.h"

int hm_forcing_chain(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_nishio(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_multiple(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_dynamic(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_dynamic_plus(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

