/* constraints_table.c - the constraint solver's table: a spec of primitives checked (every
 * cell, mask, weight, state in range, every data block of its kind's length) and compiled once
 * into the read-only arrays the searches read (constraints_internal.h). */
#include "solve/constraints_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most working memory (64-bit words) one primitive's prune may need: 64 MB. */
#define SKC_MAX_SCRATCH ((size_t)1 << 23)

/* Weights and digit values beyond this are refused (their sums must fit comfortably). */
#define SKC_MAX_VALUE 1000000

int skc_table_n(const skc_table *t) { return t->n; }
int skc_table_ncells(const skc_table *t) { return t->ncells; }

void skc_table_free(skc_table *t) {
    if (!t) return;
    free(t->digits);
    free(t->kind);
    free(t->cstart);
    free(t->cells);
    free(t->dstart);
    free(t->data);
    free(t->astart);
    free(t->aux);
    free(t->words);
    free(t->sum_base);
    free(t->ncombo);
    free(t->is_unit);
    free(t->settles);
    free(t->implied);
    free(t->weight0);
    free(t->digit_slots);
    free(t->watch_start);
    free(t->watch);
    free(t->unit_cells);
    free(t->cu_start);
    free(t->cu_unit);
    free(t->cu_pos);
    free(t->peer_start);
    free(t->peers);
    free(t->peer_bits);
    free(t->root_cand);
    free(t);
}

static void *refuse(char *error, size_t size, const char *format, ...) {
    if (error && size) {
        va_list args;
        va_start(args, format);
        vsnprintf(error, size, format, args);
        va_end(args);
    }
    return NULL;
}

/* The number of digit sets primitive p of the spec keeps (-1: it prunes without them). */
static long combos_of(const skc_spec *s, int p, uint64_t *out) {
    int k = s->cell_start[p + 1] - s->cell_start[p];
    const int64_t *d = s->data + s->data_start[p];
    if (s->kind[p] != SKC_SUM || !d[1] || s->n > 16 || k < 1 || k > s->n) return -1;
    for (int i = 1; i < k; i++)
        if (d[2 + i] != d[2]) return -1;
    return skc_combos(s->digits, s->n, k, d[2], d[0], out);
}

long skc_combos(const int64_t *digits, int n, int k, int64_t weight, int64_t total, uint64_t *out) {
    long count = 0;
    uint64_t last = ((uint64_t)1 << n) - 1;
    for (uint64_t m = ((uint64_t)1 << k) - 1; m <= last && m; ) { /* every k-subset (Gosper) */
        int64_t sum = 0;
        for (uint64_t w = m; w; w &= w - 1) sum += digits[__builtin_ctzll(w)];
        if (sum * weight == total) {
            if (count >= SKC_MAX_COMBOS) return -1;
            if (out) out[count] = m;
            count++;
        }
        uint64_t c = m & (0 - m), r = m + c;
        m = (((r ^ m) >> 2) / c) | r;
    }
    return count;
}

static const char *const kNames[SKC_KINDS] = {"AllDifferent", "PairTable", "Ordered", "Sum",
                                              "SetRule",      "Table",     "Automaton"};

/* Check primitive p's data against its kind; its aux words (*aux) and scratch words (*scratch)
 * counted.  NULL when fine, else the message (written to `why`). */
