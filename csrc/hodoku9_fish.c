/* hodoku9_fish.c - HoDoKu's fish finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_fish_finder(int kind) {
    (void)kind;
    return NULL;
}
