/* rules.c - the RulesTable type of sudokit._core: the generic rules solver (solve/rules.c) for
 * variants, an immutable compiled table shareable between threads. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "common/lineparse.h"
#include "solve/rules.h"

/* ---- RulesTable (rules.c) ------------------------------------------------------ */

/* An immutable compiled rules table: several threads may solve with it at once (every call
 * has its own working memory, the table is read-only). */
typedef struct {
    PyObject_HEAD
    skr_table *table;
} RulesTableObject;


/* A growable int array (PyMem). */
typedef struct {
    int *items;
    Py_ssize_t len, cap;
} IntList;

static int int_push(IntList *l, int v) {
    if (l->len == l->cap) {
        Py_ssize_t cap = l->cap ? 2 * l->cap : 64;
        int *items = (int *)PyMem_Realloc(l->items, (size_t)cap * sizeof(int));
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

/* The ints of a sequence of integers appended to `out`; `what` names it in errors. */
static int push_ints(PyObject *seq_obj, const char *what, Py_ssize_t index, IntList *out) {
    PyObject *seq = PySequence_Fast(seq_obj, "");
    if (!seq) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s %zd must be a sequence of cell numbers, not %.100s", what, index,
                     Py_TYPE(seq_obj)->tp_name);
        return 0;
    }
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    if (k > SKR_MAX_CELLS) {
        PyErr_Format(PyExc_ValueError, "%s %zd has %zd cells, more than 64", what, index, k);
        Py_DECREF(seq);
        return 0;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        int v;
        if (!as_int(PySequence_Fast_GET_ITEM(seq, i), "a cell", &v) || !int_push(out, v)) {
            Py_DECREF(seq);
            return 0;
        }
    }
    Py_DECREF(seq);
    return 1;
}

/* Lists of cells (regions): items and starts (count + 1). */
static int as_lists(PyObject *obj, const char *what, IntList *items, IntList *starts) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%ss must be a sequence, not %.100s", what, Py_TYPE(obj)->tp_name);
        return 0;
    }
    int ok = int_push(starts, 0);
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++)
        ok = push_ints(PySequence_Fast_GET_ITEM(seq, i), what, i, items) && int_push(starts, (int)items->len);
    Py_DECREF(seq);
    return ok;
}

/* Pairs (a, b), flattened. */
static int as_pairs(PyObject *obj, const char *what, IntList *out) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s must be a sequence of pairs, not %.100s", what, Py_TYPE(obj)->tp_name);
        return 0;
    }
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        Py_ssize_t before = out->len;
        ok = push_ints(PySequence_Fast_GET_ITEM(seq, i), what, i, out);
        if (ok && out->len - before != 2) {
            PyErr_Format(PyExc_ValueError, "%s pair %zd must hold 2 cells, not %zd", what, i, out->len - before);
            ok = 0;
        }
    }
    Py_DECREF(seq);
    return ok;
}

/* Cages (cells, total). */
static int as_cages(PyObject *obj, IntList *items, IntList *starts, IntList *totals) {
    PyObject *seq = PySequence_Fast(obj, "");
    if (!seq) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "cages must be a sequence, not %.100s", Py_TYPE(obj)->tp_name);
        return 0;
    }
    int ok = int_push(starts, 0);
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *cage = PySequence_Fast_GET_ITEM(seq, i);
        if (!PyTuple_Check(cage) && !PyList_Check(cage)) {
            PyErr_Format(PyExc_TypeError, "cage %zd must be a (cells, total) pair, not %.100s", i,
                         Py_TYPE(cage)->tp_name);
            ok = 0;
            break;
        }
        PyObject *pair = PySequence_Fast(cage, "");
        if (!pair) {
            ok = 0;
            break;
        }
        int total = 0;
        if (PySequence_Fast_GET_SIZE(pair) != 2) {
            PyErr_Format(PyExc_ValueError, "cage %zd must be a (cells, total) pair", i);
            ok = 0;
        } else {
            ok = push_ints(PySequence_Fast_GET_ITEM(pair, 0), "cage", i, items) &&
                 as_int(PySequence_Fast_GET_ITEM(pair, 1), "a cage total", &total) &&
                 int_push(starts, (int)items->len) && int_push(totals, total);
        }
        Py_DECREF(pair);
    }
    Py_DECREF(seq);
    return ok;
}

