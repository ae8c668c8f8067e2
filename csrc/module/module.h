/* module.h - what the files of csrc/module/ (the Python binding, module sudokit._core) share.
 *
 * Only the files of csrc/module/ include Python.h (through this header); the rest of csrc is
 * plain C. core.c holds the module definition and the shared helpers declared here (argument
 * parsing, stopping by time, flag or Ctrl-C, solving one puzzle or a batch with the GIL
 * released); the other files hold the functions of one subsystem each:
 *
 *     solve.c    solve, solve_lines, solve_array (solve/bitboard9.c, solve/nxn.c)
 *     make.c     gen9_dig, gen9_fill, gen9_cbg, gen9_is_minimal, canon9, canon9_lines (make/)
 *     se.c       human9_find, human9_names, rate9 (se/: Sudoku Explainer's techniques)
 *     hodoku.c   hodoku_ported, hodoku_find, hodoku_path (hodoku/)
 *     rules.c    the RulesTable type (solve/rules.c)
 *     constraints.c  the ConstraintTable type (solve/constraints.c)
 *     table.c    what the two table types share (spec lists, solve, solve_many, getters)
 *
 * The names declared here have hidden visibility: the extension exports only PyInit__core.
 */
#ifndef SUDOKIT_MODULE_H
#define SUDOKIT_MODULE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>

#include "common/stop.h"

#pragma GCC visibility push(hidden)

/* The count of a puzzle whose search ran out of time (beside lineparse.h's statuses). */
enum { SK_LIMIT = -4 };

typedef struct {
    PyObject *shape_error;        /* sudokit.errors.ShapeError */
    PyObject *wrong_length_error; /* sudokit.errors.WrongLengthError */
    PyObject *stopped_error;      /* sudokit.errors.Stopped */
    PyObject *rules_error;        /* sudokit.errors.RulesError */
    unsigned long main_thread;    /* the thread that imported the module (Ctrl-C arrives there) */
} CoreState;

static inline CoreState *core_state(PyObject *module) { return (CoreState *)PyModule_GetState(module); }

/* What the poll callback of a call made without the GIL looks at: the caller's stop flag (one
 * byte of a buffer another thread sets; read without the GIL) and, in the main thread only,
 * Python's signal handlers (Ctrl-C).  One per call, on the caller's stack. */
typedef struct {
    PyThreadState *saved;         /* this thread's state while the GIL is released */
    const volatile uint8_t *flag; /* the stop flag (nonzero: stop); NULL: none given */
    int signals;                  /* 1: run the signal handlers (the main thread) */
    int flagged;                  /* set to 1 when the flag stopped the call */
    Py_buffer view;               /* the flag's buffer, held for the call */
} CallStop;

/* A solver the binding calls with the GIL released, on cells it has checked: the count,
 * SK_LIMIT when the time ran out, or -1 when out of memory (a stop by Ctrl-C leaves
 * stop->stopped at SK_STOP_POLL). */
typedef struct {
    int (*solve)(const void *ctx, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                 sk_stop *stop);
    const void *ctx;
} Search;

/* Where a batch finds puzzle i, called with the GIL released: SK_OK with *cells pointing at
 * its cells, or the status that is the puzzle's count (malformed, a broken given). */
typedef int (*BatchPuzzle)(void *ctx, Py_ssize_t i, const uint8_t **cells);

/* Puzzles of a batch between two looks at the clock (for Ctrl-C) outside the searches. */
#define BATCH_CHECK_EVERY 16

/* A batch: its puzzles as a tuple of our own (it keeps them alive and unchanged while the GIL
 * is released), the run's options, and room for the counts and solutions. */
typedef struct {
    PyObject *items;
    Py_ssize_t count;
    int *counts;
    uint8_t *solutions;
    int size; /* bytes a solution */
    int limit;
    double seconds;
    CallStop cs;
} BatchRoom;

/* One puzzle of a line batch: its text (NULL when already known malformed). */
typedef struct {
    const char *text;
    Py_ssize_t len;
} LineRef;

/* ---- shared helpers (core.c; line_refs: solve.c) ----------------------------------- */

