/* simd_avx512.c — the AVX-512F backend: 512-bit values (__m512d: 8
 * doubles, __m512: 16 floats, __m512i: 8 64-bit or 16 32-bit integers),
 * k-masks (__mmask8 / __mmask16) for the active prefix; masked loads,
 * stores, scatters (_mm512_mask_i64scatter_*, _mm512_mask_i32scatter_*
 * for 8- to 32-bit coordinates or --index32; 16 lanes with 64-bit coordinates
 * scatter as two halves of 8) and masked arithmetic for reductions;
 * gathers of full 8-lane chunks by _mm512_i64gather_* (8-, 16- and
 * 32-bit coordinates widened), or by scalar loads where the C compiler targets
 * an AMD core; other gathers by scalar loads (in the masked last chunk,
 * inactive lanes at the last active lane's coordinate). Integer lanes
 * wrap. Only AVX512F intrinsics are used (64-bit multiplies by
 * _mm512_mullox_epi64), so `-mavx512f` suffices; emitted under
 * `#if defined(__AVX512F__)`. */
#include <string.h>

#include "vector/simd.h"

/* Per element type: lanes, the suffix of the arithmetic intrinsics, the
 * k-mask type. */
typedef struct K5Type {
  int lanes;
  const char *sfx;   /* "pd", "ps", "epi64", "epi32" */
  const char *kt;    /* "__mmask8", "__mmask16" */
} K5Type;

static const K5Type k5_types[4] = {
    [SIMD_F64] = {8, "pd", "__mmask8"},
    [SIMD_F32] = {16, "ps", "__mmask16"},
    [SIMD_I64] = {8, "epi64", "__mmask8"},
    [SIMD_I32] = {16, "epi32", "__mmask16"},
};

static const K5Type *ty(SimdCtx *c) { return &k5_types[simd_type(c)->elem]; }
static int is_int(SimdCtx *c) { return !simd_type(c)->is_float; }
static const char *vt(SimdCtx *c) {
  return simd_avx512_ops.vtype[simd_type(c)->elem];
}

static void k_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  (void)c, (void)sb, (void)ind;
}

static const char *k_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "m");
  if (ty(c)->lanes == 8)
    simd_pre(c, "const __mmask8 %s = (__mmask8)(0xFFu >> (8 - (int)(%s)));", m,
             n);
  else
    simd_pre(c, "const __mmask16 %s = (__mmask16)(0xFFFFu >> (16 - (int)(%s)));",
             m, n);
  c->mask_n = n;
  return m;
}

static const char *k_splat(SimdCtx *c, const char *s) {
  return arena_printf(c->arena, "_mm512_set1_%s((%s)(%s))", ty(c)->sfx,
                      simd_type(c)->ctype, s);
}

static const char *k_load(SimdCtx *c, const char *addr, const char *m) {
  if (is_int(c)) {
    if (!m)
      return arena_printf(c->arena, "_mm512_loadu_si512((const void *)(%s))",
                          addr);
    return arena_printf(c->arena, "_mm512_maskz_loadu_%s(%s, (const void *)(%s))",
                        ty(c)->sfx, m, addr);
  }
  if (!m) return arena_printf(c->arena, "_mm512_loadu_%s(%s)", ty(c)->sfx, addr);
  return arena_printf(c->arena, "_mm512_maskz_loadu_%s(%s, %s)", ty(c)->sfx, m,
                      addr);
}

static void k_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  if (is_int(c)) {
    if (!m) simd_pre(c, "_mm512_storeu_si512((void *)(%s), %s);", addr, v);
    else
      simd_pre(c, "_mm512_mask_storeu_%s((void *)(%s), %s, %s);", ty(c)->sfx,
               addr, m, v);
    return;
  }
  if (!m) simd_pre(c, "_mm512_storeu_%s(%s, %s);", ty(c)->sfx, addr, v);
  else simd_pre(c, "_mm512_mask_storeu_%s(%s, %s, %s);", ty(c)->sfx, addr, m, v);
}

