/* Matrix Market and FROSTT IO: write/read identity, symmetric and skew
 * expansion, pattern and array files, every malformed-input case with its
 * line number, the shared real-world matrices (when SC_SHARED_DIR is set),
 * .tns round trips, large files (mapped where the system allows) read
 * exactly as the same bytes from a stream. */
#define _POSIX_C_SOURCE 200809L
#include "rt_test_util.h"

#include <time.h>

static char tmpdir[512];

static void tmp_path(char *buf, size_t n, const char *name) {
  snprintf(buf, n, "%s/%s", tmpdir, name);
}

/* Reads text as a Matrix Market stream named "t.mtx". */
static sc_status read_text(sc_tensor **t, const char *text, sc_value_type vt,
                           const sc_encoding *enc) {
  FILE *f = tmpfile();
  sc_status st;
  assert_non_null(f);
  fputs(text, f);
  rewind(f);
  st = sc_read_mtx_stream(t, f, "t.mtx", enc, vt);
  fclose(f);
  return st;
}

static void dense_of(sc_tensor *t, double *d) { RT_OK(sc_tensor_to_dense(t, d)); }

static void test_symmetric_and_skew(void **state) {
  (void)state;
  sc_tensor *t = NULL;
  double d[9];
  const double sym[9] = {1, 2, 0, 2, 0, 3, 0, 3, 0};
  const double skew[9] = {0, -2, 0, 2, 0, -3, 0, 3, 0};
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate real symmetric\n"
                  "% a comment\n"
                  "3 3 3\n1 1 1.0\n2 1 2\n3 2 3e0\n",
                  SC_F64, NULL));
  assert_int_equal(sc_tensor_nnz(t), 5);
  dense_of(t, d);
  rt_assert_dense_eq(d, sym, 9, "symmetric");
  sc_tensor_free(t);
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate real skew-symmetric\n"
                  "3 3 2\n2 1 2\n3 2 3\n",
                  SC_F64, NULL));
  dense_of(t, d);
  rt_assert_dense_eq(d, skew, 9, "skew-symmetric");
  sc_tensor_free(t);
}

static void test_pattern_integer_array(void **state) {
  (void)state;
  sc_tensor *t = NULL;
  double d[6];
  int64_t di[4];
  sc_encoding csc = rt_named("CSC", 0);
  const double pat[6] = {0, 1, 0, 1, 0, 1};
  const double arr[6] = {1, 3, 5, 2, 4, 6};
  const int64_t ints[4] = {-7, 0, 0, 123456789012};
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate pattern general\n"
                  "2 3 3\n1 2\n2 1\n2 3\n",
                  SC_F64, &csc));
  dense_of(t, d);
  rt_assert_dense_eq(d, pat, 6, "pattern");
  sc_tensor_free(t);
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix array real general\n"
                  "2 3\n1\n2\n3\n4\n5\n6\n",
                  SC_F64, NULL));
  dense_of(t, d);
  rt_assert_dense_eq(d, arr, 6, "array");
  sc_tensor_free(t);
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate integer general\n"
                  "2 2 2\n1 1 -7\n2 2 123456789012\n",
                  SC_I64, NULL));
  RT_OK(sc_tensor_to_dense(t, di));
  assert_memory_equal(di, ints, sizeof ints);
  sc_tensor_free(t);
  /* Array symmetric: the lower triangle, column by column. */
  {
    double s[9];
    const double want[9] = {1, 2, 3, 2, 4, 5, 3, 5, 6};
    RT_OK(read_text(&t,
                    "%%MatrixMarket matrix array real symmetric\n"
                    "3 3\n1\n2\n3\n4\n5\n6\n",
                    SC_F64, NULL));
    dense_of(t, s);
    rt_assert_dense_eq(s, want, 9, "array symmetric");
    sc_tensor_free(t);
  }
}

typedef struct bad_case {
  const char *text;
  sc_status st;
  const char *msg; /* must appear in the error */
} bad_case;

