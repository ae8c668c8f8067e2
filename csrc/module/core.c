/* _core.c - the Python binding of sudokit's C core: module sudokit._core.
 *
 * The only file that includes Python.h.  It exposes the same three functions as
 * sudokit/reference.py, with the same signatures, results and status codes:
 *
 *     solve(cells, box_rows, box_cols, limit, seconds=0) -> (count, first solution | None, guesses)
 *     solve_lines(puzzles, limit, box_rows=3, box_cols=3, seconds=0) -> (counts, solutions)
 *     solve_array(puzzles, out, counts, limit, box_rows=3, box_cols=3, seconds=0) -> None
 *
 * `seconds` is a time limit per puzzle (0: none): a puzzle that runs out of time gets the
 * count SK_LIMIT (-4).  In the main thread every search also polls Python's signal handlers
 * about every 50 ms (see poll_call), so Ctrl-C stops a long call with KeyboardInterrupt.
 * Every call that runs without the GIL also takes an optional `stop`: a buffer whose first
 * byte another thread sets to stop it (sudokit.limits.Stop.buffer); it is read at the same
 * polls, without the GIL, and the call then raises sudokit.errors.Stopped.  That is how Ctrl-C,
 * seen by the main thread, reaches the calls running in worker threads.
 * 3x3 boxes go to sk9_solve (bitboard9.c), every other shape to sknn_solve (nxn.c).
 * RulesTable (rules.c) is the generic rules solver for variants: an immutable compiled table
 * (regions, differ pairs, non-consecutive pairs, cages) with solve(cells, limit, seconds, stop,
 * seed) and solve_many(puzzles, limit, seconds, stop), shareable between threads.
 * The batch functions gather their inputs with the GIL held, solve the whole batch
 * with the GIL released, then build their results.  Errors are raised with the
 * classes of sudokit.errors (ShapeError, WrongLengthError), kept in module state,
 * or as plain TypeError for arguments of the wrong type.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <limits.h>
#include <string.h>
#include <time.h>

#include "solve/bitboard9.h"
#include "make/canon.h"
#include "make/generate.h"
#include "hodoku/hodoku9.h"
#include "se/human9.h"
#include "common/lineparse.h"
#include "solve/nxn.h"
#include "solve/rules.h"
#include "common/stop.h"

/* The count of a puzzle whose search ran out of time (beside lineparse.h's statuses). */
enum { SK_LIMIT = -4 };

/* ---- module state ------------------------------------------------------------ */

typedef struct {
    PyObject *shape_error;        /* sudokit.errors.ShapeError */
    PyObject *wrong_length_error; /* sudokit.errors.WrongLengthError */
    PyObject *stopped_error;      /* sudokit.errors.Stopped */
    unsigned long main_thread;    /* the thread that imported the module (Ctrl-C arrives there) */
} CoreState;

static inline CoreState *core_state(PyObject *module) { return (CoreState *)PyModule_GetState(module); }