/* Whether crd_type is an 8- or 16-bit coordinate type. */
static int narrow_crd(const char *crd_type) {
  return !strcmp(crd_type, "uint8_t") || !strcmp(crd_type, "uint16_t");
}

/* The 8 narrow (8- or 16-bit) coordinates at crd, all read, zero-extended
 * to 64-bit indices (vpmovzxbq / vpmovzxwq from memory). */
static const char *widen8(SimdCtx *c, const char *crd, const char *crd_type) {
  if (!strcmp(crd_type, "uint8_t"))
    return arena_printf(c->arena, "_mm512_cvtepu8_epi64(_mm_loadl_epi64("
                        "(const __m128i *)(%s)))", crd);
  return arena_printf(c->arena, "_mm512_cvtepu16_epi64(_mm_loadu_si128("
                      "(const __m128i *)(%s)))", crd);
}

/* Eight indices of the coordinates at crd under the 8-lane mask m8 (or
 * NULL): an __m512i of 64-bit or an __m256i of 32-bit indices; *is32 says
 * which. */
static const char *indices8(SimdCtx *c, const char *crd, const char *crd_type,
                            const char *m8, int *is32) {
  const char *t = simd_tmp(c, "ix");
  if (narrow_crd(crd_type)) {
    /* 8- and 16-bit coordinates: widened to 64-bit indices, by one load
     * of the 8 coordinates, or under a mask by the active lanes' loads
     * (the inactive ones repeat the last: a masked 8- or 16-bit load
     * needs AVX512BW) */
    *is32 = 0;
    if (!m8)
      simd_pre(c, "const __m512i %s = %s;", t, widen8(c, crd, crd_type));
    else
      simd_pre(c, "const __m512i %s = %s;", t,
               simd_lanes(c, "_mm512_setr_epi64(", ")", crd, NULL, NULL, m8,
                          8));
    return t;
  }
  if (strcmp(crd_type, "uint32_t") == 0) {
    *is32 = 1;
    simd_pre(c, "const __m256i %s = _mm512_castsi512_si256("
                "_mm512_maskz_loadu_epi32((__mmask16)%s, %s));", t,
             m8 ? m8 : "0xFF", crd);
    return t;
  }
  if (!m8)
    simd_pre(c, "const __m512i %s = _mm512_loadu_si512((const void *)(%s));",
             t, crd);
  else
    simd_pre(c, "const __m512i %s = _mm512_maskz_loadu_epi64(%s, %s);", t, m8,
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

/* The AMD cores, whose vgatherqpd / vgatherdpd are slower than eight
 * scalar loads (docs/performance.md, "Vectorized SpMV on long rows: the
 * hardware gather"). */
#define K5_SCALAR_GATHER                                                     \
  "defined(__znver1__) || defined(__znver2__) || defined(__znver3__) || "  \
  "defined(__znver4__) || defined(__znver5__)"

static const char *k_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  const char *sw = arena_printf(c->arena, "_mm512_setr_%s(", ty(c)->sfx);
  if (ty(c)->lanes != 8 || m)
    /* 16 lanes of 32 bits, and the masked last chunk (a masked hardware
     * gather there, at the row's end, was slower): scalar loads */
    return simd_lanes(c, sw, ")", base, crd, crd_type, m, ty(c)->lanes);
  /* a full chunk of 8 lanes of 64 bits: one hardware gather with 64-bit
   * indices (32-bit coordinates widened, unsigned: any coordinate), or
   * scalar loads where the C compiler targets an AMD core */
  const char *g = simd_tmp(c, "g");
  simd_pre(c, "%s %s;", vt(c), g);
  simd_pre(c, "#if %s", K5_SCALAR_GATHER);
  simd_pre(c, "%s = %s;", g, simd_lanes(c, sw, ")", base, crd, crd_type, m, 8));
  simd_pre(c, "#else");
  const char *ix = simd_tmp(c, "ix");
  if (strcmp(crd_type, "uint32_t") == 0)
    /* one vpmovzxdq from memory (a masked 512-bit load of the 8
     * coordinates, widened after, was slower) */
    simd_pre(c, "const __m512i %s = _mm512_cvtepu32_epi64(_mm256_loadu_si256("
                "(const __m256i *)(%s)));", ix, crd);
  else if (narrow_crd(crd_type))
    simd_pre(c, "const __m512i %s = %s;", ix, widen8(c, crd, crd_type));
  else
    simd_pre(c, "const __m512i %s = _mm512_loadu_si512((const void *)(%s));",
             ix, crd);
  simd_pre(c, "%s = _mm512_i64gather_%s(%s, (const void *)(%s), 8);", g,
           ty(c)->sfx, ix, base);
  simd_pre(c, "#endif");
  return g;
}

static void k_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  const char *sfx = ty(c)->sfx;
  int is32;
  if (ty(c)->lanes == 8) {
    const char *ix = indices8(c, crd, crd_type, m, &is32);
    if (!m)
      simd_pre(c, "_mm512_i%dscatter_%s(%s, %s, %s, 8);", is32 ? 32 : 64, sfx,
               base, ix, v);
    else
      simd_pre(c, "_mm512_mask_i%dscatter_%s(%s, %s, %s, %s, 8);",
               is32 ? 32 : 64, sfx, base, m, ix, v);
    return;
  }
  /* 16 lanes of 32 bits */
  const char *mm = m ? m : "(__mmask16)0xFFFF";
  if (narrow_crd(crd_type)) {
    /* 8- and 16-bit coordinates: 32-bit indices (they fit), by one
     * widening load of the 16 coordinates, or under a mask by the active
     * lanes' loads */
    const char *ix = simd_tmp(c, "ix");
    const char *w = !m ? arena_printf(
                             c->arena, !strcmp(crd_type, "uint8_t")
                                 ? "_mm512_cvtepu8_epi32(_mm_loadu_si128("
                                   "(const __m128i *)(%s)))"
                                 : "_mm512_cvtepu16_epi32(_mm256_loadu_si256("
                                   "(const __m256i *)(%s)))", crd)
                       : simd_lanes(c, "_mm512_setr_epi32(", ")", crd, NULL,
                                    NULL, m, 16);
    simd_pre(c, "const __m512i %s = %s;", ix, w);
    simd_pre(c, "_mm512_mask_i32scatter_%s(%s, %s, %s, %s, 4);", sfx, base, mm,
             ix, v);
    return;
  }
  if (strcmp(crd_type, "uint32_t") == 0) {
    const char *ix = simd_tmp(c, "ix");
    simd_pre(c, "const __m512i %s = _mm512_maskz_loadu_epi32(%s, %s);", ix, mm,
             crd);
    simd_pre(c, "_mm512_mask_i32scatter_%s(%s, %s, %s, %s, 4);", sfx, base, mm,
             ix, v);
    return;
  }
  /* 64-bit coordinates: two halves of 8 lanes, 64-bit indices (the
   * 8-lane form with 32-bit indices needs AVX512VL) */
  const char *vv = simd_tmp(c, "v");
  simd_pre(c, "const %s %s = %s;", vt(c), vv, v);
  const char *lo = is_int(c)
      ? arena_printf(c->arena, "_mm512_castsi512_si256(%s)", vv)
      : arena_printf(c->arena, "_mm512_castps512_ps256(%s)", vv);
  const char *hi = is_int(c)
      ? arena_printf(c->arena, "_mm512_extracti64x4_epi64(%s, 1)", vv)
      : arena_printf(c->arena, "_mm256_castpd_ps(_mm512_extractf64x4_pd("
                     "_mm512_castps_pd(%s), 1))", vv);
  const char *sfx8 = is_int(c) ? "epi32" : "ps";
  int index32 = c->index32;
  c->index32 = 0;
  for (int h = 0; h < 2; h++) {
    const char *m8 = arena_printf(c->arena, "(__mmask8)(%s >> %d)", mm, 8 * h);
    const char *ix = indices8(c, h ? arena_printf(c->arena, "(%s + 8)", crd)
                                   : crd, crd_type, m8, &is32);
    simd_pre(c, "_mm512_mask_i64scatter_%s(%s, %s, %s, %s, 4);", sfx8, base,
             m8, ix, h ? hi : lo);
  }
  c->index32 = index32;
}

