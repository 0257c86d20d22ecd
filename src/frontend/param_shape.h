/* param_shape.h — the shape of an array parameter that neither its type
 * nor the pragma gives (`double **A`, `double A[][N]`, `double *v` under a
 * pragma on the function's definition, SPEC §4 case 2), read off the
 * function's loops. The parameter becomes a tensor assembled at the
 * function's entry, so each extent must be a C expression of the entry:
 *
 *   - every use of the parameter in the body is an element access with
 *     all its subscripts (no row pointer, no passing it on, no sizeof);
 *   - the subscript of the dimension is a loop variable v, or v plus or
 *     minus an integer constant, of an enclosing `for` that counts v up
 *     (`v++`, `v += c`) below a bound (`v < B`, `v <= B`) and whose body
 *     does not write v;
 *   - B is made of integer constants, macros or enumerators, and the
 *     function's scalar parameters the body never writes;
 *   - every access gives the dimension the same extent (B, B + 1 for
 *     `<=`, plus the constant);
 *   - some access reaches index 0 (a loop starting at 0, or at k with
 *     subscript v - k): a 1-based routine's rows before its first may not
 *     exist (a Numerical Recipes `float **`).
 *
 * Then the dense function reads no element at or past that extent, and the
 * entry assembly reads exactly the block the loops may touch. */
#ifndef SC_FRONTEND_PARAM_SHAPE_H
#define SC_FRONTEND_PARAM_SHAPE_H

#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"
#include "frontend/ctypes.h"

/* Fills extent[d] for each d < rank where it is NULL (the others are
 * known) with an extent read off the loops of function definition `def`
 * for parameter `name`. Returns 0, or -1 with *why set (arena text: why
 * the loops do not give it); extent is then left unchanged. */
int param_shape_from_loops(const SourceFile *f, CTypes *ct, TSNode def,
                           const char *name, int rank, const char **extent,
                           Arena *a, const char **why);

#endif
