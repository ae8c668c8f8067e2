/* human9_forcing.c - Sudoku Explainer's branching forcing chains on a 9x9 grid: the C twins
 * of sudokit.techniques.forcing (Nishio, multiple, dynamic and dynamic (+) forcing chains);
 * see human9_chains.h for how the chain files share the work.
 *
 * Every rule works out each assumption once (propagate) into a packed run that keeps every
 * potential's parents, so a conclusion's complexity (its ancestors, counted as chains.py
 * count_with does) is counted only for conclusions that could still beat the best hint, and
 * stops as soon as it cannot.  The dynamic (+) rule's extra eliminations come from plus_rules,
 * called whenever the propagation runs dry; nested chains (human9_nested.c) add their inner
 * rules there when plus_rules finds nothing, through the hooks of their chain_rule (this file
 * never names the nested code: human9_nested.c calls into this one, not the other way).
 *
 * Re-entrant: every table is either `static const` or built on the caller's stack/heap inside
 * the call.  Long searches poll hm_check_deadline and give up (return 0) once it says so.
 */
#include "se/human9_chains.h"
#include "se/human9_techniques.h"

#include <stdlib.h>
#include <string.h>

/* The four rules (forcing.py _NISHIO, _MULTIPLE, _DYNAMIC, _PLUS); the bases are the registry's
 * difficulties (exact in binary: all are halves). */
static const chain_rule RULE_NISHIO = {1, 1, 0, HM_TENTHS_NISHIO_FORCING_CHAIN / 10.0,
                                       HM_NAME_NISHIO_FORCING_CHAIN, NULL, NULL, NULL, 0, NULL, NULL};
const chain_rule RULE_MULTIPLE = {0, 0, 0, HM_TENTHS_MULTIPLE_FORCING_CHAIN / 10.0, NULL, NULL,
                                  "Cell Forcing Chains", "Region Forcing Chains", 0, NULL, NULL};
static const chain_rule RULE_DYNAMIC = {1, 0, 0, HM_TENTHS_DYNAMIC_FORCING_CHAIN / 10.0,
                                        "Dynamic Contradiction Forcing Chain",
                                        "Dynamic Double Forcing Chain", "Dynamic Cell Forcing Chains",
                                        "Dynamic Region Forcing Chains", 0, NULL, NULL};
static const chain_rule RULE_PLUS = {1, 0, 1, HM_TENTHS_DYNAMIC_FORCING_CHAIN_PLUS / 10.0,
                                     "Dynamic Contradiction Forcing Chain (+)",
                                     "Dynamic Double Forcing Chain (+)",
                                     "Dynamic Cell Forcing Chains (+)",
                                     "Dynamic Region Forcing Chains (+)", 0, NULL, NULL};

/* Bytes of the packed form of a run. */
static size_t crun_size(const run *r) {
    return sizeof(crun) + (size_t)(2 * r->n + 1 + r->pool_n + 6 * r->nest_n) * sizeof(uint16_t);
}

/* Pack a run (parents re-filed in key order). */
static void crun_pack(const run *s, crun *d) {
    d->has = s->has;
    d->n = s->n;
    d->pool_n = s->pool_n;
    d->absurd = s->absurd;
    d->stored = s->stored;
    d->loose = s->loose;
    d->loose_n = s->loose_n;
    memcpy(d->loose_par, s->loose_par, sizeof d->loose_par);
    uint16_t *order = d->data, *pstart = d->data + s->n, *pool = d->data + 2 * s->n + 1;
    memcpy(order, s->order, (size_t)s->n * sizeof *order);
    int rank = 0, at = 0;
    for (int w = 0; w < PWORDS; w++) {
        d->rank0[w] = (uint16_t)rank;
        for (uint64_t bits = s->has.w[w]; bits; bits &= bits - 1) {
            int k = w * 64 + __builtin_ctzll(bits), i = s->idx[k];
            int from = s->pstart[i], to = s->pstart[i + 1];
            pstart[rank++] = (uint16_t)at;
            for (int j = from; j < to; j++) pool[at++] = s->pool[j];
        }
    }
    pstart[rank] = (uint16_t)at;
    d->nest_n = s->nest_n;
    uint16_t *nest = pool + s->pool_n;
    memcpy(nest, s->nest_key, (size_t)s->nest_n * sizeof *nest);
    memcpy(nest + s->nest_n, s->nest_cx, (size_t)s->nest_n * sizeof *nest);
    memcpy(nest + 2 * s->nest_n, s->nest_id, (size_t)s->nest_n * sizeof(uint64_t));
}

/* Recompute the complexity limits after the best hint changed. */
static void update_limits(chains *C) {
    for (int sk = 0; sk < 8; sk++) C->lim[sk] = max_complexity(&C->best, C->R->base, sk);
}

