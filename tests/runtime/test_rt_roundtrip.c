/* Round trips for every named format and a set of custom maps, on matrices
 * that are empty, have one entry, empty rows and columns, full rows, 1xN,
 * Nx1, zero-sized and random: dense -> encoding -> dense is the identity
 * with zeros filtered; COO input in any order gives the same storage as
 * dense input; lookups agree; every encoding converts to every other. */
#include "rt_test_util.h"

enum {
  EXACT = 1,      /* stores exactly the nonzeros */
  LIMIT_ROW1 = 2, /* at most one nonzero per row (singleton under dense) */
  LIMIT_ROW3 = 4, /* at most three per row (ELL(3)) */
  LIMIT_2OF4 = 8  /* at most two per aligned block of four (NV24) */
};

typedef struct fmt {
  const char *name;
  sc_encoding enc;
  int flags;
} fmt;

#define MAXF 40
static fmt F[MAXF];
static int NF;

static void add(const char *name, sc_encoding e, int flags) {
  F[NF].name = name;
  F[NF].enc = e;
  F[NF].flags = flags;
  NF++;
}

static sc_encoding lvl2(sc_level_format a, unsigned pa, sc_level_format b,
                        unsigned pb) {
  const sc_level_format f[2] = {a, b};
  const unsigned p[2] = {pa, pb};
  return rt_simple(2, f, p);
}

static void setup_formats(void) {
  sc_encoding e;
  NF = 0;
  add("CSR", rt_named("CSR", 0), EXACT);
  add("CSC", rt_named("CSC", 0), EXACT);
  add("DCSR", rt_named("DCSR", 0), EXACT);
  add("DCSC", rt_named("DCSC", 0), EXACT);
  add("COO", rt_named("COO", 0), EXACT);
  add("BSR(2,2)", rt_named("BSR", 2, (int64_t)2, (int64_t)2), 0);
  add("BSR(2,3)", rt_named("BSR", 2, (int64_t)2, (int64_t)3), 0);
  add("BSR(3,1)", rt_named("BSR", 2, (int64_t)3, (int64_t)1), 0);
  add("ELL(auto)", rt_named("ELL", 1, (int64_t)0), EXACT);
  add("ELL(3)", rt_named("ELL", 1, (int64_t)3), EXACT | LIMIT_ROW3);
  add("NV24", rt_named("NV24", 0), LIMIT_2OF4);
  add("dense,dense", lvl2(SC_LVL_DENSE, 0, SC_LVL_DENSE, 0), 0);
  add("dense,loose", lvl2(SC_LVL_DENSE, 0, SC_LVL_LOOSE_COMPRESSED, 0), EXACT);
  add("loose,loose",
      lvl2(SC_LVL_LOOSE_COMPRESSED, 0, SC_LVL_LOOSE_COMPRESSED, 0), EXACT);
  add("dense,nonordered",
      lvl2(SC_LVL_DENSE, 0, SC_LVL_COMPRESSED, SC_PROP_NONORDERED), EXACT);
  add("dense,singleton", lvl2(SC_LVL_DENSE, 0, SC_LVL_SINGLETON, 0),
      LIMIT_ROW1);
  add("compressed,compressed(padded)",
      lvl2(SC_LVL_COMPRESSED, 0, SC_LVL_COMPRESSED, SC_PROP_PADDED), 0);
  add("compressed(padded),compressed",
      lvl2(SC_LVL_COMPRESSED, SC_PROP_PADDED, SC_LVL_COMPRESSED, 0), EXACT);
  add("dense,compressed(padded)",
      lvl2(SC_LVL_DENSE, 0, SC_LVL_COMPRESSED, SC_PROP_PADDED), 0);
  e = rt_named("CSR", 0);
  e.pos_width = 8;
  e.crd_width = 8;
  add("CSR w8", e, EXACT);
  e = rt_named("CSC", 0);
  e.pos_width = 16;
  e.crd_width = 16;
  add("CSC w16", e, EXACT);
  e = rt_named("COO", 0);
  e.pos_width = 32;
  e.crd_width = 32;
  add("COO w32", e, EXACT);
  e = rt_named("DCSR", 0);
  e.crd_width = 4;
  add("DCSR crd4", e, EXACT);
  /* (i : dense, j + 2 : compressed) */
  e = rt_named("CSR", 0);
  e.lvl_exprs[1].constant = 2;
  add("shifted", e, EXACT);
  /* (j floordiv 3 : compressed, i : dense, j mod 3 : dense) */
  memset(&e, 0, sizeof e);
  e.dim_rank = 2;
  e.lvl_rank = 3;
  e.lvl_types[0].format = SC_LVL_COMPRESSED;
  e.lvl_exprs[0].kind = SC_LEXPR_FLOORDIV;
  e.lvl_exprs[0].coef[1] = 1;
  e.lvl_exprs[0].divisor = 3;
  e.lvl_types[1].format = SC_LVL_DENSE;
  e.lvl_exprs[1].coef[0] = 1;
  e.lvl_types[2].format = SC_LVL_DENSE;
  e.lvl_exprs[2].kind = SC_LEXPR_MOD;
  e.lvl_exprs[2].coef[1] = 1;
  e.lvl_exprs[2].divisor = 3;
  add("column blocks", e, 0);
}

