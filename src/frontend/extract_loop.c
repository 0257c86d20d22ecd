/* extract_loop.c — loop headers: a for statement as an IrLoopVar with
 * affine (or band) bounds and its body, counting up or down. */
#include "frontend/extract_walk.h"

#include <string.h>

int is_int_type(const char *t) {
  return !strstr(t, "float") && !strstr(t, "double") && !strchr(t, '*') &&
         !strstr(t, "_Bool") && !strstr(t, "bool");
}

static int is_one(X *x, TSNode n) {
  int64_t c;
  return int_literal(x, strip_parens(n), &c) && c == 1;
}

int is_name(X *x, TSNode n, const char *name) {
  n = strip_parens(n);
  return node_is(n, "identifier") && !strcmp(ntext(x, n), name);
}

/* A positive integer constant (a literal or a `#define`d one): 1 and *c. */
static int step_const(X *x, TSNode n, int64_t *c) {
  n = strip_parens(n);
  return (int_literal(x, n, c) ||
          (node_is(n, "identifier") && int_value(x, ntext(x, n), c))) && *c > 0;
}

/* The step of an update counting up: i++, ++i, i += c, i = i + c,
 * i = c + i with c a positive constant. 0 when it is none of these; then
 * *var_step is the step's node when it is `i += s` or `i = i + s` with s
 * not a constant. */
static int64_t up_step(X *x, TSNode upd, const char *name, TSNode *var_step) {
  int64_t c = 0;
  *var_step = (TSNode){0};
  if (node_is(upd, "update_expression"))
    return !strcmp(op_of(x, upd), "++") && is_name(x, node_field(upd, "argument"), name);
  if (!node_is(upd, "assignment_expression") || !is_name(x, node_field(upd, "left"), name))
    return 0;
  const char *aop = op_of(x, upd);
  TSNode r = strip_parens(node_field(upd, "right"));
  TSNode by = {0};
  if (!strcmp(aop, "+="))
    by = r;
  else if (!strcmp(aop, "=") && node_is(r, "binary_expression") && !strcmp(op_of(x, r), "+")) {
    if (is_name(x, node_field(r, "left"), name))
      by = node_field(r, "right");
    else if (is_name(x, node_field(r, "right"), name))
      by = node_field(r, "left");
  }
  if (ts_node_is_null(by))
    return 0;
  if (step_const(x, by, &c))
    return c;
  *var_step = by;
  return 0;
}

/* The value of strided loop v's source variable at use n: from + stride *
 * v (the IR variable counts the steps). */
IrExpr *stride_value(X *x, int v, TSNode n) {
  IrExpr *k = mk(x, IR_CONST, n);
  k->text = arena_printf(x->a, "%lld", (long long)x->stride[v]);
  IrExpr *idx = mk(x, IR_INDEX, n);
  idx->var = v;
  IrExpr *mul = mk(x, IR_MUL, n);
  mul->a = k;
  mul->b = idx;
  int64_t from;
  if (int_literal(x, strip_parens(x->stride_from_node[v]), &from) && from == 0)
    return mul;
  IrExpr *lo = expr_of(x, x->stride_from_node[v]);
  if (!lo)
    return NULL;
  IrExpr *add = mk(x, IR_ADD, n);
  add->a = lo;
  add->b = mul;
  return add;
}

/* Whether p names a loop variable. */
static int names_var(const AfPoly *p) {
  for (int i = 0; i < p->n; i++)
    if (p->t[i].var >= 0) return 1;
  return 0;
}

/* Whether the integer expression n is evaluated in a signed type, so that
 * `n - c` cannot wrap: made of loop variables and scalars of signed types
 * (`int`, `long`, `ptrdiff_t`), integer literals without a suffix and
 * macros defined as one (below INT_MAX), casts to a signed type, with
 * + - * and parentheses. */
