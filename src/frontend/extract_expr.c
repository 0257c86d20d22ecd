/* extract_expr.c — expressions: a C expression of the nest's body as an
 * IrExpr (accesses, scalars, loop variables, constants, operators, calls
 * of pure functions, loop-invariant opaque text). */
#include "frontend/extract_walk.h"

#include <stdlib.h>
#include <string.h>

IrExpr *mk(X *x, IrExprKind k, TSNode n) {
  IrExpr *e = arena_alloc(x->a, sizeof *e);
  e->kind = k;
  e->span = nspan(n);
  e->var = -1;
  e->access = -1;
  return e;
}

/* A name used as a value. */
static IrExpr *scalar_of(X *x, TSNode n) {
  char *t = ntext(x, n);
  int v = find_var(x, t);
  if (v >= 0 && x->stride[v] > 1)
    return stride_value(x, v, n);
  if (v >= 0) {
    IrExpr *e = mk(x, IR_INDEX, n);
    e->var = v;
    return e;
  }
  if (any_var(x, t) >= 0) {
    refuse(x, n, "loop variable '%s' used outside its loop", t);
    return NULL;
  }
  if (bound_of(x, t)) {
    refuse(x, n, "sparse array '%s' used as a value", t);
    return NULL;
  }
  const RowAlias *al = alias_of(x, n);
  if (al) {
    refuse(x, n, "local pointer '%s' into sparse array '%s' is used other than "
           "subscripted", t, ntext(x, al->base));
    return NULL;
  }
  const char *lt;
  TSNode li = index_local(x, n, &lt, 2);
  if (!ts_node_is_null(li)) { /* `int c = perm[j];`: c is (int)(perm[j]) */
    IrExpr *e = mk(x, IR_CAST, n);
    e->text = lt;
    return (e->a = expr_of(x, li)) ? e : NULL;
  }
  CtDecl d;
  if (ct_lookup(x->env->ct, t, ts_node_start_byte(n), &d) && d.kind != CT_SCALAR) {
    refuse(x, n, "'%s' used as a value is not an arithmetic scalar", t);
    return NULL;
  }
  IrExpr *e = mk(x, IR_SCALAR, n);
  e->text = t;
  return e;
}

