/* hodoku9_loops.c - HoDoKu 2.2's nice loops and AICs, plain and grouped (see hodoku9.h).
 *
 * The C twin of sudokit.rating.hodoku.loops (its nice_loop, behind hodoku.py's _nice_loop and
 * _grouped_nice_loop).  HoDoKu's "tabling": for every candidate set ("on") and removed ("off")
 * the table of all its implications through direct links, found breadth first, each
 * implication remembering the node that reached it first.  A nice loop is an implication back
 * in the premise's cell; an AIC starts with an "off" premise and ends with an "on" node.  Of all
 * loops and AICs the step is the one with the most eliminations, then the smallest weighted sum
 * of its eliminations (listed digit by digit), then the first found.
 *
 * Nodes and cell sets: see hodoku9_tables.h (shared with hodoku9_forcing.c).  A node's cell
 * is its (first) cell, as Python's _cell.
 *
 * Everything a search needs (masks, cell sets, groups, the link lists, one table) lives in one
 * hl_tables struct, malloc'ed once per call and freed at the end; nothing is mutable at file
 * level.  hk_tables_init (the direct implications) is shared with the forcing chains.
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "common/geometry9.h"
#include "hodoku/hodoku9_tables.h"

/* HoDoKu's group nodes: rows then columns, digit by digit, box by box (Python's _groups). */
static void hl_groups_build(hl_tables *t) {
    t->n_groups = 0;
    memset(t->n_dgroups, 0, sizeof t->n_dgroups);
    for (int line = 0; line < 18; line++)
        for (int d = 1; d <= 9; d++)
            for (int box = 18; box < 27; box++) {
                sk_cells part = sk_cells_and(sk_cells_and(t->cells[d], t->unit[line]), t->unit[box]);
                if (sk_cells_count(part) < 2) continue;
                t->dgroups[d][t->n_dgroups[d]++] = (uint16_t)t->n_groups;
                hl_group *g = &t->groups[t->n_groups++];
                g->digit = (uint8_t)d;
                g->line = (uint8_t)line;
                g->box = (uint8_t)box;
                g->set = part;
                g->n = (uint8_t)sk_cells_list(part, g->cells);
                g->buddies = t->peers[g->cells[0]];
                for (int i = 1; i < g->n; i++) g->buddies = sk_cells_and(g->buddies, t->peers[g->cells[i]]);
            }
}

/* Append node n to a link list. */
static inline void hl_push(uint16_t *out, int *len, int n) {
    if (*len < HL_MAX_LINKS) out[(*len)++] = (uint16_t)n;
}

/* 1 when node n is in out[0 .. len). */
static int hl_listed(const uint16_t *out, int len, int n) {
    for (int i = 0; i < len; i++)
        if (out[i] == n) return 1;
    return 0;
}

/* The direct implications of a plain node in HoDoKu's order (Python's _Grid.direct): the other
 * candidates of its cell, then the digit in its row, column and box, then group nodes; each
 * node once, where it first comes (Python's unique pass: the repeats are the box mates that
 * share the row or column, a conjugate twice, and a group reached through box and line). */
static int hl_direct(const hl_tables *t, int node, uint16_t *out) {
    int c = t->ncell[node], d = t->ndigit[node], on = hl_on(node), len = 0;
    unsigned others = t->masks[c] & ~(1u << (d - 1));
    if (on) {
        for (unsigned m = others; m; m &= m - 1) hl_push(out, &len, hl_node(c, sk_low_digit(m), 0));
    } else if (others && !(others & (others - 1))) {
        hl_push(out, &len, hl_node(c, sk_low_digit(others), 1));
    }
    for (int kind = 0; kind < 3; kind++) {
        int u = kCellUnits[c][kind];
        int count = t->free[u][d];
        if (count < 2) continue;
        for (int i = 0; i < 9; i++) {
            int q = kUnitCells[u][i];
            if (q == c || !hl_has(t, q, d)) continue;
            if (on) {   /* a box mate in the row or column is already there */
                if (kind != BOX || (row_of(q) != row_of(c) && col_of(q) != col_of(c)))
                    hl_push(out, &len, hl_node(q, d, 0));
            } else {
                if (count == 2 && !hl_listed(out, len, hl_node(q, d, 1))) hl_push(out, &len, hl_node(q, d, 1));
                break;  /* only the smallest mate, and only for a conjugate pair */
            }
        }
    }
    for (int i = 0; i < t->n_dgroups[d]; i++) {   /* Python's _to_groups (none when not grouped) */
        int k = t->dgroups[d][i];
        const hl_group *g = &t->groups[k];
        if (on) {
            if (sk_cells_has(g->buddies, c)) hl_push(out, &len, hl_group_node(k, 0));
        } else {
            sk_cells seen = sk_cells_and(g->buddies, t->cells[d]), me = sk_cells_one(c);
            const int units[2] = {g->box, g->line};
            for (int j = 0; j < 2; j++) {
                sk_cells rest = sk_cells_and(seen, t->unit[units[j]]);
                if (rest.w[0] == me.w[0] && rest.w[1] == me.w[1] &&
                    !(len && out[len - 1] == hl_group_node(k, 1)))
                    hl_push(out, &len, hl_group_node(k, 1));
            }
        }
    }
    return len;
}

