/* human9_chains.c - Sudoku Explainer's unary chains on a 9x9 grid, and the machinery every
 * chain file shares (see human9_chains.h for the split and human9.h for the contract).
 *
 * The C twin of sudokit.techniques.chains: bidirectional cycles, forcing X-chains and forcing
 * chains, and the chain machinery (houses in SE's order, static links, hints and SE's length
 * penalty).  The Python module is the reference: the searches below visit potentials in the
 * same order and measure complexity the same way, because SE's difficulty of a chain is its
 * base plus a length penalty of its complexity, and the step applied is the first of the
 * easiest hints in order of discovery.  Nested chains (human9_nested.c) run the same searches
 * on reduced grids in "collect" mode, keeping every hint.
 *
 * Re-entrant: every table is either `static const` or built on the caller's stack/heap inside
 * the call.  Long searches poll hm_check_deadline and give up (return 0) once it says so.
 */
#include "se/human9_chains.h"
#include "se/human9_techniques.h"

#include <stdlib.h>
#include <string.h>

/* ---- geometry: houses in SE's order ------------------------------------------------------- */

/* Fill the geometry tables (a few microseconds; kept per call so nothing is mutable at
 * file level). */
void hc_geometry_init(geometry *g) {
    for (int cell = 0; cell < 81; cell++) {
        int r = row_of(cell), c = col_of(cell);
        g->house[cell][0] = kCellUnits[cell][BOX];
        g->house[cell][1] = kCellUnits[cell][ROW];
        g->house[cell][2] = kCellUnits[cell][COL];
        g->hpos[cell][0] = (uint8_t)box_pos(cell);
        g->hpos[cell][1] = (uint8_t)c;
        g->hpos[cell][2] = (uint8_t)r;
        g->box_in_row[cell] = (uint16_t)(7u << (c / 3 * 3));
        g->box_in_col[cell] = (uint16_t)(7u << (r / 3 * 3));
        int n = 0;
        for (int i = 0; i < 9; i++) {
            int q = unit_cell(g->house[cell][0], i);
            if (q != cell) g->peers[cell][n++] = (uint8_t)q;
        }
        for (int i = 0; i < 9; i++)
            if (i / 3 != c / 3) g->peers[cell][n++] = (uint8_t)(r * 9 + i);
        for (int i = 0; i < 9; i++)
            if (i / 3 != r / 3) g->peers[cell][n++] = (uint8_t)(i * 9 + c);
    }
}

/* Places of every digit in every unit: hd[u * 9 + d0] has bit i when units[u][i] holds d0.
 * (Python's _house_masks.) */
void hc_house_masks(const uint16_t cands[81], const geometry *g, uint16_t hd[27 * 9]) {
    memset(hd, 0, 27 * 9 * sizeof *hd);
    for (int cell = 0; cell < 81; cell++)
        for (unsigned d = cands[cell]; d; d &= d - 1)
            for (int h = 0; h < 3; h++)
                hd[g->house[cell][h] * 9 + sk_lowest(d)] |= (uint16_t)(1u << g->hpos[cell][h]);
}

/* ---- hints ------------------------------------------------------------------------------- */

/* Write a hint as the finder's step. */
void hc_hint_to_step(const hint *h, sk_step *out) {
    /* chain steps carry no "hodoku" in step.extra */
    sk_step_se(out, h->name, (int)(h->difficulty * 10 + 0.5), -1);
    if (h->place_cell >= 0) sk_step_place(out, h->place_cell, h->place_d0 + 1);
    sk_step_elim_masks(out, h->elim);
}

/* ---- static implications (chains.py Links) ------------------------------------------------ */

/* Build the implications of a position (chains.py Links.__init__). */
void hc_links_init(links *L, const uint16_t cands[81], const uint16_t hd[27 * 9],
                       const geometry *g) {
    int n = 0;
    memset(L->start, 0, sizeof L->start);
    memset(L->mid, 0, sizeof L->mid);
    memset(L->end, 0, sizeof L->end);
    for (int cell = 0; cell < 81; cell++) {
        unsigned m = cands[cell];
        for (unsigned d = m; d; d &= d - 1) {
            int d0 = sk_lowest(d);
            int on = pot_key(cell, d0, 1), off = on ^ 1;
            /* on -> off */
            L->start[on] = (uint16_t)n;
            for (unsigned e = m & ~(1u << d0); e; e &= e - 1) L->pool[n++] = (uint16_t)pot_key(cell, sk_lowest(e), 0);
            L->mid[on] = (uint16_t)n;
            for (int i = 0; i < 20; i++) {
                int q = g->peers[cell][i];
                if (cands[q] >> d0 & 1) L->pool[n++] = (uint16_t)pot_key(q, d0, 0);
            }
            L->end[on] = (uint16_t)n;
            /* off -> on */
            L->start[off] = (uint16_t)n;
            if (sk_popcount(m) == 2) L->pool[n++] = (uint16_t)pot_key(cell, sk_lowest(m & ~(1u << d0)), 1);
            L->mid[off] = (uint16_t)n;
            for (int h = 0; h < 3; h++) {
                int u = g->house[cell][h];
                unsigned pm = hd[u * 9 + d0];
                if (sk_popcount(pm) != 2) continue;
                int k = pot_key(unit_cell(u, sk_lowest(pm & ~(1u << g->hpos[cell][h]))), d0, 1);
                int dup = 0;
                for (int j = L->mid[off]; j < n; j++) dup |= L->pool[j] == k;
                if (!dup) L->pool[n++] = (uint16_t)k;
            }
            L->end[off] = (uint16_t)n;
        }
    }
}

