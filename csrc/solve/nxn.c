/* nxn.c - sudokit's generic solver for N x N grids with box_rows x box_cols boxes.
 *
 * Representation
 * --------------
 * Two views of the same candidates, kept in step, each a 64-bit mask so that any
 * N up to 64 fits the same code:
 *
 *     cand[cell]:        bit d set while digit d+1 is possible in the cell
 *     places[u * N + d]: bit k set while digit d+1 is possible at position k of unit u
 *
 * Units are numbered rows 0..N-1, columns N..2N-1, boxes 2N..3N-1.  A cell's
 * position is its column in its row, its row in its column, and
 * (row % box_rows) * box_cols + col % box_cols in its box.  Small per-call tables
 * map a cell to its three (unit, position) pairs and a (unit, position) back to
 * the cell.  A cell is "done" once its digit has been removed from its peers.
 *
 * Every change goes through restrict_cell(), which narrows one cell's mask and
 * clears the matching position bits in its three units; that is where all the
 * events of the inference below are noticed, so nothing is ever rescanned.
 *
 * Inference
 * ---------
 * 1. Naked single: a cell mask down to one bit queues (cell, digit).
 * 2. Hidden single: a places mask down to one bit queues (that cell, digit).
 *    Either mask dropping to zero is a contradiction.
 *    Taking (cell, digit) off the queue assigns it: the digit leaves the peers
 *    that still have it (found from the places masks, not by walking units).
 * 3. Locked candidates: every places mask that shrank (and still has two or more
 *    places) goes on a "dirty" stack; after the singles run dry, each dirty mask
 *    is checked once: a box digit confined to one row or column segment leaves
 *    the rest of that line (pointing), a line digit confined to one box leaves
 *    the rest of that box (claiming).  Both are O(1) mask tests.
 * 4. All-different (grids of N >= NXN_AD_MIN_N only): once 1-3 are exhausted, each
 *    unit whose masks changed since it was last checked gets Regin's matching
 *    rule (see all_different): a (cell, digit) that lies in no one-to-one
 *    assignment of the unit's digits to its cells is removed.  This subsumes
 *    naked and hidden subsets of every size and fails a unit whose cells cannot
 *    take its digits at all; on big sparse grids (Latin-square-completion-like)
 *    that is what singles and locked candidates cannot see.  A unit costs up to
 *    (open cells)^2 word operations and a node checks dozens of units, so the
 *    rule is switched on only for N >= NXN_AD_MIN_N and only after the search
 *    has backtracked NXN_AD_AFTER times (then every unit is checked once): the
 *    puzzles that propagation nearly solves never pay for it.  Its removals go
 *    through restrict_cell() like every other rule; the matching found is kept
 *    per unit as a start for the next check (a hint only, never undone).
 *
 * Search
 * ------
 * When propagation stalls, guess (cell, digit): "cell = digit" first and, once
 * that branch is exhausted, "cell != digit" (binary branching, so the second
 * branch propagates too).  The cell is chosen by dom/wdeg: fewest candidates
 * per weight, where a unit's weight is 1 + the contradictions it has caused so
 * far in this call (a cell's weight is the sum over its three units).  Plain
 * "fewest candidates" keeps guessing all over a big sparse grid and can need a
 * huge tree to refute one wrong early guess; the weights pull the search back
 * to where it fails, which keeps those refutations small.  The digit is the
 * cell's lowest candidate.
 * Backtracking is by an undo trail: every mask change records (cell, old mask),
 * and undoing it also puts back the cell's position bits in its units' places.
 * Memory is one malloc'ed block per call (the trail grows with realloc), nothing
 * global, so calls are re-entrant.
 */
#include "solve/nxn.h"
#include "common/bits.h"
#include "solve/alldiff.h"

#include <stdlib.h>
#include <string.h>

#ifndef NXN_AD_MIN_N
#define NXN_AD_MIN_N 36 /* grids from this size up use the all-different rule ... */
#endif
#ifndef NXN_AD_AFTER
#define NXN_AD_AFTER 64 /* ... once the search has backtracked this many times */
#endif

