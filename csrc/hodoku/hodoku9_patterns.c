/* hodoku9_patterns.c - HoDoKu's single-digit patterns, wings, colours and simple chains on
 * its path (see hodoku9.h for the contract): remote pairs, BUG+1, skyscraper, 2-string kite,
 * turbot fish, empty rectangle, W/XY/XYZ-wings, simple and multi colours, X- and XY-chains.
 *
 * Each finder returns exactly the step its Python twin (sudokit.rating.hodoku.path.HODOKU_STEPS[kind].find)
 * returns, so every loop walks cells, units and digits in the Python order; the comment on each
 * finder names its twin.  Three kinds of twin:
 *
 *   - hodoku.py's own first-found searches (skyscraper, kite, empty rectangle);
 *   - hodoku.py's "best of all" searches (_best: most eliminations, then the smallest weighted
 *     sum of the eliminated candidates, ties keep the first found): remote pairs, XY-chains;
 *     turbot fish and X-chains the same way (_x_best), except that a chain with the same
 *     eliminations as the kept one but fewer links replaces it;
 *   - `_sudokit(...)` wrappers over sudokit's finders (wings, BUG, colouring): the first step
 *     the finder yields (with the wrapper's name filter), eliminations sorted by (cell, digit).
 *
 * The X-chain search (hodoku._x_chains) is HoDoKu's: starts cell by cell and digit by digit,
 * depth first over chains that never pass a cell twice, each cell's links in HoDoKu's order
 * (row, column, box), so that ties between chains are broken as HoDoKu's own search meets
 * them.  Here the possible ends of a start are first found on boards (a breadth-first walk);
 * only when one of them could beat or tie the kept chain is the start searched.
 *
 * Cell sets are 81-bit boards:
 *
 *         w[0]: cells 0..63   w[1]: cells 64..80 in bits 0..16 (sk_cells, common/bits.h)
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>
#include <string.h>

#include "common/geometry9.h"
#include "common/wings9.h"

/* ---- 81-cell boards --------------------------------------------------------------------- */

/* sk_cells (common/bits.h): w[0] cells 0..63, w[1] cells 64..80 in bits 0..16. */

/* What the finders look up: each cell's peers and, per digit, the cells holding it. */
typedef struct {
    sk_cells peer[81];     /* the 20 peers of a cell                     */
    sk_cells holds[10];    /* holds[d]: empty cells with candidate d     */
} views;

/* Fill the views of a board. */
static void views_init(const hk_board *b, views *v) {
    memset(v->holds, 0, sizeof v->holds);
    for (int c = 0; c < 81; c++) {
        v->peer[c] = peer_cells(c);
        for (unsigned m = b->masks[c]; m; m &= m - 1) sk_cells_add(&v->holds[sk_low_digit(m)], c);
    }
}

/* The cells seeing some cell of s (a cell of s seeing another one included). */
static sk_cells seeing_any(const views *v, sk_cells s) {
    sk_cells out = {{0, 0}};
    while (!sk_cells_empty(s)) out = sk_cells_or(out, v->peer[sk_cells_take(&s)]);
    return out;
}

/* ---- small helpers ---------------------------------------------------------------------- */

/* 1 when digit d is a candidate of cell c. */
static inline int has(const hk_board *b, int c, int d) { return b->masks[c] >> (d - 1) & 1; }

/* Bits set in a 9-bit mask. */

/* The other digit of a bivalue cell. */
static inline int other_digit(const hk_board *b, int c, int d) {
    return sk_low_digit(b->masks[c] & ~(1u << (d - 1)));
}

/* 1 when the cell holds exactly two candidates. */
static inline int bivalue(const hk_board *b, int c) { return sk_popcount(b->masks[c]) == 2; }

/* HoDoKu's sort key among several steps of one technique: more eliminations, then the smaller
 * weighted sum (cell * (1 + 80k) + digit over the k-th elimination). */
static long weighted(const sk_cand *e, int n) {
    long w = 0;
    for (int k = 0; k < n; k++) w += (long)e[k].cell * (1 + 80 * k) + e[k].digit;
    return w;
}

/* The best-of-all choice (hodoku._best): keeps the first of equal keys. */
typedef struct {
    int found;      /* 1 once a step is kept      */
    int n;          /* its number of eliminations */
    long w;         /* its weighted sum           */
} best_key;

/* 1 when eliminations e[0..n) beat the kept step (then the key is taken). */
static int best_take(best_key *k, const sk_cand *e, int n) {
    long w = weighted(e, n);
    if (k->found && (n < k->n || (n == k->n && w >= k->w))) return 0;
    k->found = 1;
    k->n = n;
    k->w = w;
    return 1;
}

/* Write a one-digit step: victims (ascending) lose d. */
static void digit_step(sk_step *out, int kind, const char *name, sk_cells victims, int d) {
    sk_step_start(out, kind, name);
    while (!sk_cells_empty(victims)) sk_step_elim(out, sk_cells_take(&victims), d);
}

/* ---- skyscraper (hodoku._skyscraper) ---------------------------------------------------- */

