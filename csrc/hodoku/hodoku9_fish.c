/* hodoku9_fish.c - HoDoKu's fish on its path: basic, finned/sashimi and Franken (see hodoku9.h).
 *
 * The Python twins are sudokit.rating.hodoku.path's `_sudokit(...)` wrappers over sudokit.techniques.fish
 * (find_x_wings & co., find_finned_fish) and sudokit.techniques.franken (franken_fish):
 *
 *   - basic fish (X_WING, SWORDFISH, JELLYFISH) and finned/sashimi fish (FINNED_X_WING ..
 *     SASHIMI_JELLYFISH): every fish of the size and name, the best by HoDoKu's sort
 *     (_hodoku_order: most eliminations, then the smallest weighted sum, then fewest cells; a
 *     tie keeps the first found), so the loops walk base lines, digits and covers in exactly
 *     the Python generators' order; the basic fish's base line sets are those of the subset
 *     walk SE's basic fish use too (common/subsets.h: base lines, a layer a digit), only the
 *     choice among the fish found is HoDoKu's;
 *   - Franken fish (FRANKEN_X_WING .. FINNED_FRANKEN_SWORDFISH): the first fish HoDoKu's unit
 *     search meets whose name is the kind's (Franken or Mutant, of the size); with fins, base
 *     units no removable cell can use are skipped first (fr_live), which skips no fish.
 *
 * Finned, sashimi and Franken searches of one digit and orientation that find nothing are
 * remembered on the board (hk_fish_memo, keyed by the digit's places, on which alone they
 * depend), so a later call skips the digits whose places did not change.
 *
 * Two views of the digit's places:
 *
 *   - line places: pos[line] is a 9-bit mask of the cover lines (bit i = index i) where the
 *     digit can go in base line `line`; rows as base lines: bit i = column i, columns as base
 *     lines: bit i = row i.  The cell where base line b meets cover line c is line_cell().
 *
 *         bit  8 7 6 5 4 3 2 1 0
 *        line  8 7 6 5 4 3 2 1 0      (groups of three = the box bands: 0-2, 3-5, 6-8)
 *
 *   - 81-cell sets (sk_cells) for the Franken search (common/bits.h):
 *
 *         w[0]: cells 0..63   w[1]: cells 64..80 in bits 0..16 (sk_cells, common/bits.h)
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>

#include "common/geometry9.h"
#include "common/subsets.h"

/* ---- small bit helpers ---------------------------------------------------------------- */

/* The candidates of a cell (none once a digit is placed there). */
static inline unsigned cell_mask(const hk_board *b, int c) { return b->values[c] ? 0u : b->masks[c]; }

/* Set idx[0..k) to the first k-subset (0, 1, .., k-1); 0 when k > n. */
static int first_combo(int *idx, int k, int n) {
    for (int i = 0; i < k; i++) idx[i] = i;
    return k <= n;
}

/* Sort cells[0..n) ascending (insertion sort: n is small). */
static void sort_cells(uint8_t *cells, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && cells[j - 1] > cells[j]; j--) {
            uint8_t t = cells[j];
            cells[j] = cells[j - 1];
            cells[j - 1] = t;
        }
}

/* ---- HoDoKu's sort of several steps of one technique ---------------------------------- */

/* _hodoku_order's key: (-eliminations, weighted sum, cells); smaller is better. */
typedef struct {
    int elims, weighted, cells;
} fish_key;

/* The key of a step eliminating `digit` from cells[0..n) (ascending) with `n_cells` cells. */
static fish_key key_of(const uint8_t *cells, int n, int digit, int n_cells) {
    fish_key k = {n, 0, n_cells};
    for (int i = 0; i < n; i++) k.weighted += cells[i] * (1 + 80 * i) + digit;
    return k;
}

/* 1 when key a sorts strictly before key b. */
static int key_before(fish_key a, fish_key b) {
    if (a.elims != b.elims) return a.elims > b.elims;
    if (a.weighted != b.weighted) return a.weighted < b.weighted;
    return a.cells < b.cells;
}

/* ---- the board's memo of fish searches that found nothing (hk_fish_memo) --------------- */

/* The memo slot of a finned/sashimi or Franken kind. */
static int memo_slot(int kind) {
    return kind <= HK_SASHIMI_JELLYFISH ? kind - HK_FINNED_X_WING : 6 + kind - HK_FRANKEN_X_WING;
}

/* Digit d's places: cells 0..63 in p[0], 64..80 in p[1]. */
static void digit_places(const hk_board *b, int d, uint64_t p[2]) {
    p[0] = p[1] = 0;
    for (int c = 0; c < 81; c++)
        if (cell_mask(b, c) >> (d - 1) & 1) p[c >> 6] |= 1ull << (c & 63);
}

