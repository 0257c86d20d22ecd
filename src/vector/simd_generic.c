/* simd_generic.c — the portable SIMD backend: GCC/Clang vector extensions
 * (`__attribute__((vector_size))`). Arithmetic is plain C operators on
 * vector values; masks are vectors of -1/0 lanes and apply by bitwise
 * select; gathers and the masked chunk's loads are vector literals of one
 * load a lane (inactive lanes at the last active one: no branch per
 * lane), scatters and masked stores lane loops, sums a balanced tree of
 * the lanes; the C compiler maps them to whatever the target has.
 * Integer lanes compute through the unsigned vector type (wrapping, as the
 * hardware does; no signed overflow). Needs only a GNU C compiler (guard `defined(__GNUC__)`,
 * true for gcc and clang). */
#include <stdio.h>

#include "vector/simd.h"

/* Lanes are ctx->lanes; typedefs sc__vd (the element type), sc__vm (masks:
 * signed integers of the lane width) and, for integers, sc__vu (unsigned
 * lanes, for wrapping arithmetic). */
static void g_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  const SimdType *t = simd_type(c);
  int bytes = t->bytes * c->lanes;
  sb_printf(sb, "%stypedef %s sc__vd __attribute__((__vector_size__(%d)));\n",
            ind, t->ctype, bytes);
  /* unused when every chunk is full (a trip count that is a multiple) */
  sb_printf(sb, "%stypedef %s sc__vm __attribute__((__vector_size__(%d), "
                "__unused__));\n", ind, t->bytes == 8 ? "long long" : "int", bytes);
  if (t->utype)
    sb_printf(sb, "%stypedef %s sc__vu __attribute__((__vector_size__(%d), "
                  "__unused__));\n", ind, t->utype, bytes);
}

/* a op b on vector values (integers through the unsigned lanes) */
static const char *arith(SimdCtx *c, int op, const char *a, const char *b) {
  if (simd_type(c)->utype)
    return arena_printf(c->arena, "((sc__vd)((sc__vu)(%s) %c (sc__vu)(%s)))",
                        a, op, b);
  return arena_printf(c->arena, "(%s %c %s)", a, op, b);
}

/* "{e, e, ..., e}" with ctx->lanes copies. */
static const char *repeat(SimdCtx *c, const char *e) {
  StrBuf sb = {0};
  sb_puts(&sb, "{");
  for (int l = 0; l < c->lanes; l++) sb_printf(&sb, "%s%s", l ? ", " : "", e);
  sb_puts(&sb, "}");
  const char *r = arena_strdup(c->arena, sb.data);
  sb_free(&sb);
  return r;
}

static const char *g_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "m");
  StrBuf iota = {0};
  sb_puts(&iota, "{");
  for (int l = 0; l < c->lanes; l++) sb_printf(&iota, "%s%d", l ? ", " : "", l);
  sb_puts(&iota, "}");
  const char *nn = simd_tmp(c, "nl");
  simd_pre(c, "const %s %s = (%s)(%s);", simd_type(c)->bytes == 8 ? "long long"
           : "int", nn, simd_type(c)->bytes == 8 ? "long long" : "int", n);
  simd_pre(c, "const sc__vm %s = (sc__vm)((sc__vm)%s < (sc__vm)%s);", m, iota.data,
           repeat(c, nn));
  sb_free(&iota);
  c->mask_n = n;
  return m;
}

static const char *g_splat(SimdCtx *c, const char *s) {
  const char *t = simd_tmp(c, "s");
  simd_pre(c, "const %s %s = (%s)(%s);", simd_type(c)->ctype, t,
           simd_type(c)->ctype, s);
  return arena_printf(c->arena, "(sc__vd)%s", repeat(c, t));
}

/* The masked load of the last chunk reads lane l at min(l, n - 1)
 * (simd_lanes): a per-lane `m[l] ? addr[l] : 0` became a branch per lane
 * (gcc 12), 0.8x of the scalar loop on rows of ~8 entries. */
static const char *g_load(SimdCtx *c, const char *addr, const char *m) {
  if (m) return simd_lanes(c, "(sc__vd){", "}", addr, NULL, NULL, m, c->lanes);
  const char *t = simd_tmp(c, "v");
  simd_pre(c, "sc__vd %s = {0};", t);
  simd_pre(c, "__builtin_memcpy(&%s, %s, sizeof %s);", t, addr, t);
  return t;
}

static void g_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  const char *t = simd_tmp(c, "v");
  simd_pre(c, "const sc__vd %s = %s;", t, v);
  if (!m)
    simd_pre(c, "__builtin_memcpy(%s, &%s, sizeof %s);", addr, t, t);
  else
    simd_pre(c, "for (int sc__l = 0; sc__l < %d; sc__l++) if (%s[sc__l]) "
                "(%s)[sc__l] = %s[sc__l];", c->lanes, m, addr, t);
}

static const char *g_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  return simd_lanes(c, "(sc__vd){", "}", base, crd, crd_type, m, c->lanes);
}

static void g_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  (void)crd_type;
  const char *t = simd_tmp(c, "v");
  simd_pre(c, "const sc__vd %s = %s;", t, v);
  if (!m)
    simd_pre(c, "for (int sc__l = 0; sc__l < %d; sc__l++) (%s)[(%s)[sc__l]] = "
                "%s[sc__l];", c->lanes, base, crd, t);
  else
    simd_pre(c, "for (int sc__l = 0; sc__l < %d; sc__l++) if (%s[sc__l]) "
                "(%s)[(%s)[sc__l]] = %s[sc__l];", c->lanes, m, base, crd, t);
}

