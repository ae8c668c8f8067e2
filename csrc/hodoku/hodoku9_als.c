/* hodoku9_als.c - HoDoKu's Sue de Coq, ALS-XZ, ALS-XY-Wing and ALS-XY-Chain (see hodoku9.h).
 *
 * The C twins of sudokit.rating.hodoku.path's _sue_de_coq, _als_xz and _als_xy_wing and of its
 * ALS_XY_CHAIN wrapper over sudokit.techniques.als_chains; each returns exactly the step its
 * Python twin returns (same eliminations in the same order, same cells).
 *
 * Cell sets are 81-bit masks in two 64-bit words:
 *
 *     word 0: bit c      = cell c       (cells  0 .. 63)
 *     word 1: bit c - 64 = cell c       (cells 64 .. 80)
 *
 * An ALS keeps its cells, its digits and, per digit d, the cells outside it holding d that see
 * every cell of it holding d (sees[d-1]).  The list is HoDoKu's order: rows, columns, boxes,
 * each unit's empty cells taken depth first (up to 8 cells), a cell set met again skipped.
 * The list (the board's tables on the stack, the ALS array and the restricted commons malloc'ed,
 * as there can be thousands) is built once per path step: hk_path's board points to an
 * hk_als_cache that keeps the list and the restricted commons of the board's version, so
 * ALS-XY-Wing and ALS-XY-Chain reuse what ALS-XZ (or the Wing) built on the same board.  A
 * board without a cache (hk_board_from_state) gets its list built and freed in each call.
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/geometry9.h"

/* -- small helpers -------------------------------------------------------------------------- */

/* Cell sets: sk_cells (common/bits.h). */

/* 1 when a and b share a cell. */
static inline int cs_meet(sk_cells a, sk_cells b) { return ((a.w[0] & b.w[0]) | (a.w[1] & b.w[1])) != 0; }

/* 1 when every cell of a is in b. */
static inline int cs_within(sk_cells a, sk_cells b) {
    return ((a.w[0] & ~b.w[0]) | (a.w[1] & ~b.w[1])) == 0;
}

/* Bit of digit d (1..9). */
static inline uint16_t dbit(int d) { return (uint16_t)(1u << (d - 1)); }


/* Append each cell of a set (ascending) to a step as cells. */
static void step_cells(sk_step *s, sk_cells cells) {
    while (!sk_cells_empty(cells)) sk_step_cell(s, sk_cells_take(&cells));
}

/* Eliminations written so far, to keep each candidate once: bit d-1 of done[c]. */
typedef struct {
    uint16_t done[81];
} elim_seen;

/* Append an elimination unless it is already in the step. */
static void elim_once(sk_step *s, elim_seen *seen, int c, int d) {
    if (seen->done[c] & dbit(d)) return;
    seen->done[c] |= dbit(d);
    sk_step_elim(s, c, d);
}

/* -- Sue de Coq ----------------------------------------------------------------------------- */

/* One Sue de Coq search on a line/box intersection: the board, the line's and the box's empty
 * cells in order, the chosen intersection cells and the line and box cells picked so far. */
typedef struct {
    const hk_board *b;
    int line[9], n_line;
    int box[9], n_box;
    int inter[3], n_inter;
    uint16_t icands;          /* digits of the intersection cells                       */
    int n_plus;               /* |icands| - number of intersection cells                */
    int pool[9], n_pool;      /* line cells outside the intersection                    */
    int chosen[9], n_chosen;  /* picked line cells                                      */
    uint16_t cands, extra;    /* their digits, and those not in icands                  */
    int rest;                 /* what the box cells must make up                        */
    int bpool[9], n_bpool;    /* box cells outside the intersection                     */
    int bchosen[9], n_bchosen;
    sk_step *out;
} sdc_search;

/* The union of the candidates of n cells. */
static uint16_t union_of(const hk_board *b, const int *cells, int n) {
    uint16_t m = 0;
    for (int i = 0; i < n; i++) m |= b->masks[cells[i]];
    return m;
}

/* 1 when cell c is one of cells[0..n). */
static int in_list(const int *cells, int n, int c) {
    for (int i = 0; i < n; i++)
        if (cells[i] == c) return 1;
    return 0;
}

/* Append the candidates of `digits` in the cells of house (n) outside two lists. */
static void sdc_elims(sdc_search *s, const int *house, int n, const int *used1, int n1,
                      const int *used2, int n2, uint16_t digits) {
    for (int i = 0; i < n; i++) {
        int c = house[i];
        if (in_list(used1, n1, c) || in_list(used2, n2, c)) continue;
        unsigned m = s->b->masks[c] & digits;
        while (m) {
            sk_step_elim(s->out, c, sk_low_digit(m));
            m &= m - 1;
        }
    }
}