int as_integer(PyObject *obj, const char *name, long long *out);
/* An int from a Python integer, saturated into int's range (the caller checks the range). */
int as_int(PyObject *obj, const char *name, int *out);
int as_shape(CoreState *st, PyObject *rows_obj, PyObject *cols_obj, int *rows, int *cols);
int as_optional_shape(CoreState *st, PyObject *rows_obj, PyObject *cols_obj, int *rows, int *cols);
void raise_wrong_length(CoreState *st, Py_ssize_t found, const char *expected);
double monotonic_deadline(double seconds);
int call_stop_init(CallStop *cs, PyObject *module, PyObject *stop_obj);
void call_stop_release(CallStop *cs);
int (*call_poll(const CallStop *cs))(void *);
void raise_stopped(PyObject *module, const CallStop *cs);
int as_seconds(PyObject *obj, double *out);
void stop_init(sk_stop *stop, CallStop *cs);
int run_options(PyObject *module, PyObject *limit_obj, PyObject *seconds_obj, PyObject *stop_obj,
                int *limit, double *seconds, CallStop *cs);
int run_failed(PyObject *module, const CallStop *cs, const sk_stop *stop, int out_of_memory);
int limit_count(int count, sk_stop *stop);
PyObject *solve_result(int count, const uint8_t *solution, int size, uint64_t guesses);
PyObject *solve_one(PyObject *module, CallStop *cs, const Search *search, const uint8_t *cells,
                    int limit, double seconds, uint8_t *solution, int size);
void batch_close(BatchRoom *room);
int batch_open(BatchRoom *room, PyObject *module, PyObject *puzzles_obj, PyObject *limit_obj,
               PyObject *seconds_obj, PyObject *stop_obj, int size);
int run_batch(PyObject *module, BatchRoom *room, const Search *search, BatchPuzzle puzzle, void *ctx,
              uint8_t *solutions);
PyObject *batch_result(const BatchRoom *room, int text);
/* A solve call's seed (None or absent: 0); 0 with TypeError set when it is not an integer. */
int as_seed(PyObject *obj, uint64_t *seed);
/* solve_one of a compiled table, with a solution buffer of size cells for the call. */
PyObject *table_solve_one(PyObject *module, CallStop *cs, const Search *search, const uint8_t *cells,
                          int limit, double seconds, int size);
/* solve_many of a compiled table (RulesTable, ConstraintTable): every puzzle of n-digit values in
 * size cells copied with the GIL held, then solved by search with it released; a puzzle of the
 * wrong length or with a value above n counts -1. */
PyObject *table_solve_many(PyObject *module, const Search *search, int n, int size, PyObject *puzzles_obj,
                           PyObject *limit_obj, PyObject *seconds_obj, PyObject *stop_obj);
int line_refs(PyObject *items, Py_ssize_t count, LineRef *refs);
/* (status, steps) of a rating path: each of the count steps (of step_size bytes from path) made
 * a tuple by item; NULL with an error set. */
PyObject *path_result(int status, const void *path, size_t step_size, int count,
                      PyObject *(*item)(const void *step));

/* ---- compiled tables (table.c): RulesTable and ConstraintTable ---------------------- */

/* A growable list of integers (PyMem), what a table's spec is gathered into. */
typedef struct {
    int64_t *items;
    Py_ssize_t len, cap;
} Ints;

/* Append v; 0 with MemoryError set when out of memory. */
int ints_push(Ints *list, int64_t v);
/* Append the integers of the sequence obj (each read by as_integer, named `item` in a
 * TypeError): 1; 0 with an error set; -1 with none set when obj is no sequence (the caller
 * names it). */
int ints_extend(PyObject *obj, const char *item, Ints *out);
/* The list as a PyMem array of ints (saturated into int's range); NULL with MemoryError. */
int *ints_as_int(const Ints *list);
/* PySequence_Fast of obj, or NULL with "<what> must be a sequence" (TypeError). */
PyObject *sequence_or_error(PyObject *obj, const char *what);
/* A table build's error message raised: MemoryError for "out of memory", else error_class. */
void table_refused(PyObject *error_class, const char *error);

/* What a table type supplies to the shared methods. */
typedef struct {
    /* the search: count of solutions up to limit (or a status), as limit_count takes it */
    int (*solve)(const void *table, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                 sk_stop *stop, uint64_t seed);
    int (*n)(const void *table);
    int (*ncells)(const void *table);
    void (*free)(void *table);
    /* 1 when cells (a solve call's argument) may be searched; 0 with the type's error set */
    int (*check_cells)(PyObject *module, const void *table, const Py_buffer *cells);
} TableOps;

