/* Exact storage layouts: the seed's BSR 2x2 and NV_24 examples, CSR, DCSC,
 * COO, loose_compressed, singleton, ELL, and narrow widths. */
#include "rt_test_util.h"

/* The 4x6 matrix of the BSR example. */
static const double bsr_dense[4][6] = {{1, 2, 0, 0, 4, 0},
                                       {0, 3, 0, 0, 0, 5},
                                       {0, 0, 6, 7, 0, 0},
                                       {0, 0, 8, 0, 0, 0}};

static void test_seed_bsr_2x2(void **state) {
  (void)state;
  sc_encoding e = rt_named("BSR", 2, (int64_t)2, (int64_t)2);
  int64_t dims[2] = {4, 6};
  sc_tensor *t = NULL;
  const uint64_t want_pos[] = {0, 2, 3};
  const uint64_t want_crd[] = {0, 2, 1};
  const double want_val[] = {1, 2, 0, 3, 4, 0, 0, 5, 6, 7, 8, 0};
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, bsr_dense));
  assert_int_equal(sc_tensor_level_size(t, 0), 2);
  assert_int_equal(sc_tensor_level_size(t, 1), 3);
  assert_int_equal(sc_tensor_level_size(t, 2), 2);
  assert_int_equal(sc_tensor_level_size(t, 3), 2);
  assert_null(sc_tensor_positions(t, 0));
  assert_null(sc_tensor_coordinates(t, 0));
  assert_int_equal(sc_tensor_positions_size(t, 1), 3);
  assert_int_equal(sc_tensor_coordinates_size(t, 1), 3);
  assert_memory_equal(sc_tensor_positions(t, 1), want_pos, sizeof want_pos);
  assert_memory_equal(sc_tensor_coordinates(t, 1), want_crd, sizeof want_crd);
  assert_null(sc_tensor_positions(t, 2));
  assert_null(sc_tensor_positions(t, 3));
  assert_int_equal(sc_tensor_nnz(t), 12);
  assert_memory_equal(sc_tensor_values(t), want_val, sizeof want_val);
  {
    double back[4][6];
    RT_OK(sc_tensor_to_dense(t, back));
    rt_assert_dense_eq(&back[0][0], &bsr_dense[0][0], 24, "BSR to dense");
  }
  sc_tensor_free(t);
}

/* The NV_24 example: 16 rows, 4 blocks of 4 columns, 2 nonzeros each. */
static const unsigned char nv_crd[16][8] = {
    {0, 2, 0, 2, 0, 2, 0, 2}, {1, 3, 1, 3, 1, 3, 1, 3},
    {0, 1, 2, 3, 0, 1, 2, 3}, {2, 3, 0, 1, 2, 3, 0, 1},
    {0, 1, 0, 1, 0, 1, 0, 1}, {0, 1, 0, 1, 0, 1, 0, 1},
    {2, 3, 2, 3, 2, 3, 2, 3}, {2, 3, 2, 3, 2, 3, 2, 3},
    {0, 2, 0, 2, 0, 2, 0, 2}, {1, 3, 1, 3, 1, 3, 1, 3},
    {0, 1, 2, 3, 0, 1, 2, 3}, {2, 3, 0, 1, 2, 3, 0, 1},
    {0, 1, 0, 1, 0, 1, 0, 1}, {0, 1, 0, 1, 0, 1, 0, 1},
    {2, 3, 2, 3, 2, 3, 2, 3}, {2, 3, 2, 3, 2, 3, 2, 3}};

static double nv_val(int r, int k) {
  /* Rows 0..7 and 8..15 repeat; row r holds 4(r%8)+1 .. 4(r%8)+4 twice. */
  return 4.0 * (r % 8) + 1 + (k % 4);
}

