/* fuzz_human9.c - the technique finders (human9_*.c) and the rating loop (rate9.c).
 *
 * Input: 81 bytes of puzzle text, a mode byte, a finder byte, then (cell, digit) pairs.
 *   mode bit 0 = 0  a sound position: the puzzle (clashing givens dropped) must have one
 *                   solution; its pencil marks, minus the pairs that are not the solution's
 *                   digit.  Check: the finder's step places only solution digits, removes none
 *                   of them, changes the position, and touches only empty cells; with mode
 *                   bit 1 also run hm_rate, which must not report HM_WRONG_STEP.
 *   mode bit 0 = 1  any position sudokit._core.human9_find accepts: values 0..9 and masks
 *                   0..511 in any combination (the pairs toggle candidate bits, a value byte
 *                   per cell comes from the text).  Check: no crash, no hang, sane step.
 * Every finder runs with a 50 ms deadline (hm_ctx), as the binding allows.
 */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "solve/bitboard9.h"
#include "se/human9.h"
#include "fuzz_common.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int finder_count(void) {
    int k = 0;
    while (hm_se_order[k].name) k++;
    return k;
}

/* Checks that hold for any step a finder reports. */
static void check_step_shape(const hm_pos *pos, const sk_step *step, const char *name) {
    FZ_CHECK(step->name && step->name[0], "%s: step without a name", name);
    FZ_CHECK(step->difficulty > 0 && step->difficulty < 200, "%s: difficulty %d", name, step->difficulty);
    for (int c = 0; c < 81; c++) {
        FZ_CHECK(!(step->place_mask[c] & ~0x1ffu) && !(step->elim_mask[c] & ~0x1ffu), "%s: bits above digit 9", name);
        FZ_CHECK(sk_popcount(step->place_mask[c]) <= 1, "%s: two digits placed in cell %d", name, c);
        (void)pos;
    }
    FZ_CHECK(sk_step_views_agree(step), "%s: lists and sets differ", name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int nfinders;
    if (!nfinders) nfinders = finder_count();
    fz_in in = {data, size};
    uint8_t cells[81], solution[81];
    fz_cells9(&in, cells);
    uint8_t mode = fz_byte(&in);
    int which = fz_byte(&in) % nfinders;
    const hm_technique *t = &hm_se_order[which];
    hm_pos pos;
    sk_step step;
    hm_ctx ctx = {now() + 0.05, 0, 0, NULL, NULL, 0};
    sk_step_start(&step, -1, NULL);

    if (mode & 1) {
        memset(&pos, 0, sizeof pos);
        for (int c = 0; c < 81; c++) {
            pos.values[c] = cells[c];
            pos.cands[c] = cells[c] ? 0 : 0x1ff;
        }
        while (in.n >= 2) {
            int c = fz_byte(&in) % 81, d = fz_byte(&in);
            pos.cands[c] ^= (uint16_t)(1u << (d % 9));
            if (d >= 0xf0) pos.values[c] = (uint8_t)(d % 10); /* sometimes a value with marks */
        }
        int found = t->find(&pos, &step, &ctx);
        FZ_CHECK(found >= -1 && found <= 1, "%s returned %d", t->name, found);
        if (found == 1) check_step_shape(&pos, &step, t->name);
        return 0;
    }

    fz_drop_clashes(cells, 3, 3);
    if (sk9_solve(cells, 2, solution, NULL) != 1) return 0;
    hm_from_cells(&pos, cells);
    while (in.n >= 2) {
        int c = fz_byte(&in) % 81, d = fz_byte(&in) % 9 + 1;
        if (d != solution[c]) pos.cands[c] &= (uint16_t)~(1u << (d - 1));
    }
    int found = t->find(&pos, &step, &ctx);
    FZ_CHECK(found >= -1 && found <= 1, "%s returned %d", t->name, found);
    if (found == 1) {
        check_step_shape(&pos, &step, t->name);
        int changes = 0;
        for (int c = 0; c < 81; c++) {
            uint16_t right = (uint16_t)(1u << (solution[c] - 1));
            if (step.place_mask[c]) {
                FZ_CHECK(!pos.values[c], "%s: placed a digit in the given/placed cell %d", t->name, c);
                FZ_CHECK(step.place_mask[c] == right, "%s: placed a wrong digit in cell %d", t->name, c);
                changes = 1;
            }
            FZ_CHECK(!(step.elim_mask[c] & right), "%s: removed the solution's digit %d from cell %d", t->name,
                     solution[c], c);
            if (step.elim_mask[c] & pos.cands[c]) changes = 1;
        }
        FZ_CHECK(changes, "%s: a step that changes nothing", t->name);
    }
    if (mode & 2) {
        static sk_step path[81 + 729];  /* 1.6 MB: off the stack; the harness's, filled by hm_rate */
        int count = 0;
        hm_ctx rctx = {now() + 0.2, 0, 0, NULL, NULL, 0};
        int status = hm_rate(cells, path, 81 + 729, &count, &rctx);
        FZ_CHECK(status != HM_WRONG_STEP, "hm_rate: wrong step %d (%s)", count,
                 count > 0 && path[count - 1].name ? path[count - 1].name : "?");
        FZ_CHECK(status == HM_SOLVED || status == HM_UNSOLVED || status == HM_LIMIT, "hm_rate status %d", status);
    }
    return 0;
}
