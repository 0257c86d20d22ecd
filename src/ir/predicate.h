/* predicate.h — IF nodes (ispace.h IR_NODE_IF) as guarded statements.
 * Lowering and the dependence analysis read a kernel without IFs: each
 * statement under an IF keeps its place in the loop tree with its rhs
 * replaced by a select of the guard (the conjunction of the enclosing
 * conditions, negated in else branches) and the identity of its operator,
 * so it computes exactly what the source does when the guard is false:
 *
 *   lhs += g ? e : -0.0   (-0.0f for float, 0 for integers; x + -0.0 == x)
 *   lhs -= g ? e : 0      (x - +0 == x)
 *   lhs *= g ? e : 1
 *   lhs  = g ? e : lhs
 *   T v  = g ? e : 0      (a declaration under the if: v is read only
 *                          where g holds; IrStmt.decl_guarded)
 *
 * The guard stays in the emitted code (a stored explicit zero under
 * `if (A[i][j] != 0)` is still skipped by it); the lattice (lower/lattice.c)
 * knows a select whose guard is false where an operand is absent. */
#ifndef SC_IR_PREDICATE_H
#define SC_IR_PREDICATE_H

#include "base/arena.h"
#include "ir/ispace.h"

/* k itself when it has no IF node; else a copy of k (vars, tensors and the
 * loop tree copied; expressions shared) without IFs. NULL with *why when a
 * loop under an IF leaves a variable that is read after the nest (its
 * final value would depend on the guard). */
IrKernel *ir_predicate(Arena *a, const IrKernel *k, const char **why);

/* Whether the tree under n holds an IF node. */
int ir_has_if(const IrNode *n);

#endif
