/* hodoku.c - HoDoKu's path in sudokit._core (hodoku/: hodoku_ported, hodoku_find,
 * hodoku_path). */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "hodoku/hodoku9.h"
#include "se/human9.h"

/* ---- HoDoKu's path (hodoku9*.c) ---------------------------------------------------- */

/* A HoDoKu step as (kind, name, placements, eliminations, cells); pairs are (cell, digit). */
static PyObject *hk_step_tuple(const sk_step *s) {
    PyObject *place = PyTuple_New(s->n_place), *elim = PyTuple_New(s->n_elim);
    PyObject *cells = PyTuple_New(s->n_cells);
    if (!place || !elim || !cells) goto fail;
    for (int i = 0; i < s->n_place; i++) {
        PyObject *pair = Py_BuildValue("(ii)", s->place[i].cell, s->place[i].digit);
        if (!pair) goto fail;
        PyTuple_SET_ITEM(place, i, pair);
    }
    for (int i = 0; i < s->n_elim; i++) {
        PyObject *pair = Py_BuildValue("(ii)", s->elim[i].cell, s->elim[i].digit);
        if (!pair) goto fail;
        PyTuple_SET_ITEM(elim, i, pair);
    }
    for (int i = 0; i < s->n_cells; i++) {
        PyObject *cell = PyLong_FromLong(s->cells[i]);
        if (!cell) goto fail;
        PyTuple_SET_ITEM(cells, i, cell);
    }
    return Py_BuildValue("(isNNN)", s->kind, s->name ? s->name : "", place, elim, cells);
fail:
    Py_XDECREF(place);
    Py_XDECREF(elim);
    Py_XDECREF(cells);
    return NULL;
}

/* hk_step_tuple of one step of a path (path_result's item). */
static PyObject *hk_step_item(const void *step) { return hk_step_tuple((const sk_step *)step); }

/* Read 81 bytes of 0..9 from a buffer into out; 0 with ValueError if it is not that. */
static int hk_read_digits(const Py_buffer *buf, uint8_t out[81], const char *what) {
    if (buf->len != 81) {
        PyErr_Format(PyExc_ValueError, "%s must be 81 bytes", what);
        return 0;
    }
    for (int c = 0; c < 81; c++)
        if ((out[c] = ((const uint8_t *)buf->buf)[c]) > 9) {
            PyErr_Format(PyExc_ValueError, "%s must be digits 0..9", what);
            return 0;
        }
    return 1;
}

/* Read a sequence of 81 candidate masks (0..511); 0 with an exception set if it is not that. */
static int hk_read_masks(PyObject *obj, uint16_t out[81]) {
    PyObject *seq = PySequence_Fast(obj, "masks must be a sequence of 81 ints");
    if (!seq) return 0;
    int ok = PySequence_Fast_GET_SIZE(seq) == 81;
    for (int c = 0; ok && c < 81; c++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        ok = !(m == -1 && PyErr_Occurred()) && m >= 0 && m <= 0x1ff;
        out[c] = (uint16_t)m;
    }
    Py_DECREF(seq);
    if (!ok && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "masks must be 81 ints 0..511");
    return ok;
}

PyObject *core_hodoku_ported(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    PyObject *kinds = PyList_New(0);
    for (int k = 0; kinds && k < HK_KINDS; k++) {
        if (!hk_finder_for(k)) continue;
        PyObject *item = PyLong_FromLong(k);
        if (!item || PyList_Append(kinds, item) < 0) Py_CLEAR(kinds);
        Py_XDECREF(item);
    }
    if (!kinds) return NULL;
    PyObject *out = PyList_AsTuple(kinds);
    Py_DECREF(kinds);
    return out;
}

