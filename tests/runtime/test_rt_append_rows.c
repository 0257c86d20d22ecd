/* test_rt_append_rows.c — the row-wise ordered append (the generated
 * code's sparse outputs): entries written straight into the tensor's
 * buffers give exactly the storage assembly from a dense array gives (CSR,
 * CSC, DCSR, and a generic encoding), with empty rows, growth from one
 * entry, capacity reused across appends (also after other writes replaced
 * the storage; the positions array too, when it is long enough), and
 * every misuse or width overflow returned as an error
 * that leaves the tensor empty. The pattern copy (SDDMM's output): another
 * tensor's positions and coordinates copied, values filled by the caller,
 * zeros dropped on unpadded levels, arrays reused across calls and after a
 * clear, narrower widths, and the shapes it does not apply to. */
#define _POSIX_C_SOURCE 200809L
#include "rt_test_util.h"

#define NR 7
#define NC 400

/* A matrix with empty first, middle and last rows; `seed` varies it. */
static void make_dense(double *d, int seed) {
  memset(d, 0, NR * NC * sizeof *d);
  for (int i = 1; i < NR - 1; i++) {
    if (i == 3)
      continue;
    for (int j = 0; j < NC; j++)
      if ((i * 31 + j * 7 + seed) % (5 + seed % 3) == 0)
        d[i * NC + j] = (double)(i * 1000 + j + seed) * 0.5;
  }
}

/* Appends d (level order: row = level 0) through the row API, reserving
 * `step` entries at a time. Returns the status of the first failing call. */
static sc_status append_dense(sc_tensor *t, const double *d, int transpose,
                              size_t step) {
  int64_t *crd = NULL;
  double *val = NULL;
  void *vp = NULL;
  size_t q = 0, cap = 0;
  sc_status st;
  int nr = transpose ? NC : NR, nc = transpose ? NR : NC;
  if ((st = sc_tensor_begin_append(t)))
    return st;
  for (int r = 0; r < nr; r++) {
    size_t q0 = q;
    for (int c = 0; c < nc; c++) {
      double v = transpose ? d[c * NC + r] : d[r * NC + c];
      if (v == 0)
        continue;
      if (q == cap) {
        if ((st = sc_tensor_append_reserve(t, q + step, &crd, &vp, &cap)))
          return st;
        val = vp;
      }
      crd[q] = c;
      val[q++] = v;
    }
    if (q != q0 && (st = sc_tensor_append_row(t, r, q)))
      return st;
  }
  return sc_tensor_end_append_rows(t, q);
}

/* t holds exactly d: its storage equals that of assembly from dense. */
static void assert_holds(sc_tensor *t, const sc_encoding *e,
                         const double *d) {
  sc_tensor *ref = NULL;
  static double back[NR * NC];
  int64_t dims[2] = {NR, NC};
  RT_OK(sc_tensor_from_dense(&ref, e, SC_F64, dims, d));
  assert_int_equal(sc_tensor_nnz(t), sc_tensor_nnz(ref));
  for (int l = 0; l < 2; l++) {
    size_t np = sc_tensor_positions_size(ref, l);
    size_t nc = sc_tensor_coordinates_size(ref, l);
    assert_int_equal(sc_tensor_positions_size(t, l), np);
    assert_int_equal(sc_tensor_coordinates_size(t, l), nc);
    if (np)
      assert_memory_equal(sc_tensor_positions(t, l),
                          sc_tensor_positions(ref, l), np * 8);
    if (nc)
      assert_memory_equal(sc_tensor_coordinates(t, l),
                          sc_tensor_coordinates(ref, l), nc * 8);
  }
  RT_OK(sc_tensor_to_dense(t, back));
  assert_memory_equal(back, d, sizeof back);
  sc_tensor_free(ref);
}

