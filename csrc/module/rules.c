/* rules.c - the RulesTable type of sudokit._core: the generic rules solver (solve/rules.c) for
 * variants, an immutable compiled table shareable between threads. */

#include "module/module.h" /* first: Python.h before any standard header */

#include <string.h>

#include "common/lineparse.h"
#include "solve/rules.h"

/* ---- RulesTable (rules.c) ------------------------------------------------------ */

/* The cells of item `index` of a list of `what`s (regions, pairs, cages) appended to out. */
static int push_cells(PyObject *obj, const char *what, Py_ssize_t index, Ints *out) {
    Py_ssize_t before = out->len;
    int ok = ints_extend(obj, "a cell", out);
    if (ok < 0)
        PyErr_Format(PyExc_TypeError, "%s %zd must be a sequence of cell numbers, not %.100s", what, index,
                     Py_TYPE(obj)->tp_name);
    else if (ok && out->len - before > SKR_MAX_CELLS)
        PyErr_Format(PyExc_ValueError, "%s %zd has %zd cells, more than 64", what, index, out->len - before);
    return ok > 0 && out->len - before <= SKR_MAX_CELLS;
}

/* Lists of cells (regions): items and starts (count + 1). */
static int as_lists(PyObject *obj, const char *what, Ints *items, Ints *starts) {
    PyObject *seq = sequence_or_error(obj, "regions");
    if (!seq) return 0;
    int ok = ints_push(starts, 0);
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++)
        ok = push_cells(PySequence_Fast_GET_ITEM(seq, i), what, i, items) && ints_push(starts, items->len);
    Py_DECREF(seq);
    return ok;
}

/* Pairs (a, b), flattened. */
static int as_pairs(PyObject *obj, const char *what, Ints *out) {
    PyObject *seq = sequence_or_error(obj, what);
    if (!seq) return 0;
    int ok = 1;
    for (Py_ssize_t i = 0; ok && i < PySequence_Fast_GET_SIZE(seq); i++) {
        Py_ssize_t before = out->len;
        ok = push_cells(PySequence_Fast_GET_ITEM(seq, i), what, i, out);
        if (ok && out->len - before != 2) {
            PyErr_Format(PyExc_ValueError, "%s pair %zd must hold 2 cells, not %zd", what, i, out->len - before);
            ok = 0;
        }
    }
    Py_DECREF(seq);
    return ok;
}

/* Cages (cells, total). */
static int as_cages(PyObject *obj, Ints *items, Ints *starts, Ints *totals) {
    PyObject *seq = sequence_or_error(obj, "cages");
    if (!seq) return 0;
    int ok = ints_push(starts, 0);
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
        long long total = 0;
        if (PySequence_Fast_GET_SIZE(pair) != 2) {
            PyErr_Format(PyExc_ValueError, "cage %zd must be a (cells, total) pair", i);
            ok = 0;
        } else {
            ok = push_cells(PySequence_Fast_GET_ITEM(pair, 0), "cage", i, items) &&
                 as_integer(PySequence_Fast_GET_ITEM(pair, 1), "a cage total", &total) &&
                 ints_push(starts, items->len) && ints_push(totals, (int64_t)total);
        }
        Py_DECREF(pair);
    }
    Py_DECREF(seq);
    return ok;
}

/* The index of the first of `size` values above n, or -1. */
static int value_above(const uint8_t *cells, int size, int n) {
    for (int i = 0; i < size; i++)
        if (cells[i] > n) return i;
    return -1;
}

/* A solve call's cells: exactly ncells values of at most n (ValueError otherwise). */
static int rules_check_cells(PyObject *module, const void *table, const Py_buffer *cells) {
    (void)module;
    int n = skr_table_n(table), size = skr_table_ncells(table);
    if (cells->len != size) {
        PyErr_Format(PyExc_ValueError, "cells must hold %d values, not %zd", size, cells->len);
        return 0;
    }
    int above = value_above((const uint8_t *)cells->buf, size, n);
    if (above >= 0) {
        PyErr_Format(PyExc_ValueError, "cell %d holds %d, more than n = %d", above,
                     ((const uint8_t *)cells->buf)[above], n);
        return 0;
    }
    return 1;
}

