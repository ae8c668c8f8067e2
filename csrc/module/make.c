/* make.c - the generator (make/generate.c: gen9_dig, gen9_fill, gen9_cbg, gen9_is_minimal) and
 * the minlex form (make/canon.c: canon9, canon9_lines) in sudokit._core. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "common/lineparse.h"
#include "make/canon.h"
#include "make/generate.h"
#include "solve/bitboard9.h"

/* ---- generator (generate.c) -------------------------------------------------- */

/* An optional 81-byte argument: 1 with the view filled, 0 for None, -1 on error. */
static int optional_81(PyObject *obj, Py_buffer *view, const char *name) {
    if (obj == Py_None) return 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_SIMPLE) < 0) return -1;
    if (view->len != 81) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "%s must be 81 bytes", name);
        return -1;
    }
    return 1;
}

PyObject *core_gen9_dig(PyObject *module, PyObject *args) {
    (void)module;
    unsigned long long seed;
    PyObject *orbit_obj, *mask_obj;
    int target, strict;
    if (!PyArg_ParseTuple(args, "KOiOp:gen9_dig", &seed, &orbit_obj, &target, &mask_obj, &strict)) return NULL;
    Py_buffer orbit, mask;
    int has_orbit = optional_81(orbit_obj, &orbit, "orbit");
    if (has_orbit < 0) return NULL;
    for (int c = 0; has_orbit && c < 81; c++)
        if (((const uint8_t *)orbit.buf)[c] > 80) { /* sk_gen9_dig indexes its tables by orbit number */
            PyBuffer_Release(&orbit);
            PyErr_SetString(PyExc_ValueError, "orbit numbers must be 0..80");
            return NULL;
        }
    int has_mask = optional_81(mask_obj, &mask, "mask");
    if (has_mask < 0) {
        if (has_orbit) PyBuffer_Release(&orbit);
        return NULL;
    }
    uint8_t puzzle[81], solution[81];
    int ok;
    Py_BEGIN_ALLOW_THREADS
    sk_rng rng;
    sk_rng_seed(&rng, (uint64_t)seed);
    ok = sk_gen9_dig(&rng, has_orbit ? (const uint8_t *)orbit.buf : NULL, target,
                     has_mask ? (const uint8_t *)mask.buf : NULL, strict, puzzle, solution);
    Py_END_ALLOW_THREADS
    if (has_orbit) PyBuffer_Release(&orbit);
    if (has_mask) PyBuffer_Release(&mask);
    if (!ok) Py_RETURN_NONE;
    return Py_BuildValue("(y#y#)", (const char *)puzzle, (Py_ssize_t)81, (const char *)solution, (Py_ssize_t)81);
}

PyObject *core_gen9_fill(PyObject *module, PyObject *args) {
    unsigned long long seed;
    int k, dig;
    double seconds = 0;
    PyObject *stop_obj = NULL;
    if (!PyArg_ParseTuple(args, "Kip|dO:gen9_fill", &seed, &k, &dig, &seconds, &stop_obj)) return NULL;
    CallStop cs;
    if (!call_stop_init(&cs, module, stop_obj)) return NULL;
    uint8_t puzzle[81], solution[81];
    sk_fill_stats stats;
    sk_stop stop;
    stop_init(&stop, &cs);
    cs.saved = PyEval_SaveThread();
    sk_stop_start(&stop, seconds);
    sk_rng rng;
    sk_rng_seed(&rng, (uint64_t)seed);
    int ok = sk_gen9_fill(&rng, k, dig, puzzle, solution, &stats, &stop);
    PyEval_RestoreThread(cs.saved);
    call_stop_release(&cs);
    if (run_failed(module, &cs, &stop, 0)) return NULL;
    if (!ok) Py_RETURN_NONE; /* the time ran out */
    return Py_BuildValue("(y#y#iiii)", (const char *)puzzle, (Py_ssize_t)81, (const char *)solution,
                         (Py_ssize_t)81, stats.rounds, stats.solver_calls, stats.clues, stats.clues_after);
}