/* The two places of d in each unit of [first, first + 9) that has exactly two; returns the
 * number of units. */
static int pairs_of(const hk_board *b, int d, int first, uint8_t pairs[9][2]) {
    int n = 0;
    for (int u = first; u < first + 9; u++) {
        if (b->free[u][d] != 2) continue;
        int k = 0;
        for (int i = 0; i < 9 && k < 2; i++) {
            int c = kUnitCells[u][i];
            if (has(b, c, d)) pairs[n][k++] = (uint8_t)c;
        }
        n++;
    }
    return n;
}

/* The first skyscraper: rows (digit by digit), then columns; base pairs of units in order. */
static int find_skyscraper(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    views v;
    views_init(b, &v);
    for (int rows = 1; rows >= 0; rows--)
        for (int d = 1; d <= 9; d++) {
            uint8_t p[9][2];
            int n = pairs_of(b, d, rows ? 0 : 9, p);
            for (int i = 0; i < n; i++)
                for (int j = i + 1; j < n; j++) {
                    int (*line)(int) = rows ? col_of : row_of;
                    int k;
                    if (line(p[i][0]) == line(p[j][0])) k = 1;
                    else if (line(p[i][1]) == line(p[j][1])) k = 0;
                    else continue;
                    if (line(p[i][k]) == line(p[j][k])) continue;
                    sk_cells victims = sk_cells_and(sk_cells_and(v.peer[p[i][k]], v.peer[p[j][k]]), v.holds[d]);
                    if (sk_cells_empty(victims)) continue;
                    digit_step(out, HK_SKYSCRAPER, "Skyscraper", victims, d);
                    sk_step_cell(out, p[i][k]);
                    sk_step_cell(out, p[j][k]);
                    sk_step_cell(out, p[i][1 - k]);
                    sk_step_cell(out, p[j][1 - k]);
                    return 1;
                }
        }
    return 0;
}

/* ---- 2-string kite (hodoku._kite) ------------------------------------------------------- */

/* Swap the two cells of a pair (Python reverses its lists in place, and keeps them so). */
static inline void flip(uint8_t p[2]) {
    uint8_t t = p[0];
    p[0] = p[1];
    p[1] = t;
}

/* The first 2-string kite: digit by digit, row pairs against column pairs. */
static int find_kite(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    for (int d = 1; d <= 9; d++) {
        uint8_t r[9][2], c[9][2];
        int nr = pairs_of(b, d, 0, r), nc = pairs_of(b, d, 9, c);
        for (int i = 0; i < nr; i++)
            for (int j = 0; j < nc; j++) {
                if (box_of(r[i][0]) == box_of(c[j][0])) {
                } else if (box_of(r[i][0]) == box_of(c[j][1])) {
                    flip(c[j]);
                } else if (box_of(r[i][1]) == box_of(c[j][0])) {
                    flip(r[i]);
                } else if (box_of(r[i][1]) == box_of(c[j][1])) {
                    flip(c[j]);
                    flip(r[i]);
                } else {
                    continue;
                }
                if (r[i][0] == c[j][0] || r[i][0] == c[j][1] || r[i][1] == c[j][0] ||
                    r[i][1] == c[j][1])
                    continue;
                int cross = row_of(c[j][1]) * 9 + col_of(r[i][1]);
                if (!has(b, cross, d)) continue;
                sk_step_start(out, HK_TWO_STRING_KITE, "2-String Kite");
                sk_step_elim(out, cross, d);
                sk_step_cell(out, r[i][1]);
                sk_step_cell(out, c[j][1]);
                sk_step_cell(out, r[i][0]);
                sk_step_cell(out, c[j][0]);
                return 1;
            }
    }
    return 0;
}

/* ---- empty rectangle (hodoku._empty_rectangle, _er_check) ------------------------------- */

/* HoDoKu's empty rectangle patterns: four offsets (from the box's first cell) that must not
 * hold the digit, and the row and column offsets of the cross they leave. */
static const uint8_t kErEmpty[9][4] = {
    {0, 1, 9, 10}, {0, 2, 9, 11}, {1, 2, 10, 11},
    {0, 1, 18, 19}, {0, 2, 18, 20}, {1, 2, 19, 20},
    {9, 10, 18, 19}, {9, 11, 18, 20}, {10, 11, 19, 20},
};
static const uint8_t kErCross[9][2] = {
    {2, 2}, {2, 1}, {2, 0}, {1, 2}, {1, 1}, {1, 0}, {0, 2}, {0, 1}, {0, 0},
};

/* The empty rectangle's elimination through a strong link from `line` (a row, or a column
 * when columns) outside the box, or 0. */
