/* table.c - what the compiled-table types of sudokit._core (RulesTable in rules.c, ConstraintTable
 * in constraints.c) share: the growable integer lists their specs are gathered into, and the
 * object with its solve, solve_many, n, ncells and dealloc, written once over a TableOps. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <limits.h>
#include <string.h>

/* ---- integer lists ---------------------------------------------------------------- */

int ints_push(Ints *list, int64_t v) {
    if (list->len == list->cap) {
        Py_ssize_t cap = list->cap ? 2 * list->cap : 64;
        int64_t *items = (int64_t *)PyMem_Realloc(list->items, (size_t)cap * sizeof(int64_t));
        if (!items) {
            PyErr_NoMemory();
            return 0;
        }
        list->items = items;
        list->cap = cap;
    }
    list->items[list->len++] = v;
    return 1;
}

int ints_extend(PyObject *obj, const char *item, Ints *out) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Clear();
        return -1;
    }
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        long long v;
        ok = as_integer(PySequence_Fast_GET_ITEM(seq, i), item, &v) && ints_push(out, (int64_t)v);
    }
    Py_DECREF(seq);
    return ok;
}

int *ints_as_int(const Ints *list) {
    int *out = (int *)PyMem_Malloc((size_t)(list->len ? list->len : 1) * sizeof(int));
    if (!out) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < list->len; i++) {
        int64_t v = list->items[i];
        out[i] = v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
    }
    return out;
}

PyObject *sequence_or_error(PyObject *obj, const char *what) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a sequence, not %.100s", what, Py_TYPE(obj)->tp_name);
    }
    return seq;
}

/* ---- the table object -------------------------------------------------------------- */

void table_refused(PyObject *error_class, const char *error) {
    if (strcmp(error, "out of memory") == 0) PyErr_NoMemory();
    else PyErr_SetString(error_class, error);
}

PyObject *table_object_new(PyTypeObject *type, const TableOps *ops, void *table) {
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (!self) {
        ops->free(table);
        return NULL;
    }
    self->ops = ops;
    self->table = table;
    return (PyObject *)self;
}

void table_dealloc(PyObject *obj) {
    PyTypeObject *type = Py_TYPE(obj);
    TableObject *self = (TableObject *)obj;
    self->ops->free(self->table);
    type->tp_free(obj);
    Py_DECREF(type);
}

/* One search of a table: the table, its operations and the seed of a random digit order. */
typedef struct {
    const TableObject *self;
    uint64_t seed;
} TableSearch;

/* Search (the GIL released) with the table's own solver. */
static int table_search(const void *ctx, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                        sk_stop *stop) {
    const TableSearch *ts = (const TableSearch *)ctx;
    const TableObject *self = ts->self;
    return limit_count(self->ops->solve(self->table, cells, limit, solution, guesses, stop, ts->seed), stop);
}

PyObject *table_solve(PyObject *obj, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"cells", "limit", "seconds", "stop", "seed", NULL};
    PyObject *module = PyType_GetModule(Py_TYPE(obj));
    TableSearch ts = {(const TableObject *)obj, 0};
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
    if (!ts.self->ops->check_cells(module, ts.self->table, &cells)) goto done;
    Search search = {table_search, &ts};
    result = table_solve_one(module, &cs, &search, (const uint8_t *)cells.buf, limit, seconds,
                             ts.self->ops->ncells(ts.self->table));
done:
    call_stop_release(&cs);
    PyBuffer_Release(&cells);
    return result;
}

PyObject *table_solve_many_method(PyObject *obj, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"puzzles", "limit", "seconds", "stop", NULL};
    PyObject *module = PyType_GetModule(Py_TYPE(obj));
    TableSearch ts = {(const TableObject *)obj, 0};
    PyObject *puzzles_obj, *limit_obj, *seconds_obj = NULL, *stop_obj = NULL;
    if (!module) return NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OO:solve_many", keywords, &puzzles_obj, &limit_obj,
                                     &seconds_obj, &stop_obj))
        return NULL;
    Search search = {table_search, &ts};
    const TableOps *ops = ts.self->ops;
    return table_solve_many(module, &search, ops->n(ts.self->table), ops->ncells(ts.self->table), puzzles_obj,
                            limit_obj, seconds_obj, stop_obj);
}

static PyObject *table_get_n(PyObject *obj, void *closure) {
    (void)closure;
    const TableObject *self = (const TableObject *)obj;
    return PyLong_FromLong(self->ops->n(self->table));
}

static PyObject *table_get_ncells(PyObject *obj, void *closure) {
    (void)closure;
    const TableObject *self = (const TableObject *)obj;
    return PyLong_FromLong(self->ops->ncells(self->table));
}

PyGetSetDef table_getset[] = {
    {"n", table_get_n, NULL, "cell values 1..n (the rules' n digits)", NULL},
    {"ncells", table_get_ncells, NULL, "the number of cells", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};
