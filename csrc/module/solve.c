/* solve.c - solve, solve_lines and solve_array of sudokit._core: the classic solvers
 * (solve/bitboard9.c for 3x3 boxes, solve/nxn.c for every other shape), one puzzle or a batch,
 * with the GIL released while they run. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "common/lineparse.h"
#include "solve/bitboard9.h"
#include "solve/nxn.h"

/* The box shape of a classic search. */
typedef struct {
    int rows, cols;
} BoxShape;

/* Search: the classic solver for the shape (3x3 boxes: sk9_solve, else sknn_solve). */
static int solve_cells(const void *ctx, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                       sk_stop *stop) {
    const BoxShape *box = (const BoxShape *)ctx;
    int count = box->rows == 3 && box->cols == 3
                    ? sk9_solve_stop(cells, limit, solution, guesses, stop)
                    : sknn_solve_stop(box->rows, box->cols, cells, limit, solution, guesses, stop);
    return limit_count(count, stop);
}

/* ---- solve ------------------------------------------------------------------- */

PyObject *core_solve(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"cells", "box_rows", "box_cols", "limit", "seconds", "stop", NULL};
    CoreState *st = core_state(module);
    Py_buffer cells;
    PyObject *rows_obj, *cols_obj, *limit_obj, *seconds_obj = NULL, *stop_obj = NULL;
    BoxShape box;
    int limit;
    double seconds;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*OOO|OO:solve", keywords, &cells, &rows_obj, &cols_obj,
                                     &limit_obj, &seconds_obj, &stop_obj))
        return NULL;
    PyObject *result = NULL;
    CallStop cs = {0};
    if (!as_shape(st, rows_obj, cols_obj, &box.rows, &box.cols) ||
        !run_options(module, limit_obj, seconds_obj, stop_obj, &limit, &seconds, &cs))
        goto done;
    int n = box.rows * box.cols, size = n * n;
    if (cells.len != size) {
        char expected[64];
        snprintf(expected, sizeof expected, "%d cells for a %dx%d grid", size, n, n);
        raise_wrong_length(st, cells.len, expected);
        goto done;
    }
    uint8_t solution[64 * 64];
    Search search = {solve_cells, &box};
    if (sk_check_cells((const uint8_t *)cells.buf, box.rows, box.cols) != SK_OK)
        result = solve_result(0, NULL, size, 0); /* a given breaks a rule: no solution */
    else
        result = solve_one(module, &cs, &search, (const uint8_t *)cells.buf, limit, seconds, solution, size);
done:
    call_stop_release(&cs);
    PyBuffer_Release(&cells);
    return result;
}

/* ---- solve_lines ------------------------------------------------------------- */

/* Point refs[0..count) at the text of each item of a tuple of str/bytes puzzles (no copy; the
 * tuple keeps them alive). Non-ASCII text gets NULL (malformed whatever its length). Sets a
 * TypeError and returns -1 for an item of another type. */
int line_refs(PyObject *items, Py_ssize_t count, LineRef *refs) {
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyTuple_GET_ITEM(items, i);
        if (PyUnicode_Check(item)) {
            refs[i].text = PyUnicode_IS_ASCII(item) ? (const char *)PyUnicode_DATA(item) : NULL;
            refs[i].len = PyUnicode_GET_LENGTH(item);
        } else if (PyBytes_Check(item)) {
            refs[i].text = PyBytes_AS_STRING(item);
            refs[i].len = PyBytes_GET_SIZE(item);
        } else {
            PyErr_Format(PyExc_TypeError, "puzzle %zd must be str or bytes, not %.100s", i,
                         Py_TYPE(item)->tp_name);
            return -1;
        }
    }
    return 0;
}

/* The puzzles of solve_lines: line texts, parsed one at a time into `cells`. */
typedef struct {
    const LineRef *refs;
    BoxShape box;
    uint8_t cells[64 * 64];
} LineBatch;

/* BatchPuzzle of solve_lines: the line parsed and checked. */
static int line_puzzle(void *ctx, Py_ssize_t i, const uint8_t **cells) {
    LineBatch *b = (LineBatch *)ctx;
    const LineRef *ref = b->refs + i;
    int n = b->box.rows * b->box.cols;
    if (!ref->text || sk_parse_line(ref->text, (size_t)ref->len, n, b->cells) != SK_OK)
        return SK_MALFORMED; /* a digit above N is no character of this grid */
    *cells = b->cells;
    return sk_check_cells(b->cells, b->box.rows, b->box.cols);
}