static void test_malformed(void **state) {
  (void)state;
  static const bad_case cases[] = {
      {"hello\n", SC_ERR_PARSE, "t.mtx:1: not a Matrix Market"},
      {"%%MatrixMarket matrix coordinate real generalx\n1 1 0\n", SC_ERR_PARSE,
       "t.mtx:1: bad header"},
      {"%%MatrixMarket vector coordinate real general\n", SC_ERR_PARSE,
       "t.mtx:1:"},
      {"%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n",
       SC_ERR_UNSUPPORTED, "t.mtx:1: complex"},
      {"%%MatrixMarket matrix coordinate real hermitian\n", SC_ERR_UNSUPPORTED,
       "t.mtx:1: hermitian"},
      {"%%MatrixMarket matrix coordinate real general\n% only comments\n",
       SC_ERR_PARSE, "missing the size line"},
      {"%%MatrixMarket matrix coordinate real general\n3 x 1\n", SC_ERR_PARSE,
       "t.mtx:2: column count 'x' is not an integer"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1.0\n1 y "
       "2.0\n",
       SC_ERR_PARSE, "t.mtx:4: column index 'y'"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 abc\n",
       SC_ERR_PARSE, "t.mtx:3: value 'abc' is not a number"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1.5x\n",
       SC_ERR_PARSE, "t.mtx:3:"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1\n2 2 2\n",
       SC_ERR_PARSE, "t.mtx:5: truncated file: 3 entries declared, 2 found"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1\n2 2 2\n",
       SC_ERR_PARSE, "t.mtx:4: more entries than the 1 declared"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n4 1 1\n",
       SC_ERR_OUT_OF_RANGE, "t.mtx:3: entry (4, 1) is outside"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 0 1\n",
       SC_ERR_OUT_OF_RANGE, "t.mtx:3: entry (1, 0)"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1 9\n",
       SC_ERR_PARSE, "t.mtx:3: the line has 4 fields; an entry has 3"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1\n",
       SC_ERR_PARSE, "t.mtx:3: the line has 2 fields; an entry has 3"},
      {"%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n",
       SC_ERR_PARSE, "t.mtx:2: a symmetric matrix must be square"},
      {"%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n1 1 4\n",
       SC_ERR_PARSE, "t.mtx:3: skew-symmetric matrix with a nonzero diagonal"},
      {"%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n",
       SC_ERR_PARSE, "t.mtx:6: truncated file"},
      {"%%MatrixMarket matrix array real general\n1 1\n1\n2\n", SC_ERR_PARSE,
       "t.mtx:4: more values"},
      {"%%MatrixMarket matrix array pattern general\n1 1\n", SC_ERR_PARSE,
       "t.mtx:1: bad header: pattern"},
      {"%%MatrixMarket matrix coordinate real general\n-1 3 0\n", SC_ERR_PARSE,
       "t.mtx:2: negative size"},
      {"%%MatrixMarket matrix coordinate real general\n3 3 1\n"
       "99999999999999999999 1 1\n",
       SC_ERR_PARSE, "t.mtx:3: row index '99999999999999999999' is too large"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sc_tensor *t = NULL;
    sc_status st = read_text(&t, cases[i].text, SC_F64, NULL);
    if (st != cases[i].st)
      fail_msg("case %zu: got %s (%s), wanted %s", i, sc_status_name(st),
               sc_last_error(), sc_status_name(cases[i].st));
    if (!strstr(sc_last_error(), cases[i].msg))
      fail_msg("case %zu: message '%s' lacks '%s'", i, sc_last_error(),
               cases[i].msg);
    assert_null(t);
  }
  /* Integer tensors reject fractional values. */
  {
    sc_tensor *t = NULL;
    RT_FAILS(read_text(&t,
                       "%%MatrixMarket matrix coordinate real general\n"
                       "1 1 1\n1 1 2.5\n",
                       SC_I32, NULL),
             SC_ERR_PARSE, "t.mtx:3: value '2.5' is not an integer");
    /* an integer too large for 64 bits is said to be too large */
    RT_FAILS(read_text(&t,
                       "%%MatrixMarket matrix coordinate integer general\n"
                       "1 1 1\n1 1 123456789012345678901234567890\n",
                       SC_I64, NULL),
             SC_ERR_PARSE,
             "t.mtx:3: value '123456789012345678901234567890' does not fit "
             "a 64-bit integer");
  }
  /* A file whose field is integer holds integers, whatever the tensor's
   * type: `1.5` (or `2.0`) is an error naming its line, not a value. */
  {
    static const sc_value_type vts[] = {SC_F64, SC_F32, SC_I32};
    for (size_t k = 0; k < sizeof vts / sizeof vts[0]; k++) {
      sc_tensor *t = NULL;
      RT_FAILS(read_text(&t,
                         "%%MatrixMarket matrix coordinate integer general\n"
                         "2 2 2\n1 1 3\n2 2 1.5\n",
                         vts[k], NULL),
               SC_ERR_PARSE,
               "t.mtx:4: value '1.5' is not an integer (the file's field is "
               "integer)");
      RT_FAILS(read_text(&t,
                         "%%MatrixMarket matrix coordinate integer symmetric\n"
                         "2 2 1\n2 1 2.0\n",
                         vts[k], NULL),
               SC_ERR_PARSE, "t.mtx:3: value '2.0' is not an integer");
      RT_FAILS(read_text(&t,
                         "%%MatrixMarket matrix array integer general\n"
                         "1 2\n4\n-1e3\n",
                         vts[k], NULL),
               SC_ERR_PARSE, "t.mtx:4: value '-1e3' is not an integer");
    }
    /* signed integers are values like any other */
    sc_tensor *t = NULL;
    RT_OK(read_text(&t,
                    "%%MatrixMarket matrix coordinate integer general\n"
                    "2 2 2\n1 1 -3\n2 1 +7\n",
                    SC_F64, NULL));
    double d[4];
    const double want[4] = {-3, 0, 7, 0};
    dense_of(t, d);
    rt_assert_dense_eq(d, want, 4, "integer field read as f64");
    sc_tensor_free(t);
  }
  {
    sc_tensor *t = NULL;
    char p[600];
    tmp_path(p, sizeof p, "no/such/dir/x.mtx");
    RT_FAILS(sc_read_mtx(&t, p, NULL, SC_F64), SC_ERR_IO, "x.mtx");
  }
}

static void test_write_read_identity(void **state) {
  (void)state;
  const double vals[] = {0.1, 1.0 / 3.0, -2.5e300, 1e-300, 42, -0.5, 7e22,
                         123456789.123456789};
  double a[6][7], b[6][7];
  const char *fmts[] = {"CSR", "CSC", "COO", "BSR", "NV24"};
  char path[600];
  uint64_t s = 7;
  int k = 0;
  memset(a, 0, sizeof a);
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++)
      if (rt_rand(&s) % 3 == 0 && (j % 4) < 2)
        a[i][j] = vals[k++ % 8];
  tmp_path(path, sizeof path, "rt_io_roundtrip.mtx");
  for (int f = 0; f < 5; f++) {
    sc_encoding e = f == 3 ? rt_named("BSR", 2, (int64_t)2, (int64_t)3)
                           : rt_named(fmts[f], 0);
    int64_t dims[2] = {6, 7};
    sc_tensor *t = NULL, *u = NULL;
    RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, a));
    RT_OK(sc_write_mtx(t, path));
    RT_OK(sc_read_mtx(&u, path, &e, SC_F64));
    assert_int_equal(sc_tensor_dim_size(u, 0), 6);
    assert_int_equal(sc_tensor_dim_size(u, 1), 7);
    assert_int_equal(sc_tensor_nnz(u), sc_tensor_nnz(t));
    dense_of(u, &b[0][0]);
    assert_memory_equal(a, b, sizeof a); /* bit-exact values */
    sc_tensor_free(t);
    sc_tensor_free(u);
  }
  /* Integer values write an integer file. */
  {
    sc_encoding e = rt_named("CSR", 0);
    int64_t dims[2] = {2, 2};
    const int32_t di[4] = {0, -5, 2147483647, 0};
    int32_t back[4];
    sc_tensor *t = NULL, *u = NULL;
    FILE *f = tmpfile();
    char line[128];
    RT_OK(sc_tensor_from_dense(&t, &e, SC_I32, dims, di));
    RT_OK(sc_write_mtx_stream(t, f));
    rewind(f);
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line,
                        "%%MatrixMarket matrix coordinate integer general\n");
    rewind(f);
    RT_OK(sc_read_mtx_stream(&u, f, "ints", NULL, SC_I32));
    RT_OK(sc_tensor_to_dense(u, back));
    assert_memory_equal(back, di, sizeof di);
    fclose(f);
    sc_tensor_free(t);
    sc_tensor_free(u);
  }
  remove(path);
}

/* A write that fails when the stream's buffer is flushed (a full device)
 * is SC_ERR_IO from the stream writer too, not SC_OK with the text lost. */
