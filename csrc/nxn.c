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

#ifndef NXN_PAIR
#define NXN_PAIR 0
#endif
#ifndef NXN_LOCKED
#define NXN_LOCKED 1
#endif

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
    uint64_t *segments;  /* n*n scratch masks for locked candidates */
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

/* Clear `bits` from `count` cells start, start+stride, ...; *found when anything went. */
static int clear_run(Solver *s, int start, int stride, int count, uint64_t bits, int *found) {
    for (int k = 0, p = start; k < count; k++, p += stride) {
        uint64_t m = s->cand[p];
        if (!(m & bits)) continue;
        m &= ~bits;
        if (!m) return FAIL;
        if (!set_mask(s, p, m)) return NOMEM;
        *found = 1;
    }
    return OK;
}

/* Locked candidates along one direction. A "segment" is the part of a line
 * (row or column) inside one box:
 *
 *     seg[line * per_line + k]: union of the masks of line `line` inside box k of that line
 *
 * lines come in groups of `group` (the lines crossing the same boxes), each line
 * crosses `per_line` boxes of `seg_len` cells.  Pointing: a digit that, inside a
 * box, lies in one segment leaves the rest of that line.  Claiming: a digit that,
 * inside a line, lies in one segment leaves the rest of that box.  Cells of line
 * l, segment k are at l*line_step + (k*seg_len + j)*cell_step. */
static int locked_direction(Solver *s, uint64_t *seg, int group, int per_line, int seg_len, int line_step,
                            int cell_step, int *found) {
    int n = s->n, rc;
    for (int l = 0; l < n; l++)
        for (int k = 0; k < per_line; k++) {
            uint64_t u = 0;
            for (int j = 0, p = l * line_step + k * seg_len * cell_step; j < seg_len; j++, p += cell_step)
                u |= s->cand[p];
            seg[l * per_line + k] = u;
        }
    for (int g = 0; g < n; g += group) {
        for (int k = 0; k < per_line; k++) {
            /* pointing: the segments of box k across the lines g .. g+group-1 */
            uint64_t once = 0, twice = 0;
            for (int l = g; l < g + group; l++) {
                twice |= once & seg[l * per_line + k];
                once |= seg[l * per_line + k];
            }
            uint64_t unique = once & ~twice;
            if (unique)
                for (int l = g; l < g + group; l++) {
                    uint64_t own = seg[l * per_line + k] & unique;
                    if (!own) continue;
                    for (int k2 = 0; k2 < per_line; k2++)
                        if (k2 != k && (seg[l * per_line + k2] & own) &&
                            (rc = clear_run(s, l * line_step + k2 * seg_len * cell_step, cell_step, seg_len, own,
                                            found)) != OK)
                            return rc;
                }
        }
        for (int l = g; l < g + group; l++) {
            /* claiming: the segments of line l across its boxes */
            uint64_t once = 0, twice = 0;
            for (int k = 0; k < per_line; k++) {
                twice |= once & seg[l * per_line + k];
                once |= seg[l * per_line + k];
            }
            uint64_t unique = once & ~twice;
            if (!unique) continue;
            for (int k = 0; k < per_line; k++) {
                uint64_t own = seg[l * per_line + k] & unique;
                if (!own) continue;
                for (int l2 = g; l2 < g + group; l2++)
                    if (l2 != l && (seg[l2 * per_line + k] & own) &&
                        (rc = clear_run(s, l2 * line_step + k * seg_len * cell_step, cell_step, seg_len, own,
                                        found)) != OK)
                        return rc;
            }
        }
    }
    return OK;
}

static int locked_candidates(Solver *s, int *found) {
    int n = s->n, rc;
    /* rows: groups of box_rows rows, each crossing n/box_cols boxes of box_cols cells */
    rc = locked_direction(s, s->segments, s->box_rows, n / s->box_cols, s->box_cols, n, 1, found);
    if (rc != OK) return rc;
    /* columns: groups of box_cols columns, each crossing n/box_rows boxes of box_rows cells */
    return locked_direction(s, s->segments, s->box_cols, n / s->box_rows, s->box_rows, 1, n, found);
}

static int propagate(Solver *s) {
    for (;;) {
        int rc = drain_queue(s);
        if (rc != OK) return rc;
        if (s->placed == s->size) return OK;
        int found = 0;
        rc = hidden_singles(s, &found);
        if (rc != OK) return rc;
        if (found || !NXN_LOCKED) {
            if (found) continue;
            return OK;
        }
        rc = locked_candidates(s, &found);
        if (rc != OK) return rc;
        if (!found) return OK;
    }
}

/* A digit with exactly two places left in some unit (the first found), as
 * (cell, bit) of its first place; 0 when there is none. Units as in
 * unit_hidden. */
static int unit_pair(const Solver *s, int start, int outer, int outer_count, int inner, int inner_count,
                     int *cell, uint64_t *bit) {
    uint64_t once = 0, twice = 0, thrice = 0;
    for (int i = 0; i < outer_count; i++)
        for (int j = 0, p = start + i * outer; j < inner_count; j++, p += inner) {
            uint64_t m = s->done[p] ? 0 : s->cand[p];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
    uint64_t pair = twice & ~thrice;
    if (!pair) return 0;
    *bit = lowest_set(pair);
    for (int i = 0; i < outer_count; i++)
        for (int j = 0, p = start + i * outer; j < inner_count; j++, p += inner)
            if (!s->done[p] && (s->cand[p] & *bit)) {
                *cell = p;
                return 1;
            }
    return 0;
}

/* The guess: a cell with two candidates if there is one, else a digit with two
 * places in a unit, else the open cell with the fewest candidates. */
static void choose_guess(const Solver *s, int *cell, uint64_t *bit) {
    int best = -1, best_count = 65, n = s->n;
    for (int i = 0; i < s->size; i++) {
        if (s->done[i]) continue;
        int k = bit_count(s->cand[i]);
        if (k < best_count) {
            best = i;
            best_count = k;
            if (k == 2) break;
        }
    }
    *cell = best;
    *bit = lowest_set(s->cand[best]);
    if (best_count == 2 || !NXN_PAIR) return;
    for (int r = 0; r < n; r++)
        if (unit_pair(s, r * n, 0, 1, 1, n, cell, bit)) return;
    for (int c = 0; c < n; c++)
        if (unit_pair(s, c, 0, 1, n, n, cell, bit)) return;
    for (int br = 0; br < n; br += s->box_rows)
        for (int bc = 0; bc < n; bc += s->box_cols)
            if (unit_pair(s, br * n + bc, n, s->box_rows, 1, s->box_cols, cell, bit)) return;
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
                int cell;
                uint64_t bit;
                choose_guess(s, &cell, &bit);
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
    size_t bytes = 2 * (size_t)s.size * sizeof(uint64_t) + (size_t)s.size * sizeof(Decision) +
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
    s.segments = (uint64_t *)(block + (size_t)s.size * sizeof(uint64_t));
    s.decisions = (Decision *)(block + 2 * (size_t)s.size * sizeof(uint64_t));
    s.queue = (int *)((char *)s.decisions + (size_t)s.size * sizeof(Decision));
    s.done = (uint8_t *)((char *)s.queue + (size_t)s.qcap * sizeof(int));
    int count = search(&s, cells, limit, solution, guesses);
    free(block);
    free(s.trail);
    return count;
}
