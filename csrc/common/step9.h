/* step9.h - the one step struct of both raters on a 9x9 grid (se/: Sudoku Explainer, hodoku/:
 * HoDoKu) and of their bindings (module/se.c, module/hodoku.c), with one set of helpers to
 * write it.  The Python twins are sudokit.techniques.Step and, for HoDoKu, the Step inside
 * sudokit.rating.hodoku.path.HodokuStep (without links, proof or sentence).
 *
 * Two views of one step
 * ---------------------
 * A step places digits and removes candidates.  Each push (sk_step_place, sk_step_elim) is
 * written to both views at once, so they always agree:
 *
 *     the lists   place[0..n_place), elim[0..n_elim): (cell, digit) in the order pushed.
 *                 HoDoKu reads these: its Python steps compare in order, and applying them
 *                 in order fills its singles queues.  A candidate pushed twice stays twice
 *                 (HoDoKu's Locked Pair lists a cell once for the line and once for the box,
 *                 as HoDoKu itself does).
 *
 *     the sets    place_mask[c], elim_mask[c]: bit d-1 set when d is placed in / removed from
 *                 cell c.  Sudoku Explainer reads these: a candidate pushed twice is one
 *                 elimination, and its steps are listed cell by cell, digits from 1 up.
 *
 *         push elim (47, 9), (56, 8), (47, 9):
 *             elim = [(47, 9), (56, 8), (47, 9)]     n_elim = 3
 *             elim_mask[47] = 1 << 8, elim_mask[56] = 1 << 7, every other cell 0
 *
 * Besides: the name, cells[0..n_cells) (Step.cells, which HoDoKu's steps fill) and each
 * rater's numbers (kind for HoDoKu; difficulty and hodoku for SE), as the struct says.
 *
 * Cost
 * ----
 * Starting a step resets the counts and the two 81-cell sets (324 bytes), never the lists
 * (about 2 KB, read only up to their counts); a list that is full ignores further pushes.
 * sk_step_copy copies the header, the sets and the used part of the lists.  No state outside
 * the step.
 */
#ifndef SUDOKIT_STEP9_H
#define SUDOKIT_STEP9_H

#include "common/bits.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A candidate: digit (1..9) in cell (0..80). */
typedef struct {
    uint8_t cell, digit;
} sk_cand;

enum {
    SK_MAX_PLACES = 81,   /* room in place[] and cells[]                               */
    SK_MAX_ELIMS = 729,   /* room in elim[]: every candidate of a grid                 */
};

/* One step (see the top of the file).  The sets come first: SE reads only the header and them. */
typedef struct {
    const char *name;  /* Python's Step.technique ("Hidden Single", "Finned X-Wing"); a string
                          literal, never freed                                               */
    int kind;          /* HoDoKu: the step type it was found as (HK_*); SE: -1               */
    int difficulty;    /* SE: difficulty in tenths, 45 means 4.5 (penalties included); else 0 */
    int hodoku;        /* SE: Python's step.extra["hodoku"]; -1 when the step has none       */
    int n_place, n_elim, n_cells;
    uint16_t place_mask[81];       /* the set of placements: bit d-1 of place_mask[c]       */
    uint16_t elim_mask[81];        /* the set of eliminations: bit d-1 of elim_mask[c]      */
    sk_cand place[SK_MAX_PLACES];  /* placements in the order pushed                        */
    uint8_t cells[SK_MAX_PLACES];  /* Step.cells in the order pushed                        */
    sk_cand elim[SK_MAX_ELIMS];    /* eliminations in the order pushed                      */
} sk_step;

/* Empty a step and give it a kind (-1 for SE) and a name (NULL: none yet); no scores. */
static inline void sk_step_start(sk_step *s, int kind, const char *name) {
    s->name = name;
    s->kind = kind;
    s->difficulty = 0;
    s->hodoku = -1;
    s->n_place = s->n_elim = s->n_cells = 0;
    memset(s->place_mask, 0, sizeof s->place_mask);
    memset(s->elim_mask, 0, sizeof s->elim_mask);
}

/* Empty a step for an SE finder and write its name, difficulty (tenths) and HoDoKu score. */
static inline void sk_step_se(sk_step *s, const char *name, int tenths, int hodoku) {
    sk_step_start(s, -1, name);
    s->difficulty = tenths;
    s->hodoku = hodoku;
}

/* Place digit (1..9) in cell. */
static inline void sk_step_place(sk_step *s, int cell, int digit) {
    if (s->n_place >= SK_MAX_PLACES) return;
    s->place[s->n_place++] = (sk_cand){(uint8_t)cell, (uint8_t)digit};
    s->place_mask[cell] |= (uint16_t)(1u << (digit - 1));
}

/* Remove digit (1..9) from cell. */
static inline void sk_step_elim(sk_step *s, int cell, int digit) {
    if (s->n_elim >= SK_MAX_ELIMS) return;
    s->elim[s->n_elim++] = (sk_cand){(uint8_t)cell, (uint8_t)digit};
    s->elim_mask[cell] |= (uint16_t)(1u << (digit - 1));
}

/* Remove the digits of mask (bit d-1 = digit d) from cell, from 1 up. */
static inline void sk_step_elims(sk_step *s, int cell, unsigned mask) {
    for (; mask; mask &= mask - 1) sk_step_elim(s, cell, sk_low_digit(mask));
}

/* Remove every candidate of elim[81] (masks as elim_mask), cell by cell. */
static inline void sk_step_elim_masks(sk_step *s, const uint16_t elim[81]) {
    for (int c = 0; c < 81; c++)
        if (elim[c]) sk_step_elims(s, c, elim[c]);
}

/* Drop every elimination pushed so far (the placements and cells stay). */
static inline void sk_step_drop_elims(sk_step *s) {
    for (int i = 0; i < s->n_elim; i++) s->elim_mask[s->elim[i].cell] = 0;
    s->n_elim = 0;
}

/* Add a cell to Step.cells. */
static inline void sk_step_cell(sk_step *s, int cell) {
    if (s->n_cells < SK_MAX_PLACES) s->cells[s->n_cells++] = (uint8_t)cell;
}

/* *dst = *src, copying of the lists only what is used. */
static inline void sk_step_copy(sk_step *dst, const sk_step *src) {
    memcpy(dst, src, offsetof(sk_step, place));
    memcpy(dst->place, src->place, (size_t)src->n_place * sizeof src->place[0]);
    memcpy(dst->cells, src->cells, (size_t)src->n_cells);
    memcpy(dst->elim, src->elim, (size_t)src->n_elim * sizeof src->elim[0]);
}

/* 1 when the sets hold exactly the candidates of the lists (the fuzzers check every step). */
static inline int sk_step_views_agree(const sk_step *s) {
    uint16_t place[81] = {0}, elim[81] = {0};
    for (int i = 0; i < s->n_place; i++) place[s->place[i].cell] |= (uint16_t)(1u << (s->place[i].digit - 1));
    for (int i = 0; i < s->n_elim; i++) elim[s->elim[i].cell] |= (uint16_t)(1u << (s->elim[i].digit - 1));
    return !memcmp(place, s->place_mask, sizeof place) && !memcmp(elim, s->elim_mask, sizeof elim);
}

#endif /* SUDOKIT_STEP9_H */
