/* extract_stmt.c — statements: assignments, compound assignments,
 * increments, appends (`q[t++] = v`), declarations, if statements,
 * preprocessor conditionals (their compiled branch) and sequences of the
 * nest's bodies as IrNodes. */
#include "frontend/extract_walk.h"
#include "frontend/ppcond.h"

#include <string.h>

static void add_scalar(X *x, const char *name) {
  if (!name_in(name, x->scalars.data, x->scalars.len))
    ARRAY_PUSH(x->a, x->scalars, name);
}

static IrNode *stmt_node(X *x, TSNode n) {
  IrNode *s = arena_alloc(x->a, sizeof *s);
  s->kind = IR_NODE_STMT;
  s->var = -1;
  s->span = nspan(n);
  s->stmt.span = nspan(n);
  s->stmt.lhs_access = -1;
  return s;
}

/* Whether lhs is an arithmetic member of a struct variable reached by `.`
 * alone (`out.total`, `st.acc.sum`: no pointer, no subscript, no union,
 * no bit-field or volatile member):
 * storage no array operand can share, so it is a scalar like `s`, named by
 * its text. Writing it makes its root variable assigned in the nest
 * (collect_writes), so no other member of that variable is read as a
 * value fixed during the kernel. */
static int member_scalar(X *x, TSNode lhs, IrElemType *elem) {
  TSNode l = strip_parens(lhs);
  if (!node_is(l, "field_expression") || strpbrk(ntext(x, l), " \t\n()"))
    return 0;
  CtDecl d;
  TSNode f = node_field(l, "field");
  if (ts_node_is_null(f) || !ct_member(x->env->ct, ts_node_start_byte(f), &d) ||
      d.kind != CT_SCALAR || !d.elem_ok || d.bit_field ||
      strstr(d.type_text, "volatile"))
    return 0; /* a bit-field has no __typeof__, nor a volatile a copy */
  for (TSNode m = l; node_is(m, "field_expression");
       m = strip_parens(node_field(m, "argument"))) {
    CtDecl md;
    TSNode mf = node_field(m, "field");
    if (strstr(op_of(x, m), "->") || ts_node_is_null(mf) ||
        !ct_member(x->env->ct, ts_node_start_byte(mf), &md) || md.in_union)
      return 0;
    TSNode r = strip_parens(node_field(m, "argument"));
    if (node_is(r, "field_expression"))
      continue;
    CtDecl rd;
    if (!node_is(r, "identifier") || any_var(x, ntext(x, r)) >= 0 ||
        bound_of(x, ntext(x, r)) ||
        !ct_lookup(x->env->ct, ntext(x, r), ts_node_start_byte(r), &rd) ||
        rd.kind != CT_OTHER || strchr(rd.type_text, '*') || strchr(rd.type_text, '['))
      return 0;
  }
  *elem = d.elem;
  return 1;
}

/* Same text up to blanks and parentheses around the whole. */
static int same_text(X *x, TSNode a, TSNode b) {
  a = strip_parens(a);
  b = strip_parens(b);
  const char *p = ntext(x, a), *q = ntext(x, b);
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n')
      p++;
    while (*q == ' ' || *q == '\t' || *q == '\n')
      q++;
    if (*p != *q)
      return 0;
    if (!*p)
      return 1;
    p++, q++;
  }
}

/* Whether e may be evaluated where the program would not evaluate it
 * (the right operand of `||` when the left is already true): it reads
 * elements, scalars and loop variables, and combines them by tests,
 * logical and bitwise `&`, `|`, `^`, none of which can trap or overflow
 * (a cast can: a double out of an int's range). */
static int harmless(const IrExpr *e) {
  if (!e)
    return 1;
  switch (e->kind) {
  case IR_CONST: case IR_SCALAR: case IR_INDEX: case IR_ACCESS:
  case IR_CMP: case IR_AND: case IR_OR: case IR_NOT: case IR_SELECT:
    break;
  case IR_BITOP:
    if (e->text[0] == '<' || e->text[0] == '>')
      return 0;
    break;
  default:
    return 0;
  }
  return harmless(e->a) && harmless(e->b) && harmless(e->c);
}

/* `r[i] = r[i] || e;` (or `e || r[i]`) with r's elements _Bool: the OR
 * reduction `r[i] |= (e != 0)`, whose absent entries add nothing where e
 * is 0 at them (an int r is not one: `||` makes a 2 into 1 at every
 * position the loops visit). e must be harmless: the reduction evaluates
 * it where `||` would not; otherwise the `=` is built as written, r[i]
 * read through the lhs's access. Returns 1 with *sop and *rhs set, 0 when
 * the statement is not of this form, -1 when e is refused. */
static int bool_or_update(X *x, TSNode lhs, TSNode r0, int lhs_access,
                          IrStmtOp *sop, IrExpr **rhs) {
  if (lhs_access < 0 || !node_is(r0, "binary_expression") ||
      strcmp(op_of(x, r0), "||"))
    return 0;
  int t = x->accesses.data[lhs_access].tensor;
  if (!x->tinfo.data[t].is_bool || x->tensors.data[t].binding)
    return 0;
  int self_left = same_text(x, node_field(r0, "left"), lhs);
  if (!self_left && !same_text(x, node_field(r0, "right"), lhs))
    return 0;
  IrExpr *e = expr_of(x, node_field(r0, self_left ? "right" : "left"));
  if (!e)
    return -1;
  x->tensors.data[t].is_read = 1;
  IrExpr *self = mk(x, IR_ACCESS, lhs);
  self->access = lhs_access;
  IrExpr *r = mk(x, harmless(e) ? IR_CMP : IR_OR, r0);
  if (r->kind == IR_CMP) {
    r->text = "!=";
    r->a = e;
    r->b = mk(x, IR_CONST, r0);
    r->b->text = "0";
    *sop = IR_ORBY;
  } else {
    r->a = self_left ? self : e;
    r->b = self_left ? e : self;
  }
  *rhs = r;
  return 1;
}

/* `q[t++] = e;`: an append to a dense 1-D array through an integer
 * counter (the queue of a breadth-first search), the statements
 * `q[t] = e; t += 1;`. The subscript names the counter, which the nest
 * assigns: the append's access must be the array's only one in the nest
 * (checked when the nest is built), the loop keeps its order, and it is
 * never vectorized (lower_is_push). */
