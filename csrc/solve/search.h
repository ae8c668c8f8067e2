/* search.h - the search core that the N x N solver (nxn.c) and the rules solver (rules.c)
 * share: candidate masks kept in step with per-unit "places" masks, an undo trail, the queue
 * of singles, the locked-candidates and all-different stacks, the propagation loop and the
 * guess/backtrack loop.  What differs between the two solvers comes in as hooks (sk_hooks).
 *
 * State
 * -----
 * Units are the regions of exactly n cells (nxn: rows, columns, boxes; rules: the full
 * regions).  Two views of the candidates, each a 64-bit mask:
 *
 *     cand[cell]:        bit d set while digit d+1 is possible in the cell
 *     places[u * n + d]: bit k set while digit d+1 is possible at position k of unit u
 *
 * unit_cells[u * n + k] is the cell at position k of unit u; cell p lies at position
 * cell_pos[i] of unit cell_unit[i] for i in cell_units_start[p] .. [p + 1] (or, with
 * SK_THREE_UNITS, at 3p .. 3p + 2: every cell in exactly three units).  A cell is "done"
 * once its digit has been removed from its peers.
 *
 * Every change goes through sk_restrict(): it narrows one cell's mask, records the old one on
 * the trail (below the root only: the root's propagation is never undone) and clears the removed digits' position bits in the cell's units; a mask down to
 * one bit queues a single (naked in a cell, hidden in a unit), a places mask that shrank goes
 * on the "dirty" stack (locked candidates, the solver's hook), a unit whose masks changed on
 * the all-different stack once that rule is on.  A mask down to zero is a contradiction, and
 * the solver's blame hooks raise its dom/wdeg weights.
 *
 * Search
 * ------
 * When propagation stalls, the solver's choose hook picks (cell, digit): "cell = digit" first
 * and, once that branch is exhausted, "cell != digit" (binary branching, so the second branch
 * propagates too).  Backtracking rolls the trail back; the search is a loop over an explicit
 * stack of decisions (at most ncells), never a recursion.  After `ad_after` backtracks (when
 * the solver wants it) the all-different rule (alldiff.h) is switched on and every unit is
 * checked once.
 *
 * Speed: every function here is inlined into its caller with the hooks a constant table, so
 * each solver gets its own copy with direct (and mostly inlined) calls, as if written out.
 * Memory: one malloc'ed block and a trail per call (sk_search_init), nothing global.
 */
#ifndef SUDOKIT_SEARCH_H
#define SUDOKIT_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/bits.h"
#include "common/splitmix.h"
#include "common/stop.h"
#include "solve/alldiff.h"

#if defined(__GNUC__)
#define SK_INLINE static inline __attribute__((always_inline))
#else
#define SK_INLINE static inline
#endif

/* ---- tiny bit helpers ------------------------------------------------------ */

static inline int more_than_one(uint64_t x) { return (x & (x - 1)) != 0; }
static inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t bit_at(int i) { return (uint64_t)1 << i; }
/* `len` consecutive bits from bit 0 (len may be 64). */
static inline uint64_t low_bits(int len) { return len >= 64 ? ~(uint64_t)0 : bit_at(len) - 1; }

/* Outcomes of the propagation steps; IDLE: a rule hook found nothing queued. */
enum { FAIL = 0, OK = 1, NOMEM = -1, IDLE = 2 };

/* A trail entry: the cell whose mask changed and its old mask; SK_DONE_MARK in the cell
 * field means "the cell was marked done" instead. */
#define SK_DONE_MARK 0x80000000u
typedef struct {
    uint32_t cell;
    uint64_t old;
} sk_undo;

/* A decision: roll the trail back to `mark` (SK_COPY: reload its snapshot and `placed`), then
 * try "cell != bit". */
typedef struct {
    size_t mark;
    int cell, placed;
    uint64_t bit;
} sk_decision;

/* A stack of distinct items: on[x] is set while x is on it. */
typedef struct {
    uint32_t *items;
    uint8_t *on;
    int top;
} sk_stack;

