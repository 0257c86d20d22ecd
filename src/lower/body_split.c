/* body_split.c — loop bodies with an effect where the sparse operands are
 * absent that the emitter (coiter.c) still runs over the stored entries
 * only, by splitting them: `=` statements into a dense fill loop and a
 * sparse overwrite (fill_ok), init statements before a reduction into a
 * fill loop and the rest (init_split), idempotent reductions whose absent
 * zero is applied once after the loop (idem_ok). Plain checks over the
 * IR; the emitter emits the loops. */
#include <string.h>

#include "lower/body_split.h"
#include "lower/coiter_int.h"

static int expr_reads_sparse(const Lower *L, const IrExpr *e);
static int decl_in(const IrNode *n, const char *name);

/* A prefix child of a fill loop: it only computes scalars declared in the
 * loop body (`double acc = 0; for k acc += U[i][k] * V[k][j];`), or fresh
 * in each iteration (lat_scalar_fresh: `acc = 0;` of a variable no one
 * reads after the nest), from dense data, so it has no effect the fill
 * loop must repeat. */
static int fill_prefix_ok(const Lower *L, const IrNode *root,
                          const IrNode *n) {
  if (n->kind == IR_NODE_STMT)
    return n->stmt.lhs_access < 0 &&
           (decl_in(root, n->stmt.lhs_scalar) ||
            lat_scalar_fresh(L, root, n->stmt.lhs_scalar)) &&
           !expr_reads_sparse(L, n->stmt.rhs);
  if (n->kind != IR_NODE_LOOP) return 0;
  for (int i = 0; i < n->nbody; i++)
    if (!fill_prefix_ok(L, root, n->body[i])) return 0;
  return 1;
}

/* Whether e reads a scalar declared in loop n's body, or fresh in each
 * of its iterations (lat_scalar_fresh). */
int expr_reads_local(const Lower *L, const IrNode *n, const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_SCALAR &&
      (decl_in(n, e->text) || lat_scalar_fresh(L, n, e->text)))
    return 1;
  if (expr_reads_local(L, n, e->a) || expr_reads_local(L, n, e->b) ||
      expr_reads_local(L, n, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_reads_local(L, n, e->args[i])) return 1;
  return 0;
}

/* Whether a and b are the same subscripts (affine forms, none with
 * alternatives). */
static int same_sub(const IrAccess *a, const IrAccess *b) {
  if (a->nsub != b->nsub) return 0;
  for (int d = 0; d < a->nsub; d++) {
    const IrAffine *x = &a->sub[d], *y = &b->sub[d];
    if (x->nalt || y->nalt || x->constant != y->constant || !x->sym != !y->sym ||
        (x->sym && strcmp(x->sym, y->sym)) ||
        memcmp(x->coef, y->coef, sizeof x->coef))
      return 0;
  }
  return 1;
}

int lower_expr_same_elem(const IrKernel *k, const IrExpr *e, const IrAccess *w) {
  if (!e) return 1;
  if (e->kind == IR_ACCESS && k->accesses[e->access].tensor == w->tensor &&
      !same_sub(&k->accesses[e->access], w))
    return 0;
  if (!lower_expr_same_elem(k, e->a, w) || !lower_expr_same_elem(k, e->b, w) ||
      !lower_expr_same_elem(k, e->c, w))
    return 0;
  for (int i = 0; i < e->nargs; i++)
    if (!lower_expr_same_elem(k, e->args[i], w)) return 0;
  return 1;
}

/* Whether every access of w's tensor in n is w's element, and only
 * guarded `=` of it (`B[i][j] = g ? e : B[i][j]`) read it: each iteration
 * then touches its own element, in the body's order. */
static int guard_reads_ok(const Lower *L, const IrNode *n, const IrAccess *w) {
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (s->lhs_access >= 0 &&
        L->k->accesses[s->lhs_access].tensor == w->tensor &&
        !same_sub(&L->k->accesses[s->lhs_access], w))
      return 0;
    if (!lower_expr_same_elem(L->k, s->rhs, w)) return 0;
    if (asm_guarded_set(s) &&
        L->k->accesses[s->lhs_access].tensor == w->tensor)
      return 1;
    return !graph_reads_tensor(L, n, w->tensor);
  }
  for (int i = 0; i < n->nbody; i++)
    if (!guard_reads_ok(L, n->body[i], w)) return 0;
  return 1;
}

