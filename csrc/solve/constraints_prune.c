/* constraints_prune.c - the pruning of each primitive, the C twin of the propagators of
 * sudokit/engine/constraints.py (the reference: what each one removes is defined there, and
 * each function here removes the same digits, never one some solution of the primitive uses):
 *
 *   AllDifferent  a placed digit leaves the other cells; fewer digits than cells fails; with as
 *                 many digits as cells, a digit only one cell can take goes there
 *   PairTable     each kept digit has an allowed partner (arc consistency)
 *   Ordered       the lowest digit climbs forwards, the highest falls backwards
 *   Sum           the sums each prefix can make (bit sets), then backwards what each suffix
 *                 needs; with different digits and few candidates, every assignment instead
 *   SetRule       per option, a cell keeps the digits of the slots some perfect matching of the
 *                 cells to the option's slots gives it (a matching, then alternating cycles)
 *   Table         the digits of the rows whose every digit is still possible
 *   Automaton     the transitions on some accepted path (forward states, then backward)
 *
 * Every function reads the candidate masks and writes one keep mask per position; the caller
 * narrows the cells (constraints.c), so nothing here knows the search.
 */
#include "solve/constraints_internal.h"

#include <string.h>

#include "common/bits.h"

static inline int multi(uint64_t x) { return (x & (x - 1)) != 0; }
static inline int low(uint64_t x) { return __builtin_ctzll(x); }
static inline int high(uint64_t x) { return 63 - __builtin_clzll(x); }

static int prune_alldiff(const int *cells, int k, const uint64_t *cand, uint64_t *keep) {
    uint64_t placed = 0;
    for (int i = 0; i < k; i++) {
        uint64_t m = keep[i] = cand[cells[i]];
        if (!multi(m)) {
            if (placed & m) return 0;
            placed |= m;
        }
    }
    for (int again = 1; again;) {
        again = 0;
        for (int i = 0; i < k; i++) {
            uint64_t m = keep[i];
            if (multi(m) && (m & placed)) {
                m &= ~placed;
                if (!m) return 0;
                keep[i] = m;
                if (!multi(m)) placed |= m, again = 1;
            }
        }
    }
    uint64_t all = 0;
    for (int i = 0; i < k; i++) all |= keep[i];
    int free_digits = sk_popcount(all);
    if (free_digits < k) return 0;
    if (free_digits == k)
        for (uint64_t w = all; w; w &= w - 1) {
            uint64_t bit = w & (0 - w);
            int holder = -1, holders = 0;
            for (int i = 0; i < k && holders < 2; i++)
                if (keep[i] & bit) holder = i, holders++;
            if (holders == 1) keep[holder] = bit;
        }
    return 1;
}

static int prune_pair(const skc_table *t, int p, const int *cells, const uint64_t *cand, uint64_t *keep) {
    const uint64_t *sup_a = t->aux + t->astart[p], *sup_b = sup_a + t->n;
    uint64_t ma = cand[cells[0]], mb = cand[cells[1]], ka = 0, kb = 0;
    for (uint64_t w = ma; w; w &= w - 1)
        if (sup_a[low(w)] & mb) ka |= w & (0 - w);
    for (uint64_t w = mb; w; w &= w - 1)
        if (sup_b[low(w)] & ka) kb |= w & (0 - w);
    keep[0] = ka;
    keep[1] = kb;
    return ka && kb;
}

static int prune_ordered(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep) {
    int step = (int)t->data[t->dstart[p]] ? 1 : 0, least = 0;
    for (int i = 0; i < k; i++) {
        keep[i] = least >= 64 ? 0 : cand[cells[i]] & ~((((uint64_t)1) << least) - 1);
        if (!keep[i]) return 0;
        least = low(keep[i]) + step;
    }
    int most = t->n - 1;
    for (int i = k - 1; i >= 0; i--) {
        if (most < 0) return 0;
        keep[i] &= most >= 63 ? ~(uint64_t)0 : (((uint64_t)1) << (most + 1)) - 1;
        if (!keep[i]) return 0;
        most = high(keep[i]) - step;
    }
    return 1;
}

/* ---- sums ------------------------------------------------------------------------------ */