static int er_check(const hk_board *b, int d, int box, int line, int cross, int columns,
                    sk_step *out) {
    const uint8_t *cells = kUnitCells[columns ? 9 + line : line];
    for (int i = 0; i < 9; i++) {
        int cell = cells[i];
        if (b->values[cell] || box_of(cell) == box || !has(b, cell, d)) continue;
        const uint8_t *link = kUnitCells[columns ? row_of(cell) : 9 + col_of(cell)];
        int places[9], n = 0;
        for (int k = 0; k < 9; k++)
            if (has(b, link[k], d)) places[n++] = link[k];
        if (n != 2) continue;
        int other = places[0] == cell ? places[1] : places[0];
        const uint8_t *far = kUnitCells[columns ? 9 + col_of(other) : row_of(other)];
        for (int k = 0; k < 9; k++) {
            int victim = far[k];
            if (!has(b, victim, d) || box_of(victim) == box) continue;
            if ((columns ? row_of(victim) : col_of(victim)) == cross) {
                sk_step_start(out, HK_EMPTY_RECTANGLE, "Empty Rectangle");
                sk_step_elim(out, victim, d);
                sk_step_cell(out, cell);
                sk_step_cell(out, other);
                return 1;
            }
        }
    }
    return 0;
}

/* The first empty rectangle: digit by digit, box by box, pattern by pattern. */
static int find_empty_rectangle(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    for (int d = 1; d <= 9; d++)
        for (int box = 0; box < 9; box++) {
            int count = b->free[18 + box][d];
            if (count < 2 || count > 5) continue;
            int origin = kUnitCells[18 + box][0];
            for (int p = 0; p < 9; p++) {
                int blocked = 0;
                for (int k = 0; k < 4; k++) blocked |= has(b, origin + kErEmpty[p][k], d);
                if (blocked) continue;
                int row = row_of(origin) + kErCross[p][0], col = col_of(origin) + kErCross[p][1];
                int on_row = 0, on_col = 0, row_off = 0, col_off = 0;
                for (int i = 0; i < 9; i++) {
                    int c = kUnitCells[18 + box][i];
                    if (!has(b, c, d)) continue;
                    if (row_of(c) == row) { on_row++; row_off |= col_of(c) != col; }
                    if (col_of(c) == col) { on_col++; col_off |= row_of(c) != row; }
                }
                if (!row_off || !col_off) continue;
                if (on_row < 2 && on_col < 2) continue;
                if (er_check(b, d, box, row, col, 0, out)) return 1;
                if (er_check(b, d, box, col, row, 1, out)) return 1;
            }
        }
    return 0;
}

/* ---- X-chains and turbot fish (hodoku._x_chains, _x_chain_ends, _x_best) ---------------- */

/* 1 when cells a and b share a row or a column. */
static inline int same_line(int a, int b) { return a / 9 == b / 9 || a % 9 == b % 9; }

/* The X-chains of one digit: each cell's strong-link partners as a board, and (built when
 * first asked) its links in HoDoKu's order (hodoku._x_links): the cells holding d in its row,
 * in its column, then in its box off both, each in cell order; the strong ones the same way.
 * A link is strong when the unit it is listed under holds d twice: a box's pair on one line
 * is strong only when that line holds d twice too. */
typedef struct {
    const hk_board *b;
    const views *v;
    int d;
    sk_cells conj[81];           /* partners of a cell on d (the other place of a unit with two) */
    uint8_t ready[81];       /* 1 once the link lists of the cell are built                  */
    uint8_t links[81][20];   /* the peers holding d, in HoDoKu's link order                  */
    uint8_t n_links[81];
    uint8_t strong[81][3];   /* the partners among them, in the same order                   */
    uint8_t n_strong[81];
} x_digit;

/* The strong-link partners of every cell holding d (the strong links of _x_links). */
static void x_digit_init(const hk_board *b, const views *v, int d, x_digit *x) {
    x->b = b;
    x->v = v;
    x->d = d;
    memset(x->ready, 0, sizeof x->ready);
    for (int c = 0; c < 81; c++) {
        x->conj[c] = (sk_cells){{0, 0}};
        if (!has(b, c, d)) continue;
        for (int k = 0; k < 3; k++) {
            int u = kCellUnits[c][k];
            if (b->free[u][d] != 2) continue;
            for (int i = 0; i < 9; i++) {
                int o = kUnitCells[u][i];
                if (o != c && has(b, o, d) && (k < 2 || !same_line(o, c))) sk_cells_add(&x->conj[c], o);
            }
        }
    }
}

/* Build the link lists of cell c (a cell holding d) once. */
static void x_links_of(x_digit *x, int c) {
    if (x->ready[c]) return;
    x->ready[c] = 1;
    int n = 0, ns = 0;
    for (int k = 0; k < 3; k++) {
        const uint8_t *cells = kUnitCells[kCellUnits[c][k]];
        for (int i = 0; i < 9; i++) {
            int o = cells[i];
            if (o == c || !has(x->b, o, x->d) || (k == 2 && same_line(o, c))) continue;
            x->links[c][n++] = (uint8_t)o;
            if (!sk_cells_empty(sk_cells_and(x->conj[c], sk_cells_one(o)))) x->strong[c][ns++] = (uint8_t)o;
        }
    }
    x->n_links[c] = (uint8_t)n;
    x->n_strong[c] = (uint8_t)ns;
}

/* The cells where X-chains from start (with max_links; exact: only those of max_links links)
 * may end, as a board: a breadth-first walk on boards, level by level, that may go through a
 * cell twice, so a superset of the ends of the chains x_walk meets. */
