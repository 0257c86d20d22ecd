/* diagonal.c — a diagonal read directly under its own loop (`r[i] =
 * A[i][i]`, `d[i] += A[i][i]`, Jacobi's diagonal) as a loop of one
 * iteration, so the lowering walks the stored row instead of looking the
 * element up (lower_unit_diagonals, lower_int.h).
 *
 * The statement S, a direct child of the loop over v, becomes
 * `for (w = v; w < v + 1; w++) S'` where S' is S with v replaced by w
 * everywhere but in one subscript of each diagonal access: the one of the
 * dimension the operand's outermost level stores (A[i][w] for CSR,
 * A[w][i] for CSC). The new loop runs exactly once with w == v, so S'
 * computes what S computes; the lowering walks the operand's level of w
 * from the start of v's row and stops past coordinate v (a triangular
 * bound), and a `=` gets its fill loop as for any target indexed by the
 * innermost loop. Only operands stored sparse or whose assembly is kept
 * across an enclosing loop are rewritten: assembling a whole array at the
 * nest's entry to read its diagonal costs more than the dense reads. */
#include <string.h>

#include "lower/lower_int.h"

typedef struct D {
  Arena *a;
  const IrKernel *k;
  IrKernel *nk;       /* the copy being built */
  int *refs;          /* per access: how many expressions name it */
} D;

/* Whether subscript a is loop variable v alone. */
static int pure_var(const IrAffine *a, int v) {
  if (a->sym || a->constant || a->coef[v] != 1) return 0;
  for (int w = 0; w < IR_MAX_VARS; w++)
    if (w != v && a->coef[w]) return 0;
  return 1;
}

/* The dimensions of ac subscripted by v alone (a bit set). */
static unsigned pure_dims(const IrAccess *ac, int v) {
  unsigned m = 0;
  for (int d = 0; d < ac->nsub && d < SC_MAX_RANK; d++)
    if (pure_var(&ac->sub[d], v)) m |= 1u << d;
  return m;
}

/* For a diagonal access of v (two or more dimensions subscripted by v
 * alone) of an operand this pass rewrites: the dimension that keeps v (the
 * one the outermost level stores, else the first); -1 otherwise. */
static int kept_dim(const IrKernel *k, const IrAccess *ac, int v) {
  unsigned m = pure_dims(ac, v);
  if (!m || !(m & (m - 1))) return -1;
  const IrTensor *t = &k->tensors[ac->tensor];
  if (!t->binding || !(t->handle || t->entry_cache)) return -1;
  const sc_encoding *enc = &t->binding->enc.rt;
  if (enc->lvl_rank > 0 && enc->lvl_exprs[0].kind == SC_LEXPR_AFFINE)
    for (int d = 0; d < ac->nsub && d < SC_MAX_RANK; d++)
      if ((m & (1u << d)) && enc->lvl_exprs[0].coef[d]) return d;
  for (int d = 0; d < ac->nsub; d++)
    if (m & (1u << d)) return d;
  return -1;
}

static void count_refs(const IrExpr *e, int *refs) {
  if (!e) return;
  if (e->kind == IR_ACCESS && e->access >= 0) refs[e->access]++;
  count_refs(e->a, refs);
  count_refs(e->b, refs);
  count_refs(e->c, refs);
  for (int i = 0; i < e->nargs; i++) count_refs(e->args[i], refs);
}

static void count_node(const IrNode *n, int *refs) {
  if (n->kind == IR_NODE_STMT) {
    if (n->stmt.lhs_access >= 0) refs[n->stmt.lhs_access]++;
    count_refs(n->stmt.rhs, refs);
    return;
  }
  count_refs(n->cond, refs);
  for (int i = 0; i < n->nbody; i++) count_node(n->body[i], refs);
  for (int i = 0; i < n->nels; i++) count_node(n->els[i], refs);
}

/* Whether e names only accesses no other expression names, and some
 * diagonal access of v (*diag set). */
static int expr_ok(const D *x, const IrExpr *e, int v, int *diag) {
  if (!e) return 1;
  if (e->kind == IR_ACCESS) {
    if (x->refs[e->access] != 1) return 0;
    if (kept_dim(x->k, &x->k->accesses[e->access], v) >= 0) *diag = 1;
  }
  if (!expr_ok(x, e->a, v, diag) || !expr_ok(x, e->b, v, diag) ||
      !expr_ok(x, e->c, v, diag))
    return 0;
  for (int i = 0; i < e->nargs; i++)
    if (!expr_ok(x, e->args[i], v, diag)) return 0;
  return 1;
}

/* Whether statement node s, a child of the loop over v, is rewritten. */
static int stmt_ok(const D *x, const IrNode *s, int v) {
  if (s->kind != IR_NODE_STMT || s->stmt.decl_ctype) return 0;
  int diag = 0;
  if (s->stmt.lhs_access >= 0) {
    unsigned m = pure_dims(&x->k->accesses[s->stmt.lhs_access], v);
    if (x->refs[s->stmt.lhs_access] != 1 || (m & (m - 1))) return 0;
  }
  return expr_ok(x, s->stmt.rhs, v, &diag) && diag;
}

