/* hodoku9_uniq.c - HoDoKu's uniq finders (see hodoku9.h); not ported yet: the Python twins run. */
#include "hodoku9.h"

#include <stddef.h>

hk_finder hk_uniq_finder(int kind) {
    (void)kind;
    return NULL;
}
