/* hodoku9_loops.c - HoDoKu's loops finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_loops_finder(int kind) {
    (void)kind;
    return NULL;
}