static void test_write_stream_flush_error(void **state) {
  sc_encoding e = rt_named("CSR", 0);
  int64_t dims[2] = {3, 3};
  const double d[9] = {1, 0, 2, 0, 0, 3, 4, 0, 0};
  sc_tensor *t = NULL;
  FILE *full = fopen("/dev/full", "w");
  (void)state;
  if (!full)
    skip(); /* a system without /dev/full */
  RT_OK(sc_tensor_from_dense(&t, &e, SC_F64, dims, d));
  RT_FAILS(sc_write_mtx_stream(t, full), SC_ERR_IO, "write error");
  fclose(full);
  RT_FAILS(sc_write_mtx(t, "/dev/full"), SC_ERR_IO, "/dev/full: write error");
  RT_FAILS(sc_write_tns(t, "/dev/full"), SC_ERR_IO, "/dev/full: write error");
  sc_tensor_free(t);
}

/* The narrow and unsigned integer value types: Matrix Market values read
 * with a range check and written back unsigned, duplicates and updates
 * wrapping in the value type, typed lookups, and symmetric expansion
 * negating in the type. */
static void test_narrow_integer_values(void **state) {
  (void)state;
  sc_tensor *t = NULL, *u = NULL;
  sc_encoding csr = rt_named("CSR", 0);
  const int64_t c00[2] = {0, 0}, c01[2] = {0, 1}, c11[2] = {1, 1};
  /* uint8_t: 200 + 56 (a duplicate) wraps to 0 */
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate integer general\n"
                  "2 2 4\n1 1 200\n1 1 56\n1 2 255\n2 2 7\n",
                  SC_U8, &csr));
  assert_int_equal(sc_tensor_get_u8(t, c00), 0);
  assert_int_equal(sc_tensor_get_u8(t, c01), 255);
  {
    const uint8_t one = 1, three = 3;
    RT_OK(sc_tensor_update(t, c01, '+', &one)); /* 255 + 1 wraps to 0 */
    RT_OK(sc_tensor_update(t, c11, '*', &three));
    assert_int_equal(sc_tensor_get_u8(t, c01), 0);
    assert_int_equal(sc_tensor_get_u8(t, c11), 21);
  }
  sc_tensor_free(t);
  RT_FAILS(read_text(&t,
                     "%%MatrixMarket matrix coordinate integer general\n"
                     "1 1 1\n1 1 256\n",
                     SC_U8, &csr),
           SC_ERR_PARSE, "does not fit the tensor's unsigned 8-bit integers");
  RT_FAILS(read_text(&t,
                     "%%MatrixMarket matrix coordinate integer general\n"
                     "1 1 1\n1 1 -1\n",
                     SC_U32, &csr),
           SC_ERR_PARSE, NULL);
  /* int16_t: skew-symmetric mirrored negated, in range */
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate integer skew-symmetric\n"
                  "2 2 1\n2 1 -32767\n",
                  SC_I16, &csr));
  assert_int_equal(sc_tensor_get_i16(t, c01), 32767);
  sc_tensor_free(t);
  /* uint64_t beyond INT64_MAX written unsigned; uint32_t read back */
  {
    const int64_t dims[2] = {2, 2};
    const uint64_t d[4] = {0, UINT64_MAX - 4, 0, 3};
    uint64_t back[4];
    FILE *f = tmpfile();
    char line[128];
    assert_non_null(f);
    RT_OK(sc_tensor_from_dense(&t, &csr, SC_U64, dims, d));
    assert_true(sc_tensor_get_u64(t, c01) == UINT64_MAX - 4);
    RT_OK(sc_write_mtx_stream(t, f));
    rewind(f);
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line,
                        "%%MatrixMarket matrix coordinate integer general\n");
    assert_non_null(fgets(line, sizeof line, f));
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "1 2 18446744073709551611\n");
    rewind(f);
    RT_OK(sc_read_mtx_stream(&u, f, "u64", &csr, SC_U64)); /* read back */
    assert_true(sc_tensor_get_u64(u, c01) == UINT64_MAX - 4);
    sc_tensor_free(u);
    fclose(f);
    RT_OK(sc_tensor_to_dense(t, back));
    assert_memory_equal(back, d, sizeof d);
    sc_tensor_free(t);
    RT_OK(read_text(&u,
                    "%%MatrixMarket matrix coordinate integer general\n"
                    "2 2 1\n2 2 4294967295\n",
                    SC_U32, &csr));
    assert_true(sc_tensor_get_u32(u, c11) == UINT32_MAX);
    sc_tensor_free(u);
  }
}

typedef struct shared_mat {
  const char *file;
  int64_t n;
  size_t nnz_full;
  int symmetric;
} shared_mat;

static void test_shared_matrices(void **state) {
  (void)state;
  static const shared_mat mats[] = {
      {"bcsstk13.mtx", 2003, 83883, 1},   {"cryg2500.mtx", 2500, 12349, 0},
      {"zenios.mtx", 2873, 27191, 1},     {"jagmesh7.mtx", 1138, 7450, 1},
      {"bcsstk33.mtx", 8738, 591904, 1},  {"luxembourg.mtx", 114599, 239332, 1},
      {"fidapex6.mtx", 1651, 49533, 0},   {"cage8.mtx", 1015, 11003, 0},
      {"crack.mtx", 10240, 60760, 1},     {"qh1484.mtx", 1484, 6110, 0},
  };
  const char *dir = getenv("SC_SHARED_DIR");
  sc_encoding csc = rt_named("CSC", 0);
  int found = 0;
  if (!dir || !*dir)
    skip();
  for (size_t i = 0; i < sizeof mats / sizeof mats[0]; i++) {
    char path[1024];
    sc_tensor *t = NULL, *c = NULL;
    FILE *probe;
    clock_t t0;
    double secs;
    long bytes;
    snprintf(path, sizeof path, "%s/matrices/%s", dir, mats[i].file);
    probe = fopen(path, "rb");
    if (!probe)
      continue;
    fseek(probe, 0, SEEK_END);
    bytes = ftell(probe);
    fclose(probe);
    found++;
    t0 = clock();
    RT_OK(sc_read_mtx(&t, path, NULL, SC_F64));
    secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    print_message("%-16s %7.1f MB/s\n", mats[i].file,
                  secs > 0 ? (double)bytes / 1e6 / secs : 0.0);
    assert_int_equal(sc_tensor_dim_size(t, 0), mats[i].n);
    assert_int_equal(sc_tensor_dim_size(t, 1), mats[i].n);
    assert_int_equal(sc_tensor_nnz(t), mats[i].nnz_full);
    if (mats[i].symmetric) {
      /* A symmetric matrix equals its transpose: CSR arrays == CSC arrays. */
      RT_OK(sc_tensor_convert(&c, t, &csc));
      assert_memory_equal(sc_tensor_positions(t, 1), sc_tensor_positions(c, 1),
                          sc_tensor_positions_size(t, 1) * sizeof(uint64_t));
      assert_memory_equal(sc_tensor_coordinates(t, 1),
                          sc_tensor_coordinates(c, 1),
                          sc_tensor_nnz(t) * sizeof(uint64_t));
      assert_memory_equal(sc_tensor_values(t), sc_tensor_values(c),
                          sc_tensor_nnz(t) * sizeof(double));
      sc_tensor_free(c);
    }
    sc_tensor_free(t);
  }
  if (!found)
    skip();
}

