/* extract_fnzero.c — a helper function of the file evaluated at +0.0 when
 * compiling: `static double f(double v) { return v * fabs(v) + sin(v); }`.
 * One parameter of type double or float, returning that type, a body that
 * is one `return` of an expression built from the parameter, numeric
 * literals, casts to double or float, unary and binary + - * / and
 * <math.h> calls. The value is computed as C computes it (each operation
 * in the type of its operands, float results rounded to float); when it is
 * a zero, a call f(A[i][j]) is zero where A is absent (an absent entry
 * reads +0.0) and the walk may skip absent entries (lower/lattice.c), as
 * for fabs or sqrt. Anything else (a second parameter, a statement, a
 * variable, an integer division, a long double) is not evaluated. */
#include "frontend/extract_walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { T_INT, T_FLOAT, T_DOUBLE };

typedef struct Val {
  double v;
  int t;
} Val;

typedef struct Ev {
  X *x;
  const char *param;
  int ptype;
} Ev;

static double round_to(double v, int t) { return t == T_FLOAT ? (double)(float)v : v; }

static int type_of_text(const char *s) {
  return !strcmp(s, "double") ? T_DOUBLE : !strcmp(s, "float") ? T_FLOAT : -1;
}

/* A numeric literal: an int (decimal, octal, hex, no suffix but u/U
 * absent), a double, or a float with an f suffix; no long double. */
static int literal(const char *t, Val *out) {
  size_t n = strlen(t);
  char *end = NULL;
  int isfloat = strpbrk(t, ".eEpP") && !(t[0] == '0' && (t[1] == 'x' || t[1] == 'X') &&
                                         !strpbrk(t, ".pP"));
  if (!isfloat) {
    unsigned long long u = strtoull(t, &end, 0);
    if (end != t + n || u > 0x7fffffffULL)
      return 0;
    *out = (Val){(double)u, T_INT};
    return 1;
  }
  if (n && (t[n - 1] == 'f' || t[n - 1] == 'F')) {
    float f = strtof(t, &end);
    if (end != t + n - 1)
      return 0;
    *out = (Val){f, T_FLOAT};
    return 1;
  }
  double d = strtod(t, &end);
  if (end != t + n)
    return 0;
  *out = (Val){d, T_DOUBLE};
  return 1;
}

typedef double (*Fn1)(double);
typedef float (*Fn1f)(float);
typedef double (*Fn2)(double, double);
typedef float (*Fn2f)(float, float);

static int call1(const char *f, Fn1 *d, Fn1f *fl) {
  static const struct {
    const char *n;
    Fn1 d;
    Fn1f f;
  } t[] = {{"fabs", fabs, fabsf},   {"sqrt", sqrt, sqrtf},   {"cbrt", cbrt, cbrtf},
           {"exp", exp, expf},      {"expm1", expm1, expm1f}, {"log1p", log1p, log1pf},
           {"sin", sin, sinf},      {"cos", cos, cosf},      {"tan", tan, tanf},
           {"asin", asin, asinf},   {"atan", atan, atanf},   {"sinh", sinh, sinhf},
           {"cosh", cosh, coshf},   {"tanh", tanh, tanhf},   {"asinh", asinh, asinhf},
           {"atanh", atanh, atanhf}, {"floor", floor, floorf}, {"ceil", ceil, ceilf},
           {"trunc", trunc, truncf}, {"round", round, roundf}, {"erf", erf, erff}};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    size_t m = strlen(t[i].n);
    if (!strcmp(f, t[i].n)) {
      *d = t[i].d;
      return T_DOUBLE;
    }
    if (!strncmp(f, t[i].n, m) && f[m] == 'f' && !f[m + 1]) {
      *fl = t[i].f;
      return T_FLOAT;
    }
  }
  return -1;
}

static int call2(const char *f, Fn2 *d, Fn2f *fl) {
  static const struct {
    const char *n;
    Fn2 d;
    Fn2f f;
  } t[] = {{"pow", pow, powf},   {"fmax", fmax, fmaxf},   {"fmin", fmin, fminf},
           {"fdim", fdim, fdimf}, {"hypot", hypot, hypotf}, {"atan2", atan2, atan2f}};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    size_t m = strlen(t[i].n);
    if (!strcmp(f, t[i].n)) {
      *d = t[i].d;
      return T_DOUBLE;
    }
    if (!strncmp(f, t[i].n, m) && f[m] == 'f' && !f[m + 1]) {
      *fl = t[i].f;
      return T_FLOAT;
    }
  }
  return -1;
}

static int eval(Ev *e, TSNode n, Val *out);