/* Test the current choice of box cells: write the step and return 1 when it eliminates. */
static int sdc_try_box(sdc_search *s) {
    uint16_t bcands = union_of(s->b, s->bchosen, s->n_bchosen);
    uint16_t allowed = (uint16_t)(~(s->cands & s->icands) & 0x1FF);
    if (bcands & ~allowed) return 0;
    if (!(bcands & s->icands) || s->n_bchosen - sk_popcount(bcands & ~s->icands) != s->rest) return 0;
    uint16_t both = bcands & s->cands;
    sk_step_start(s->out, HK_SUE_DE_COQ, "Sue de Coq");
    sdc_elims(s, s->box, s->n_box, s->bchosen, s->n_bchosen, s->inter, s->n_inter,
              (uint16_t)((((s->icands | bcands) & ~s->cands) | both) & 0x1FF));
    sdc_elims(s, s->line, s->n_line, s->chosen, s->n_chosen, s->inter, s->n_inter,
              (uint16_t)((((s->icands | s->cands) & ~bcands) | both) & 0x1FF));
    if (!s->out->n_elim) return 0;
    for (int i = 0; i < s->n_inter; i++) sk_step_cell(s->out, s->inter[i]);
    for (int i = 0; i < s->n_chosen; i++) sk_step_cell(s->out, s->chosen[i]);
    for (int i = 0; i < s->n_bchosen; i++) sk_step_cell(s->out, s->bchosen[i]);
    return 1;
}

/* Every subset of pool[0..n_pool) from `start` on, depth first ({0}, {0,1}, ... {0,2}, ...),
 * added to chosen[0..*n_chosen) and tried with try_it: 1 at the first that succeeds (the line
 * cells' subsets and, for each, the box cells'). */
static int sdc_grow(sdc_search *s, const int *pool, int n_pool, int *chosen, int *n_chosen, int start,
                    int (*try_it)(sdc_search *)) {
    for (int i = start; i < n_pool; i++) {
        chosen[(*n_chosen)++] = pool[i];
        if (try_it(s) || sdc_grow(s, pool, n_pool, chosen, n_chosen, i + 1, try_it)) return 1;
        (*n_chosen)--;
    }
    return 0;
}

/* Test the current choice of line cells against every subset of box cells. */
static int sdc_try_line(sdc_search *s) {
    uint16_t cands = union_of(s->b, s->chosen, s->n_chosen);
    int contained = sk_popcount(cands & s->icands);
    uint16_t extra = cands & ~s->icands;
    int n_extra = sk_popcount(extra);
    if (!(contained > 0 && s->n_chosen > n_extra && s->n_chosen - n_extra < s->n_plus)) return 0;
    s->cands = cands;
    s->extra = extra;
    s->rest = s->n_plus - (s->n_chosen - n_extra);
    /* a box cell holding a digit of both the intersection and the line cells fails every
     * subset it is in (sdc_try_box's `allowed`): leaving it out skips only failing subsets */
    uint16_t barred = cands & s->icands;
    s->n_bpool = 0;
    for (int i = 0; i < s->n_box; i++) {
        int c = s->box[i];
        if (!(s->b->masks[c] & barred) && !in_list(s->inter, s->n_inter, c) &&
            !in_list(s->chosen, s->n_chosen, c))
            s->bpool[s->n_bpool++] = c;
    }
    s->n_bchosen = 0;
    return sdc_grow(s, s->bpool, s->n_bpool, s->bchosen, &s->n_bchosen, 0, sdc_try_box);
}

/* The first Sue de Coq whose intersection cells are s->inter (digits icands). */
static int sdc_with_inter(sdc_search *s, uint16_t icands) {
    s->icands = icands;
    s->n_plus = sk_popcount(icands) - s->n_inter;
    s->n_pool = 0;
    for (int i = 0; i < s->n_line; i++)
        if (!in_list(s->inter, s->n_inter, s->line[i])) s->pool[s->n_pool++] = s->line[i];
    s->n_chosen = 0;
    return sdc_grow(s, s->pool, s->n_pool, s->chosen, &s->n_chosen, 0, sdc_try_line);
}

/* The first Sue de Coq on two or three of the cells `inter` (HoDoKu's loop order). */
static int sdc_intersection(sdc_search *s, const int *inter, int n) {
    const hk_board *b = s->b;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            uint16_t mask = b->masks[inter[i]] | b->masks[inter[j]];
            s->inter[0] = inter[i];
            s->inter[1] = inter[j];
            s->n_inter = 2;
            if (sk_popcount(mask) - 2 >= 2 && sdc_with_inter(s, mask)) return 1;
            for (int k = j + 1; k < n; k++) {
                uint16_t mask3 = mask | b->masks[inter[k]];
                s->inter[0] = inter[i];
                s->inter[1] = inter[j];
                s->inter[2] = inter[k];
                s->n_inter = 3;
                if (sk_popcount(mask3) - 3 >= 2 && sdc_with_inter(s, mask3)) return 1;
            }
        }
    return 0;
}