/* Whether some subscript of access ac is loop variable v alone. */
static int indexed_by(const IrAccess *ac, int v) {
  for (int d = 0; d < ac->nsub; d++) {
    const IrAffine *a = &ac->sub[d];
    int only = !a->sym && !a->constant && a->coef[v] == 1;
    for (int w = 0; w < IR_MAX_VARS; w++)
      if (w != v && a->coef[w]) only = 0;
    if (only) return 1;
  }
  return 0;
}

/* Whether e reads a sparse operand of an integer element type. */
static int int_sparse_read(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_ACCESS && L->access_st[e->access] >= 0 &&
      ir_elem_integer(L->st[L->access_st[e->access]].t->elem))
    return 1;
  if (int_sparse_read(L, e->a) || int_sparse_read(L, e->b) ||
      int_sparse_read(L, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (int_sparse_read(L, e->args[i])) return 1;
  return 0;
}

/* Whether e divides (or takes the remainder) by something that reads a
 * sparse operand of an integer type: 0 where it is absent, which traps. */
static int int_div_by_sparse(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  if ((e->kind == IR_DIV || e->kind == IR_MOD) && int_sparse_read(L, e->b))
    return 1;
  if (int_div_by_sparse(L, e->a) || int_div_by_sparse(L, e->b) ||
      int_div_by_sparse(L, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (int_div_by_sparse(L, e->args[i])) return 1;
  return 0;
}

/* A `lhs = rhs` a fill loop can run: a dense lhs indexed by the loop
 * variable, not read anywhere in the loop body (but by the guarded `=` of
 * the same element, fill_guard_ok). The fill evaluates rhs with every
 * candidate absent, also where one is stored: not when that divides an
 * integer by an absent entry (0 / 0 traps where the dense program divides
 * by the stored value). */
int fill_set_ok(const Lower *L, const IrNode *n, const IrNode *ch) {
  if (ch->kind != IR_NODE_STMT) return 0;
  const IrStmt *s = &ch->stmt;
  if (s->op != IR_SET || s->lhs_access < 0 || asm_stmt_is_output(L, s) ||
      int_div_by_sparse(L, s->rhs))
    return 0;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  int indexed = indexed_by(ac, n->var);
  return indexed && (!graph_reads_tensor(L, n, ac->tensor) ||
                     guard_reads_ok(L, n, ac));
}

/* A guarded `=` beside fill `=` statements (`B[i][j] = 0; if (A[i][j] >
 * t) B[i][j] = A[i][j]; s += A[i][j];`): a dense lhs indexed by the loop
 * variable, a guard false where the candidates are absent (no effect
 * there, so the fill loop leaves it out), every access of its array the
 * same element, and no `=` of the body reading its array otherwise. The
 * sparse loop runs the whole body, in order, at its points. */
int fill_guard_ok(const Lower *L, const IrNode *n, const IrNode *ch,
                  unsigned cand) {
  if (ch->kind != IR_NODE_STMT) return 0;
  const IrStmt *s = &ch->stmt;
  if (!asm_guarded_set(s) || s->decl_ctype || asm_stmt_is_output(L, s) ||
      L->access_st[s->lhs_access] >= 0 || graph_inplace_lhs(L, s) >= 0 ||
      !lat_no_effect(L, ch, cand))
    return 0;
  const IrAccess *ac = &L->k->accesses[s->lhs_access];
  int indexed = indexed_by(ac, n->var);
  return indexed && guard_reads_ok(L, n, ac);
}

/* Whether e reads what statement s writes (its scalar, or its tensor). */
static int expr_reads_target(const Lower *L, const IrExpr *e,
                             const IrStmt *s) {
  if (!e) return 0;
  if (s->lhs_access < 0 && e->kind == IR_SCALAR && e->text &&
      !strcmp(e->text, s->lhs_scalar))
    return 1;
  if (s->lhs_access >= 0 && e->kind == IR_ACCESS &&
      L->k->accesses[e->access].tensor == L->k->accesses[s->lhs_access].tensor)
    return 1;
  if (expr_reads_target(L, e->a, s) || expr_reads_target(L, e->b, s) ||
      expr_reads_target(L, e->c, s))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_reads_target(L, e->args[i], s)) return 1;
  return 0;
}

/* A reduction beside fill `=` statements (`B[i][j] = 2 * A[i][j]; s +=
 * A[i][j] * x[j];`): an update (+=, -=, ^=, |=) with no effect where the
 * candidates are absent, into a dense target that no `=` of the body
 * writes or reads. The fill loop runs the `=` only; the sparse loop runs
 * the whole body, in order, where any of them may have an effect. */
int fill_red_ok(const Lower *L, const IrNode *n, const IrNode *ch,
                unsigned cand) {
  if (ch->kind != IR_NODE_STMT) return 0;
  const IrStmt *s = &ch->stmt;
  if (!ir_update_class(s->op) || s->decl_ctype || asm_stmt_is_output(L, s) ||
      graph_inplace_lhs(L, s) >= 0 || !lat_no_effect(L, ch, cand))
    return 0;
  if (s->lhs_access >= 0 && L->access_st[s->lhs_access] >= 0) return 0;
  if (s->lhs_access < 0 && decl_in(n, s->lhs_scalar)) return 0;
  for (int i = 0; i < n->nbody; i++) {
    const IrNode *o = n->body[i];
    if (o == ch || o->kind != IR_NODE_STMT) continue;
    if (o->stmt.op == IR_SET && expr_reads_target(L, o->stmt.rhs, s))
      return 0;
    if (o->stmt.op == IR_SET && o->stmt.lhs_access >= 0 &&
        s->lhs_access >= 0 &&
        L->k->accesses[o->stmt.lhs_access].tensor ==
            L->k->accesses[s->lhs_access].tensor)
      return 0;
  }
  return 1;
}

/* A loop body of `lhs = rhs` statements (fill_set_ok: `C[i][j] = A[i][j] +
 * B[i][j]`, or two of them) may be emitted as a fill loop plus a sparse
 * overwrite; other children may only compute scalars declared in the body
 * (fill_prefix_ok), and then every rhs must be zero where the candidates
 * are absent, as the fill writes 0 (SDDMM's `double acc = 0; for k acc +=
 * ...; O[i][j] = S[i][j] * acc;`), or be reductions (fill_red_ok). The
 * number of `=` statements, or 0; *scalars: bit 1 when there are such
 * scalar children, bit 2 when there are reductions (the fill loop then
 * runs the `=` statements only). */
int fill_ok(const Lower *L, const IrNode *n, unsigned cand,
            int *scalars) {
  if (L->k->vars[n->var].carries_dependence) return 0;
  int nset = 0;
  *scalars = 0;
  for (int i = 0; i < n->nbody; i++) {
    if (fill_set_ok(L, n, n->body[i])) nset++;
    else if (fill_prefix_ok(L, n, n->body[i])) *scalars |= 1;
    else if (fill_red_ok(L, n, n->body[i], cand)) *scalars |= 2;
    else if (fill_guard_ok(L, n, n->body[i], cand)) *scalars |= 2;
    else return 0;
  }
  if (*scalars & 1)
    for (int i = 0; i < n->nbody; i++)
      if (fill_set_ok(L, n, n->body[i]) &&
          !lat_zero(L, n->body[i]->stmt.rhs, cand))
        return 0;
  return nset;
}

/* Overwrite points for `lhs = rhs`: minimal subsets whose presence may
 * change rhs from its all-absent value. */
int fill_points(const Lower *L, const IrExpr *rhs, unsigned cand,
                unsigned *out, int max) {
  int np = 0;
  if (!lat_zero(L, rhs, cand)) {
    for (int s = 0; s < L->nst; s++)
      if (cand & (1u << s)) out[np++] = 1u << s;
    return np;
  }
  int k = popc(cand);
  for (int size = 1; size <= k; size++)
    for (unsigned s = cand; s; s = (s - 1) & cand) {
      if (popc(s) != size) continue;
      int covered = 0;
      for (int i = 0; i < np; i++)
        if ((out[i] & s) == out[i]) covered = 1;
      if (covered || lat_zero(L, rhs, cand & ~s)) continue;
      if (np == max) return -1;
      out[np++] = s;
    }
  return np;
}

/* ---- init statements before a reduction: fill, then a sparse loop ----
 * `for j { O[i][j] = 0; for k O[i][j] += S[i][j] * U[i][k] * V[j][k]; }`
 * and `for j { double s = 0; for k s += ...; O[i][j] = s; }`: the body's
 * top-level `=` statements with an effect where the candidates are absent
 * (the inits) run in a dense fill loop; the whole body then runs where the
 * rest may have an effect. Exact when every iteration touches only its
 * own elements: the tensors the body writes are dense, written and read
 * only at one access indexed by the loop variable, the scalars it writes
 * are declared in it, an init reads no sparse operand and is the first
 * child to touch what it writes (re-running it at a visited coordinate
 * starts that coordinate afresh). */

typedef struct InitCk {
  const Lower *L;
  int tref[64];     /* per tensor (< 64): its one access in the body, -1 */
  uint64_t written; /* tensors written in the body */
  int ok;
} InitCk;

static void init_expr(InitCk *c, const IrExpr *e) {
  if (!e || !c->ok) return;
  if (e->kind == IR_ACCESS) {
    int t = c->L->k->accesses[e->access].tensor;
    if (t >= 64) c->ok = 0;
    else if (c->tref[t] < 0) c->tref[t] = e->access;
    else if (!lower_same_access(c->L, c->tref[t], e->access)) c->tref[t] = -2;
  }
  init_expr(c, e->a);
  init_expr(c, e->b);
  init_expr(c, e->c);
  for (int i = 0; i < e->nargs; i++) init_expr(c, e->args[i]);
}

static int decl_in(const IrNode *n, const char *name) {
  if (n->kind == IR_NODE_STMT)
    return n->stmt.decl_ctype && !strcmp(n->stmt.lhs_scalar, name);
  for (int i = 0; i < n->nbody; i++)
    if (decl_in(n->body[i], name)) return 1;
  return 0;
}

static void init_walk(InitCk *c, const IrNode *root, const IrNode *n) {
  if (!c->ok) return;
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    if (s->lhs_access >= 0) {
      int t = c->L->k->accesses[s->lhs_access].tensor;
      if (t >= 64 || c->L->access_st[s->lhs_access] >= 0 ||
          c->L->k->tensors[t].handle) {
        c->ok = 0;
        return;
      }
      c->written |= (uint64_t)1 << t;
      IrExpr self = {.kind = IR_ACCESS, .access = s->lhs_access};
      init_expr(c, &self);
    } else if (!decl_in(root, s->lhs_scalar)) {
      c->ok = 0; /* an accumulator across iterations */
      return;
    }
    init_expr(c, s->rhs);
    return;
  }
  for (int i = 0; i < n->nbody; i++) init_walk(c, root, n->body[i]);
}

static int node_touches(const Lower *L, const IrNode *n, int t) {
  if (n->kind == IR_NODE_STMT)
    return (n->stmt.lhs_access >= 0 &&
            L->k->accesses[n->stmt.lhs_access].tensor == t) ||
           graph_expr_reads(L->k, n->stmt.rhs, t);
  for (int i = 0; i < n->nbody; i++)
    if (node_touches(L, n->body[i], t)) return 1;
  return 0;
}

static int expr_reads_sparse(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_ACCESS &&
      (L->access_st[e->access] >= 0 ||
       L->k->tensors[L->k->accesses[e->access].tensor].handle))
    return 1;
  if (expr_reads_sparse(L, e->a) || expr_reads_sparse(L, e->b) ||
      expr_reads_sparse(L, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_reads_sparse(L, e->args[i])) return 1;
  return 0;
}

/* Splits loop n into its fill loop (*fillp: the inits) and the rest
 * (*restp: for the lattice); 0 when the rewrite does not apply. */
int init_split(Lower *L, const IrNode *n, unsigned cand,
               IrNode **fillp, IrNode **restp) {
  if (L->out || L->k->vars[n->var].carries_dependence) return 0;
  InitCk c = {.L = L, .ok = 1};
  for (int t = 0; t < 64; t++) c.tref[t] = -1;
  init_walk(&c, n, n);
  if (!c.ok) return 0;
  for (int t = 0; t < 64 && t < L->k->ntensors; t++) {
    if (!(c.written & ((uint64_t)1 << t))) continue;
    if (c.tref[t] < 0) return 0; /* two different accesses */
    if (!indexed_by(&L->k->accesses[c.tref[t]], n->var)) return 0;
  }
  IrNode *fill = arena_alloc(L->arena, sizeof *fill);
  IrNode *rest = arena_alloc(L->arena, sizeof *rest);
  *fill = *n;
  *rest = *n;
  fill->body = arena_alloc(L->arena, sizeof *fill->body * (size_t)n->nbody);
  rest->body = arena_alloc(L->arena, sizeof *rest->body * (size_t)n->nbody);
  fill->nbody = rest->nbody = 0;
  for (int i = 0; i < n->nbody; i++) {
    const IrNode *ch = n->body[i];
    if (lat_no_effect(L, ch, cand)) {
      rest->body[rest->nbody++] = n->body[i];
      continue;
    }
    if (ch->kind != IR_NODE_STMT || ch->stmt.op != IR_SET ||
        expr_reads_sparse(L, ch->stmt.rhs))
      return 0;
    if (ch->stmt.lhs_access >= 0) {
      int t = L->k->accesses[ch->stmt.lhs_access].tensor;
      if (graph_expr_reads(L->k, ch->stmt.rhs, t)) return 0;
      for (int b = 0; b < i; b++)
        if (node_touches(L, n->body[b], t)) return 0;
    }
    fill->body[fill->nbody++] = n->body[i];
  }
  if (!fill->nbody || !rest->nbody) return 0;
  *fillp = fill;
  *restp = rest;
  return 1;
}

int expr_mentions(const Lower *L, const IrExpr *e, const IrStmt *s) {
  if (!e) return 0;
  if (lower_is_lhs(L, e, s)) return 1;
  if (s->lhs_access >= 0 && e->kind == IR_ACCESS &&
      L->k->accesses[e->access].tensor == L->k->accesses[s->lhs_access].tensor)
    return 1;
  if (expr_mentions(L, e->a, s) || expr_mentions(L, e->b, s) ||
      expr_mentions(L, e->c, s))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_mentions(L, e->args[i], s)) return 1;
  return 0;
}