/* -- the (+) rules -- */

/* Record the eliminations of one pattern resting on `rest` (forcing.py _advanced's emit);
 * cells[i], digits[i] in (cell, digit) order. */
static void plus_emit(plus_list *P, const uint8_t *cells, const uint8_t *digits, int nrem,
                      const uint16_t *rest, int nrest) {
    if (!nrest || !nrem) return;
    P->emitted += nrem;
    int at = P->rest_len, used = 0;
    for (int i = 0; i < nrem; i++) {
        int k = pot_key(cells[i], digits[i], 0);
        if (ps_has(&P->dup, k)) continue;
        ps_add(&P->dup, k);
        if (!used) {
            memcpy(P->rest + at, rest, (size_t)nrest * sizeof *rest);
            P->rest_len += nrest;
            used = 1;
        }
        P->key[P->n] = (uint16_t)k;
        P->rest_at[P->n] = (uint16_t)at;
        P->rest_n[P->n] = (uint8_t)nrest;
        P->n++;
    }
}

/* SE's "(+)" rules on the reduced grid (work, hd), in SE's order - locked candidates, hidden
 * pairs, naked pairs, X-wings - the first rule with a step resting on some removal giving all
 * of its steps (forcing.py _advanced).  Kept apart so nested chains can add rules later. */