/* 1 when the kind's search of digit d in this orientation found nothing on these places. */
static int memo_none(const hk_board *b, int kind, int rows, int d, const uint64_t p[2]) {
    const hk_fish_memo *m = &b->fish_memo;
    int k = memo_slot(kind);
    return m->none[k][rows][d] && m->places[k][rows][d][0] == p[0] && m->places[k][rows][d][1] == p[1];
}

/* Remember that the kind's search of digit d in this orientation found nothing on these places. */
static void memo_put(hk_board *b, int kind, int rows, int d, const uint64_t p[2]) {
    hk_fish_memo *m = &b->fish_memo;
    int k = memo_slot(kind);
    m->places[k][rows][d][0] = p[0];
    m->places[k][rows][d][1] = p[1];
    m->none[k][rows][d] = 1;
}

/* ---- line places (basic and finned fish) ---------------------------------------------- */

/* The cell where base line `base` meets cover line `cover` (rows or columns as base lines). */
static inline int line_cell(int rows, int base, int cover) {
    return rows ? base * 9 + cover : cover * 9 + base;
}

/* pos[d][line]: the cover lines where digit d can go in each base line (d 1..9). */
static void line_places(const hk_board *b, int rows, uint16_t pos[10][9]) {
    for (int d = 1; d <= 9; d++)
        for (int line = 0; line < 9; line++) {
            unsigned m = 0;
            for (int i = 0; i < 9; i++)
                if (cell_mask(b, line_cell(rows, line, i)) >> (d - 1) & 1) m |= 1u << i;
            pos[d][line] = (uint16_t)m;
        }
}

/* Write a (finned) fish step: body cells (base lines in order, covers ascending), then fins,
 * then the eliminations of `digit` from cells[0..n). */
static void line_fish_step(const hk_board *b, sk_step *out, int kind, const char *name, int rows,
                           int digit, const int *bases, int size, unsigned covers,
                           const uint8_t *fins, int n_fins, const uint8_t *elim, int n) {
    sk_step_start(out, kind, name);
    for (int i = 0; i < size; i++)
        for (int c = 0; c < 9; c++) {
            int cell = line_cell(rows, bases[i], c);
            if ((covers >> c & 1) && (cell_mask(b, cell) >> (digit - 1) & 1)) sk_step_cell(out, cell);
        }
    for (int i = 0; i < n_fins; i++) sk_step_cell(out, fins[i]);
    for (int i = 0; i < n; i++) sk_step_elim(out, elim[i], digit);
}

/* The number of body cells (places of the base lines inside the covers). */
static int body_count(const uint16_t *pos, const int *bases, int size, unsigned covers) {
    int n = 0;
    for (int i = 0; i < size; i++) n += sk_popcount(pos[bases[i]] & covers);
    return n;
}

/* ---- basic fish: fish._basic_fish ---------------------------------------------------- */

static const char *const kFishNames[5] = {NULL, NULL, "X-Wing", "Swordfish", "Jellyfish"};

/* One orientation's basic fish walk (common/subsets.h: items = base lines, a layer a digit
 * 0..8, bits = cover lines) and the best fish so far. */
typedef struct {
    hk_board *b;
    sk_step *out;
    hm_ctx *ctx;
    int size, kind, rows, found;
    fish_key best;
    const uint16_t (*pos)[9];  /* pos[d][line], d 1..9 (line_places)                          */
} basic_search;

/* The walk's visit: the fish of digit layer + 1 on base lines `inside` (a bit a line) and
 * cover lines `cover`, kept when it eliminates something and sorts first; 1 (stop) only once
 * time is up. */
static int basic_visit(void *ctx, unsigned inside, int layer, unsigned cover) {
    basic_search *s = ctx;
    int d = layer + 1, bases[4], size = 0;
    if (hm_check_deadline(s->ctx)) return 1;
    for (unsigned m = inside; m; m &= m - 1) bases[size++] = sk_lowest(m);
    uint8_t elim[81];
    int n = 0;
    for (int c = 0; c < 9; c++) {
        if (!(cover >> c & 1)) continue;
        for (int l = 0; l < 9; l++)
            if (!(inside >> l & 1) && (s->pos[d][l] >> c & 1)) elim[n++] = (uint8_t)line_cell(s->rows, l, c);
    }
    if (!n) return 0;
    /* sorted(removed): by cell */
    sort_cells(elim, n);
    fish_key k = key_of(elim, n, d, body_count(s->pos[d], bases, size, cover));
    if (s->found && !key_before(k, s->best)) return 0;
    s->found = 1;
    s->best = k;
    line_fish_step(s->b, s->out, s->kind, kFishNames[size], s->rows, d, bases, size, cover, NULL, 0,
                   elim, n);
    return 0;
}

/* The best basic fish of one size: columns as base lines first, then rows; base line sets in
 * combinations order, digits (placed at most 9 - 2*size times) inside; a digit takes part in
 * a base line with 2+ places there. */
