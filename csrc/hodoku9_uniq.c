/* hodoku9_uniq.c - HoDoKu's uniqueness steps on its path: unique rectangles of types 1-6,
 * hidden rectangles and avoidable rectangles of types 1 and 2 (see hodoku9.h).
 *
 * Each finder returns exactly the step its Python twin (sudokit.hodoku.HODOKU_STEPS[kind])
 * returns, so each follows its twin's search order:
 *
 *   UNIQUENESS_1, 2, 4   sudokit's unique loop search (techniques.uniqueness.find_unique_loops,
 *                        SE's walk) kept to 4-cell loops: bivalue start cells 0..80, a
 *                        depth-first walk through box, row, column; the first rectangle step of
 *                        the wanted type in the order it is found (all weigh 4.5, and the sort
 *                        of the loop finder is stable).
 *   UNIQUENESS_3         hodoku.py's _ur3: HoDoKu's rectangles (a bivalue start cell, a second
 *                        cell in its box and line, the far side along the lines; rectangles
 *                        whose cells only lost a digit count), the first naked subset.
 *   UNIQUENESS_5, 6,     uniqueness.rectangles: rows r1 < r2, columns c1 < c2, the cells
 *   HIDDEN_RECTANGLE     r1c1 r1c2 r2c2 r2c1; the first step of each finder.
 *   AVOIDABLE_RECT 1, 2  avoidable._rectangles: solved (not given) start cells in cell order.
 *
 * The _sudokit wrappers list eliminations by (cell, digit): the steps here do too, except type
 * 3, whose order is _ur3's own (duplicates of cells in both the line and the box included).
 *
 * Cell sets are 81-bit masks in two words:
 *
 *     w[0]: bit c      = cell c       (cells  0 .. 63)
 *     w[1]: bit c - 64 = cell c       (cells 64 .. 80)
 */
#include "hodoku9.h"

#include <stddef.h>
#include <string.h>

#include "geometry9.h"

/* -- small helpers --------------------------------------------------------------------------- */

/* Bit of digit d (1..9):  bit 8 7 6 5 4 3 2 1 0 = digit 9 .. 1. */
static inline unsigned dbit(int d) { return 1u << (d - 1); }

/* The lowest digit of a non-empty mask. */
static inline int low_digit(unsigned m) { return __builtin_ctz(m) + 1; }

/* 1 when cell c holds candidate d. */
static inline int has(const hk_board *b, int c, int d) { return (b->masks[c] >> (d - 1)) & 1; }

/* 1 when a mask holds exactly two digits. */
static inline int two(unsigned m) { return m && hm_pop16(m) == 2; }

/* 1 when two cells share neither a row nor a column. */
static inline int diagonal(int a, int b) { return row_of(a) != row_of(b) && col_of(a) != col_of(b); }

/* An 81-bit cell set (layout in the file comment). */
typedef struct {
    uint64_t w[2];
} cellset;

/* Add a cell to a set. */
static inline void cs_add(cellset *s, int c) { s->w[c >> 6] |= 1ull << (c & 63); }

/* Remove a cell from a set. */
static inline void cs_del(cellset *s, int c) { s->w[c >> 6] &= ~(1ull << (c & 63)); }

/* 1 when the set holds the cell. */
static inline int cs_has(const cellset *s, int c) { return (int)((s->w[c >> 6] >> (c & 63)) & 1u); }

/* The peers of a cell (itself excluded). */
static cellset peers_of(int c) {
    cellset s = {{0, 0}};
    for (int i = 0; i < 20; i++) cs_add(&s, kPeers[c][i]);
    return s;
}

/* The cells seeing every one of cells[0..n) (none of them included): common_peers. */
static cellset common_peers(const int *cells, int n) {
    cellset s = peers_of(cells[0]);
    for (int i = 1; i < n; i++) {
        cellset p = peers_of(cells[i]);
        s.w[0] &= p.w[0];
        s.w[1] &= p.w[1];
    }
    for (int i = 0; i < n; i++) cs_del(&s, cells[i]);
    return s;
}

/* Eliminate digit d from every cell of s holding it, in cell order: removable(). */
static void elim_in(const hk_board *b, hk_step *out, cellset s, int d) {
    for (int c = 0; c < 81; c++)
        if (cs_has(&s, c) && has(b, c, d)) hk_step_elim(out, c, d);
}

/* Start a step of the given kind and name with cells[0..n). */
static void start_step(hk_step *out, int kind, const char *name, const int *cells, int n) {
    hk_step_start(out, kind, name);
    for (int i = 0; i < n; i++) hk_step_cell(out, cells[i]);
}