/* ---- cycles and forcing X/Y-chains (chains.py) -------------------------------------------- */

/* Append a hint to the collection (path as built by the search). */
void hc_inner_add(inner_list *I, double diff, int complexity, int sort_key, int cycle,
                      const int *path, int n, const uint16_t elim[81]) {
    if (I->failed) return;
    if (I->n == I->cap) {
        int cap = I->cap ? 2 * I->cap : 256;
        inner_hint *grown = realloc(I->h, (size_t)cap * sizeof *grown);
        if (!grown) { I->failed = 1; return; }
        I->h = grown;
        I->cap = cap;
    }
    if (I->paths_n + n > I->paths_cap) {
        int cap = I->paths_cap ? 2 * I->paths_cap : 4096;
        while (cap < I->paths_n + n) cap *= 2;
        uint16_t *grown = realloc(I->paths, (size_t)cap * sizeof *grown);
        if (!grown) { I->failed = 1; return; }
        I->paths = grown;
        I->paths_cap = cap;
    }
    inner_hint *h = &I->h[I->n];
    h->difficulty = diff;
    h->complexity = complexity;
    h->sort_key = sort_key;
    h->index = I->n;
    h->cycle = cycle;
    h->path_at = I->paths_n;
    h->path_n = n;
    h->id = 0;
    for (int i = 0; i < n; i++) I->paths[I->paths_n++] = (uint16_t)path[i];
    uint64_t x = 1469598103934665603ull;
    for (int q = 0; q < 81; q++) x = (x ^ elim[q]) * 1099511628211ull;
    h->elim_hash = x;
    memcpy(h->elim, elim, sizeof h->elim);
    I->n++;
}

/* Number of distinct potentials on a path. */
static int distinct(unary *U, const int *path, int n) {
    int count = 0;
    for (int i = 0; i < n; i++)
        if (!ps_has(&U->seen, path[i])) { ps_add(&U->seen, path[i]); count++; }
    for (int i = 0; i < n; i++) ps_del(&U->seen, path[i]);
    return count;
}

/* A cycle closed by (off, p) back to its source: keep it when it beats the best and some
 * candidate sees both of its colours (chains.py _cycle_hint). */
static void cycle_found(unary *U, int source, int off, int p, int y, int x) {
    int *path = U->path, n = 0;
    /* built from the closing end back to the source, then reversed */
    path[n++] = source;
    path[n++] = off;
    for (int q = p; q != source; q = U->came_prev[q]) {
        path[n++] = q;
        path[n++] = U->came_off[q];
    }
    path[n++] = source;
    for (int i = 0, j = n - 1; i < j; i++, j--) { int t = path[i]; path[i] = path[j]; path[j] = t; }
    int both = x && y;
    int complexity = distinct(U, path, n);
    double diff = (both ? 7.0 : HM_TENTHS_FORCING_CHAIN / 10.0) + length_penalty(complexity);
    int sort_key = both ? 4 : (y ? 3 : 2);
    if (!U->collect && !beats(&U->best, diff, complexity, sort_key)) return;
    /* chain = path[1:]; cells of the chain; candidates seen by on ("forw") and off ("back") */
    uint64_t cells[2] = {0, 0};
    for (int i = 1; i < n; i++) { int c = key_cell(path[i]); cells[c >> 6] |= 1ull << (c & 63); }
    uint16_t forw[81] = {0}, back[81] = {0};
    for (int i = 1; i < n; i++) {
        int k = path[i], cell = key_cell(k), d0 = key_d0(k);
        uint16_t b = (uint16_t)(1u << d0), *dest = key_is_on(k) ? forw : back;
        for (int j = 0; j < 20; j++) {
            int q = U->g->peers[cell][j];
            if (!(cells[q >> 6] >> (q & 63) & 1) && (U->cands[q] & b)) dest[q] |= b;
        }
    }
    int any = 0;
    for (int q = 0; q < 81; q++) any |= forw[q] & back[q];
    if (!any) return;
    if (U->collect) {
        for (int q = 0; q < 81; q++) forw[q] &= back[q];
        hc_inner_add(U->collect, diff, complexity, sort_key, 1, path, n, forw);
        return;
    }
    hint *h = &U->best;
    h->name = both ? "Bidirectional Cycle" : (y ? "Bidirectional Y-Cycle" : "Bidirectional X-Cycle");
    h->difficulty = diff;
    h->complexity = complexity;
    h->sort_key = sort_key;
    h->place_cell = -1;
    for (int q = 0; q < 81; q++) h->elim[q] = forw[q] & back[q];
}

