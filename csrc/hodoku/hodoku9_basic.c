/* hodoku9_basic.c - HoDoKu's singles, locked candidates and naked/hidden subsets (see hodoku9.h).
 *
 * Exact twins of sudokit.rating.hodoku.path's finders (_full_house, _naked_single, _hidden_single,
 * _locked_candidates, _naked, _hidden): same scan order, same first step, eliminations in the
 * same order.  The singles finders read the board's queues (and take from their fronts, as
 * Python's list.pop(0) does); the others scan units:
 *
 *     locked candidates 1: boxes 18-26, digits 1-9          (a digit's places on one line)
 *     locked candidates 2: rows 0-8, then columns 9-17      (a line's places in one box)
 *     locked subsets:      boxes                            naked subsets: boxes, rows, columns
 *     hidden subsets:      boxes, rows, columns
 *
 * Subsets walk the combinations of a unit's pool in nested-loop order (Python's _combos), which
 * is the lexicographic order of common/subsets.h's walk (shared with SE's subsets and both
 * raters' basic fish); the walk cuts a partial combination whose union already holds more than
 * `size` bits, which skips no subset.  A unit's pool is listed in its cell order (kUnitCells),
 * a hidden subset's pool in digit order.
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>

#include "common/geometry9.h"
#include "common/subsets.h"

/* ---- bit helpers ------------------------------------------------------------------------- */

/* The bit of digit d (1..9):   bit 8 .. 0  =  digit 9 .. 1. */
static inline unsigned bit_of(int d) { return 1u << (d - 1); }

/* The number of set bits. */


/* ---- singles ----------------------------------------------------------------------------- */

/* A single placed in a step of the kind: placement (cell, digit), cells (cell). */
static int single_step(sk_step *out, int kind, const char *name, int cell, int digit) {
    sk_step_start(out, kind, name);
    sk_step_place(out, cell, digit);
    sk_step_cell(out, cell);
    return 1;
}

/* _full_house: the first waiting naked single that is the last empty cell of one of its units
 * (the queue is left as it is). */
static int full_house(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    for (int k = b->ns_head; k < b->ns_len; k++) {
        int cell = b->ns[k].cell, digit = b->ns[k].digit;
        if (b->values[cell]) continue;
        for (int j = 0; j < 3; j++) {
            const uint8_t *free = b->free[kCellUnits[cell][j]];
            int others = 0;
            for (int d = 1; d <= 9; d++) others |= d != digit && free[d] != 0;
            if (!others) return single_step(out, HK_FULL_HOUSE, "Full House", cell, digit);
        }
    }
    return 0;
}

/* _naked_single: the next naked single off the front of its queue (placed cells are dropped). */
static int naked_single(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    while (b->ns_head < b->ns_len) {
        sk_cand s = b->ns[b->ns_head++];
        if (!b->values[s.cell]) return single_step(out, HK_NAKED_SINGLE, "Naked Single", s.cell, s.digit);
    }
    return 0;
}

/* _hidden_single: the next hidden single off the front of its queue; the first one on an empty
 * cell that is no longer single in any of its units ends the search with none. */
static int hidden_single(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    while (b->hs_head < b->hs_len) {
        sk_cand s = b->hs[b->hs_head++];
        if (b->values[s.cell]) continue;
        for (int j = 0; j < 3; j++)
            if (b->free[kCellUnits[s.cell][j]][s.digit] == 1)
                return single_step(out, HK_HIDDEN_SINGLE, "Hidden Single", s.cell, s.digit);
        return 0;
    }
    return 0;
}

/* ---- locked candidates ------------------------------------------------------------------- */

/* _locked_in: the locked candidates step of `digit` confined in `unit` (pointing: a box whose
 * places share a row, else a column; else a line whose places share a box), or 0. */
static int locked_in(const hk_board *b, int unit, int digit, int pointing, sk_step *out) {
    int count = b->free[unit][digit];
    if (count != 2 && count != 3) return 0;
    unsigned m = bit_of(digit);
    int where[9], n = 0;
    for (int i = 0; i < 9; i++)
        if (b->masks[kUnitCells[unit][i]] & m) where[n++] = kUnitCells[unit][i];
    if (!n) return 0;
    int shared[3];
    for (int k = 0; k < 3; k++) {
        shared[k] = 1;
        for (int i = 1; i < n; i++) shared[k] &= kCellUnits[where[i]][k] == kCellUnits[where[0]][k];
    }
    const uint8_t *first = kCellUnits[where[0]];
    int target;
    if (pointing) {
        if (shared[ROW] && b->free[first[ROW]][digit] > count) target = first[ROW];
        else if (shared[COL] && b->free[first[COL]][digit] > count) target = first[COL];
        else return 0;
    } else if (shared[BOX] && b->free[first[BOX]][digit] > count) {
        target = first[BOX];
    } else {
        return 0;
    }
    sk_step_start(out, pointing ? HK_LOCKED_CANDIDATES_1 : HK_LOCKED_CANDIDATES_2,
                  pointing ? "Locked Candidates Type 1" : "Locked Candidates Type 2");
    for (int i = 0; i < 9; i++) {
        int c = kUnitCells[target][i], mine = 0;
        for (int j = 0; j < n; j++) mine |= where[j] == c;
        if ((b->masks[c] & m) && !mine) sk_step_elim(out, c, digit);
    }
    for (int j = 0; j < n; j++) sk_step_cell(out, where[j]);
    return 1;
}