static sk_cells x_end_board(const x_digit *x, int start, int max_links, int exact) {
    sk_cells seen[4] = {{{0, 0}}, {{0, 0}}, {{0, 0}}, {{0, 0}}};  /* [odd links * 2 + (links >= 3)] */
    sk_cells front = x->conj[start], ends = {{0, 0}};
    seen[2] = front;
    for (int links = 1; !sk_cells_empty(front) && links < max_links;) {
        links++;
        int odd = links % 2 == 1, state = odd * 2 + (links >= 3);
        sk_cells reach = {{0, 0}};
        for (sk_cells f = front; !sk_cells_empty(f);) {
            int cell = sk_cells_take(&f);
            reach = sk_cells_or(reach, odd ? x->conj[cell] : x->v->peer[cell]);
        }
        if (!odd) reach = sk_cells_and(reach, x->v->holds[x->d]);
        front = sk_cells_minus(reach, seen[state]);
        seen[state] = sk_cells_or(seen[state], front);
        if (odd && links >= 3 && (!exact || links == max_links)) ends = sk_cells_or(ends, front);
        front = sk_cells_minus(front, sk_cells_one(start));  /* a chain back at its start ends there */
    }
    return ends;
}

/* The victims of the chain from start to end: the cells holding d that see both. */
static sk_cells x_victims(const x_digit *x, int start, int end) {
    return sk_cells_and(sk_cells_and(x->v->peer[start], x->v->peer[end]), x->v->holds[x->d]);
}

/* The eliminations of d in victims (ascending); returns how many. */
static int x_elims(sk_cells victims, int d, sk_cand *e) {
    int n = 0;
    while (!sk_cells_empty(victims)) e[n++] = (sk_cand){(uint8_t)sk_cells_take(&victims), (uint8_t)d};
    return n;
}

/* The X-chain kept so far (hodoku._x_best). */
typedef struct {
    best_key key;   /* its number of eliminations and weighted sum */
    int links;      /* its number of links                         */
    int d, start, end;
    sk_cells victims;   /* the cells losing d                          */
} x_best;

/* 1 when the chain (start, end, d, links) with these victims beats the kept one, taken in the
 * order found: more eliminations; as many: other ones with a smaller weighted sum, the same
 * ones with fewer links. */
static int x_better(const x_best *k, int d, sk_cells victims, int n, long w, int links) {
    if (!k->key.found || n > k->key.n) return 1;
    if (n < k->key.n) return 0;
    if (d != k->d || victims.w[0] != k->victims.w[0] || victims.w[1] != k->victims.w[1]) return w < k->key.w;
    return links < k->links;
}

/* A depth-first X-chain search from one start (hodoku._x_chain_ends). */
typedef struct {
    x_digit *x;
    int start, max_links, exact;
    uint8_t on[81];  /* 1 for the cells of the chain so far */
    x_best *best;
} x_dfs;

/* Keep the chain from the start to end (of links links) when it beats the kept one. */
static void x_offer(x_dfs *s, int end, int links) {
    if (s->exact && links != s->max_links) return;
    sk_cells victims = x_victims(s->x, s->start, end);
    sk_cand el[81];
    int n = x_elims(victims, s->x->d, el);
    if (!n) return;
    long w = weighted(el, n);
    if (x_better(s->best, s->x->d, victims, n, w, links))
        *s->best = (x_best){{1, n, w}, links, s->x->d, s->start, end, victims};
}

/* Go on from cell with link number links (strong when odd): each of its links in HoDoKu's order,
 * no cell twice; a link back to the start ends the chain there. */
static void x_extend(x_dfs *s, int cell, int links) {
    x_digit *x = s->x;
    int strong = links % 2 == 1;
    x_links_of(x, cell);
    const uint8_t *t = strong ? x->strong[cell] : x->links[cell];
    int nt = strong ? x->n_strong[cell] : x->n_links[cell];
    for (int i = 0; i < nt; i++) {
        int o = t[i];
        if (s->on[o] && o != s->start) continue;
        if (strong && links >= 3) x_offer(s, o, links);
        if (links < s->max_links && o != s->start) {
            s->on[o] = 1;
            x_extend(s, o, links + 1);
            s->on[o] = 0;
        }
    }
}

/* Search the chains of start in HoDoKu's order (each first strong link, then x_extend) and keep
 * those that beat the kept chain. */
static void x_walk(x_digit *x, int start, int max_links, int exact, x_best *best) {
    x_dfs s = {x, start, max_links, exact, {0}, best};
    x_links_of(x, start);
    s.on[start] = 1;
    for (int i = 0; i < x->n_strong[start]; i++) {
        int first = x->strong[start][i];
        s.on[first] = 1;
        x_extend(&s, first, 2);
        s.on[first] = 0;
    }
}

/* The best X-chain of at most max_links links (exact: of exactly max_links), start cell by start
 * cell and digit by digit as hodoku._x_chains.  The possible ends of a start are first found on
 * boards; only when one of them could beat or tie the kept chain is the start searched (x_walk). */
