/* row_carry.h — a compressed level's row begin carried across the rows of
 * a dense loop (row_carry.c; docs/lowering.md, "Row begin carried"). */
#ifndef SC_ROW_CARRY_H
#define SC_ROW_CARRY_H

#include "lower/coiter_int.h"

/* The offer of one dense loop to the walk of its rows: which operand's
 * level the loop locates (a dense level on its variable alone, directly
 * over which a compressed level is walked), and, once a walk took it,
 * the variable that holds the next row's begin. */
typedef struct RowCarry {
  const IrNode *loop;           /* the dense loop */
  const IrNode *walk;           /* its one loop child */
  unsigned st_ok;               /* operands whose level it locates */
  const char *pp[LW_MAX_SPARSE];/* their parent position (before it) */
  const char *p[LW_MAX_SPARSE]; /* their position in the loop */
  int lvl[LW_MAX_SPARSE];       /* the level it locates */
  int s;                        /* the operand that took it, or -1 */
  const char *var;              /* its carried begin, once taken */
  size_t walk_len;              /* the length of the taking walk's block
                                   when it is unroll.c's walk
                                   (empty_rows_walk), else 0 */
} RowCarry;

/* Fills rc for dense loop n (scope `before` outside it, `in` inside it,
 * after its locates); rc->st_ok is 0 when nothing can be carried. */
void row_carry_offer(Lower *L, RowCarry *rc, const IrNode *n,
                     const Scope *before, const Scope *in);
/* The walk of loop w over the level after sc->b[s]'s (the scalar walk or
 * a backend's SIMD row, walked in full): the variable holding its begin,
 * or NULL; once taken, the walk must end each row with `var = end;`. */
const char *row_carry_take(Lower *L, const IrNode *w, const Scope *sc,
                           int s);
/* Once a walk took the carry: the C text of the begin and the end of the
 * walked segment of the row whose coordinate is `row` (C text). */
void row_carry_bounds(Lower *L, const RowCarry *rc, const char *row,
                      const char **begin, const char **end);
/* After dense loop n was emitted into sb from offset `at` on: when a walk
 * took the carry, its declaration and first value go in at `at`. */
void row_carry_finish(Lower *L, RowCarry *rc, StrBuf *sb, size_t at,
                      int depth);

#endif
