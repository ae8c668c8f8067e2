/* hodoku9_als.c - HoDoKu's als finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_als_finder(int kind) {
    (void)kind;
    return NULL;
}
