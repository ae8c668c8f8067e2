/* hodoku9_tables.h - HoDoKu's tables of implications (private to hodoku9_loops.c and
 * hodoku9_forcing.c).
 *
 * Nodes are small integers:
 *
 *     plain node   (cell * 9 + digit - 1) * 2 + on           0 .. 1457
 *     group node   HL_PLAIN + 2 * k + on                     k-th group, HoDoKu's order
 *
 * so bit 0 is "on" (the digit is set; off: removed) for both.  Cell sets are 81-bit sets in
 * two words:
 *
 *     w[0] bit c      cell c for c = 0 .. 63
 *     w[1] bit c-64   cell c for c = 64 .. 80
 *
 * hk_tables_init (hodoku9_loops.c) indexes a board's candidates, builds HoDoKu's group nodes and
 * every node's direct implications (sudokit.rating.hodoku.loops' _Grid.direct and _group_links).
 */
#ifndef SUDOKIT_HODOKU9_TABLES_H
#define SUDOKIT_HODOKU9_TABLES_H

#include <stdint.h>

#include "hodoku/hodoku9.h"

enum {
    HL_PLAIN = 81 * 9 * 2,                 /* plain nodes                                    */
    HL_MAX_GROUPS = 18 * 9 * 3,            /* a line meets 3 boxes, 9 digits, 18 lines       */
    HL_NODES = HL_PLAIN + 2 * HL_MAX_GROUPS,
    HL_MAX_LINKS = 96,                     /* direct implications of one node (about 50 max) */
};

/* ---- cell sets: sk_cells and its helpers (common/bits.h) ------------------------------ */

/* ---- the tables ---------------------------------------------------------------------- */

/* A group node: two or three cells of one line and one box holding a digit. */
typedef struct {
    uint8_t digit, n, line, box;  /* line: a row (0-8) or column (9-17) unit; box 18-26 */
    uint8_t cells[3];             /* ascending                                         */
    sk_cells set;                  /* the same cells                                    */
    sk_cells buddies;              /* the cells that see every cell of the group        */
} hl_group;

/* Everything one search reads and its scratch: the board's candidates, HoDoKu's group nodes,
 * every node's direct implications, and one table (breadth-first order and predecessors). */
typedef struct {
    uint16_t masks[81];           /* candidates (bit d-1 = digit d), 0 for a filled cell */
    sk_cells cells[10];            /* cells[d]: the cells with candidate d                */
    sk_cells unit[27];             /* the cells of each unit                              */
    sk_cells peers[81];            /* the 20 peers of each cell                           */
    uint8_t free[27][10];         /* free[u][d]: cells of unit u with candidate d        */
    int n_groups;
    hl_group groups[HL_MAX_GROUPS];
    uint8_t n_dgroups[10];        /* the groups of digit d: dgroups[d][0 .. n_dgroups[d]) */
    uint16_t dgroups[10][64];     /* (at most 54: 18 lines * 3 boxes), ascending          */
    uint8_t ncell[HL_NODES];      /* a node's (first) cell                               */
    uint8_t ndigit[HL_NODES];     /* a node's digit                                      */
    /* direct implications, packed: node n's are edges[first[n] .. first[n + 1]), in HoDoKu's
     * table order (nodes of candidates not on the board have none) */
    uint32_t first[HL_NODES + 1];
    uint16_t edges[HL_NODES * HL_MAX_LINKS];
    /* one table: order[0 .. len) breadth first, parent[n] valid when stamp[n] == gen */
    uint16_t order[HL_NODES];
    uint16_t parent[HL_NODES];
    uint32_t stamp[HL_NODES];
    uint32_t gen;
    uint16_t chain[HL_NODES];     /* scratch: one chain, premise first                  */
} hl_tables;

/* The plain node of digit d (1..9) set (on) or removed in cell c. */
static inline int hl_node(int c, int d, int on) { return (c * 9 + d - 1) * 2 + on; }

/* The node of the k-th group. */
static inline int hl_group_node(int k, int on) { return HL_PLAIN + 2 * k + on; }

/* 1 when node n sets its digit. */
static inline int hl_on(int n) { return n & 1; }

/* 1 for a group node. */
static inline int hl_grouped(int n) { return n >= HL_PLAIN; }

/* 1 when digit d is a candidate of cell c. */
static inline int hl_has(const hl_tables *t, int c, int d) { return t->masks[c] >> (d - 1) & 1; }

/* The cells of node n. */
static inline sk_cells hl_node_cells(const hl_tables *t, int n) {
    return hl_grouped(n) ? t->groups[(n - HL_PLAIN) >> 1].set : sk_cells_one(t->ncell[n]);
}

/* The cells that see every cell of node n. */
static inline sk_cells hl_buddies(const hl_tables *t, int n) {
    return hl_grouped(n) ? t->groups[(n - HL_PLAIN) >> 1].buddies : t->peers[t->ncell[n]];
}

/* Index the candidates `masks` (0 for a filled cell) and build every node's direct
 * implications, with HoDoKu's group nodes when `grouped`. */
void hk_tables_init(hl_tables *t, const uint16_t masks[81], int grouped);

#endif /* SUDOKIT_HODOKU9_TABLES_H */
