/* extract_band.c — band bounds: a loop bound written as the max (lower) or
 * min (upper) of affine forms, through a macro, a ternary or a small
 * function (libclang's view of it), as an IrAffine with alternatives
 * (ispace.h). */
#include "frontend/extract_walk.h"

#include <string.h>

/* A bound as the max (op '>') or min ('<') of n affine pieces; op 0 and n
 * 1 for a plain affine bound. */
#define BAND_MAX 4
typedef struct Band {
  char op;
  int n;
  AfPoly p[BAND_MAX];
} Band;

static int af_same(const AfPoly *a, const AfPoly *b) {
  AfPoly d = *a, nb = *b;
  af_scale(&nb, -1);
  af_add(&d, &nb);
  return !d.overflow && d.n == 0;
}

static int band_same(const Band *a, const Band *b) {
  if (a->op != b->op || a->n != b->n) return 0;
  for (int i = 0; i < a->n; i++)
    if (!af_same(&a->p[i], &b->p[i])) return 0;
  return 1;
}

/* max or min (op) of a and b, each plain or already of that kind. */
static int band_join(char op, const Band *a, const Band *b, Band *out) {
  if ((a->op && a->op != op) || (b->op && b->op != op) || a->n + b->n > BAND_MAX)
    return 0;
  *out = *a;
  out->op = op;
  for (int i = 0; i < b->n; i++) {
    int dup = 0;
    for (int j = 0; j < out->n; j++) dup |= af_same(&out->p[j], &b->p[i]);
    if (!dup) out->p[out->n++] = b->p[i];
  }
  if (out->n == 1) out->op = 0;
  return 1;
}

static void band_negate(Band *b) {
  for (int i = 0; i < b->n; i++) af_scale(&b->p[i], -1);
  b->op = b->op == '>' ? '<' : b->op == '<' ? '>' : 0;
}

/* Whether b is a plain number (*c). */
static int band_number(const Band *b, int64_t *c) {
  const AfPoly *p = &b->p[0];
  if (b->op || p->n > 1 || (p->n == 1 && (p->t[0].var >= 0 || p->t[0].nsym)))
    return 0;
  *c = p->n ? p->t[0].coef : 0;
  return 1;
}

/* a + b: max(p, q) + r is max(p + r, q + r); two bands of one kind add
 * piece by piece (every sum, as max(p, q) + max(r, s) is the max of the
 * four). */
static int band_add(const Band *a, const Band *b, Band *out) {
  if (a->op && b->op && a->op != b->op) return 0;
  if (a->n * b->n > BAND_MAX) return 0;
  out->op = a->op ? a->op : b->op;
  out->n = 0;
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++) {
      AfPoly s = a->p[i];
      af_add(&s, &b->p[j]);
      if (s.overflow) return 0;
      out->p[out->n++] = s;
    }
  return 1;
}

/* The band of e (an expression after macro expansion, frontend/ctypes.h):
 * sums and constant multiples of loop variables, loop-invariant names and
 * constants, and `c ? x : y` where c compares what x and y are (`a > b ?
 * a : b` is max(a, b); `i > BW ? i - BW : 0` too, as i - BW - 0 is i - BW). */
static int band_of_expr(X *x, const CtExpr *e, Band *out, const char **why) {
  memset(out, 0, sizeof *out);
  out->n = 1;
  switch (e->kind) {
  case CTX_INT:
    af_add_term(&out->p[0], e->value, -1, NULL);
    return 1;
  case CTX_NAME: {
    int v = find_var(x, e->name);
    if (v >= 0 && x->stride[v] > 1)
      return 0; /* a strided loop's variable: no band */
    if (v >= 0) {
      af_add_term(&out->p[0], 1, v, NULL);
      return 1;
    }
    if (any_var(x, e->name) >= 0 || name_in(e->name, x->written.data, x->written.len))
      return 0;
    af_add_term(&out->p[0], 1, -1, e->name);
    return 1;
  }
  case CTX_NEG:
    if (!band_of_expr(x, e->a, out, why)) return 0;
    band_negate(out);
    return 1;
  case CTX_BIN: {
    Band l, r;
    if (!band_of_expr(x, e->a, &l, why) || !band_of_expr(x, e->b, &r, why)) return 0;
    if (!strcmp(e->op, "-")) band_negate(&r);
    if (e->op[0] == '+' || e->op[0] == '-') return band_add(&l, &r, out);
    if (e->op[0] != '*') return 0; /* a comparison is no bound */
    /* a number times a band */
    int64_t c;
    const Band *k = band_number(&l, &c) ? &l : band_number(&r, &c) ? &r : NULL;
    if (!k) {
      if (l.op || r.op) return 0;
      out->op = 0;
      return !af_mul(&l.p[0], &r.p[0], &out->p[0]) && !out->p[0].overflow;
    }
    *out = k == &l ? r : l;
    for (int i = 0; i < out->n; i++) af_scale(&out->p[i], c < 0 ? -c : c);
    if (c < 0) band_negate(out);
    if (c == 0) { out->op = 0; out->n = 1; }
    return 1;
  }
  case CTX_COND: {
    const CtExpr *c = e->a;
    if (c->kind != CTX_BIN || c->op[0] == '+' || c->op[0] == '-' || c->op[0] == '*')
      return 0;
    Band l, r, t, f;
    if (!band_of_expr(x, c->a, &l, why) || !band_of_expr(x, c->b, &r, why) ||
        !band_of_expr(x, e->b, &t, why) || !band_of_expr(x, e->c, &f, why))
      return 0;
    /* `l > r ? t : f` with t - f == l - r is max(t, f) (at l == r, t ==
     * f); with t - f == r - l it is min(t, f); `<` the other way round */
    int gt = c->op[0] == '>', same;
    if (!l.op && !r.op && !t.op && !f.op) {
      AfPoly d = l.p[0], dr = r.p[0], tf = t.p[0], nf = f.p[0];
      af_scale(&dr, -1);
      af_add(&d, &dr);
      af_scale(&nf, -1);
      af_add(&tf, &nf);
      if (af_same(&tf, &d)) same = 1;
      else {
        af_scale(&d, -1);
        same = 0;
        if (!af_same(&tf, &d)) {
          *why = "a conditional that is not the max or min of its branches";
          return 0;
        }
      }
    } else if (band_same(&l, &t) && band_same(&r, &f)) {
      same = 1; /* MAX(MAX(a, b), c) */
    } else if (band_same(&l, &f) && band_same(&r, &t)) {
      same = 0;
    } else {
      *why = "a conditional that is not the max or min of its branches";
      return 0;
    }
    return band_join(gt == same ? '>' : '<', &t, &f, out);
  }
  default:
    return 0;
  }
}