/* HoDoKu's first Sue de Coq: rows then columns, each against the boxes in order. */
static int sue_de_coq(hk_board *board, sk_step *out, hm_ctx *ctx) {
    sdc_search s;
    s.b = board;
    s.out = out;
    for (int line = 0; line < 18; line++) {
        if (hm_check_deadline(ctx)) return 0;
        s.n_line = 0;
        for (int i = 0; i < 9; i++) {
            int c = kUnitCells[line][i];
            if (board->masks[c]) s.line[s.n_line++] = c;
        }
        for (int box = 18; box < 27; box++) {
            int inter[9], n = 0;
            s.n_box = 0;
            for (int i = 0; i < 9; i++) {
                int c = kUnitCells[box][i];
                if (board->masks[c]) s.box[s.n_box++] = c;
            }
            for (int i = 0; i < s.n_line; i++)
                if (in_list(s.box, s.n_box, s.line[i])) inter[n++] = s.line[i];
            if (n >= 2 && sdc_intersection(&s, inter, n)) return 1;
        }
    }
    return 0;
}

/* -- the ALS list --------------------------------------------------------------------------- */

/* An almost locked set: cells, digits, and per digit the outside holders seeing all its places. */
typedef struct {
    sk_cells cells;
    sk_cells sees[9];      /* sees[d-1]: outside cells with d that see every cell of it with d */
    uint16_t digits;
} als;

/* HoDoKu's ALS list of a board, with the places of each digit and the peers of each cell. */
typedef struct {
    als *a;
    int n, cap;
    int nomem;
    sk_cells holders[10];  /* holders[d]: the cells with candidate d                           */
    sk_cells peers[81];
    sk_cells units[27];
} als_list;

/* Append the ALS of `cells` (digits `digits`) to the list. */
static void als_add(als_list *L, sk_cells cells, uint16_t digits) {
    if (L->n == L->cap) {
        int cap = L->cap ? 2 * L->cap : 256;
        als *grown = realloc(L->a, (size_t)cap * sizeof *grown);
        if (!grown) {
            L->nomem = 1;
            return;
        }
        L->a = grown;
        L->cap = cap;
    }
    als *x = &L->a[L->n++];
    x->cells = cells;
    x->digits = digits;
    for (int d = 1; d <= 9; d++) {
        sk_cells common = {{~0ull, ~0ull}};
        sk_cells places = sk_cells_and(cells, L->holders[d]);
        if (!(digits & dbit(d))) {
            x->sees[d - 1] = (sk_cells){{0, 0}};
            continue;
        }
        while (!sk_cells_empty(places)) common = sk_cells_and(common, L->peers[sk_cells_take(&places)]);
        x->sees[d - 1] = sk_cells_and(sk_cells_minus(common, cells), L->holders[d]);
    }
}

/* 1 when a cell set of a unit of kind `kind` (`one` of its cells) was already met in an earlier
 * unit: a single cell (met in its row) or, in a box, cells of one row or one column. */
static int als_met_before(const als_list *L, int kind, sk_cells cells, int one, int size) {
    if (kind == ROW) return 0;
    if (size == 1) return 1;
    if (kind == COL) return 0;
    return cs_within(cells, L->units[row_of(one)]) || cs_within(cells, L->units[9 + col_of(one)]);
}

/* Depth-first subsets of pool[start..n) added to `cells` (HoDoKu's order), recording ALSs. */
static void als_grow(als_list *L, const hk_board *b, int kind, const int *pool, int n, int start,
                     sk_cells cells, uint16_t digits, int size) {
    if (size >= 8) return;
    for (int i = start; i < n; i++) {
        sk_cells now = cells;
        sk_cells_add(&now, pool[i]);
        uint16_t mask = digits | b->masks[pool[i]];
        if (sk_popcount(mask) == size + 2 && !als_met_before(L, kind, now, pool[i], size + 1))
            als_add(L, now, mask);
        als_grow(L, b, kind, pool, n, i + 1, now, mask, size + 1);
    }
}

/* Build HoDoKu's ALS list of a board, reusing the array L->a (NULL or malloc'ed, L->cap
 * entries; free it afterwards); 0 when out of memory. */
