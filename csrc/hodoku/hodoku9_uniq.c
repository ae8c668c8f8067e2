/* hodoku9_uniq.c - HoDoKu's uniqueness steps on its path: unique rectangles of types 1-6,
 * hidden rectangles and avoidable rectangles of types 1 and 2 (see hodoku9.h).
 *
 * Each finder returns exactly the step its Python twin (sudokit.rating.hodoku.path.HODOKU_STEPS[kind])
 * returns, so each follows its twin's search order:
 *
 *   UNIQUENESS_1 .. 6,   hodoku.py's _rectangles (HoDoKu's own: a bivalue start cell 0..80, a
 *   HIDDEN_RECTANGLE     second cell in its box and line, the far side along the lines;
 *                        rectangles whose cells only lost a digit count; each rectangle number
 *                        once), checked as HoDoKu checks each type (_ur and _ur3): the first
 *                        rectangle giving a step of the wanted type.
 *   AVOIDABLE_RECT 1, 2  avoidable._rectangles: solved (not given) start cells in cell order.
 *
 * Eliminations come by (cell, digit), as HoDoKu lists them, except type 3, whose order is _ur3's
 * own (duplicates of cells in both the line and the box included).
 *
 * Cell sets are 81-bit masks in two words:
 *
 *     w[0]: bit c      = cell c       (cells  0 .. 63)
 *     w[1]: bit c - 64 = cell c       (cells 64 .. 80)
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>
#include <string.h>

#include "common/geometry9.h"

/* -- small helpers --------------------------------------------------------------------------- */

/* Bit of digit d (1..9):  bit 8 7 6 5 4 3 2 1 0 = digit 9 .. 1. */
static inline unsigned dbit(int d) { return 1u << (d - 1); }


/* 1 when cell c holds candidate d. */
static inline int has(const hk_board *b, int c, int d) { return (b->masks[c] >> (d - 1)) & 1; }

/* 1 when a mask holds exactly two digits. */
static inline int two(unsigned m) { return m && sk_popcount(m) == 2; }

/* 1 when two cells share neither a row nor a column. */
static inline int diagonal(int a, int b) { return row_of(a) != row_of(b) && col_of(a) != col_of(b); }

/* Cell sets: sk_cells (common/bits.h). */

/* The cells seeing every one of cells[0..n) (none of them included): common_peers. */
static sk_cells common_peers(const int *cells, int n) {
    sk_cells s = peer_cells(cells[0]);
    for (int i = 1; i < n; i++) {
        sk_cells p = peer_cells(cells[i]);
        s.w[0] &= p.w[0];
        s.w[1] &= p.w[1];
    }
    for (int i = 0; i < n; i++) sk_cells_del(&s, cells[i]);
    return s;
}

/* Eliminate digit d from every cell of s holding it, in cell order: removable(). */
static void elim_in(const hk_board *b, sk_step *out, sk_cells s, int d) {
    for (int c = 0; c < 81; c++)
        if (sk_cells_has(s, c) && has(b, c, d)) sk_step_elim(out, c, d);
}

/* Start a step of the given kind and name with cells[0..n). */
static void start_step(sk_step *out, int kind, const char *name, const int *cells, int n) {
    sk_step_start(out, kind, name);
    for (int i = 0; i < n; i++) sk_step_cell(out, cells[i]);
}

/* -- HoDoKu's rectangles (hodoku.py's _rectangles) and type 3 (_ur3) ------------------------ */

/* 1 when cell c is empty and no placed peer holds one of the digits (_allowed). */
static int hk_allowed(const hk_board *b, int c, unsigned digits) {
    if (b->values[c]) return 0;
    for (int i = 0; i < 20; i++) {
        int v = b->values[kPeers[c][i]];
        if (v && (dbit(v) & digits)) return 0;
    }
    return 1;
}