PyObject *core_gen9_cbg(PyObject *module, PyObject *args) {
    unsigned long long seed;
    Py_buffer grid;
    long long trials;
    int max_out = 64;
    double seconds = 0;
    PyObject *stop_obj = NULL;
    if (!PyArg_ParseTuple(args, "Ky*L|idO:gen9_cbg", &seed, &grid, &trials, &max_out, &seconds, &stop_obj))
        return NULL;
    if (grid.len != 81 || max_out < 1 || max_out > 4096) {
        PyBuffer_Release(&grid);
        PyErr_SetString(PyExc_ValueError, "the grid must be 81 bytes and max_out 1..4096");
        return NULL;
    }
    uint8_t cells[81];
    memcpy(cells, grid.buf, 81);
    PyBuffer_Release(&grid);
    int digits_ok = 1;
    for (int c = 0; c < 81; c++) digits_ok &= cells[c] >= 1 && cells[c] <= 9;
    if (!digits_ok || sk9_solve(cells, 2, NULL, NULL) != 1) { /* the trials index tables by digit */
        PyErr_SetString(PyExc_ValueError, "the grid must be a complete, valid 9x9 solution grid");
        return NULL;
    }
    uint8_t (*out)[81] = PyMem_Malloc((size_t)max_out * 81);
    if (!out) return PyErr_NoMemory();
    CallStop cs;
    if (!call_stop_init(&cs, module, stop_obj)) {
        PyMem_Free(out);
        return NULL;
    }
    sk_stop stop;
    stop_init(&stop, &cs);
    int found = 0;
    cs.saved = PyEval_SaveThread();
    sk_stop_start(&stop, seconds);
    sk_rng rng;
    sk_rng_seed(&rng, (uint64_t)seed);
    long long done = sk_gen9_cbg(&rng, cells, trials, out, max_out, &found, &stop);
    PyEval_RestoreThread(cs.saved);
    call_stop_release(&cs);
    if (stop.stopped == SK_STOP_POLL) {
        PyMem_Free(out);
        raise_stopped(module, &cs);
        return NULL;
    }
    PyObject *list = PyList_New(found);
    for (int i = 0; list && i < found; i++) {
        PyObject *b = PyBytes_FromStringAndSize((const char *)out[i], 81);
        if (!b) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, i, b);
    }
    PyMem_Free(out);
    if (!list) return NULL;
    return Py_BuildValue("(NLi)", list, done, stop.stopped == SK_STOP_TIME);
}

PyObject *core_gen9_is_minimal(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer cells, solution;
    if (!PyArg_ParseTuple(args, "y*y*:gen9_is_minimal", &cells, &solution)) return NULL;
    PyObject *result = NULL;
    if (cells.len != 81 || solution.len != 81) {
        PyErr_SetString(PyExc_ValueError, "cells and solution must be 81 bytes");
    } else {
        int minimal;
        Py_BEGIN_ALLOW_THREADS
        minimal = sk_gen9_is_minimal((const uint8_t *)cells.buf, (const uint8_t *)solution.buf);
        Py_END_ALLOW_THREADS
        result = PyBool_FromLong(minimal);
    }
    PyBuffer_Release(&cells);
    PyBuffer_Release(&solution);
    return result;
}

/* ---- canon9, canon9_lines: the minlex form (canon.c) ----------------------------- */

/* The exception for a status of sk_canon9 (none set for SK_CANON_OK). */
static void raise_canon_status(int status) {
    if (status == SK_CANON_NOMEM)
        PyErr_NoMemory();
    else if (status == SK_CANON_REPEAT)
        PyErr_SetString(PyExc_ValueError, "a digit repeats in a row or a column");
}

