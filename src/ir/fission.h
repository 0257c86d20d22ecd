/* fission.h — loop fission of a kernel whose innermost body writes two
 * sparse outputs (`C[i][j] = A[i][j] + B[i][j]; D[i][j] = A[i][j] * 2;`
 * with C and D stored sparse, or named by the nest's pragma), or one and
 * dense arrays from dense data only (`C[i][j] = 2 * A[i][j]; y[i] +=
 * x[j];`): the body's statements as separate kernels over the same
 * loops, one per sparse output, in source order. Lowering assembles one
 * sparse output per kernel (lower/assemble.c); a part that reads and
 * writes no sparse array (IrKernel.dense_part) is lowered as the dense
 * loops it is.
 *
 * Legal only when no part of the body reads or writes what another part
 * writes (arrays and scalars, by name): then running one part's iterations
 * all before the next part's leaves every array and scalar as the nest
 * does. Applies to a perfect nest (each loop's body the next loop, every
 * loop variable one loop) whose innermost body is statements and ifs; the
 * parts are the runs of consecutive statements writing the same sparse
 * output, or none (at least one part writes one). */
#ifndef SC_IR_FISSION_H
#define SC_IR_FISSION_H

#include "base/arena.h"
#include "ir/ispace.h"

#define IR_FISSION_MAX 8

/* The kernels of k's fission into out[0..n) (at most IR_FISSION_MAX),
 * each with its own tensors and accesses (only those its statements use),
 * allocated in a; returns n >= 2. 0 when k has another shape or fewer than
 * two parts; -1 when the parts depend on each other (*why: "'E' is
 * written by one statement and used by another"). */
int ir_fission(Arena *a, const IrKernel *k, IrKernel **out, const char **why);

#endif
