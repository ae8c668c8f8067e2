/* bitboard9.c - sudokit's 9x9 solver: bitboards per digit and band.
 *
 * Representation
 * --------------
 * The grid is cut into three horizontal bands of three rows.  For every digit d
 * (0..8) and band b (0..2) one 32-bit word, cand[9*b + d], holds the 27 cells of
 * the band where d may still go (a band's nine words are adjacent, so work on
 * all of them takes a few vector operations, see clear_band):
 *
 *             col 0  1  2   3  4  5   6  7  8
 *     row 0:      0  1  2 | 3  4  5 | 6  7  8     <- bit numbers inside the word
 *     row 1:      9 10 11 |12 13 14 |15 16 17
 *     row 2:     18 19 20 |21 22 23 |24 25 26
 *                  box 0     box 1     box 2       (bits 27..31 are always 0)
 *
 * so cell number (9*row + col) of the grid is bit (cell - 27*b) of its band word.
 * (Not bits.h's sk_cells: the band and column rules and the vector clears work on these
 * 27-bit band words, three per digit, in the manner of tdoku.)
 * A placed digit stays a candidate of its own cell; it is only removed from the
 * cell's peers.  Keeping digits apart means the row, box and "locked candidate"
 * rules are plain mask arithmetic on one word, and the column rule is one shifted
 * mask (COL_BITS) applied to the two other band words of the same digit.
 *
 * Inference (propagate)
 * ---------------------
 * 1. Band rule, per (digit, band) word.  Inside a band a digit occupies exactly
 *    one cell of each row and one of each box, so the three rows use the three
 *    boxes in one of 6 permutations.  Shrink the word to its 9 "minirows" (the
 *    three cells of one row inside one box; bit 3*row + box), keep the minirows
 *    that take part in at least one permutation still fully available, and clear
 *    the rest (kBandKeepH).  That single masking step does hidden singles in rows
 *    and boxes and both kinds of locked candidates (pointing and claiming) for
 *    the band; an empty result is a contradiction.
 * 2. A row of the word left with one cell places the digit there: the column is
 *    cleared in the other bands (the band rule has already cleared it in the
 *    other rows), the cell is cleared for the other digits.  Repeat until no
 *    band word changes.  A `dirty` bit per word says which words to look at
 *    again; every rule sets it only for words it really changed, so each update
 *    has work to do.
 * 3. Naked singles: count candidates per cell with bit-sliced counters across
 *    the nine digit words of a band (one/two = "at least one"/"at least two");
 *    an open cell with none is a contradiction, one with exactly one is placed.
 * 4. Column rules, from each digit's column view (which columns it can use in
 *    which band): hidden singles in columns, and the band rule turned on its
 *    side for stacks (vertical locked candidates).
 * 5. Minirow rule: the three cells of a minirow take three different digits
 *    (see minirow_rule).
 * 6. Minicolumn rule, the same turned on its side but only half of it: three
 *    digits forced into one minicolumn (a column inside one box) keep all other
 *    digits out of its cells (see minicol_rule).
 * Cheap rules run first; a costlier one runs only when the cheaper ones are done,
 * and rules 3-5 only look again at the digits or bands whose words changed since
 * they last ran (unseen_*): after a guess that is a fraction of the board.
 *
 * Search
 * ------
 * When nothing more follows, guess on the structure the band rule works with:
 * in the band whose digits have the fewest joint layouts left (the product of
 * their words' row->box permutation counts, summed as logs), take the digit with
 * the fewest permutations (at least two) and split them on one of its minirows:
 * "the digit is in it" first, "it is not" saved on an explicit stack (with three
 * or more permutations, a minirow in two of them, for more even branches).
 * Choosing bands this way cuts the guesses on hard puzzles by about a third
 * against guessing on two-candidate cells; the product instead of the plain sum
 * of the counts, and the even split, take off about 6% more (forum_hardest).
 * A contradiction pops the newest saved state.
 *
 * Safety net (PERM_GUESSES): the band weight sees only permutations, so a band
 * whose words are all down to one permutation counts as done even when cells in
 * its minirows are still open; it is left to cell guesses after every other band.
 * On some sparse puzzles (a full row or box and a few clues) such a band hides a
 * contradiction at the cell level while the other bands are nearly empty, and the
 * search enumerates every permutation layout of the empty bands (millions of
 * guesses) before it gets back to the cells.  Guessing cells in such a band first
 * avoids that but costs 80-190% more guesses on hard puzzles (forum_hardest), so
 * instead, after PERM_GUESSES guesses, the search starts over on cells only (the
 * two-candidate / fewest-candidate cell, no such blind spot): hard puzzles need a
 * few hundred guesses and never get there; the worst fuzzed sparse puzzle took
 * 35 more guesses after the restart.  Both branches of every guess
 * lose at least one permutation of the word (or, for a cell guess, fix the cell
 * or drop a candidate), which bounds the nesting and so the fixed-size stack
 * (MAX_DEPTH).
 */
#include "solve/bitboard9.h"
#include "solve/bitboard9_tables.h" /* the generated lookup tables (kBandKeepH, kStackKeep, kPerms, ...) */
#include "common/bits.h"

#include <string.h>