static const char *check_data(const skc_spec *s, int p, uint64_t full, size_t *aux, size_t *scratch, char *why,
                              size_t size) {
    int kind = s->kind[p], k = s->cell_start[p + 1] - s->cell_start[p];
    const int *cells = s->cells + s->cell_start[p];
    const int64_t *d = s->data + s->data_start[p];
    int64_t len = s->data_start[p + 1] - s->data_start[p], n = s->n;
    const char *name = kNames[kind];
#define BAD(...) (snprintf(why, size, __VA_ARGS__), why)
    switch (kind) {
    case SKC_ALLDIFF:
        if (len) return BAD("primitive %d (%s) takes no data, not %lld values", p, name, (long long)len);
        return NULL;
    case SKC_PAIR:
        if (k != 2) return BAD("primitive %d (%s) needs 2 cells, not %d", p, name, k);
        if (cells[0] == cells[1]) return BAD("primitive %d (%s) joins cell %d to itself", p, name, cells[0]);
        if (len != n) return BAD("primitive %d (%s) needs %lld masks, not %lld", p, name, (long long)n, (long long)len);
        for (int x = 0; x < n; x++)
            if ((uint64_t)d[x] & ~full) return BAD("primitive %d (%s): mask %d has a bit above n", p, name, x);
        *aux += 2 * (size_t)n;
        return NULL;
    case SKC_ORDERED:
        if (len != 1 || (d[0] != 0 && d[0] != 1))
            return BAD("primitive %d (%s) needs one flag (strict: 0 or 1)", p, name);
        return NULL;
    case SKC_SUM: {
        if (len != k + 2) return BAD("primitive %d (%s) needs %d values (total, distinct, weights)", p, name, k + 2);
        if (d[1] != 0 && d[1] != 1) return BAD("primitive %d (%s): distinct must be 0 or 1", p, name);
        int64_t base = 0, top = 0;
        for (int i = 0; i < k; i++) {
            if (d[2 + i] < -SKC_MAX_VALUE || d[2 + i] > SKC_MAX_VALUE)
                return BAD("primitive %d (%s): weight %lld out of range", p, name, (long long)d[2 + i]);
            int64_t a = d[2 + i] * s->digits[0], b = d[2 + i] * s->digits[n - 1];
            base += a < b ? (a < 0 ? a : 0) : (b < 0 ? b : 0);
            top += a > b ? (a > 0 ? a : 0) : (b > 0 ? b : 0);
        }
        if (top - base + 1 > SKC_MAX_RANGE) return BAD("primitive %d (%s): its sums span too wide a range", p, name);
        size_t words = (size_t)((top - base) / 64 + 1), sets = (size_t)(k + 4) * words;
        size_t walk = (size_t)k * 64 + 2 * (size_t)(k + 1) + (size_t)k + (size_t)k / 8 + 1;
        *scratch = sets > walk ? sets : walk;
        if (*scratch > SKC_MAX_SCRATCH) return BAD("primitive %d (%s) is too large (%d cells)", p, name, k);
        return NULL;
    }
    case SKC_SET: {
        if (k < 1 || k > SKC_MAX_SET_CELLS)
            return BAD("primitive %d (%s) needs 1 to %d cells, not %d", p, name, SKC_MAX_SET_CELLS, k);
        if (len < 1 || d[0] < 0 || len != 1 + d[0] * k)
            return BAD("primitive %d (%s) needs an option count and %d masks an option", p, name, k);
        for (int64_t i = 1; i < len; i++)
            if ((uint64_t)d[i] & ~full) return BAD("primitive %d (%s): a mask has a bit above n", p, name);
        *aux += (size_t)(len - 1);
        return NULL;
    }
    case SKC_TABLE:
        if (k < 1) return BAD("primitive %d (%s) needs a cell", p, name);
        if (len < 1 || d[0] < 0 || len != 1 + d[0] * k)
            return BAD("primitive %d (%s) needs a row count and %d digits a row", p, name, k);
        for (int64_t i = 1; i < len; i++)
            if (d[i] < 0 || d[i] >= n) return BAD("primitive %d (%s): digit bit %lld out of range", p, name, (long long)d[i]);
        return NULL;
    default: {
        if (len < 4) return BAD("primitive %d (%s) needs states, start, accepting and transitions", p, name);
        int64_t states = d[0], nacc = d[2];
        if (states < 1 || states > SKC_MAX_STATES) return BAD("primitive %d (%s): %lld states", p, name, (long long)states);
        if (d[1] < 0 || d[1] >= states) return BAD("primitive %d (%s): start state out of range", p, name);
        if (nacc < 0 || 3 + nacc >= len) return BAD("primitive %d (%s): bad accepting list", p, name);
        int64_t nmoves = d[3 + nacc];
        if (nmoves < 0 || len != 4 + nacc + 3 * nmoves)
            return BAD("primitive %d (%s) needs 3 values a transition", p, name);
        for (int64_t i = 0; i < nacc; i++)
            if (d[3 + i] < 0 || d[3 + i] >= states) return BAD("primitive %d (%s): accepting state out of range", p, name);
        for (int64_t i = 0; i < nmoves; i++) {
            const int64_t *mv = d + 4 + nacc + 3 * i;
            if (mv[0] < 0 || mv[0] >= states || mv[2] < 0 || mv[2] >= states || mv[1] < 0 || mv[1] >= n)
                return BAD("primitive %d (%s): transition %lld out of range", p, name, (long long)i);
        }
        size_t words = (size_t)((states + 63) / 64);
        *aux += words;
        *scratch = (size_t)(k + 3) * words;
        if (*scratch > SKC_MAX_SCRATCH) return BAD("primitive %d (%s) is too large (%d cells)", p, name, k);
        return NULL;
    }
    }
#undef BAD
}