static int signed_int_expr(X *x, TSNode n, size_t at) {
  n = strip_parens(n);
  int64_t v;
  if (node_is(n, "number_literal"))
    return int_literal(x, n, &v) && v >= 0 && v <= 2147483647;
  if (node_is(n, "identifier")) {
    const char *t = ntext(x, n);
    int k = find_var(x, t);
    if (k >= 0)
      return x->k->vars[k].ctype && signed_ctype(x->k->vars[k].ctype);
    CtDecl d;
    if (ct_lookup(x->env->ct, t, at, &d))
      return d.kind == CT_SCALAR && d.elem_ctype && signed_ctype(d.elem_ctype);
    return int_value(x, t, &v) && v >= 0 && v <= 2147483647;
  }
  if (node_is(n, "cast_expression")) /* `(int)strlen(s)`, `(int)n` of a size_t */
    return signed_ctype(ntext(x, node_field(n, "type")));
  if (node_is(n, "unary_expression"))
    return !strcmp(op_of(x, n), "-") && signed_int_expr(x, node_field(n, "argument"), at);
  if (node_is(n, "binary_expression")) {
    const char *o = op_of(x, n);
    return (!strcmp(o, "+") || !strcmp(o, "-") || !strcmp(o, "*")) &&
           signed_int_expr(x, node_field(n, "left"), at) &&
           signed_int_expr(x, node_field(n, "right"), at);
  }
  return 0;
}

/* `v + c` or `c + v` for the loop variable v and a positive integer
 * literal c: c, else 0. */
static int64_t var_plus_const(X *x, TSNode n, const char *v) {
  n = strip_parens(n);
  int64_t c;
  if (!node_is(n, "binary_expression") || strcmp(op_of(x, n), "+"))
    return 0;
  TSNode l = node_field(n, "left"), r = node_field(n, "right");
  if (is_name(x, l, v) && int_literal(x, strip_parens(r), &c) && c > 0)
    return c;
  if (is_name(x, r, v) && int_literal(x, strip_parens(l), &c) && c > 0)
    return c;
  return 0;
}

/* A loop with header parts init, cond, upd (a `for`, or a counting
 * `while`: extract_while.c) and body, whose statements are built up to
 * x->seq_stop. */