/* No auto-vectorization here: GCC turns the strided loops over a digit's words
 * into gathers, scatters and overlapping loads of words that were just stored
 * one by one; the store-forwarding stalls made the solver about 20% slower than
 * the plain scalar code, though it ran fewer instructions.  Where vectors do
 * pay, on a band's nine adjacent words, they are written out by hand
 * (clear_band, band_counts). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-vectorize")
#endif

/* ---- tiny bit helpers ------------------------------------------------------ */

#define BAND_BITS 0x7ffffffu /* the 27 cells of a band */
#define ROW_BITS 0x1ffu      /* row 0 of a band: bits 0..8 */
#define COL_BITS 0x40201u    /* column 0 of a band: bits 0, 9, 18 */

static inline int lowest_bit(uint32_t x) { return __builtin_ctz(x); }
static inline uint32_t lowest_set(uint32_t x) { return x & (0u - x); }
static inline int more_than_one(uint32_t x) { return (x & (x - 1)) != 0; }
/* The row (0..2) of a band bit: 0..8 -> 0, 9..17 -> 1, 18..26 -> 2. */
static inline int row_of_bit(int bit) { return (bit * 57) >> 9; }

/* Rows (3-bit mask r2 r1 r0) of a band word that have at least one cell. */
static inline uint32_t rows_of(uint32_t w) {
    return (uint32_t)((w & ROW_BITS) != 0) | ((uint32_t)((w & (ROW_BITS << 9)) != 0) << 1) |
           ((uint32_t)((w & (ROW_BITS << 18)) != 0) << 2);
}

/* Rows (3-bit mask) of a band word holding exactly one candidate, for a word
 * whose rows are all non-empty (as after the band rule): w - COL_BITS takes one
 * from each row at once, without a borrow crossing into the next row, so the
 * AND drops the lowest cell of every row and leaves the rows with more. */
static inline uint32_t single_rows(uint32_t w) { return 7u & ~rows_of(w & (w - COL_BITS)); }

/* Fold a band word onto its 9 columns: bit c set when column c has a cell in w. */
static inline uint32_t columns_of(uint32_t w) { return (w | (w >> 9) | (w >> 18)) & ROW_BITS; }

/* Columns where w has two or more cells. */
static inline uint32_t columns_twice(uint32_t w) {
    return ((w & (w >> 9)) | (w & (w >> 18)) | ((w >> 9) & (w >> 18))) & ROW_BITS;
}

/* ---- the board ------------------------------------------------------------- */

typedef struct {
    uint32_t cand[27];     /* cand[9*b + d]: cells of band b where digit d may go */
    uint32_t open_cells[3]; /* per band: cells without a placed digit */
    uint8_t open_rows[27];  /* open_rows[i]: rows (bit r) of cand[i] where its digit is not placed yet */
    uint32_t dirty;         /* bit i set when cand[i] changed since its last update */
    /* Words changed since a rule last looked at them (bit i for cand[i]): a rule
     * that found nothing in a digit or band finds nothing there again until one
     * of its words changes, so each rule only revisits those. */
    uint32_t unseen_singles, unseen_columns, unseen_minirows;
    uint16_t mini[27];      /* minirows (bit 3*row + box) of cand[i] at its last update */
    uint32_t minicol_done;  /* minicolumns (bit 9*band + column) the minicolumn rule has used up */
} Board;

/* Word sets (bit i for cand[i]): the nine words of band 0 (band b: << 9*b) and
 * the three words of digit 0 (digit d: << d). */
#define BAND_WORDS 0x1ffu
#define DIGIT_WORDS 0x40201u

/* The deepest nesting of guesses: a permutation guess takes at least one of the
 * <= 6 permutations of one word away in both branches (27 words * 5), a cell
 * guess fixes one of the 81 cells, and candidates only shrink down a path. */
enum { MAX_DEPTH = 27 * 5 + 81 + 1 };

/* Guesses on permutations before the search starts over on cells only (see Search). */
enum { PERM_GUESSES = 2048 };

/* Guesses between two looks at the clock when a stop is given (a few hundred microseconds). */
#define SK9_STOP_EVERY 1024u

/* The rows (3-bit mask r2 r1 r0) as band cells: row r is bits 9r..9r+8. */
static inline uint32_t row_cells(uint32_t rows) {
    static const uint32_t kRowCells[8] = {0x0000000, 0x00001ff, 0x003fe00, 0x003ffff,
                                          0x7fc0000, 0x7fc01ff, 0x7fffe00, 0x7ffffff};
    return kRowCells[rows];
}

/* Clear `cells` from the nine words of a band, except word `own`, which is set
 * to `w`; return the words that had any of the cells (bit k for word k; the bit
 * of `own` means nothing).
 *
 * With GCC or Clang, words 0..7 go as two 4-lane vectors (SSE2 in the baseline
 * copy, so no CPU check is needed): load, test, clear and store in a handful of
 * instructions instead of nine rounds of scalar ones.  The own word is blended
 * into the vector store rather than written on its own afterwards: a wide load
 * that overlaps a narrow store still in flight cannot take its data from the
 * store buffer and stalls, and the next placement in the band would load it. */
