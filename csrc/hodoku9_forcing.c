/* hodoku9_forcing.c - HoDoKu's forcing finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_forcing_finder(int kind) {
    (void)kind;
    return NULL;
}