static int basic_fish(hk_board *b, sk_step *out, hm_ctx *ctx, int size, int kind) {
    int placed[10] = {0};
    for (int c = 0; c < 81; c++) placed[b->values[c]]++;
    unsigned digits = 0;
    for (int d = 1; d <= 9; d++)
        if (placed[d] + 2 * size <= 9) digits |= 1u << (d - 1);
    basic_search s = {.b = b, .out = out, .ctx = ctx, .size = size, .kind = kind};
    for (int rows = 0; rows < 2; rows++) {
        if (hm_check_deadline(ctx)) return 0;
        uint16_t pos[10][9], item[9][9], usable[9];
        line_places(b, rows, pos);
        for (int l = 0; l < 9; l++) {
            usable[l] = 0;
            for (int d = 1; d <= 9; d++) {
                item[l][d - 1] = pos[d][l];
                if (sk_popcount(pos[d][l]) >= 2) usable[l] |= (uint16_t)(1u << (d - 1));
            }
        }
        s.rows = rows;
        s.pos = (const uint16_t (*)[9])pos;
        sk_subset_walk walk = {.item = item[0], .usable = usable, .n = 9, .k = size, .layers = 9,
                               .alive = digits, .visit = basic_visit, .ctx = &s};
        if (digits && sk_subsets(&walk)) return 0;  /* time is up */
    }
    return s.found;
}

/* ---- finned and sashimi fish: fish._finned ------------------------------------------- */

/* What one finned search looks for and the best fish found so far. */
typedef struct {
    hk_board *b;
    sk_step *out;
    int size, sashimi, kind;
    const char *name;
    int found;
    fish_key best;
    int any;                 /* a fish was met since it was last cleared (the memo's "none") */
} finned_search;

static const char *const kFinnedNames[5] = {NULL, NULL, "Finned X-Wing", "Finned Swordfish",
                                             "Finned Jellyfish"};
static const char *const kSashimiNames[5] = {NULL, NULL, "Sashimi X-Wing", "Sashimi Swordfish",
                                              "Sashimi Jellyfish"};

/* fish._finned_step on base lines bases[0..size) and cover lines `cover`: keep the fish when
 * its fins share a box, it eliminates something, it has the wanted name and sorts first. */
static void finned_check(finned_search *s, int rows, int d, const uint16_t *pos, const int *bases,
                         unsigned cover) {
    int size = s->size;
    uint8_t fins[36];
    int n_fins = 0;
    unsigned inside = 0;
    for (int i = 0; i < size; i++) {
        inside |= 1u << bases[i];
        unsigned extra = pos[bases[i]] & ~cover;
        for (int c = 0; c < 9; c++)
            if (extra >> c & 1) fins[n_fins++] = (uint8_t)line_cell(rows, bases[i], c);
    }
    if (!n_fins) return;
    /* sorted(fins): the base lines need not give them in cell order (columns as bases) */
    sort_cells(fins, n_fins);
    int box = box_of(fins[0]);
    for (int i = 1; i < n_fins; i++)
        if (box_of(fins[i]) != box) return;
    int sashimi = 0;
    for (int i = 0; i < size; i++)
        if (sk_popcount(pos[bases[i]] & cover) < 2) sashimi = 1;
    if (sashimi != s->sashimi) return;
    uint8_t elim[81];
    int n = 0;
    for (int c = 0; c < 9; c++) {
        if (!(cover >> c & 1)) continue;
        for (int l = 0; l < 9; l++) {
            int cell = line_cell(rows, l, c);
            if (!(inside >> l & 1) && box_of(cell) == box && (pos[l] >> c & 1))
                elim[n++] = (uint8_t)cell;
        }
    }
    if (!n) return;
    s->any = 1;
    sort_cells(elim, n);
    fish_key k = key_of(elim, n, d, body_count(pos, bases, size, cover) + n_fins);
    if (s->found && !key_before(k, s->best)) return;
    s->found = 1;
    s->best = k;
    line_fish_step(s->b, s->out, s->kind, s->name, rows, d, bases, size, cover, fins, n_fins,
                   elim, n);
}

/* The cover sets of fish._finned for one set of base lines: per box band (group), the places
 * outside it are required covers, and size - |required| of those inside are chosen
 * (combinations order); the base lines holding fins must lie in one band. */
