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
 * every node's direct implications (sudokit.hodoku_loops' _Grid.direct and _group_links).
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

/* ---- cell sets ------------------------------------------------------------------------- */

/* A set of cells: bit c of w[c / 64]. */
typedef struct {
    uint64_t w[2];
} cellset;

/* The set holding one cell. */
static inline cellset cs_one(int c) {
    cellset s = {{0, 0}};
    s.w[c >> 6] = 1ull << (c & 63);
    return s;
}

/* 1 when cell c is in s. */
static inline int cs_has(cellset s, int c) { return (int)(s.w[c >> 6] >> (c & 63) & 1); }

/* s with cell c added. */
static inline void cs_add(cellset *s, int c) { s->w[c >> 6] |= 1ull << (c & 63); }

/* a & b. */
static inline cellset cs_and(cellset a, cellset b) { return (cellset){{a.w[0] & b.w[0], a.w[1] & b.w[1]}}; }

/* a & ~b. */
static inline cellset cs_minus(cellset a, cellset b) { return (cellset){{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1]}}; }

/* a | b. */
static inline cellset cs_or(cellset a, cellset b) { return (cellset){{a.w[0] | b.w[0], a.w[1] | b.w[1]}}; }

/* 1 when s is empty. */
static inline int cs_empty(cellset s) { return !(s.w[0] | s.w[1]); }

/* Bits set in a 64-bit word (no -mpopcnt in the build: SWAR). */
static inline int pop64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* The number of cells in s. */
static inline int cs_count(cellset s) { return pop64(s.w[0]) + pop64(s.w[1]); }

/* The smallest cell of a non-empty s. */
static inline int cs_first(cellset s) {
    return s.w[0] ? __builtin_ctzll(s.w[0]) : 64 + __builtin_ctzll(s.w[1]);
}

/* The cells of s in ascending order into out; returns how many. */
static inline int cs_list(cellset s, uint8_t *out) {
    int n = 0;
    for (int k = 0; k < 2; k++)
        for (uint64_t w = s.w[k]; w; w &= w - 1) out[n++] = (uint8_t)(k * 64 + __builtin_ctzll(w));
    return n;
}

/* ---- the tables ---------------------------------------------------------------------- */

/* A group node: two or three cells of one line and one box holding a digit. */
typedef struct {
    uint8_t digit, n, line, box;  /* line: a row (0-8) or column (9-17) unit; box 18-26 */
    uint8_t cells[3];             /* ascending                                         */
    cellset set;                  /* the same cells                                    */
    cellset buddies;              /* the cells that see every cell of the group        */
} hl_group;

/* Everything one search reads and its scratch: the board's candidates, HoDoKu's group nodes,
 * every node's direct implications, and one table (breadth-first order and predecessors). */
typedef struct {
    uint16_t masks[81];           /* candidates (bit d-1 = digit d), 0 for a filled cell */
    cellset cells[10];            /* cells[d]: the cells with candidate d                */
    cellset unit[27];             /* the cells of each unit                              */
    cellset peers[81];            /* the 20 peers of each cell                           */
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
static inline cellset hl_node_cells(const hl_tables *t, int n) {
    return hl_grouped(n) ? t->groups[(n - HL_PLAIN) >> 1].set : cs_one(t->ncell[n]);
}

/* The cells that see every cell of node n. */
static inline cellset hl_buddies(const hl_tables *t, int n) {
    return hl_grouped(n) ? t->groups[(n - HL_PLAIN) >> 1].buddies : t->peers[t->ncell[n]];
}

/* Index the candidates `masks` (0 for a filled cell) and build every node's direct
 * implications, with HoDoKu's group nodes when `grouped`. */
void hk_tables_init(hl_tables *t, const uint16_t masks[81], int grouped);

#endif /* SUDOKIT_HODOKU9_TABLES_H */
