/* short_rows.h — with a fixed-lane SIMD backend, a dense row loop whose
 * rows are walked by the vector row walk (SpMV) chooses, each time it
 * runs, between that walk and the scalar output's row walk, from the
 * rows' mean length (short_rows.c; docs/vectorization.md, "Short rows:
 * the scalar walk chosen per call"). */
#ifndef SC_SHORT_ROWS_H
#define SC_SHORT_ROWS_H

#include "lower/row_carry.h"

/* The offer of one dense loop to the walk of its rows. */
typedef struct ShortRows {
  const IrNode *walk; /* the row loop's walk (its one loop child), or NULL:
                         no offer */
  int min;            /* set by the walk's vectorizer (vec_emit): rows
                         shorter than this run its short loop; 0: the walk
                         has no short loop (or did not take the offer) */
} ShortRows;

/* Fills sr for the dense loop rc->loop, whose rows rc offers to carry
 * (row_carry_offer): an offer when a fixed-lane SIMD backend is on. */
void short_rows_offer(Lower *L, ShortRows *sr, const RowCarry *rc);

/* After the dense loop was emitted into sb from offset `at` on (scope
 * `sc` outside it, operands in `zero` absent): when its walk took the
 * offer and the carry, the loop is emitted again as the scalar output
 * emits it, and the two copies go behind a test of the rows' mean length
 * (the scalar copy below sr->min entries a row). Nothing otherwise. */
void short_rows_finish(Lower *L, const ShortRows *sr, const RowCarry *rc,
                       StrBuf *sb, size_t at, const Scope *sc, unsigned zero,
                       int depth);

#endif
