/* fuzz_common.h - input decoding and checks shared by the libFuzzer harnesses (fuzz/README.md).
 *
 * Every harness turns the fuzzer's bytes into a valid call of one C API (the contracts of
 * the csrc headers are respected: a harness never passes what the API says the caller must not), then
 * checks the result against an independent oracle.  A broken check calls FZ_FAIL, which prints
 * the reason and aborts, so libFuzzer records the input as a crash.
 */
#ifndef SUDOKIT_FUZZ_COMMON_H
#define SUDOKIT_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_FAIL(...)                                                   \
    do {                                                               \
        fprintf(stderr, "fuzz check failed (%s:%d): ", __FILE__, __LINE__); \
        fprintf(stderr, __VA_ARGS__);                                  \
        fputc('\n', stderr);                                           \
        abort();                                                       \
    } while (0)

#define FZ_CHECK(cond, ...)          \
    do {                             \
        if (!(cond)) FZ_FAIL(__VA_ARGS__); \
    } while (0)

/* A byte reader that yields 0 once the input is used up. */
typedef struct {
    const uint8_t *p;
    size_t n;
} fz_in;

static inline uint8_t fz_byte(fz_in *in) {
    if (!in->n) return 0;
    in->n--;
    return *in->p++;
}

static inline uint32_t fz_u32(fz_in *in) {
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v = v << 8 | fz_byte(in);
    return v;
}

static inline uint64_t fz_u64(fz_in *in) { return (uint64_t)fz_u32(in) << 32 | fz_u32(in); }

/* One cell of the 9x9 text form: '1'..'9' are digits, '.', '0' and anything else that is
 * not a digit map to a value by b % 10 (so mutations of text seeds stay meaningful and
 * every byte is a value 0..9). */
static inline uint8_t fz_cell9(uint8_t b) {
    if (b >= '0' && b <= '9') return (uint8_t)(b - '0');
    if (b == '.') return 0;
    return (uint8_t)(b % 10);
}

/* 81 cells from the first 81 bytes (missing bytes are empty cells). */
static inline void fz_cells9(fz_in *in, uint8_t cells[81]) {
    for (int i = 0; i < 81; i++) cells[i] = in->n ? fz_cell9(fz_byte(in)) : 0;
}

/* Does digit v (1..n) at cell i of an n x n grid with boxes br x bc clash with another cell? */
static inline int fz_clash(const uint8_t *cells, int br, int bc, int i) {
    int n = br * bc, r = i / n, c = i % n, v = cells[i];
    if (!v) return 0;
    for (int k = 0; k < n; k++) {
        if (k != c && cells[r * n + k] == v) return 1;
        if (k != r && cells[k * n + c] == v) return 1;
    }
    int r0 = r / br * br, c0 = c / bc * bc;
    for (int rr = r0; rr < r0 + br; rr++)
        for (int cc = c0; cc < c0 + bc; cc++)
            if ((rr != r || cc != c) && cells[rr * n + cc] == v) return 1;
    return 0;
}

/* 1 when the cells hold a duplicate (naive O(N^3) check, independent of sk_check_cells). */
static inline int fz_has_duplicate(const uint8_t *cells, int br, int bc) {
    int n = br * bc;
    for (int i = 0; i < n * n; i++)
        if (fz_clash(cells, br, bc, i)) return 1;
    return 0;
}

/* Empty every given that clashes with an earlier one: the result is a valid puzzle. */
static inline void fz_drop_clashes(uint8_t *cells, int br, int bc) {
    int n = br * bc;
    for (int i = 0; i < n * n; i++) {
        if (!cells[i]) continue;
        uint8_t v = cells[i];
        cells[i] = 0;
        int bad = 0;
        /* clash with an earlier (kept) cell only */
        int r = i / n, c = i % n;
        for (int k = 0; k < n * n && !bad; k++) {
            if (k >= i || cells[k] != v) continue;
            int rk = k / n, ck = k % n;
            bad = rk == r || ck == c || (rk / br == r / br && ck / bc == c / bc);
        }
        if (!bad) cells[i] = v;
    }
}

/* 1 when `sol` is a complete valid grid that keeps every given of `cells`. */
static inline int fz_solution_ok(const uint8_t *cells, const uint8_t *sol, int br, int bc) {
    int n = br * bc;
    for (int i = 0; i < n * n; i++) {
        if (sol[i] < 1 || sol[i] > n) return 0;
        if (cells[i] && cells[i] != sol[i]) return 0;
    }
    return !fz_has_duplicate(sol, br, bc);
}

/* A permutation of 0..k-1 drawn from the input (Fisher-Yates). */
static inline void fz_perm(fz_in *in, int *p, int k) {
    for (int i = 0; i < k; i++) p[i] = i;
    for (int i = k - 1; i > 0; i--) {
        int j = fz_byte(in) % (i + 1);
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}

#endif /* SUDOKIT_FUZZ_COMMON_H */