/* The four cells of a rectangle, smallest first, into s. */
static void sorted4(const int r[4], int s[4]) {
    for (int i = 0; i < 4; i++) s[i] = r[i];
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            int t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
}

/* HoDoKu's number of a rectangle: its sorted cells as decimal digits (collisions and all). */
static int rect_key(const int r[4]) {
    int s[4];
    sorted4(r, s);
    return ((s[0] * 10 + s[1]) * 10 + s[2]) * 10 + s[3];
}

/* An exact number of a set of four cells (its sorted cells in base 81). */
static uint32_t ar_key(const int r[4]) {
    int s[4];
    sorted4(r, s);
    return (uint32_t)(((s[0] * 81 + s[1]) * 81 + s[2]) * 81 + s[3]);
}

enum { RECT_KEYS = ((80 * 10 + 80) * 10 + 80) * 10 + 80 + 1 };

/* The rectangles already met, as a bit set over rect_key numbers. */
typedef struct {
    uint64_t bits[(RECT_KEYS + 63) / 64];
} key_set;

/* Add a key; 1 when it was new. */
static int key_add(key_set *s, int key) {
    uint64_t m = 1ull << (key & 63);
    if (s->bits[key >> 6] & m) return 0;
    s->bits[key >> 6] |= m;
    return 1;
}

/* Append the candidates of mask in the empty cells of unit u outside cells[0..n) (_ur3_elims);
 * returns how many. */
static int ur3_elims(const hk_board *b, sk_step *out, int u, const int *cells, int n, unsigned mask) {
    int count = 0;
    for (int i = 0; i < 9; i++) {
        int c = kUnitCells[u][i], inside = 0;
        if (b->values[c]) continue;
        for (int j = 0; j < n; j++) inside |= cells[j] == c;
        if (inside) continue;
        for (unsigned m = b->masks[c] & mask; m; m &= m - 1) {
            sk_step_elim(out, c, sk_low_digit(m));
            count++;
        }
    }
    return count;
}

/* One house's search of _ur3_subset: pool cells from start on added to cells[0..n). */
typedef struct {
    const hk_board *b;
    sk_step *out;
    int house;        /* 0 row, 1 column, 2 box */
    int unit;
    int pool[9], n_pool;
    int cells[12];
} ur3_search;

/* The first naked subset of HoDoKu's type 3 search that eliminates something (written to
 * s->out, elims only); 1 when found. */
static int ur3_subset(ur3_search *s, int start, unsigned digits, int n) {
    const hk_board *b = s->b;
    for (int i = start; i < s->n_pool; i++) {
        s->cells[n] = s->pool[i];
        int len = n + 1;
        unsigned mask = digits | b->masks[s->pool[i]];
        int same_row = 1, same_col = 1, same_box = 1;
        for (int j = 1; j < len; j++) {
            same_row &= row_of(s->cells[j]) == row_of(s->cells[0]);
            same_col &= col_of(s->cells[j]) == col_of(s->cells[0]);
            same_box &= box_of(s->cells[j]) == box_of(s->cells[0]);
        }
        if ((s->house != 2 || !(same_row || same_col)) && sk_popcount(mask) == len - 1) {
            sk_step_drop_elims(s->out);
            int got = ur3_elims(b, s->out, s->unit, s->cells, len, mask);
            if (got && s->house != 2 && same_box)
                ur3_elims(b, s->out, 18 + box_of(s->cells[0]), s->cells, len, mask);
            if (got) return 1;
        }
        if (ur3_subset(s, i + 1, mask, len)) return 1;
    }
    return 0;
}

