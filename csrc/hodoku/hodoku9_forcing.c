/* hodoku9_forcing.c - HoDoKu 2.2's forcing chains and forcing nets (see hodoku9.h).
 *
 * The C twin of sudokit.rating.hodoku.forcing (behind hodoku.py's FORCING_CHAIN and FORCING_NET).
 * For every candidate set ("on") and removed ("off") HoDoKu keeps a table of what follows:
 * first its direct implications (a chain: the direct links of hodoku9_tables.h, group nodes
 * included; a net: a trial on a copy of the grid - the premise, then four rounds of all its
 * naked and hidden singles - plus the links to group nodes), then everything the tables of
 * those imply, however far.  A table with a contradiction makes its premise false; tables
 * that must all hold (a candidate on and off, every candidate of a cell, every place of a
 * digit in a house) agree on verities.  The step is the placement in the smallest cell, else
 * the elimination of the smallest (cell, digit); its type (contradiction or verity) is the one
 * with the shortest chains, contradictions first.
 *
 * A table is a row of bits, laid out so that a digit's cells are two whole words:
 *
 *     bit ((d - 1) * 2 + on) * 128 + c     digit d set (on) or removed in cell c: words
 *                                          (d - 1) * 4 + 2 * on + {0, 1} hold cells 0-63, 64-80
 *     bit FC_GROUP_BIT + 2 * k + on        the k-th group node
 *
 * Rows are indexed by the node numbers of hodoku9_tables.h.  The tables, the trial's copy of
 * the grid and the scratch live in one malloc per call, freed at the end.
 */
#include "hodoku/hodoku9.h"

#include <stddef.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "common/geometry9.h"
#include "hodoku/hodoku9_tables.h"

enum {
    FC_GROUP_BIT = 18 * 128,                          /* first bit of the group nodes        */
    FC_WORDS = (FC_GROUP_BIT + 2 * HL_MAX_GROUPS + 63) / 64,  /* words of a table (at most)  */
    FC_PLAIN_WORDS = FC_GROUP_BIT / 64,               /* the words of plain candidates       */
    FC_LOOK_AHEAD = 4,                                /* rounds of singles in a net's trial  */
    FC_QUEUE = 512,                                   /* room in a trial's singles queues    */
    FC_NONE = 1 << 30,                                /* no conclusion; no chain length       */
};

/* The grid the tables are made on (Python's _Board). */
typedef struct {
    uint16_t masks[81];      /* candidates of empty cells (0 for filled ones)            */
    uint8_t values[81];
    sk_cells where[10];       /* where[d]: cells with candidate d                          */
    sk_cells empty;           /* the empty cells                                           */
    sk_cells allowed[10];     /* allowed[d]: empty cells no placed d sees                  */
    uint8_t free[27][10];    /* free[u][d]: cells of unit u with candidate d              */
} fc_board;

/* A copy of the grid on which one premise of a net is tried, updated as HoDoKu updates its
 * grid (Python's _Trial): candidate counts per house and queues of naked and hidden singles. */
typedef struct {
    uint16_t masks[81];
    uint8_t values[81];
    uint8_t free[27][10];     /* free[u][d]: cells of unit u counted with candidate d; a cell
                                 left without candidates keeps its counts                  */
    int n_naked, n_hidden;
    sk_cand naked[FC_QUEUE];  /* cells that were left with one candidate, in order        */
    sk_cand hidden[FC_QUEUE]; /* first cells of a digit left once in a house, in order    */
    uint64_t *table;          /* the row the trial writes                                  */
} fc_trial;

/* One node being explored by the closure's depth-first search: its first table's bits still
 * to follow are rest (in word `word`) and the words after it. */
typedef struct {
    uint16_t node;
    int word;
    uint64_t rest;
} fc_frame;

/* Everything one search needs. */
typedef struct {
    hl_tables t;
    fc_board b;
    fc_trial trial;
    int words;                                /* words of a row in use                   */
    uint64_t direct[HL_NODES][FC_WORDS];      /* first tables                             */
    uint64_t reach[HL_NODES][FC_WORDS];       /* closed tables                            */
    int16_t dist[HL_NODES];                   /* scratch: chain lengths from one premise  */
    uint16_t queue[HL_NODES];
    /* the closure's scratch (Tarjan): visit index, lowest index reached, its stack */
    int16_t index[HL_NODES], low[HL_NODES];
    uint8_t on_stack[HL_NODES];
    uint16_t stack[HL_NODES];
    fc_frame frames[HL_NODES];
} fc_mem;

