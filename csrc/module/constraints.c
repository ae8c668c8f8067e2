/* constraints.c - the ConstraintTable type of sudokit._core: the constraint solver
 * (solve/constraints.c) over primitives encoded by sudokit.engine.constraints.encode, with the
 * search interface of the pure-Python ConstraintTable (the reference), an immutable table
 * shareable between threads. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "common/lineparse.h"
#include "solve/constraints.h"

typedef struct {
    PyObject_HEAD
    skc_table *table;
} ConstraintTableObject;

/* A growable array of int64 values (PyMem). */
typedef struct {
    int64_t *items;
    Py_ssize_t len, cap;
} Values;

static int push(Values *l, int64_t v) {
    if (l->len == l->cap) {
        Py_ssize_t cap = l->cap ? 2 * l->cap : 64;
        int64_t *items = (int64_t *)PyMem_Realloc(l->items, (size_t)cap * sizeof(int64_t));
        if (!items) {
            PyErr_NoMemory();
            return 0;
        }
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = v;
    return 1;
}

/* The integers of a sequence appended to `out` (saturated to int64); `what` names it in errors. */
static int push_all(PyObject *obj, const char *what, Py_ssize_t index, Values *out) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "primitive %zd: %s must be a sequence of integers, not %.100s", index, what,
                     Py_TYPE(obj)->tp_name);
        return 0;
    }
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        long long v;
        ok = as_integer(PySequence_Fast_GET_ITEM(seq, i), what, &v) && push(out, (int64_t)v);
    }
    Py_DECREF(seq);
    return ok;
}


/* The spec's lists as ints (cells, starts, kinds) from the int64 values gathered. */
static int *as_ints(const Values *v) {
    int *out = (int *)PyMem_Malloc((size_t)(v->len ? v->len : 1) * sizeof(int));
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < v->len; i++)
        out[i] = v->items[i] < INT_MIN ? INT_MIN : v->items[i] > INT_MAX ? INT_MAX : (int)v->items[i];
    return out;
}

static PyObject *table_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "ncells", "digits", "primitives", NULL};
    PyObject *n_obj, *ncells_obj, *digits_obj, *prims_obj, *module = PyType_GetModule(type);
    if (!module) return NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOO:ConstraintTable", keywords, &n_obj, &ncells_obj,
                                     &digits_obj, &prims_obj))
        return NULL;
    CoreState *st = core_state(module);
    int n, ncells;
    if (!as_int(n_obj, "n", &n) || !as_int(ncells_obj, "ncells", &ncells)) return NULL;
    Values digits = {0}, kinds = {0}, cstart = {0}, cells = {0}, dstart = {0}, data = {0};
    int *kind_i = NULL, *cstart_i = NULL, *cells_i = NULL, *dstart_i = NULL;
    PyObject *result = NULL, *prims = NULL;
    if (!push_all(digits_obj, "digits", -1, &digits)) goto done;
    if (digits.len != (n < 0 ? 0 : n)) {
        PyErr_Format(st->rules_error, "%d digits needed, not %zd", n, digits.len);
        goto done;
    }
    prims = PySequence_Fast(prims_obj, "");
    if (!prims) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "primitives must be a sequence, not %.100s", Py_TYPE(prims_obj)->tp_name);
        goto done;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(prims);
    if (count > INT_MAX / 2) {
        PyErr_SetString(st->rules_error, "too many primitives");
        goto done;
    }
    if (!push(&cstart, 0) || !push(&dstart, 0)) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(prims, i);
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 3) {
            PyErr_Format(PyExc_TypeError, "primitive %zd must be a (kind, cells, data) tuple, not %.100s", i,
                         Py_TYPE(item)->tp_name);
            goto done;
        }
        long long kind;
        if (!as_integer(PyTuple_GET_ITEM(item, 0), "a primitive's kind", &kind) || !push(&kinds, kind) ||
            !push_all(PyTuple_GET_ITEM(item, 1), "cells", i, &cells) ||
            !push_all(PyTuple_GET_ITEM(item, 2), "data", i, &data) || !push(&cstart, cells.len) ||
            !push(&dstart, data.len))
            goto done;
        if (cells.len > INT_MAX || data.len > INT_MAX) {
            PyErr_SetString(st->rules_error, "the primitives are too large");
            goto done;
        }
    }
    if (!(kind_i = as_ints(&kinds)) || !(cstart_i = as_ints(&cstart)) || !(cells_i = as_ints(&cells)) ||
        !(dstart_i = as_ints(&dstart)))
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
    if (!table) {
        if (strcmp(error, "out of memory") == 0) PyErr_NoMemory();
        else PyErr_SetString(st->rules_error, error);
        goto done;
    }
    ConstraintTableObject *self = (ConstraintTableObject *)type->tp_alloc(type, 0);
    if (!self) {
        skc_table_free(table);
        goto done;
    }
    self->table = table;
    result = (PyObject *)self;
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

static void table_dealloc(PyObject *obj) {
    PyTypeObject *type = Py_TYPE(obj);
    skc_table_free(((ConstraintTableObject *)obj)->table);
    type->tp_free(obj);
    Py_DECREF(type);
}

typedef struct {
    const skc_table *t;
    uint64_t seed;
} TableSearch;