static void check_encoding(const sc_encoding *e, int transpose) {
  static double d[NR * NC];
  int64_t dims[2] = {NR, NC};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_new(&t, e, SC_F64, dims));
  for (int seed = 0; seed < 4; seed++) {
    make_dense(d, seed * 5);
    RT_OK(append_dense(t, d, transpose, seed == 0 ? 1 : 64));
    assert_holds(t, e, d);
  }
  /* one row, then every row, then one again: the positions kept from the
   * last call are too short, then long enough (DCSR: one per stored row) */
  for (int round = 0; round < 3; round++) {
    make_dense(d, 1);
    if (round != 1)
      for (int i = 0; i < NR * NC; i++)
        if (transpose ? i % NC != 2 : i / NC != 2)
          d[i] = 0;
    RT_OK(append_dense(t, d, transpose, 8));
    assert_holds(t, e, d);
  }
  /* nothing appended: empty */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_end_append_rows(t, 0));
  assert_int_equal(sc_tensor_nnz(t), 0);
  /* again after an insert replaced the storage */
  {
    int64_t c[2] = {2, 5};
    double one = 1;
    make_dense(d, 2);
    RT_OK(append_dense(t, d, transpose, 16));
    RT_OK(sc_tensor_insert(t, c, &one));
    RT_OK(sc_tensor_finalize(t));
    d[2 * NC + 5] = 1;
    assert_holds(t, e, d);
    make_dense(d, 3);
    RT_OK(append_dense(t, d, transpose, 16));
    assert_holds(t, e, d);
  }
  sc_tensor_free(t);
}

static void test_append_rows_csr(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSR", 0);
  check_encoding(&e, 0);
}

static void test_append_rows_csc(void **state) {
  (void)state;
  sc_encoding e = rt_named("CSC", 0);
  check_encoding(&e, 1);
}

static void test_append_rows_dcsr(void **state) {
  (void)state;
  sc_encoding e = rt_named("DCSR", 0);
  check_encoding(&e, 0);
}

/* A last level the direct install does not cover: the generic build. */
static void test_append_rows_generic(void **state) {
  (void)state;
  sc_level_format f[2] = {SC_LVL_DENSE, SC_LVL_LOOSE_COMPRESSED};
  sc_encoding e = rt_simple(2, f, NULL);
  check_encoding(&e, 0);
}

/* Narrow widths: the copy narrows the coordinates; too narrow fails. */
static void test_append_rows_widths(void **state) {
  static double d[NR * NC];
  int64_t dims[2] = {NR, NC};
  sc_encoding e = rt_named("CSR", 0);
  sc_tensor *t = NULL;
  (void)state;
  make_dense(d, 0); /* 320 entries */
  e.crd_width = 16;
  e.pos_width = 16;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_OK(append_dense(t, d, 0, 8));
  RT_OK(sc_tensor_to_dense(t, d)); /* readable */
  sc_tensor_free(t);
  e.crd_width = 8; /* columns up to 399 */
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_FAILS(append_dense(t, d, 0, 8), SC_ERR_WIDTH_OVERFLOW, "crdWidth");
  assert_int_equal(sc_tensor_nnz(t), 0);
  sc_tensor_free(t);
  e.crd_width = 16;
  e.pos_width = 8; /* more than 255 entries */
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_FAILS(append_dense(t, d, 0, 8), SC_ERR_WIDTH_OVERFLOW, "posWidth");
  assert_int_equal(sc_tensor_nnz(t), 0);
  sc_tensor_free(t);
}

