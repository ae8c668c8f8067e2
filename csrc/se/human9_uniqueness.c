/* human9_uniqueness.c - unique rectangles / loops (types 1-4) and BUG (types 1-4) on a 9x9
 * grid; the C twins of sudokit.techniques.uniqueness (see human9.h for the layout).
 *
 * Both patterns assume a unique solution: a set of cells that could swap two digits (a loop)
 * or a grid of bivalue cells with every digit twice per unit (a BUG) would give two
 * solutions, so the cells that keep the pattern from forming must break it.
 *
 * The search order is Python's (itself SE's), candidate for candidate:
 *   - loops: every bivalue start cell 0..80, a depth-first walk through box, row, column (in
 *     that order) that never re-enters the unit kind it came by; every valid loop gives its
 *     type 1-4 steps; steps of the same variant on the same cell set are kept once (the first),
 *     and the answer is the easiest one (lowest difficulty, then lowest type, then first found).
 *   - BUG: units box 0-8, row 0-8, column 0-8, digits 1-9 to find the BUG candidates, then
 *     type 1, 2, 4, 3 as find_bugs yields them.
 *
 * Cell sets are 81-bit masks in two 64-bit words:
 *
 *     word 0: bit c      = cell c       (cells  0 .. 63)
 *     word 1: bit c - 64 = cell c       (cells 64 .. 80)
 */
#include "se/human9.h"
#include "common/geometry9.h"
#include "se/human9_techniques.h"

#include <stdlib.h>
#include <string.h>

/* -- small helpers -------------------------------------------------------------------------- */

/* SE's order of unit kinds for these patterns: box, row, column (kinds as in geometry9.h,
 * which are sudokit.techniques.base's: a unit index is kind * 9 + i). */
static const int se_kinds[3] = {BOX, ROW, COL};

/* Bit of digit d (1..9). */
static inline uint16_t digit_bit(int d) { return (uint16_t)(1u << (d - 1)); }


/* Cell sets: sk_cells (common/bits.h). */

/* Set idx[0..k) to the first k-combination 0, 1, ..., k-1. */
static void first_combination(int *idx, int k) {
    for (int i = 0; i < k; i++) idx[i] = i;
}

/* -- unique rectangles and loops ------------------------------------------------------------ */

/* Python's step names, by loop size (4, 6, 8, ..., 18) and type (1-4): "Unique Rectangle" for
 * 4 cells, "Unique Loop" for 6, "Unique Loop N" beyond. */
static const char *const loop_names[8][4] = {
    {"Unique Rectangle type 1", "Unique Rectangle type 2", "Unique Rectangle type 3",
     "Unique Rectangle type 4"},
    {"Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3", "Unique Loop type 4"},
    {"Unique Loop 8 type 1", "Unique Loop 8 type 2", "Unique Loop 8 type 3",
     "Unique Loop 8 type 4"},
    {"Unique Loop 10 type 1", "Unique Loop 10 type 2", "Unique Loop 10 type 3",
     "Unique Loop 10 type 4"},
    {"Unique Loop 12 type 1", "Unique Loop 12 type 2", "Unique Loop 12 type 3",
     "Unique Loop 12 type 4"},
    {"Unique Loop 14 type 1", "Unique Loop 14 type 2", "Unique Loop 14 type 3",
     "Unique Loop 14 type 4"},
    {"Unique Loop 16 type 1", "Unique Loop 16 type 2", "Unique Loop 16 type 3",
     "Unique Loop 16 type 4"},
    {"Unique Loop 18 type 1", "Unique Loop 18 type 2", "Unique Loop 18 type 3",
     "Unique Loop 18 type 4"},
};

/* Step variants, for "one step of a variant per loop cell set" (Python's "1" "2" "3n" "3h" "4"). */
enum { V_1, V_2, V_3N, V_3H, V_4 };

/* A (variant, cell set) already kept. */
typedef struct {
    sk_cells cells;
    int variant;
} seen_key;

