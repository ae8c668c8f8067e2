/* lineparse.c - line-format parsing and given checks (see lineparse.h). */
#include "common/lineparse.h"

/* kCharValue[ch]: the cell value a character stands for: 1..35 for a digit
 * ('1'-'9', then 'A'-'Z' or 'a'-'z'), 0 for an empty-cell mark (. 0 - * _),
 * -1 for anything else (including every byte above 127). */
static const int8_t kCharValue[256] = {
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,  0, -1, -1,  0,  0, -1,
     0,  1,  2,  3,  4,  5,  6,  7,  8,  9, -1, -1, -1, -1, -1, -1,
    -1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, -1, -1, -1, -1,  0,
    -1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
    -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

int sk_parse_line(const char *text, size_t len, int n, uint8_t *cells) {
    size_t size = (size_t)n * (size_t)n;
    int status = SK_OK;
    if (len != size) return SK_MALFORMED;
    for (size_t i = 0; i < size; i++) {
        int v = kCharValue[(unsigned char)text[i]];
        if (v < 0) return SK_MALFORMED;
        if (v > n) status = SK_OUT_OF_RANGE; /* keep scanning: a bad character wins */
        cells[i] = (uint8_t)v;
    }
    return status;
}

int sk_check_cells(const uint8_t *cells, int box_rows, int box_cols) {
    int n = box_rows * box_cols, size = n * n;
    /* one bit per digit (bit v-1) for every row, column and box */
    uint64_t rows[64] = {0}, cols[64] = {0}, boxes[64] = {0};
    for (int i = 0; i < size; i++)
        if (cells[i] > n) return SK_OUT_OF_RANGE;
    for (int r = 0; r < n; r++) {
        int box_base = (r / box_rows) * box_rows;
        for (int c = 0; c < n; c++) {
            int v = cells[r * n + c];
            if (!v) continue;
            uint64_t bit = (uint64_t)1 << (v - 1);
            int x = box_base + c / box_cols;
            if ((rows[r] | cols[c] | boxes[x]) & bit) return SK_DUPLICATE;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[x] |= bit;
        }
    }
    return SK_OK;
}
