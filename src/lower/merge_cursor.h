/* merge_cursor.h — merge cursors for dense loops over ordered levels
 * (merge_cursor.c; docs/lowering.md, "Unions with a dense side"). */
#ifndef SC_MERGE_CURSOR_H
#define SC_MERGE_CURSOR_H

#include "lower/coiter_int.h"

/* A merge cursor: its position, the end of its range, and the coordinate
 * stored at the position (UINT64_MAX past the end). */
typedef struct Cursor {
  const char *m, *e, *c;
} Cursor;

/* The operands (a bit set) that dense loop n walks with merge cursors. */
unsigned cursor_mask(const Lower *L, const IrNode *n, const Scope *sc,
                     unsigned zero);
/* Before dense loop n: the cursors of the operands in m (cur[s]). */
void cursor_begin(Lower *L, StrBuf *sb, const Scope *sc, unsigned m,
                  Cursor *cur, int depth);
/* Inside the loop: each cursor moved to the loop's coordinate, its level
 * bound in `in` as a locate would. */
void cursor_step(Lower *L, StrBuf *sb, Scope *in, unsigned m,
                 const Cursor *cur, int depth);

#endif
