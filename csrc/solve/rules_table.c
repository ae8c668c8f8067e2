/* rules_table.c - the generic rules solver's table: a spec (regions, differ pairs,
 * non-consecutive pairs, sum cages) checked and compiled once into the read-only lists and
 * bitboards the searches read (see rules.c, "The table"). */
#include "solve/rules_internal.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int skr_table_n(const skr_table *t) { return t->n; }
int skr_table_ncells(const skr_table *t) { return t->ncells; }

void skr_table_free(skr_table *t) {
    if (!t) return;
    free(t->peer_start);
    free(t->peers);
    free(t->adj_start);
    free(t->adj);
    free(t->adj_peer);
    free(t->peer_bits);
    free(t->full_cells);
    free(t->cf_start);
    free(t->cf_unit);
    free(t->cf_pos);
    free(t->sum_start);
    free(t->sum_cells);
    free(t->sum_total);
    free(t->cc_start);
    free(t->cell_cage);
    free(t->combo_start);
    free(t->combos);
    free(t->small);
    free(t);
}

static void *fail_with(char *error, size_t size, const char *message, long a, long b) {
    if (error && size) snprintf(error, size, message, a, b);
    return NULL;
}

/* Check one list of cells (a region or a cage): in range, no cell twice, at most n.
 * `stamp` holds ncells ints, `tag` is a value not yet used in it. */
static int check_list(const int *cells, int count, int n, int ncells, int *stamp, int tag, const char *what,
                      int index, char *error, size_t size) {
    char message[96];
    if (count > n) {
        snprintf(message, sizeof message, "%s %%ld has %%ld cells, more than n = %d", what, n);
        fail_with(error, size, message, index, count);
        return 0;
    }
    for (int i = 0; i < count; i++) {
        int c = cells[i];
        if (c < 0 || c >= ncells) {
            snprintf(message, sizeof message, "%s %%ld: cell %%ld out of range 0..%d", what, ncells - 1);
            fail_with(error, size, message, index, c);
            return 0;
        }
        if (stamp[c] == tag) {
            snprintf(message, sizeof message, "%s %%ld: cell %%ld appears twice", what);
            fail_with(error, size, message, index, c);
            return 0;
        }
        stamp[c] = tag;
    }
    return 1;
}

static int check_pairs(const int *pairs, int count, int ncells, const char *what, char *error, size_t size) {
    char message[96];
    for (int i = 0; i < count; i++) {
        int a = pairs[2 * i], b = pairs[2 * i + 1];
        if (a < 0 || a >= ncells || b < 0 || b >= ncells) {
            snprintf(message, sizeof message, "%s pair %%ld: a cell out of range 0..%d (%%ld)", what, ncells - 1);
            fail_with(error, size, message, i, a < 0 || a >= ncells ? a : b);
            return 0;
        }
        if (a == b) {
            snprintf(message, sizeof message, "%s pair %%ld joins cell %%ld to itself", what);
            fail_with(error, size, message, i, a);
            return 0;
        }
    }
    return 1;
}

/* The digit sets of n <= 16 digits, bucketed by (size, sum of digits 1..n). */
static int build_combos(skr_table *t) {
    int n = t->n, buckets = (n + 1) * (t->maxsum + 1);
    uint32_t subsets = (uint32_t)1 << n;
    t->combo_start = (int *)calloc((size_t)buckets + 1, sizeof(int));
    t->combos = (uint16_t *)malloc(subsets * sizeof(uint16_t));
    if (!t->combo_start || !t->combos) return 0;
    /* count, prefix, then place: a counting sort by bucket */
    for (uint32_t m = 0; m < subsets; m++) {
        int sum = 0;
        for (uint32_t w = m; w; w &= w - 1) sum += lowest_bit(w) + 1;
        t->combo_start[sk_popcount(m) * (t->maxsum + 1) + sum + 1]++;
    }
    for (int b = 0; b < buckets; b++) t->combo_start[b + 1] += t->combo_start[b];
    int *fill = (int *)malloc((size_t)buckets * sizeof(int));
    if (!fill) return 0;
    memcpy(fill, t->combo_start, (size_t)buckets * sizeof(int));
    for (uint32_t m = 0; m < subsets; m++) {
        int sum = 0;
        for (uint32_t w = m; w; w &= w - 1) sum += lowest_bit(w) + 1;
        t->combos[fill[sk_popcount(m) * (t->maxsum + 1) + sum]++] = (uint16_t)m;
    }
    free(fill);
    return 1;
}

