/* hodoku9_basic.c - HoDoKu's basic finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_basic_finder(int kind) {
    (void)kind;
    return NULL;
}