/* dst |= src shifted up by `by` bits (down when negative), sets of `words` words. */
static void or_shifted(uint64_t *dst, const uint64_t *src, int words, int64_t by) {
    if (by >= 0) {
        int64_t q = by / 64, r = by % 64;
        for (int64_t j = words - 1; j >= q; j--) {
            uint64_t v = src[j - q] << r;
            if (r && j - q - 1 >= 0) v |= src[j - q - 1] >> (64 - r);
            dst[j] |= v;
        }
    } else {
        int64_t q = (-by) / 64, r = (-by) % 64;
        for (int64_t j = 0; j + q < words; j++) {
            uint64_t v = src[j + q] >> r;
            if (r && j + q + 1 < words) v |= src[j + q + 1] << (64 - r);
            dst[j] |= v;
        }
    }
}

/* x shifted up by `by` bits (down when negative), |by| < 64. */
static inline uint64_t shifted(uint64_t x, int64_t by) { return by >= 0 ? x << by : x >> -by; }

/* sum_sets when every sum fits one word (an arrow, a short line): the same sets, one word each. */
static int sum_sets_word(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep,
                         uint64_t *forward) {
    const int64_t *d = t->data + t->dstart[p], *weight = d + 2, at = d[0] - t->sum_base[p];
    if (at < 0 || at >= 64) return 0;
    forward[0] = (uint64_t)1 << -t->sum_base[p];
    for (int i = 0; i < k; i++) {
        uint64_t f = 0;
        for (uint64_t w = cand[cells[i]]; w; w &= w - 1) f |= shifted(forward[i], weight[i] * t->digits[low(w)]);
        forward[i + 1] = f;
    }
    uint64_t need = (uint64_t)1 << at;
    if (!(forward[k] & need)) return 0;
    for (int i = k - 1; i >= 0; i--) {
        uint64_t back = 0, kept = 0;
        for (uint64_t w = cand[cells[i]]; w; w &= w - 1) {
            uint64_t x = shifted(need, -weight[i] * t->digits[low(w)]) & forward[i];
            if (x) back |= x, kept |= w & (0 - w);
        }
        keep[i] = kept;
        need = back;
    }
    return 1;
}

/* The sums each prefix can make, then backwards the sums each prefix must make. */
static int sum_sets(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep,
                    uint64_t *scratch) {
    const int64_t *d = t->data + t->dstart[p], *weight = d + 2, total = d[0], base = t->sum_base[p];
    int words = t->words[p];
    if (words == 1) return sum_sets_word(t, p, cells, k, cand, keep, scratch);
    uint64_t *forward = scratch, *need = forward + (size_t)(k + 1) * (size_t)words, *back = need + words,
             *tmp = back + words;
    int64_t at = total - base;
    memset(forward, 0, (size_t)(k + 1) * (size_t)words * sizeof(uint64_t));
    forward[(-base) / 64] |= (uint64_t)1 << ((-base) % 64);
    for (int i = 0; i < k; i++)
        for (uint64_t w = cand[cells[i]]; w; w &= w - 1)
            or_shifted(forward + (size_t)(i + 1) * words, forward + (size_t)i * words, words,
                       weight[i] * t->digits[low(w)]);
    if (at < 0 || at >= (int64_t)words * 64) return 0;
    if (!(forward[(size_t)k * words + at / 64] >> (at % 64) & 1)) return 0;
    memset(need, 0, (size_t)words * sizeof(uint64_t));
    need[at / 64] = (uint64_t)1 << (at % 64);
    for (int i = k - 1; i >= 0; i--) {
        const uint64_t *before = forward + (size_t)i * words;
        memset(back, 0, (size_t)words * sizeof(uint64_t));
        keep[i] = 0;
        for (uint64_t w = cand[cells[i]]; w; w &= w - 1) {
            memset(tmp, 0, (size_t)words * sizeof(uint64_t));
            or_shifted(tmp, need, words, -weight[i] * t->digits[low(w)]);
            int hit = 0;
            for (int j = 0; j < words; j++) {
                uint64_t x = tmp[j] & before[j];
                if (x) back[j] |= x, hit = 1;
            }
            if (hit) keep[i] |= w & (0 - w);
        }
        memcpy(need, back, (size_t)words * sizeof(uint64_t));
    }
    return 1;
}

/* Every assignment of different digits (depth first with bounds), as the Python twin. */
typedef struct {
    int k;
    int64_t total;
    const uint64_t *masks; /* per position */
    const int64_t *value;  /* per position and bit: value[i * 64 + b] */
    const int64_t *rest_low, *rest_high;
    uint8_t *chosen;
    uint64_t *keep;
    int found;
} Walk;