static void finned_covers(finned_search *s, int rows, int d, const uint16_t *pos,
                          const int *bases, unsigned uni) {
    int size = s->size;
    for (int g = 0; g < 3; g++) {
        unsigned group = 7u << (3 * g);
        unsigned required = uni & ~group;
        int nreq = sk_popcount(required);
        if (nreq > size) continue;
        int optional[3], nopt = 0;
        for (int c = 0; c < 9; c++)
            if ((uni & group) >> c & 1) optional[nopt++] = c;
        int k = size - nreq, idx[4];
        if (!first_combo(idx, k, nopt)) continue;
        do {
            unsigned cover = required;
            for (int i = 0; i < k; i++) cover |= 1u << optional[idx[i]];
            int band = -1, split = 0;
            for (int i = 0; i < size; i++)
                if (pos[bases[i]] & ~cover) {
                    if (band < 0) band = bases[i] / 3;
                    else if (bases[i] / 3 != band) split = 1;
                }
            if (band < 0 || split) continue;
            /* finned_check's first tests, on masks: the fins lie in one box (one group of
             * three cover lines) and a cover line of that box has a place off the base lines */
            unsigned fin_lines = 0, inside = 0;
            for (int i = 0; i < size; i++) {
                fin_lines |= pos[bases[i]] & ~cover;
                inside |= 1u << bases[i];
            }
            unsigned fin_group = 7u << (3 * (sk_lowest(fin_lines) / 3));
            if (fin_lines & ~fin_group) continue;
            unsigned off = 0;
            for (int l = 3 * band; l < 3 * band + 3; l++)
                if (!(inside >> l & 1)) off |= pos[l];
            if (!(off & cover & fin_group)) continue;
            finned_check(s, rows, d, pos, bases, cover);
        } while (hm_next_combination(idx, k, nopt));
    }
}

/* The best finned (or sashimi) fish of one size: rows as base lines first, then columns; digit
 * by digit; base line sets (lines holding the digit) in combinations order. */
static int finned_fish(hk_board *b, sk_step *out, hm_ctx *ctx, int size, int sashimi, int kind) {
    finned_search s = {b, out, size, sashimi, kind,
                       sashimi ? kSashimiNames[size] : kFinnedNames[size], 0, {0, 0, 0}, 0};
    uint64_t places[10][2];
    for (int d = 1; d <= 9; d++) digit_places(b, d, places[d]);
    for (int rows = 1; rows >= 0; rows--) {
        uint16_t pos[10][9];
        line_places(b, rows, pos);
        for (int d = 1; d <= 9; d++) {
            if (memo_none(b, kind, rows, d, places[d])) continue;
            s.any = 0;
            int usable[9], nu = 0;
            for (int l = 0; l < 9; l++)
                if (pos[d][l]) usable[nu++] = l;
            int idx[4];
            if (!first_combo(idx, size, nu)) continue;
            do {
                if (hm_check_deadline(ctx)) return 0;
                int bases[4];
                unsigned uni = 0;
                for (int i = 0; i < size; i++) {
                    bases[i] = usable[idx[i]];
                    uni |= pos[d][bases[i]];
                }
                if (sk_popcount(uni) <= size) continue;
                finned_covers(&s, rows, d, pos[d], bases, uni);
            } while (hm_next_combination(idx, size, nu));
            if (!s.any) memo_put(b, kind, rows, d, places[d]);
        }
    }
    return s.found;
}

/* ---- Franken fish: franken._Search ---------------------------------------------------- */

/* A set of cells. */
/* sk_cells (common/bits.h): w[0] cells 0..63, w[1] cells 64..80 in bits 0..16. */

/* Write the cells of a set into out, ascending (bit_cells); returns how many. */
static int fs_cells(sk_cells a, uint8_t *out) {
    int n = 0;
    for (; a.w[0]; a.w[0] &= a.w[0] - 1) out[n++] = (uint8_t)__builtin_ctzll(a.w[0]);
    for (; a.w[1]; a.w[1] &= a.w[1] - 1) out[n++] = (uint8_t)(64 + __builtin_ctzll(a.w[1]));
    return n;
}

enum { FR_MAX_FINS = 5, FR_MAX_ENDO = 2 };  /* franken.MAX_FINS, MAX_ENDO_FINS */
enum { FR_MAX_SIZE = 4 };                   /* the largest fish: a jellyfish's four bases */

/* One Franken search (a digit, an orientation) and the kind it looks for. */
typedef struct {
    hk_board *b;
    sk_step *out;
    hm_ctx *ctx;
    const sk_cells *peers;      /* each cell's peers (the cell itself not)                   */
    const sk_cells *unit_set;   /* each unit's cells                                         */
    int cover_kind;         /* COL with rows as base lines, ROW with columns              */
    const sk_cells *near;       /* near[c]: the cells of c's two cover units                 */
    int kind, digit, size, finned;
    int n_base, n_cover;
    sk_cells all;               /* the digit's places                                        */
    uint8_t base_unit[27], cover_unit[27];  /* units in HoDoKu's order (rows, cols, boxes) */
    sk_cells base_places[27], cover_places[27]; /* the digit's places in each                 */
} fr_search;

/* The kinds (rows 1, columns 2, boxes 4) of units[0..n). */
static int unit_kinds(const uint8_t *units, int n) {
    int k = 0;
    for (int i = 0; i < n; i++) k |= 1 << (units[i] / 9);
    return k;
}