/* The direct implications of the k-th group node set (on) or removed (Python's _group_links;
 * it keeps repeats, which a table ignores). */
static int hl_group_links(const hl_tables *t, int k, int on, uint16_t *out) {
    const hl_group *g = &t->groups[k];
    int d = g->digit, len = 0;
    sk_cells seen = sk_cells_and(g->buddies, t->cells[d]);
    uint8_t list[81];
    if (on) {
        int n = sk_cells_list(seen, list);
        for (int i = 0; i < n && len < HL_MAX_LINKS; i++) out[len++] = (uint16_t)hl_node(list[i], d, 0);
    } else {
        const int units[2] = {g->box, g->line};
        for (int i = 0; i < 2; i++) {
            sk_cells rest = sk_cells_and(seen, t->unit[units[i]]);
            if (sk_cells_count(rest) == 1 && len < HL_MAX_LINKS) out[len++] = (uint16_t)hl_node(sk_cells_first(rest), d, 1);
        }
    }
    const int lines[2] = {g->line, g->box};
    int mates[2][64], n_mates[2] = {0, 0};
    for (int x = 0; x < t->n_dgroups[d]; x++) {
        int j = t->dgroups[d][x];
        const hl_group *h = &t->groups[j];
        if (j == k || !sk_cells_empty(sk_cells_and(h->set, g->set))) continue;
        for (int i = 0; i < 2; i++) {
            if (lines[i] != h->line && lines[i] != h->box) continue;
            if (n_mates[i] < 64) mates[i][n_mates[i]++] = j;
            if (on && len < HL_MAX_LINKS) out[len++] = (uint16_t)hl_group_node(j, 0);
        }
    }
    if (!on)
        for (int i = 0; i < 2; i++) {
            if (n_mates[i] != 1) continue;
            const hl_group *h = &t->groups[mates[i][0]];
            sk_cells rest = sk_cells_minus(sk_cells_and(t->cells[d], t->unit[lines[i]]), sk_cells_or(g->set, h->set));
            if (sk_cells_empty(rest) && len < HL_MAX_LINKS) out[len++] = (uint16_t)hl_group_node(mates[i][0], 1);
        }
    return len;
}

/* See hodoku9_tables.h. */
void hk_tables_init(hl_tables *t, const uint16_t masks[81], int grouped) {
    memcpy(t->masks, masks, sizeof t->masks);
    memset(t->cells, 0, sizeof t->cells);
    memset(t->unit, 0, sizeof t->unit);
    memset(t->free, 0, sizeof t->free);
    for (int c = 0; c < 81; c++) {
        t->peers[c] = peer_cells(c);
        for (int d = 1; d <= 9; d++)
            if (hl_has(t, c, d)) sk_cells_add(&t->cells[d], c);
    }
    for (int u = 0; u < 27; u++) {
        t->unit[u] = kUnitSet[u];
        for (int d = 1; d <= 9; d++) t->free[u][d] = (uint8_t)sk_cells_count(sk_cells_and(t->cells[d], t->unit[u]));
    }
    t->n_groups = 0;
    memset(t->n_dgroups, 0, sizeof t->n_dgroups);
    if (grouped) hl_groups_build(t);
    uint32_t used = 0;
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++)
            for (int on = 0; on < 2; on++) {
                int n = hl_node(c, d, on);
                t->ncell[n] = (uint8_t)c;
                t->ndigit[n] = (uint8_t)d;
                t->first[n] = used;
                if (hl_has(t, c, d)) used += (uint32_t)hl_direct(t, n, t->edges + used);
            }
    for (int k = 0; k < t->n_groups; k++)
        for (int on = 0; on < 2; on++) {
            int n = hl_group_node(k, on);
            t->ncell[n] = t->groups[k].cells[0];
            t->ndigit[n] = t->groups[k].digit;
            t->first[n] = used;
            used += (uint32_t)hl_group_links(t, k, on, t->edges + used);
        }
    t->first[hl_group_node(t->n_groups, 0)] = used;
    memset(t->stamp, 0, sizeof t->stamp);
    t->gen = 0;
}