static void walk(Walk *w, int i, int64_t s, uint64_t used) {
    if (i == w->k) {
        if (s == w->total) {
            for (int j = 0; j < w->k; j++) w->keep[j] |= (uint64_t)1 << w->chosen[j];
            w->found = 1;
        }
        return;
    }
    if (w->total - s < w->rest_low[i] || w->total - s > w->rest_high[i]) return;
    for (uint64_t m = w->masks[i] & ~used; m; m &= m - 1) {
        int b = low(m);
        w->chosen[i] = (uint8_t)b;
        walk(w, i + 1, s + w->value[i * 64 + b], used | (m & (0 - m)));
    }
}

static int sum_enumerate(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep,
                         uint64_t *scratch) {
    const int64_t *d = t->data + t->dstart[p], *weight = d + 2;
    /* scratch: values (k * 64), rest bounds (2 * (k + 1)), masks (k), chosen (k bytes) */
    int64_t *value = (int64_t *)scratch, *rest_low = value + (size_t)k * 64, *rest_high = rest_low + k + 1;
    uint64_t *masks = (uint64_t *)(rest_high + k + 1);
    uint8_t *chosen = (uint8_t *)(masks + k);
    rest_low[k] = rest_high[k] = 0;
    for (int i = 0; i < k; i++) masks[i] = cand[cells[i]];
    for (int i = k - 1; i >= 0; i--) {
        int64_t lo = 0, hi = 0;
        int first = 1;
        for (uint64_t w = masks[i]; w; w &= w - 1) {
            int64_t v = value[i * 64 + low(w)] = weight[i] * t->digits[low(w)];
            if (first || v < lo) lo = v;
            if (first || v > hi) hi = v;
            first = 0;
        }
        rest_low[i] = rest_low[i + 1] + lo;
        rest_high[i] = rest_high[i + 1] + hi;
        keep[i] = 0;
    }
    Walk w = {k, d[0], masks, value, rest_low, rest_high, chosen, keep, 0};
    walk(&w, 0, 0, 0);
    return w.found;
}

static int match_keep(const int *cells, int k, const uint64_t *cand, uint64_t slots, const uint64_t *option,
                      uint64_t *keep);

/* Whether some cell could still gain a digit of `digits` it does not keep yet: when not, a
 * matching over those digits adds nothing (once one matching was found, the answer is known). */
static inline int gains(const int *cells, int k, const uint64_t *cand, uint64_t digits, const uint64_t *keep) {
    for (int i = 0; i < k; i++)
        if (cand[cells[i]] & digits & ~keep[i]) return 1;
    return 0;
}

/* A sum of different digits with equal weights: the cells matched to each of its digit sets that
 * holds the placed digits and fits (the digits of the edges of some perfect matching kept). */
static int sum_combos(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep) {
    const uint64_t *set = t->aux + t->astart[p];
    uint64_t fixed = 0, any = 0;
    for (int i = 0; i < k; i++) {
        uint64_t m = cand[cells[i]];
        any |= m;
        keep[i] = 0;
        if (!multi(m)) {
            if (fixed & m) return 0;
            fixed |= m;
        }
    }
    int found = 0;
    for (int j = 0; j < t->ncombo[p]; j++) {
        uint64_t s = set[j];
        if ((s & fixed) != fixed || (s & ~any)) continue;
        if (found && !gains(cells, k, cand, s, keep)) continue; /* it could add no digit */
        found |= match_keep(cells, k, cand, s, NULL, keep);
    }
    return found;
}

static int prune_sum(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep,
                     uint64_t *scratch) {
    if (t->ncombo[p] >= 0) return sum_combos(t, p, cells, k, cand, keep);
    if (t->data[t->dstart[p] + 1]) { /* different digits: enumerate while the candidates are few */
        long size = 1;
        int i = 0;
        for (; i < k && size <= SKC_ENUMERATION_LIMIT; i++) size *= sk_popcount(cand[cells[i]]);
        if (i == k && size <= SKC_ENUMERATION_LIMIT) return sum_enumerate(t, p, cells, k, cand, keep, scratch);
    }
    return sum_sets(t, p, cells, k, cand, keep, scratch);
}

/* ---- set rules ---------------------------------------------------------------------------- */

