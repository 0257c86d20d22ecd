/* body_split.h — loop bodies split so that a loop whose body has an effect
 * where its sparse operands are absent still walks only their stored
 * entries (body_split.c; docs/lowering.md): fill then overwrite, inits
 * before a reduction, idempotent reductions. Checks only: the emitter
 * (coiter.c) emits the loops. cand: the candidate iterators of loop n (a
 * bit set over L->st). */
#ifndef SC_BODY_SPLIT_H
#define SC_BODY_SPLIT_H

#include "lower/lower_int.h"

/* Fill then overwrite. fill_ok: the number of `=` statements of loop n's
 * body a fill loop runs, or 0 (*scalars: bit 1, children computing scalars
 * declared in the body; bit 2, reductions or guarded `=` beside them);
 * the children kinds it accepts: fill_set_ok (`lhs = rhs`, a dense lhs
 * indexed by the loop variable), fill_red_ok (a reduction), fill_guard_ok
 * (a guarded `=`). fill_points: the minimal subsets of cand whose presence
 * may change rhs from its all-absent value (out, at most max), or -1. */
int fill_ok(const Lower *L, const IrNode *n, unsigned cand, int *scalars);
int fill_set_ok(const Lower *L, const IrNode *n, const IrNode *ch);
int fill_red_ok(const Lower *L, const IrNode *n, const IrNode *ch,
                unsigned cand);
int fill_guard_ok(const Lower *L, const IrNode *n, const IrNode *ch,
                  unsigned cand);
int fill_points(const Lower *L, const IrExpr *rhs, unsigned cand,
                unsigned *out, int max);
/* Whether e reads a scalar declared in loop n's body, or fresh in each
 * of its iterations (lat_scalar_fresh). */
int expr_reads_local(const Lower *L, const IrNode *n, const IrExpr *e);

/* Inits before a reduction: loop n split into its fill loop (*fillp: the
 * inits) and the rest (*restp: for the lattice); 0 when it does not
 * apply. */
int init_split(Lower *L, const IrNode *n, unsigned cand, IrNode **fillp,
               IrNode **restp);

/* Idempotent reductions (`m = fmax(m, e)`, a running extreme): idem_ok,
 * whether loop n's body is statements, at least one idempotent (*mask: bit
 * per body index), the others without effect where cand is absent;
 * idem_stmt, the operand e of such a statement s, or NULL; with_zero, a
 * copy of e with `at` replaced by the constant 0. */
int idem_ok(const Lower *L, const IrNode *n, unsigned cand, unsigned *mask);
const IrExpr *idem_stmt(const Lower *L, const IrNode *n, const IrStmt *s,
                        unsigned cand);
IrExpr *with_zero(Lower *L, const IrExpr *e, const IrExpr *at);

/* Whether e reads the target of s (or any element of its array); whether
 * statement a reads or writes the target of statement b. (Whether e reads
 * tensor t at all: graph_expr_reads, lower_int.h.) */
int expr_mentions(const Lower *L, const IrExpr *e, const IrStmt *s);
int touches_target(const Lower *L, const IrStmt *a, const IrStmt *b);

#endif
