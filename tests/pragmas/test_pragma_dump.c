/* test_pragma_dump.c — the stable dump texts (--dump=pragmas and
 * --dump=formats, as documented in docs/pragma.md) and the round trip of
 * pragma_encoding_text: the printed MLIR text re-parses to the same
 * encoding, for every seed example, every named format and every
 * construct of the language. */
#include "pragma_test.h"

static const char *const dump_src =
    "#pragma sparse encoding(A[n][m] : CSR, x : SparseVector)\n"
    "#pragma sparse format BSR_explicit = {map = {ib, jb, ii, jj} (i = ib * 2 + ii, j = jb * 3 + jj) -> (ib = i floordiv 2 : dense, jb = j floordiv 3 : compressed, ii = i mod 2 : dense, jj = j mod 3 : dense)}\n"
    "#pragma sparse encoding(E : ELL(3), S : (i : #sparse_tensor<slice(0, 4, 1)>, j : slice(0, 8, ?)) -> (i : dense, j : compressed(nonunique, high)), posWidth = 32, crdWidth = 8)\n"
    "#pragma sparse encoding(N : NV24, L : (i) -> (i : loose_compressed(padded)))\n"
    "#pragma sparse vectorize(vl = 8, vla, index32, simd = avx2)\n"
    "#pragma sparse vectorize()\n"
    "#pragma sparse novectorize\n";

static const char *const dump_pragmas_expected =
    "pragma encoding at t.c:1:1\n"
    "  binding A at t.c:1:25\n"
    "    shape [n][m]\n"
    "    rank 2\n"
    "    format CSR\n"
    "    encoding { map = (i, j) -> (i : dense, j : compressed) }\n"
    "  binding x at t.c:1:40\n"
    "    shape none\n"
    "    rank 1\n"
    "    format SparseVector\n"
    "    encoding { map = (i) -> (i : compressed) }\n"
    "pragma format at t.c:2:1\n"
    "  name BSR_explicit\n"
    "  encoding { map = {ib, jb, ii, jj} (i = ib * 2 + ii, j = jb * 3 + jj) -> (ib = i floordiv 2 : dense, jb = j floordiv 3 : compressed, ii = i mod 2 : dense, jj = j mod 3 : dense) }\n"
    "pragma encoding at t.c:3:1\n"
    "  binding E at t.c:3:25\n"
    "    shape none\n"
    "    rank 2\n"
    "    format ELL(3)\n"
    "    encoding { map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed) }\n"
    "  binding S at t.c:3:37\n"
    "    shape none\n"
    "    rank 2\n"
    "    format (inline)\n"
    "    encoding { map = (i : #sparse_tensor<slice(0, 4, 1)>, j : #sparse_tensor<slice(0, 8, ?)>) -> (i : dense, j : compressed(nonunique, high)), posWidth = 32, crdWidth = 8 }\n"
    "pragma encoding at t.c:4:1\n"
    "  binding N at t.c:4:25\n"
    "    shape none\n"
    "    rank 2\n"
    "    format NV24\n"
    "    encoding { map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : block2_4), crdWidth = 2 }\n"
    "  binding L at t.c:4:35\n"
    "    shape none\n"
    "    rank 1\n"
    "    format (inline)\n"
    "    encoding { map = (i) -> (i : loose_compressed(padded)) }\n"
    "pragma vectorize at t.c:5:1\n"
    "  vl 8\n"
    "  vla yes\n"
    "  index32 yes\n"
    "  simd avx2\n"
    "pragma vectorize at t.c:6:1\n"
    "  vl default\n"
    "  vla no\n"
    "  index32 no\n"
    "  simd default\n"
    "pragma novectorize at t.c:7:1\n";

