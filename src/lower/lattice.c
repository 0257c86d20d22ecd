/* lattice.c — merge lattices (TACO) computed from zero-preservation.
 *
 * An expression is "zero when absent" for a set of sparse operands if it
 * evaluates to 0 whenever those operands read as absent: a product needs
 * one zero factor (the one allowed IEEE difference: 0*Inf is taken as 0),
 * a sum or difference needs both, a quotient only a zero numerator over a
 * non-zero constant or a divisor an enclosing guard proves non-zero,
 * f(x) only for f with f(0) = 0. A statement has no
 * effect when it is `+=`/`-=` of such an expression; `=` and `*=` always
 * have one. A loop may skip a coordinate only when its whole body has no
 * effect there. The lattice points of a loop are the minimal subsets of
 * its candidate iterators whose presence may give an effect: one point
 * {A, B} is an intersection, points {A}, {B} a union; when the empty
 * subset has an effect the loop iterates densely (locating operands). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_int.h"

/* The value of a numeric literal's text (suffixes allowed; the C grammar
 * folds a leading sign into the literal: `-1.0`, `+2`), or 0 when t is
 * not one. */
static int literal_value(const char *t, double *v) {
  if (!t) return 0;
  const char *d = t[0] == '-' || t[0] == '+' ? t + 1 : t;
  if (!((d[0] >= '0' && d[0] <= '9') || d[0] == '.')) return 0;
  char *end = NULL;
  double x;
  if (!strpbrk(d, ".eEpP") || (d[0] == '0' && (d[1] == 'x' || d[1] == 'X') &&
                               !strpbrk(d, ".pP"))) {
    /* an integer literal: decimal, octal (`010` is 8) or hexadecimal */
    unsigned long long u = strtoull(d, &end, 0);
    if (end == d) return 0;
    x = t[0] == '-' ? -(double)u : (double)u;
  } else {
    x = strtod(t, &end);
    if (end == t) return 0;
  }
  for (; *end; end++) /* only literal suffixes may follow */
    if (!strchr("fFlLuU", *end)) return 0;
  *v = x;
  return 1;
}

static int const_is_zero(const char *t) {
  double v;
  return literal_value(t, &v) && v == 0.0;
}

static int const_is_nonzero(const char *t) {
  double v;
  return literal_value(t, &v) && v != 0.0;
}

/* f(0) == 0 (and f(-0) is a zero): zero-preserving unary math functions. */
/* Two-argument functions with f(0, 0) == 0: zero where both arguments
 * are (`fmax(A[i][j], B[i][j])`: a union; `fmax(A[i][j], 0.0)`: A's
 * entries). */
static int call2_preserves_zero(const char *f) {
  static const char *const names[] = {"fmax", "fmin", "fdim", "hypot"};
  size_t n = strlen(f);
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    size_t m = strlen(names[i]);
    if (!strcmp(f, names[i]) ||
        (n == m + 1 && !strncmp(f, names[i], m) && (f[m] == 'f' || f[m] == 'l')))
      return 1;
  }
  return 0;
}

/* Two-argument functions of a zero first argument and a numeric literal
 * second one (`pow(A[i][j], 2)`, `atan2(A[i][j], 1.0)`, `fmod(A[i][j],
 * 3.0)`, `ldexp(A[i][j], 4)`): zero when f(+0.0, c), computed here with the
 * call's own precision (`powf` converts c to float), is +0.0. Not when it is
 * anything else: `pow(0, 0)` is 1, `pow(0, -1)` Inf, `atan2(0, -1)` pi,
 * `fmod(0, 0)` NaN, `copysign(0, -1)` -0.0, which prints "-0". A long double
 * form is computed in double: a c that underflows there is judged as 0. */
