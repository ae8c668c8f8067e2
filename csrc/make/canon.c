/* canon.c - minlex canonical form of 9x9 puzzles, searched output row by output row.
 *
 * A transformation is: transpose or not, an order of the source rows (bands kept together),
 * a column order (stacks kept together), and the relabelling that names digits 1, 2, 3, ...
 * in order of first appearance (the smallest relabelling of a fixed arrangement). The form
 * is the smallest of the 81-character strings they make, 0 (empty) below every digit. Same
 * definition and results as the Python twin in sudokit/canon/minlex.py, found much faster:
 *
 *     level i   every kept node tries every source row allowed next (the rest of the band
 *               in progress, or any row of an unused band); the smallest output row wins and
 *               every way of writing it becomes a node of level i + 1
 *
 * A node does not hold a whole column order, only the part the rows written so far decide.
 * In a valid puzzle a digit appears once in a row, so two columns (or two stacks) read the
 * same over the written rows only when both are empty there: swapping them changes nothing
 * yet. A node therefore leaves such columns and stacks FREE; the written rows force them to
 * the front (zeros first), so the free slots are the first ones, and the free positions of a
 * slot its first ones. For the next row the best arrangement is then direct: in each slot
 * the free columns sorted (empty, then old labels ascending, then new digits), the free
 * stacks sorted by their sorted blocks. Only new digits (and free stacks whose blocks tie)
 * may be arranged several ways: those are the branches, each fixing its own labelling.
 *
 * Nodes that agree on everything the rest of the search reads (orientation, rows used,
 * column state, labels) are merged after every level, and an empty row (or band) is only
 * tried when no earlier empty row of its band (or empty band) is free: swapping two empty
 * rows maps the puzzle onto itself. So an empty grid keeps a handful of nodes, not millions,
 * and a 17-clue puzzle a few dozen.
 */
#include "make/canon.h"

#include <stdlib.h>
#include <string.h>

#define FREE 0xFF /* a slot or position the written rows do not fix yet */
#define NEW 10    /* the key of a digit not named yet: above every label */

/* One partial transformation. Only uint8_t fields: no padding, so memcmp compares nodes. */
typedef struct {
    uint8_t t;          /* 1: rows are read from the transposed grid */
    uint8_t mask[2];    /* the source rows used (bits 0-7, bit 8) */
    uint8_t slot[3];    /* source stack of each output slot, FREE while the slot is empty */
    uint8_t col[9];     /* column inside the slot's stack of each output position, or FREE */
    uint8_t labels[10]; /* new name of each digit, 0 while unnamed (labels[0] = 0) */
    uint8_t next;       /* the next new name */
} node;

typedef struct {
    node *items;
    size_t len, cap;
} node_list;

/* The orders of 0, 1, 2 or 3 items. */
static const uint8_t kPerms[4][6][3] = {
    {{0, 1, 2}},
    {{0, 1, 2}},
    {{0, 1, 2}, {1, 0, 2}},
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}},
};
static const int kPermCount[4] = {1, 1, 2, 6};

static int push(node_list *list, const node *n) {
    if (list->len == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 64;
        node *grown = realloc(list->items, cap * sizeof *grown);
        if (!grown) return -1;
        list->items = grown;
        list->cap = cap;
    }
    list->items[list->len++] = *n;
    return 0;
}

/* A hash of a node's bytes (FNV-1a). */
static uint32_t node_hash(const node *n) {
    const uint8_t *p = (const uint8_t *)n;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < sizeof *n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

/* Drop the repeated nodes of a list, keeping the first of each, with an open-addressing table
 * of node indexes (`*table`, `*cap` entries, grown as needed). Returns 0, or -1 out of memory. */
static int dedupe(node_list *list, uint32_t **table, size_t *cap) {
    if (list->len < 2) return 0;
    size_t size = 64;
    while (size < 2 * list->len) size *= 2;
    if (size > *cap) {
        uint32_t *grown = realloc(*table, size * sizeof *grown);
        if (!grown) return -1;
        *table = grown;
        *cap = size;
    }
    uint32_t *slots = *table;
    memset(slots, 0xFF, size * sizeof *slots);
    size_t kept = 0;
    for (size_t i = 0; i < list->len; i++) {
        const node *n = &list->items[i];
        size_t h = node_hash(n) & (size - 1);
        int seen = 0;
        for (; slots[h] != UINT32_MAX; h = (h + 1) & (size - 1))
            if (!memcmp(&list->items[slots[h]], n, sizeof *n)) {
                seen = 1;
                break;
            }
        if (seen) continue;
        if (kept != i) list->items[kept] = *n;
        slots[h] = (uint32_t)kept++;
    }
    list->len = kept;
    return 0;
}

/* Sort up to 3 source columns (indexes into key) by key, ascending. */
static void sort_cols(const uint8_t *key, uint8_t *cols, int n) {
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[cols[j - 1]] > key[cols[j]]; j--) {
            uint8_t t = cols[j];
            cols[j] = cols[j - 1];
            cols[j - 1] = t;
        }
}

