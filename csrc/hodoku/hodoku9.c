/* hodoku9.c - HoDoKu's step table, a board set up from a state, and the step helpers.
 *
 * See hodoku9.h.  The table is sudokit.rating.hodoku.path.HODOKU_STEPS (type, base score, level); the
 * finders live in the family files and are found through hk_finder_for.
 */
#include "hodoku/hodoku9.h"

#include <string.h>

#include "common/geometry9.h"

enum { EASY, MEDIUM, HARD, UNFAIR, EXTREME };

const hk_kind hk_kinds[HK_KINDS] = {
    {"FULL_HOUSE", 4, EASY},
    {"NAKED_SINGLE", 4, EASY},
    {"HIDDEN_SINGLE", 14, EASY},
    {"LOCKED_PAIR", 40, MEDIUM},
    {"LOCKED_TRIPLE", 60, MEDIUM},
    {"LOCKED_CANDIDATES_1", 50, MEDIUM},
    {"LOCKED_CANDIDATES_2", 50, MEDIUM},
    {"NAKED_PAIR", 60, MEDIUM},
    {"NAKED_TRIPLE", 80, MEDIUM},
    {"HIDDEN_PAIR", 70, MEDIUM},
    {"HIDDEN_TRIPLE", 100, MEDIUM},
    {"NAKED_QUADRUPLE", 120, HARD},
    {"HIDDEN_QUADRUPLE", 150, HARD},
    {"X_WING", 140, HARD},
    {"SWORDFISH", 150, HARD},
    {"JELLYFISH", 160, HARD},
    {"REMOTE_PAIR", 110, HARD},
    {"BUG_PLUS_1", 100, HARD},
    {"SKYSCRAPER", 130, HARD},
    {"TWO_STRING_KITE", 150, HARD},
    {"TURBOT_FISH", 120, HARD},
    {"EMPTY_RECTANGLE", 120, HARD},
    {"W_WING", 150, HARD},
    {"XY_WING", 160, HARD},
    {"XYZ_WING", 180, HARD},
    {"UNIQUENESS_1", 100, HARD},
    {"UNIQUENESS_2", 100, HARD},
    {"UNIQUENESS_3", 100, HARD},
    {"UNIQUENESS_4", 100, HARD},
    {"UNIQUENESS_5", 100, HARD},
    {"UNIQUENESS_6", 100, HARD},
    {"HIDDEN_RECTANGLE", 100, HARD},
    {"AVOIDABLE_RECTANGLE_1", 100, HARD},
    {"AVOIDABLE_RECTANGLE_2", 100, HARD},
    {"FINNED_X_WING", 130, HARD},
    {"SASHIMI_X_WING", 150, HARD},
    {"FINNED_SWORDFISH", 200, UNFAIR},
    {"SASHIMI_SWORDFISH", 240, UNFAIR},
    {"FINNED_JELLYFISH", 250, UNFAIR},
    {"SASHIMI_JELLYFISH", 260, UNFAIR},
    {"SUE_DE_COQ", 250, UNFAIR},
    {"SIMPLE_COLORS", 150, HARD},
    {"MULTI_COLORS", 200, HARD},
    {"X_CHAIN", 260, UNFAIR},
    {"XY_CHAIN", 260, UNFAIR},
    {"NICE_LOOP", 280, UNFAIR},
    {"GROUPED_NICE_LOOP", 300, UNFAIR},
    {"ALS_XZ", 300, UNFAIR},
    {"ALS_XY_WING", 320, UNFAIR},
    {"ALS_XY_CHAIN", 340, UNFAIR},
    {"FRANKEN_X_WING", 300, UNFAIR},
    {"FRANKEN_SWORDFISH", 350, UNFAIR},
    {"FINNED_FRANKEN_X_WING", 390, UNFAIR},
    {"FINNED_FRANKEN_SWORDFISH", 410, UNFAIR},
    {"FORCING_CHAIN", 500, EXTREME},
    {"FORCING_NET", 700, EXTREME},
};

hk_finder hk_finder_for(int kind) {
    static hk_finder (*const families[])(int) = {
        hk_basic_finder, hk_fish_finder, hk_patterns_finder, hk_uniq_finder,
        hk_als_finder, hk_loops_finder, hk_forcing_finder,
    };
    if (kind < 0 || kind >= HK_KINDS) return NULL;
    for (unsigned i = 0; i < sizeof families / sizeof families[0]; i++) {
        hk_finder f = families[i](kind);
        if (f) return f;
    }
    return NULL;
}

void hk_board_from_state(hk_board *b, const uint8_t givens[81], const uint8_t values[81],
                         const uint16_t masks[81]) {
    memcpy(b->givens, givens, 81);
    memcpy(b->values, values, 81);
    for (int c = 0; c < 81; c++) b->masks[c] = values[c] ? 0 : masks[c]; /* as Board.from_state */
    memset(b->free, 0, sizeof b->free);
    for (int u = 0; u < 27; u++)
        for (int i = 0; i < 9; i++) {
            int c = kUnitCells[u][i];
            for (int d = 1; d <= 9; d++)
                if (b->masks[c] >> (d - 1) & 1) b->free[u][d]++;
        }
    b->ns_head = b->ns_len = b->hs_head = b->hs_len = 0;
    b->version = 0;
    b->als_cache = NULL; /* no path owns this board: the ALS finders build their own lists */
    memset(b->fish_memo.none, 0, sizeof b->fish_memo.none);
}
