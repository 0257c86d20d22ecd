/* argext.h — a running extreme and its positions (argmax, argmin) over
 * the stored entries of one operand, the absent zero applied once at the
 * first (or last) absent coordinate (argext.c). */
#ifndef SC_ARGEXT_H
#define SC_ARGEXT_H

#include "lower/coiter_int.h"

/* Whether the candidate's level on loop n is walked by position with its
 * coordinates in order, the loop variable itself. */
int argext_level_ok(const Lower *L, const IrNode *n, const Scope *sc,
                    unsigned cand);
/* Whether loop n (or the chain of single loops under it) ends in a body
 * `p = g ? v : p; ...; m = g ? e : m;` over the one candidate operand
 * cand (*strict: g is `<` or `>`). */
int argext_ok(const Lower *L, const IrNode *n, unsigned cand, int *strict);
/* Loop n over the entries of operand s (argext_ok holds). */
void emit_argext(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                 int s, int strict, int depth);

#endif