/* -- types 1, 2 and 4: SE's unique loop walk, 4 cells ---------------------------------------- */

/* The walk's state: the loop so far (up to 4 cells) and what is wanted. */
typedef struct {
    const hk_board *b;
    hk_step *out;
    int kind;        /* HK_UNIQUENESS_1, _2 or _4 */
    int a, bb;       /* the pair's digits, a < bb */
    unsigned pair;
    int loop[4];
    int len;
} ur_walk;

/* SE's order of unit kinds for loops: box, row, column. */
static const int kSeKinds[3] = {BOX, ROW, COL};

/* 1 when the loop already holds the cell. */
static int in_loop(const ur_walk *w, int c) {
    for (int i = 0; i < w->len; i++)
        if (w->loop[i] == c) return 1;
    return 0;
}

/* 1 when each unit the 4-cell loop enters holds two of its cells, one at an odd and one at an
 * even position (_is_valid_loop). */
static int valid_loop(const int loop[4]) {
    uint32_t side[2] = {0, 0};
    for (int i = 0; i < 4; i++)
        for (int k = 0; k < 3; k++) {
            uint32_t u = 1u << kCellUnits[loop[i]][k];
            if (side[i & 1] & u) return 0;
            side[i & 1] |= u;
        }
    return side[0] == side[1];
}

/* Type 2 on the loop's rescue cells (one shared extra digit leaves the cells seeing them all);
 * 1 when it eliminates something. */
static int ur_type2(ur_walk *w, const int *rescue, int n) {
    const hk_board *b = w->b;
    unsigned extra = 0;
    for (int i = 0; i < n; i++) extra |= b->masks[rescue[i]] & ~w->pair;
    if (hm_pop16(extra) != 1) return 0;
    start_step(w->out, HK_UNIQUENESS_2, "Unique Rectangle type 2", w->loop, 4);
    elim_in(b, w->out, common_peers(rescue, n), low_digit(extra));
    return w->out->n_elim > 0;
}

/* Type 4 on two rescue cells: when a (else bb) has no other place in a unit they share, the
 * other digit leaves both. */
static int ur_type4(ur_walk *w, int c1, int c2) {
    const hk_board *b = w->b;
    int lock_a = 0, lock_b = 0;
    for (int k = 0; k < 3; k++) {
        int u = unit_of(kSeKinds[k], c1);
        if (u != unit_of(kSeKinds[k], c2)) continue;
        int seen_a = 0, seen_b = 0;
        for (int i = 0; i < 9; i++) {
            int c = kUnitCells[u][i];
            if (c == c1 || c == c2) continue;
            seen_a |= has(b, c, w->a);
            seen_b |= has(b, c, w->bb);
        }
        lock_a |= !seen_a;
        lock_b |= !seen_b;
    }
    if (!lock_a && !lock_b) return 0;
    int gone = lock_a ? w->bb : w->a;
    start_step(w->out, HK_UNIQUENESS_4, "Unique Rectangle type 4", w->loop, 4);
    int lo = c1 < c2 ? c1 : c2, hi = c1 < c2 ? c2 : c1;
    hk_step_elim(w->out, lo, gone);
    hk_step_elim(w->out, hi, gone);
    return 1;
}

/* The wanted type's step of a closed 4-cell loop (loop_steps), 1 when there is one. */
static int ur_loop(ur_walk *w) {
    const hk_board *b = w->b;
    if (!valid_loop(w->loop)) return 0;
    int rescue[4], n = 0;
    for (int i = 0; i < 4; i++)
        if (hm_pop16(b->masks[w->loop[i]]) > 2) rescue[n++] = w->loop[i];
    if (w->kind == HK_UNIQUENESS_1) {
        if (n != 1) return 0;
        start_step(w->out, HK_UNIQUENESS_1, "Unique Rectangle type 1", w->loop, 4);
        hk_step_elim(w->out, rescue[0], w->a);
        hk_step_elim(w->out, rescue[0], w->bb);
        return 1;
    }
    if (w->kind == HK_UNIQUENESS_2) {
        if (n > 2) return ur_type2(w, rescue, n);
        if (n == 2 && hm_pop16((b->masks[rescue[0]] | b->masks[rescue[1]]) & ~w->pair) == 1)
            return ur_type2(w, rescue, n);
        return 0;
    }
    return n == 2 && ur_type4(w, rescue[0], rescue[1]);
}

