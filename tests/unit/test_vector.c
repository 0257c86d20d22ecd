/* test_vector.c — unit tests of the vectorization settings and backends
 * (src/vector): precedence of pragma, command line and default; --simd=auto
 * from -march/-m flags; vector lengths per backend; avx512 narrowed for
 * narrow blocks; the C text of each
 * backend's masks, masked loads, gathers and reductions. Whole loops are
 * checked end to end in tests/vector (every shape, trip counts, no scalar
 * remainder loop) and tests/e2e (every case per backend). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "vector/simd.h"
#include "vector/vconfig.h"

static void test_default_is_scalar(void **state) {
  (void)state;
  Arena a = {0};
  Options o;
  memset(&o, 0, sizeof o);
  o.simd = SIMD_AUTO;
  VecConfig c;
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_null(c.ops);
  o.simd = SIMD_NONE;
  o.simd_given = 1;
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_null(c.ops);
  arena_free(&a);
}

static void test_command_line(void **state) {
  (void)state;
  Arena a = {0};
  Options o;
  memset(&o, 0, sizeof o);
  o.simd = SIMD_AVX2;
  o.simd_given = 1;
  VecConfig c;
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_ptr_equal(c.ops, &simd_avx2_ops);
  assert_int_equal(c.vl, 8);
  assert_int_equal(c.lanes, 4);
  assert_int_equal(c.unroll, 2);
  o.vl = 2; /* below the native width: raised, and said so */
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_int_equal(c.vl, 4);
  assert_non_null(c.adjust);
  o.simd = SIMD_GENERIC;
  o.vl = 16;
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_int_equal(c.lanes, 16);
  assert_int_equal(c.unroll, 1);
  o.simd = SIMD_SVE;
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_int_equal(c.lanes, 0); /* vector-length agnostic */
  assert_non_null(c.adjust);    /* vl ignored */
  o.simd = SIMD_AVX512;
  o.vl = 0;
  o.index32 = 1;
  vec_config(&a, &o, NULL, NULL, 0, &c);
  assert_int_equal(c.vl, 16);
  assert_int_equal(c.index32, 1);
  arena_free(&a);
}

static void test_pragma_overrides(void **state) {
  (void)state;
  Arena a = {0};
  Options o;
  memset(&o, 0, sizeof o);
  o.simd = SIMD_GENERIC;
  o.simd_given = 1;
  Pragma p;
  memset(&p, 0, sizeof p);
  p.kind = PRAGMA_VECTORIZE;
  p.vec.vl = 16;
  p.vec.simd = "avx2";
  VecConfig c;
  vec_config(&a, &o, &p, NULL, 0, &c);
  assert_ptr_equal(c.ops, &simd_avx2_ops);
  assert_int_equal(c.vl, 16);
  assert_int_equal(c.unroll, 4);
  p.kind = PRAGMA_NOVECTORIZE;
  vec_config(&a, &o, &p, NULL, 0, &c);
  assert_null(c.ops);
  /* a vectorize pragma alone turns vectorization on; vla picks sve */
  memset(&o, 0, sizeof o);
  memset(&p, 0, sizeof p);
  p.kind = PRAGMA_VECTORIZE;
  p.vec.vla = 1;
  vec_config(&a, &o, &p, NULL, 0, &c);
  assert_ptr_equal(c.ops, &simd_sve_ops);
  arena_free(&a);
}

