/* cprint.h — prints IR expression trees as C99 text. Parentheses follow C
 * precedence so the printed expression associates exactly as the IR tree
 * (which is how the source associated). Accesses and index variables are
 * printed by the caller's callbacks, so lowering decides what an access
 * becomes (a dense subscript, a stored value, a conditional zero). */
#ifndef SC_CPRINT_H
#define SC_CPRINT_H

#include "base/strbuf.h"
#include "ir/ispace.h"

typedef struct CPrintHooks {
  /* Appends the C text of access `access` (an index into the kernel's
   * accesses). The text must be a primary expression or parenthesised. */
  void (*access)(void *user, StrBuf *out, int access);
  /* Appends the C name of loop variable `var`. */
  void (*index)(void *user, StrBuf *out, int var);
  void *user;
} CPrintHooks;

/* Appends expression e. */
void cprint_expr(StrBuf *out, const IrExpr *e, const CPrintHooks *hooks);

/* Appends an affine form over the kernel's loop variables ("2 * i + j - 1",
 * "(n) + i"), named through hooks->index. Prints "0" for the zero form. */
void cprint_affine(StrBuf *out, const IrAffine *a, int nvars,
                   const CPrintHooks *hooks);

#endif