/* SE's walk from the loop's last cell, cut at 4 cells: 1 once the wanted step is written.
 * extras grows across siblings, as in unique_loops.  Cell 2 of a valid 4-cell loop does not
 * see cell 0, cell 3 sees cell 0 but not cell 1, so the walk skips other cells early: a
 * skipped walk would only have found loops valid_loop throws away (or none), and a parent's
 * extras do not depend on its children. */
static int ur_step(ur_walk *w, int cell, int allowed, unsigned extras, int last_kind) {
    const hk_board *b = w->b;
    w->loop[w->len++] = cell;
    for (int k = 0; k < 3; k++) {
        int kind = kSeKinds[k];
        if (kind == last_kind) continue;
        int u = unit_of(kind, cell);
        for (int i = 0; i < 9; i++) {
            int nxt = kUnitCells[u][i];
            if (nxt == w->loop[0] && w->len >= 4) {
                if (ur_loop(w)) return 1;
            } else if (!in_loop(w, nxt) && (b->masks[nxt] & w->pair) == w->pair) {
                extras |= b->masks[nxt] & ~w->pair;
                int wide = hm_pop16(b->masks[nxt]) > 2;
                if (w->len < 4 && (!wide || hm_pop16(extras) == 1 || allowed > 0) &&
                    !(w->len >= 2 && sees(nxt, w->loop[w->len - 2])) &&
                    !(w->len == 3 && !sees(nxt, w->loop[0])) &&
                    ur_step(w, nxt, wide ? allowed - 1 : allowed, extras, kind))
                    return 1;
            }
        }
    }
    w->len--;
    return 0;
}

/* Unique rectangle type 1, 2 or 4 (kind): the first sudokit's loop finder meets. */
static int find_ur_loop(hk_board *b, hk_step *out, int kind) {
    ur_walk w = {.b = b, .out = out, .kind = kind};
    for (int start = 0; start < 81; start++) {
        if (!two(b->masks[start])) continue;
        w.pair = b->masks[start];
        w.a = low_digit(w.pair);
        w.bb = low_digit(w.pair & (w.pair - 1));
        w.len = 0;
        if (ur_step(&w, start, 2, 0, -1)) return 1;
    }
    return 0;
}

/* UNIQUENESS_1 (find_unique_loops filtered by name). */
static int find_ur1(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return find_ur_loop(b, out, HK_UNIQUENESS_1);
}

/* UNIQUENESS_2 (find_unique_loops filtered by name). */
static int find_ur2(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return find_ur_loop(b, out, HK_UNIQUENESS_2);
}

/* UNIQUENESS_4 (find_unique_loops filtered by name). */
static int find_ur4(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return find_ur_loop(b, out, HK_UNIQUENESS_4);
}

/* -- type 3: HoDoKu's rectangles (hodoku.py's _rectangles and _ur3) ------------------------- */

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
static int ur3_elims(const hk_board *b, hk_step *out, int u, const int *cells, int n, unsigned mask) {
    int count = 0;
    for (int i = 0; i < 9; i++) {
        int c = kUnitCells[u][i], inside = 0;
        if (b->values[c]) continue;
        for (int j = 0; j < n; j++) inside |= cells[j] == c;
        if (inside) continue;
        for (unsigned m = b->masks[c] & mask; m; m &= m - 1) {
            hk_step_elim(out, c, low_digit(m));
            count++;
        }
    }
    return count;
}

/* One house's search of _ur3_subset: pool cells from start on added to cells[0..n). */
typedef struct {
    const hk_board *b;
    hk_step *out;
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
        if ((s->house != 2 || !(same_row || same_col)) && hm_pop16(mask) == len - 1) {
            s->out->n_elim = 0;
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
static int ur3_rect(const hk_board *b, hk_step *out, const int rect[4], unsigned pair) {
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

/* UNIQUENESS_3: HoDoKu's first unique rectangle type 3 (hodoku.py's _ur3). */
static int find_ur3(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
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
                if (!hk_allowed(b, third, pair & (0u - pair)) || !hk_allowed(b, fourth, pair)) continue;
                int rect[4] = {start, second, third, fourth};
                if (!key_add(&seen, rect_key(rect))) continue;
                if (ur3_rect(b, out, rect, pair)) return 1;
            }
        }
    }
    return 0;
}

/* -- types 5, 6 and hidden rectangles: uniqueness.rectangles ------------------------------- */

/* 1 when cell c holds digit d or no placed peer does (uniqueness._allowed). */
static int allowed_digit(const hk_board *b, int c, int d) {
    if (has(b, c, d)) return 1;
    for (int i = 0; i < 20; i++)
        if (b->values[kPeers[c][i]] == d) return 0;
    return 1;
}