static void test_auto_flags(void **state) {
  (void)state;
  const char *why = NULL;
  const char *a1[] = {"-O2", "-march=haswell"};
  assert_int_equal(vec_auto_from_flags(a1, 2, &why), SIMD_AVX2);
  assert_string_equal(why, "-march=haswell");
  const char *a2[] = {"-march=x86-64-v4"};
  assert_int_equal(vec_auto_from_flags(a2, 1, &why), SIMD_AVX512);
  const char *a3[] = {"-march=x86-64", "-mavx2"};
  assert_int_equal(vec_auto_from_flags(a3, 2, &why), SIMD_AVX2);
  const char *a4[] = {"-mavx2", "-mavx512f"};
  assert_int_equal(vec_auto_from_flags(a4, 2, &why), SIMD_AVX512);
  const char *a5[] = {"-march=armv8.2-a+sve"};
  assert_int_equal(vec_auto_from_flags(a5, 1, &why), SIMD_SVE);
  const char *a6[] = {"-march=x86-64"};
  assert_int_equal(vec_auto_from_flags(a6, 1, &why), SIMD_GENERIC);
  const char *a7[] = {"-march=skylake", "-mno-avx2"};
  assert_int_equal(vec_auto_from_flags(a7, 2, &why), SIMD_GENERIC);
  /* -mno-avx turns AVX2 and AVX-512 off; -mavx512bw implies AVX-512F; a
   * feature turned off without -march limits the host's choice */
  const char *a9[] = {"-march=haswell", "-mno-avx"};
  assert_int_equal(vec_auto_from_flags(a9, 2, &why), SIMD_GENERIC);
  assert_string_equal(why, "-mno-avx");
  const char *a10[] = {"-march=native", "-mno-avx"};
  assert_int_equal(vec_auto_from_flags(a10, 2, &why), SIMD_GENERIC);
  const char *a11[] = {"-mno-avx"};
  assert_int_equal(vec_auto_from_flags(a11, 1, &why), SIMD_GENERIC);
  const char *a12[] = {"-march=x86-64", "-mavx512bw"};
  assert_int_equal(vec_auto_from_flags(a12, 2, &why), SIMD_AVX512);
  const char *a13[] = {"-mavx512f", "-mno-avx512f"};
  SimdBackend b13 = vec_auto_from_flags(a13, 2, &why);
  assert_true(b13 == SIMD_AVX2 || b13 == SIMD_GENERIC);
  const char *a14[] = {"-mno-avx", "-mavx2"};
  assert_int_equal(vec_auto_from_flags(a14, 2, &why), SIMD_AVX2);
  const char *a8[] = {"-I", "inc", "-DX=1"};
  assert_int_equal(vec_auto_from_flags(a8, 3, &why), SIMD_AUTO);
  SimdBackend h = vec_auto_host();
  assert_true(h == SIMD_GENERIC || h == SIMD_AVX2 || h == SIMD_AVX512);
}