/* How many leading slots are free. */
static int free_slots(const node *s) {
    int n = 0;
    while (n < 3 && s->slot[n] == FREE) n++;
    return n;
}

/* How many leading positions of a slot are free. */
static int free_positions(const node *s, int slot) {
    int n = 0;
    while (n < 3 && s->col[3 * slot + n] == FREE) n++;
    return n;
}

/* The columns of a fixed slot's stack that no position holds yet (n of them). */
static int loose_columns(const node *s, int slot, uint8_t cols[3]) {
    int held = 0, n = 0;
    for (int p = 0; p < 3; p++)
        if (s->col[3 * slot + p] != FREE) held |= 1 << s->col[3 * slot + p];
    for (int c = 0; c < 3; c++)
        if (!(held >> c & 1)) cols[n++] = (uint8_t)c;
    return n;
}

/* The stacks no slot holds, their blocks' sorted keys in `blocks`, sorted by those. */
static int pool(const node *s, const uint8_t key[9], uint8_t stacks[3], uint8_t blocks[3][3]) {
    int held = 0, n = 0;
    for (int i = 0; i < 3; i++)
        if (s->slot[i] != FREE) held |= 1 << s->slot[i];
    for (int st = 0; st < 3; st++) {
        if (held >> st & 1) continue;
        uint8_t cols[3] = {0, 1, 2};
        sort_cols(key + 3 * st, cols, 3);
        for (int j = 0; j < 3; j++) blocks[n][j] = key[3 * st + cols[j]];
        stacks[n++] = (uint8_t)st;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && memcmp(blocks[j - 1], blocks[j], 3) > 0; j--) {
            uint8_t b[3], t = stacks[j];
            memcpy(b, blocks[j], 3);
            memcpy(blocks[j], blocks[j - 1], 3);
            memcpy(blocks[j - 1], b, 3);
            stacks[j] = stacks[j - 1];
            stacks[j - 1] = t;
        }
    return n;
}

/* The smallest output row node `s` can write from a source row whose columns have `key`. */
static void min_row(const node *s, const uint8_t key[9], uint8_t row[9]) {
    uint8_t keys[9];
    int nfree = free_slots(s);
    if (nfree) {
        uint8_t stacks[3], blocks[3][3];
        pool(s, key, stacks, blocks);
        memcpy(keys, blocks, 3 * (size_t)nfree);
    }
    for (int slot = nfree; slot < 3; slot++) {
        int st = s->slot[slot], f = free_positions(s, slot);
        const uint8_t *k = key + 3 * st;
        uint8_t cols[3];
        loose_columns(s, slot, cols);
        sort_cols(k, cols, f);
        for (int p = 0; p < 3; p++) keys[3 * slot + p] = p < f ? k[cols[p]] : k[s->col[3 * slot + p]];
    }
    int next = s->next;
    for (int j = 0; j < 9; j++) row[j] = keys[j] == NEW ? (uint8_t)next++ : keys[j];
}

/* What the branches of one (node, source row) share. */
typedef struct {
    const uint8_t *src;    /* the digit of each source column of the row */
    uint8_t key[9];        /* its key: 0 empty, the digit's label, or NEW */
    uint8_t blocks[3][3];  /* the sorted blocks of the free slots, in slot order */
    int row;               /* the source row */
    node_list *out;
} branch;

static int place(const branch *b, node *n, int slot);

/* The keys of source row `src` for node `s` and the smallest row it can write; with `b`, also
 * fill the branch's keys and free blocks. */
static void branch_keys(const node *s, const uint8_t *src, uint8_t row[9], branch *b) {
    uint8_t key[9];
    for (int c = 0; c < 9; c++) {
        int d = src[c];
        key[c] = !d ? 0 : s->labels[d] ? s->labels[d] : NEW;
    }
    if (!b) {
        min_row(s, key, row);
        return;
    }
    memcpy(b->key, key, 9);
    if (free_slots(s)) {
        uint8_t stacks[3];
        pool(s, key, stacks, b->blocks);
    }
}