static inline void sk_stack_push(sk_stack *st, int x) {
    if (!st->on[x]) {
        st->on[x] = 1;
        st->items[st->top++] = (uint32_t)x;
    }
}

static inline int sk_stack_pop(sk_stack *st) {
    int x = (int)st->items[--st->top];
    st->on[x] = 0;
    return x;
}

static inline void sk_stack_clear(sk_stack *st) {
    while (st->top) st->on[st->items[--st->top]] = 0;
}

typedef struct {
    int n, ncells, nunits, placed;
    int use_ad;              /* run the all-different rule */
    int rules_first;         /* SK_RULES_FIRST below the root: the own rules run before each single */
    int record;              /* changes go on the trail (off at the root: nothing undoes it) */
    uint64_t *cand;          /* ncells masks */
    uint64_t *places;        /* nunits * n masks */
    uint8_t *done;           /* ncells flags */
    const uint16_t *unit_cells; /* nunits * n: the cell at each position */
    const uint32_t *cell_unit;  /* a cell's units ... */
    const uint8_t *cell_pos;    /* ... and its positions in them ... */
    const int *cell_units_start; /* ... cell p's from [p] to [p + 1] (unused with SK_THREE_UNITS) */
    uint32_t *singles;       /* queue of cell * 64 + digit waiting to be assigned */
    int shead, stail, scap;
    sk_stack dirty;          /* places indices to check for locked candidates */
    sk_stack units;          /* units waiting for the all-different rule */
    uint8_t *mate;           /* nunits * n: last matching found, digit at position k (a hint only) */
    sk_undo *trail;
    size_t tlen, tcap;
    sk_decision *decisions;  /* at most ncells of them */
    char *snaps;             /* SK_COPY: per open decision, the state before it (snap_bytes each) */
    size_t snap_bytes;
    int snap_cap;            /* the decisions snaps has room for */
} sk_search;

/* dom/wdeg, the guess of the variant solvers (rules.c, constraints.c): the open cell with the
 * fewest candidates per unit of weight (the first such; weight NULL: every weight 1), and in *bit
 * its lowest digit or, when *rng is not 0, a random one (splitmix64 on *rng). */
static inline int sk_choose_wdeg(const sk_search *c, const uint32_t *weight, uint64_t *rng, uint64_t *bit) {
    int best = -1;
    uint64_t best_k = 1, best_w = 0;
    for (int p = 0; p < c->ncells; p++) {
        if (c->done[p]) continue;
        uint64_t k = (uint64_t)sk_popcount(c->cand[p]), w = weight ? weight[p] : 1;
        if (k * best_w < best_k * w) { /* k / w < best_k / best_w */
            best = p;
            best_k = k;
            best_w = w;
        }
    }
    uint64_t m = c->cand[best];
    if (*rng)
        for (uint64_t r = splitmix64(rng) % (uint64_t)sk_popcount(m); r; r--) m &= m - 1;
    *bit = m & (0 - m);
    return best;
}

/* What a solver adds to the core; `s` is the solver's own state. */
typedef struct {
    void (*blame_cell)(void *s, int p);  /* cell p ran out of digits */
    void (*blame_unit)(void *s, int u);  /* a digit of unit u ran out of places, or u is dead */
    void (*narrowed)(void *s, int p, uint64_t mask); /* NULL, or: cell p's mask shrank to mask */
    int (*restrict_cell)(void *s, int p, uint64_t keep); /* sk_restrict with these hooks */
    int (*assign)(void *s, int p, int d); /* cell p takes digit d (see sk_mark_done) */
    int (*rule)(void *s);                 /* NULL, or one step of the solver's own rules, run
                                           * before locked candidates: IDLE when none is queued */
    void (*clear_rules)(void *s);         /* NULL, or: empty the own rules' queues */
    int (*locked)(void *s, int ud);       /* locked candidates for places mask ud */
    int (*choose)(void *s, uint64_t *bit); /* the guess: its cell, *bit its digit */
    int (*propagate)(void *s);            /* sk_propagate with these hooks (one copy, not inlined thrice) */
    int three_units;                      /* SK_THREE_UNITS: every cell in 3 units, at 3p */
    int lock;                             /* stack shrunk places masks for the locked hook */
    int stop_when_full;                   /* propagation ends once every cell is placed */
    int rules_first;                      /* SK_RULES_FIRST: below the root, the rule hook runs
                                           * until idle before each single (sk_propagate) */
    int copy;                             /* SK_COPY: a decision copies the state (cand, places,
                                           * done) and backtracking copies it back: no trail */
    unsigned stop_every;                  /* guesses between two looks at the clock */
} sk_hooks;

