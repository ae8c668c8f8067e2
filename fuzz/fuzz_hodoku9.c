/* fuzz_hodoku9.c - HoDoKu's finders and its path (hodoku9*.c).
 *
 * Input: 81 bytes of puzzle text, a mode byte, a kind byte, then (cell, digit) pairs.
 *   mode % 4 = 0, 3  a sound position.  The puzzle (clashing givens dropped) made unique: while
 *                    it has two solutions, the first one's digit is given in the next empty
 *                    cell (7 cells on each time); none: skipped.  Its pencil marks, then for
 *                    each pair: d >= 0xf0 places the solution's digit in the cell (a non-given
 *                    value, for the avoidable rectangles), else the digit d % 9 + 1 is removed
 *                    when it is not the solution's.  Mode bit 2 builds the board as the path
 *                    does (hk_board_init, hk_place, hk_eliminate: the singles queues fill up),
 *                    else as the binding does (hk_board_from_state: queues empty).  Check: the
 *                    step has the kind asked for and a name, counts within its arrays, places
 *                    only solution digits and removes none, touches only empty cells, and
 *                    applying it (hk_apply) changes the board.  Mode bit 3 on an ALS kind also
 *                    runs the finder on the board with an ALS cache, cold then warm: both must
 *                    give the step found without one.
 *   mode % 4 = 1     any state sudokit._core.hodoku_find accepts: givens, values 0..9 and masks
 *                    0..511 in any combination (values from the text, givens equal to them; the
 *                    pairs toggle candidate bits, d >= 0xf0 sets a value, 0xe0 <= d < 0xf0 a
 *                    given).  Check: no crash, no hang, a return of 0 or 1 and a sane step.
 *   mode % 4 = 2     the whole path (hk_path, C finders only, 300 ms) of the puzzle made unique
 *                    as above.  Check: every step, replayed on a board, is sound as above (a
 *                    Brute Force step places one solution digit), and a path that reports
 *                    HM_SOLVED ends on the solution.
 * Every finder runs with a 50 ms deadline (hm_ctx), as fuzz_human9 does.  The ALS caches are
 * freed here and in hk_path (the campaign runs with detect_leaks=1).
 *
 * Boards (20 KB) and steps (2 KB; a path holds 810) are static locals of the functions that use
 * them, to keep them off the stack.  That is the harness's own state, never the core's: libFuzzer
 * runs one input at a time on one thread, and each function fills them before reading them.
 */
#define _POSIX_C_SOURCE 199309L
#include <time.h>

#include "solve/bitboard9.h"
#include "common/geometry9.h"
#include "hodoku/hodoku9.h"
#include "fuzz_common.h"

enum { MAX_PATH = 81 + 729 };

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Pencil marks of a grid: an empty cell gets the digits none of its peers holds (written here,
 * independent of hm_from_cells and of hk_board_init). */
static void marks_of(const uint8_t values[81], uint16_t masks[81]) {
    for (int c = 0; c < 81; c++) {
        masks[c] = 0;
        if (values[c]) continue;
        unsigned seen = 0;
        for (int i = 0; i < 20; i++)
            if (values[kPeers[c][i]]) seen |= 1u << (values[kPeers[c][i]] - 1);
        masks[c] = (uint16_t)(~seen & 0x1ff);
    }
}

/* Checks that hold for any step a finder reports (kind: the kind asked for, or -1 for any). */
static void check_step_shape(const sk_step *s, int kind, const char *what) {
    FZ_CHECK(s->kind == HK_BRUTE_FORCE || (s->kind >= 0 && s->kind < HK_KINDS), "%s: kind %d", what, s->kind);
    FZ_CHECK(kind < 0 || s->kind == kind, "%s: asked for kind %d, got %d", what, kind, s->kind);
    FZ_CHECK(s->name && s->name[0], "%s: step without a name", what);
    FZ_CHECK(s->n_place >= 0 && s->n_place <= 81, "%s: %d placements", what, s->n_place);
    FZ_CHECK(s->n_elim >= 0 && s->n_elim <= SK_MAX_ELIMS, "%s: %d eliminations", what, s->n_elim);
    FZ_CHECK(s->n_cells >= 0 && s->n_cells <= 81, "%s: %d cells", what, s->n_cells);
    FZ_CHECK(s->n_place + s->n_elim > 0, "%s: a step with no placement and no elimination", what);
    for (int i = 0; i < s->n_place; i++)
        FZ_CHECK(s->place[i].cell < 81 && s->place[i].digit >= 1 && s->place[i].digit <= 9,
                 "%s: placement %d is (%d, %d)", what, i, s->place[i].cell, s->place[i].digit);
    for (int i = 0; i < s->n_elim; i++)
        FZ_CHECK(s->elim[i].cell < 81 && s->elim[i].digit >= 1 && s->elim[i].digit <= 9,
                 "%s: elimination %d is (%d, %d)", what, i, s->elim[i].cell, s->elim[i].digit);
    for (int i = 0; i < s->n_cells; i++) FZ_CHECK(s->cells[i] < 81, "%s: cell %d", what, s->cells[i]);
    FZ_CHECK(sk_step_views_agree(s), "%s: lists and sets differ", what);
}