static int als_build(als_list *L, const hk_board *b) {
    als *keep = L->a;
    int cap = L->cap;
    memset(L, 0, sizeof *L);
    L->a = keep;
    L->cap = cap;
    for (int d = 1; d <= 9; d++)
        for (int c = 0; c < 81; c++)
            if (b->masks[c] & dbit(d)) sk_cells_add(&L->holders[d], c);
    for (int c = 0; c < 81; c++) L->peers[c] = peer_cells(c);
    for (int u = 0; u < 27; u++) L->units[u] = kUnitSet[u];
    for (int u = 0; u < 27; u++) {
        int pool[9], n = 0;
        for (int i = 0; i < 9; i++)
            if (b->masks[kUnitCells[u][i]]) pool[n++] = kUnitCells[u][i];
        als_grow(L, b, u / 9, pool, n, 0, (sk_cells){{0, 0}}, 0, 0);
    }
    return !L->nomem;
}

/* -- restricted commons --------------------------------------------------------------------- */

/* The restricted commons of ALS a and a later b sharing no cell: digits common to both whose
 * places in a all see every place in b, ascending; returns how many (0 when they overlap). */
static int rc_digits(const als_list *L, const als *a, const als *b, int found[9]) {
    int n = 0;
    if (cs_meet(a->cells, b->cells)) return 0;
    unsigned common = a->digits & b->digits;
    while (common) {
        int d = sk_low_digit(common);
        common &= common - 1;
        if (cs_within(sk_cells_and(a->cells, L->holders[d]), b->sees[d - 1])) found[n++] = d;
    }
    return n;
}

/* A restricted common between ALS i and a later ALS j: its first digit, its second (the
 * ALS chains' second digit) and its last (HoDoKu's ALS-XZ/XY-Wing second digit), 0 if none. */
typedef struct {
    uint16_t i, j;
    uint8_t x, second, last;
} rc;

/* The restricted common of ALS i and j from their k common digits found[]. */
static inline rc rc_make(int i, int j, const int *found, int k) {
    return (rc){(uint16_t)i, (uint16_t)j, (uint8_t)found[0], (uint8_t)(k > 1 ? found[1] : 0),
                (uint8_t)(k > 1 ? found[k - 1] : 0)};
}

/* A growable array of restricted commons (a NULL or malloc'ed, room for cap). */
typedef struct {
    rc *a;
    int n, cap;
} rc_array;

/* Append a restricted common; 0 when out of memory. */
static int rc_push(rc_array *R, rc r) {
    if (R->n == R->cap) {
        int cap = R->cap ? 2 * R->cap : 1024;
        rc *grown = realloc(R->a, (size_t)cap * sizeof *grown);
        if (!grown) return 0;
        R->a = grown;
        R->cap = cap;
    }
    R->a[R->n++] = r;
    return 1;
}

/* Fill R (emptied first) with every restricted common of the list in HoDoKu's order (i
 * ascending, then j).  Returns 0 when out of memory or time is up (ctx->expired). */
static int rc_fill(const als_list *L, rc_array *R, hm_ctx *ctx) {
    R->n = 0;
    for (int i = 0; i < L->n; i++) {
        if (hm_check_deadline(ctx)) return 0;
        for (int j = i + 1; j < L->n; j++) {
            int found[9];
            int k = rc_digits(L, &L->a[i], &L->a[j], found);
            if (k && !rc_push(R, rc_make(i, j, found, k))) return 0;
        }
    }
    return 1;
}

/* -- the per-path cache ---------------------------------------------------------------------- */

/* What one path step shares among the ALS finders: the list and the restricted commons of the
 * board at `version` (has_list, has_rcs: each is complete and belongs to that version). */
struct hk_als_cache {
    uint32_t version;
    int has_list, has_rcs;
    als_list list;
    rc_array rcs;
};

struct hk_als_cache *hk_als_cache_new(void) {
    return calloc(1, sizeof(struct hk_als_cache));
}

void hk_als_cache_free(struct hk_als_cache *cache) {
    if (!cache) return;
    free(cache->list.a);
    free(cache->rcs.a);
    free(cache);
}

/* The board's ALS list: the cache's when it holds this version, else built (into the cache when
 * the board has one, else into *local, which the caller frees).  NULL when out of memory. */
static const als_list *list_of(hk_board *b, als_list *local) {
    struct hk_als_cache *C = b->als_cache;
    local->a = NULL;
    local->cap = 0;
    if (!C) return als_build(local, b) ? local : NULL;
    if (C->has_list && C->version == b->version) return &C->list;
    C->has_list = C->has_rcs = 0;
    C->version = b->version;
    if (!als_build(&C->list, b)) return NULL;
    C->has_list = 1;
    return &C->list;
}