static void test_seed_nv24(void **state) {
  (void)state;
  sc_encoding e = rt_named("NV24", 0);
  int64_t dims[2] = {16, 16};
  double dense[16][16];
  double want_val[128];
  sc_tensor *t = NULL;
  memset(dense, 0, sizeof dense);
  for (int r = 0; r < 16; r++)
    for (int k = 0; k < 8; k++) {
      dense[r][4 * (k / 2) + nv_crd[r][k]] = nv_val(r, k);
      want_val[r * 8 + k] = nv_val(r, k);
    }
  assert_int_equal(e.crd_width, 2);
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, dense));
  assert_int_equal(sc_tensor_level_size(t, 1), 4);
  assert_int_equal(sc_tensor_level_size(t, 2), 4);
  assert_int_equal(sc_tensor_coordinates_size(t, 2), 128);
  assert_memory_equal(sc_tensor_coordinates(t, 2), nv_crd, 128);
  assert_int_equal(sc_tensor_nnz(t), 128);
  assert_memory_equal(sc_tensor_values(t), want_val, sizeof want_val);
  {
    double back[16][16];
    RT_OK(sc_tensor_to_dense(t, back));
    rt_assert_dense_eq(&back[0][0], &dense[0][0], 256, "NV24 to dense");
  }
  sc_tensor_free(t);
}

/* A block with fewer than n nonzeros is padded with the smallest unused
 * coordinates; more than n is an error. */
static void test_nv24_padding_and_overflow(void **state) {
  (void)state;
  sc_encoding e = rt_named("NV24", 0);
  int64_t dims[2] = {1, 8};
  const double one[8] = {0, 0, 0, 7, 0, 0, 0, 0};
  const double three[8] = {1, 2, 3, 0, 0, 0, 0, 0};
  const unsigned char want_crd[4] = {0, 3, 0, 1};
  const double want_val[4] = {0, 7, 0, 0};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, one));
  assert_memory_equal(sc_tensor_coordinates(t, 2), want_crd, 4);
  assert_memory_equal(sc_tensor_values(t), want_val, sizeof want_val);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){0, 3}) == 7.0);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){0, 0}) == 0.0);
  sc_tensor_free(t);
  t = NULL;
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, three), SC_ERR_UNSUPPORTED,
           "more than");
  assert_null(t);
}

static const double m34[3][4] = {{0, 1, 0, 2}, {0, 0, 0, 0}, {3, 0, 4, 0}};

static void test_csr_layout(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {3, 4};
  const uint64_t pos[] = {0, 2, 2, 4}, crd[] = {1, 3, 0, 2};
  const double val[] = {1, 2, 3, 4};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_int_equal(sc_tensor_positions_size(t, 1), 4);
  assert_memory_equal(sc_tensor_positions(t, 1), pos, sizeof pos);
  assert_memory_equal(sc_tensor_coordinates(t, 1), crd, sizeof crd);
  assert_memory_equal(sc_tensor_values(t), val, sizeof val);
  sc_tensor_free(t);
}

static void test_dcsc_narrow_widths(void **state) {
  (void)state;
  sc_encoding e = rt_named("DCSC", 0);
  int64_t dims[2] = {3, 4};
  /* Every column of m34 holds one entry. */
  const uint32_t pos0[] = {0, 4};
  const uint8_t crd0[] = {0, 1, 2, 3};
  const uint32_t pos1[] = {0, 1, 2, 3, 4};
  const uint8_t crd1[] = {2, 0, 2, 0};
  const double val[] = {3, 1, 4, 2};
  sc_tensor *t = NULL;
  e.pos_width = 32;
  e.crd_width = 8;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_int_equal(sc_tensor_positions_size(t, 0), 2);
  assert_memory_equal(sc_tensor_positions(t, 0), pos0, sizeof pos0);
  assert_memory_equal(sc_tensor_coordinates(t, 0), crd0, sizeof crd0);
  assert_memory_equal(sc_tensor_positions(t, 1), pos1, sizeof pos1);
  assert_memory_equal(sc_tensor_coordinates(t, 1), crd1, sizeof crd1);
  assert_memory_equal(sc_tensor_values(t), val, sizeof val);
  assert_int_equal(sc_tensor_memory(t),
                   sizeof pos0 + sizeof crd0 + sizeof pos1 + sizeof crd1 +
                       sizeof val);
  sc_tensor_free(t);
}