static const char *g_binop(SimdCtx *c, int op, const char *a, const char *b) {
  return arith(c, op, a, b);
}

static const char *g_neg(SimdCtx *c, const char *a) {
  if (simd_type(c)->utype)
    return arena_printf(c->arena, "((sc__vd)(-(sc__vu)(%s)))", a);
  return arena_printf(c->arena, "(-%s)", a);
}

/* lanes of `m` (a mask expression) take a, the others b */
static const char *select(SimdCtx *c, const char *m, const char *a,
                          const char *b) {
  return arena_printf(c->arena,
                      "(sc__vd)(((sc__vm)(%s) & (%s)) | ((sc__vm)(%s) & ~(%s)))",
                      a, m, b, m);
}

static const char *g_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  if (simd_red_is_op(kind)) {
    const char *r = arith(c, kind, acc, v);
    return m ? select(c, m, r, acc) : r;
  }
  /* fmax/fmin: take v where it is greater (less) or acc is NaN; integer
   * max/min: where it is greater (less) */
  const char *t = simd_tmp(c, "v");
  simd_pre(c, "const sc__vd %s = %s;", t, v);
  const char *take =
      simd_type(c)->is_float
          ? arena_printf(c->arena, "((sc__vm)(%s %c %s) | (sc__vm)(%s != %s))",
                         t, kind == SIMD_RED_MAX ? '>' : '<', acc, acc, acc)
          : arena_printf(c->arena, "((sc__vm)(%s %c %s))", t,
                         kind == SIMD_RED_MAX ? '>' : '<', acc);
  if (m) take = arena_printf(c->arena, "(%s & %s)", take, m);
  return select(c, take, t, acc);
}

/* Sums, products, xor and or: a balanced tree, lane l with lane l +
 * lanes/2 first (the halving a vector reduction does), so the adds do not
 * wait on one another; max and min: one lane after another. */
static const char *g_reduce(SimdCtx *c, int kind, const char *acc) {
  const SimdType *ty = simd_type(c);
  const char *r = simd_tmp(c, "r");
  if (simd_red_is_op(kind)) {
    const char **e = arena_alloc(c->arena, sizeof *e * (size_t)c->lanes);
    for (int l = 0; l < c->lanes; l++)
      e[l] = ty->utype ? arena_printf(c->arena, "(%s)%s[%d]", ty->utype, acc, l)
                       : arena_printf(c->arena, "%s[%d]", acc, l);
    for (int n = c->lanes; n > 1; n = (n + 1) / 2) {
      int h = n / 2;  /* an odd count keeps its middle lane, e[h] */
      for (int l = 0; l < h; l++)
        e[l] = arena_printf(c->arena, "(%s %c %s)", e[l], kind, e[l + (n + 1) / 2]);
    }
    simd_pre(c, "const %s %s = (%s)%s;", ty->ctype, r, ty->ctype, e[0]);
    return r;
  }
  simd_pre(c, "%s %s = %s[0];", ty->ctype, r, acc);
  const char *step;
  if (!ty->is_float)
    step = arena_printf(c->arena, "%s[sc__l] %c %s ? %s[sc__l] : %s", acc,
                        kind == SIMD_RED_MAX ? '>' : '<', r, acc, r);
  else
    step = arena_printf(c->arena, "__builtin_%s%s(%s, %s[sc__l])",
                        kind == SIMD_RED_MAX ? "fmax" : "fmin",
                        ty->bytes == 4 ? "f" : "", r, acc);
  simd_pre(c, "for (int sc__l = 1; sc__l < %d; sc__l++) %s = %s;", c->lanes,
           r, step);
  return r;
}

/* conditions are sc__vm lanes of -1/0: C's comparisons of vectors */
static const char *g_cmp(SimdCtx *c, const char *op, const char *a,
                         const char *b) {
  const char *m = simd_tmp(c, "c");
  simd_pre(c, "const sc__vm %s = (sc__vm)((%s) %s (%s));", m, a, op, b);
  return m;
}

static const char *g_logic(SimdCtx *c, int op, const char *a, const char *b) {
  if (op == '!') return arena_printf(c->arena, "(~(%s))", a);
  return arena_printf(c->arena, "((%s) %c (%s))", a, op, b);
}

static const char *g_select(SimdCtx *c, const char *cond, const char *a,
                            const char *b) {
  return select(c, cond, a, b);
}

static const char *g_fabs(SimdCtx *c, const char *a) {
  const char *sign = g_splat(c, simd_type(c)->sum_id);
  return arena_printf(c->arena, "((sc__vd)((sc__vm)(%s) & ~(sc__vm)(%s)))", a,
                      sign);
}

const SimdOps simd_generic_ops = {
    .name = "generic",
    .guard = "defined(__GNUC__)",
    .needs = "a GNU C compiler (gcc or clang)",
    .lanes = 4,
    .seg_min = 16,
    .seg_unlikely = 1,
    .vtype = {"sc__vd", "sc__vd", "sc__vd", "sc__vd"},
    .prologue = g_prologue,
    .mask = g_mask,
    .splat = g_splat,
    .load = g_load,
    .store = g_store,
    .gather = g_gather,
    .scatter = g_scatter,
    .binop = g_binop,
    .neg = g_neg,
    .accum = g_accum,
    .reduce = g_reduce,
    .cmp = g_cmp,
    .logic = g_logic,
    .select = g_select,
    .fabs = g_fabs,
};