static int build_push(X *x, TSNode stmt, TSNode n, TSNode lhs, TSNode idx,
                      NodeList *list) {
  TSNode arg = strip_parens(node_field(idx, "argument"));
  TSNode arr = strip_parens(node_field(lhs, "argument"));
  const char *nm = node_is(arg, "identifier") ? ntext(x, arg) : NULL;
  CtDecl d;
  if (strcmp(op_of(x, n), "=") || !nm || strcmp(op_of(x, idx), "++") ||
      ts_node_start_byte(arg) != ts_node_start_byte(idx) ||
      !node_is(arr, "identifier") || any_var(x, nm) >= 0 || bound_of(x, nm) ||
      !ct_lookup(x->env->ct, nm, ts_node_start_byte(arg), &d) ||
      d.kind != CT_SCALAR || !d.elem_ok ||
      (d.elem != IR_I32 && d.elem != IR_I64))
    return refuse(x, idx, "subscript '%s' is not affine in the loop variables "
                  "(an append is 'q[t++] = e;' with an int or long counter t)",
                  excerpt(x, idx));
  int ti = -1;
  if (get_tensor(x, arr, &ti))
    return -1;
  IrTensor *t = &x->tensors.data[ti];
  if (t->binding || x->tinfo.data[ti].crank != 1 || x->tinfo.data[ti].delinearize)
    return refuse(x, lhs, "append '%s' to an array that is not a dense 1-D "
                  "array", excerpt(x, lhs));
  IrAccess acc;
  memset(&acc, 0, sizeof acc);
  acc.tensor = ti;
  acc.nsub = 1;
  acc.sub[0].sym = nm;
  acc.span = nspan(lhs);
  ARRAY_PUSH(x->a, x->accesses, acc);
  IrExpr *rhs = expr_of(x, node_field(n, "right"));
  if (!rhs)
    return -1;
  IrNode *s = stmt_node(x, stmt);
  s->stmt.op = IR_SET;
  s->stmt.lhs_access = (int)x->accesses.len - 1;
  s->stmt.lhs_elem = t->elem;
  s->stmt.rhs = rhs;
  t->is_written = 1;
  ARRAY_PUSH(x->a, *list, s);
  IrNode *c = stmt_node(x, stmt);
  c->stmt.op = IR_ADDTO;
  c->stmt.lhs_scalar = nm;
  c->stmt.lhs_elem = d.elem;
  IrExpr *one = mk(x, IR_CONST, idx);
  one->text = "1";
  c->stmt.rhs = one;
  add_scalar(x, nm);
  ARRAY_PUSH(x->a, *list, c);
  ARRAY_PUSH(x->a, x->pushed, ti);
  return 0;
}

static int finish_if(X *x, TSNode n, TSNode cn, IrExpr *cond, NodeList then_l,
                     NodeList else_l, NodeList *list);