/* calloc of at least one item (a count of 0 still gives a pointer to free) */
static void *zalloc(size_t count, size_t size) { return calloc(count ? count : 1, size); }
#define ALLOC(ptr, count) (((ptr) = zalloc((size_t)(count), sizeof *(ptr))) != NULL)

/* Whether primitive b prunes an all-different rule over its cells exactly: a sum of different
 * digits matched to its digit sets, or a set rule whose every option has disjoint slots (a
 * perfect matching then gives the cells different digits); over different cells (settles). */
static int matches_distinct(const skc_table *t, int b) {
    if (!t->settles[b]) return 0;
    if (t->kind[b] == SKC_SUM) return t->ncombo[b] >= 0;
    if (t->kind[b] != SKC_SET) return 0;
    int k = t->cstart[b + 1] - t->cstart[b];
    const uint64_t *option = t->aux + t->astart[b];
    for (int64_t o = 0; o < t->data[t->dstart[b]]; o++, option += k) {
        uint64_t seen = 0;
        for (int i = 0; i < k; i++) {
            if (seen & option[i]) return 0;
            seen |= option[i];
        }
    }
    return 1;
}

/* An AllDifferent (not a unit) over the same different cells as a primitive that prunes it
 * exactly (a cage's sum, a renban's set rule) is implied: every digit its prune would remove,
 * that primitive's removes too (and its cells are peers, so a placed digit still leaves them),
 * so the fixed point is the same without queueing it. */
static void mark_implied(skc_table *t) {
    for (int a = 0; a < t->nprims; a++) {
        int k = t->cstart[a + 1] - t->cstart[a];
        if (t->kind[a] != SKC_ALLDIFF || t->is_unit[a] || k < 2) continue;
        const int *cells = t->cells + t->cstart[a];
        int distinct = 1;
        for (int i = 0; i < k && distinct; i++)
            for (int j = 0; j < i && distinct; j++) distinct = cells[i] != cells[j];
        for (int b = 0; b < t->nprims && distinct && !t->implied[a]; b++) {
            if (b == a || t->cstart[b + 1] - t->cstart[b] != k || !matches_distinct(t, b)) continue;
            const int *other = t->cells + t->cstart[b];
            int same = 1;
            for (int i = 0; i < k && same; i++) {
                int found = 0;
                for (int j = 0; j < k && !found; j++) found = cells[i] == other[j];
                same = found;
            }
            t->implied[a] = (uint8_t)same;
        }
    }
}