/* The cache when it holds L (the board's current list), else NULL. */
static struct hk_als_cache *cache_of(hk_board *b, const als_list *L) {
    struct hk_als_cache *C = b->als_cache;
    return C && L == &C->list ? C : NULL;
}

/* The restricted commons of L: the cache's (filled now if needed) or built into *local (the
 * caller frees local->a).  NULL when out of memory or time is up. */
static const rc_array *rcs_of(hk_board *b, const als_list *L, rc_array *local, hm_ctx *ctx) {
    struct hk_als_cache *C = cache_of(b, L);
    local->a = NULL;
    local->n = local->cap = 0;
    if (!C) return rc_fill(L, local, ctx) ? local : NULL;
    if (!C->has_rcs) {
        if (!rc_fill(L, &C->rcs, ctx)) return NULL;
        C->has_rcs = 1;
    }
    return &C->rcs;
}

/* The board's ALS list (list_of) in *L and its restricted commons (rcs_of) in *rcs, *n_rc;
 * 0 when out of memory or time is up (the caller frees local->a and local_rcs->a either way). */
static int list_and_rcs(hk_board *b, hm_ctx *ctx, als_list *local, rc_array *local_rcs, const als_list **L,
                        const rc **rcs, int *n_rc) {
    *L = list_of(b, local);
    const rc_array *R = *L ? rcs_of(b, *L, local_rcs, ctx) : NULL;
    if (!R) return 0;
    *rcs = R->a;
    *n_rc = R->n;
    return 1;
}

/* Append the eliminations of the digits common to a and b (but those of `skip`): the outside
 * cells seeing all their places in both, digit by digit. */
static void common_elims(sk_step *s, elim_seen *seen, const als *a, const als *b, uint16_t skip) {
    unsigned digits = a->digits & b->digits & ~skip;
    while (digits) {
        int d = sk_low_digit(digits);
        digits &= digits - 1;
        sk_cells zone = sk_cells_and(a->sees[d - 1], b->sees[d - 1]);
        while (!sk_cells_empty(zone)) elim_once(s, seen, sk_cells_take(&zone), d);
    }
}

/* Append the eliminations of a doubly linked ALS-XZ: a without x and y is locked (none in b). */
static void locked_elims(sk_step *s, elim_seen *seen, const als *a, const als *b, int x, int y) {
    unsigned digits = a->digits & ~dbit(x) & ~dbit(y) & 0x1FF;
    while (digits) {
        int d = sk_low_digit(digits);
        digits &= digits - 1;
        sk_cells zone = sk_cells_minus(a->sees[d - 1], b->cells);
        while (!sk_cells_empty(zone)) elim_once(s, seen, sk_cells_take(&zone), d);
    }
}

/* The mask of a digit, 0 for digit 0 (no digit). */
static inline uint16_t dbit0(int d) { return d ? dbit(d) : 0; }

/* -- ALS-XZ --------------------------------------------------------------------------------- */

/* The ALS-XZ of ALS a and b with restricted commons x and y (0): 1 with the step written. */
static int xz_of(sk_step *out, const als *a, const als *b, int x, int y) {
    elim_seen seen;
    memset(&seen, 0, sizeof seen);
    sk_step_start(out, HK_ALS_XZ, "ALS-XZ");
    common_elims(out, &seen, a, b, dbit(x));
    if (y) {
        common_elims(out, &seen, a, b, dbit(y));
        locked_elims(out, &seen, a, b, x, y);
        locked_elims(out, &seen, b, a, x, y);
    }
    if (!out->n_elim) return 0;
    step_cells(out, sk_cells_or(a->cells, b->cells));
    return 1;
}

/* Out of memory: give up as on an expired deadline (the path then stops with a time limit),
 * never as "no step", which would change the path silently.  Returns 0. */
static int out_of_memory(hm_ctx *ctx) {
    ctx->expired = 1;
    return 0;
}

/* The first ALS-XZ over restricted commons already listed. */
static int xz_over(sk_step *out, const als_list *L, const rc_array *R, hm_ctx *ctx) {
    int last_i = -1;
    for (int k = 0; k < R->n; k++) {
        const rc *r = &R->a[k];
        if (r->i != last_i) {
            last_i = r->i;
            if (hm_check_deadline(ctx)) return 0;
        }
        if (xz_of(out, &L->a[r->i], &L->a[r->j], r->x, r->last)) return 1;
    }
    return 0;
}

/* HoDoKu's first ALS-XZ, doubly linked ones included, in its restricted common order; with a
 * cache, the restricted commons met are recorded (kept when the search ends with none). */