static int call2_zero_at(const char *f, double c) {
  static const struct {
    const char *n;
    double (*d)(double, double);
    float (*fl)(float, float);
  } t[] = {{"pow", pow, powf},         {"atan2", atan2, atan2f},
           {"fmod", fmod, fmodf},      {"remainder", remainder, remainderf},
           {"copysign", copysign, copysignf}};
  size_t n = strlen(f);
  double r;
  if (!strcmp(f, "ldexp") || !strcmp(f, "ldexpf") || !strcmp(f, "ldexpl") ||
      !strcmp(f, "scalbn") || !strcmp(f, "scalbnf") || !strcmp(f, "scalbnl"))
    return 1; /* +0 scaled by any power of two (the int c) */
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    size_t m = strlen(t[i].n);
    if (strncmp(f, t[i].n, m) || (n != m && (n != m + 1 || (f[m] != 'f' && f[m] != 'l'))))
      continue;
    r = f[m] == 'f' ? (double)t[i].fl(0.0f, (float)c) : t[i].d(0.0, c);
    return r == 0.0 && !signbit(r);
  }
  return 0;
}

static int call_preserves_zero(const char *f) {
  static const char *const names[] = {
      "fabs", "sqrt", "sin", "tan", "sinh", "tanh", "asin", "atan", "asinh",
      "atanh", "cbrt", "trunc", "floor", "ceil", "round", "rint", "nearbyint",
      "expm1", "log1p", "erf", "abs", "labs", "llabs"};
  size_t n = strlen(f);
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    size_t m = strlen(names[i]);
    if (!strcmp(f, names[i])) return 1;
    /* float/long double variants: sqrtf, fabsl */
    if (n == m + 1 && !strncmp(f, names[i], m) && (f[m] == 'f' || f[m] == 'l') &&
        strcmp(names[i], "abs") && strcmp(names[i], "labs") &&
        strcmp(names[i], "llabs"))
      return 1;
  }
  return 0;
}

/* The value of a numeric literal (suffixes allowed), or 0 when e is not
 * one; `-c` too. */
static int const_value(const IrExpr *e, double *v) {
  if (e->kind == IR_NEG) {
    if (!const_value(e->a, v)) return 0;
    *v = -*v;
    return 1;
  }
  return e->kind == IR_CONST && literal_value(e->text, v);
}

/* The value of e where the operands in `absent` are absent, when it is
 * known without the other operands: 0 (zero-preserving), or a literal. */
static int absent_value(const Lower *L, const IrExpr *e, unsigned absent,
                        double *v) {
  if (const_value(e, v)) return 1;
  if (lat_zero(L, e, absent)) {
    *v = 0.0;
    return 1;
  }
  return 0;
}

/* Whether e reads only sparse operands in `absent`, literals, and scalars
 * the nest does not write, through operations that cannot trap (no
 * division): its value where they are absent can be computed once at the
 * nest's entry. *sparse: it reads such an operand. */
static int entry_value(const Lower *L, const IrExpr *e, unsigned absent,
                       int *sparse) {
  switch (e->kind) {
  case IR_CONST: return 1;
  case IR_SCALAR:
    for (int i = 0; i < L->k->nscalars_written; i++)
      if (!strcmp(L->k->scalars_written[i], e->text)) return 0;
    return 1;
  case IR_ACCESS: {
    int s = L->access_st[e->access];
    if (s < 0 || !(absent & (1u << s))) return 0;
    *sparse = 1;
    return 1;
  }
  case IR_NEG:
  case IR_CAST: return entry_value(L, e->a, absent, sparse);
  case IR_ADD:
  case IR_SUB:
  case IR_MUL:
    return entry_value(L, e->a, absent, sparse) &&
           entry_value(L, e->b, absent, sparse);
  case IR_BITOP: /* a shift by a count out of range is undefined: not here */
    return e->text[0] != '<' && e->text[0] != '>' &&
           entry_value(L, e->a, absent, sparse) &&
           entry_value(L, e->b, absent, sparse);
  case IR_CALL:
    for (int i = 0; i < e->nargs; i++)
      if (!entry_value(L, e->args[i], absent, sparse)) return 0;
    return 1;
  default: return 0;
  }
}