int build_loop(X *x, TSNode n, TSNode init, TSNode cond, TSNode upd, TSNode body,
               IrNode **out) {
  if (x->k->nvars == IR_MAX_VARS)
    return refuse(x, n, "more than %d loops in the nest", IR_MAX_VARS);
  IrLoopVar lv;
  memset(&lv, 0, sizeof lv);
  lv.span = nspan(n);
  TSNode lo_n;
  if (node_is(n, "for_statement") && extract_header_comma(x, n, &init))
    return -1;
  if (node_is(init, "declaration")) {
    TSNode d = node_field(init, "declarator");
    if (ts_node_is_null(d) || !ts_node_is_null(ts_node_next_named_sibling(d)) ||
        !node_is(d, "init_declarator") || !node_is(node_field(d, "declarator"), "identifier"))
      return refuse(x, init, "loop header declares '%s'; expected one variable with "
                             "an initial value", excerpt(x, init));
    lv.name = ntext(x, node_field(d, "declarator"));
    lv.ctype = ntext(x, node_field(init, "type"));
    lv.declared_in_header = 1;
    lo_n = node_field(d, "value");
    if (!is_int_type(lv.ctype))
      return refuse(x, init, "loop variable '%s' is not an integer", lv.name);
  } else if (node_is(init, "assignment_expression") && !strcmp(op_of(x, init), "=") &&
             node_is(node_field(init, "left"), "identifier")) {
    lv.name = ntext(x, node_field(init, "left"));
    lo_n = node_field(init, "right");
    CtDecl d;
    if (!ct_lookup(x->env->ct, lv.name, ts_node_start_byte(init), &d) ||
        d.kind != CT_SCALAR || !is_int_type(d.elem_ctype ? d.elem_ctype : ""))
      return refuse(x, init, "loop variable '%s' is not an integer variable",
                    lv.name);
    lv.ctype = d.elem_ctype;
    lv.live_after = 1; /* refined in extract_kernel (frontend/liveness.c) */
    if (name_in(lv.name, x->scoped.data, x->scoped.len)) {
      lv.declared_in_header = 1; /* `int j;` in the body (scoped_loop_var) */
      lv.live_after = 0;
    }
  } else {
    return refuse(x, ts_node_is_null(init) ? n : init,
                  "loop header without the form 'i = lo'");
  }
  if (find_var(x, lv.name) >= 0)
    return refuse(x, n, "nested loop reuses loop variable '%s'", lv.name);
  if (bound_of(x, lv.name))
    return refuse(x, n, "loop variable '%s' names a sparse array", lv.name);
  /* counting down (i--, --i, i -= 1, i = i - 1) from `i = hi` while
   * `i >= lo` / `i > lo`: the range [lo, hi] walked upwards, which is legal
   * when no dependence is carried (checked in extract_kernel) */
  int down = 0;
  if (node_is(upd, "update_expression"))
    down = !strcmp(op_of(x, upd), "--") && is_name(x, node_field(upd, "argument"), lv.name);
  else if (node_is(upd, "assignment_expression") && is_name(x, node_field(upd, "left"), lv.name)) {
    const char *aop = op_of(x, upd);
    TSNode r = strip_parens(node_field(upd, "right"));
    if (!strcmp(aop, "-="))
      down = is_one(x, r);
    else if (!strcmp(aop, "=") && node_is(r, "binary_expression") && !strcmp(op_of(x, r), "-"))
      down = is_name(x, node_field(r, "left"), lv.name) && is_one(x, node_field(r, "right"));
  }
  if (down) {
    const char *dop = node_is(cond, "binary_expression") ? op_of(x, cond) : "";
    TSNode lo_c;
    int strict;
    if ((!strcmp(dop, ">") || !strcmp(dop, ">=")) && is_name(x, node_field(cond, "left"), lv.name)) {
      lo_c = node_field(cond, "right");
      strict = dop[1] != '=';
    } else if ((!strcmp(dop, "<") || !strcmp(dop, "<=")) &&
               is_name(x, node_field(cond, "right"), lv.name)) {
      lo_c = node_field(cond, "left");
      strict = dop[1] != '=';
    } else if (!strcmp(dop, "!=") && (is_name(x, node_field(cond, "left"), lv.name) ||
                                      is_name(x, node_field(cond, "right"), lv.name))) {
      /* i != lo counting down by one is i > lo */
      lo_c = node_field(cond, is_name(x, node_field(cond, "left"), lv.name) ? "right" : "left");
      strict = 1;
    } else {
      return refuse(x, ts_node_is_null(cond) ? n : cond,
                    "loop counting down with a condition other than 'i >= bound' "
                    "or 'i > bound'");
    }
    if (strstr(lv.ctype, "unsigned") || strstr(lv.ctype, "size_t"))
      return refuse(x, cond, "loop counting down over the unsigned variable '%s'",
                    lv.name);
    AfPoly lo, hi;
    if (poly_of(x, lo_c, &lo, "loop bound") || poly_of(x, lo_n, &hi, "loop bound"))
      return -1;
    if (strict)
      af_add_term(&lo, 1, -1, NULL); /* i > lo: from lo + 1 */
    af_add_term(&hi, 1, -1, NULL);   /* to the initial value, inclusive */
    if (to_affine(x, lo_c, &lo, &lv.lo, "loop bound") ||
        to_affine(x, lo_n, &hi, &lv.hi, "loop bound"))
      return -1;
    int v = x->k->nvars;
    x->reversed |= 1u << v;
    x->rev_node[v] = n;
    goto body;
  }
  {
  /* condition: i < hi, i <= hi, hi > i, hi >= i; and i != hi, hi != i,
   * which with the unit step below is i < hi (a loop starting past its
   * bound would run until the variable wraps, through the whole array) */
  if (!node_is(cond, "binary_expression"))
    return refuse(x, ts_node_is_null(cond) ? n : cond,
                  "loop condition is not 'i < bound' or 'i <= bound'");
  const char *cop = op_of(x, cond);
  TSNode hi_n;
  int incl;
  int64_t offset = 0;
  if ((!strcmp(cop, "<") || !strcmp(cop, "<=")) &&
      is_name(x, node_field(cond, "left"), lv.name)) {
    hi_n = node_field(cond, "right");
    incl = cop[1] == '=';
  } else if ((!strcmp(cop, ">") || !strcmp(cop, ">=")) &&
             is_name(x, node_field(cond, "right"), lv.name)) {
    hi_n = node_field(cond, "left");
    incl = cop[1] == '=';
  } else if (!strcmp(cop, "!=") && (is_name(x, node_field(cond, "left"), lv.name) ||
                                    is_name(x, node_field(cond, "right"), lv.name))) {
    hi_n = node_field(cond, is_name(x, node_field(cond, "left"), lv.name) ? "right" : "left");
    incl = 0;
  } else if ((!strcmp(cop, "<") || !strcmp(cop, "<=")) &&
             (offset = var_plus_const(x, node_field(cond, "left"), lv.name))) {
    hi_n = node_field(cond, "right"); /* i + c < hi: i < hi - c */
    incl = cop[1] == '=';
  } else if ((!strcmp(cop, ">") || !strcmp(cop, ">=")) &&
             (offset = var_plus_const(x, node_field(cond, "right"), lv.name))) {
    hi_n = node_field(cond, "left");
    incl = cop[1] == '=';
  } else {
    return refuse(x, cond, "loop condition '%s' is not 'i < bound' or 'i <= bound'",
                  excerpt(x, cond));
  }
  /* `i + c < hi` is `i < hi - c` where hi - c cannot wrap: i and hi of
   * signed types (an unsigned hi below c would make hi - c huge) */
  if (offset && (!signed_ctype(lv.ctype) ||
                 !signed_int_expr(x, hi_n, ts_node_start_byte(cond))))
    return refuse(x, cond, "loop condition '%s' would subtract %lld from a "
                  "bound that may be of an unsigned type, where it can wrap "
                  "(write '%s < %s - %lld' if '%s' is never below %lld)",
                  excerpt(x, cond), (long long)offset, lv.name, excerpt(x, hi_n),
                  (long long)offset, excerpt(x, hi_n), (long long)offset);
  /* update: i++, ++i, i += 1, i = i + 1, i = 1 + i; or a constant step
   * c > 1 (i += 2), below */
  TSNode var_step;
  int64_t step = up_step(x, upd, lv.name, &var_step);
  if (!ts_node_is_null(var_step))
    return refuse(x, var_step, "loop step '%s' is not an integer constant (a "
                  "strided loop is modelled with a constant step, 'i += 2')",
                  excerpt(x, var_step));
  if (!step)
    return refuse(x, ts_node_is_null(upd) ? n : upd,
                  "loop step is not 'i++', '++i', 'i += 1' or 'i = i + 1'");
  if (step > 1 && offset)
    return refuse(x, cond, "loop stepping by %lld with the condition '%s'; "
                  "write '%s < %s - %lld'", (long long)step, excerpt(x, cond),
                  lv.name, excerpt(x, hi_n), (long long)offset);
  if (step > 1) {
    /* `for (i = lo; i < hi; i += c)`: the IR loop counts the steps, [0,
     * count), and each use of i is lo + c * step (stride_value, poly_of);
     * lo and hi must not depend on an enclosing loop (the count would not
     * be affine) */
    if (!strcmp(cop, "!="))
      return refuse(x, cond, "loop stepping by %lld with the condition '%s' "
                    "(the step may pass over the bound); write 'i < bound'",
                    (long long)step, excerpt(x, cond));
    AfPoly lo, hi;
    if (poly_of(x, lo_n, &lo, "loop bound") || poly_of(x, hi_n, &hi, "loop bound"))
      return -1;
    if (names_var(&lo) || names_var(&hi))
      return refuse(x, names_var(&lo) ? lo_n : hi_n, "bound '%s' of the loop "
                    "stepping by %lld depends on an enclosing loop's variable",
                    excerpt(x, names_var(&lo) ? lo_n : hi_n), (long long)step);
    const char *lt = inv_text(x, lo_n), *ht = inv_text(x, hi_n);
    int64_t from;
    int from_zero = int_literal(x, strip_parens(lo_n), &from) && from == 0;
    memset(&lv.lo, 0, sizeof lv.lo);
    memset(&lv.hi, 0, sizeof lv.hi);
    if (from_zero)
      lv.hi.sym = arena_printf(x->a, "((%s)%s + %lld) / %lld", ht, incl ? " + 1" : "",
                               (long long)(step - 1), (long long)step);
    else
      lv.hi.sym = arena_printf(x->a, "(%s) %s (%s) ? ((%s)%s - (%s) + %lld) / %lld : 0",
                               ht, incl ? ">=" : ">", lt, ht, incl ? " + 1" : "", lt,
                               (long long)(step - 1), (long long)step);
    lv.stride = step;
    lv.stride_from = lt;
    int v = x->k->nvars;
    AfPoly *keep = arena_alloc(x->a, sizeof *keep);
    *keep = lo;
    x->stride[v] = step;
    x->stride_from[v] = keep;
    x->stride_from_node[v] = lo_n;
    goto body;
  }
  /* bounds, affine in the enclosing loop variables, or a band: the max
   * (lo) or min (hi) of such */
  AfPoly lo, hi;
  int lo_band = band_bound(x, n, lo_n, 0, 0, &lv.lo);
  int hi_band = lo_band < 0 ? -1 : offset ? 0 : band_bound(x, n, hi_n, 1, incl, &lv.hi);
  if (hi_band < 0)
    return -1;
  if ((lo_band || hi_band) && !signed_ctype(lv.ctype))
    return refuse(x, lo_band ? lo_n : hi_n, "band bound '%s' of the loop "
                  "variable '%s' of type '%s', which is not a signed integer "
                  "type", excerpt(x, lo_band ? lo_n : hi_n), lv.name, lv.ctype);
  if (!lo_band && poly_of(x, lo_n, &lo, "loop bound"))
    return -1;
  x->stripped_cast = NULL;
  if (!hi_band && poly_of(x, hi_n, &hi, "loop bound"))
    return -1;
  lv.hi_cast = x->stripped_cast;
  if (incl && !hi_band)
    af_add_term(&hi, 1, -1, NULL);
  if (offset)
    af_add_term(&hi, -offset, -1, NULL);
  if ((!lo_band && to_affine(x, lo_n, &lo, &lv.lo, "loop bound")) ||
      (!hi_band && to_affine(x, hi_n, &hi, &lv.hi, "loop bound")))
    return -1;
  }
body:;
  int v = x->k->nvars++;
  x->k->vars[v] = lv;
  IrNode *loop = arena_alloc(x->a, sizeof *loop);
  loop->kind = IR_NODE_LOOP;
  loop->var = v;
  loop->span = nspan(n);
  x->stack[x->depth++] = v;
  NodeList list = {0};
  int rc = node_is(body, "compound_statement") ? build_seq(x, body, 0, &list)
                                                : build_stmt(x, body, &list);
  x->depth--;
  if (rc)
    return -1;
  if (!list.len)
    return refuse(x, n, "loop with an empty body");
  loop->body = list.data;
  loop->nbody = (int)list.len;
  *out = loop;
  return 0;
}

int build_for(X *x, TSNode n, IrNode **out) {
  TSNode stop = x->seq_stop;
  x->seq_stop = (TSNode){0};
  int rc = build_loop(x, n, node_field(n, "initializer"), node_field(n, "condition"),
                      node_field(n, "update"), node_field(n, "body"), out);
  x->seq_stop = stop;
  return rc;
}