/* The state of one hm_unique_rectangle call: the walk, the steps kept so far, the best one. */
typedef struct {
    const hm_pos *pos;
    hm_ctx *ctx;
    int a, b;            /* the loop's digits, a < b                                    */
    uint16_t pair;       /* bit(a) | bit(b)                                             */
    int loop[81];        /* the walk's cells, loop[0] the start                         */
    int len;
    sk_cells in_loop;     /* the cells of loop[0..len)                                   */
    seen_key *seen;      /* the (variant, loop cells) of every step kept so far         */
    int nseen, cap;
    int nomem;
    int have;            /* best holds a step                                           */
    int best_tenths, best_type;
    sk_step *best;
} ur_search;

/* SE's difficulty of a loop of `size` cells, in tenths, before any type 3 bonus. */
static int loop_tenths(int size) {
    if (size >= 10) return 50;
    if (size >= 8) return 47;
    if (size >= 6) return 46;
    return HM_TENTHS_UNIQUE_RECTANGLE;
}

/* 1 when (variant, cells) is kept already; otherwise keeps it and returns 0. */
static int seen_before(ur_search *s, int variant, const sk_cells *cells) {
    for (int i = 0; i < s->nseen; i++)
        if (s->seen[i].variant == variant && sk_cells_equal(s->seen[i].cells, *cells)) return 1;
    if (s->nseen == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        seen_key *grown = realloc(s->seen, (size_t)cap * sizeof *grown);
        if (!grown) {
            s->nomem = 1;
            return 1;
        }
        s->seen = grown;
        s->cap = cap;
    }
    s->seen[s->nseen].variant = variant;
    s->seen[s->nseen].cells = *cells;
    s->nseen++;
    return 0;
}

/* Offer a step of the current loop (Python's _LoopFinder.add): kept if it eliminates and is the
 * first of its variant on this cell set; it becomes the answer if it sorts before the best
 * so far by (difficulty, type) - later steps lose ties, as in Python's stable sort. */
static void offer(ur_search *s, int type, int variant, int extra_tenths, const uint16_t elim[81]) {
    int any = 0;
    for (int c = 0; c < 81 && !any; c++) any = elim[c] != 0;
    if (!any || seen_before(s, variant, &s->in_loop)) return;
    int tenths = loop_tenths(s->len) + extra_tenths;
    if (s->have && (tenths > s->best_tenths || (tenths == s->best_tenths && type >= s->best_type)))
        return;
    sk_step *out = s->best;
    int size = s->len > 18 ? 18 : s->len;
    sk_step_se(out, loop_names[size / 2 - 2][type - 1], tenths, HM_HODOKU_UNIQUE_RECTANGLE);
    sk_step_elim_masks(out, elim);
    s->have = 1;
    s->best_tenths = tenths;
    s->best_type = type;
}

/* 1 when every unit the loop enters holds exactly two of its cells, one at an even and one at
 * an odd position (Python's _is_valid_loop).  Units are bits 0-26 of two masks, by parity. */
static int valid_loop(const ur_search *s) {
    uint32_t side[2] = {0, 0};
    for (int i = 0; i < s->len; i++) {
        for (int kind = 0; kind < 3; kind++) {
            uint32_t u = 1u << kCellUnits[s->loop[i]][kind];
            if (side[i & 1] & u) return 0;
            side[i & 1] |= u;
        }
    }
    return side[0] == side[1];
}

/* Type 1: the only rescue cell is neither a nor b. */
static void ur_type1(ur_search *s, int cell) {
    uint16_t elim[81] = {0};
    elim[cell] = s->pair;
    offer(s, 1, V_1, 0, elim);
}

/* Type 2: the rescue cells share one extra digit x; x leaves every cell seeing them all. */
static void ur_type2(ur_search *s, const int *rescue, int n) {
    const uint16_t *m = s->pos->cands;
    uint16_t extra = 0;
    for (int i = 0; i < n; i++) extra |= m[rescue[i]] & (uint16_t)~s->pair;
    if (sk_popcount(extra) != 1) return;
    sk_cells seeing = peer_cells(rescue[0]);
    for (int i = 1; i < n; i++) seeing = sk_cells_and(seeing, peer_cells(rescue[i]));
    uint16_t elim[81] = {0};
    for (int c = 0; c < 81; c++)
        if (sk_cells_has(seeing, c) && (m[c] & extra)) elim[c] = extra;
    for (int i = 0; i < n; i++) elim[rescue[i]] = 0;
    offer(s, 2, V_2, 0, elim);
}