/* ---- matrices ---- */

typedef struct mat {
  const char *name;
  int64_t r, c;
  double *a; /* r*c row-major */
} mat;

#define MAXM 16
static mat M[MAXM];
static int NM;

static double *new_mat(const char *name, int64_t r, int64_t c) {
  mat *m = &M[NM++];
  m->name = name;
  m->r = r;
  m->c = c;
  m->a = calloc((size_t)(r * c > 0 ? r * c : 1), sizeof(double));
  return m->a;
}

static void setup_matrices(void) {
  double *a;
  uint64_t s = 88172645463325252ull;
  NM = 0;
  new_mat("empty 4x5", 4, 5);
  a = new_mat("one entry", 4, 5);
  a[2 * 5 + 3] = 7.5;
  a = new_mat("empty rows and columns", 6, 7);
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++)
      if (i != 0 && i != 3 && j != 1 && j != 5 && (i + j) % 2 == 0)
        a[i * 7 + j] = i - j + 0.25;
  a = new_mat("full row", 4, 6);
  for (int j = 0; j < 6; j++)
    a[1 * 6 + j] = j + 1;
  a[3 * 6 + 4] = -2;
  a = new_mat("1xN", 1, 9);
  a[0] = 1;
  a[4] = -3;
  a[8] = 2;
  a = new_mat("Nx1", 9, 1);
  a[2] = 4;
  a[3] = 5;
  a[8] = -6;
  a = new_mat("full", 3, 4);
  for (int i = 0; i < 12; i++)
    a[i] = i + 1;
  a = new_mat("diagonal", 5, 5);
  for (int i = 0; i < 5; i++)
    a[i * 5 + i] = i + 1;
  a = new_mat("random 7x9", 7, 9);
  for (int i = 0; i < 63; i++)
    if (rt_rand(&s) % 100 < 30)
      a[i] = (double)(int64_t)(rt_rand(&s) % 200) - 100.5;
  a = new_mat("2-of-4 blocks 4x8", 4, 8);
  for (int i = 0; i < 4; i++)
    for (int b = 0; b < 2; b++) {
      a[i * 8 + b * 4 + (i + b) % 4] = 1 + i + b;
      if (i != 2)
        a[i * 8 + b * 4 + (i + b + 2) % 4] = -1 - i - b;
    }
  new_mat("0x5", 0, 5);
  new_mat("5x0", 5, 0);
}

static int fails_on(const fmt *f, const mat *m) {
  for (int64_t i = 0; i < m->r; i++) {
    int row = 0;
    for (int64_t j = 0; j < m->c; j++)
      row += m->a[i * m->c + j] != 0;
    if ((f->flags & LIMIT_ROW1) && row > 1)
      return 1;
    if ((f->flags & LIMIT_ROW3) && row > 3)
      return 1;
    if (f->flags & LIMIT_2OF4)
      for (int64_t b = 0; b < m->c; b += 4) {
        int k = 0;
        for (int64_t j = b; j < b + 4 && j < m->c; j++)
          k += m->a[i * m->c + j] != 0;
        if (k > 2)
          return 1;
      }
  }
  return 0;
}

static size_t nonzeros(const mat *m) {
  size_t k = 0;
  for (int64_t i = 0; i < m->r * m->c; i++)
    k += m->a[i] != 0;
  return k;
}