#define SK_THREE_UNITS 1
#define SK_COPY 1
#define SK_RULES_FIRST 1

/* Allocate the core for ncells cells and nunits units of n digits (scap singles, a trail of
 * tcap entries to start) and set it to "every candidate everywhere, nothing queued";
 * 0 when memory ran out (sk_search_free is still to be called). */
static inline int sk_search_init(sk_search *c, int n, int ncells, int nunits, int scap, size_t tcap) {
    size_t cells = (size_t)ncells, nplaces = (size_t)nunits * (size_t)n;
    c->n = n;
    c->ncells = ncells;
    c->nunits = nunits;
    c->scap = scap;
    /* 8-byte arrays first, then 4- and 1-byte ones: every array stays aligned */
    size_t bytes = (cells + nplaces) * sizeof(uint64_t) + cells * sizeof(sk_decision) +
                   ((size_t)scap + nplaces + (size_t)nunits) * sizeof(uint32_t) + cells + 3 * nplaces +
                   (size_t)nunits;
    char *at = (char *)malloc(bytes);
    c->tcap = tcap;
    c->record = 0;
    c->rules_first = 0;
    c->snaps = NULL; /* SK_COPY: allocated at the first guess (sk_snap_save) */
    c->snap_cap = 0;
    c->snap_bytes = (cells + nplaces) * sizeof(uint64_t) + cells;
    c->trail = (sk_undo *)malloc(tcap * sizeof(sk_undo));
    c->cand = (uint64_t *)at; /* the block's start, freed by sk_search_free */
    if (!at || !c->trail) return 0;
    c->places = c->cand + cells;
    c->decisions = (sk_decision *)(c->places + nplaces);
    c->singles = (uint32_t *)(c->decisions + cells);
    c->dirty.items = c->singles + scap;
    c->units.items = c->dirty.items + nplaces;
    c->done = (uint8_t *)(c->units.items + nunits);
    c->dirty.on = c->done + cells;
    c->mate = c->dirty.on + nplaces;
    c->units.on = c->mate + nplaces;
    uint64_t full = low_bits(n);
    for (size_t i = 0; i < cells; i++) c->cand[i] = full;
    for (size_t i = 0; i < nplaces; i++) c->places[i] = full; /* n positions per unit, like n digits per cell */
    /* mate is set when the all-different rule is switched on (sk_search_run): unread before */
    memset(c->done, 0, cells);
    memset(c->dirty.on, 0, nplaces);
    memset(c->units.on, 0, (size_t)nunits);
    return 1;
}

static inline void sk_search_free(sk_search *c) {
    free(c->cand);
    free(c->trail);
    free(c->snaps);
}

/* SK_COPY: keep the state (cand and places, which are one run of the block, then done) as
 * snapshot `i`, growing the snapshots as the decisions deepen; 0 when memory ran out. */
static inline int sk_snap_save(sk_search *c, int i) {
    if (i >= c->snap_cap) {
        int cap = c->snap_cap ? 2 * c->snap_cap : 16;
        if (cap > c->ncells + 1) cap = c->ncells + 1;
        char *more = (char *)realloc(c->snaps, (size_t)cap * c->snap_bytes);
        if (!more) return 0;
        c->snaps = more;
        c->snap_cap = cap;
    }
    size_t masks = ((size_t)c->ncells + (size_t)c->nunits * (size_t)c->n) * sizeof(uint64_t);
    char *at = c->snaps + (size_t)i * c->snap_bytes;
    memcpy(at, c->cand, masks);
    memcpy(at + masks, c->done, (size_t)c->ncells);
    return 1;
}

