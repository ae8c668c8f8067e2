/* human9_basic.c - the simple Sudoku Explainer techniques: singles, intersections, subsets,
 * basic fish and XY/XYZ-wings (see human9.h for the contract and the layout).
 *
 * Each finder returns the first step its Python twin (sudokit.techniques.*) yields, so every
 * loop below walks units, digits and combinations in exactly the Python order; the comment on
 * each finder names that order.  Subsets and basic fish take their combinations from the
 * subset walk HoDoKu's finders share (common/subsets.h); what is kept here is SE's policy:
 * its unit order, its pools and the first set that removes something.
 *
 * The view most finders use is built on the stack when needed:
 *
 *   - unit places: where[u][d-1] is a 9-bit mask of the positions i (0..8) in unit u whose
 *     cell kUnitCells[u][i] holds candidate d.  Positions follow Python's Shape.units:
 *
 *         row r:     i = column              box b:   i = 3*(row%3) + col%3
 *         column c:  i = row                             0 1 2
 *                                                        3 4 5
 *                                                        6 7 8
 *
 * The XY/XYZ-wings walk the wing walk both raters share (common/wings9.h); SE keeps how it
 * writes the first wing's step.
 */
#include "se/human9.h"
#include "common/geometry9.h"
#include "common/subsets.h"
#include "common/wings9.h"
#include "se/human9_techniques.h"

#include <string.h>


/* A finder of the SE order (human9.h) that runs its family's search with the family's
 * parameters: one line each below (the context is for the chain finders only). */
