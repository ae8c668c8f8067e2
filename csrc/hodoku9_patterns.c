/* hodoku9_patterns.c - HoDoKu's patterns finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_patterns_finder(int kind) {
    (void)kind;
    return NULL;
}