/* SE's breadth-first cycle search from an on potential (chains.py _cycles); each cycle found
 * is offered to cycle_found at once (the paths it reads never change afterwards). */
static void search_cycles(unary *U, int source, int y, int x) {
    const links *L = U->L;
    memset(&U->came, 0, sizeof U->came);
    ps_add(&U->came, source);
    U->came_prev[source] = -1;
    uint16_t *cur = U->q1, *next = U->q2;
    int ncur = 1, length = 0;
    cur[0] = (uint16_t)source;
    int sort_key = x && y ? 4 : (y ? 3 : 2);
    double base = x && y ? 7.0 : HM_TENTHS_FORCING_CHAIN / 10.0;
    while (ncur) {
        length += 2;
        if (length > max_complexity(&U->best, base, sort_key)) break;
        int nnext = 0;
        for (int i = 0; i < ncur; i++) {
            int p = cur[i];
            /* mark the off potentials already on p's path (SE's isParent) */
            for (int q = p; q != source; q = U->came_prev[q]) ps_add(&U->mark, U->came_off[q]);
            int from = y ? L->start[p] : L->mid[p];
            for (int j = from; j < L->end[p]; j++) {
                int off = L->pool[j];
                if (ps_has(&U->mark, off)) continue;
                int a = y ? L->start[off] : L->mid[off], b = x ? L->end[off] : L->mid[off];
                for (int t = a; t < b; t++) {
                    int on = L->pool[t];
                    if (length >= 4 && on == source) cycle_found(U, source, off, p, y, x);
                    if (!ps_has(&U->came, on)) {
                        ps_add(&U->came, on);
                        U->came_off[on] = (int16_t)off;
                        U->came_prev[on] = (int16_t)p;
                        next[nnext++] = (uint16_t)on;
                    }
                }
            }
            for (int q = p; q != source; q = U->came_prev[q]) ps_del(&U->mark, U->came_off[q]);
        }
        uint16_t *t = cur; cur = next; next = t;
        ncur = nnext;
    }
}

/* A forcing chain from source to its negation with this complexity: keep it when it beats
 * the best and removes something (chains.py _forcing_hint). */
static void chain_found(unary *U, int source, int complexity, int y) {
    int target = source ^ 1;
    double diff = (y ? 7.0 : 6.6) + length_penalty(complexity);
    int sort_key = y ? 4 : 2;
    if (!beats(&U->best, diff, complexity, sort_key)) return;
    int cell = key_cell(target), d0 = key_d0(target);
    hint *h = &U->best;
    if (key_is_on(target)) {
        uint16_t m = (uint16_t)(U->cands[cell] & ~(1u << d0));
        if (!m) return;  /* SE's isWorth: a hint must remove something */
        memset(h->elim, 0, sizeof h->elim);
        h->elim[cell] = m;
        h->place_cell = cell;
        h->place_d0 = d0;
    } else {
        memset(h->elim, 0, sizeof h->elim);
        h->elim[cell] = (uint16_t)(1u << d0);
        h->place_cell = -1;
    }
    h->name = y ? "Forcing Chain" : "Forcing X-Chain";
    h->difficulty = diff;
    h->complexity = complexity;
    h->sort_key = sort_key;
}

/* Collect mode: the chain from source to its negation, reached from p, with what it removes
 * (chains.py _forcing's path and _forcing_hint). */
static void chain_collect(unary *U, int source, int p, int y) {
    int *path = U->path, n = 0, target = source ^ 1;
    path[n++] = target;
    for (int q = p; q >= 0; q = U->came_prev[q]) path[n++] = q;
    for (int i = 0, j = n - 1; i < j; i++, j--) { int t = path[i]; path[i] = path[j]; path[j] = t; }
    int cell = key_cell(target), d0 = key_d0(target);
    uint16_t elim[81] = {0};
    elim[cell] = key_is_on(target) ? (uint16_t)(U->cands[cell] & ~(1u << d0)) : (uint16_t)(1u << d0);
    if (!elim[cell]) return;  /* SE's isWorth */
    int complexity = distinct(U, path, n);
    hc_inner_add(U->collect, (y ? 7.0 : 6.6) + length_penalty(complexity), complexity, y ? 4 : 2, 0,
              path, n, elim);
}