/* SK_COPY: put snapshot `i` back (`placed` is the decision's own count). */
static inline void sk_snap_load(sk_search *c, int i, int placed) {
    size_t masks = ((size_t)c->ncells + (size_t)c->nunits * (size_t)c->n) * sizeof(uint64_t);
    const char *at = c->snaps + (size_t)i * c->snap_bytes;
    memcpy(c->cand, at, masks);
    memcpy(c->done, at + masks, (size_t)c->ncells);
    c->placed = placed;
}

/* Make room for one more trail entry; 0 when memory ran out. */
static inline int sk_trail_room(sk_search *c) {
    if (c->tlen < c->tcap) return 1;
    size_t cap = c->tcap * 2;
    sk_undo *t = (sk_undo *)realloc(c->trail, cap * sizeof(sk_undo));
    if (!t) return 0;
    c->trail = t;
    c->tcap = cap;
    return 1;
}

static inline void sk_push_single(sk_search *c, int cell, int digit) {
    /* Each cell and each places mask turns single at most once per propagation, and the
     * givens come once: the queue is sized for that (the test is a guard only; a lost single
     * would still be found as a one-candidate guess). */
    if (c->stail < c->scap) c->singles[c->stail++] = (uint32_t)cell * 64u + (uint32_t)digit;
}

/* Cell p's units: how many, from *first on in cell_unit and cell_pos. */
SK_INLINE int sk_units_of(const sk_search *c, const sk_hooks *h, int p, int *first) {
    *first = h->three_units ? 3 * p : c->cell_units_start[p];
    return h->three_units ? 3 : c->cell_units_start[p + 1] - *first;
}

/* Narrow cell p's mask to mask & keep: record the old mask, queue what became single, clear
 * the removed digits' position bits in p's units (queueing what shrank).  FAIL when the cell
 * or a unit digit runs out of room. */
SK_INLINE int sk_restrict(sk_search *c, const sk_hooks *h, void *s, int p, uint64_t keep) {
    uint64_t old = c->cand[p], mask = old & keep;
    if (mask == old) return OK;
    if (!mask) return h->blame_cell(s, p), FAIL;
    if (c->record) {
        if (!sk_trail_room(c)) return NOMEM;
        c->trail[c->tlen].cell = (uint32_t)p;
        c->trail[c->tlen].old = old;
        c->tlen++;
    }
    c->cand[p] = mask;
    if (!more_than_one(mask) && !c->done[p]) sk_push_single(c, p, lowest_bit(mask));
    if (h->narrowed) h->narrowed(s, p, mask);
    int f0, n = c->n, count = sk_units_of(c, h, p, &f0);
    if (count == 0) return OK;
    const uint32_t *units = c->cell_unit + f0;
    const uint8_t *pos = c->cell_pos + f0;
    if (c->use_ad)
        for (int k = 0; k < count; k++) sk_stack_push(&c->units, (int)units[k]);
    for (uint64_t gone = old & ~mask; gone; gone &= gone - 1) {
        int d = lowest_bit(gone);
        for (int k = 0; k < count; k++) {
            int ud = (int)units[k] * n + d;
            uint64_t left = c->places[ud] &= ~bit_at(pos[k]);
            if (!left) return h->blame_unit(s, (int)units[k]), FAIL;
            if (more_than_one(left)) {
                if (h->lock) sk_stack_push(&c->dirty, ud);
            } else {
                int q = c->unit_cells[(int)units[k] * n + lowest_bit(left)];
                if (!c->done[q]) sk_push_single(c, q, d);
            }
        }
    }
    return OK;
}

/* The start of assigning digit d (bit) to cell p: OK once p is marked done (the caller then
 * narrows p to the bit and takes the digit from its peers), IDLE when p is done already
 * (queued twice), FAIL (blamed) when p lacks the digit, NOMEM. */
