/* se.c - Sudoku Explainer's techniques and rating in sudokit._core (se/: human9_find,
 * human9_names, rate9). */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "se/human9.h"

/* ---- human-style techniques and SE rating (human9.h) -------------------------- */

/* A step as (name, difficulty in tenths, hodoku score or -1, placements, eliminations), the
 * last two tuples of (cell, digit) pairs in cell then digit order. */
static PyObject *step_tuple(const sk_step *step) {
    PyObject *place = PyList_New(0), *elim = PyList_New(0);
    if (!place || !elim) goto fail;
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++) {
            uint16_t b = (uint16_t)(1u << (d - 1));
            PyObject *list = (step->place_mask[c] & b) ? place : (step->elim_mask[c] & b) ? elim : NULL;
            if (!list) continue;
            PyObject *pair = Py_BuildValue("(ii)", c, d);
            if (!pair || PyList_Append(list, pair) < 0) { Py_XDECREF(pair); goto fail; }
            Py_DECREF(pair);
        }
    PyObject *result = Py_BuildValue("(siiNN)", step->name ? step->name : "", step->difficulty,
                                     step->hodoku, PyList_AsTuple(place), PyList_AsTuple(elim));
    Py_DECREF(place);
    Py_DECREF(elim);
    return result;
fail:
    Py_XDECREF(place);
    Py_XDECREF(elim);
    return NULL;
}

/* step_tuple of one step of a path (path_result's item). */
static PyObject *step_item(const void *step) { return step_tuple((const sk_step *)step); }

PyObject *core_human9_find(PyObject *module, PyObject *args) {
    int index;
    Py_buffer values;
    PyObject *cands, *stop_obj = NULL;
    double seconds = 0;
    if (!PyArg_ParseTuple(args, "iy*O|dO:human9_find", &index, &values, &cands, &seconds, &stop_obj))
        return NULL;
    PyObject *result = NULL;
    CallStop cs = {0};
    if (!call_stop_init(&cs, module, stop_obj)) goto done;
    hm_pos pos;
    int count = 0;
    while (hm_se_order[count].name) count++;
    if (index < 0 || index >= count) {
        PyErr_SetString(PyExc_IndexError, "no technique with that index");
        goto done;
    }
    if (values.len != 81) {
        PyErr_SetString(PyExc_ValueError, "values must be 81 bytes");
        goto done;
    }
    PyObject *seq = PySequence_Fast(cands, "cands must be a sequence of 81 masks");
    if (!seq) goto done;
    if (PySequence_Fast_GET_SIZE(seq) != 81) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "cands must hold 81 masks");
        goto done;
    }
    for (int c = 0; c < 81; c++) {
        long m = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, c));
        uint8_t v = ((const uint8_t *)values.buf)[c];
        if ((m == -1 && PyErr_Occurred()) || m < 0 || m > 0x1ff || v > 9) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "values 0..9, masks 0..511");
            goto done;
        }
        pos.values[c] = v;
        pos.cands[c] = (uint16_t)m;
    }
    Py_DECREF(seq);
    sk_step step;
    hm_ctx ctx = {monotonic_deadline(seconds), 0, 0, call_poll(&cs), &cs, 0};
    sk_step_start(&step, -1, NULL);
    int found;
    cs.saved = PyEval_SaveThread();
    found = hm_se_order[index].find(&pos, &step, &ctx);
    PyEval_RestoreThread(cs.saved);
    if (ctx.interrupted) raise_stopped(module, &cs); /* or the signal handler's exception is set */
    else if (found < 0) result = PyUnicode_FromString("unported");
    else if (found) result = step_tuple(&step);
    else if (ctx.expired) result = PyUnicode_FromString("limit");
    else result = Py_NewRef(Py_None);
done:
    call_stop_release(&cs);
    PyBuffer_Release(&values);
    return result;
}

PyObject *core_human9_names(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    int count = 0;
    while (hm_se_order[count].name) count++;
    PyObject *names = PyTuple_New(count);
    for (int i = 0; names && i < count; i++) {
        PyObject *name = PyUnicode_FromString(hm_se_order[i].name);
        if (!name) { Py_CLEAR(names); break; }
        PyTuple_SET_ITEM(names, i, name);
    }
    return names;
}

PyObject *core_rate9(PyObject *module, PyObject *args) {
    Py_buffer cells;
    double seconds = 0;
    PyObject *stop_obj = NULL;
    if (!PyArg_ParseTuple(args, "y*|dO:rate9", &cells, &seconds, &stop_obj)) return NULL;
    PyObject *result = NULL;
    uint8_t in[81];
    int bad = cells.len != 81;
    for (int i = 0; i < 81 && !bad; i++) bad |= (in[i] = ((const uint8_t *)cells.buf)[i]) > 9;
    PyBuffer_Release(&cells);
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "cells must be 81 bytes of 0..9");
        return NULL;
    }
    CallStop cs;
    if (!call_stop_init(&cs, module, stop_obj)) return NULL;
    enum { MAX_STEPS = 81 + 729 };
    sk_step *path = PyMem_RawMalloc(sizeof(sk_step) * MAX_STEPS);
    if (!path) {
        call_stop_release(&cs);
        return PyErr_NoMemory();
    }
    hm_ctx ctx = {monotonic_deadline(seconds), 0, 0, call_poll(&cs), &cs, 0};
    int count = 0, status;
    cs.saved = PyEval_SaveThread();
    status = hm_rate(in, path, MAX_STEPS, &count, &ctx);
    PyEval_RestoreThread(cs.saved);
    call_stop_release(&cs);
    if (ctx.interrupted) { /* the flag, or Ctrl-C: the signal handler's exception is set */
        raise_stopped(module, &cs);
        PyMem_RawFree(path);
        return NULL;
    }
    result = path_result(status, path, sizeof *path, count, step_item);
    PyMem_RawFree(path);
    return result;
}