static void test_backend_text(void **state) {
  (void)state;
  Arena a = {0};
  StrBuf pre = {0};
  int uniq = 0;
  SimdCtx c = {&a, &pre, "  ", &uniq, 4, 0, NULL, NULL};
  /* AVX2: mask of the first n lanes, masked load; gathers are scalar
   * loads, in the last chunk with inactive lanes at the last active one */
  const char *m = simd_avx2_ops.mask(&c, "sc__n");
  assert_non_null(strstr(pre.data, "_mm256_cmpgt_epi64"));
  assert_non_null(strstr(simd_avx2_ops.load(&c, "p", m), "_mm256_maskload_pd"));
  const char *g = simd_avx2_ops.gather(&c, "x", "crd", "uint64_t", m);
  assert_non_null(strstr(g, "_mm256_setr_pd"));
  assert_non_null(strstr(g, "[3 < sc__n ? 3 : sc__n - 1]"));
  assert_null(strstr(g, "gather"));
  g = simd_avx2_ops.gather(&c, "x", "crd", "uint32_t", NULL);
  assert_non_null(strstr(g, "_mm256_setr_pd")); /* full chunk: loads */
  assert_null(strstr(g, "sc__n"));
  /* AVX-512: k-masks */
  c.lanes = 8;
  m = simd_avx512_ops.mask(&c, "sc__n");
  assert_non_null(strstr(pre.data, "__mmask8"));
  /* 8 lanes: the masked last chunk by scalar loads, inactive lanes at the
   * last active one */
  pre.len = 0;
  g = simd_avx512_ops.gather(&c, "x", "crd", "uint32_t", m);
  assert_non_null(strstr(g, "_mm512_setr_pd(")); /* scalar loads */
  assert_non_null(strstr(g, "[7 < sc__n ? 7 : sc__n - 1]"));
  assert_null(strstr(pre.data, "gather"));
  /* a full chunk: one hardware gather with 64-bit indices (32-bit
   * coordinates widened unsigned), scalar loads where the C compiler
   * targets AMD */
  pre.len = 0;
  g = simd_avx512_ops.gather(&c, "x", "crd", "uint32_t", NULL);
  assert_non_null(strstr(pre.data, "_mm512_cvtepu32_epi64(_mm256_loadu_si256("
                                   "(const __m256i *)(crd)))"));
  assert_non_null(strstr(pre.data, " = _mm512_i64gather_pd(sc__ix"));
  assert_non_null(strstr(pre.data, "#if defined(__znver1__)"));
  assert_non_null(strstr(pre.data, "_mm512_setr_pd((x)[sc__cp"));
  assert_non_null(strstr(pre.data, "#else"));
  assert_non_null(strstr(pre.data, "#endif"));
  assert_null(strstr(g, "setr"));
  pre.len = 0;
  simd_avx512_ops.gather(&c, "x", "crd", "uint64_t", NULL);
  assert_non_null(strstr(pre.data, "_mm512_loadu_si512((const void *)(crd))"));
  assert_non_null(strstr(pre.data, " = _mm512_i64gather_pd(sc__ix"));
  assert_null(strstr(pre.data, "cvtepu32"));
  /* 16 float lanes: scalar loads */
  c.lanes = 16;
  c.t = &simd_types[SIMD_F32];
  pre.len = 0;
  g = simd_avx512_ops.gather(&c, "x", "crd", "uint32_t", NULL);
  assert_non_null(strstr(g, "_mm512_setr_ps("));
  assert_null(strstr(pre.data, "gather"));
  c.lanes = 8;
  c.t = NULL;
  pre.len = 0;
  simd_avx512_ops.scatter(&c, "x", "crd", "uint32_t", "v", m);
  assert_non_null(strstr(pre.data, "_mm512_mask_i32scatter_pd"));
  /* SVE: whilelt predicates, gathers with 64-bit indices */
  c.lanes = 0;
  m = simd_sve_ops.mask(&c, "(int64_t)(p), (int64_t)(e)");
  assert_non_null(strstr(pre.data, "svwhilelt_b64"));
  g = simd_sve_ops.gather(&c, "x", "crd", "uint32_t", m);
  assert_non_null(strstr(g, "svld1_gather_u64index_f64"));
  assert_non_null(strstr(pre.data, "svld1uw_u64"));
  /* generic: vector extensions, select by mask bits */
  c.lanes = 4;
  pre.len = 0;
  simd_generic_ops.prologue(&c, &pre, "");
  assert_non_null(strstr(pre.data, "__vector_size__(32)"));
  m = simd_generic_ops.mask(&c, "sc__n");
  const char *r = simd_generic_ops.accum(&c, SIMD_RED_ADD, "acc", "v", m);
  assert_non_null(strstr(r, "& ~("));
  /* the masked chunk's loads and gathers: inactive lanes at the last active
   * lane, no per-lane test of the mask (a branch per lane with gcc) */
  pre.len = 0;
  const char *l = simd_generic_ops.load(&c, "p", m);
  assert_string_equal(l, "(sc__vd){(p)[0], (p)[1 < sc__n ? 1 : sc__n - 1], "
                         "(p)[2 < sc__n ? 2 : sc__n - 1], "
                         "(p)[3 < sc__n ? 3 : sc__n - 1]}");
  g = simd_generic_ops.gather(&c, "x", "crd", "uint64_t", m);
  assert_non_null(strstr(g, "(sc__vd){(x)["));
  assert_non_null(strstr(g, "[3 < sc__n ? 3 : sc__n - 1]]}"));
  assert_null(strstr(pre.data, "sc__l"));
  /* sums: a balanced tree, lane l with lane l + 2 first */
  pre.len = 0;
  simd_generic_ops.reduce(&c, SIMD_RED_ADD, "acc");
  assert_non_null(strstr(pre.data, "(double)((acc[0] + acc[2]) + "
                                   "(acc[1] + acc[3]));"));
  /* reductions of every kind produce a scalar */
  for (int k = 0; k < 4; k++) {
    int kind = "+*><"[k];
    assert_non_null(simd_generic_ops.reduce(&c, kind, "acc"));
    assert_non_null(simd_avx2_ops.reduce(&c, kind, "acc"));
    assert_non_null(simd_avx512_ops.reduce(&c, kind, "acc"));
    assert_non_null(simd_sve_ops.reduce(&c, kind, "acc"));
  }
  sb_free(&pre);
  arena_free(&a);
}

/* The element types: each backend's vector type, lanes and intrinsics
 * follow ctx->t; vl is elements of the loop's type. */
