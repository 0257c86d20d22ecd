/* extract_locals.c — local temporaries: a scalar declared and assigned in
 * the nest's body whose value can be substituted into its uses
 * (substitute_locals), and locals that hold an index (`int c = perm[j];`)
 * read through their initializer where they are used (index_local). */
#include "frontend/consts.h"
#include "frontend/extract_walk.h"
#include "frontend/liveness.h"

#include <string.h>

static int expr_reads_scalar(const IrExpr *e, const char *name) {
  if (!e) return 0;
  if (e->kind == IR_SCALAR && !strcmp(e->text, name)) return 1;
  if (expr_reads_scalar(e->a, name) || expr_reads_scalar(e->b, name) ||
      expr_reads_scalar(e->c, name))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_reads_scalar(e->args[i], name)) return 1;
  return 0;
}

static uint64_t expr_tensors(X *x, const IrExpr *e) {
  if (!e) return 0;
  uint64_t m = 0;
  if (e->kind == IR_ACCESS) {
    int t = x->accesses.data[e->access].tensor;
    m |= t < 64 ? (uint64_t)1 << t : ~(uint64_t)0;
  }
  m |= expr_tensors(x, e->a) | expr_tensors(x, e->b) | expr_tensors(x, e->c);
  for (int i = 0; i < e->nargs; i++) m |= expr_tensors(x, e->args[i]);
  return m;
}

/* What a subtree of statements writes (branch_writes): tensors (bit per
 * index, all bits past 63), whether it writes the scalar `name`, and
 * whether it writes a scalar that `reads` reads. */
static void writes_of(X *x, IrNode *const *v, int nv, uint64_t *tens,
                      const char *name, int *writes_name, const IrExpr *reads,
                      int *writes_read_scalar) {
  const char **sc = NULL;
  size_t nsc = 0, cap = 0;
  branch_writes(x, v, nv, tens, &sc, &nsc, &cap);
  for (size_t i = 0; i < nsc; i++) {
    if (!sc[i]) continue;
    if (!strcmp(sc[i], name)) *writes_name = 1;
    if (expr_reads_scalar(reads, sc[i])) *writes_read_scalar = 1;
  }
}

/* A copy of e with its own accesses (each access of the copy is a new
 * entry of x->accesses, as a second occurrence in the source would be). */
static IrExpr *copy_expr(X *x, const IrExpr *e) {
  if (!e) return NULL;
  IrExpr *c = arena_alloc(x->a, sizeof *c);
  *c = *e;
  if (e->kind == IR_ACCESS) {
    IrAccess ac = x->accesses.data[e->access];
    ARRAY_PUSH(x->a, x->accesses, ac);
    c->access = (int)x->accesses.len - 1;
  }
  c->a = copy_expr(x, e->a);
  c->b = copy_expr(x, e->b);
  c->c = copy_expr(x, e->c);
  if (e->nargs) {
    c->args = arena_alloc(x->a, sizeof(IrExpr *) * (size_t)e->nargs);
    for (int i = 0; i < e->nargs; i++) c->args[i] = copy_expr(x, e->args[i]);
  }
  return c;
}

/* e with every read of the scalar `name` replaced by (ctype)(val). */
static IrExpr *subst_expr(X *x, IrExpr *e, const char *name, const IrExpr *val,
                          const char *ctype) {
  if (!e) return NULL;
  if (e->kind == IR_SCALAR && !strcmp(e->text, name)) {
    IrExpr *c = arena_alloc(x->a, sizeof *c);
    *c = (IrExpr){.kind = IR_CAST, .text = ctype, .span = e->span};
    c->a = copy_expr(x, val);
    return c;
  }
  e->a = subst_expr(x, e->a, name, val, ctype);
  e->b = subst_expr(x, e->b, name, val, ctype);
  e->c = subst_expr(x, e->c, name, val, ctype);
  for (int i = 0; i < e->nargs; i++) e->args[i] = subst_expr(x, e->args[i], name, val, ctype);
  return e;
}

