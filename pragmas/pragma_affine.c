/* pragma_affine.c — affine expression trees of the pragma language: their
 * normalised text, and their resolution into the runtime's level
 * expressions (sc_level_expr).
 *
 * A level expression resolves to one of four shapes:
 *   AFFINE    sum_d coef[d] * d + constant
 *   FLOORDIV  (sum_d coef[d] * d) floordiv K      K a positive constant
 *   MOD       (sum_d coef[d] * d) mod K
 *   COUNT     c * K * d     c a symbol (ELL): count dimension d into K slices
 * Anything else (a product of two variables, a floordiv of a floordiv, a
 * symbol in a sum) is reported where it is written. Trees are n-ary in sums
 * and products and at most PRAGMA_MAX_DEPTH deep, so recursion here is
 * bounded by the parser's nesting limit whatever the input length. */
#include <string.h>

#include "pragma_internal.h"

/* ---- text ------------------------------------------------------------ */

static const char *op_text(AOp op) {
  switch (op) {
  case AOP_ADD: return " + ";
  case AOP_SUB: return " - ";
  case AOP_MUL: return " * ";
  case AOP_FLOORDIV: return " floordiv ";
  case AOP_MOD: return " mod ";
  }
  return " ? ";
}

static void text_paren(StrBuf *b, const AExpr *e, int paren) {
  if (paren) sb_puts(b, "(");
  affine_text(b, e);
  if (paren) sb_puts(b, ")");
}

void affine_text(StrBuf *b, const AExpr *e) {
  switch (e->kind) {
  case AX_INT:
    sb_printf(b, "%lld", (long long)e->val);
    return;
  case AX_VAR:
    sb_puts(b, e->name);
    return;
  case AX_NEG:
    sb_puts(b, "-");
    text_paren(b, e->kid, e->kid->kind == AX_SUM || e->kid->kind == AX_PROD);
    return;
  case AX_SUM:
  case AX_PROD:
    for (int i = 0; i < e->n; i++) {
      if (i) sb_puts(b, op_text(e->ops[i]));
      /* a sum under a sum or product, or a product under a product, was
       * parenthesised: keep it so, the text re-parses to the same tree */
      AKind k = e->kids[i]->kind;
      text_paren(b, e->kids[i], k == AX_SUM || (k == AX_PROD && e->kind == AX_PROD));
    }
    return;
  }
}

char *affine_text_arena(Arena *a, const AExpr *e) {
  StrBuf b = {0};
  affine_text(&b, e);
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  sb_free(&b);
  return s;
}

/* ---- resolution ------------------------------------------------------ */

typedef enum VKind {
  V_LIN, /* sum coef * var + constant */
  V_DIV, /* (sum coef * var) floordiv divisor */
  V_MOD, /* (sum coef * var) mod divisor */
  V_SYM  /* factor * symbol [* var] */
} VKind;

typedef struct Val {
  VKind kind;
  int64_t coef[SC_MAX_LEVELS > SC_MAX_RANK ? SC_MAX_LEVELS : SC_MAX_RANK];
  int64_t constant, divisor, factor;
  int sym, var; /* V_SYM: symbol index, variable index or -1 */
} Val;

#define NCOEF ((int)(sizeof((Val *)0)->coef / sizeof(int64_t)))

typedef struct Ctx {
  const AffineEnv *env;
  const SourceFile *f;
  Diags *diags;
  const char *what; /* "level expression" / "dimension expression" */
} Ctx;

static int is_const(const Val *v) {
  if (v->kind != V_LIN) return 0;
  for (int i = 0; i < NCOEF; i++)
    if (v->coef[i]) return 0;
  return 1;
}

/* The variable index when v is exactly a * var (a != 0, no constant). */
static int single_var(const Val *v, int64_t *a) {
  if (v->kind != V_LIN || v->constant) return -1;
  int found = -1;
  for (int i = 0; i < NCOEF; i++) {
    if (!v->coef[i]) continue;
    if (found >= 0) return -1;
    found = i;
  }
  if (found >= 0) *a = v->coef[found];
  return found;
}

static int overflow(Ctx *c, Span s) {
  diag_error(c->diags, c->f, s, "integer overflow in %s", c->what);
  return -1;
}

