/* fuzz_rules.c - the generic rules solver (rules.c) on random specs, against a brute force.
 *
 * Input: byte 0 picks the side n (2..6, n*n cells), byte 1 the rule families (bit 0: boxes when n
 * has a box shape, bit 1: both diagonals, bit 2: anti-king, bit 3: anti-knight, bit 4: all
 * non-consecutive pairs, bit 5: cages, bit 6: seeded search too), then cages (when asked: a count
 * byte, then per cage a size byte, cell bytes and a total byte, possibly impossible), then
 * (cell, digit) pairs of givens.
 * Checks: the table compiles; counts at limits 1 and 2 agree with each other and, for n <= 5,
 * with a plain backtracking count written here; every solution keeps the givens and every rule;
 * the first solution does not depend on the limit; a seeded search finds a solution exactly when
 * the plain one does.
 */
#include "solve/rules.h"
#include "fuzz_common.h"

#define RZ_MAXN 6
#define RZ_MAXC (RZ_MAXN * RZ_MAXN)
#define RZ_MAXG 64 /* groups: rows, columns, boxes, diagonals, cages */

typedef struct {
    int n, ncells;
    int ngroups, gstart[RZ_MAXG + 1], gcells[RZ_MAXG * RZ_MAXN];
    int gtotal[RZ_MAXG]; /* > 0: a cage's sum; 0: none; -1: a region */
    int npairs, pairs[4 * RZ_MAXC * 2];
    int nadj, adj[2 * RZ_MAXC * 2];
} rz_spec;

/* True when the (possibly partial) grid breaks no rule of the spec. */
static int rz_ok(const rz_spec *s, const uint8_t *g) {
    for (int i = 0; i < s->ngroups; i++) {
        int seen = 0, sum = 0, full = 1;
        for (int k = s->gstart[i]; k < s->gstart[i + 1]; k++) {
            int v = g[s->gcells[k]];
            if (!v) {
                full = 0;
                continue;
            }
            if (seen & (1 << v)) return 0;
            seen |= 1 << v;
            sum += v;
        }
        if (s->gtotal[i] > 0 && (full ? sum != s->gtotal[i] : sum >= s->gtotal[i])) return 0;
    }
    for (int i = 0; i < s->npairs; i++) {
        int a = g[s->pairs[2 * i]], b = g[s->pairs[2 * i + 1]];
        if (a && a == b) return 0;
    }
    for (int i = 0; i < s->nadj; i++) {
        int a = g[s->adj[2 * i]], b = g[s->adj[2 * i + 1]];
        if (a && b && (a - b == 1 || b - a == 1)) return 0;
    }
    return 1;
}

/* The brute force's budget of rule checks: a 5x5 spec whose cages are impossible but only
 * found so when full (a sum that no filling reaches) makes it walk every partial Latin square,
 * seconds under ASan; past the budget the comparison is skipped (the run still checks the rest). */
#define RZ_BUDGET 400000L

/* Count solutions up to limit by trying every digit in every empty cell, in order; -1 when the
 * budget (*left rule checks) runs out first. */
static int rz_count(const rz_spec *s, uint8_t *g, int cell, int limit, long *left) {
    while (cell < s->ncells && g[cell]) cell++;
    if (cell == s->ncells) return 1;
    int found = 0;
    for (int d = 1; d <= s->n && found < limit; d++) {
        if (--*left < 0) {
            found = -1;
            break;
        }
        g[cell] = (uint8_t)d;
        if (rz_ok(s, g)) {
            int more = rz_count(s, g, cell + 1, limit - found, left);
            if (more < 0) {
                found = -1;
                break;
            }
            found += more;
        }
    }
    g[cell] = 0;
    return found;
}

static void rz_group(rz_spec *s, const int *cells, int k, int total) {
    if (s->ngroups >= RZ_MAXG) return;
    int at = s->gstart[s->ngroups];
    for (int i = 0; i < k; i++) s->gcells[at + i] = cells[i];
    s->gtotal[s->ngroups] = total;
    s->gstart[++s->ngroups] = at + k;
}