static const char *const dump_formats_expected =
    "binding A[n][m] at t.c:1:25\n"
    "  format CSR\n"
    "  dimensions 2\n"
    "    0: i\n"
    "    1: j\n"
    "  levels 2\n"
    "    0: i : dense(unique, ordered, padded)\n"
    "    1: j : compressed(unique, ordered, unpadded)\n"
    "  posWidth native\n"
    "  crdWidth native\n"
    "  mlir { map = (i, j) -> (i : dense, j : compressed) }\n"
    "binding x at t.c:1:40\n"
    "  format SparseVector\n"
    "  dimensions 1\n"
    "    0: i\n"
    "  levels 1\n"
    "    0: i : compressed(unique, ordered, unpadded)\n"
    "  posWidth native\n"
    "  crdWidth native\n"
    "  mlir { map = (i) -> (i : compressed) }\n"
    "format BSR_explicit at t.c:2:1\n"
    "  format BSR_explicit\n"
    "  dimensions 2\n"
    "    0: i = ib * 2 + ii\n"
    "    1: j = jb * 3 + jj\n"
    "  levels 4\n"
    "    0: ib = i floordiv 2 : dense(unique, ordered, padded)\n"
    "    1: jb = j floordiv 3 : compressed(unique, ordered, unpadded)\n"
    "    2: ii = i mod 2 : dense(unique, ordered, padded)\n"
    "    3: jj = j mod 3 : dense(unique, ordered, padded)\n"
    "  posWidth native\n"
    "  crdWidth native\n"
    "  mlir { map = {ib, jb, ii, jj} (i = ib * 2 + ii, j = jb * 3 + jj) -> (ib = i floordiv 2 : dense, jb = j floordiv 3 : compressed, ii = i mod 2 : dense, jj = j mod 3 : dense) }\n"
    "binding E at t.c:3:25\n"
    "  format ELL(3)\n"
    "  symbols c\n"
    "  dimensions 2\n"
    "    0: i\n"
    "    1: j\n"
    "  levels 3\n"
    "    0: c * 3 * i : dense(unique, ordered, padded)\n"
    "    1: i : dense(unique, ordered, padded)\n"
    "    2: j : compressed(unique, ordered, unpadded)\n"
    "  posWidth native\n"
    "  crdWidth native\n"
    "  mlir { map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed) }\n"
    "binding S at t.c:3:37\n"
    "  format (inline)\n"
    "  dimensions 2\n"
    "    0: i : #sparse_tensor<slice(0, 4, 1)>\n"
    "    1: j : #sparse_tensor<slice(0, 8, ?)>\n"
    "  levels 2\n"
    "    0: i : dense(unique, ordered, padded)\n"
    "    1: j : compressed(nonunique, ordered, unpadded, high)\n"
    "  posWidth 32\n"
    "  crdWidth 8\n"
    "  mlir { map = (i : #sparse_tensor<slice(0, 4, 1)>, j : #sparse_tensor<slice(0, 8, ?)>) -> (i : dense, j : compressed(nonunique, high)), posWidth = 32, crdWidth = 8 }\n"
    "binding N at t.c:4:25\n"
    "  format NV24\n"
    "  dimensions 2\n"
    "    0: i\n"
    "    1: j\n"
    "  levels 3\n"
    "    0: i : dense(unique, ordered, padded)\n"
    "    1: j floordiv 4 : dense(unique, ordered, padded)\n"
    "    2: j mod 4 : block2_4(unique, ordered, padded)\n"
    "  posWidth native\n"
    "  crdWidth 2\n"
    "  mlir { map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : block2_4), crdWidth = 2 }\n"
    "binding L at t.c:4:35\n"
    "  format (inline)\n"
    "  dimensions 1\n"
    "    0: i\n"
    "  levels 1\n"
    "    0: i : loose_compressed(unique, ordered, padded)\n"
    "  posWidth native\n"
    "  crdWidth native\n"
    "  mlir { map = (i) -> (i : loose_compressed(padded)) }\n";

static void dump_pragmas(void **state) {
  T *t = t_new();
  t_parse(t, dump_src);
  assert_string_equal(t->out, "");
  assert_string_equal(t_dump(t, 0), dump_pragmas_expected);
  t_free(t);
}

static void dump_formats(void **state) {
  T *t = t_new();
  t_parse(t, dump_src);
  assert_string_equal(t->out, "");
  assert_string_equal(t_dump(t, 1), dump_formats_expected);
  t_free(t);
}