/* The bitboard tables of a spec with at most 128 cells, 16 digits, 64 full regions and no sums. */
static int build_small(skr_table *t) {
    Small *sm = (Small *)calloc(1, sizeof(Small));
    if (!sm) return 0;
    for (int p = 0; p < t->ncells; p++) {
        cells_add(&sm->all, p);
        for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++) cells_add(&sm->peers[p], t->peers[i]);
        for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) {
            cells_add(&sm->adj[p], t->adj[i]);
            cells_add(t->adj_peer[i] ? &sm->adj_peer[p] : &sm->adj_apart[p], t->adj[i]);
            sm->has_adj = 1;
        }
    }
    for (int r = 0; r < t->nfull; r++)
        for (int k = 0; k < t->n; k++) {
            int p = t->full_cells[r * t->n + k];
            cells_add(&sm->region[r], p);
            sm->in_full[p] |= bit_at(r);
        }
    for (int p = 0; p < t->ncells; p++) {
        for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++) sm->peer_full[p] |= sm->in_full[t->peers[i]];
        for (int i = t->adj_start[p]; i < t->adj_start[p + 1]; i++) sm->adj_full[p] |= sm->in_full[t->adj[i]];
    }
    t->small = sm;
    return 1;
}

skr_table *skr_table_new(const skr_spec *sp, char *error, size_t esize) {
    if (error && esize) error[0] = 0;
    int n = sp->n, ncells = sp->ncells;
    if (n < 2 || n > SKR_MAX_N) return fail_with(error, esize, "n must be from 2 to 64, not %ld", n, 0);
    if (ncells < 1 || ncells > SKR_MAX_CELLS)
        return fail_with(error, esize, "ncells must be from 1 to 4096, not %ld", ncells, 0);
    if (sp->nregions < 0 || sp->ndiffer < 0 || sp->nadjacent < 0 || sp->ncages < 0)
        return fail_with(error, esize, "negative list count", 0, 0);
    int *stamp = (int *)malloc((size_t)ncells * sizeof(int));
    int *deg = (int *)calloc((size_t)ncells + 1, sizeof(int));
    skr_table *t = (skr_table *)calloc(1, sizeof(skr_table));
    int *edge_start = NULL;
    uint16_t *edges = NULL;
    if (!stamp || !deg || !t) goto nomem;
    for (int i = 0; i < ncells; i++) stamp[i] = -1;
    t->n = n;
    t->ncells = ncells;
    t->full = low_bits(n);
    t->maxsum = n * (n + 1) / 2;

    /* check every list; count the full regions, the sum cages and each cell's edges (a
     * bounded number of them, so that no int offset can overflow) */
    int tag = 0;
    long long work = (long long)sp->nadjacent * 2;
    for (int r = 0; r < sp->nregions; r++) {
        int k = sp->region_start[r + 1] - sp->region_start[r];
        if (k < 0) {
            fail_with(error, esize, "region %ld has a negative length", r, 0);
            goto bad;
        }
        /* an empty list may come as a NULL array: no pointer arithmetic on it */
        if (k && !check_list(sp->region_cells + sp->region_start[r], k, n, ncells, stamp, tag++, "region", r,
                             error, esize))
            goto bad;
        if (k == n) t->nfull++;
        if ((work += (long long)k * k + 1) > SKR_MAX_WORK) goto too_big;
        for (int i = 0; i < k; i++) deg[sp->region_cells[sp->region_start[r] + i]] += k - 1;
    }
    for (int c = 0; c < sp->ncages; c++) {
        int k = sp->cage_start[c + 1] - sp->cage_start[c];
        if (k < 0) {
            fail_with(error, esize, "cage %ld has a negative length", c, 0);
            goto bad;
        }
        if (k && !check_list(sp->cage_cells + sp->cage_start[c], k, n, ncells, stamp, tag++, "cage", c, error,
                             esize))
            goto bad;
        if (sp->cage_total[c] < 0) {
            fail_with(error, esize, "cage %ld has a negative total %ld", c, sp->cage_total[c]);
            goto bad;
        }
        if (sp->cage_total[c] > 0) t->nsum++;
        if ((work += (long long)k * k + 1) > SKR_MAX_WORK) goto too_big;
        for (int i = 0; i < k; i++) deg[sp->cage_cells[sp->cage_start[c] + i]] += k - 1;
    }
    if (!check_pairs(sp->differ, sp->ndiffer, ncells, "differ", error, esize) ||
        !check_pairs(sp->adjacent, sp->nadjacent, ncells, "adjacent", error, esize))
        goto bad;
    if ((work += 2LL * sp->ndiffer) > SKR_MAX_WORK) goto too_big;
    for (int i = 0; i < sp->ndiffer; i++) {
        deg[sp->differ[2 * i]]++;
        deg[sp->differ[2 * i + 1]]++;
    }

    /* peers: every edge, then each cell's list without repeats (a bounded number of them: a
     * huge spec is refused rather than overflowing the int offsets) */

    edge_start = (int *)malloc(((size_t)ncells + 1) * sizeof(int));
    if (!edge_start) goto nomem;
    edge_start[0] = 0;
    for (int p = 0; p < ncells; p++) edge_start[p + 1] = edge_start[p] + deg[p];
    edges = (uint16_t *)malloc(((size_t)edge_start[ncells] + 1) * sizeof(uint16_t));
    if (!edges) goto nomem;
    for (int p = 0; p < ncells; p++) deg[p] = edge_start[p]; /* now the fill position */
    for (int pass = 0; pass < 2; pass++) {
        int count = pass ? sp->ncages : sp->nregions;
        const int *start = pass ? sp->cage_start : sp->region_start;
        const int *cells = pass ? sp->cage_cells : sp->region_cells;
        for (int r = 0; r < count; r++)
            for (int i = start[r]; i < start[r + 1]; i++)
                for (int j = start[r]; j < start[r + 1]; j++)
                    if (i != j) edges[deg[cells[i]]++] = (uint16_t)cells[j];
    }
    for (int i = 0; i < sp->ndiffer; i++) {
        int a = sp->differ[2 * i], b = sp->differ[2 * i + 1];
        edges[deg[a]++] = (uint16_t)b;
        edges[deg[b]++] = (uint16_t)a;
    }
    t->peer_start = (int *)malloc(((size_t)ncells + 1) * sizeof(int));
    t->peers = (uint16_t *)malloc(((size_t)edge_start[ncells] + 1) * sizeof(uint16_t));
    if (!t->peer_start || !t->peers) goto nomem;
    for (int i = 0; i < ncells; i++) stamp[i] = -1;
    int np = 0;
    for (int p = 0; p < ncells; p++) {
        t->peer_start[p] = np;
        for (int e = edge_start[p]; e < edge_start[p + 1]; e++)
            if (stamp[edges[e]] != p) {
                stamp[edges[e]] = p;
                t->peers[np++] = edges[e];
            }
    }
    t->peer_start[ncells] = np;
    t->words = (ncells + 63) / 64;
    t->peer_bits = (uint64_t *)calloc((size_t)ncells * (size_t)t->words, sizeof(uint64_t));
    if (!t->peer_bits) goto nomem;
    for (int p = 0; p < ncells; p++)
        for (int i = t->peer_start[p]; i < t->peer_start[p + 1]; i++)
            t->peer_bits[(size_t)p * (size_t)t->words + t->peers[i] / 64] |= bit_at(t->peers[i] % 64);

    /* adjacency (non-consecutive), both ways, repeats kept (harmless) */
    t->adj_start = (int *)calloc((size_t)ncells + 1, sizeof(int));
    t->adj = (uint16_t *)malloc(((size_t)2 * sp->nadjacent + 1) * sizeof(uint16_t));
    if (!t->adj_start || !t->adj) goto nomem;
    for (int i = 0; i < 2 * sp->nadjacent; i++) t->adj_start[sp->adjacent[i] + 1]++;
    for (int p = 0; p < ncells; p++) t->adj_start[p + 1] += t->adj_start[p];
    for (int p = 0; p < ncells; p++) deg[p] = t->adj_start[p];
    t->adj_peer = (uint8_t *)malloc((size_t)2 * sp->nadjacent + 1);
    if (!t->adj_peer) goto nomem;
    for (int i = 0; i < sp->nadjacent; i++) {
        int a = sp->adjacent[2 * i], b = sp->adjacent[2 * i + 1];
        uint8_t peer = is_peer(t, a, b);
        t->adj_peer[deg[a]] = peer;
        t->adj[deg[a]++] = (uint16_t)b;
        t->adj_peer[deg[b]] = peer;
        t->adj[deg[b]++] = (uint16_t)a;
    }

    /* full regions and each cell's (region, position) pairs */
    t->full_cells = (uint16_t *)malloc(((size_t)t->nfull * n + 1) * sizeof(uint16_t));
    t->cf_start = (int *)calloc((size_t)ncells + 1, sizeof(int));
    t->cf_unit = (uint32_t *)malloc(((size_t)t->nfull * n + 1) * sizeof(uint32_t));
    t->cf_pos = (uint8_t *)malloc((size_t)t->nfull * n + 1);
    if (!t->full_cells || !t->cf_start || !t->cf_unit || !t->cf_pos) goto nomem;
    for (int r = 0, f = 0; r < sp->nregions; r++) {
        if (sp->region_start[r + 1] - sp->region_start[r] != n) continue;
        for (int k = 0; k < n; k++) {
            int c = sp->region_cells[sp->region_start[r] + k];
            t->full_cells[f * n + k] = (uint16_t)c;
            t->cf_start[c + 1]++;
        }
        f++;
    }
    for (int p = 0; p < ncells; p++) t->cf_start[p + 1] += t->cf_start[p];
    for (int p = 0; p < ncells; p++) deg[p] = t->cf_start[p];
    for (int f = 0; f < t->nfull; f++)
        for (int k = 0; k < n; k++) {
            int c = t->full_cells[f * n + k];
            t->cf_unit[deg[c]] = (uint32_t)f;
            t->cf_pos[deg[c]++] = (uint8_t)k;
        }

    /* sum cages (the spec's, then one "innie" cage per full region, see below) and each
     * cell's list of them */
    int room = t->nsum + (t->nsum ? t->nfull : 0);
    t->sum_start = (int *)malloc(((size_t)room + 1) * sizeof(int));
    t->sum_total = (int *)malloc(((size_t)room + 1) * sizeof(int));
    t->sum_cells = (uint16_t *)malloc(((size_t)room * n + 1) * sizeof(uint16_t));
    t->cc_start = (int *)calloc((size_t)ncells + 1, sizeof(int));
    if (!t->sum_start || !t->sum_total || !t->sum_cells || !t->cc_start) goto nomem;
    int ns = 0, nc = 0;
    t->sum_start[0] = 0;
    for (int c = 0; c < sp->ncages; c++) {
        if (sp->cage_total[c] <= 0) continue;
        for (int i = sp->cage_start[c]; i < sp->cage_start[c + 1]; i++) {
            t->sum_cells[nc++] = (uint16_t)sp->cage_cells[i];
            t->cc_start[sp->cage_cells[i] + 1]++;
        }
        t->sum_total[ns] = sp->cage_total[c];
        t->sum_start[++ns] = nc;
    }
    /* Innies (Killer's "45 rule"): a full region sums to n(n+1)/2, so once the sum cages
     * lying wholly inside it (and not overlapping) are taken away, its other cells sum to
     * the rest: one more cage of different digits.  stamp marks the region's cells, deg the
     * cells covered by its inner cages (both with the region's number). */
    if (t->nsum) {
        for (int i = 0; i < ncells; i++) stamp[i] = deg[i] = -1;
        int spec_sums = ns;
        for (int f = 0; f < t->nfull; f++) {
            const uint16_t *cells = t->full_cells + f * n;
            for (int k = 0; k < n; k++) stamp[cells[k]] = f;
            long long inside = 0;
            int ok = 1;
            for (int c = 0; c < spec_sums && ok; c++) {
                int all = 1;
                for (int i = t->sum_start[c]; i < t->sum_start[c + 1] && all; i++) all = stamp[t->sum_cells[i]] == f;
                if (!all) continue;
                for (int i = t->sum_start[c]; i < t->sum_start[c + 1]; i++) {
                    if (deg[t->sum_cells[i]] == f) ok = 0; /* overlapping cages: no innies */
                    deg[t->sum_cells[i]] = f;
                }
                inside += t->sum_total[c];
            }
            int left = 0;
            for (int k = 0; k < n; k++) left += deg[cells[k]] != f;
            if (!ok || left == 0 || left == n) continue;
            for (int k = 0; k < n; k++)
                if (deg[cells[k]] != f) {
                    t->sum_cells[nc++] = cells[k];
                    t->cc_start[cells[k] + 1]++;
                }
            long long rest = (long long)t->maxsum - inside;
            t->sum_total[ns] = rest > 0 ? (int)rest : t->maxsum + 1; /* maxsum + 1: impossible */
            t->sum_start[++ns] = nc;
        }
        t->nsum = ns;
    }
    for (int p = 0; p < ncells; p++) t->cc_start[p + 1] += t->cc_start[p];
    t->cell_cage = (uint32_t *)malloc(((size_t)nc + 1) * sizeof(uint32_t));
    if (!t->cell_cage) goto nomem;
    for (int p = 0; p < ncells; p++) deg[p] = t->cc_start[p];
    for (int c = 0; c < t->nsum; c++)
        for (int i = t->sum_start[c]; i < t->sum_start[c + 1]; i++)
            t->cell_cage[deg[t->sum_cells[i]]++] = (uint32_t)c;
    if (t->nsum && n <= 16 && !build_combos(t)) goto nomem;
    if (SKR_SMALL && n <= 16 && ncells <= SKR_SMALL_CELLS && t->nfull <= 64 && t->nsum == 0 &&
        (SKR_SMALL_ADJ || sp->nadjacent == 0) && !build_small(t))
        goto nomem;

    free(stamp);
    free(deg);
    free(edge_start);
    free(edges);
    return t;
too_big:
    fail_with(error, esize, "the spec is too large (more than %ld cell pairs and list entries)", SKR_MAX_WORK, 0);
    goto bad;
nomem:
    fail_with(error, esize, "out of memory", 0, 0);
bad:
    free(stamp);
    free(deg);
    free(edge_start);
    free(edges);
    skr_table_free(t);
    return NULL;
}