/* franken._Search._name without the size: 0 for a basic (row/column) fish, which no Franken
 * kind takes, 1 for Franken, 2 for Mutant. */
static int fr_name(const uint8_t *bases, const uint8_t *covers, int size) {
    int bk = unit_kinds(bases, size), ck = unit_kinds(covers, size);
    if ((bk == 1 && ck == 2) || (bk == 2 && ck == 1)) return 0;
    if (((bk == 1 || bk == 5) && (ck == 2 || ck == 6)) ||
        ((bk == 2 || bk == 6) && (ck == 1 || ck == 5)))
        return 1;
    return 2;
}

static const char *const kFrankenNames[2][2][4] = {
    {{NULL, NULL, "Franken X-Wing", "Franken Swordfish"},
     {NULL, NULL, "Mutant X-Wing", "Mutant Swordfish"}},
    {{NULL, NULL, "Finned Franken X-Wing", "Finned Franken Swordfish"},
     {NULL, NULL, "Finned Mutant X-Wing", "Finned Mutant Swordfish"}},
};

/* _check, after the fin count (the caller's): the fish on these base and cover units with
 * these fins; 1 (step written) when it eliminates something and is Franken or Mutant. */
static int fr_check(fr_search *s, const uint8_t *bases, const uint8_t *covers, sk_cells base,
                    sk_cells fins, sk_cells cover, sk_cells cannibal) {
    sk_cells removed = sk_cells_or(sk_cells_minus(cover, base), cannibal);
    for (uint64_t m = fins.w[0]; m && !sk_cells_empty(removed); m &= m - 1)
        removed = sk_cells_and(removed, s->peers[__builtin_ctzll(m)]);
    for (uint64_t m = fins.w[1]; m && !sk_cells_empty(removed); m &= m - 1)
        removed = sk_cells_and(removed, s->peers[64 + __builtin_ctzll(m)]);
    if (sk_cells_empty(removed)) return 0;
    int name = fr_name(bases, covers, s->size);
    if (!name) return 0;
    sk_step_start(s->out, s->kind, kFrankenNames[s->finned][name - 1][s->size]);
    uint8_t cells[81];
    int n = fs_cells(sk_cells_minus(base, fins), cells);
    n += fs_cells(fins, cells + n);
    for (int i = 0; i < n; i++) sk_step_cell(s->out, cells[i]);
    n = fs_cells(removed, cells);
    for (int i = 0; i < n; i++) sk_step_elim(s->out, cells[i], s->digit);
    return 1;
}

/* The cover units of one set of base units. */
typedef struct {
    const uint8_t *bases;   /* the base units                                             */
    sk_cells base, endo;        /* the base cells; the endo fins                              */
    int n, slack;           /* cover units; the most fins (0 without fins)                */
    int first_box;          /* the index of the first box in units (n when none)          */
    int base_box;           /* 1 when a base unit is a box                                */
    uint8_t units[27];      /* cover units not in the base meeting the base, in order     */
    sk_cells places[27];        /* the digit's places in each                                 */
    sk_cells reach[28];         /* reach[i]: places of units[i..n)                            */
    int most[28];           /* most[i]: the most base cells one of units[i..n) takes      */
    int took[27];           /* the base cells each takes                                  */
} fr_covers_t;

/* _cover_level: choose cover units from `start` on (depth first), `cover` and `cannibal` so
 * far; check the fish at `size` units.  1 once a step is written.  HoDoKu's prune: base cells
 * no cover left can take are fins, so a branch with too many of them is skipped. */