#ifndef NXN_LOCKED
#define NXN_LOCKED 1
#endif

/* ---- tiny bit helpers ------------------------------------------------------ */

static inline int more_than_one(uint64_t x) { return (x & (x - 1)) != 0; }
static inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t bit_at(int i) { return (uint64_t)1 << i; }
/* `len` consecutive bits from bit `start` (len may be 64). */
static inline uint64_t run_of(int start, int len) {
    return (len >= 64 ? ~(uint64_t)0 : bit_at(len) - 1) << start;
}

/* A trail entry: the cell whose mask changed and its old mask; DONE_MARK in the
 * cell field means "the cell was marked done" instead. */
#define DONE_MARK 0x80000000u
typedef struct {
    uint32_t cell;
    uint64_t old;
} Undo;

/* A decision: roll the trail back to `mark`, then try "cell != bit". */
typedef struct {
    size_t mark;
    int cell;
    uint64_t bit;
} Decision;

typedef struct {
    int n, box_rows, box_cols, size, placed;
    uint64_t full;
    uint64_t *cand;       /* size masks */
    uint64_t *places;     /* 3n * n masks, see the header */
    uint32_t weight[192];    /* per unit: 1 + contradictions it caused (the guess heuristic) */
    uint64_t row_in_box[64]; /* box positions of the box's row i */
    uint64_t col_in_box[64]; /* box positions of the box's column j */
    int use_ad;              /* run the all-different matching rule (big grids only) */
    int utop;                /* units waiting for the all-different check ... */
    uint8_t ustack[192];     /* ... as a stack ... */
    uint8_t unit_dirty[192]; /* ... and as flags */
    uint8_t *mate;           /* 3n * n: last matching found, digit at position k of unit u (a hint only) */
    uint16_t *unit_cell;  /* 3n * n: the cell at position k of unit u */
    uint16_t *cell_unit;  /* 3 * size: the row, column and box unit of a cell */
    uint8_t *cell_pos;    /* 3 * size: the cell's position in each of them */
    uint8_t *done;        /* size flags */
    uint32_t *singles;    /* queue of cell * 64 + digit waiting to be assigned */
    int shead, stail, scap;
    uint32_t *dirty;      /* stack of places indices to check for locked candidates */
    uint8_t *is_dirty;    /* 3n * n flags: already on the stack */
    int dtop;
    Undo *trail;
    size_t tlen, tcap;
    Decision *decisions;  /* at most size of them */
} Solver;

/* Outcomes of the propagation steps. */
enum { FAIL = 0, OK = 1, NOMEM = -1 };

/* Make room for one more trail entry; 0 when memory ran out. */
static int trail_room(Solver *s) {
    if (s->tlen < s->tcap) return 1;
    size_t cap = s->tcap * 2;
    Undo *t = (Undo *)realloc(s->trail, cap * sizeof(Undo));
    if (!t) return 0;
    s->trail = t;
    s->tcap = cap;
    return 1;
}

static inline void push_single(Solver *s, int cell, int digit) {
    /* Each cell turns single and each places mask turns single at most once per
     * propagation, so the queue (sized for that) cannot overflow; the test is a
     * guard only (a lost single would still be found as a one-candidate guess). */
    if (s->stail < s->scap) s->singles[s->stail++] = (uint32_t)cell * 64u + (uint32_t)digit;
}

static inline void push_unit(Solver *s, int u) {
    if (!s->unit_dirty[u]) {
        s->unit_dirty[u] = 1;
        s->ustack[s->utop++] = (uint8_t)u;
    }
}

static inline void push_dirty(Solver *s, int ud) {
    if (!s->is_dirty[ud]) {
        s->is_dirty[ud] = 1;
        s->dirty[s->dtop++] = (uint32_t)ud;
    }
}