static void plus_rules(chains *C, const uint16_t work[81], const uint16_t hd[27 * 9], plus_list *P) {
    const uint16_t *save = C->pos->cands, *save_hd = C->save_hd;
    uint8_t cells[81], digits[81];
    uint16_t rest[MAXPAR];
    P->n = P->emitted = P->rest_len = 0;
    memset(&P->dup, 0, sizeof P->dup);
    /* Every rule's step must rest on some removal (an empty `rest` emits nothing), so only
     * digits whose places changed in a unit (chg[u] bit d0) can take part; checking that
     * first skips most patterns without changing what is emitted. */
    uint16_t chg[27];
    for (int u = 0; u < 27; u++) {
        chg[u] = 0;
        for (int d0 = 0; d0 < 9; d0++)
            if (hd[u * 9 + d0] != save_hd[u * 9 + d0]) chg[u] |= (uint16_t)(1u << d0);
    }
    /* locked candidates: (box, column), (box, row), (column, box), (row, box) */
    for (int t = 0; t < 108; t++) {
        const locked_pair *lp = &C->locked[t];
        for (unsigned ds = chg[lp->u1]; ds; ds &= ds - 1) {
            int d0 = sk_lowest(ds);
            unsigned pm = hd[lp->u1 * 9 + d0];
            if (sk_popcount(pm) <= 1 || (pm & ~lp->in1)) continue;
            int nr = 0, nrest = 0;
            for (unsigned gone = hd[lp->u2 * 9 + d0] & ~lp->in2; gone; gone &= gone - 1) {
                cells[nr] = (uint8_t)unit_cell(lp->u2, sk_lowest(gone));
                digits[nr++] = (uint8_t)d0;
            }
            for (unsigned lost = save_hd[lp->u1 * 9 + d0] & ~pm & ~lp->in1; lost; lost &= lost - 1)
                rest[nrest++] = (uint16_t)pot_key(unit_cell(lp->u1, sk_lowest(lost)), d0, 0);
            plus_emit(P, cells, digits, nr, rest, nrest);
        }
    }
    if (P->emitted) return;
    /* hidden pairs: boxes, columns, rows; pairs (a, b) in SE's order (Permutations: by
     * the larger index, then the smaller).  Both digits must have the same two places. */
    static const int kinds[3] = {18, 9, 0};
    for (int kind = 0; kind < 3; kind++)
        for (int u = kinds[kind]; u < kinds[kind] + 9; u++) {
            if (C->empties[u] <= 4 || !chg[u]) continue;
            unsigned two = 0;
            for (int d0 = 0; d0 < 9; d0++) two |= (unsigned)(sk_popcount(hd[u * 9 + d0]) == 2) << d0;
            for (unsigned bs = two; bs; bs &= bs - 1) {
                int b = sk_lowest(bs);
                for (unsigned as = two & ((1u << b) - 1); as; as &= as - 1) {
                    int a = sk_lowest(as);
                    if (!(chg[u] >> a & 1) && !(chg[u] >> b & 1)) continue;
                    unsigned pa = hd[u * 9 + a], pb = hd[u * 9 + b];
                    if (pa != pb) continue;
                    unsigned both = pa, keep = (1u << a) | (1u << b);
                    int nr = 0, nrest = 0;
                    for (unsigned s = both; s; s &= s - 1) {
                        int q = unit_cell(u, sk_lowest(s));
                        for (unsigned e = work[q] & ~keep; e; e &= e - 1) {
                            cells[nr] = (uint8_t)q;
                            digits[nr++] = (uint8_t)sk_lowest(e);
                        }
                    }
                    for (int i = 0; i < 9; i++) {
                        if (both >> i & 1) continue;
                        int q = unit_cell(u, i);
                        if (save[q] >> a & 1) rest[nrest++] = (uint16_t)pot_key(q, a, 0);
                        if (save[q] >> b & 1) rest[nrest++] = (uint16_t)pot_key(q, b, 0);
                    }
                    plus_emit(P, cells, digits, nr, rest, nrest);
                }
            }
        }
    if (P->emitted) return;
    /* naked pairs: boxes, columns, rows; cells (i, j) in the same order.  Both cells must
     * hold the same two digits. */
    for (int kind = 0; kind < 3; kind++)
        for (int u = kinds[kind]; u < kinds[kind] + 9; u++) {
            if (C->empties[u] < 4 || !chg[u]) continue;
            unsigned two = 0;
            for (int i = 0; i < 9; i++) two |= (unsigned)(sk_popcount(work[unit_cell(u, i)]) == 2) << i;
            for (unsigned js = two; js; js &= js - 1) {
                int j = sk_lowest(js), qj = unit_cell(u, j);
                for (unsigned is = two & ((1u << j) - 1); is; is &= is - 1) {
                    int i = sk_lowest(is), qi = unit_cell(u, i);
                    unsigned ma = work[qi], mb = work[qj];
                    if (ma != mb || (ma == save[qi] && mb == save[qj])) continue;
                    unsigned both = ma;
                    int nr = 0, nrest = 0;
                    for (int k = 0; k < 9; k++) {
                        if (k == i || k == j) continue;
                        int q = unit_cell(u, k);
                        for (unsigned e = work[q] & both; e; e &= e - 1) {
                            cells[nr] = (uint8_t)q;
                            digits[nr++] = (uint8_t)sk_lowest(e);
                        }
                    }
                    for (unsigned e = save[qi] & ~both; e; e &= e - 1) rest[nrest++] = (uint16_t)pot_key(qi, sk_lowest(e), 0);
                    for (unsigned e = save[qj] & ~both; e; e &= e - 1) rest[nrest++] = (uint16_t)pot_key(qj, sk_lowest(e), 0);
                    plus_emit(P, cells, digits, nr, rest, nrest);
                }
            }
        }
    if (P->emitted) return;
    /* X-wings: base columns, then base rows */
    for (int orient = 0; orient < 2; orient++) {
        int base = orient == 0 ? 9 : 0, cover = orient == 0 ? 0 : 9;
        for (int j = 1; j < 9; j++) {
            for (int i = 0; i < j; i++) {
                int b1 = base + i, b2 = base + j;
                for (unsigned ds = chg[b1] | chg[b2]; ds; ds &= ds - 1) {
                    int d0 = sk_lowest(ds);
                    if (C->placed[d0] + 4 > 9) continue;
                    unsigned p1 = hd[b1 * 9 + d0], p2 = hd[b2 * 9 + d0];
                    if (p1 != p2 || sk_popcount(p1) != 2) continue;
                    unsigned lines = (1u << i) | (1u << j);
                    int nr = 0, nrest = 0;
                    for (unsigned cs = p1 | p2; cs; cs &= cs - 1) {
                        int cu = cover + sk_lowest(cs);
                        for (unsigned ks = hd[cu * 9 + d0] & ~lines; ks; ks &= ks - 1) {
                            int q = unit_cell(cu, sk_lowest(ks)), at = nr++;
                            /* insertion keeps the cells sorted (Python sorts the removals) */
                            while (at > 0 && cells[at - 1] > q) { cells[at] = cells[at - 1]; at--; }
                            cells[at] = (uint8_t)q;
                        }
                    }
                    for (int t = 0; t < nr; t++) digits[t] = (uint8_t)d0;
                    int bl[2] = {b1, b2};
                    for (int t = 0; t < 2; t++)
                        for (unsigned ks = save_hd[bl[t] * 9 + d0] & ~hd[bl[t] * 9 + d0] & ~(p1 | p2); ks; ks &= ks - 1)
                            rest[nrest++] = (uint16_t)pot_key(unit_cell(bl[t], sk_lowest(ks)), d0, 0);
                    plus_emit(P, cells, digits, nr, rest, nrest);
                }
            }
        }
    }
}

/* -- propagation -- */