/* A comparison of an absent operand with a loop-invariant value (`A > t`)
 * is assumed false when L->assume collects assumptions (lower_int.h). */
static int assume_false(const Lower *L, const IrExpr *e, unsigned absent) {
  Assume *as = L->assume;
  int sparse = 0;
  if (!as || !entry_value(L, e->a, absent, &sparse) ||
      !entry_value(L, e->b, absent, &sparse) || !sparse)
    return 0;
  for (int i = 0; i < as->n; i++)
    if (as->cmp[i] == e) return 1;
  if (as->n == LW_MAX_ASSUME) return 0;
  as->cmp[as->n++] = e;
  return 1;
}

static void zero_access(void *user, StrBuf *out, int a) {
  const Lower *L = user;
  const IrTensor *t = &L->k->tensors[L->k->accesses[a].tensor];
  const char *ct = t->elem_ctype ? t->elem_ctype : ir_elem_ctype(t->elem);
  sb_printf(out, "((%s)0)", ct);
}

static void no_index(void *user, StrBuf *out, int v) {
  (void)user, (void)out, (void)v; /* entry_value admits no loop variable */
}

const char *lat_assume_check(const Lower *L) {
  StrBuf sb = {0};
  CPrintHooks h = {zero_access, no_index, (void *)L};
  for (int i = 0; L->assume && i < L->assume->n; i++) {
    sb_puts(&sb, i ? " && !(" : "!(");
    cprint_expr(&sb, L->assume->cmp[i], &h);
    sb_puts(&sb, ")");
  }
  const char *r = arena_printf(L->arena, "%s", sb.data ? sb.data : "1");
  sb_free(&sb);
  return r;
}

int lat_truth(const Lower *L, const IrExpr *e, unsigned absent) {
  double a, b;
  switch (e->kind) {
  case IR_CMP:
    if (!absent_value(L, e->a, absent, &a) || !absent_value(L, e->b, absent, &b))
      return assume_false(L, e, absent) ? 0 : -1;
    if (!strcmp(e->text, "<")) return a < b;
    if (!strcmp(e->text, "<=")) return a <= b;
    if (!strcmp(e->text, ">")) return a > b;
    if (!strcmp(e->text, ">=")) return a >= b;
    if (!strcmp(e->text, "==")) return a == b;
    if (!strcmp(e->text, "!=")) return a != b;
    return -1;
  case IR_NOT: {
    int t = lat_truth(L, e->a, absent);
    return t < 0 ? -1 : !t;
  }
  case IR_AND: {
    int x = lat_truth(L, e->a, absent), y = lat_truth(L, e->b, absent);
    if (x == 0 || y == 0) return 0;
    return x == 1 && y == 1 ? 1 : -1;
  }
  case IR_OR: {
    int x = lat_truth(L, e->a, absent), y = lat_truth(L, e->b, absent);
    if (x == 1 || y == 1) return 1;
    return x == 0 && y == 0 ? 0 : -1;
  }
  default:
    if (absent_value(L, e, absent, &a)) return a != 0.0;
    return -1;
  }
}

/* Conditions known to hold where an expression is evaluated: the guards
 * of the selects it is the true arm of, innermost first. */
typedef struct Facts {
  const IrExpr *cond;
  const struct Facts *up;
} Facts;

/* Whether the conjunction `c` says that d is non-zero and not a NaN:
 * `d > 0`, `d < 0`, `0 < d`, `0 > d`, or `d != 0` for an integer element
 * (a floating d may be a NaN there, and 0 / NaN is a NaN). */
static int cond_nonzero(const Lower *L, const IrExpr *c, const IrExpr *d) {
  if (!c) return 0;
  if (c->kind == IR_AND) return cond_nonzero(L, c->a, d) || cond_nonzero(L, c->b, d);
  if (c->kind != IR_CMP || !c->text) return 0;
  const IrExpr *other;
  if (lower_same_expr(L, c->a, d)) other = c->b;
  else if (lower_same_expr(L, c->b, d)) other = c->a;
  else return 0;
  double v;
  if (!const_value(other, &v) || v != 0.0) return 0;
  if (!strcmp(c->text, ">") || !strcmp(c->text, "<")) return 1;
  if (strcmp(c->text, "!=")) return 0;
  if (d->kind != IR_ACCESS) return 0;
  return ir_elem_integer(L->k->tensors[L->k->accesses[d->access].tensor].elem);
}