PyObject *core_solve_lines(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"puzzles", "limit", "box_rows", "box_cols", "seconds", "stop", NULL};
    CoreState *st = core_state(module);
    PyObject *puzzles_obj, *limit_obj, *rows_obj = NULL, *cols_obj = NULL, *seconds_obj = NULL,
             *stop_obj = NULL;
    LineBatch batch;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OOOO:solve_lines", keywords, &puzzles_obj, &limit_obj,
                                     &rows_obj, &cols_obj, &seconds_obj, &stop_obj))
        return NULL;
    if (!as_optional_shape(st, rows_obj, cols_obj, &batch.box.rows, &batch.box.cols)) return NULL;
    int n = batch.box.rows * batch.box.cols;
    BatchRoom room;
    if (!batch_open(&room, module, puzzles_obj, limit_obj, seconds_obj, stop_obj, n * n)) return NULL;
    PyObject *result = NULL;
    LineRef *refs = (LineRef *)PyMem_Malloc((size_t)(room.count ? room.count : 1) * sizeof(LineRef));
    if (!refs) {
        PyErr_NoMemory();
        goto done;
    }
    if (line_refs(room.items, room.count, refs) < 0) goto done;
    batch.refs = refs;
    Search search = {solve_cells, &batch.box};
    if (run_batch(module, &room, &search, line_puzzle, &batch, NULL)) result = batch_result(&room, 1);
done:
    PyMem_Free(refs);
    batch_close(&room);
    return result;
}

/* ---- solve_array ------------------------------------------------------------- */

/* Get a C-contiguous buffer; TypeError when the object does not offer one. */
static int get_buffer(PyObject *obj, Py_buffer *view, int writable, const char *name) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0)) == 0) return 1;
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "%s must be a %sC-contiguous buffer, not %.100s", name,
                 writable ? "writable " : "", Py_TYPE(obj)->tp_name);
    return 0;
}

/* The puzzles of solve_array: rows of `size` cells, their solutions written to rows of `out`. */
typedef struct {
    const uint8_t *src;
    uint8_t *out;
    BoxShape box;
    int size;
    uint8_t cells[64 * 64];
} ArrayBatch;

/* BatchPuzzle of solve_array: row i copied (out may be the same memory as the puzzles), its
 * row of out cleared, the cells checked. */
static int array_puzzle(void *ctx, Py_ssize_t i, const uint8_t **cells) {
    ArrayBatch *b = (ArrayBatch *)ctx;
    memcpy(b->cells, b->src + i * b->size, (size_t)b->size);
    memset(b->out + i * b->size, 0, (size_t)b->size);
    *cells = b->cells;
    return sk_check_cells(b->cells, b->box.rows, b->box.cols);
}

PyObject *core_solve_array(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"puzzles", "out", "counts", "limit", "box_rows", "box_cols", "seconds",
                               "stop", NULL};
    CoreState *st = core_state(module);
    PyObject *src_obj, *out_obj, *counts_obj, *limit_obj, *rows_obj = NULL, *cols_obj = NULL,
             *seconds_obj = NULL, *stop_obj = NULL;
    ArrayBatch batch;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO|OOOO:solve_array", keywords, &src_obj, &out_obj,
                                     &counts_obj, &limit_obj, &rows_obj, &cols_obj, &seconds_obj, &stop_obj))
        return NULL;
    if (!as_optional_shape(st, rows_obj, cols_obj, &batch.box.rows, &batch.box.cols)) return NULL;
    int n = batch.box.rows * batch.box.cols, size = n * n;
    BatchRoom room; /* no tuple of puzzles: they are rows of a buffer, their solutions go to out */
    memset(&room, 0, sizeof room);
    room.size = size;
    if (!run_options(module, limit_obj, seconds_obj, stop_obj, &room.limit, &room.seconds, &room.cs)) return NULL;
    PyObject *result = NULL;
    Py_buffer src = {0}, out = {0}, cnt = {0};
    if (!get_buffer(src_obj, &src, 0, "puzzles") || !get_buffer(out_obj, &out, 1, "out") ||
        !get_buffer(counts_obj, &cnt, 1, "counts"))
        goto done;
    room.count = cnt.len / (Py_ssize_t)sizeof(int32_t);
    char expected[96];
    if (cnt.len % (Py_ssize_t)sizeof(int32_t)) {
        snprintf(expected, sizeof expected, "counts of 4-byte integers");
        raise_wrong_length(st, cnt.len, expected);
        goto done;
    }
    if (src.len != room.count * size || out.len != room.count * size) {
        snprintf(expected, sizeof expected, "%zd rows of %d cells in puzzles and out", room.count, size);
        raise_wrong_length(st, src.len != room.count * size ? src.len : out.len, expected);
        goto done;
    }
    room.counts = (int *)PyMem_Malloc((size_t)(room.count ? room.count : 1) * sizeof(int));
    if (!room.counts) {
        PyErr_NoMemory();
        goto done;
    }
    batch.src = (const uint8_t *)src.buf;
    batch.out = (uint8_t *)out.buf;
    batch.size = size;
    Search search = {solve_cells, &batch.box};
    if (!run_batch(module, &room, &search, array_puzzle, &batch, batch.out)) goto done;
    for (Py_ssize_t i = 0; i < room.count; i++) {
        int32_t status = room.counts[i];
        memcpy((char *)cnt.buf + i * (Py_ssize_t)sizeof(int32_t), &status, sizeof status);
    }
    result = Py_NewRef(Py_None);
done:
    batch_close(&room);
    PyBuffer_Release(&src);
    PyBuffer_Release(&out);
    PyBuffer_Release(&cnt);
    return result;
}