/* The characters naming digits 1..35 (sudokit.formats.reader.DIGIT_CHARS). */
static const char kDigitChars[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* ---- argument helpers -------------------------------------------------------- */

/* An integer argument as a long long, saturated at the ends of the range (a huge
 * limit means "no limit", a huge box side is an unsupported shape all the same).
 * TypeError for anything that is not an integer. */
static int as_integer(PyObject *obj, const char *name, long long *out) {
    if (!PyIndex_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be an integer, not %.100s", name, Py_TYPE(obj)->tp_name);
        return 0;
    }
    PyObject *index = PyNumber_Index(obj);
    if (!index) return 0;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
    Py_DECREF(index);
    if (v == -1 && PyErr_Occurred()) return 0;
    if (overflow) v = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    *out = v;
    return 1;
}

/* The search limit: max(1, limit), clipped to what an int holds. */
static int as_limit(PyObject *obj, int *out) {
    long long v;
    if (!as_integer(obj, "limit", &v)) return 0;
    *out = v < 1 ? 1 : v > INT_MAX ? INT_MAX : (int)v;
    return 1;
}

/* Check a box shape as sudokit.units.Shape does; raise ShapeError if unsupported. */
static int as_shape(CoreState *st, PyObject *rows_obj, PyObject *cols_obj, int *rows, int *cols) {
    long long r, c;
    if (!as_integer(rows_obj, "box_rows", &r) || !as_integer(cols_obj, "box_cols", &c)) return 0;
    if (r < 1 || c < 1 || r > 64 || c > 64 || r * c > 64) {
        char message[160]; /* UTF-8: the same words as sudokit.units.Shape */
        snprintf(message, sizeof message,
                 "unsupported box shape %lldx%lld (box sides must be at least 1 and N = rows\xc2\xb7" "cols "
                 "at most 64)",
                 r, c);
        PyErr_SetString(st->shape_error, message);
        return 0;
    }
    if (r * c < 2) {
        PyErr_SetString(st->shape_error, "a grid needs N of at least 2");
        return 0;
    }
    *rows = (int)r;
    *cols = (int)c;
    return 1;
}

/* The optional box_rows/box_cols keywords of the batch calls: a missing one means 3. */
static int as_optional_shape(CoreState *st, PyObject *rows_obj, PyObject *cols_obj, int *rows, int *cols) {
    *rows = *cols = 3;
    if (!rows_obj && !cols_obj) return 1;
    PyObject *three = PyLong_FromLong(3);
    if (!three) return 0;
    int ok = as_shape(st, rows_obj ? rows_obj : three, cols_obj ? cols_obj : three, rows, cols);
    Py_DECREF(three);
    return ok;
}

/* Raise WrongLengthError(found, expected=...). */
static void raise_wrong_length(CoreState *st, Py_ssize_t found, const char *expected) {
    PyObject *args = Py_BuildValue("(n)", found);
    PyObject *kwargs = args ? Py_BuildValue("{s:s}", "expected", expected) : NULL;
    PyObject *exc = kwargs ? PyObject_Call(st->wrong_length_error, args, kwargs) : NULL;
    if (exc) {
        PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
        Py_DECREF(exc);
    }
    Py_XDECREF(args);
    Py_XDECREF(kwargs);
}

/* ---- stopping: time limits and Ctrl-C ----------------------------------------- */

static double monotonic_deadline(double seconds) {
    if (seconds <= 0) return 0;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 + seconds;
}

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

/* sk_stop.poll and hm_ctx.poll: nonzero when the call must stop, i.e. the flag is set or (in the
 * main thread) a signal handler raised, whose exception is then set. Takes the GIL for a
 * moment in the main thread only, so worker threads never wait for it mid-search. */
static int poll_call(void *arg) {
    CallStop *cs = (CallStop *)arg;
    if (cs->flag && *cs->flag) {
        cs->flagged = 1;
        return 1;
    }
    if (!cs->signals) return 0;
    PyEval_RestoreThread(cs->saved);
    int stop = PyErr_CheckSignals() < 0;
    cs->saved = PyEval_SaveThread();
    return stop;
}

/* Start a call's CallStop from its optional `stop` argument (NULL or None: no flag; else a
 * buffer of at least one byte).  0 with an exception set when the argument is neither. */
static int call_stop_init(CallStop *cs, PyObject *module, PyObject *stop_obj) {
    memset(cs, 0, sizeof *cs);
    cs->signals = PyThread_get_thread_ident() == core_state(module)->main_thread;
    if (!stop_obj || stop_obj == Py_None) return 1;
    if (PyObject_GetBuffer(stop_obj, &cs->view, PyBUF_SIMPLE) < 0) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "stop must be None or a buffer (a bytearray), not %.100s",
                     Py_TYPE(stop_obj)->tp_name);
        return 0;
    }
    if (cs->view.len < 1) {
        PyBuffer_Release(&cs->view);
        PyErr_SetString(PyExc_ValueError, "stop must hold at least one byte");
        return 0;
    }
    cs->flag = (const volatile uint8_t *)cs->view.buf;
    return 1;
}

/* Let go of the stop flag's buffer (with the GIL). */
static void call_stop_release(CallStop *cs) {
    if (cs->flag) PyBuffer_Release(&cs->view);
    cs->flag = NULL;
}

/* The poll callback of a call: NULL when there is nothing to poll (no flag, not the main thread). */
static int (*call_poll(const CallStop *cs))(void *) { return cs->flag || cs->signals ? poll_call : NULL; }

/* After a call stopped by its poll (with the GIL): raise Stopped when the flag stopped it (a
 * signal handler's exception is already set otherwise). */
static void raise_stopped(PyObject *module, const CallStop *cs) {
    if (cs->flagged) PyErr_SetString(core_state(module)->stopped_error, "stopped");
}