/* ---- bits of a table ---------------------------------------------------------------- */

/* The table bit of digit d set (on) or removed in cell c. */
static inline int fc_bit(int c, int d, int on) { return ((d - 1) * 2 + on) * 128 + c; }

/* The table bit of node n (hodoku9_tables.h numbering). */
static inline int fc_bit_of_node(int n) {
    if (hl_grouped(n)) return FC_GROUP_BIT + (n - HL_PLAIN);
    return fc_bit(n / 18, n / 2 % 9 + 1, n & 1);
}

/* The node of table bit b. */
static inline int fc_node_of_bit(int b) {
    if (b >= FC_GROUP_BIT) return HL_PLAIN + (b - FC_GROUP_BIT);
    int slot = b >> 7;
    return hl_node(b & 127, (slot >> 1) + 1, slot & 1);
}

/* Set bit b of a row. */
static inline void fc_set(uint64_t *row, int b) { row[b >> 6] |= 1ull << (b & 63); }

/* 1 when bit b of a row is set. */
static inline int fc_test(const uint64_t *row, int b) { return (int)(row[b >> 6] >> (b & 63) & 1); }

/* The cells where a row sets (on) or removes digit d. */
static inline sk_cells fc_cells(const uint64_t *row, int d, int on) {
    const uint64_t *w = row + ((d - 1) * 2 + on) * 2;
    return (sk_cells){{w[0], w[1]}};
}

/* Add the removal of digit d in every cell of s to a row. */
static inline void fc_set_offs(uint64_t *row, sk_cells s, int d) {
    uint64_t *w = row + (d - 1) * 4;
    w[0] |= s.w[0];
    w[1] |= s.w[1];
}

/* 1 when node n is a candidate or group of the board (it has a table). */
static inline int fc_exists(const hl_tables *t, int n) {
    return hl_grouped(n) ? (n - HL_PLAIN) >> 1 < t->n_groups : hl_has(t, n / 18, n / 2 % 9 + 1);
}

/* ---- the board ---------------------------------------------------------------------- */

/* Index the board's candidates, placed digits and where each digit is still allowed. */
static void fc_board_init(fc_board *b, const hl_tables *t, const hk_board *board) {
    sk_cells seen[10];
    memset(b->where, 0, sizeof b->where);
    memset(seen, 0, sizeof seen);
    b->empty = (sk_cells){{0, 0}};
    for (int c = 0; c < 81; c++) {
        b->values[c] = board->values[c];
        b->masks[c] = board->values[c] ? 0 : board->masks[c];
        for (int d = 1; d <= 9; d++)
            if (b->masks[c] >> (d - 1) & 1) sk_cells_add(&b->where[d], c);
        if (!board->values[c]) sk_cells_add(&b->empty, c);
        else seen[board->values[c]] = sk_cells_or(seen[board->values[c]], t->peers[c]);
    }
    for (int d = 1; d <= 9; d++) b->allowed[d] = sk_cells_minus(b->empty, seen[d]);
    for (int u = 0; u < 27; u++)
        for (int d = 0; d <= 9; d++) b->free[u][d] = d ? (uint8_t)sk_cells_count(sk_cells_and(b->where[d], t->unit[u])) : 0;
}

/* ---- a net's trial (Python's _Trial) ------------------------------------------------ */

/* Queue the first cell of unit u holding digit d as a hidden single. */
static void fc_add_hidden(fc_trial *x, int u, int d) {
    for (int i = 0; i < 9; i++) {
        int c = kUnitCells[u][i];
        if (x->masks[c] >> (d - 1) & 1) {
            if (x->n_hidden < FC_QUEUE) x->hidden[x->n_hidden++] = (sk_cand){(uint8_t)c, (uint8_t)d};
            return;
        }
    }
}