static PyObject *rules_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "ncells", "regions", "differ", "adjacent", "cages", NULL};
    PyObject *n_obj, *ncells_obj, *regions_obj, *differ_obj = NULL, *adjacent_obj = NULL, *cages_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|OOO:RulesTable", keywords, &n_obj, &ncells_obj,
                                     &regions_obj, &differ_obj, &adjacent_obj, &cages_obj))
        return NULL;
    int n, ncells;
    if (!as_int(n_obj, "n", &n) || !as_int(ncells_obj, "ncells", &ncells)) return NULL;
    IntList reg = {0}, reg_start = {0}, differ = {0}, adjacent = {0}, cage = {0}, cage_start = {0},
            totals = {0};
    PyObject *result = NULL;
    if (!as_lists(regions_obj, "region", &reg, &reg_start)) goto done;
    if (differ_obj && differ_obj != Py_None && !as_pairs(differ_obj, "differ", &differ)) goto done;
    if (adjacent_obj && adjacent_obj != Py_None && !as_pairs(adjacent_obj, "adjacent", &adjacent)) goto done;
    if (!int_push(&cage_start, 0)) goto done;
    cage_start.len = 0;
    if (cages_obj && cages_obj != Py_None ? !as_cages(cages_obj, &cage, &cage_start, &totals)
                                          : !int_push(&cage_start, 0))
        goto done;
    skr_spec spec = {
        .n = n,
        .ncells = ncells,
        .nregions = (int)reg_start.len - 1,
        .region_start = reg_start.items,
        .region_cells = reg.items,
        .ndiffer = (int)(differ.len / 2),
        .differ = differ.items,
        .nadjacent = (int)(adjacent.len / 2),
        .adjacent = adjacent.items,
        .ncages = (int)cage_start.len - 1,
        .cage_start = cage_start.items,
        .cage_cells = cage.items,
        .cage_total = totals.items,
    };
    char error[160];
    skr_table *table;
    Py_BEGIN_ALLOW_THREADS
    table = skr_table_new(&spec, error, sizeof error);
    Py_END_ALLOW_THREADS
    if (!table) {
        if (strcmp(error, "out of memory") == 0) PyErr_NoMemory();
        else PyErr_SetString(PyExc_ValueError, error);
        goto done;
    }
    RulesTableObject *self = (RulesTableObject *)type->tp_alloc(type, 0);
    if (!self) {
        skr_table_free(table);
        goto done;
    }
    self->table = table;
    result = (PyObject *)self;
done:
    PyMem_Free(reg.items);
    PyMem_Free(reg_start.items);
    PyMem_Free(differ.items);
    PyMem_Free(adjacent.items);
    PyMem_Free(cage.items);
    PyMem_Free(cage_start.items);
    PyMem_Free(totals.items);
    return result;
}

static void rules_dealloc(PyObject *obj) {
    PyTypeObject *type = Py_TYPE(obj);
    skr_table_free(((RulesTableObject *)obj)->table);
    type->tp_free(obj);
    Py_DECREF(type);
}

/* A rules search: the table, and the seed of its random digit order (0: none). */
typedef struct {
    const skr_table *t;
    uint64_t seed;
} RulesSearch;

/* Search: the rules solver (rules.c) on values checked to be at most n. */
static int rules_solve_cells(const void *ctx, const uint8_t *cells, int limit, uint8_t *solution,
                             uint64_t *guesses, sk_stop *stop) {
    const RulesSearch *rs = (const RulesSearch *)ctx;
    return limit_count(skr_solve(rs->t, cells, limit, solution, guesses, stop, rs->seed), stop);
}

/* The index of the first of `size` values above n, or -1. */
static int value_above(const uint8_t *cells, int size, int n) {
    for (int i = 0; i < size; i++)
        if (cells[i] > n) return i;
    return -1;
}