/* Derived data: supports, option masks, accepting sets, sum ranges; the units, watch lists, peers. */
static int compile(skc_table *t) {
    int n = t->n, nc = t->ncells, np = t->nprims;
    for (int p = 0; p < np; p++) {
        const int *cells = t->cells + t->cstart[p];
        const int64_t *d = t->data + t->dstart[p];
        int k = t->cstart[p + 1] - t->cstart[p];
        uint64_t *aux = t->aux + t->astart[p];
        if (t->kind[p] == SKC_PAIR) {
            for (int x = 0; x < n; x++) { /* the supports of a are the spec's masks; b's their transpose */
                aux[x] = (uint64_t)d[x];
                for (uint64_t w = (uint64_t)d[x]; w; w &= w - 1) aux[n + __builtin_ctzll(w)] |= (uint64_t)1 << x;
            }
        } else if (t->kind[p] == SKC_SET) {
            int one = 1;
            for (int64_t i = 1; i < t->dstart[p + 1] - t->dstart[p]; i++) {
                aux[i - 1] = (uint64_t)d[i];
                one &= aux[i - 1] && !(aux[i - 1] & (aux[i - 1] - 1));
            }
            for (int64_t o = 0; o < d[0] && one; o++) { /* one digit a slot, each once an option */
                uint64_t seen = 0;
                for (int i = 0; i < k && one; i++) one = !(seen & aux[o * k + i]), seen |= aux[o * k + i];
            }
            t->digit_slots[p] = (uint8_t)one;
        } else if (t->kind[p] == SKC_AUTOMATON) {
            t->words[p] = (int)((d[0] + 63) / 64);
            for (int64_t i = 0; i < d[2]; i++) aux[d[3 + i] / 64] |= (uint64_t)1 << (d[3 + i] % 64);
        } else if (t->kind[p] == SKC_SUM) {
            int64_t base = 0, top = 0;
            for (int i = 0; i < k; i++) {
                int64_t a = d[2 + i] * t->digits[0], b = d[2 + i] * t->digits[n - 1];
                base += a < b ? (a < 0 ? a : 0) : (b < 0 ? b : 0);
                top += a > b ? (a > 0 ? a : 0) : (b > 0 ? b : 0);
            }
            t->sum_base[p] = base;
            t->words[p] = (int)((top - base) / 64 + 1);
        } else if (t->kind[p] == SKC_ALLDIFF && k == n) {
            int distinct = 1;
            for (int i = 0; i < k && distinct; i++)
                for (int j = 0; j < i && distinct; j++) distinct = cells[i] != cells[j];
            if (distinct) t->is_unit[p] = 1, t->nunits++;
        }
        if (k > t->max_cells) t->max_cells = k;
        /* one prune reaches its own fixed point (arc consistency done exactly) for these kinds
         * over different cells: a second run right after it would remove nothing */
        int exact = t->kind[p] == SKC_PAIR || t->kind[p] == SKC_ORDERED || t->kind[p] == SKC_SET ||
                    t->kind[p] == SKC_TABLE || t->kind[p] == SKC_AUTOMATON ||
                    (t->kind[p] == SKC_SUM && (t->ncombo[p] >= 0 || !d[1]));
        for (int i = 0; i < k && exact; i++)
            for (int j = 0; j < i && exact; j++) exact = cells[i] != cells[j];
        t->settles[p] = (uint8_t)exact;
    }
    mark_implied(t);
    /* the units, and each cell's units with its position */
    if (!ALLOC(t->unit_cells, (size_t)t->nunits * n) || !ALLOC(t->cu_start, nc + 1) ||
        !ALLOC(t->watch_start, nc + 1) || !ALLOC(t->peer_start, nc + 1) || !ALLOC(t->weight0, nc))
        return 0;
    int u = 0;
    for (int p = 0; p < np; p++) {
        if (!t->is_unit[p]) continue;
        for (int i = 0; i < n; i++) {
            t->unit_cells[u * n + i] = (uint16_t)t->cells[t->cstart[p] + i];
            t->cu_start[t->cells[t->cstart[p] + i] + 1]++;
        }
        u++;
    }
    for (int c = 0; c < nc; c++) t->cu_start[c + 1] += t->cu_start[c];
    if (!ALLOC(t->cu_unit, t->cu_start[nc]) || !ALLOC(t->cu_pos, t->cu_start[nc])) return 0;
    int *fill = calloc((size_t)nc + 1, sizeof(int));
    if (!fill) return 0;
    for (u = 0; u < t->nunits; u++)
        for (int i = 0; i < n; i++) {
            int c = t->unit_cells[u * n + i], at = t->cu_start[c] + fill[c]++;
            t->cu_unit[at] = (uint32_t)u;
            t->cu_pos[at] = (uint8_t)i;
        }
    /* each primitive (not a unit) watches its cells, each once */
    int *stamp = calloc((size_t)nc, sizeof(int));
    if (!stamp) return free(fill), 0;
    for (int pass = 0; pass < 2; pass++) {
        memset(fill, 0, ((size_t)nc + 1) * sizeof(int));
        for (int c = 0; c < nc; c++) stamp[c] = -1;
        for (int p = 0; p < np; p++) {
            if (t->is_unit[p]) continue;
            for (int i = t->cstart[p]; i < t->cstart[p + 1]; i++) {
                int c = t->cells[i];
                if (stamp[c] == p) continue;
                stamp[c] = p;
                if (pass == 0) t->weight0[c]++; /* implied ones too: the same first weights */
                if (t->implied[p]) continue;
                if (pass == 0) t->watch_start[c + 1]++;
                else t->watch[t->watch_start[c] + fill[c]++] = p;
            }
        }
        if (pass == 0) {
            for (int c = 0; c < nc; c++) t->watch_start[c + 1] += t->watch_start[c];
            if (!ALLOC(t->watch, t->watch_start[nc])) return free(fill), free(stamp), 0;
        }
    }
    free(fill);
    free(stamp);
    /* peers: the cells sharing an AllDifferent with a cell, as bit rows, then as lists */
    t->pwords = (nc + 63) / 64;
    if (!ALLOC(t->peer_bits, (size_t)nc * (size_t)t->pwords)) return 0;
    for (int p = 0; p < np; p++) {
        if (t->kind[p] != SKC_ALLDIFF) continue;
        const int *cells = t->cells + t->cstart[p];
        int k = t->cstart[p + 1] - t->cstart[p];
        for (int i = 0; i < k; i++)
            for (int j = 0; j < k; j++)
                if (cells[i] != cells[j])
                    t->peer_bits[(size_t)cells[i] * t->pwords + (size_t)cells[j] / 64] |= (uint64_t)1 << (cells[j] % 64);
    }
    for (int c = 0; c < nc; c++) {
        int count = 0;
        for (int w = 0; w < t->pwords; w++) {
            uint64_t x = t->peer_bits[(size_t)c * t->pwords + w];
            while (x) x &= x - 1, count++;
        }
        t->peer_start[c + 1] = t->peer_start[c] + count;
        t->weight0[c] += 1 + (uint32_t)count;
    }
    if (!ALLOC(t->peers, t->peer_start[nc])) return 0;
    for (int c = 0, at = 0; c < nc; c++)
        for (int w = 0; w < t->pwords; w++)
            for (uint64_t x = t->peer_bits[(size_t)c * t->pwords + w]; x; x &= x - 1)
                t->peers[at++] = (uint16_t)(w * 64 + __builtin_ctzll(x));
    return 1;
}