/* Search (the GIL released): a given above n has no solution (count 0), as the Python twin. */
static int table_solve_cells(const void *ctx, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                             sk_stop *stop) {
    const TableSearch *ts = (const TableSearch *)ctx;
    int count = skc_solve(ts->t, cells, limit, solution, guesses, stop, ts->seed);
    return limit_count(count == -2 ? 0 : count, stop);
}

/* The cells argument: a buffer of exactly ncells values (WrongLengthError otherwise). */
static int cells_of(PyObject *module, const skc_table *t, Py_buffer *cells) {
    int size = skc_table_ncells(t);
    if (cells->len == size) return 1;
    char expected[40];
    snprintf(expected, sizeof expected, "%d cells", size);
    raise_wrong_length(core_state(module), cells->len, expected);
    return 0;
}

static PyObject *table_solve(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"cells", "limit", "seconds", "stop", "seed", NULL};
    PyObject *module = PyType_GetModule(Py_TYPE(self));
    TableSearch ts = {((ConstraintTableObject *)self)->table, 0};
    Py_buffer cells;
    PyObject *limit_obj, *seconds_obj = NULL, *stop_obj = NULL, *seed_obj = NULL;
    int limit;
    double seconds;
    if (!module) return NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*O|OOO:solve", keywords, &cells, &limit_obj, &seconds_obj,
                                     &stop_obj, &seed_obj))
        return NULL;
    PyObject *result = NULL;
    CallStop cs = {0};
    if (!run_options(module, limit_obj, seconds_obj, stop_obj, &limit, &seconds, &cs)) goto done;
    if (!as_seed(seed_obj, &ts.seed)) goto done;
    if (!cells_of(module, ts.t, &cells)) goto done;
    Search search = {table_solve_cells, &ts};
    result = table_solve_one(module, &cs, &search, (const uint8_t *)cells.buf, limit, seconds,
                             skc_table_ncells(ts.t));
done:
    call_stop_release(&cs);
    PyBuffer_Release(&cells);
    return result;
}

static PyObject *table_solve_many_method(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"puzzles", "limit", "seconds", "stop", NULL};
    PyObject *module = PyType_GetModule(Py_TYPE(self));
    TableSearch ts = {((ConstraintTableObject *)self)->table, 0};
    PyObject *puzzles_obj, *limit_obj, *seconds_obj = NULL, *stop_obj = NULL;
    if (!module) return NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OO:solve_many", keywords, &puzzles_obj, &limit_obj,
                                     &seconds_obj, &stop_obj))
        return NULL;
    Search search = {table_solve_cells, &ts};
    return table_solve_many(module, &search, skc_table_n(ts.t), skc_table_ncells(ts.t), puzzles_obj, limit_obj,
                            seconds_obj, stop_obj);
}

static PyObject *table_candidates(PyObject *self, PyObject *args) {
    PyObject *module = PyType_GetModule(Py_TYPE(self));
    const skc_table *t = ((ConstraintTableObject *)self)->table;
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

static PyObject *table_get_n(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(skc_table_n(((ConstraintTableObject *)self)->table));
}

static PyObject *table_get_ncells(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(skc_table_ncells(((ConstraintTableObject *)self)->table));
}

static PyGetSetDef table_getset[] = {
    {"n", table_get_n, NULL, "cell values 1..n (the n digits of the rules' digit set)", NULL},
    {"ncells", table_get_ncells, NULL, "the number of cells", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef table_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))table_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(cells, limit, seconds=0, stop=None, seed=0) -> (count, first solution bytes or None, guesses)\n\n"
     "Count the solutions of ncells values (bytes, 0 = empty, v = the v-th digit) up to limit, with the\n"
     "GIL released; 0 when the givens break a rule or a value is above n, -4 when the time limit ran\n"
     "out. seed != 0 tries a random digit at each guess. WrongLengthError for a wrong length; stop as\n"
     "in sudokit._core.solve (sudokit.errors.Stopped)."},
    {"solve_many", (PyCFunction)(void (*)(void))table_solve_many_method, METH_VARARGS | METH_KEYWORDS,
     "solve_many(puzzles, limit, seconds=0, stop=None) -> (counts, solutions)\n\n"
     "Solve a batch of bytes puzzles with the GIL released; count -1 for a puzzle of the wrong length\n"
     "or with a value above n, -4 for one that ran out of time (seconds per puzzle)."},
    {"candidates", (PyCFunction)table_candidates, METH_VARARGS,
     "candidates(cells) -> list of masks or None\n\n"
     "The candidate masks (bit b: value b + 1) after propagation from the givens, without guessing;\n"
     "None on a contradiction or a value above n."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot table_slots[] = {
    {Py_tp_new, (void *)table_new},
    {Py_tp_dealloc, (void *)table_dealloc},
    {Py_tp_methods, table_methods},
    {Py_tp_getset, table_getset},
    {Py_tp_doc,
     "ConstraintTable(n, ncells, digits, primitives)\n\n"
     "Variant constraints compiled for the C solver (solve/constraints.c): n digits (2..64) with the\n"
     "increasing values `digits`, ncells cells, and primitives as (kind, cells, data) tuples in the\n"
     "form sudokit.engine.constraints.encode gives them. sudokit.errors.RulesError for data out of\n"
     "range. The pure-Python ConstraintTable is the reference it matches. Safe to share between threads."},
    {0, NULL},
};

PyType_Spec constraint_table_spec = {
    .name = "sudokit._core.ConstraintTable",
    .basicsize = sizeof(ConstraintTableObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = table_slots,
};