/* Type 4: c1 and c2 share a unit where a (else b) has no other place; neither holds the other
 * digit.  As in Python, a lock on a (in any shared unit) wins over a lock on b. */
static void ur_type4(ur_search *s, int c1, int c2) {
    const uint16_t *m = s->pos->cands;
    int lock_a = 0, lock_b = 0;
    for (int k = 0; k < 3; k++) {
        int unit = unit_of(se_kinds[k], c1);
        if (unit != unit_of(se_kinds[k], c2)) continue;
        uint16_t others = 0;  /* the candidates of the unit's other cells */
        for (int i = 0; i < 9; i++) {
            int c = unit_cell(unit, i);
            if (c != c1 && c != c2) others |= m[c];
        }
        if (!(others & digit_bit(s->a))) lock_a = 1;
        if (!(others & digit_bit(s->b))) lock_b = 1;
    }
    uint16_t gone;
    if (lock_a) gone = digit_bit(s->b);
    else if (lock_b) gone = digit_bit(s->a);
    else return;
    uint16_t elim[81] = {0};
    elim[c1] = gone;
    elim[c2] = gone;
    offer(s, 4, V_4, 0, elim);
}

/* Type 3, naked: the pair's shared extras plus degree-1 other cells of the unit hold only
 * `degree` digits, which leave the unit's remaining cells (Python's type3_naked). */
static void ur_type3_naked(ur_search *s, int c1, int c2, uint16_t extra, int unit, int degree) {
    const uint16_t *m = s->pos->cands;
    int cells[9], n = 0, idx[9];
    for (int i = 0; i < 9; i++) {
        int c = unit_cell(unit, i);
        if (c != c1 && c != c2) cells[n++] = c;
    }
    uint16_t shared = extra & m[c1] & m[c2];
    int k = degree - 1;
    if (k > n) return;
    first_combination(idx, k);
    do {
        uint16_t uni = shared;
        int small = 0;
        for (int i = 0; i < k; i++) {
            uni |= m[cells[idx[i]]];
            small |= sk_popcount(m[cells[idx[i]]]) < 2;
        }
        if (sk_popcount(uni) != degree || small) continue;
        uint16_t total = extra | uni;
        if (sk_popcount(total) != degree) continue;
        uint16_t elim[81] = {0};
        int used = 0;  /* bit i: cells[i] is in the set */
        for (int i = 0; i < k; i++) used |= 1 << idx[i];
        for (int j = 0; j < n; j++)
            if (!(used >> j & 1)) elim[cells[j]] = m[cells[j]] & total;
        offer(s, 3, V_3N, degree - 1, elim);
    } while (hm_next_combination(idx, k, n));
}

/* Type 3, hidden: a, b and degree-2 other digits are confined, c2 aside, to `degree` cells of
 * the unit; those cells (c1 and c2 aside) lose their other digits (Python's type3_hidden).
 * Places are 9-bit masks of positions in the unit. */
static void ur_type3_hidden(ur_search *s, int c1, int c2, uint16_t extra, int unit, int degree) {
    const uint16_t *m = s->pos->cands;
    int rest[9], nrest = 0, idx[9];
    for (int d = 1; d <= 9; d++)
        if (!(digit_bit(d) & (s->pair | extra))) rest[nrest++] = d;
    int k = degree - 2;
    if (k > nrest) return;
    uint16_t places[10];  /* places[d]: positions of digit d in the unit, c2 removed */
    int pos1 = -1, pos2 = -1;
    for (int d = 1; d <= 9; d++) places[d] = 0;
    for (int i = 0; i < 9; i++) {
        int c = unit_cell(unit, i);
        if (c == c1) pos1 = i;
        if (c == c2) pos2 = i;
        for (int d = 1; d <= 9; d++)
            if (m[c] & digit_bit(d)) places[d] |= (uint16_t)(1u << i);
    }
    for (int d = 1; d <= 9; d++) places[d] &= (uint16_t)~(1u << pos2);
    if (!places[s->a] || !places[s->b]) return;
    first_combination(idx, k);
    do {
        uint16_t uni = places[s->a] | places[s->b];
        uint16_t hidden = s->pair;
        int hole = 0;
        for (int i = 0; i < k; i++) {
            int d = rest[idx[i]];
            hole |= places[d] == 0;
            uni |= places[d];
            hidden |= digit_bit(d);
        }
        if (hole || sk_popcount(uni) != degree) continue;
        uint16_t inside = uni & (uint16_t)~(1u << pos1) & (uint16_t)~(1u << pos2);
        uint16_t elim[81] = {0};
        for (int i = 0; i < 9; i++)
            if (inside >> i & 1) {
                int c = unit_cell(unit, i);
                elim[c] = m[c] & (uint16_t)~hidden;
            }
        offer(s, 3, V_3H, sk_popcount(inside) - 1, elim);
    } while (k > 0 && hm_next_combination(idx, k, nrest));
}