static int zero_in(const Lower *L, const IrExpr *e, unsigned absent, const Facts *f);

/* A lower bound of loop variable v's values: its lower bound when that is
 * a constant plus outer variables with non-negative coefficients whose own
 * lower bounds are known (`j = i + 1` under `i = 0`); a band's max is at
 * least its first form. 0 when unknown. */
static int var_min(const Lower *L, int v, int depth, double *m) {
  const IrAffine *lo = &L->k->vars[v].lo;
  if (depth > IR_MAX_VARS || lo->sym || (lo->nalt && lo->alt_op != '>')) return 0;
  double r = (double)lo->constant;
  for (int u = 0; u < L->k->nvars; u++) {
    double mu;
    if (!lo->coef[u]) continue;
    if (u == v || lo->coef[u] < 0 || !var_min(L, u, depth + 1, &mu) || mu < 0) return 0;
    r += (double)lo->coef[u] * mu;
  }
  *m = r;
  return 1;
}

/* A lower bound of e built from loop variables and literals with + and *
 * of non-negative terms and conversions to a floating type (`j + 1`,
 * `(double)(2 * i + 1)`): the divisor of `A[i][j] / (j + 1)` is never zero
 * when it is positive. 0 when unknown. */
static int expr_min(const Lower *L, const IrExpr *e, double *m) {
  double a, b;
  switch (e->kind) {
  case IR_INDEX: return var_min(L, e->var, 0, m);
  case IR_CONST: return literal_value(e->text, m);
  case IR_ADD:
    if (!expr_min(L, e->a, &a) || !expr_min(L, e->b, &b)) return 0;
    *m = a + b;
    return 1;
  case IR_MUL:
    if (!expr_min(L, e->a, &a) || !expr_min(L, e->b, &b) || a < 0 || b < 0) return 0;
    *m = a * b;
    return 1;
  case IR_CAST:
    return e->text && (!strcmp(e->text, "double") || !strcmp(e->text, "float")) &&
           expr_min(L, e->a, m);
  default: return 0;
  }
}

static int divisor_nonzero(const Lower *L, const IrExpr *d, const Facts *f) {
  double m;
  if (d->kind == IR_CONST && const_is_nonzero(d->text)) return 1;
  if (expr_min(L, d, &m) && m > 0) return 1;
  for (; f; f = f->up)
    if (cond_nonzero(L, f->cond, d)) return 1;
  return 0;
}

int lat_zero(const Lower *L, const IrExpr *e, unsigned absent) {
  return zero_in(L, e, absent, NULL);
}

