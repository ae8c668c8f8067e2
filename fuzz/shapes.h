/* shapes.h - every box shape sudokit supports (rows x cols, 1 <= rows, cols; 2 <= rows*cols <= 64),
 * listed once so a fuzz input byte can pick one. */
#ifndef SUDOKIT_FUZZ_SHAPES_H
#define SUDOKIT_FUZZ_SHAPES_H

typedef struct {
    int rows, cols;
} fz_shape;

/* Fill `out` (room for 300) with the supported shapes, smallest N first; return how many. */
static inline int fz_all_shapes(fz_shape *out) {
    int k = 0;
    for (int n = 2; n <= 64; n++)
        for (int r = 1; r <= n; r++)
            if (n % r == 0) out[k++] = (fz_shape){r, n / r};
    return k;
}

#endif