/* Misuse: errors returned, the tensor left empty and usable. */
static void test_append_rows_errors(void **state) {
  int64_t dims[2] = {4, 5}, lc[2] = {0, 1};
  sc_encoding e = rt_named("CSR", 0);
  sc_tensor *t = NULL;
  int64_t *crd = NULL;
  void *vp = NULL;
  double *val, one = 1;
  size_t cap = 0;
  (void)state;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_FAILS(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap),
           SC_ERR_INVALID_ARGUMENT, "without sc_tensor_begin_append");
  RT_FAILS(sc_tensor_append_row(t, 0, 0), SC_ERR_INVALID_ARGUMENT,
           "without sc_tensor_begin_append");
  RT_FAILS(sc_tensor_end_append_rows(t, 0), SC_ERR_INVALID_ARGUMENT,
           "without sc_tensor_begin_append");
  RT_FAILS(sc_tensor_end_append_rows(NULL, 0), SC_ERR_INVALID_ARGUMENT,
           NULL);

  /* decreasing coordinates in a row */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap));
  assert_true(cap >= 4);
  val = vp;
  crd[0] = 3, val[0] = 1;
  crd[1] = 2, val[1] = 2;
  RT_OK(sc_tensor_append_row(t, 1, 2));
  RT_FAILS(sc_tensor_end_append_rows(t, 2), SC_ERR_INVALID_ARGUMENT,
           "strictly increasing");
  assert_int_equal(sc_tensor_nnz(t), 0);

  /* a coordinate outside the level */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap));
  val = vp;
  crd[0] = 5, val[0] = 1;
  RT_OK(sc_tensor_append_row(t, 0, 1));
  RT_FAILS(sc_tensor_end_append_rows(t, 1), SC_ERR_OUT_OF_RANGE, "outside");

  /* rows out of range, out of order, ends beyond the reserve */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap));
  val = vp;
  crd[0] = 1, val[0] = 1;
  RT_FAILS(sc_tensor_append_row(t, 4, 1), SC_ERR_OUT_OF_RANGE, "row 4");
  RT_OK(sc_tensor_append_row(t, 2, 1));
  RT_FAILS(sc_tensor_append_row(t, 2, 1), SC_ERR_INVALID_ARGUMENT,
           "not after row 2");
  RT_FAILS(sc_tensor_append_row(t, 3, cap + 1), SC_ERR_INVALID_ARGUMENT,
           "reserved");
  /* entries after the last closed row */
  crd[1] = 0, val[1] = 1;
  RT_FAILS(sc_tensor_end_append_rows(t, 2), SC_ERR_INVALID_ARGUMENT,
           "closed rows end at entry 1");
  RT_FAILS(sc_tensor_end_append_rows(t, 0), SC_ERR_INVALID_ARGUMENT,
           "without sc_tensor_begin_append"); /* the append has ended */

  /* fewer entries than the closed rows hold: refused, not installed with
   * positions past the coordinates (a lookup then read outside them) */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap));
  val = vp;
  crd[0] = 1, val[0] = 1;
  crd[1] = 2, val[1] = 2;
  RT_OK(sc_tensor_append_row(t, 0, 2));
  RT_FAILS(sc_tensor_end_append_rows(t, 0), SC_ERR_INVALID_ARGUMENT,
           "0 entries appended but the closed rows end at entry 2");
  assert_int_equal(sc_tensor_nnz(t), 0);
  assert_true(sc_tensor_get_f64(t, lc) == 0);
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap));
  val = vp;
  crd[0] = 1, val[0] = 1;
  crd[1] = 2, val[1] = 2;
  RT_OK(sc_tensor_append_row(t, 0, 2));
  RT_FAILS(sc_tensor_end_append_rows(t, 1), SC_ERR_INVALID_ARGUMENT,
           "1 entries appended but the closed rows end at entry 2");
  assert_int_equal(sc_tensor_nnz(t), 0);

  /* more entries than reserved */
  RT_OK(sc_tensor_begin_append(t));
  RT_FAILS(sc_tensor_end_append_rows(t, 1000), SC_ERR_INVALID_ARGUMENT,
           "reserved");

  /* mixing with sc_tensor_append, either way */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append(t, lc, &one));
  RT_FAILS(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap),
           SC_ERR_INVALID_ARGUMENT, "sc_tensor_append");
  RT_OK(sc_tensor_end_append(t));
  assert_int_equal(sc_tensor_nnz(t), 1);
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 4, &crd, &vp, &cap));
  RT_FAILS(sc_tensor_append(t, lc, &one), SC_ERR_INVALID_ARGUMENT,
           "sc_tensor_append_reserve");
  RT_FAILS(sc_tensor_end_append(t), SC_ERR_INVALID_ARGUMENT,
           "sc_tensor_end_append_rows");
  assert_int_equal(sc_tensor_nnz(t), 0);

  /* still usable */
  RT_OK(sc_tensor_begin_append(t));
  RT_OK(sc_tensor_append_reserve(t, 1, &crd, &vp, &cap));
  val = vp;
  crd[0] = 4, val[0] = 7;
  RT_OK(sc_tensor_append_row(t, 3, 1));
  RT_OK(sc_tensor_end_append_rows(t, 1));
  {
    int64_t c[2] = {3, 4};
    double v = 0;
    RT_OK(sc_tensor_get(t, c, &v));
    assert_true(v == 7);
  }
  sc_tensor_free(t);
}