static int rules_n(const void *table) { return skr_table_n(table); }
static int rules_ncells(const void *table) { return skr_table_ncells(table); }
static void rules_free(void *table) { skr_table_free(table); }
static int rules_solve(const void *table, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                       sk_stop *stop, uint64_t seed) {
    return skr_solve(table, cells, limit, solution, guesses, stop, seed);
}

static const TableOps rules_ops = {rules_solve, rules_n, rules_ncells, rules_free, rules_check_cells};

static PyObject *rules_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"n", "ncells", "regions", "differ", "adjacent", "cages", NULL};
    PyObject *n_obj, *ncells_obj, *regions_obj, *differ_obj = NULL, *adjacent_obj = NULL, *cages_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|OOO:RulesTable", keywords, &n_obj, &ncells_obj,
                                     &regions_obj, &differ_obj, &adjacent_obj, &cages_obj))
        return NULL;
    int n, ncells;
    if (!as_int(n_obj, "n", &n) || !as_int(ncells_obj, "ncells", &ncells)) return NULL;
    enum { REG, REG_START, DIFFER, ADJACENT, CAGE, CAGE_START, TOTALS, LISTS };
    Ints list[LISTS] = {{0}};
    int *as_ints[LISTS] = {0};
    PyObject *result = NULL;
    if (!as_lists(regions_obj, "region", &list[REG], &list[REG_START])) goto done;
    if (differ_obj && differ_obj != Py_None && !as_pairs(differ_obj, "differ", &list[DIFFER])) goto done;
    if (adjacent_obj && adjacent_obj != Py_None && !as_pairs(adjacent_obj, "adjacent", &list[ADJACENT]))
        goto done;
    if (cages_obj && cages_obj != Py_None ? !as_cages(cages_obj, &list[CAGE], &list[CAGE_START], &list[TOTALS])
                                          : !ints_push(&list[CAGE_START], 0))
        goto done;
    for (int k = 0; k < LISTS; k++)
        if (!(as_ints[k] = ints_as_int(&list[k]))) goto done;
    skr_spec spec = {
        .n = n,
        .ncells = ncells,
        .nregions = (int)list[REG_START].len - 1,
        .region_start = as_ints[REG_START],
        .region_cells = as_ints[REG],
        .ndiffer = (int)(list[DIFFER].len / 2),
        .differ = as_ints[DIFFER],
        .nadjacent = (int)(list[ADJACENT].len / 2),
        .adjacent = as_ints[ADJACENT],
        .ncages = (int)list[CAGE_START].len - 1,
        .cage_start = as_ints[CAGE_START],
        .cage_cells = as_ints[CAGE],
        .cage_total = as_ints[TOTALS],
    };
    char error[160];
    skr_table *table;
    Py_BEGIN_ALLOW_THREADS
    table = skr_table_new(&spec, error, sizeof error);
    Py_END_ALLOW_THREADS
    if (!table) table_refused(PyExc_ValueError, error);
    else result = table_object_new(type, &rules_ops, table);
done:
    for (int k = 0; k < LISTS; k++) {
        PyMem_Free(list[k].items);
        PyMem_Free(as_ints[k]);
    }
    return result;
}

static PyMethodDef rules_methods[] = {
    TABLE_SOLVE_METHODS(
     "solve(cells, limit, seconds=0, stop=None, seed=0) -> (count, first solution bytes or None, guesses)\n\n"
     "Count the solutions of ncells values (bytes, 0 = empty) up to limit; 0 when the givens break a\n"
     "rule, -4 when the time limit ran out. seed != 0 tries the digits of each guess in a random order\n"
     "(an empty grid then gives a random solution grid). ValueError for a wrong length or a value\n"
     "above n; stop as in sudokit._core.solve (sudokit.errors.Stopped)."),
    {NULL, NULL, 0, NULL},
};

TABLE_TYPE(rules_spec, "sudokit._core.RulesTable", rules_new, rules_methods,
     "RulesTable(n, ncells, regions, differ=(), adjacent=(), cages=())\n\n"
     "A compiled, immutable set of rules for the generic solver (rules.c): digits 1..n (2..64) in\n"
     "ncells cells (up to 4096). regions: sequences of cells holding different digits (one of n\n"
     "cells holds every digit); differ: (a, b) pairs of different digits; adjacent: (a, b) pairs\n"
     "whose digits are not consecutive; cages: (cells, total) of different digits summing to total\n"
     "(0: no sum). ValueError for a spec out of range. Safe to share between threads.");
