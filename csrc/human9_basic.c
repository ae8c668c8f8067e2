/* human9_basic.c - placeholder finders (no step yet); see human9.h. */
#include "human9.h"

int hm_hidden_single(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_direct_pointing(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_direct_hidden_pair(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_naked_single(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_direct_hidden_triplet(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_pointing(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_naked_pair(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_x_wing(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_hidden_pair(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_naked_triplet(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_swordfish(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_hidden_triplet(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_xy_wing(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_xyz_wing(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_naked_quad(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_jellyfish(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

int hm_hidden_quad(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    (void)pos; (void)out; (void)ctx;
    return -1; /* not ported yet */
}