/* Three levels are refused, not misread. */
static void test_append_rows_rank(void **state) {
  int64_t dims[3] = {2, 2, 2}, *crd = NULL;
  sc_encoding e = rt_named("CSF", 0);
  sc_tensor *t = NULL;
  void *vp = NULL;
  size_t cap = 0;
  (void)state;
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_OK(sc_tensor_begin_append(t));
  RT_FAILS(sc_tensor_append_reserve(t, 1, &crd, &vp, &cap), SC_ERR_UNSUPPORTED,
           "3 levels");
  RT_OK(sc_tensor_end_append(t));
  sc_tensor_free(t);
}

/* Fills t through the pattern copy of src: value p = 2 * src's value p,
 * except every third entry, which is zero. The dense result into want. */
static void fill_pattern(sc_tensor *t, sc_tensor *src, int only_if_empty,
                         double *want, void **vals_out) {
  void *vp = NULL;
  int applies = 0;
  RT_OK(sc_tensor_begin_append_pattern(t, src, only_if_empty, &vp, &applies));
  assert_int_equal(applies, 1);
  const uint64_t *pos = sc_tensor_positions(src, 1);
  const uint64_t *crd = sc_tensor_coordinates(src, 1);
  const double *sv = sc_tensor_values(src);
  double *v = vp;
  size_t zeros = 0;
  memset(want, 0, NR * NC * sizeof *want);
  for (int i = 0; i < NR; i++)
    for (uint64_t p = pos[i]; p < pos[i + 1]; p++) {
      v[p] = p % 3 == 1 ? (p % 2 ? -0.0 : 0.0) : 2 * sv[p];
      zeros += v[p] == 0;
      if (v[p] != 0)
        want[i * NC + (int)crd[p]] = v[p];
    }
  RT_OK(sc_tensor_end_append_pattern(t, zeros));
  if (vals_out)
    *vals_out = vp;
}