#if defined(__GNUC__)
typedef uint32_t u32x4 __attribute__((vector_size(16)));
#if defined(__clang__)
#define SHUFFLE4(v, a, b, c, d) __builtin_shufflevector(v, v, a, b, c, d)
#else
#define SHUFFLE4(v, a, b, c, d) __builtin_shuffle(v, (u32x4){a, b, c, d})
#endif
static inline uint32_t clear_band(uint32_t *band, uint32_t cells, int own, uint32_t w) {
    static const u32x4 kLo = {1, 2, 4, 8}, kHi = {16, 32, 64, 128}, kIdxLo = {0, 1, 2, 3}, kIdxHi = {4, 5, 6, 7};
    u32x4 lo, hi, c = (u32x4){0, 0, 0, 0} + cells, o = (u32x4){0, 0, 0, 0} + (uint32_t)own,
                  wv = (u32x4){0, 0, 0, 0} + w;
    memcpy(&lo, band, sizeof lo);
    memcpy(&hi, band + 4, sizeof hi);
    u32x4 h = ((u32x4)((lo & c) != 0) & kLo) | ((u32x4)((hi & c) != 0) & kHi);
    u32x4 slo = (u32x4)(kIdxLo == o), shi = (u32x4)(kIdxHi == o);
    lo = (lo & ~c & ~slo) | (wv & slo);
    hi = (hi & ~c & ~shi) | (wv & shi);
    memcpy(band, &lo, sizeof lo);
    memcpy(band + 4, &hi, sizeof hi);
    h |= SHUFFLE4(h, 2, 3, 0, 1); /* OR the lanes' bits together */
    h |= SHUFFLE4(h, 1, 0, 3, 2);
    uint32_t x8 = band[8];
    uint32_t hit = h[0] | ((uint32_t)((x8 & cells) != 0) << 8);
    band[8] = own == 8 ? w : x8 & ~cells;
    return hit;
}
#else
static inline uint32_t clear_band(uint32_t *band, uint32_t cells, int own, uint32_t w) {
    uint32_t hit = 0;
    for (int k = 0; k < 9; k++) {
        hit |= (uint32_t)((band[k] & cells) != 0) << k;
        band[k] &= ~cells;
    }
    band[own] = w;
    return hit;
}
#endif

#if defined(__GNUC__)
/* Bit-sliced candidate counts over the nine words of a band: one = cells with
 * at least one candidate, two = with at least two.  Two groups combine as
 * one = one_a | one_b, two = two_a | two_b | (one_a & one_b), so the lanes are
 * folded pairwise, halving each time. */
static inline void band_counts(const uint32_t *band, uint32_t *one, uint32_t *two) {
    u32x4 lo, hi;
    memcpy(&lo, band, sizeof lo);
    memcpy(&hi, band + 4, sizeof hi);
    u32x4 o = lo | hi, t = lo & hi, s = SHUFFLE4(o, 2, 3, 0, 1);
    t |= SHUFFLE4(t, 2, 3, 0, 1) | (o & s);
    o |= s;
    s = SHUFFLE4(o, 1, 0, 3, 2);
    t |= SHUFFLE4(t, 1, 0, 3, 2) | (o & s);
    o |= s;
    *two = t[0] | (o[0] & band[8]);
    *one = o[0] | band[8];
}
#else
static inline void band_counts(const uint32_t *band, uint32_t *one, uint32_t *two) {
    uint32_t o = 0, t = 0;
    for (int d = 0; d < 9; d++) {
        t |= o & band[d];
        o |= band[d];
    }
    *one = o;
    *two = t;
}
#endif

/* The band rule looks its word's minirow set up by a hash.  OR-ing each cell
 * onto the lowest bit of its minirow leaves the set in bits 3*(3*row + box) of
 * the word, and multiplying by kMinirowHash gathers those nine bits, mixed, into
 * the top nine bits of the 32-bit product: a different 9-bit number for each of
 * the 512 sets (the multiplier was found by a search over odd numbers that
 * tested exactly this).  One multiply instead of three table lookups and
 * shifts, and the tables are simply kept in hash order:
 * kBandKeepH[h]: for the minirow set m with hash h, the band cells of the
 *   minirows that belong to some permutation row->box wholly inside m.  A
 *   digit's three rows of a band must use three different boxes, so candidates
 *   in any other minirow are impossible; 0 when no permutation fits.
 * kMiniKeepH[h]: those kept minirows as a minirow set (bit 3*row + box), which
 *   is what the word's minirow set is after the rule.
 * (The tables are in bitboard9_tables.h, checked by tests/test_bitboard_tables.py.) */
#define kMinirowHash 0x38080101u
static inline uint32_t minirow_hash(uint32_t w) {
    return (((w | (w >> 1) | (w >> 2)) & 0x1249249u) * kMinirowHash) >> 23;
}

/* Apply the band rule to word i, place the digit in every row that is down to
 * one cell, and add the words this changes to *dirty.  Returns 0 on a
 * contradiction.
 *
 * One pass is enough: the band rule is idempotent (the minirows it keeps are a
 * union of whole permutations, which all fit again), and a row with a single
 * cell in box c sends every permutation left through c, so the rule has
 * already cleared box c - the cell's column included - in the other rows.  For
 * the same reason two single rows never share a column (they would share a
 * box: no permutation, w would be 0).  Placing therefore changes nothing more
 * in w itself, only in the other words: the digit's column in the other bands
 * and the placed cells in the band's other digits. */