static void subst_nodes(X *x, IrNode **v, int nv, const char *name, const IrExpr *val,
                        const char *ctype) {
  for (int i = 0; i < nv; i++) {
    IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      n->stmt.rhs = subst_expr(x, n->stmt.rhs, name, val, ctype);
      continue;
    }
    if (n->kind == IR_NODE_IF) {
      n->cond = subst_expr(x, n->cond, name, val, ctype);
      subst_nodes(x, n->els, n->nels, name, val, ctype);
    }
    subst_nodes(x, n->body, n->nbody, name, val, ctype);
  }
}

/* How many statements of the nest assign the scalar `name` (its
 * declaration included). */
static int decls_named(IrNode *const *v, int nv, const char *name) {
  int c = 0;
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      c += n->stmt.lhs_access < 0 && n->stmt.lhs_scalar && !strcmp(n->stmt.lhs_scalar, name);
      continue;
    }
    c += decls_named(n->body, n->nbody, name);
    if (n->kind == IR_NODE_IF) c += decls_named(n->els, n->nels, name);
  }
  return c;
}

/* `const double a = A[i][j];` followed by statements reading a: a is a
 * name for its value, so each read becomes `(double)(A[i][j])` and the
 * declaration goes, when nothing after it in its body writes a, or any
 * array or scalar its initializer reads, and no other statement of the
 * nest assigns a scalar of its name. The statements then read the sparse operand
 * themselves, which is what co-iteration needs (`y[i] += a * x[j]`). */
void substitute_locals(X *x, IrNode *root, IrNode *loop) {
  for (int p = 0; p < loop->nbody; p++) {
    IrNode *n = loop->body[p];
    if (n->kind == IR_NODE_LOOP) {
      substitute_locals(x, root, n);
      continue;
    }
    if (n->kind != IR_NODE_STMT || !n->stmt.decl_ctype || !n->stmt.rhs)
      continue;
    const char *name = n->stmt.lhs_scalar;
    if (decls_named(&root, 1, name) != 1 || expr_reads_scalar(n->stmt.rhs, name))
      continue;
    IrNode **rest = loop->body + p + 1;
    int nrest = loop->nbody - p - 1;
    uint64_t tens = 0;
    int wname = 0, wread = 0;
    writes_of(x, rest, nrest, &tens, name, &wname, n->stmt.rhs, &wread);
    if (wname || wread || (tens & expr_tensors(x, n->stmt.rhs)))
      continue;
    subst_nodes(x, rest, nrest, name, n->stmt.rhs, n->stmt.decl_ctype);
    /* the declaration's own accesses stay in the table, unreferenced */
    for (int i = p; i + 1 < loop->nbody; i++) loop->body[i] = loop->body[i + 1];
    loop->nbody--;
    p--;
    size_t m = 0;
    for (size_t i = 0; i < x->scalars.len; i++)
      if (strcmp(x->scalars.data[i], name)) x->scalars.data[m++] = x->scalars.data[i];
    x->scalars.len = m;
  }
}

/* Whether an expression or condition of v[0..nv) reads the scalar name. */
static int nodes_read(IrNode *const *v, int nv, const char *name) {
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      if (expr_reads_scalar(n->stmt.rhs, name)) return 1;
      continue;
    }
    if (n->kind == IR_NODE_IF &&
        (expr_reads_scalar(n->cond, name) || nodes_read(n->els, n->nels, name)))
      return 1;
    if (nodes_read(n->body, n->nbody, name)) return 1;
  }
  return 0;
}

/* Drops from v the declarations no expression of the nest reads any more
 * (their uses read the initializer: index_local) and that no other
 * statement assigns; `keep` keeps the last statement of v (an if branch
 * whose other branch is empty). */