static int zero_in(const Lower *L, const IrExpr *e, unsigned absent, const Facts *f) {
  switch (e->kind) {
  case IR_ACCESS: {
    int s = L->access_st[e->access];
    return s >= 0 && (absent & (1u << s));
  }
  case IR_CONST: return const_is_zero(e->text);
  case IR_MUL: return zero_in(L, e->a, absent, f) || zero_in(L, e->b, absent, f);
  case IR_DIV:
  case IR_MOD: /* 0 / c and 0 % c for a non-zero literal c, or a divisor
                  the guards of the enclosing selects prove non-zero
                  (`if (deg[u] > 0) y[v] += A[u][v] / deg[u];`) */
    return zero_in(L, e->a, absent, f) && divisor_nonzero(L, e->b, f);
  case IR_ADD:
  case IR_SUB: return zero_in(L, e->a, absent, f) && zero_in(L, e->b, absent, f);
  case IR_BITOP: /* 0 & b, 0 | 0, 0 ^ 0, 0 << b, 0 >> b */
    if (e->text[0] == '&')
      return zero_in(L, e->a, absent, f) || zero_in(L, e->b, absent, f);
    if (e->text[0] == '|' || e->text[0] == '^')
      return zero_in(L, e->a, absent, f) && zero_in(L, e->b, absent, f);
    return zero_in(L, e->a, absent, f);
  case IR_NEG:
  case IR_CAST: return zero_in(L, e->a, absent, f);
  case IR_SELECT: {
    /* a guard known where the operands are absent picks one arm; the
     * true arm is evaluated only where the guard holds */
    int t = lat_truth(L, e->a, absent);
    Facts in = {e->a, f};
    if (t == 1) return zero_in(L, e->b, absent, &in);
    if (t == 0) return zero_in(L, e->c, absent, f);
    return zero_in(L, e->b, absent, &in) && zero_in(L, e->c, absent, f);
  }
  case IR_CALL:
    if (e->nargs == 2 && call2_preserves_zero(e->text))
      return zero_in(L, e->args[0], absent, f) && zero_in(L, e->args[1], absent, f);
    if (e->nargs == 2) {
      double c;
      return const_value(e->args[1], &c) && call2_zero_at(e->text, c) &&
             zero_in(L, e->args[0], absent, f);
    }
    return e->nargs == 1 && (call_preserves_zero(e->text) || e->zero_at_zero) &&
           zero_in(L, e->args[0], absent, f);
  case IR_CMP:
  case IR_AND:
  case IR_OR:
  case IR_NOT: /* a truth value (0 or 1): `nnz += A[i][j] != 0` */
    return lat_truth(L, e, absent) == 0;
  default: return 0;
  }
}

/* A guarded `=`/`*=` (ir/predicate.h: `lhs = g ? e : lhs`, `lhs *= g ? e :
 * 1`) whose guard is false where the operands in `absent` are absent. */
static int guarded_off(const Lower *L, const IrStmt *s, unsigned absent) {
  const IrExpr *r = s->rhs;
  if (r->kind != IR_SELECT || lat_truth(L, r->a, absent) != 0) return 0;
  const IrExpr *id = r->c;
  double v;
  if (s->op == IR_MULBY) return const_value(id, &v) && v == 1.0;
  if (s->decl_guarded) return 1; /* read only where g holds */
  if (s->op != IR_SET || s->decl_ctype) return 0;
  if (s->lhs_access >= 0)
    return id->kind == IR_ACCESS && id->access == s->lhs_access;
  return id->kind == IR_SCALAR && !strcmp(id->text, s->lhs_scalar);
}

static int expr_names(const IrExpr *e, const char *name) {
  if (!e) return 0;
  if (e->kind == IR_SCALAR && e->text && !strcmp(e->text, name)) return 1;
  if (expr_names(e->a, name) || expr_names(e->b, name) || expr_names(e->c, name))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (expr_names(e->args[i], name)) return 1;
  return 0;
}

static int node_names(const IrNode *n, const char *name) {
  if (n->kind == IR_NODE_STMT)
    return (n->stmt.lhs_scalar && !strcmp(n->stmt.lhs_scalar, name)) ||
           expr_names(n->stmt.rhs, name);
  for (int i = 0; i < n->nbody; i++)
    if (node_names(n->body[i], name)) return 1;
  return 0;
}

/* Whether a node of tree t outside subtree n names `name`. */
static int named_outside(const IrNode *t, const IrNode *n, const char *name) {
  if (t == n) return 0;
  if (t->kind == IR_NODE_STMT) return node_names(t, name);
  for (int i = 0; i < t->nbody; i++)
    if (named_outside(t->body[i], n, name)) return 1;
  return 0;
}