static int update_band(Board *bd, int i, uint32_t *dirty) {
    int b = row_of_bit(i), d = i - 9 * b; /* i = 9*b + d; row_of_bit is i / 9 */
    uint32_t w = bd->cand[i];
    uint32_t open = bd->open_rows[i]; /* rows still without the digit */
    uint32_t m = minirow_hash(w);
    w &= kBandKeepH[m];
    if (!w) return 0;
    uint32_t fresh = single_rows(w) & open, placed = w & row_cells(fresh);
    open &= ~fresh;
    if (placed) {
        uint32_t cols = columns_of(placed) * COL_BITS;
        /* The band first, whole (with w): a wide load right after narrow stores
         * into the same words would stall. */
        uint32_t hit = clear_band(&bd->cand[9 * b], placed, d, w) << (9 * b);
        int b1 = b == 2 ? 0 : b + 1, b2 = b == 0 ? 2 : b - 1;
        uint32_t *x1 = &bd->cand[9 * b1 + d], *x2 = &bd->cand[9 * b2 + d];
        hit |= ((uint32_t)((*x1 & cols) != 0) << (9 * b1 + d)) | ((uint32_t)((*x2 & cols) != 0) << (9 * b2 + d));
        *x1 &= ~cols;
        *x2 &= ~cols;
        *dirty |= hit & ~(1u << i);
        bd->open_cells[b] &= ~placed;
        bd->open_rows[i] = (uint8_t)open;
    } else {
        bd->cand[i] = w;
    }
    bd->mini[i] = kMiniKeepH[m]; /* the minirows kept: those of w now */
    return 1;
}

/* Run the band rule over every changed word until nothing changes. */
static inline int settle_bands(Board *bd) {
    /* The dirty set stays in a register here: in the board, every store into a
     * word would force a reload (they all alias), and the next update waits on it.
     * The words are taken in rounds: the ones dirty when the round starts, then
     * those dirtied again.  Which word comes next then never waits for the
     * previous update to finish, and a word still due in the round is not marked
     * again (it will read its new value).  The order does not change the result:
     * the band rule and placing only take candidates away, so every order ends
     * in the same fixed point (or in a contradiction, if that has one). */
    uint32_t changed = 0, dirty = bd->dirty;
    bd->dirty = 0;
    while (dirty) {
        uint32_t batch = dirty;
        changed |= batch;
        dirty = 0;
        do {
            int i = lowest_bit(batch);
            batch &= batch - 1;
            uint32_t hit = 0;
            if (!update_band(bd, i, &hit)) return 0;
            dirty |= hit & ~batch;
        } while (batch);
    }
    bd->unseen_singles |= changed;
    bd->unseen_columns |= changed;
    bd->unseen_minirows |= changed;
    return 1;
}

/* Bit-sliced candidate counts of the open cells of band b:
 * one = at least one candidate, two = at least two, three = at least three. */
static inline void count_cells(const Board *bd, int b, uint32_t *one, uint32_t *two, uint32_t *three) {
    uint32_t o = 0, t = 0, h = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t x = bd->cand[9 * b + d];
        h |= t & x;
        t |= o & x;
        o |= x;
    }
    *one = o;
    *two = t;
    *three = h;
}

/* Restrict digit d to band bit `cell` of band b by clearing the rest of its row;
 * the band rule then places it. */
static inline void assign(Board *bd, int d, int b, uint32_t cell) {
    int r = row_of_bit(lowest_bit(cell));
    bd->cand[9 * b + d] &= ~(ROW_BITS << (9 * r)) | cell;
    bd->dirty |= 1u << (9 * b + d);
}

/* Naked singles of all bands: -1 contradiction, 0 none found, 1 some assigned. */
static int naked_singles(Board *bd) {
    int found = 0;
    uint32_t unseen = bd->unseen_singles;
    bd->unseen_singles = 0;
    for (int b = 0; b < 3; b++) {
        if (!(unseen & (BAND_WORDS << (9 * b)))) continue;
        uint32_t one, two;
        band_counts(&bd->cand[9 * b], &one, &two);
        uint32_t open = bd->open_cells[b];
        if (open & ~one) return -1;
        uint32_t single = open & ~two;
        while (single) {
            uint32_t cell = lowest_set(single);
            single ^= cell;
            for (int d = 0; d < 9; d++) {
                if (bd->cand[9 * b + d] & cell) {
                    assign(bd, d, b, cell);
                    break;
                }
            }
            found = 1;
        }
    }
    return found;
}

/* Spread 9 column bits into three 9-bit stack fields, three bits each:
 *
 *     cols:      [c8 c7 c6 c5 c4 c3 c2 c1 c0]
 *     by_stack:  bits 18..20 = c6 c7 c8,  bits 9..11 = c3 c4 c5,  bits 0..2 = c0 c1 c2
 *
 * so that OR-ing the spreads of bands 0, 1, 2 shifted by 0, 3, 6 gives, in bits
 * 9s..9s+8, stack s as the 3x3 (band, column) set kStackKeep is indexed by. */
static inline uint32_t by_stack(uint32_t cols) { return (cols & 7u) | ((cols & 0x38u) << 6) | ((cols & 0x1c0u) << 12); }

/* The inverse of by_stack (other bits ignored). */
static inline uint32_t from_stacks(uint32_t v) { return (v & 7u) | ((v >> 6) & 0x38u) | ((v >> 12) & 0x1c0u); }