/* _ur3 on one rectangle: 1 with the step written when it gives one. */
static int ur3_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    int extra[4], n = 0;
    for (int i = 0; i < 4; i++)
        if (b->masks[rect[i]] & ~pair) extra[n++] = rect[i];
    if (n != 2) return 0;
    unsigned digits = (b->masks[extra[0]] | b->masks[extra[1]]) & ~pair;
    for (int house = 0; house < 3; house++) {
        int u0 = unit_of(house, extra[0]);
        if (u0 != unit_of(house, extra[1])) continue;
        ur3_search s = {.b = b, .out = out, .house = house, .unit = u0};
        for (int i = 0; i < 9; i++) {
            int c = kUnitCells[u0][i];
            unsigned m = b->masks[c];
            if (m && !(m & pair) && c != rect[0] && c != rect[1] && c != rect[2] && c != rect[3])
                s.pool[s.n_pool++] = c;
        }
        s.cells[0] = extra[0];
        s.cells[1] = extra[1];
        start_step(out, HK_UNIQUENESS_3, "Unique Rectangle type 3", rect, 4);
        if (ur3_subset(&s, 0, digits, 2)) return 1;
    }
    return 0;
}

/* A check of one of HoDoKu's rectangles (cells start, second, third, fourth; the mask of its
 * two digits): 1 with the step written when it gives one of its type. */
typedef int (*hk_rect_check)(const hk_board *b, sk_step *out, const int rect[4], unsigned pair);

/* Walk _rectangles in HoDoKu's order (a bivalue start cell, a second cell in its box and line,
 * the far side along the lines, each rectangle number once) and ask f; 1 once f gives a step. */
static int each_hk_rectangle(const hk_board *b, sk_step *out, hk_rect_check f) {
    key_set seen;
    memset(&seen, 0, sizeof seen);
    for (int start = 0; start < 81; start++) {
        unsigned pair = b->masks[start];
        if (!two(pair)) continue;
        int box = 18 + box_of(start);
        for (int k = 0; k < 9; k++) {
            int second = kUnitCells[box][k];
            if (second == start || !(row_of(start) == row_of(second) || col_of(start) == col_of(second)))
                continue;
            if (!hk_allowed(b, second, pair)) continue;
            int lines = row_of(start) == row_of(second);
            int u1 = lines ? 9 + col_of(start) : row_of(start);
            int u2 = lines ? 9 + col_of(second) : row_of(second);
            for (int i = 0; i < 9; i++) {
                int third = kUnitCells[u1][i], fourth = kUnitCells[u2][i];
                if (18 + box_of(third) == box) continue;
                /* HoDoKu tests the first digit in both far cells, the second only in the fourth */
                if (!hk_allowed(b, third, pair & (0u - pair)) || !hk_allowed(b, fourth, pair)) continue;
                int rect[4] = {start, second, third, fourth};
                if (!key_add(&seen, rect_key(rect))) continue;
                if (f(b, out, rect, pair)) return 1;
            }
        }
    }
    return 0;
}

/* -- types 1, 2, 4, 5, 6 and hidden rectangles on HoDoKu's rectangles (hodoku.py's _ur) ----- */

/* The rectangle's cells split as HoDoKu does, each part smallest cell first (_ur_split):
 * two[] hold nothing but the pair's digits (maybe one of them), extra[] hold other digits. */
typedef struct {
    int two[4], n_two;
    int extra[4], n_extra;
} ur_split;

/* Split rect by the pair (cells sorted first, as HoDoKu's cell sets list them). */
static ur_split split_rect(const hk_board *b, const int rect[4], unsigned pair) {
    int s[4];
    sorted4(rect, s);
    ur_split u = {.n_two = 0, .n_extra = 0};
    for (int i = 0; i < 4; i++) {
        if (b->masks[s[i]] & ~pair) u.extra[u.n_extra++] = s[i];
        else u.two[u.n_two++] = s[i];
    }
    return u;
}

/* Start a rectangle step (cells in rectangle order). */
static void rect_step(sk_step *out, int kind, const char *name, const int rect[4]) {
    start_step(out, kind, name, rect, 4);
}

