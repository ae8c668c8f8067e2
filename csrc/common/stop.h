/* stop.h - a cooperative stop for the solvers: a wall-clock deadline and a poll callback.
 *
 * Plain C, no Python, no global state: the caller owns an sk_stop and hands the solver a
 * pointer to it (NULL: never stop).  The solver calls sk_stop_tick() once per guess; that is
 * a NULL test and a decrement, and only every `every`-th call looks at the clock.  The poll
 * callback (the Python binding's: take the GIL for a moment and run the signal handlers, so
 * Ctrl-C stops a long search) is called at most every SK_POLL_SECONDS.
 */
#ifndef SUDOKIT_STOP_H
#define SUDOKIT_STOP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Why a search stopped (sk_stop.stopped). */
enum { SK_RUNNING = 0, SK_STOP_TIME = 1, SK_STOP_POLL = 2 };

/* Seconds between two calls of the poll callback. */
#define SK_POLL_SECONDS 0.05

typedef struct {
    double deadline;        /* CLOCK_MONOTONIC seconds after which to stop; 0: none */
    int (*poll)(void *arg); /* nonzero: stop now (e.g. Ctrl-C); NULL: none */
    void *arg;              /* the poll callback's argument */
    double next_poll;       /* when to call poll next */
    uint32_t countdown;     /* ticks left before the next look at the clock */
    int stopped;            /* SK_RUNNING, or why the search stopped */
} sk_stop;

/* Seconds of CLOCK_MONOTONIC (stop.c). */
double sk_now(void);

/* Look at the clock (and poll, when due) now; nonzero once the search must stop. */
static inline int sk_stop_check(sk_stop *s) {
    if (s->stopped) return 1;
    if (s->deadline <= 0 && !s->poll) return 0;
    double now = sk_now();
    if (s->deadline > 0 && now >= s->deadline) s->stopped = SK_STOP_TIME;
    else if (s->poll && now >= s->next_poll) {
        if (s->poll(s->arg)) s->stopped = SK_STOP_POLL;
        s->next_poll = sk_now() + SK_POLL_SECONDS;
    }
    return s->stopped;
}

/* Count one unit of work (a guess); every `every` units, check.  Nonzero: stop. */
static inline int sk_stop_tick(sk_stop *s, uint32_t every) {
    if (!s) return 0;
    if (s->countdown > 1) {
        s->countdown--;
        return 0;
    }
    s->countdown = every;
    return sk_stop_check(s);
}

/* Start a new piece of work (one puzzle): a deadline `seconds` from now (<= 0: none). */
static inline void sk_stop_start(sk_stop *s, double seconds) {
    s->deadline = seconds > 0 ? sk_now() + seconds : 0;
}

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_STOP_H */