/* The tensor holds exactly m: dense scatter, lookups, exact storage. */
static void check_holds(sc_tensor *t, const fmt *f, const mat *m,
                        const char *how) {
  char what[200];
  size_t n = (size_t)(m->r * m->c);
  double *back = malloc((n ? n : 1) * sizeof *back);
  snprintf(what, sizeof what, "%s: %s as %s", how, m->name, f->name);
  assert_non_null(back);
  RT_OK(sc_tensor_to_dense(t, back));
  rt_assert_dense_eq(back, m->a, n, what);
  for (int64_t i = 0; i < m->r; i++)
    for (int64_t j = 0; j < m->c; j++) {
      int64_t c[2] = {i, j};
      double v;
      RT_OK(sc_tensor_get(t, c, &v));
      if (v != m->a[i * m->c + j] || sc_tensor_get_f64(t, c) != v)
        fail_msg("%s: get(%lld, %lld) = %g", what, (long long)i, (long long)j,
                 v);
    }
  if (f->flags & EXACT) {
    const double *v = sc_tensor_values(t);
    if (sc_tensor_nnz(t) != nonzeros(m))
      fail_msg("%s: %zu stored, %zu nonzeros", what, sc_tensor_nnz(t),
               nonzeros(m));
    for (size_t k = 0; k < sc_tensor_nnz(t); k++)
      if (v[k] == 0)
        fail_msg("%s: explicit zero stored at %zu", what, k);
  }
  free(back);
}

static void test_dense_roundtrip(void **state) {
  (void)state;
  for (int mi = 0; mi < NM; mi++)
    for (int fi = 0; fi < NF; fi++) {
      const mat *m = &M[mi];
      const fmt *f = &F[fi];
      int64_t dims[2] = {m->r, m->c};
      sc_tensor *t = NULL;
      sc_status st = sc_tensor_from_dense(&t, &f->enc, SC_F64, dims, m->a);
      if (fails_on(f, m)) {
        if (st != SC_ERR_UNSUPPORTED)
          fail_msg("%s as %s: expected SC_ERR_UNSUPPORTED, got %s", m->name,
                   f->name, sc_status_name(st));
        assert_null(t);
        continue;
      }
      if (st)
        fail_msg("%s as %s: %s", m->name, f->name, sc_last_error());
      check_holds(t, f, m, "from dense");
      sc_tensor_free(t);
    }
}

/* COO entries in a shuffled order give the same storage, byte for byte. */
static void test_coo_matches_dense(void **state) {
  (void)state;
  uint64_t s = 1234567;
  for (int mi = 0; mi < NM; mi++) {
    const mat *m = &M[mi];
    size_t nz = nonzeros(m), k = 0;
    int64_t *crd = malloc((nz ? nz : 1) * 2 * sizeof *crd);
    double *val = malloc((nz ? nz : 1) * sizeof *val);
    int64_t dims[2] = {m->r, m->c};
    for (int64_t i = 0; i < m->r; i++)
      for (int64_t j = 0; j < m->c; j++)
        if (m->a[i * m->c + j] != 0) {
          crd[2 * k] = i;
          crd[2 * k + 1] = j;
          val[k++] = m->a[i * m->c + j];
        }
    for (size_t i = nz; i > 1; i--) { /* Fisher-Yates */
      size_t r = (size_t)(rt_rand(&s) % i);
      int64_t c0 = crd[2 * (i - 1)], c1 = crd[2 * (i - 1) + 1];
      double v = val[i - 1];
      crd[2 * (i - 1)] = crd[2 * r];
      crd[2 * (i - 1) + 1] = crd[2 * r + 1];
      val[i - 1] = val[r];
      crd[2 * r] = c0;
      crd[2 * r + 1] = c1;
      val[r] = v;
    }
    for (int fi = 0; fi < NF; fi++) {
      const fmt *f = &F[fi];
      sc_tensor *a = NULL, *b = NULL;
      if (fails_on(f, m))
        continue;
      RT_OK(sc_tensor_from_dense(&a, &f->enc, SC_F64, dims, m->a));
      RT_OK(sc_tensor_from_coo(&b, &f->enc, SC_F64, dims, nz, crd, val,
                               SC_DUP_REJECT));
      check_holds(b, f, m, "from COO");
      /* Padded sparse levels store the zeros of the dense input. */
      if (!(f->enc.lvl_types[0].props & SC_PROP_PADDED) &&
          !(f->enc.lvl_types[1].props & SC_PROP_PADDED)) {
        assert_int_equal(sc_tensor_nnz(a), sc_tensor_nnz(b));
        assert_int_equal(sc_tensor_memory(a), sc_tensor_memory(b));
        for (int l = 0; l < f->enc.lvl_rank; l++) {
          size_t pb = f->enc.pos_width ? (size_t)f->enc.pos_width / 8 : 8;
          size_t cb = f->enc.crd_width >= 8 ? (size_t)f->enc.crd_width / 8
                      : f->enc.crd_width ? 1 : 8;
          assert_int_equal(sc_tensor_positions_size(a, l),
                           sc_tensor_positions_size(b, l));
          assert_int_equal(sc_tensor_coordinates_size(a, l),
                           sc_tensor_coordinates_size(b, l));
          if (sc_tensor_positions_size(a, l))
            assert_memory_equal(sc_tensor_positions(a, l),
                                sc_tensor_positions(b, l),
                                sc_tensor_positions_size(a, l) * pb);
          if (sc_tensor_coordinates_size(a, l))
            assert_memory_equal(sc_tensor_coordinates(a, l),
                                sc_tensor_coordinates(b, l),
                                sc_tensor_coordinates_size(a, l) * cb);
        }
        if (sc_tensor_nnz(a))
          assert_memory_equal(sc_tensor_values(a), sc_tensor_values(b),
                              sc_tensor_nnz(a) * sizeof(double));
      }
      sc_tensor_free(a);
      sc_tensor_free(b);
    }
    free(crd);
    free(val);
  }
}

