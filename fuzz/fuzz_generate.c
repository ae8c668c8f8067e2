/* fuzz_generate.c - generate.c: the dig method, the random fill and the minimality test.
 *
 * Input: an 8-byte seed, a mode byte, then mode-specific bytes:
 *   mode 0  sk_gen9_dig with an orbit map (none, one of seven symmetries, or any partition of
 *           the cells drawn from the input), a clue target (0 or 17..81) and strict minimality
 *   mode 1  sk_gen9_dig with a mask of given cells (81 bits)
 *   mode 2  sk_gen9_fill with k from the input (the full int range the API takes) and dig
 *   mode 3  sk_gen9_is_minimal on a puzzle from the input (81 text bytes), when it is unique
 * Checks: every puzzle returned has exactly one solution, the one returned; its givens are that
 * solution's digits; a target, a mask and a symmetry are respected; strict minimality and
 * orbit-minimality hold by removing each clue (orbit) and counting with sk9_solve; fill's stats
 * match the puzzle; sk_gen9_is_minimal agrees with the naive test.
 */
#include "solve/bitboard9.h"
#include "make/generate.h"
#include "fuzz_common.h"

/* Orbit numbers (each orbit named by its smallest cell) of symmetry `kind` 1..7. */
static void symmetry_orbits(int kind, uint8_t orbit[81]) {
    for (int c = 0; c < 81; c++) orbit[c] = (uint8_t)c;
    for (int round = 0; round < 4; round++) /* enough passes to close every orbit */
        for (int c = 0; c < 81; c++) {
            int r = c / 9, k = c % 9, img[2], m = 0;
            switch (kind) {
            case 1: img[m++] = 80 - c; break;                       /* central */
            case 2: img[m++] = k * 9 + r; break;                    /* main diagonal */
            case 3: img[m++] = (8 - k) * 9 + (8 - r); break;        /* anti-diagonal */
            case 4: img[m++] = (8 - r) * 9 + k; break;              /* horizontal mirror */
            case 5: img[m++] = r * 9 + (8 - k); break;              /* vertical mirror */
            case 6: img[m++] = k * 9 + (8 - r); break;              /* 90-degree rotation */
            default: img[m++] = (8 - r) * 9 + k; img[m++] = r * 9 + (8 - k); break; /* both mirrors */
            }
            for (int i = 0; i < m; i++) {
                uint8_t lo = orbit[c] < orbit[img[i]] ? orbit[c] : orbit[img[i]];
                orbit[c] = orbit[img[i]] = lo;
            }
        }
    /* propagate to a fixed point (union by minimum) */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int c = 0; c < 81; c++)
            if (orbit[orbit[c]] < orbit[c]) {
                orbit[c] = orbit[orbit[c]];
                changed = 1;
            }
    }
}

static int clues_of(const uint8_t p[81]) {
    int k = 0;
    for (int i = 0; i < 81; i++) k += p[i] != 0;
    return k;
}

/* 1 when no single clue can go (naive: remove each one and count). */
static int naive_minimal(const uint8_t p[81]) {
    uint8_t q[81];
    memcpy(q, p, 81);
    for (int i = 0; i < 81; i++) {
        if (!q[i]) continue;
        uint8_t v = q[i];
        q[i] = 0;
        int c = sk9_solve(q, 2, NULL, NULL);
        q[i] = v;
        if (c == 1) return 0;
    }
    return 1;
}

/* 1 when no whole orbit of clues can go. */
static int naive_orbit_minimal(const uint8_t p[81], const uint8_t orbit[81]) {
    uint8_t q[81];
    for (int o = 0; o < 81; o++) {
        memcpy(q, p, 81);
        int any = 0;
        for (int c = 0; c < 81; c++)
            if (orbit[c] == o && q[c]) q[c] = 0, any = 1;
        if (any && sk9_solve(q, 2, NULL, NULL) == 1) return 0;
    }
    return 1;
}

