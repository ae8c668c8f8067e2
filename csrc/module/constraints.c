/* constraints.c - the ConstraintTable type of sudokit._core: the constraint solver
 * (solve/constraints.c) over primitives encoded by sudokit.engine.constraints.encode, with the
 * search interface of the pure-Python ConstraintTable (the reference), an immutable table
 * shareable between threads. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "common/lineparse.h"
#include "solve/constraints.h"

/* The integers of the sequence obj appended to out; `what` names it in errors. */
static int push_all(PyObject *obj, const char *what, Py_ssize_t index, Ints *out) {
    int ok = ints_extend(obj, what, out);
    if (ok < 0)
        PyErr_Format(PyExc_TypeError, "primitive %zd: %s must be a sequence of integers, not %.100s", index, what,
                     Py_TYPE(obj)->tp_name);
    return ok > 0;
}

/* The cells argument: a buffer of exactly ncells values (WrongLengthError otherwise); a value
 * above n is searched and has no solution (count 0), as in the Python twin. */
static int cells_of(PyObject *module, const void *table, const Py_buffer *cells) {
    int size = skc_table_ncells(table);
    if (cells->len == size) return 1;
    char expected[40];
    snprintf(expected, sizeof expected, "%d cells", size);
    raise_wrong_length(core_state(module), cells->len, expected);
    return 0;
}

static int constraint_n(const void *table) { return skc_table_n(table); }
static int constraint_ncells(const void *table) { return skc_table_ncells(table); }
static void constraint_free(void *table) { skc_table_free(table); }
/* The search: a given above n has no solution (skc_solve's -2 is count 0, as the Python twin). */
static int constraint_solve(const void *table, const uint8_t *cells, int limit, uint8_t *solution,
                            uint64_t *guesses, sk_stop *stop, uint64_t seed) {
    int count = skc_solve(table, cells, limit, solution, guesses, stop, seed);
    return count == -2 ? 0 : count;
}

static const TableOps constraint_ops = {constraint_solve, constraint_n, constraint_ncells, constraint_free, cells_of};

static PyObject *constraint_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "ncells", "digits", "primitives", NULL};
    PyObject *n_obj, *ncells_obj, *digits_obj, *prims_obj, *module = PyType_GetModule(type);
    if (!module) return NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO:ConstraintTable", keywords, &n_obj, &ncells_obj,
                                     &digits_obj, &prims_obj))
        return NULL;
    CoreState *st = core_state(module);
    int n, ncells;
    if (!as_int(n_obj, "n", &n) || !as_int(ncells_obj, "ncells", &ncells)) return NULL;
    Ints digits = {0}, kinds = {0}, cstart = {0}, cells = {0}, dstart = {0}, data = {0};
    int *kind_i = NULL, *cstart_i = NULL, *cells_i = NULL, *dstart_i = NULL;
    PyObject *result = NULL, *prims = NULL;
    if (!push_all(digits_obj, "digits", -1, &digits)) goto done;
    if (digits.len != (n < 0 ? 0 : n)) {
        PyErr_Format(st->rules_error, "%d digits needed, not %zd", n, digits.len);
        goto done;
    }
    if (!(prims = sequence_or_error(prims_obj, "primitives"))) goto done;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(prims);
    if (count > INT_MAX / 2) {
        PyErr_SetString(st->rules_error, "too many primitives");
        goto done;
    }
    if (!ints_push(&cstart, 0) || !ints_push(&dstart, 0)) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(prims, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_Format(PyExc_TypeError, "primitive %zd must be a (kind, cells, data) tuple, not %.100s", i,
                         Py_TYPE(item)->tp_name);
            goto done;
        }
        long long kind;
        if (!as_integer(PyTuple_GET_ITEM(item, 0), "a primitive's kind", &kind) || !ints_push(&kinds, kind) ||
            !push_all(PyTuple_GET_ITEM(item, 1), "cells", i, &cells) ||
            !push_all(PyTuple_GET_ITEM(item, 2), "data", i, &data) || !ints_push(&cstart, cells.len) ||
            !ints_push(&dstart, data.len))
            goto done;
        if (cells.len > INT_MAX || data.len > INT_MAX) {
            PyErr_SetString(st->rules_error, "the primitives are too large");
            goto done;
        }
    }
    if (!(kind_i = ints_as_int(&kinds)) || !(cstart_i = ints_as_int(&cstart)) || !(cells_i = ints_as_int(&cells)) ||
        !(dstart_i = ints_as_int(&dstart)))
        goto done;
    for (Py_ssize_t i = 0; i < kinds.len; i++)
        if (kinds.items[i] < 0 || kinds.items[i] >= SKC_KINDS) kind_i[i] = -1;
    int64_t no_data = 0; /* the spec's arrays are never NULL, even when empty */
    skc_spec spec = {
        .n = n, .ncells = ncells, .digits = digits.items ? digits.items : &no_data, .nprims = (int)count,
        .kind = kind_i, .cell_start = cstart_i, .cells = cells_i, .data_start = dstart_i,
        .data = data.items ? data.items : &no_data,
    };
    char error[200];
    skc_table *table;
    Py_BEGIN_ALLOW_THREADS
    table = skc_table_new(&spec, error, sizeof error);
    Py_END_ALLOW_THREADS
    if (!table) table_refused(st->rules_error, error);
    else result = table_object_new(type, &constraint_ops, table);