PyObject *core_canon9(PyObject *module, PyObject *args) {
    (void)module;
    Py_buffer cells;
    if (!PyArg_ParseTuple(args, "y*:canon9", &cells)) return NULL;
    PyObject *result = NULL;
    if (cells.len != 81) {
        PyErr_SetString(PyExc_ValueError, "cells must be 81 bytes");
    } else {
        uint8_t in[81], out[81];
        int bad = 0;
        for (int i = 0; i < 81; i++) bad |= (in[i] = ((const uint8_t *)cells.buf)[i]) > 9;
        int status = SK_CANON_OK;
        if (bad) {
            PyErr_SetString(PyExc_ValueError, "cell values must be 0..9");
        } else if (sk_check_cells(in, 3, 3) != SK_OK) {
            bad = 1;
            PyErr_SetString(PyExc_ValueError, "a digit repeats in a row, a column or a box");
        } else {
            Py_BEGIN_ALLOW_THREADS
            status = sk_canon9(in, out);
            Py_END_ALLOW_THREADS
            raise_canon_status(status);
        }
        if (!bad && status == SK_CANON_OK) result = PyBytes_FromStringAndSize((const char *)out, 81);
    }
    PyBuffer_Release(&cells);
    return result;
}

/* canon9_lines(puzzles, empty="0"): parse, check and canonicalise a batch of 9x9 line-format
 * puzzles with the GIL released, one workspace for the whole batch. */
PyObject *core_canon9_lines(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"puzzles", "empty", "stop", NULL};
    PyObject *puzzles_obj, *stop_obj = NULL;
    int empty = '0';
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|CO:canon9_lines", keywords, &puzzles_obj, &empty,
                                     &stop_obj))
        return NULL;
    if (empty > 127) {
        PyErr_SetString(PyExc_ValueError, "empty must be an ASCII character");
        return NULL;
    }
    CallStop cs;
    if (!call_stop_init(&cs, module, stop_obj)) return NULL;
    PyObject *items = PySequence_Tuple(puzzles_obj);
    if (!items) {
        call_stop_release(&cs);
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(items);
    PyObject *result = NULL;
    LineRef *refs = (LineRef *)PyMem_Malloc((size_t)(count ? count : 1) * sizeof(LineRef));
    int *statuses = (int *)PyMem_Malloc((size_t)(count ? count : 1) * sizeof(int));
    uint8_t *forms = (uint8_t *)PyMem_Malloc((size_t)(count ? count : 1) * 81);
    if (!refs || !statuses || !forms) {
        PyErr_NoMemory();
        goto done;
    }
    if (line_refs(items, count, refs) < 0) goto done;
    int out_of_memory = 0;
    sk_stop stop;
    stop_init(&stop, &cs);
    cs.saved = PyEval_SaveThread();
    sk_canon9_work work = {{NULL, NULL, NULL}, {0, 0, 0}};
    uint8_t cells[81];
    for (Py_ssize_t i = 0; i < count && !out_of_memory; i++) {
        if (i % BATCH_CHECK_EVERY == 0 && stop.poll && sk_stop_check(&stop)) break;
        int status = refs[i].text ? sk_parse_line(refs[i].text, (size_t)refs[i].len, 9, cells) : SK_MALFORMED;
        if (status != SK_OK) status = SK_MALFORMED;
        if (status == SK_OK) status = sk_check_cells(cells, 3, 3);
        if (status == SK_OK) {
            status = sk_canon9_with(&work, cells, forms + 81 * (size_t)i);
            if (status == SK_CANON_NOMEM) out_of_memory = 1;
            if (status == SK_CANON_REPEAT) status = SK_DUPLICATE;
        }
        statuses[i] = status;
    }
    sk_canon9_free(&work);
    PyEval_RestoreThread(cs.saved);
    if (run_failed(module, &cs, &stop, out_of_memory)) goto done;
    result = PyList_New(count);
    if (!result) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item;
        if (statuses[i] == SK_OK) {
            item = PyUnicode_New(81, 127);
            if (item) {
                Py_UCS1 *text = PyUnicode_1BYTE_DATA(item);
                const uint8_t *form = forms + 81 * (size_t)i;
                for (int k = 0; k < 81; k++) text[k] = form[k] ? (Py_UCS1)('0' + form[k]) : (Py_UCS1)empty;
            }
        } else {
            item = PyLong_FromLong(statuses[i]);
        }
        if (!item) {
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, item);
    }
done:
    PyMem_Free(refs);
    PyMem_Free(statuses);
    PyMem_Free(forms);
    Py_DECREF(items);
    call_stop_release(&cs);
    return result;
}