/* A step on a sound board (every empty cell still has its solution digit): it places only
 * solution digits in empty cells, removes no solution digit and only from empty cells, and
 * applying it to *b changes the values or the masks.  *b is left with the step applied. */
static void check_sound_step(hk_board *b, const sk_step *s, const uint8_t solution[81], const char *what) {
    for (int i = 0; i < s->n_place; i++) {
        int c = s->place[i].cell, d = s->place[i].digit;
        FZ_CHECK(!b->values[c], "%s (%s): placed %d in the filled cell %d", what, s->name, d, c);
        FZ_CHECK(d == solution[c], "%s (%s): placed %d in cell %d, the solution has %d", what, s->name, d, c,
                 solution[c]);
    }
    for (int i = 0; i < s->n_elim; i++) {
        int c = s->elim[i].cell, d = s->elim[i].digit;
        FZ_CHECK(!b->values[c], "%s (%s): removed %d from the filled cell %d", what, s->name, d, c);
        FZ_CHECK(d != solution[c], "%s (%s): removed the solution's digit %d from cell %d", what, s->name, d,
                 c);
    }
    uint8_t values[81];
    uint16_t masks[81];
    memcpy(values, b->values, sizeof values);
    memcpy(masks, b->masks, sizeof masks);
    hk_apply(b, s);
    FZ_CHECK(memcmp(values, b->values, sizeof values) || memcmp(masks, b->masks, sizeof masks),
             "%s (%s): a step that changes nothing", what, s->name);
    for (int c = 0; c < 81; c++) {
        FZ_CHECK(!b->values[c] || b->values[c] == solution[c], "%s (%s): cell %d holds %d", what, s->name, c,
                 b->values[c]);
        FZ_CHECK(b->values[c] || (b->masks[c] >> (solution[c] - 1) & 1),
                 "%s (%s): cell %d lost its solution digit", what, s->name, c);
    }
}

/* Two steps equal in kind, name and every list. */
static int same_step(const sk_step *a, const sk_step *b) {
    if (a->kind != b->kind || strcmp(a->name, b->name) || a->n_place != b->n_place ||
        a->n_elim != b->n_elim || a->n_cells != b->n_cells)
        return 0;
    return !memcmp(a->place, b->place, sizeof a->place[0] * (size_t)a->n_place) &&
           !memcmp(a->elim, b->elim, sizeof a->elim[0] * (size_t)a->n_elim) &&
           !memcmp(a->cells, b->cells, (size_t)a->n_cells);
}

/* Run one finder as the binding does (step started with the kind, a 50 ms deadline); returns
 * what it returned, or -2 when its deadline passed. */
static int run_finder(hk_finder find, int kind, hk_board *b, sk_step *out) {
    hm_ctx ctx = {now() + 0.05, 0, 0, NULL, NULL, 0};
    sk_step_start(out, kind, NULL);
    int found = find(b, out, &ctx);
    FZ_CHECK(found == 0 || found == 1, "%s returned %d", hk_kinds[kind].kind, found);
    FZ_CHECK(!ctx.interrupted, "%s: interrupted without a poll", hk_kinds[kind].kind);
    return ctx.expired ? -2 : found;
}

/* The same ALS finder on a copy of the board with an ALS cache, cold then warm: the steps must
 * be the one found without the cache (skipped when a deadline passed). */
static void check_als_cache(hk_finder find, int kind, const hk_board *start, int found, const sk_step *step) {
    static hk_board b;
    static sk_step again;
    struct hk_als_cache *cache = hk_als_cache_new();
    if (!cache) return;
    for (int round = 0; round < 2; round++) {
        b = *start;
        b.als_cache = cache;
        int got = run_finder(find, kind, &b, &again);
        if (got == -2 || found == -2) break;
        FZ_CHECK(got == found, "%s with an ALS cache (round %d): found %d, without %d", hk_kinds[kind].kind,
                 round, got, found);
        FZ_CHECK(!found || same_step(&again, step), "%s with an ALS cache (round %d): another step",
                 hk_kinds[kind].kind, round);
    }
    hk_als_cache_free(cache);
}

/* Make a solvable puzzle unique: while sk9_solve finds two, give the first one's digit in
 * the next empty cell (from cell `start`, 7 cells on each time: 7 and 81 are coprime, so every
 * cell comes up).  Returns 0 when the puzzle has no solution, else 1 with the solution. */
static int make_unique(uint8_t cells[81], uint8_t solution[81], int start) {
    int c = start % 81;
    for (;;) {
        int count = sk9_solve(cells, 2, solution, NULL);
        if (count < 2) return count;
        while (cells[c]) c = (c + 7) % 81;
        cells[c] = solution[c];
    }
}

