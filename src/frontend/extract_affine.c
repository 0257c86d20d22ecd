/* extract_affine.c — affine forms: an integer expression (subscript, loop
 * bound) as a polynomial in the loop variables (ir/affine.h), and that
 * polynomial as an IrAffine. */
#include "frontend/extract_walk.h"

#include "base/cint.h"

#include <stdlib.h>
#include <string.h>

int int_literal(X *x, TSNode n, int64_t *out) {
  if (!node_is(n, "number_literal"))
    return 0;
  const char *end;
  long long v;
  if (!c_int_prefix(ntext(x, n), &v, &end) || *end)
    return 0;
  *out = v;
  return 1;
}

/* Whether a cast to type t (`(size_t)j * lda`) leaves an index's value
 * unchanged: an integer type of 64 bits, which holds every index the
 * dense program can use (a narrower one may wrap). */
static int wide_index_type(const char *t) {
  static const char *const names[] = {
      "size_t", "ssize_t", "ptrdiff_t", "intptr_t", "uintptr_t", "int64_t",
      "uint64_t", "long", "long int", "signed long", "unsigned long",
      "unsigned long int", "long long", "long long int", "unsigned long long",
      "unsigned long long int"};
  char w[64];
  size_t n = 0;
  for (int blank = 0; *t && n + 1 < sizeof w; t++) { /* blanks folded to one */
    if (*t == ' ' || *t == '\t' || *t == '\n') {
      blank = n > 0;
      continue;
    }
    if (blank) w[n++] = ' ';
    blank = 0;
    w[n++] = *t;
  }
  w[n] = 0;
  if (sizeof(long) < 8 && strstr(w, "long") && !strstr(w, "long long"))
    return 0;
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(w, names[i])) return 1;
  return 0;
}

/* Polynomial of an integer expression; what kind of use it is goes into
 * refusal messages ("subscript", "loop bound"). */
int poly_of(X *x, TSNode n, AfPoly *p, const char *what) {
  n = strip_parens(n);
  const char *ty = ts_node_type(n);
  int64_t c;
  af_zero(p);
  if (!strcmp(ty, "cast_expression") &&
      wide_index_type(ntext(x, node_field(n, "type")))) {
    if (!x->stripped_cast)
      x->stripped_cast = ntext(x, node_field(n, "type"));
    return poly_of(x, node_field(n, "value"), p, what);
  }
  if (int_literal(x, n, &c)) {
    af_add_term(p, c, -1, NULL);
    return 0;
  }
  if (!strcmp(ty, "identifier")) {
    char *t = ntext(x, n);
    int v = find_var(x, t);
    if (v >= 0 && x->stride[v] > 1) { /* from + stride * steps */
      *p = *x->stride_from[v];
      af_add_term(p, x->stride[v], v, NULL);
      return 0;
    }
    if (v >= 0) {
      af_add_term(p, 1, v, NULL);
      return 0;
    }
    if (any_var(x, t) >= 0)
      return refuse(x, n, "%s uses loop variable '%s' outside its loop", what, t);
    const char *lt;
    TSNode li = index_local(x, n, &lt, 2);
    if (!ts_node_is_null(li) && signed_ctype(lt))
      return poly_of(x, li, p, what);
    if (name_in(t, x->written.data, x->written.len))
      return refuse(x, n, "%s depends on '%s', which is assigned in the loop nest",
                    what, t);
    af_add_term(p, 1, -1, t);
    return 0;
  }
  if (!strcmp(ty, "unary_expression")) {
    const char *op = op_of(x, n);
    if (!strcmp(op, "-") || !strcmp(op, "+")) {
      if (poly_of(x, node_field(n, "argument"), p, what))
        return -1;
      if (op[0] == '-')
        af_scale(p, -1);
      return 0;
    }
  }
  if (!strcmp(ty, "binary_expression")) {
    const char *op = op_of(x, n);
    if (!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "*")) {
      AfPoly l, r;
      if (poly_of(x, node_field(n, "left"), &l, what) ||
          poly_of(x, node_field(n, "right"), &r, what))
        return -1;
      if (op[0] == '*') {
        if (af_mul(&l, &r, p))
          return refuse(x, n, "%s '%s' is not affine in the loop variables", what,
                        excerpt(x, n));
        return 0;
      }
      if (op[0] == '-')
        af_scale(&r, -1);
      *p = l;
      af_add(p, &r);
      return 0;
    }
  }
  if (invariant(x, n)) {
    const char *t = inv_text(x, n);
    if (!node_is(n, "identifier") && !node_is(n, "number_literal") &&
        !node_is(n, "call_expression") && !node_is(n, "subscript_expression") &&
        !node_is(n, "field_expression"))
      t = arena_printf(x->a, "(%s)", t);
    af_add_term(p, 1, -1, t);
    return 0;
  }
  if (node_is(n, "subscript_expression"))
    return refuse(x, n, "indirect %s '%s' is not affine in the loop variables",
                  what, excerpt(x, n));
  if (node_is(n, "call_expression"))
    return refuse(x, n, "call in %s '%s'", what, excerpt(x, n));
  return refuse(x, n, "%s '%s' is not affine in the loop variables", what,
                excerpt(x, n));
}

int to_affine(X *x, TSNode n, const AfPoly *p, IrAffine *out,
              const char *what) {
  if (af_to_ir(x->a, p, out))
    return refuse(x, n, "%s '%s' is not affine in the loop variables "
                        "(a coefficient is not an integer constant)",
                  what, excerpt(x, n));
  return 0;
}