/* The column rules of every digit, from its column view
 *
 *     view bits 9*s .. 9*s+8, stack s:   band 2: [c c c]  band 1: [c c c]  band 0: [c c c]
 *                                          (the three columns of the stack, low to high)
 *
 * (bit set when the digit has a cell in that column inside that band):
 * 1. Hidden singles in columns: a digit with one cell left in a column where it
 *    is not yet placed goes there; a column without the digit is a contradiction.
 * 2. Stack rule, the band rule turned on its side: inside a stack (three columns,
 *    three boxes) a digit uses each column once and each band once, so the
 *    "minicolumns" (a column inside one band) it keeps must fit a permutation
 *    band->column (kStackKeep on bits 9s..9s+8 of the view).
 *    This gives the vertical locked candidates (pointing along a column,
 *    claiming for a column).
 * -1 contradiction, 0 nothing changed, 1 something changed. */
static int column_rules(Board *bd) {
    int changed = 0;
    uint32_t unseen = bd->unseen_columns;
    bd->unseen_columns = 0;
    for (int d = 0; d < 9; d++) {
        if (!(unseen & (DIGIT_WORDS << d))) continue;
        /* A digit with two open rows or fewer left has both of its open columns
         * in each of them (else the band rule would have placed it): nothing to
         * find.  rows: its open rows of bands 0, 1, 2 at bits 0..2, 3..5, 6..8. */
        uint32_t rows = bd->open_rows[d] | (bd->open_rows[9 + d] << 3) | (bd->open_rows[18 + d] << 6);
        if (!more_than_one(rows & (rows - 1))) continue;
        uint32_t *w = &bd->cand[d]; /* w[9 * b]: band b */
        uint32_t p0 = columns_of(w[0]), p1 = columns_of(w[9]), p2 = columns_of(w[18]);
        if ((p0 | p1 | p2) != ROW_BITS) return -1;
        uint32_t twice = (p0 & p1) | (p0 & p2) | (p1 & p2) | columns_twice(w[0]) | columns_twice(w[9]) |
                         columns_twice(w[18]);
        uint32_t placed = columns_of((w[0] & ~bd->open_cells[0]) | (w[9] & ~bd->open_cells[1]) |
                                     (w[18] & ~bd->open_cells[2]));
        uint32_t hidden = ~twice & ~placed & ROW_BITS;
        if (hidden) {
            do {
                int c = lowest_bit(hidden);
                hidden &= hidden - 1;
                int b = (p0 >> c) & 1 ? 0 : (p1 >> c) & 1 ? 1 : 2;
                uint32_t cell = w[9 * b] & (COL_BITS << c);
                if (!cell) return -1; /* an earlier assign of this loop took the column's last place */
                assign(bd, d, b, cell);
            } while (hidden);
            changed = 1;
            continue; /* the view is stale now; the next round redoes this digit */
        }
        uint32_t view = by_stack(p0) | (by_stack(p1) << 3) | (by_stack(p2) << 6);
        uint32_t k0 = kStackKeep[view & ROW_BITS], k1 = kStackKeep[(view >> 9) & ROW_BITS],
                 k2 = kStackKeep[view >> 18];
        if (!k0 || !k1 || !k2) return -1;
        uint32_t keep = k0 | (k1 << 9) | (k2 << 18);
        if (keep != view) {
            for (int b = 0; b < 3; b++) {
                uint32_t cols = from_stacks(keep >> (3 * b)) * COL_BITS;
                bd->dirty |= (uint32_t)((w[9 * b] & ~cols) != 0) << (9 * b + d);
                w[9 * b] &= cols;
            }
            changed = 1;
        }
    }
    return changed;
}

static inline uint32_t forced_minirows(uint32_t m) { return kForcedMinirows[m]; }

/* The band cells of a minirow set (bit 3*row + box):
 *
 *     minirows  r2:cba r1:cba r0:cba  ->  band word  r2:[ccc|bbb|aaa] r1:[...] r0:[...]
 */
static inline uint32_t minirow_cells(uint32_t m) {
    static const uint16_t kBoxesToRow[8] = {0x000, 0x007, 0x038, 0x03f, 0x1c0, 0x1c7, 0x1f8, 0x1ff};
    return (uint32_t)kBoxesToRow[m & 7u] | ((uint32_t)kBoxesToRow[(m >> 3) & 7u] << 9) |
           ((uint32_t)kBoxesToRow[(m >> 6) & 7u] << 18);
}

/* Bands with this many open cells or fewer are left to the cheaper rules by the
 * minirow rule: there it seldom finds anything, and it costs as much as in an
 * open band.  (12 measured best of 6..18: on the clue-rich serg set it saves
 * about 8% of the solver's instructions, and the hard sets do not lose.) */
enum { MINIROW_MIN_OPEN = 12 };

/* Minirow rule: the three cells of a minirow hold three different digits.  Per
 * band, count (bit-sliced, saturating at four) the digits that can reach each
 * minirow and the digits forced into it:
 *   - fewer than three can reach it, or more than three are forced: contradiction;
 *   - exactly three can reach it: each of them is forced there (it leaves the
 *     rest of its row and box);
 *   - exactly three are forced there: no other digit can use its cells.
 * -1 contradiction, 0 nothing changed, 1 something changed. */
