/* rows.h — the number of rows of a pointer to rows (`double (*A)[M]`,
 * `row_t *A`), or the length of a vector (`double *v`), read from its
 * allocation, when the pragma gives no shape:
 *
 *   double (*A)[M] = malloc(n * sizeof *A);      rows: n
 *   A = calloc(n, sizeof(double[M]));            rows: n
 *   A = malloc(sizeof(double) * M * (n + 1));    rows: (n + 1)
 *   double *v = calloc(n, sizeof(double));       length: n
 *
 * The allocation is the declaration's initializer or the one assignment of
 * malloc/calloc to the pointer in its scope. The count is used where the
 * declaration is, so its names must be visible there, mean the same at the
 * allocation, and not be assigned after it. */
#ifndef SC_FRONTEND_ROWS_H
#define SC_FRONTEND_ROWS_H

#include "frontend/ctypes.h"
#include "sparsify.h"

/* The row count text, or NULL with *why set (a clause for a message). */
const char *rows_from_alloc(SparsifyCtx *ctx, CTypes *ct, const CtDecl *d,
                            const char **why);

#endif