static void test_element_types(void **state) {
  (void)state;
  Arena a = {0};
  StrBuf pre = {0};
  int uniq = 0;
  SimdCtx c = {&a, &pre, "", &uniq, 8, 0, NULL, &simd_types[SIMD_F32]};
  const char *m = simd_avx2_ops.mask(&c, "n");
  assert_non_null(strstr(pre.data, "_mm256_cmpgt_epi32"));
  assert_non_null(strstr(simd_avx2_ops.load(&c, "p", m), "_mm256_maskload_ps"));
  assert_string_equal(simd_avx2_ops.vtype[SIMD_F32], "__m256");
  c.t = &simd_types[SIMD_I64];
  pre.len = 0;
  /* no vpmullq on AVX2: composed from 32-bit multiplies */
  assert_non_null(strstr(simd_avx2_ops.binop(&c, '*', "a", "b"),
                         "_mm256_mul_epu32"));
  assert_non_null(strstr(simd_avx2_ops.binop(&c, '^', "a", "b"),
                         "_mm256_xor_si256"));
  c.t = &simd_types[SIMD_I32];
  c.lanes = 16;
  pre.len = 0;
  m = simd_avx512_ops.mask(&c, "n");
  assert_non_null(strstr(pre.data, "__mmask16"));
  assert_non_null(strstr(simd_avx512_ops.accum(&c, SIMD_RED_OR, "acc", "v", m),
                         "_mm512_mask_or_epi32"));
  assert_non_null(simd_avx512_ops.reduce(&c, SIMD_RED_MAX, "acc"));
  assert_non_null(strstr(pre.data, "_mm512_reduce_max_epi32"));
  c.lanes = 0;
  pre.len = 0;
  c.t = &simd_types[SIMD_F32];
  m = simd_sve_ops.mask(&c, "(int64_t)(p), (int64_t)(e)");
  assert_non_null(strstr(pre.data, "svwhilelt_b32"));
  assert_string_equal(simd_sve_ops.vlen(&c), "svcntw()");
  assert_non_null(strstr(simd_sve_ops.gather(&c, "x", "crd", "uint64_t", m),
                         "svld1_gather_u32index_f32"));
  assert_non_null(strstr(pre.data, "svuzp1_u32")); /* 64-bit crd narrowed */
  /* generic: integer lanes compute through the unsigned vector type */
  c.lanes = 8;
  c.t = &simd_types[SIMD_I32];
  pre.len = 0;
  simd_generic_ops.prologue(&c, &pre, "");
  assert_non_null(strstr(pre.data, "typedef int sc__vd"));
  assert_non_null(strstr(pre.data, "typedef unsigned sc__vu"));
  assert_non_null(strstr(simd_generic_ops.binop(&c, '+', "a", "b"), "(sc__vu)"));
  /* vl per element size: floats have twice the lanes of doubles */
  Options o;
  memset(&o, 0, sizeof o);
  o.simd_given = 1;
  o.simd = SIMD_AVX2;
  VecConfig cfg;
  vec_config(&a, &o, NULL, NULL, 0, &cfg);
  assert_int_equal(cfg.lanes, 4);
  vec_config_elem(&a, &cfg, 4);
  assert_int_equal(cfg.lanes, 8);
  assert_int_equal(cfg.vl, 16);
  o.vl = 4;
  vec_config(&a, &o, NULL, NULL, 0, &cfg);
  vec_config_elem(&a, &cfg, 4);
  assert_int_equal(cfg.vl, 8); /* raised to the 8 lanes */
  assert_non_null(cfg.adjust);
  vec_config_elem(&a, &cfg, 8);
  assert_int_equal(cfg.vl, 4);
  assert_null(cfg.adjust);
  sb_free(&pre);
  arena_free(&a);
}

/* avx512 narrowed to the avx2 operations for a block of constant width
 * of at most the given bytes (vec_config_narrow); every other backend,
 * width or limit keeps its configuration. */
static void test_narrow_blocks(void **state) {
  (void)state;
  Arena a = {0};
  Options o;
  memset(&o, 0, sizeof o);
  o.simd_given = 1;
  o.simd = SIMD_AVX512;
  VecConfig cfg;
  vec_config(&a, &o, NULL, NULL, 0, &cfg);
  assert_null(vec_config_narrow(&cfg, 16, 32)); /* 128 bytes of doubles */
  assert_null(vec_config_narrow(&cfg, 0, 128));  /* not a constant */
  assert_ptr_equal(cfg.ops, &simd_avx512_ops);
  assert_int_equal(cfg.lanes, 8);
  const char *n = vec_config_narrow(&cfg, 16, 128);
  assert_non_null(n);
  assert_non_null(strstr(n, "avx512 with 256-bit vectors"));
  assert_ptr_equal(cfg.ops, &simd_avx2_ops);
  assert_int_equal(cfg.lanes, 4);
  vec_config(&a, &o, NULL, NULL, 0, &cfg);
  vec_config_elem(&a, &cfg, 4);
  assert_null(vec_config_narrow(&cfg, 9, 32)); /* 36 bytes of floats */
  assert_non_null(vec_config_narrow(&cfg, 8, 32));
  assert_int_equal(cfg.lanes, 8);
  o.simd = SIMD_AVX2;
  vec_config(&a, &o, NULL, NULL, 0, &cfg);
  assert_null(vec_config_narrow(&cfg, 4, 128));
  assert_ptr_equal(cfg.ops, &simd_avx2_ops);
  o.simd = SIMD_NONE;
  vec_config(&a, &o, NULL, NULL, 0, &cfg);
  assert_null(vec_config_narrow(&cfg, 4, 128));
  assert_null(cfg.ops);
  arena_free(&a);
}

