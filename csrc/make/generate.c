/* generate.c - 9x9 puzzle generation: random grids, digging, seed 003's random fill.
 *
 * The board is one 9-bit candidate mask per cell:
 *
 *     bit   8 7 6 5 4 3 2 1 0
 *     digit 9 8 7 6 5 4 3 2 1        cand[c] == 0x1FF: anything goes; a single bit: decided
 *
 * and a flag per cell telling whether its digit has already been struck from its 20 peers.
 * The search propagates naked singles (a decided cell leaves its peers) and hidden singles
 * (a digit with one place left in a unit goes there), then guesses on the cell with the
 * fewest candidates, copying the 243-byte board for each branch.
 *
 * The digging keeps per cell the digits its given peers hold, so a clue whose cell is then
 * forced by the givens alone (the eight other digits in its peers, or no other place for its
 * digit in one of its units) goes without any search: that covers most of the first half of
 * the digging. Otherwise the puzzle is searched for two solutions with the bitboard solver of
 * bitboard9.c. (A single-solution search with the removed digit struck from its cell, with
 * the cell-mask solver below, is the same test; it measured about 30 % slower.)
 */
#include "make/generate.h"

#include "solve/bitboard9.h"
#include "common/bits.h"
#include "common/geometry9.h"
#include "common/splitmix.h"

#include <string.h>

#define ALL 0x1FFu
#define ALL_UNITS 0x7FFFFFFu /* bit u: unit u must be looked at for hidden singles */

/* The bits of a cell's three units in a 27-bit unit set. */
static inline uint32_t unit_bits(int c) {
    return (1u << kCellUnits[c][0]) | (1u << kCellUnits[c][1]) | (1u << kCellUnits[c][2]);
}

static inline int single(unsigned m) { return m && !(m & (m - 1)); }

/* ---- random numbers ------------------------------------------------------------ */