/* Store a potential with its parents (growing the pool if need be). */
static inline void run_store(run *r, int k, const uint16_t *par, int np) {
    if (r->pool_n + np > r->pool_cap) {
        size_t cap = 2 * (size_t)(unsigned)r->pool_cap;
        uint16_t *grown = realloc(r->pool, cap * sizeof *grown);
        if (!grown) { r->failed = 1; return; }
        r->pool = grown;
        r->pool_cap = (int)cap;
    }
    ps_add(&r->has, k);
    r->idx[k] = (uint16_t)r->n;
    r->order[r->n] = (uint16_t)k;
    for (int i = 0; i < np; i++) r->pool[r->pool_n++] = par[i];
    r->pstart[++r->n] = (uint16_t)r->pool_n;
}

/* Stop on a contradiction: `loose` (not stored, parents par) against stored `stored`. */
static void run_clash(run *r, int stored, int loose, const uint16_t *par, int np) {
    r->absurd = 1;
    r->stored = stored;
    r->loose = loose;
    r->loose_n = np;
    memcpy(r->loose_par, par, (size_t)np * sizeof *par);
}

/* Follow every implication of one assumed potential (forcing.py propagate, SE's doChaining):
 * on potentials first, one at a time; dynamic rules remove each off potential from the working
 * candidates once expanded, and a conclusion also rests on the removals that made it. */
static void propagate(chains *C, run *r, int start) {
    const chain_rule *R = C->R;
    const geometry *g = &C->g;
    const uint16_t *masks = C->pos->cands;
    int y = !R->nishio;
    memset(&r->has, 0, sizeof r->has);
    r->n = r->pool_n = r->absurd = r->nest_n = 0;
    r->pstart[0] = 0;
    run_store(r, start, NULL, 0);
    int on_h = 0, on_t = 0, off_h = 0, off_t = 0;
    if (key_is_on(start)) C->qon[on_t++] = (uint16_t)start;
    else C->qoff[off_t++] = (uint16_t)start;
    if (R->dynamic) {
        memcpy(C->work, masks, sizeof C->work);
        memcpy(C->hd, C->save_hd, sizeof C->hd);
    }
    uint16_t *work = C->work, *hd = C->hd;
    if (hm_check_deadline(C->ctx)) return;
    while ((on_h < on_t || off_h < off_t) && !r->failed) {
        if (on_h < on_t) {
            /* on -> off: the other digits of the cell, the digit in box, row, column */
            uint16_t p = C->qon[on_h++];
            int made[28], nm = 0;
            if (R->dynamic) {
                int cell = key_cell(p), d0 = key_d0(p);
                if (y)
                    for (unsigned e = work[cell] & ~(1u << d0); e; e &= e - 1) made[nm++] = pot_key(cell, sk_lowest(e), 0);
                int bu = g->house[cell][0], ru = g->house[cell][1], cu = g->house[cell][2];
                unsigned pms[3] = {hd[bu * 9 + d0] & ~(1u << g->hpos[cell][0]),
                                   hd[ru * 9 + d0] & ~(unsigned)g->box_in_row[cell],
                                   hd[cu * 9 + d0] & ~(unsigned)g->box_in_col[cell]};
                int us[3] = {bu, ru, cu};
                for (int h = 0; h < 3; h++)
                    for (unsigned pm = pms[h]; pm; pm &= pm - 1) made[nm++] = pot_key(unit_cell(us[h], sk_lowest(pm)), d0, 0);
            } else {
                for (int j = y ? C->L->start[p] : C->L->mid[p]; j < C->L->end[p]; j++) made[nm++] = C->L->pool[j];
            }
            for (int i = 0; i < nm; i++) {
                int k = made[i];
                if (ps_has(&r->has, k | 1)) { run_clash(r, k | 1, k, &p, 1); return; }
                if (!ps_has(&r->has, k)) {
                    run_store(r, k, &p, 1);
                    C->qoff[off_t++] = (uint16_t)k;
                }
            }
        } else {
            /* off -> on: the last digit of a cell, the last place of a digit in a house */
            uint16_t p = C->qoff[off_h++];
            int fkey[4], fn[4], nf = 0;
            uint16_t fpar[4][MAXPAR];
            if (R->dynamic) {
                int cell = key_cell(p), d0 = key_d0(p);
                unsigned b = 1u << d0;
                if (y && sk_popcount(work[cell]) == 2) {
                    unsigned m = work[cell];
                    fn[nf] = 0;
                    fpar[nf][fn[nf]++] = p;
                    for (unsigned e = masks[cell] & ~m; e; e &= e - 1) fpar[nf][fn[nf]++] = (uint16_t)pot_key(cell, sk_lowest(e), 0);
                    fkey[nf++] = pot_key(cell, high_bit(m & ~b), 1);
                }
                for (int h = 0; h < 3; h++) {
                    int u = g->house[cell][h], idx = u * 9 + d0;
                    unsigned pm = hd[idx];
                    if (sk_popcount(pm) != 2) continue;
                    int k = pot_key(unit_cell(u, high_bit(pm & ~(1u << g->hpos[cell][h]))), d0, 1);
                    int dup = 0;
                    for (int f = 0; f < nf; f++) dup |= fkey[f] == k;
                    if (dup) continue;
                    fn[nf] = 0;
                    fpar[nf][fn[nf]++] = p;
                    for (unsigned gone = C->save_hd[idx] & ~pm; gone; gone &= gone - 1)
                        fpar[nf][fn[nf]++] = (uint16_t)pot_key(unit_cell(u, sk_lowest(gone)), d0, 0);
                    fkey[nf++] = k;
                }
                work[cell] &= (uint16_t)~b;
                for (int h = 0; h < 3; h++) hd[g->house[cell][h] * 9 + d0] &= (uint16_t)~(1u << g->hpos[cell][h]);
                for (int f = 0; f < nf; f++) {
                    int k = fkey[f];
                    if (ps_has(&r->has, k ^ 1)) { run_clash(r, k ^ 1, k, fpar[f], fn[f]); return; }
                    if (!ps_has(&r->has, k)) {
                        run_store(r, k, fpar[f], fn[f]);
                        C->qon[on_t++] = (uint16_t)k;
                    }
                }
            } else {
                for (int j = y ? C->L->start[p] : C->L->mid[p]; j < C->L->end[p]; j++) {
                    int k = C->L->pool[j];
                    if (ps_has(&r->has, k ^ 1)) { run_clash(r, k ^ 1, k, &p, 1); return; }
                    if (!ps_has(&r->has, k)) {
                        run_store(r, k, &p, 1);
                        C->qon[on_t++] = (uint16_t)k;
                    }
                }
            }
        }
        if (R->plus && on_h == on_t && off_h == off_t) {
            if (hm_check_deadline(C->ctx)) return;
            plus_list *P = &C->plus;
            plus_rules(C, work, hd, P);
            for (int i = 0; i < P->n; i++) {
                int k = P->key[i];
                if (ps_has(&r->has, k)) continue;
                run_store(r, k, P->rest + P->rest_at[i], P->rest_n[i]);
                C->qoff[off_t++] = (uint16_t)k;
            }
            /* nested chains: the inner chains only when the (+) rules found nothing at all */
            if (!P->emitted && R->level >= 2) {
                nest_list *N = C->nest;
                if (!R->inner_rules(C, work, N)) { r->failed |= C->failed; return; }
                for (int i = 0; i < N->n; i++) {
                    int k = N->key[i];
                    if (ps_has(&r->has, k)) continue;
                    if (r->pool_n + N->ps_n[i] > 0xffff) { r->failed = 1; return; }  /* pstart is 16-bit */
                    run_store(r, k, N->ps + N->ps_at[i], N->ps_n[i]);
                    r->nest_key[r->nest_n] = (uint16_t)k;
                    r->nest_cx[r->nest_n] = N->cx[i];
                    r->nest_id[r->nest_n++] = N->id[i];
                    C->qoff[off_t++] = (uint16_t)k;
                }
            }
        }
    }
}