static PyObject *rules_solve(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"cells", "limit", "seconds", "stop", "seed", NULL};
    PyObject *module = PyType_GetModule(Py_TYPE(self));
    RulesSearch rs = {((RulesTableObject *)self)->table, 0};
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
    if (!as_seed(seed_obj, &rs.seed)) goto done;
    int n = skr_table_n(rs.t), size = skr_table_ncells(rs.t);
    if (cells.len != size) {
        PyErr_Format(PyExc_ValueError, "cells must hold %d values, not %zd", size, cells.len);
        goto done;
    }
    int above = value_above((const uint8_t *)cells.buf, size, n);
    if (above >= 0) {
        PyErr_Format(PyExc_ValueError, "cell %d holds %d, more than n = %d", above,
                     ((const uint8_t *)cells.buf)[above], n);
        goto done;
    }
    Search search = {rules_solve_cells, &rs};
    result = table_solve_one(module, &cs, &search, (const uint8_t *)cells.buf, limit, seconds, size);
done:
    call_stop_release(&cs);
    PyBuffer_Release(&cells);
    return result;
}

static PyObject *rules_solve_many(PyObject *self, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"puzzles", "limit", "seconds", "stop", NULL};
    PyObject *module = PyType_GetModule(Py_TYPE(self));
    RulesSearch rs = {((RulesTableObject *)self)->table, 0};
    PyObject *puzzles_obj, *limit_obj, *seconds_obj = NULL, *stop_obj = NULL;
    if (!module) return NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO|OO:solve_many", keywords, &puzzles_obj, &limit_obj,
                                     &seconds_obj, &stop_obj))
        return NULL;
    Search search = {rules_solve_cells, &rs};
    return table_solve_many(module, &search, skr_table_n(rs.t), skr_table_ncells(rs.t), puzzles_obj, limit_obj,
                            seconds_obj, stop_obj);
}

static PyObject *rules_get_n(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(skr_table_n(((RulesTableObject *)self)->table));
}

static PyObject *rules_get_ncells(PyObject *self, void *closure) {
    (void)closure;
    return PyLong_FromLong(skr_table_ncells(((RulesTableObject *)self)->table));
}

static PyGetSetDef rules_getset[] = {
    {"n", rules_get_n, NULL, "digits 1..n", NULL},
    {"ncells", rules_get_ncells, NULL, "the number of cells", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef rules_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))rules_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(cells, limit, seconds=0, stop=None, seed=0) -> (count, first solution bytes or None, guesses)\n\n"
     "Count the solutions of ncells values (bytes, 0 = empty) up to limit; 0 when the givens break a\n"
     "rule, -4 when the time limit ran out. seed != 0 tries the digits of each guess in a random order\n"
     "(an empty grid then gives a random solution grid). ValueError for a wrong length or a value\n"
     "above n; stop as in sudokit._core.solve (sudokit.errors.Stopped)."},
    {"solve_many", (PyCFunction)(void (*)(void))rules_solve_many, METH_VARARGS | METH_KEYWORDS,
     "solve_many(puzzles, limit, seconds=0, stop=None) -> (counts, solutions)\n\n"
     "Solve a batch of bytes puzzles with the GIL released; count -1 for a puzzle of the wrong length\n"
     "or with a value above n, -4 for one that ran out of time (seconds per puzzle)."},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot rules_slots[] = {
    {Py_tp_new, (void *)rules_new},
    {Py_tp_dealloc, (void *)rules_dealloc},
    {Py_tp_methods, rules_methods},
    {Py_tp_getset, rules_getset},
    {Py_tp_doc,
     "RulesTable(n, ncells, regions, differ=(), adjacent=(), cages=())\n\n"
     "A compiled, immutable set of rules for the generic solver (rules.c): digits 1..n (2..64) in\n"
     "ncells cells (up to 4096). regions: sequences of cells holding different digits (one of n\n"
     "cells holds every digit); differ: (a, b) pairs of different digits; adjacent: (a, b) pairs\n"
     "whose digits are not consecutive; cages: (cells, total) of different digits summing to total\n"
     "(0: no sum). ValueError for a spec out of range. Safe to share between threads."},
    {0, NULL},
};

PyType_Spec rules_spec = {
    .name = "sudokit._core.RulesTable",
    .basicsize = sizeof(RulesTableObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = rules_slots,
};