skc_table *skc_table_new(const skc_spec *s, char *error, size_t size) {
    char why[160];
    if (s->n < 2 || s->n > SKC_MAX_N) return refuse(error, size, "n must be 2 to %d, not %d", SKC_MAX_N, s->n);
    if (s->ncells < 1 || s->ncells > SKC_MAX_CELLS)
        return refuse(error, size, "ncells must be 1 to %d, not %d", SKC_MAX_CELLS, s->ncells);
    if (s->nprims < 0) return refuse(error, size, "a negative number of primitives");
    for (int b = 0; b < s->n; b++) {
        if (s->digits[b] < -SKC_MAX_VALUE || s->digits[b] > SKC_MAX_VALUE)
            return refuse(error, size, "digit value %lld out of range", (long long)s->digits[b]);
        if (b && s->digits[b] <= s->digits[b - 1]) return refuse(error, size, "the digit values must increase");
    }
    if (s->cell_start[0] != 0 || s->data_start[0] != 0) return refuse(error, size, "the lists must start at 0");
    uint64_t full = s->n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << s->n) - 1;
    size_t aux = 0, scratch = 0;
    for (int p = 0; p < s->nprims; p++) {
        if (s->kind[p] < 0 || s->kind[p] >= SKC_KINDS) return refuse(error, size, "primitive %d: unknown kind %d", p, s->kind[p]);
        if (s->cell_start[p + 1] < s->cell_start[p] || s->data_start[p + 1] < s->data_start[p])
            return refuse(error, size, "primitive %d: its list ends before it starts", p);
        for (int i = s->cell_start[p]; i < s->cell_start[p + 1]; i++)
            if (s->cells[i] < 0 || s->cells[i] >= s->ncells)
                return refuse(error, size, "primitive %d (%s): cell %d out of range 0..%d", p, kNames[s->kind[p]],
                              s->cells[i], s->ncells - 1);
        size_t need = 0;
        if (check_data(s, p, full, &aux, &need, why, sizeof why)) return refuse(error, size, "%s", why);
        if (need > scratch) scratch = need;
    }
    skc_table *t = calloc(1, sizeof *t);
    if (!t) return refuse(error, size, "out of memory");
    int np = s->nprims, ncl = s->cell_start[np], nd = s->data_start[np];
    t->n = s->n;
    t->ncells = s->ncells;
    t->nprims = np;
    t->full = full;
    t->scratch_words = scratch;
    int ok = ALLOC(t->digits, s->n) && ALLOC(t->kind, np) && ALLOC(t->cstart, np + 1) && ALLOC(t->cells, ncl) &&
             ALLOC(t->dstart, np + 1) && ALLOC(t->data, nd) && ALLOC(t->astart, np + 1) && ALLOC(t->aux, aux) &&
             ALLOC(t->words, np) && ALLOC(t->sum_base, np) && ALLOC(t->is_unit, np) && ALLOC(t->ncombo, np) &&
             ALLOC(t->settles, np) && ALLOC(t->digit_slots, np) && ALLOC(t->implied, np);
    if (ok) {
        memcpy(t->digits, s->digits, (size_t)s->n * sizeof(int64_t));
        memcpy(t->kind, s->kind, (size_t)np * sizeof(int));
        memcpy(t->cstart, s->cell_start, ((size_t)np + 1) * sizeof(int));
        memcpy(t->cells, s->cells, (size_t)ncl * sizeof(int));
        memcpy(t->dstart, s->data_start, ((size_t)np + 1) * sizeof(int));
        memcpy(t->data, s->data, (size_t)nd * sizeof(int64_t));
        for (int p = 0; p < np; p++) {
            size_t mine = 0;
            if (s->kind[p] == SKC_PAIR) mine = 2 * (size_t)s->n;
            else if (s->kind[p] == SKC_SET) mine = (size_t)(s->data_start[p + 1] - s->data_start[p] - 1);
            else if (s->kind[p] == SKC_AUTOMATON) mine = (size_t)((s->data[s->data_start[p]] + 63) / 64);
            t->ncombo[p] = (int)combos_of(s, p, NULL);
            if (t->ncombo[p] > 0) mine = (size_t)t->ncombo[p];
            t->astart[p + 1] = t->astart[p] + (int)mine;
        }
        size_t total = (size_t)t->astart[np];
        free(t->aux);
        ok = ALLOC(t->aux, total);
        for (int p = 0; ok && p < np; p++)
            if (t->ncombo[p] > 0) combos_of(s, p, t->aux + t->astart[p]);
        ok = ok && compile(t) && skc_root(t);
    }
    if (!ok) {
        skc_table_free(t);
        return refuse(error, size, "out of memory");
    }
    return t;
}
