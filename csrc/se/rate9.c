/* rate9.c - Sudoku Explainer's rating loop on a 9x9 grid, and the position helpers every
 * human9_*.c finder shares (see human9.h for the layout).
 *
 * The loop is sudokit.rating.explainer.rate's: while cells are empty, ask the techniques of hm_se_order
 * in turn and take the first step of the first one that has one; check it against the
 * solution (a step that places a wrong digit or removes the solution's digit is a bug, never
 * silently applied); apply it.  ER/EP/ED are worked out from the path by the Python caller,
 * with the same code as the pure-Python path.
 */
#define _POSIX_C_SOURCE 199309L
#include "se/human9.h"
#include "common/geometry9.h"
#include "se/human9_techniques.h"
#include "common/geometry9.h"

#include <string.h>
#include <time.h>

#include "solve/bitboard9.h"

int hm_check_deadline(hm_ctx *ctx) {
    if (ctx->expired) return 1;
    if ((ctx->ticks++ & 255u) != 0) return 0;
    if (ctx->poll && ctx->poll(ctx->poll_arg)) {
        ctx->interrupted = 1;
        ctx->expired = 1;
        return 1;
    }
    if (ctx->deadline <= 0) return 0;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    if ((double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 > ctx->deadline) ctx->expired = 1;
    return ctx->expired;
}

/* Place a digit: write it, empty its cell's candidates and strike it from the 20 peers. */
static void place_digit(hm_pos *pos, int cell, int digit) {
    uint16_t b = (uint16_t)(1u << (digit - 1));
    pos->values[cell] = (uint8_t)digit;
    pos->cands[cell] = 0;
    for (int i = 0; i < 20; i++) pos->cands[kPeers[cell][i]] &= (uint16_t)~b;
}

void hm_apply(hm_pos *pos, const sk_step *step) {
    for (int c = 0; c < 81; c++)
        if (step->place_mask[c])
            for (int d = 1; d <= 9; d++)
                if (step->place_mask[c] & (1u << (d - 1))) place_digit(pos, c, d);
    for (int c = 0; c < 81; c++) pos->cands[c] &= (uint16_t)~step->elim_mask[c];
}

void hm_from_cells(hm_pos *pos, const uint8_t cells[81]) {
    memset(pos, 0, sizeof *pos);
    for (int c = 0; c < 81; c++) pos->cands[c] = cells[c] ? 0 : 0x1ff;
    for (int c = 0; c < 81; c++)
        if (cells[c]) place_digit(pos, c, cells[c]);
}

const hm_technique hm_se_order[] = {
    {HM_NAME_HIDDEN_SINGLE, hm_hidden_single},
    {HM_NAME_DIRECT_POINTING, hm_direct_pointing},
    {HM_NAME_DIRECT_HIDDEN_PAIR, hm_direct_hidden_pair},
    {HM_NAME_NAKED_SINGLE, hm_naked_single},
    {HM_NAME_DIRECT_HIDDEN_TRIPLET, hm_direct_hidden_triplet},
    {HM_NAME_POINTING, hm_pointing},
    {HM_NAME_NAKED_PAIR, hm_naked_pair},
    {HM_NAME_X_WING, hm_x_wing},
    {HM_NAME_HIDDEN_PAIR, hm_hidden_pair},
    {HM_NAME_NAKED_TRIPLET, hm_naked_triplet},
    {HM_NAME_SWORDFISH, hm_swordfish},
    {HM_NAME_HIDDEN_TRIPLET, hm_hidden_triplet},
    {HM_NAME_XY_WING, hm_xy_wing},
    {HM_NAME_XYZ_WING, hm_xyz_wing},
    {HM_NAME_UNIQUE_RECTANGLE, hm_unique_rectangle},
    {HM_NAME_NAKED_QUAD, hm_naked_quad},
    {HM_NAME_JELLYFISH, hm_jellyfish},
    {HM_NAME_HIDDEN_QUAD, hm_hidden_quad},
    {HM_NAME_BUG, hm_bug},
    {HM_NAME_ALIGNED_PAIR_EXCLUSION, hm_aligned_pair},
    {HM_NAME_FORCING_CHAIN, hm_forcing_chain},
    {HM_NAME_ALIGNED_TRIPLET_EXCLUSION, hm_aligned_triplet},
    {HM_NAME_NISHIO_FORCING_CHAIN, hm_nishio},
    {HM_NAME_MULTIPLE_FORCING_CHAIN, hm_multiple},
    {HM_NAME_DYNAMIC_FORCING_CHAIN, hm_dynamic},
    {HM_NAME_DYNAMIC_FORCING_CHAIN_PLUS, hm_dynamic_plus},
    {HM_NAME_DYNAMIC_FORCING_CHAIN_PLUS_FORCING_CHAINS, hm_nested2},
    {HM_NAME_DYNAMIC_FORCING_CHAIN_PLUS_MULTIPLE_FORCING_CHAINS, hm_nested3},
    {NULL, NULL},
};

/* 1 when the step places only the solution's digits and removes none of them, and changes
 * something. */
static int step_is_right(const hm_pos *pos, const sk_step *step, const uint8_t solution[81]) {
    int changes = 0;
    for (int c = 0; c < 81; c++) {
        uint16_t right = (uint16_t)(1u << (solution[c] - 1));
        if (step->place_mask[c]) {
            if (step->place_mask[c] != right) return 0;
            changes = 1;
        }
        if (step->elim_mask[c] & right) return 0;
        if (step->elim_mask[c] & pos->cands[c]) changes = 1;
    }
    return changes;
}

static int solved(const hm_pos *pos) {
    for (int c = 0; c < 81; c++)
        if (!pos->values[c]) return 0;
    return 1;
}

int hm_rate(const uint8_t cells[81], sk_step *path, int max_steps, int *count, hm_ctx *ctx) {
    uint8_t solution[81];
    hm_pos pos;
    *count = 0;
    if (sk9_solve(cells, 2, solution, NULL) != 1) return HM_BAD_PUZZLE;
    hm_from_cells(&pos, cells);
    while (!solved(&pos)) {
        if (*count >= max_steps) return HM_UNSOLVED;
        sk_step *step = &path[*count];
        int found = 0;
        for (const hm_technique *t = hm_se_order; t->name && !found; t++) {
            sk_step_start(step, -1, NULL);
            found = t->find(&pos, step, ctx);
            if (ctx->expired) return HM_LIMIT;
            if (found < 0) return HM_UNSOLVED;  /* not ported: Python goes on from here */
        }
        if (!found) return HM_UNSOLVED;
        ++*count;
        if (!step_is_right(&pos, step, solution)) return HM_WRONG_STEP;
        hm_apply(&pos, step);
        ctx->ticks = 0;  /* read the clock (and poll) after every step */
        if (hm_check_deadline(ctx) && !solved(&pos)) return HM_LIMIT;
    }
    return HM_SOLVED;
}