/* Remove the first queued hidden single of digit d in unit u. */
static void fc_drop_hidden(fc_trial *x, int u, int d) {
    for (int k = 0; k < x->n_hidden; k++) {
        int c = x->hidden[k].cell;
        if (x->hidden[k].digit == d && (kCellUnits[c][0] == u || kCellUnits[c][1] == u || kCellUnits[c][2] == u)) {
            memmove(x->hidden + k, x->hidden + k + 1, (size_t)(x->n_hidden - k - 1) * sizeof x->hidden[0]);
            x->n_hidden--;
            return;
        }
    }
}

/* Remove a candidate from the trial's grid (a cell left empty keeps its counts). */
static void fc_delete(fc_trial *x, int cell, int digit) {
    unsigned mask = x->masks[cell];
    if (!(mask >> (digit - 1) & 1)) return;
    mask &= ~(1u << (digit - 1));
    x->masks[cell] = (uint16_t)mask;
    if (!mask) return;
    if (!(mask & (mask - 1)) && x->n_naked < FC_QUEUE)
        x->naked[x->n_naked++] = (sk_cand){(uint8_t)cell, (uint8_t)(sk_low_digit(mask))};
    for (int k = 0; k < 3; k++) {
        int u = kCellUnits[cell][k];
        x->free[u][digit]--;
        if (x->free[u][digit] == 1) fc_add_hidden(x, u, digit);
        else if (x->free[u][digit] == 0) fc_drop_hidden(x, u, digit);
    }
}

/* Put digit in cell on the trial's grid: its peers lose it, its candidates leave the counts. */
static void fc_place(fc_trial *x, const hl_tables *t, int cell, int digit) {
    if (x->values[cell] == digit) return;
    x->values[cell] = (uint8_t)digit;
    unsigned old = x->masks[cell];
    x->masks[cell] = 0;
    uint8_t list[20];
    int n = sk_cells_list(t->peers[cell], list);
    for (int i = 0; i < n; i++) fc_delete(x, list[i], digit);
    for (unsigned m = old; m; m &= m - 1) {
        int d = sk_low_digit(m);
        for (int k = 0; k < 3; k++) {
            int u = kCellUnits[cell][k];
            x->free[u][d]--;
            if (x->free[u][d] == 1 && d != digit) fc_add_hidden(x, u, d);
        }
    }
}

/* Set digit in cell on the trial's grid, recording it, its removal from the peers that had it
 * at the start and the removal of the cell's other candidates. */
static void fc_trial_set(fc_trial *x, const fc_board *b, const hl_tables *t, int cell, int digit) {
    fc_set(x->table, fc_bit(cell, digit, 1));
    fc_set_offs(x->table, sk_cells_and(b->where[digit], t->peers[cell]), digit);
    for (unsigned m = x->masks[cell] & ~(1u << (digit - 1)); m; m &= m - 1)
        fc_set(x->table, fc_bit(cell, sk_low_digit(m), 0));
    fc_place(x, t, cell, digit);
}

/* Remove digit from cell on the trial's grid (recorded), setting the cell if one is left. */
static void fc_trial_remove(fc_trial *x, const fc_board *b, const hl_tables *t, int cell, int digit) {
    fc_set(x->table, fc_bit(cell, digit, 0));
    fc_delete(x, cell, digit);
    unsigned mask = x->masks[cell];
    if (mask && !(mask & (mask - 1))) fc_trial_set(x, b, t, cell, sk_low_digit(mask));
}

/* The queued naked singles, then the queued hidden singles (one a cell) still valid, into
 * out; returns how many. */
static int fc_trial_singles(const fc_trial *x, sk_cand *out) {
    int n = 0;
    for (int i = 0; i < x->n_naked; i++)
        if (!x->values[x->naked[i].cell]) out[n++] = x->naked[i];
    sk_cells found = {{0, 0}};
    for (int i = 0; i < x->n_hidden; i++) {
        int c = x->hidden[i].cell, d = x->hidden[i].digit;
        if (x->values[c] || sk_cells_has(found, c)) continue;
        if (x->free[kCellUnits[c][0]][d] != 1 && x->free[kCellUnits[c][1]][d] != 1 && x->free[kCellUnits[c][2]][d] != 1)
            continue;
        sk_cells_add(&found, c);
        out[n++] = x->hidden[i];
    }
    return n;
}

