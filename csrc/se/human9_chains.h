/* human9_chains.h - what the three chain files share (internal to csrc/, not an API).
 *
 * Sudoku Explainer's chaining rules are split as the Python modules are:
 *
 *     human9_chains.c   the shared machinery (geometry in SE's order, hints and their
 *                       difficulty, static links, the unary searches' scratch) and
 *                       sudokit.techniques.chains: bidirectional cycles, forcing X-chains,
 *                       forcing chains
 *     human9_forcing.c  sudokit.techniques.forcing: Nishio, multiple, dynamic and dynamic (+)
 *                       forcing chains (the branching search, its runs and the (+) rules)
 *     human9_nested.c   sudokit.techniques.nested: nested forcing chains, levels 2 and 3 (the
 *                       inner rules of the branching search)
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
 * Everything here is a type, a `static const` table, a `static inline` function or the
 * prototype of a function of one of the three files (prefix hc_, hidden from the rest of the
 * extension's users); nothing is mutable, so the finders stay re-entrant.
 */
#ifndef SUDOKIT_HUMAN9_CHAINS_H
#define SUDOKIT_HUMAN9_CHAINS_H

#include "se/human9.h"
#include "common/geometry9.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__GNUC__)
#define HC_INTERNAL __attribute__((visibility("hidden")))
#else
#define HC_INTERNAL
#endif

/* ---- potentials and their sets ------------------------------------------------------------ */

enum {
    NPOT = 81 * 9 * 2,            /* number of potential keys                        */
    PWORDS = (NPOT + 63) / 64,    /* words of a potential bit set                    */
    MAXPAR = 16,                  /* parents of one potential: at most 15 (plus rule) */
    BIG = 1 << 30,                /* "no limit" for complexities                     */
};

/* A set of potentials (keys: cell, digit, on/off; 1458 bits), not of cells: bits.h's sk_cells
 * is for the 81 cells. */
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

/* Highest set bit of a nonzero mask (Python's m.bit_length() - 1; the lowest is sk_lowest). */
static inline int high_bit(unsigned m) { return 31 - __builtin_clz(m); }

/* ---- geometry: houses in SE's order ------------------------------------------------------- */

/* Units and cells as in geometry9.h (sudokit.shape.Shape(3, 3)); the searches want them in
 * SE's order of houses (box, row, column), so they are tabled once per call below. */

/* Everything about the 81 cells that the searches look up, built once per call. */
typedef struct {
    uint8_t house[81][3];   /* unit ids of the cell's box, row, column (SE's order)         */
    uint8_t hpos[81][3];    /* the cell's position inside each of those three units        */
    uint16_t box_in_row[81];/* positions, in the cell's row, of the cells of its own box  */
    uint16_t box_in_col[81];/* the same in its column                                      */
    uint8_t peers[81][20];  /* box first (reading order), then the rest of the row, then  */
                            /* the rest of the column: SE's order, no repeats             */
} geometry;

/* ---- difficulty and hints ----------------------------------------------------------------- */