/* Type 1 on one rectangle: three cells hold only the pair's digits; the fourth loses them. */
static int ur1_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    ur_split u = split_rect(b, rect, pair);
    if (u.n_two != 3) return 0;
    int cell = u.extra[0];
    rect_step(out, HK_UNIQUENESS_1, "Unique Rectangle type 1", rect);
    sk_step_elims(out, cell, b->masks[cell] & pair);
    return out->n_elim > 0;
}

/* Types 2 and 5 on one rectangle: two or three cells add one same digit x, which leaves the
 * cells seeing them all; type 2 when two such cells share a line, else type 5 (_ur_type25). */
static int ur25_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair, int kind) {
    ur_split u = split_rect(b, rect, pair);
    if (u.n_two != 1 && u.n_two != 2) return 0;
    unsigned x = 0;
    for (int i = 0; i < u.n_extra; i++) x |= b->masks[u.extra[i]] & ~pair;
    if (sk_popcount(x) != 1) return 0;
    int five = u.n_extra == 3 || diagonal(u.extra[0], u.extra[1]);
    if (kind != (five ? HK_UNIQUENESS_5 : HK_UNIQUENESS_2)) return 0;
    rect_step(out, kind, five ? "Unique Rectangle type 5" : "Unique Rectangle type 2", rect);
    elim_in(b, out, common_peers(u.extra, u.n_extra), sk_low_digit(x));
    return out->n_elim > 0;
}

/* Type 2 on one rectangle (ur25_rect). */
static int ur2_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    return ur25_rect(b, out, rect, pair, HK_UNIQUENESS_2);
}

/* Type 5 on one rectangle (ur25_rect). */
static int ur5_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    return ur25_rect(b, out, rect, pair, HK_UNIQUENESS_5);
}

/* The pair's smaller digit when no cell of s holds it, else the larger one when none holds
 * that, else 0 (_ur_absent). */
static int absent_digit(const hk_board *b, sk_cells s, unsigned pair) {
    unsigned here = 0;
    for (int c = 0; c < 81; c++)
        if (sk_cells_has(s, c)) here |= b->masks[c];
    unsigned gone = pair & ~here;
    return gone ? sk_low_digit(gone) : 0;
}

/* Eliminate digit d from the two extra cells (smallest first) where they hold it. */
static void elim_extra(const hk_board *b, sk_step *out, const ur_split *u, int d) {
    for (int i = 0; i < 2; i++)
        if (has(b, u->extra[i], d)) sk_step_elim(out, u->extra[i], d);
}

/* Type 4 on one rectangle: two extra cells in one line; when one digit of the pair is in no
 * cell seeing both, they lose the other. */
static int ur4_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    ur_split u = split_rect(b, rect, pair);
    if (u.n_two != 2 || diagonal(u.extra[0], u.extra[1])) return 0;
    int gone = absent_digit(b, common_peers(u.extra, 2), pair);
    if (!gone) return 0;
    rect_step(out, HK_UNIQUENESS_4, "Unique Rectangle type 4", rect);
    elim_extra(b, out, &u, sk_low_digit(pair & ~dbit(gone)));
    return out->n_elim > 0;
}

/* Type 6 on one rectangle: two diagonal extra cells; when one digit of the pair has no place
 * in the rectangle's rows and columns outside it, the extra cells lose it. */
static int ur6_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    ur_split u = split_rect(b, rect, pair);
    if (u.n_two != 2 || !diagonal(u.extra[0], u.extra[1])) return 0;
    sk_cells lines = {{0, 0}};
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 9; k++) {
            sk_cells_add(&lines, kUnitCells[row_of(u.extra[i])][k]);
            sk_cells_add(&lines, kUnitCells[9 + col_of(u.extra[i])][k]);
        }
    for (int i = 0; i < 4; i++) sk_cells_del(&lines, rect[i]);
    int gone = absent_digit(b, lines, pair);
    if (!gone) return 0;
    rect_step(out, HK_UNIQUENESS_6, "Unique Rectangle type 6", rect);
    elim_extra(b, out, &u, gone);
    return out->n_elim > 0;
}