/* Write the first table of a net premise into row: the premise tried with rounds of singles. */
static void fc_net_table(fc_mem *mem, int cell, int digit, int on, uint64_t *row) {
    fc_trial *x = &mem->trial;
    const fc_board *b = &mem->b;
    const hl_tables *t = &mem->t;
    memcpy(x->masks, b->masks, sizeof x->masks);
    memcpy(x->values, b->values, sizeof x->values);
    memcpy(x->free, b->free, sizeof x->free);
    x->n_naked = x->n_hidden = 0;
    x->table = row;
    if (on) fc_trial_set(x, b, t, cell, digit);
    else fc_trial_remove(x, b, t, cell, digit);
    sk_cand found[2 * FC_QUEUE];
    for (int round = 0; round < FC_LOOK_AHEAD; round++) {
        int n = fc_trial_singles(x, found);
        if (!n) break;
        for (int i = 0; i < n; i++) fc_trial_set(x, b, t, found[i].cell, found[i].digit);
    }
}

/* ---- the tables --------------------------------------------------------------------- */

/* Every premise's first table (itself included); 0 when time ran out. */
static int fc_tables(fc_mem *mem, int net, hm_ctx *ctx) {
    hl_tables *t = &mem->t;
    for (int c = 0; c < 81; c++) {
        for (unsigned m = mem->b.masks[c]; m; m &= m - 1) {
            int d = sk_low_digit(m);
            for (int on = 1; on >= 0; on--) {
                int n = hl_node(c, d, on);
                uint64_t *row = mem->direct[n];
                memset(row, 0, sizeof mem->direct[n]);
                if (net) fc_net_table(mem, c, d, on, row);
                for (uint32_t i = t->first[n]; i < t->first[n + 1]; i++)
                    if (!net || hl_grouped(t->edges[i])) fc_set(row, fc_bit_of_node(t->edges[i]));
                fc_set(row, fc_bit(c, d, on));
            }
        }
        if (hm_check_deadline(ctx)) return 0;
    }
    for (int k = 0; k < t->n_groups; k++)
        for (int on = 1; on >= 0; on--) {
            int n = hl_group_node(k, on);
            uint64_t *row = mem->direct[n];
            memset(row, 0, sizeof mem->direct[n]);
            fc_set(row, fc_bit_of_node(n));
            for (uint32_t i = t->first[n]; i < t->first[n + 1]; i++) fc_set(row, fc_bit_of_node(t->edges[i]));
        }
    return 1;
}

/* Make the closed table of one strongly connected component (members[0 .. n)): the members
 * and the finished tables of what their first tables hold outside it (a node already in the
 * table is skipped: the closed table that brought it holds the node's own table); every member
 * gets the same table. */
static void fc_component(fc_mem *mem, const uint16_t *members, int n) {
    int words = mem->words;
    uint64_t *out = mem->reach[members[0]];
    memset(out, 0, sizeof mem->reach[0]);
    for (int i = 0; i < n; i++) fc_set(out, fc_bit_of_node(members[i]));
    for (int i = 0; i < n; i++) {
        const uint64_t *first = mem->direct[members[i]];
        for (int w = 0; w < words; w++)
            for (uint64_t x = first[w] & ~out[w]; x; x = first[w] & ~out[w]) {
                int m = fc_node_of_bit(w * 64 + __builtin_ctzll(x));
                out[w] |= x & -x;   /* (its own table holds it too) */
                if (!fc_exists(&mem->t, m)) continue;
                const uint64_t *other = mem->reach[m];
                for (int k = 0; k < words; k++) out[k] |= other[k];
            }
    }
    for (int i = 1; i < n; i++) memcpy(mem->reach[members[i]], out, sizeof mem->reach[0]);
}

/* The closed tables: every table widened by the tables of everything it holds, however far
 * (Python's _closure, which repeats until nothing changes, has the same fixed point: all
 * nodes reachable along the first tables).  Tarjan's strongly connected components, made
 * iterative, finish a component only after every component it reaches, so one pass does;
 * 0 when time ran out. */