/* SE's length penalty, summed in floating point exactly as SE (and chains.py) do. */
static inline double length_penalty(int complexity) {
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
static inline int key_less(double d1, int c1, int s1, double d2, int c2, int s2) {
    if (d1 != d2) return d1 < d2;
    if (c1 != c2) return c1 < c2;
    return s1 < s2;
}

/* 1 when a hint with this key would replace the best (strictly easier; ties keep the first). */
static inline int beats(const hint *best, double diff, int complexity, int sort_key) {
    return !best->name ||
           key_less(diff, complexity, sort_key, best->difficulty, best->complexity, best->sort_key);
}

/* The largest complexity a hint of this kind may have and still sort before the best
 * (chains.py _max_complexity).  No complexity reaches MAXC (9 runs of at most NPOT
 * potentials), so stopping there changes nothing. */
enum { MAXC = 9 * NPOT + 1 };
static inline int max_complexity(const hint *best, double base, int sort_key) {
    if (!best->name) return BIG;
    int c = 2;
    while (c < MAXC && key_less(base + length_penalty(c), c, sort_key, best->difficulty,
                                best->complexity, best->sort_key))
        c++;
    return c - 1;
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

/* ---- branching forcing chains (forcing.py, nested.py) --------------------------------------- */

struct chains;
struct crun;
struct nest_list;
struct nest_sum;

/* One of SE's branching chain rules: which implications it follows, its base and names.
 *
 * The nested levels (human9_nested.c) reach the branching search of human9_forcing.c through
 * its functions; the search reaches the nested code only through the two hooks of the rule, so
 * the dependency goes one way (nested -> forcing).  Both are NULL for the levels below 2. */
typedef struct {
    int dynamic;            /* remove the candidates turned off as the chain goes          */
    int nishio;             /* X-links only, contradictions only                           */
    int plus;               /* also the (+) rules: locked candidates, pairs, X-wings       */
    double base;
    const char *contradiction, *dbl, *cell, *region;  /* step names (NULL: not used)     */
    int level;              /* SE's nesting level: 2 and up also use inner forcing chains  */
    /* level 2 and up: the eliminations of the inner chains on the reduced grid `work` (0 on
     * an expired deadline or out of memory) */
    int (*inner_rules)(struct chains *C, const uint16_t work[81], struct nest_list *N);
    /* level 2 and up: add the inner chains a run rests on to S */
    void (*nest_collect)(struct chains *C, const struct crun *r, struct nest_sum *S);
} chain_rule;

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
typedef struct crun {
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

/* Rank of a stored key among the stored keys (key order). */
static inline int cr_rank(const crun *r, int k) {
    uint64_t below = r->has.w[k >> 6] & ((1ull << (k & 63)) - 1);
    return r->rank0[k >> 6] + sk_popcount(below);
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
typedef struct chains {
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
    /* ... by this function (human9_nested.c's, set with `collect`), for every conclusion
     * common to several runs */
    void (*collect_common)(struct chains *C, const char *name, int sort_key, int concl,
                           const struct crun *const *runs, int nruns);
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

/* ---- nested chains (nested.py) ------------------------------------------------------------ */

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

/* The distinct inner chains a hint rests on (forcing.py _nested_complexity). */
typedef struct nest_sum {
    int n, sum;
    uint64_t id[NPOT / 2];
} nest_sum;

/* ---- the functions the three files share -------------------------------------------------- */

/* human9_chains.c */
HC_INTERNAL void hc_geometry_init(geometry *g);
HC_INTERNAL void hc_house_masks(const uint16_t cands[81], const geometry *g, uint16_t hd[27 * 9]);
HC_INTERNAL void hc_hint_to_step(const hint *h, sk_step *out);
HC_INTERNAL void hc_links_init(links *L, const uint16_t cands[81], const uint16_t hd[27 * 9],
                               const geometry *g);
HC_INTERNAL void hc_inner_add(inner_list *I, double diff, int complexity, int sort_key, int cycle,
                              const int *path, int n, const uint16_t elim[81]);
HC_INTERNAL int hc_unary_pass(unary *U, const hm_pos *pos, int y, int x, hm_ctx *ctx);

/* human9_forcing.c */
HC_INTERNAL extern const chain_rule RULE_MULTIPLE;
HC_INTERNAL chains *hc_chains_open(const hm_pos *pos, hm_ctx *ctx, const chain_rule *R);
HC_INTERNAL void hc_chains_close(chains *C);
HC_INTERNAL int hc_branching_search(chains *C);
HC_INTERNAL int hc_branching_finder(const hm_pos *pos, sk_step *out, hm_ctx *ctx, const chain_rule *R);
HC_INTERNAL int hc_run_count(chains *C, const crun *r, int key, int limit);

/* human9_nested.c: nothing (its hooks are in RULE_NESTED2/3 and chains.collect_common) */

#endif /* SUDOKIT_HUMAN9_CHAINS_H */
