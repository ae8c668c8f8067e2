/* lineparse.h - line-format puzzle parsing and given checks shared by both solvers.
 *
 * Plain C, no Python; mirrors sudokit.engine.reference._line_cells and _check_cells.
 */
#ifndef SUDOKIT_LINEPARSE_H
#define SUDOKIT_LINEPARSE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes, the same numbers as sudokit.engine.reference (negative "counts" of a batch). */
enum {
    SK_OK = 0,
    SK_MALFORMED = -1,    /* wrong length, or a character that is no cell */
    SK_DUPLICATE = -2,    /* the same digit given twice in a row, column or box */
    SK_OUT_OF_RANGE = -3  /* a cell value above N */
};

/* Parse one line of `len` characters for a grid of side n (2..64) into n*n cell
 * values: '1'..'9' are 1..9, 'A'..'Z' and 'a'..'z' are 10..35, and any of ". 0 - * _"
 * is an empty cell (0). Returns SK_OK; SK_MALFORMED when len != n*n or a character
 * is neither a digit nor an empty mark; SK_OUT_OF_RANGE when a digit character
 * names a value above n (the line reader of sudokit reports that as malformed,
 * like every other character that is no cell of this grid). cells is only
 * meaningful on SK_OK. */
int sk_parse_line(const char *text, size_t len, int n, uint8_t *cells);

/* Check n*n cell values (n = box_rows * box_cols, 2..64): SK_OUT_OF_RANGE when
 * any value is above n (checked first, over all cells), else SK_DUPLICATE when a
 * digit repeats in a row, column or box, else SK_OK. */
int sk_check_cells(const uint8_t *cells, int box_rows, int box_cols);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_LINEPARSE_H */