static void test_convert_all_pairs(void **state) {
  (void)state;
  for (int mi = 0; mi < NM; mi++) {
    const mat *m = &M[mi];
    int64_t dims[2] = {m->r, m->c};
    for (int fa = 0; fa < NF; fa++) {
      sc_tensor *a = NULL;
      if (fails_on(&F[fa], m))
        continue;
      RT_OK(sc_tensor_from_dense(&a, &F[fa].enc, SC_F64, dims, m->a));
      for (int fb = 0; fb < NF; fb++) {
        sc_tensor *b = NULL;
        char how[128];
        sc_status st = sc_tensor_convert(&b, a, &F[fb].enc);
        snprintf(how, sizeof how, "convert from %s", F[fa].name);
        if (fails_on(&F[fb], m)) {
          if (st != SC_ERR_UNSUPPORTED)
            fail_msg("%s: %s -> %s: expected SC_ERR_UNSUPPORTED, got %s",
                     m->name, F[fa].name, F[fb].name, sc_status_name(st));
          continue;
        }
        if (st)
          fail_msg("%s: %s -> %s: %s", m->name, F[fa].name, F[fb].name,
                   sc_last_error());
        check_holds(b, &F[fb], m, how);
        sc_tensor_free(b);
      }
      sc_tensor_free(a);
    }
  }
}

/* Explicit zeros given as COO entries are stored as given and survive
 * conversion between unpadded formats (they are entries, not padding) and
 * inserts elsewhere; zeros a padded format made up (BSR block fill) do not
 * survive conversion to an unpadded format. */
static void test_explicit_zeros(void **state) {
  (void)state;
  sc_encoding csr = rt_named("CSR", 0), csc = rt_named("CSC", 0);
  const int64_t dims[2] = {2, 3}, crd[] = {0, 1, 1, 0, 1, 2};
  const double val[] = {0.0, 5.0, 0.0};
  sc_tensor *a = NULL, *b = NULL, *c = NULL;
  double d[6];
  RT_OK(sc_tensor_from_coo(&a, &csr, SC_F64, dims, 3, crd, val, SC_DUP_SUM));
  assert_int_equal(sc_tensor_nnz(a), 3);
  RT_OK(sc_tensor_to_dense(a, d));
  assert_true(d[4] == 0 && d[3] == 5 && d[1] == 0);
  RT_OK(sc_tensor_copy(&c, a));
  assert_int_equal(sc_tensor_nnz(c), 3);
  RT_OK(sc_tensor_convert(&b, a, &csc));
  assert_int_equal(sc_tensor_nnz(b), 3);
  assert_true(sc_tensor_get_f64(b, (const int64_t[]){1, 0}) == 5.0);
  {
    double v = 1.0;
    RT_OK(sc_tensor_insert(a, (const int64_t[]){0, 0}, &v));
    assert_int_equal(sc_tensor_nnz(a), 4);
    v = 0.0; /* an inserted zero is removed */
    RT_OK(sc_tensor_insert(a, (const int64_t[]){0, 0}, &v));
    assert_int_equal(sc_tensor_nnz(a), 3);
  }
  sc_tensor_free(a);
  sc_tensor_free(b);
  sc_tensor_free(c);
  {
    sc_encoding bsr = rt_named("BSR", 2, (int64_t)2, (int64_t)2);
    const double d1[4] = {0, 0, 0, 9};
    const int64_t d2[2] = {2, 2};
    RT_OK(sc_tensor_from_dense(&a, &bsr, SC_F64, d2, d1));
    assert_int_equal(sc_tensor_nnz(a), 4);
    RT_OK(sc_tensor_convert(&b, a, &csr));
    assert_int_equal(sc_tensor_nnz(b), 1);
    sc_tensor_free(a);
    sc_tensor_free(b);
  }
}

