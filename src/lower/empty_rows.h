/* empty_rows.h — in the scalar nest a vector output runs on short rows
 * (short_rows.c), runs of empty rows skipped several at a time (empty_rows.c;
 * docs/vectorization.md, "Short rows: runs of empty rows skipped"). */
#ifndef SC_EMPTY_ROWS_H
#define SC_EMPTY_ROWS_H

#include "lower/row_carry.h"

/* Rows tested empty at once: 16 doubles are one to four vector stores;
 * 4 (generic's vector length) cost clang's generic output zenios CSR32
 * 0.85x (docs/performance.md, "Vectorized SpMV: runs of empty rows
 * skipped"). */
#define EMPTY_ROWS 16

/* A dense row loop as coiter.c emitted it into a StrBuf, its pieces by
 * offset: its `for` line, the row's statements (the locates, the
 * statements before its one child loop), the text of that child loop,
 * the statements after it, and the loop's closing line, the last of the
 * buffer. walk == walk_end when the child loop was not emitted. */
typedef struct RowLoopText {
  size_t head;     /* the `for` line */
  size_t body;     /* the row's statements before the walk */
  size_t walk;     /* the child loop's text */
  size_t walk_end; /* the row's statements after it */
  size_t close;    /* the closing line */
} RowLoopText;

/* The walk of rc's loop took the carried begin as unroll.c's walk (the
 * scalar walk, no band), its block being sb's text from `at` on: records
 * the block's length (RowCarry.walk_len). */
void empty_rows_walk(Lower *L, const StrBuf *sb, size_t at);

/* After dense loop rc->loop was emitted into sb as rl has it (no cursor,
 * not kept rolled), before row_carry_finish: with L->empty_rows set and
 * the walk recorded by empty_rows_walk being the whole text of the loop's
 * child loop, the loop becomes `if (sc__T_emptyL) { chunks of
 * L->empty_rows rows, each tested empty at once and then run without the
 * walk } else { the loop }`, and its report line goes to
 * L->empty_notes. */
void empty_rows_emit(Lower *L, const RowCarry *rc, const RowLoopText *rl,
                     StrBuf *sb, int depth);

#endif