static int fc_closure(fc_mem *mem, hm_ctx *ctx) {
    const hl_tables *t = &mem->t;
    int words = mem->words, nodes = HL_PLAIN + 2 * t->n_groups;
    int counter = 0, n_stack = 0;
    for (int n = 0; n < nodes; n++) mem->index[n] = -1;
    for (int root = 0; root < nodes; root++) {
        if (!fc_exists(t, root) || mem->index[root] >= 0) continue;
        if (hm_check_deadline(ctx)) return 0;
        int depth = 0;
        fc_frame *f = &mem->frames[depth++];
        *f = (fc_frame){(uint16_t)root, 0, mem->direct[root][0]};
        mem->index[root] = mem->low[root] = (int16_t)counter++;
        mem->stack[n_stack++] = (uint16_t)root;
        mem->on_stack[root] = 1;
        while (depth) {
            f = &mem->frames[depth - 1];
            int v = f->node;
            while (!f->rest && f->word + 1 < words) f->rest = mem->direct[v][++f->word];
            if (f->rest) {
                int m = fc_node_of_bit(f->word * 64 + __builtin_ctzll(f->rest));
                f->rest &= f->rest - 1;
                if (m == v || !fc_exists(t, m)) continue;
                if (mem->index[m] < 0) {
                    mem->frames[depth++] = (fc_frame){(uint16_t)m, 0, mem->direct[m][0]};
                    mem->index[m] = mem->low[m] = (int16_t)counter++;
                    mem->stack[n_stack++] = (uint16_t)m;
                    mem->on_stack[m] = 1;
                } else if (mem->on_stack[m] && mem->index[m] < mem->low[v]) {
                    mem->low[v] = mem->index[m];
                }
                continue;
            }
            depth--;
            if (mem->low[v] == mem->index[v]) {
                int from = n_stack;
                do mem->on_stack[mem->stack[--from]] = 0;
                while (mem->stack[from] != v);
                fc_component(mem, mem->stack + from, n_stack - from);
                n_stack = from;
            }
            if (depth) {
                int p = mem->frames[depth - 1].node;
                if (mem->low[v] < mem->low[p]) mem->low[p] = mem->low[v];
            }
        }
    }
    return 1;
}

/* ---- contradictions ----------------------------------------------------------------- */

/* 1 when a table holds a contradiction, so its premise is false. */
static int fc_contradiction(const fc_mem *mem, const uint64_t *row) {
    const fc_board *b = &mem->b;
    const hl_tables *t = &mem->t;
    sk_cells every_on = {{0, 0}}, offs[10];
    for (int d = 1; d <= 9; d++) {
        sk_cells ons = fc_cells(row, d, 1);
        offs[d] = fc_cells(row, d, 0);
        if (!sk_cells_empty(sk_cells_and(ons, offs[d])) || !sk_cells_empty(sk_cells_and(ons, every_on))) return 1;
        every_on = sk_cells_or(every_on, ons);
        if (sk_cells_count(ons) >= 2)
            for (int u = 0; u < 27; u++)
                if (sk_cells_count(sk_cells_and(ons, t->unit[u])) >= 2) return 1;
    }
    sk_cells empty = sk_cells_minus(b->empty, every_on);
    for (int d = 1; d <= 9; d++) empty = sk_cells_and(empty, sk_cells_or(offs[d], (sk_cells){{~b->where[d].w[0], ~b->where[d].w[1]}}));
    if (!sk_cells_empty(empty)) return 1;
    for (int d = 1; d <= 9; d++) {
        if (sk_cells_empty(offs[d])) continue;
        sk_cells missing = sk_cells_minus(b->allowed[d], offs[d]);
        for (int u = 0; u < 27; u++)
            if (!sk_cells_empty(sk_cells_and(b->allowed[d], t->unit[u])) && sk_cells_empty(sk_cells_and(missing, t->unit[u]))) return 1;
    }
    return 0;
}

/* ---- conclusions -------------------------------------------------------------------- */

/* The conclusions HoDoKu's sort could put first: the smallest placement and elimination found
 * so far, as cell * 10 + digit (FC_NONE when none). */