done:
    Py_XDECREF(prims);
    PyMem_Free(digits.items);
    PyMem_Free(kinds.items);
    PyMem_Free(cstart.items);
    PyMem_Free(cells.items);
    PyMem_Free(dstart.items);
    PyMem_Free(data.items);
    PyMem_Free(kind_i);
    PyMem_Free(cstart_i);
    PyMem_Free(cells_i);
    PyMem_Free(dstart_i);
    return result;
}

static PyObject *table_candidates(PyObject *self, PyObject *args) {
    PyObject *module = PyType_GetModule(Py_TYPE(self));
    const skc_table *t = ((const TableObject *)self)->table;
    Py_buffer cells;
    if (!module || !PyArg_ParseTuple(args, "y*:candidates", &cells)) return NULL;
    PyObject *result = NULL;
    uint64_t *masks = NULL;
    if (!cells_of(module, t, &cells)) goto done;
    int size = skc_table_ncells(t), rc;
    masks = (uint64_t *)PyMem_Malloc((size_t)size * sizeof(uint64_t));
    if (!masks) {
        PyErr_NoMemory();
        goto done;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = skc_candidates(t, (const uint8_t *)cells.buf, masks);
    Py_END_ALLOW_THREADS
    if (rc == -1) {
        PyErr_NoMemory();
        goto done;
    }
    if (rc != 1) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    result = PyList_New(size);
    for (int i = 0; result && i < size; i++) {
        PyObject *m = PyLong_FromUnsignedLongLong(masks[i]);
        if (!m) Py_CLEAR(result);
        else PyList_SET_ITEM(result, i, m);
    }
done:
    PyMem_Free(masks);
    PyBuffer_Release(&cells);
    return result;
}

static PyMethodDef constraint_methods[] = {
    TABLE_SOLVE_METHODS(
     "solve(cells, limit, seconds=0, stop=None, seed=0) -> (count, first solution bytes or None, guesses)\n\n"
     "Count the solutions of ncells values (bytes, 0 = empty, v = the v-th digit) up to limit, with the\n"
     "GIL released; 0 when the givens break a rule or a value is above n, -4 when the time limit ran\n"
     "out. seed != 0 tries a random digit at each guess. WrongLengthError for a wrong length; stop as\n"
     "in sudokit._core.solve (sudokit.errors.Stopped)."),
    {"candidates", (PyCFunction)table_candidates, METH_VARARGS,
     "candidates(cells) -> list of masks or None\n\n"
     "The candidate masks (bit b: value b + 1) after propagation from the givens, without guessing;\n"
     "None on a contradiction or a value above n."},
    {NULL, NULL, 0, NULL},
};

TABLE_TYPE(constraint_table_spec, "sudokit._core.ConstraintTable", constraint_new, constraint_methods,
     "ConstraintTable(n, ncells, digits, primitives)\n\n"
     "Variant constraints compiled for the C solver (solve/constraints.c): n digits (2..64) with the\n"
     "increasing values `digits`, ncells cells, and primitives as (kind, cells, data) tuples in the\n"
     "form sudokit.engine.constraints.encode gives them. sudokit.errors.RulesError for data out of\n"
     "range. The pure-Python ConstraintTable is the reference it matches. Safe to share between threads.");
