/* hodoku9.h - HoDoKu 2.2's solving path on a 9x9 grid (plain C).
 *
 * The C twin of sudokit.rating.hodoku.path (and sudokit.rating.hodoku.loops): the board with HoDoKu's queues of
 * naked and hidden singles, one finder per HoDoKu step type in its default order, and the path
 * loop.  Every finder must return exactly the step its Python twin (HODOKU_STEPS[kind].find)
 * returns on the same board - same name, same placements and eliminations *in the same order*
 * (applying them in order fills the singles queues, so the order changes the path), same
 * cells.  The Python module is the reference; tests/test_hodoku9*.py compare the two.
 *
 * Re-entrant and thread-safe: no file-level mutable data.  Plain C, no Python API (the binding
 * is csrc/module/).  Cells, units and digits are numbered as in geometry9.h (rows 0-8, columns 9-17,
 * boxes 18-26; digit d is bit d-1 of a mask):
 *
 *         bit  8 7 6 5 4 3 2 1 0
 *       digit  9 8 7 6 5 4 3 2 1
 *
 * Files: hodoku9.c (the step table, board set-up from a state), hodoku9_path.c
 * (placing, eliminating, the queues, the path loop), and one file per family of finders, each
 * exporting hk_<family>_finder(kind) -> its finder for that kind or NULL:
 *     hodoku9_basic.c     singles, locked candidates, naked and hidden subsets
 *     hodoku9_fish.c      basic, finned/sashimi and Franken fish
 *     hodoku9_patterns.c  remote pairs, BUG+1, skyscraper, kite, turbot, empty rectangle,
 *                         W/XY/XYZ-wings, simple and multi colours, X- and XY-chains
 *     hodoku9_uniq.c      unique rectangles 1-6, hidden and avoidable rectangles
 *     hodoku9_als.c       Sue de Coq, ALS-XZ, ALS-XY-Wing, ALS-XY-Chain
 *     hodoku9_loops.c     nice loops, AICs and grouped ones (HoDoKu's tabling)
 *     hodoku9_forcing.c   forcing chains and nets
 * A kind whose finder is still NULL is asked of the caller (hk_external: the binding calls the
 * Python finder), so the path never changes while the port is partial.
 */
#ifndef SUDOKIT_HODOKU9_H
#define SUDOKIT_HODOKU9_H

#include <stdint.h>

#include "common/step9.h" /* sk_step, sk_cand: a step and its ordered lists (place, elim, cells) */
#include "se/human9.h"     /* hm_ctx: the deadline and the poll for Ctrl-C; HM_* statuses */

