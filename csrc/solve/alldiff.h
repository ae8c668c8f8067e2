/* alldiff.h - the all-different rule (Regin's matching filter) for one unit of n <= 64
 * positions, shared by the N x N solver (nxn.c) and the rules solver (rules.c).
 *
 * Plain C, no state of its own: the caller hands over its masks (cand per cell, places per
 * digit of the unit) and a callback that narrows one cell; every removal goes through that
 * callback, so the caller's own bookkeeping (trail, queues, places) sees it as usual.
 */
#ifndef SUDOKIT_ALLDIFF_H
#define SUDOKIT_ALLDIFF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What sk_alldiff returns when the unit's open cells cannot take its digits one-to-one. */
#define SK_ALLDIFF_DEAD (-2)

/* Narrow cell `cell` to the digits of `keep`; 1 to go on, anything else stops the rule
 * (and sk_alldiff returns it). */
typedef int (*sk_alldiff_restrict)(void *solver, int cell, uint64_t keep);

/* The all-different rule for a unit of n positions: cells[k] is the cell at position k,
 * done[cell] set for a cell whose digit has left its peers, cand[cell] its candidate mask,
 * places[d] the positions of the unit that may still take digit d, mate[k] the digit
 * position k was matched with last time (a hint, updated here).  Every (cell, digit) that
 * lies in no one-to-one matching of the open positions to their digits is removed through
 * `restrict_cell`.  Returns 1, SK_ALLDIFF_DEAD (nothing removed), or the first return of
 * restrict_cell other than 1. */
int sk_alldiff(int n, const uint16_t *cells, const uint8_t *done, const uint64_t *cand,
               const uint64_t *places, uint8_t *mate, sk_alldiff_restrict restrict_cell, void *solver);

#ifdef __cplusplus
}
#endif

#endif
