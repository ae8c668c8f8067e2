/* core.c - the Python binding of sudokit's C core: module sudokit._core (csrc/module/; module.h
 * says which file holds what).
 *
 * Only the files of csrc/module/ include the Python API.  The module exposes the same three
 * functions as sudokit/reference.py, with the same signatures, results and status codes:
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
 * seed) and solve_many(puzzles, limit, seconds, stop), shareable between threads; ConstraintTable
 * (constraints.c) the same interface (and candidates) for primitives of variant constraints.
 * The batch functions gather their inputs with the GIL held, solve the whole batch
 * with the GIL released, then build their results.  Errors are raised with the
 * classes of sudokit.errors (ShapeError, WrongLengthError), kept in module state,
 * or as plain TypeError for arguments of the wrong type.
 */

#include "module/module.h" /* first: Python.h before any standard header */

#include <limits.h>
#include <string.h>
#include <time.h>

#include "common/lineparse.h"

/* ---- module state ------------------------------------------------------------ */

/* The characters naming digits 1..35 (sudokit.formats.reader.DIGIT_CHARS). */
static const char kDigitChars[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* ---- argument helpers -------------------------------------------------------- */

/* An integer argument as a long long, saturated at the ends of the range (a huge
 * limit means "no limit", a huge box side is an unsupported shape all the same).
 * TypeError for anything that is not an integer. */
int as_integer(PyObject *obj, const char *name, long long *out) {
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

int as_int(PyObject *obj, const char *name, int *out) {
    long long v;
    if (!as_integer(obj, name, &v)) return 0;
    *out = v < INT_MIN ? INT_MIN : v > INT_MAX ? INT_MAX : (int)v;
    return 1;
}

/* The search limit: max(1, limit), clipped to what an int holds. */
static int as_limit(PyObject *obj, int *out) {
    long long v;
    if (!as_integer(obj, "limit", &v)) return 0;
    *out = v < 1 ? 1 : v > INT_MAX ? INT_MAX : (int)v;
    return 1;
}

/* Check a box shape as sudokit.shape.Shape does; raise ShapeError if unsupported. */
int as_shape(CoreState *st, PyObject *rows_obj, PyObject *cols_obj, int *rows, int *cols) {
    long long r, c;
    if (!as_integer(rows_obj, "box_rows", &r) || !as_integer(cols_obj, "box_cols", &c)) return 0;
    if (r < 1 || c < 1 || r > 64 || c > 64 || r * c > 64) {
        char message[160]; /* UTF-8: the same words as sudokit.shape.Shape */
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
int as_optional_shape(CoreState *st, PyObject *rows_obj, PyObject *cols_obj, int *rows, int *cols) {
    *rows = *cols = 3;
    if (!rows_obj && !cols_obj) return 1;
    PyObject *three = PyLong_FromLong(3);
    if (!three) return 0;
    int ok = as_shape(st, rows_obj ? rows_obj : three, cols_obj ? cols_obj : three, rows, cols);
    Py_DECREF(three);
    return ok;
}

/* Raise WrongLengthError(found, expected=...). */
void raise_wrong_length(CoreState *st, Py_ssize_t found, const char *expected) {
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

double monotonic_deadline(double seconds) {
    if (seconds <= 0) return 0;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9 + seconds;
}

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
int call_stop_init(CallStop *cs, PyObject *module, PyObject *stop_obj) {
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
void call_stop_release(CallStop *cs) {
    if (cs->flag) PyBuffer_Release(&cs->view);
    cs->flag = NULL;
}

/* The poll callback of a call: NULL when there is nothing to poll (no flag, not the main thread). */
int (*call_poll(const CallStop *cs))(void *) { return cs->flag || cs->signals ? poll_call : NULL; }

/* After a call stopped by its poll (with the GIL): raise Stopped when the flag stopped it (a
 * signal handler's exception is already set otherwise). */
void raise_stopped(PyObject *module, const CallStop *cs) {
    if (cs->flagged) PyErr_SetString(core_state(module)->stopped_error, "stopped");
}

/* A time limit argument: a number of seconds, 0 (or less) for none; ValueError for NaN. */
int as_seconds(PyObject *obj, double *out) {
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
void stop_init(sk_stop *stop, CallStop *cs) {
    memset(stop, 0, sizeof *stop);
    stop->poll = call_poll(cs);
    stop->arg = cs;
    stop->next_poll = sk_now() + SK_POLL_SECONDS;
}

/* ---- solving without the GIL ----------------------------------------------- */

/* The limit, seconds and stop arguments of every solving call; 0 with an exception set (and
 * nothing held in `cs`) when one is wrong. */
int run_options(PyObject *module, PyObject *limit_obj, PyObject *seconds_obj, PyObject *stop_obj,
                int *limit, double *seconds, CallStop *cs) {
    memset(cs, 0, sizeof *cs);
    return as_limit(limit_obj, limit) && as_seconds(seconds_obj, seconds) && call_stop_init(cs, module, stop_obj);
}

/* After a run without the GIL (with the GIL again): 1 with an exception set when the run was
 * stopped by its poll (the flag; or Ctrl-C, whose exception the signal handler has set) or ran
 * out of memory. */
int run_failed(PyObject *module, const CallStop *cs, const sk_stop *stop, int out_of_memory) {
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

/* A search's count as the binding reports it: SK_LIMIT when the puzzle's time ran out. */
int limit_count(int count, sk_stop *stop) {
    if (count >= 0 && stop && stop->stopped == SK_STOP_TIME) {
        stop->stopped = SK_RUNNING; /* the next puzzle has its own time */
        return SK_LIMIT;
    }
    return count;
}

/* (count, first solution bytes or None, guesses): the solution once one was found (a time
 * limit may run out after the first). */
PyObject *solve_result(int count, const uint8_t *solution, int size, uint64_t guesses) {
    if (count > 0 || (count == SK_LIMIT && solution && solution[0]))
        return Py_BuildValue("(iy#K)", count, (const char *)solution, (Py_ssize_t)size,
                             (unsigned long long)guesses);
    return Py_BuildValue("(iOK)", count, Py_None, (unsigned long long)guesses);
}

/* Solve one puzzle with the GIL released, counting guesses: its solve_result, or NULL with an
 * exception set (stopped, out of memory).  `solution` holds `size` bytes. */
PyObject *solve_one(PyObject *module, CallStop *cs, const Search *search, const uint8_t *cells,
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

/* Let go of what a BatchRoom holds. */
void batch_close(BatchRoom *room) {
    PyMem_Free(room->counts);
    PyMem_Free(room->solutions);
    Py_CLEAR(room->items);
    room->counts = NULL;
    room->solutions = NULL;
    call_stop_release(&room->cs);
}

/* Open a BatchRoom for the puzzles and options of a batch call, solutions of `size` bytes; 0
 * with an exception set (nothing held). */
int batch_open(BatchRoom *room, PyObject *module, PyObject *puzzles_obj, PyObject *limit_obj,
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
int run_batch(PyObject *module, BatchRoom *room, const Search *search, BatchPuzzle puzzle, void *ctx,
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
PyObject *batch_result(const BatchRoom *room, int text) {
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

/* ---- solve of a compiled table ------------------------------------------------------ */

int as_seed(PyObject *obj, uint64_t *seed) {
    *seed = 0;
    if (!obj || obj == Py_None) return 1;
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "seed must be an integer, not %.100s", Py_TYPE(obj)->tp_name);
        return 0;
    }
    *seed = (uint64_t)PyLong_AsUnsignedLongLongMask(obj);
    return !(*seed == (uint64_t)-1 && PyErr_Occurred());
}

PyObject *table_solve_one(PyObject *module, CallStop *cs, const Search *search, const uint8_t *cells,
                          int limit, double seconds, int size) {
    uint8_t *solution = (uint8_t *)PyMem_Malloc((size_t)size);
    if (!solution) return PyErr_NoMemory();
    PyObject *result = solve_one(module, cs, search, cells, limit, seconds, solution, size);
    PyMem_Free(solution);
    return result;
}

/* ---- solve_many of a compiled table ------------------------------------------------ */

/* The puzzles of a table's solve_many, copied with the GIL held (a puzzle of the wrong length is
 * a row of values above n, so it counts as malformed). */
typedef struct {
    const uint8_t *inputs;
    int n, size;
} TableRows;

/* BatchPuzzle of table_solve_many: row i, malformed when a value is above n. */
static int table_row(void *ctx, Py_ssize_t i, const uint8_t **cells) {
    const TableRows *rows = (const TableRows *)ctx;
    *cells = rows->inputs + (size_t)i * (size_t)rows->size;
    for (int j = 0; j < rows->size; j++)
        if ((*cells)[j] > rows->n) return SK_MALFORMED;
    return SK_OK;
}

PyObject *table_solve_many(PyObject *module, const Search *search, int n, int size, PyObject *puzzles_obj,
                           PyObject *limit_obj, PyObject *seconds_obj, PyObject *stop_obj) {
    BatchRoom room;
    if (!batch_open(&room, module, puzzles_obj, limit_obj, seconds_obj, stop_obj, size)) return NULL;
    PyObject *result = NULL;
    uint8_t *inputs = (uint8_t *)PyMem_Malloc((size_t)(room.count ? room.count : 1) * (size_t)size);
    if (!inputs) {
        PyErr_NoMemory();
        goto done;
    }
    /* copy every puzzle with the GIL held: a bytearray may change while the batch runs */
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
    TableRows rows = {inputs, n, size};
    if (run_batch(module, &room, search, table_row, &rows, NULL)) result = batch_result(&room, 0);
done:
    PyMem_Free(inputs);
    batch_close(&room);
    return result;
}

PyObject *path_result(int status, const void *path, size_t step_size, int count,
                      PyObject *(*item)(const void *step)) {
    PyObject *steps = PyTuple_New(count);
    for (int i = 0; steps && i < count; i++) {
        PyObject *one = item((const char *)path + (size_t)i * step_size);
        if (!one) {
            Py_CLEAR(steps);
            break;
        }
        PyTuple_SET_ITEM(steps, i, one);
    }
    return steps ? Py_BuildValue("(iN)", status, steps) : NULL;
}

/* ---- module ------------------------------------------------------------------ */

/* (Entries alike by nature: name, function, flags, docstring.) */
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
     "One attempt of the dig method on a 9x9 grid (generate.c); see sudokit.generation.generator."},
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
    st->rules_error = st->stopped_error ? PyObject_GetAttrString(errors, "RulesError") : NULL;
    Py_DECREF(errors);
    if (!st->rules_error) return -1;
    if (PyModule_AddIntConstant(module, "MALFORMED", SK_MALFORMED) < 0 ||
        PyModule_AddIntConstant(module, "DUPLICATE", SK_DUPLICATE) < 0 ||
        PyModule_AddIntConstant(module, "OUT_OF_RANGE", SK_OUT_OF_RANGE) < 0 ||
        PyModule_AddIntConstant(module, "LIMIT_REACHED", SK_LIMIT) < 0)
        return -1;
    PyObject *rules_type = PyType_FromModuleAndSpec(module, &rules_spec, NULL);
    if (!rules_type) return -1;
    int added = PyModule_AddObjectRef(module, "RulesTable", rules_type);
    Py_DECREF(rules_type);
    if (added < 0) return -1;
    PyObject *constraint_type = PyType_FromModuleAndSpec(module, &constraint_table_spec, NULL);
    if (!constraint_type) return -1;
    added = PyModule_AddObjectRef(module, "ConstraintTable", constraint_type);
    Py_DECREF(constraint_type);
    return added < 0 ? -1 : 0;
}

static int core_traverse(PyObject *module, visitproc visit, void *arg) {
    CoreState *st = core_state(module);
    Py_VISIT(st->shape_error);
    Py_VISIT(st->wrong_length_error);
    Py_VISIT(st->stopped_error);
    Py_VISIT(st->rules_error);
    return 0;
}

static int core_clear(PyObject *module) {
    CoreState *st = core_state(module);
    Py_CLEAR(st->shape_error);
    Py_CLEAR(st->wrong_length_error);
    Py_CLEAR(st->stopped_error);
    Py_CLEAR(st->rules_error);
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
    .m_doc = "sudokit's plain-C solving core (see sudokit.engine.reference for the pure-Python twin).",
    .m_size = sizeof(CoreState),
    .m_methods = core_methods,
    .m_slots = core_slots,
    .m_traverse = core_traverse,
    .m_clear = core_clear,
    .m_free = core_free,
};

PyMODINIT_FUNC PyInit__core(void) { return PyModuleDef_Init(&core_module); }