/* Fill the table of `premise`: every implication breadth first (premise first) into order[],
 * each one's predecessor into parent[]; returns how many. */
static int hl_table(hl_tables *t, int premise) {
    uint32_t gen = ++t->gen;
    int len = 0;
    t->order[len++] = (uint16_t)premise;
    t->stamp[premise] = gen;
    t->parent[premise] = (uint16_t)premise;
    for (int k = 0; k < len; k++) {
        int node = t->order[k];
        for (uint32_t i = t->first[node]; i < t->first[node + 1]; i++) {
            int n = t->edges[i];
            if (t->stamp[n] == gen) continue;
            t->stamp[n] = gen;
            t->parent[n] = (uint16_t)node;
            t->order[len++] = (uint16_t)n;
        }
    }
    return len;
}

/* The chain of the current table from its premise to `end` into chain[]; returns its length. */
static int hl_chain(hl_tables *t, int end) {
    int len = 0;
    for (int n = end;; n = t->parent[n]) {
        t->chain[len++] = (uint16_t)n;
        if (t->parent[n] == n) break;
    }
    for (int i = 0, j = len - 1; i < j; i++, j--) {
        uint16_t x = t->chain[i];
        t->chain[i] = t->chain[j];
        t->chain[j] = x;
    }
    return len;
}

/* ---- loops and AICs -------------------------------------------------------------------- */

/* Eliminations as a set of (digit, cell): bit (d-1)*81 + c, so ascending bits are HoDoKu's
 * digit-by-digit order (729 candidates, not bits.h's 81 cells). */
typedef struct {
    uint64_t w[12];
} elimset;

/* Add the elimination of d from c. */
static inline void es_add(elimset *e, int c, int d) {
    int i = (d - 1) * 81 + c;
    e->w[i >> 6] |= 1ull << (i & 63);
}

/* Add d in every cell of s. */
static void es_add_cells(elimset *e, sk_cells s, int d) {
    uint8_t list[81];
    int n = sk_cells_list(s, list);
    for (int i = 0; i < n; i++) es_add(e, list[i], d);
}

/* Add every candidate of cell c but the digits in `keep` (a mask). */
static void es_add_others(elimset *e, const hl_tables *t, int c, unsigned keep) {
    for (unsigned m = t->masks[c] & ~keep; m; m &= m - 1) es_add(e, c, sk_low_digit(m));
}

/* 1 when the chain comes back to a cell it left (a nice loop may come back to its start). */
static int hl_lasso(const hl_tables *t, const uint16_t *chain, int len, int aic) {
    sk_cells seen = {{0, 0}};
    int first = t->ncell[chain[0]], last = -1;
    for (int k = 0; k < len; k++) {
        int cell = t->ncell[chain[k]];
        if (sk_cells_has(seen, cell)) return 1;
        if (last != -1 && (last != first || aic)) seen = sk_cells_or(seen, hl_node_cells(t, chain[k - 1]));
        last = cell;
    }
    return 0;
}

/* The eliminations of a continuous nice loop along the chain (Python's _continuous). */
static void hl_continuous(const hl_tables *t, const uint16_t *chain, int len, int both_strong, elimset *e) {
    sk_cells on_chain = {{0, 0}};
    for (int i = 0; i < len; i++) on_chain = sk_cells_or(on_chain, hl_node_cells(t, chain[i]));
    int n = len - 1;
    for (int i = 0; i <= n; i++) {
        int node = chain[i], cell = t->ncell[node];
        if (i == 0 && both_strong) {
            es_add_others(e, t, cell, 1u << (t->ndigit[chain[0]] - 1) | 1u << (t->ndigit[chain[n]] - 1));
        } else if (i > 0 && hl_on(node) && i <= n - 2 && t->ncell[chain[i - 1]] != cell &&
                   !hl_on(chain[i + 1]) && t->ncell[chain[i + 1]] == cell && hl_on(chain[i + 2]) &&
                   t->ncell[chain[i + 2]] != cell) {
            es_add_others(e, t, cell, 1u << (t->ndigit[node] - 1) | 1u << (t->ndigit[chain[i + 2]] - 1));
        }
        if (i > 0 && !hl_on(node) && t->ncell[chain[i - 1]] != cell) {
            int d = t->ndigit[node];
            sk_cells both = sk_cells_minus(sk_cells_and(hl_buddies(t, chain[i - 1]), hl_buddies(t, node)), on_chain);
            es_add_cells(e, sk_cells_and(both, t->cells[d]), d);
        }
    }
}