#define HM_FINDER(name, search)                                    \
    int name(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {       \
        (void)ctx;                                                 \
        return search;                                             \
    }

/* ---- bit helpers ---------------------------------------------------------------------- */

/* 1 when exactly one bit is set. */
static inline int single_bit(unsigned m) { return m && !(m & (m - 1)); }


/* SE's unit order for singles and subsets: boxes, then columns, then rows. */
static const uint8_t kSeUnits[27] = {
    18, 19, 20, 21, 22, 23, 24, 25, 26,
    9, 10, 11, 12, 13, 14, 15, 16, 17,
    0, 1, 2, 3, 4, 5, 6, 7, 8,
};

/* ---- unit places ---------------------------------------------------------------------- */

/* where[u][d-1]: positions in unit u holding candidate d; empty[u]: cells of u with no value
 * (Python counts empty cells by value, not by mask, so both views are kept). */
static void unit_places(const hm_pos *pos, uint16_t where[27][9], uint8_t empty[27]) {
    memset(where, 0, 27 * sizeof where[0]);
    memset(empty, 0, 27);
    for (int c = 0; c < 81; c++) {
        const uint8_t *u = kCellUnits[c];
        if (!pos->values[c]) {
            empty[u[0]]++;
            empty[u[1]]++;
            empty[u[2]]++;
        }
        for (unsigned m = pos->cands[c]; m; m &= m - 1) {
            int d = sk_lowest(m);
            where[u[0]][d] |= (uint16_t)(1u << (u[1] - 9));
            where[u[1]][d] |= (uint16_t)(1u << u[0]);
            where[u[2]][d] |= (uint16_t)(1u << u[3]);
        }
    }
}

/* Empty cells (by value) of each unit. */
static void unit_empty(const hm_pos *pos, uint8_t empty[27]) {
    memset(empty, 0, 27);
    for (int c = 0; c < 81; c++)
        if (!pos->values[c]) {
            empty[kCellUnits[c][0]]++;
            empty[kCellUnits[c][1]]++;
            empty[kCellUnits[c][2]]++;
        }
}

/* Digits that are a candidate of exactly one cell of a unit, by bit-sliced counting:
 *
 *     once  |= m            a digit seen at least once
 *     twice |= once & m     a digit seen at least twice (before once takes m)
 */
static unsigned unit_singles(const hm_pos *pos, int u) {
    unsigned once = 0, twice = 0;
    for (int j = 0; j < 9; j++) {
        unsigned m = pos->cands[kUnitCells[u][j]];
        twice |= once & m;
        once |= m;
    }
    return once & ~twice;
}

/* ---- writing steps -------------------------------------------------------------------- */

/* A one-placement step (digit d as 0..8); returns 1 for the finder to return. */
static int place_step(sk_step *out, const char *name, int tenths, int hodoku, int cell, int d) {
    sk_step_se(out, name, tenths, hodoku);
    sk_step_place(out, cell, d + 1);
    return 1;
}

/* ---- singles (singles.py) ------------------------------------------------------------- */

/* Full houses in SE's unit order, then hidden singles in the same order, digits from 1 up. */
int hm_hidden_single(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    uint8_t empty[27];
    unit_empty(pos, empty);
    for (int alone = 1; alone >= 0; alone--)
        for (int k = 0; k < 27; k++) {
            int u = kSeUnits[k];
            if ((empty[u] == 1) != alone) continue;
            unsigned singles = unit_singles(pos, u);
            if (!singles) continue;
            int d = sk_lowest(singles);
            int j = 0;
            while (!(pos->cands[kUnitCells[u][j]] & (1u << d))) j++;
            int cell = kUnitCells[u][j];
            if (alone) return place_step(out, "Full House", 10, 4, cell, d);
            return place_step(out, HM_NAME_HIDDEN_SINGLE, u >= 18 ? 12 : 15, -1, cell, d);
        }
    return 0;
}

/* The first cell, row by row, with a single candidate. */
int hm_naked_single(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    for (int c = 0; c < 81; c++)
        if (single_bit(pos->cands[c]))
            return place_step(out, HM_NAME_NAKED_SINGLE, HM_TENTHS_NAKED_SINGLE, -1, c,
                              sk_lowest(pos->cands[c]));
    return 0;
}

/* ---- intersections (intersections.py) ------------------------------------------------- */

/* The k-th (0..2, in index order) unit of `kind` crossing unit u (u a line and kind BOX, or
 * u a box and kind a line). */
static inline int crossing(int u, int kind, int k) {
    if (u < 9) return 18 + u / 3 * 3 + k;              /* row r: the boxes of its band      */
    if (u < 18) return 18 + 3 * k + (u - 9) / 3;       /* column c: the boxes of its stack  */
    int b = u - 18;
    return kind == ROW ? b / 3 * 3 + k : 9 + b % 3 * 3 + k;  /* box: its rows or columns */
}

/* The positions in unit a of the three cells it shares with crossing unit b:
 *
 *     a row, b box:  the box's columns   0x7 << 3*(box%3)      a box, b row:     0x7 << 3*(row%3)
 *     a col, b box:  the box's rows      0x7 << 3*(box/3)      a box, b column:  0x49 << (col%3)
 *                                                              (0x49 = positions 0, 3, 6)
 */
static inline unsigned shared(int a, int b) {
    if (a < 9) return 0x7u << 3 * ((b - 18) % 3);
    if (a < 18) return 0x7u << 3 * ((b - 18) / 3);
    return b < 9 ? 0x7u << 3 * (b % 3) : 0x49u << ((b - 9) % 3);
}

/* Walk the locked sets in SE's order - (box, column), (box, row), (column, box), (row, box);
 * first units by index, then crossing second units by index, then digits from 1 up - and
 * return the first pointing/claiming step (direct = 0) or direct one (direct = 1). */
static int intersections(const hm_pos *pos, sk_step *out, int direct) {
    static const uint8_t kPairs[4][2] = {{BOX, COL}, {BOX, ROW}, {COL, BOX}, {ROW, BOX}};
    uint16_t where[27][9];
    uint8_t empty[27];
    unit_places(pos, where, empty);
    for (int pair = 0; pair < 4; pair++) {
        int kind1 = kPairs[pair][0], kind2 = kPairs[pair][1];
        int pointing = kind1 == BOX;
        for (int i1 = 0; i1 < 9; i1++) {
            int u1 = 9 * kind1 + i1;
            unsigned multi = 0;  /* digits with 2+ places in u1 */
            for (int d = 0; d < 9; d++)
                if (where[u1][d] & (where[u1][d] - 1)) multi |= 1u << d;
            for (int k2 = 0; multi && k2 < 3; k2++) {
                int u2 = crossing(u1, kind2, k2);
                unsigned in1 = shared(u1, u2), in2 = shared(u2, u1);
                for (unsigned ds = multi; ds; ds &= ds - 1) {
                    int d = sk_lowest(ds);
                    if (where[u1][d] & ~in1) continue;  /* not all of u1's places in u2 */
                    if (!direct) {
                        /* the digit leaves the rest of u2 */
                        unsigned gone = where[u2][d] & ~in2;
                        if (!gone) continue;
                        sk_step_se(out, pointing ? HM_NAME_POINTING : "Claiming",
                                   pointing ? HM_TENTHS_POINTING : 28, HM_HODOKU_POINTING);
                        for (; gone; gone &= gone - 1)
                            sk_step_elim(out, kUnitCells[u2][sk_lowest(gone)], d + 1);
                        return 1;
                    }
                    /* a third unit u3 of u1's kind crossing u2 where d is left one place */
                    for (int k3 = 0; k3 < 3; k3++) {
                        int u3 = crossing(u2, kind1, k3);
                        unsigned places3 = where[u3][d];
                        if (u3 == u1 || !(places3 & (places3 - 1))) continue;
                        unsigned left = places3 & ~shared(u3, u2);
                        if (!single_bit(left)) continue;
                        return place_step(out, pointing ? HM_NAME_DIRECT_POINTING : "Direct Claiming",
                                          pointing ? HM_TENTHS_DIRECT_POINTING : 19,
                                          HM_HODOKU_POINTING + 14, kUnitCells[u3][sk_lowest(left)], d);
                    }
                }
            }
        }
    }
    return 0;
}

/* Direct pointing/claiming: the first locked set leaving a hidden single in a third unit. */
HM_FINDER(hm_direct_pointing, intersections(pos, out, 1))

/* Pointing/claiming: the first locked set that removes a candidate. */
HM_FINDER(hm_pointing, intersections(pos, out, 0))

/* ---- subsets (subsets.py) ------------------------------------------------------------- */

enum { NAKED, HIDDEN, DIRECT };

/* One subset search in one unit.  The items are the unit's open cells (naked: item = the
 * cell's candidate mask, key = its position) or its usable digits (hidden: item = the
 * digit's 9-bit places, key = the digit 0..8); a subset is k items whose union has k bits
 * (the walk of common/subsets.h, one layer). */
typedef struct {
    const hm_pos *pos;
    sk_step *out;
    const uint16_t *where;  /* where[d]: places of digit d in the unit */
    int unit, k, kind, n;
    uint16_t item[9];
    uint8_t key[9];
} subset_search;

static const char *const kNakedName[5] = {0, 0, HM_NAME_NAKED_PAIR, HM_NAME_NAKED_TRIPLET,
                                          HM_NAME_NAKED_QUAD};
static const char *const kHiddenName[5] = {0, 0, HM_NAME_HIDDEN_PAIR, HM_NAME_HIDDEN_TRIPLET,
                                           HM_NAME_HIDDEN_QUAD};
static const char *const kDirectName[4] = {0, 0, HM_NAME_DIRECT_HIDDEN_PAIR,
                                           HM_NAME_DIRECT_HIDDEN_TRIPLET};
static const uint8_t kNakedTenths[5] = {0, 0, HM_TENTHS_NAKED_PAIR, HM_TENTHS_NAKED_TRIPLET,
                                        HM_TENTHS_NAKED_QUAD};
static const uint8_t kHiddenTenths[5] = {0, 0, HM_TENTHS_HIDDEN_PAIR, HM_TENTHS_HIDDEN_TRIPLET,
                                         HM_TENTHS_HIDDEN_QUAD};
static const uint8_t kDirectTenths[4] = {0, 0, HM_TENTHS_DIRECT_HIDDEN_PAIR,
                                         HM_TENTHS_DIRECT_HIDDEN_TRIPLET};
static const int16_t kNakedHodoku[5] = {0, 0, HM_HODOKU_NAKED_PAIR, HM_HODOKU_NAKED_TRIPLET,
                                        HM_HODOKU_NAKED_QUAD};
static const int16_t kHiddenHodoku[5] = {0, 0, HM_HODOKU_HIDDEN_PAIR, HM_HODOKU_HIDDEN_TRIPLET,
                                         HM_HODOKU_HIDDEN_QUAD};

/* The walk's visit: the step of a found subset (chosen: bit i = item i taken; uni: the union
 * of their items), or 0 when it removes nothing (then the walk goes on). */
static int subset_step(void *ctx, unsigned chosen, int layer, unsigned uni) {
    const subset_search *s = ctx;
    (void)layer;
    const uint8_t *cells = kUnitCells[s->unit];
    unsigned keys = 0;  /* naked: positions of the set; hidden: its digits */
    for (unsigned m = chosen; m; m &= m - 1) keys |= 1u << s->key[sk_lowest(m)];
    if (s->kind == NAKED) {
        /* the set's digits (uni) leave the unit's other cells */
        int found = 0;
        for (int j = 0; j < 9; j++) {
            if (keys & (1u << j)) continue;
            uint16_t gone = (uint16_t)(s->pos->cands[cells[j]] & uni);
            if (!gone) continue;
            if (!found) sk_step_se(s->out, kNakedName[s->k], kNakedTenths[s->k], kNakedHodoku[s->k]);
            found = 1;
            sk_step_elims(s->out, cells[j], gone);
        }
        return found;
    }
    if (s->kind == HIDDEN) {
        /* the set's cells (uni) lose every digit outside the set */
        int found = 0;
        for (unsigned m = uni; m; m &= m - 1) {
            int cell = cells[sk_lowest(m)];
            uint16_t gone = (uint16_t)(s->pos->cands[cell] & ~keys);
            if (!gone) continue;
            if (!found) sk_step_se(s->out, kHiddenName[s->k], kHiddenTenths[s->k], kHiddenHodoku[s->k]);
            found = 1;
            sk_step_elims(s->out, cell, gone);
        }
        return found;
    }
    /* direct: another digit with 2+ places in the unit keeps one outside the set's cells */
    for (int d = 0; d < 9; d++) {
        if (keys & (1u << d)) continue;
        unsigned places = s->where[d];
        if (sk_popcount(places) < 2 || !single_bit(places & ~uni)) continue;
        return place_step(s->out, kDirectName[s->k], kDirectTenths[s->k], kHiddenHodoku[s->k] + 14,
                          cells[sk_lowest(places & ~uni)], d);
    }
    return 0;
}

/* Subsets of size k and one kind, units in SE's order, each unit's sets in lexicographic
 * order (Python's combinations).  A naked set needs 2k empty cells in the unit, a hidden set
 * more than 2k, a direct hidden set more than k. */
static int subsets(const hm_pos *pos, sk_step *out, int k, int kind) {
    uint16_t where[27][9];
    uint8_t empty[27];
    if (kind == NAKED) unit_empty(pos, empty);  /* naked sets read the cells' masks only */
    else unit_places(pos, where, empty);
    subset_search s = {.pos = pos, .out = out, .k = k, .kind = kind};
    sk_subset_walk walk = {.item = s.item, .k = k, .layers = 1, .alive = 1,
                           .visit = subset_step, .ctx = &s};
    for (int ku = 0; ku < 27; ku++) {
        int u = kSeUnits[ku];
        if (kind == NAKED ? empty[u] < 2 * k : empty[u] <= (kind == HIDDEN ? 2 * k : k)) continue;
        s.unit = u;
        s.where = where[u];
        s.n = 0;
        if (kind == NAKED) {
            for (int j = 0; j < 9; j++) {
                uint16_t m = pos->cands[kUnitCells[u][j]];
                if (m & (m - 1)) {
                    s.item[s.n] = m;
                    s.key[s.n++] = (uint8_t)j;
                }
            }
        } else {
            for (int d = 0; d < 9; d++)
                if (sk_popcount(where[u][d]) > 1) {
                    s.item[s.n] = where[u][d];
                    s.key[s.n++] = (uint8_t)d;
                }
        }
        walk.n = s.n;
        if (sk_subsets(&walk)) return 1;
    }
    return 0;
}

/* Direct hidden pair: a hidden pair whose cells' other digits leave a hidden single. */
HM_FINDER(hm_direct_hidden_pair, subsets(pos, out, 2, DIRECT))

/* Direct hidden triplet: the same with three digits. */
HM_FINDER(hm_direct_hidden_triplet, subsets(pos, out, 3, DIRECT))

/* Naked pair: two cells of a unit holding only two digits. */
HM_FINDER(hm_naked_pair, subsets(pos, out, 2, NAKED))

/* Naked triplet. */
HM_FINDER(hm_naked_triplet, subsets(pos, out, 3, NAKED))

/* Naked quad. */
HM_FINDER(hm_naked_quad, subsets(pos, out, 4, NAKED))

/* Hidden pair: two digits with only two places in a unit. */
HM_FINDER(hm_hidden_pair, subsets(pos, out, 2, HIDDEN))

/* Hidden triplet. */
HM_FINDER(hm_hidden_triplet, subsets(pos, out, 3, HIDDEN))

/* Hidden quad. */
HM_FINDER(hm_hidden_quad, subsets(pos, out, 4, HIDDEN))

/* ---- basic fish (fish.py) ------------------------------------------------------------- */

/* One fish search: base lines of one kind, each line's places, the cover lines' places. */
typedef struct {
    const hm_pos *pos;
    sk_step *out;
    int k, base_kind;
    uint16_t (*cross)[9];      /* cross[c][d]: base indexes of digit d in cover line c  */
} fish_search;

static const char *const kFishName[5] = {0, 0, HM_NAME_X_WING, HM_NAME_SWORDFISH, HM_NAME_JELLYFISH};
static const uint8_t kFishTenths[5] = {0, 0, HM_TENTHS_X_WING, HM_TENTHS_SWORDFISH, HM_TENTHS_JELLYFISH};
static const int16_t kFishHodoku[5] = {0, 0, HM_HODOKU_X_WING, HM_HODOKU_SWORDFISH, HM_HODOKU_JELLYFISH};

/* The walk's visit: the step of the fish of digit d on these bases (bit b = base line b) and
 * k cover lines (bit c = cover line c), or 0 when it removes nothing. */
static int fish_step(void *ctx, unsigned bases, int d, unsigned cover) {
    const fish_search *s = ctx;
    int found = 0;
    for (unsigned cs = cover; cs; cs &= cs - 1) {
        int c = sk_lowest(cs);
        /* cover line c loses d outside the base lines */
        for (unsigned bs = s->cross[c][d] & ~bases; bs; bs &= bs - 1) {
            int b = sk_lowest(bs);
            int cell = s->base_kind == ROW ? 9 * b + c : 9 * c + b;
            if (!found) sk_step_se(s->out, kFishName[s->k], kFishTenths[s->k], kFishHodoku[s->k]);
            found = 1;
            sk_step_elim(s->out, cell, d + 1);
        }
    }
    return found;
}

/* Basic fish of size k: columns as the base first, then rows; base combinations in
 * lexicographic order, then digits from 1 up (the walk of common/subsets.h: items = base
 * lines, a layer a digit, bits = cover lines; a digit is usable in a base line with 2+
 * places there, and walked when placed at most 9 - 2k times). */
static int basic_fish(const hm_pos *pos, sk_step *out, int k) {
    uint16_t where[27][9];
    uint8_t empty[27];
    int placed[9] = {0};
    unit_places(pos, where, empty);
    for (int c = 0; c < 81; c++)
        if (pos->values[c]) placed[pos->values[c] - 1]++;
    unsigned digits = 0;
    for (int d = 0; d < 9; d++)
        if (placed[d] + 2 * k <= 9) digits |= 1u << d;
    if (!digits) return 0;
    fish_search s = {.pos = pos, .out = out, .k = k};
    uint16_t usable[9];
    sk_subset_walk walk = {.usable = usable, .n = 9, .k = k, .layers = 9, .alive = digits,
                           .visit = fish_step, .ctx = &s};
    static const int kBaseKinds[2] = {COL, ROW};
    for (int bk = 0; bk < 2; bk++) {
        s.base_kind = kBaseKinds[bk];
        s.cross = where + 9 * (s.base_kind == ROW ? COL : ROW);
        walk.item = where[9 * s.base_kind];
        for (int b = 0; b < 9; b++) {
            usable[b] = 0;
            for (int d = 0; d < 9; d++)
                if (sk_popcount(walk.item[9 * b + d]) >= 2) usable[b] |= (uint16_t)(1u << d);
        }
        if (sk_subsets(&walk)) return 1;
    }
    return 0;
}

/* X-Wing (two base lines). */
HM_FINDER(hm_x_wing, basic_fish(pos, out, 2))

/* Swordfish (three base lines). */
HM_FINDER(hm_swordfish, basic_fish(pos, out, 3))

/* Jellyfish (four base lines). */
HM_FINDER(hm_jellyfish, basic_fish(pos, out, 4))

/* ---- XY- and XYZ-wings (wings.py) ----------------------------------------------------- */

/* One wing search: where the step goes and which wing (0 XY, 1 XYZ). */
typedef struct {
    sk_step *out;
    int xyz;
} wing_search;

/* The walk's visit: the step of the first wing met; its victims lose z. */
static int wing_step(void *ctx, const sk_wing *w) {
    const wing_search *s = ctx;
    sk_step_se(s->out, s->xyz ? HM_NAME_XYZ_WING : HM_NAME_XY_WING,
               s->xyz ? HM_TENTHS_XYZ_WING : HM_TENTHS_XY_WING,
               s->xyz ? HM_HODOKU_XYZ_WING : HM_HODOKU_XY_WING);
    for (sk_cells v = w->victims; !sk_cells_empty(v);)
        sk_step_elim(s->out, sk_cells_take(&v), w->digit);
    return 1;
}

/* The first XY- or XYZ-wing in the walk's order (common/wings9.h: pivots cell by cell,
 * pincers in cell order, pincer pairs in order), as wings.py's wings_in meets them. */
static int wings(const hm_pos *pos, sk_step *out, int xyz) {
    wing_search s = {out, xyz};
    return sk_wings(pos->cands, xyz, wing_step, &s);
}

/* XY-Wing. */
HM_FINDER(hm_xy_wing, wings(pos, out, 0))

/* XYZ-Wing. */
HM_FINDER(hm_xyz_wing, wings(pos, out, 1))