/* 1 when digit d has a place in unit u outside the rectangle. */
static int placed_outside(const hk_board *b, int u, int d, const int rect[4]) {
    for (int i = 0; i < 9; i++) {
        int c = kUnitCells[u][i];
        if (c != rect[0] && c != rect[1] && c != rect[2] && c != rect[3] && has(b, c, d)) return 1;
    }
    return 0;
}

/* Hidden rectangle on one rectangle: a corner holding only the pair's digits (one, or two
 * diagonal ones, each tried); when a digit of the pair has no place outside the rectangle in
 * the row and column through the opposite corner, that corner loses the other digit. */
static int hidden_rect(const hk_board *b, sk_step *out, const int rect[4], unsigned pair) {
    ur_split u = split_rect(b, rect, pair);
    if (u.n_two != 1 && u.n_two != 2) return 0;
    if (u.n_two == 2 && !diagonal(u.two[0], u.two[1])) return 0;
    int e0 = u.extra[0], e1 = u.extra[1];
    for (int k = 0; k < u.n_two; k++) {
        int corner = u.two[k];
        int row = row_of(e0) == row_of(corner) ? row_of(e1) : row_of(e0);
        int col = col_of(e0) == col_of(corner) ? col_of(e1) : col_of(e0);
        int target = row * 9 + col;
        for (unsigned m = pair; m; m &= m - 1) {
            int d = sk_low_digit(m), other = sk_low_digit(pair & ~dbit(d));
            if (placed_outside(b, row, d, rect) || placed_outside(b, 9 + col, d, rect)) continue;
            if (!has(b, target, other)) continue;
            rect_step(out, HK_HIDDEN_RECTANGLE, "Hidden Rectangle", rect);
            sk_step_elim(out, target, other);
            return 1;
        }
    }
    return 0;
}

/* UNIQUENESS_1 to _6 and HIDDEN_RECTANGLE (out->kind): HoDoKu's first rectangle of the type
 * (type 3 is hodoku.py's _ur3, the others its _ur). */
static int find_rectangle(hk_board *b, sk_step *out, hm_ctx *ctx) {
    static const hk_rect_check kChecks[HK_KINDS] = {
        [HK_UNIQUENESS_1] = ur1_rect, [HK_UNIQUENESS_2] = ur2_rect, [HK_UNIQUENESS_3] = ur3_rect,
        [HK_UNIQUENESS_4] = ur4_rect, [HK_UNIQUENESS_5] = ur5_rect, [HK_UNIQUENESS_6] = ur6_rect,
        [HK_HIDDEN_RECTANGLE] = hidden_rect,
    };
    (void)ctx;
    return each_hk_rectangle(b, out, kChecks[out->kind]);
}

/* -- avoidable rectangles: avoidable._rectangles -------------------------------------------- */

/* 1 when cell c holds a digit the solver placed (not a given). */
static int solved(const hk_board *b, int c) { return b->values[c] && !b->givens[c]; }

/* 1 when cell c is empty with two candidates, d one of them. */
static int bivalue_with(const hk_board *b, int c, int d) {
    return !b->values[c] && two(b->masks[c]) && has(b, c, d);
}

/* 1 when the far corners (far1 across from a, far2 across from bb) can close an avoidable
 * rectangle: one placed and the other bivalue, or both bivalue. */
static int far_side_fits(const hk_board *b, int far1, int far2, int a, int bb) {
    if (b->values[far1] == bb && !b->givens[far1]) return bivalue_with(b, far2, a);
    if (b->values[far2] == a && !b->givens[far2]) return bivalue_with(b, far1, bb);
    return bivalue_with(b, far1, bb) && bivalue_with(b, far2, a);
}

/* A finder of one avoidable rectangle type on one rectangle: cells start, partner, far1, far2
 * and the placed digits a (start) and bb (partner); 1 with the step written. */
