/* consts.h — what a loop-invariant name in a loop bound or a shape stands
 * for, so the range proof of a flat subscript (extract_range.c) can compare the
 * loop `for (k = 0; k < nk; k++)` with the shape `A[M][K]` after
 *
 *   long nk = K;            (a local assigned nowhere else)
 *   static const int K = 8; (a const variable)
 *
 * A variable stands for its initializer when the initializer is an
 * identifier or an integer literal and the variable is assigned nowhere in
 * its scope (no `=`, compound assignment, `++`, `--` or `&name`); a
 * global must be declared const (another file may assign it otherwise). */
#ifndef SC_FRONTEND_CONSTS_H
#define SC_FRONTEND_CONSTS_H

#include <stddef.h>

#include "frontend/ctypes.h"
#include "sparsify.h"

/* The initializer text (arena) of the variable `name` visible at byte
 * `at`, or NULL when it does not stand for one (above). */
const char *const_init_text(SparsifyCtx *ctx, CTypes *ct, const char *name,
                            size_t at);

/* The initializer of the local `name` visible at byte `at` (`int c =
 * perm[j];`: `perm[j]`) when it is a plain variable declared with one and
 * assigned nowhere else in the block of its declaration (as above); a
 * null node otherwise. */
TSNode const_init_node(SparsifyCtx *ctx, CTypes *ct, const char *name, size_t at);

/* Whether the variable `name` visible at byte `at` keeps its value in its
 * whole scope (a local or parameter assigned nowhere in its function, a
 * const global); 0 for a name that is no variable (a macro may name one
 * that changes). */
int const_unassigned(SparsifyCtx *ctx, CTypes *ct, const char *name, size_t at);

/* The value of the local `name` at `use`, a node of the loop nest `nest`,
 * when it was declared before the nest and the nest writes it once, by a
 * plain assignment `name = value;` that is a statement of a block of the
 * nest enclosing `use`, before it (C89 temporaries: `int yy; ... for (...)
 * { yy = y + ky - 3; ... img[yy][xx] ... }`): `value`, with the
 * statement in *stmt and the declared type in *ctype. A null node
 * otherwise. */
TSNode assigned_init_node(SparsifyCtx *ctx, CTypes *ct, TSNode nest, TSNode use,
                          const char *name, TSNode *stmt, const char **ctype);

#endif
