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

/* The walk of rc's loop took the carried begin as unroll.c's walk (the
 * scalar walk, no band): its whole block is sb's text from `at` on. */
void empty_rows_walk(Lower *L, const StrBuf *sb, size_t at);

/* After dense loop rc->loop was emitted into sb from `at` on (its `for`
 * line first, no cursor, not kept rolled), before row_carry_finish: with
 * L->empty_rows set and the walk recorded by empty_rows_walk, the loop
 * becomes `if (sc__T_emptyL) { chunks of L->empty_rows rows, each tested
 * empty at once and then run without the walk } else { the loop }`, and
 * its report line goes to L->empty_notes. */
void empty_rows_emit(Lower *L, const RowCarry *rc, StrBuf *sb, size_t at,
                     int depth);

#endif