/* Empty both queues (after a contradiction or a finished propagation). */
static void clear_queues(Solver *s) {
    while (s->dtop) s->is_dirty[s->dirty[--s->dtop]] = 0;
    while (s->utop) s->unit_dirty[s->ustack[--s->utop]] = 0;
    s->shead = s->stail = 0;
}

/* A contradiction at cell p: its units get the blame (see choose_guess). */
static int blame_cell(Solver *s, int p) {
    for (int k = 0; k < 3; k++) s->weight[s->cell_unit[3 * p + k]]++;
    return FAIL;
}

/* Narrow cell p's mask to mask & keep, recording the old mask and clearing the
 * removed digits' position bits in p's three units; queue what became single,
 * mark what shrank as dirty.  FAIL when a cell or a unit digit runs out of room. */
static int restrict_cell(Solver *s, int p, uint64_t keep) {
    uint64_t old = s->cand[p], mask = old & keep;
    if (mask == old) return OK;
    if (!mask) return blame_cell(s, p);
    if (!trail_room(s)) return NOMEM;
    s->trail[s->tlen].cell = (uint32_t)p;
    s->trail[s->tlen].old = old;
    s->tlen++;
    s->cand[p] = mask;
    if (!more_than_one(mask) && !s->done[p]) push_single(s, p, lowest_bit(mask));
    const uint16_t *units = s->cell_unit + 3 * p;
    const uint8_t *pos = s->cell_pos + 3 * p;
    int n = s->n;
    if (s->use_ad)
        for (int k = 0; k < 3; k++) push_unit(s, units[k]);
    for (uint64_t gone = old & ~mask; gone; gone &= gone - 1) {
        int d = lowest_bit(gone);
        for (int k = 0; k < 3; k++) {
            int ud = units[k] * n + d;
            uint64_t left = s->places[ud] &= ~bit_at(pos[k]);
            if (!left) {
                s->weight[units[k]]++;
                return FAIL;
            }
            if (more_than_one(left)) {
                if (NXN_LOCKED) push_dirty(s, ud);
            } else {
                int q = s->unit_cell[units[k] * n + lowest_bit(left)];
                if (!s->done[q]) push_single(s, q, d);
            }
        }
    }
    return OK;
}

/* Put back the masks (and places bits) changed since trail length `mark`. */
static void undo_to(Solver *s, size_t mark) {
    int n = s->n;
    while (s->tlen > mark) {
        Undo u = s->trail[--s->tlen];
        if (u.cell & DONE_MARK) {
            s->done[u.cell & ~DONE_MARK] = 0;
            s->placed--;
            continue;
        }
        int p = (int)u.cell;
        const uint16_t *units = s->cell_unit + 3 * p;
        const uint8_t *pos = s->cell_pos + 3 * p;
        for (uint64_t back = u.old & ~s->cand[p]; back; back &= back - 1) {
            int d = lowest_bit(back);
            for (int k = 0; k < 3; k++) s->places[units[k] * n + d] |= bit_at(pos[k]);
        }
        s->cand[p] = u.old;
    }
}

/* Remove digit d from the cells at the positions `where` of unit u. */
static int clear_places(Solver *s, int u, int d, uint64_t where) {
    for (; where; where &= where - 1) {
        int rc = restrict_cell(s, s->unit_cell[u * s->n + lowest_bit(where)], ~bit_at(d));
        if (rc != OK) return rc;
    }
    return OK;
}

/* Cell p takes digit d: the digit leaves the peers that still have it. */
static int assign(Solver *s, int p, int d) {
    uint64_t bit = bit_at(d);
    if (!(s->cand[p] & bit)) return blame_cell(s, p);
    if (s->done[p]) return OK; /* queued twice (by two of its units) */
    if (!trail_room(s)) return NOMEM;
    s->trail[s->tlen].cell = (uint32_t)p | DONE_MARK;
    s->trail[s->tlen].old = 0;
    s->tlen++;
    s->done[p] = 1;
    s->placed++;
    int rc = restrict_cell(s, p, bit);
    if (rc != OK) return rc;
    const uint16_t *units = s->cell_unit + 3 * p;
    const uint8_t *pos = s->cell_pos + 3 * p;
    for (int k = 0; k < 3; k++) {
        /* read after the previous unit's clearing: shared peers are not visited twice */
        uint64_t others = s->places[units[k] * s->n + d] & ~bit_at(pos[k]);
        if ((rc = clear_places(s, units[k], d, others)) != OK) return rc;
    }
    return OK;
}

