/* human9.h - human-style techniques on a 9x9 grid and Sudoku Explainer's rating loop (plain C).
 *
 * The C twin of sudokit.techniques (SE's techniques only) and sudokit.rating.explainer: every finder here
 * must return the *first* step its Python twin yields on the same position - same name, same
 * difficulty, same placements and eliminations - because SE's rating takes the first step of
 * the first technique that has one, so a different choice can change the rating.  The Python
 * modules are the reference; tests/test_human9.py compares the two on many positions.
 *
 * Re-entrant and thread-safe: no file-level mutable data; scratch memory is on the stack or
 * malloc'ed and freed inside a call.  Plain C, no Python API (the binding is csrc/module/).
 *
 * Layout (the same numbering as sudokit.shape.Shape(3, 3); geometry9.h draws it and holds the
 * tables of units, peers and the like):
 *
 *     cell  c = 9*row + col                     0 .. 80
 *     unit  rows 0-8, columns 9-17, boxes 18-26 (box b = 3*(row/3) + col/3)
 *     digit 1 .. 9, kept as bit (d-1) of a uint16_t mask:
 *
 *         bit  8 7 6 5 4 3 2 1 0
 *       digit  9 8 7 6 5 4 3 2 1
 */
#ifndef SUDOKIT_HUMAN9_H
#define SUDOKIT_HUMAN9_H

#include <stdint.h>

#include "common/bits.h"  /* sk_popcount, sk_cells */
#include "common/step9.h" /* sk_step: what a finder writes (its set view: place_mask, elim_mask) */

