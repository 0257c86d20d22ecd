/* overlap.h — run-time overlap checks for vector loops over dense arrays
 * that are pointers or parameters (docs/vectorization.md, "Overlap
 * checks"). Declared arrays (`double C[N][M]`) are distinct objects and
 * need no check; a pointer, a parameter, a row-pointer array or a flat
 * array may point into any other array, so a vector loop that reorders
 * reads and writes runs only when the address ranges it touches do not
 * overlap, chosen at run time before the loop; otherwise the loop the
 * scalar program order allows. */
#ifndef SC_VECTOR_OVERLAP_H
#define SC_VECTOR_OVERLAP_H

#include "lower/lower_int.h"

#define OV_MAX 16 /* dense accesses of one loop taken into a check */

/* The dense accesses of a loop: the left sides written and every dense
 * access read by the statements. */
typedef struct OvSet {
  int n;
  int acc[OV_MAX];
  unsigned char write[OV_MAX];
} OvSet;

/* Prints dense access `a` as C with the vectorized loop's variable printed
 * as vtext (its name when NULL). */
typedef void (*OvPrint)(void *user, StrBuf *out, int a, const char *vtext);

/* Adds the left side `lhs` (an access, or -1) and the dense accesses of e.
 * Returns 0 when the set is full (the caller then declines). */
int ov_add(const Lower *L, OvSet *s, int lhs, const IrExpr *e);

/* Whether the pair (i, j) of the set needs a run-time check: one is
 * written and one of the two arrays is not a declared array. */
int ov_pair_needed(const Lower *L, const OvSet *s, int i, int j);

/* Whether any pair needs a check. */
int ov_needed(const Lower *L, const OvSet *s);

/* A loop over var v whose values lie between those at its first and its
 * last iteration (a dense loop; a position loop over an ordered level):
 * a condition (C expression) true when `empty` holds, or when every
 * written access and every other access it is paired with have apart
 * address ranges (each range between the access at v = first and at v =
 * last), or are the same elements (the same addresses at both ends, both
 * varying with v: each lane reads the element it writes, as the scalar
 * loop does). Returns NULL when no pair needs a check. */
const char *ov_span_cond(const Lower *L, const OvSet *s, int v,
                         const char *empty, const char *first,
                         const char *last, OvPrint pr, void *user);

/* Whether the accesses of a register-blocked nest (j over the entries,
 * k inner) can be range-checked: j's range at run time is the first and
 * the last coordinate of the row (an ordered level), and an access through
 * a row-pointer array must not take j in a row subscript. */
int ov_nest_checkable(const Lower *L, const OvSet *s, int jv, int ordered);

/* Emits at `ind` the statements of a register-blocked nest's check into
 * sb: declares `int <ok> = 1;` and clears it when the range of a written
 * block overlaps another range (strictly: the block is held in registers
 * across the entries). Ranges are taken over the four corners j in {first,
 * last entry's coordinate}, k in {lo, hi - 1}. */
void ov_emit_nest(const Lower *L, const OvSet *s, StrBuf *sb, const char *ind,
                  const char *ok, int uniq, const char *p, const char *begin,
                  const char *end, const char *jtype, const char *j,
                  const char *crd, const char *ktype, const char *k,
                  const char *lo, const char *hi, OvPrint pr, void *user);

/* The check of ov_emit_nest for a scalar row block (coiter.c): the same
 * ranges (strictly apart), with the loop variables' numbers jv and kv;
 * where every access's address does not decrease in j and k (all their
 * coefficients >= 0) only the corners (first entry, lo) and (last entry,
 * hi - 1) are evaluated, straight-line code per row. An empty row passes. */
void ov_emit_block(const Lower *L, const OvSet *s, StrBuf *sb,
                   const char *ind, const char *ok, int uniq, const char *p,
                   const char *begin, const char *end, int jv,
                   const char *jtype, const char *j, const char *crd, int kv,
                   const char *ktype, const char *k, const char *lo,
                   const char *hi, OvPrint pr, void *user);

#endif