/* Locked candidates for the places mask ud (unit u, digit d). */
static int locked(Solver *s, int ud) {
    int n = s->n, br = s->box_rows, bc = s->box_cols, stacks = n / bc;
    int u = ud / n, d = ud - u * n;
    uint64_t where = s->places[ud];
    if (!more_than_one(where)) return OK; /* placed or about to be: singles handle it */
    int first = lowest_bit(where);
    if (u >= 2 * n) {
        int b = u - 2 * n, r0 = b / stacks * br, c0 = b % stacks * bc;
        int i = first / bc, j = first % bc, rc;
        if (!(where & ~s->row_in_box[i])) { /* pointing along row r0 + i */
            int row = r0 + i;
            uint64_t out = s->places[row * n + d] & ~run_of(c0, bc);
            if (out && (rc = clear_places(s, row, d, out)) != OK) return rc;
        }
        if (!(where & ~s->col_in_box[j])) { /* pointing along column c0 + j */
            int col = n + c0 + j;
            uint64_t out = s->places[col * n + d] & ~run_of(r0, br);
            if (out && (rc = clear_places(s, col, d, out)) != OK) return rc;
        }
        return OK;
    }
    if (u >= n) { /* column: positions are rows, a box covers br of them */
        int c = u - n, k = first / br;
        if (where & ~run_of(k * br, br)) return OK;
        int box = 2 * n + k * stacks + c / bc;
        uint64_t out = s->places[box * n + d] & ~s->col_in_box[c % bc];
        return out ? clear_places(s, box, d, out) : OK;
    }
    /* row: positions are columns, a box covers bc of them */
    int r = u, k = first / bc;
    if (where & ~run_of(k * bc, bc)) return OK;
    int box = 2 * n + r / br * stacks + k;
    uint64_t out = s->places[box * n + d] & ~s->row_in_box[r % br];
    return out ? clear_places(s, box, d, out) : OK;
}

/* restrict_cell for sk_alldiff. */
static int restrict_for_alldiff(void *s, int p, uint64_t keep) { return restrict_cell((Solver *)s, p, keep); }

/* All-different (Regin, see alldiff.h) for unit u; a dead unit takes the blame. */
static int all_different(Solver *s, int u) {
    int n = s->n;
    int rc = sk_alldiff(n, s->unit_cell + u * n, s->done, s->cand, s->places + u * n, s->mate + u * n,
                        restrict_for_alldiff, s);
    if (rc != SK_ALLDIFF_DEAD) return rc;
    s->weight[u]++;
    return FAIL;
}

/* Run the queued singles, then the dirty locked-candidate checks, to a fixed
 * point (or the first contradiction). The queues are empty afterwards. */
static int propagate(Solver *s) {
    int rc = OK;
    for (;;) {
        while (s->shead < s->stail) {
            uint32_t item = s->singles[s->shead++];
            if ((rc = assign(s, (int)(item >> 6), (int)(item & 63))) != OK) goto out;
        }
        if (s->placed == s->size) break;
        if (s->dtop) {
            int ud = (int)s->dirty[--s->dtop];
            s->is_dirty[ud] = 0;
            if ((rc = locked(s, ud)) != OK) goto out;
        } else if (s->utop) {
            /* the costliest rule last; the unit stays flagged while it is checked, so
             * its own removals do not queue it again (it is consistent afterwards) */
            int u = s->ustack[--s->utop];
            rc = all_different(s, u);
            s->unit_dirty[u] = 0;
            if (rc != OK) goto out;
        } else {
            break;
        }
    }
out:
    clear_queues(s);
    return rc;
}