static int minirow_rule(Board *bd) {
    int changed = 0;
    uint32_t unseen = bd->unseen_minirows;
    bd->unseen_minirows = 0;
    for (int b = 0; b < 3; b++) {
        if (!(unseen & (BAND_WORDS << (9 * b))) || sk_popcount(bd->open_cells[b]) <= MINIROW_MIN_OPEN) continue;
        uint32_t mr[9], fm[9], c1 = 0, c2 = 0, c3 = 0, c4 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t m = mr[d] = bd->mini[9 * b + d];
            c4 |= c3 & m;
            c3 |= c2 & m;
            c2 |= c1 & m;
            c1 |= m;
            uint32_t f = fm[d] = forced_minirows(m);
            f4 |= f3 & f;
            f3 |= f2 & f;
            f2 |= f1 & f;
            f1 |= f;
        }
        if (c3 != ROW_BITS || f4) return -1;
        uint32_t reach3 = c3 & ~c4 & ~(f3 & ~f4), full = f3;
        while (reach3) {
            int k = lowest_bit(reach3);
            reach3 &= reach3 - 1;
            int r = k / 3, c = k - 3 * (k / 3);
            uint32_t mini = 7u << (9 * r + 3 * c);
            uint32_t clear = ((ROW_BITS << (9 * r)) | (0x1c0e07u << (3 * c))) & ~mini;
            for (int d = 0; d < 9; d++) {
                uint32_t *w = &bd->cand[9 * b + d];
                if (((mr[d] >> k) & 1) && (*w & clear)) {
                    *w &= ~clear;
                    bd->dirty |= 1u << (9 * b + d);
                    changed = 1;
                }
            }
        }
        /* Late in a search nearly every minirow is full (placed digits force
         * their own), so clear with one mask per digit, not per minirow. */
        if (full) {
            for (int d = 0; d < 9; d++) {
                uint32_t *w = &bd->cand[9 * b + d], clear = minirow_cells(full & ~fm[d]);
                if (*w & clear) {
                    *w &= ~clear;
                    bd->dirty |= 1u << (9 * b + d);
                    changed = 1;
                }
            }
        }
    }
    return changed;
}

/* Minicolumn rule (hidden triples in minicolumns): the three cells of a
 * minicolumn, one column inside one box, hold three different digits.  A digit
 * whose cells in a column all lie in one band is forced into that minicolumn;
 * when three digits are forced into one, no other digit can use its cells (four
 * or more would be a contradiction; clearing the rest then is still sound).
 * The minirow rule turned on its side, but only its "forced" half: the other
 * half ("only three digits can reach it") adds little here and would double
 * the counting (forum_hardest at limit 2: 5.9% fewer guesses with this half,
 * 6.6% with both, 1.7% with the other half alone).
 * forced_minicols gives a digit's forced minicolumns of all three bands in one
 * word (bit 9*band + column), so one bit-sliced count ("at least 3") over the
 * nine digits covers the whole board.  A minicolumn used once holds just its
 * three digits, each with no other place in its column, for the rest of this
 * branch of the search: it goes into minicol_done and is left alone after that.
 * 0 nothing changed, 1 some words changed. */
static inline uint32_t forced_minicols(uint32_t w0, uint32_t w1, uint32_t w2) {
    uint32_t p0 = columns_of(w0), p1 = columns_of(w1), p2 = columns_of(w2);
    uint32_t twice = (p0 & p1) | (p2 & (p0 | p1));
    return (p0 | (p1 << 9) | (p2 << 18)) & ~(twice * COL_BITS);
}
#if defined(__GNUC__)
static inline u32x4 columns_of4(u32x4 w) { return (w | (w >> 9) | (w >> 18)) & ROW_BITS; }
/* forced_minicols of digits d..d+3 (cand + d) */
static inline u32x4 forced_minicols4(const uint32_t *cand) {
    u32x4 w0, w1, w2;
    memcpy(&w0, cand, sizeof w0);
    memcpy(&w1, cand + 9, sizeof w1);
    memcpy(&w2, cand + 18, sizeof w2);
    u32x4 p0 = columns_of4(w0), p1 = columns_of4(w1), p2 = columns_of4(w2);
    u32x4 twice = (p0 & p1) | (p2 & (p0 | p1));
    return (p0 | (p1 << 9) | (p2 << 18)) & ~(twice | (twice << 9) | (twice << 18));
}
/* forced[0..8] as above; returns the minicolumns three or more digits are
 * forced into.  Counts over lanes are folded pairwise as in band_counts. */
static inline uint32_t minicol_counts(const uint32_t *cand, uint32_t *forced) {
    u32x4 lo = forced_minicols4(cand), hi = forced_minicols4(cand + 4);
    uint32_t x8 = forced[8] = forced_minicols(cand[8], cand[17], cand[26]);
    memcpy(forced, &lo, sizeof lo);
    memcpy(forced + 4, &hi, sizeof hi);
    u32x4 n1 = lo | hi, n2 = lo & hi; /* per lane: at least 1, 2 of two digits */
    u32x4 t1 = SHUFFLE4(n1, 2, 3, 0, 1), t2 = SHUFFLE4(n2, 2, 3, 0, 1);
    u32x4 n3 = (n2 & t1) | (n1 & t2);
    n2 |= t2 | (n1 & t1);
    n1 |= t1;
    t1 = SHUFFLE4(n1, 1, 0, 3, 2);
    t2 = SHUFFLE4(n2, 1, 0, 3, 2);
    u32x4 t3 = SHUFFLE4(n3, 1, 0, 3, 2);
    n3 |= t3 | (n2 & t1) | (n1 & t2);
    n2 |= t2 | (n1 & t1);
    return n3[0] | (n2[0] & x8);
}
#else
static inline uint32_t minicol_counts(const uint32_t *cand, uint32_t *forced) {
    uint32_t f1 = 0, f2 = 0, f3 = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t x = forced[d] = forced_minicols(cand[d], cand[9 + d], cand[18 + d]);
        f3 |= f2 & x;
        f2 |= f1 & x;
        f1 |= x;
    }
    return f3;
}
#endif