SK_INLINE int sk_mark_done(sk_search *c, const sk_hooks *h, void *s, int p, uint64_t bit) {
    if (!(c->cand[p] & bit)) return h->blame_cell(s, p), FAIL;
    if (c->done[p]) return IDLE;
    if (c->record) {
        if (!sk_trail_room(c)) return NOMEM;
        c->trail[c->tlen].cell = (uint32_t)p | SK_DONE_MARK;
        c->trail[c->tlen].old = 0;
        c->tlen++;
    }
    c->done[p] = 1;
    c->placed++;
    return OK;
}

/* Cell p takes digit `bit`: sk_mark_done, p narrowed to the bit, and the digit taken from p's
 * peers (the CSR list peers[peer_start[p] .. peer_start[p + 1])). OK, IDLE when p was done
 * already (the caller adds nothing then), FAIL, NOMEM. What both solvers' assign hooks start
 * with; rules.c then takes the neighbouring digits from its non-consecutive pairs. */
SK_INLINE int sk_assign_peers(sk_search *c, const sk_hooks *h, void *s, int p, uint64_t bit, const int *peer_start,
                              const uint16_t *peers) {
    int rc = sk_mark_done(c, h, s, p, bit);
    if (rc != OK) return rc;
    if ((rc = sk_restrict(c, h, s, p, bit)) != OK) return rc;
    for (int i = peer_start[p]; i < peer_start[p + 1]; i++) {
        int q = peers[i];
        if ((c->cand[q] & bit) && (rc = sk_restrict(c, h, s, q, ~bit)) != OK) return rc;
    }
    return OK;
}

/* Put back the masks (and places bits) changed since trail length `mark`. */
SK_INLINE void sk_undo_to(sk_search *c, const sk_hooks *h, size_t mark) {
    int n = c->n;
    while (c->tlen > mark) {
        sk_undo u = c->trail[--c->tlen];
        if (u.cell & SK_DONE_MARK) {
            c->done[u.cell & ~SK_DONE_MARK] = 0;
            c->placed--;
            continue;
        }
        int p = (int)u.cell, f0, count = sk_units_of(c, h, p, &f0);
        const uint32_t *units = c->cell_unit + f0;
        const uint8_t *pos = c->cell_pos + f0;
        for (uint64_t back = count ? u.old & ~c->cand[p] : 0; back; back &= back - 1) {
            int d = lowest_bit(back);
            for (int k = 0; k < count; k++) c->places[(int)units[k] * n + d] |= bit_at(pos[k]);
        }
        c->cand[p] = u.old;
    }
}

/* Empty every queue (after a contradiction or a finished propagation). */
SK_INLINE void sk_clear_queues(sk_search *c, const sk_hooks *h, void *s) {
    sk_stack_clear(&c->dirty);
    sk_stack_clear(&c->units);
    if (h->clear_rules) h->clear_rules(s);
    c->shead = c->stail = 0;
}

/* All-different (Regin, see alldiff.h) for unit u; a dead unit takes the blame. */
static inline int sk_all_different(sk_search *c, const sk_hooks *h, void *s, int u) {
    int n = c->n;
    int rc = sk_alldiff(n, c->unit_cells + u * n, c->done, c->cand, c->places + u * n, c->mate + u * n,
                        h->restrict_cell, s);
    if (rc != SK_ALLDIFF_DEAD) return rc;
    h->blame_unit(s, u);
    return FAIL;
}

/* Run the queued singles, then the solver's own rules, locked candidates and the all-different
 * rule, cheapest first, to a fixed point (or the first contradiction).  The queues are empty
 * afterwards.  With SK_RULES_FIRST, below the root (after a guess), the own rules run until idle
 * before each single instead: a guess that breaks a rule fails before its singles have cascaded
 * through the grid (the fixed point is the same; at the root, with its many givens queued,
 * singles first stays cheaper). */