static void test_append_pattern(void **state) {
  static double d[NR * NC], want[NR * NC], back[NR * NC];
  int64_t dims[2] = {NR, NC}, wide[2] = {NR, NC + 1};
  sc_encoding e = rt_named("CSR", 0);
  sc_tensor *src = NULL, *t = NULL, *u = NULL;
  void *v1 = NULL, *v2 = NULL, *vp = NULL;
  int applies = 1;
  (void)state;
  make_dense(d, 0);
  RT_OK(sc_tensor_from_dense(&src, &e, SC_F64, dims, d));
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  fill_pattern(t, src, 1, want, &v1);
  assert_holds(t, &e, want);
  assert_true(sc_tensor_nnz(t) < sc_tensor_nnz(src)); /* zeros dropped */
  /* t holds entries: only_if_empty does not apply, t unchanged */
  RT_OK(sc_tensor_begin_append_pattern(t, src, 1, &vp, &applies));
  assert_int_equal(applies, 0);
  assert_null(vp);
  assert_holds(t, &e, want);
  /* assigned whole: applies, the value array reused */
  fill_pattern(t, src, 0, want, &v2);
  assert_ptr_equal(v1, v2);
  assert_holds(t, &e, want);
  /* after a clear too */
  RT_OK(sc_tensor_clear(t));
  assert_int_equal(sc_tensor_nnz(t), 0);
  fill_pattern(t, src, 1, want, &v2);
  assert_ptr_equal(v1, v2);
  assert_holds(t, &e, want);
  /* then the row-wise append takes the arrays back */
  make_dense(d, 3);
  RT_OK(append_dense(t, d, 0, 16));
  assert_holds(t, &e, d);
  sc_tensor_free(t);

  /* 16-bit positions and coordinates from 64-bit ones */
  sc_encoding n16 = e;
  n16.pos_width = n16.crd_width = 16;
  RT_OK(sc_tensor_new(&t, &n16, SC_F64, dims));
  fill_pattern(t, src, 1, want, NULL);
  RT_OK(sc_tensor_to_dense(t, back));
  assert_memory_equal(back, want, sizeof back);
  sc_tensor_free(t);

  /* a padded last level keeps the zeros */
  sc_level_format f[2] = {SC_LVL_DENSE, SC_LVL_COMPRESSED};
  unsigned props[2] = {0, SC_PROP_PADDED};
  sc_encoding pe = rt_simple(2, f, props);
  RT_OK(sc_tensor_new(&t, &pe, SC_F64, dims));
  fill_pattern(t, src, 1, want, NULL);
  assert_int_equal(sc_tensor_nnz(t), sc_tensor_nnz(src));
  sc_tensor_free(t);

  /* shapes it does not apply to: t unchanged */
  e.crd_width = 8; /* columns up to 399 */
  RT_OK(sc_tensor_new(&t, &e, SC_F64, dims));
  RT_OK(sc_tensor_begin_append_pattern(t, src, 1, &vp, &applies));
  assert_int_equal(applies, 0);
  sc_tensor_free(t);
  e = rt_named("CSR", 0);
  RT_OK(sc_tensor_new(&t, &e, SC_F64, wide));
  RT_OK(sc_tensor_begin_append_pattern(t, src, 1, &vp, &applies));
  assert_int_equal(applies, 0);
  sc_tensor_free(t);
  sc_encoding dcsr = rt_named("DCSR", 0);
  RT_OK(sc_tensor_new(&t, &dcsr, SC_F64, dims));
  RT_OK(sc_tensor_begin_append_pattern(t, src, 1, &vp, &applies));
  assert_int_equal(applies, 0);
  sc_tensor_free(t);
  RT_OK(sc_tensor_begin_append_pattern(src, src, 0, &vp, &applies));
  assert_int_equal(applies, 0);
  /* misuse */
  RT_FAILS(sc_tensor_begin_append_pattern(NULL, src, 0, &vp, &applies),
           SC_ERR_INVALID_ARGUMENT, "NULL");
  RT_OK(sc_tensor_new(&u, &e, SC_F64, dims));
  RT_OK(sc_tensor_begin_append(u));
  RT_FAILS(sc_tensor_begin_append_pattern(u, src, 0, &vp, &applies),
           SC_ERR_INVALID_ARGUMENT, "inside an append");
  RT_OK(sc_tensor_end_append_rows(u, 0));
  RT_FAILS(sc_tensor_end_append_pattern(NULL, 1), SC_ERR_INVALID_ARGUMENT,
           "NULL");
  sc_tensor_free(u);
  sc_tensor_free(src);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_append_rows_csr),
      cmocka_unit_test(test_append_rows_csc),
      cmocka_unit_test(test_append_rows_dcsr),
      cmocka_unit_test(test_append_rows_generic),
      cmocka_unit_test(test_append_rows_widths),
      cmocka_unit_test(test_append_rows_errors),
      cmocka_unit_test(test_append_rows_rank),
      cmocka_unit_test(test_append_pattern),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