/* The loop variables a piece names. */
static unsigned piece_vars(const AfPoly *p) {
  unsigned m = 0;
  for (int i = 0; i < p->n; i++)
    if (p->t[i].var >= 0 && p->t[i].var < 32) m |= 1u << p->t[i].var;
  return m;
}

/* Whether a loop variable of type t is signed (a band bound below zero
 * converted to an unsigned variable would start the loop past its end,
 * where the clamped walk would start at 0). */
int signed_ctype(const char *t) {
  static const char *const names[] = {
      "int", "long", "long int", "long long", "long long int", "short",
      "short int", "signed", "signed int", "signed long", "ptrdiff_t",
      "ssize_t", "intptr_t", "int64_t", "int32_t", "int16_t"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (!strcmp(t, names[i])) return 1;
  return 0;
}

/* Whether n holds a call or a conditional (what poly_of refuses). */
static int call_or_cond(TSNode n) {
  if (node_is(n, "call_expression") || node_is(n, "conditional_expression"))
    return 1;
  uint32_t c = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < c; i++)
    if (call_or_cond(ts_node_named_child(n, i))) return 1;
  return 0;
}

/* A loop bound written as the max (lower bounds) or min (upper bounds) of
 * affine forms in the enclosing loop variables, through a macro, a
 * ternary or a small function (libclang's view of it, ct_expr): the
 * bound as an IrAffine with its other pieces in alt (ispace.h). The piece
 * kept in front names every loop variable another piece names; pieces
 * that are plain numbers fold into one. Returns 1 when bound is such a
 * bound (upper: *out is hi, half-open, +1 when incl), 0 when it is not:
 * the caller's refusal stands, -1 when it is a max or min that is no band
 * bound (refused here). */
int band_bound(X *x, TSNode for_n, TSNode bound, int upper, int incl,
               IrAffine *out) {
  if (!call_or_cond(bound) || invariant(x, bound)) return 0;
  const CtExpr *e = ct_expr(x->env->ct, ts_node_start_byte(for_n),
                            ts_node_start_byte(bound), ts_node_end_byte(bound));
  Band b;
  const char *why = NULL;
  if (!e) return 0;
  if (!band_of_expr(x, e, &b, &why)) {
    if (why) refuse(x, bound, "loop bound '%s' is %s", excerpt(x, bound), why);
    return why ? -1 : 0;
  }
  char want = upper ? '<' : '>';
  if (b.op && b.op != want) /* j >= min(a, b) is a union of ranges */
    return refuse(x, bound, "%s bound '%s' is the %s of affine forms (a band "
                  "is a max of lower bounds and a min of upper bounds)",
                  upper ? "upper" : "lower", excerpt(x, bound),
                  b.op == '<' ? "min" : "max");
  for (int i = 0; i < b.n && upper && incl; i++)
    af_add_term(&b.p[i], 1, -1, NULL);
  /* fold the plain numbers */
  int k = -1;
  int64_t ck = 0;
  for (int i = 0; i < b.n; i++) {
    Band one = {.op = 0, .n = 1};
    int64_t c;
    one.p[0] = b.p[i];
    if (!band_number(&one, &c)) continue;
    if (k < 0) {
      k = i;
      ck = c;
      continue;
    }
    if ((want == '>') == (c > ck)) {
      b.p[k] = b.p[i];
      ck = c;
    }
    b.p[i--] = b.p[--b.n];
  }
  /* the front piece: one naming every variable */
  unsigned all = 0;
  int front = -1;
  for (int i = 0; i < b.n; i++) all |= piece_vars(&b.p[i]);
  for (int i = 0; i < b.n && front < 0; i++)
    if (piece_vars(&b.p[i]) == all) front = i;
  if (front < 0 || (b.n > 1 && !all)) return 0;
  IrAffine *alt = b.n > 1 ? arena_alloc(x->a, sizeof *alt * (size_t)(b.n - 1)) : NULL;
  int na = 0;
  for (int i = 0; i < b.n; i++) {
    IrAffine *dst = i == front ? out : &alt[na++];
    if (af_to_ir(x->a, &b.p[i], dst)) return 0;
  }
  out->nalt = na;
  out->alt_op = na ? want : 0;
  out->alt = alt;
  const char *const *fns;
  for (size_t i = 0, n = ct_expr_inlined(x->env->ct, &fns); i < n; i++) {
    size_t j = 0;
    while (j < x->folded.len && strcmp(x->folded.data[j], fns[i])) j++;
    if (j == x->folded.len) ARRAY_PUSH(x->a, x->folded, fns[i]);
  }
  return 1;
}
