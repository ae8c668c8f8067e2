/* nxn.c - sudokit's generic solver for N x N grids with box_rows x box_cols boxes.
 *
 * Representation
 * --------------
 * One 64-bit candidate mask per cell (bit d-1 set while digit d is possible), so
 * any N up to 64 fits the same code:
 *
 *     cand[cell]:  bit 63 ...  bit N-1 ... bit 1  bit 0
 *                  (unused)    digit N ... digit 2 digit 1
 *
 * A cell is "done" once its single digit has been removed from its peers.
 *
 * Inference
 * ---------
 * 1. Naked singles: a cell whose mask drops to one bit goes on a queue; taking
 *    it off the queue clears that bit from the row, column and box (peers are
 *    walked by index arithmetic, so no per-shape tables are built).  A mask that
 *    drops to zero is a contradiction.
 * 2. Hidden singles: per unit, bit-sliced counters (once / twice) over its N
 *    masks; a digit seen once is placed; a digit seen nowhere is a contradiction.
 *
 * Search
 * ------
 * Guess on the open cell with the fewest candidates: first "cell = d", and on
 * failure "cell != d" (binary branching, so the second branch propagates too).
 * Backtracking is by an undo trail: every mask change records (cell, old mask)
 * and a decision frame remembers the trail length to roll back to.  Memory is
 * one malloc'ed block per call (the trail grows with realloc), nothing global.
 */
#include "nxn.h"

#include <stdlib.h>
#include <string.h>

/* ---- tiny bit helpers ------------------------------------------------------ */

static inline int more_than_one(uint64_t x) { return (x & (x - 1)) != 0; }
static inline uint64_t lowest_set(uint64_t x) { return x & (0 - x); }
static inline int bit_count(uint64_t x) { return __builtin_popcountll(x); }
static inline int lowest_bit(uint64_t x) { return __builtin_ctzll(x); }

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
    uint64_t *cand;  /* size masks */
    uint8_t *done;   /* size flags */
    int *queue;      /* cells with a single candidate waiting to be propagated */
    int qhead, qtail, qcap;
    Undo *trail;
    size_t tlen, tcap;
    Decision *decisions; /* at most size of them */
} Solver;

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

/* Set a cell's mask, recording the old one; queue it when it became a single.
 * Returns 0 when memory ran out. */
static inline int set_mask(Solver *s, int cell, uint64_t mask) {
    if (!trail_room(s)) return 0;
    s->trail[s->tlen].cell = (uint32_t)cell;
    s->trail[s->tlen].old = s->cand[cell];
    s->tlen++;
    s->cand[cell] = mask;
    if (!more_than_one(mask) && s->qtail < s->qcap) s->queue[s->qtail++] = cell;
    return 1;
}

static void undo_to(Solver *s, size_t mark) {
    while (s->tlen > mark) {
        Undo u = s->trail[--s->tlen];
        if (u.cell & DONE_MARK) {
            s->done[u.cell & ~DONE_MARK] = 0;
            s->placed--;
        } else {
            s->cand[u.cell] = u.old;
        }
    }
    s->qhead = s->qtail = 0;
}

/* Outcomes of the propagation steps. */
enum { FAIL = 0, OK = 1, NOMEM = -1 };

/* Clear `bit` from a peer's mask: FAIL when nothing is left. */
static inline int eliminate(Solver *s, int p, uint64_t bit) {
    uint64_t m = s->cand[p];
    if (!(m & bit)) return OK;
    m &= ~bit;
    if (!m) return FAIL;
    return set_mask(s, p, m) ? OK : NOMEM;
}

/* Take the queued singles off the queue and clear them from their peers. */
static int drain_queue(Solver *s) {
    int n = s->n;
    while (s->qhead < s->qtail) {
        int cell = s->queue[s->qhead++];
        if (s->done[cell]) continue;
        uint64_t bit = s->cand[cell];
        if (!trail_room(s)) return NOMEM;
        s->trail[s->tlen].cell = (uint32_t)cell | DONE_MARK;
        s->trail[s->tlen].old = 0;
        s->tlen++;
        s->done[cell] = 1;
        s->placed++;
        int r = cell / n, c = cell - r * n, rc;
        for (int k = 0, p = r * n; k < n; k++, p++)
            if (p != cell && (rc = eliminate(s, p, bit)) != OK) return rc;
        for (int k = 0, p = c; k < n; k++, p += n)
            if (p != cell && (rc = eliminate(s, p, bit)) != OK) return rc;
        int r0 = r - r % s->box_rows, c0 = c - c % s->box_cols;
        for (int i = 0; i < s->box_rows; i++) {
            if (r0 + i == r) continue; /* that row is done above */
            for (int j = 0, p = (r0 + i) * n + c0; j < s->box_cols; j++, p++)
                if (p != cell && (rc = eliminate(s, p, bit)) != OK) return rc;
        }
    }
    s->qhead = s->qtail = 0;
    return OK;
}

/* Hidden singles of one unit given as a start cell and two strides (the unit's
 * cells are start + i*outer + j*inner for i < outer_count, j < inner_count).
 * *found is set when something was assigned. */
