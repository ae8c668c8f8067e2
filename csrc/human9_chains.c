/* human9_chains.c - Sudoku Explainer's chaining rules on a 9x9 grid (see human9.h).
 *
 * The C twins of sudokit.techniques.chains (bidirectional cycles, forcing X-chains and forcing
 * chains) and sudokit.techniques.forcing (Nishio, multiple, dynamic and dynamic (+) forcing
 * chains).  The Python modules are the reference: the searches below visit potentials in the
 * same order and measure complexity the same way, because SE's difficulty of a chain is its
 * base plus a length penalty of its complexity, and the step applied is the first of the
 * easiest hints in order of discovery.
 *
 * A potential (a candidate assumed true, "on", or false, "off") is one small int:
 *
 *     key = (cell * 9 + d0) * 2 + on          0 .. 1457   (d0 = digit - 1)
 *
 *         bit   10 .. 1        0
 *              candidate     on/off
 *
 * so a set of potentials is a 1458-bit set (23 words) and per-potential data (parents, where
 * a potential came from) are plain arrays indexed by key instead of Python's dicts.
 *
 * The branching rules work out each assumption once (propagate) into a packed run that keeps
 * every potential's parents, so a conclusion's complexity (its ancestors, counted as
 * chains.py count_with does) is counted only for conclusions that could still beat the best
 * hint, and stops as soon as it cannot.  The dynamic (+) rule's extra eliminations come from
 * plus_rules, called whenever the propagation runs dry.  SE's nested forcing chains (levels 2
 * and 3 here; nested.py) are the same propagation: when plus_rules finds nothing, nested_rules
 * collects every inner hint of the reduced grid (the unary searches, and for level 3 a whole
 * static multiple chain search, both in "collect" mode) and turns those resting on some
 * removal into more eliminations; a hint's complexity then adds the complexities of the
 * distinct inner chains it rests on.  Levels 4 and 5 are not here (Python does them).
 *
 * Re-entrant: every table is either `static const` or built on the caller's stack/heap inside
 * the call.  Long searches poll hm_check_deadline and give up (return 0) once it says so.
 */
#include "human9.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- potentials and their sets ------------------------------------------------------------ */

enum {
    NPOT = 81 * 9 * 2,            /* number of potential keys                        */
    PWORDS = (NPOT + 63) / 64,    /* words of a potential bit set                    */
    MAXPAR = 16,                  /* parents of one potential: at most 15 (plus rule) */
    BIG = 1 << 30,                /* "no limit" for complexities                     */
};

typedef struct { uint64_t w[PWORDS]; } potset;

/* The key of candidate (cell, d0) assumed on (1) or off (0). */
static inline int pot_key(int cell, int d0, int on) { return ((cell * 9 + d0) << 1) | on; }
/* The cell, digit index and polarity of a key. */
static inline int key_cell(int k) { return (k >> 1) / 9; }
static inline int key_d0(int k) { return (k >> 1) % 9; }
static inline int key_is_on(int k) { return k & 1; }

/* Membership, insertion and removal of a key in a potential set. */
static inline int ps_has(const potset *s, int k) { return (int)((s->w[k >> 6] >> (k & 63)) & 1u); }
static inline void ps_add(potset *s, int k) { s->w[k >> 6] |= 1ull << (k & 63); }
static inline void ps_del(potset *s, int k) { s->w[k >> 6] &= ~(1ull << (k & 63)); }

/* Lowest and highest set bit of a nonzero mask (Python's (m & -m).bit_length() - 1 and
 * m.bit_length() - 1). */
static inline int low_bit(unsigned m) { return __builtin_ctz(m); }
static inline int high_bit(unsigned m) { return 31 - __builtin_clz(m); }

/* Bits set in a 9-bit mask (candidates of a cell, places of a digit in a unit), by table.
 * The table is built two bits at a time: each step makes four copies of the smaller table,
 * adding 0, 1, 1, 2 for the new bits 00, 01, 10, 11 (the build has no popcnt instruction). */
#define POP_2(n) n, n + 1, n + 1, n + 2
#define POP_4(n) POP_2(n), POP_2(n + 1), POP_2(n + 1), POP_2(n + 2)
#define POP_6(n) POP_4(n), POP_4(n + 1), POP_4(n + 1), POP_4(n + 2)
#define POP_8(n) POP_6(n), POP_6(n + 1), POP_6(n + 1), POP_6(n + 2)
static const uint8_t POP9[512] = {POP_8(0), POP_8(1)};
static inline int pop9(unsigned m) { return POP9[m & 0x1ffu]; }

/* Bits set in a 64-bit word (SWAR). */
static inline int popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* ---- geometry: houses in SE's order ------------------------------------------------------- */

/* Units as in sudokit.units.Shape(3, 3): rows 0-8, columns 9-17, boxes 18-26; the cells of a
 * unit are numbered 0..8 in reading order (hm_unit_cell in human9.h). */

