/* simd_avx2.c — the AVX2 backend: 256-bit values (__m256d: 4 doubles,
 * __m256: 8 floats, __m256i: 4 64-bit or 8 32-bit integers), masks as
 * __m256i lanes of all ones for the active prefix; masked loads and stores
 * by _mm256_maskload_* and _mm256_maskstore_*; gathers by scalar loads
 * (vgatherqpd is microcoded and slower, masked or not, on the cores
 * measured), in the masked last chunk with the inactive lanes at the last
 * active lane's coordinate, so --index32 changes nothing here. AVX2 has
 * no scatter: a scatter stores the lanes through a spill. AVX2 has no
 * 64-bit integer multiply, max or min: they are composed (32-bit
 * multiplies, compare and blend). Integer lanes wrap. Emitted under
 * `#if defined(__AVX2__)` (compile with -mavx2 or a -march that has it). */
#include <string.h>

#include "vector/simd.h"

/* Per element type: lanes, the suffix of the arithmetic intrinsics, the
 * scalar type of spills and lane lists. */
typedef struct A2Type {
  int lanes;
  const char *sfx;   /* "pd", "ps", "epi64", "epi32" */
} A2Type;

static const A2Type a2_types[4] = {
    [SIMD_F64] = {4, "pd"},
    [SIMD_F32] = {8, "ps"},
    [SIMD_I64] = {4, "epi64"},
    [SIMD_I32] = {8, "epi32"},
};

static const A2Type *ty(SimdCtx *c) { return &a2_types[simd_type(c)->elem]; }
static int is_int(SimdCtx *c) { return !simd_type(c)->is_float; }
static const char *vt(SimdCtx *c) {
  return simd_avx2_ops.vtype[simd_type(c)->elem];
}

static void a_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  (void)c, (void)sb, (void)ind;
}

static const char *a_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "m");
  if (simd_type(c)->bytes == 8)
    simd_pre(c, "const __m256i %s = _mm256_cmpgt_epi64(_mm256_set1_epi64x("
                "(long long)(%s)), _mm256_setr_epi64x(0, 1, 2, 3));", m, n);
  else
    simd_pre(c, "const __m256i %s = _mm256_cmpgt_epi32(_mm256_set1_epi32("
                "(int)(%s)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));", m, n);
  c->mask_n = n;
  return m;
}

static const char *a_splat(SimdCtx *c, const char *s) {
  switch (simd_type(c)->elem) {
  case SIMD_F32: return arena_printf(c->arena, "_mm256_set1_ps((float)(%s))", s);
  case SIMD_I64:
    return arena_printf(c->arena, "_mm256_set1_epi64x((long long)(%s))", s);
  case SIMD_I32: return arena_printf(c->arena, "_mm256_set1_epi32((int)(%s))", s);
  default: return arena_printf(c->arena, "_mm256_set1_pd((double)(%s))", s);
  }
}

static const char *a_load(SimdCtx *c, const char *addr, const char *m) {
  const char *sfx = ty(c)->sfx;
  if (is_int(c)) {
    if (!m)
      return arena_printf(c->arena, "_mm256_loadu_si256((const __m256i *)(%s))",
                          addr);
    return arena_printf(c->arena, "_mm256_maskload_%s((const %s *)(%s), %s)",
                        sfx, simd_type(c)->bytes == 8 ? "long long" : "int",
                        addr, m);
  }
  if (!m) return arena_printf(c->arena, "_mm256_loadu_%s(%s)", sfx, addr);
  return arena_printf(c->arena, "_mm256_maskload_%s(%s, %s)", sfx, addr, m);
}

static void a_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  const char *sfx = ty(c)->sfx;
  if (is_int(c)) {
    if (!m) simd_pre(c, "_mm256_storeu_si256((__m256i *)(%s), %s);", addr, v);
    else
      simd_pre(c, "_mm256_maskstore_%s((%s *)(%s), %s, %s);", sfx,
               simd_type(c)->bytes == 8 ? "long long" : "int", addr, m, v);
    return;
  }
  if (!m) simd_pre(c, "_mm256_storeu_%s(%s, %s);", sfx, addr, v);
  else simd_pre(c, "_mm256_maskstore_%s(%s, %s, %s);", sfx, addr, m, v);
}