/* A lookup returns a stored value as it is: a stored -0.0 (an explicit
 * entry of COO input or of a Matrix Market file, "-0") keeps its sign,
 * which 1 / x shows; duplicates on a nonunique level still add up. */
static void test_lookup_negative_zero(void **state) {
  (void)state;
  const char *names[] = {"CSR", "CSC", "DCSR", "COO"};
  const int64_t dims[2] = {2, 3}, crd[] = {0, 1, 1, 2, 1, 2};
  const double val[] = {-0.0, -0.0, -0.0};
  for (int q = 0; q < 4; q++) {
    sc_encoding e = rt_named(names[q], 0);
    sc_tensor *a = NULL;
    double v = 1.0;
    RT_OK(sc_tensor_from_coo(&a, &e, SC_F64, dims, 3, crd, val, SC_DUP_SUM));
    RT_OK(sc_tensor_get(a, (const int64_t[]){0, 1}, &v));
    if (!(v == 0 && 1 / v < 0)) fail_msg("%s: get gives %g, not -0", names[q], v);
    v = sc_tensor_get_f64(a, (const int64_t[]){1, 2}); /* -0.0 + -0.0 */
    if (!(v == 0 && 1 / v < 0)) fail_msg("%s: get_f64 gives %g, not -0", names[q], v);
    assert_true(1 / sc_tensor_get_f32(a, (const int64_t[]){0, 1}) < 0);
    assert_true(1 / sc_tensor_get_f64(a, (const int64_t[]){0, 0}) > 0); /* absent */
    sc_tensor_free(a);
  }
  {
    sc_encoding coo = rt_named("COO", 0);
    const double v2[] = {1.5, 2.0, -0.5};
    sc_tensor *a = NULL;
    RT_OK(sc_tensor_from_coo(&a, &coo, SC_F64, dims, 3, crd, v2, SC_DUP_SUM));
    assert_true(sc_tensor_get_f64(a, (const int64_t[]){1, 2}) == 1.5);
    sc_tensor_free(a);
  }
}

/* Duplicates: summed on unique levels, kept apart on COO, rejected. */
static void test_duplicates(void **state) {
  (void)state;
  sc_encoding csr = rt_named("CSR", 0), coo = rt_named("COO", 0);
  const int64_t dims[2] = {2, 2}, crd[] = {1, 1, 0, 0, 1, 1};
  const double val[] = {2, 3, 4};
  sc_tensor *t = NULL, *u = NULL;
  RT_OK(sc_tensor_from_coo(&t, &csr, SC_F64, dims, 3, crd, val, SC_DUP_SUM));
  assert_int_equal(sc_tensor_nnz(t), 2);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){1, 1}) == 6.0);
  sc_tensor_free(t);
  RT_OK(sc_tensor_from_coo(&t, &coo, SC_F64, dims, 3, crd, val, SC_DUP_SUM));
  assert_int_equal(sc_tensor_nnz(t), 3);
  assert_true(sc_tensor_get_f64(t, (const int64_t[]){1, 1}) == 6.0);
  {
    double d[4];
    RT_OK(sc_tensor_to_dense(t, d));
    assert_true(d[0] == 3 && d[3] == 6);
  }
  /* COO with duplicates -> CSR sums them. */
  RT_OK(sc_tensor_convert(&u, t, &csr));
  assert_int_equal(sc_tensor_nnz(u), 2);
  assert_true(sc_tensor_get_f64(u, (const int64_t[]){1, 1}) == 6.0);
  sc_tensor_free(u);
  sc_tensor_free(t);
  t = NULL;
  RT_FAILS(sc_tensor_from_coo(&t, &csr, SC_F64, dims, 3, crd, val,
                              SC_DUP_REJECT),
           SC_ERR_DUPLICATE, "(1, 1)");
  assert_null(t);
  /* values NULL: every value 1 */
  RT_OK(sc_tensor_from_coo(&t, &csr, SC_I32, dims, 2, crd + 2, NULL,
                           SC_DUP_REJECT));
  assert_int_equal(sc_tensor_get_i32(t, (const int64_t[]){0, 0}), 1);
  assert_int_equal(sc_tensor_get_i32(t, (const int64_t[]){1, 1}), 1);
  sc_tensor_free(t);
}