static void check_unique(const uint8_t puzzle[81], const uint8_t solution[81]) {
    uint8_t s[81];
    FZ_CHECK(fz_solution_ok(puzzle, solution, 3, 3), "the solution is not a valid grid keeping the givens");
    FZ_CHECK(sk9_solve(puzzle, 2, s, NULL) == 1, "the puzzle is not unique");
    FZ_CHECK(!memcmp(s, solution, 81), "the puzzle's solution is not the one returned");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_in in = {data, size};
    sk_rng rng;
    sk_rng_seed(&rng, fz_u64(&in));
    uint8_t puzzle[81], solution[81], orbit[81];
    int mode = fz_byte(&in) % 4;
    if (mode == 0) {
        int kind = fz_byte(&in) % 9, t = fz_byte(&in), strict = fz_byte(&in) & 1;
        int target = t < 128 ? 0 : 17 + t % 65;
        const uint8_t *orb = NULL;
        if (kind >= 1 && kind <= 7) {
            symmetry_orbits(kind, orbit);
            orb = orbit;
        } else if (kind == 8) {
            for (int c = 0; c < 81; c++) orbit[c] = (uint8_t)(fz_byte(&in) % 81);
            orb = orbit;
        }
        if (!sk_gen9_dig(&rng, orb, target, NULL, strict, puzzle, solution)) return 0;
        check_unique(puzzle, solution);
        int clues = clues_of(puzzle);
        if (target) FZ_CHECK(clues == target, "asked for %d clues, got %d", target, clues);
        if (orb) { /* every cell of an orbit given, or none (orbit numbers need not be cells) */
            int given[81];
            for (int o = 0; o < 81; o++) given[o] = -1;
            for (int c = 0; c < 81; c++) {
                if (given[orb[c]] < 0) given[orb[c]] = puzzle[c] != 0;
                FZ_CHECK(given[orb[c]] == (puzzle[c] != 0), "orbit %d is half given", orb[c]);
            }
        }
        if (strict) FZ_CHECK(naive_minimal(puzzle), "strict_minimal, but a clue can go");
        if (!target) {
            if (!orb)
                for (int c = 0; c < 81; c++) orbit[c] = (uint8_t)c;
            FZ_CHECK(naive_orbit_minimal(puzzle, orbit), "a whole orbit of clues can go");
        }
    } else if (mode == 1) {
        uint8_t mask[81];
        uint8_t bits[11];
        for (int i = 0; i < 11; i++) bits[i] = fz_byte(&in);
        for (int c = 0; c < 81; c++) mask[c] = bits[c / 8] >> (c % 8) & 1;
        int strict = fz_byte(&in) & 1;
        if (!sk_gen9_dig(&rng, NULL, 0, mask, strict, puzzle, solution)) return 0;
        check_unique(puzzle, solution);
        for (int c = 0; c < 81; c++) FZ_CHECK(!puzzle[c] == !mask[c], "the givens are not the mask");
        if (strict) FZ_CHECK(naive_minimal(puzzle), "strict_minimal, but a clue can go");
    } else if (mode == 2) {
        int k = (int)fz_u32(&in), dig = fz_byte(&in) & 1;
#ifdef FZ_FILL_KMAX
        /* FZ_FILL_KMAX keeps k small for throughput: k = 55 costs ~2 s a fill (fuzz/README.md, 5) */
        if (k < 0 || k > FZ_FILL_KMAX) k = (int)((unsigned)k % FZ_FILL_KMAX) + 1;
#endif
        sk_fill_stats st;
        if (!sk_gen9_fill(&rng, k, dig, puzzle, solution, &st, NULL)) return 0; /* no stop: never */
        check_unique(puzzle, solution);
        int clues = clues_of(puzzle);
        int kk = k < 1 ? 1 : k > SK_FILL_KMAX ? SK_FILL_KMAX : k;
        FZ_CHECK(st.clues >= kk, "fill: %d clues when unique, fewer than k = %d", st.clues, kk);
        FZ_CHECK(st.clues_after == clues, "fill: clues_after %d, puzzle has %d", st.clues_after, clues);
        FZ_CHECK(st.rounds >= 1 && st.solver_calls >= st.rounds, "fill: bad stats");
        if (dig) FZ_CHECK(naive_minimal(puzzle), "fill with dig, but a clue can go");
        else FZ_CHECK(clues == st.clues, "fill without dig changed the clues");
    } else {
        uint8_t cells[81];
        fz_cells9(&in, cells);
        fz_drop_clashes(cells, 3, 3);
        if (sk9_solve(cells, 2, solution, NULL) != 1) return 0;
        int m = sk_gen9_is_minimal(cells, solution);
        FZ_CHECK(m == naive_minimal(cells), "sk_gen9_is_minimal says %d", m);
    }
    return 0;
}
