/* fuzz_parse.c - lineparse.c: sk_parse_line and sk_check_cells against naive re-implementations.
 *
 * Input: byte 0 picks a box shape (fuzz/shapes.h), the rest is one line of text.
 * Checks: the status of sk_parse_line equals a character-by-character re-implementation; a
 * parsed line written back with the digit characters parses to the same cells; sk_check_cells
 * equals the naive O(N^3) duplicate check, on the parsed cells and on the raw bytes taken as
 * cell values (0..255, so the out-of-range path is hit too).
 */
#include "common/lineparse.h"
#include "fuzz_common.h"
#include "shapes.h"

static const char kDigits[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* The value a character stands for, -1 if none (written independently of lineparse.c). */
static int char_value(unsigned char ch) {
    if (ch == '.' || ch == '0' || ch == '-' || ch == '*' || ch == '_') return 0;
    if (ch >= '1' && ch <= '9') return ch - '0';
    if (ch >= 'A' && ch <= 'Z') return ch - 'A' + 10;
    if (ch >= 'a' && ch <= 'z') return ch - 'a' + 10;
    return -1;
}

static int naive_check(const uint8_t *cells, int br, int bc) {
    int n = br * bc;
    for (int i = 0; i < n * n; i++)
        if (cells[i] > n) return SK_OUT_OF_RANGE;
    return fz_has_duplicate(cells, br, bc) ? SK_DUPLICATE : SK_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static fz_shape shapes[300];
    static int nshapes;
    if (!nshapes) nshapes = fz_all_shapes(shapes);
    if (size < 1) return 0;
    fz_shape s = shapes[data[0] % nshapes];
    int n = s.rows * s.cols, cells_n = n * n;
    const char *text = (const char *)data + 1;
    size_t len = size - 1;

    uint8_t *cells = malloc((size_t)cells_n), *again = malloc((size_t)cells_n);
    char *line = malloc((size_t)cells_n);
    int got = sk_parse_line(text, len, n, cells);
    int want = SK_OK;
    if (len != (size_t)cells_n) {
        want = SK_MALFORMED;
    } else {
        for (size_t i = 0; i < len; i++) {
            int v = char_value((unsigned char)text[i]);
            if (v < 0) {
                want = SK_MALFORMED;
                break;
            }
            if (v > n) want = SK_OUT_OF_RANGE;
        }
    }
    FZ_CHECK(got == want, "sk_parse_line status %d, expected %d (n=%d, len=%zu)", got, want, n, len);
    if (got == SK_OK) {
        for (int i = 0; i < cells_n; i++) line[i] = cells[i] ? kDigits[cells[i] - 1] : '.';
        FZ_CHECK(sk_parse_line(line, (size_t)cells_n, n, again) == SK_OK, "round trip does not parse");
        FZ_CHECK(!memcmp(cells, again, (size_t)cells_n), "round trip changed the cells");
        int c1 = sk_check_cells(cells, s.rows, s.cols), c2 = naive_check(cells, s.rows, s.cols);
        FZ_CHECK(c1 == c2, "sk_check_cells %d, naive %d on parsed cells (%dx%d)", c1, c2, s.rows, s.cols);
    }
    if (len >= (size_t)cells_n) {
        int c1 = sk_check_cells((const uint8_t *)text, s.rows, s.cols);
        int c2 = naive_check((const uint8_t *)text, s.rows, s.cols);
        FZ_CHECK(c1 == c2, "sk_check_cells %d, naive %d on raw bytes (%dx%d)", c1, c2, s.rows, s.cols);
    }
    free(cells);
    free(again);
    free(line);
    return 0;
}