typedef struct {
    int place, elim;
} fc_found;

/* Note what all rows[0 .. n) set or remove alike (never in cell skip, when skip >= 0). */
static void fc_agreed(const uint64_t *const *rows, int n, int skip, fc_found *f) {
    uint64_t common[FC_PLAIN_WORDS];
    memcpy(common, rows[0], sizeof common);
    for (int i = 1; i < n; i++)
        for (int w = 0; w < FC_PLAIN_WORDS; w++) common[w] &= rows[i][w];
    for (int d = 1; d <= 9; d++)
        for (int on = 0; on < 2; on++) {
            sk_cells s = fc_cells(common, d, on);
            s.w[1] &= (1ull << 17) - 1;
            if (skip >= 0) s = sk_cells_minus(s, sk_cells_one(skip));
            if (sk_cells_empty(s)) continue;
            int key = sk_cells_first(s) * 10 + d;
            int *best = on ? &f->place : &f->elim;
            if (key < *best) *best = key;
        }
}

/* ---- chain lengths (for the step's type) -------------------------------------------- */

/* Breadth first from premise along the first tables: dist[] the distance of every node
 * reached (-1: never).  With a target node: the length of the chain to it, FC_NONE once that
 * would exceed limit; with target -1: the number of levels. */
static int fc_breadth_first(fc_mem *mem, int premise, int target, int limit) {
    const hl_tables *t = &mem->t;
    int nodes = HL_PLAIN + 2 * t->n_groups, words = mem->words;
    for (int n = 0; n < nodes; n++) mem->dist[n] = -1;
    mem->dist[premise] = 0;
    int head = 0, len = 0, levels = 1;
    mem->queue[len++] = (uint16_t)premise;
    while (head < len) {
        int node = mem->queue[head++];
        if (mem->dist[node] + 2 > limit) return FC_NONE;
        if (!fc_exists(t, node)) continue;
        const uint64_t *row = mem->direct[node];
        for (int w = 0; w < words; w++)
            for (uint64_t x = row[w]; x; x &= x - 1) {
                int m = fc_node_of_bit(w * 64 + __builtin_ctzll(x));
                if (mem->dist[m] >= 0) continue;
                if (m == target) return mem->dist[node] + 2;
                mem->dist[m] = (int16_t)(mem->dist[node] + 1);
                if (mem->dist[m] + 1 > levels) levels = mem->dist[m] + 1;
                mem->queue[len++] = (uint16_t)m;
            }
    }
    return target < 0 ? levels : FC_NONE;
}

/* Fill dist[] with the breadth-first distance of every node from premise along the first
 * tables (-1: never); returns the number of levels. */
static int fc_levels(fc_mem *mem, int premise) { return fc_breadth_first(mem, premise, -1, INT_MAX); }

/* The length of the chain to the table bit end after fc_levels (levels: its answer). */
static inline int fc_length(const fc_mem *mem, int levels, int end) {
    int d = mem->dist[fc_node_of_bit(end)];
    return d >= 0 ? d + 1 : levels + 1;
}

/* The table bit of the opposite of a plain premise (node index: cell * 18 + (d - 1) * 2 + on):
 * the same cell and digit, on <-> off. */
static int fc_partner(int premise) {
    return fc_bit(premise / 18, premise / 2 % 9 + 1, !(premise & 1));
}

