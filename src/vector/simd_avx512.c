/* simd_avx512.c — the AVX-512F backend: __m512d values (8 doubles), k-masks
 * (__mmask8) for the active prefix; masked loads, stores, scatters
 * (_mm512_mask_i64scatter_pd, _mm512_mask_i32scatter_pd for 32-bit
 * coordinates or --index32) and masked arithmetic for reductions; gathers
 * by eight scalar loads (in the last chunk, inactive lanes at the last
 * active lane's coordinate). Only AVX512F intrinsics are used, so
 * `-mavx512f` suffices; emitted under `#if defined(__AVX512F__)`. */
#include <string.h>

#include "vector/simd.h"

static void k_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  (void)c, (void)sb, (void)ind;
}

static const char *k_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "m");
  simd_pre(c, "const __mmask8 %s = (__mmask8)(0xFFu >> (8 - (int)(%s)));", m, n);
  c->mask_n = n;
  return m;
}

static const char *k_splat(SimdCtx *c, const char *s) {
  return arena_printf(c->arena, "_mm512_set1_pd((double)(%s))", s);
}

static const char *k_load(SimdCtx *c, const char *addr, const char *m) {
  if (!m) return arena_printf(c->arena, "_mm512_loadu_pd(%s)", addr);
  return arena_printf(c->arena, "_mm512_maskz_loadu_pd(%s, %s)", m, addr);
}

static void k_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  if (!m) simd_pre(c, "_mm512_storeu_pd(%s, %s);", addr, v);
  else simd_pre(c, "_mm512_mask_storeu_pd(%s, %s, %s);", addr, m, v);
}

/* __m512i of 64-bit or __m256i of 32-bit indices; *is32 says which. */
static const char *indices(SimdCtx *c, const char *crd, const char *crd_type,
                           const char *m, int *is32) {
  const char *t = simd_tmp(c, "ix");
  if (strcmp(crd_type, "uint32_t") == 0) {
    *is32 = 1;
    simd_pre(c, "const __m256i %s = _mm512_castsi512_si256("
                "_mm512_maskz_loadu_epi32((__mmask16)%s, %s));", t,
             m ? m : "0xFF", crd);
    return t;
  }
  if (!m)
    simd_pre(c, "const __m512i %s = _mm512_loadu_si512((const void *)(%s));",
             t, crd);
  else
    simd_pre(c, "const __m512i %s = _mm512_maskz_loadu_epi64(%s, %s);", t, m,
             crd);
  if (c->index32) {
    const char *n = simd_tmp(c, "ix");
    simd_pre(c, "const __m256i %s = _mm512_cvtepi64_epi32(%s);", n, t);
    *is32 = 1;
    return n;
  }
  *is32 = 0;
  return t;
}

static const char *k_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  /* eight scalar loads (vgatherqpd is slower on the cores measured,
   * docs/vectorization.md); in the last chunk of n lanes the inactive
   * lanes load at the last active lane's coordinate (in the segment,
   * already read; the masked accumulation or store drops them) */
  const char *p = simd_tmp(c, "cp");
  const char *n = m ? (c->mask_n ? c->mask_n : "1") : NULL;
  simd_pre(c, "const %s *const %s = %s;", crd_type, p, crd);
  StrBuf sb = {0};
  sb_puts(&sb, "_mm512_setr_pd(");
  for (int l = 0; l < 8; l++) {
    if (!n || l == 0)
      sb_printf(&sb, "%s(%s)[%s[%d]]", l ? ", " : "", base, p, l);
    else
      sb_printf(&sb, ", (%s)[%s[%d < %s ? %d : %s - 1]]", base, p, l, n, l, n);
  }
  sb_puts(&sb, ")");
  const char *r = arena_strdup(c->arena, sb.data);
  sb_free(&sb);
  return r;
}

static void k_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  int is32;
  const char *ix = indices(c, crd, crd_type, m, &is32);
  if (!m)
    simd_pre(c, "_mm512_i%dscatter_pd(%s, %s, %s, 8);", is32 ? 32 : 64, base,
             ix, v);
  else
    simd_pre(c, "_mm512_mask_i%dscatter_pd(%s, %s, %s, %s, 8);",
             is32 ? 32 : 64, base, m, ix, v);
}

static const char *k_binop(SimdCtx *c, int op, const char *a, const char *b) {
  const char *f = op == '+' ? "add" : op == '-' ? "sub" : op == '*' ? "mul"
                                                                   : "div";
  return arena_printf(c->arena, "_mm512_%s_pd(%s, %s)", f, a, b);
}

static const char *k_neg(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "_mm512_sub_pd(_mm512_set1_pd(-0.0), %s)", a);
}

static const char *k_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  if (kind == SIMD_RED_ADD || kind == SIMD_RED_MUL) {
    const char *f = kind == SIMD_RED_ADD ? "add" : "mul";
    if (!m) return arena_printf(c->arena, "_mm512_%s_pd(%s, %s)", f, acc, v);
    return arena_printf(c->arena, "_mm512_mask_%s_pd(%s, %s, %s, %s)", f, acc,
                        m, acc, v);
  }
  /* max_pd(v, acc) gives acc when either is NaN; take v where acc is NaN */
  const char *t = simd_tmp(c, "v");
  simd_pre(c, "const __m512d %s = %s;", t, v);
  const char *f = kind == SIMD_RED_MAX ? "max" : "min";
  const char *r = arena_printf(
      c->arena, "_mm512_mask_blend_pd(_mm512_cmp_pd_mask(%s, %s, _CMP_UNORD_Q), "
                "_mm512_%s_pd(%s, %s), %s)", acc, acc, f, t, acc, t);
  if (!m) return r;
  return arena_printf(c->arena, "_mm512_mask_blend_pd(%s, %s, %s)", m, acc, r);
}

static const char *k_reduce(SimdCtx *c, int kind, const char *acc) {
  const char *r = simd_tmp(c, "r");
  if (kind == SIMD_RED_ADD || kind == SIMD_RED_MUL) {
    simd_pre(c, "const double %s = _mm512_reduce_%s_pd(%s);", r,
             kind == SIMD_RED_ADD ? "add" : "mul", acc);
    return r;
  }
  const char *t = simd_tmp(c, "sp");
  simd_pre(c, "double %s[8];", t);
  simd_pre(c, "_mm512_storeu_pd(%s, %s);", t, acc);
  simd_pre(c, "double %s = %s[0];", r, t);
  simd_pre(c, "for (int sc__l = 1; sc__l < 8; sc__l++) %s = __builtin_%s(%s, "
              "%s[sc__l]);", r, kind == SIMD_RED_MAX ? "fmax" : "fmin", r, t);
  return r;
}

const SimdOps simd_avx512_ops = {
    .name = "avx512",
    .guard = "defined(__AVX512F__)",
    .needs = "-mavx512f",
    .lanes = 8,
    .min_crd_bits = 32,
    .vtype = "__m512d",
    .prologue = k_prologue,
    .mask = k_mask,
    .splat = k_splat,
    .load = k_load,
    .store = k_store,
    .gather = k_gather,
    .scatter = k_scatter,
    .binop = k_binop,
    .neg = k_neg,
    .accum = k_accum,
    .reduce = k_reduce,
};