void sk_rng_seed(sk_rng *rng, uint64_t seed) {
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sk_rng_next(sk_rng *rng) {
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t sk_rng_below(sk_rng *rng, uint32_t n) {
    uint64_t m = (uint64_t)(uint32_t)(sk_rng_next(rng) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t floor = (uint32_t)(-n) % n;
        while (low < floor) {
            m = (uint64_t)(uint32_t)(sk_rng_next(rng) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static void shuffle(sk_rng *rng, uint8_t *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sk_rng_below(rng, (uint32_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* ---- the search ---------------------------------------------------------------- */

typedef struct {
    uint16_t cand[81];
    uint8_t done[81]; /* 1: the cell's single digit is already struck from its peers */
} board;

typedef struct {
    int limit, found;
    uint8_t (*sols)[81];
    sk_rng *rng;
} search_ctx;

/* Strike the digit of each decided cell on `stack` from its peers, pushing the peers that
 * become decided, then look for hidden singles in the units whose cells changed (`dirty`, a
 * 27-bit unit set), until nothing changes; 0 on a contradiction. `stack` holds `top` cells
 * that are decided but not yet struck (their done flag is set). */
static int propagate(board *b, uint8_t *stack, int top, uint32_t dirty) {
    uint16_t *cand = b->cand;
    for (;;) {
        while (top) {
            int c = stack[--top];
            unsigned m = cand[c];
            const uint8_t *peers = kPeers[c];
            for (int i = 0; i < 20; i++) {
                int p = peers[i];
                unsigned pm = cand[p];
                if (!(pm & m)) continue;
                pm &= ~m;
                cand[p] = (uint16_t)pm;
                dirty |= unit_bits(p);
                if (!(pm & (pm - 1))) {
                    if (!pm) return 0;
                    b->done[p] = 1;
                    stack[top++] = (uint8_t)p;
                }
            }
        }
        while (dirty) {
            int u = sk_lowest(dirty);
            dirty &= dirty - 1;
            const uint8_t *unit = kUnitCells[u];
            unsigned once = 0, twice = 0;
            for (int i = 0; i < 9; i++) {
                unsigned m = cand[unit[i]];
                twice |= once & m;
                once |= m;
            }
            if (once != ALL) return 0;
            unsigned hidden = once & ~twice;
            if (!hidden) continue;
            for (int i = 0; i < 9; i++) {
                int c = unit[i];
                if (b->done[c]) continue;
                unsigned m = cand[c] & hidden;
                if (!m) continue;
                if (m & (m - 1)) return 0; /* two digits that both must go in this cell */
                cand[c] = (uint16_t)m;
                b->done[c] = 1;
                stack[top++] = (uint8_t)c;
                dirty |= unit_bits(c);
            }
        }
        if (!top) return 1;
    }
}

/* Propagate, then guess on the open cell with the fewest candidates, depth first. */
static void search(board *b, search_ctx *ctx, uint8_t *stack, int top, uint32_t dirty) {
    if (!propagate(b, stack, top, dirty)) return;
    int best = -1, best_count = 10;
    for (int c = 0; c < 81; c++) {
        unsigned m = b->cand[c];
        if (m & (m - 1)) {
            int k = sk_popcount(m);
            if (k < best_count) {
                best_count = k;
                best = c;
                if (k == 2) break;
            }
        }
    }
    if (best < 0) {
        if (ctx->sols && ctx->found < 2)
            for (int c = 0; c < 81; c++) ctx->sols[ctx->found][c] = (uint8_t)sk_low_digit(b->cand[c]);
        ctx->found++;
        return;
    }
    uint8_t order[9];
    int n = 0;
    for (unsigned m = b->cand[best]; m; m &= m - 1) order[n++] = (uint8_t)sk_lowest(m);
    if (ctx->rng) shuffle(ctx->rng, order, n);
    for (int i = 0; i < n; i++) {
        board child = *b;
        child.cand[best] = (uint16_t)(1u << order[i]);
        child.done[best] = 1;
        uint8_t next[81];
        next[0] = (uint8_t)best;
        search(&child, ctx, next, 1, unit_bits(best));
        if (ctx->found >= ctx->limit) return;
    }
}

/* The board of a puzzle: givens decided, everything else open (propagation strikes peers). */
static int load(board *b, const uint8_t cells[81], uint8_t stack[81]) {
    int top = 0;
    for (int c = 0; c < 81; c++) {
        b->cand[c] = cells[c] ? (uint16_t)(1u << (cells[c] - 1)) : (uint16_t)ALL;
        b->done[c] = cells[c] != 0;
        if (cells[c]) stack[top++] = (uint8_t)c;
    }
    return top;
}

int sk_gen9_search(const uint8_t cells[81], int forbid_cell, int forbid_digit, int limit,
                   uint8_t sols[][81], sk_rng *rng) {
    board b;
    uint8_t stack[81];
    int top = load(&b, cells, stack);
    if (forbid_cell >= 0 && forbid_digit > 0 && !cells[forbid_cell]) {
        b.cand[forbid_cell] &= (uint16_t)~(1u << (forbid_digit - 1));
        unsigned m = b.cand[forbid_cell];
        if (!(m & (m - 1))) { /* eight digits left: one now (zero cannot happen) */
            b.done[forbid_cell] = 1;
            stack[top++] = (uint8_t)forbid_cell;
        }
    }
    search_ctx ctx = {limit < 1 ? 1 : limit, 0, sols, rng};
    search(&b, &ctx, stack, top, ALL_UNITS);
    return ctx.found;
}

/* The three boxes on the diagonal share no row or column, so each takes a random
 * permutation of the digits; every such start completes, and the randomized search fills
 * the other six boxes. */
void sk_gen9_grid(sk_rng *rng, uint8_t grid[81]) {
    uint8_t sols[2][81];
    uint8_t start[81];
    do {
        memset(start, 0, sizeof start);
        for (int box = 0; box < 3; box++) {
            uint8_t digits[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
            shuffle(rng, digits, 9);
            for (int i = 0; i < 9; i++) start[(box * 3 + i / 3) * 9 + box * 3 + i % 3] = digits[i];
        }
    } while (!sk_gen9_search(start, -1, 0, 1, sols, rng)); /* never repeats; kept as a guard */
    memcpy(grid, sols[0], 81);
}

/* ---- digging ------------------------------------------------------------------- */

/* The digging keeps, for every cell, how many of its peers hold each digit as a given, and
 * the mask of digits some peer holds: `excl`. Removing or restoring a clue updates its 20
 * peers, and a search board is then built in 81 steps without striking every given again. */
typedef struct {
    uint8_t cells[81];
    uint8_t count[81][9];
    uint16_t excl[81];
} dig_state;

static void dig_init(dig_state *st, const uint8_t cells[81]) {
    memcpy(st->cells, cells, 81);
    memset(st->count, 0, sizeof st->count);
    memset(st->excl, 0, sizeof st->excl);
    for (int c = 0; c < 81; c++) {
        int d = cells[c];
        if (!d) continue;
        for (int i = 0; i < 20; i++) {
            int p = kPeers[c][i];
            st->count[p][d - 1]++;
            st->excl[p] |= (uint16_t)(1u << (d - 1));
        }
    }
}

static void dig_remove(dig_state *st, int c) {
    int d = st->cells[c];
    st->cells[c] = 0;
    for (int i = 0; i < 20; i++) {
        int p = kPeers[c][i];
        if (!--st->count[p][d - 1]) st->excl[p] &= (uint16_t)~(1u << (d - 1));
    }
}

static void dig_restore(dig_state *st, int c, int d) {
    st->cells[c] = (uint8_t)d;
    for (int i = 0; i < 20; i++) {
        int p = kPeers[c][i];
        st->count[p][d - 1]++;
        st->excl[p] |= (uint16_t)(1u << (d - 1));
    }
}

/* True when empty cell c must hold `digit` by the givens alone: the other eight digits sit in
 * its peers (naked single), or every other cell of one of its units is given or sees `digit`
 * (hidden single). */
static int forced(const dig_state *st, int c, int digit) {
    unsigned bit = 1u << (digit - 1);
    if ((st->excl[c] | bit) == ALL && !(st->excl[c] & bit)) return 1;
    for (int k = 0; k < 3; k++) {
        const uint8_t *unit = kUnitCells[kCellUnits[c][k]];
        int open = 0;
        for (int i = 0; i < 9 && !open; i++) {
            int x = unit[i];
            open = x != c && !st->cells[x] && !(st->excl[x] & bit);
        }
        if (!open) return 1;
    }
    return 0;
}

/* With the dig state a unique puzzle (solution `solution`) minus the clues at emptied[0..n):
 * is it still unique? Yes at once when every emptied cell is forced by the givens; otherwise
 * count solutions up to two with the bitboard solver (bitboard9.c). */
static int still_unique(const dig_state *st, const uint8_t solution[81], const uint8_t *emptied, int n) {
    int all_forced = 1;
    for (int i = 0; i < n && all_forced; i++) all_forced = forced(st, emptied[i], solution[emptied[i]]);
    if (all_forced) return 1;
    return sk9_solve(st->cells, 2, NULL, NULL) == 1;
}

/* A clue of the dig state's puzzle that can go alone (the puzzle stays unique), or -1. */
static int redundant_clue(dig_state *st, const uint8_t solution[81]) {
    for (int c = 0; c < 81; c++) {
        int d = st->cells[c];
        if (!d) continue;
        dig_remove(st, c);
        uint8_t one = (uint8_t)c;
        int unique = still_unique(st, solution, &one, 1);
        dig_restore(st, c, d);
        if (unique) return c;
    }
    return -1;
}

/* No clue can go alone. */
static int minimal(dig_state *st, const uint8_t solution[81]) { return redundant_clue(st, solution) < 0; }

int sk_gen9_is_minimal(const uint8_t cells[81], const uint8_t solution[81]) {
    dig_state st;
    dig_init(&st, cells);
    return minimal(&st, solution);
}

/* Turn an orbit-minimal symmetric puzzle into a strictly minimal one, keeping the symmetry:
 * while some clue can go alone, empty its whole orbit, fill instead a random empty orbit that
 * makes the puzzle unique again, and dig the filled orbits once more. Gives up (0) after a
 * few rounds or when no orbit restores uniqueness. */
static int repair(dig_state *st, sk_rng *rng, const uint8_t solution[81], const uint8_t *orbit,
                  const uint8_t *members, const uint8_t *start, const uint8_t *size) {
    for (int round = 0; round < 16; round++) {
        int c = redundant_clue(st, solution);
        if (c < 0) return 1;
        int gone = orbit[c];
        for (int j = 0; j < size[gone]; j++) dig_remove(st, members[start[gone] + j]);
        uint8_t empty[81];
        int n = 0;
        for (int o = 0; o < 81; o++)
            if (size[o] && o != gone && !st->cells[members[start[o]]]) empty[n++] = (uint8_t)o;
        shuffle(rng, empty, n);
        int added = -1;
        for (int i = 0; i < n && added < 0; i++) {
            int o = empty[i];
            for (int j = 0; j < size[o]; j++) dig_restore(st, members[start[o] + j], solution[members[start[o] + j]]);
            if (sk9_solve(st->cells, 2, NULL, NULL) == 1)
                added = o;
            else
                for (int j = 0; j < size[o]; j++) dig_remove(st, members[start[o] + j]);
        }
        if (added < 0) return 0;
        uint8_t filled[81];
        n = 0;
        for (int o = 0; o < 81; o++)
            if (size[o] && o != added && st->cells[members[start[o]]]) filled[n++] = (uint8_t)o;
        shuffle(rng, filled, n);
        for (int i = 0; i < n; i++) {
            int o = filled[i];
            const uint8_t *cells = members + start[o];
            for (int j = 0; j < size[o]; j++) dig_remove(st, cells[j]);
            if (!still_unique(st, solution, cells, size[o]))
                for (int j = 0; j < size[o]; j++) dig_restore(st, cells[j], solution[cells[j]]);
        }
    }
    return 0;
}

int sk_gen9_dig(sk_rng *rng, const uint8_t *orbit, int target, const uint8_t *mask,
                int strict_minimal, uint8_t puzzle[81], uint8_t solution[81]) {
    sk_gen9_grid(rng, solution);
    if (mask) {
        for (int c = 0; c < 81; c++) puzzle[c] = mask[c] ? solution[c] : 0;
        if (sk9_solve(puzzle, 2, NULL, NULL) != 1) return 0;
        return !strict_minimal || sk_gen9_is_minimal(puzzle, solution);
    }
    dig_state st;
    dig_init(&st, solution);
    /* Group the cells by orbit: members[start[o] .. start[o+1]) are orbit o's cells. */
    uint8_t order[81], members[81], start[82], size[81];
    int orbits = 0;
    if (orbit) {
        int count[81] = {0};
        for (int c = 0; c < 81; c++) count[orbit[c]]++;
        int fill[81];
        int at = 0;
        for (int o = 0; o < 81; o++) {
            fill[o] = at;
            start[o] = (uint8_t)at;
            size[o] = (uint8_t)count[o];
            at += count[o];
        }
        start[81] = 81;
        for (int c = 0; c < 81; c++) members[fill[orbit[c]]++] = (uint8_t)c;
        for (int o = 0; o < 81; o++)
            if (count[o]) order[orbits++] = (uint8_t)o;
    } else {
        for (int c = 0; c < 81; c++) {
            members[c] = (uint8_t)c;
            start[c] = (uint8_t)c;
            size[c] = 1;
            order[c] = (uint8_t)c;
        }
        start[81] = 81;
        orbits = 81;
    }
    shuffle(rng, order, orbits);
    int clues = 81;
    int complete_pass = 1; /* 1 while every orbit has been tried (the pass makes it minimal) */
    for (int i = 0; i < orbits; i++) {
        int o = order[i];
        int k = size[o];
        const uint8_t *cells = members + start[o];
        if (target > 0 && clues - k < target) {
            complete_pass = 0;
            continue;
        }
        for (int j = 0; j < k; j++) dig_remove(&st, cells[j]);
        if (still_unique(&st, solution, cells, k)) {
            clues -= k;
            if (target > 0 && clues == target && !strict_minimal) break;
        } else {
            for (int j = 0; j < k; j++) dig_restore(&st, cells[j], solution[cells[j]]);
        }
    }
    int ok = 1;
    if (target > 0 && clues != target)
        ok = 0;
    else if (strict_minimal && orbit && !target)
        ok = repair(&st, rng, solution, orbit, members, start, size);
    else if (strict_minimal && (!complete_pass || orbit)) /* a pass over orbits is only orbit-minimal */
        ok = minimal(&st, solution);
    memcpy(puzzle, st.cells, 81);
    return ok;
}

/* ---- seed 003's random fill ------------------------------------------------------ */

/* Draws in a row whose digit fits no empty cell before a fill round is taken as a dead end
 * (every empty cell sees all nine digits) and started again: each draw picks one of 9 digits,
 * so 256 misses in a row while some digit still fits has odds below (8/9)^256 < 1e-13. */
#define FILL_MAX_MISSES 256

int sk_gen9_fill(sk_rng *rng, int k, int dig, uint8_t puzzle[81], uint8_t solution[81],
                 sk_fill_stats *stats, sk_stop *stop) {
    uint8_t sols[2][81];
    int found = 0;
    stats->rounds = 0;
    stats->solver_calls = 0;
    if (k < 1) k = 1;
    if (k > SK_FILL_KMAX) k = SK_FILL_KMAX;
    while (!found) {
        if (sk_stop_tick(stop, 16)) return 0;
        stats->rounds++; /* step 1 */
        memset(puzzle, 0, 81);
        uint16_t used[27] = {0}; /* the paper's w: digits present in each row, column and box */
        int placed = 0, misses = 0;
        while (placed < k) {
            if (misses >= FILL_MAX_MISSES) break; /* a dead end: no digit fits anywhere; refill */
            int n = (int)sk_rng_below(rng, 81);          /* step 2 */
            unsigned bit = 1u << sk_rng_below(rng, 9);   /* step 3 */
            int tries = 0;
            const uint8_t *u = kCellUnits[n];
            while (tries < 81 && (puzzle[n] || ((used[u[0]] | used[u[1]] | used[u[2]]) & bit))) {
                n = n == 80 ? 0 : n + 1; /* steps 4-5: on to the next cell */
                u = kCellUnits[n];
                tries++;
            }
            if (tries == 81) { /* the digit fits nowhere: draw again */
                if (sk_stop_tick(stop, 1024)) return 0;
                misses++;
                continue;
            }
            misses = 0;
            puzzle[n] = (uint8_t)sk_low_digit(bit); /* step 6 */
            used[u[0]] |= (uint16_t)bit;
            used[u[1]] |= (uint16_t)bit;
            used[u[2]] |= (uint16_t)bit;
            placed++;
        }
        if (placed < k) continue;
        stats->solver_calls++; /* step 7 */
        found = sk_gen9_search(puzzle, -1, 0, 2, sols, NULL);
        while (found == 2) { /* step 8 */
            uint8_t diff[81];
            int nd = 0;
            for (int c = 0; c < 81; c++)
                if (sols[0][c] != sols[1][c]) diff[nd++] = (uint8_t)c;
            int c = diff[sk_rng_below(rng, (uint32_t)nd)];
            puzzle[c] = sols[sk_rng_below(rng, 2)][c];
            stats->solver_calls++;
            found = sk_gen9_search(puzzle, -1, 0, 2, sols, NULL);
        }
    }
    memcpy(solution, sols[0], 81);
    int clues = 0;
    for (int c = 0; c < 81; c++) clues += puzzle[c] != 0;
    stats->clues = clues;
    if (dig) { /* step 9 */
        uint8_t order[81];
        int n = 0;
        for (int c = 0; c < 81; c++)
            if (puzzle[c]) order[n++] = (uint8_t)c;
        shuffle(rng, order, n);
        dig_state st;
        dig_init(&st, puzzle);
        for (int i = 0; i < n; i++) {
            int c = order[i];
            dig_remove(&st, c);
            stats->solver_calls++;
            if (still_unique(&st, solution, order + i, 1))
                clues--;
            else
                dig_restore(&st, c, solution[c]);
        }
        memcpy(puzzle, st.cells, 81);
    }
    stats->clues_after = clues;
    return 1;
}

/* ---- controlled-bias trials (Berthier) ------------------------------------------- */

/* One trial on the solution grid `grid`: empty its cells in a random order while the puzzle
 * stays unique, up to the first clue that cannot go; the trial succeeds when none of the
 * clues after it can go either, i.e. when the emptied cells all come before the kept ones in
 * the order. A minimal puzzle of n clues is then the result with probability exactly
 * n! (81 - n)! / 81!, Berthier's controlled bias. Writes the puzzle and returns 1 on success. */
static int cbg_trial(sk_rng *rng, const uint8_t grid[81], const dig_state *full, uint8_t puzzle[81]) {
    uint8_t order[81];
    for (int c = 0; c < 81; c++) order[c] = (uint8_t)c;
    shuffle(rng, order, 81);
    dig_state st = *full; /* the full grid's state, copied: cheaper than building it again */
    int i = 0;
    for (; i < 81; i++) {
        int c = order[i];
        dig_remove(&st, c);
        if (!still_unique(&st, grid, order + i, 1)) {
            dig_restore(&st, c, grid[c]);
            break;
        }
    }
    for (int j = i + 1; j < 81; j++) { /* every later clue must stay: the kept clues are minimal */
        int c = order[j];
        dig_remove(&st, c);
        int unique = still_unique(&st, grid, order + j, 1);
        dig_restore(&st, c, grid[c]);
        if (unique) return 0;
    }
    memcpy(puzzle, st.cells, 81);
    return 1;
}

long long sk_gen9_cbg(sk_rng *rng, const uint8_t grid[81], long long trials, uint8_t (*out)[81],
                      int max_out, int *found, sk_stop *stop) {
    long long t = 0;
    dig_state full;
    dig_init(&full, grid);
    *found = 0;
    while (t < trials && *found < max_out) {
        if (sk_stop_tick(stop, 256)) break;
        t++;
        if (cbg_trial(rng, grid, &full, out[*found])) (*found)++;
    }
    return t;
}