/* Put the loose columns `cols` (n, of the slot's stack) at the slot's first positions in the
 * best order: empty ones stay free, old labels ascending, then every order of the new ones. */
static int arrange(const branch *b, node *n, int slot, uint8_t cols[3], int count) {
    const uint8_t *k = b->key + 3 * n->slot[slot];
    sort_cols(k, cols, count);
    int zeros = 0, olds = 0;
    while (zeros < count && !k[cols[zeros]]) zeros++;
    while (zeros + olds < count && k[cols[zeros + olds]] != NEW) olds++;
    int news = count - zeros - olds;
    uint8_t *pos = n->col + 3 * slot;
    for (int p = 0; p < zeros; p++) pos[p] = FREE;
    for (int p = zeros; p < zeros + olds; p++) pos[p] = cols[p];
    for (int q = 0; q < kPermCount[news]; q++) {
        node child = *n;
        for (int p = 0; p < news; p++) child.col[3 * slot + zeros + olds + p] = cols[zeros + olds + kPerms[news][q][p]];
        if (place(b, &child, slot + 1)) return -1;
    }
    return 0;
}

/* Name the row's new digits in output order, mark the row used, keep the node. */
static int finish(const branch *b, node *n) {
    for (int p = 0; p < 9; p++) {
        int st = n->slot[p / 3], c = n->col[p];
        if (st == FREE || c == FREE) continue;
        int d = b->src[3 * st + c];
        if (d && !n->labels[d]) n->labels[d] = n->next++;
    }
    n->mask[b->row >> 3] |= (uint8_t)(1u << (b->row & 7));
    return push(b->out, n);
}

/* Every best arrangement of slots `slot`.. of node `n` (slots before it already placed). */
static int place(const branch *b, node *n, int slot) {
    if (slot == 3) return finish(b, n);
    uint8_t cols[3];
    if (n->slot[slot] != FREE) {
        int count = free_positions(n, slot);
        if (!count) return place(b, n, slot + 1);
        loose_columns(n, slot, cols);
        return arrange(b, n, slot, cols, count);
    }
    const uint8_t *want = b->blocks[slot];
    if (!want[0] && !want[1] && !want[2]) return place(b, n, slot + 1); /* still empty: stays free */
    int held = 0;
    for (int i = 0; i < 3; i++)
        if (n->slot[i] != FREE) held |= 1 << n->slot[i];
    for (int st = 0; st < 3; st++) {
        if (held >> st & 1) continue;
        uint8_t block[3] = {0, 1, 2};
        sort_cols(b->key + 3 * st, block, 3);
        int same = 1;
        for (int j = 0; j < 3; j++) same &= b->key[3 * st + block[j]] == want[j];
        if (!same) continue;
        node child = *n;
        child.slot[slot] = (uint8_t)st;
        cols[0] = 0, cols[1] = 1, cols[2] = 2;
        if (arrange(b, &child, slot, cols, 3)) return -1;
    }
    return 0;
}

/* The source rows node `s` may write next, in `out`; returns how many. An empty row is left
 * out when an earlier empty row of its band is free too, an empty band when an earlier empty
 * band is unused too (either swap maps the puzzle onto itself). */
static int next_rows(const node *s, unsigned empty, uint8_t out[9]) {
    unsigned mask = s->mask[0] | (unsigned)s->mask[1] << 8;
    int band = -1, n = 0;
    for (int b = 0; b < 3; b++) {
        unsigned used = mask >> (3 * b) & 7;
        if (used && used != 7) band = b;
    }
    for (int b = 0; b < 3; b++) {
        unsigned used = mask >> (3 * b) & 7;
        if (band >= 0 ? b != band : used != 0) continue;
        if (band < 0 && (empty >> (3 * b) & 7) == 7) {
            int earlier = 0;
            for (int e = 0; e < b; e++) earlier |= !(mask >> (3 * e) & 7) && (empty >> (3 * e) & 7) == 7;
            if (earlier) continue;
        }
        int empty_free = 0; /* an earlier empty free row of this band was offered */
        for (int r = 3 * b; r < 3 * b + 3; r++) {
            if (mask >> r & 1) continue;
            if (empty >> r & 1) {
                if (empty_free) continue;
                empty_free = 1;
            }
            out[n++] = (uint8_t)r;
        }
    }
    return n;
}

/* 1 when a digit repeats in a row or a column. */
static int repeats(const uint8_t cells[81]) {
    for (int i = 0; i < 9; i++) {
        unsigned row = 0, col = 0;
        for (int j = 0; j < 9; j++) {
            unsigned a = cells[9 * i + j], b = cells[9 * j + i];
            if (a) {
                if (row >> a & 1) return 1;
                row |= 1u << a;
            }
            if (b) {
                if (col >> b & 1) return 1;
                col |= 1u << b;
            }
        }
    }
    return 0;
}