/* Boards with fewer open cells than this are left to the other rules by the
 * minicolumn rule: it seldom finds anything there, and its cost then shows on
 * clue-rich puzzles (thresholds 0..40 measured: below ~36 the serg set runs
 * 2-3% slower than without the rule, at 40 it is even, while forum_hardest,
 * magictour and top95 keep a 4-8% gain). */
enum { MINICOL_MIN_OPEN = 40 };

static int minicol_rule(Board *bd) {
    if (sk_popcount(bd->open_cells[0]) + sk_popcount(bd->open_cells[1]) + sk_popcount(bd->open_cells[2]) < MINICOL_MIN_OPEN)
        return 0;
    uint32_t forced[9];
    uint32_t full = minicol_counts(bd->cand, forced);
    /* Minicolumns with every cell placed count three forced digits, with
     * nothing to clear: leave them out. */
    full &= ~bd->minicol_done & (columns_of(bd->open_cells[0]) | (columns_of(bd->open_cells[1]) << 9) |
                                 (columns_of(bd->open_cells[2]) << 18));
    if (!full) return 0;
    bd->minicol_done |= full;
    int changed = 0;
    for (int d = 0; d < 9; d++) {
        uint32_t rest = full & ~forced[d];
        for (int b = 0; b < 3; b++) {
            uint32_t *w = &bd->cand[9 * b + d], clear = ((rest >> (9 * b)) & ROW_BITS) * COL_BITS;
            if (*w & clear) {
                *w &= ~clear;
                bd->dirty |= 1u << (9 * b + d);
                changed = 1;
            }
        }
    }
    return changed;
}

/* Propagate to a fixed point; 0 on a contradiction. */
static int propagate(Board *bd) {
    for (;;) {
        if (!settle_bands(bd)) return 0;
        int r = naked_singles(bd);
        if (r < 0) return 0;
        if (r > 0) continue;
        r = column_rules(bd);
        if (r < 0) return 0;
        if (r > 0) continue;
        r = minirow_rule(bd);
        if (r < 0) return 0;
        if (r > 0) continue;
        if (!minicol_rule(bd)) return 1;
    }
}

/* Every cell holds a placed digit (so every digit is placed in every row). */
static inline int solved(const Board *bd) { return (bd->open_cells[0] | bd->open_cells[1] | bd->open_cells[2]) == 0; }

/* Pick the guess: a two-candidate cell if any, else the open cell with the fewest
 * candidates. Sets *band and *cell (a single band bit). */
static void choose_cell(const Board *bd, int *band, uint32_t *cell) {
    uint32_t one, two, three;
    for (int b = 0; b < 3; b++) {
        count_cells(bd, b, &one, &two, &three);
        uint32_t pair = bd->open_cells[b] & two & ~three;
        if (pair) {
            *band = b;
            *cell = lowest_set(pair);
            return;
        }
    }
    int best = 10;
    for (int b = 0; b < 3; b++) {
        uint32_t open = bd->open_cells[b];
        while (open) {
            uint32_t c = lowest_set(open);
            open ^= c;
            int k = 0;
            for (int d = 0; d < 9; d++) k += (bd->cand[9 * b + d] & c) != 0;
            if (k < best) {
                best = k;
                *band = b;
                *cell = c;
            }
        }
    }
}

/* Guess on a permutation: in the band whose digits have the fewest layouts left
 * (the product of their words' permutation counts; summed as logs), the word with
 * the fewest permutations (at least two), split on one of its minirows (the
 * first branch keeps the digit in it).  Returns the word index, or -1 when every
 * open word is down to one permutation. */
static int choose_perm(const Board *bd, uint32_t *first, uint32_t *second) {
    int best = -1, best_total = 1 << 30;
    for (int b = 0; b < 3; b++) {
        int total = 0, pick = -1, pick_w = 1000;
        for (int d = 0; d < 9; d++) {
            if (!bd->open_rows[9 * b + d]) continue; /* placed in all three rows: one permutation */
            int w = kPermLog[bd->mini[9 * b + d]];
            total += w;
            if (w && w < pick_w) {
                pick_w = w;
                pick = 9 * b + d;
            }
        }
        if (pick >= 0 && total < best_total) {
            best_total = total;
            best = pick;
        }
    }
    if (best < 0) return -1;
    int k = kSplitMinirow[kPerms[bd->mini[best]]];
    *first = ~kMinirowLine[k];
    *second = ~(7u << (3 * k)); /* minirow k: bits 9*row + 3*box = 3*k */
    return best;
}

static void write_solution(const Board *bd, uint8_t solution[81]) {
    for (int d = 0; d < 9; d++) {
        for (int b = 0; b < 3; b++) {
            uint32_t w = bd->cand[9 * b + d];
            while (w) {
                solution[27 * b + lowest_bit(w)] = (uint8_t)(d + 1);
                w &= w - 1;
            }
        }
    }
}