/* Kuhn's augmenting path from cell i over slot masks adj; mate[s]: the cell slot s holds (-1). */
static int augment(const uint64_t *adj, int i, int *mate, uint64_t *seen) {
    for (uint64_t w = adj[i] & ~*seen; w; w &= w - 1) {
        int s = low(w);
        *seen |= (uint64_t)1 << s;
        if (mate[s] < 0 || augment(adj, mate[s], mate, seen)) {
            mate[s] = i;
            return 1;
        }
    }
    return 0;
}

#define SKC_HALL_MAX 5 /* hall_keep for digit sets of up to this many cells (2^k subsets) */

/* match_keep for k cells and a set of exactly k digits (a cage's digit set, a renban's run), by
 * Hall's theorem over the 2^k - 1 sets T of cells: a perfect matching exists when each T sees at
 * least |T| digits, and then an edge (cell i, digit x) lies in none exactly when some T without
 * i sees only |T| digits, x among them (T takes those digits in every perfect matching). */
static int hall_keep(const int *cells, int k, const uint64_t *cand, uint64_t digits, uint64_t *keep) {
    /* the number of cells in each set of up to SKC_HALL_MAX cells */
    static const uint8_t kSize[1 << SKC_HALL_MAX] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                     1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};
    uint64_t seen[1 << SKC_HALL_MAX], banned[SKC_HALL_MAX] = {0}, adj[SKC_HALL_MAX];
    int all = (1 << k) - 1;
    for (int i = 0; i < k; i++)
        if (!(adj[i] = cand[cells[i]] & digits)) return 0; /* the commonest failure, found first */
    seen[0] = 0;
    for (int set = 1; set <= all; set++) {
        uint64_t m = seen[set] = seen[set & (set - 1)] | adj[low((uint64_t)set)];
        int size = kSize[set], reach = sk_popcount(m);
        if (reach < size) return 0;
        if (reach == size && set != all)
            for (int rest = all & ~set; rest; rest &= rest - 1) banned[low((uint64_t)rest)] |= m;
    }
    for (int i = 0; i < k; i++) keep[i] |= adj[i] & ~banned[i];
    return 1;
}

/* The cells matched one-to-one to slots: with `option` (SET) slot s is option[s] and the slots
 * are 0..k-1 (`slots` their mask); without (a digit set of a sum), slot d is digit d itself.
 * When some perfect matching exists, keep[i] gains the digits of every slot some perfect
 * matching gives cell i (a matching, then its alternating cycles), and 1 is returned. */
static int match_keep(const int *cells, int k, const uint64_t *cand, uint64_t slots, const uint64_t *option,
                      uint64_t *keep) {
    if (!option && k <= SKC_HALL_MAX && sk_popcount(slots) == k) return hall_keep(cells, k, cand, slots, keep);
    uint64_t adj[SKC_MAX_SET_CELLS], reach[SKC_MAX_SET_CELLS];
    int mate[64];
    for (uint64_t w = slots; w; w &= w - 1) mate[low(w)] = -1;
    for (int i = 0; i < k; i++) {
        uint64_t m = cand[cells[i]], a = 0;
        if (option) {
            for (uint64_t w = slots; w; w &= w - 1)
                if (m & option[low(w)]) a |= w & (0 - w);
        } else {
            a = m & slots;
        }
        if (!a) return 0;
        adj[i] = a;
    }
    for (int i = 0; i < k; i++) {
        uint64_t seen = 0;
        if (!augment(adj, i, mate, &seen)) return 0;
    }
    /* cell i reaches cell j when i may take the slot j holds; an edge (i, s) lies in some perfect
     * matching when s is i's or the cell holding s reaches i back */
    for (int i = 0; i < k; i++) {
        uint64_t r = (uint64_t)1 << i;
        for (uint64_t w = adj[i]; w; w &= w - 1) r |= (uint64_t)1 << mate[low(w)];
        reach[i] = r;
    }
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < k; i++) {
            uint64_t r = reach[i];
            for (uint64_t w = r; w; w &= w - 1) r |= reach[low(w)];
            if (r != reach[i]) reach[i] = r, changed = 1;
        }
    }
    for (int i = 0; i < k; i++) {
        uint64_t m = cand[cells[i]];
        for (uint64_t w = adj[i]; w; w &= w - 1) {
            int s = low(w), j = mate[s];
            if (j == i || (reach[j] >> i & 1)) keep[i] |= option ? m & option[s] : w & (0 - w);
        }
    }
    return 1;
}