static int best_x_chain(hk_board *b, sk_step *out, hm_ctx *ctx, int kind, const char *name,
                        int max_links, int exact) {
    views v;
    views_init(b, &v);
    x_best best;
    memset(&best, 0, sizeof best);
    x_digit xs[9];
    for (int d = 1; d <= 9; d++) x_digit_init(b, &v, d, &xs[d - 1]);
    for (int start = 0; start < 81; start++) {
        if (hm_check_deadline(ctx)) return 0;
        for (unsigned m = b->masks[start]; m; m &= m - 1) {
            x_digit *x = &xs[sk_lowest(m)];
            best_key top = {0, 0, 0};  /* the best key among the ends, order aside */
            for (sk_cells ends = x_end_board(x, start, max_links, exact); !sk_cells_empty(ends);) {
                sk_cand el[81];
                int n = x_elims(x_victims(x, start, sk_cells_take(&ends)), x->d, el);
                if (n) best_take(&top, el, n);
            }
            if (!top.found) continue;
            if (best.key.found && (top.n < best.key.n || (top.n == best.key.n && top.w > best.key.w)))
                continue;
            x_walk(x, start, max_links, exact, &best);
        }
    }
    if (!best.key.found) return 0;
    digit_step(out, kind, name, best.victims, best.d);
    sk_step_cell(out, best.start);
    sk_step_cell(out, best.end);
    return 1;
}

/* The best X-chain (up to 19 links). */
static int find_x_chain(hk_board *b, sk_step *out, hm_ctx *ctx) {
    return best_x_chain(b, out, ctx, HK_X_CHAIN, "X-Chain", 19, 0);
}

/* The best turbot fish (X-chains of exactly 3 links). */
static int find_turbot(hk_board *b, sk_step *out, hm_ctx *ctx) {
    return best_x_chain(b, out, ctx, HK_TURBOT_FISH, "Turbot Fish", 3, 1);
}

/* ---- XY-chains (hodoku._xy_chains, _xy_from) -------------------------------------------- */

/* A chain of cells walked from peer to peer (the XY-chain and remote pair searches): the board,
 * the best step so far, the path, and the stop flag. */
typedef struct {
    const hk_board *b;
    const views *v;
    hm_ctx *ctx;
    sk_step *out;
    best_key key;
    uint8_t path[16];
    int len;
    int stop; /* 1 once the deadline passed */
} walk;

/* 0 when the walk must stop (stopped before, or the deadline passed now). */
static int walk_on(walk *w) {
    if (!w->stop && hm_check_deadline(w->ctx)) w->stop = 1;
    return !w->stop;
}

/* 1 when cell u is on the walk's path. */
static int walk_has(const walk *w, int u) {
    int in_path = 0;
    for (int k = 0; k < w->len; k++) in_path |= w->path[k] == u;
    return in_path;
}

/* An XY-chain search in progress. */
typedef struct {
    walk w;
    int first;     /* the digit the start cell loses when false: the chain's eliminated digit */
    sk_cells ones; /* the start's peers holding first                                        */
} xy_search;

/* Extend the chain (its last cell holds digit when the start is false). */
static void xy_from(xy_search *s, int digit, int links_left) {
    walk *w = &s->w;
    if (links_left < 2 || !walk_on(w)) return;
    int last = w->path[w->len - 1];
    for (int i = 0; i < 20; i++) {
        int u = kPeers[last][i];
        if (!has(w->b, u, digit) || !bivalue(w->b, u) || walk_has(w, u)) continue;
        int z = other_digit(w->b, u, digit);
        if (z == s->first) {
            sk_cells victims = sk_cells_and(sk_cells_and(s->ones, w->v->peer[u]), w->v->holds[z]);
            if (!sk_cells_empty(victims)) {
                sk_cand e[81];
                int ne = 0;
                for (sk_cells t = victims; !sk_cells_empty(t);) e[ne++] = (sk_cand){(uint8_t)sk_cells_take(&t), (uint8_t)z};
                if (best_take(&w->key, e, ne)) {
                    digit_step(w->out, HK_XY_CHAIN, "XY-Chain", victims, z);
                    sk_step_cell(w->out, w->path[0]);
                    sk_step_cell(w->out, u);
                }
            }
        }
        w->path[w->len++] = (uint8_t)u;
        xy_from(s, z, links_left - 2);
        w->len--;
        if (w->stop) return;
    }
}

/* The best XY-chain (up to 19 links: 10 bivalue cells). */
static int find_xy_chain(hk_board *b, sk_step *out, hm_ctx *ctx) {
    views v;
    views_init(b, &v);
    xy_search s = {{b, &v, ctx, out, {0, 0, 0}, {0}, 0, 0}, 0, {{0, 0}}};
    for (int start = 0; start < 81; start++) {
        if (!bivalue(b, start)) continue;
        for (unsigned m = b->masks[start]; m; m &= m - 1) {
            s.first = sk_low_digit(m);
            s.ones = sk_cells_and(v.peer[start], v.holds[s.first]);
            /* every chain from here removes at most the cells of ones: skip when too few */
            if (sk_cells_count(s.ones) < (s.w.key.found ? s.w.key.n : 1)) continue;
            s.w.path[0] = (uint8_t)start;
            s.w.len = 1;
            xy_from(&s, other_digit(b, start, s.first), 18);
            if (s.w.stop) return 0;
        }
    }
    return s.w.key.found;
}