/* Access a with v replaced by w (but in its kept dimension). */
static void subst_access(D *x, int a, int v, int w) {
  IrAccess *ac = &x->nk->accesses[a];
  int keep = kept_dim(x->k, &x->k->accesses[a], v);
  unsigned m = pure_dims(ac, v);
  if (keep < 0 && (m & (m - 1))) return; /* a diagonal left as it is */
  for (int d = 0; d < ac->nsub; d++) {
    if (d == keep || !ac->sub[d].coef[v]) continue;
    ac->sub[d].coef[w] += ac->sub[d].coef[v];
    ac->sub[d].coef[v] = 0;
  }
}

static IrExpr *subst_expr(D *x, const IrExpr *e, int v, int w) {
  if (!e) return NULL;
  IrExpr *c = arena_alloc(x->a, sizeof *c);
  *c = *e;
  if (c->kind == IR_INDEX && c->var == v) c->var = w;
  if (c->kind == IR_ACCESS) subst_access(x, c->access, v, w);
  c->a = subst_expr(x, e->a, v, w);
  c->b = subst_expr(x, e->b, v, w);
  c->c = subst_expr(x, e->c, v, w);
  if (e->nargs) {
    c->args = arena_alloc(x->a, sizeof *c->args * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++) c->args[i] = subst_expr(x, e->args[i], v, w);
  }
  return c;
}

static IrNode *new_node(D *x, const IrNode *n) {
  IrNode *c = arena_alloc(x->a, sizeof *c);
  *c = *n;
  return c;
}

/* The loop over w, once, around a copy of statement s with v replaced. */
static IrNode *unit_loop(D *x, const IrNode *s, int v) {
  IrKernel *k = x->nk;
  int w = k->nvars++;
  IrLoopVar *lv = &k->vars[w];
  memset(lv, 0, sizeof *lv);
  lv->name = arena_printf(x->a, "sc__diag_%s", k->vars[v].name);
  lv->ctype = k->vars[v].ctype;
  lv->declared_in_header = 1;
  lv->lo.coef[v] = 1;
  lv->hi.coef[v] = 1;
  lv->hi.constant = 1;
  lv->span = s->span;
  IrNode *st = new_node(x, s);
  /* a dense target is indexed by w, so the fill loop of a `=` runs in the
   * loop over w; a sparse output keeps v (its workspace is indexed by the
   * outer loop, assemble.c, and a loop of one iteration repeats nothing) */
  if (st->stmt.lhs_access >= 0 &&
      !k->tensors[k->accesses[st->stmt.lhs_access].tensor].handle)
    subst_access(x, st->stmt.lhs_access, v, w);
  st->stmt.rhs = subst_expr(x, s->stmt.rhs, v, w);
  IrNode *loop = new_node(x, s);
  memset(loop, 0, sizeof *loop);
  loop->kind = IR_NODE_LOOP;
  loop->var = w;
  loop->body = arena_alloc(x->a, sizeof *loop->body);
  loop->body[0] = st;
  loop->nbody = 1;
  loop->span = s->span;
  return loop;
}

static IrNode *copy_tree(D *x, const IrNode *n) {
  if (n->kind != IR_NODE_LOOP) return (IrNode *)n;
  IrNode *c = new_node(x, n);
  if (n->nbody) {
    c->body = arena_alloc(x->a, sizeof *c->body * (size_t)n->nbody);
    for (int i = 0; i < n->nbody; i++) {
      const IrNode *ch = n->body[i];
      c->body[i] = x->nk->nvars < IR_MAX_VARS && stmt_ok(x, ch, n->var)
                       ? unit_loop(x, ch, n->var)
                       : copy_tree(x, ch);
    }
  }
  return c;
}

static int has_diag(const D *x, const IrNode *n) {
  if (n->kind != IR_NODE_LOOP) return 0;
  for (int i = 0; i < n->nbody; i++)
    if (stmt_ok(x, n->body[i], n->var) || has_diag(x, n->body[i])) return 1;
  return 0;
}

const IrKernel *lower_unit_diagonals(Arena *a, const IrKernel *k) {
  D x = {a, k, NULL, NULL};
  if (!k->root || !k->naccesses) return k;
  x.refs = arena_alloc(a, sizeof *x.refs * (size_t)k->naccesses);
  memset(x.refs, 0, sizeof *x.refs * (size_t)k->naccesses);
  count_node(k->root, x.refs);
  if (!has_diag(&x, k->root)) return k;
  IrKernel *nk = arena_alloc(a, sizeof *nk);
  *nk = *k;
  nk->accesses = arena_alloc(a, sizeof *nk->accesses * (size_t)k->naccesses);
  memcpy(nk->accesses, k->accesses, sizeof *nk->accesses * (size_t)k->naccesses);
  x.nk = nk;
  nk->root = copy_tree(&x, k->root);
  return nk;
}