static int prune_set(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep) {
    const int64_t *d = t->data + t->dstart[p];
    const uint64_t *option = t->aux + t->astart[p];
    uint64_t slots = k == 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1;
    for (int i = 0; i < k; i++) keep[i] = 0;
    int found = 0;
    for (int64_t o = 0; o < d[0]; o++, option += k) {
        uint64_t digits = 0;
        for (int i = 0; i < k; i++) digits |= option[i];
        if (found && !gains(cells, k, cand, digits, keep)) continue; /* it could add no digit */
        /* one digit a slot: the same matching over the digits themselves, without the slot masks */
        found |= t->digit_slots[p] ? match_keep(cells, k, cand, digits, NULL, keep)
                                   : match_keep(cells, k, cand, slots, option, keep);
    }
    return found;
}

/* ---- tables and automata ------------------------------------------------------------------ */

static int prune_table(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep) {
    const int64_t *d = t->data + t->dstart[p], *row = d + 1;
    for (int i = 0; i < k; i++) keep[i] = 0;
    for (int64_t r = 0; r < d[0]; r++, row += k) {
        int fits = 1;
        for (int i = 0; i < k && fits; i++) fits = (int)(cand[cells[i]] >> row[i] & 1);
        if (fits)
            for (int i = 0; i < k; i++) keep[i] |= (uint64_t)1 << row[i];
    }
    for (int i = 0; i < k; i++)
        if (!keep[i]) return 0;
    return 1;
}

static inline int has(const uint64_t *set, int64_t x) { return (int)(set[x / 64] >> (x % 64) & 1); }
static inline void put(uint64_t *set, int64_t x) { set[x / 64] |= (uint64_t)1 << (x % 64); }

static int prune_automaton(const skc_table *t, int p, const int *cells, int k, const uint64_t *cand, uint64_t *keep,
                           uint64_t *scratch) {
    const int64_t *d = t->data + t->dstart[p], *moves = d + 4 + d[2];
    int64_t nmoves = d[3 + d[2]];
    int words = t->words[p];
    const uint64_t *accepting = t->aux + t->astart[p];
    uint64_t *forward = scratch, *after = forward + (size_t)(k + 1) * words, *before = after + words;
    memset(forward, 0, (size_t)(k + 1) * (size_t)words * sizeof(uint64_t));
    put(forward, d[1]);
    for (int i = 0; i < k; i++) {
        const uint64_t *now = forward + (size_t)i * words;
        uint64_t *next = forward + (size_t)(i + 1) * words, m = cand[cells[i]];
        for (int64_t j = 0; j < nmoves; j++) {
            const int64_t *mv = moves + 3 * j;
            if ((m >> mv[1] & 1) && has(now, mv[0])) put(next, mv[2]);
        }
    }
    int any = 0;
    for (int j = 0; j < words; j++) any |= (after[j] = forward[(size_t)k * words + j] & accepting[j]) != 0;
    if (!any) return 0;
    for (int i = k - 1; i >= 0; i--) {
        const uint64_t *now = forward + (size_t)i * words;
        uint64_t m = cand[cells[i]];
        memset(before, 0, (size_t)words * sizeof(uint64_t));
        keep[i] = 0;
        for (int64_t j = 0; j < nmoves; j++) {
            const int64_t *mv = moves + 3 * j;
            if ((m >> mv[1] & 1) && has(now, mv[0]) && has(after, mv[2])) {
                keep[i] |= (uint64_t)1 << mv[1];
                put(before, mv[0]);
            }
        }
        if (!keep[i]) return 0;
        memcpy(after, before, (size_t)words * sizeof(uint64_t));
    }
    return 1;
}

int skc_prune(const skc_table *t, int p, const uint64_t *cand, uint64_t *keep, uint64_t *scratch) {
    const int *cells = t->cells + t->cstart[p];
    int k = t->cstart[p + 1] - t->cstart[p];
    switch (t->kind[p]) {
    case SKC_ALLDIFF: return prune_alldiff(cells, k, cand, keep);
    case SKC_PAIR: return prune_pair(t, p, cells, cand, keep);
    case SKC_ORDERED: return prune_ordered(t, p, cells, k, cand, keep);
    case SKC_SUM: return prune_sum(t, p, cells, k, cand, keep, scratch);
    case SKC_SET: return prune_set(t, p, cells, k, cand, keep);
    case SKC_TABLE: return prune_table(t, p, cells, k, cand, keep);
    default: return prune_automaton(t, p, cells, k, cand, keep, scratch);
    }
}