/* The length of the shortest contradiction HoDoKu builds from premise (its table row). */
static int fc_contradiction_length(fc_mem *mem, const uint64_t *row, int premise) {
    const fc_board *b = &mem->b;
    const hl_tables *t = &mem->t;
    int levels = fc_levels(mem, premise), best = FC_NONE;
    int partner = fc_partner(premise);
    if (partner >= 0 && fc_test(row, partner)) best = fc_length(mem, levels, partner);
    sk_cells ons[10], offs[10], every_on = {{0, 0}};
    for (int d = 1; d <= 9; d++) {
        ons[d] = fc_cells(row, d, 1);
        offs[d] = fc_cells(row, d, 0);
        every_on = sk_cells_or(every_on, ons[d]);
    }
    uint8_t list[81];
    for (int d = 1; d <= 9; d++) {
        sk_cells both = sk_cells_and(ons[d], offs[d]);
        if (!sk_cells_empty(both)) {
            int c = sk_cells_first(both);
            int s = fc_length(mem, levels, fc_bit(c, d, 1)) + fc_length(mem, levels, fc_bit(c, d, 0));
            if (s < best) best = s;
        }
        for (int e = d + 1; e <= 9; e++) {
            sk_cells two = sk_cells_and(ons[d], ons[e]);
            if (sk_cells_empty(two)) continue;
            int c = sk_cells_first(two);
            int s = fc_length(mem, levels, fc_bit(c, d, 1)) + fc_length(mem, levels, fc_bit(c, e, 1));
            if (s < best) best = s;
        }
        for (int u = 0; u < 27; u++) {
            sk_cells here = sk_cells_and(ons[d], t->unit[u]);
            if (sk_cells_count(here) < 2) continue;
            int n = sk_cells_list(here, list), s = 0;
            for (int i = 0; i < n; i++) s += fc_length(mem, levels, fc_bit(list[i], d, 1));
            if (s < best) best = s;
        }
    }
    sk_cells empty = sk_cells_minus(b->empty, every_on);
    for (int d = 1; d <= 9; d++) empty = sk_cells_and(empty, sk_cells_or(offs[d], (sk_cells){{~b->where[d].w[0], ~b->where[d].w[1]}}));
    int n = sk_cells_list(empty, list);
    for (int i = 0; i < n; i++) {
        int s = 0;
        for (unsigned m = b->masks[list[i]]; m; m &= m - 1) s += fc_length(mem, levels, fc_bit(list[i], sk_low_digit(m), 0));
        if (s < best) best = s;
    }
    for (int d = 1; d <= 9; d++)
        for (int u = 0; u < 27; u++) {
            sk_cells allowed = sk_cells_and(b->allowed[d], t->unit[u]);
            if (sk_cells_empty(allowed) || !sk_cells_empty(sk_cells_minus(allowed, offs[d]))) continue;
            int k = sk_cells_list(allowed, list), s = 0;
            for (int i = 0; i < k; i++) s += fc_length(mem, levels, fc_bit(list[i], d, 0));
            if (s < best) best = s;
        }
    return best;
}

/* The length of the chain from premise to the table bit end, which its closed table holds
 * (fc_levels' answer for end, found breadth first up to end); FC_NONE once it would exceed
 * limit. */
static int fc_distance(fc_mem *mem, int premise, int end, int limit) {
    int target = fc_node_of_bit(end);
    return premise == target ? 1 : fc_breadth_first(mem, premise, target, limit);
}

/* 1 when every premise in ps[0 .. n) implies the bit end and their chains to it are shorter
 * than best in all. */
static int fc_shorter_verity(fc_mem *mem, const int *ps, int n, int end, int best) {
    if (!n) return 0;
    for (int i = 0; i < n; i++)
        if (!fc_test(mem->reach[ps[i]], end)) return 0;
    int left = best - 1;   /* the sum may reach best - 1; every length is at least 1 */
    for (int i = 0; i < n; i++) {
        int d = fc_distance(mem, ps[i], end, left - (n - 1 - i));
        if (d == FC_NONE) return 0;
        left -= d;
    }
    return left >= 0;
}

/* 1 for HoDoKu's VERITY, 0 for CONTRADICTION: the type of the step it keeps for a conclusion
 * (contradictions are found first; a later verity wins with shorter chains). */
static int fc_verity(fc_mem *mem, int place, int cell, int digit) {
    const fc_board *b = &mem->b;
    const hl_tables *t = &mem->t;
    int end = fc_bit(cell, digit, place), premise = hl_node(cell, digit, !place);
    if (!fc_contradiction(mem, mem->reach[premise])) return 1;
    int best = fc_contradiction_length(mem, mem->reach[premise], premise);
    int ps[9];
    for (int c = 0; c < 81; c++) {
        int n = 0;
        for (unsigned m = b->masks[c]; m; m &= m - 1) {
            int d = sk_low_digit(m);
            if (c != cell) {
                int pair[2] = {hl_node(c, d, 1), hl_node(c, d, 0)};
                if (fc_shorter_verity(mem, pair, 2, end, best)) return 1;
            }
            ps[n++] = hl_node(c, d, 1);
        }
        if (fc_shorter_verity(mem, ps, n, end, best)) return 1;
    }
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++) {
            uint8_t list[9];
            int n = sk_cells_list(sk_cells_and(b->where[d], t->unit[u]), list);
            for (int i = 0; i < n; i++) ps[i] = hl_node(list[i], d, 1);
            if (fc_shorter_verity(mem, ps, n, end, best)) return 1;
        }
    return 0;
}