static void test_coo_layout_16bit(void **state) {
  (void)state;
  sc_encoding e = rt_named("COO", 0);
  int64_t dims[2] = {3, 4};
  const uint16_t pos0[] = {0, 4}, crd0[] = {0, 0, 2, 2}, crd1[] = {1, 3, 0, 2};
  sc_tensor *t = NULL;
  e.pos_width = 16;
  e.crd_width = 16;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_memory_equal(sc_tensor_positions(t, 0), pos0, sizeof pos0);
  assert_memory_equal(sc_tensor_coordinates(t, 0), crd0, sizeof crd0);
  assert_null(sc_tensor_positions(t, 1));
  assert_memory_equal(sc_tensor_coordinates(t, 1), crd1, sizeof crd1);
  sc_tensor_free(t);
}

static void test_loose_compressed_layout(void **state) {
  (void)state;
  const sc_level_format f[2] = {SC_LVL_DENSE, SC_LVL_LOOSE_COMPRESSED};
  sc_encoding e = rt_simple(2, f, NULL);
  int64_t dims[2] = {3, 4};
  const uint64_t pos[] = {0, 2, 2, 2, 2, 4}, crd[] = {1, 3, 0, 2};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_int_equal(sc_tensor_positions_size(t, 1), 6);
  assert_memory_equal(sc_tensor_positions(t, 1), pos, sizeof pos);
  assert_memory_equal(sc_tensor_coordinates(t, 1), crd, sizeof crd);
  sc_tensor_free(t);
}

/* ELL(2): level 0 = slice, level 1 = row (dense), level 2 = column. */
static void test_ell_layout(void **state) {
  (void)state;
  sc_encoding e = rt_named("ELL", 1, (int64_t)2);
  int64_t dims[2] = {3, 4};
  /* slice 0: rows 0,1,2 -> first nonzero (1@1, none, 3@0); slice 1: second
   * (2@3, none, 4@2). pos over 2*3 (slice,row) positions. */
  const uint64_t pos[] = {0, 1, 1, 2, 3, 3, 4}, crd[] = {1, 0, 3, 2};
  const double val[] = {1, 3, 2, 4};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_int_equal(sc_tensor_level_size(t, 0), 2);
  assert_memory_equal(sc_tensor_positions(t, 2), pos, sizeof pos);
  assert_memory_equal(sc_tensor_coordinates(t, 2), crd, sizeof crd);
  assert_memory_equal(sc_tensor_values(t), val, sizeof val);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){2, 2}) == 4.0);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){1, 2}) == 0.0);
  sc_tensor_free(t);
  /* ELL(1) cannot hold two entries in a row. */
  e = rt_named("ELL", 1, (int64_t)1);
  t = NULL;
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34), SC_ERR_UNSUPPORTED,
           "coordinate 0 of dimension 0");
  /* A last level that pads (dense, singleton, padded) would fill the empty
   * slots with zeros that read as entries: refused, not misread (the
   * scatter wrote them over the row's elements). */
  for (int k = 0; k < 3; k++) {
    e = rt_named("ELL", 1, (int64_t)2);
    if (k == 2)
      e.lvl_types[2].props = SC_PROP_PADDED;
    else
      e.lvl_types[2].format = k ? SC_LVL_SINGLETON : SC_LVL_DENSE;
    t = NULL;
    RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34),
             SC_ERR_UNSUPPORTED, "level 2: with a counting level");
    assert_null(t);
  }
  /* ELL(0): as many slices as the fullest row. */
  e = rt_named("ELL", 1, (int64_t)0);
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_int_equal(sc_tensor_level_size(t, 0), 2);
  sc_tensor_free(t);
}