static int unsupported(Ctx *c, Span s, const char *why) {
  diag_error(c->diags, c->f, s, "unsupported %s: %s", c->what, why);
  return -1;
}

static int scale(Ctx *c, Span s, Val *v, int64_t k) {
  if (v->kind == V_SYM) {
    if (__builtin_mul_overflow(v->factor, k, &v->factor)) return overflow(c, s);
    return 0;
  }
  if (v->kind != V_LIN)
    return unsupported(c, s, "a floordiv or mod result cannot be scaled");
  for (int i = 0; i < NCOEF; i++)
    if (__builtin_mul_overflow(v->coef[i], k, &v->coef[i])) return overflow(c, s);
  if (__builtin_mul_overflow(v->constant, k, &v->constant)) return overflow(c, s);
  return 0;
}

static int lookup(char **names, int n, const char *name) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], name) == 0) return i;
  return -1;
}

static int resolve(Ctx *c, const AExpr *e, Val *out);

static int resolve_var(Ctx *c, const AExpr *e, Val *out) {
  int d = lookup(c->env->dims, c->env->ndims, e->name);
  if (d >= NCOEF) /* the checker bounds the variables; never index past */
    return unsupported(c, e->span, "too many variables");
  if (d >= 0) {
    out->coef[d] = 1;
    return 0;
  }
  int s = lookup(c->env->syms, c->env->nsyms, e->name);
  if (s >= 0) {
    out->kind = V_SYM;
    out->sym = s;
    out->var = -1;
    out->factor = 1;
    return 0;
  }
  const char *cands[2 * SC_MAX_LEVELS + 64];
  size_t nc = 0;
  for (int i = 0; i < c->env->ndims && nc < 2 * SC_MAX_LEVELS; i++)
    cands[nc++] = c->env->dims[i];
  for (int i = 0; i < c->env->nsyms && nc < 2 * SC_MAX_LEVELS + 64; i++)
    cands[nc++] = c->env->syms[i];
  const char *best = diag_did_you_mean(e->name, cands, nc);
  if (best) {
    diag_error(c->diags, c->f, e->span,
               "unknown variable '%s' in %s; did you mean '%s'?", e->name,
               c->what, best);
    diag_set_fixit(c->diags, best);
  } else {
    diag_error(c->diags, c->f, e->span, "unknown variable '%s' in %s",
               e->name, c->what);
  }
  return -1;
}

static int resolve_sum(Ctx *c, const AExpr *e, Val *out) {
  for (int i = 0; i < e->n; i++) {
    Val v;
    if (resolve(c, e->kids[i], &v)) return -1;
    if (v.kind != V_LIN)
      return unsupported(c, e->kids[i]->span,
                         v.kind == V_SYM
                             ? "a counting symbol cannot appear in a sum"
                             : "floordiv or mod inside a sum");
    if (e->ops[i] == AOP_SUB && i && scale(c, e->kids[i]->span, &v, -1))
      return -1;
    for (int d = 0; d < NCOEF; d++)
      if (__builtin_add_overflow(out->coef[d], v.coef[d], &out->coef[d]))
        return overflow(c, e->span);
    if (__builtin_add_overflow(out->constant, v.constant, &out->constant))
      return overflow(c, e->span);
  }
  return 0;
}

/* acc * rhs, where at most one side depends on variables, or a symbol
 * times one variable (the ELL counting form). */
static int mul(Ctx *c, Span s, Val *acc, const Val *rhs) {
  if (is_const(rhs)) return scale(c, s, acc, rhs->constant);
  if (is_const(acc)) {
    int64_t k = acc->constant;
    *acc = *rhs;
    return scale(c, s, acc, k);
  }
  const Val *sym = acc->kind == V_SYM ? acc : rhs->kind == V_SYM ? rhs : NULL;
  const Val *other = sym == acc ? rhs : acc;
  int64_t a;
  int var;
  if (sym && sym->var < 0 && (var = single_var(other, &a)) >= 0) {
    Val r = *sym;
    r.var = var;
    if (__builtin_mul_overflow(r.factor, a, &r.factor)) return overflow(c, s);
    *acc = r;
    return 0;
  }
  diag_error(c->diags, c->f, s,
             "%s is not affine: product of two variable terms", c->what);
  return -1;
}