/* Mode 1: any state the binding accepts. */
static void arbitrary_state(fz_in *in, const uint8_t cells[81], int kind) {
    static hk_board b;
    static sk_step step;
    uint8_t givens[81], values[81];
    uint16_t masks[81];
    for (int c = 0; c < 81; c++) {
        givens[c] = values[c] = cells[c];
        masks[c] = cells[c] ? 0 : 0x1ff;
    }
    while (in->n >= 2) {
        int c = fz_byte(in) % 81, d = fz_byte(in);
        masks[c] ^= (uint16_t)(1u << (d % 9));
        if (d >= 0xf0) values[c] = (uint8_t)(d % 10);
        else if (d >= 0xe0) givens[c] = (uint8_t)(d % 10);
    }
    hk_finder find = hk_finder_for(kind);
    if (!find) return; /* the binding raises NotImplementedError */
    hk_board_from_state(&b, givens, values, masks);
    if (run_finder(find, kind, &b, &step) == 1) check_step_shape(&step, kind, hk_kinds[kind].kind);
}

/* Mode 2: the whole path of a unique puzzle, every step replayed and checked. */
static void whole_path(const uint8_t cells[81], const uint8_t solution[81]) {
    static sk_step path[MAX_PATH];
    static hk_board b;
    int count = -1;
    hm_ctx ctx = {now() + 0.3, 0, 0, NULL, NULL, 0};
    int status = hk_path(cells, solution, path, MAX_PATH, &count, NULL, NULL, 0, &ctx);
    FZ_CHECK(status == HM_SOLVED || status == HM_LIMIT, "hk_path status %d after %d steps", status, count);
    FZ_CHECK(count >= 0 && count <= MAX_PATH, "hk_path wrote %d steps", count);
    FZ_CHECK(status != HM_LIMIT || ctx.expired, "hk_path: HM_LIMIT before its deadline");
    hk_board_init(&b, cells);
    for (int i = 0; i < count; i++) {
        char what[32];
        snprintf(what, sizeof what, "path step %d", i);
        check_step_shape(&path[i], -1, what);
        if (path[i].kind == HK_BRUTE_FORCE)
            FZ_CHECK(path[i].n_place == 1 && !path[i].n_elim, "%s: a Brute Force step of %d placements", what,
                     path[i].n_place);
        check_sound_step(&b, &path[i], solution, what);
    }
    if (status == HM_SOLVED)
        FZ_CHECK(!memcmp(b.values, solution, 81), "hk_path: solved, but the replayed board is not the "
                                                  "solution");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static hk_board b, before;
    static sk_step step;
    fz_in in = {data, size};
    uint8_t cells[81], solution[81];
    fz_cells9(&in, cells);
    uint8_t mode = fz_byte(&in);
    int kind = fz_byte(&in) % HK_KINDS;

    if (mode % 4 == 1) {
        arbitrary_state(&in, cells, kind);
        return 0;
    }
    fz_drop_clashes(cells, 3, 3);
    if (!make_unique(cells, solution, (mode >> 4) * 5)) return 0;
    if (mode % 4 == 2) {
        whole_path(cells, solution);
        return 0;
    }

    /* A sound position: the puzzle's marks minus non-solution digits, some solution digits placed. */
    uint8_t values[81];
    uint16_t masks[81];
    memcpy(values, cells, sizeof values);
    marks_of(values, masks);
    if (mode & 4) hk_board_init(&b, cells);
    while (in.n >= 2) {
        int c = fz_byte(&in) % 81, raw = fz_byte(&in), d = raw % 9 + 1;
        if (raw >= 0xf0) {
            if (values[c]) continue;
            d = solution[c];
            values[c] = (uint8_t)d;
            masks[c] = 0;
            for (int i = 0; i < 20; i++) masks[kPeers[c][i]] &= (uint16_t)~(1u << (d - 1));
            if (mode & 4) hk_place(&b, c, d);
        } else if (d != solution[c]) {
            masks[c] &= (uint16_t)~(1u << (d - 1));
            if (mode & 4) hk_eliminate(&b, c, d);
        }
    }
    if (mode & 4) {
        FZ_CHECK(!memcmp(b.values, values, sizeof values) && !memcmp(b.masks, masks, sizeof masks),
                 "hk_place/hk_eliminate: the board differs from the harness's position");
    } else {
        hk_board_from_state(&b, cells, values, masks);
    }
    hk_finder find = hk_finder_for(kind);
    if (!find) return 0;
    before = b;
    int found = run_finder(find, kind, &b, &step);
    if (found == 1) {
        check_step_shape(&step, kind, hk_kinds[kind].kind);
        static hk_board applied;
        applied = b; /* the singles finders took from the queues, as in the path */
        check_sound_step(&applied, &step, solution, hk_kinds[kind].kind);
    }
    if ((mode & 8) && (kind == HK_ALS_XZ || kind == HK_ALS_XY_WING || kind == HK_ALS_XY_CHAIN))
        check_als_cache(find, kind, &before, found, &step);
    return 0;
}
