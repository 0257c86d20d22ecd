/* affine.h — integer polynomials over loop variables and loop-invariant
 * symbols, the working form of subscripts and loop bounds before they
 * become IrAffine. A term is coef * [var] * sym1 * sym2 ...; products of
 * two loop variables are not representable (not affine). Delinearization
 * of flat subscripts (`i*m + j` with extents [n][m] → (i, j)) works here. */
#ifndef SC_IR_AFFINE_H
#define SC_IR_AFFINE_H

#include <stdint.h>

#include "base/arena.h"
#include "ir/ispace.h"

#define AF_MAX_SYM 4
#define AF_MAX_TERMS 24

typedef struct AfTerm {
  int64_t coef;
  int var;                       /* loop variable, or -1 */
  int nsym;
  const char *sym[AF_MAX_SYM];   /* sorted by strcmp */
} AfTerm;

typedef struct AfPoly {
  int n;
  int overflow;                  /* too many terms or symbols: unusable */
  AfTerm t[AF_MAX_TERMS];
} AfPoly;

void af_zero(AfPoly *p);
/* Adds coef * [var] * [sym] (var -1 / sym NULL when absent). */
void af_add_term(AfPoly *p, int64_t coef, int var, const char *sym);
void af_add(AfPoly *p, const AfPoly *q);
void af_scale(AfPoly *p, int64_t c);
/* out = l * r; -1 when a term would hold two loop variables. */
int af_mul(const AfPoly *l, const AfPoly *r, AfPoly *out);
/* -1 when a loop-variable term has a symbolic coefficient. */
int af_to_ir(Arena *a, const AfPoly *p, IrAffine *out);
/* The shape a flat subscript's symbolic strides imply: loop-variable terms
 * with coefficients n (one symbol), m*n (that symbol and one more), ...
 * give rank 2, 3, ... with ext[rank-1] = "n", ext[rank-2] = "m", ...,
 * ext[0] = NULL (the outer extent is not told). Returns 0 when no
 * loop-variable term has a symbolic coefficient; 1 otherwise, with *rank 0
 * when the strides are no such chain (two strides of one size, a missing
 * step, more than max_rank dimensions). */
int af_symbolic_shape(const AfPoly *p, int max_rank, int *rank,
                      const char **ext);
/* Splits p = sum_d out[d] * prod_{d' > d} ext[d'] by matching the symbolic
 * factor ext[d] (an identifier) or dividing by it (an integer literal).
 * -1 when an extent is neither. */
int af_delinearize(const AfPoly *p, int rank, const char *const *ext,
                   AfPoly *out);

#endif
