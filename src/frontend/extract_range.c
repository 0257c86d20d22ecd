/* extract_range.c — the range proof of a delinearized subscript: the
 * smallest and largest value of an affine form over the loops' bounds,
 * compared with an extent (numbers, macros, loop-invariant names). */
#include "frontend/extract_walk.h"

#include <string.h>

#include "frontend/consts.h"

/* A bound c + sym: sym is loop-invariant C text compared as written (a
 * parameter `n`, a macro or const variable whose value is not known
 * here), NULL when the bound is the number c. */
typedef struct Bound {
  const char *sym;
  int64_t c;
} Bound;

/* out += k * b; 0 when the sum is not a bound of that form (two symbols,
 * a symbol scaled, an overflow). */
static int bound_add(Bound *out, int64_t k, Bound b) {
  int64_t t;
  if (b.sym && (k != 1 || out->sym)) return 0;
  if (b.sym) out->sym = b.sym;
  return !__builtin_mul_overflow(k, b.c, &t) &&
         !__builtin_add_overflow(out->c, t, &out->c);
}

static int affine_bound(X *x, const IrAffine *a, int want_max, Bound *out,
                        int depth);

/* What loop-invariant text stands for at the nest: a number (literal or
 * macro), or a name followed through the initializers of variables
 * assigned nowhere (frontend/consts.h) while the name reached keeps its
 * value too; anything else is its own symbol. */
static Bound bound_of_text(X *x, const char *text) {
  Bound b = {text, 0};
  size_t at = ts_node_start_byte(x->nest);
  for (int hops = 0; hops < 8 && b.sym; hops++) {
    if (int_value(x, b.sym, &b.c)) {
      b.sym = NULL;
      break;
    }
    const char *init = const_init_text(x->ctx, x->env->ct, b.sym, at);
    if (!init || (!int_value(x, init, &b.c) &&
                  !const_unassigned(x->ctx, x->env->ct, init, at)))
      break;
    b.sym = init;
  }
  return b;
}

/* The largest (want_max) or smallest value loop variable v takes: its
 * bounds, with an outer loop variable in them replaced by that variable's
 * own bounds (`j < i` under `i < n`: j <= n - 2). */
static int var_bound(X *x, int v, int want_max, Bound *out, int depth) {
  const IrLoopVar *lv = &x->k->vars[v];
  if (!want_max) return affine_bound(x, &lv->lo, 0, out, depth + 1);
  if (!affine_bound(x, &lv->hi, 1, out, depth + 1)) return 0;
  return !__builtin_sub_overflow(out->c, 1, &out->c); /* hi is exclusive */
}

static int affine_bound_plain(X *x, const IrAffine *a, int want_max,
                              Bound *out, int depth);

/* A band (ispace.h): max(p, q) >= p, min(p, q) <= p, so any piece bounds
 * it from that side; the tightest of those that compare is taken. */
static int affine_bound(X *x, const IrAffine *a, int want_max, Bound *out,
                        int depth) {
  if (!a->nalt) return affine_bound_plain(x, a, want_max, out, depth);
  if ((a->alt_op == '>') == want_max) return 0;
  int found = 0;
  out->sym = NULL;
  out->c = 0;
  for (int i = -1; i < a->nalt; i++) {
    Bound b;
    if (!affine_bound_plain(x, i < 0 ? a : &a->alt[i], want_max, &b, depth))
      continue;
    int same_sym = (!b.sym && !out->sym) || (b.sym && out->sym && !strcmp(b.sym, out->sym));
    if (!found || (same_sym && (want_max ? b.c < out->c : b.c > out->c)))
      *out = b;
    found = 1;
  }
  return found;
}

static int affine_bound_plain(X *x, const IrAffine *a, int want_max,
                              Bound *out, int depth) {
  if (depth > IR_MAX_VARS) return 0;
  out->sym = NULL;
  out->c = a->constant;
  if (a->sym) {
    if (!bound_add(out, 1, bound_of_text(x, a->sym))) return 0;
  }
  for (int w = 0; w < IR_MAX_VARS; w++) {
    int64_t k = a->coef[w];
    Bound b;
    /* a positive coefficient takes w's own extreme, a negative the other */
    if (k && (!var_bound(x, w, (k > 0) == want_max, &b, depth) ||
              !bound_add(out, k, b)))
      return 0;
  }
  return 1;
}

/* Whether the two texts are the same, ignoring blanks. */
static int same_blank_free(const char *a, const char *b) {
  for (;; a++, b++) {
    while (*a == ' ' || *a == '\t') a++;
    while (*b == ' ' || *b == '\t') b++;
    if (*a != *b) return 0;
    if (!*a) return 1;
  }
}

/* The inner subscript of a delinearized access must stay within [0, E):
 * its smallest value is a number >= 0 and its largest a number below E,
 * or E - 1 or less when E is a symbol. Loop variables range over their
 * bounds (var_bound, transitively through the enclosing loops); bounds
 * and E may be literals, macros defined as integers, or any other
 * loop-invariant name (`n`, a const variable), compared as written. */
int inner_in_range(X *x, const AfPoly *s, const char *ext) {
  IrAffine a;
  memset(&a, 0, sizeof a);
  for (int i = 0; i < s->n; i++) {
    const AfTerm *t = &s->t[i];
    if (t->var >= IR_MAX_VARS || (t->nsym && (t->var >= 0 || t->nsym != 1 ||
                                              t->coef != 1 || a.sym)))
      return 0;
    if (t->nsym) a.sym = t->sym[0];
    else if (t->var >= 0) a.coef[t->var] += t->coef;
    else a.constant += t->coef;
  }
  Bound lo, hi;
  if (!affine_bound(x, &a, 0, &lo, 0) || !affine_bound(x, &a, 1, &hi, 0) ||
      lo.sym || lo.c < 0)
    return 0;
  Bound e = bound_of_text(x, ext);
  if (!e.sym) return !hi.sym && hi.c < e.c;
  return hi.sym && same_blank_free(hi.sym, e.sym) && hi.c <= -1;
}