static int unit_hidden(Solver *s, int start, int outer, int outer_count, int inner, int inner_count,
                       int *found) {
    uint64_t once = 0, twice = 0;
    for (int i = 0; i < outer_count; i++)
        for (int j = 0, p = start + i * outer; j < inner_count; j++, p += inner) {
            uint64_t m = s->cand[p];
            twice |= once & m;
            once |= m;
        }
    if (once != s->full) return FAIL;
    uint64_t hidden = once & ~twice;
    while (hidden) {
        uint64_t bit = lowest_set(hidden);
        hidden ^= bit;
        int where = -1;
        for (int i = 0; i < outer_count && where < 0; i++)
            for (int j = 0, p = start + i * outer; j < inner_count; j++, p += inner)
                if (s->cand[p] & bit) {
                    where = p;
                    break;
                }
        if (where < 0) return FAIL; /* an earlier single of this unit took its only place */
        if (s->cand[where] != bit) {
            if (!set_mask(s, where, bit)) return NOMEM;
            *found = 1;
        }
    }
    return OK;
}

static int hidden_singles(Solver *s, int *found) {
    int n = s->n, rc;
    for (int r = 0; r < n; r++)
        if ((rc = unit_hidden(s, r * n, 0, 1, 1, n, found)) != OK) return rc;
    for (int c = 0; c < n; c++)
        if ((rc = unit_hidden(s, c, 0, 1, n, n, found)) != OK) return rc;
    for (int br = 0; br < n; br += s->box_rows)
        for (int bc = 0; bc < n; bc += s->box_cols)
            if ((rc = unit_hidden(s, br * n + bc, n, s->box_rows, 1, s->box_cols, found)) != OK) return rc;
    return OK;
}

static int propagate(Solver *s) {
    for (;;) {
        int rc = drain_queue(s);
        if (rc != OK) return rc;
        if (s->placed == s->size) return OK;
        int found = 0;
        rc = hidden_singles(s, &found);
        if (rc != OK) return rc;
        if (!found) return OK;
    }
}

/* The open cell with the fewest candidates (stopping at two). */
static int choose_cell(const Solver *s) {
    int best = -1, best_count = 65;
    for (int i = 0; i < s->size; i++) {
        if (s->done[i]) continue;
        int k = bit_count(s->cand[i]);
        if (k < best_count) {
            best = i;
            best_count = k;
            if (k == 2) break;
        }
    }
    return best;
}

static int search(Solver *s, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses) {
    int count = 0, depth = 0;
    uint64_t guessed = 0;
    for (int i = 0; i < s->size; i++) {
        s->cand[i] = s->full;
        s->done[i] = 0;
    }
    for (int i = 0; i < s->size; i++) {
        if (!cells[i]) continue;
        uint64_t bit = (uint64_t)1 << (cells[i] - 1);
        if (!(s->cand[i] & bit)) return 0; /* a peer given took it already */
        s->cand[i] = bit;
        s->queue[s->qtail++] = i;
    }
    /* The givens are set without trail entries: nothing ever undoes them. */
    int rc = propagate(s);
    for (;;) {
        if (rc == NOMEM) return -1;
        if (rc == OK) {
            if (s->placed == s->size) {
                if (count == 0 && solution)
                    for (int i = 0; i < s->size; i++) solution[i] = (uint8_t)(lowest_bit(s->cand[i]) + 1);
                if (++count >= limit) break;
            } else {
                int cell = choose_cell(s);
                uint64_t bit = lowest_set(s->cand[cell]);
                Decision *dec = &s->decisions[depth++];
                dec->mark = s->tlen;
                dec->cell = cell;
                dec->bit = bit;
                guessed++;
                rc = set_mask(s, cell, bit) ? propagate(s) : NOMEM;
                continue;
            }
        }
        /* contradiction or a solution counted: take back the newest decision */
        if (depth == 0) break;
        Decision dec = s->decisions[--depth];
        undo_to(s, dec.mark);
        rc = set_mask(s, dec.cell, s->cand[dec.cell] & ~dec.bit) ? propagate(s) : NOMEM;
    }
    if (guesses) *guesses = guessed;
    return count;
}

int sknn_solve(int box_rows, int box_cols, const uint8_t *cells, int limit, uint8_t *solution,
               uint64_t *guesses) {
    if (box_rows < 1 || box_cols < 1 || box_rows * box_cols > 64 || box_rows * box_cols < 2) return -1;
    if (limit < 1) limit = 1;
    Solver s;
    memset(&s, 0, sizeof s);
    s.n = box_rows * box_cols;
    s.box_rows = box_rows;
    s.box_cols = box_cols;
    s.size = s.n * s.n;
    s.full = s.n == 64 ? ~(uint64_t)0 : (((uint64_t)1 << s.n) - 1);
    s.qcap = 2 * s.size + 2;
    size_t bytes = (size_t)s.size * sizeof(uint64_t) + (size_t)s.size * sizeof(Decision) +
                   (size_t)s.qcap * sizeof(int) + (size_t)s.size;
    char *block = (char *)malloc(bytes);
    s.tcap = (size_t)s.size * 4;
    s.trail = (Undo *)malloc(s.tcap * sizeof(Undo));
    if (!block || !s.trail) {
        free(block);
        free(s.trail);
        return -1;
    }
    s.cand = (uint64_t *)block;
    s.decisions = (Decision *)(block + (size_t)s.size * sizeof(uint64_t));
    s.queue = (int *)((char *)s.decisions + (size_t)s.size * sizeof(Decision));
    s.done = (uint8_t *)((char *)s.queue + (size_t)s.qcap * sizeof(int));
    int count = search(&s, cells, limit, solution, guesses);
    free(block);
    free(s.trail);
    return count;
}