/* Everything about the 81 cells that the searches look up, built once per call. */
typedef struct {
    uint8_t house[81][3];   /* unit ids of the cell's box, row, column (SE's order)         */
    uint8_t hpos[81][3];    /* the cell's position inside each of those three units        */
    uint16_t box_in_row[81];/* positions, in the cell's row, of the cells of its own box  */
    uint16_t box_in_col[81];/* the same in its column                                      */
    uint8_t peers[81][20];  /* box first (reading order), then the rest of the row, then  */
                            /* the rest of the column: SE's order, no repeats             */
} geometry;

/* Fill the geometry tables (a few microseconds; kept per call so nothing is mutable at
 * file level). */
static void geometry_init(geometry *g) {
    for (int cell = 0; cell < 81; cell++) {
        int r = cell / 9, c = cell % 9, b = r / 3 * 3 + c / 3;
        g->house[cell][0] = (uint8_t)(18 + b);
        g->house[cell][1] = (uint8_t)r;
        g->house[cell][2] = (uint8_t)(9 + c);
        g->hpos[cell][0] = (uint8_t)(r % 3 * 3 + c % 3);
        g->hpos[cell][1] = (uint8_t)c;
        g->hpos[cell][2] = (uint8_t)r;
        g->box_in_row[cell] = (uint16_t)(7u << (c / 3 * 3));
        g->box_in_col[cell] = (uint16_t)(7u << (r / 3 * 3));
        int n = 0;
        for (int i = 0; i < 9; i++) {
            int q = hm_unit_cell(18 + b, i);
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
static void house_masks(const uint16_t cands[81], const geometry *g, uint16_t hd[27 * 9]) {
    memset(hd, 0, 27 * 9 * sizeof *hd);
    for (int cell = 0; cell < 81; cell++)
        for (unsigned d = cands[cell]; d; d &= d - 1)
            for (int h = 0; h < 3; h++)
                hd[g->house[cell][h] * 9 + low_bit(d)] |= (uint16_t)(1u << g->hpos[cell][h]);
}

/* ---- difficulty and hints ----------------------------------------------------------------- */

/* SE's length penalty, summed in floating point exactly as SE (and chains.py) do. */
static double length_penalty(int complexity) {
    double added = 0.0;
    int ceil = 4, length = complexity - 2, odd = 0;
    while (length > ceil) {
        added += 0.1;
        ceil = odd ? ceil * 4 / 3 : ceil * 3 / 2;
        odd = !odd;
    }
    return added;
}

/* The best hint so far: what SE sorts hints by, and what it changes. */
typedef struct {
    const char *name;       /* NULL while there is none                                    */
    double difficulty;      /* base + length penalty                                       */
    int complexity;
    int sort_key;
    int place_cell;         /* -1, or the cell of the placement                           */
    int place_d0;
    uint16_t elim[81];
} hint;

/* Python's tuple order (difficulty, complexity, sort_key) < (...). */
static int key_less(double d1, int c1, int s1, double d2, int c2, int s2) {
    if (d1 != d2) return d1 < d2;
    if (c1 != c2) return c1 < c2;
    return s1 < s2;
}

/* 1 when a hint with this key would replace the best (strictly easier; ties keep the first). */
static int beats(const hint *best, double diff, int complexity, int sort_key) {
    return !best->name ||
           key_less(diff, complexity, sort_key, best->difficulty, best->complexity, best->sort_key);
}

/* The largest complexity a hint of this kind may have and still sort before the best
 * (chains.py _max_complexity).  No complexity reaches MAXC (9 runs of at most NPOT
 * potentials), so stopping there changes nothing. */
enum { MAXC = 9 * NPOT + 1 };
static int max_complexity(const hint *best, double base, int sort_key) {
    if (!best->name) return BIG;
    int c = 2;
    while (c < MAXC && key_less(base + length_penalty(c), c, sort_key, best->difficulty,
                                best->complexity, best->sort_key))
        c++;
    return c - 1;
}

/* Write a hint as the finder's step. */
static void hint_to_step(const hint *h, hm_step *out) {
    hm_step_clear(out);
    out->name = h->name;
    out->difficulty = (int)(h->difficulty * 10 + 0.5);
    out->hodoku = -1;  /* chain steps carry no "hodoku" in step.extra */
    if (h->place_cell >= 0) out->place[h->place_cell] = (uint16_t)(1u << h->place_d0);
    memcpy(out->elim, h->elim, sizeof out->elim);
}

/* ---- static implications (chains.py Links) ------------------------------------------------ */

/* Every direct implication of the position, per potential key, in SE's order:
 *
 *     pool[start[k] .. mid[k])   the Y part: on -> off the other digits of the cell,
 *                                off -> on the other digit of a bivalue cell
 *     pool[mid[k]   .. end[k])   the X part: on -> off the digit in the peers (box, row,
 *                                column), off -> on the other place of the digit in a box,
 *                                row or column holding it twice (no repeats)
 */
enum { LINK_POOL = 729 * 28 + 729 * 4 };

typedef struct {
    uint16_t start[NPOT], mid[NPOT], end[NPOT];
    uint16_t pool[LINK_POOL];
} links;

/* Build the implications of a position (chains.py Links.__init__). */
static void links_init(links *L, const uint16_t cands[81], const uint16_t hd[27 * 9],
                       const geometry *g) {
    int n = 0;
    memset(L->start, 0, sizeof L->start);
    memset(L->mid, 0, sizeof L->mid);
    memset(L->end, 0, sizeof L->end);
    for (int cell = 0; cell < 81; cell++) {
        unsigned m = cands[cell];
        for (unsigned d = m; d; d &= d - 1) {
            int d0 = low_bit(d);
            int on = pot_key(cell, d0, 1), off = on ^ 1;
            /* on -> off */
            L->start[on] = (uint16_t)n;
            for (unsigned e = m & ~(1u << d0); e; e &= e - 1) L->pool[n++] = (uint16_t)pot_key(cell, low_bit(e), 0);
            L->mid[on] = (uint16_t)n;
            for (int i = 0; i < 20; i++) {
                int q = g->peers[cell][i];
                if (cands[q] >> d0 & 1) L->pool[n++] = (uint16_t)pot_key(q, d0, 0);
            }
            L->end[on] = (uint16_t)n;
            /* off -> on */
            L->start[off] = (uint16_t)n;
            if (pop9(m) == 2) L->pool[n++] = (uint16_t)pot_key(cell, low_bit(m & ~(1u << d0)), 1);
            L->mid[off] = (uint16_t)n;
            for (int h = 0; h < 3; h++) {
                int u = g->house[cell][h];
                unsigned pm = hd[u * 9 + d0];
                if (pop9(pm) != 2) continue;
                int k = pot_key(hm_unit_cell(u, low_bit(pm & ~(1u << g->hpos[cell][h]))), d0, 1);
                int dup = 0;
                for (int j = L->mid[off]; j < n; j++) dup |= L->pool[j] == k;
                if (!dup) L->pool[n++] = (uint16_t)k;
            }
            L->end[off] = (uint16_t)n;
        }
    }
}

/* ---- cycles and forcing X/Y-chains (chains.py) -------------------------------------------- */

/* Scratch of the unary searches: where each potential came from. */
typedef struct {
    const uint16_t *cands;
    const geometry *g;
    const links *L;
    potset came;               /* potentials reached                                      */
    int16_t came_off[NPOT];    /* cycles: the off potential before an on potential        */
    int16_t came_prev[NPOT];   /* cycles: the on potential before that                    */
    uint16_t q1[NPOT], q2[NPOT], q3[NPOT];
    int path[NPOT + 2];
    potset mark;               /* cycles: the off potentials on the current path          */
    potset seen;               /* distinct(): scratch, always left empty                  */
    hint best;
    struct inner_list *collect;/* nested chains: keep every hint here instead of the best  */
} unary;

/* Every hint of the unary searches on a reduced grid, for nested chains (nested.py
 * _unary_inner): what SE sorts them by, what they remove, and their path (for the causes). */
typedef struct {
    double difficulty;
    int complexity, sort_key, index;
    int cycle;                 /* 1: a cycle (its offs count as causes too); 2: a multiple */
                               /* chain, whose "path" holds its causes (cause_code)       */
    int path_at, path_n;       /* the path: inner_list.paths[path_at .. + path_n)          */
    uint64_t id;               /* a multiple chain's identity                             */
    uint64_t elim_hash;
    uint16_t elim[81];
} inner_hint;

typedef struct inner_list {
    int n, cap, paths_n, paths_cap;
    inner_hint *h;
    uint16_t *paths;
    int failed;
} inner_list;

/* Append a hint to the collection (path as built by the search). */
static void inner_add(inner_list *I, double diff, int complexity, int sort_key, int cycle,
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
    double diff = (both ? 7.0 : 6.5) + length_penalty(complexity);
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
        inner_add(U->collect, diff, complexity, sort_key, 1, path, n, forw);
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
    double base = x && y ? 7.0 : 6.5;
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
    inner_add(U->collect, (y ? 7.0 : 6.6) + length_penalty(complexity), complexity, y ? 4 : 2, 0,
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
static int unary_pass(unary *U, const hm_pos *pos, int y, int x, hm_ctx *ctx) {
    for (int cell = 0; cell < 81; cell++) {
        if (hm_check_deadline(ctx)) return 0;
        unsigned m = pos->cands[cell];
        if (pos->values[cell] || pop9(m) <= 1) continue;
        if (!x && pop9(m) > 2) continue;  /* Y-cycles start only from bivalue cells */
        for (unsigned d = m; d; d &= d - 1) {
            int on = pot_key(cell, low_bit(d), 1);
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
int hm_forcing_chain(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    geometry g;
    uint16_t hd[27 * 9];
    geometry_init(&g);
    house_masks(pos->cands, &g, hd);
    links *L = malloc(sizeof *L);
    unary *U = malloc(sizeof *U);
    int found = 0;
    if (!L || !U) goto done;
    links_init(L, pos->cands, hd, &g);
    memset(&U->mark, 0, sizeof U->mark);
    memset(&U->seen, 0, sizeof U->seen);
    U->cands = pos->cands;
    U->g = &g;
    U->L = L;
    U->best.name = NULL;
    U->collect = NULL;
    /* X-loops, then Y-loops, then XY-loops (SE's order) */
    if (!unary_pass(U, pos, 0, 1, ctx) || !unary_pass(U, pos, 1, 0, ctx) || !unary_pass(U, pos, 1, 1, ctx))
        goto done;
    if (U->best.name) {
        hint_to_step(&U->best, out);
        found = 1;
    }
done:
    free(L);
    free(U);
    return found;
}

/* ---- branching forcing chains (forcing.py) ------------------------------------------------ */

/* One of SE's branching chain rules: which implications it follows, its base and names. */
typedef struct {
    int dynamic;            /* remove the candidates turned off as the chain goes          */
    int nishio;             /* X-links only, contradictions only                           */
    int plus;               /* also the (+) rules: locked candidates, pairs, X-wings       */
    double base;
    const char *contradiction, *dbl, *cell, *region;  /* step names (NULL: not used)     */
    int level;              /* SE's nesting level: 2 and up also use inner forcing chains  */
} chain_rule;

/* The four rules (forcing.py _NISHIO, _MULTIPLE, _DYNAMIC, _PLUS). */
static const chain_rule RULE_NISHIO = {1, 1, 0, 7.5, "Nishio Forcing Chain", NULL, NULL, NULL, 0};
static const chain_rule RULE_MULTIPLE = {0, 0, 0, 8.0, NULL, NULL, "Cell Forcing Chains",
                                         "Region Forcing Chains", 0};
static const chain_rule RULE_DYNAMIC = {1, 0, 0, 8.5, "Dynamic Contradiction Forcing Chain",
                                        "Dynamic Double Forcing Chain", "Dynamic Cell Forcing Chains",
                                        "Dynamic Region Forcing Chains", 0};
static const chain_rule RULE_PLUS = {1, 0, 1, 9.0, "Dynamic Contradiction Forcing Chain (+)",
                                     "Dynamic Double Forcing Chain (+)",
                                     "Dynamic Cell Forcing Chains (+)",
                                     "Dynamic Region Forcing Chains (+)", 0};
/* Nested forcing chains (nested.py _LEVELS): level 2 uses forcing chains and cycles inside. */
static const chain_rule RULE_NESTED2 = {1, 0, 1, 9.5, "Dynamic Contradiction Forcing Chain (+ Forcing Chains)",
                                        "Dynamic Double Forcing Chain (+ Forcing Chains)",
                                        "Dynamic Cell Forcing Chains (+ Forcing Chains)",
                                        "Dynamic Region Forcing Chains (+ Forcing Chains)", 2};
/* ... level 3 also uses static multiple forcing chains inside. */
static const chain_rule RULE_NESTED3 = {1, 0, 1, 10.0,
                                        "Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains)",
                                        "Dynamic Double Forcing Chain (+ Multiple Forcing Chains)",
                                        "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
                                        "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)", 3};

/* The outcome of one assumption while it is worked out (forcing.py Run): every potential
 * implied, in order, with its parents.  When the propagation stopped on a contradiction,
 * `stored` clashes with `loose`, which is not stored and whose parents are kept aside.
 *
 *     order[i]                          the i-th key found (the assumption first)
 *     pool[pstart[i] .. pstart[i + 1])  its parents (the first one is the main chain)
 *     idx[k]                            i for a stored key k
 */
typedef struct {
    potset has;               /* keys stored                                             */
    int n, pool_n, pool_cap;
    int failed;               /* the pool could not grow                                 */
    int absurd;               /* 1 when the propagation stopped on a contradiction      */
    int stored, loose;        /* the clashing pair                                       */
    int loose_n;
    uint16_t loose_par[MAXPAR];
    uint16_t order[NPOT];
    uint16_t pstart[NPOT + 1];
    uint16_t idx[NPOT];
    uint16_t *pool;           /* malloc'ed, grown on demand                              */
    /* nested chains: the off keys an inner chain gave, with that chain's identity (a hash
     * of its path, SE's FullChain) and complexity (forcing.py Run.nested) */
    int nest_n;
    uint16_t nest_key[NPOT / 2], nest_cx[NPOT / 2];
    uint64_t nest_id[NPOT / 2];
} run;

/* A finished run, packed to a few kilobytes so that many can be kept.  Parents are filed by
 * the rank of their key among the stored keys, found from the bit set:
 *
 *     rank(k) = rank0[k / 64] + popcount(has.w[k / 64] below bit k % 64)
 *
 *     data:  order[n] | pstart[n + 1] (by rank) | pool[pool_n]
 */
typedef struct {
    potset has;
    uint16_t rank0[PWORDS];   /* keys stored in the words before                         */
    int n, pool_n;
    int absurd, stored, loose, loose_n;
    int nest_n;
    uint16_t loose_par[MAXPAR];
    uint16_t data[];          /* ... | nest_key[nest_n] | nest_cx[nest_n] | nest_id (4 each) */
} crun;

/* The three arrays of a packed run's data. */
static inline const uint16_t *cr_order(const crun *r) { return r->data; }
static inline const uint16_t *cr_pstart(const crun *r) { return r->data + r->n; }
static inline const uint16_t *cr_pool(const crun *r) { return r->data + 2 * r->n + 1; }

/* Bytes of the packed form of a run. */
static size_t crun_size(const run *r) {
    return sizeof(crun) + (size_t)(2 * r->n + 1 + r->pool_n + 6 * r->nest_n) * sizeof(uint16_t);
}

/* Rank of a stored key among the stored keys (key order). */
static inline int cr_rank(const crun *r, int k) {
    uint64_t below = r->has.w[k >> 6] & ((1ull << (k & 63)) - 1);
    return r->rank0[k >> 6] + popcount64(below);
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

/* The nested entries of a packed run: i-th key, complexity and identity. */
static inline const uint16_t *cr_nest(const crun *r) { return cr_pool(r) + r->pool_n; }
static inline uint64_t cr_nest_id(const crun *r, int i) {
    uint64_t id;
    memcpy(&id, cr_nest(r) + 2 * r->nest_n + 4 * i, sizeof id);
    return id;
}

enum { PLUS_MAX = NPOT / 2 };

/* The eliminations the (+) rules find in a reduced grid, each with the removals it rests on
 * (forcing.py _advanced, without repeated keys: only a key's first entry could count). */
typedef struct {
    int n;                        /* eliminations (off keys) below                         */
    int emitted;                  /* entries the Python list would hold, repeats included  */
    uint16_t key[PLUS_MAX];
    uint16_t rest_at[PLUS_MAX];   /* its parents: rest[rest_at .. + rest_n]                */
    uint8_t rest_n[PLUS_MAX];
    int rest_len;
    uint16_t rest[PLUS_MAX * MAXPAR];
    potset dup;                   /* keys already in key[]                                 */
} plus_list;

/* A locked-candidates pattern: digit places of u1 all inside its intersection with u2. */
typedef struct { uint8_t u1, u2; uint16_t in1, in2; } locked_pair;

/* What the searches of one finder call share. */
typedef struct {
    const hm_pos *pos;
    const chain_rule *R;
    hm_ctx *ctx;
    links *L;                     /* static rule only                                      */
    run *scratch;                 /* the run being worked out                              */
    crun **cache;                 /* on runs by key, kept while a later cell may need them */
    crun *on_buf, *off_buf;       /* packed runs not kept (Nishio on runs, off runs)       */
    size_t on_cap, off_cap;
    int failed;                   /* out of memory                                         */
    unary *U;                     /* nested chains: the inner searches' scratch            */
    links *IL;                    /* ... the reduced grid's implications                  */
    inner_list inner;             /* ... every inner hint of one reduced grid             */
    struct nest_list *nest;       /* ... the eliminations they give                       */
    inner_list *collect;          /* inner multiple chains: keep every hint here           */
    int root;                     /* ... the cause of the current cell/region assumption  */
    int placed[9];                /* placed digits, for the X-wing rule                    */
    int empties[27];              /* empty cells per unit, for the pair rules              */
    /* -- not cleared at the start of a call -- */
    plus_list plus;
    geometry g;
    uint16_t save_hd[27 * 9];     /* digit places per unit in the position                 */
    uint16_t work[81];            /* dynamic propagation: candidates left                  */
    uint16_t hd[27 * 9];          /* ... and their places per unit                         */
    uint16_t qon[NPOT], qoff[NPOT];
    potset seen;                  /* ancestor counts                                       */
    uint16_t stack[NPOT];
    locked_pair locked[108];
    hint best;
    int lim[8];                   /* largest complexity that beats the best, by sort key   */
} chains;

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
            int d0 = low_bit(ds);
            unsigned pm = hd[lp->u1 * 9 + d0];
            if (pop9(pm) <= 1 || (pm & ~lp->in1)) continue;
            int nr = 0, nrest = 0;
            for (unsigned gone = hd[lp->u2 * 9 + d0] & ~lp->in2; gone; gone &= gone - 1) {
                cells[nr] = (uint8_t)hm_unit_cell(lp->u2, low_bit(gone));
                digits[nr++] = (uint8_t)d0;
            }
            for (unsigned lost = save_hd[lp->u1 * 9 + d0] & ~pm & ~lp->in1; lost; lost &= lost - 1)
                rest[nrest++] = (uint16_t)pot_key(hm_unit_cell(lp->u1, low_bit(lost)), d0, 0);
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
            for (int d0 = 0; d0 < 9; d0++) two |= (unsigned)(pop9(hd[u * 9 + d0]) == 2) << d0;
            for (unsigned bs = two; bs; bs &= bs - 1) {
                int b = low_bit(bs);
                for (unsigned as = two & ((1u << b) - 1); as; as &= as - 1) {
                    int a = low_bit(as);
                    if (!(chg[u] >> a & 1) && !(chg[u] >> b & 1)) continue;
                    unsigned pa = hd[u * 9 + a], pb = hd[u * 9 + b];
                    if (pa != pb) continue;
                    unsigned both = pa, keep = (1u << a) | (1u << b);
                    int nr = 0, nrest = 0;
                    for (unsigned s = both; s; s &= s - 1) {
                        int q = hm_unit_cell(u, low_bit(s));
                        for (unsigned e = work[q] & ~keep; e; e &= e - 1) {
                            cells[nr] = (uint8_t)q;
                            digits[nr++] = (uint8_t)low_bit(e);
                        }
                    }
                    for (int i = 0; i < 9; i++) {
                        if (both >> i & 1) continue;
                        int q = hm_unit_cell(u, i);
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
            for (int i = 0; i < 9; i++) two |= (unsigned)(pop9(work[hm_unit_cell(u, i)]) == 2) << i;
            for (unsigned js = two; js; js &= js - 1) {
                int j = low_bit(js), qj = hm_unit_cell(u, j);
                for (unsigned is = two & ((1u << j) - 1); is; is &= is - 1) {
                    int i = low_bit(is), qi = hm_unit_cell(u, i);
                    unsigned ma = work[qi], mb = work[qj];
                    if (ma != mb || (ma == save[qi] && mb == save[qj])) continue;
                    unsigned both = ma;
                    int nr = 0, nrest = 0;
                    for (int k = 0; k < 9; k++) {
                        if (k == i || k == j) continue;
                        int q = hm_unit_cell(u, k);
                        for (unsigned e = work[q] & both; e; e &= e - 1) {
                            cells[nr] = (uint8_t)q;
                            digits[nr++] = (uint8_t)low_bit(e);
                        }
                    }
                    for (unsigned e = save[qi] & ~both; e; e &= e - 1) rest[nrest++] = (uint16_t)pot_key(qi, low_bit(e), 0);
                    for (unsigned e = save[qj] & ~both; e; e &= e - 1) rest[nrest++] = (uint16_t)pot_key(qj, low_bit(e), 0);
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
                    int d0 = low_bit(ds);
                    if (C->placed[d0] + 4 > 9) continue;
                    unsigned p1 = hd[b1 * 9 + d0], p2 = hd[b2 * 9 + d0];
                    if (p1 != p2 || pop9(p1) != 2) continue;
                    unsigned lines = (1u << i) | (1u << j);
                    int nr = 0, nrest = 0;
                    for (unsigned cs = p1 | p2; cs; cs &= cs - 1) {
                        int cu = cover + low_bit(cs);
                        for (unsigned ks = hd[cu * 9 + d0] & ~lines; ks; ks &= ks - 1) {
                            int q = hm_unit_cell(cu, low_bit(ks)), at = nr++;
                            /* insertion keeps the cells sorted (Python sorts the removals) */
                            while (at > 0 && cells[at - 1] > q) { cells[at] = cells[at - 1]; at--; }
                            cells[at] = (uint8_t)q;
                        }
                    }
                    for (int t = 0; t < nr; t++) digits[t] = (uint8_t)d0;
                    int bl[2] = {b1, b2};
                    for (int t = 0; t < 2; t++)
                        for (unsigned ks = save_hd[bl[t] * 9 + d0] & ~hd[bl[t] * 9 + d0] & ~(p1 | p2); ks; ks &= ks - 1)
                            rest[nrest++] = (uint16_t)pot_key(hm_unit_cell(bl[t], low_bit(ks)), d0, 0);
                    plus_emit(P, cells, digits, nr, rest, nrest);
                }
            }
        }
    }
}

/* -- nested chains: inner forcing chains and cycles (nested.py) -- */

/* The eliminations the inner chains give on a reduced grid, each with its rule parents and
 * its chain (nested.py inner_eliminations; a key's first entry only, as only it can count). */
typedef struct nest_list {
    int n;
    uint16_t key[NPOT / 2], cx[NPOT / 2];
    uint64_t id[NPOT / 2];
    int ps_at[NPOT / 2], ps_n[NPOT / 2];
    int ps_len, ps_cap;
    uint16_t *ps;                 /* malloc'ed, grown on demand                            */
    potset dup;
} nest_list;

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
            int q = hm_unit_cell(u, i);
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
            int k = pot_key(cell, low_bit(gone), 0);
            if (!ps_has(seen, k)) { ps_add(seen, k); ps[n++] = (uint16_t)k; }
        }
        return n;
    }
    for (int i = 0; i < 9; i++) {
        int q = hm_unit_cell(where, i);
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
                int k = pot_key(cell, low_bit(e), 0);
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

static int multiple_inner(chains *C, const hm_pos *reduced);

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
    house_masks(work, &C->g, ihd);
    links_init(C->IL, work, ihd, &C->g);
    U->cands = reduced.cands;
    U->g = &C->g;
    U->L = C->IL;
    U->best.name = NULL;
    U->collect = I;
    I->n = I->paths_n = 0;
    if (!unary_pass(U, &reduced, 0, 1, C->ctx) || !unary_pass(U, &reduced, 1, 0, C->ctx) ||
        !unary_pass(U, &reduced, 1, 1, C->ctx))
        return 0;
    if (I->failed) { C->failed = 1; return 0; }
    if (!nest_from_inner(C, work, N)) return 0;
    if (N->n || C->R->level != 3) return 1;
    I->n = I->paths_n = 0;
    if (!multiple_inner(C, &reduced)) return 0;
    if (I->failed) { C->failed = 1; return 0; }
    return nest_from_inner(C, work, N);
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
                    for (unsigned e = work[cell] & ~(1u << d0); e; e &= e - 1) made[nm++] = pot_key(cell, low_bit(e), 0);
                int bu = g->house[cell][0], ru = g->house[cell][1], cu = g->house[cell][2];
                unsigned pms[3] = {hd[bu * 9 + d0] & ~(1u << g->hpos[cell][0]),
                                   hd[ru * 9 + d0] & ~(unsigned)g->box_in_row[cell],
                                   hd[cu * 9 + d0] & ~(unsigned)g->box_in_col[cell]};
                int us[3] = {bu, ru, cu};
                for (int h = 0; h < 3; h++)
                    for (unsigned pm = pms[h]; pm; pm &= pm - 1) made[nm++] = pot_key(hm_unit_cell(us[h], low_bit(pm)), d0, 0);
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
                if (y && pop9(work[cell]) == 2) {
                    unsigned m = work[cell];
                    fn[nf] = 0;
                    fpar[nf][fn[nf]++] = p;
                    for (unsigned e = masks[cell] & ~m; e; e &= e - 1) fpar[nf][fn[nf]++] = (uint16_t)pot_key(cell, low_bit(e), 0);
                    fkey[nf++] = pot_key(cell, high_bit(m & ~b), 1);
                }
                for (int h = 0; h < 3; h++) {
                    int u = g->house[cell][h], idx = u * 9 + d0;
                    unsigned pm = hd[idx];
                    if (pop9(pm) != 2) continue;
                    int k = pot_key(hm_unit_cell(u, high_bit(pm & ~(1u << g->hpos[cell][h]))), d0, 1);
                    int dup = 0;
                    for (int f = 0; f < nf; f++) dup |= fkey[f] == k;
                    if (dup) continue;
                    fn[nf] = 0;
                    fpar[nf][fn[nf]++] = p;
                    for (unsigned gone = C->save_hd[idx] & ~pm; gone; gone &= gone - 1)
                        fpar[nf][fn[nf]++] = (uint16_t)pot_key(hm_unit_cell(u, low_bit(gone)), d0, 0);
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
                if (!nested_rules(C, work, N)) { r->failed |= C->failed; return; }
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
static int run_count(chains *C, const crun *r, int key, int limit) {
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

/* The distinct inner chains a hint rests on (forcing.py _nested_complexity). */
typedef struct {
    int n, sum;
    uint64_t id[NPOT / 2];
} nest_sum;

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

/* A conclusion common to several runs: its complexity is the sum of its ancestor counts
 * (and, for nested chains, of the complexities of the inner chains it rests on; they only
 * add, so the limit still prunes the counts). */
static void collect_common(chains *C, const char *name, int sort_key, int concl, const crun *const *runs,
                           int nruns);

static void offer_common(chains *C, const char *name, int sort_key, int concl, const crun *const *runs,
                         int nruns) {
    if (!worth(C, concl)) return;
    if (C->collect) { collect_common(C, name, sort_key, concl, runs, nruns); return; }
    int limit = C->lim[sort_key], sum = 0;
    nest_sum S;
    S.n = S.sum = 0;
    for (int i = 0; i < nruns && sum <= limit; i++) {
        sum += run_count(C, runs[i], concl, limit - sum);
        if (sum <= limit && runs[i]->nest_n) nest_collect(C, runs[i], &S);
    }
    sum += S.sum;
    if (sum <= limit) offer(C, name, sum, sort_key, concl);
}

/* Inner multiple chains (collect mode): keep the hint with its causes and identity, its
 * chains walked breadth first from the conclusion as SE does (nested.py _hint_inner).  A
 * cause is coded unit * 9 + d0, or 243 + cell. */
static void collect_common(chains *C, const char *name, int sort_key, int concl, const crun *const *runs,
                           int nruns) {
    int sum = 0;
    for (int i = 0; i < nruns; i++) sum += run_count(C, runs[i], concl, BIG);
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
    inner_add(I, C->R->base + length_penalty(sum), sum, sort_key, 2, causes, nc, elim);
    if (!I->failed) I->h[I->n - 1].id = id ^ 0x5bd1e995u;  /* apart from any path's id */
}

/* A contradiction found by a run: its complexity counts the ancestors of both sides. */
static void offer_absurd(chains *C, const crun *r, int concl) {
    if (!worth(C, concl)) return;
    int limit = C->lim[7];
    nest_sum S;
    S.n = S.sum = 0;
    int sum = run_count(C, r, r->stored, limit);
    if (sum <= limit && r->nest_n) nest_collect(C, r, &S);
    if (sum <= limit) sum += count_with(C, r, r->loose, r->loose_par, r->loose_n, limit - sum);
    if (sum <= limit && r->nest_n) nest_collect(C, r, &S);
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
        if (pop9(pm) < 2 || hm_unit_cell(u, low_bit(pm)) != cell) continue;
        const crun *runs[9];
        int nr = 0, non, noff;
        for (unsigned s = pm; s; s &= s - 1) {
            int q = hm_unit_cell(u, low_bit(s));
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
static int branching_search(chains *C) {
    const chain_rule *R = C->R;
    const hm_pos *pos = C->pos;
    uint16_t cell_on[NPOT / 2], cell_off[NPOT / 2];
    for (int cell = 0; cell < 81; cell++) {
        if (hm_check_deadline(C->ctx)) return 0;
        unsigned m = pos->cands[cell];
        int card = pop9(m);
        if (pos->values[cell] || !(card > 2 || (card > 1 && R->dynamic))) goto next_cell;
        const crun *vruns[9];
        int nv = 0, n_on = 0, n_off = 0;
        for (unsigned d = m; d; d &= d - 1) {
            int d0 = low_bit(d), on = pot_key(cell, d0, 1), off = on ^ 1;
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
                    int q = hm_unit_cell(u1, i), h = u2 >= 18 ? 0 : (u2 >= 9 ? 2 : 1);
                    if (C->g.house[q][h] == u2) {
                        in1 |= 1u << i;
                        in2 |= 1u << C->g.hpos[q][h];
                    }
                }
                if (in1) C->locked[nl++] = (locked_pair){(uint8_t)u1, (uint8_t)u2, (uint16_t)in1, (uint16_t)in2};
            }
}

/* Free a search's tables (chains_open). */
static void chains_close(chains *C) {
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
static chains *chains_open(const hm_pos *pos, hm_ctx *ctx, const chain_rule *R) {
    chains *C = malloc(sizeof *C);
    if (!C) return NULL;
    memset(C, 0, offsetof(chains, plus));
    C->best.name = NULL;
    C->pos = pos;
    C->R = R;
    C->ctx = ctx;
    geometry_init(&C->g);
    house_masks(pos->cands, &C->g, C->save_hd);
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
        chains_close(C);
        return NULL;
    }
    if (C->L) links_init(C->L, pos->cands, C->save_hd, &C->g);
    if (R->plus) {
        locked_init(C);
        for (int c = 0; c < 81; c++)
            if (pos->values[c]) C->placed[pos->values[c] - 1]++;
        for (int u = 0; u < 27; u++)
            for (int i = 0; i < 9; i++) C->empties[u] += !pos->values[hm_unit_cell(u, i)];
    }
    update_limits(C);
    return C;
}

/* Level 3's second inner rule: every static multiple forcing chain of the reduced grid,
 * collected into C->inner with its causes (nested.py _inner_hints "multiple").  Returns 0 on
 * an expired deadline or when out of memory. */
static int multiple_inner(chains *C, const hm_pos *reduced) {
    chains *M = chains_open(reduced, C->ctx, &RULE_MULTIPLE);
    if (!M) { C->failed = 1; return 0; }
    M->collect = &C->inner;
    int ok = branching_search(M) && !M->failed;
    C->failed |= M->failed;
    chains_close(M);
    return ok;
}

/* Set up the shared tables, run the search of one rule, and write its first step. */
static int branching_finder(const hm_pos *pos, hm_step *out, hm_ctx *ctx, const chain_rule *R) {
    chains *C = chains_open(pos, ctx, R);
    /* nested chains: a search cut short by memory (or a 16-bit pool) says "not ported", so
     * that Python goes on from here and the path never depends on our limits */
    if (!C) return R->level >= 2 ? -1 : 0;
    int found = 0;
    if (branching_search(C) && !C->failed && C->best.name) {
        hint_to_step(&C->best, out);
        found = 1;
    }
    if (R->level >= 2 && C->failed && !ctx->expired) found = -1;
    chains_close(C);
    return found;
}

/* Nishio forcing chains (forcing.py find_nishio_forcing_chains). */
int hm_nishio(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    return branching_finder(pos, out, ctx, &RULE_NISHIO);
}

/* Static cell and region forcing chains (forcing.py find_multiple_forcing_chains). */
int hm_multiple(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    return branching_finder(pos, out, ctx, &RULE_MULTIPLE);
}

/* Dynamic contradiction, double, cell and region forcing chains (forcing.py
 * find_dynamic_forcing_chains). */
int hm_dynamic(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    return branching_finder(pos, out, ctx, &RULE_DYNAMIC);
}

/* Dynamic forcing chains with the (+) rules (forcing.py find_dynamic_plus_forcing_chains). */
int hm_dynamic_plus(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    return branching_finder(pos, out, ctx, &RULE_PLUS);
}

/* Nested forcing chains, level 2 (nested.py find_nested_forcing_chains(level=2)). */
int hm_nested2(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    return branching_finder(pos, out, ctx, &RULE_NESTED2);
}

/* Nested forcing chains, level 3 (nested.py find_nested_forcing_chains(level=3)). */
int hm_nested3(const hm_pos *pos, hm_step *out, hm_ctx *ctx) {
    return branching_finder(pos, out, ctx, &RULE_NESTED3);
}