static int search(node_list *now, node_list *then, uint32_t **table, size_t *table_cap,
                  const uint8_t cells[81], uint8_t out[81]) {
    uint8_t grids[2][81];
    unsigned empty[2] = {0, 0};
    memcpy(grids[0], cells, 81);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) grids[1][r * 9 + c] = cells[c * 9 + r];
    for (int t = 0; t < 2; t++)
        for (int r = 0; r < 9; r++) {
            int any = 0;
            for (int c = 0; c < 9; c++) any |= grids[t][9 * r + c];
            if (!any) empty[t] |= 1u << r;
        }

    now->len = 0;
    for (int t = 0; t < 2; t++) {
        node root;
        memset(&root, 0, sizeof root);
        root.t = (uint8_t)t;
        memset(root.slot, FREE, sizeof root.slot);
        memset(root.col, FREE, sizeof root.col);
        root.next = 1;
        if (push(now, &root)) return SK_CANON_NOMEM;
    }
    for (int level = 0; level < 9; level++) {
        uint8_t best[9];
        int have = 0;
        then->len = 0;
        for (size_t i = 0; i < now->len; i++) {
            const node *s = &now->items[i];
            uint8_t rows[9], at[9]; /* at: the source column of each output position, if all fixed */
            int count = next_rows(s, empty[s->t], rows), fixed = 1;
            for (int p = 0; p < 9 && fixed; p++) {
                fixed = s->col[p] != FREE;
                at[p] = (uint8_t)(3 * s->slot[p / 3] + s->col[p]);
            }
            for (int k = 0; k < count; k++) {
                const uint8_t *src = grids[s->t] + 9 * rows[k];
                uint8_t row[9];
                int cmp;
                if (fixed) {
                    /* every column placed: read the row, stopping as soon as it is bigger */
                    int next = s->next;
                    cmp = have ? 0 : -1;
                    for (int p = 0; p < 9; p++) {
                        int d = src[at[p]];
                        row[p] = !d ? 0 : s->labels[d] ? s->labels[d] : (uint8_t)next++;
                        if (!cmp && row[p] != best[p]) {
                            cmp = row[p] < best[p] ? -1 : 1;
                            if (cmp > 0) break;
                        }
                    }
                    if (cmp > 0) continue;
                } else {
                    branch_keys(s, src, row, NULL);
                    cmp = have ? memcmp(row, best, 9) : -1;
                    if (cmp > 0) continue;
                }
                if (cmp < 0) {
                    memcpy(best, row, 9);
                    have = 1;
                    then->len = 0;
                }
                if (level == 8) continue; /* the last row: no node needed after it */
                branch b;
                b.src = src;
                b.row = rows[k];
                b.out = then;
                node n = *s;
                if (fixed) {
                    if (finish(&b, &n)) return SK_CANON_NOMEM;
                    continue;
                }
                branch_keys(s, src, row, &b);
                if (place(&b, &n, 0)) return SK_CANON_NOMEM;
            }
        }
        memcpy(out + 9 * level, best, 9);
        /* the children of the two roots all differ: merge from level 1 on */
        if (level && dedupe(then, table, table_cap)) return SK_CANON_NOMEM;
        node_list swap = *now;
        *now = *then;
        *then = swap;
    }
    return SK_CANON_OK;
}

int sk_canon9_with(sk_canon9_work *work, const uint8_t cells[81], uint8_t out[81]) {
    if (repeats(cells)) return SK_CANON_REPEAT;
    node_list a = {work->items[0], 0, work->caps[0]}, b = {work->items[1], 0, work->caps[1]};
    uint32_t *table = work->items[2];
    int status = search(&a, &b, &table, &work->caps[2], cells, out);
    work->items[0] = a.items, work->caps[0] = a.cap;
    work->items[1] = b.items, work->caps[1] = b.cap;
    work->items[2] = table;
    return status;
}

void sk_canon9_free(sk_canon9_work *work) {
    free(work->items[0]);
    free(work->items[1]);
    free(work->items[2]);
    memset(work, 0, sizeof *work);
}

int sk_canon9(const uint8_t cells[81], uint8_t out[81]) {
    sk_canon9_work work = {{NULL, NULL, NULL}, {0, 0, 0}};
    int status = sk_canon9_with(&work, cells, out);
    sk_canon9_free(&work);
    return status;
}
