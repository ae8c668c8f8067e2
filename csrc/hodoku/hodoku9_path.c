/* hodoku9_path.c - HoDoKu's board updates, its singles queues and its path loop (see hodoku9.h).
 *
 * An exact port of sudokit.rating.hodoku.path.Board and of the loop of sudokit.rating.hodoku.path.hodoku_path:
 *
 *   - masks[c]: candidates of an empty cell (bit d-1 for digit d), 0 once placed;
 *   - free[u][d]: how many cells of unit u still count digit d (only ever decreasing);
 *   - the naked singles queue ns[ns_head .. ns_len) and the hidden singles queue
 *     hs[hs_head .. hs_len): Python's lists, where list.pop(0) is "advance the head" and
 *     `del hs[k]` is "shift the tail down by one":
 *
 *         hs:  [ taken | taken | (c,d) | (c,d) | (c,d) | ...free room... ]
 *                                ^hs_head                ^hs_len
 *
 * Each (unit, digit) count reaches 1 at most once, so the hidden queue takes at most 243
 * entries over a path; the naked one at most one per elimination (729).
 */
#include "hodoku/hodoku9.h"

#include <string.h>

#include "common/geometry9.h"

enum { FULL = 0x1ff };

/* The bit of digit d (1..9). */
static inline unsigned bit_of(int d) { return 1u << (d - 1); }

/* 1 when the unit u is one of the three units of cell c. */
static inline int in_unit(int c, int u) {
    return kCellUnits[c][ROW] == u || kCellUnits[c][COL] == u || kCellUnits[c][BOX] == u;
}

/* Board._add_hidden: queue the first cell of unit u that still has digit d. */
static void add_hidden(hk_board *b, int u, int d) {
    unsigned m = bit_of(d);
    for (int i = 0; i < 9; i++) {
        int c = kUnitCells[u][i];
        if (b->masks[c] & m) {
            if (b->hs_len < HK_QUEUE) b->hs[b->hs_len++] = (sk_cand){(uint8_t)c, (uint8_t)d};
            return;
        }
    }
}

/* Board._drop_hidden: remove the first waiting hidden single of digit d in unit u. */
static void drop_hidden(hk_board *b, int u, int d) {
    for (int k = b->hs_head; k < b->hs_len; k++) {
        if (b->hs[k].digit == d && in_unit(b->hs[k].cell, u)) {
            memmove(&b->hs[k], &b->hs[k + 1], sizeof b->hs[0] * (size_t)(b->hs_len - k - 1));
            b->hs_len--;
            return;
        }
    }
}

void hk_eliminate(hk_board *b, int cell, int digit) {
    unsigned m = bit_of(digit), mask = b->masks[cell];
    if (!(mask & m)) return;
    mask &= ~m;
    b->masks[cell] = (uint16_t)mask;
    b->version++;
    if (!mask) return; /* as Python: an emptied cell leaves the counts alone */
    if (!(mask & (mask - 1)) && b->ns_len < HK_QUEUE)
        b->ns[b->ns_len++] = (sk_cand){(uint8_t)cell, (uint8_t)(sk_low_digit(mask))};
    for (int k = 0; k < 3; k++) {
        int u = kCellUnits[cell][k];
        int left = --b->free[u][digit];
        if (left == 1) add_hidden(b, u, digit);
        else if (left == 0) drop_hidden(b, u, digit);
    }
}

void hk_place(hk_board *b, int cell, int digit) {
    if (b->values[cell] == digit) return;
    unsigned old = b->masks[cell];
    b->values[cell] = (uint8_t)digit;
    b->masks[cell] = 0;
    b->version++;
    for (int i = 0; i < 20; i++) hk_eliminate(b, kPeers[cell][i], digit);
    for (unsigned m = old; m; m &= m - 1) {
        int d = sk_low_digit(m);
        for (int k = 0; k < 3; k++) {
            int u = kCellUnits[cell][k];
            if (--b->free[u][d] == 1 && d != digit) add_hidden(b, u, d);
        }
    }
}

void hk_board_init(hk_board *b, const uint8_t cells[81]) {
    memcpy(b->givens, cells, 81);
    memset(b->values, 0, sizeof b->values);
    for (int c = 0; c < 81; c++) b->masks[c] = FULL;
    for (int u = 0; u < 27; u++) {
        b->free[u][0] = 0;
        for (int d = 1; d <= 9; d++) b->free[u][d] = 9;
    }
    b->ns_head = b->ns_len = b->hs_head = b->hs_len = 0;
    b->version = 0;
    b->als_cache = NULL;
    memset(b->fish_memo.none, 0, sizeof b->fish_memo.none);
    for (int c = 0; c < 81; c++)
        if (cells[c]) hk_place(b, c, cells[c]);
}