static const char *k_binop(SimdCtx *c, int op, const char *a, const char *b) {
  if (op == '^' || op == '|' || op == '&')
    return arena_printf(c->arena, "_mm512_%s_%s(%s, %s)",
                        op == '^' ? "xor" : op == '|' ? "or" : "and",
                        ty(c)->sfx, a, b);
  const char *f = op == '+' ? "add" : op == '-' ? "sub" : op == '*'
                      ? (simd_type(c)->elem == SIMD_I32   ? "mullo"
                         : simd_type(c)->elem == SIMD_I64 ? "mullox" : "mul")
                      : "div";
  return arena_printf(c->arena, "_mm512_%s_%s(%s, %s)", f, ty(c)->sfx, a, b);
}

static const char *k_neg(SimdCtx *c, const char *a) {
  if (is_int(c))
    return arena_printf(c->arena, "_mm512_sub_%s(_mm512_setzero_si512(), %s)",
                        ty(c)->sfx, a);
  return arena_printf(c->arena, "_mm512_sub_%s(_mm512_set1_%s(%s), %s)",
                      ty(c)->sfx, ty(c)->sfx, simd_type(c)->sum_id, a);
}

static const char *k_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  const char *sfx = ty(c)->sfx;
  if (kind == SIMD_RED_MUL && simd_type(c)->elem == SIMD_I64) {
    const char *r = k_binop(c, '*', acc, v);
    if (!m) return r;
    return arena_printf(c->arena, "_mm512_mask_blend_epi64(%s, %s, %s)", m, acc,
                        r);
  }
  if (kind == SIMD_RED_ADD || kind == SIMD_RED_MUL || is_int(c)) {
    const char *f = kind == SIMD_RED_ADD ? "add"
                  : kind == SIMD_RED_MUL ? (is_int(c) ? "mullo" : "mul")
                  : kind == SIMD_RED_XOR ? "xor" : kind == SIMD_RED_OR ? "or"
                  : kind == SIMD_RED_MAX ? "max" : "min";
    if (!m) return arena_printf(c->arena, "_mm512_%s_%s(%s, %s)", f, sfx, acc, v);
    return arena_printf(c->arena, "_mm512_mask_%s_%s(%s, %s, %s, %s)", f, sfx,
                        acc, m, acc, v);
  }
  /* max_p?(v, acc) gives acc when either is NaN; take v where acc is NaN */
  const char *t = simd_tmp(c, "v");
  simd_pre(c, "const %s %s = %s;", vt(c), t, v);
  const char *f = kind == SIMD_RED_MAX ? "max" : "min";
  const char *r = arena_printf(
      c->arena, "_mm512_mask_blend_%s(_mm512_cmp_%s_mask(%s, %s, _CMP_UNORD_Q), "
                "_mm512_%s_%s(%s, %s), %s)", sfx, sfx, acc, acc, f, sfx, t, acc, t);
  if (!m) return r;
  return arena_printf(c->arena, "_mm512_mask_blend_%s(%s, %s, %s)", sfx, m, acc,
                      r);
}