int lat_scalar_fresh(const Lower *L, const IrNode *n, const char *name) {
  const IrKernel *k = L->k;
  int dead = 0;
  for (int i = 0; i < k->nscalars_written; i++)
    if (!strcmp(k->scalars_written[i], name))
      dead = k->scalar_dead_after && k->scalar_dead_after[i] &&
             !named_outside(k->root, n, name);
  for (int i = 0; i < n->nbody; i++) {
    const IrNode *c = n->body[i];
    if (!node_names(c, name)) continue;
    /* the first child naming it: its declaration, or (a variable of the
     * function no one reads after the nest, nor in the nest outside n)
     * `name = e` with e not reading it */
    return c->kind == IR_NODE_STMT && c->stmt.lhs_scalar &&
           !strcmp(c->stmt.lhs_scalar, name) &&
           (c->stmt.decl_ctype ||
            (dead && c->stmt.op == IR_SET && !expr_names(c->stmt.rhs, name)));
  }
  return 0;
}

/* Whether every statement of c writes a scalar fresh in each iteration
 * of loop n (lat_scalar_fresh: `double s = 0; for (k) s += U[i][k] *
 * V[j][k];`): it lives one iteration of n, so it has an effect only
 * through the statements that read it, which are judged on their own. */
static int writes_locals_only(const Lower *L, const IrNode *n,
                              const IrNode *c) {
  if (c->kind == IR_NODE_STMT)
    return c->stmt.lhs_access < 0 && c->stmt.lhs_scalar &&
           lat_scalar_fresh(L, n, c->stmt.lhs_scalar);
  if (c->kind != IR_NODE_LOOP) return 0;
  for (int i = 0; i < c->nbody; i++)
    if (!writes_locals_only(L, n, c->body[i])) return 0;
  return 1;
}

int lat_no_effect(const Lower *L, const IrNode *n, unsigned absent) {
  if (n->kind == IR_NODE_STMT) {
    const IrStmt *s = &n->stmt;
    int ip = graph_inplace_lhs(L, s);
    if (ip >= 0) {
      /* an update in place: none where the element is absent (a zero)
       * and the statement leaves a zero (0 * x is 0, as for any product
       * with an absent entry); else the usual rule for += and -= */
      if (absent & (1u << ip)) {
        if (s->op == IR_MULBY) return 1;
        if (s->op == IR_SET) return lat_zero(L, s->rhs, absent);
      }
      if (!ir_update_class(s->op)) return 0;
      return lat_zero(L, s->rhs, absent);
    }
    if (s->op == IR_SET && asm_stmt_is_output(L, s)) {
      /* a guarded `=` keeps the old element where its guard is false, and
       * overwrites it (even with a zero) where it holds */
      if (asm_guarded_set(s)) return guarded_off(L, s, absent);
      return lat_zero(L, s->rhs, absent);
    }
    if (!ir_update_class(s->op))
      return guarded_off(L, s, absent);
    return lat_zero(L, s->rhs, absent);
  }
  for (int i = 0; i < n->nbody; i++)
    if (!writes_locals_only(L, n, n->body[i]) &&
        !lat_no_effect(L, n->body[i], absent))
      return 0;
  return 1;
}

static int popcount(unsigned x) {
  int c = 0;
  for (; x; x &= x - 1) c++;
  return c;
}

int lat_points(const Lower *L, const IrNode *n, unsigned cand, unsigned *out,
               int max_out) {
  if (!lat_no_effect(L, n, cand)) return -1;
  int np = 0;
  int k = popcount(cand);
  for (int size = 1; size <= k; size++) {
    /* enumerate subsets of cand with `size` members */
    for (unsigned s = cand; s; s = (s - 1) & cand) {
      if (popcount(s) != size) continue;
      int covered = 0;
      for (int i = 0; i < np; i++)
        if ((out[i] & s) == out[i]) covered = 1;
      if (covered) continue;
      if (lat_no_effect(L, n, cand & ~s)) continue;
      if (np == max_out) return -1;
      out[np++] = s;
    }
  }
  /* No effect even where every candidate is present: a literal zero
   * factor (`A[i][j] * 0.0`). Each stored entry is still visited, as the
   * dense program evaluates it (Inf * 0 is a NaN): a union of them all. */
  if (np == 0)
    for (int i = 0; i < 32; i++)
      if (cand & (1u << i)) {
        if (np == max_out) return -1;
        out[np++] = 1u << i;
      }
  return np;
}