/* The first locked candidates step of units first..first+count-1, digit by digit in each. */
static int locked_scan(const hk_board *b, int first, int count, int pointing, sk_step *out) {
    for (int u = first; u < first + count; u++)
        for (int d = 1; d <= 9; d++)
            if (locked_in(b, u, d, pointing, out)) return 1;
    return 0;
}

/* Locked candidates type 1 (pointing): boxes. */
static int locked_candidates_1(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return locked_scan(b, 18, 9, 1, out);
}

/* Locked candidates type 2 (claiming): rows, then columns. */
static int locked_candidates_2(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return locked_scan(b, 0, 18, 0, out);
}

/* ---- subsets ----------------------------------------------------------------------------- */

/* What a subset search is after: its kind, name, size and, for naked ones, locked or not. */
typedef struct {
    int kind;
    const char *name;
    int size;
    int hidden;
    int want_locked;
} subset_kind;

/* 1 when cell c is one of cells[0..n). */
static int listed(const int *cells, int n, int c) {
    for (int i = 0; i < n; i++)
        if (cells[i] == c) return 1;
    return 0;
}

/* _subset_step: the eliminations of the subset `cells` on the digits `digits` into out, and
 * whether it is a locked one; 0 when it removes nothing. */
static int subset_step(const hk_board *b, const subset_kind *sk, const int *cells, int n,
                       unsigned digits, sk_step *out, int *locked) {
    int shared[3];
    for (int k = 0; k < 3; k++) {
        shared[k] = 1;
        for (int i = 1; i < n; i++) shared[k] &= kCellUnits[cells[i]][k] == kCellUnits[cells[0]][k];
    }
    sk_step_start(out, sk->kind, sk->name);
    int found_units = 0;
    if (sk->hidden) {
        for (int i = 0; i < n; i++)
            for (unsigned m = b->masks[cells[i]] & ~digits & 0x1ffu; m; m &= m - 1)
                sk_step_elim(out, cells[i], sk_low_digit(m));
    } else {
        int box = kCellUnits[cells[0]][BOX];
        for (int k = 0; k < 3; k++) {
            if (!shared[k]) continue;
            int counted = 0;
            const uint8_t *unit = kUnitCells[kCellUnits[cells[0]][k]];
            for (int i = 0; i < 9; i++) {
                int c = unit[i];
                if (listed(cells, n, c)) continue;
                for (unsigned m = b->masks[c] & digits; m; m &= m - 1) {
                    sk_step_elim(out, c, sk_low_digit(m));
                    if (!counted && (k == BOX || kCellUnits[c][BOX] != box)) {
                        counted = 1;
                        found_units++;
                    }
                }
            }
        }
    }
    if (!out->n_elim) return 0;
    *locked = n < 4 && found_units > 1 && !sk->hidden && shared[BOX] && (shared[ROW] || shared[COL]);
    for (int i = 0; i < n; i++) sk_step_cell(out, cells[i]);
    return 1;
}

/* One unit's subset walk (common/subsets.h, one layer): the unit, its pool (cells for naked
 * sets, digits 1..9 for hidden ones) and the step written. */
typedef struct {
    const hk_board *b;
    const subset_kind *sk;
    int unit;
    int pool[9];
    sk_step *out;
} subset_walk;

/* The walk's visit for naked sets: chosen (bit i = pool[i]) holds only the digits `digits`;
 * 1 when it makes a step of the wanted lock state. */
static int naked_visit(void *ctx, unsigned chosen, int layer, unsigned digits) {
    const subset_walk *w = ctx;
    (void)layer;
    int cells[9], n = 0, locked;
    for (unsigned m = chosen; m; m &= m - 1) cells[n++] = w->pool[sk_lowest(m)];
    return subset_step(w->b, w->sk, cells, n, digits, w->out, &locked) && locked == w->sk->want_locked;
}

/* The walk's visit for hidden sets: the digits chosen (bit i = pool[i]) lie only in the
 * places `spots` of the unit; 1 when they make a step. */
static int hidden_visit(void *ctx, unsigned chosen, int layer, unsigned spots) {
    const subset_walk *w = ctx;
    (void)layer;
    int cells[9], n = 0, locked;
    for (unsigned m = spots; m; m &= m - 1) cells[n++] = kUnitCells[w->unit][sk_lowest(m)];
    unsigned digits = 0;
    for (unsigned m = chosen; m; m &= m - 1) digits |= bit_of(w->pool[sk_lowest(m)]);
    return subset_step(w->b, w->sk, cells, n, digits, w->out, &locked);
}

/* _naked_subsets: the first naked subset of the kind in units first..first+8, each unit's
 * combinations in nested-loop order (lexicographic, as the walk's). */
