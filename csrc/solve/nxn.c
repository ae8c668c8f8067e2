/* nxn.c - sudokit's generic solver for N x N grids with box_rows x box_cols boxes.
 *
 * The search core (candidate masks, places masks, trail, singles, the all-different rule,
 * guesses and backtracking) is search.h's, shared with the rules solver; this file adds what
 * is particular to N x N grids: the unit tables, pointing and claiming, and dom/wdeg with
 * weights per unit.
 *
 * Representation
 * --------------
 * Units are numbered rows 0..N-1, columns N..2N-1, boxes 2N..3N-1, every cell lying in
 * exactly three of them.  A cell's position is its column in its row, its row in its column,
 * and (row % box_rows) * box_cols + col % box_cols in its box.  Small per-call tables map a
 * cell to its three (unit, position) pairs and a (unit, position) back to the cell.  Every
 * N up to 64 fits the same code (one 64-bit mask per cell and per unit digit).
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
 *    rule (see alldiff.h): a (cell, digit) that lies in no one-to-one
 *    assignment of the unit's digits to its cells is removed.  This subsumes
 *    naked and hidden subsets of every size and fails a unit whose cells cannot
 *    take its digits at all; on big sparse grids (Latin-square-completion-like)
 *    that is what singles and locked candidates cannot see.  A unit costs up to
 *    (open cells)^2 word operations and a node checks dozens of units, so the
 *    rule is switched on only for N >= NXN_AD_MIN_N and only after the search
 *    has backtracked NXN_AD_AFTER times (then every unit is checked once): the
 *    puzzles that propagation nearly solves never pay for it.
 *
 * Search
 * ------
 * search.h's binary branching; the cell is chosen by dom/wdeg: fewest candidates
 * per weight, where a unit's weight is 1 + the contradictions it has caused so
 * far in this call (a cell's weight is the sum over its three units).  Plain
 * "fewest candidates" keeps guessing all over a big sparse grid and can need a
 * huge tree to refute one wrong early guess; the weights pull the search back
 * to where it fails, which keeps those refutations small.  The digit is the
 * cell's lowest candidate.
 */
#include "solve/nxn.h"
#include "solve/search.h"

#ifndef NXN_AD_MIN_N
#define NXN_AD_MIN_N 36 /* grids from this size up use the all-different rule ... */
#endif
#ifndef NXN_AD_AFTER
#define NXN_AD_AFTER 64 /* ... once the search has backtracked this many times */
#endif

#ifndef NXN_LOCKED
#define NXN_LOCKED 1
#endif

/* `len` consecutive bits from bit `start` (len may be 64). */
static inline uint64_t run_of(int start, int len) { return low_bits(len) << start; }

typedef struct {
    sk_search c;             /* the search core's state (search.h) */
    int n, box_rows, box_cols;
    uint32_t weight[192];    /* per unit: 1 + contradictions it caused (the guess heuristic) */
    uint64_t row_in_box[64]; /* box positions of the box's row i */
    uint64_t col_in_box[64]; /* box positions of the box's column j */
} Solver;

/* ---- the hooks of search.h ------------------------------------------------------------ */

/* A contradiction at cell p: its units get the blame (see choose_guess). */
static inline void blame_cell(void *v, int p) {
    Solver *s = (Solver *)v;
    for (int k = 0; k < 3; k++) s->weight[s->c.cell_unit[3 * p + k]]++;
}

static inline void blame_unit(void *v, int u) { ((Solver *)v)->weight[u]++; }

static int restrict_cell(void *v, int p, uint64_t keep), assign(void *v, int p, int d), locked(void *v, int ud),
    choose_guess(void *v, uint64_t *bit), propagate(void *v);

/* Every cell in three units (row, column, box), singles stop once all are placed; a guess on
 * a big grid costs microseconds, so the clock is cheap beside it (every 16 guesses). */
static const sk_hooks HOOKS = {
    .blame_cell = blame_cell, .blame_unit = blame_unit, .restrict_cell = restrict_cell, .assign = assign,
    .locked = locked, .choose = choose_guess, .propagate = propagate,
    .three_units = SK_THREE_UNITS, .lock = NXN_LOCKED, .stop_when_full = 1, .stop_every = 16u,
};

static int restrict_cell(void *v, int p, uint64_t keep) { return sk_restrict(&((Solver *)v)->c, &HOOKS, v, p, keep); }

static int propagate(void *v) { return sk_propagate(&((Solver *)v)->c, &HOOKS, v); }

/* Remove digit d from the cells at the positions `where` of unit u. */
static inline int clear_places(Solver *s, int u, int d, uint64_t where) {
    for (; where; where &= where - 1) {
        int rc = restrict_cell(s, s->c.unit_cells[u * s->n + lowest_bit(where)], ~bit_at(d));
        if (rc != OK) return rc;
    }
    return OK;
}

/* Cell p takes digit d: the digit leaves the peers that still have it. */
static inline int assign(void *v, int p, int d) {
    Solver *s = (Solver *)v;
    uint64_t bit = bit_at(d);
    int rc = sk_mark_done(&s->c, &HOOKS, s, p, bit);
    if (rc != OK) return rc == IDLE ? OK : rc;
    if ((rc = restrict_cell(s, p, bit)) != OK) return rc;
    const uint32_t *units = s->c.cell_unit + 3 * p;
    const uint8_t *pos = s->c.cell_pos + 3 * p;
    for (int k = 0; k < 3; k++) {
        int u = (int)units[k];
        /* read after the previous unit's clearing: shared peers are not visited twice */
        uint64_t others = s->c.places[u * s->n + d] & ~bit_at(pos[k]);
        if ((rc = clear_places(s, u, d, others)) != OK) return rc;
    }
    return OK;
}