typedef int (*ar_finder)(const hk_board *b, sk_step *out, const int rect[4], int a, int bb);

enum { AR_MAX = 4096 };

/* Walk avoidable._rectangles in its order (each cell set once) and ask f; 1 once f gives one. */
static int each_avoidable(const hk_board *b, sk_step *out, ar_finder f) {
    uint32_t seen[AR_MAX];
    int n_seen = 0;
    for (int start = 0; start < 81; start++) {
        if (!solved(b, start)) continue;
        int a = b->values[start], box = 18 + box_of(start);
        for (int k = 0; k < 9; k++) {
            int partner = kUnitCells[box][k];
            int same_row = row_of(partner) == row_of(start);
            if (partner == start || !(same_row || col_of(partner) == col_of(start))) continue;
            if (!solved(b, partner)) continue;
            int bb = b->values[partner];
            int u1 = same_row ? 9 + col_of(start) : row_of(start);
            int u2 = same_row ? 9 + col_of(partner) : row_of(partner);
            for (int i = 0; i < 9; i++) {
                int far1 = kUnitCells[u1][i], far2 = kUnitCells[u2][i];
                if (box_of(far1) == box_of(start)) continue;
                if (!far_side_fits(b, far1, far2, a, bb)) continue;
                int rect[4] = {start, partner, far1, far2};
                uint32_t key = ar_key(rect);
                int known = 0;
                for (int j = 0; j < n_seen && !known; j++) known = seen[j] == key;
                if (known) continue;
                if (n_seen < AR_MAX) seen[n_seen++] = key;
                if (f(b, out, rect, a, bb)) return 1;
            }
        }
    }
    return 0;
}

/* Type 1 on one rectangle: three corners placed, the empty fourth loses the closing digit. */
static int ar1_rect(const hk_board *b, sk_step *out, const int rect[4], int a, int bb) {
    int far1 = rect[2], far2 = rect[3];
    if (!b->values[far1] && !b->values[far2]) return 0;
    int cell = b->values[far1] ? far2 : far1, digit = b->values[far1] ? a : bb;
    if (!has(b, cell, digit)) return 0;
    start_step(out, HK_AVOIDABLE_RECTANGLE_1, "Avoidable Rectangle type 1", rect, 4);
    sk_step_elim(out, cell, digit);
    return 1;
}

/* Type 2 on one rectangle: two bivalue far corners sharing a digit x; x leaves the cells
 * seeing both. */
static int ar2_rect(const hk_board *b, sk_step *out, const int rect[4], int a, int bb) {
    (void)a;
    int far1 = rect[2], far2 = rect[3];
    if (b->values[far1] || b->values[far2]) return 0;
    int x = sk_low_digit(b->masks[far1] & ~dbit(bb));
    if (!has(b, far2, x)) return 0;
    start_step(out, HK_AVOIDABLE_RECTANGLE_2, "Avoidable Rectangle type 2", rect, 4);
    elim_in(b, out, common_peers(rect + 2, 2), x);
    return out->n_elim > 0;
}

/* AVOIDABLE_RECTANGLE_1 and _2 (out->kind): sudokit's first avoidable rectangle of the type. */
static int find_avoidable(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return each_avoidable(b, out, out->kind == HK_AVOIDABLE_RECTANGLE_1 ? ar1_rect : ar2_rect);
}

/* -- the family's table ---------------------------------------------------------------------- */

hk_finder hk_uniq_finder(int kind) {
    switch (kind) {
    case HK_UNIQUENESS_1: case HK_UNIQUENESS_2: case HK_UNIQUENESS_3: case HK_UNIQUENESS_4:
    case HK_UNIQUENESS_5: case HK_UNIQUENESS_6: case HK_HIDDEN_RECTANGLE: return find_rectangle;
    case HK_AVOIDABLE_RECTANGLE_1: case HK_AVOIDABLE_RECTANGLE_2: return find_avoidable;
    default: return NULL;
    }
}