static void test_tns_roundtrip(void **state) {
  (void)state;
  double a[3][4][5], b[3][4][5];
  char path[600];
  uint64_t s = 5;
  int64_t dims[3] = {3, 4, 5};
  sc_encoding coo3 = rt_named("COO", 1, (int64_t)3);
  sc_tensor *t = NULL, *u = NULL;
  memset(a, 0, sizeof a);
  for (int i = 0; i < 60; i++)
    if (rt_rand(&s) % 3 == 0)
      (&a[0][0][0])[i] = i * 0.5 - 7;
  a[2][3][4] = 1.25; /* the largest coordinate fixes the sizes */
  tmp_path(path, sizeof path, "rt_io_roundtrip.tns");
  RT_OK(sc_tensor_from_dense(&t, &coo3, SC_F64, dims, a));
  RT_OK(sc_write_tns(t, path));
  RT_OK(sc_read_tns(&u, path, NULL, SC_F64));
  assert_int_equal(sc_tensor_dim_rank(u), 3);
  for (int d = 0; d < 3; d++)
    assert_int_equal(sc_tensor_dim_size(u, d), dims[d]);
  dense_of(u, &b[0][0][0]);
  assert_memory_equal(a, b, sizeof a);
  sc_tensor_free(t);
  sc_tensor_free(u);
  remove(path);
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  assert_non_null(f);
  fputs(text, f);
  fclose(f);
}

static void test_tns_read_and_errors(void **state) {
  (void)state;
  char path[600];
  sc_tensor *t = NULL;
  double d[2 * 3];
  const double want[6] = {0, 0, 2.5, -1, 0, 0};
  tmp_path(path, sizeof path, "rt_io_case.tns");
  write_file(path, "# comment\n1 3 2.5\n\n2 1 -1\n");
  RT_OK(sc_read_tns(&t, path, NULL, SC_F64));
  assert_int_equal(sc_tensor_dim_size(t, 0), 2);
  assert_int_equal(sc_tensor_dim_size(t, 1), 3);
  dense_of(t, d);
  rt_assert_dense_eq(d, want, 6, "tns");
  sc_tensor_free(t);
  t = NULL;
  write_file(path, "1 1 1.0\n2 x 3.0\n");
  RT_FAILS(sc_read_tns(&t, path, NULL, SC_F64), SC_ERR_PARSE,
           "rt_io_case.tns:2: coordinate 'x' is not an integer");
  write_file(path, "1 1 1.0\n0 2 3.0\n");
  RT_FAILS(sc_read_tns(&t, path, NULL, SC_F64), SC_ERR_OUT_OF_RANGE,
           "rt_io_case.tns:2:");
  write_file(path, "1 1 1.0\n2 2 3.0 4\n");
  RT_FAILS(sc_read_tns(&t, path, NULL, SC_F64), SC_ERR_PARSE,
           "rt_io_case.tns:2: the line has 4 fields");
  write_file(path, "1 1 1 1.0\n2 2\n");
  RT_FAILS(sc_read_tns(&t, path, NULL, SC_F64), SC_ERR_PARSE,
           "rt_io_case.tns:2:");
  write_file(path, "# nothing\n");
  RT_FAILS(sc_read_tns(&t, path, NULL, SC_F64), SC_ERR_PARSE, "no entries");
  assert_null(t);
  remove(path);
}

/* Every reader message a malformed file can get, in both formats: the
 * file and line, then what is wrong in the words of the format (the
 * field count of a line against what it should hold, never the first
 * missing field's name alone), from streams holding exactly these bytes
 * (a NUL byte included). Each read fails with no tensor, never a crash. */
typedef struct reader_case {
  const char *text;
  size_t len; /* 0: strlen(text) */
  sc_status st;
  const char *msg; /* the whole message */
} reader_case;

/* The case's bytes as the file t.mtx or t.tns of the temporary directory,
 * read; *name is set to the file's path. */
static sc_status read_bytes(sc_tensor **t, const reader_case *c, int tns,
                            char *name, size_t size) {
  FILE *f;
  sc_status st;
  tmp_path(name, size, tns ? "t.tns" : "t.mtx");
  f = fopen(name, "wb");
  assert_non_null(f);
  fwrite(c->text, 1, c->len ? c->len : strlen(c->text), f);
  fclose(f);
  st = tns ? sc_read_tns(t, name, NULL, SC_F64)
           : sc_read_mtx(t, name, NULL, SC_F64);
  remove(name);
  return st;
}

#define MM_HEAD "%%MatrixMarket matrix coordinate real general\n"