static int fr_cover_level(fr_search *s, const fr_covers_t *t, int start, uint8_t *chosen,
                          int n_chosen, sk_cells cover, sk_cells cannibal) {
    int need = s->size - n_chosen;
    sk_cells open = sk_cells_minus(t->base, cover);
    if (need == 1) {
        /* the last cover: fr_check's fin count first, inline (most covers fail it); with no
         * box yet it must be a box (a rows-against-columns fish is no Franken kind's) */
        int from = start;
        if (!t->base_box && (!n_chosen || chosen[n_chosen - 1] < 18) && from < t->first_box)
            from = t->first_box;
        /* open cells the last cover does not take are fins: a count first, no sets */
        int n_open = sk_cells_count(open), over = n_open - (s->finned ? FR_MAX_FINS : 0);
        for (int i = from; i < t->n; i++) {
            if (t->took[i] < over) continue;
            sk_cells fins = sk_cells_or(sk_cells_minus(open, t->places[i]), t->endo);
            if (s->finned ? sk_cells_empty(fins) || sk_cells_count(fins) > FR_MAX_FINS : !sk_cells_empty(fins)) continue;
            chosen[n_chosen] = t->units[i];
            if (fr_check(s, t->bases, chosen, t->base, fins, sk_cells_or(cover, t->places[i]),
                         sk_cells_or(cannibal, sk_cells_and(cover, t->places[i]))))
                return 1;
        }
        return 0;
    }
    for (int i = start; i < t->n - need + 1; i++) {
        sk_cells new_cover = sk_cells_or(cover, t->places[i]);
        /* the need - 1 covers left take at most most[i + 1] base cells each */
        if (sk_cells_count(sk_cells_minus(t->base, new_cover)) - (need - 1) * t->most[i + 1] > t->slack) continue;
        sk_cells sure = sk_cells_minus(sk_cells_minus(t->base, new_cover), t->reach[i + 1]);
        if (sk_cells_count(sure) > t->slack) continue;
        /* sure (and endo) fins whatever covers follow: what is removed lies in the covers
         * and sees them all */
        sk_cells seen = sk_cells_or(new_cover, t->reach[i + 1]);
        for (uint64_t m = sk_cells_or(sure, t->endo).w[0]; m && !sk_cells_empty(seen); m &= m - 1)
            seen = sk_cells_and(seen, s->peers[__builtin_ctzll(m)]);
        for (uint64_t m = sk_cells_or(sure, t->endo).w[1]; m && !sk_cells_empty(seen); m &= m - 1)
            seen = sk_cells_and(seen, s->peers[64 + __builtin_ctzll(m)]);
        if (sk_cells_empty(seen)) continue;
        chosen[n_chosen] = t->units[i];
        if (fr_cover_level(s, t, i + 1, chosen, n_chosen + 1, new_cover,
                           sk_cells_or(cannibal, sk_cells_and(cover, t->places[i]))))
            return 1;
    }
    return 0;
}

/* _covers: the cover units (not a base unit) meeting the base cells; 1 once a step is written
 * (or time is up). */
static int fr_covers(fr_search *s, const uint8_t *bases, sk_cells base, sk_cells endo) {
    /* every endo fin is a fin: what a fish removes sees them all (and holds the digit) */
    sk_cells seen = s->all;
    for (uint64_t m = endo.w[0]; m && !sk_cells_empty(seen); m &= m - 1)
        seen = sk_cells_and(seen, s->peers[__builtin_ctzll(m)]);
    for (uint64_t m = endo.w[1]; m && !sk_cells_empty(seen); m &= m - 1)
        seen = sk_cells_and(seen, s->peers[64 + __builtin_ctzll(m)]);
    if (sk_cells_empty(seen)) return 0;
    fr_covers_t t;
    t.bases = bases;
    t.base = base;
    t.endo = endo;
    t.slack = s->finned ? FR_MAX_FINS : 0;
    t.n = 0;
    for (int i = 0; i < s->n_cover; i++) {
        int u = s->cover_unit[i], taken = 0;
        for (int j = 0; j < s->size; j++) taken |= bases[j] == u;
        if (taken || sk_cells_empty(sk_cells_and(s->cover_places[i], base))) continue;
        t.units[t.n] = (uint8_t)u;
        t.places[t.n++] = s->cover_places[i];
    }
    if (t.n < s->size) return 0;
    t.first_box = t.n;
    for (int i = t.n - 1; i >= 0 && t.units[i] >= 18; i--) t.first_box = i;
    t.base_box = 0;
    for (int j = 0; j < s->size; j++) t.base_box |= bases[j] >= 18;
    t.reach[t.n] = (sk_cells){{0, 0}};
    t.most[t.n] = 0;
    int top[3] = {0, 0, 0};  /* the three largest base cell counts of one cover */
    for (int i = t.n - 1; i >= 0; i--) {
        t.reach[i] = sk_cells_or(t.reach[i + 1], t.places[i]);
        int took = sk_cells_count(sk_cells_and(t.places[i], base));
        t.took[i] = took;
        t.most[i] = took > t.most[i + 1] ? took : t.most[i + 1];
        for (int j = 0; j < 3; j++) {
            if (took > top[j]) {
                int k = top[j];
                top[j] = took;
                took = k;
            }
        }
    }
    /* size covers take at most the size largest counts: the rest of the base are fins */
    int most = 0;
    for (int j = 0; j < s->size && j < 3; j++) most += top[j];
    if (sk_cells_count(base) - most > t.slack) return 0;
    if (sk_cells_count(sk_cells_minus(base, t.reach[0])) > t.slack) return 0;
    uint8_t chosen[4];
    return fr_cover_level(s, &t, 0, chosen, 0, (sk_cells){{0, 0}}, (sk_cells){{0, 0}});
}

/* 1 when the cells q lie in at most k cover units (the cover kind's line or a box) that
 * are not in `banned` (a bit per unit): the lowest cell's two units, depth first. */