static const char *k_reduce(SimdCtx *c, int kind, const char *acc) {
  const SimdType *st = simd_type(c);
  const char *r = simd_tmp(c, "r");
  if (kind == SIMD_RED_XOR) {
    /* no _mm512_reduce_xor: the lanes of a spill */
    const char *t = simd_tmp(c, "sp");
    simd_pre(c, "%s %s[%d];", st->ctype, t, ty(c)->lanes);
    simd_pre(c, "_mm512_storeu_si512((void *)%s, %s);", t, acc);
    simd_pre(c, "%s %s = %s[0];", st->ctype, r, t);
    simd_pre(c, "for (int sc__l = 1; sc__l < %d; sc__l++) %s ^= %s[sc__l];",
             ty(c)->lanes, r, t);
    return r;
  }
  if (kind == SIMD_RED_ADD || kind == SIMD_RED_MUL || !st->is_float) {
    const char *f = kind == SIMD_RED_ADD ? "add" : kind == SIMD_RED_MUL ? "mul"
                  : kind == SIMD_RED_OR ? "or"
                  : kind == SIMD_RED_MAX ? "max" : "min";
    simd_pre(c, "const %s %s = (%s)_mm512_reduce_%s_%s(%s);", st->ctype, r,
             st->ctype, f, ty(c)->sfx, acc);
    return r;
  }
  const char *t = simd_tmp(c, "sp");
  int w = ty(c)->lanes;
  simd_pre(c, "%s %s[%d];", st->ctype, t, w);
  simd_pre(c, "_mm512_storeu_%s(%s, %s);", ty(c)->sfx, t, acc);
  simd_pre(c, "%s %s = %s[0];", st->ctype, r, t);
  simd_pre(c, "for (int sc__l = 1; sc__l < %d; sc__l++) %s = __builtin_%s%s(%s, "
              "%s[sc__l]);", w, r, kind == SIMD_RED_MAX ? "fmax" : "fmin",
           st->bytes == 4 ? "f" : "", r, t);
  return r;
}