static void test_reader_messages(void **state) {
  (void)state;
  static const reader_case mtx[] = {
      {"", 0, SC_ERR_PARSE,
       "t.mtx:1: empty file (a Matrix Market file starts with a "
       "%%MatrixMarket header line)"},
      {"\n  \n\n", 0, SC_ERR_PARSE, "t.mtx:1: empty file"},
      {"%%MatrixMarket\n", 0, SC_ERR_PARSE,
       "t.mtx:1: bad header: missing object ('matrix')"},
      {"%%MatrixMarket matrix coordinat real general\n3 3 0\n", 0,
       SC_ERR_PARSE,
       "t.mtx:1: bad header: format 'coordinat' is not coordinate or array"},
      {"%%MatrixMarket matrix coordinate real\n3 3 0\n", 0, SC_ERR_PARSE,
       "t.mtx:1: bad header: missing symmetry"},
      {MM_HEAD, 0, SC_ERR_PARSE, "t.mtx:2: truncated file: missing the size line"},
      {MM_HEAD "3 3\n", 0, SC_ERR_PARSE,
       "t.mtx:2: the line has 2 fields; the size line has 3 (rows, columns "
       "and entries)"},
      {MM_HEAD "3 3 1 4\n1 1 1\n", 0, SC_ERR_PARSE,
       "t.mtx:2: the line has 4 fields; the size line has 3"},
      {"%%MatrixMarket matrix array real general\n2 2 4\n", 0, SC_ERR_PARSE,
       "t.mtx:2: the line has 3 fields; the size line has 2 (rows and "
       "columns)"},
      {MM_HEAD "3 3 x\n", 0, SC_ERR_PARSE,
       "t.mtx:2: entry count 'x' is not an integer"},
      {MM_HEAD "3 3 1 % size\n1 1 1\n", 0, SC_ERR_PARSE,
       "t.mtx:2: '%' after the data: a comment takes a line of its own"},
      {MM_HEAD "3 3 1\n1\n", 0, SC_ERR_PARSE,
       "t.mtx:3: the line has 1 field; an entry has 3 (row index, column "
       "index and value)"},
      {MM_HEAD "3 3 1\n1 2\n", 0, SC_ERR_PARSE,
       "t.mtx:3: the line has 2 fields; an entry has 3"},
      {"%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 3\n", 0,
       SC_ERR_PARSE,
       "t.mtx:3: the line has 3 fields; an entry has 2 (row and column "
       "index)"},
      {MM_HEAD "3 3 1\n1 2 3 % note\n", 0, SC_ERR_PARSE,
       "t.mtx:3: '%' after the data: a comment takes a line of its own"},
      {MM_HEAD "3 3 1\n1 9 3\n", 0, SC_ERR_OUT_OF_RANGE,
       "t.mtx:3: entry (1, 9) is outside the 3 x 3 matrix (indices are "
       "1-based)"},
      {MM_HEAD "3 3 1\n1.5 2 3\n", 0, SC_ERR_PARSE,
       "t.mtx:3: row index '1.5' is not an integer"},
      {MM_HEAD "3 3 2\n1 2 3\n2 ", 0, SC_ERR_PARSE,
       "t.mtx:4: the line has 1 field; an entry has 3"},
      {MM_HEAD "3 3 1\n1\0 2 3\n", sizeof MM_HEAD - 1 + 13, SC_ERR_PARSE,
       "t.mtx:3: NUL byte in the line: not a text file"},
      {"%%MatrixMarket matrix coordinate real general\r\n% c\r\n\r\n3 3 "
       "2\r\n1 x 3\r\n",
       0, SC_ERR_PARSE, "t.mtx:5: column index 'x' is not an integer"},
      {"%%MatrixMarket matrix coordinate real general\r\n3 3 2\r\n1 2 "
       "3\r\n",
       0, SC_ERR_PARSE, "t.mtx:4: truncated file: 2 entries declared, 1 found"},
      {"%%MatrixMarket matrix array real general\n2 2\n1 2\n3\n4\n", 0,
       SC_ERR_PARSE,
       "t.mtx:3: the line has 2 fields; a data line of an array file has 1 "
       "(one value)"},
  };
  static const reader_case tns[] = {
      {"", 0, SC_ERR_PARSE,
       "t.tns:1: empty file (no entries): the order of the tensor is unknown"},
      {"# a\n\n# b\n", 0, SC_ERR_PARSE,
       "t.tns:4: no entries: the order of the tensor is unknown"},
      {"5\n", 0, SC_ERR_PARSE,
       "t.tns:1: an entry needs 2 to 9 fields (coordinates then the value), "
       "not 1"},
      {"1 1 1 1.0\n2 2\n", 0, SC_ERR_PARSE,
       "t.tns:2: the line has 2 fields; an entry of this order-3 tensor has "
       "4 (3 coordinates and a value, as on line 1)"},
      {"# header\n\n1 1.0\n2\n", 0, SC_ERR_PARSE,
       "t.tns:4: the line has 1 field; an entry of this order-1 tensor has 2 "
       "(1 coordinate and a value, as on line 3)"},
      {"1 1 1.0\n2 2 3 4\n", 0, SC_ERR_PARSE,
       "t.tns:2: the line has 4 fields; an entry of this order-2 tensor has "
       "3"},
      {"1 1 1.0\r\n\r\n2 2\r\n", 0, SC_ERR_PARSE,
       "t.tns:3: the line has 2 fields; an entry of this order-2 tensor"},
      {"1 1 1.0\n2 2", 0, SC_ERR_PARSE,
       "t.tns:2: the line has 2 fields; an entry of this order-2 tensor"},
      {"1 1 1.0 # note\n", 0, SC_ERR_PARSE,
       "t.tns:1: '#' after the entry: a comment takes a line of its own"},
      {"1 1 1.0\n0 2 3.0\n", 0, SC_ERR_OUT_OF_RANGE,
       "t.tns:2: coordinate 0 of mode 1: coordinates are 1-based"},
      {"1 1 1.0\n1.5 2 3.0\n", 0, SC_ERR_PARSE,
       "t.tns:2: coordinate '1.5' is not an integer"},
      {"1 1 1.0\n1 2 zz\n", 0, SC_ERR_PARSE,
       "t.tns:2: value 'zz' is not a number"},
      {"1 99999999999999999999 1.0\n", 0, SC_ERR_PARSE,
       "t.tns:1: coordinate '99999999999999999999' is too large"},
      {"1 1\0 1.0\n", 9, SC_ERR_PARSE,
       "t.tns:1: NUL byte in the line: not a text file"},
      {"1 1 1.0\n2 2\0 1.0\n", 17, SC_ERR_PARSE,
       "t.tns:2: NUL byte in the line: not a text file"},
  };
  for (int tn = 0; tn < 2; tn++) {
    const reader_case *cs = tn ? tns : mtx;
    size_t n = tn ? sizeof tns / sizeof *tns : sizeof mtx / sizeof *mtx;
    for (size_t i = 0; i < n; i++) {
      sc_tensor *t = NULL;
      char name[600];
      sc_status st = read_bytes(&t, &cs[i], tn, name, sizeof name);
      size_t dir = strlen(name) - strlen("t.mtx");
      if (st != cs[i].st)
        fail_msg("%s case %zu: got %s (%s), wanted %s", tn ? "tns" : "mtx", i,
                 sc_status_name(st), sc_last_error(), sc_status_name(cs[i].st));
      /* the path, then the message (from "t.mtx:LINE: ") */
      if (strncmp(sc_last_error(), name, dir) ||
          strncmp(sc_last_error() + dir, cs[i].msg, strlen(cs[i].msg)))
        fail_msg("%s case %zu: message '%s', wanted '%.*s%s'",
                 tn ? "tns" : "mtx", i, sc_last_error(), (int)dir, name,
                 cs[i].msg);
      assert_null(t);
    }
  }
  /* an encoding of another rank than the file's is said with the file */
  {
    sc_tensor *t = NULL;
    sc_encoding csf = rt_named("CSF", 0);
    RT_FAILS(read_text(&t, MM_HEAD "1 1 1\n1 1 1\n", SC_F64, &csf),
             SC_ERR_INVALID_ARGUMENT,
             "t.mtx: a Matrix Market file holds a matrix; the encoding has "
             "rank 3");
    assert_null(t);
  }
  /* the same files read well once the fault is mended: CR LF line ends,
   * comment and blank lines are no errors */
  {
    static const reader_case good[] = {
        {"%%MatrixMarket matrix coordinate real general\r\n% c\r\n\r\n3 3 "
         "1\r\n\r\n% between\r\n1 2 3\r\n",
         0, SC_OK, ""},
        {"# c\r\n1 1 1.0\r\n\r\n# d\r\n2 2 2\r\n", 0, SC_OK, ""},
    };
    for (int tn = 0; tn < 2; tn++) {
      sc_tensor *t = NULL;
      char name[600];
      RT_OK(read_bytes(&t, &good[tn], tn, name, sizeof name));
      assert_int_equal(sc_tensor_nnz(t), tn ? 2 : 1);
      sc_tensor_free(t);
    }
  }
}

