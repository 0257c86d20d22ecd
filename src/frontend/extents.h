/* extents.h — the extent of a sparse operand's dimension that neither its
 * type nor the pragma gives (a `double **A` or `float M[][N]` parameter
 * named by a pragma on a loop nest, SPEC §4 case 3), read off the loops
 * that index it: every access subscripts the dimension with a loop
 * variable plus a constant (or a constant), each such loop runs below a
 * bound that no loop of the nest changes, and the extent is the largest
 * index reached plus one. Only the rows the nest reads are assembled, so
 * the entry assembly never touches memory the dense nest does not. */
#ifndef SC_FRONTEND_EXTENTS_H
#define SC_FRONTEND_EXTENTS_H

#include "base/arena.h"
#include "ir/ispace.h"

/* Fills k->tensors[ti].extent[dim] with a C expression evaluable at the
 * kernel's entry and returns 0; or returns -1 with *why set (why the
 * accesses do not bound it); or -2 with *why set when no access provably
 * reads index 0 (a loop from 1 over a 1-based array): the assembly would
 * read indices the nest never touches, which need not exist. */
int extents_from_loops(Arena *a, IrKernel *k, int ti, int dim, const char **why);

#endif
