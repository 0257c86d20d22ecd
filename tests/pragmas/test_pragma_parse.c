/* test_pragma_parse.c — every example encoding of seed 000 (MLIR sparse
 * tensor encodings) parses in pragma syntax and yields the right runtime
 * descriptor; every built-in named format; user formats; bindings with
 * shapes; vectorize options. */
#include "pragma_test.h"

#define D SC_LVL_DENSE
#define C SC_LVL_COMPRESSED
#define L SC_LVL_LOOSE_COMPRESSED
#define S SC_LVL_SINGLETON
#define NM SC_LVL_N_OUT_OF_M
#define AF SC_LEXPR_AFFINE
#define FD SC_LEXPR_FLOORDIV
#define MO SC_LEXPR_MOD
#define CO SC_LEXPR_COUNT

/* ---- seed 000, one test per example -------------------------------- */

static void seed_sparse_vector(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format SparseVector2 = { map = (i) -> (i : compressed) }\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->rt.dim_rank, 1);
  assert_int_equal(e->rt.lvl_rank, 1);
  check_level(e, 0, C, 0, AF, 0, 0, 1);
  assert_string_equal(e->levels[0].expr_text, "i");
  assert_string_equal(e->dims[0].name, "i");
  t_free(t);
}

static void seed_sorted_coo(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format SortedCOO = { \\\n"
          "  map = (i, j) -> (i : compressed(nonunique), j : singleton) \\\n"
          "}\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->rt.dim_rank, 2);
  check_level(e, 0, C, SC_PROP_NONUNIQUE, AF, 0, 0, 1, 0);
  check_level(e, 1, S, 0, AF, 0, 0, 0, 1);
  t_free(t);
}

static void seed_bcoo(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format BCOO = { map = (i, j, k) -> (i : dense, "
          "j : compressed(nonunique, high), k : singleton) }\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->rt.dim_rank, 3);
  assert_int_equal(e->rt.lvl_rank, 3);
  check_level(e, 0, D, 0, AF, 0, 0, 1, 0, 0);
  check_level(e, 1, C, SC_PROP_NONUNIQUE | SC_PROP_HIGH, AF, 0, 0, 0, 1, 0);
  check_level(e, 2, S, 0, AF, 0, 0, 0, 0, 1);
  t_free(t);
}

static void seed_csr(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format CSR2 = {\\\n"
          "map = (i, j) -> (i : dense, j : compressed)\\\n"
          "}\n");
  const PragmaEncoding *e = t_enc(t, 0);
  check_level(e, 0, D, 0, AF, 0, 0, 1, 0);
  check_level(e, 1, C, 0, AF, 0, 0, 0, 1);
  assert_int_equal(e->rt.pos_width, 0);
  assert_int_equal(e->rt.crd_width, 0);
  t_free(t);
}

static void seed_dcsc_widths(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format DCSC2 = {                      \\\n"
          "  map = (i, j) -> (j : compressed, i : compressed), \\\n"
          "  posWidth = 32,                                    \\\n"
          "  crdWidth = 8                                      \\\n"
          "}\n");
  const PragmaEncoding *e = t_enc(t, 0);
  check_level(e, 0, C, 0, AF, 0, 0, 0, 1);
  check_level(e, 1, C, 0, AF, 0, 0, 1, 0);
  assert_int_equal(e->pos_width, 32);
  assert_int_equal(e->crd_width, 8);
  assert_int_equal(e->rt.pos_width, 32);
  assert_int_equal(e->rt.crd_width, 8);
  t_free(t);
}

static void check_bsr(const PragmaEncoding *e, int r, int c) {
  assert_int_equal(e->rt.dim_rank, 2);
  assert_int_equal(e->rt.lvl_rank, 4);
  check_level(e, 0, D, 0, FD, r, 0, 1, 0);
  check_level(e, 1, C, 0, FD, c, 0, 0, 1);
  check_level(e, 2, D, 0, MO, r, 0, 1, 0);
  check_level(e, 3, D, 0, MO, c, 0, 0, 1);
}

static void seed_bsr_2x2(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format BSR22 = { \\\n"
          "map = (i, j) -> \\\n"
          "( i floordiv 2 : dense \\\n"
          ", j floordiv 2 : compressed \\\n"
          ", i mod 2 : dense \\\n"
          ", j mod 2 : dense \\\n"
          ") }\n");
  check_bsr(t_enc(t, 0), 2, 2);
  assert_string_equal(t_enc(t, 0)->levels[0].expr_text, "i floordiv 2");
  assert_string_equal(t_enc(t, 0)->levels[3].expr_text, "j mod 2");
  t_free(t);
}

static void seed_bsr_2x3(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format BSR23 = {\\\n"
          "  map = ( i, j ) ->\\\n"
          "  ( i floordiv 2 : dense,\\\n"
          "    j floordiv 3 : compressed,\\\n"
          "    i mod 2 : dense,\\\n"
          "    j mod 3 : dense\\\n"
          "  )\\\n"
          "}\n");
  check_bsr(t_enc(t, 0), 2, 3);
  t_free(t);
}

static void seed_bsr_explicit(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format BSR_explicit = {map = {ib, jb, ii, jj} "
          "(i = ib * 2 + ii, j = jb * 3 + jj) -> (ib = i floordiv 2 : dense, "
          "jb = j floordiv 3 : compressed, ii = i mod 2 : dense, jj = j mod 3 : "
          "dense)}\n");
  const PragmaEncoding *e = t_enc(t, 0);
  check_bsr(e, 2, 3);
  assert_int_equal(e->nlvl_vars, 4);
  assert_string_equal(e->lvl_vars[2], "ii");
  assert_string_equal(e->dims[0].inverse_text, "ib * 2 + ii");
  assert_string_equal(e->dims[1].inverse_text, "jb * 3 + jj");
  assert_string_equal(e->levels[1].var, "jb");
  assert_string_equal(e->levels[1].expr_text, "j floordiv 3");
  t_free(t);
}

static void seed_bsr_explicit_multiline(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format BSR_explicit = {         \\\n"
          "  map = { ib, jb, ii, jj }                     \\\n"
          "        ( i = ib * 2 + ii,                     \\\n"
          "          j = jb * 3 + jj) ->                  \\\n"
          "        ( ib = i floordiv 2 : dense,           \\\n"
          "          jb = j floordiv 3 : compressed,      \\\n"
          "          ii = i mod 2 : dense,                \\\n"
          "          jj = j mod 3 : dense)                \\\n"
          "}\n");
  check_bsr(t_enc(t, 0), 2, 3);
  t_free(t);
}

static void seed_ell(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format ELL3 = { map = [c](i, j) -> "
          "(c * 3 * i : dense, i : dense, j : compressed) }\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->nsymbols, 1);
  assert_string_equal(e->symbols[0], "c");
  assert_int_equal(e->rt.lvl_rank, 3);
  check_level(e, 0, D, 0, CO, 3, 0, 1, 0);
  check_level(e, 1, D, 0, AF, 0, 0, 1, 0);
  check_level(e, 2, C, 0, AF, 0, 0, 0, 1);
  assert_string_equal(e->levels[0].expr_text, "c * 3 * i");
  t_free(t);
}

static void seed_csr_slice(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format CSR_SLICE = {                  \\\n"
          "  map = (i : #sparse_tensor<slice(0, 4, 1)>,       \\\n"
          "         j : #sparse_tensor<slice(0, 8, ?)>) ->    \\\n"
          "        (i : dense, j : compressed)                \\\n"
          "}\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->rt.has_slices, 1);
  assert_int_equal(e->rt.slices[0].offset, 0);
  assert_int_equal(e->rt.slices[0].size, 4);
  assert_int_equal(e->rt.slices[0].stride, 1);
  assert_int_equal(e->rt.slices[1].offset, 0);
  assert_int_equal(e->rt.slices[1].size, 8);
  assert_int_equal(e->rt.slices[1].stride, -1);
  check_level(e, 1, C, 0, AF, 0, 0, 0, 1);
  t_free(t);
}

/* slice values written as C integer expressions: literal arithmetic is
 * folded, a name (a macro, a const variable) makes the value dynamic */
static void slice_expressions(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : (i : slice(2 * (3 + 1), 12 / 2, 7 % 4), "
          "j : #sparse_tensor<slice(N / 2, (M - 1) * 2, 1UL)>) "
          "-> (i : dense, j : compressed))\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->rt.slices[0].offset, 8);
  assert_int_equal(e->rt.slices[0].size, 6);
  assert_int_equal(e->rt.slices[0].stride, 3);
  assert_int_equal(e->rt.slices[1].offset, -1);
  assert_int_equal(e->rt.slices[1].size, -1);
  assert_int_equal(e->rt.slices[1].stride, 1);
  t_free(t);
}

static void slice_short_spelling(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : (i : slice(1, 4, 2), j : slice(?, ?, 1)) "
          "-> (i : dense, j : compressed))\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_int_equal(e->rt.slices[0].offset, 1);
  assert_int_equal(e->rt.slices[0].stride, 2);
  assert_int_equal(e->rt.slices[1].offset, -1);
  assert_int_equal(e->rt.slices[1].size, -1);
  assert_int_equal(e->rt.slices[1].stride, 1);
  t_free(t);
}

static void seed_nv24(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse format NV_24 = { \\\n"
          "  map = ( i, j ) -> ( i : dense, \\\n"
          "                      j floordiv 4 : dense, \\\n"
          "                      j mod 4 : block2_4), \\\n"
          "  crdWidth = 2 /* 2-bits for each coordinate */ \\\n"
          "}\n"
          "#pragma sparse format NV_24b = (i, j) -> (i : dense, j floordiv 4 : "
          "dense, j mod 4 : block2_4), crdWidth = 2 // 2-bits for each coordinate\n");
  for (int k = 0; k < 2; k++) {
    const PragmaEncoding *e = &t->p[k].format_enc;
    assert_int_equal(e->rt.lvl_rank, 3);
    check_level(e, 0, D, 0, AF, 0, 0, 1, 0);
    check_level(e, 1, D, 0, FD, 4, 0, 0, 1);
    check_level(e, 2, NM, 0, MO, 4, 0, 0, 1);
    assert_int_equal(e->rt.lvl_types[2].n, 2);
    assert_int_equal(e->rt.lvl_types[2].m, 4);
    assert_int_equal(e->rt.crd_width, 2);
  }
  t_free(t);
}

static void seed_full_mlir_spelling(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : #sparse_tensor.encoding<{ map = (i, j) -> "
          "(i : dense, j : compressed), posWidth = 16 }>)\n");
  const PragmaEncoding *e = t_enc(t, 0);
  check_level(e, 1, C, 0, AF, 0, 0, 0, 1);
  assert_int_equal(e->rt.pos_width, 16);
  t_free(t);
}

/* ---- built-in named formats ----------------------------------------- */

static void named_formats(void **state) {
  T *t = t_new();
  Pragma *p = t_ok(t, "#pragma sparse encoding(a : SparseVector, b : CSR, c : CSC, "
                      "d : DCSR, e : DCSC, f : COO, g : CSF, h : BSR(2, 3), "
                      "k : ELL(4), m : NV24)\n");
  assert_int_equal(p->nbindings, 10);
  const PragmaEncoding *e = &p->bindings[0].enc;
  assert_string_equal(e->format_name, "SparseVector");
  check_level(e, 0, C, 0, AF, 0, 0, 1);
  e = &p->bindings[1].enc;
  check_level(e, 0, D, 0, AF, 0, 0, 1, 0);
  check_level(e, 1, C, 0, AF, 0, 0, 0, 1);
  e = &p->bindings[2].enc;
  check_level(e, 0, D, 0, AF, 0, 0, 0, 1);
  check_level(e, 1, C, 0, AF, 0, 0, 1, 0);
  e = &p->bindings[3].enc;
  check_level(e, 0, C, 0, AF, 0, 0, 1, 0);
  check_level(e, 1, C, 0, AF, 0, 0, 0, 1);
  e = &p->bindings[4].enc;
  check_level(e, 0, C, 0, AF, 0, 0, 0, 1);
  check_level(e, 1, C, 0, AF, 0, 0, 1, 0);
  e = &p->bindings[5].enc;
  check_level(e, 0, C, SC_PROP_NONUNIQUE, AF, 0, 0, 1, 0);
  check_level(e, 1, S, 0, AF, 0, 0, 0, 1);
  e = &p->bindings[6].enc;
  assert_int_equal(e->rt.dim_rank, 3);
  check_level(e, 2, C, 0, AF, 0, 0, 0, 0, 1);
  e = &p->bindings[7].enc;
  assert_string_equal(e->format_name, "BSR(2, 3)");
  check_bsr(e, 2, 3);
  assert_string_equal(e->levels[1].expr_text, "j floordiv 3");
  e = &p->bindings[8].enc;
  assert_string_equal(e->format_name, "ELL(4)");
  check_level(e, 0, D, 0, CO, 4, 0, 1, 0);
  assert_string_equal(e->levels[0].expr_text, "c * 4 * i");
  e = &p->bindings[9].enc;
  check_level(e, 2, NM, 0, MO, 4, 0, 0, 1);
  assert_int_equal(e->rt.crd_width, 2);
  /* spans of a named format point at its use */
  assert_int_equal(p->bindings[7].enc.span.start,
                   (size_t)(strstr(t->f.text, "BSR(2, 3)") - t->f.text));
  assert_int_equal(p->bindings[7].enc.span.end - p->bindings[7].enc.span.start, 9);
  t_free(t);
}

static void named_format_with_fields(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : CSR, posWidth = 32, crdWidth = 16, x : SparseVector)\n");
  assert_int_equal(t_enc(t, 0)->rt.pos_width, 32);
  assert_int_equal(t_enc(t, 0)->rt.crd_width, 16);
  assert_int_equal(t_enc(t, 1)->rt.pos_width, 0);
  t_free(t);
}

static void format_lookup_api(void **state) {
  Arena a = {0};
  PragmaEncoding e;
  int64_t rc[2] = {4, 2};
  assert_int_equal(pragma_format_lookup(&a, NULL, "BSR", rc, 2, &e), 0);
  assert_string_equal(e.format_name, "BSR(4, 2)");
  check_bsr(&e, 4, 2);
  assert_int_equal(pragma_format_lookup(&a, NULL, "BSR", rc, 1, &e), -1);
  rc[0] = 0;
  assert_int_equal(pragma_format_lookup(&a, NULL, "BSR", rc, 2, &e), -1);
  assert_int_equal(pragma_format_lookup(&a, NULL, "CSX", NULL, 0, &e), -1);
  assert_int_equal(pragma_format_lookup(&a, NULL, "CSC", NULL, 0, &e), 0);
  check_level(&e, 0, D, 0, AF, 0, 0, 0, 1);
  arena_free(&a);
}

/* ---- the binding shape and the SPEC's examples ---------------------- */

static void binding_shape(void **state) {
  T *t = t_new();
  Pragma *p = t_ok(t, "#pragma sparse encoding(A[n][m] : CSR, x : SparseVector)\n");
  assert_int_equal(p->kind, PRAGMA_ENCODING);
  assert_int_equal(p->nbindings, 2);
  PragmaBinding *b = &p->bindings[0];
  assert_string_equal(b->name, "A");
  assert_int_equal(b->name_span.start, 24);
  assert_int_equal(b->nshape, 2);
  assert_string_equal(b->shape_text[0], "n");
  assert_string_equal(b->shape_text[1], "m");
  assert_int_equal(b->shape_spans[1].start, 29);
  assert_int_equal(b->shape_spans[1].end, 30);
  assert_string_equal(b->enc.format_name, "CSR");
  assert_int_equal(p->bindings[1].nshape, 0);
  assert_string_equal(p->bindings[1].enc.format_name, "SparseVector");
  t_free(t);
}

static void binding_shape_c_expressions(void **state) {
  T *t = t_new();
  Pragma *p = t_ok(t, "#pragma sparse encoding(A[ N * (M + 1) ][a[i] / sizeof(char[']'])] : CSR)\n");
  PragmaBinding *b = &p->bindings[0];
  assert_int_equal(b->nshape, 2);
  assert_string_equal(b->shape_text[0], "N * (M + 1)");
  assert_string_equal(b->shape_text[1], "a[i] / sizeof(char[']'])");
  t_free(t);
}

static void shorthand_with_fields(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 32)\n");
  const PragmaEncoding *e = t_enc(t, 0);
  assert_null(e->format_name);
  assert_int_equal(e->rt.pos_width, 32);
  check_level(e, 1, C, 0, AF, 0, 0, 0, 1);
  t_free(t);
}

static void pragma_prefix_forms(void **state) {
  T *t = t_new();
  t_ok(t, "  #  pragma   sparse encoding(A : CSR)\n");
  assert_int_equal(t->p[0].nbindings, 1);
  t_free(t);
  /* the front end may also hand over the text after `#pragma` */
  t = t_new();
  const char *src = "sparse novectorize";
  assert_int_equal(source_init(&t->f, "t.c", src, strlen(src)), 0);
  assert_int_equal(pragma_parse(&t->arena, &t->f, span_make(0, strlen(src)),
                                &t->formats, &t->diags, &t->p[0]), 0);
  assert_int_equal(t->p[0].kind, PRAGMA_NOVECTORIZE);
  t_free(t);
}

/* ---- level formats, properties, expressions ------------------------- */

static void level_formats_and_props(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : (i, j, k, l) -> (i : dense(padded), "
          "j : loose_compressed(nonordered, unpadded), k : compressed(nonunique, high), "
          "l : n_out_of_m[3, 8], l floordiv 8 : structured[1, 2](padded)))\n");
  const PragmaEncoding *e = t_enc(t, 0);
  check_level(e, 0, D, SC_PROP_PADDED, AF, 0, 0, 1, 0, 0, 0);
  check_level(e, 1, L, SC_PROP_NONORDERED | SC_PROP_UNPADDED, AF, 0, 0, 0, 1, 0, 0);
  check_level(e, 2, C, SC_PROP_NONUNIQUE | SC_PROP_HIGH, AF, 0, 0, 0, 0, 1, 0);
  check_level(e, 3, NM, 0, AF, 0, 0, 0, 0, 0, 1);
  assert_int_equal(e->rt.lvl_types[3].n, 3);
  assert_int_equal(e->rt.lvl_types[3].m, 8);
  check_level(e, 4, NM, SC_PROP_PADDED, FD, 8, 0, 0, 0, 0, 1);
  assert_int_equal(e->rt.lvl_types[4].n, 1);
  t_free(t);
}

static void affine_expressions(void **state) {
  T *t = t_new();
  t_ok(t, "#pragma sparse encoding(A : (i, j) -> (2 * i + 3 * j - 1 : dense, "
          "(i + j) floordiv 4 : dense, -(j - i) mod 3 : compressed, "
          "i * 2 * 3 + -j + (7 mod 4) : dense, j : dense, i : dense))\n");
  const PragmaEncoding *e = t_enc(t, 0);
  check_level(e, 0, D, 0, AF, 0, -1, 2, 3);
  check_level(e, 1, D, 0, FD, 4, 0, 1, 1);
  check_level(e, 2, C, 0, MO, 3, 0, 1, -1);
  check_level(e, 3, D, 0, AF, 0, 3, 6, -1);
  assert_string_equal(e->levels[1].expr_text, "(i + j) floordiv 4");
  assert_string_equal(e->levels[2].expr_text, "-(j - i) mod 3");
  assert_string_equal(e->levels[3].expr_text, "i * 2 * 3 + -j + 7 mod 4");
  t_free(t);
}

/* ---- user formats -------------------------------------------------- */

static void user_formats(void **state) {
  T *t = t_new();
  t_parse(t, "#pragma sparse format MyBSR = BSR(4, 4)\n"
             "#pragma sparse format Blocked = { map = (i, j) -> (i floordiv 8 : dense, "
             "j : compressed, i mod 8 : dense), posWidth = 16 }\n"
             "#pragma sparse format Copy = Blocked\n"
             "#pragma sparse encoding(A : MyBSR, B : Blocked, C : Copy, crdWidth = 8)\n");
  assert_string_equal(t->out, "");
  assert_int_equal(t->formats.n, 3);
  assert_string_equal(t->formats.names[1], "Blocked");
  Pragma *p = &t->p[3];
  assert_string_equal(p->bindings[0].enc.format_name, "MyBSR");
  check_bsr(&p->bindings[0].enc, 4, 4);
  const PragmaEncoding *e = &p->bindings[1].enc;
  assert_string_equal(e->format_name, "Blocked");
  check_level(e, 0, D, 0, FD, 8, 0, 1, 0);
  check_level(e, 2, D, 0, MO, 8, 0, 1, 0);
  assert_int_equal(e->rt.pos_width, 16);
  assert_int_equal(e->rt.crd_width, 0);
  e = &p->bindings[2].enc;
  assert_string_equal(e->format_name, "Copy");
  assert_int_equal(e->rt.pos_width, 16);
  assert_int_equal(e->rt.crd_width, 8);
  /* fields of a use do not change the stored format */
  assert_int_equal(t->formats.encs[2].rt.crd_width, 0);
  /* the stored format keeps its own spans */
  assert_int_equal(t->formats.encs[1].levels[1].span.start,
                   (size_t)(strstr(t->f.text, "j : compressed") - t->f.text));
  t_free(t);
}

/* ---- vectorize ------------------------------------------------------ */

static void vectorize_options(void **state) {
  T *t = t_new();
  t_parse(t, "#pragma sparse vectorize(vl = 8, vla, index32, simd = avx2)\n"
             "#pragma sparse vectorize()\n"
             "#pragma sparse novectorize\n");
  assert_string_equal(t->out, "");
  assert_int_equal(t->p[0].kind, PRAGMA_VECTORIZE);
  assert_int_equal(t->p[0].vec.vl, 8);
  assert_int_equal(t->p[0].vec.vla, 1);
  assert_int_equal(t->p[0].vec.index32, 1);
  assert_string_equal(t->p[0].vec.simd, "avx2");
  assert_int_equal(t->p[1].kind, PRAGMA_VECTORIZE);
  assert_int_equal(t->p[1].vec.vl, 0);
  assert_null(t->p[1].vec.simd);
  assert_int_equal(t->p[2].kind, PRAGMA_NOVECTORIZE);
  t_free(t);
}

static void rank_check(void **state) {
  T *t = t_new();
  Pragma *p = t_ok(t, "#pragma sparse encoding(A : CSR)\n");
  Diags d = {0};
  assert_int_equal(pragma_check_rank(&t->f, &p->bindings[0], 2, &d), 0);
  assert_int_equal(d.len, 0);
  assert_int_equal(pragma_check_rank(&t->f, &p->bindings[0], 3, &d), -1);
  char *out = NULL;
  size_t sz;
  FILE *m = open_memstream(&out, &sz);
  diag_render(&d, m, 0);
  fclose(m);
  assert_string_equal(out,
                      "t.c:1:25: error: encoding of 'A' has 2 dimensions but 'A' has rank 3\n"
                      "  #pragma sparse encoding(A : CSR)\n"
                      "                          ^\n"
                      "1 error generated.\n");
  free(out);
  diag_free(&d);
  t_free(t);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(seed_sparse_vector),
      cmocka_unit_test(seed_sorted_coo),
      cmocka_unit_test(seed_bcoo),
      cmocka_unit_test(seed_csr),
      cmocka_unit_test(seed_dcsc_widths),
      cmocka_unit_test(seed_bsr_2x2),
      cmocka_unit_test(seed_bsr_2x3),
      cmocka_unit_test(seed_bsr_explicit),
      cmocka_unit_test(seed_bsr_explicit_multiline),
      cmocka_unit_test(seed_ell),
      cmocka_unit_test(seed_csr_slice),
      cmocka_unit_test(slice_short_spelling),
      cmocka_unit_test(slice_expressions),
      cmocka_unit_test(seed_nv24),
      cmocka_unit_test(seed_full_mlir_spelling),
      cmocka_unit_test(named_formats),
      cmocka_unit_test(named_format_with_fields),
      cmocka_unit_test(format_lookup_api),
      cmocka_unit_test(binding_shape),
      cmocka_unit_test(binding_shape_c_expressions),
      cmocka_unit_test(shorthand_with_fields),
      cmocka_unit_test(pragma_prefix_forms),
      cmocka_unit_test(level_formats_and_props),
      cmocka_unit_test(affine_expressions),
      cmocka_unit_test(user_formats),
      cmocka_unit_test(vectorize_options),
      cmocka_unit_test(rank_check),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