static void level_type_text_defaults(void **state) {
  static const struct {
    sc_level_type t;
    const char *as_written, *with_defaults;
  } cases[] = {
      {{SC_LVL_DENSE, 0, 0, 0}, "dense", "dense(unique, ordered, padded)"},
      {{SC_LVL_DENSE, SC_PROP_UNPADDED, 0, 0}, "dense(unpadded)",
       "dense(unique, ordered, unpadded)"},
      {{SC_LVL_COMPRESSED, 0, 0, 0}, "compressed",
       "compressed(unique, ordered, unpadded)"},
      {{SC_LVL_COMPRESSED, SC_PROP_PADDED | SC_PROP_NONUNIQUE, 0, 0},
       "compressed(nonunique, padded)", "compressed(nonunique, ordered, padded)"},
      {{SC_LVL_LOOSE_COMPRESSED, SC_PROP_NONORDERED, 0, 0},
       "loose_compressed(nonordered)",
       "loose_compressed(unique, nonordered, unpadded)"},
      {{SC_LVL_SINGLETON, SC_PROP_HIGH, 0, 0}, "singleton(high)",
       "singleton(unique, ordered, unpadded, high)"},
      {{SC_LVL_N_OUT_OF_M, 0, 2, 4}, "block2_4", "block2_4(unique, ordered, padded)"},
      {{SC_LVL_N_OUT_OF_M, 0, 3, 8}, "n_out_of_m[3, 8]",
       "n_out_of_m[3, 8](unique, ordered, padded)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    StrBuf b = {0};
    pragma_level_type_text(&b, &cases[i].t, 0);
    assert_string_equal(b.data, cases[i].as_written);
    b.len = 0;
    pragma_level_type_text(&b, &cases[i].t, 1);
    assert_string_equal(b.data, cases[i].with_defaults);
    sb_free(&b);
  }
}

/* ---- round trip ---------------------------------------------------- */

static void assert_same_encoding(const PragmaEncoding *a, const PragmaEncoding *b) {
  const sc_encoding *x = &a->rt, *y = &b->rt;
  assert_int_equal(x->dim_rank, y->dim_rank);
  assert_int_equal(x->lvl_rank, y->lvl_rank);
  for (int l = 0; l < x->lvl_rank; l++) {
    assert_int_equal(x->lvl_types[l].format, y->lvl_types[l].format);
    assert_int_equal(x->lvl_types[l].props, y->lvl_types[l].props);
    assert_int_equal(x->lvl_types[l].n, y->lvl_types[l].n);
    assert_int_equal(x->lvl_types[l].m, y->lvl_types[l].m);
    assert_int_equal(x->lvl_exprs[l].kind, y->lvl_exprs[l].kind);
    assert_int_equal(x->lvl_exprs[l].constant, y->lvl_exprs[l].constant);
    assert_int_equal(x->lvl_exprs[l].divisor, y->lvl_exprs[l].divisor);
    for (int d = 0; d < SC_MAX_RANK; d++)
      assert_int_equal(x->lvl_exprs[l].coef[d], y->lvl_exprs[l].coef[d]);
    assert_string_equal(a->levels[l].expr_text, b->levels[l].expr_text);
    if (a->levels[l].var || b->levels[l].var)
      assert_string_equal(a->levels[l].var, b->levels[l].var);
  }
  assert_int_equal(x->pos_width, y->pos_width);
  assert_int_equal(x->crd_width, y->crd_width);
  assert_int_equal(x->has_slices, y->has_slices);
  for (int d = 0; d < x->dim_rank; d++) {
    assert_int_equal(x->slices[d].offset, y->slices[d].offset);
    assert_int_equal(x->slices[d].size, y->slices[d].size);
    assert_int_equal(x->slices[d].stride, y->slices[d].stride);
    assert_string_equal(a->dims[d].name, b->dims[d].name);
    if (a->dims[d].inverse_text || b->dims[d].inverse_text)
      assert_string_equal(a->dims[d].inverse_text, b->dims[d].inverse_text);
  }
  assert_int_equal(a->nsymbols, b->nsymbols);
  assert_int_equal(a->nlvl_vars, b->nlvl_vars);
}

/* Parses `encoding(A : <enc>)`, prints the encoding, re-parses the text and
 * compares; the printed text is also a fixed point. */
static void round_trip(const char *enc, const char *expected_text) {
  char src[2048];
  snprintf(src, sizeof src, "#pragma sparse encoding(A : %s)\n", enc);
  T *t = t_new();
  t_ok(t, src);
  const PragmaEncoding *e1 = t_enc(t, 0);
  char *text = pragma_encoding_text(&t->arena, e1);
  if (expected_text) assert_string_equal(text, expected_text);
  char src2[2048];
  snprintf(src2, sizeof src2, "#pragma sparse encoding(A : %s)\n", text);
  T *t2 = t_new();
  t_ok(t2, src2);
  const PragmaEncoding *e2 = t_enc(t2, 0);
  assert_same_encoding(e1, e2);
  assert_string_equal(pragma_encoding_text(&t2->arena, e2), text);
  t_free(t2);
  t_free(t);
}

static void round_trip_named_formats(void **state) {
  round_trip("SparseVector", "{ map = (i) -> (i : compressed) }");
  round_trip("CSR", "{ map = (i, j) -> (i : dense, j : compressed) }");
  round_trip("CSC", "{ map = (i, j) -> (j : dense, i : compressed) }");
  round_trip("DCSR", "{ map = (i, j) -> (i : compressed, j : compressed) }");
  round_trip("DCSC", "{ map = (i, j) -> (j : compressed, i : compressed) }");
  round_trip("COO", "{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }");
  round_trip("CSF", "{ map = (i, j, k) -> (i : compressed, j : compressed, k : compressed) }");
  round_trip("BSR(2, 3)", "{ map = (i, j) -> (i floordiv 2 : dense, j floordiv 3 : "
                          "compressed, i mod 2 : dense, j mod 3 : dense) }");
  round_trip("ELL(5)", "{ map = [c](i, j) -> (c * 5 * i : dense, i : dense, j : compressed) }");
  round_trip("NV24", "{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : "
                     "block2_4), crdWidth = 2 }");
  round_trip("CSR, posWidth = 8, crdWidth = 16",
             "{ map = (i, j) -> (i : dense, j : compressed), posWidth = 8, crdWidth = 16 }");
}

static void round_trip_seed_examples(void **state) {
  round_trip("{ map = (i, j, k) -> (i : dense, j : compressed(nonunique, high), k : singleton) }",
             NULL);
  round_trip("{ map = (i, j) -> (j : compressed, i : compressed), posWidth = 32, crdWidth = 8 }",
             NULL);
  round_trip("{map = {ib, jb, ii, jj} (i = ib * 2 + ii, j = jb * 3 + jj) -> "
             "(ib = i floordiv 2 : dense, jb = j floordiv 3 : compressed, "
             "ii = i mod 2 : dense, jj = j mod 3 : dense)}",
             "{ map = {ib, jb, ii, jj} (i = ib * 2 + ii, j = jb * 3 + jj) -> "
             "(ib = i floordiv 2 : dense, jb = j floordiv 3 : compressed, "
             "ii = i mod 2 : dense, jj = j mod 3 : dense) }");
  round_trip("{ map = [c](i, j) -> (c * 3 * i : dense, i : dense, j : compressed) }", NULL);
  round_trip("{ map = (i : #sparse_tensor<slice(0, 4, 1)>, j : #sparse_tensor<slice(0, 8, ?)>) "
             "-> (i : dense, j : compressed) }",
             "{ map = (i : #sparse_tensor<slice(0, 4, 1)>, j : #sparse_tensor<slice(0, 8, ?)>) "
             "-> (i : dense, j : compressed) }");
  round_trip("{ map = ( i, j ) -> ( i : dense, j floordiv 4 : dense, j mod 4 : block2_4), "
             "crdWidth = 2 }",
             "{ map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : block2_4), "
             "crdWidth = 2 }");
}

static void round_trip_constructs(void **state) {
  round_trip("(i, j) -> (2 * i + 3 * j - 1 : dense, (i + j) floordiv 4 : dense, "
             "-(j - i) mod 3 : compressed, i * (2 * 3) + -j + (7 mod 4) : dense, "
             "j - (i - j) : dense, i : dense, j : dense)",
             "{ map = (i, j) -> (2 * i + 3 * j - 1 : dense, (i + j) floordiv 4 : dense, "
             "-(j - i) mod 3 : compressed, i * (2 * 3) + -j + 7 mod 4 : dense, "
             "j - (i - j) : dense, i : dense, j : dense) }");
  round_trip("(i, j, k, l) -> (i : dense(unpadded), j : loose_compressed(nonordered, padded), "
             "k : n_out_of_m[3, 8], l : structured[1, 2](high))",
             "{ map = (i, j, k, l) -> (i : dense(unpadded), j : loose_compressed(nonordered, "
             "padded), k : n_out_of_m[3, 8], l : n_out_of_m[1, 2](high)) }");
  round_trip("(i : slice(?, ?, ?)) -> (i : compressed)",
             "{ map = (i : #sparse_tensor<slice(?, ?, ?)>) -> (i : compressed) }");
  round_trip("#sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), "
             "j : singleton), posWidth = 64 }>",
             "{ map = (i, j) -> (i : compressed(nonunique), j : singleton), posWidth = 64 }");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(dump_pragmas),
      cmocka_unit_test(dump_formats),
      cmocka_unit_test(level_type_text_defaults),
      cmocka_unit_test(round_trip_named_formats),
      cmocka_unit_test(round_trip_seed_examples),
      cmocka_unit_test(round_trip_constructs),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
