/* depend.c — which loops of a kernel carry a dependence and which only
 * reduce (depend.h).
 *
 * For a loop v, consider the statements it contains. Two references to the
 * same tensor element from different iterations of v conflict when one
 * writes, unless both are additive updates (+=, -=: order does not matter up
 * to floating point reassociation). Two affine accesses are proven apart
 * across iterations of v when some dimension has identical forms that
 * depend on v and otherwise only on loops enclosing v (then equal elements
 * mean equal v), or forms that differ by a constant and depend only on
 * enclosing loops. A scalar written in the loop conflicts unless it is
 * declared inside, only accumulated (+=/-= and no other read), or assigned
 * with `=` first thing in each iteration. */
#include "ir/depend.h"

#include <stdlib.h>
#include <string.h>

typedef struct Ref {
  int access;      /* index into accesses, or -1 for a scalar */
  const char *scalar;
  int write;
  int stmt;        /* statement number (program order) */
  IrStmtOp op;     /* the statement's operator */
  int self;        /* the read of a compound update's own lhs */
} Ref;

typedef struct StmtInfo {
  const IrStmt *s;
  int path[IR_MAX_VARS]; /* enclosing loop vars, outermost first */
  int depth;
} StmtInfo;

typedef struct Ctx {
  IrKernel *k;
  StmtInfo *stmts;
  int nstmts, cap;
} Ctx;

static void collect(Ctx *c, const IrNode *n, int *path, int depth) {
  if (n->kind == IR_NODE_LOOP) {
    path[depth] = n->var;
    for (int i = 0; i < n->nbody; i++)
      collect(c, n->body[i], path, depth + 1);
    return;
  }
  if (c->nstmts == c->cap) {
    c->cap = c->cap ? c->cap * 2 : 16;
    c->stmts = realloc(c->stmts, sizeof *c->stmts * (size_t)c->cap);
  }
  StmtInfo *si = &c->stmts[c->nstmts++];
  si->s = &n->stmt;
  memcpy(si->path, path, sizeof(int) * (size_t)depth);
  si->depth = depth;
}

static int contains(const StmtInfo *si, int v, int *pos) {
  for (int d = 0; d < si->depth; d++)
    if (si->path[d] == v) {
      *pos = d;
      return 1;
    }
  return 0;
}

/* Reads in an expression, in evaluation order. */
static void expr_refs(const IrExpr *e, int stmt, IrStmtOp op, Ref **refs,
                      int *n, int *cap) {
  if (!e)
    return;
  if (e->kind == IR_ACCESS || e->kind == IR_SCALAR) {
    if (*n == *cap) {
      *cap = *cap ? *cap * 2 : 32;
      *refs = realloc(*refs, sizeof **refs * (size_t)*cap);
    }
    Ref r = {e->kind == IR_ACCESS ? e->access : -1,
             e->kind == IR_SCALAR ? e->text : NULL, 0, stmt, op, 0};
    (*refs)[(*n)++] = r;
  }
  expr_refs(e->a, stmt, op, refs, n, cap);
  expr_refs(e->b, stmt, op, refs, n, cap);
  expr_refs(e->c, stmt, op, refs, n, cap);
  for (int i = 0; i < e->nargs; i++)
    expr_refs(e->args[i], stmt, op, refs, n, cap);
}

static int additive(IrStmtOp op) { return ir_update_class(op) != 0; }

/* Vars allowed beside v in a proof: the loops enclosing v. */
static int only_outer(const IrAffine *a, int v, const int *outer, int nouter,
                      int allow_v) {
  for (int u = 0; u < IR_MAX_VARS; u++) {
    if (!a->coef[u])
      continue;
    if (u == v) {
      if (!allow_v)
        return 0;
      continue;
    }
    int ok = 0;
    for (int i = 0; i < nouter; i++)
      ok |= outer[i] == u;
    if (!ok)
      return 0;
  }
  return 1;
}

static int same_form_but_const(const IrAffine *a, const IrAffine *b) {
  for (int u = 0; u < IR_MAX_VARS; u++)
    if (a->coef[u] != b->coef[u])
      return 0;
  if ((a->sym == NULL) != (b->sym == NULL))
    return 0;
  return !a->sym || !strcmp(a->sym, b->sym);
}

static int separated(const IrAccess *a, const IrAccess *b, int v,
                     const int *outer, int nouter) {
  for (int d = 0; d < a->nsub && d < b->nsub; d++) {
    const IrAffine *x = &a->sub[d], *y = &b->sub[d];
    if (!same_form_but_const(x, y))
      continue;
    if (x->constant == y->constant) {
      if (x->coef[v] && only_outer(x, v, outer, nouter, 1))
        return 1;
    } else if (only_outer(x, v, outer, nouter, 0)) {
      return 1;
    }
  }
  return 0;
}