/* floordiv/mod by a divisor near INT64_MAX: (i, j) -> (i : dense,
 * j floordiv M : compressed, j mod M : compressed). `j mod M` was computed
 * as (j % M + M) % M, which overflowed int64 for j >= 1 and stored the
 * wrong level coordinate. */
static void test_huge_divisor(void **state) {
  const sc_level_format f[3] = {SC_LVL_DENSE, SC_LVL_COMPRESSED,
                                SC_LVL_COMPRESSED};
  sc_encoding e = rt_simple(3, f, NULL);
  int64_t dims[2] = {3, 4};
  double back[3][4];
  sc_tensor *t = NULL;
  (void)state;
  e.dim_rank = 2;
  memset(e.lvl_exprs, 0, sizeof e.lvl_exprs);
  e.lvl_exprs[0].kind = SC_LEXPR_AFFINE;
  e.lvl_exprs[0].coef[0] = 1;
  for (int l = 1; l < 3; l++) {
    e.lvl_exprs[l].kind = l == 1 ? SC_LEXPR_FLOORDIV : SC_LEXPR_MOD;
    e.lvl_exprs[l].coef[1] = 1;
    e.lvl_exprs[l].divisor = INT64_MAX;
  }
  RT_OK(sc_encoding_check(&e));
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_int_equal(sc_tensor_level_size(t, 1), 1);
  assert_int_equal(sc_tensor_level_size(t, 2), INT64_MAX);
  RT_OK(sc_tensor_to_dense(t, back));
  assert_memory_equal(back, m34, sizeof back);
  for (int64_t i = 0; i < 3; i++)
    for (int64_t j = 0; j < 4; j++)
      assert_true(sc_tensor_get_f64(t, (const int64_t[]){i, j}) ==
                  m34[i][j]);
  sc_tensor_free(t);
}

/* A dimension stored a second time, by a level the inverse map does not
 * read: (i, j) -> (i : dense, j : dense, j mod 3 : dense) and
 * (i, j) -> (i : compressed, j : compressed, i : dense). The positions
 * where that level disagrees with the map are padding, not elements: the
 * scatter to dense, conversion and the writers wrote their zeros over the
 * element. */
static void test_redundant_level(void **state) {
  const sc_level_format f1[3] = {SC_LVL_DENSE, SC_LVL_DENSE, SC_LVL_DENSE};
  const sc_level_format f2[3] = {SC_LVL_COMPRESSED, SC_LVL_COMPRESSED,
                                 SC_LVL_DENSE};
  int64_t dims[2] = {3, 4};
  (void)state;
  for (int k = 0; k < 2; k++) {
    sc_encoding e = rt_simple(3, k ? f2 : f1, NULL), csr = rt_named("CSR", 0);
    double back[3][4];
    sc_tensor *t = NULL, *u = NULL;
    e.dim_rank = 2;
    memset(e.lvl_exprs, 0, sizeof e.lvl_exprs);
    e.lvl_exprs[0].coef[0] = 1;
    e.lvl_exprs[1].coef[1] = 1;
    if (k) {
      e.lvl_exprs[2].coef[0] = 1;
    } else {
      e.lvl_exprs[2].kind = SC_LEXPR_MOD;
      e.lvl_exprs[2].coef[1] = 1;
      e.lvl_exprs[2].divisor = 3;
    }
    RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
    RT_OK(sc_tensor_to_dense(t, back));
    assert_memory_equal(back, m34, sizeof back);
    RT_OK(sc_tensor_convert(&u, t, &csr));
    assert_int_equal(sc_tensor_nnz(u), 4);
    RT_OK(sc_tensor_to_dense(u, back));
    assert_memory_equal(back, m34, sizeof back);
    assert_true(sc_tensor_get_f64(t, (const int64_t[]){2, 2}) == 4.0);
    sc_tensor_free(u);
    sc_tensor_free(t);
  }
}

