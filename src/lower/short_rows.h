/* short_rows.h — with a fixed-lane SIMD backend, a kernel whose dense row
 * loop walks its rows with the vector row walk (SpMV) chooses, each time
 * it runs, between its vector nest and the scalar output's nest, from the
 * rows' mean length (short_rows.c; docs/vectorization.md, "Short rows:
 * the scalar output's nest chosen per call"). */
#ifndef SC_SHORT_ROWS_H
#define SC_SHORT_ROWS_H

#include "lower/row_carry.h"

/* The offer of one dense loop to the walk of its rows. */
typedef struct ShortRows {
  const IrNode *walk; /* the row loop's walk (its one loop child), or NULL:
                         no offer */
  int min;            /* set by the walk's vectorizer (vec_emit): a mean
                         row length below this runs the scalar output's
                         nest; 0: the walk has no short loop (or did not
                         take the offer) */
  int row_min;        /* with min: rows shorter than this run the walk's
                         short loop (at most min) */
} ShortRows;

/* Fills sr for the dense loop rc->loop, whose rows rc offers to carry
 * (row_carry_offer): an offer when a fixed-lane SIMD backend is on. */
void short_rows_offer(Lower *L, ShortRows *sr, const RowCarry *rc);

/* After the dense loop rc->loop was emitted: when its walk took the offer
 * and the carry, records the walked level's threshold (L->scalar_rows)
 * for short_rows_cond and reports it. Nothing otherwise. */
void short_rows_finish(Lower *L, const ShortRows *sr, const RowCarry *rc);

/* The test, once per run of the kernel, under which the kernel runs the
 * scalar output's nest instead of the vector one: every recorded level's
 * mean row length below its threshold (flags sc__T_scalarL, which
 * lower.c declares from L->scalar_rows), or NULL when nothing was recorded. */
const char *short_rows_cond(Lower *L);

/* Whether the vector nest `text` may leave out the copy of its loops for
 * short rows (coiter.c unswitch_loops): every level short_rows_cond tests
 * has its short-row flag (unroll.c) in text, so that one of them is false
 * wherever the vector nest runs (its mean at or above a threshold of at
 * least UNROLL_BY). */
int short_rows_dead(const Lower *L, const char *text);

#endif
