/* stop.c - the clock of stop.h (the one POSIX call, kept out of the headers). */
#define _POSIX_C_SOURCE 199309L
#include "common/stop.h"

#include <time.h>

double sk_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