/* A running maximum or minimum written with a comparison, `m = e > m ? e :
 * m` (also from `if (e > m) m = e;`, with <, <=, >= and either operand
 * order): the e operand, or NULL. The select must take e when the
 * comparison holds, so a NaN e is never taken and the result does not
 * depend on the order the values come in (ties differ only in the sign of
 * a zero, and absent entries are all +0); the inverted form `m = m > e ? m
 * : e` takes a NaN e, which later values replace: integers only. */
static const IrExpr *select_extreme(const Lower *L, const IrStmt *s) {
  const IrExpr *e = s->rhs;
  if (e->kind != IR_SELECT || e->a->kind != IR_CMP) return NULL;
  const IrExpr *c = e->a;
  if (strcmp(c->text, "<") && strcmp(c->text, "<=") && strcmp(c->text, ">") &&
      strcmp(c->text, ">="))
    return NULL;
  const IrExpr *other;
  if (lower_is_lhs(L, c->a, s)) other = c->b;
  else if (lower_is_lhs(L, c->b, s)) other = c->a;
  else return NULL;
  if (lower_is_lhs(L, e->c, s) && lower_same_expr(L, e->b, other)) return other;
  int integer = ir_elem_integer(s->lhs_elem);
  if (integer && lower_is_lhs(L, e->b, s) && lower_same_expr(L, e->c, other) &&
      lat_expr_integer(L, other))
    return other;
  return NULL;
}