/* How many distinct potentials `key` rests on, itself included, given its own parents;
 * stops counting past `limit` (forcing.py count_with). */
static int count_with(chains *C, const crun *r, int key, const uint16_t *par, int np, int limit) {
    const uint16_t *pstart = cr_pstart(r), *pool = cr_pool(r);
    memset(&C->seen, 0, sizeof C->seen);
    ps_add(&C->seen, key);
    int count = 1, sp = 0;
    for (int i = 0; i < np; i++)
        if (!ps_has(&C->seen, par[i])) {
            ps_add(&C->seen, par[i]);
            count++;
            C->stack[sp++] = par[i];
        }
    while (sp) {
        if (count > limit) return count;
        int i = cr_rank(r, C->stack[--sp]);
        for (int j = pstart[i]; j < pstart[i + 1]; j++)
            if (!ps_has(&C->seen, pool[j])) {
                ps_add(&C->seen, pool[j]);
                count++;
                C->stack[sp++] = pool[j];
            }
    }
    return count;
}

/* Ancestor count of a stored potential (Run.count). */
int hc_run_count(chains *C, const crun *r, int key, int limit) {
    int i = cr_rank(r, key);
    const uint16_t *pstart = cr_pstart(r);
    return count_with(C, r, key, cr_pool(r) + pstart[i], pstart[i + 1] - pstart[i], limit);
}

/* Work out one assumption into a reusable packed buffer (grown as needed); NULL when out of
 * memory. */