/* The arguments of call n, converted to type t (at most 2). */
static int call_args(Ev *e, TSNode n, int t, double *a, uint32_t want) {
  TSNode args = node_field(n, "arguments");
  uint32_t c = ts_node_named_child_count(args), k = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode g = ts_node_named_child(args, i);
    if (node_is(g, "comment"))
      continue;
    Val v;
    if (k == want || !eval(e, g, &v))
      return 0;
    a[k++] = round_to(v.v, t);
  }
  return k == want;
}

static int eval(Ev *e, TSNode n, Val *out) {
  X *x = e->x;
  if (node_is(n, "parenthesized_expression"))
    return eval(e, strip_parens(n), out);
  if (node_is(n, "number_literal"))
    return literal(ntext(x, n), out);
  if (node_is(n, "identifier")) {
    if (strcmp(ntext(x, n), e->param))
      return 0;
    *out = (Val){0.0, e->ptype};
    return 1;
  }
  if (node_is(n, "unary_expression")) {
    const char *op = op_of(x, n);
    if (strcmp(op, "-") && strcmp(op, "+"))
      return 0;
    if (!eval(e, node_field(n, "argument"), out))
      return 0;
    if (op[0] == '-')
      out->v = out->t == T_INT && out->v == 0 ? 0.0 : -out->v;
    return 1;
  }
  if (node_is(n, "cast_expression")) {
    int t = type_of_text(ntext(x, node_field(n, "type")));
    if (t < 0 || !eval(e, node_field(n, "value"), out))
      return 0;
    *out = (Val){round_to(out->v, t), t};
    return 1;
  }
  if (node_is(n, "binary_expression")) {
    const char *op = op_of(x, n);
    Val a, b;
    if (!strchr("+-*/", op[0]) || op[1] || !eval(e, node_field(n, "left"), &a) ||
        !eval(e, node_field(n, "right"), &b))
      return 0;
    int t = a.t > b.t ? a.t : b.t;
    double r;
    switch (op[0]) {
    case '+': r = a.v + b.v; break;
    case '-': r = a.v - b.v; break;
    case '*': r = a.v * b.v; break;
    default:
      if (t == T_INT) /* integer division: not modelled */
        return 0;
      r = a.v / b.v;
    }
    if (t == T_INT && !(fabs(r) <= 0x7fffffff)) /* an int overflow */
      return 0;
    *out = (Val){round_to(r, t), t};
    return 1;
  }
  if (node_is(n, "call_expression")) {
    TSNode f = node_field(n, "function");
    if (!node_is(f, "identifier"))
      return 0;
    const char *fn = ntext(x, f);
    Fn1 d1 = NULL;
    Fn1f f1 = NULL;
    Fn2 d2 = NULL;
    Fn2f f2 = NULL;
    double a[2];
    int t;
    if ((t = call1(fn, &d1, &f1)) >= 0) {
      if (!call_args(e, n, t, a, 1))
        return 0;
      *out = (Val){t == T_FLOAT ? (double)f1((float)a[0]) : d1(a[0]), t};
      return 1;
    }
    if ((t = call2(fn, &d2, &f2)) >= 0) {
      if (!call_args(e, n, t, a, 2))
        return 0;
      *out = (Val){t == T_FLOAT ? (double)f2((float)a[0], (float)a[1]) : d2(a[0], a[1]), t};
      return 1;
    }
  }
  return 0;
}

/* The only named child of n that is not a comment, or a null node. */
static TSNode only_child(TSNode n) {
  TSNode r = {0};
  uint32_t c = ts_node_named_child_count(n), k = 0;
  for (uint32_t i = 0; i < c; i++) {
    TSNode s = ts_node_named_child(n, i);
    if (node_is(s, "comment"))
      continue;
    r = s;
    k++;
  }
  return k == 1 ? r : (TSNode){0};
}

int user_fn_zero_at_zero(X *x, const char *name) {
  TSNode nm = node_function_definition(ts_tree_root_node(x->ctx->tree),
                                       x->ctx->file->text, name);
  if (ts_node_is_null(nm))
    return 0;
  TSNode decl = ts_node_parent(nm), def = ts_node_parent(decl);
  if (!node_is(decl, "function_declarator") || !node_is(def, "function_definition"))
    return 0;
  int rt = type_of_text(ntext(x, node_field(def, "type")));
  TSNode pd = only_child(node_field(decl, "parameters"));
  if (rt < 0 || ts_node_is_null(pd) || !node_is(pd, "parameter_declaration") ||
      type_of_text(ntext(x, node_field(pd, "type"))) != rt ||
      !node_is(node_field(pd, "declarator"), "identifier"))
    return 0;
  TSNode ret = only_child(node_field(def, "body"));
  if (ts_node_is_null(ret) || !node_is(ret, "return_statement"))
    return 0;
  TSNode v = only_child(ret);
  Ev e = {x, ntext(x, node_field(pd, "declarator")), rt};
  Val r;
  if (ts_node_is_null(v) || !eval(&e, v, &r))
    return 0;
  return round_to(r.v, rt) == 0.0;
}