/* A finder of one of the rectangle types on one rectangle (cells r1c1 r1c2 r2c2 r2c1, digits a
 * < bb): 1 with the step written when it gives one. */
typedef int (*rect_finder)(const hk_board *b, hk_step *out, const int rect[4], int a, int bb);

/* Walk uniqueness.rectangles in its order and ask f of each; 1 once f gives a step. */
static int each_rectangle(const hk_board *b, hk_step *out, rect_finder f) {
    for (int r1 = 0; r1 < 9; r1++)
        for (int r2 = r1 + 1; r2 < 9; r2++)
            for (int c1 = 0; c1 < 9; c1++)
                for (int c2 = c1 + 1; c2 < 9; c2++) {
                    if (r1 / 3 == r2 / 3 && c1 / 3 == c2 / 3) continue;      /* one box  */
                    if (r1 / 3 != r2 / 3 && c1 / 3 != c2 / 3) continue;      /* four     */
                    int rect[4] = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1};
                    if (b->values[rect[0]] || b->values[rect[1]] || b->values[rect[2]] ||
                        b->values[rect[3]])
                        continue;
                    for (int i = 0; i < 4; i++) {
                        unsigned m = b->masks[rect[i]];
                        if (!two(m)) continue;
                        int first = 1;
                        for (int j = 0; j < i; j++) first &= b->masks[rect[j]] != m;
                        if (!first) continue;
                        int a = low_digit(m), bb = low_digit(m & (m - 1)), ok = 1;
                        for (int j = 0; j < 4 && ok; j++)
                            ok = allowed_digit(b, rect[j], a) && allowed_digit(b, rect[j], bb);
                        if (ok && f(b, out, rect, a, bb)) return 1;
                    }
                }
    return 0;
}

/* The rectangle's cells holding digits other than a and bb, in rectangle order; their count. */
static int extra_cells(const hk_board *b, const int rect[4], unsigned pair, int extra[4]) {
    int n = 0;
    for (int i = 0; i < 4; i++)
        if (b->masks[rect[i]] & ~pair) extra[n++] = rect[i];
    return n;
}

/* 1 when digit d has no place in the given rows and columns outside the rectangle. */
static int confined(const hk_board *b, int d, const int *units, int n_units, const int rect[4]) {
    for (int k = 0; k < n_units; k++)
        for (int i = 0; i < 9; i++) {
            int c = kUnitCells[units[k]][i];
            if (c == rect[0] || c == rect[1] || c == rect[2] || c == rect[3]) continue;
            if (has(b, c, d)) return 0;
        }
    return 1;
}

/* Type 5 on one rectangle: two diagonal (or three) cells add one same digit x; x leaves the
 * cells seeing them all. */
static int ur5_rect(const hk_board *b, hk_step *out, const int rect[4], int a, int bb) {
    unsigned pair = dbit(a) | dbit(bb);
    int extra[4];
    int n = extra_cells(b, rect, pair, extra);
    if (n == 2 && !diagonal(extra[0], extra[1])) return 0;
    if (n != 2 && n != 3) return 0;
    unsigned x = 0;
    for (int i = 0; i < n; i++) x |= b->masks[extra[i]] & ~pair;
    if (hm_pop16(x) != 1) return 0;
    start_step(out, HK_UNIQUENESS_5, "Unique Rectangle type 5", rect, 4);
    elim_in(b, out, common_peers(extra, n), low_digit(x));
    return out->n_elim > 0;
}

/* Type 6 on one rectangle: diagonal extra cells, a (or bb) locked in the rectangle's rows and
 * columns; the extra cells lose it. */
static int ur6_rect(const hk_board *b, hk_step *out, const int rect[4], int a, int bb) {
    unsigned pair = dbit(a) | dbit(bb);
    int extra[4];
    if (extra_cells(b, rect, pair, extra) != 2 || !diagonal(extra[0], extra[1])) return 0;
    int units[4] = {row_of(rect[0]), row_of(rect[2]), 9 + col_of(rect[0]), 9 + col_of(rect[1])};
    int digit = confined(b, a, units, 4, rect) ? a : confined(b, bb, units, 4, rect) ? bb : 0;
    if (!digit) return 0;
    start_step(out, HK_UNIQUENESS_6, "Unique Rectangle type 6", rect, 4);
    int lo = extra[0] < extra[1] ? extra[0] : extra[1], hi = extra[0] ^ extra[1] ^ lo;
    if (has(b, lo, digit)) hk_step_elim(out, lo, digit);
    if (has(b, hi, digit)) hk_step_elim(out, hi, digit);
    return out->n_elim > 0;
}

