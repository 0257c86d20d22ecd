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
/* If p has loop-variable terms with symbolic coefficients and they all
 * have the same single symbol set, returns 1 and sets *stride to its text
 * ("n", "n*m"); if they disagree returns 1 with *stride NULL; 0 if none. */
int af_symbolic_stride(const AfPoly *p, const char **stride);
/* Splits p = sum_d out[d] * prod_{d' > d} ext[d'] by matching the symbolic
 * factor ext[d] (an identifier) or dividing by it (an integer literal).
 * -1 when an extent is neither. */
int af_delinearize(const AfPoly *p, int rank, const char *const *ext,
                   AfPoly *out);

#endif