/* Dense over singleton: a row without an entry is padded. */
static void test_singleton_under_dense(void **state) {
  (void)state;
  const sc_level_format f[2] = {SC_LVL_DENSE, SC_LVL_SINGLETON};
  sc_encoding e = rt_simple(2, f, NULL);
  int64_t dims[2] = {3, 4};
  const double diagish[3][4] = {{0, 5, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 6}};
  const uint64_t crd[] = {1, 0, 3};
  const double val[] = {5, 0, 6};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, diagish));
  assert_memory_equal(sc_tensor_coordinates(t, 1), crd, sizeof crd);
  assert_memory_equal(sc_tensor_values(t), val, sizeof val);
  sc_tensor_free(t);
  t = NULL;
  RT_FAILS(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34), SC_ERR_UNSUPPORTED,
           "more than one child");
}

/* Padded compressed from dense keeps every coordinate of the rows it
 * stores; the unpadded version drops zeros. */
static void test_padded_compressed(void **state) {
  (void)state;
  const sc_level_format f[2] = {SC_LVL_COMPRESSED, SC_LVL_COMPRESSED};
  const unsigned props[2] = {0, SC_PROP_PADDED};
  sc_encoding e = rt_simple(2, f, props);
  int64_t dims[2] = {3, 4};
  const uint64_t crd0[] = {0, 2}, pos1[] = {0, 4, 8};
  sc_tensor *t = NULL;
  assert_true(sc_level_is_padded(&e.lvl_types[1]));
  assert_false(sc_level_is_padded(&e.lvl_types[0]));
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
  assert_memory_equal(sc_tensor_coordinates(t, 0), crd0, sizeof crd0);
  assert_memory_equal(sc_tensor_positions(t, 1), pos1, sizeof pos1);
  assert_int_equal(sc_tensor_nnz(t), 8);
  sc_tensor_free(t);
  /* All levels padded: every element stored. */
  {
    const unsigned all[2] = {SC_PROP_PADDED, SC_PROP_PADDED};
    e = rt_simple(2, f, all);
    RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, m34));
    assert_int_equal(sc_tensor_nnz(t), 12);
    sc_tensor_free(t);
  }
}

/* Integer and f32 values are stored at their own width. */
static void test_value_types(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {2, 3};
  const int32_t d32[2][3] = {{0, -4, 0}, {9, 0, 0}};
  const float df[2][3] = {{0, 1.5f, 0}, {0, 0, -2.25f}};
  const int32_t want32[] = {-4, 9};
  const float wantf[] = {1.5f, -2.25f};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense(&t, &e, SC_I32, dims, d32));
  assert_memory_equal(sc_tensor_values(t), want32, sizeof want32);
  assert_int_equal(sc_tensor_get_i32(t, (const int64_t[]){0, 1}), -4);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){1, 0}) == 9.0);
  sc_tensor_free(t);
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F32, dims, df));
  assert_memory_equal(sc_tensor_values(t), wantf, sizeof wantf);
  assert_true(sc_tensor_get_f32(t, (const int64_t[]){1, 2}) == -2.25f);
  sc_tensor_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_seed_bsr_2x2),
      cmocka_unit_test(test_seed_nv24),
      cmocka_unit_test(test_nv24_padding_and_overflow),
      cmocka_unit_test(test_csr_layout),
      cmocka_unit_test(test_dcsc_narrow_widths),
      cmocka_unit_test(test_coo_layout_16bit),
      cmocka_unit_test(test_loose_compressed_layout),
      cmocka_unit_test(test_ell_layout),
      cmocka_unit_test(test_huge_divisor),
      cmocka_unit_test(test_redundant_level),
      cmocka_unit_test(test_singleton_under_dense),
      cmocka_unit_test(test_padded_compressed),
      cmocka_unit_test(test_value_types),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