/* ---- remote pairs (hodoku._remote_pairs, _remote_from, _remote_step) -------------------- */

/* A remote pair search in progress (paths of at most 10 cells). */
typedef struct {
    walk w;
    uint16_t pair;
    int first, second;
} rp_search;

/* The remote pair step of the path, if its ends see a common cell holding first. */
static void rp_step(rp_search *s) {
    walk *w = &s->w;
    const views *v = w->v;
    int n = w->len;
    sk_cells f = v->holds[s->first], g = v->holds[s->second];
    if (sk_cells_empty(sk_cells_and(sk_cells_and(v->peer[w->path[0]], v->peer[w->path[n - 1]]), f))) return;
    sk_cells ones = {{0, 0}}, twos = {{0, 0}};
    for (int i = 0; i < n; i++)
        for (int j = i + 3; j < n; j += 2) {
            sk_cells common = sk_cells_and(v->peer[w->path[i]], v->peer[w->path[j]]);
            ones = sk_cells_or(ones, sk_cells_and(common, f));
            twos = sk_cells_or(twos, sk_cells_and(common, g));
        }
    sk_cand e[162];
    int ne = 0;
    while (!sk_cells_empty(ones)) e[ne++] = (sk_cand){(uint8_t)sk_cells_take(&ones), (uint8_t)s->first};
    while (!sk_cells_empty(twos)) e[ne++] = (sk_cand){(uint8_t)sk_cells_take(&twos), (uint8_t)s->second};
    if (!ne || !best_take(&w->key, e, ne)) return;
    sk_step_start(w->out, HK_REMOTE_PAIR, "Remote Pair");
    for (int k = 0; k < ne; k++) sk_step_elim(w->out, e[k].cell, e[k].digit);
    for (int k = 0; k < n; k++) sk_step_cell(w->out, w->path[k]);
}

/* Extend the remote pair chain cell by cell (at most 10 cells). */
static void rp_from(rp_search *s) {
    walk *w = &s->w;
    if (!walk_on(w)) return;
    int last = w->path[w->len - 1];
    for (int i = 0; i < 20; i++) {
        int u = kPeers[last][i];
        if (w->b->masks[u] != s->pair || walk_has(w, u)) continue;
        w->path[w->len++] = (uint8_t)u;
        if (w->len >= 4 && w->len % 2 == 0) rp_step(s);
        if (w->len < 10) rp_from(s);
        w->len--;
        if (w->stop) return;
    }
}

/* The best remote pair. */
static int find_remote_pair(hk_board *b, sk_step *out, hm_ctx *ctx) {
    views v;
    views_init(b, &v);
    rp_search s = {{b, &v, ctx, out, {0, 0, 0}, {0}, 0, 0}, 0, 0, 0};
    for (int start = 0; start < 81; start++) {
        if (!bivalue(b, start)) continue;
        s.pair = b->masks[start];
        for (unsigned m = s.pair; m; m &= m - 1) {
            s.first = sk_low_digit(m);
            s.second = other_digit(b, start, s.first);
            s.w.path[0] = (uint8_t)start;
            s.w.len = 1;
            rp_from(&s);
            if (s.w.stop) return 0;
        }
    }
    return s.w.key.found;
}

/* ---- BUG+1 (sudokit.techniques.uniqueness.find_bugs, type 1 only) ------------------------ */

/* The BUG type 1 step: the one cell with three or more candidates keeps its BUG digits. */
static int find_bug1(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    static const uint8_t kinds[3] = {BOX, ROW, COL};
    int cell = -1;
    uint16_t bug_digits = 0, temp[81];
    for (int c = 0; c < 81; c++) temp[c] = b->masks[c];
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 9; i++) {
            const uint8_t *cells = kUnitCells[kinds[k] * 9 + i];
            for (int d = 1; d <= 9; d++) {
                int n = 0, n_wide = 0, wide = -1;
                for (int j = 0; j < 9; j++) {
                    if (!has(b, cells[j], d)) continue;
                    n++;
                    if (sk_popcount(b->masks[cells[j]]) >= 3) { n_wide++; wide = cells[j]; }
                }
                if (n == 0 || n == 2) continue;
                if (!n_wide) return 0;
                if (n_wide > 1) continue;
                if (cell >= 0 && cell != wide) return 0;  /* two BUG cells: no type 1 */
                cell = wide;
                bug_digits |= (uint16_t)(1u << (d - 1));
                temp[wide] &= (uint16_t)~(1u << (d - 1));
            }
        }
    if (cell < 0) return 0;
    for (int c = 0; c < 81; c++)
        if (!b->values[c] && sk_popcount(temp[c]) != 2) return 0;
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++) {
            int n = 0;
            for (int j = 0; j < 9; j++) n += temp[kUnitCells[u][j]] >> (d - 1) & 1;
            if (n != 0 && n != 2) return 0;
        }
    unsigned rest = b->masks[cell] & ~bug_digits;
    if (!rest) return 0;
    sk_step_start(out, HK_BUG_PLUS_1, "BUG type 1");
    sk_step_elims(out, cell, rest);
    sk_step_cell(out, cell);
    return 1;
}