/* `m = fmax(m, e)` (fmin too, and the select forms above) with e zero
 * where the iterator is absent and m not indexed by the loop: an
 * idempotent reduction; absent entries all contribute the same zero value,
 * once is enough (when any was absent). The operand e, or NULL. */
const IrExpr *idem_stmt(const Lower *L, const IrNode *n, const IrStmt *s,
                        unsigned cand) {
  if (s->op != IR_SET || s->decl_ctype) return NULL;
  const IrExpr *e = s->rhs;
  const IrExpr *other = select_extreme(L, s);
  if (other) {
    /* fall through to the common checks */
  } else if (e->kind != IR_CALL || e->nargs != 2) {
    return NULL;
  } else if (strcmp(e->text, "fmax") && strcmp(e->text, "fmin") &&
             strcmp(e->text, "fmaxf") && strcmp(e->text, "fminf")) {
    return NULL;
  } else if (lower_is_lhs(L, e->args[0], s)) {
    other = e->args[1];
  } else if (lower_is_lhs(L, e->args[1], s)) {
    other = e->args[0];
  } else {
    return NULL;
  }
  if (expr_mentions(L, other, s)) return NULL;
  if (s->lhs_access >= 0) {
    const IrAccess *ac = &L->k->accesses[s->lhs_access];
    for (int d = 0; d < ac->nsub; d++)
      if (ac->sub[d].coef[n->var]) return NULL;
  }
  return lat_zero(L, other, cand) ? other : NULL;
}