/* SE's forcing X/Y-chain search from a potential to its own negation (chains.py _forcing).
 *
 * Breadth-first, each potential reached once: the chain reported has one potential per
 * breadth, so its complexity is the breadth at which the negation is first reached, plus one,
 * whatever the path - and only that breadth matters, the conclusion being the source's.  The
 * search stops there (Python goes on, but keeps only the first chain).
 */
static void search_forcing(unary *U, int source, int y) {
    const links *L = U->L;
    int target = source ^ 1;
    memset(&U->came, 0, sizeof U->came);
    ps_add(&U->came, source);
    U->came_prev[source] = -1;
    uint16_t *on_q = U->q1, *off_q = U->q2, *next = U->q3;
    int n_on = 0, n_off = 0, depth = 0;
    if (key_is_on(source)) on_q[n_on++] = (uint16_t)source;
    else off_q[n_off++] = (uint16_t)source;
    int both = y, sort_key = both ? 4 : 2;
    double base = both ? 7.0 : 6.6;
    while (n_on || n_off) {
        for (int phase = 0; phase < 2; phase++) {
            uint16_t *src = phase == 0 ? on_q : off_q;
            int nsrc = phase == 0 ? n_on : n_off;
            if (!nsrc) continue;
            if (depth + 2 > max_complexity(&U->best, base, sort_key)) return;
            int nn = 0;
            for (int i = 0; i < nsrc; i++) {
                int p = src[i];
                int from = y ? L->start[p] : L->mid[p];
                for (int j = from; j < L->end[p]; j++) {
                    int k = L->pool[j];
                    if (k == target) {
                        if (U->collect) chain_collect(U, source, p, y);
                        else chain_found(U, source, depth + 2, y);
                        return;
                    }
                    if (!ps_has(&U->came, k)) {
                        ps_add(&U->came, k);
                        U->came_prev[k] = (int16_t)p;
                        next[nn++] = (uint16_t)k;
                    }
                }
            }
            if (phase == 0) {
                n_on = 0;
                uint16_t *t = off_q; off_q = next; next = t;
                n_off = nn;
            } else {
                n_off = 0;
                uint16_t *t = on_q; on_q = next; next = t;
                n_on = nn;
            }
            depth++;
        }
    }
}

/* One pass of chains.py _unary_hints: cycles (and, with X-links, forcing chains) from every
 * candidate, cell by cell.  Returns 0 when the deadline passed. */
int hc_unary_pass(unary *U, const hm_pos *pos, int y, int x, hm_ctx *ctx) {
    for (int cell = 0; cell < 81; cell++) {
        if (hm_check_deadline(ctx)) return 0;
        unsigned m = pos->cands[cell];
        if (pos->values[cell] || sk_popcount(m) <= 1) continue;
        if (!x && sk_popcount(m) > 2) continue;  /* Y-cycles start only from bivalue cells */
        for (unsigned d = m; d; d &= d - 1) {
            int on = pot_key(cell, sk_lowest(d), 1);
            search_cycles(U, on, y, x);
            if (x) {
                search_forcing(U, on, y);
                search_forcing(U, on ^ 1, y);
            }
        }
    }
    return 1;
}

/* Bidirectional cycles, forcing X-chains and forcing chains: the first step of chains.py
 * find_cycles_and_forcing_chains (the easiest hint, the first found among equals). */
int hm_forcing_chain(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    geometry g;
    uint16_t hd[27 * 9];
    hc_geometry_init(&g);
    hc_house_masks(pos->cands, &g, hd);
    links *L = malloc(sizeof *L);
    unary *U = malloc(sizeof *U);
    int found = 0;
    if (!L || !U) goto done;
    hc_links_init(L, pos->cands, hd, &g);
    memset(&U->mark, 0, sizeof U->mark);
    memset(&U->seen, 0, sizeof U->seen);
    U->cands = pos->cands;
    U->g = &g;
    U->L = L;
    U->best.name = NULL;
    U->collect = NULL;
    /* X-loops, then Y-loops, then XY-loops (SE's order) */
    if (!hc_unary_pass(U, pos, 0, 1, ctx) || !hc_unary_pass(U, pos, 1, 0, ctx) || !hc_unary_pass(U, pos, 1, 1, ctx))
        goto done;
    if (U->best.name) {
        hc_hint_to_step(&U->best, out);
        found = 1;
    }
done:
    free(L);
    free(U);
    return found;
}