/* ---- wings (sudokit.techniques.wings) --------------------------------------------------- */

/* The walk's visit: HoDoKu's step of the first wing met (its victims lose z, ascending; cells
 * pivot, a, b); out->kind says which wing. */
static int wing_step(void *ctx, const sk_wing *w) {
    sk_step *out = ctx;
    int kind = out->kind;
    digit_step(out, kind, kind == HK_XYZ_WING ? "XYZ-Wing" : "XY-Wing", w->victims, w->digit);
    sk_step_cell(out, w->pivot);
    sk_step_cell(out, w->a);
    sk_step_cell(out, w->b);
    return 1;
}

/* The first XY-Wing or XYZ-Wing (out->kind; wings.find_xy_wings, find_xyz_wings): the walk
 * both raters share (common/wings9.h: pivots in cell order, pincer pairs in peer order). */
static int find_wing(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return sk_wings(b->masks, out->kind == HK_XYZ_WING, wing_step, out);
}

/* 1 when two different cells share a unit. */
static inline int see(int a, int c) { return a != c && sees(a, c); }

/* The first W-Wing (wings.find_w_wings): bivalue cell pairs in order, their digits, strong
 * links on x in unit order. */
static int find_w_wing(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    views v;
    views_init(b, &v);
    uint8_t pairs[81];
    int np = 0;
    for (int c = 0; c < 81; c++)
        if (bivalue(b, c)) pairs[np++] = (uint8_t)c;
    for (int i = 0; i < np; i++)
        for (int j = i + 1; j < np; j++) {
            int c1 = pairs[i], c2 = pairs[j];
            if (b->masks[c1] != b->masks[c2] || see(c1, c2)) continue;
            for (unsigned m = b->masks[c1]; m; m &= m - 1) {
                int x = sk_low_digit(m), y = other_digit(b, c1, x);
                sk_cells victims = sk_cells_and(sk_cells_and(v.peer[c1], v.peer[c2]), v.holds[y]);
                if (sk_cells_empty(victims)) continue;
                for (int u = 0; u < 27; u++) {
                    int pl[9], n = 0;
                    for (int k = 0; k < 9; k++)
                        if (has(b, kUnitCells[u][k], x)) pl[n++] = kUnitCells[u][k];
                    if (n != 2) continue;
                    int a = pl[0], c = pl[1];
                    if (a == c1 || c == c1 || a == c2 || c == c2) continue;
                    if (!(see(c1, a) && see(c2, c))) { a = pl[1]; c = pl[0]; }
                    if (!(see(c1, a) && see(c2, c))) continue;
                    digit_step(out, HK_W_WING, "W-Wing", victims, y);
                    sk_step_cell(out, c1);
                    sk_step_cell(out, c2);
                    sk_step_cell(out, a);
                    sk_step_cell(out, c);
                    return 1;
                }
            }
        }
    return 0;
}

/* ---- colouring (sudokit.techniques.singledigit._colour and its users) ------------------- */

/* The colour clusters of one digit: two colours each, in the order _colour finds them. */
typedef struct {
    int n;
    sk_cells colour[41][2];   /* [cluster][0 green, 1 blue]: at most 81 / 2 clusters */
} clusters;

/* Colour the strong links of d (_colour): clusters from their smallest cell, walked with a
 * stack, neighbours in increasing order. */
static void colour(const hk_board *b, int d, clusters *out) {
    sk_cells link[81];
    sk_cells linked = {{0, 0}};
    memset(link, 0, sizeof link);
    for (int u = 0; u < 27; u++) {
        int pl[9], n = 0;
        for (int k = 0; k < 9; k++)
            if (has(b, kUnitCells[u][k], d)) pl[n++] = kUnitCells[u][k];
        if (n != 2) continue;
        sk_cells_add(&link[pl[0]], pl[1]);
        sk_cells_add(&link[pl[1]], pl[0]);
        sk_cells_add(&linked, pl[0]);
        sk_cells_add(&linked, pl[1]);
    }
    int8_t col[81];
    memset(col, -1, sizeof col);
    out->n = 0;
    for (sk_cells starts = linked; !sk_cells_empty(starts);) {
        int start = sk_cells_take(&starts);
        if (col[start] >= 0) continue;
        sk_cells side[2] = {{{0, 0}}, {{0, 0}}};
        uint8_t todo[81];
        int nt = 0;
        col[start] = 0;
        sk_cells_add(&side[0], start);
        todo[nt++] = (uint8_t)start;
        while (nt) {
            int cell = todo[--nt];
            for (sk_cells t = link[cell]; !sk_cells_empty(t);) {
                int other = sk_cells_take(&t);
                if (col[other] >= 0) continue;
                col[other] = (int8_t)(1 - col[cell]);
                sk_cells_add(&side[col[other]], other);
                todo[nt++] = (uint8_t)other;
            }
        }
        out->colour[out->n][0] = side[0];
        out->colour[out->n][1] = side[1];
        out->n++;
    }
}