static crun *run_into(chains *C, int start, crun **buf, size_t *cap) {
    propagate(C, C->scratch, start);
    if (C->scratch->failed) { C->failed = 1; return NULL; }
    size_t size = crun_size(C->scratch);
    if (size > *cap) {
        crun *grown = realloc(*buf, size);
        if (!grown) { C->failed = 1; return NULL; }
        *buf = grown;
        *cap = size;
    }
    crun_pack(C->scratch, *buf);
    return *buf;
}

/* The on run of a key, worked out once and kept until its cell is done (forcing.py run_on);
 * NULL when out of memory. */
static const crun *on_run(chains *C, int key) {
    if (C->cache[key]) return C->cache[key];
    propagate(C, C->scratch, key);
    if (C->scratch->failed) { C->failed = 1; return NULL; }
    crun *r = malloc(crun_size(C->scratch));
    if (!r) { C->failed = 1; return NULL; }
    crun_pack(C->scratch, r);
    C->cache[key] = r;
    return r;
}

/* Offer a conclusion to the best: concluding `concl` (placing it when on, removing it when
 * off) with the given complexity (forcing.py add, then SE's sort). */
static void offer(chains *C, const char *name, int complexity, int sort_key, int concl) {
    int cell = key_cell(concl), d0 = key_d0(concl);
    hint *h = &C->best;
    h->name = name;
    h->complexity = complexity;
    h->sort_key = sort_key;
    h->difficulty = C->R->base + length_penalty(complexity);
    memset(h->elim, 0, sizeof h->elim);
    if (key_is_on(concl)) {
        h->elim[cell] = (uint16_t)(C->pos->cands[cell] & ~(1u << d0));
        h->place_cell = cell;
        h->place_d0 = d0;
    } else {
        h->elim[cell] = (uint16_t)(1u << d0);
        h->place_cell = -1;
    }
    update_limits(C);
}

/* 1 when concluding `concl` removes something (SE's isWorth). */
static int worth(const chains *C, int concl) {
    if (!key_is_on(concl)) return 1;
    int cell = key_cell(concl);
    return (C->pos->cands[cell] & ~(1u << key_d0(concl))) != 0;
}

/* A conclusion common to several runs: its complexity is the sum of its ancestor counts
 * (and, for nested chains, of the complexities of the inner chains it rests on; they only
 * add, so the limit still prunes the counts). */
static void offer_common(chains *C, const char *name, int sort_key, int concl, const crun *const *runs,
                         int nruns) {
    if (!worth(C, concl)) return;
    if (C->collect) { C->collect_common(C, name, sort_key, concl, runs, nruns); return; }
    int limit = C->lim[sort_key], sum = 0;
    nest_sum S;
    S.n = S.sum = 0;
    for (int i = 0; i < nruns && sum <= limit; i++) {
        sum += hc_run_count(C, runs[i], concl, limit - sum);
        if (sum <= limit && runs[i]->nest_n) C->R->nest_collect(C, runs[i], &S);
    }
    sum += S.sum;
    if (sum <= limit) offer(C, name, sum, sort_key, concl);
}

/* A contradiction found by a run: its complexity counts the ancestors of both sides. */
static void offer_absurd(chains *C, const crun *r, int concl) {
    if (!worth(C, concl)) return;
    int limit = C->lim[7];
    nest_sum S;
    S.n = S.sum = 0;
    int sum = hc_run_count(C, r, r->stored, limit);
    if (sum <= limit && r->nest_n) C->R->nest_collect(C, r, &S);
    if (sum <= limit) sum += count_with(C, r, r->loose, r->loose_par, r->loose_n, limit - sum);
    if (sum <= limit && r->nest_n) C->R->nest_collect(C, r, &S);
    sum += S.sum;
    if (sum <= limit) offer(C, C->R->contradiction, sum, 7, concl);
}

/* Keep in keys[] (in order) only the potentials a run holds. */
static int keep_common(uint16_t *keys, int n, const crun *r) {
    int m = 0;
    for (int i = 0; i < n; i++)
        if (ps_has(&r->has, keys[i])) keys[m++] = keys[i];
    return m;
}

/* Split a run's potentials into its on and off ones, in order. */
static void split_run(const crun *r, uint16_t *ons, int *non, uint16_t *offs, int *noff) {
    const uint16_t *order = cr_order(r);
    *non = *noff = 0;
    for (int i = 0; i < r->n; i++) {
        int k = order[i];
        if (key_is_on(k)) ons[(*non)++] = (uint16_t)k;
        else offs[(*noff)++] = (uint16_t)k;
    }
}

/* SE's doRegionChainings: houses where the cell is the digit's first place (forcing.py
 * _regions).  Returns 0 when out of memory. */