/* What editors and other tools write around the data: '%' comment lines
 * between and after the entries (not counted as entries), a UTF-8 byte
 * order mark; and a directory given as the file. */
static void test_comments_bom_directory(void **state) {
  (void)state;
  char path[600];
  sc_tensor *t = NULL;
  double d[4];
  const double want[4] = {1, 0, 0, 2};
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix coordinate real general\n2 2 2\n"
                  "1 1 1\n% between entries\n2 2 2\n% after the last one\n",
                  SC_F64, NULL));
  dense_of(t, d);
  rt_assert_dense_eq(d, want, 4, "coordinate with comments");
  sc_tensor_free(t);
  RT_OK(read_text(&t,
                  "%%MatrixMarket matrix array real general\n2 2\n1\n"
                  "% a comment\n0\n0\n2\n%\n",
                  SC_F64, NULL));
  dense_of(t, d);
  rt_assert_dense_eq(d, want, 4, "array with comments");
  sc_tensor_free(t);
  /* a comment is still not an entry: one more line than declared */
  t = NULL;
  RT_FAILS(read_text(&t,
                     "%%MatrixMarket matrix coordinate real general\n2 2 1\n"
                     "1 1 1\n% c\n2 2 2\n",
                     SC_F64, NULL),
           SC_ERR_PARSE, "t.mtx:5: more entries than the 1 declared");
  assert_null(t);
  RT_OK(read_text(&t,
                  "\xef\xbb\xbf%%MatrixMarket matrix coordinate real "
                  "general\n2 2 2\n1 1 1\n2 2 2\n",
                  SC_F64, NULL));
  dense_of(t, d);
  rt_assert_dense_eq(d, want, 4, "byte order mark");
  sc_tensor_free(t);
  tmp_path(path, sizeof path, "rt_io_bom.tns");
  write_file(path, "\xef\xbb\xbf" "1 1 1\n2 2 2\n");
  RT_OK(sc_read_tns(&t, path, NULL, SC_F64));
  dense_of(t, d);
  rt_assert_dense_eq(d, want, 4, "tns byte order mark");
  sc_tensor_free(t);
  remove(path);
  /* a directory: an IO error saying so, never an attempt to allocate its
   * nominal size */
  t = NULL;
  RT_FAILS(sc_read_mtx(&t, tmpdir, NULL, SC_F64), SC_ERR_IO,
           "is a directory");
  assert_null(t);
  RT_FAILS(sc_read_tns(&t, tmpdir, NULL, SC_F64), SC_ERR_IO,
           "is a directory");
  assert_null(t);
  /* an error found while assembling what was parsed names the file too */
  {
    sc_encoding e8 = rt_named("CSR", 0);
    e8.crd_width = 8;
    t = NULL;
    RT_FAILS(read_text(&t,
                       "%%MatrixMarket matrix coordinate real general\n"
                       "1 300 1\n1 300 1\n",
                       SC_F64, &e8),
             SC_ERR_WIDTH_OVERFLOW,
             "t.mtx: level 1: coordinate 299 does not fit crdWidth = 8");
    assert_null(t);
  }
  /* a write that fails before any output (a pending insert that does not
   * fit, a tensor of rank 3) leaves an existing file as it was */
  {
    sc_encoding e8 = rt_named("CSR", 0), csf = rt_named("CSF", 0);
    const int64_t d2[2] = {2, 1000}, d3[3] = {2, 2, 2}, c[2] = {1, 999};
    const char *keep = "%%MatrixMarket matrix coordinate real general\n"
                       "1 1 0\n";
    double v = 1;
    char buf[128] = "";
    FILE *f;
    e8.crd_width = 8;
    tmp_path(path, sizeof path, "rt_io_keep.mtx");
    write_file(path, keep);
    RT_OK(sc_tensor_new(&t, &e8, SC_F64, d2));
    RT_OK(sc_tensor_insert(t, c, &v));
    RT_FAILS(sc_write_mtx(t, path), SC_ERR_WIDTH_OVERFLOW, "999");
    sc_tensor_free(t);
    RT_OK(sc_tensor_new(&t, &csf, SC_F64, d3));
    RT_FAILS(sc_write_mtx(t, path), SC_ERR_INVALID_ARGUMENT, "rank 3");
    sc_tensor_free(t);
    t = NULL;
    f = fopen(path, "rb");
    assert_non_null(f);
    buf[fread(buf, 1, sizeof buf - 1, f)] = '\0';
    fclose(f);
    assert_string_equal(buf, keep);
    remove(path);
  }
  /* out NULL is reported before the file is looked at */
  RT_FAILS(sc_read_mtx(NULL, "no-such-file.mtx", NULL, SC_F64),
           SC_ERR_INVALID_ARGUMENT, "out is NULL");
}

/* ---- large files: mapped vs read ---- */