/* A time limit argument: a number of seconds, 0 (or less) for none; ValueError for NaN. */
static int as_seconds(PyObject *obj, double *out) {
    if (!obj || obj == Py_None) {
        *out = 0;
        return 1;
    }
    double v = PyFloat_AsDouble(obj);
    if (v == -1.0 && PyErr_Occurred()) return 0;
    if (v != v) {
        PyErr_SetString(PyExc_ValueError, "seconds must be a number, not NaN");
        return 0;
    }
    *out = v > 0 ? v : 0;
    return 1;
}

/* A stop for a solver called with the GIL released, polling what `cs` says. */
static void stop_init(sk_stop *stop, CallStop *cs) {
    memset(stop, 0, sizeof *stop);
    stop->poll = call_poll(cs);
    stop->arg = cs;
    stop->next_poll = sk_now() + SK_POLL_SECONDS;
}

/* ---- solving without the GIL ----------------------------------------------- */

/* The limit, seconds and stop arguments of every solving call; 0 with an exception set (and
 * nothing held in `cs`) when one is wrong. */
static int run_options(PyObject *module, PyObject *limit_obj, PyObject *seconds_obj, PyObject *stop_obj,
                       int *limit, double *seconds, CallStop *cs) {
    memset(cs, 0, sizeof *cs);
    return as_limit(limit_obj, limit) && as_seconds(seconds_obj, seconds) && call_stop_init(cs, module, stop_obj);
}

/* After a run without the GIL (with the GIL again): 1 with an exception set when the run was
 * stopped by its poll (the flag; or Ctrl-C, whose exception the signal handler has set) or ran
 * out of memory. */
static int run_failed(PyObject *module, const CallStop *cs, const sk_stop *stop, int out_of_memory) {
    if (stop->stopped == SK_STOP_POLL) {
        raise_stopped(module, cs);
        return 1;
    }
    if (out_of_memory) {
        PyErr_NoMemory();
        return 1;
    }
    return 0;
}

/* A solver the binding calls with the GIL released, on cells it has checked: the count,
 * SK_LIMIT when the time ran out, or -1 when out of memory (a stop by Ctrl-C leaves
 * stop->stopped at SK_STOP_POLL). */
typedef struct {
    int (*solve)(const void *ctx, const uint8_t *cells, int limit, uint8_t *solution, uint64_t *guesses,
                 sk_stop *stop);
    const void *ctx;
} Search;

/* A search's count as the binding reports it: SK_LIMIT when the puzzle's time ran out. */
static int limit_count(int count, sk_stop *stop) {
    if (count >= 0 && stop && stop->stopped == SK_STOP_TIME) {
        stop->stopped = SK_RUNNING; /* the next puzzle has its own time */
        return SK_LIMIT;
    }
    return count;
}

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

/* (count, first solution bytes or None, guesses): the solution once one was found (a time
 * limit may run out after the first). */
static PyObject *solve_result(int count, const uint8_t *solution, int size, uint64_t guesses) {
    if (count > 0 || (count == SK_LIMIT && solution && solution[0]))
        return Py_BuildValue("(iy#K)", count, (const char *)solution, (Py_ssize_t)size,
                             (unsigned long long)guesses);
    return Py_BuildValue("(iOK)", count, Py_None, (unsigned long long)guesses);
}

/* Solve one puzzle with the GIL released, counting guesses: its solve_result, or NULL with an
 * exception set (stopped, out of memory).  `solution` holds `size` bytes. */
static PyObject *solve_one(PyObject *module, CallStop *cs, const Search *search, const uint8_t *cells,
                           int limit, double seconds, uint8_t *solution, int size) {
    uint64_t guesses = 0;
    sk_stop stop;
    stop_init(&stop, cs);
    solution[0] = 0; /* no solution yet (a stop may come before the first) */
    cs->saved = PyEval_SaveThread();
    sk_stop_start(&stop, seconds);
    int count = search->solve(search->ctx, cells, limit, solution, &guesses, &stop);
    PyEval_RestoreThread(cs->saved);
    if (run_failed(module, cs, &stop, count == -1)) return NULL;
    return solve_result(count, solution, size, guesses);
}

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

/* Let go of what a BatchRoom holds. */
static void batch_close(BatchRoom *room) {
    PyMem_Free(room->counts);
    PyMem_Free(room->solutions);
    Py_CLEAR(room->items);
    room->counts = NULL;
    room->solutions = NULL;
    call_stop_release(&room->cs);
}

/* Open a BatchRoom for the puzzles and options of a batch call, solutions of `size` bytes; 0
 * with an exception set (nothing held). */
