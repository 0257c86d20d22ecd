/* simd_avx2.c — the AVX2 backend: __m256d values (4 doubles), masks as
 * __m256i lanes of all ones for the active prefix; masked loads and stores
 * by _mm256_maskload_pd/_mm256_maskstore_pd; gathers by four scalar loads
 * (vgatherqpd is microcoded and slower, masked or not, on the cores
 * measured), in the masked last chunk with the inactive lanes at the last
 * active lane's coordinate, so --index32 changes nothing here. AVX2 has
 * no scatter: a scatter stores the lanes through a spill. Emitted under
 * `#if defined(__AVX2__)` (compile with -mavx2 or a -march that has it). */
#include "vector/simd.h"

static void a_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  (void)c, (void)sb, (void)ind;
}

static const char *a_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "m");
  simd_pre(c, "const __m256i %s = _mm256_cmpgt_epi64(_mm256_set1_epi64x("
              "(long long)(%s)), _mm256_setr_epi64x(0, 1, 2, 3));", m, n);
  c->mask_n = n;
  return m;
}

static const char *a_splat(SimdCtx *c, const char *s) {
  return arena_printf(c->arena, "_mm256_set1_pd((double)(%s))", s);
}

static const char *a_load(SimdCtx *c, const char *addr, const char *m) {
  if (!m) return arena_printf(c->arena, "_mm256_loadu_pd(%s)", addr);
  return arena_printf(c->arena, "_mm256_maskload_pd(%s, %s)", addr, m);
}

static void a_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  if (!m) simd_pre(c, "_mm256_storeu_pd(%s, %s);", addr, v);
  else simd_pre(c, "_mm256_maskstore_pd(%s, %s, %s);", addr, m, v);
}

static const char *a_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  if (!m) {
    /* full chunks: four loads; vgatherqpd is microcoded and slower than
     * scalar loads on many x86 cores (docs/vectorization.md) */
    const char *p = simd_tmp(c, "cp");
    simd_pre(c, "const %s *const %s = %s;", crd_type, p, crd);
    return arena_printf(c->arena, "_mm256_setr_pd((%s)[%s[0]], (%s)[%s[1]], "
                        "(%s)[%s[2]], (%s)[%s[3]])", base, p, base, p, base, p,
                        base, p);
  }
  /* the last chunk of n (1..4) lanes: four scalar loads, inactive lanes
   * at the last active lane's coordinate (in the segment, already read;
   * the masked accumulation or store drops them) */
  const char *p = simd_tmp(c, "cp");
  const char *n = c->mask_n ? c->mask_n : "1";
  simd_pre(c, "const %s *const %s = %s;", crd_type, p, crd);
  return arena_printf(c->arena, "_mm256_setr_pd((%s)[%s[0]], (%s)[%s[1 < %s "
                      "? 1 : %s - 1]], (%s)[%s[2 < %s ? 2 : %s - 1]], "
                      "(%s)[%s[3 < %s ? 3 : %s - 1]])", base, p, base, p, n,
                      n, base, p, n, n, base, p, n, n);
}

static void a_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  (void)crd_type;
  const char *t = simd_tmp(c, "sp");
  simd_pre(c, "double %s[4];", t);
  simd_pre(c, "_mm256_storeu_pd(%s, %s);", t, v);
  if (!m)
    simd_pre(c, "for (int sc__l = 0; sc__l < 4; sc__l++) (%s)[(%s)[sc__l]] = "
                "%s[sc__l];", base, crd, t);
  else
    simd_pre(c, "for (int sc__l = 0; sc__l < 4; sc__l++) if ((_mm256_movemask_pd("
                "_mm256_castsi256_pd(%s)) >> sc__l) & 1) (%s)[(%s)[sc__l]] = "
                "%s[sc__l];", m, base, crd, t);
}

static const char *a_binop(SimdCtx *c, int op, const char *a, const char *b) {
  const char *f = op == '+' ? "add" : op == '-' ? "sub" : op == '*' ? "mul"
                                                                   : "div";
  return arena_printf(c->arena, "_mm256_%s_pd(%s, %s)", f, a, b);
}

static const char *a_neg(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "_mm256_xor_pd(%s, _mm256_set1_pd(-0.0))", a);
}

static const char *a_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  const char *r;
  if (kind == SIMD_RED_ADD || kind == SIMD_RED_MUL) {
    r = arena_printf(c->arena, "_mm256_%s_pd(%s, %s)",
                     kind == SIMD_RED_ADD ? "add" : "mul", acc, v);
  } else {
    /* max_pd(v, acc) gives acc when either is NaN; fix the acc-NaN case */
    const char *t = simd_tmp(c, "v");
    simd_pre(c, "const __m256d %s = %s;", t, v);
    r = arena_printf(c->arena,
                     "_mm256_blendv_pd(_mm256_%s_pd(%s, %s), %s, "
                     "_mm256_cmp_pd(%s, %s, _CMP_UNORD_Q))",
                     kind == SIMD_RED_MAX ? "max" : "min", t, acc, t, acc, acc);
  }
  if (!m) return r;
  return arena_printf(c->arena, "_mm256_blendv_pd(%s, %s, _mm256_castsi256_pd(%s))",
                      acc, r, m);
}

static const char *a_reduce(SimdCtx *c, int kind, const char *acc) {
  const char *r = simd_tmp(c, "r");
  if (kind == SIMD_RED_ADD) {
    const char *h = simd_tmp(c, "h");
    simd_pre(c, "const __m128d %s = _mm_add_pd(_mm256_castpd256_pd128(%s), "
                "_mm256_extractf128_pd(%s, 1));", h, acc, acc);
    simd_pre(c, "const double %s = _mm_cvtsd_f64(_mm_add_sd(%s, "
                "_mm_unpackhi_pd(%s, %s)));", r, h, h, h);
    return r;
  }
  const char *t = simd_tmp(c, "sp");
  simd_pre(c, "double %s[4];", t);
  simd_pre(c, "_mm256_storeu_pd(%s, %s);", t, acc);
  simd_pre(c, "double %s = %s[0];", r, t);
  const char *step =
      kind == SIMD_RED_MUL ? arena_printf(c->arena, "%s * %s[sc__l]", r, t)
      : arena_printf(c->arena, "__builtin_%s(%s, %s[sc__l])",
                     kind == SIMD_RED_MAX ? "fmax" : "fmin", r, t);
  simd_pre(c, "for (int sc__l = 1; sc__l < 4; sc__l++) %s = %s;", r, step);
  return r;
}

const SimdOps simd_avx2_ops = {
    .name = "avx2",
    .guard = "defined(__AVX2__)",
    .needs = "-mavx2",
    .lanes = 4,
    .min_crd_bits = 32,
    .vtype = "__m256d",
    .prologue = a_prologue,
    .mask = a_mask,
    .splat = a_splat,
    .load = a_load,
    .store = a_store,
    .gather = a_gather,
    .scatter = a_scatter,
    .binop = a_binop,
    .neg = a_neg,
    .accum = a_accum,
    .reduce = a_reduce,
};