static int fr_coverable(const fr_search *s, sk_cells q, int k, uint32_t banned) {
    if (sk_cells_empty(q)) return 1;
    if (k <= 0) return 0;
    int c = q.w[0] ? __builtin_ctzll(q.w[0]) : 64 + __builtin_ctzll(q.w[1]);
    /* k + 1 cells no two of which share a cover unit need k + 1 covers */
    int apart = 1;
    for (sk_cells rest = sk_cells_minus(q, s->near[c]); !sk_cells_empty(rest) && apart <= k; apart++) {
        int d = rest.w[0] ? __builtin_ctzll(rest.w[0]) : 64 + __builtin_ctzll(rest.w[1]);
        rest = sk_cells_minus(rest, s->near[d]);
    }
    if (apart > k) return 0;
    int line = kCellUnits[c][s->cover_kind], box = kCellUnits[c][BOX];
    if (k == 1)
        return (!(banned >> line & 1) && sk_cells_empty(sk_cells_minus(q, s->unit_set[line]))) ||
               (!(banned >> box & 1) && sk_cells_empty(sk_cells_minus(q, s->unit_set[box])));
    if (!(banned >> line & 1) && fr_coverable(s, sk_cells_minus(q, s->unit_set[line]), k - 1, banned))
        return 1;
    return !(banned >> box & 1) && fr_coverable(s, sk_cells_minus(q, s->unit_set[box]), k - 1, banned);
}

/* The cells of `live` a fish on (a superset of) these base cells could still remove: a removed
 * cell e sees every fin, so the base cells it does not see, and e itself, lie in the covers
 * (at most size units, none a base box); and e sees every endo fin.  Adding base units only
 * shrinks this set, so a base with none left is no fish's. */
static sk_cells fr_live(const fr_search *s, sk_cells live, sk_cells base, sk_cells endo, uint32_t banned, int one) {
    sk_cells out = {{0, 0}};
    for (int half = 0; half < 2; half++) {
        for (uint64_t m = half ? live.w[1] : live.w[0]; m; m &= m - 1) {
            int e = (half ? 64 : 0) + __builtin_ctzll(m);
            const sk_cells pe = s->peers[e];
            if (!sk_cells_empty(sk_cells_minus(endo, pe))) continue;
            sk_cells q = sk_cells_minus(base, pe), me = sk_cells_one(e);
            int k = s->size;
            if (!sk_cells_empty(sk_cells_and(base, me))) {
                /* a base cell is removed only as a cannibal: both its cover units are covers */
                if (banned >> kCellUnits[e][BOX] & 1) continue;
                q = sk_cells_minus(q, s->near[e]);
                k -= 2;
            } else {
                q = sk_cells_or(q, me);
            }
            if (fr_coverable(s, q, k, banned)) {
                out = sk_cells_or(out, sk_cells_one(e));
                if (one) return out;
            }
        }
    }
    return out;
}

/* _bases: choose base units from start on (depth first); overlapping places are endo fins,
 * allowed (at most two in all) only with fins.  1 once a step is written or time is up.
 * With fins, `live` holds the cells a fish on these bases could still remove (fr_live) and
 * a branch with none is skipped: this skips no fish, so the first one found is unchanged. */
static int fr_bases(fr_search *s, int start, uint8_t *used, int n_used, sk_cells cells, sk_cells endo,
                    sk_cells live, uint32_t banned) {
    if (n_used >= FR_MAX_SIZE) return 0;  /* never (size <= 4): the bound of used[], for the compiler */
    for (int i = start; i < s->n_base; i++) {
        sk_cells places = s->base_places[i];
        sk_cells overlap = sk_cells_and(cells, places);
        if (!sk_cells_empty(overlap) && (!s->finned || sk_cells_count(sk_cells_or(endo, overlap)) > FR_MAX_ENDO)) continue;
        if (n_used + 1 == s->size && hm_check_deadline(s->ctx)) return 1;
        int u = s->base_unit[i];
        uint32_t now_banned = u >= 18 ? banned | 1u << u : banned;  /* a base box covers none */
        sk_cells now_live = live;
        if (s->finned && n_used + 2 >= s->size) {  /* the first of three bases keeps most */
            now_live = fr_live(s, live, sk_cells_or(cells, places), sk_cells_or(endo, overlap), now_banned,
                               n_used + 1 == s->size);
            if (sk_cells_empty(now_live)) continue;
        }
        used[n_used] = (uint8_t)u;
        if (n_used + 1 == s->size) {
            if (fr_covers(s, used, sk_cells_or(cells, places), sk_cells_or(endo, overlap))) return 1;
        } else if (fr_bases(s, i + 1, used, n_used + 1, sk_cells_or(cells, places), sk_cells_or(endo, overlap),
                            now_live, now_banned)) {
            return 1;
        }
    }
    return 0;
}

/* franken_fish(size, finned): digit by digit, rows-and-boxes bases first, the first Franken
 * or Mutant fish of the size. */