PyObject *core_hodoku_find(PyObject *module, PyObject *args) {
    int kind;
    Py_buffer givens, values;
    PyObject *masks_obj, *stop_obj = NULL;
    double seconds = 0;
    if (!PyArg_ParseTuple(args, "iy*y*O|dO:hodoku_find", &kind, &givens, &values, &masks_obj,
                          &seconds, &stop_obj))
        return NULL;
    PyObject *result = NULL;
    CallStop cs = {0};
    hk_board *board = NULL;
    sk_step *step = NULL;
    uint8_t g[81], v[81];
    uint16_t m[81];
    if (!hk_read_digits(&givens, g, "givens") || !hk_read_digits(&values, v, "values") ||
        !hk_read_masks(masks_obj, m))
        goto done;
    hk_finder find = hk_finder_for(kind);
    if (!find) {
        if (kind < 0 || kind >= HK_KINDS) PyErr_SetString(PyExc_IndexError, "no step type with that index");
        else PyErr_SetString(PyExc_NotImplementedError, "that step type has no C finder yet");
        goto done;
    }
    if (!call_stop_init(&cs, module, stop_obj)) goto done;
    board = PyMem_RawMalloc(sizeof *board);
    step = PyMem_RawMalloc(sizeof *step);
    if (!board || !step) {
        call_stop_release(&cs);
        PyErr_NoMemory();
        goto done;
    }
    hk_board_from_state(board, g, v, m);
    sk_step_start(step, kind, NULL);
    hm_ctx ctx = {monotonic_deadline(seconds), 0, 0, call_poll(&cs), &cs, 0};
    int found;
    cs.saved = PyEval_SaveThread();
    found = find(board, step, &ctx);
    PyEval_RestoreThread(cs.saved);
    call_stop_release(&cs);
    if (ctx.interrupted) raise_stopped(module, &cs);
    else if (ctx.expired) result = PyUnicode_FromString("limit");
    else if (!found) result = Py_NewRef(Py_None);
    else result = hk_step_tuple(step);
done:
    PyMem_RawFree(board);
    PyMem_RawFree(step);
    PyBuffer_Release(&givens);
    PyBuffer_Release(&values);
    return result;
}

/* What the path's external finder needs: the Python callable, the call's stop (its saved thread
 * state: the callback takes the GIL back) and a list keeping the names of the steps it gave alive
 * (sk_step.name points into them). */
typedef struct {
    PyObject *callable;
    CallStop *cs;
    PyObject *names;
} HkExternal;

/* Read a sequence of (cell, digit) pairs into a step; 0 with an exception set if it is not that. */
static int hk_read_pairs(PyObject *obj, sk_step *out, int placements) {
    PyObject *seq = PySequence_Fast(obj, "placements and eliminations must be sequences of pairs");
    if (!seq) return 0;
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        int cell, digit;
        ok = PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "ii", &cell, &digit);
        if (ok && (cell < 0 || cell > 80 || digit < 1 || digit > 9)) {
            PyErr_SetString(PyExc_ValueError, "a step's (cell, digit) must be 0..80 and 1..9");
            ok = 0;
        }
        if (ok && placements) sk_step_place(out, cell, digit);
        else if (ok) sk_step_elim(out, cell, digit);
    }
    Py_DECREF(seq);
    return ok;
}

/* Read a step tuple (kind, name, placements, eliminations, cells) into out (its kind: `kind`);
 * 0 with an exception set if it is not one. */
static int hk_read_step(PyObject *item, int kind, sk_step *out, PyObject *names) {
    int ignored;
    PyObject *name, *place, *elim, *cells;
    if (!PyTuple_Check(item) || !PyArg_ParseTuple(item, "iUOOO", &ignored, &name, &place, &elim, &cells)) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_TypeError,
                            "external must return None or (kind, name, placements, eliminations, cells)");
        }
        return 0;
    }
    const char *text = PyUnicode_AsUTF8(name);
    if (!text || PyList_Append(names, name) < 0) return 0;
    sk_step_start(out, kind, text);
    if (!hk_read_pairs(place, out, 1) || !hk_read_pairs(elim, out, 0)) return 0;
    PyObject *seq = PySequence_Fast(cells, "a step's cells must be a sequence");
    if (!seq) return 0;
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c == -1 && PyErr_Occurred()) ok = 0;
        else if (c < 0 || c > 80) {
            PyErr_SetString(PyExc_ValueError, "a step's cells must be 0..80");
            ok = 0;
        } else sk_step_cell(out, (int)c);
    }
    Py_DECREF(seq);
    return ok;
}