static const char *a_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  /* scalar loads; vgatherqpd is microcoded and slower than scalar loads
   * on many x86 cores (docs/vectorization.md) */
  const char *set = simd_type(c)->elem == SIMD_I64
                        ? "_mm256_setr_epi64x("
                        : arena_printf(c->arena, "_mm256_setr_%s(", ty(c)->sfx);
  return simd_lanes(c, set, ")", base, crd, crd_type, m, ty(c)->lanes);
}

static void a_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  (void)crd_type;
  const char *t = simd_tmp(c, "sp");
  int w = ty(c)->lanes;
  simd_pre(c, "%s %s[%d];", simd_type(c)->ctype, t, w);
  if (is_int(c)) simd_pre(c, "_mm256_storeu_si256((__m256i *)%s, %s);", t, v);
  else simd_pre(c, "_mm256_storeu_%s(%s, %s);", ty(c)->sfx, t, v);
  /* the active lanes are the first mask_n */
  const char *n = m && c->mask_n ? c->mask_n : NULL;
  simd_pre(c, "for (int sc__l = 0; sc__l < %s; sc__l++) (%s)[(%s)[sc__l]] = "
              "%s[sc__l];", n ? n : arena_printf(c->arena, "%d", w), base, crd,
           t);
}

/* a * b on 64-bit lanes: the low 64 bits of the product from 32-bit
 * multiplies (AVX2 has no vpmullq) */
static const char *mul64(SimdCtx *c, const char *a, const char *b) {
  const char *x = simd_tmp(c, "v"), *y = simd_tmp(c, "v");
  simd_pre(c, "const __m256i %s = %s, %s = %s;", x, a, y, b);
  return arena_printf(
      c->arena,
      "_mm256_add_epi64(_mm256_mul_epu32(%s, %s), _mm256_slli_epi64("
      "_mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(%s, 32), %s), "
      "_mm256_mul_epu32(%s, _mm256_srli_epi64(%s, 32))), 32))",
      x, y, x, y, x, y);
}

static const char *a_binop(SimdCtx *c, int op, const char *a, const char *b) {
  if (op == '*' && simd_type(c)->elem == SIMD_I64) return mul64(c, a, b);
  if (op == '^' || op == '|' || op == '&')
    return arena_printf(c->arena, "_mm256_%s_si256(%s, %s)",
                        op == '^' ? "xor" : op == '|' ? "or" : "and", a, b);
  const char *f = op == '+' ? "add" : op == '-' ? "sub" : op == '*'
                      ? (simd_type(c)->elem == SIMD_I32 ? "mullo" : "mul")
                      : "div";
  return arena_printf(c->arena, "_mm256_%s_%s(%s, %s)", f, ty(c)->sfx, a, b);
}

static const char *a_neg(SimdCtx *c, const char *a) {
  if (is_int(c))
    return arena_printf(c->arena, "_mm256_sub_%s(_mm256_setzero_si256(), %s)",
                        ty(c)->sfx, a);
  return arena_printf(c->arena, "_mm256_xor_%s(%s, _mm256_set1_%s(%s))",
                      ty(c)->sfx, a, ty(c)->sfx, simd_type(c)->sum_id);
}

/* lanes of mask (an __m256i) take b, the others a */
static const char *blend(SimdCtx *c, const char *a, const char *b,
                         const char *mask) {
  if (is_int(c))
    return arena_printf(c->arena, "_mm256_blendv_epi8(%s, %s, %s)", a, b, mask);
  const char *sfx = ty(c)->sfx;
  return arena_printf(c->arena, "_mm256_blendv_%s(%s, %s, _mm256_castsi256_%s(%s))",
                      sfx, a, b, sfx, mask);
}