/* Conditions: comparisons in each backend's mask representation (C's NaN
 * rule: != is the unordered predicate), && || ! on them, lane selects,
 * fabs as a cleared sign bit. */
static void test_conditions(void **state) {
  (void)state;
  Arena a = {0};
  StrBuf pre = {0};
  int uniq = 0;
  SimdCtx c = {&a, &pre, "", &uniq, 8, 0, NULL, NULL};
  const SimdOps *all[4] = {&simd_generic_ops, &simd_avx2_ops, &simd_avx512_ops,
                           &simd_sve_ops};
  for (int b = 0; b < 4; b++)
    for (int t = 0; t < 4; t++) {
      const SimdOps *o = all[b];
      c.t = &simd_types[t];
      c.lanes = b == 3 ? 0 : 8;
      pre.len = 0;
      const char *k = o->cmp(&c, ">", "a", "b");
      assert_non_null(k);
      const char *n = o->logic(&c, '!', k, NULL);
      assert_non_null(strstr(n, k));
      assert_non_null(strstr(o->logic(&c, '&', k, n), k));
      const char *sel = o->select(&c, k, "x", "y");
      /* the lanes where k holds take x */
      assert_non_null(strstr(sel, "x"));
      assert_non_null(strstr(sel, "y"));
      if (simd_types[t].is_float) assert_non_null(o->fabs(&c, "x"));
    }
  c.t = &simd_types[SIMD_F64];
  c.lanes = 8;
  pre.len = 0;
  simd_avx512_ops.cmp(&c, "!=", "a", "b");
  assert_non_null(strstr(pre.data, "_CMP_NEQ_UQ"));
  simd_avx512_ops.cmp(&c, "<", "a", "b");
  assert_non_null(strstr(pre.data, "_CMP_LT_OQ"));
  assert_string_equal(simd_avx512_ops.select(&c, "k", "x", "y"),
                      "_mm512_mask_blend_pd(k, y, x)");
  assert_non_null(strstr(simd_avx512_ops.fabs(&c, "x"), "_mm512_abs_pd"));
  c.lanes = 4;
  pre.len = 0;
  simd_avx2_ops.cmp(&c, ">=", "a", "b");
  assert_non_null(strstr(pre.data, "_mm256_castpd_si256(_mm256_cmp_pd(a, b, "
                                   "_CMP_GE_OQ))"));
  assert_non_null(strstr(simd_avx2_ops.fabs(&c, "x"), "_mm256_andnot_pd"));
  /* AVX2 integers: only > and ==; <= is the complement of > */
  c.t = &simd_types[SIMD_I64];
  pre.len = 0;
  simd_avx2_ops.cmp(&c, "<=", "a", "b");
  assert_non_null(strstr(pre.data, "_mm256_cmpgt_epi64"));
  assert_non_null(strstr(pre.data, "_mm256_xor_si256"));
  c.t = &simd_types[SIMD_I32];
  c.lanes = 0;
  pre.len = 0;
  simd_sve_ops.cmp(&c, "==", "a", "b");
  assert_non_null(strstr(pre.data, "svcmpeq_s32(svptrue_b32(), a, b)"));
  assert_string_equal(simd_sve_ops.select(&c, "k", "x", "y"),
                      "svsel_s32(k, x, y)");
  sb_free(&pre);
  arena_free(&a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_is_scalar),
      cmocka_unit_test(test_command_line),
      cmocka_unit_test(test_pragma_overrides),
      cmocka_unit_test(test_auto_flags),
      cmocka_unit_test(test_backend_text),
      cmocka_unit_test(test_element_types),
      cmocka_unit_test(test_narrow_blocks),
      cmocka_unit_test(test_conditions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