/* A copy of e with each occurrence of `at` (the compared value and the
 * value taken, in a select) replaced by the constant 0. */
IrExpr *with_zero(Lower *L, const IrExpr *e, const IrExpr *at) {
  if (!e) return NULL;
  IrExpr *r = arena_alloc(L->arena, sizeof *r);
  *r = *e;
  if (e == at || (at && lower_same_expr(L, e, at))) {
    memset(r, 0, sizeof *r);
    r->kind = IR_CONST;
    r->text = "0";
    r->span = e->span;
    return r;
  }
  r->a = with_zero(L, e->a, at);
  r->b = with_zero(L, e->b, at);
  r->c = with_zero(L, e->c, at);
  if (e->nargs) {
    r->args = arena_alloc(L->arena, sizeof *r->args * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++) r->args[i] = with_zero(L, e->args[i], at);
  }
  return r;
}

/* Whether statement a reads or writes the target of statement b. */
int touches_target(const Lower *L, const IrStmt *a, const IrStmt *b) {
  IrExpr self = {0};
  if (a->lhs_access >= 0) {
    self.kind = IR_ACCESS;
    self.access = a->lhs_access;
  } else {
    self.kind = IR_SCALAR;
    self.text = a->lhs_scalar;
  }
  return expr_mentions(L, a->rhs, b) || expr_mentions(L, &self, b);
}

/* A loop body of statements, at least one an idempotent reduction (above)
 * and the others without effect where the iterator is absent (a sum
 * beside a running maximum: `rsum[r] += A[r][c]; if (A[r][c] > rmax[r])
 * rmax[r] = A[r][c];`), none touching another's target. The stored
 * entries run the whole body in order; the zero of the absent entries is
 * applied to the idempotent ones once, after the loop (*mask: those
 * statements, bit per body index). */
int idem_ok(const Lower *L, const IrNode *n, unsigned cand, unsigned *mask) {
  *mask = 0;
  if (n->nbody < 1 || n->nbody > 32) return 0;
  for (int i = 0; i < n->nbody; i++) {
    if (n->body[i]->kind != IR_NODE_STMT) return 0;
    if (idem_stmt(L, n, &n->body[i]->stmt, cand)) *mask |= 1u << i;
    else if (!lat_no_effect(L, n->body[i], cand)) return 0;
  }
  if (!*mask) return 0;
  for (int i = 0; i < n->nbody; i++)
    for (int j = 0; j < n->nbody; j++)
      if (i != j && (*mask & (1u << j)) &&
          touches_target(L, &n->body[i]->stmt, &n->body[j]->stmt))
        return 0;
  return 1;
}