static int region_chains(chains *C, int cell, int d0, const crun *r_cell) {
    const geometry *g = &C->g;
    uint16_t ons[NPOT / 2], offs[NPOT / 2];
    for (int h = 0; h < 3; h++) {
        int u = g->house[cell][h];
        unsigned pm = C->save_hd[u * 9 + d0];
        if (sk_popcount(pm) < 2 || unit_cell(u, sk_lowest(pm)) != cell) continue;
        const crun *runs[9];
        int nr = 0, non, noff;
        for (unsigned s = pm; s; s &= s - 1) {
            int q = unit_cell(u, sk_lowest(s));
            const crun *r = q == cell ? r_cell : on_run(C, pot_key(q, d0, 1));
            if (!r) return 0;
            runs[nr++] = r;
        }
        split_run(r_cell, ons, &non, offs, &noff);
        for (int i = 1; i < nr; i++) {
            non = keep_common(ons, non, runs[i]);
            noff = keep_common(offs, noff, runs[i]);
        }
        C->root = u * 9 + d0;
        for (int i = 0; i < non; i++) offer_common(C, C->R->region, 6, ons[i], runs, nr);
        for (int i = 0; i < noff; i++) offer_common(C, C->R->region, 6, offs[i], runs, nr);
    }
    return 1;
}

/* SE's getMultipleChainsHintList for one rule (forcing.py _hints), keeping only the hint SE
 * applies first: the easiest, the first found among equals.  On runs are kept while later
 * cells may need them (a region's other places come later in cell order).  Returns 0 on an
 * expired deadline or when out of memory. */
int hc_branching_search(chains *C) {
    const chain_rule *R = C->R;
    const hm_pos *pos = C->pos;
    uint16_t cell_on[NPOT / 2], cell_off[NPOT / 2];
    for (int cell = 0; cell < 81; cell++) {
        if (hm_check_deadline(C->ctx)) return 0;
        unsigned m = pos->cands[cell];
        int card = sk_popcount(m);
        if (pos->values[cell] || !(card > 2 || (card > 1 && R->dynamic))) goto next_cell;
        const crun *vruns[9];
        int nv = 0, n_on = 0, n_off = 0;
        for (unsigned d = m; d; d &= d - 1) {
            int d0 = sk_lowest(d), on = pot_key(cell, d0, 1), off = on ^ 1;
            const crun *r_on = R->nishio ? run_into(C, on, &C->on_buf, &C->on_cap) : on_run(C, on);
            if (!r_on || C->ctx->expired) return 0;
            if (R->dynamic) {
                /* the off run: contradictions and double chains only */
                const crun *r_off = run_into(C, off, &C->off_buf, &C->off_cap);
                if (!r_off || C->ctx->expired) return 0;
                if (r_on->absurd) offer_absurd(C, r_on, off);
                if (r_off->absurd) offer_absurd(C, r_off, on);
                if (card >= 3 && !R->nishio) {
                    const crun *pair[2] = {r_on, r_off};
                    const uint16_t *order = cr_order(r_on);
                    for (int pass = 1; pass >= 0; pass--)
                        for (int i = 0; i < r_on->n; i++) {
                            int k = order[i];
                            if (key_is_on(k) == pass && ps_has(&r_off->has, k))
                                offer_common(C, R->dbl, 1, k, pair, 2);
                        }
                }
            }
            if (R->nishio) continue;
            if (!region_chains(C, cell, d0, r_on) || C->ctx->expired) return 0;
            vruns[nv++] = r_on;
            if (nv == 1) {
                split_run(r_on, cell_on, &n_on, cell_off, &n_off);
            } else {
                n_on = keep_common(cell_on, n_on, r_on);
                n_off = keep_common(cell_off, n_off, r_on);
            }
        }
        if (!R->nishio) {
            C->root = 243 + cell;
            for (int i = 0; i < n_on; i++) offer_common(C, R->cell, 5, cell_on[i], vruns, nv);
            for (int i = 0; i < n_off; i++) offer_common(C, R->cell, 5, cell_off[i], vruns, nv);
        }
    next_cell:
        /* no later cell needs this cell's on runs */
        if (C->cache)
            for (int d0 = 0; d0 < 9; d0++) {
                free(C->cache[pot_key(cell, d0, 1)]);
                C->cache[pot_key(cell, d0, 1)] = NULL;
            }
    }
    return 1;
}

/* The locked-candidates patterns in SE's order: (box, column), (box, row), (column, box),
 * (row, box), each pair of units that meet. */
