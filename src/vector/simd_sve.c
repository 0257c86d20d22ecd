/* simd_sve.c — the Arm SVE backend, vector-length agnostic: svfloat64_t
 * values of svcntd() doubles, loops predicated by
 * svwhilelt_b64(iv, hi) on every chunk (the last chunk's predicate is the
 * mask min(step, hi - iv)); predicated loads/stores, gathers
 * svld1_gather_u64index_f64 (32-bit coordinates load zero-extended with
 * svld1uw_u64), scatters svst1_scatter_u64index_f64, merging arithmetic
 * for reductions and svaddv/svmaxnmv/svminnmv to reduce. Emitted under
 * `#if defined(__ARM_FEATURE_SVE)` (-march=armv8-a+sve). */
#include <string.h>

#include "vector/simd.h"

static void s_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  (void)c, (void)sb, (void)ind;
}

/* n is "iv, hi" for the whilelt of the current chunk */
static const char *s_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "pg");
  simd_pre(c, "const svbool_t %s = svwhilelt_b64_s64(%s);", m, n);
  return m;
}

static const char *s_splat(SimdCtx *c, const char *s) {
  return arena_printf(c->arena, "svdup_n_f64((double)(%s))", s);
}

static const char *pred(const char *m) { return m ? m : "svptrue_b64()"; }

static const char *s_load(SimdCtx *c, const char *addr, const char *m) {
  return arena_printf(c->arena, "svld1_f64(%s, %s)", pred(m), addr);
}

static void s_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  simd_pre(c, "svst1_f64(%s, %s, %s);", pred(m), addr, v);
}

static const char *indices(SimdCtx *c, const char *crd, const char *crd_type,
                           const char *m) {
  const char *t = simd_tmp(c, "ix");
  if (strcmp(crd_type, "uint32_t") == 0)
    simd_pre(c, "const svuint64_t %s = svld1uw_u64(%s, %s);", t, pred(m), crd);
  else
    simd_pre(c, "const svuint64_t %s = svld1_u64(%s, %s);", t, pred(m), crd);
  return t;
}

static const char *s_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  const char *ix = indices(c, crd, crd_type, m);
  return arena_printf(c->arena, "svld1_gather_u64index_f64(%s, %s, %s)",
                      pred(m), base, ix);
}

static void s_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  const char *ix = indices(c, crd, crd_type, m);
  simd_pre(c, "svst1_scatter_u64index_f64(%s, %s, %s, %s);", pred(m), base,
           ix, v);
}

static const char *s_binop(SimdCtx *c, int op, const char *a, const char *b) {
  const char *f = op == '+' ? "add" : op == '-' ? "sub" : op == '*' ? "mul"
                                                                   : "div";
  return arena_printf(c->arena, "sv%s_f64_x(svptrue_b64(), %s, %s)", f, a, b);
}

static const char *s_neg(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "svneg_f64_x(svptrue_b64(), %s)", a);
}

/* merging (_m) forms keep acc in inactive lanes; maxnm/minnm are fmax/fmin */
static const char *s_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  const char *f = kind == SIMD_RED_ADD ? "add" : kind == SIMD_RED_MUL ? "mul"
                : kind == SIMD_RED_MAX ? "maxnm" : "minnm";
  return arena_printf(c->arena, "sv%s_f64_m(%s, %s, %s)", f, pred(m), acc, v);
}

static const char *s_reduce(SimdCtx *c, int kind, const char *acc) {
  const char *r = simd_tmp(c, "r");
  if (kind != SIMD_RED_MUL) {
    simd_pre(c, "const double %s = sv%sv_f64(svptrue_b64(), %s);", r,
             kind == SIMD_RED_ADD ? "add" : kind == SIMD_RED_MAX ? "maxnm"
                                                                : "minnm", acc);
    return r;
  }
  const char *t = simd_tmp(c, "sp");
  simd_pre(c, "double %s[32]; /* up to 2048-bit vectors */", t);
  simd_pre(c, "svst1_f64(svptrue_b64(), %s, %s);", t, acc);
  simd_pre(c, "double %s = %s[0];", r, t);
  simd_pre(c, "for (int sc__l = 1; sc__l < (int)svcntd(); sc__l++) %s *= "
              "%s[sc__l];", r, t);
  return r;
}

const SimdOps simd_sve_ops = {
    .name = "sve",
    .guard = "defined(__ARM_FEATURE_SVE)",
    .needs = "-march=armv8-a+sve",
    .lanes = 0,
    .min_crd_bits = 32,
    .vtype = "svfloat64_t",
    .prologue = s_prologue,
    .mask = s_mask,
    .splat = s_splat,
    .load = s_load,
    .store = s_store,
    .gather = s_gather,
    .scatter = s_scatter,
    .binop = s_binop,
    .neg = s_neg,
    .accum = s_accum,
    .reduce = s_reduce,
};