/* Hidden rectangle on one rectangle: a corner with only a/bb (one, or two diagonal ones), and
 * a digit confined to the rectangle in the opposite corner's row and column. */
static int hidden_rect(const hk_board *b, hk_step *out, const int rect[4], int a, int bb) {
    unsigned pair = dbit(a) | dbit(bb);
    int corners[4], n = 0;
    for (int i = 0; i < 4; i++)
        if (!(b->masks[rect[i]] & ~pair)) corners[n++] = i;
    if (n == 2 && !diagonal(rect[corners[0]], rect[corners[1]])) return 0;
    if (n != 1 && n != 2) return 0;
    for (int k = 0; k < n; k++) {
        int opposite = rect[(corners[k] + 2) % 4];
        int units[2] = {row_of(opposite), 9 + col_of(opposite)};
        const int tries[2][2] = {{a, bb}, {bb, a}};
        for (int t = 0; t < 2; t++) {
            int digit = tries[t][0], gone = tries[t][1];
            if (has(b, opposite, gone) && confined(b, digit, units, 2, rect)) {
                start_step(out, HK_HIDDEN_RECTANGLE, "Hidden Rectangle", rect, 4);
                hk_step_elim(out, opposite, gone);
                return 1;
            }
        }
    }
    return 0;
}

/* UNIQUENESS_5: sudokit's first unique rectangle type 5. */
static int find_ur5(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return each_rectangle(b, out, ur5_rect);
}

/* UNIQUENESS_6: sudokit's first unique rectangle type 6. */
static int find_ur6(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return each_rectangle(b, out, ur6_rect);
}

/* HIDDEN_RECTANGLE: sudokit's first hidden rectangle. */
static int find_hidden_rect(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return each_rectangle(b, out, hidden_rect);
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
typedef int (*ar_finder)(const hk_board *b, hk_step *out, const int rect[4], int a, int bb);

enum { AR_MAX = 4096 };

/* Walk avoidable._rectangles in its order (each cell set once) and ask f; 1 once f gives one. */
static int each_avoidable(const hk_board *b, hk_step *out, ar_finder f) {
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
static int ar1_rect(const hk_board *b, hk_step *out, const int rect[4], int a, int bb) {
    int far1 = rect[2], far2 = rect[3];
    if (!b->values[far1] && !b->values[far2]) return 0;
    int cell = b->values[far1] ? far2 : far1, digit = b->values[far1] ? a : bb;
    if (!has(b, cell, digit)) return 0;
    start_step(out, HK_AVOIDABLE_RECTANGLE_1, "Avoidable Rectangle type 1", rect, 4);
    hk_step_elim(out, cell, digit);
    return 1;
}

/* Type 2 on one rectangle: two bivalue far corners sharing a digit x; x leaves the cells
 * seeing both. */
static int ar2_rect(const hk_board *b, hk_step *out, const int rect[4], int a, int bb) {
    (void)a;
    int far1 = rect[2], far2 = rect[3];
    if (b->values[far1] || b->values[far2]) return 0;
    int x = low_digit(b->masks[far1] & ~dbit(bb));
    if (!has(b, far2, x)) return 0;
    start_step(out, HK_AVOIDABLE_RECTANGLE_2, "Avoidable Rectangle type 2", rect, 4);
    elim_in(b, out, common_peers(rect + 2, 2), x);
    return out->n_elim > 0;
}

/* AVOIDABLE_RECTANGLE_1: sudokit's first avoidable rectangle type 1. */
static int find_ar1(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return each_avoidable(b, out, ar1_rect);
}

/* AVOIDABLE_RECTANGLE_2: sudokit's first avoidable rectangle type 2. */
static int find_ar2(hk_board *b, hk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return each_avoidable(b, out, ar2_rect);
}

/* -- the family's table ---------------------------------------------------------------------- */

hk_finder hk_uniq_finder(int kind) {
    switch (kind) {
    case HK_UNIQUENESS_1: return find_ur1;
    case HK_UNIQUENESS_2: return find_ur2;
    case HK_UNIQUENESS_3: return find_ur3;
    case HK_UNIQUENESS_4: return find_ur4;
    case HK_UNIQUENESS_5: return find_ur5;
    case HK_UNIQUENESS_6: return find_ur6;
    case HK_HIDDEN_RECTANGLE: return find_hidden_rect;
    case HK_AVOIDABLE_RECTANGLE_1: return find_ar1;
    case HK_AVOIDABLE_RECTANGLE_2: return find_ar2;
    default: return NULL;
    }
}
