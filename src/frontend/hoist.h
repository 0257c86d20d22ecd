/* hoist.h — where a kernel's entry assembly may move (SPEC §4, "The fine
 * print": assemblies and conversions inserted at a nest's entry are hoisted
 * out of enclosing loops and reused while their source is unchanged).
 *
 * A kernel that only reads a sparse array assembles it (or converts its
 * sparse storage) at entry. When the kernel sits in a loop that repeats it
 * (a timing loop, an iteration loop whose pragma is on the inner nest), the
 * assembled tensor can be kept across repetitions if nothing in that loop,
 * outside the kernel, can change the array or the expressions of its
 * extents. hoist_target() finds the outermost such loop by a conservative
 * syntactic check of the loop's text (outside the kernel):
 *   - the array's name appears only in reads of one element (`A[i][j]`
 *     with every subscript, in another kernel of the loop or in a function
 *     it calls): no write, no alias, no escape, no buffered insert;
 *   - every call is to a function known not to write the program's arrays
 *     (stdio output, timers, <math.h>), or to a function of the file that
 *     writes only its locals — or, when no pointer can reach the array,
 *     also elements through pointers (never the array's name nor an
 *     extent variable);
 *   - every assignment or ++/-- writes a scalar variable, or an element of
 *     a local array of arithmetic elements (never through a pointer);
 *   - no variable of an extent expression is written or has its address
 *     taken, and each is declared outside the loop;
 *   - no return, goto or label (the cached tensor is freed after the loop
 *     and its declaration is never jumped over).
 * Anything else keeps the assembly at the kernel's entry.
 *
 * Inside a loop whose pragma names the array (SPEC §4 case 3: "the named
 * arrays are sparse inside that nest"; the loop was split because it also
 * holds code sparsecc does not model, such as a call), the array changes
 * only through its own name: there, writes through pointers are not taken
 * as possible writes to it, so an iteration loop annotated as SPEC §4
 * recommends assembles once even when the array is a parameter. There,
 * too, an element write of the array by its name that is a statement of
 * its own (`A[i][i] *= 1.01;`, `A[r][c] = v;`, `A[i][j]++;`, a value
 * without effects, subscripts reading only scalars, constants and plain
 * macros) no longer keeps the assembly at the kernel's
 * entry: the caller updates the kept tensor after it with the element's
 * new value, a buffered insert (hoist_writes), so an iteration loop that
 * also writes the array pays its assembly once (SPEC §4.3). */
#ifndef SC_FRONTEND_HOIST_H
#define SC_FRONTEND_HOIST_H

#include <tree_sitter/api.h>

#include "base/source.h"
#include "frontend/ctypes.h"

#define HOIST_MAX_RANK 8
#define HOIST_MAX_WRITES 256 /* more in one loop: not hoisted */

/* An element write the kept tensor takes (see above): the statement, the
 * element `A[i][j]` written and its subscripts, outermost first. */
typedef struct HoistWrite {
  Span stmt;
  Span elem;
  Span sub[HOIST_MAX_RANK];
  int rank;
} HoistWrite;

/* The outermost loop statement (for, while, do) that encloses `nest` within
 * its function and out of which the entry assembly of array `name` (as
 * seen from the nest; extents `extent[0..rank)`, C text) can be hoisted.
 * `kernel` is the byte range the kernel's code replaces; `annotated` the
 * loop whose pragma names the array (empty: none); `absorb`: element
 * writes of the array in that loop are allowed (the caller mirrors them
 * into the kept tensor, hoist_writes). Returns a null node when the
 * assembly must stay at the kernel's entry. */
TSNode hoist_target(const SourceFile *f, CTypes *ct, TSNode nest, Span kernel,
                    const char *name, const char *const *extent, int rank,
                    Span annotated, int absorb);

/* The element writes of array `name` in `loop` (the loop hoist_target
 * returned for `nest` with absorb set) that the kept tensor must take,
 * in file order, at most `cap` into out; returns their count. Writes
 * inside `kernel` are not looked at. */
size_t hoist_writes(const SourceFile *f, CTypes *ct, TSNode loop, TSNode nest,
                    Span kernel, const char *name, const char *const *extent,
                    int rank, HoistWrite *out, size_t cap);

#endif