/* dom/wdeg: the open cell with the fewest candidates per unit of weight, the
 * weight of a unit growing with each contradiction found in it.  The search
 * keeps returning to the part of the grid where it keeps failing, so a wrong
 * early guess is refuted with a small tree instead of a heavy tail. */
static void choose_guess(const Solver *s, int *cell, uint64_t *bit) {
    int best = -1;
    uint64_t best_k = 1, best_w = 0;
    for (int p = 0; p < s->size; p++) {
        if (s->done[p]) continue;
        const uint16_t *units = s->cell_unit + 3 * p;
        uint64_t k = (uint64_t)sk_popcount(s->cand[p]);
        uint64_t w = (uint64_t)s->weight[units[0]] + s->weight[units[1]] + s->weight[units[2]];
        if (k * best_w < best_k * w) { /* k / w < best_k / best_w */
            best = p;
            best_k = k;
            best_w = w;
        }
    }
    *cell = best;
    *bit = s->cand[best] & (0 - s->cand[best]);
}

/* Guesses between two looks at the clock when a stop is given: a guess on a big grid costs
 * microseconds, so the clock is cheap beside it. */
#define NXN_STOP_EVERY 16u

static int search(Solver *s, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                  sk_stop *stop) {
    int count = 0, depth = 0;
    uint64_t guessed = 0;
    /* the givens are queued like any single: two equal givens in a unit fail */
    for (int i = 0; i < s->size; i++)
        if (cells[i]) push_single(s, i, cells[i] - 1);
    /* every unit digit may be locked from the start */
    if (NXN_LOCKED)
        for (int ud = 3 * s->n * s->n - 1; ud >= 0; ud--) push_dirty(s, ud);
    /* the all-different rule waits until the search has failed a few times: most
     * puzzles that propagation nearly solves never need it and do not pay for it */
    uint64_t failures = 0;
    int want_ad = s->n >= NXN_AD_MIN_N;
    int rc = propagate(s); /* the root's trail is never undone */
    for (;;) {
        if (rc == NOMEM) return -1;
        if (rc == OK) {
            if (s->placed == s->size) {
                if (count == 0 && solution)
                    for (int i = 0; i < s->size; i++) solution[i] = (uint8_t)(lowest_bit(s->cand[i]) + 1);
                if (++count >= limit) break;
            } else {
                if (sk_stop_tick(stop, NXN_STOP_EVERY)) break;
                int cell;
                uint64_t bit;
                choose_guess(s, &cell, &bit);
                Decision *dec = &s->decisions[depth++];
                dec->mark = s->tlen;
                dec->cell = cell;
                dec->bit = bit;
                guessed++;
                push_single(s, cell, lowest_bit(bit));
                rc = propagate(s);
                continue;
            }
        }
        /* contradiction or a solution counted: take back the newest decision */
        if (depth == 0) break;
        Decision dec = s->decisions[--depth];
        undo_to(s, dec.mark);
        int switch_on = want_ad && !s->use_ad && ++failures >= NXN_AD_AFTER;
        if (switch_on) s->use_ad = 1;
        rc = restrict_cell(s, dec.cell, ~dec.bit);
        if (rc == OK && switch_on) /* just switched on: check every unit once */
            for (int u = 3 * s->n - 1; u >= 0; u--) push_unit(s, u);
        rc = rc == OK ? propagate(s) : (clear_queues(s), rc);
    }
    if (guesses) *guesses = guessed;
    return count;
}