static void assert_same_csr(sc_tensor *a, sc_tensor *b) {
  size_t rows = (size_t)sc_tensor_dim_size(a, 0), nz = sc_tensor_nnz(a);
  assert_int_equal(nz, sc_tensor_nnz(b));
  assert_int_equal(sc_tensor_dim_size(a, 1), sc_tensor_dim_size(b, 1));
  assert_memory_equal(sc_tensor_positions(a, 1), sc_tensor_positions(b, 1),
                      (rows + 1) * sizeof(uint64_t));
  assert_memory_equal(sc_tensor_coordinates(a, 1),
                      sc_tensor_coordinates(b, 1), nz * sizeof(uint64_t));
  assert_memory_equal(sc_tensor_values(a), sc_tensor_values(b),
                      nz * sizeof(double));
}

/* text[0, len) as a file at path, read with sc_read_mtx (mapped when
 * large), and as a memory stream (read): same tensor or same error. */
static void check_big(const char *path, const char *text, size_t len,
                      const char *err) {
  sc_tensor *a = NULL, *b = NULL;
  FILE *f = fopen(path, "wb");
  sc_status sa, sb;
  char msg_a[600];
  assert_non_null(f);
  assert_int_equal(fwrite(text, 1, len, f), len);
  fclose(f);
  sa = sc_read_mtx(&a, path, NULL, SC_F64);
  snprintf(msg_a, sizeof msg_a, "%s", sc_last_error());
  f = fmemopen((void *)(uintptr_t)text, len, "rb");
  assert_non_null(f);
  sb = sc_read_mtx_stream(&b, f, path, NULL, SC_F64);
  fclose(f);
  if (err) {
    assert_int_equal(sa, SC_ERR_PARSE);
    assert_int_equal(sb, SC_ERR_PARSE);
    assert_string_equal(msg_a, sc_last_error());
    if (!strstr(msg_a, err))
      fail_msg("message '%s' lacks '%s'", msg_a, err);
  } else {
    sc_tensor *c = NULL;
    RT_OK(sa);
    RT_OK(sb);
    assert_same_csr(a, b);
    /* an update stream with the text still in its buffer (no flush, no
     * rewind): read in full, as a regular file */
    f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len - 100, f), len - 100);
    assert_int_equal(fwrite(text + len - 100, 1, 100, f), 100); /* buffered */
    RT_OK(sc_read_mtx_stream(&c, f, path, NULL, SC_F64));
    fclose(f);
    assert_same_csr(a, c);
    sc_tensor_free(c);
  }
  sc_tensor_free(a);
  sc_tensor_free(b);
  remove(path);
}

/* Line ends: LF, CRLF and a lone CR (old Mac files) read alike, small
 * files (read) and large ones (mapped: the lone-CR file is copied). */
static void test_lone_cr_line_ends(void **state) {
  enum { BIG = (1 << 20) + 4096 };
  const char *lf = "%%MatrixMarket matrix coordinate real general\n% c\n"
                   "3 3 3\n1 1 1.5\n3 2 -2\n2 3 4\n";
  const double want[9] = {1.5, 0, 0, 0, 0, 4, 0, -2, 0};
  char path[600], *cr = malloc(2 * BIG + 1), *crlf = malloc(2 * BIG + 1);
  sc_tensor *t = NULL, *u = NULL;
  double d[9];
  size_t n, i, k;
  uint64_t s = 7;
  (void)state;
  assert_non_null(cr);
  assert_non_null(crlf);
  for (int form = 0; form < 3; form++) {
    for (i = k = 0; lf[i]; i++) {
      if (lf[i] == '\n' && form != 0)
        crlf[k++] = '\r';
      if (lf[i] != '\n' || form != 1)
        crlf[k++] = lf[i];
    }
    crlf[k] = '\0';
    RT_OK(read_text(&t, crlf, SC_F64, NULL));
    dense_of(t, d);
    rt_assert_dense_eq(d, want, 9, form == 1 ? "CR" : "LF or CRLF");
    sc_tensor_free(t);
    t = NULL;
  }
  tmp_path(path, sizeof path, "rt_io_cr.tns");
  write_file(path, "# c\r1 3 2.5\r\r2 1 -1\r");
  RT_OK(sc_read_tns(&t, path, NULL, SC_F64));
  assert_int_equal(sc_tensor_nnz(t), 2);
  sc_tensor_free(t);
  t = NULL;
  /* a file large enough to be mapped: the same tensor from LF and CR */
  n = (size_t)snprintf(crlf, BIG, "%%%%MatrixMarket matrix coordinate real "
                       "general\n900 900 %d\n", BIG / 16);
  for (i = 0; i < BIG / 16; i++) {
    uint64_t r = rt_rand(&s);
    n += (size_t)snprintf(crlf + n, 2 * BIG - n, "%llu %llu %.17g\n",
                          (unsigned long long)(r % 900 + 1),
                          (unsigned long long)((r >> 20) % 900 + 1),
                          (double)(r >> 40) / 3.0);
  }
  assert_true(n > (1u << 20));
  tmp_path(path, sizeof path, "rt_io_cr.mtx");
  write_file(path, crlf);
  RT_OK(sc_read_mtx(&t, path, NULL, SC_F64));
  for (i = 0; i < n; i++)
    cr[i] = crlf[i] == '\n' ? '\r' : crlf[i];
  cr[n] = '\0';
  write_file(path, cr);
  RT_OK(sc_read_mtx(&u, path, NULL, SC_F64));
  assert_same_csr(t, u);
  sc_tensor_free(t);
  sc_tensor_free(u);
  remove(path);
  tmp_path(path, sizeof path, "rt_io_cr.tns");
  remove(path);
  free(cr);
  free(crlf);
}