void hk_apply(hk_board *b, const sk_step *s) {
    for (int i = 0; i < s->n_place; i++) hk_place(b, s->place[i].cell, s->place[i].digit);
    for (int i = 0; i < s->n_elim; i++) hk_eliminate(b, s->elim[i].cell, s->elim[i].digit);
}

/* ---- the path ------------------------------------------------------------------------------ */

/* _renamed: the name Python gives a step its finder left unnamed (the type, title-cased). */
static const char *const kRenamed[HK_KINDS] = {
    "Full House", "Naked Single", "Hidden Single", "Locked Pair", "Locked Triple",
    "Locked Candidates 1", "Locked Candidates 2", "Naked Pair", "Naked Triple", "Hidden Pair",
    "Hidden Triple", "Naked Quadruple", "Hidden Quadruple", "X Wing", "Swordfish", "Jellyfish",
    "Remote Pair", "Bug Plus 1", "Skyscraper", "Two String Kite", "Turbot Fish",
    "Empty Rectangle", "W Wing", "Xy Wing", "Xyz Wing", "Uniqueness 1", "Uniqueness 2",
    "Uniqueness 3", "Uniqueness 4", "Uniqueness 5", "Uniqueness 6", "Hidden Rectangle",
    "Avoidable Rectangle 1", "Avoidable Rectangle 2", "Finned X Wing", "Sashimi X Wing",
    "Finned Swordfish", "Sashimi Swordfish", "Finned Jellyfish", "Sashimi Jellyfish",
    "Sue De Coq", "Simple Colors", "Multi Colors", "X Chain", "Xy Chain", "Nice Loop",
    "Grouped Nice Loop", "Als Xz", "Als Xy Wing", "Als Xy Chain", "Franken X Wing",
    "Franken Swordfish", "Finned Franken X Wing", "Finned Franken Swordfish", "Forcing Chain",
    "Forcing Net",
};

/* 1 when every cell holds a digit. */
static int solved(const hk_board *b) {
    for (int c = 0; c < 81; c++)
        if (!b->values[c]) return 0;
    return 1;
}

/* 1 when time is up or the poll says stop, asked now (not every 256th call). */
static int time_up(hm_ctx *ctx) {
    ctx->ticks = 0;
    return hm_check_deadline(ctx);
}

/* _brute_force: the middle one of the empty cells gets its solution digit. */
static void brute_force(const hk_board *b, const uint8_t solution[81], sk_step *out) {
    int empty[81], n = 0;
    for (int c = 0; c < 81; c++)
        if (!b->values[c]) empty[n++] = c;
    int cell = empty[n / 2];
    sk_step_start(out, HK_BRUTE_FORCE, "Brute Force");
    sk_step_place(out, cell, solution[cell]);
    sk_step_cell(out, cell);
}

/* _next: the step of the first kind in order that finds one (finders[kind]: its C finder or NULL
 * for the external one): 1 found, 0 none, -1 external failed, -2 time is up.  The clock (and the
 * poll) is read before the first kind and after each external call that found nothing; C
 * finders read it in their long loops. */
static int next_step(hk_board *b, sk_step *out, hk_finder const finders[HK_KINDS], hk_external external,
                     void *arg, hm_ctx *ctx) {
    if (time_up(ctx)) return -2;
    for (int kind = 0; kind < HK_KINDS; kind++) {
        sk_step_start(out, kind, NULL);
        int found = 0;
        if (finders[kind]) {
            found = finders[kind](b, out, ctx);
        } else if (external) {
            found = external(arg, kind, b, out);
            if (found == 0 && time_up(ctx)) return -2; /* Python checks before the next kind */
        }
        if (found < 0) return -1;
        if (ctx->expired) return -2;
        if (found) {
            out->kind = kind;
            if (!out->name || !out->name[0]) out->name = kRenamed[kind];
            return 1;
        }
    }
    return 0;
}

int hk_path(const uint8_t cells[81], const uint8_t solution[81], sk_step *path, int max_steps,
            int *count, hk_external external, void *external_arg, uint64_t ask, hm_ctx *ctx) {
    hk_board board;
    hk_finder finders[HK_KINDS];
    for (int kind = 0; kind < HK_KINDS; kind++)
        finders[kind] = external && (ask >> kind & 1) ? NULL : hk_finder_for(kind);
    hk_board_init(&board, cells);
    board.als_cache = hk_als_cache_new(); /* NULL (out of memory): each finder builds its own */
    int status = HM_SOLVED;
    *count = 0;
    while (!solved(&board)) {
        if (*count >= max_steps) {
            status = HM_UNSOLVED;
            break;
        }
        sk_step *step = &path[*count];
        int found = next_step(&board, step, finders, external, external_arg, ctx);
        if (found == -1 || found == -2) {
            status = found == -1 ? -1 : HM_LIMIT;
            break;
        }
        if (!found) brute_force(&board, solution, step);
        (*count)++;
        hk_apply(&board, step);
    }
    hk_als_cache_free(board.als_cache);
    return status;
}