/* Fill the unit tables and the starting state: every candidate everywhere. */
static void setup(Solver *s) {
    int n = s->n, br = s->box_rows, bc = s->box_cols, stacks = n / bc;
    for (int i = 0; i < br; i++) s->row_in_box[i] = run_of(i * bc, bc);
    for (int j = 0; j < bc; j++) {
        uint64_t m = 0;
        for (int i = 0; i < br; i++) m |= bit_at(i * bc + j);
        s->col_in_box[j] = m;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int p = r * n + c, b = r / br * stacks + c / bc, bpos = r % br * bc + c % bc;
            s->cell_unit[3 * p] = (uint16_t)r;
            s->cell_unit[3 * p + 1] = (uint16_t)(n + c);
            s->cell_unit[3 * p + 2] = (uint16_t)(2 * n + b);
            s->cell_pos[3 * p] = (uint8_t)c;
            s->cell_pos[3 * p + 1] = (uint8_t)r;
            s->cell_pos[3 * p + 2] = (uint8_t)bpos;
            s->unit_cell[r * n + c] = (uint16_t)p;
            s->unit_cell[(n + c) * n + r] = (uint16_t)p;
            s->unit_cell[(2 * n + b) * n + bpos] = (uint16_t)p;
            s->cand[p] = s->full;
            s->done[p] = 0;
        }
    for (int u = 0; u < 3 * n; u++) s->weight[u] = 1;
    for (int ud = 0; ud < 3 * s->size; ud++) {
        s->places[ud] = s->full; /* N positions per unit, like N digits per cell */
        s->is_dirty[ud] = 0;
        s->mate[ud] = (uint8_t)(ud % n); /* any start will do: it is only a hint */
    }
}

int sknn_solve(int box_rows, int box_cols, const uint8_t *cells, int limit, uint8_t *solution,
               uint64_t *guesses) {
    return sknn_solve_stop(box_rows, box_cols, cells, limit, solution, guesses, NULL);
}

int sknn_solve_stop(int box_rows, int box_cols, const uint8_t *cells, int limit, uint8_t *solution,
                    uint64_t *guesses, sk_stop *stop) {
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > 64 || box_rows * box_cols < 2) return -1;
    if (limit < 1) limit = 1;
    Solver s;
    memset(&s, 0, sizeof s);
    s.n = box_rows * box_cols;
    s.box_rows = box_rows;
    s.box_cols = box_cols;
    s.size = s.n * s.n;
    s.full = run_of(0, s.n);
    s.scap = 5 * s.size + 8;
    size_t size = (size_t)s.size;
    /* 8-byte arrays first, then 4-, 2- and 1-byte ones: every array stays aligned */
    size_t bytes = size * sizeof(uint64_t)            /* cand */
                   + 3 * size * sizeof(uint64_t)      /* places */
                   + size * sizeof(Decision)          /* decisions */
                   + (size_t)s.scap * sizeof(uint32_t) /* singles */
                   + 3 * size * sizeof(uint32_t)      /* dirty */
                   + 3 * size * sizeof(uint16_t) * 2  /* unit_cell, cell_unit */
                   + 3 * size                         /* cell_pos */
                   + size                             /* done */
                   + 3 * size                         /* is_dirty */
                   + 3 * size;                        /* mate */
    char *block = (char *)malloc(bytes);
    s.tcap = size * 4;
    s.trail = (Undo *)malloc(s.tcap * sizeof(Undo));
    if (!block || !s.trail) {
        free(block);
        free(s.trail);
        return -1;
    }
    char *at = block;
    s.cand = (uint64_t *)at, at += size * sizeof(uint64_t);
    s.places = (uint64_t *)at, at += 3 * size * sizeof(uint64_t);
    s.decisions = (Decision *)at, at += size * sizeof(Decision);
    s.singles = (uint32_t *)at, at += (size_t)s.scap * sizeof(uint32_t);
    s.dirty = (uint32_t *)at, at += 3 * size * sizeof(uint32_t);
    s.unit_cell = (uint16_t *)at, at += 3 * size * sizeof(uint16_t);
    s.cell_unit = (uint16_t *)at, at += 3 * size * sizeof(uint16_t);
    s.cell_pos = (uint8_t *)at, at += 3 * size;
    s.done = (uint8_t *)at, at += size;
    s.is_dirty = (uint8_t *)at, at += 3 * size;
    s.mate = (uint8_t *)at;
    setup(&s);
    int count = search(&s, cells, limit, solution, guesses, stop);
    free(block);
    free(s.trail);
    return count;
}