#ifdef __cplusplus
extern "C" {
#endif

/* A position: placed digits and the pencil marks of the empty cells. */
typedef struct {
    uint8_t values[81];  /* digit placed in the cell, 0 when empty                      */
    uint16_t cands[81];  /* candidates of an empty cell (bit d-1 = digit d); 0 if placed */
} hm_pos;

/* Advance idx[0..k) to the next k-combination of 0..n-1 in lexicographic order (itertools'
 * combinations order); returns 0 after the last one. */
static inline int hm_next_combination(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

/* What a finder may use besides the position: the time limit and a way to be interrupted. */
typedef struct {
    double deadline;    /* CLOCK_MONOTONIC seconds after which long searches give up; 0 = none */
    int expired;        /* set to 1 by hm_check_deadline once time is up or poll said stop     */
    unsigned ticks;     /* call counter, so the clock is read only now and then               */
    int (*poll)(void *arg);  /* if not NULL, asked now and then; nonzero means stop at once   */
    void *poll_arg;          /* (the binding checks for Ctrl-C there)                         */
    int interrupted;    /* set to 1 when poll said stop                                        */
} hm_ctx;

/* Every 256th call read the clock (and ask poll); returns (and remembers in ctx->expired)
 * whether time is up.  Long searches call it in their loops and return 0 (no step) once it
 * says 1. */
int hm_check_deadline(hm_ctx *ctx);

/* Apply a step to a position: place digits (removing them from the peers' candidates), then
 * remove the eliminated candidates.  Like Candidates.place / Candidates.eliminate. */
void hm_apply(hm_pos *pos, const sk_step *step);

/* Pencil marks of a grid: every empty cell gets the digits none of its peers hold. */
void hm_from_cells(hm_pos *pos, const uint8_t cells[81]);

/* -- the finders ---------------------------------------------------------------------------
 * Each one: if the technique applies, write the first step its Python twin yields into *out
 * and return 1; otherwise return 0 (and on an expired deadline return 0 with ctx->expired set).
 * A finder not (yet) ported returns -1: hm_rate then stops there with HM_UNSOLVED, and the
 * Python caller goes on from that position with the Python techniques, so the path is never
 * changed by a missing finder.  The position is never changed.  Python twin in comments.
 */
typedef int (*hm_finder)(const hm_pos *pos, sk_step *out, hm_ctx *ctx);

/* csrc/se/human9_basic.c */
int hm_hidden_single(const hm_pos *, sk_step *, hm_ctx *);        /* singles:find_hidden_singles */
int hm_direct_pointing(const hm_pos *, sk_step *, hm_ctx *);      /* intersections:find_direct_intersections */
int hm_direct_hidden_pair(const hm_pos *, sk_step *, hm_ctx *);   /* subsets:find_direct_hidden_pairs */
int hm_naked_single(const hm_pos *, sk_step *, hm_ctx *);         /* singles:find_naked_singles */
int hm_direct_hidden_triplet(const hm_pos *, sk_step *, hm_ctx *);/* subsets:find_direct_hidden_triplets */
int hm_pointing(const hm_pos *, sk_step *, hm_ctx *);             /* intersections:find_intersections */
int hm_naked_pair(const hm_pos *, sk_step *, hm_ctx *);           /* subsets:find_naked_pairs */
int hm_x_wing(const hm_pos *, sk_step *, hm_ctx *);               /* fish:find_x_wings */
int hm_hidden_pair(const hm_pos *, sk_step *, hm_ctx *);          /* subsets:find_hidden_pairs */
int hm_naked_triplet(const hm_pos *, sk_step *, hm_ctx *);        /* subsets:find_naked_triplets */
int hm_swordfish(const hm_pos *, sk_step *, hm_ctx *);            /* fish:find_swordfish */
int hm_hidden_triplet(const hm_pos *, sk_step *, hm_ctx *);       /* subsets:find_hidden_triplets */
int hm_xy_wing(const hm_pos *, sk_step *, hm_ctx *);              /* wings:find_xy_wings */
int hm_xyz_wing(const hm_pos *, sk_step *, hm_ctx *);             /* wings:find_xyz_wings */
int hm_naked_quad(const hm_pos *, sk_step *, hm_ctx *);           /* subsets:find_naked_quads */
int hm_jellyfish(const hm_pos *, sk_step *, hm_ctx *);            /* fish:find_jellyfish */
int hm_hidden_quad(const hm_pos *, sk_step *, hm_ctx *);          /* subsets:find_hidden_quads */

/* csrc/se/human9_uniqueness.c */
int hm_unique_rectangle(const hm_pos *, sk_step *, hm_ctx *);     /* uniqueness:find_unique_loops */
int hm_bug(const hm_pos *, sk_step *, hm_ctx *);                  /* uniqueness:find_bugs */

/* csrc/se/human9_exclusion.c */
int hm_aligned_pair(const hm_pos *, sk_step *, hm_ctx *);         /* exclusion:find_aligned_pairs */
int hm_aligned_triplet(const hm_pos *, sk_step *, hm_ctx *);      /* exclusion:find_aligned_triplets */

/* csrc/se/human9_chains.c */
int hm_forcing_chain(const hm_pos *, sk_step *, hm_ctx *);        /* chains:find_cycles_and_forcing_chains */

/* csrc/se/human9_forcing.c */
int hm_nishio(const hm_pos *, sk_step *, hm_ctx *);               /* forcing:find_nishio_forcing_chains */
int hm_multiple(const hm_pos *, sk_step *, hm_ctx *);             /* forcing:find_multiple_forcing_chains */
int hm_dynamic(const hm_pos *, sk_step *, hm_ctx *);              /* forcing:find_dynamic_forcing_chains */
int hm_dynamic_plus(const hm_pos *, sk_step *, hm_ctx *);         /* forcing:find_dynamic_plus_forcing_chains */

/* csrc/se/human9_nested.c: nested forcing chains, levels 2 and 3; -1 (Python goes on) if memory
 * runs out */
int hm_nested2(const hm_pos *, sk_step *, hm_ctx *);             /* nested:find_nested_forcing_chains(level=2) */
int hm_nested3(const hm_pos *, sk_step *, hm_ctx *);             /* nested:find_nested_forcing_chains(level=3) */

/* The SE rating order: techniques(se_only=True) of sudokit.techniques, by Python name. */
typedef struct {
    const char *name;   /* Technique.name in the Python registry */
    hm_finder find;
} hm_technique;

extern const hm_technique hm_se_order[];  /* constant table, ended by {NULL, NULL} */

/* -- the rating loop (csrc/se/rate9.c) -------------------------------------------------------- */

enum {
    HM_SOLVED = 0,      /* every cell placed                                               */
    HM_UNSOLVED = 1,    /* no technique applies any more                                   */
    HM_LIMIT = 2,       /* the deadline passed                                             */
    HM_WRONG_STEP = 3,  /* a step placed a wrong digit or removed the solution's: a bug;   */
                        /* the step is path[*count - 1]                                    */
    HM_BAD_PUZZLE = 4,  /* duplicate given, or not exactly one solution                   */
    HM_NO_MEMORY = 5,
};

/* Rate a puzzle as sudokit.rating.explainer.rate does: take the first step of the first technique of
 * hm_se_order that has one, check it against the solution, apply it, until solved.
 * path receives the steps (room for max_steps; the loop stops with HM_UNSOLVED beyond it, and
 * 81 + 729 is always enough); *count the number written.  Returns an HM_* status. */
int hm_rate(const uint8_t cells[81], sk_step *path, int max_steps, int *count, hm_ctx *ctx);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_HUMAN9_H */
