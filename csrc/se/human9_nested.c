/* human9_nested.c - Sudoku Explainer's nested forcing chains on a 9x9 grid, levels 2 and 3:
 * the C twins of sudokit.techniques.nested (see human9_chains.h for how the chain files share
 * the work).
 *
 * A nested level is the dynamic (+) propagation of human9_forcing.c with more rules: when
 * plus_rules finds nothing, nested_rules collects every inner hint of the reduced grid (the
 * unary searches of human9_chains.c, and for level 3 a whole static multiple chain search,
 * both in "collect" mode) and turns those resting on some removal into more eliminations; a
 * hint's complexity then adds the complexities of the distinct inner chains it rests on.
 * Levels 4 and 5 are not here (Python does them).
 *
 * Re-entrant: every table is either `static const` or built on the caller's stack/heap inside
 * the call.  Long searches poll hm_check_deadline and give up (return 0) once it says so.
 */
#include "se/human9_chains.h"
#include "se/human9_techniques.h"

#include <stdlib.h>
#include <string.h>

/* qsort order of inner hints: SE's (difficulty, complexity, sort key), then discovery. */
static int inner_cmp(const void *a, const void *b) {
    const inner_hint *x = a, *y = b;
    if (x->difficulty != y->difficulty) return x->difficulty < y->difficulty ? -1 : 1;
    if (x->complexity != y->complexity) return x->complexity < y->complexity ? -1 : 1;
    if (x->sort_key != y->sort_key) return x->sort_key < y->sort_key ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* Why an on potential k of an inner chain went on from p (nested.py _on_cause with one
 * parent): its cell's last digit, else the unit (box, row, column) where only the two cells
 * hold the digit, else the first unit they share.  Returns the unit, or -1 - cell. */
static int on_cause(const geometry *g, const uint16_t work[81], int k, int p, int *d0) {
    int cell = key_cell(k), pcell = key_cell(p), first = -1;
    *d0 = key_d0(k);
    if (pcell == cell) return -1 - cell;
    for (int h = 0; h < 3; h++) {
        int u = g->house[pcell][h];
        if (g->house[cell][h] != u) continue;
        if (first < 0) first = u;
        int others = 0;
        for (int i = 0; i < 9; i++) {
            int q = unit_cell(u, i);
            others += q != cell && q != pcell && (work[q] >> *d0 & 1);
        }
        if (!others) return u;
    }
    return first;
}

/* Why an off potential k of a cycle went off from the on p (nested.py _off_cause). */
static int off_cause(const geometry *g, int k, int p, int *d0) {
    int cell = key_cell(k), pcell = key_cell(p);
    *d0 = key_d0(k);
    if (pcell == cell) return -1 - cell;
    for (int h = 0; h < 3; h++)
        if (g->house[cell][h] == g->house[pcell][h]) return g->house[pcell][h];
    return -1 - cell;  /* not reached: consecutive potentials of a chain always meet */
}

/* Add the removals behind one cause to the rule parents (nested.py _rule_parents). */
static int rule_parents_of(const uint16_t *save, const uint16_t work[81], int where, int d0,
                           potset *seen, uint16_t *ps, int n) {
    if (where < 0) {
        int cell = -1 - where;
        for (unsigned gone = save[cell] & ~work[cell]; gone; gone &= gone - 1) {
            int k = pot_key(cell, sk_lowest(gone), 0);
            if (!ps_has(seen, k)) { ps_add(seen, k); ps[n++] = (uint16_t)k; }
        }
        return n;
    }
    for (int i = 0; i < 9; i++) {
        int q = unit_cell(where, i);
        if ((save[q] >> d0 & 1) && !(work[q] >> d0 & 1)) {
            int k = pot_key(q, d0, 0);
            if (!ps_has(seen, k)) { ps_add(seen, k); ps[n++] = (uint16_t)k; }
        }
    }
    return n;
}

/* A path's identity (SE's FullChain: equal paths are one inner chain).  A 64-bit hash stands
 * for the path: only a few hundred inner chains ever meet in one hint's sum, so a collision
 * (two chains counted once) is out of reach in practice. */
static uint64_t path_id(const uint16_t *path, int n) {
    uint64_t x = 0x9e3779b97f4a7c15ull ^ (uint64_t)n;
    for (int i = 0; i < n; i++) {
        x ^= path[i];
        x *= 0xff51afd7ed558ccdull;
        x ^= x >> 29;
    }
    return x;
}

/* Turn the collected inner hints into eliminations: SE's order, equal eliminations once,
 * then those resting on some removal of the outer chain, with their rule parents (nested.py
 * _inner_hints and inner_eliminations).  Returns 0 when out of memory. */
static int nest_from_inner(chains *C, const uint16_t work[81], nest_list *N) {
    const uint16_t *save = C->pos->cands;
    inner_list *I = &C->inner;
    N->n = N->ps_len = 0;
    memset(&N->dup, 0, sizeof N->dup);
    if (I->n > 1) qsort(I->h, (size_t)I->n, sizeof *I->h, inner_cmp); /* I->h is NULL while empty */
    uint16_t ps[NPOT / 2];
    potset seen;
    for (int i = 0; i < I->n; i++) {
        const inner_hint *h = &I->h[i];
        int dup = 0;
        for (int j = 0; j < i && !dup; j++)
            dup = I->h[j].elim_hash == h->elim_hash && !memcmp(I->h[j].elim, h->elim, sizeof h->elim);
        if (dup) continue;
        const uint16_t *path = I->paths + h->path_at;
        int np = 0, d0;
        memset(&seen, 0, sizeof seen);
        if (h->cycle == 2) {
            /* a multiple chain: its causes were worked out when it was found */
            for (int t = 0; t < h->path_n; t++) {
                int code = path[t], where = code >= 243 ? -1 - (code - 243) : code / 9;
                np = rule_parents_of(save, work, where, code % 9, &seen, ps, np);
            }
        } else {
            /* the causes along the chain, in SE's order (target first), then a cycle's offs */
            for (int t = h->path_n - 1; t >= 1; t--)
                if (key_is_on(path[t])) {
                    int where = on_cause(&C->g, work, path[t], path[t - 1], &d0);
                    np = rule_parents_of(save, work, where, d0, &seen, ps, np);
                }
            if (h->cycle)
                for (int t = 1; t < h->path_n - 1; t++)
                    if (!key_is_on(path[t])) {
                        int where = off_cause(&C->g, path[t], path[t - 1], &d0);
                        np = rule_parents_of(save, work, where, d0, &seen, ps, np);
                    }
        }
        if (!np) continue;
        if (N->ps_len + np > N->ps_cap) {
            int cap = N->ps_cap ? 2 * N->ps_cap : 4096;
            while (cap < N->ps_len + np) cap *= 2;
            uint16_t *grown = realloc(N->ps, (size_t)cap * sizeof *grown);
            if (!grown) { C->failed = 1; return 0; }
            N->ps = grown;
            N->ps_cap = cap;
        }
        int at = N->ps_len;
        memcpy(N->ps + at, ps, (size_t)np * sizeof *ps);
        N->ps_len += np;
        uint64_t id = h->cycle == 2 ? h->id : path_id(path, h->path_n);
        for (int cell = 0; cell < 81; cell++)
            for (unsigned e = h->elim[cell]; e; e &= e - 1) {
                int k = pot_key(cell, sk_lowest(e), 0);
                if (ps_has(&N->dup, k)) continue;
                ps_add(&N->dup, k);
                N->key[N->n] = (uint16_t)k;
                N->cx[N->n] = (uint16_t)h->complexity;
                N->id[N->n] = id;
                N->ps_at[N->n] = at;
                N->ps_n[N->n] = np;
                N->n++;
            }
    }
    return 1;
}

static void collect_common(chains *C, const char *name, int sort_key, int concl, const crun *const *runs,
                           int nruns);

/* Level 3's second inner rule: every static multiple forcing chain of the reduced grid,
 * collected into C->inner with its causes (nested.py _inner_hints "multiple").  Returns 0 on
 * an expired deadline or when out of memory. */
static int multiple_inner(chains *C, const hm_pos *reduced) {
    chains *M = hc_chains_open(reduced, C->ctx, &RULE_MULTIPLE);
    if (!M) { C->failed = 1; return 0; }
    M->collect = &C->inner;
    M->collect_common = collect_common;
    int ok = hc_branching_search(M) && !M->failed;
    C->failed |= M->failed;
    hc_chains_close(M);
    return ok;
}

/* The inner rules of a nested level on the reduced grid `work`, in SE's order, the first
 * with an elimination resting on some removal giving all of its eliminations (nested.py
 * inner_eliminations): forcing chains and cycles (_unary_inner), then for level 3 static
 * multiple forcing chains.  Returns 0 on an expired deadline or when out of memory. */
static int nested_rules(chains *C, const uint16_t work[81], nest_list *N) {
    inner_list *I = &C->inner;
    unary *U = C->U;
    hm_pos reduced;
    uint16_t ihd[27 * 9];
    memcpy(reduced.values, C->pos->values, sizeof reduced.values);
    memcpy(reduced.cands, work, sizeof reduced.cands);
    hc_house_masks(work, &C->g, ihd);
    hc_links_init(C->IL, work, ihd, &C->g);
    U->cands = reduced.cands;
    U->g = &C->g;
    U->L = C->IL;
    U->best.name = NULL;
    U->collect = I;
    I->n = I->paths_n = 0;
    if (!hc_unary_pass(U, &reduced, 0, 1, C->ctx) || !hc_unary_pass(U, &reduced, 1, 0, C->ctx) ||
        !hc_unary_pass(U, &reduced, 1, 1, C->ctx))
        return 0;
    if (I->failed) { C->failed = 1; return 0; }
    if (!nest_from_inner(C, work, N)) return 0;
    if (N->n || C->R->level != 3) return 1;
    I->n = I->paths_n = 0;
    if (!multiple_inner(C, &reduced)) return 0;
    if (I->failed) { C->failed = 1; return 0; }
    return nest_from_inner(C, work, N);
}

/* After a count (C->seen holds the target and its ancestors in run r): add the inner chains
 * behind those ancestors, each chain once. */
static void nest_collect(chains *C, const crun *r, nest_sum *S) {
    const uint16_t *nest = cr_nest(r);
    for (int i = 0; i < r->nest_n; i++) {
        if (!ps_has(&C->seen, nest[i])) continue;
        uint64_t id = cr_nest_id(r, i);
        int known = 0;
        for (int j = 0; j < S->n && !known; j++) known = S->id[j] == id;
        if (known) continue;
        S->id[S->n++] = id;
        S->sum += nest[r->nest_n + i];
    }
}

/* Inner multiple chains (collect mode): keep the hint with its causes and identity, its
 * chains walked breadth first from the conclusion as SE does (nested.py _hint_inner).  A
 * cause is coded unit * 9 + d0, or 243 + cell. */
static void collect_common(chains *C, const char *name, int sort_key, int concl, const crun *const *runs,
                           int nruns) {
    int sum = 0;
    for (int i = 0; i < nruns; i++) sum += hc_run_count(C, runs[i], concl, BIG);
    int causes[9 * NPOT / 2], nc = 0;
    uint16_t todo[NPOT], nxt[NPOT];
    uint64_t id = 0xcbf29ce484222325ull;
    for (const char *c = name; *c; c++) id = (id ^ (unsigned char)*c) * 0x100000001b3ull;
    for (int i = 0; i < nruns; i++) {
        const crun *r = runs[i];
        const uint16_t *pstart = cr_pstart(r), *pool = cr_pool(r);
        potset done;
        memset(&done, 0, sizeof done);
        int nt = 0;
        todo[nt++] = (uint16_t)concl;
        while (nt) {
            int nn = 0;
            for (int t = 0; t < nt; t++) {
                int k = todo[t];
                if (ps_has(&done, k)) continue;
                ps_add(&done, k);
                id = (id ^ (uint64_t)k) * 0x100000001b3ull;
                int at = cr_rank(r, k), from = pstart[at], to = pstart[at + 1];
                if (key_is_on(k)) {
                    if (to > from) {
                        int d0, where = on_cause(&C->g, C->pos->cands, k, pool[from], &d0);
                        causes[nc++] = where < 0 ? 243 + (-1 - where) : where * 9 + d0;
                    } else {
                        causes[nc++] = C->root;
                    }
                }
                for (int j = from; j < to && nn < NPOT; j++) nxt[nn++] = pool[j];
            }
            memcpy(todo, nxt, (size_t)nn * sizeof *todo);
            nt = nn;
        }
        id = (id ^ 0xffffu) * 0x100000001b3ull;  /* end of one chain */
    }
    int cell = key_cell(concl), d0 = key_d0(concl);
    uint16_t elim[81] = {0};
    elim[cell] = key_is_on(concl) ? (uint16_t)(C->pos->cands[cell] & ~(1u << d0)) : (uint16_t)(1u << d0);
    inner_list *I = C->collect;
    hc_inner_add(I, C->R->base + length_penalty(sum), sum, sort_key, 2, causes, nc, elim);
    if (!I->failed) I->h[I->n - 1].id = id ^ 0x5bd1e995u;  /* apart from any path's id */
}

/* Nested forcing chains (nested.py _LEVELS): level 2 uses forcing chains and cycles inside. */
static const chain_rule RULE_NESTED2 = {1, 0, 1, HM_TENTHS_DYNAMIC_FORCING_CHAIN_PLUS_FORCING_CHAINS / 10.0,
                                        "Dynamic Contradiction Forcing Chain (+ Forcing Chains)",
                                        "Dynamic Double Forcing Chain (+ Forcing Chains)",
                                        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
                                        "Dynamic Region Forcing Chains (+ Forcing Chains)", 2,
                                        nested_rules, nest_collect};
/* ... level 3 also uses static multiple forcing chains inside. */
static const chain_rule RULE_NESTED3 = {1, 0, 1,
                                        HM_TENTHS_DYNAMIC_FORCING_CHAIN_PLUS_MULTIPLE_FORCING_CHAINS / 10.0,
                                        "Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains)",
                                        "Dynamic Double Forcing Chain (+ Multiple Forcing Chains)",
                                        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
                                        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)", 3,
                                        nested_rules, nest_collect};

/* Nested forcing chains, level 2 (nested.py find_nested_forcing_chains(level=2)). */
int hm_nested2(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return hc_branching_finder(pos, out, ctx, &RULE_NESTED2);
}

/* Nested forcing chains, level 3 (nested.py find_nested_forcing_chains(level=3)). */
int hm_nested3(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return hc_branching_finder(pos, out, ctx, &RULE_NESTED3);
}