/* comparisons give k-masks: _CMP_*_OQ (false on NaN) for floats, except
 * != (_CMP_NEQ_UQ, true on NaN, as in C); _MM_CMPINT_* for integers */
static const char *k_cmp(SimdCtx *c, const char *op, const char *a,
                         const char *b) {
  const char *m = simd_tmp(c, "c");
  const char *pred;
  if (is_int(c))
    pred = !strcmp(op, "<") ? "_MM_CMPINT_LT" : !strcmp(op, "<=") ? "_MM_CMPINT_LE"
         : !strcmp(op, ">") ? "_MM_CMPINT_NLE" : !strcmp(op, ">=") ? "_MM_CMPINT_NLT"
         : !strcmp(op, "==") ? "_MM_CMPINT_EQ" : "_MM_CMPINT_NE";
  else
    pred = !strcmp(op, "<") ? "_CMP_LT_OQ" : !strcmp(op, "<=") ? "_CMP_LE_OQ"
         : !strcmp(op, ">") ? "_CMP_GT_OQ" : !strcmp(op, ">=") ? "_CMP_GE_OQ"
         : !strcmp(op, "==") ? "_CMP_EQ_OQ" : "_CMP_NEQ_UQ";
  simd_pre(c, "const %s %s = _mm512_cmp_%s_mask(%s, %s, %s);", ty(c)->kt, m,
           ty(c)->sfx, a, b, pred);
  return m;
}

static const char *k_logic(SimdCtx *c, int op, const char *a, const char *b) {
  const char *all = ty(c)->lanes == 8 ? "0xFFu" : "0xFFFFu";
  if (op == '!')
    return arena_printf(c->arena, "((%s)(~(unsigned)(%s) & %s))", ty(c)->kt, a,
                        all);
  return arena_printf(c->arena, "((%s)((%s) %c (%s)))", ty(c)->kt, a, op, b);
}

static const char *k_select(SimdCtx *c, const char *cond, const char *a,
                            const char *b) {
  return arena_printf(c->arena, "_mm512_mask_blend_%s(%s, %s, %s)", ty(c)->sfx,
                      cond, b, a);
}

static const char *k_fabs(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "_mm512_abs_%s(%s)", ty(c)->sfx, a);
}

const SimdOps simd_avx512_ops = {
    .name = "avx512",
    .guard = "defined(__AVX512F__)",
    .needs = "-mavx512f",
    .lanes = 8,
    .seg_min = 24,
    .mean_min = 36,
    .seg_unlikely = 1,
    .vtype = {"__m512d", "__m512", "__m512i", "__m512i"},
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
    .cmp = k_cmp,
    .logic = k_logic,
    .select = k_select,
    .fabs = k_fabs,
};