SK_INLINE int sk_propagate(sk_search *c, const sk_hooks *h, void *s) {
    int rc = OK;
    for (;;) {
        if (h->rules_first && c->rules_first && h->rule && (rc = h->rule(s)) != IDLE) {
            if (rc != OK) goto out;
            continue;
        }
        while (c->shead < c->stail) {
            uint32_t item = c->singles[c->shead++];
            if ((rc = h->assign(s, (int)(item >> 6), (int)(item & 63))) != OK) goto out;
            if (h->rules_first && c->rules_first) break;
        }
        if (h->rules_first && c->rules_first && c->shead < c->stail) continue;
        if (h->stop_when_full && c->placed == c->ncells) break;
        if (h->rule && (rc = h->rule(s)) != IDLE) {
            if (rc != OK) goto out;
        } else if (c->dirty.top) {
            if ((rc = h->locked(s, sk_stack_pop(&c->dirty))) != OK) goto out;
        } else if (c->units.top) {
            /* the costliest rule last; the unit stays flagged while it is checked, so its own
             * removals do not queue it again (it is consistent afterwards) */
            int u = (int)c->units.items[--c->units.top];
            rc = sk_all_different(c, h, s, u);
            c->units.on[u] = 0;
            if (rc != OK) goto out;
        } else {
            rc = OK;
            break;
        }
    }
out:
    sk_clear_queues(c, h, s);
    return rc;
}

/* The search from the givens (and whatever the solver queued before): the number of solutions
 * found (up to limit), the first one in `solution` (if not NULL), the guesses in *guesses (if
 * not NULL); -1 when memory ran out.  want_ad: switch the all-different rule on after
 * ad_after backtracks. */
SK_INLINE int sk_search_run(sk_search *c, const sk_hooks *h, void *s, const uint8_t *givens, int limit,
                            uint8_t *solution, uint64_t *guesses, sk_stop *stop, int want_ad, uint64_t ad_after) {
    int count = 0, depth = 0;
    uint64_t guessed = 0, failures = 0;
    /* the givens are queued like any single: two equal givens in a unit fail */
    for (int i = 0; i < c->ncells; i++)
        if (givens[i]) sk_push_single(c, i, givens[i] - 1);
    int rc = h->propagate(s); /* the root is never undone: its changes are not recorded */
    c->record = !h->copy; /* SK_COPY: the snapshots replace the trail */
    c->rules_first = h->rules_first; /* SK_RULES_FIRST: from the first guess on */
    for (;;) {
        if (rc == NOMEM) return -1;
        if (rc == OK) {
            if (c->placed == c->ncells) {
                if (count == 0 && solution)
                    for (int i = 0; i < c->ncells; i++) solution[i] = (uint8_t)(lowest_bit(c->cand[i]) + 1);
                if (++count >= limit) break;
            } else {
                if (sk_stop_tick(stop, h->stop_every)) break;
                if (h->copy && !sk_snap_save(c, depth)) return -1;
                sk_decision *dec = &c->decisions[depth++];
                dec->mark = c->tlen;
                dec->placed = c->placed;
                dec->cell = h->choose(s, &dec->bit);
                guessed++;
                sk_push_single(c, dec->cell, lowest_bit(dec->bit));
                rc = h->propagate(s);
                continue;
            }
        }
        /* contradiction or a solution counted: take back the newest decision */
        if (depth == 0) break;
        sk_decision dec = c->decisions[--depth];
        if (h->copy) sk_snap_load(c, depth, dec.placed);
        else sk_undo_to(c, h, dec.mark);
        int switch_on = want_ad && !c->use_ad && ++failures >= ad_after;
        if (switch_on) { /* any matching will do to start: it is only a hint */
            c->use_ad = 1;
            for (int u = 0; u < c->nunits; u++)
                for (int k = 0; k < c->n; k++) c->mate[u * c->n + k] = (uint8_t)k;
        }
        rc = h->restrict_cell(s, dec.cell, ~dec.bit);
        if (rc == OK && switch_on) /* just switched on: check every unit once */
            for (int u = c->nunits - 1; u >= 0; u--) sk_stack_push(&c->units, u);
        rc = rc == OK ? h->propagate(s) : (sk_clear_queues(c, h, s), rc);
    }
    if (guesses) *guesses = guessed;
    return count;
}

#endif /* SUDOKIT_SEARCH_H */