/* 1 when two cells of s see each other. */
static int sees_itself(const views *v, sk_cells s) {
    for (sk_cells t = s; !sk_cells_empty(t);)
        if (!sk_cells_empty(sk_cells_and(v->peer[sk_cells_take(&t)], s))) return 1;
    return 0;
}

/* Multi-colouring type 2 of two clusters: the colours of the first seeing both colours of the
 * second (empty when none). */
static sk_cells multi_type2(const views *v, const sk_cells first[2], const sk_cells second[2]) {
    sk_cells out = {{0, 0}};
    for (int i = 0; i < 2; i++) {
        sk_cells near = seeing_any(v, first[i]);
        if (!sk_cells_empty(sk_cells_and(near, second[0])) && !sk_cells_empty(sk_cells_and(near, second[1])))
            out = sk_cells_or(out, first[i]);
    }
    return out;
}

/* Multi-colouring type 1 of two clusters: cells holding d that see both partner colours of two
 * colours seeing each other. */
static sk_cells multi_type1(const views *v, int d, const sk_cells first[2], const sk_cells second[2]) {
    sk_cells out = {{0, 0}};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            if (sk_cells_empty(sk_cells_and(seeing_any(v, first[i]), second[j]))) continue;
            sk_cells both = sk_cells_and(seeing_any(v, first[1 - i]), seeing_any(v, second[1 - j]));
            out = sk_cells_or(out, sk_cells_and(both, v->holds[d]));
        }
    return out;
}

/* Simple colouring of one cluster (find_simple_colouring): a colour seeing itself is false (a
 * wrap), else the cells holding d that see both colours lose it (a trap); empty when none. */
static sk_cells simple_victims(const views *v, int d, const sk_cells colours[2]) {
    sk_cells all = sk_cells_or(colours[0], colours[1]);
    if (sees_itself(v, colours[0])) return colours[0];
    if (sees_itself(v, colours[1])) return colours[1];
    return sk_cells_minus(sk_cells_and(sk_cells_and(seeing_any(v, colours[0]), seeing_any(v, colours[1])),
                                       v->holds[d]), all);
}

/* The first colouring step, digit by digit: simple colouring (find_simple_colouring) on each
 * cluster of four cells or more, or multi-colouring (find_multi_colouring) on each ordered pair
 * of clusters, type 2 before type 1. */
static int colouring(hk_board *b, sk_step *out, int multi) {
    views v;
    views_init(b, &v);
    clusters cl;
    for (int d = 1; d <= 9; d++) {
        colour(b, d, &cl);
        for (int i = 0; i < cl.n; i++)
            for (int j = multi ? 0 : i; j < (multi ? cl.n : i + 1); j++) {
                sk_cells all = sk_cells_or(cl.colour[i][0], cl.colour[i][1]), victims;
                if (!multi) {
                    if (sk_cells_count(all) < 4) continue;
                    victims = simple_victims(&v, d, cl.colour[i]);
                } else {
                    if (i == j) continue;
                    victims = multi_type2(&v, cl.colour[i], cl.colour[j]);
                    if (sk_cells_empty(victims)) victims = multi_type1(&v, d, cl.colour[i], cl.colour[j]);
                    all = sk_cells_or(all, sk_cells_or(cl.colour[j][0], cl.colour[j][1]));
                }
                if (sk_cells_empty(victims)) continue;
                if (multi) digit_step(out, HK_MULTI_COLORS, "Multi-Colouring", victims, d);
                else digit_step(out, HK_SIMPLE_COLORS, "Simple Colouring", victims, d);
                for (sk_cells t = all; !sk_cells_empty(t);) sk_step_cell(out, sk_cells_take(&t));
                return 1;
            }
    }
    return 0;
}

static int find_simple_colors(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return colouring(b, out, 0);
}

static int find_multi_colors(hk_board *b, sk_step *out, hm_ctx *ctx) {
    (void)ctx;
    return colouring(b, out, 1);
}

/* ---- the family's table ----------------------------------------------------------------- */

hk_finder hk_patterns_finder(int kind) {
    switch (kind) {
    case HK_REMOTE_PAIR: return find_remote_pair;
    case HK_BUG_PLUS_1: return find_bug1;
    case HK_SKYSCRAPER: return find_skyscraper;
    case HK_TWO_STRING_KITE: return find_kite;
    case HK_TURBOT_FISH: return find_turbot;
    case HK_EMPTY_RECTANGLE: return find_empty_rectangle;
    case HK_W_WING: return find_w_wing;
    case HK_XY_WING: case HK_XYZ_WING: return find_wing;
    case HK_SIMPLE_COLORS: return find_simple_colors;
    case HK_MULTI_COLORS: return find_multi_colors;
    case HK_X_CHAIN: return find_x_chain;
    case HK_XY_CHAIN: return find_xy_chain;
    default: return NULL;
    }
}