/* A compiled table: immutable, shareable between threads (each call has its own memory). */
typedef struct {
    PyObject_HEAD
    const TableOps *ops;
    void *table;
} TableObject;

/* A new object of type holding table (freed by ops->free when the object cannot be made). */
PyObject *table_object_new(PyTypeObject *type, const TableOps *ops, void *table);
void table_dealloc(PyObject *obj);
/* solve(cells, limit, seconds=0, stop=None, seed=0) and solve_many(puzzles, limit, seconds=0,
 * stop=None) of both table types. */
PyObject *table_solve(PyObject *obj, PyObject *args, PyObject *kwargs);
PyObject *table_solve_many_method(PyObject *obj, PyObject *args, PyObject *kwargs);
/* The n and ncells getters. */
extern PyGetSetDef table_getset[];
/* A table type's slots and spec (exported as `spec`): its constructor, methods and docstring;
 * the object, getters and dealloc are the shared ones above. */
#define TABLE_TYPE(spec, type_name, constructor, methods, doc)                                        \
    static PyType_Slot spec##_slots[] = {                                                             \
        {Py_tp_new, (void *)(constructor)}, {Py_tp_dealloc, (void *)table_dealloc},                   \
        {Py_tp_methods, (methods)},        {Py_tp_getset, table_getset},                              \
        {Py_tp_doc, (doc)},                {0, NULL},                                                 \
    };                                                                                                \
    PyType_Spec spec = {                                                                              \
        .name = (type_name),                                                                          \
        .basicsize = sizeof(TableObject),                                                             \
        .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,                                       \
        .slots = spec##_slots,                                                                        \
    }

/* The method-table entries of solve (with the type's docstring) and solve_many of both types. */
#define TABLE_SOLVE_METHODS(solve_doc)                                                                \
    {"solve", (PyCFunction)(void (*)(void))table_solve, METH_VARARGS | METH_KEYWORDS, (solve_doc)},   \
    {"solve_many", (PyCFunction)(void (*)(void))table_solve_many_method, METH_VARARGS | METH_KEYWORDS, \
     "solve_many(puzzles, limit, seconds=0, stop=None) -> (counts, solutions)\n\n"                     \
     "Solve a batch of bytes puzzles with the GIL released; count -1 for a puzzle of the wrong length\n" \
     "or with a value above n, -4 for one that ran out of time (seconds per puzzle)."}

/* ---- the module's functions (the method table in core.c) --------------------------- */
/* (One prototype a function, alike by nature: the binding's signatures.) */

/* solve.c */
PyObject *core_solve(PyObject *module, PyObject *args, PyObject *kwargs);
PyObject *core_solve_lines(PyObject *module, PyObject *args, PyObject *kwargs);
PyObject *core_solve_array(PyObject *module, PyObject *args, PyObject *kwargs);
/* make.c */
PyObject *core_gen9_dig(PyObject *module, PyObject *args);
PyObject *core_gen9_fill(PyObject *module, PyObject *args);
PyObject *core_gen9_cbg(PyObject *module, PyObject *args);
PyObject *core_gen9_is_minimal(PyObject *module, PyObject *args);
PyObject *core_canon9(PyObject *module, PyObject *args);
PyObject *core_canon9_lines(PyObject *module, PyObject *args, PyObject *kwargs);
/* se.c */
PyObject *core_human9_find(PyObject *module, PyObject *args);
PyObject *core_human9_names(PyObject *module, PyObject *unused);
PyObject *core_rate9(PyObject *module, PyObject *args);
/* hodoku.c */
PyObject *core_hodoku_ported(PyObject *module, PyObject *unused);
PyObject *core_hodoku_find(PyObject *module, PyObject *args);
PyObject *core_hodoku_path(PyObject *module, PyObject *args, PyObject *kwargs);
/* rules.c: the RulesTable type */
extern PyType_Spec rules_spec;
/* constraints.c: the ConstraintTable type */
extern PyType_Spec constraint_table_spec;

#pragma GCC visibility pop

#endif