IrExpr *expr_of(X *x, TSNode n) {
  const char *ty = ts_node_type(n);
  if (!strcmp(ty, "parenthesized_expression")) {
    if (ts_node_named_child_count(n) != 1 ||
        node_is(ts_node_named_child(n, 0), "comma_expression")) {
      refuse(x, n, "comma operator");
      return NULL;
    }
    return expr_of(x, ts_node_named_child(n, 0));
  }
  if (!strcmp(ty, "number_literal") || !strcmp(ty, "true") ||
      !strcmp(ty, "false") || !strcmp(ty, "char_literal") ||
      !strcmp(ty, "sizeof_expression")) {
    IrExpr *e = mk(x, IR_CONST, n);
    e->text = ntext(x, n);
    return e;
  }
  if (!strcmp(ty, "identifier"))
    return scalar_of(x, n);
  if (extract_is_member_elem(x, n)) /* `p[j].x` */
    return extract_member_elem(x, n, 0);
  if (!strcmp(ty, "subscript_expression")) {
    if (extract_is_gather(x, n))
      return extract_gather(x, n);
    int a;
    if (build_access(x, n, &a))
      return NULL;
    x->tensors.data[x->accesses.data[a].tensor].is_read = 1;
    IrExpr *e = mk(x, IR_ACCESS, n);
    e->access = a;
    return e;
  }
  if (!strcmp(ty, "unary_expression")) {
    const char *op = op_of(x, n);
    IrExpr *a = expr_of(x, node_field(n, "argument"));
    if (!a)
      return NULL;
    if (!strcmp(op, "+"))
      return a;
    if (!strcmp(op, "-") || !strcmp(op, "!")) {
      IrExpr *e = mk(x, op[0] == '-' ? IR_NEG : IR_NOT, n);
      e->a = a;
      return e;
    }
    refuse(x, n, "operator '%s'", op);
    return NULL;
  }
  if (!strcmp(ty, "binary_expression")) {
    const char *op = op_of(x, n);
    static const struct {
      const char *op;
      IrExprKind k;
    } ops[] = {{"+", IR_ADD}, {"-", IR_SUB},  {"*", IR_MUL},  {"/", IR_DIV},
               {"<", IR_CMP}, {"<=", IR_CMP}, {">", IR_CMP},  {">=", IR_CMP},
               {"==", IR_CMP}, {"!=", IR_CMP}, {"&&", IR_AND}, {"||", IR_OR},
               {"%", IR_MOD}, {"&", IR_BITOP}, {"|", IR_BITOP},
               {"^", IR_BITOP}, {"<<", IR_BITOP}, {">>", IR_BITOP}};
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
      if (!strcmp(ops[i].op, op)) {
        IrExpr *l = expr_of(x, node_field(n, "left"));
        IrExpr *r = l ? expr_of(x, node_field(n, "right")) : NULL;
        if (!r)
          return NULL;
        IrExpr *e = mk(x, ops[i].k, n);
        e->a = l;
        e->b = r;
        if (ops[i].k == IR_CMP || ops[i].k == IR_BITOP)
          e->text = op;
        return e;
      }
    refuse(x, n, "operator '%s'", op);
    return NULL;
  }
  if (!strcmp(ty, "conditional_expression")) {
    IrExpr *c = expr_of(x, node_field(n, "condition"));
    IrExpr *a = c ? expr_of(x, node_field(n, "consequence")) : NULL;
    IrExpr *b = a ? expr_of(x, node_field(n, "alternative")) : NULL;
    if (!b)
      return NULL;
    IrExpr *e = mk(x, IR_SELECT, n);
    e->a = c;
    e->b = a;
    e->c = b;
    return e;
  }
  if (!strcmp(ty, "cast_expression")) {
    TSNode tn = node_field(n, "type");
    char *tt = ntext(x, tn);
    if (strchr(tt, '*') || strchr(tt, '[')) {
      refuse(x, n, "pointer cast '%s'", excerpt(x, n));
      return NULL;
    }
    IrExpr *a = expr_of(x, node_field(n, "value"));
    if (!a)
      return NULL;
    IrExpr *e = mk(x, IR_CAST, n);
    e->text = tt;
    e->a = a;
    return e;
  }
  if (!strcmp(ty, "call_expression")) {
    TSNode f = node_field(n, "function");
    char *fname = ntext(x, f);
    if (type_cast_call(x, n)) {
      /* `(T)(e)` with T a typedef or a type macro: a cast */
      IrExpr *a = expr_of(x, ts_node_named_child(node_field(n, "arguments"), 0));
      if (!a)
        return NULL;
      IrExpr *e = mk(x, IR_CAST, n);
      e->text = ntext(x, ts_node_named_child(f, 0));
      e->a = a;
      return e;
    }
    TSNode args = node_field(n, "arguments");
    uint32_t na = ts_node_named_child_count(args);
    for (uint32_t i = 0; i < na; i++) {
      TSNode arg = strip_parens(ts_node_named_child(args, i));
      if (node_is(arg, "pointer_expression") && !strcmp(op_of(x, arg), "&") &&
          mentioned_bound(x, arg)) {
        refuse(x, arg, "address of sparse array '%s' taken", mentioned_bound(x, arg));
        return NULL;
      }
      const RowAlias *al = alias_of(x, arg);
      if (al) {
        refuse(x, arg, "local pointer '%s' into sparse array '%s' passed to "
               "function '%s'", ntext(x, arg), ntext(x, al->base), fname);
        return NULL;
      }
      if (node_is(arg, "identifier") && bound_of(x, ntext(x, arg))) {
        /* stored sparse, it is passed as the tensor already (the callee
         * has its pragma): no hint */
        const char *a = ntext(x, arg), *hint = "";
        if (fn_defined(x, fname) && !bound_of(x, a)->handle)
          hint = !fn_has_pragma(x, fname)
                     ? arena_printf(x->a, " (a pragma on the definition of '%s' "
                                    "makes its loops kernels)", fname)
                     : x->env->pragma_on_nest
                     ? arena_printf(x->a, " ('%s' has a pragma: the call assembles "
                                    "'%s' for it)", fname, a)
                     : arena_printf(x->a, " ('%s' has a pragma and takes a sparse "
                                    "tensor, but '%s' keeps its dense storage: see "
                                    "the warning at its declaration)", fname, a);
        refuse(x, arg, "sparse array '%s' passed to function '%s'%s", a, fname, hint);
        return NULL;
      }
    }
    if (node_is(f, "identifier") && !is_pure_fn(fname) && !pure_macro(x, fname) &&
        macro_defined(x, ts_tree_root_node(x->ctx->tree), fname)) {
      refuse(x, n, "'%s' is a macro whose body names variables or calls "
             "(an element-access macro is not expanded: write the subscript "
             "out in the loop nest)", excerpt(x, n));
      return NULL;
    }
    if (!node_is(f, "identifier") ||
        (!is_pure_fn(fname) && !pure_macro(x, fname) && !pure_user_fn(x, fname))) {
      refuse(x, n, "call to function '%s', which may have side effects", fname);
      return NULL;
    }
    IrExpr *e = mk(x, IR_CALL, n);
    e->text = fname;
    e->zero_at_zero = !is_pure_fn(fname) && !pure_macro(x, fname) &&
                      user_fn_zero_at_zero(x, fname);
    e->nargs = (int)na;
    e->args = arena_alloc(x->a, sizeof(IrExpr *) * (na ? na : 1));
    for (uint32_t i = 0; i < na; i++) {
      TSNode arg = ts_node_named_child(args, i);
      if (node_is(arg, "comment"))
        continue;
      if (!(e->args[i] = expr_of(x, arg)))
        return NULL;
    }
    return e;
  }
  if (!strcmp(ty, "update_expression")) {
    TSNode b = base_ident(node_field(n, "argument"));
    const char *nm = node_is(b, "identifier") ? ntext(x, b) : "";
    if (any_var(x, nm) >= 0)
      refuse(x, n, "loop variable '%s' modified in the loop body", nm);
    else if (node_is(strip_parens(node_field(n, "argument")), "subscript_expression"))
      refuse(x, n, "'%s' on an array element", op_of(x, n));
    else if (!node_is(strip_parens(node_field(n, "argument")), "identifier"))
      refuse(x, n, "'%s' on '%s', which is neither a variable nor an array element",
             op_of(x, n), excerpt(x, node_field(n, "argument")));
    else
      refuse(x, n, "'%s' inside an expression", op_of(x, n));
    return NULL;
  }
  if (!strcmp(ty, "assignment_expression")) {
    refuse(x, n, "assignment inside an expression");
    return NULL;
  }
  if (!strcmp(ty, "comma_expression")) {
    refuse(x, n, "comma operator");
    return NULL;
  }
  if (!strcmp(ty, "field_expression")) { /* `g.h`, `p->scale` */
    IrExpr *e = extract_member_value(x, n);
    if (e || x->refused)
      return e;
  }
  if (!strcmp(ty, "pointer_expression")) {
    const char *op = op_of(x, n);
    const char *nm = mentioned_bound(x, n);
    if (nm) {
      if (strchr(ntext(x, n), '&'))
        refuse(x, n, "address of sparse array '%s' taken", nm);
      else
        refuse(x, n, "pointer arithmetic on sparse array '%s'", nm);
    } else {
      refuse(x, n, "pointer %s '%s'", op[0] == '&' ? "address-of" : "dereference",
             excerpt(x, n));
    }
    return NULL;
  }
  refuse(x, n, "unsupported expression '%s'", excerpt(x, n));
  return NULL;
}