/* Type 3: naked and hidden sets with the rescue pair's extra digits, by growing degree, in
 * the units the pair shares (Python's type3). */
static void ur_type3(ur_search *s, int c1, int c2, uint16_t extra) {
    for (int degree = sk_popcount(extra); degree < 8; degree++) {
        for (int k = 0; k < 3; k++) {
            int unit = unit_of(se_kinds[k], c1);
            if (unit != unit_of(se_kinds[k], c2)) continue;
            int empty = 0;
            for (int i = 0; i < 9; i++) empty += s->pos->values[unit_cell(unit, i)] == 0;
            if (degree * 2 <= empty) ur_type3_naked(s, c1, c2, extra, unit, degree);
            if (degree * 2 < empty && degree >= 2) ur_type3_hidden(s, c1, c2, extra, unit, degree);
        }
    }
}

/* The type 1-4 steps of the loop in s->loop (Python's loop_steps). */
static void loop_steps(ur_search *s) {
    const uint16_t *m = s->pos->cands;
    int rescue[81], n = 0;
    for (int i = 0; i < s->len; i++)
        if (sk_popcount(m[s->loop[i]]) > 2) rescue[n++] = s->loop[i];
    if (n == 1) {
        ur_type1(s, rescue[0]);
    } else if (n > 2) {
        ur_type2(s, rescue, n);
    } else if (n == 2) {
        int c1 = rescue[0], c2 = rescue[1];
        uint16_t extra = (m[c1] | m[c2]) & (uint16_t)~s->pair;
        if (sk_popcount(extra) == 1) ur_type2(s, rescue, 2);
        else if (sk_popcount(extra) >= 2) ur_type3(s, c1, c2, extra);
        ur_type4(s, c1, c2);
    }
}

/* SE's depth-first loop search from s->loop[0] (Python's unique_loops.walk): enter the units of
 * `cell` other than the kind we came by; a cell holding a and b extends the walk, a "wide" one
 * (with extra digits) only while two are allowed or the extras so far are one digit.  Note
 * that `extras` grows across sibling branches too, as in Python. */
static void walk(ur_search *s, int cell, int allowed, uint16_t extras, int last_kind) {
    const uint16_t *m = s->pos->cands;
    if (s->nomem || hm_check_deadline(s->ctx)) return;
    s->loop[s->len++] = cell;
    sk_cells_add(&s->in_loop, cell);
    for (int k = 0; k < 3; k++) {
        int kind = se_kinds[k];
        if (kind == last_kind) continue;
        const uint8_t *unit = kUnitCells[kCellUnits[cell][kind]];
        for (int i = 0; i < 9; i++) {
            int nxt = unit[i];
            if (nxt == s->loop[0] && s->len >= 4) {
                if (valid_loop(s)) loop_steps(s);
            } else if (!sk_cells_has(s->in_loop, nxt) && (m[nxt] & s->pair) == s->pair) {
                extras |= m[nxt] & (uint16_t)~s->pair;
                int wide = sk_popcount(m[nxt]) > 2;
                if (!wide || sk_popcount(extras) == 1 || allowed > 0)
                    walk(s, nxt, wide ? allowed - 1 : allowed, extras, kind);
            }
        }
    }
    s->len--;
    sk_cells_del(&s->in_loop, cell);
}