static const char *a_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  const char *r;
  const char *sfx = ty(c)->sfx;
  if (simd_red_is_op(kind)) {
    r = a_binop(c, kind, acc, v);
  } else if (simd_type(c)->elem == SIMD_I64) {
    /* no vpmaxsq: compare and blend */
    const char *t = simd_tmp(c, "v");
    simd_pre(c, "const __m256i %s = %s;", t, v);
    r = arena_printf(c->arena, "_mm256_blendv_epi8(%s, %s, _mm256_cmpgt_epi64(%s, %s))",
                     acc, t, kind == SIMD_RED_MAX ? t : acc,
                     kind == SIMD_RED_MAX ? acc : t);
  } else if (is_int(c)) {
    r = arena_printf(c->arena, "_mm256_%s_epi32(%s, %s)",
                     kind == SIMD_RED_MAX ? "max" : "min", acc, v);
  } else {
    /* max_p?(v, acc) gives acc when either is NaN; fix the acc-NaN case */
    const char *t = simd_tmp(c, "v");
    simd_pre(c, "const %s %s = %s;", vt(c), t, v);
    r = arena_printf(c->arena,
                     "_mm256_blendv_%s(_mm256_%s_%s(%s, %s), %s, "
                     "_mm256_cmp_%s(%s, %s, _CMP_UNORD_Q))",
                     sfx, kind == SIMD_RED_MAX ? "max" : "min", sfx, t, acc, t,
                     sfx, acc, acc);
  }
  if (!m) return r;
  return blend(c, acc, r, m);
}

static const char *a_reduce(SimdCtx *c, int kind, const char *acc) {
  const SimdType *st = simd_type(c);
  const char *r = simd_tmp(c, "r");
  if (kind == SIMD_RED_ADD && st->elem == SIMD_F64) {
    const char *h = simd_tmp(c, "h");
    simd_pre(c, "const __m128d %s = _mm_add_pd(_mm256_castpd256_pd128(%s), "
                "_mm256_extractf128_pd(%s, 1));", h, acc, acc);
    simd_pre(c, "const double %s = _mm_cvtsd_f64(_mm_add_sd(%s, "
                "_mm_unpackhi_pd(%s, %s)));", r, h, h, h);
    return r;
  }
  if (kind == SIMD_RED_ADD && st->elem == SIMD_F32) {
    const char *h = simd_tmp(c, "h");
    simd_pre(c, "__m128 %s = _mm_add_ps(_mm256_castps256_ps128(%s), "
                "_mm256_extractf128_ps(%s, 1));", h, acc, acc);
    simd_pre(c, "%s = _mm_add_ps(%s, _mm_movehl_ps(%s, %s));", h, h, h, h);
    simd_pre(c, "const float %s = _mm_cvtss_f32(_mm_add_ss(%s, "
                "_mm_shuffle_ps(%s, %s, 1)));", r, h, h, h);
    return r;
  }
  const char *t = simd_tmp(c, "sp");
  int w = ty(c)->lanes;
  simd_pre(c, "%s %s[%d];", st->ctype, t, w);
  if (is_int(c)) simd_pre(c, "_mm256_storeu_si256((__m256i *)%s, %s);", t, acc);
  else simd_pre(c, "_mm256_storeu_%s(%s, %s);", ty(c)->sfx, t, acc);
  simd_pre(c, "%s %s = %s[0];", st->ctype, r, t);
  const char *step;
  if (simd_red_is_op(kind)) {
    char op = (char)kind;
    step = st->utype ? arena_printf(c->arena, "(%s)((%s)%s %c (%s)%s[sc__l])",
                                    st->ctype, st->utype, r, op, st->utype, t)
                     : arena_printf(c->arena, "%s %c %s[sc__l]", r, op, t);
  } else if (is_int(c)) {
    step = arena_printf(c->arena, "%s[sc__l] %c %s ? %s[sc__l] : %s", t,
                        kind == SIMD_RED_MAX ? '>' : '<', r, t, r);
  } else {
    step = arena_printf(c->arena, "__builtin_%s%s(%s, %s[sc__l])",
                        kind == SIMD_RED_MAX ? "fmax" : "fmin",
                        st->bytes == 4 ? "f" : "", r, t);
  }
  simd_pre(c, "for (int sc__l = 1; sc__l < %d; sc__l++) %s = %s;", w, r, step);
  return r;
}