/* 3-D and 1-D formats. */
static void test_other_ranks(void **state) {
  (void)state;
  sc_encoding enc3[6], enc1[4];
  const sc_level_format ddc[3] = {SC_LVL_DENSE, SC_LVL_DENSE,
                                  SC_LVL_COMPRESSED};
  const sc_level_format dcs[3] = {SC_LVL_DENSE, SC_LVL_COMPRESSED,
                                  SC_LVL_SINGLETON};
  const unsigned bcoo[3] = {0, SC_PROP_NONUNIQUE | SC_PROP_HIGH, 0};
  const sc_level_format dense1[1] = {SC_LVL_DENSE};
  const sc_level_format loose1[1] = {SC_LVL_LOOSE_COMPRESSED};
  double a[3][4][5], back[3][4][5], v[11] = {0}, vb[11];
  uint64_t s = 99;
  int64_t dims3[3] = {3, 4, 5}, dims1[1] = {11};
  enc3[0] = rt_named("CSF", 0);
  enc3[1] = rt_named("COO", 1, (int64_t)3);
  enc3[2] = rt_simple(3, ddc, NULL);
  enc3[3] = rt_simple(3, dcs, bcoo);
  enc3[4] = rt_named("CSF", 0); /* (k, i, j) */
  memset(enc3[4].lvl_exprs, 0, sizeof enc3[4].lvl_exprs);
  enc3[4].lvl_exprs[0].coef[2] = 1;
  enc3[4].lvl_exprs[1].coef[0] = 1;
  enc3[4].lvl_exprs[2].coef[1] = 1;
  enc3[5] = enc3[2];
  enc3[5].lvl_types[2].props = SC_PROP_NONORDERED;
  memset(a, 0, sizeof a);
  for (int i = 0; i < 60; i++)
    if (rt_rand(&s) % 4 == 0)
      (&a[0][0][0])[i] = (double)(i + 1);
  for (int f = 0; f < 6; f++) {
    sc_tensor *t = NULL;
    RT_OK(sc_tensor_from_dense(&t, &enc3[f], SC_F64, dims3, a));
    RT_OK(sc_tensor_to_dense(t, back));
    rt_assert_dense_eq(&back[0][0][0], &a[0][0][0], 60, "3-D round trip");
    for (int g = 0; g < 6; g++) {
      sc_tensor *u = NULL;
      RT_OK(sc_tensor_convert(&u, t, &enc3[g]));
      RT_OK(sc_tensor_to_dense(u, back));
      rt_assert_dense_eq(&back[0][0][0], &a[0][0][0], 60, "3-D convert");
      assert_true(sc_tensor_get_f64(u, (const int64_t[]){2, 3, 4}) ==
                  a[2][3][4]);
      sc_tensor_free(u);
    }
    sc_tensor_free(t);
  }
  enc1[0] = rt_named("SparseVector", 0);
  enc1[1] = rt_simple(1, dense1, NULL);
  enc1[2] = rt_simple(1, loose1, NULL);
  enc1[3] = rt_named("COO", 1, (int64_t)1);
  v[0] = 1;
  v[5] = -2;
  v[10] = 3;
  for (int f = 0; f < 4; f++) {
    sc_tensor *t = NULL;
    RT_OK(sc_tensor_from_dense(&t, &enc1[f], SC_F64, dims1, v));
    RT_OK(sc_tensor_to_dense(t, vb));
    rt_assert_dense_eq(vb, v, 11, "1-D round trip");
    if (f != 1)
      assert_int_equal(sc_tensor_nnz(t), 3);
    for (int g = 0; g < 4; g++) {
      sc_tensor *u = NULL;
      RT_OK(sc_tensor_convert(&u, t, &enc1[g]));
      RT_OK(sc_tensor_to_dense(u, vb));
      rt_assert_dense_eq(vb, v, 11, "1-D convert");
      sc_tensor_free(u);
    }
    sc_tensor_free(t);
  }
}