/* The type and eliminations of the nice loop in the chain (premise back to its cell): the
 * type's index (1 discontinuous, 2 continuous, 0 none). */
static int hl_loop_elims(const hl_tables *t, const uint16_t *chain, int len, elimset *e) {
    int premise = chain[0], end = chain[len - 1];
    int first_strong = !hl_on(premise), last_strong = hl_on(end);
    int start = t->ncell[premise], a = t->ndigit[premise], b = t->ndigit[end];
    if (!first_strong && !last_strong && a == b) {
        es_add(e, start, a);
        return 1;
    }
    if (first_strong && last_strong && a == b) {
        es_add_others(e, t, start, 1u << (a - 1));
        return 1;
    }
    if (first_strong != last_strong && a != b) {
        es_add(e, start, first_strong ? b : a);
        return 1;
    }
    if (!first_strong && !last_strong && sk_popcount(t->masks[start]) != 2) return 0;
    hl_continuous(t, chain, len, first_strong && last_strong, e);
    return 2;
}

/* 1 when HoDoKu checks `end` as the end of an AIC from the removed `premise`. */
static int hl_aic_end(const hl_tables *t, int premise, int end) {
    int start = t->ncell[premise], a = t->ndigit[premise], stop = t->ncell[end], b = t->ndigit[end];
    if (!hl_on(end) || hl_grouped(end) || stop == start) return 0;
    if (a == b) return sk_cells_count(sk_cells_and(sk_cells_and(t->peers[start], t->peers[stop]), t->cells[a])) >= 2;
    return sk_cells_has(t->peers[start], stop) && hl_has(t, stop, a) && hl_has(t, start, b);
}

/* The eliminations of the AIC from the removed `premise` to the set `end`. */
static void hl_aic_elims(const hl_tables *t, int premise, int end, elimset *e) {
    int start = t->ncell[premise], a = t->ndigit[premise], stop = t->ncell[end], b = t->ndigit[end];
    if (a == b) {
        sk_cells both = sk_cells_and(sk_cells_and(t->peers[start], t->peers[stop]), t->cells[a]);
        if (sk_cells_count(both) > 1) es_add_cells(e, both, a);
        return;
    }
    if (hl_has(t, start, b)) es_add(e, start, b);
    if (hl_has(t, stop, a)) es_add(e, stop, a);
}

/* The best loop so far: HoDoKu's key (most eliminations, then smallest weighted sum). */
typedef struct {
    int found, n;
    long long weighted;
} hl_best;

/* Keep the chain's loop as the step in *out when its eliminations beat the best so far (ties
 * keep the first found, as Python's dedup-then-min does).  type: 1 discontinuous, 2
 * continuous, 3 AIC. */
static void hl_offer(const hl_tables *t, const uint16_t *chain, int len, int type, const elimset *e,
                     hl_best *best, sk_step *out) {
    int n = 0;
    long long weighted = 0;
    for (int w = 0; w < 12; w++)
        for (uint64_t x = e->w[w]; x; x &= x - 1) {
            int i = w * 64 + __builtin_ctzll(x), c = i % 81, d = i / 81 + 1;
            weighted += (long long)c * (1 + 80 * n) + d;
            n++;
        }
    if (!n) return;
    if (best->found && (n < best->n || (n == best->n && weighted >= best->weighted))) return;
    best->found = 1;
    best->n = n;
    best->weighted = weighted;
    int grouped = 0;
    for (int i = 0; i < len; i++) grouped |= hl_grouped(chain[i]);
    static const char *const names[2][4] = {
        {"", "Discontinuous Nice Loop", "Continuous Nice Loop", "AIC"},
        {"", "Grouped Discontinuous Nice Loop", "Grouped Continuous Nice Loop", "Grouped AIC"},
    };
    sk_step_start(out, out->kind, names[grouped][type]);
    for (int w = 0; w < 12; w++)
        for (uint64_t x = e->w[w]; x; x &= x - 1) {
            int i = w * 64 + __builtin_ctzll(x);
            sk_step_elim(out, i % 81, i / 81 + 1);
        }
    sk_cells seen = {{0, 0}};
    for (int i = 0; i < len; i++) {
        uint8_t list[3];
        int m = hl_grouped(chain[i]) ? sk_cells_list(hl_node_cells(t, chain[i]), list)
                                     : (list[0] = t->ncell[chain[i]], 1);
        for (int j = 0; j < m; j++)
            if (!sk_cells_has(seen, list[j])) {
                sk_cells_add(&seen, list[j]);
                sk_step_cell(out, list[j]);
            }
    }
}