/* Conditions are __m256i lanes of all ones. Floats: _mm256_cmp_* with
 * _CMP_*_OQ (false on NaN) except != (_CMP_NEQ_UQ, true on NaN, as in C).
 * Integers: AVX2 has only > and ==; the others are their swaps and
 * complements. */
static const char *a_cmp(SimdCtx *c, const char *op, const char *a,
                         const char *b) {
  const char *m = simd_tmp(c, "c");
  const char *sfx = ty(c)->sfx;
  if (!is_int(c)) {
    const char *pred = !strcmp(op, "<") ? "_CMP_LT_OQ" : !strcmp(op, "<=")
                           ? "_CMP_LE_OQ" : !strcmp(op, ">") ? "_CMP_GT_OQ"
                       : !strcmp(op, ">=") ? "_CMP_GE_OQ" : !strcmp(op, "==")
                           ? "_CMP_EQ_OQ" : "_CMP_NEQ_UQ";
    simd_pre(c, "const __m256i %s = _mm256_cast%s_si256(_mm256_cmp_%s(%s, %s, "
                "%s));", m, sfx, sfx, a, b, pred);
    return m;
  }
  const char *x = simd_tmp(c, "v"), *y = simd_tmp(c, "v");
  simd_pre(c, "const __m256i %s = %s, %s = %s;", x, a, y, b);
  const char *r;
  int neg = 0;
  if (!strcmp(op, ">")) r = arena_printf(c->arena, "_mm256_cmpgt_%s(%s, %s)", sfx, x, y);
  else if (!strcmp(op, "<")) r = arena_printf(c->arena, "_mm256_cmpgt_%s(%s, %s)", sfx, y, x);
  else if (!strcmp(op, "<=")) { r = arena_printf(c->arena, "_mm256_cmpgt_%s(%s, %s)", sfx, x, y); neg = 1; }
  else if (!strcmp(op, ">=")) { r = arena_printf(c->arena, "_mm256_cmpgt_%s(%s, %s)", sfx, y, x); neg = 1; }
  else { r = arena_printf(c->arena, "_mm256_cmpeq_%s(%s, %s)", sfx, x, y); neg = !strcmp(op, "!="); }
  if (neg) r = arena_printf(c->arena, "_mm256_xor_si256(%s, _mm256_set1_epi32(-1))", r);
  simd_pre(c, "const __m256i %s = %s;", m, r);
  return m;
}

static const char *a_logic(SimdCtx *c, int op, const char *a, const char *b) {
  if (op == '!')
    return arena_printf(c->arena, "_mm256_xor_si256(%s, _mm256_set1_epi32(-1))", a);
  return arena_printf(c->arena, "_mm256_%s_si256(%s, %s)", op == '&' ? "and" : "or",
                      a, b);
}

static const char *a_select(SimdCtx *c, const char *cond, const char *a,
                            const char *b) {
  return blend(c, b, a, cond);
}

static const char *a_fabs(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "_mm256_andnot_%s(_mm256_set1_%s(%s), %s)",
                      ty(c)->sfx, ty(c)->sfx, simd_type(c)->sum_id, a);
}

const SimdOps simd_avx2_ops = {
    .name = "avx2",
    .guard = "defined(__AVX2__)",
    .needs = "-mavx2",
    .lanes = 4,
    .seg_min = 16,
    .vtype = {"__m256d", "__m256", "__m256i", "__m256i"},
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
    .cmp = a_cmp,
    .logic = a_logic,
    .select = a_select,
    .fabs = a_fabs,
};