/* Row-pointer input and output (double **A). */
static void test_dense_rows(void **state) {
  (void)state;
  sc_encoding e = rt_named("DCSR", 0);
  double r0[3] = {0, 1, 0}, r1[3] = {0, 0, 0}, r2[3] = {2, 0, 3};
  const void *rows[3] = {r0, r1, r2};
  double o0[3], o1[3], o2[3];
  void *orows[3] = {o0, o1, o2};
  int64_t dims[2] = {3, 3};
  sc_tensor *t = NULL;
  RT_OK(sc_tensor_from_dense_rows(&t, &e, SC_F64, dims, rows));
  assert_int_equal(sc_tensor_nnz(t), 3);
  memset(o1, 0xff, sizeof o1);
  RT_OK(sc_tensor_to_dense_rows(t, orows));
  assert_memory_equal(o0, r0, sizeof r0);
  assert_memory_equal(o1, r1, sizeof r1);
  assert_memory_equal(o2, r2, sizeof r2);
  sc_tensor_free(t);
}

/* sc_tensor_assign: dst takes src's entries in its own encoding; pending
 * updates of dst are dropped; mismatches fail and leave dst unchanged. */
static void test_assign(void **state) {
  (void)state;
  sc_encoding csr = rt_named("CSR", 0), csc = rt_named("CSC", 0),
              bsr = rt_named("BSR", 2, (int64_t)2, (int64_t)2);
  double a[12] = {0, 1, 0, 2, 0, 0, 0, 0, 3, 0, 0, 4}, b[12] = {5, 0, 0, 0, 0, 6, 0, 0, 0, 0, 7, 0};
  double out[12];
  int64_t dims[2] = {3, 4}, other[2] = {4, 3}, c[2] = {1, 1};
  sc_tensor *dst = NULL, *src = NULL, *wrong = NULL, *f32 = NULL;
  RT_OK(sc_tensor_from_dense(&dst, &csc, SC_F64, dims, a));
  RT_OK(sc_tensor_from_dense(&src, &bsr, SC_F64, dims, b));
  const double nine = 9;
  RT_OK(sc_tensor_insert(dst, c, &nine)); /* pending, dropped */
  RT_OK(sc_tensor_assign(dst, src));
  assert_int_equal(sc_tensor_nnz(dst), 3);
  RT_OK(sc_tensor_to_dense(dst, out));
  assert_memory_equal(out, b, sizeof b);
  RT_OK(sc_tensor_assign(dst, dst));
  RT_OK(sc_tensor_new(&wrong, &csr, SC_F64, other));
  RT_FAILS(sc_tensor_assign(dst, wrong), SC_ERR_INVALID_ARGUMENT, "dimension 0");
  RT_OK(sc_tensor_new(&f32, &csr, SC_F32, dims));
  RT_FAILS(sc_tensor_assign(dst, f32), SC_ERR_INVALID_ARGUMENT, "value type");
  RT_FAILS(sc_tensor_assign(NULL, src), SC_ERR_INVALID_ARGUMENT, "NULL");
  RT_OK(sc_tensor_to_dense(dst, out));
  assert_memory_equal(out, b, sizeof b);
  sc_tensor_free(dst);
  sc_tensor_free(src);
  sc_tensor_free(wrong);
  sc_tensor_free(f32);
}

static int setup(void **state) {
  (void)state;
  setup_formats();
  setup_matrices();
  return 0;
}

static int teardown(void **state) {
  (void)state;
  for (int i = 0; i < NM; i++)
    free(M[i].a);
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_dense_roundtrip),
      cmocka_unit_test(test_coo_matches_dense),
      cmocka_unit_test(test_convert_all_pairs),
      cmocka_unit_test(test_explicit_zeros),
      cmocka_unit_test(test_lookup_negative_zero),
      cmocka_unit_test(test_duplicates),
      cmocka_unit_test(test_other_ranks),
      cmocka_unit_test(test_dense_rows),
      cmocka_unit_test(test_assign),
  };
  return cmocka_run_group_tests(tests, setup, teardown);
}