static void locked_init(chains *C) {
    static const int kind1[4] = {18, 18, 9, 0}, kind2[4] = {9, 0, 18, 18};
    int nl = 0;
    for (int t = 0; t < 4; t++)
        for (int u1 = kind1[t]; u1 < kind1[t] + 9; u1++)
            for (int u2 = kind2[t]; u2 < kind2[t] + 9; u2++) {
                unsigned in1 = 0, in2 = 0;
                for (int i = 0; i < 9; i++) {
                    int q = unit_cell(u1, i), h = u2 >= 18 ? 0 : (u2 >= 9 ? 2 : 1);
                    if (C->g.house[q][h] == u2) {
                        in1 |= 1u << i;
                        in2 |= 1u << C->g.hpos[q][h];
                    }
                }
                if (in1) C->locked[nl++] = (locked_pair){(uint8_t)u1, (uint8_t)u2, (uint16_t)in1, (uint16_t)in2};
            }
}

/* Free a search's tables (chains_open). */
void hc_chains_close(chains *C) {
    if (!C) return;
    free(C->U);
    free(C->IL);
    if (C->nest) free(C->nest->ps);
    free(C->nest);
    free(C->inner.h);
    free(C->inner.paths);
    if (C->cache)
        for (int k = 0; k < NPOT; k++) free(C->cache[k]);
    free(C->cache);
    if (C->scratch) free(C->scratch->pool);
    free(C->scratch);
    free(C->on_buf);
    free(C->off_buf);
    free(C->L);
    free(C);
}

/* Set up the shared tables of one rule's search on a position; NULL when out of memory. */
chains *hc_chains_open(const hm_pos *pos, hm_ctx *ctx, const chain_rule *R) {
    chains *C = malloc(sizeof *C);
    if (!C) return NULL;
    memset(C, 0, offsetof(chains, plus));
    C->best.name = NULL;
    C->pos = pos;
    C->R = R;
    C->ctx = ctx;
    hc_geometry_init(&C->g);
    hc_house_masks(pos->cands, &C->g, C->save_hd);
    C->scratch = malloc(sizeof *C->scratch);
    if (C->scratch) {
        C->scratch->pool_cap = 2 * NPOT;
        C->scratch->failed = 0;
        C->scratch->pool = malloc((size_t)C->scratch->pool_cap * sizeof(uint16_t));
    }
    C->cache = R->nishio ? NULL : calloc(NPOT, sizeof *C->cache);
    if (!R->dynamic) C->L = malloc(sizeof *C->L);
    if (R->level >= 2) {
        C->U = calloc(1, sizeof *C->U);
        C->IL = malloc(sizeof *C->IL);
        C->nest = calloc(1, sizeof *C->nest);
    }
    if (!C->scratch || !C->scratch->pool || (!R->nishio && !C->cache) || (!R->dynamic && !C->L) ||
        (R->level >= 2 && (!C->U || !C->IL || !C->nest))) {
        hc_chains_close(C);
        return NULL;
    }
    if (C->L) hc_links_init(C->L, pos->cands, C->save_hd, &C->g);
    if (R->plus) {
        locked_init(C);
        for (int c = 0; c < 81; c++)
            if (pos->values[c]) C->placed[pos->values[c] - 1]++;
        for (int u = 0; u < 27; u++)
            for (int i = 0; i < 9; i++) C->empties[u] += !pos->values[unit_cell(u, i)];
    }
    update_limits(C);
    return C;
}

/* Set up the shared tables, run the search of one rule, and write its first step. */
int hc_branching_finder(const hm_pos *pos, sk_step *out, hm_ctx *ctx, const chain_rule *R) {
    chains *C = hc_chains_open(pos, ctx, R);
    /* nested chains: a search cut short by memory (or a 16-bit pool) says "not ported", so
     * that Python goes on from here and the path never depends on our limits */
    if (!C) return R->level >= 2 ? -1 : 0;
    int found = 0;
    if (hc_branching_search(C) && !C->failed && C->best.name) {
        hc_hint_to_step(&C->best, out);
        found = 1;
    }
    if (R->level >= 2 && C->failed && !ctx->expired) found = -1;
    hc_chains_close(C);
    return found;
}

/* Nishio forcing chains (forcing.py find_nishio_forcing_chains). */
int hm_nishio(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return hc_branching_finder(pos, out, ctx, &RULE_NISHIO);
}

/* Static cell and region forcing chains (forcing.py find_multiple_forcing_chains). */
int hm_multiple(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return hc_branching_finder(pos, out, ctx, &RULE_MULTIPLE);
}

/* Dynamic contradiction, double, cell and region forcing chains (forcing.py
 * find_dynamic_forcing_chains). */
int hm_dynamic(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return hc_branching_finder(pos, out, ctx, &RULE_DYNAMIC);
}

/* Dynamic forcing chains with the (+) rules (forcing.py find_dynamic_plus_forcing_chains). */
int hm_dynamic_plus(const hm_pos *pos, sk_step *out, hm_ctx *ctx) {
    return hc_branching_finder(pos, out, ctx, &RULE_PLUS);
}