static void test_large_file_mapped_like_read(void **state) {
  enum { SIZE = 1 << 21 }; /* a multiple of the page size */
  char *text = malloc(SIZE + 1), path[600], want[64];
  size_t n = 0, nent = 0, bad_line = 0;
  uint64_t s = 99;
  const char *head = "%%MatrixMarket matrix coordinate real general\n";
  char *body = malloc(SIZE);
  size_t blen = 0;
  (void)state;
  assert_non_null(text);
  assert_non_null(body);
  tmp_path(path, sizeof path, "rt_io_big.mtx");
  /* entries until ~1.9 MB, the last without a newline */
  while (blen < SIZE - 100000) {
    uint64_t r = rt_rand(&s);
    blen += (size_t)snprintf(body + blen, SIZE - blen,
                             "%s%llu %llu %.6g", nent ? "\n" : "",
                             (unsigned long long)(r % 3000 + 1),
                             (unsigned long long)((r >> 20) % 3000 + 1),
                             (double)(r >> 40) / 7.0 - 1e5);
    nent++;
  }
  /* header, a filler comment sized so the file is exactly SIZE bytes,
   * the size line, the entries */
  {
    char sizes[64];
    int sl = snprintf(sizes, sizeof sizes, "3000 3000 %zu\n", nent);
    size_t hl = strlen(head), fill = SIZE - hl - (size_t)sl - blen - 2;
    memcpy(text, head, hl);
    n = hl;
    text[n++] = '%';
    memset(text + n, 'x', fill);
    n += fill;
    text[n++] = '\n';
    memcpy(text + n, sizes, (size_t)sl);
    n += (size_t)sl;
    memcpy(text + n, body, blen);
    n += blen;
  }
  assert_int_equal(n, SIZE);
  check_big(path, text, n, NULL); /* ends at a page boundary, no newline */
  text[n] = '\n';
  check_big(path, text, n + 1, NULL);
  /* an error near the end names its line on both paths */
  for (size_t i = n; i-- > 0;)
    if (text[i] == '\n' && ++bad_line == 3) {
      memcpy(text + i + 1, "x", 1); /* "x..." row index */
      break;
    }
  {
    size_t line = 1;
    for (size_t i = 0; i < n; i++)
      line += text[i] == '\n';
    snprintf(want, sizeof want, "rt_io_big.mtx:%zu: row index", line - 2);
  }
  check_big(path, text, n + 1, want);
  free(text);
  free(body);
}

/* ---- large files into several encodings ---- */

static void assert_same_tensor(sc_tensor *a, sc_tensor *b) {
  const sc_encoding *e = sc_tensor_encoding(a);
  assert_int_equal(sc_tensor_nnz(a), sc_tensor_nnz(b));
  for (int l = 0; l < e->lvl_rank; l++) {
    size_t np = sc_tensor_positions_size(a, l);
    size_t nc = sc_tensor_coordinates_size(a, l);
    assert_int_equal(np, sc_tensor_positions_size(b, l));
    assert_int_equal(nc, sc_tensor_coordinates_size(b, l));
    if (np)
      assert_memory_equal(sc_tensor_positions(a, l),
                          sc_tensor_positions(b, l), np * 8);
    if (nc)
      assert_memory_equal(sc_tensor_coordinates(a, l),
                          sc_tensor_coordinates(b, l), nc * 8);
  }
  if (sc_tensor_nnz(a))
    assert_memory_equal(sc_tensor_values(a), sc_tensor_values(b),
                        sc_tensor_nnz(a) * sizeof(double));
}

/* A file of n random entries (symmetric: lower triangle, mirrored by the
 * reader; sorted: in row order) read into CSR, CSC, COO and DCSR equals
 * assembling the same entries, in the reader's order, from COO. */
static void check_large_read(size_t n, int symmetric, int sorted) {
  static const char *encs[] = {"CSR", "CSC", "COO", "DCSR"};
  size_t cap = n * 48 + 256, len = 0, m = 0;
  char *text = malloc(cap), path[600];
  int64_t *rc = malloc(4 * n * sizeof *rc), dims[2] = {3000, 3000};
  double *v = malloc(2 * n * sizeof *v);
  uint64_t s = 1234 + n + (uint64_t)symmetric;
  assert_non_null(text);
  assert_non_null(rc);
  assert_non_null(v);
  tmp_path(path, sizeof path, "rt_io_enc.mtx");
  len += (size_t)snprintf(text, cap,
                          "%%%%MatrixMarket matrix coordinate real %s\n"
                          "3000 3000 %zu\n",
                          symmetric ? "symmetric" : "general", n);
  for (size_t k = 0; k < n; k++) {
    uint64_t r = rt_rand(&s);
    int64_t i = sorted ? (int64_t)(k * 3000 / n) : (int64_t)(r % 3000);
    int64_t j = (int64_t)((r >> 20) % 3000);
    double x = (double)(int64_t)(r >> 40) / 64.0 - 1000.0;
    if (k % 9 == 8) { /* a duplicate of the entry before */
      i = rc[2 * (m - 1)];
      j = rc[2 * (m - 1) + 1];
    }
    if (symmetric && j > i) {
      int64_t t = i;
      i = j;
      j = t;
    }
    len += (size_t)snprintf(text + len, cap - len, "%lld %lld %.17g\n",
                            (long long)i + 1, (long long)j + 1, x);
    rc[2 * m] = i;
    rc[2 * m + 1] = j;
    v[m++] = x;
    if (symmetric && i != j) {
      rc[2 * m] = j;
      rc[2 * m + 1] = i;
      v[m++] = x;
    }
  }
  {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
  }
  for (size_t e = 0; e < sizeof encs / sizeof *encs; e++) {
    sc_encoding enc = rt_named(encs[e], 0);
    sc_tensor *a = NULL, *b = NULL;
    RT_OK(sc_read_mtx(&a, path, &enc, SC_F64));
    RT_OK(sc_tensor_from_coo(&b, &enc, SC_F64, dims, m, rc, v, SC_DUP_SUM));
    assert_same_tensor(a, b);
    sc_tensor_free(a);
    sc_tensor_free(b);
  }
  remove(path);
  free(text);
  free(rc);
  free(v);
}

static void test_large_files_all_encodings(void **state) {
  (void)state;
  check_large_read(100000, 0, 0);
  check_large_read(100000, 0, 1); /* rows in order */
  check_large_read(60000, 1, 0);  /* mirrored: 120 000 entries */
  check_large_read(5000, 0, 0);   /* small */
}

static int setup(void **state) {
  const char *b = getenv("SC_BINARY_DIR");
  (void)state;
  snprintf(tmpdir, sizeof tmpdir, "%s", b && *b ? b : ".");
  return 0;
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_symmetric_and_skew),
      cmocka_unit_test(test_pattern_integer_array),
      cmocka_unit_test(test_malformed),
      cmocka_unit_test(test_write_read_identity),
      cmocka_unit_test(test_write_stream_flush_error),
      cmocka_unit_test(test_narrow_integer_values),
      cmocka_unit_test(test_shared_matrices),
      cmocka_unit_test(test_tns_roundtrip),
      cmocka_unit_test(test_tns_read_and_errors),
      cmocka_unit_test(test_reader_messages),
      cmocka_unit_test(test_comments_bom_directory),
      cmocka_unit_test(test_lone_cr_line_ends),
      cmocka_unit_test(test_large_file_mapped_like_read),
      cmocka_unit_test(test_large_files_all_encodings),
  };
  return cmocka_run_group_tests(tests, setup, NULL);
}
