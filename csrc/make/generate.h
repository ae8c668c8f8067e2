/* generate.h - the 9x9 puzzle generator of sudokit (plain C, no Python).
 *
 * Everything a call needs lives in its arguments or on its stack: the random
 * number generator is a caller-owned sk_rng, the only file-level data are
 * constant tables, so the functions are re-entrant and safe to run in threads.
 */
#ifndef SUDOKIT_GENERATE_H
#define SUDOKIT_GENERATE_H

#include <stdint.h>

#include "common/stop.h"

#ifdef __cplusplus
extern "C" {
#endif

/* xoshiro256** state (Blackman & Vigna), seeded from one 64-bit value by splitmix64. */
typedef struct {
    uint64_t s[4];
} sk_rng;

void sk_rng_seed(sk_rng *rng, uint64_t seed);
uint64_t sk_rng_next(sk_rng *rng);
/* A uniform integer in [0, n) (n >= 1), by Lemire's multiply-shift with rejection. */
uint32_t sk_rng_below(sk_rng *rng, uint32_t n);

/* Solutions of a 9x9 puzzle, counted up to `limit` (1 or more), with digit `forbid_digit`
 * ruled out of cell `forbid_cell` (pass -1, 0 for none). The first min(limit, 2)
 * solutions are copied to `sols` when it is not NULL. With `rng` the digits of each
 * guessed cell are tried in random order. Returns the number found, 0..limit. */
int sk_gen9_search(const uint8_t cells[81], int forbid_cell, int forbid_digit, int limit,
                   uint8_t sols[][81], sk_rng *rng);

/* A random solution grid (randomized depth-first search from the empty grid). */
void sk_gen9_grid(sk_rng *rng, uint8_t grid[81]);

/* One attempt of the dig method. `orbit` gives each cell's symmetry orbit number
 * (0..80; cells of one orbit are emptied together), or NULL for no symmetry.
 * `target` > 0 asks for exactly that many clues; `mask`, when not NULL, fixes the
 * given cells (mask[i] != 0: cell i is given) and skips the digging; `strict_minimal`
 * demands that no single clue can be removed (with a symmetry, a repair step swaps the
 * orbit of a removable clue for another orbit a few times before giving up). Returns 1
 * with the puzzle and its solution written, 0 when this attempt missed the requirements. */
int sk_gen9_dig(sk_rng *rng, const uint8_t *orbit, int target, const uint8_t *mask,
                int strict_minimal, uint8_t puzzle[81], uint8_t solution[81]);

/* True (1) when the unique puzzle `cells` with solution `solution` stays unique after
 * no single clue's removal, i.e. it is minimal. */
int sk_gen9_is_minimal(const uint8_t cells[81], const uint8_t solution[81]);

/* Seed 003's random-fill method (Xiao Bo, 2019): fill `k` random legal digits, solve,
 * copy a differing cell of two solutions until unique, restart on no solution; then
 * with `dig`, remove each clue in random order when the puzzle stays unique. */
typedef struct {
    int rounds;       /* fill rounds: 1 + restarts after a fill with no solution */
    int solver_calls; /* searches, the uniqueness tests of the digging included */
    int clues;        /* clues when the puzzle first became unique */
    int clues_after;  /* clues after digging */
} sk_fill_stats;

/* The largest k: the fill rounds needed grow about sixfold for every 5 more clues (1e3 at
 * k = 40, 1e5 at 50, 1e6 at 55, about 2 s); a larger k is taken as SK_FILL_KMAX. */
#define SK_FILL_KMAX 55

/* Returns 1, or 0 when `stop` (see stop.h; NULL: never) ended the run before a unique puzzle
 * was found (most random fills of a large k have no solution). A round whose fill dead-ends
 * (no digit fits any empty cell) starts again, so every round ends. */
int sk_gen9_fill(sk_rng *rng, int k, int dig, uint8_t puzzle[81], uint8_t solution[81],
                 sk_fill_stats *stats, sk_stop *stop);

/* Berthier's controlled-bias sampling ("Unbiased statistics of a CSP - a controlled-bias
 * generator", 2009), on one solution grid: up to `trials` independent trials, each of which
 * yields the minimal puzzle P of n clues of `grid` with probability n! (81 - n)! / 81!
 * (generate.c says how). The successful trials' puzzles go to out[0..*found) (at most
 * `max_out`). Returns the number of trials run: fewer than `trials` when `max_out` puzzles
 * were found or `stop` (NULL: never) ended the run. With `grid` uniformly random and a fixed
 * number of trials per grid, the puzzles found are, in expectation, Berthier's distribution. */
long long sk_gen9_cbg(sk_rng *rng, const uint8_t grid[81], long long trials, uint8_t (*out)[81],
                      int max_out, int *found, sk_stop *stop);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_GENERATE_H */