/* Whether e reads an element of an array stored or bound sparse. */
static int reads_sparse_elem(X *x, const IrExpr *e) {
  if (!e)
    return 0;
  if (e->kind == IR_ACCESS) {
    const IrTensor *t = &x->tensors.data[x->accesses.data[e->access].tensor];
    if (t->binding || t->handle)
      return 1;
  }
  if (reads_sparse_elem(x, e->a) || reads_sparse_elem(x, e->b) ||
      reads_sparse_elem(x, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (reads_sparse_elem(x, e->args[i]))
      return 1;
  return 0;
}

/* The shift amount of `a <<= e`, `a >>= e`, `a = a << e` or `a = a >> e`
 * (lhs the target `a`), or a null node. */
static TSNode shift_amount(X *x, TSNode n, TSNode lhs, const char *bit) {
  TSNode none = {0};
  if (bit)
    return bit[0] == '<' || bit[0] == '>' ? node_field(n, "right") : none;
  TSNode r = strip_parens(node_field(n, "right"));
  if (strcmp(op_of(x, n), "=") || !node_is(r, "binary_expression") ||
      (strcmp(op_of(x, r), "<<") && strcmp(op_of(x, r), ">>")) ||
      !same_text(x, node_field(r, "left"), lhs))
    return none;
  return node_field(r, "right");
}

static int build_assign(X *x, TSNode stmt, TSNode n, NodeList *list) {
  const char *op = op_of(x, n);
  {
    TSNode l0 = strip_parens(node_field(n, "left"));
    if (node_is(l0, "subscript_expression") &&
        node_is(strip_parens(node_field(l0, "index")), "update_expression"))
      return build_push(x, stmt, n, l0, strip_parens(node_field(l0, "index")), list);
  }
  TSNode lhs = strip_parens(node_field(n, "left"));
  TSNode rhsn = node_field(n, "right");
  IrStmtOp sop;
  int div = 0;          /* `a /= e` is `a = a / e` */
  const char *bit = NULL; /* `a &= e` is `a = a & e` (also <<=, >>=) */
  if (!strcmp(op, "="))
    sop = IR_SET;
  else if (!strcmp(op, "+="))
    sop = IR_ADDTO;
  else if (!strcmp(op, "-="))
    sop = IR_SUBFROM;
  else if (!strcmp(op, "*="))
    sop = IR_MULBY;
  else if (!strcmp(op, "^="))
    sop = IR_XORBY;
  else if (!strcmp(op, "|="))
    sop = IR_ORBY;
  else if (!strcmp(op, "/=")) {
    sop = IR_SET;
    div = 1;
  } else if (!strcmp(op, "&=") || !strcmp(op, "<<=") || !strcmp(op, ">>=")) {
    sop = IR_SET;
    bit = arena_strndup(x->a, op, strlen(op) - 1);
  } else
    return refuse(x, n, "compound assignment '%s'", op);
  /* `a = b = e;` is `b = e; a = b;`: b read back has the value (and the
   * type) of the inner assignment */
  TSNode inner = strip_parens(rhsn);
  if (sop == IR_SET && node_is(inner, "assignment_expression") &&
      !strcmp(op_of(x, inner), "=")) {
    if (build_assign(x, stmt, inner, list))
      return -1;
    rhsn = node_field(inner, "left");
  }
  IrNode *s = stmt_node(x, stmt);
  const char *other_type = NULL; /* a scalar lhs of another arithmetic type */
  if (node_is(lhs, "identifier")) {
    char *nm = ntext(x, lhs);
    if (any_var(x, nm) >= 0)
      return refuse(x, n, "assignment to loop variable '%s'", nm);
    if (bound_of(x, nm))
      return refuse(x, n, "assignment to sparse array '%s'", nm);
    CtDecl d;
    if (!ct_lookup(x->env->ct, nm, ts_node_start_byte(lhs), &d))
      return refuse(x, lhs, "'%s' is not a declared variable", nm);
    if (d.kind != CT_SCALAR)
      return refuse(x, n, "assignment to '%s', which is not an arithmetic scalar",
                    nm);
    if (!d.elem_ok)
      other_type = d.type_text;
    s->stmt.lhs_elem = d.elem_ok ? d.elem : IR_F64;
    s->stmt.lhs_scalar = nm;
    add_scalar(x, nm);
  } else if (extract_is_member_elem(x, lhs)) {
    /* `stats[i].sum += e`: updated in the program's order, as a scatter
     * (`stats[i].sum = stats[i].sum + e` is taken as `+=` below) */
    int a;
    TSNode r = strip_parens(rhsn);
    const char *rop = node_is(r, "binary_expression") ? op_of(x, r) : "";
    int self_add = sop == IR_SET && !div && !bit &&
                   (((!strcmp(rop, "+") || !strcmp(rop, "-")) &&
                     same_text(x, node_field(r, "left"), lhs)) ||
                    (!strcmp(rop, "+") && same_text(x, node_field(r, "right"), lhs)));
    if (sop != IR_ADDTO && sop != IR_SUBFROM && !self_add)
      return refuse(x, n, "assignment to member '%s' of an array element with "
                    "'%s' (only +=, -=, ++, -- and 'm = m + e' are modelled)",
                    excerpt(x, lhs), op);
    if (extract_scatter(x, lhs, &a))
      return -1;
    IrTensor *t = &x->tensors.data[x->accesses.data[a].tensor];
    t->is_written = t->is_read = 1;
    s->stmt.lhs_elem = t->elem;
    s->stmt.lhs_access = a;
  } else if (node_is(lhs, "subscript_expression")) {
    int a;
    TSNode b = base_ident(lhs);
    int scatter = extract_is_gather(x, lhs) && !alias_of(x, b) &&
                  !extract_sparse_base(x, b);
    if (scatter && sop != IR_ADDTO && sop != IR_SUBFROM)
      /* `y[perm[i]] = e`: two i of one perm[i] would leave the last
       * one's value, which the walk would have to find */
      return refuse(x, lhs, "'%s' is written at a computed position (an "
                    "indirect subscript of a dense output, a scatter) with "
                    "'%s' (only += and -= are modelled)", excerpt(x, lhs), op);
    /* `y[perm[i]] += e`: a scatter, the updates in the program's order */
    if (scatter ? extract_scatter(x, lhs, &a) : build_access(x, lhs, &a))
      return -1;
    IrTensor *t = &x->tensors.data[x->accesses.data[a].tensor];
    t->is_written = 1;
    s->stmt.lhs_elem = t->elem;
    if (sop != IR_SET || div || bit)
      t->is_read = 1;
    s->stmt.lhs_access = a;
  } else if (member_scalar(x, lhs, &s->stmt.lhs_elem)) {
    /* `out.total += e`: a scalar accumulator held in a struct variable */
    s->stmt.lhs_scalar = ntext(x, strip_parens(lhs));
    add_scalar(x, s->stmt.lhs_scalar);
  } else if (node_is(strip_parens(lhs), "field_expression")) {
    return refuse(x, n, "assignment to member '%s' (the structs and pointers "
                        "operands are reached through must not change in the "
                        "loop nest)", excerpt(x, lhs));
  } else {
    return refuse(x, n, "assignment to '%s'", excerpt(x, lhs));
  }
  /* ^= and |= of an integer (the C types the IR keeps exactly) */
  if ((sop == IR_XORBY || sop == IR_ORBY || bit) &&
      (other_type || !ir_elem_integer(s->stmt.lhs_elem)))
    return refuse(x, n, "compound assignment '%s' to '%s', which is not an "
                  "integer", op, excerpt(x, lhs));
  /* `a = a + e`, `a = e + a`, `a = a - e` are the updates `a += e`, `a -= e` */
  TSNode r0 = strip_parens(rhsn);
  if (sop == IR_SET && !div && !bit && node_is(r0, "binary_expression")) {
    const char *rop = op_of(x, r0);
    if ((!strcmp(rop, "+") || !strcmp(rop, "-")) &&
        same_text(x, node_field(r0, "left"), lhs)) {
      sop = rop[0] == '+' ? IR_ADDTO : IR_SUBFROM;
      rhsn = node_field(r0, "right");
    } else if (!strcmp(rop, "+") && same_text(x, node_field(r0, "right"), lhs)) {
      sop = IR_ADDTO;
      rhsn = node_field(r0, "left");
    }
    if (sop != IR_SET && s->stmt.lhs_access >= 0)
      x->tensors.data[x->accesses.data[s->stmt.lhs_access].tensor].is_read = 1;
  }
  /* a guarded update needs the lhs's type for its identity (ir/predicate.h) */
  if (x->in_if && other_type && sop != IR_SET)
    return refuse(x, n, "guarded update of '%s', whose type '%s' is not float, "
                        "double or an integer type", s->stmt.lhs_scalar, other_type);
  IrExpr *rhs = NULL;
  int orb = sop == IR_SET && !div && !bit
                ? bool_or_update(x, lhs, r0, s->stmt.lhs_access, &sop, &rhs)
                : 0;
  if (orb < 0 || (!orb && !(rhs = expr_of(x, rhsn))))
    return -1;
  if (div || bit) {
    /* a /= e  is  a = a / e, a &= e  is  a = a & e (the lhs has no side
     * effects) */
    IrExpr *self;
    if (s->stmt.lhs_access >= 0) {
      self = mk(x, IR_ACCESS, lhs);
      self->access = s->stmt.lhs_access;
    } else {
      self = mk(x, IR_SCALAR, lhs);
      self->text = s->stmt.lhs_scalar;
    }
    IrExpr *d = mk(x, div ? IR_DIV : IR_BITOP, n);
    if (bit)
      d->text = bit;
    d->a = self;
    d->b = rhs;
    rhs = d;
  }
  s->stmt.op = sop;
  s->stmt.rhs = rhs;
  /* `flags[i] <<= A[i][j]`: a shift by 0 leaves its target as it is, so
   * the update is `if (e) a <<= e;`, which an absent entry skips where e
   * is 0 there (e is pure: evaluating it twice is evaluating it once) */
  TSNode amt = shift_amount(x, n, lhs, bit);
  if (!ts_node_is_null(amt)) {
    size_t nacc = x->accesses.len;
    IrExpr *cond = expr_of(x, amt);
    if (!cond)
      return -1;
    if (reads_sparse_elem(x, cond)) {
      NodeList then_l = {0}, else_l = {0};
      ARRAY_PUSH(x->a, then_l, s);
      return finish_if(x, n, amt, cond, then_l, else_l, list);
    }
    x->accesses.len = nacc; /* the shift by a dense amount, as it was */
  }
  ARRAY_PUSH(x->a, *list, s);
  return 0;
}

/* `n++;`, `++n;`, `n--;`, `--n;` on an arithmetic scalar (a counter, as
 * in `if (A[i][j] != 0) nnz++;`) or on an array element (`deg[i]++;`) are
 * the updates `n += 1`, `n -= 1`; anything else keeps the refusal of
 * expr_of. */
static int build_incdec(X *x, TSNode stmt, TSNode n, NodeList *list) {
  TSNode arg = strip_parens(node_field(n, "argument"));
  int member = extract_is_member_elem(x, arg); /* `node[i].deg++` */
  if (member || node_is(arg, "subscript_expression")) {
    int a;
    TSNode b = base_ident(arg);
    int scatter = member || (extract_is_gather(x, arg) && !alias_of(x, b) &&
                             !extract_sparse_base(x, b)); /* `hist[bin[i]]++` */
    if (scatter ? extract_scatter(x, arg, &a) : build_access(x, arg, &a))
      return -1;
    IrTensor *t = &x->tensors.data[x->accesses.data[a].tensor];
    t->is_written = 1;
    t->is_read = 1;
    IrNode *s = stmt_node(x, stmt);
    s->stmt.op = strstr(op_of(x, n), "++") ? IR_ADDTO : IR_SUBFROM;
    s->stmt.lhs_elem = t->elem;
    s->stmt.lhs_access = a;
    IrExpr *one = mk(x, IR_CONST, n);
    one->text = "1";
    s->stmt.rhs = one;
    ARRAY_PUSH(x->a, *list, s);
    return 0;
  }
  const char *nm = node_is(arg, "identifier") ? ntext(x, arg) : NULL;
  CtDecl d;
  if (!nm || any_var(x, nm) >= 0 || bound_of(x, nm) ||
      !ct_lookup(x->env->ct, nm, ts_node_start_byte(arg), &d) ||
      d.kind != CT_SCALAR || !d.elem_ok) {
    expr_of(x, n); /* reports why */
    return -1;
  }
  IrNode *s = stmt_node(x, stmt);
  s->stmt.op = strstr(op_of(x, n), "++") ? IR_ADDTO : IR_SUBFROM;
  s->stmt.lhs_elem = d.elem;
  s->stmt.lhs_scalar = nm;
  add_scalar(x, nm);
  IrExpr *one = mk(x, IR_CONST, n);
  one->text = "1";
  s->stmt.rhs = one;
  ARRAY_PUSH(x->a, *list, s);
  return 0;
}

/* Whether every mention of `name` in n is inside a for statement whose
 * header assigns it first (`for (name = lo; ...)`). */
static int only_loop_var_in(X *x, TSNode n, const char *name) {
  if (node_is(n, "for_statement")) {
    TSNode init = node_field(n, "initializer");
    if (node_is(init, "assignment_expression") && !strcmp(op_of(x, init), "=") &&
        is_name(x, node_field(init, "left"), name) &&
        !extract_mentions(x->env->ctx->file, node_field(init, "right"), name))
      return 1;
  }
  if (node_is(n, "identifier"))
    return !is_name(x, n, name);
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (!only_loop_var_in(x, ts_node_named_child(n, i), name))
      return 0;
  return 1;
}

/* `int j;` at the top of a loop body, j then only the variable of loops of
 * that body (C89 style): the loops declare it (x->scoped). */
int scoped_loop_var(X *x, TSNode decl, TSNode d) {
  if (!node_is(d, "identifier"))
    return 0;
  char *nm = ntext(x, d);
  CtDecl cd;
  if (!ct_lookup(x->env->ct, nm, ts_node_end_byte(d), &cd) || cd.kind != CT_SCALAR ||
      !is_int_type(cd.elem_ctype ? cd.elem_ctype : ""))
    return 0;
  int used = 0;
  for (TSNode nx = ts_node_next_named_sibling(decl); !ts_node_is_null(nx);
       nx = ts_node_next_named_sibling(nx)) {
    if (!only_loop_var_in(x, nx, nm))
      return 0;
    used |= extract_mentions(x->env->ctx->file, nx, nm);
  }
  if (!used || any_var(x, nm) >= 0 || bound_of(x, nm))
    return 0;
  ARRAY_PUSH(x->a, x->scoped, nm);
  return 1;
}

/* Whether the identifier `name` occurs under n but not under `inner`. */
static int mentions_outside(X *x, TSNode n, TSNode inner, const char *name) {
  if (!ts_node_is_null(inner) && ts_node_start_byte(n) >= ts_node_start_byte(inner) &&
      ts_node_end_byte(n) <= ts_node_end_byte(inner))
    return 0;
  if (node_is(n, "identifier"))
    return extract_mentions(x->env->ctx->file, n, name);
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (mentions_outside(x, ts_node_named_child(n, i), inner, name))
      return 1;
  return 0;
}

static int build_decl(X *x, TSNode n, NodeList *list) {
  TSNode ty = node_field(n, "type");
  char *ctype = ntext(x, ty);
  uint32_t c = ts_node_named_child_count(n);
  /* qualifiers other than const make no sense for an accumulator; a
   * `register` or `auto` local (K&R style) is a plain one */
  for (uint32_t i = 0; i < c; i++) {
    TSNode ch = ts_node_named_child(n, i);
    if (node_is(ch, "storage_class_specifier") &&
        strcmp(ntext(x, ch), "register") && strcmp(ntext(x, ch), "auto"))
      return refuse(x, n, "'%s' declaration in the loop nest", ntext(x, ch));
  }
  int any = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode d = ts_node_named_child(n, i);
    if (ts_node_start_byte(d) <= ts_node_start_byte(ty) || node_is(d, "comment") ||
        node_is(d, "type_qualifier"))
      continue;
    /* `double s; s = e;` is `double s = e;`: the assignment right after a
     * declaration of one scalar without an initializer */
    TSNode val = {0}, later = {0};
    if (!node_is(d, "init_declarator") && scoped_loop_var(x, n, d)) {
      any = 1;
      continue;
    }
    if (!node_is(d, "init_declarator")) {
      TSNode nx = ts_node_next_named_sibling(n);
      while (!ts_node_is_null(nx) && node_is(nx, "comment"))
        nx = ts_node_next_named_sibling(nx);
      TSNode as = (!ts_node_is_null(nx) && node_is(nx, "expression_statement") &&
                   ts_node_named_child_count(nx) == 1)
                      ? ts_node_named_child(nx, 0) : (TSNode){0};
      TSNode al = node_is(as, "assignment_expression")
                      ? strip_parens(node_field(as, "left")) : (TSNode){0};
      if (!node_is(d, "identifier") || ts_node_is_null(al) ||
          strcmp(op_of(x, as), "=") || !node_is(al, "identifier") ||
          strcmp(ntext(x, al), ntext(x, d)) ||
          extract_mentions(x->env->ctx->file, node_field(as, "right"), ntext(x, d)))
        return refuse(x, d, "local declaration '%s' without an initializer",
                      excerpt(x, d));
      for (uint32_t k2 = i + 1; k2 < c; k2++) /* one declarator only */
        if (!node_is(ts_node_named_child(n, k2), "comment"))
          return refuse(x, d, "local declaration '%s' without an initializer",
                        excerpt(x, d));
      val = node_field(as, "right");
      later = nx;
    }
    TSNode dn = ts_node_is_null(later) ? node_field(d, "declarator") : d;
    if (node_is(dn, "pointer_declarator") && ts_node_is_null(later)) {
      /* `const double *row = A[i];`, then `row[j]`: a row alias of an
       * array the pragma binds, which the nest cannot follow */
      TSNode v = strip_parens(node_field(d, "value")), base = v;
      while (node_is(base, "subscript_expression"))
        base = strip_parens(node_field(base, "argument"));
      TSNode pn = node_field(dn, "declarator");
      int al = node_is(pn, "identifier") ? alias_decl(x, d, pn, v) : 0;
      if (al < 0)
        return -1;
      if (al) { /* followed: row[j] is the array's element */
        any = 1;
        continue;
      }
      if (node_is(base, "identifier") && bound_of(x, ntext(x, base)) &&
          node_is(pn, "identifier"))
        return refuse(x, d, "local pointer '%s' into sparse array '%s' is not "
                            "followed; index the array itself ('%s[j]' for '%s[j]')",
                      ntext(x, pn), ntext(x, base), excerpt(x, v), ntext(x, pn));
    }
    if (!node_is(dn, "identifier"))
      return refuse(x, d, "local declaration '%s' is not a scalar", excerpt(x, d));
    char *nm = ntext(x, dn);
    if (any_var(x, nm) >= 0 || bound_of(x, nm))
      return refuse(x, d, "local declaration of '%s' shadows a loop variable or "
                          "sparse array", nm);
    CtDecl cd;
    if (!ct_lookup(x->env->ct, nm, ts_node_end_byte(d), &cd) || cd.kind != CT_SCALAR)
      return refuse(x, d, "local declaration of '%s' is not an arithmetic scalar",
                    nm);
    /* under an if, the guarded statements share the loop body's scope
     * (ir/predicate.h): the name may be used nowhere else in the nest */
    if (x->in_if && mentions_outside(x, x->nest, x->branch, nm))
      return refuse(x, d, "local declaration of '%s' under an if: the nest "
                          "names another '%s' outside that if", nm, nm);
    if (ts_node_is_null(later))
      val = node_field(d, "value");
    else
      x->skip_byte = ts_node_start_byte(later);
    if (node_is(val, "initializer_list"))
      return refuse(x, d, "local declaration of '%s' with an initializer list", nm);
    IrExpr *rhs = expr_of(x, val);
    if (!rhs)
      return -1;
    IrNode *s = stmt_node(x, d);
    s->stmt.op = IR_SET;
    s->stmt.lhs_scalar = nm;
    s->stmt.rhs = rhs;
    s->stmt.decl_ctype = cd.elem_ctype ? cd.elem_ctype : ctype;
    add_scalar(x, nm);
    ARRAY_PUSH(x->a, *list, s);
    any = 1;
  }
  if (!any)
    return refuse(x, n, "declaration '%s' in the loop nest", excerpt(x, n));
  return 0;
}

void branch_writes(X *x, IrNode *const *v, int nv, uint64_t *tens,
                   const char ***sc, size_t *nsc, size_t *cap) {
  for (int i = 0; i < nv; i++) {
    const IrNode *n = v[i];
    if (n->kind == IR_NODE_STMT) {
      if (n->stmt.lhs_access >= 0) {
        int t = x->accesses.data[n->stmt.lhs_access].tensor;
        *tens |= t < 64 ? (uint64_t)1 << t : ~(uint64_t)0;
      } else {
        if (*nsc == *cap) {
          size_t nc = *cap ? *cap * 2 : 8;
          const char **m = arena_alloc(x->a, sizeof *m * nc);
          if (*nsc)
            memcpy(m, *sc, sizeof *m * *nsc);
          *sc = m;
          *cap = nc;
        }
        (*sc)[(*nsc)++] = n->stmt.lhs_scalar;
      }
      continue;
    }
    branch_writes(x, n->body, n->nbody, tens, sc, nsc, cap);
    branch_writes(x, n->els, n->nels, tens, sc, nsc, cap);
  }
}

/* The first name e reads that is in the written sets, or NULL. */
static const char *reads_written(X *x, const IrExpr *e, uint64_t tens,
                                 const char **sc, size_t nsc) {
  if (!e)
    return NULL;
  if (e->kind == IR_ACCESS) {
    int t = x->accesses.data[e->access].tensor;
    if (t >= 64 || (tens & ((uint64_t)1 << t)))
      return x->tensors.data[t].name;
  }
  if (e->kind == IR_SCALAR && name_in(e->text, sc, nsc))
    return e->text;
  const char *r;
  if ((r = reads_written(x, e->a, tens, sc, nsc)) || (r = reads_written(x, e->b, tens, sc, nsc)) ||
      (r = reads_written(x, e->c, tens, sc, nsc)))
    return r;
  for (int i = 0; i < e->nargs; i++)
    if ((r = reads_written(x, e->args[i], tens, sc, nsc)))
      return r;
  return NULL;
}

/* What one statement writes, as the sets of branch_writes. */
static void stmt_writes(X *x, IrNode *s, uint64_t *tens, const char ***sc,
                        size_t *nsc, size_t *cap) {
  *tens = 0;
  *nsc = 0;
  branch_writes(x, &s, 1, tens, sc, nsc, cap);
}

/* `if (c) { s1; ...; sn; }` whose condition reads what exactly one
 * statement sk writes (`if (G[u][v] != 0 && !seen[v]) { seen[v] = 1;
 * dist[v] = d + 1; }`): when sk and the other statements touch nothing
 * of one another (sk's target is neither read nor written by them, and
 * sk reads nothing they write), sk is moved last. Then c has one value
 * for every statement: the others do not change it, and sk, guarded as
 * `lhs = c ? e : lhs`, reads it before its store. */
static int last_writer(X *x, const IrExpr *cond, NodeList *l) {
  int k = -1;
  uint64_t tk = 0, tm = 0;
  const char **sk = NULL, **sm = NULL;
  size_t nk = 0, ck = 0, nm = 0, cm = 0;
  for (size_t i = 0; i < l->len; i++) {
    IrNode *s = l->data[i];
    if (s->kind != IR_NODE_STMT || s->stmt.decl_ctype)
      return 0;
    stmt_writes(x, s, &tm, &sm, &nm, &cm);
    if (reads_written(x, cond, tm, sm, nm)) {
      if (k >= 0)
        return 0;
      k = (int)i;
    }
  }
  if (k < 0)
    return 0;
  IrNode *sn = l->data[k];
  stmt_writes(x, sn, &tk, &sk, &nk, &ck);
  for (size_t i = 0; i < l->len; i++) {
    if ((int)i == k)
      continue;
    IrNode *o = l->data[i];
    stmt_writes(x, o, &tm, &sm, &nm, &cm);
    IrExpr self = {0};
    if (o->stmt.lhs_access >= 0) {
      self.kind = IR_ACCESS;
      self.access = o->stmt.lhs_access;
    } else {
      self.kind = IR_SCALAR;
      self.text = o->stmt.lhs_scalar;
    }
    if ((tm & tk) || reads_written(x, o->stmt.rhs, tk, sk, nk) ||
        reads_written(x, &self, tk, sk, nk) ||
        reads_written(x, sn->stmt.rhs, tm, sm, nm))
      return 0;
    /* an append after sk whose counter sk updates (`q[t++]`) */
    if (i > (size_t)k && o->stmt.lhs_access >= 0 && sn->stmt.lhs_access < 0) {
      const IrAccess *ac = &x->accesses.data[o->stmt.lhs_access];
      for (int d = 0; d < ac->nsub; d++)
        if (ac->sub[d].sym && !strcmp(ac->sub[d].sym, sn->stmt.lhs_scalar))
          return 0;
    }
  }
  for (size_t i = (size_t)k; i + 1 < l->len; i++)
    l->data[i] = l->data[i + 1];
  l->data[l->len - 1] = sn;
  return 1;
}

/* `if (cond) stmt [else stmt]` (ispace.h IR_NODE_IF). */
static int build_if(X *x, TSNode n, NodeList *list) {
  TSNode cn = node_field(n, "condition");
  TSNode cons = node_field(n, "consequence");
  TSNode alt = node_field(n, "alternative");
  if (node_is(alt, "else_clause")) {
    TSNode a = alt;
    alt = ts_node_named_child_count(a) ? ts_node_named_child(a, 0) : (TSNode){0};
    while (node_is(alt, "comment"))
      alt = ts_node_next_named_sibling(alt);
  }
  if (ts_node_is_null(cn) || ts_node_is_null(cons))
    return refuse(x, n, "if statement '%s'", excerpt(x, n));
  IrExpr *cond = expr_of(x, cn);
  if (!cond)
    return -1;
  NodeList then_l = {0}, else_l = {0};
  TSNode outer_branch = x->branch;
  x->in_if++;
  x->branch = cons;
  int rc = build_stmt(x, cons, &then_l);
  x->branch = alt;
  if (!rc && !ts_node_is_null(alt))
    rc = build_stmt(x, alt, &else_l);
  x->branch = outer_branch;
  x->in_if--;
  if (rc)
    return -1;
  if (!then_l.len && !else_l.len)
    return refuse(x, n, "if statement without an effect");
  return finish_if(x, n, cn, cond, then_l, else_l, list);
}

/* The IR of `if (cond) then_l else else_l` (n the statement, cn its
 * condition), pushed on list: a single guarded statement as a select,
 * else an IR_NODE_IF whose condition reads nothing its branches write. */
static int finish_if(X *x, TSNode n, TSNode cn, IrExpr *cond, NodeList then_l,
                     NodeList else_l, NodeList *list) {
  uint64_t tens = 0;
  const char **sc = NULL;
  size_t nsc = 0, cap = 0;
  branch_writes(x, then_l.data, (int)then_l.len, &tens, &sc, &nsc, &cap);
  branch_writes(x, else_l.data, (int)else_l.len, &tens, &sc, &nsc, &cap);
  const char *w = reads_written(x, cond, tens, sc, nsc);
  if (w && !else_l.len && then_l.len == 1 &&
      then_l.data[0]->kind == IR_NODE_STMT && !then_l.data[0]->stmt.decl_ctype) {
    /* `if (c) lhs = e;` whose condition reads what it writes (the running
     * maximum `if (A[i][j] > m) m = A[i][j];`) is exactly the statement
     * `lhs = c ? e : lhs`: c is evaluated once, before the store; an
     * update `if (c) lhs *= e;` is `lhs *= c ? e : 1` (+= and -= with
     * their identities, -0.0 for a floating +=, as ir/predicate.c). */
    IrNode *s = then_l.data[0];
    IrExpr *self;
    if (s->stmt.op != IR_SET) {
      int integer = ir_elem_integer(s->stmt.lhs_elem);
      self = mk(x, IR_CONST, n);
      self->text = s->stmt.op == IR_MULBY ? "1" : "0";
      if (s->stmt.op == IR_ADDTO && !integer) {
        self->text = s->stmt.lhs_elem == IR_F32 ? "0.0f" : "0.0";
        IrExpr *neg = mk(x, IR_NEG, n);
        neg->a = self;
        self = neg;
      }
    } else if (s->stmt.lhs_access >= 0) {
      self = mk(x, IR_ACCESS, n);
      self->access = s->stmt.lhs_access;
      x->tensors.data[x->accesses.data[s->stmt.lhs_access].tensor].is_read = 1;
    } else {
      self = mk(x, IR_SCALAR, n);
      self->text = s->stmt.lhs_scalar;
    }
    IrExpr *sel = mk(x, IR_SELECT, n);
    sel->a = cond;
    sel->b = s->stmt.rhs;
    sel->c = self;
    s->stmt.rhs = sel;
    s->span = nspan(n);
    s->stmt.span = nspan(n);
    ARRAY_PUSH(x->a, *list, s);
    return 0;
  }
  if (w && !else_l.len && then_l.len >= 2 && last_writer(x, cond, &then_l))
    w = NULL; /* the statement writing what cond reads now comes last */
  if (w)
    return refuse(x, cn, "if condition reads '%s', which its branches write", w);
  IrNode *node = arena_alloc(x->a, sizeof *node);
  memset(node, 0, sizeof *node);
  node->kind = IR_NODE_IF;
  node->var = -1;
  node->cond = cond;
  node->body = then_l.data;
  node->nbody = (int)then_l.len;
  node->els = else_l.data;
  node->nels = (int)else_l.len;
  node->span = nspan(n);
  node->stmt.lhs_access = -1;
  ARRAY_PUSH(x->a, *list, node);
  return 0;
}

/* One group of a switch: its labels (a null node for `default`) and its
 * statements, the named children [from, to) of the case node `at`. */
typedef struct SwGroup {
  TSNode label[16];
  int nlabel, is_default;
  TSNode at;
  uint32_t from, to;
} SwGroup;

/* The statements of group g, as under an if. */
static int build_group(X *x, const SwGroup *g, NodeList *l) {
  TSNode outer_branch = x->branch;
  int rc = 0;
  x->in_if++;
  x->branch = g->at;
  for (uint32_t i = g->from; !rc && i < g->to; i++)
    rc = build_stmt(x, ts_node_named_child(g->at, i), l);
  x->branch = outer_branch;
  x->in_if--;
  return rc;
}

/* `switch (e) { case v1: case v2: ...; break; ... default: ...; }` whose
 * groups of labels each end in `break;` (the last one may end without)
 * and hold no other break: the chain `if (e == v1 || e == v2) { ... }
 * else if ... else { default }`. e is pure (expr_of), so testing it per
 * group is the single evaluation of the switch; the labels are distinct
 * constants, so the order of the tests is free. */
static int build_switch(X *x, TSNode n, NodeList *list) {
  TSNode cn = node_field(n, "condition"), body = node_field(n, "body");
  if (ts_node_is_null(cn) || !node_is(body, "compound_statement"))
    return refuse(x, n, "switch statement '%s'", excerpt(x, n));
  SwGroup g[64];
  int ng = 0, open = 0; /* open: labels waiting for their statements */
  uint32_t nc = ts_node_named_child_count(body);
  for (uint32_t i = 0; i < nc; i++) {
    TSNode c = ts_node_named_child(body, i);
    if (node_is(c, "comment"))
      continue;
    if (!node_is(c, "case_statement"))
      return refuse(x, c, "statement before the first case of a switch");
    if (!open) {
      if (ng == 64)
        return refuse(x, n, "switch with more than 64 groups of cases");
      memset(&g[ng++], 0, sizeof g[0]);
      open = 1;
    }
    SwGroup *cur = &g[ng - 1];
    TSNode v = node_field(c, "value");
    if (ts_node_is_null(v))
      cur->is_default = 1;
    else if (cur->nlabel == 16)
      return refuse(x, c, "more than 16 case labels on one group");
    else
      cur->label[cur->nlabel++] = v;
    uint32_t k = ts_node_named_child_count(c), from = ts_node_is_null(v) ? 0 : 1;
    while (from < k && node_is(ts_node_named_child(c, from), "comment"))
      from++;
    if (from == k)
      continue; /* `case 1: case 2: ...`: the next label shares the group */
    uint32_t to = k;
    while (to > from && node_is(ts_node_named_child(c, to - 1), "comment"))
      to--;
    cur->at = c;
    cur->from = from;
    cur->to = to;
    open = 0;
    TSNode next = ts_node_next_named_sibling(c);
    while (node_is(next, "comment"))
      next = ts_node_next_named_sibling(next);
    if (node_is(ts_node_named_child(c, to - 1), "break_statement"))
      cur->to = to - 1;
    else if (!ts_node_is_null(next))
      return refuse(x, c, "switch case that falls through to the next");
  }
  /* the default group is the last else; the others test e */
  NodeList tail = {0};
  for (int i = 0; i < ng; i++)
    if (g[i].is_default && !ts_node_is_null(g[i].at) && build_group(x, &g[i], &tail))
      return -1;
  for (int i = ng - 1; i >= 0; i--) {
    if (g[i].is_default)
      continue;
    NodeList then_l = {0};
    if (!ts_node_is_null(g[i].at) && build_group(x, &g[i], &then_l))
      return -1;
    if (!then_l.len && !tail.len)
      continue; /* no effect, and nothing after it */
    IrExpr *cond = NULL;
    for (int k = 0; k < g[i].nlabel; k++) {
      IrExpr *eq = mk(x, IR_CMP, g[i].label[k]);
      eq->text = "==";
      /* messages quote the test as `case 0` */
      eq->span = span_make(ts_node_start_byte(ts_node_parent(g[i].label[k])),
                           ts_node_end_byte(g[i].label[k]));
      if (!(eq->a = expr_of(x, cn)) || !(eq->b = expr_of(x, g[i].label[k])))
        return -1;
      if (cond) {
        IrExpr *o = mk(x, IR_OR, g[i].label[k]);
        o->span = span_make(cond->span.start, eq->span.end);
        o->a = cond;
        o->b = eq;
        eq = o;
      }
      cond = eq;
    }
    NodeList chain = {0};
    if (finish_if(x, n, cn, cond, then_l, tail, &chain))
      return -1;
    tail = chain;
  }
  for (size_t i = 0; i < tail.len; i++)
    ARRAY_PUSH(x->a, *list, tail.data[i]);
  return 0;
}

/* `#ifdef DEBUG` ... `#endif` (any conditional) in a loop body: the
 * statements of the branch this build compiles, as if the others were not
 * there (the caller guards the kernel against other configurations,
 * frontend/ppcond.h). A declaration in a branch is refused: the model
 * scopes a local by the block that holds it. */
static int build_ppcond(X *x, TSNode n, NodeList *list) {
  TSNode b;
  int found = ppcond_active(x->env->ct, n, &b);
  if (found < 0)
    return refuse(x, n, "preprocessor conditional in the loop nest whose "
                  "compiled branch is not known");
  uint32_t i = 0;
  for (TSNode c = found ? ppcond_next(b, &i) : (TSNode){0}; !ts_node_is_null(c);
       c = ppcond_next(b, &i)) {
    if (node_is(c, "declaration"))
      return refuse(x, c, "declaration in a preprocessor branch of the loop nest");
    if (build_stmt(x, c, list))
      return -1;
  }
  return 0;
}

int build_stmt(X *x, TSNode n, NodeList *list) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "comment"))
    return 0;
  if (x->skip_byte && ts_node_start_byte(n) == x->skip_byte) {
    x->skip_byte = 0; /* taken by the declaration before it */
    return 0;
  }
  if (!strcmp(ty, "compound_statement")) {
    uint32_t c = ts_node_named_child_count(n);
    for (uint32_t i = 0; i < c; i++)
      if (build_stmt(x, ts_node_named_child(n, i), list))
        return -1;
    return 0;
  }
  if (!strcmp(ty, "for_statement")) {
    IrNode *l;
    if (build_for(x, n, &l))
      return -1;
    ARRAY_PUSH(x->a, *list, l);
    return 0;
  }
  if (!strcmp(ty, "expression_statement")) {
    if (ts_node_named_child_count(n) == 0)
      return 0; /* `;` */
    TSNode e = ts_node_named_child(n, 0);
    if (node_is(e, "assignment_expression"))
      return build_assign(x, n, e, list);
    if (node_is(e, "comma_expression"))
      return refuse(x, e, "comma operator");
    if (node_is(e, "call_expression")) {
      if (!expr_of(x, e))
        return -1;
      return refuse(x, e, "call to '%s' whose result is unused",
                    ntext(x, node_field(e, "function")));
    }
    if (node_is(e, "update_expression"))
      return build_incdec(x, n, e, list);
    return refuse(x, e, "expression statement '%s'", excerpt(x, e));
  }
  if (!strcmp(ty, "declaration"))
    return build_decl(x, n, list);
  if (ppcond_is(n))
    return build_ppcond(x, n, list);
  if (!strcmp(ty, "preproc_call")) {
    TSNode d = node_field(n, "directive");
    if (node_is(d, "preproc_directive") && !strcmp(ntext(x, d), "#pragma"))
      return 0; /* a compiler ignores it; the sequential meaning stays */
    return refuse(x, n, "preprocessor directive in the loop nest");
  }
  if (!strcmp(ty, "while_statement"))
    return refuse(x, n, "while loop in the nest (only a counting loop, 'v = lo; "
                  "while (v < hi) { ...; v++; }', is read as a for loop)");
  if (!strcmp(ty, "do_statement"))
    return refuse(x, n, "do-while loop in the nest");
  if (!strcmp(ty, "if_statement"))
    return build_if(x, n, list);
  if (!strcmp(ty, "switch_statement"))
    return build_switch(x, n, list);
  if (!strcmp(ty, "goto_statement"))
    return refuse(x, n, "goto in the nest");
  if (!strcmp(ty, "break_statement"))
    return refuse(x, n, "break in the nest");
  if (!strcmp(ty, "continue_statement"))
    return refuse(x, n, "continue in the nest");
  if (!strcmp(ty, "return_statement"))
    return refuse(x, n, "return in the nest");
  if (!strcmp(ty, "labeled_statement"))
    return refuse(x, n, "label in the nest");
  if (ty[0] == 'p' && !strncmp(ty, "preproc_", 8))
    return refuse(x, n, "preprocessor directive in the loop nest");
  return refuse(x, n, "unsupported statement '%s'", excerpt(x, n));
}