static int als_xz(hk_board *board, sk_step *out, hm_ctx *ctx) {
    als_list local;
    const als_list *L = list_of(board, &local);
    int found = 0, done = 1;
    if (!L) {
        free(local.a);
        return out_of_memory(ctx);
    }
    struct hk_als_cache *C = cache_of(board, L);
    if (C && C->has_rcs) return xz_over(out, L, &C->rcs, ctx);
    rc_array *R = C ? &C->rcs : NULL;
    if (R) R->n = 0;
    for (int i = 0; i < L->n && !found; i++) {
        if (hm_check_deadline(ctx)) {
            done = 0;
            break;
        }
        for (int j = i + 1; j < L->n; j++) {
            int d[9];
            int k = rc_digits(L, &L->a[i], &L->a[j], d);
            if (!k) continue;
            if (R && !rc_push(R, rc_make(i, j, d, k))) R = NULL; /* stop recording */
            if (xz_of(out, &L->a[i], &L->a[j], d[0], k > 1 ? d[k - 1] : 0)) {
                found = 1;
                break;
            }
        }
    }
    if (R && done && !found) C->has_rcs = 1;
    free(local.a);
    return found;
}

/* -- ALS-XY-Wing ---------------------------------------------------------------------------- */

/* The ALS-XY-Wing of two restricted commons sharing one ALS: 1 with the step written. */
static int xy_wing_of(sk_step *out, const als_list *L, const rc *r1, const rc *r2) {
    if (r1->last == 0 && r2->last == 0 && r1->x == r2->x) return 0;
    int shared, n_shared = 0;
    if (r1->i == r2->i || r1->i == r2->j) shared = r1->i, n_shared++;
    if (r1->j == r2->i || r1->j == r2->j) shared = r1->j, n_shared++;
    if (n_shared != 1) return 0;
    const als *a = &L->a[r1->i == shared ? r1->j : r1->i];
    const als *b = &L->a[r2->i == shared ? r2->j : r2->i];
    if (cs_meet(a->cells, b->cells)) return 0;
    elim_seen seen;
    memset(&seen, 0, sizeof seen);
    sk_step_start(out, HK_ALS_XY_WING, "ALS-XY-Wing");
    common_elims(out, &seen, a, b,
                 (uint16_t)(dbit0(r1->x) | dbit0(r1->last) | dbit0(r2->x) | dbit0(r2->last)));
    if (!out->n_elim) return 0;
    step_cells(out, sk_cells_or(sk_cells_or(a->cells, b->cells), L->a[shared].cells));
    return 1;
}

/* The first ALS-XY-Wing over the restricted commons: for each in order, the later ones that
 * touch one of its ALS (ascending; touch[off[a]..off[a+1]) lists those of ALS a). */
static int xy_wing_search(sk_step *out, const als_list *L, const rc *rcs, int n_rc,
                          const int *off, const int *touch, hm_ctx *ctx) {
    for (int k = 0; k < n_rc; k++) {
        if (hm_check_deadline(ctx)) return 0;
        int p = off[rcs[k].i], pe = off[rcs[k].i + 1];
        int q = off[rcs[k].j], qe = off[rcs[k].j + 1];
        while (p < pe && touch[p] <= k) p++;
        while (q < qe && touch[q] <= k) q++;
        while (p < pe || q < qe) {
            int m;
            if (q >= qe || (p < pe && touch[p] < touch[q])) m = touch[p++];
            else if (p >= pe || touch[q] < touch[p]) m = touch[q++];
            else m = touch[p++], q++;
            if (xy_wing_of(out, L, &rcs[k], &rcs[m])) return 1;
        }
    }
    return 0;
}

/* HoDoKu's first ALS-XY-Wing: pairs of restricted commons in order that join three ALS. */
static int als_xy_wing(hk_board *board, sk_step *out, hm_ctx *ctx) {
    als_list local;
    rc_array local_rcs = {NULL, 0, 0};
    const rc *rcs = NULL;
    int *off = NULL, *touch = NULL, n_rc = 0, found = 0;
    const als_list *L = NULL;
    if (!list_and_rcs(board, ctx, &local, &local_rcs, &L, &rcs, &n_rc)) goto no_memory;
    off = calloc((size_t)L->n + 1, sizeof *off);
    touch = malloc((size_t)(2 * n_rc + 1) * sizeof *touch);
    if (!off || !touch) goto no_memory;
    for (int k = 0; k < n_rc; k++) off[rcs[k].i + 1]++, off[rcs[k].j + 1]++;
    for (int a = 0; a < L->n; a++) off[a + 1] += off[a];
    {
        int *fill = malloc(((size_t)L->n + 1) * sizeof *fill);
        if (!fill) goto no_memory;
        memcpy(fill, off, ((size_t)L->n + 1) * sizeof *fill);
        for (int k = 0; k < n_rc; k++) touch[fill[rcs[k].i]++] = k, touch[fill[rcs[k].j]++] = k;
        free(fill);
    }
    found = xy_wing_search(out, L, rcs, n_rc, off, touch, ctx);
    goto done;
no_memory:
    out_of_memory(ctx);  /* also where rc_list returned NULL at the deadline: already expired */
done:
    free(touch);
    free(off);
    free(local_rcs.a);
    free(local.a);
    return found;
}