static int naked_in(const hk_board *b, const subset_kind *sk, int first, sk_step *out) {
    subset_walk w = {.b = b, .sk = sk, .out = out};
    uint16_t item[9];
    sk_subset_walk walk = {.item = item, .k = sk->size, .layers = 1, .alive = 1,
                           .visit = naked_visit, .ctx = &w};
    for (int u = first; u < first + 9; u++) {
        int n = 0;
        for (int i = 0; i < 9; i++) {
            int c = kUnitCells[u][i], p = sk_popcount(b->masks[c]);
            if (p > 0 && p <= sk->size) {
                w.pool[n] = c;
                item[n++] = (uint16_t)b->masks[c];
            }
        }
        walk.n = n;
        if (sk_subsets(&walk)) return 1;
    }
    return 0;
}

/* The places (positions 0..8 in unit u) of each digit, where[d] for d 1..9. */
static void places_in(const hk_board *b, int u, unsigned where[10]) {
    for (int d = 1; d <= 9; d++) {
        where[d] = 0;
        for (int i = 0; i < 9; i++)
            if (b->masks[kUnitCells[u][i]] & bit_of(d)) where[d] |= 1u << i;
    }
}

/* _hidden_in: the first hidden subset of the kind in unit u, its digits' combinations in
 * nested-loop order (lexicographic, as the walk's). */
static int hidden_in(const hk_board *b, const subset_kind *sk, int u, sk_step *out) {
    int empty = 0;
    for (int i = 0; i < 9; i++) empty += b->masks[kUnitCells[u][i]] != 0;
    if (empty <= sk->size) return 0;
    unsigned where[10];
    places_in(b, u, where);
    subset_walk w = {.b = b, .sk = sk, .unit = u, .out = out};
    uint16_t item[9];
    int n = 0;
    for (int d = 1; d <= 9; d++)
        if (b->free[u][d] > 0 && b->free[u][d] <= sk->size) {
            w.pool[n] = d;
            item[n++] = (uint16_t)where[d];
        }
    sk_subset_walk walk = {.item = item, .n = n, .k = sk->size, .layers = 1, .alive = 1,
                           .visit = hidden_visit, .ctx = &w};
    return sk_subsets(&walk);
}

/* A subset search in HoDoKu's unit order: boxes only for locked subsets, else boxes, rows,
 * columns. */
static int subsets(const hk_board *b, const subset_kind *sk, sk_step *out) {
    static const int kFirst[3] = {18, 0, 9};
    int parts = sk->want_locked ? 1 : 3;
    for (int p = 0; p < parts; p++) {
        int first = kFirst[p];
        if (!sk->hidden) {
            if (naked_in(b, sk, first, out)) return 1;
        } else {
            for (int u = first; u < first + 9; u++)
                if (hidden_in(b, sk, u, out)) return 1;
        }
    }
    sk_step_start(out, sk->kind, sk->name);
    return 0;
}

/* The subset kinds: kind, name (Python's _renamed), size, hidden, locked. */
static const subset_kind kSubsetKinds[] = {
    {HK_LOCKED_PAIR, "Locked Pair", 2, 0, 1},  /* a naked pair in a box and a line */
    {HK_LOCKED_TRIPLE, "Locked Triple", 3, 0, 1},
    {HK_NAKED_PAIR, "Naked Pair", 2, 0, 0},  /* (not a locked one) */
    {HK_NAKED_TRIPLE, "Naked Triple", 3, 0, 0},
    {HK_NAKED_QUADRUPLE, "Naked Quadruple", 4, 0, 0},
    {HK_HIDDEN_PAIR, "Hidden Pair", 2, 1, 0},
    {HK_HIDDEN_TRIPLE, "Hidden Triple", 3, 1, 0},
    {HK_HIDDEN_QUADRUPLE, "Hidden Quadruple", 4, 1, 0},
};

/* The entry of kSubsetKinds for a kind, or NULL. */
static const subset_kind *subset_kind_of(int kind) {
    for (size_t i = 0; i < sizeof kSubsetKinds / sizeof kSubsetKinds[0]; i++)
        if (kSubsetKinds[i].kind == kind) return &kSubsetKinds[i];
    return NULL;
}

/* The finder of the eight subset kinds: the one out->kind names. */
static int subset_finder(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return subsets(b, subset_kind_of(out->kind), out);
}

hk_finder hk_basic_finder(int kind) {
    static const hk_finder kFinders[] = {
        [HK_FULL_HOUSE] = full_house,
        [HK_NAKED_SINGLE] = naked_single,
        [HK_HIDDEN_SINGLE] = hidden_single,
        [HK_LOCKED_CANDIDATES_1] = locked_candidates_1,
        [HK_LOCKED_CANDIDATES_2] = locked_candidates_2,
    };
    if (subset_kind_of(kind)) return subset_finder;
    if (kind < 0 || kind >= (int)(sizeof kFinders / sizeof kFinders[0])) return NULL;
    return kFinders[kind];
}