/* `if (c) continue;` (or `{ continue; }`), no else: the condition. */
static TSNode skip_cond(TSNode n) {
  TSNode none = {0};
  if (!node_is(n, "if_statement") ||
      !ts_node_is_null(node_field(n, "alternative")))
    return none;
  TSNode c = node_field(n, "consequence");
  if (node_is(c, "compound_statement")) {
    TSNode only = none;
    uint32_t k = ts_node_named_child_count(c);
    for (uint32_t i = 0; i < k; i++) {
      TSNode s = ts_node_named_child(c, i);
      if (node_is(s, "comment")) continue;
      if (!ts_node_is_null(only)) return none;
      only = s;
    }
    c = only;
  }
  return node_is(c, "continue_statement") ? node_field(n, "condition") : none;
}

/* The children of a loop's body from `from` on. `if (c) continue;` at
 * this level skips the rest of the body: the rest is built as `if (!c) {
 * rest }`, with the checks of any if (build_if): the condition is
 * evaluated once, before the rest runs, as the guarded form evaluates it
 * only when nothing in the rest writes what it reads. */
int build_seq(X *x, TSNode body, uint32_t from, NodeList *list) {
  uint32_t k = ts_node_named_child_count(body);
  for (uint32_t i = from; i < k; i++) {
    TSNode n = ts_node_named_child(body, i);
    if (!ts_node_is_null(x->seq_stop) && ts_node_eq(n, x->seq_stop))
      break; /* the step of a counting while (extract_while.c) */
    uint32_t last;
    int cw = extract_counting_while(x, body, i, list, &last);
    if (cw < 0)
      return -1;
    if (cw) {
      i = last;
      continue;
    }
    TSNode cn = skip_cond(n);
    if (ts_node_is_null(cn)) {
      if (build_stmt(x, n, list))
        return -1;
      continue;
    }
    IrExpr *c = expr_of(x, cn);
    if (!c)
      return -1;
    IrExpr *cond = mk(x, IR_NOT, cn);
    cond->a = c;
    NodeList rest = {0};
    TSNode outer_branch = x->branch;
    x->in_if++;
    x->branch = (TSNode){0}; /* no one node holds the rest: a local
                                declared there is refused (build_decl) */
    int rc = build_seq(x, body, i + 1, &rest);
    x->branch = outer_branch;
    x->in_if--;
    if (rc)
      return -1;
    if (!rest.len)
      return 0; /* nothing after the continue */
    uint64_t tens = 0;
    const char **sc = NULL;
    size_t nsc = 0, cap = 0;
    branch_writes(x, rest.data, (int)rest.len, &tens, &sc, &nsc, &cap);
    const char *w = reads_written(x, cond, tens, sc, nsc);
    if (w)
      return refuse(x, cn, "the condition of 'continue' reads '%s', which "
                    "the rest of the body writes", w);
    IrNode *node = arena_alloc(x->a, sizeof *node);
    memset(node, 0, sizeof *node);
    node->kind = IR_NODE_IF;
    node->var = -1;
    node->cond = cond;
    node->body = rest.data;
    node->nbody = (int)rest.len;
    node->span = nspan(n);
    node->stmt.lhs_access = -1;
    ARRAY_PUSH(x->a, *list, node);
    return 0;
  }
  return 0;
}