/* -- ALS-XY-Chain --------------------------------------------------------------------------- */

/* The longest chain (links), as in HoDoKu's solver. */
enum { CHAIN_MAX_LINKS = 50 };

/* States of the chain search: the ALS reached (current), the digits acting on the last link
 * (18: one digit d, or HoDoKu's pair (d, d)), min(links, 3) - 1 and the first link's digit. */
enum { CHAIN_STATES_PER_ALS = 18 * 3 * 9 };

/* One ALS chain search (sudokit.techniques.als_chains._ChainSearch): the ALS list, its
 * forward links (rcs[first[i] .. first[i+1]) are the links of ALS i), the chain so far and
 * the best chain found (most eliminations, then the smallest weighted sum; the first on ties). */
typedef struct {
    const als_list *L;
    const rc *rcs;
    const int *first;
    int start;
    uint16_t *seen;           /* seen[state] == start + 1: the state was met from this start */
    int link[CHAIN_MAX_LINKS];
    uint8_t code[CHAIN_MAX_LINKS];  /* acting digits of each link: 1 x, 2 second, 3 both   */
    int depth;
    int have, best_n;
    int64_t best_w;
    sk_cells best_cells;
    int best_end;
    uint16_t best_used;
    int best_start;
    hm_ctx *ctx;
    int stop;
} chain_search;

/* Which digits of the next link (c21, c22) may act after the previous link's acting digits
 * (c11, c12): 0 none, 1 the first, 2 the second, 3 both (HoDoKu's adjacency rule). */
static int pair_rule(int c11, int c12, int c21, int c22) {
    if (c12 == 0) {
        if (c22 == 0) return c11 == c21 ? 0 : 1;
        return c11 == c22 ? 1 : c11 == c21 ? 2 : 3;
    }
    if (c22 == 0) return (c21 == c11 || c21 == c12) ? 0 : 1;
    if ((c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21)) return 0;
    if (c22 == c11 || c22 == c12) return 1;
    return (c21 == c11 || c21 == c12) ? 2 : 3;
}

/* The acting digits of link l after the previous link p with code pc (p NULL at the start). */
static int chain_acting(const rc *l, const rc *p, int pc, int first_try) {
    if (!p) return l->second ? (first_try ? 1 : 2) : 1;
    if (pc == 1) return pair_rule(p->x, 0, l->x, l->second);
    if (pc == 2) return pair_rule(p->second, 0, l->x, l->second);
    return pair_rule(p->x, p->x, l->x, l->second); /* HoDoKu repeats the first digit here */
}

/* The mask of the digits acting on a link. */
static uint16_t acting_digits(const rc *l, int code) {
    return (uint16_t)(((code == 1 || code == 3) ? dbit(l->x) : 0) |
                      ((code == 2 || code == 3) && l->second ? dbit(l->second) : 0));
}

/* The eliminations of a chain from ALS a to b: digits common to both but `used`, in the
 * cells seeing all their places in both; their count and HoDoKu's weighted sum. */
static int chain_elims(const als *a, const als *b, uint16_t used, int64_t *weighted) {
    unsigned digits = a->digits & b->digits & ~used;
    int n = 0;
    int64_t w = 0;
    while (digits) {
        int z = sk_low_digit(digits);
        digits &= digits - 1;
        sk_cells zone = sk_cells_and(a->sees[z - 1], b->sees[z - 1]);
        while (!sk_cells_empty(zone)) {
            int c = sk_cells_take(&zone);
            w += (int64_t)c * (1 + 80 * (int64_t)n) + z;
            n++;
        }
    }
    *weighted = w;
    return n;
}

/* Keep the chain now on the stack if it eliminates more than the best (or as many with a
 * smaller weighted sum). */
static void chain_check(chain_search *s, int end, uint16_t used) {
    const als *a = &s->L->a[s->start];
    int64_t w;
    int n = chain_elims(a, &s->L->a[end], used, &w);
    if (!n || (s->have && (n < s->best_n || (n == s->best_n && w >= s->best_w)))) return;
    sk_cells cells = a->cells;
    for (int k = 0; k < s->depth; k++) cells = sk_cells_or(cells, s->L->a[s->rcs[s->link[k]].j].cells);
    s->have = 1;
    s->best_n = n;
    s->best_w = w;
    s->best_cells = cells;
    s->best_start = s->start;
    s->best_end = end;
    s->best_used = used;
}