/* The easiest unique rectangle / loop step, walking from every bivalue cell in turn. */
int hm_unique_rectangle(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    ur_search s;
    memset(&s, 0, sizeof s);
    s.pos = pos;
    s.ctx = ctx;
    s.best = out;
    for (int start = 0; start < 81 && !ctx->expired && !s.nomem; start++) {
        uint16_t m = pos->cands[start];
        if (sk_popcount(m) != 2) continue;
        s.pair = m;
        s.a = sk_low_digit(m);
        s.b = 31 - __builtin_clz(m) + 1;
        walk(&s, start, 2, 0, -1);
    }
    free(s.seen);
    if (ctx->expired || s.nomem) return 0;
    return s.have;
}

/* -- BUG -------------------------------------------------------------------------------------- */

/* What SE's BUG check found (Python's _bug_candidates). */
typedef struct {
    int cells[81];         /* BUG cells, in order of discovery           */
    int n;
    uint16_t digits[81];   /* BUG digits of each cell                    */
    uint16_t all;          /* every BUG digit                            */
    sk_cells common;        /* cells seeing every BUG cell (BUG cells out) */
} bug_found;

/* 1 when the position is a BUG plus candidates, filling *f (Python's _bug_candidates). */
static int bug_candidates(const hm_pos *pos, bug_found *f) {
    const uint16_t *m = pos->cands;
    uint16_t temp[81];
    sk_cells bugset = {{0, 0}};
    int have_common = 0;
    memcpy(temp, m, sizeof temp);
    memset(f, 0, sizeof *f);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < 9; i++) {
            int unit = se_kinds[k] * 9 + i;
            for (int d = 1; d <= 9; d++) {
                uint16_t bit = digit_bit(d);
                int places = 0, nwide = 0, cell = -1;
                for (int j = 0; j < 9; j++) {
                    int c = unit_cell(unit, j);
                    if (!(m[c] & bit)) continue;
                    places++;
                    if (sk_popcount(m[c]) >= 3) {
                        if (nwide++ == 0) cell = c;
                    }
                }
                if (places == 0 || places == 2) continue;
                if (nwide == 0) return 0;
                if (nwide > 1) continue;
                if (!sk_cells_has(bugset, cell)) {
                    f->cells[f->n++] = cell;
                    sk_cells_add(&bugset, cell);
                }
                f->digits[cell] |= bit;
                f->all |= bit;
                temp[cell] &= (uint16_t)~bit;
                sk_cells house = peer_cells(cell);
                f->common = have_common ? sk_cells_and(f->common, house) : house;
                have_common = 1;
                f->common.w[0] &= ~bugset.w[0];
                f->common.w[1] &= ~bugset.w[1];
                if (f->n > 1 && sk_popcount(f->all) > 1 && sk_cells_empty(f->common)) return 0;
            }
        }
    }
    if (f->n == 0) return 0;
    for (int c = 0; c < 81; c++)
        if (!pos->values[c] && sk_popcount(temp[c]) != 2) return 0;
    for (int unit = 0; unit < 27; unit++) {
        for (int d = 1; d <= 9; d++) {
            int count = 0;
            for (int j = 0; j < 9; j++) count += (temp[unit_cell(unit, j)] & digit_bit(d)) != 0;
            if (count != 0 && count != 2) return 0;
        }
    }
    return 1;
}

/* Write a BUG step. */
static void bug_step(sk_step *out, const char *name, int tenths, const uint16_t elim[81]) {
    sk_step_se(out, name, tenths, HM_HODOKU_UNIQUE_RECTANGLE);
    sk_step_elim_masks(out, elim);
}

/* The unit of a kind shared by all BUG cells, or -1. */
static int bug_shared_unit(const bug_found *f, int kind) {
    int unit = unit_of(kind, f->cells[0]);
    for (int i = 1; i < f->n; i++)
        if (unit_of(kind, f->cells[i]) != unit) return -1;
    return unit;
}

/* Type 4: two BUG cells in one unit sharing one non-BUG digit v keep only their BUG digit and
 * v (Python's _bug4; the eliminations do not depend on the unit). */
