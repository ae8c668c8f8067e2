/* splitmix.h - splitmix64 (Steele, Lea & Flood), the one small random step of the C core: the
 * solvers' random digit order (solve/rules.c, solve/constraints.c) and the seeding of the
 * generator's xoshiro256** (make/generate.c). The caller owns the 64-bit state. */
#ifndef SUDOKIT_SPLITMIX_H
#define SUDOKIT_SPLITMIX_H

#include <stdint.h>

/* The next value of the splitmix64 sequence whose state is *state (advanced). */
static inline uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

#endif