static int batch_open(BatchRoom *room, PyObject *module, PyObject *puzzles_obj, PyObject *limit_obj,
                      PyObject *seconds_obj, PyObject *stop_obj, int size) {
    memset(room, 0, sizeof *room);
    room->size = size;
    if (!run_options(module, limit_obj, seconds_obj, stop_obj, &room->limit, &room->seconds, &room->cs)) return 0;
    room->items = PySequence_Tuple(puzzles_obj);
    if (room->items) {
        room->count = PyTuple_GET_SIZE(room->items);
        size_t slots = (size_t)(room->count ? room->count : 1);
        room->counts = (int *)PyMem_Malloc(slots * sizeof(int));
        room->solutions = (uint8_t *)PyMem_Malloc(slots * (size_t)size);
        if (room->counts && room->solutions) return 1;
        PyErr_NoMemory();
    }
    batch_close(room);
    return 0;
}

/* Solve the room's puzzles with the GIL released, each with its own time: counts[i], and
 * solution i when counts[i] > 0 (written to `solutions`, or the room's when NULL).  0 with an
 * exception set when the batch was stopped or ran out of memory. */
static int run_batch(PyObject *module, BatchRoom *room, const Search *search, BatchPuzzle puzzle, void *ctx,
                     uint8_t *solutions) {
    CallStop *cs = &room->cs;
    int *counts = room->counts;
    size_t size = (size_t)room->size;
    if (!solutions) solutions = room->solutions;
    int out_of_memory = 0;
    sk_stop stop;
    stop_init(&stop, cs);
    cs->saved = PyEval_SaveThread();
    for (Py_ssize_t i = 0; i < room->count; i++) {
        if (i % BATCH_CHECK_EVERY == 0 && stop.poll && sk_stop_check(&stop)) break;
        const uint8_t *cells = NULL;
        counts[i] = puzzle(ctx, i, &cells);
        if (counts[i] != SK_OK) continue;
        sk_stop_start(&stop, room->seconds);
        counts[i] = search->solve(search->ctx, cells, room->limit, solutions + (size_t)i * size, NULL, &stop);
        if (counts[i] == -1) out_of_memory = 1;
        if (out_of_memory || stop.stopped) break;
    }
    PyEval_RestoreThread(cs->saved);
    return !run_failed(module, cs, &stop, out_of_memory);
}

/* A solution as a str of digit characters (sudokit.formats.reader.DIGIT_CHARS). */
static PyObject *solution_text(const uint8_t *solution, int size) {
    PyObject *s = PyUnicode_New(size, 127);
    if (!s) return NULL;
    Py_UCS1 *text = PyUnicode_1BYTE_DATA(s);
    for (int k = 0; k < size; k++) text[k] = (Py_UCS1)kDigitChars[solution[k] - 1];
    return s;
}

/* A batch's (counts, solutions) lists: solution i is None unless counts[i] > 0, else a str of
 * digit characters (`text`) or bytes. */
static PyObject *batch_result(const BatchRoom *room, int text) {
    Py_ssize_t count = room->count;
    const int *counts = room->counts;
    int size = room->size;
    PyObject *result = NULL, *counts_list = PyList_New(count);
    PyObject *solutions_list = counts_list ? PyList_New(count) : NULL;
    if (!solutions_list) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *c = PyLong_FromLong(counts[i]);
        if (!c) goto done;
        PyList_SET_ITEM(counts_list, i, c);
        const uint8_t *solution = room->solutions + (size_t)i * (size_t)size;
        PyObject *s = counts[i] <= 0 ? Py_NewRef(Py_None)
                      : text         ? solution_text(solution, size)
                                     : PyBytes_FromStringAndSize((const char *)solution, size);
        if (!s) goto done;
        PyList_SET_ITEM(solutions_list, i, s);
    }
    result = PyTuple_Pack(2, counts_list, solutions_list);
done:
    Py_XDECREF(counts_list);
    Py_XDECREF(solutions_list);
    return result;
}

/* ---- solve ------------------------------------------------------------------- */