static int divide(Ctx *c, const AExpr *rhs_e, AOp op, Span s, Val *acc,
                  const Val *rhs) {
  const char *name = op == AOP_MOD ? "mod" : "floordiv";
  if (!is_const(rhs)) {
    diag_error(c->diags, c->f, rhs_e->span,
               "right operand of '%s' must be a constant", name);
    return -1;
  }
  int64_t k = rhs->constant;
  if (k == 0) {
    diag_error(c->diags, c->f, rhs_e->span, "'%s' by zero", name);
    return -1;
  }
  if (k < 0) {
    diag_error(c->diags, c->f, rhs_e->span,
               "right operand of '%s' must be positive, not %lld", name,
               (long long)k);
    return -1;
  }
  if (is_const(acc)) { /* fold */
    int64_t a = acc->constant, q = a / k, r = a % k;
    if (r < 0) {
      q--;
      r += k;
    }
    acc->constant = op == AOP_MOD ? r : q;
    return 0;
  }
  if (acc->kind != V_LIN)
    return unsupported(c, s, acc->kind == V_SYM
                                 ? "a counting symbol under floordiv or mod"
                                 : "nested floordiv or mod");
  if (acc->constant)
    return unsupported(c, s, "a constant term under floordiv or mod");
  acc->kind = op == AOP_MOD ? V_MOD : V_DIV;
  acc->divisor = k;
  return 0;
}

static int resolve_prod(Ctx *c, const AExpr *e, Val *out) {
  if (resolve(c, e->kids[0], out)) return -1;
  for (int i = 1; i < e->n; i++) {
    Val rhs;
    if (resolve(c, e->kids[i], &rhs)) return -1;
    Span s = span_make(e->kids[0]->span.start, e->kids[i]->span.end);
    int rc = e->ops[i] == AOP_MUL ? mul(c, s, out, &rhs)
                                  : divide(c, e->kids[i], e->ops[i], s, out, &rhs);
    if (rc) return -1;
  }
  return 0;
}

static int resolve(Ctx *c, const AExpr *e, Val *out) {
  memset(out, 0, sizeof *out);
  out->kind = V_LIN;
  out->var = -1;
  switch (e->kind) {
  case AX_INT:
    out->constant = e->val;
    return 0;
  case AX_VAR:
    return resolve_var(c, e, out);
  case AX_NEG:
    if (resolve(c, e->kid, out)) return -1;
    return scale(c, e->span, out, -1);
  case AX_SUM:
    return resolve_sum(c, e, out);
  case AX_PROD:
    return resolve_prod(c, e, out);
  }
  return -1;
}

int affine_resolve_level(const AExpr *e, const AffineEnv *env,
                         const SourceFile *f, Diags *diags,
                         sc_level_expr *out) {
  Ctx c = {env, f, diags, "level expression"};
  Val v;
  memset(out, 0, sizeof *out);
  if (resolve(&c, e, &v)) return -1;
  if (v.kind == V_SYM) {
    if (v.var < 0) {
      diag_error(diags, f, e->span,
                 "counting level must name the counted dimension, as in "
                 "'%s * K * i'",
                 env->syms[v.sym]);
      return -1;
    }
    if (v.factor <= 0) {
      diag_error(diags, f, e->span,
                 "counting level needs a positive number of slices, not %lld",
                 (long long)v.factor);
      return -1;
    }
    out->kind = SC_LEXPR_COUNT;
    out->coef[v.var] = 1;
    out->divisor = v.factor;
    return 0;
  }
  for (int d = 0; d < SC_MAX_RANK; d++) out->coef[d] = v.coef[d];
  out->constant = v.constant;
  out->divisor = v.divisor;
  out->kind = v.kind == V_DIV   ? SC_LEXPR_FLOORDIV
              : v.kind == V_MOD ? SC_LEXPR_MOD
                                : SC_LEXPR_AFFINE;
  if (is_const(&v)) {
    diag_error(diags, f, e->span,
               "level expression does not depend on any dimension");
    return -1;
  }
  return 0;
}

int affine_check_inverse(const AExpr *e, const AffineEnv *env,
                         const SourceFile *f, Diags *diags) {
  Ctx c = {env, f, diags, "dimension expression"};
  Val v;
  if (resolve(&c, e, &v)) return -1;
  if (v.kind == V_SYM)
    return unsupported(&c, e->span, "a counting symbol");
  return 0;
}