/* Set up the board from the givens, placing them all at once: a given keeps its
 * digit to its own cell in its row and away from its column in every band, and
 * takes its cell from the other digits; the band rule derives the rest (boxes
 * included) when it first looks at each word.  Returns 0 when two givens of a
 * digit share a row or a column (the band rule catches a shared box). */
static inline __attribute__((always_inline)) int init_board(Board *bd, const uint8_t cells[81]) {
    /* cells_of[3*v + b]: the cells of band b holding v (v = 0: the empty ones);
     * filled without a branch on the value, which no predictor could guess. */
    uint32_t cells_of[30], given[3];
    memset(cells_of, 0, sizeof cells_of);
    for (int b = 0; b < 3; b++) {
        for (int k = 0; k < 27; k++) cells_of[3 * cells[27 * b + k] + b] |= 1u << k;
    }
    for (int b = 0; b < 3; b++) {
        given[b] = BAND_BITS & ~cells_of[b];
        bd->open_cells[b] = cells_of[b];
    }
    for (int d = 0; d < 9; d++) {
        const uint32_t *g = &cells_of[3 * (d + 1)];
        uint32_t c0 = columns_of(g[0]), c1 = columns_of(g[1]), c2 = columns_of(g[2]);
        if ((c0 & c1) | (c0 & c2) | (c1 & c2) | columns_twice(g[0]) | columns_twice(g[1]) | columns_twice(g[2]))
            return 0;
        uint32_t cols = (c0 | c1 | c2) * COL_BITS; /* the digit's given columns, in every band */
        for (int b = 0; b < 3; b++) {
            uint32_t mine = g[b], rows = rows_of(mine);
            if (more_than_one(mine & ROW_BITS) || more_than_one(mine & (ROW_BITS << 9)) || more_than_one(mine >> 18))
                return 0; /* two in a row */
            bd->cand[9 * b + d] = (BAND_BITS & ~(given[b] & ~mine) & ~cols & ~row_cells(rows)) | mine;
            bd->open_rows[9 * b + d] = (uint8_t)(7u & ~rows);
            bd->mini[9 * b + d] = ROW_BITS;
        }
    }
    bd->dirty = BAND_BITS;
    bd->unseen_singles = bd->unseen_columns = bd->unseen_minirows = BAND_BITS;
    bd->minicol_done = 0;
    return 1;
}

/* On x86-64 Linux with GCC or Clang, build a second copy for x86-64-v3 CPUs
 * (BMI1/2, LZCNT, POPCNT, AVX2) chosen at load time by the dynamic loader (ifunc);
 * every other CPU runs the baseline copy, so no -march flag is ever needed.
 * `flatten` inlines the whole solver into each copy: a helper left out of line
 * (propagate, the rules) would be compiled once, for the baseline, and the v3
 * copy would only get its own few lines in v3 code. */
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(SK9_NO_CLONES)
__attribute__((target_clones("arch=x86-64-v3", "default"), flatten))
#endif
int sk9_solve_stop(const uint8_t cells[81], int limit, uint8_t solution[81], uint64_t *guesses,
                   sk_stop *stop) {
    Board stack[MAX_DEPTH];
    Board cur;
    int depth = 0, count = 0, cells_only = 0;
    uint64_t guessed = 0;
    if (limit < 1) limit = 1;
    if (!init_board(&cur, cells)) {
        if (guesses) *guesses = 0;
        return 0;
    }
    for (;;) {
        if (propagate(&cur)) {
            if (solved(&cur)) {
                if (count == 0 && solution) write_solution(&cur, solution);
                if (++count >= limit) break;
            } else {
                if (depth == MAX_DEPTH) break; /* cannot happen (see MAX_DEPTH); stay in bounds */
                if (guessed == PERM_GUESSES && !cells_only) { /* the safety net: start over */
                    cells_only = 1;
                    depth = count = 0;
                    init_board(&cur, cells);
                    continue;
                }
                if (sk_stop_tick(stop, SK9_STOP_EVERY)) break;
                uint32_t first, second;
                int i = cells_only ? -1 : choose_perm(&cur, &first, &second);
                if (i >= 0) {
                    stack[depth] = cur;
                    stack[depth].cand[i] &= second;
                    stack[depth].dirty |= 1u << i;
                    depth++;
                    cur.cand[i] &= first;
                    cur.dirty |= 1u << i;
                    guessed++;
                    continue;
                }
                int b = 0;
                uint32_t cell = 0;
                choose_cell(&cur, &b, &cell);
                int d = 0;
                while (!(cur.cand[9 * b + d] & cell)) d++;
                stack[depth] = cur;
                stack[depth].cand[9 * b + d] &= ~cell;
                stack[depth].dirty |= 1u << (9 * b + d);
                depth++;
                assign(&cur, d, b, cell);
                guessed++;
                continue;
            }
        }
        if (depth == 0) break;
        cur = stack[--depth];
    }
    if (guesses) *guesses = guessed;
    return count;
}

int sk9_solve(const uint8_t cells[81], int limit, uint8_t solution[81], uint64_t *guesses) {
    return sk9_solve_stop(cells, limit, solution, guesses, NULL);
}