/* Locked candidates for the places mask ud (unit u, digit d). */
static inline int locked(void *v, int ud) {
    Solver *s = (Solver *)v;
    int n = s->n, br = s->box_rows, bc = s->box_cols, stacks = n / bc;
    int u = ud / n, d = ud - u * n;
    const uint64_t *places = s->c.places;
    uint64_t where = places[ud];
    if (!more_than_one(where)) return OK; /* placed or about to be: singles handle it */
    int first = lowest_bit(where);
    if (u >= 2 * n) {
        int b = u - 2 * n, r0 = b / stacks * br, c0 = b % stacks * bc;
        int i = first / bc, j = first % bc, rc;
        if (!(where & ~s->row_in_box[i])) { /* pointing along row r0 + i */
            int row = r0 + i;
            uint64_t out = places[row * n + d] & ~run_of(c0, bc);
            if (out && (rc = clear_places(s, row, d, out)) != OK) return rc;
        }
        if (!(where & ~s->col_in_box[j])) { /* pointing along column c0 + j */
            int col = n + c0 + j;
            uint64_t out = places[col * n + d] & ~run_of(r0, br);
            if (out && (rc = clear_places(s, col, d, out)) != OK) return rc;
        }
        return OK;
    }
    if (u >= n) { /* column: positions are rows, a box covers br of them */
        int c = u - n, k = first / br;
        if (where & ~run_of(k * br, br)) return OK;
        int box = 2 * n + k * stacks + c / bc;
        uint64_t out = places[box * n + d] & ~s->col_in_box[c % bc];
        return out ? clear_places(s, box, d, out) : OK;
    }
    /* row: positions are columns, a box covers bc of them */
    int r = u, k = first / bc;
    if (where & ~run_of(k * bc, bc)) return OK;
    int box = 2 * n + r / br * stacks + k;
    uint64_t out = places[box * n + d] & ~s->row_in_box[r % br];
    return out ? clear_places(s, box, d, out) : OK;
}

/* dom/wdeg: the open cell with the fewest candidates per unit of weight, the
 * weight of a unit growing with each contradiction found in it.  The search
 * keeps returning to the part of the grid where it keeps failing, so a wrong
 * early guess is refuted with a small tree instead of a heavy tail. */
static inline int choose_guess(void *v, uint64_t *bit) {
    const Solver *s = (const Solver *)v;
    int best = -1;
    uint64_t best_k = 1, best_w = 0;
    for (int p = 0; p < s->c.ncells; p++) {
        if (s->c.done[p]) continue;
        const uint32_t *units = s->c.cell_unit + 3 * p;
        uint64_t k = (uint64_t)sk_popcount(s->c.cand[p]);
        uint64_t w = (uint64_t)s->weight[units[0]] + s->weight[units[1]] + s->weight[units[2]];
        if (k * best_w < best_k * w) { /* k / w < best_k / best_w */
            best = p;
            best_k = k;
            best_w = w;
        }
    }
    *bit = s->c.cand[best] & (0 - s->c.cand[best]);
    return best;
}

/* ---- the solver ----------------------------------------------------------------------- */

/* Fill the unit tables (the arrays given, see search.h) and the weights. */
static void setup(Solver *s, uint32_t *cell_unit, uint16_t *unit_cells, uint8_t *cell_pos) {
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
            cell_unit[3 * p] = (uint32_t)r;
            cell_unit[3 * p + 1] = (uint32_t)(n + c);
            cell_unit[3 * p + 2] = (uint32_t)(2 * n + b);
            cell_pos[3 * p] = (uint8_t)c;
            cell_pos[3 * p + 1] = (uint8_t)r;
            cell_pos[3 * p + 2] = (uint8_t)bpos;
            unit_cells[r * n + c] = (uint16_t)p;
            unit_cells[(n + c) * n + r] = (uint16_t)p;
            unit_cells[(2 * n + b) * n + bpos] = (uint16_t)p;
        }
    for (int u = 0; u < 3 * n; u++) s->weight[u] = 1;
    s->c.cell_unit = cell_unit;
    s->c.unit_cells = unit_cells;
    s->c.cell_pos = cell_pos;
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
    size_t size = (size_t)s.n * (size_t)s.n;
    /* the unit tables: cell_unit (3 per cell), unit_cells (N per unit), cell_pos (3 per cell) */
    uint32_t *tables = (uint32_t *)malloc(3 * size * (sizeof(uint32_t) + sizeof(uint16_t) + 1));
    int count = -1;
    if (tables && sk_search_init(&s.c, s.n, (int)size, 3 * s.n, 5 * (int)size + 8, size * 4)) {
        setup(&s, tables, (uint16_t *)(tables + 3 * size), (uint8_t *)(tables + 3 * size) + 3 * size * 2);
        /* every unit digit may be locked from the start */
        if (NXN_LOCKED)
            for (int ud = 3 * s.n * s.n - 1; ud >= 0; ud--) sk_stack_push(&s.c.dirty, ud);
        /* the all-different rule waits until the search has failed a few times: most
         * puzzles that propagation nearly solves never need it and do not pay for it */
        count = sk_search_run(&s.c, &HOOKS, &s, cells, limit, solution, guesses, stop, s.n >= NXN_AD_MIN_N,
                              NXN_AD_AFTER);
    }
    free(tables);
    sk_search_free(&s.c);
    return count;
}