static void drop_list(X *x, IrNode *root, IrNode **v, int *nv, int keep) {
  for (int p = 0; p < *nv; p++) {
    IrNode *n = v[p];
    if (n->kind == IR_NODE_LOOP) {
      drop_list(x, root, n->body, &n->nbody, 0);
      continue;
    }
    if (n->kind == IR_NODE_IF) {
      drop_list(x, root, n->body, &n->nbody, n->nels == 0);
      drop_list(x, root, n->els, &n->nels, n->nbody == 0);
      continue;
    }
    const char *name = n->stmt.lhs_scalar;
    if (!name || n->stmt.lhs_access >= 0 || (keep && *nv == 1) ||
        decls_named(&root, 1, name) != 1 || nodes_read(&root, 1, name))
      continue;
    if (!n->stmt.decl_ctype) {
      /* `yy = y + ky - 3;` of a local declared before the nest, read
       * through its value (index_local) and dead after the nest: the
       * output keeps the declaration used with `(void)yy;` */
      if (n->stmt.op != IR_SET || strchr(name, '.') ||
          liveness_after_nest(x->ctx->file, x->ctx->tree, x->env->ct, x->nest, name))
        continue;
      ARRAY_PUSH(x->a, x->folded, name);
    }
    for (int i = p; i + 1 < *nv; i++) v[i] = v[i + 1];
    (*nv)--;
    p--;
    size_t m = 0;
    for (size_t i = 0; i < x->scalars.len; i++)
      if (strcmp(x->scalars.data[i], name)) x->scalars.data[m++] = x->scalars.data[i];
    x->scalars.len = m;
  }
}

void drop_unread_locals(X *x, IrNode *root) {
  drop_list(x, root, root->body, &root->nbody, 0);
}

/* Whether n, the initializer of a local declared at decl, reads only
 * literals, the variables of loops enclosing decl, names the nest never
 * writes (dense arrays and scalars; no sparse array) and other such
 * locals, through operators without effects: at any use of the local it
 * has the local's value. */
static int pure_index_init(X *x, TSNode n, TSNode decl, int depth) {
  n = strip_parens(n);
  if (node_is(n, "number_literal"))
    return 1;
  if (node_is(n, "identifier")) {
    const char *t = ntext(x, n);
    int v = any_var(x, t);
    if (v >= 0) {
      Span s = x->k->vars[v].span;
      return s.start < ts_node_start_byte(decl) && ts_node_end_byte(decl) <= s.end &&
             x->stride[v] <= 1;
    }
    if (extract_sparse_base(x, n) || alias_of(x, n))
      return 0;
    if (!name_in(t, x->written.data, x->written.len))
      return 1;
    const char *ct;
    return depth > 0 && !ts_node_is_null(index_local(x, n, &ct, depth - 1));
  }
  if (node_is(n, "subscript_expression"))
    return pure_index_init(x, node_field(n, "argument"), decl, depth) &&
           pure_index_init(x, node_field(n, "index"), decl, depth);
  if (node_is(n, "cast_expression"))
    return pure_index_init(x, node_field(n, "value"), decl, depth);
  if (node_is(n, "unary_expression"))
    return pure_index_init(x, node_field(n, "argument"), decl, depth);
  if (node_is(n, "binary_expression"))
    return pure_index_init(x, node_field(n, "left"), decl, depth) &&
           pure_index_init(x, node_field(n, "right"), decl, depth);
  return 0;
}

TSNode index_local(X *x, TSNode n, const char **ctype, int depth) {
  TSNode none;
  memset(&none, 0, sizeof none);
  if (!node_is(n, "identifier") || any_var(x, ntext(x, n)) >= 0)
    return none;
  TSNode v = const_init_node(x->ctx, x->env->ct, ntext(x, n), ts_node_start_byte(n));
  if (ts_node_is_null(v)) { /* `int yy; ... yy = y + ky - 3; ... img[yy]` */
    TSNode stmt;
    v = assigned_init_node(x->ctx, x->env->ct, x->nest, n, ntext(x, n), &stmt, ctype);
    if (ts_node_is_null(v) || !pure_index_init(x, v, stmt, depth))
      return none;
    return v;
  }
  TSNode decl = ts_node_parent(ts_node_parent(v));
  if (!node_is(decl, "declaration") || ts_node_start_byte(decl) < ts_node_start_byte(x->nest) ||
      ts_node_end_byte(decl) > ts_node_end_byte(x->nest) ||
      node_is(ts_node_parent(decl), "for_statement") || !pure_index_init(x, v, decl, depth))
    return none;
  *ctype = ntext(x, node_field(decl, "type"));
  return v;
}