/* ---- the search --------------------------------------------------------------------- */

/* The conclusions of all tables: contradictions, then verities of candidates, cells, houses. */
static void fc_conclusions(const fc_mem *mem, fc_found *f) {
    const fc_board *b = &mem->b;
    const hl_tables *t = &mem->t;
    const uint64_t *rows[9];
    for (int c = 0; c < 81; c++)
        for (unsigned m = b->masks[c]; m; m &= m - 1) {
            int d = sk_low_digit(m), key = c * 10 + d;
            if (key < f->elim && fc_contradiction(mem, mem->reach[hl_node(c, d, 1)])) f->elim = key;
            if (key < f->place && fc_contradiction(mem, mem->reach[hl_node(c, d, 0)])) f->place = key;
        }
    for (int c = 0; c < 81; c++) {
        int n = 0;
        for (unsigned m = b->masks[c]; m; m &= m - 1) {
            int d = sk_low_digit(m);
            const uint64_t *pair[2] = {mem->reach[hl_node(c, d, 1)], mem->reach[hl_node(c, d, 0)]};
            fc_agreed(pair, 2, c, f);
            rows[n++] = mem->reach[hl_node(c, d, 1)];
        }
        if (n) fc_agreed(rows, n, -1, f);
    }
    for (int u = 0; u < 27; u++)
        for (int d = 1; d <= 9; d++) {
            uint8_t list[9];
            int n = sk_cells_list(sk_cells_and(b->where[d], t->unit[u]), list);
            for (int i = 0; i < n; i++) rows[i] = mem->reach[hl_node(list[i], d, 1)];
            if (n) fc_agreed(rows, n, -1, f);
        }
}

/* HoDoKu's FORCING_CHAIN or FORCING_NET (net) step on the board (out->kind), as Python's _search. */
static int fc_search(hk_board *board, sk_step *out, hm_ctx *ctx) {
    int kind = out->kind, net = kind == HK_FORCING_NET;
    fc_mem *mem = malloc(sizeof *mem);
    if (!mem) {  /* no memory: give up as if time were up, never a silently wrong path */
        ctx->expired = 1;
        return 0;
    }
    uint16_t masks[81];
    for (int c = 0; c < 81; c++) masks[c] = board->values[c] ? 0 : board->masks[c];
    hk_tables_init(&mem->t, masks, 1);
    fc_board_init(&mem->b, &mem->t, board);
    mem->words = (FC_GROUP_BIT + 2 * mem->t.n_groups + 63) / 64;
    if (!fc_tables(mem, net, ctx) || !fc_closure(mem, ctx)) {
        free(mem);
        return 0;
    }
    fc_found f = {FC_NONE, FC_NONE};
    fc_conclusions(mem, &f);
    int found = 0;
    if (f.place < FC_NONE || f.elim < FC_NONE) {
        int place = f.place < FC_NONE, key = place ? f.place : f.elim;
        int cell = key / 10, digit = key % 10;
        static const char *const names[2][2] = {
            {"Forcing Chain Contradiction", "Forcing Chain Verity"},
            {"Forcing Net Contradiction", "Forcing Net Verity"},
        };
        sk_step_start(out, kind, names[net][fc_verity(mem, place, cell, digit)]);
        if (place) sk_step_place(out, cell, digit);
        else sk_step_elim(out, cell, digit);
        sk_step_cell(out, cell);
        found = 1;
    }
    free(mem);
    return found;
}

hk_finder hk_forcing_finder(int kind) {
    return kind == HK_FORCING_CHAIN || kind == HK_FORCING_NET ? fc_search : NULL;
}