/* Offer the nice loops of the current table (implications back in the premise's cell). */
static void hl_check_loops(hl_tables *t, int len, hl_best *best, sk_step *out) {
    int start = t->ncell[t->order[0]];
    for (int k = 1; k < len; k++) {
        int end = t->order[k];
        if (hl_grouped(end) || t->ncell[end] != start) continue;
        int n = hl_chain(t, end);
        const uint16_t *ch = t->chain;
        if (n <= 2 || t->ncell[ch[n - 1]] == t->ncell[ch[n - 2]] || hl_lasso(t, ch, n, 0)) continue;
        if (t->ncell[ch[0]] == t->ncell[ch[1]]) continue;
        elimset e = {{0}};
        int type = hl_loop_elims(t, ch, n, &e);
        if (type) hl_offer(t, ch, n, type, &e, best, out);
    }
}

/* Offer the AICs of the current table (its premise removes a candidate). */
static void hl_check_aics(hl_tables *t, int len, hl_best *best, sk_step *out) {
    int premise = t->order[0];
    for (int k = 1; k < len; k++) {
        int end = t->order[k];
        if (!hl_aic_end(t, premise, end)) continue;
        int n = hl_chain(t, end);
        if (n <= 2) continue;
        elimset e = {{0}};
        hl_aic_elims(t, premise, end, &e);
        if (!hl_lasso(t, t->chain, n, 1)) hl_offer(t, t->chain, n, 3, &e, best, out);
    }
}

/* HoDoKu's NICE_LOOP or GROUPED_NICE_LOOP step (out->kind; grouped: with group nodes, and it
 * may take a loop without them too), a nice loop or AIC as Python's nice_loop: tables of every
 * "on" premise, then every "off" one; loops from all of them come before the AICs (which only
 * "off" tables give), so a tie between a loop and an AIC keeps the loop. */
static int hl_search(hk_board *board, sk_step *out, hm_ctx *ctx) {
    int kind = out->kind, grouped = kind == HK_GROUPED_NICE_LOOP;
    struct {
        hl_tables t;
        sk_step aic;   /* the best AIC so far (the best loop goes straight into *out) */
    } *mem = malloc(sizeof *mem);
    if (!mem) {  /* no memory: give up as if time were up, never a silently wrong path */
        ctx->expired = 1;
        return 0;
    }
    hl_tables *t = &mem->t;
    sk_step *aic = &mem->aic;
    hk_tables_init(t, board->masks, grouped);
    hl_best loops = {0, 0, 0}, aics = {0, 0, 0};
    out->kind = aic->kind = kind;
    for (int on = 1; on >= 0; on--)
        for (int c = 0; c < 81; c++)
            for (unsigned m = t->masks[c]; m; m &= m - 1) {
                if (hm_check_deadline(ctx)) {
                    free(mem);
                    return 0;
                }
                int len = hl_table(t, hl_node(c, sk_low_digit(m), on));
                hl_check_loops(t, len, &loops, out);
                if (!on) hl_check_aics(t, len, &aics, aic);
            }
    int found = loops.found || aics.found;
    if (aics.found && (!loops.found || aics.n > loops.n || (aics.n == loops.n && aics.weighted < loops.weighted)))
        sk_step_copy(out, aic);
    free(mem);
    return found;
}

hk_finder hk_loops_finder(int kind) {
    return kind == HK_NICE_LOOP || kind == HK_GROUPED_NICE_LOOP ? hl_search : NULL;
}