static void rz_moves(rz_spec *s, int dr, int dc) {
    int n = s->n;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int rr = r + dr, cc = c + dc;
            if (rr >= 0 && rr < n && cc >= 0 && cc < n) {
                s->pairs[2 * s->npairs] = r * n + c;
                s->pairs[2 * s->npairs + 1] = rr * n + cc;
                s->npairs++;
            }
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = {data, size};
    rz_spec s;
    memset(&s, 0, sizeof s);
    int n = 2 + fz_byte(&in) % (RZ_MAXN - 1), cn = n * n;
    uint8_t flags = fz_byte(&in);
    s.n = n;
    s.ncells = cn;
    int cells[RZ_MAXN];
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) cells[c] = r * n + c;
        rz_group(&s, cells, n, -1);
    }
    for (int c = 0; c < n; c++) {
        for (int r = 0; r < n; r++) cells[r] = r * n + c;
        rz_group(&s, cells, n, -1);
    }
    int br = n == 4 ? 2 : n == 6 ? 2 : 0, bc = br ? n / br : 0;
    if ((flags & 1) && br)
        for (int b = 0; b < n; b++) {
            int r0 = b / (n / bc) * br, c0 = b % (n / bc) * bc, k = 0;
            for (int i = 0; i < br; i++)
                for (int j = 0; j < bc; j++) cells[k++] = (r0 + i) * n + c0 + j;
            rz_group(&s, cells, n, -1);
        }
    if (flags & 2) {
        for (int i = 0; i < n; i++) cells[i] = i * n + i;
        rz_group(&s, cells, n, -1);
        for (int i = 0; i < n; i++) cells[i] = (n - 1 - i) * n + i;
        rz_group(&s, cells, n, -1);
    }
    if (flags & 4) {
        rz_moves(&s, 1, 1);
        rz_moves(&s, 1, -1);
    }
    if (flags & 8) {
        rz_moves(&s, 1, 2);
        rz_moves(&s, 2, 1);
        rz_moves(&s, 1, -2);
        rz_moves(&s, 2, -1);
    }
    if (flags & 16)
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                if (c + 1 < n) {
                    s.adj[2 * s.nadj] = r * n + c;
                    s.adj[2 * s.nadj + 1] = r * n + c + 1;
                    s.nadj++;
                }
                if (r + 1 < n) {
                    s.adj[2 * s.nadj] = r * n + c;
                    s.adj[2 * s.nadj + 1] = (r + 1) * n + c;
                    s.nadj++;
                }
            }
    int ncages = 0, cage_start[RZ_MAXG + 1] = {0}, cage_cells[RZ_MAXG * RZ_MAXN], cage_total[RZ_MAXG];
    if (flags & 32) {
        uint8_t used[RZ_MAXC] = {0};
        int want = fz_byte(&in) % 8;
        for (int i = 0; i < want && in.n >= 2 && s.ngroups < RZ_MAXG; i++) {
            int k = 1 + fz_byte(&in) % n, got = 0;
            for (int j = 0; j < k && in.n; j++) {
                int cell = fz_byte(&in) % cn;
                if (!used[cell]) {
                    used[cell] = 1;
                    cells[got++] = cell;
                }
            }
            if (!got) continue;
            int lo = got * (got + 1) / 2, hi = got * (2 * n - got + 1) / 2;
            int total = lo + fz_byte(&in) % (hi - lo + 3); /* sometimes impossible (above hi) */
            for (int j = 0; j < got; j++) cage_cells[cage_start[ncages] + j] = cells[j];
            cage_total[ncages] = total;
            cage_start[ncages + 1] = cage_start[ncages] + got;
            ncages++;
            rz_group(&s, cells, got, total);
        }
    }
    uint8_t g[RZ_MAXC] = {0}, sol1[RZ_MAXC], sol2[RZ_MAXC], sol3[RZ_MAXC], work[RZ_MAXC];
    while (in.n >= 2) {
        int cell = fz_byte(&in) % cn;
        g[cell] = (uint8_t)(fz_byte(&in) % (n + 1));
    }
    /* the spec as rules.c takes it: regions are the non-cage groups */
    int rstart[RZ_MAXG + 1], rcells[RZ_MAXG * RZ_MAXN], nreg = 0;
    rstart[0] = 0;
    for (int i = 0; i < s.ngroups; i++)
        if (s.gtotal[i] < 0) {
            int k = s.gstart[i + 1] - s.gstart[i];
            memcpy(rcells + rstart[nreg], s.gcells + s.gstart[i], (size_t)k * sizeof(int));
            rstart[nreg + 1] = rstart[nreg] + k;
            nreg++;
        }
    skr_spec spec = {n, cn, nreg, rstart, rcells, s.npairs, s.pairs, s.nadj, s.adj,
                     ncages, cage_start, cage_cells, cage_total};
    char error[200];
    skr_table *t = skr_table_new(&spec, error, sizeof error);
    FZ_CHECK(t != NULL, "a valid spec was refused: %s", error);
    int c2 = skr_solve(t, g, 2, sol2, NULL, NULL, 0);
    int c1 = skr_solve(t, g, 1, sol1, NULL, NULL, 0);
    FZ_CHECK(c2 >= 0 && c2 <= 2 && c1 == (c2 ? 1 : 0), "counts %d (limit 2), %d (limit 1)", c2, c1);
    if (c2) {
        FZ_CHECK(!memcmp(sol1, sol2, (size_t)cn), "first solution depends on the limit");
        for (int i = 0; i < cn; i++) FZ_CHECK(!g[i] || g[i] == sol2[i], "a given changed at %d", i);
        FZ_CHECK(rz_ok(&s, sol2), "the solution breaks a rule");
    }
    if (n <= 5) {
        memcpy(work, g, (size_t)cn);
        long left = RZ_BUDGET;
        int brute = rz_ok(&s, work) ? rz_count(&s, work, 0, 2, &left) : 0;
        FZ_CHECK(brute < 0 || brute == c2, "rules.c counts %d, brute force %d (n=%d flags=%d)", c2, brute, n, flags);
    }
    if (flags & 64) {
        int cs = skr_solve(t, g, 1, sol3, NULL, NULL, 0x9E3779B97F4A7C15u ^ size);
        FZ_CHECK(cs == c1, "seeded search counts %d, plain %d", cs, c1);
        if (cs) FZ_CHECK(rz_ok(&s, sol3), "the seeded solution breaks a rule");
    }
    skr_table_free(t);
    return 0;
}