/* Whether e is sure to have an integer type (a scalar variable's type is
 * not known here: not sure). An integer is never Inf or NaN. */
int lat_expr_integer(const Lower *L, const IrExpr *e) {
  switch (e->kind) {
  case IR_INDEX:
  case IR_MOD:
  case IR_BITOP:
  case IR_CMP:
  case IR_AND:
  case IR_OR:
  case IR_NOT: return 1;
  case IR_ACCESS:
    return ir_elem_integer(L->k->tensors[L->k->accesses[e->access].tensor].elem);
  case IR_CONST: {
    const char *d = e->text && (e->text[0] == '-' || e->text[0] == '+')
                        ? e->text + 1 : e->text;
    return d && d[0] >= '0' && d[0] <= '9' && !strpbrk(d, ".eEpPxX");
  }
  case IR_NEG: return lat_expr_integer(L, e->a);
  case IR_ADD:
  case IR_SUB:
  case IR_MUL:
  case IR_DIV: return lat_expr_integer(L, e->a) && lat_expr_integer(L, e->b);
  case IR_SELECT: return lat_expr_integer(L, e->b) && lat_expr_integer(L, e->c);
  case IR_CALL:
    return e->nargs == 1 &&
           (!strcmp(e->text, "abs") || !strcmp(e->text, "labs") ||
            !strcmp(e->text, "llabs")) &&
           lat_expr_integer(L, e->args[0]);
  default: return 0;
  }
}

int lat_has_sparse_product(const Lower *L, const IrExpr *e) {
  if (!e) return 0;
  if (e->kind == IR_MUL &&
      !(lat_expr_integer(L, e->a) && lat_expr_integer(L, e->b))) {
    if (lat_zero(L, e->a, ~0u) || lat_zero(L, e->b, ~0u)) return 1;
  }
  if (lat_has_sparse_product(L, e->a) || lat_has_sparse_product(L, e->b) ||
      lat_has_sparse_product(L, e->c))
    return 1;
  for (int i = 0; i < e->nargs; i++)
    if (lat_has_sparse_product(L, e->args[i])) return 1;
  return 0;
}

static void set_names(const Lower *L, StrBuf *sb, unsigned s) {
  int first = 1;
  for (int i = 0; i < L->nst; i++)
    if (s & (1u << i)) {
      sb_printf(sb, "%s%s", first ? "" : ", ", L->st[i].name);
      first = 0;
    }
}

const char *lat_describe(const Lower *L, unsigned cand, const unsigned *pts,
                         int npts) {
  StrBuf sb = {0};
  if (npts < 0) {
    sb_puts(&sb, "dense");
    if (cand) {
      sb_puts(&sb, " (locate ");
      set_names(L, &sb, cand);
      sb_puts(&sb, ")");
    }
  } else if (npts == 1 && popcount(pts[0]) == 1) {
    sb_puts(&sb, "positions of ");
    set_names(L, &sb, pts[0]);
  } else if (npts == 1) {
    sb_puts(&sb, "intersection(");
    set_names(L, &sb, pts[0]);
    sb_puts(&sb, ")");
  } else {
    int all_single = 1;
    for (int i = 0; i < npts; i++)
      if (popcount(pts[i]) != 1) all_single = 0;
    if (all_single) {
      unsigned u = 0;
      for (int i = 0; i < npts; i++) u |= pts[i];
      sb_puts(&sb, "union(");
      set_names(L, &sb, u);
      sb_puts(&sb, ")");
    } else {
      sb_puts(&sb, "lattice");
      for (int i = 0; i < npts; i++) {
        sb_puts(&sb, " {");
        set_names(L, &sb, pts[i]);
        sb_puts(&sb, "}");
      }
    }
  }
  const char *r = arena_strdup(L->arena, sb.data);
  sb_free(&sb);
  return r;
}