/* 1 when the state of the chain at `current` was met before from this start (marks it). */
static int chain_seen(chain_search *s, int current, uint16_t first_used) {
    const rc *p = &s->rcs[s->link[s->depth - 1]];
    int pc = s->code[s->depth - 1];
    int pair = pc == 1 ? p->x - 1 : pc == 2 ? p->second - 1 : 9 + p->x - 1;
    int depth = s->depth < 3 ? s->depth : 3;
    size_t state = (((size_t)current * 18 + (size_t)pair) * 3 + (size_t)(depth - 1)) * 9 +
                   (size_t)(sk_low_digit(first_used) - 1);
    uint16_t stamp = (uint16_t)(s->start + 1);
    if (s->seen[state] == stamp) return 1;
    s->seen[state] = stamp;
    return 0;
}

/* Try every link from ALS `current` (depth first); first_used: the first link's digits. */
static void chain_extend(chain_search *s, int current, uint16_t first_used) {
    int depth = s->depth;
    if (depth >= CHAIN_MAX_LINKS || s->stop) return;
    if (hm_check_deadline(s->ctx)) {
        s->stop = 1;
        return;
    }
    const rc *p = depth ? &s->rcs[s->link[depth - 1]] : NULL;
    int pc = depth ? s->code[depth - 1] : 0;
    if (p && chain_seen(s, current, first_used)) return;
    for (int k = s->first[current]; k < s->first[current + 1]; k++) {
        const rc *l = &s->rcs[k];
        int tries = !p && l->second ? 2 : 1;
        for (int t = 0; t < tries; t++) {
            int code = chain_acting(l, p, pc, t == 0);
            if (!code) continue;
            s->link[depth] = k;
            s->code[depth] = (uint8_t)code;
            s->depth = depth + 1;
            uint16_t used = p ? first_used : acting_digits(l, code);
            if (depth >= 2) chain_check(s, l->j, (uint16_t)(used | acting_digits(l, code)));
            chain_extend(s, l->j, used);
            s->depth = depth;
            if (s->stop) return;
        }
    }
}

/* HoDoKu's ALS-XY-Chain (four ALS or more) as sudokit's ALS-Chain finder yields it first:
 * most eliminations, then the smallest weighted sum, the first found on ties; eliminations
 * digit by digit. */
static int als_xy_chain(hk_board *board, sk_step *out, hm_ctx *ctx) {
    als_list local;
    rc_array local_rcs = {NULL, 0, 0};
    const rc *rcs = NULL;
    int *first = NULL, n_rc = 0, found = 0;
    chain_search s;
    memset(&s, 0, sizeof s);
    const als_list *L = NULL;
    if (!list_and_rcs(board, ctx, &local, &local_rcs, &L, &rcs, &n_rc)) goto no_memory;
    first = calloc((size_t)L->n + 1, sizeof *first);
    s.seen = calloc((size_t)L->n * CHAIN_STATES_PER_ALS + 1, sizeof *s.seen);
    if (!first || !s.seen) goto no_memory;
    for (int k = 0; k < n_rc; k++) first[rcs[k].i + 1]++;
    for (int a = 0; a < L->n; a++) first[a + 1] += first[a];
    s.L = L;
    s.rcs = rcs;
    s.first = first;
    s.ctx = ctx;
    for (int start = 0; start < L->n && !s.stop; start++) {
        s.start = start;
        chain_extend(&s, start, 0);
    }
    if (s.stop || !s.have) goto done;
    sk_step_start(out, HK_ALS_XY_CHAIN, "ALS-Chain");
    {
        const als *a = &L->a[s.best_start], *b = &L->a[s.best_end];
        unsigned digits = a->digits & b->digits & ~s.best_used;
        while (digits) {
            int z = sk_low_digit(digits);
            digits &= digits - 1;
            sk_cells zone = sk_cells_and(a->sees[z - 1], b->sees[z - 1]);
            while (!sk_cells_empty(zone)) sk_step_elim(out, sk_cells_take(&zone), z);
        }
    }
    step_cells(out, s.best_cells);
    found = 1;
    goto done;
no_memory:
    out_of_memory(ctx);
done:
    free(s.seen);
    free(first);
    free(local_rcs.a);
    free(local.a);
    return found;
}

/* -- the family ----------------------------------------------------------------------------- */

hk_finder hk_als_finder(int kind) {
    switch (kind) {
    case HK_SUE_DE_COQ: return sue_de_coq;
    case HK_ALS_XZ: return als_xz;
    case HK_ALS_XY_WING: return als_xy_wing;
    case HK_ALS_XY_CHAIN: return als_xy_chain;
    default: return NULL;
    }
}