/* hk_external for the binding: call the Python finder (kind, givens, values, masks) with the
 * GIL taken back; 1 with *out written, 0 none, -1 with an exception set. */
static int hk_call_external(void *arg, int kind, hk_board *board, sk_step *out) {
    HkExternal *ext = (HkExternal *)arg;
    PyEval_RestoreThread(ext->cs->saved);
    int found = -1;
    PyObject *masks = PyTuple_New(81), *result = NULL;
    for (int c = 0; masks && c < 81; c++) {
        PyObject *m = PyLong_FromLong(board->masks[c]);
        if (!m) { Py_CLEAR(masks); break; }
        PyTuple_SET_ITEM(masks, c, m);
    }
    if (masks)
        result = PyObject_CallFunction(ext->callable, "iy#y#O", kind, (const char *)board->givens,
                                       (Py_ssize_t)81, (const char *)board->values, (Py_ssize_t)81, masks);
    Py_XDECREF(masks);
    if (result == Py_None) found = 0;
    else if (result && hk_read_step(result, kind, out, ext->names)) found = 1;
    Py_XDECREF(result);
    ext->cs->saved = PyEval_SaveThread();
    return found;
}

PyObject *core_hodoku_path(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"cells", "solution", "external", "seconds", "stop", "ask", NULL};
    Py_buffer cells, solution;
    PyObject *external = Py_None, *seconds_obj = NULL, *stop_obj = NULL, *ask_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*|OOOO:hodoku_path", keywords, &cells, &solution,
                                     &external, &seconds_obj, &stop_obj, &ask_obj))
        return NULL;
    PyObject *result = NULL, *names = NULL;
    sk_step *path = NULL;
    CallStop cs = {0};
    uint8_t in[81], sol[81];
    double seconds;
    if (!hk_read_digits(&cells, in, "cells") || !hk_read_digits(&solution, sol, "solution") ||
        !as_seconds(seconds_obj, &seconds))
        goto done;
    if (memchr(sol, 0, 81)) {
        PyErr_SetString(PyExc_ValueError, "solution must be 81 digits 1..9");
        goto done;
    }
    if (external != Py_None && !PyCallable_Check(external)) {
        PyErr_SetString(PyExc_TypeError, "external must be None or a callable");
        goto done;
    }
    uint64_t ask = 0;
    if (ask_obj && ask_obj != Py_None) {
        PyObject *seq = PySequence_Fast(ask_obj, "ask must be a sequence of step kinds");
        if (!seq) goto done;
        for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
            long kind = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (kind < 0 || kind >= HK_KINDS) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "ask: no step kind with that index");
                Py_DECREF(seq);
                goto done;
            }
            ask |= (uint64_t)1 << kind;
        }
        Py_DECREF(seq);
    }
    enum { MAX_STEPS = 81 + 729 };
    names = PyList_New(0);
    if (!names || !call_stop_init(&cs, module, stop_obj)) goto done;
    path = PyMem_RawMalloc(sizeof(sk_step) * MAX_STEPS);
    if (!path) {
        call_stop_release(&cs);
        PyErr_NoMemory();
        goto done;
    }
    HkExternal ext = {external, &cs, names};
    hm_ctx ctx = {monotonic_deadline(seconds), 0, 0, call_poll(&cs), &cs, 0};
    int count = 0, status;
    cs.saved = PyEval_SaveThread();
    status = hk_path(in, sol, path, MAX_STEPS, &count, external == Py_None ? NULL : hk_call_external, &ext,
                     ask, &ctx);
    PyEval_RestoreThread(cs.saved);
    call_stop_release(&cs);
    if (status < 0) goto done; /* the external finder raised */
    if (ctx.interrupted) { /* the flag, or Ctrl-C: the signal handler's exception is set */
        raise_stopped(module, &cs);
        goto done;
    }
    result = path_result(status, path, sizeof *path, count, hk_step_item);
done:
    PyMem_RawFree(path);
    Py_XDECREF(names);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&solution);
    return result;
}