static int bug_type4(const hm_pos *pos, const bug_found *f, sk_step *out) {
    const uint16_t *m = pos->cands;
    int c1 = f->cells[0], c2 = f->cells[1];
    uint16_t common = m[c1] & m[c2] & (uint16_t)~f->all;
    if (sk_popcount(common) != 1) return 0;
    for (int k = 0; k < 3; k++) {
        if (bug_shared_unit(f, se_kinds[k]) < 0) continue;
        uint16_t elim[81] = {0};
        elim[c1] = m[c1] & (uint16_t)~f->digits[c1] & (uint16_t)~common;
        elim[c2] = m[c2] & (uint16_t)~f->digits[c2] & (uint16_t)~common;
        if (!elim[c1] && !elim[c2]) continue;
        bug_step(out, "BUG type 4", 57, elim);
        return 1;
    }
    return 0;
}

/* Type 3: in a unit shared by all BUG cells, the BUG digits and degree-1 common peers form a
 * naked set whose digits leave the unit's other common peers (Python's _bug3). */
static int bug_type3(const hm_pos *pos, const bug_found *f, sk_step *out) {
    const uint16_t *m = pos->cands;
    if (sk_popcount(f->all) < 2) return 0;
    for (int k = 0; k < 3; k++) {
        int unit = bug_shared_unit(f, se_kinds[k]);
        if (unit < 0) continue;
        int cells[9], n = 0, idx[9];
        for (int i = 0; i < 9; i++) {
            int c = unit_cell(unit, i);  /* ascending, as sorted(common) */
            if (sk_cells_has(f->common, c)) cells[n++] = c;
        }
        for (int degree = 2; degree <= 6; degree++) {
            if (n < degree) continue;
            int kk = degree - 1;
            first_combination(idx, kk);
            do {
                uint16_t uni = 0;
                int small = 0, used = 0;
                for (int i = 0; i < kk; i++) {
                    uni |= m[cells[idx[i]]];
                    small |= sk_popcount(m[cells[idx[i]]]) < 2;
                    used |= 1 << idx[i];
                }
                if (sk_popcount(uni) != degree || small) continue;
                uint16_t total = uni | f->all;
                if (sk_popcount(total) != degree) continue;
                uint16_t elim[81] = {0};
                int any = 0;
                for (int j = 0; j < n; j++) {
                    /* common peers exclude the BUG cells already */
                    if (used >> j & 1) continue;
                    elim[cells[j]] = m[cells[j]] & total;
                    any |= elim[cells[j]] != 0;
                }
                if (!any) continue;
                bug_step(out, "BUG type 3", 57 + degree - 1, elim);
                return 1;
            } while (hm_next_combination(idx, kk, n));
        }
    }
    return 0;
}

/* The first BUG step in find_bugs' order: type 1, else type 2 then 4, else type 4 then 3. */
int hm_bug(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    bug_found f;
    const uint16_t *m = pos->cands;
    if (!bug_candidates(pos, &f)) return 0;
    if (f.n == 1) {
        /* type 1: the one BUG cell holds a BUG digit; its others go */
        int cell = f.cells[0];
        uint16_t elim[81] = {0};
        elim[cell] = m[cell] & (uint16_t)~f.all;
        if (!elim[cell]) return 0;
        bug_step(out, "BUG type 1", HM_TENTHS_BUG, elim);
        return 1;
    }
    if (sk_popcount(f.all) == 1) {
        /* type 2: one BUG digit x; the cells seeing every BUG cell lose it */
        uint16_t elim[81] = {0};
        int any = 0;
        for (int c = 0; c < 81; c++)
            if (sk_cells_has(f.common, c) && (m[c] & f.all)) {
                elim[c] = f.all;
                any = 1;
            }
        if (any) {
            bug_step(out, "BUG type 2", 57, elim);
            return 1;
        }
        return f.n == 2 && bug_type4(pos, &f, out);
    }
    if (sk_cells_empty(f.common)) return 0;
    if (f.n == 2 && bug_type4(pos, &f, out)) return 1;
    return bug_type3(pos, &f, out);
}