static PyObject *core_solve(PyObject *module, PyObject *args, PyObject *kwargs) {
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

/* One puzzle of a line batch: its text (NULL when already known malformed). */
typedef struct {
    const char *text;
    Py_ssize_t len;
} LineRef;

/* Point refs[0..count) at the text of each item of a tuple of str/bytes puzzles (no copy; the
 * tuple keeps them alive). Non-ASCII text gets NULL (malformed whatever its length). Sets a
 * TypeError and returns -1 for an item of another type. */
static int line_refs(PyObject *items, Py_ssize_t count, LineRef *refs) {
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

static PyObject *core_solve_lines(PyObject *module, PyObject *args, PyObject *kwargs) {
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

static PyObject *core_solve_array(PyObject *module, PyObject *args, PyObject *kwargs) {
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

static PyObject *core_gen9_dig(PyObject *module, PyObject *args) {
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

static PyObject *core_gen9_fill(PyObject *module, PyObject *args) {
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

static PyObject *core_gen9_cbg(PyObject *module, PyObject *args) {
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

static PyObject *core_gen9_is_minimal(PyObject *module, PyObject *args) {
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

static PyObject *core_canon9(PyObject *module, PyObject *args) {
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
static PyObject *core_canon9_lines(PyObject *module, PyObject *args, PyObject *kwargs) {
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

/* ---- human-style techniques and SE rating (human9.h) -------------------------- */

/* A step as (name, difficulty in tenths, hodoku score or -1, placements, eliminations), the
 * last two tuples of (cell, digit) pairs in cell then digit order. */
static PyObject *step_tuple(const hm_step *step) {
    PyObject *place = PyList_New(0), *elim = PyList_New(0);
    if (!place || !elim) goto fail;
    for (int c = 0; c < 81; c++)
        for (int d = 1; d <= 9; d++) {
            uint16_t b = (uint16_t)(1u << (d - 1));
            PyObject *list = (step->place[c] & b) ? place : (step->elim[c] & b) ? elim : NULL;
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

static PyObject *core_human9_find(PyObject *module, PyObject *args) {
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
    hm_step step;
    hm_ctx ctx = {monotonic_deadline(seconds), 0, 0, call_poll(&cs), &cs, 0};
    hm_step_clear(&step);
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

static PyObject *core_human9_names(PyObject *module, PyObject *unused) {
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

static PyObject *core_rate9(PyObject *module, PyObject *args) {
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
    hm_step *path = PyMem_RawMalloc(sizeof(hm_step) * MAX_STEPS);
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
    PyObject *steps = PyTuple_New(count);
    for (int i = 0; steps && i < count; i++) {
        PyObject *item = step_tuple(&path[i]);
        if (!item) { Py_CLEAR(steps); break; }
        PyTuple_SET_ITEM(steps, i, item);
    }
    if (steps) result = Py_BuildValue("(iN)", status, steps);
    PyMem_RawFree(path);
    return result;
}

/* ---- HoDoKu's path (hodoku9*.c) ---------------------------------------------------- */

/* A HoDoKu step as (kind, name, placements, eliminations, cells); pairs are (cell, digit). */
static PyObject *hk_step_tuple(const hk_step *s) {
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

static PyObject *core_hodoku_ported(PyObject *module, PyObject *unused) {
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

static PyObject *core_hodoku_find(PyObject *module, PyObject *args) {
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
    hk_step *step = NULL;
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
    hk_step_start(step, kind, NULL);
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
 * (hk_step.name points into them). */
typedef struct {
    PyObject *callable;
    CallStop *cs;
    PyObject *names;
} HkExternal;

/* Read a sequence of (cell, digit) pairs into a step; 0 with an exception set if it is not that. */
static int hk_read_pairs(PyObject *obj, hk_step *out, int placements) {
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
        if (ok && placements) hk_step_place(out, cell, digit);
        else if (ok) hk_step_elim(out, cell, digit);
    }
    Py_DECREF(seq);
    return ok;
}

/* Read a step tuple (kind, name, placements, eliminations, cells) into out (its kind: `kind`);
 * 0 with an exception set if it is not one. */
static int hk_read_step(PyObject *item, int kind, hk_step *out, PyObject *names) {
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
    hk_step_start(out, kind, text);
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
        } else hk_step_cell(out, (int)c);
    }
    Py_DECREF(seq);
    return ok;
}

/* hk_external for the binding: call the Python finder (kind, givens, values, masks) with the
 * GIL taken back; 1 with *out written, 0 none, -1 with an exception set. */
static int hk_call_external(void *arg, int kind, hk_board *board, hk_step *out) {
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

static PyObject *core_hodoku_path(PyObject *module, PyObject *args, PyObject *kwargs) {
    static char *keywords[] = {"cells", "solution", "external", "seconds", "stop", "ask", NULL};
    Py_buffer cells, solution;
    PyObject *external = Py_None, *seconds_obj = NULL, *stop_obj = NULL, *ask_obj = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "y*y*|OOOO:hodoku_path", keywords, &cells, &solution,
                                     &external, &seconds_obj, &stop_obj, &ask_obj))
        return NULL;
    PyObject *result = NULL, *names = NULL;
    hk_step *path = NULL;
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
    path = PyMem_RawMalloc(sizeof(hk_step) * MAX_STEPS);
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
    PyObject *steps = PyTuple_New(count);
    for (int i = 0; steps && i < count; i++) {
        PyObject *item = hk_step_tuple(&path[i]);
        if (!item) { Py_CLEAR(steps); break; }
        PyTuple_SET_ITEM(steps, i, item);
    }
    if (steps) result = Py_BuildValue("(iN)", status, steps);
done:
    PyMem_RawFree(path);
    Py_XDECREF(names);
    PyBuffer_Release(&cells);
    PyBuffer_Release(&solution);
    return result;
}

/* ---- RulesTable (rules.c) ------------------------------------------------------ */

/* An immutable compiled rules table: several threads may solve with it at once (every call
 * has its own working memory, the table is read-only). */
typedef struct {
    PyObject_HEAD
    skr_table *table;
} RulesTableObject;

/* An int from a Python integer, saturated into int's range (out-of-range cells are then
 * reported by skr_table_new). */
static int as_int(PyObject *obj, const char *name, int *out) {
    long long v;
    if (!as_integer(obj, name, &v)) return 0;
    *out = v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
    return 1;
}

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
    uint8_t *solution = NULL;
    CallStop cs = {0};
    if (!run_options(module, limit_obj, seconds_obj, stop_obj, &limit, &seconds, &cs)) goto done;
    if (seed_obj && seed_obj != Py_None) {
        if (!PyLong_Check(seed_obj)) {
            PyErr_Format(PyExc_TypeError, "seed must be an integer, not %.100s", Py_TYPE(seed_obj)->tp_name);
            goto done;
        }
        rs.seed = (uint64_t)PyLong_AsUnsignedLongLongMask(seed_obj);
        if (rs.seed == (uint64_t)-1 && PyErr_Occurred()) goto done;
    }
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
    solution = (uint8_t *)PyMem_Malloc((size_t)size);
    if (!solution) {
        PyErr_NoMemory();
        goto done;
    }
    Search search = {rules_solve_cells, &rs};
    result = solve_one(module, &cs, &search, (const uint8_t *)cells.buf, limit, seconds, solution, size);
done:
    call_stop_release(&cs);
    PyMem_Free(solution);
    PyBuffer_Release(&cells);
    return result;
}

/* The puzzles of solve_many, copied with the GIL held (a puzzle of the wrong length is a row
 * of values above n). */
typedef struct {
    const uint8_t *inputs;
    int n, size;
} RulesBatch;

/* BatchPuzzle of solve_many: row i, malformed when a value is above n. */
static int rules_puzzle(void *ctx, Py_ssize_t i, const uint8_t **cells) {
    const RulesBatch *b = (const RulesBatch *)ctx;
    *cells = b->inputs + (size_t)i * (size_t)b->size;
    return value_above(*cells, b->size, b->n) >= 0 ? SK_MALFORMED : SK_OK;
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
    int n = skr_table_n(rs.t), size = skr_table_ncells(rs.t);
    BatchRoom room;
    if (!batch_open(&room, module, puzzles_obj, limit_obj, seconds_obj, stop_obj, size)) return NULL;
    PyObject *result = NULL;
    uint8_t *inputs = (uint8_t *)PyMem_Malloc((size_t)(room.count ? room.count : 1) * (size_t)size);
    if (!inputs) {
        PyErr_NoMemory();
        goto done;
    }
    /* copy every puzzle (with the GIL): a bytearray may change while the batch runs */
    for (Py_ssize_t i = 0; i < room.count; i++) {
        PyObject *item = PyTuple_GET_ITEM(room.items, i);
        uint8_t *row = inputs + (size_t)i * (size_t)size;
        Py_buffer view;
        if (PyUnicode_Check(item) || PyObject_GetBuffer(item, &view, PyBUF_SIMPLE) < 0) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "puzzle %zd must be bytes, not %.100s", i, Py_TYPE(item)->tp_name);
            goto done;
        }
        if (view.len == size) memcpy(row, view.buf, (size_t)size);
        else memset(row, 0xff, (size_t)size); /* above any n: malformed */
        PyBuffer_Release(&view);
    }
    RulesBatch batch = {inputs, n, size};
    Search search = {rules_solve_cells, &rs};
    if (run_batch(module, &room, &search, rules_puzzle, &batch, NULL)) result = batch_result(&room, 0);
done:
    PyMem_Free(inputs);
    batch_close(&room);
    return result;
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

static PyType_Spec rules_spec = {
    .name = "sudokit._core.RulesTable",
    .basicsize = sizeof(RulesTableObject),
    .flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE,
    .slots = rules_slots,
};

/* ---- module ------------------------------------------------------------------ */

static PyMethodDef core_methods[] = {
    {"solve", (PyCFunction)(void (*)(void))core_solve, METH_VARARGS | METH_KEYWORDS,
     "solve(cells, box_rows, box_cols, limit, seconds=0, stop=None) -> (count, first solution or None,\n"
     "guesses)\n\n"
     "Solve N*N cell values (bytes, 0 = empty), counting solutions up to limit; count -4 when\n"
     "the time limit (seconds, 0: none) ran out. stop: a buffer whose first byte, once another\n"
     "thread sets it, stops the call with sudokit.errors.Stopped (sudokit.limits.Stop.buffer)."},
    {"solve_lines", (PyCFunction)(void (*)(void))core_solve_lines, METH_VARARGS | METH_KEYWORDS,
     "solve_lines(puzzles, limit, box_rows=3, box_cols=3, seconds=0, stop=None) -> (counts, solutions)\n\n"
     "Solve line-format puzzles (str or bytes); a negative count is a status: -1 malformed,\n"
     "-2 duplicate given, -4 time limit per puzzle (seconds, 0: none) reached."},
    {"solve_array", (PyCFunction)(void (*)(void))core_solve_array, METH_VARARGS | METH_KEYWORDS,
     "solve_array(puzzles, out, counts, limit, box_rows=3, box_cols=3, seconds=0, stop=None) -> None\n\n"
     "Solve the rows of an (n, N*N) uint8 buffer into out (zero rows where none) and int32 counts\n"
     "(-2 duplicate given, -3 value out of range, -4 time limit per puzzle reached)."},
    {"gen9_dig", (PyCFunction)core_gen9_dig, METH_VARARGS,
     "gen9_dig(seed, orbit, target, mask, strict_minimal) -> (puzzle, solution) or None\n\n"
     "One attempt of the dig method on a 9x9 grid (generate.c); see sudokit.generator."},
    {"gen9_cbg", (PyCFunction)core_gen9_cbg, METH_VARARGS,
     "gen9_cbg(seed, grid, trials, max_out=64, seconds=0, stop=None) -> (puzzles, trials_run,\n"
     "timed_out): Berthier's controlled-bias trials on one solution grid (generate.c)."},
    {"gen9_fill", (PyCFunction)core_gen9_fill, METH_VARARGS,
     "gen9_fill(seed, k, dig, seconds=0, stop=None) -> (puzzle, solution, rounds, solver_calls, clues,\n"
     "clues_after), or None when the time limit (seconds, 0: none) ran out first.\n\n"
     "Seed 003's random-fill method on a 9x9 grid (generate.c)."},
    {"gen9_is_minimal", (PyCFunction)core_gen9_is_minimal, METH_VARARGS,
     "gen9_is_minimal(cells, solution) -> bool: no single clue of the unique puzzle can go."},
    {"canon9", (PyCFunction)core_canon9, METH_VARARGS,
     "canon9(cells) -> bytes: the minlex form of a 9x9 puzzle (canon.c); see sudokit.canon.\n"
     "ValueError when a digit repeats in a row, a column or a box."},
    {"canon9_lines", (PyCFunction)(void (*)(void))core_canon9_lines, METH_VARARGS | METH_KEYWORDS,
     "canon9_lines(puzzles, empty='0', stop=None) -> list: the minlex form of each 9x9 line-format puzzle\n"
     "(str or bytes) as 81 characters, or its status as a negative int: -1 malformed, -2 duplicate\n"
     "given, -3 value out of range. One native call for the batch, the GIL released."},
    {"human9_names", (PyCFunction)core_human9_names, METH_NOARGS,
     "human9_names() -> tuple of the technique names of human9.c's SE order."},
    {"human9_find", (PyCFunction)core_human9_find, METH_VARARGS,
     "human9_find(index, values, masks, seconds=0, stop=None) -> None, 'limit', 'unported' or\n"
     "(name, difficulty_tenths, hodoku, placements, eliminations): the first step of technique\n"
     "index of the SE order on a 9x9 position (values: 81 bytes, masks: 81 ints)."},
    {"hodoku_ported", (PyCFunction)core_hodoku_ported, METH_NOARGS,
     "hodoku_ported() -> the HoDoKu step kinds (indices of HODOKU_STEPS) with a C finder"},
    {"hodoku_find", (PyCFunction)core_hodoku_find, METH_VARARGS,
     "hodoku_find(kind, givens, values, masks, seconds=0, stop=None) -> None, 'limit' or\n"
     "(kind, name, placements, eliminations, cells): the C finder of one HoDoKu step kind on a\n"
     "board state (empty singles queues); NotImplementedError while the kind has no C finder"},
    {"hodoku_path", (PyCFunction)(void (*)(void))core_hodoku_path, METH_VARARGS | METH_KEYWORDS,
     "hodoku_path(cells, solution, external=None, seconds=0, stop=None, ask=()) -> (status, steps): HoDoKu's\n"
     "path of a 9x9 puzzle with a unique solution (hodoku9_path.c), steps as hodoku_find gives them\n"
     "(kind 99: BRUTE_FORCE).  external(kind, givens, values, masks) -> step tuple or None is asked\n"
     "for kinds without a C finder (None: they find nothing) and for the kinds in ask (so tests can\n"
     "mix C and Python finders); its exceptions propagate.  Status 0\n"
     "solved, 1 too many steps, 2 time limit.  The GIL is released while C runs."},
    {"rate9", (PyCFunction)core_rate9, METH_VARARGS,
     "rate9(cells, seconds=0, stop=None) -> (status, steps): SE's rating path of a 9x9 puzzle (rate9.c);\n"
     "status 0 solved, 1 unsolved, 2 time limit, 3 wrong step (a bug), 4 bad puzzle, 5 memory."},
    {NULL, NULL, 0, NULL},
};

static int core_exec(PyObject *module) {
    CoreState *st = core_state(module);
    st->main_thread = PyThread_get_thread_ident();
    PyObject *errors = PyImport_ImportModule("sudokit.errors");
    if (!errors) return -1;
    st->shape_error = PyObject_GetAttrString(errors, "ShapeError");
    st->wrong_length_error = st->shape_error ? PyObject_GetAttrString(errors, "WrongLengthError") : NULL;
    st->stopped_error = st->wrong_length_error ? PyObject_GetAttrString(errors, "Stopped") : NULL;
    Py_DECREF(errors);
    if (!st->stopped_error) return -1;
    if (PyModule_AddIntConstant(module, "MALFORMED", SK_MALFORMED) < 0 ||
        PyModule_AddIntConstant(module, "DUPLICATE", SK_DUPLICATE) < 0 ||
        PyModule_AddIntConstant(module, "OUT_OF_RANGE", SK_OUT_OF_RANGE) < 0 ||
        PyModule_AddIntConstant(module, "LIMIT_REACHED", SK_LIMIT) < 0)
        return -1;
    PyObject *rules_type = PyType_FromModuleAndSpec(module, &rules_spec, NULL);
    if (!rules_type) return -1;
    int added = PyModule_AddObjectRef(module, "RulesTable", rules_type);
    Py_DECREF(rules_type);
    return added < 0 ? -1 : 0;
}

static int core_traverse(PyObject *module, visitproc visit, void *arg) {
    CoreState *st = core_state(module);
    Py_VISIT(st->shape_error);
    Py_VISIT(st->wrong_length_error);
    Py_VISIT(st->stopped_error);
    return 0;
}

static int core_clear(PyObject *module) {
    CoreState *st = core_state(module);
    Py_CLEAR(st->shape_error);
    Py_CLEAR(st->wrong_length_error);
    Py_CLEAR(st->stopped_error);
    return 0;
}

static void core_free(void *module) { core_clear((PyObject *)module); }

static PyModuleDef_Slot core_slots[] = {
    {Py_mod_exec, (void *)core_exec},
    {0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "sudokit._core",
    .m_doc = "sudokit's plain-C solving core (see sudokit.reference for the pure-Python twin).",
    .m_size = sizeof(CoreState),
    .m_methods = core_methods,
    .m_slots = core_slots,
    .m_traverse = core_traverse,
    .m_clear = core_clear,
    .m_free = core_free,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModuleDef_Init(&core_module); }