#ifdef __cplusplus
extern "C" {
#endif

/* HoDoKu's enabled step types in its default order: sudokit.rating.hodoku.path.HODOKU_STEPS, same index. */
enum {
    HK_FULL_HOUSE, HK_NAKED_SINGLE, HK_HIDDEN_SINGLE,
    HK_LOCKED_PAIR, HK_LOCKED_TRIPLE, HK_LOCKED_CANDIDATES_1, HK_LOCKED_CANDIDATES_2,
    HK_NAKED_PAIR, HK_NAKED_TRIPLE, HK_HIDDEN_PAIR, HK_HIDDEN_TRIPLE,
    HK_NAKED_QUADRUPLE, HK_HIDDEN_QUADRUPLE,
    HK_X_WING, HK_SWORDFISH, HK_JELLYFISH,
    HK_REMOTE_PAIR, HK_BUG_PLUS_1, HK_SKYSCRAPER, HK_TWO_STRING_KITE, HK_TURBOT_FISH,
    HK_EMPTY_RECTANGLE, HK_W_WING, HK_XY_WING, HK_XYZ_WING,
    HK_UNIQUENESS_1, HK_UNIQUENESS_2, HK_UNIQUENESS_3, HK_UNIQUENESS_4, HK_UNIQUENESS_5,
    HK_UNIQUENESS_6, HK_HIDDEN_RECTANGLE, HK_AVOIDABLE_RECTANGLE_1, HK_AVOIDABLE_RECTANGLE_2,
    HK_FINNED_X_WING, HK_SASHIMI_X_WING, HK_FINNED_SWORDFISH, HK_SASHIMI_SWORDFISH,
    HK_FINNED_JELLYFISH, HK_SASHIMI_JELLYFISH,
    HK_SUE_DE_COQ, HK_SIMPLE_COLORS, HK_MULTI_COLORS, HK_X_CHAIN, HK_XY_CHAIN,
    HK_NICE_LOOP, HK_GROUPED_NICE_LOOP, HK_ALS_XZ, HK_ALS_XY_WING, HK_ALS_XY_CHAIN,
    HK_FRANKEN_X_WING, HK_FRANKEN_SWORDFISH, HK_FINNED_FRANKEN_X_WING,
    HK_FINNED_FRANKEN_SWORDFISH, HK_FORCING_CHAIN, HK_FORCING_NET,
    HK_KINDS,              /* the number of step types                                       */
    HK_BRUTE_FORCE = 99,   /* HoDoKu's last resort: the middle empty cell gets its solution digit */
};

enum { HK_QUEUE = 4096 };  /* room in each singles queue (they never hold more than 3*729) */

/* What the fish finders learnt on this board: a finned, sashimi or Franken fish search of one
 * digit in one orientation depends on nothing but the digit's places, so once it found no fish
 * the same places give none again and a later search skips them (exact, whatever happened on
 * the board in between).  places[k][o][d]: cells 0..63 and 64..80 of digit d's places when
 * kind slot k (hodoku9_fish.c's memo_slot) in orientation o (1: rows as base lines) found nothing;
 * none[k][o][d] says the entry is set. */
enum { HK_FISH_MEMO_KINDS = 10 };  /* FINNED_X_WING .. SASHIMI_JELLYFISH, the four Franken */
typedef struct {
    uint64_t places[HK_FISH_MEMO_KINDS][2][10][2];
    uint8_t none[HK_FISH_MEMO_KINDS][2][10];
} hk_fish_memo;

/* HoDoKu's grid state, as sudokit.rating.hodoku.path.Board keeps it. */
typedef struct {
    uint8_t givens[81];     /* the puzzle's digits (0 for empty): avoidable rectangles need them */
    uint8_t values[81];     /* digit placed in the cell, 0 when empty                        */
    uint16_t masks[81];     /* candidates of an empty cell; 0 once placed                    */
    uint8_t free[27][10];   /* free[u][d]: empty cells of unit u with candidate d (d 1..9)   */
    sk_cand ns[HK_QUEUE];   /* naked singles queue: ns[ns_head .. ns_len) are waiting        */
    int ns_head, ns_len;
    sk_cand hs[HK_QUEUE];   /* hidden singles queue: hs[hs_head .. hs_len)                   */
    int hs_head, hs_len;
    uint32_t version;       /* bumped by hk_place / hk_eliminate whenever a mask changes     */
    struct hk_als_cache *als_cache; /* the path's shared ALS list (hk_path's own), or NULL:
                               the ALS finders then build their own                          */
    hk_fish_memo fish_memo; /* emptied by hk_board_init / hk_board_from_state                */
} hk_board;

/* A finder: if the technique finds a step on the board, write HoDoKu's choice into *out (kind
 * and all) and return 1; return 0 when none (also when ctx says time is up: ctx->expired).  Only
 * the singles finders change the board (they take singles off the queues, as Python's do).  Every
 * caller starts *out with the kind it asks for (sk_step_start(out, kind, NULL)), so a finder that
 * serves several kinds reads out->kind. */
typedef int (*hk_finder)(hk_board *board, sk_step *out, hm_ctx *ctx);

/* The step table: type name (HoDoKu's), base score, level (0 easy .. 4 extreme). */
typedef struct {
    const char *kind;
    int score;
    int level;
} hk_kind;

extern const hk_kind hk_kinds[HK_KINDS];

/* -- hodoku9.c ---------------------------------------------------------------------------- */

/* The finder of a step type, or NULL while it is not ported (asks every family file). */
hk_finder hk_finder_for(int kind);

/* A board holding the position (values, masks) of a Python Board, with empty singles queues,
 * as Board.from_state builds it: placed cells get mask 0 whatever masks[] says; free[][] is
 * counted from the masks. */
void hk_board_from_state(hk_board *b, const uint8_t givens[81], const uint8_t values[81],
                         const uint16_t masks[81]);

/* -- hodoku9_path.c ------------------------------------------------------------------------ */

/* A board with the puzzle's givens placed one by one (as Board(givens) does). */
void hk_board_init(hk_board *b, const uint8_t cells[81]);

/* Board.place / Board.eliminate: the same updates of masks, counts and queues. */
void hk_place(hk_board *b, int cell, int digit);
void hk_eliminate(hk_board *b, int cell, int digit);

/* Make a step's placements and then its eliminations, in order. */
void hk_apply(hk_board *b, const sk_step *s);

/* What the path asks of its caller for a kind without a C finder (the board is the path's own:
 * read it, do not change it): 1 with *out written (its kind is set by the path; a NULL or empty
 * name becomes the kind's), 0 none, -1 error (hk_path stops at once and returns -1). */
typedef int (*hk_external)(void *arg, int kind, hk_board *board, sk_step *out);

/* HoDoKu's path of a puzzle with a unique solution (solution given): take the first step of
 * the first kind in order, apply it, until solved; BRUTE_FORCE when no kind finds one.
 * path has room for max_steps; *count gets the number written.  Returns HM_SOLVED, HM_LIMIT
 * (deadline or poll), HM_UNSOLVED (max_steps reached) or -1 when external failed.
 * external answers the kinds without a C finder and, when it is not NULL, also the kinds whose
 * bit (1 << kind) is set in ask (tests cross-check the C finders that way); ask 0: C only. */
int hk_path(const uint8_t cells[81], const uint8_t solution[81], sk_step *path, int max_steps,
            int *count, hk_external external, void *external_arg, uint64_t ask, hm_ctx *ctx);

/* -- hodoku9_als.c ------------------------------------------------------------------------- */

/* The ALS list and restricted commons one path step shares among ALS-XZ, ALS-XY-Wing and
 * ALS-XY-Chain (valid while the board's version is unchanged): new (NULL when out of memory)
 * and free (NULL is fine). */
struct hk_als_cache *hk_als_cache_new(void);
void hk_als_cache_free(struct hk_als_cache *cache);

/* -- the families (each returns NULL for kinds that are not its own or not ported yet) ----- */
hk_finder hk_basic_finder(int kind);
hk_finder hk_fish_finder(int kind);
hk_finder hk_patterns_finder(int kind);
hk_finder hk_uniq_finder(int kind);
hk_finder hk_als_finder(int kind);
hk_finder hk_loops_finder(int kind);
hk_finder hk_forcing_finder(int kind);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_HODOKU9_H */