static int franken_fish(hk_board *b, sk_step *out, hm_ctx *ctx, int size, int finned, int kind) {
    sk_cells peers[81];
    for (int c = 0; c < 81; c++) peers[c] = peer_cells(c);
    sk_cells near[2][81];
    for (int c = 0; c < 81; c++)
        for (int lines = 0; lines < 2; lines++)
            near[lines][c] = sk_cells_or(kUnitSet[kCellUnits[c][lines ? COL : ROW]],
                                   kUnitSet[kCellUnits[c][BOX]]);
    fr_search s = {.b = b, .out = out, .ctx = ctx, .peers = peers, .unit_set = kUnitSet,
                   .kind = kind, .size = size, .finned = finned};
    for (int d = 1; d <= 9; d++) {
        sk_cells places[27];
        for (int u = 0; u < 27; u++) {
            places[u] = (sk_cells){{0, 0}};
            for (int i = 0; i < 9; i++) {
                int c = kUnitCells[u][i];
                if (cell_mask(b, c) >> (d - 1) & 1) places[u] = sk_cells_or(places[u], sk_cells_one(c));
            }
        }
        s.digit = d;
        s.all = (sk_cells){{0, 0}};
        for (int u = 0; u < 9; u++) s.all = sk_cells_or(s.all, places[u]);
        uint64_t key[2] = {s.all.w[0], s.all.w[1]};
        for (int lines = 1; lines >= 0; lines--) {
            if (memo_none(b, kind, lines, d, key)) continue;
            int base_kind = lines ? ROW : COL, cover_kind = lines ? COL : ROW;
            s.cover_kind = cover_kind;
            s.near = near[lines];
            s.n_base = s.n_cover = 0;
            for (int u = 0; u < 27; u++) {
                if (sk_cells_empty(places[u])) continue;
                int k = u / 9;
                if (k == BOX || k == cover_kind) {
                    s.cover_unit[s.n_cover] = (uint8_t)u;
                    s.cover_places[s.n_cover++] = places[u];
                }
                if ((k == BOX || k == base_kind) && (finned || sk_cells_count(places[u]) <= size)) {
                    s.base_unit[s.n_base] = (uint8_t)u;
                    s.base_places[s.n_base++] = places[u];
                }
            }
            uint8_t used[FR_MAX_SIZE];
            if (fr_bases(&s, 0, used, 0, (sk_cells){{0, 0}}, (sk_cells){{0, 0}}, s.all, 0))
                return !ctx->expired;
            memo_put(b, kind, lines, d, key);
        }
    }
    return 0;
}

/* The fish kinds by family (basic; finned or sashimi; Franken), size 2 to 4 and flag (sashimi;
 * finned Franken), -1 where there is none. */
enum { FISH_BASIC, FISH_FINNED, FISH_FRANKEN, FISH_FAMILIES };
static const int kFishKinds[FISH_FAMILIES][3][2] = {
    [FISH_BASIC] = {{HK_X_WING, -1}, {HK_SWORDFISH, -1}, {HK_JELLYFISH, -1}},
    [FISH_FINNED] = {{HK_FINNED_X_WING, HK_SASHIMI_X_WING}, {HK_FINNED_SWORDFISH, HK_SASHIMI_SWORDFISH},
                     {HK_FINNED_JELLYFISH, HK_SASHIMI_JELLYFISH}},
    [FISH_FRANKEN] = {{HK_FRANKEN_X_WING, HK_FINNED_FRANKEN_X_WING},
                      {HK_FRANKEN_SWORDFISH, HK_FINNED_FRANKEN_SWORDFISH}, {-1, -1}},
};

/* The family, size and flag of a fish kind: 1, or 0 when the kind is no fish. */
static int fish_of(int kind, int *family, int *size, int *flag) {
    for (*family = 0; *family < FISH_FAMILIES; ++*family)
        for (*size = 2; *size <= 4; ++*size)
            for (*flag = 0; *flag < 2; ++*flag)
                if (kind >= 0 && kFishKinds[*family][*size - 2][*flag] == kind) return 1;
    return 0;
}

/* The finder of every fish kind: the search of out->kind's family, size and flag. */
static int fish_finder(hk_board *b, sk_step *out, hm_ctx *ctx) {
    int kind = out->kind, family, size, flag;
    if (!fish_of(kind, &family, &size, &flag)) return 0;
    if (family == FISH_BASIC) return basic_fish(b, out, ctx, size, kind);
    if (family == FISH_FINNED) return finned_fish(b, out, ctx, size, flag, kind);
    return franken_fish(b, out, ctx, size, flag, kind);
}

hk_finder hk_fish_finder(int kind) {
    int family, size, flag;
    return fish_of(kind, &family, &size, &flag) ? fish_finder : NULL;
}