static int scalar_conflict(Ctx *c, const Ref *refs, int nrefs, const char *s,
                           int v, const int *in_v, int first_stmt_direct) {
  (void)c;
  int all_additive = 1, other_reads = 0, first_set_direct = -1, cls = 0;
  for (int i = 0; i < nrefs; i++) {
    const Ref *r = &refs[i];
    if (!in_v[r->stmt] || !r->scalar || strcmp(r->scalar, s))
      continue;
    const IrStmt *st = c->stmts[r->stmt].s;
    if (st->decl_ctype)
      return 0; /* a local of the iteration */
    if (r->write) {
      if (!additive(r->op) || (cls && cls != ir_update_class(r->op)))
        all_additive = 0;
      cls = ir_update_class(r->op);
    } else if (!r->self) {
      other_reads = 1;
    }
    if (first_set_direct < 0) {
      int pos = 0;
      contains(&c->stmts[r->stmt], v, &pos);
      int direct = c->stmts[r->stmt].depth == pos + 1;
      first_set_direct = r->write && r->op == IR_SET && direct;
    }
  }
  (void)first_stmt_direct;
  if (all_additive && !other_reads)
    return 0;
  return first_set_direct != 1;
}

void ir_analyse_dependences(IrKernel *k, const int *inferred) {
  Ctx c = {k, NULL, 0, 0};
  int path[IR_MAX_VARS];
  collect(&c, k->root, path, 0);
  /* every reference in program order: per statement, rhs reads, then the
   * compound lhs read, then the lhs write */
  Ref *refs = NULL;
  int nrefs = 0, cap = 0;
  for (int s = 0; s < c.nstmts; s++) {
    const IrStmt *st = c.stmts[s].s;
    expr_refs(st->rhs, s, st->op, &refs, &nrefs, &cap);
    for (int w = 0; w < 2; w++) {
      if (w == 0 && st->op == IR_SET)
        continue;
      if (nrefs == cap) {
        cap = cap ? cap * 2 : 32;
        refs = realloc(refs, sizeof *refs * (size_t)cap);
      }
      Ref r = {st->lhs_access, st->lhs_access < 0 ? st->lhs_scalar : NULL, w, s,
               st->op, !w};
      refs[nrefs++] = r;
    }
  }
  int *in_v = calloc((size_t)(c.nstmts ? c.nstmts : 1), sizeof(int));
  for (int v = 0; v < k->nvars; v++) {
    int outer[IR_MAX_VARS], nouter = 0, any = 0;
    for (int s = 0; s < c.nstmts; s++) {
      int pos = 0;
      in_v[s] = contains(&c.stmts[s], v, &pos);
      if (in_v[s] && !any) {
        any = 1;
        nouter = pos;
        memcpy(outer, c.stmts[s].path, sizeof(int) * (size_t)pos);
      }
    }
    int carries = 0;
    for (int i = 0; i < nrefs && !carries; i++) {
      const Ref *w = &refs[i];
      if (!in_v[w->stmt] || !w->write)
        continue;
      if (w->access < 0) {
        carries = scalar_conflict(&c, refs, nrefs, w->scalar, v, in_v, 0);
        continue;
      }
      const IrAccess *wa = &k->accesses[w->access];
      for (int j = 0; j < nrefs && !carries; j++) {
        const Ref *r = &refs[j];
        if (!in_v[r->stmt] || r->access < 0 ||
            k->accesses[r->access].tensor != wa->tensor)
          continue;
        if (r->stmt == w->stmt && r->access == w->access) {
          if (additive(w->op))
            continue; /* the update's own read and write */
        } else if ((r->write || r->self) && additive(r->op) && additive(w->op) &&
                   ir_update_class(r->op) == ir_update_class(w->op)) {
          continue;
        }
        if (!inferred[wa->tensor] &&
            separated(wa, &k->accesses[r->access], v, outer, nouter))
          continue;
        carries = 1;
      }
    }
    int red = !carries && any;
    for (int s = 0; s < c.nstmts && red; s++) {
      if (!in_v[s])
        continue;
      const IrStmt *st = c.stmts[s].s;
      if (!additive(st->op) || st->decl_ctype)
        red = 0;
      else if (st->lhs_access >= 0)
        for (int d = 0; d < k->accesses[st->lhs_access].nsub; d++)
          if (k->accesses[st->lhs_access].sub[d].coef[v])
            red = 0;
    }
    k->vars[v].carries_dependence = carries;
    k->vars[v].is_reduction = red;
  }
  free(in_v);
  free(refs);
  free(c.stmts);
}
