/* macros.h — element-access macros expanded before sparsification.
 *
 * Legacy C often reaches an array through a function-like macro:
 *
 *   #define A(i, j) a[(i) * n + (j)]
 *   ... y[i] += A(i, j) * x[j];
 *
 * When the macro's body is one subscripted name (`a[...]`, `a[..][..]`)
 * and that name appears in a `#pragma sparse` line, each invocation after
 * the definition is replaced by the body with the arguments substituted,
 * as the preprocessor would, so the nest and the array's uses can be
 * modelled. An index macro (`#define IDX(i, j) ((i) * n + (j))`: a body
 * of names, integer constants, parentheses and + - * / %) is expanded
 * where it is the subscript of such an array, `a[IDX(i, j)]`; any other
 * macro where an argument is an array a pragma binds or a subscript of it
 * (`NR(A)`, `NR(A[0])`), so that the uses of the array are visible; a
 * loop macro (`#define FOR(i, n) for (int i = 0; i < (n); i++)`: a body
 * that is a for header) at every invocation, so that the loops written
 * through it are loops to the sparsifier. A
 * macro is left alone when it is defined more than once, is #undef'd,
 * sits under a conditional, uses # or ##, or spans lines. */
#ifndef SC_FRONTEND_MACROS_H
#define SC_FRONTEND_MACROS_H

#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"
#include "sparsify.h"

/* The text with the invocations expanded (arena), *nexp set to how many
 * were, *repl to the replacements made (in order; an invocation spanning
 * lines is followed by as many newlines, so lines keep their numbers);
 * NULL when there is none. */
const char *macros_expand(const SourceFile *f, TSTree *tree, const PragmaSite *sites,
                          size_t nsites, Arena *a, size_t *out_len, int *nexp,
                          const SourceRepl **repl, size_t *nrepl);

#endif
