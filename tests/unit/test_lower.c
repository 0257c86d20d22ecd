/* test_lower.c — unit tests of lowering (src/lower, src/format): kernels
 * built by hand as IrKernels, lowered, and the C text checked for its
 * structure (position loops instead of dense inner loops, while merges for
 * unions, fill loops for `=`, width types, refusals). One test compiles a
 * lowered SpMV inside a small program with the runtime and compares it
 * with the dense loop (skipped when no C compiler or runtime is found). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "lower/lower.h"

/* ---- a small builder of kernels ---- */

typedef struct KB {
  Arena arena;
  IrKernel k;
  IrTensor tensors[8];
  IrAccess accesses[16];
  SourceFile file;
  Options opts;
  Diags diags;
  StrBuf report, dump;
  SparsifyCtx ctx;
  StrBuf out;
} KB;

static KB *kb_new(void) {
  KB *b = calloc(1, sizeof *b);
  static const char src[] = "void f(void) {\n  for (;;) {}\n}\n";
  source_init(&b->file, "k.c", src, sizeof src - 1);
  b->k.tensors = b->tensors;
  b->k.accesses = b->accesses;
  b->k.indent = "  ";
  b->opts.report = 1;
  b->opts.dump = DUMP_LATTICE;
  b->ctx.arena = &b->arena;
  b->ctx.opts = &b->opts;
  b->ctx.file = &b->file;
  b->ctx.diags = &b->diags;
  b->ctx.report = &b->report;
  b->ctx.dump = &b->dump;
  return b;
}

static void kb_free(KB *b) {
  sb_free(&b->out);
  sb_free(&b->report);
  sb_free(&b->dump);
  diag_free(&b->diags);
  source_free(&b->file);
  arena_free(&b->arena);
  free(b);
}

/* loop variable `name` over [0, hi) */
static int kb_var(KB *b, const char *name, const char *hi) {
  int v = b->k.nvars++;
  IrLoopVar *lv = &b->k.vars[v];
  lv->name = name;
  lv->ctype = "int";
  lv->declared_in_header = 1;
  lv->hi.sym = hi;
  return v;
}

static sc_encoding enc_simple(int rank, const sc_level_format *f,
                              const int *dim_of_level, int width) {
  sc_encoding e;
  memset(&e, 0, sizeof e);
  e.dim_rank = rank;
  e.lvl_rank = rank;
  for (int l = 0; l < rank; l++) {
    e.lvl_types[l].format = f[l];
    e.lvl_exprs[l].kind = SC_LEXPR_AFFINE;
    e.lvl_exprs[l].coef[dim_of_level[l]] = 1;
  }
  e.pos_width = e.crd_width = width;
  return e;
}

static int kb_tensor(KB *b, const char *name, int rank, const char *e0,
                     const char *e1, const sc_encoding *enc) {
  int t = b->k.ntensors++;
  IrTensor *tn = &b->tensors[t];
  tn->name = name;
  tn->rank = rank;
  tn->extent[0] = e0;
  tn->extent[1] = e1;
  tn->elem = IR_F64;
  tn->elem_ctype = "double";
  tn->layout = IR_LAYOUT_ARRAY;
  tn->is_read = 1;
  if (enc) {
    PragmaBinding *pb = arena_alloc(&b->arena, sizeof *pb);
    pb->name = (char *)name;
    pb->enc.rt = *enc;
    tn->binding = pb;
  }
  return t;
}

static int kb_access(KB *b, int t, int v0, int v1) {
  int a = b->k.naccesses++;
  IrAccess *ac = &b->accesses[a];
  ac->tensor = t;
  ac->nsub = b->tensors[t].rank;
  ac->sub[0].coef[v0] = 1;
  if (ac->nsub > 1) ac->sub[1].coef[v1] = 1;
  return a;
}

static IrExpr *ex(KB *b, IrExprKind kind, IrExpr *x, IrExpr *y) {
  IrExpr *e = arena_alloc(&b->arena, sizeof *e);
  e->kind = kind;
  e->a = x;
  e->b = y;
  return e;
}

static IrExpr *acc(KB *b, int a) {
  IrExpr *e = ex(b, IR_ACCESS, NULL, NULL);
  e->access = a;
  return e;
}

static IrExpr *cst(KB *b, const char *text) {
  IrExpr *e = ex(b, IR_CONST, NULL, NULL);
  e->text = text;
  return e;
}

static IrNode *stmt(KB *b, IrStmtOp op, int lhs, IrExpr *rhs) {
  IrNode *n = arena_alloc(&b->arena, sizeof *n);
  n->kind = IR_NODE_STMT;
  n->stmt.op = op;
  n->stmt.lhs_access = lhs;
  n->stmt.rhs = rhs;
  return n;
}

static IrNode *loop(KB *b, int var, int nbody, ...) {
  IrNode *n = arena_alloc(&b->arena, sizeof *n);
  n->kind = IR_NODE_LOOP;
  n->var = var;
  n->nbody = nbody;
  n->body = arena_alloc(&b->arena, sizeof(IrNode *) * (size_t)nbody);
  va_list ap;
  va_start(ap, nbody);
  for (int i = 0; i < nbody; i++) n->body[i] = va_arg(ap, IrNode *);
  va_end(ap);
  return n;
}

static int lower(KB *b, IrNode *root) {
  b->k.root = root;
  return lower_kernel(&b->ctx, &b->k, &b->out);
}

static const sc_level_format F_CSR[] = {SC_LVL_DENSE, SC_LVL_COMPRESSED};
static const sc_level_format F_DCSR[] = {SC_LVL_COMPRESSED, SC_LVL_COMPRESSED};
static const sc_level_format F_VEC[] = {SC_LVL_COMPRESSED};
static const int ROWS[] = {0, 1}, COLS[] = {1, 0};

/* y[i] = 0; for j: y[i] += A[i][j] * x[j] */
static IrNode *spmv(KB *b, const sc_encoding *enc) {
  int i = kb_var(b, "i", "N"), j = kb_var(b, "j", "M");
  int A = kb_tensor(b, "A", 2, "N", "M", enc);
  int x = kb_tensor(b, "x", 1, "M", NULL, NULL);
  int y = kb_tensor(b, "y", 1, "N", NULL, NULL);
  b->tensors[y].is_written = 1;
  int aA = kb_access(b, A, i, j), ax = kb_access(b, x, j, 0);
  int ay0 = kb_access(b, y, i, 0), ay1 = kb_access(b, y, i, 0);
  return loop(b, i, 2, stmt(b, IR_SET, ay0, cst(b, "0.0")),
              loop(b, j, 1,
                   stmt(b, IR_ADDTO, ay1,
                        ex(b, IR_MUL, acc(b, aA), acc(b, ax)))));
}

static void test_spmv_csr(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  assert_int_equal(lower(b, spmv(b, &e)), 0);
  const char *o = b->out.data;
  assert_non_null(strstr(o, "sc_tensor_from_dense(&sc__A, &sc__A_enc, SC_F64"));
  assert_non_null(strstr(o, "for (size_t sc__A_p1 = (size_t)sc__A_pos1["));
  assert_non_null(strstr(o, "y[i] += sc__A_val[sc__A_p1] * x[j];"));
  assert_null(strstr(o, "for (int j"));   /* no dense inner loop */
  assert_non_null(strstr(o, "for (int i = 0; i < (N); i++)"));
  assert_non_null(strstr(o, "sc_tensor_free(sc__A);"));
  assert_non_null(strstr(b->report.data, "kernel sparsified"));
  assert_non_null(strstr(b->report.data, "loop j: positions of A"));
  assert_non_null(strstr(b->report.data, "0*Inf"));
  assert_int_equal(b->ctx.need_runtime_include, 1);
  kb_free(b);
}

/* for i: r[i] = A[i][i] (diagonal.c): with A's assembly kept across an
 * enclosing loop, a loop of one iteration over sc__diag_i walks row i up
 * to the diagonal, after a fill loop for `=`; assembled at every entry,
 * refused (a lookup per element stays cheaper) */
static IrNode *diag(KB *b, const sc_encoding *enc) {
  int i = kb_var(b, "i", "N");
  int A = kb_tensor(b, "A", 2, "N", "N", enc);
  int r = kb_tensor(b, "r", 1, "N", NULL, NULL);
  b->tensors[r].is_written = 1;
  b->tensors[r].is_read = 0;
  int aA = kb_access(b, A, i, i), ar = kb_access(b, r, i, 0);
  return loop(b, i, 1, stmt(b, IR_SET, ar, acc(b, aA)));
}

static void test_diagonal_walked(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = diag(b, &e);
  int used = 0;
  b->tensors[0].entry_cache = "sc__A_kept";
  b->tensors[0].entry_cache_used = &used;
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  assert_non_null(strstr(o, "r[sc__diag_i] = sc__A_val[sc__A_p1];"));
  assert_non_null(strstr(o, "if (sc__diag_i < i) continue;"));
  assert_null(strstr(o, "A[i][i]"));
  assert_non_null(strstr(b->report.data,
                          "loop sc__diag_i: positions of A (after a fill loop"));
  assert_null(strstr(b->report.data, "0*Inf")); /* a copy, no product */
  kb_free(b);
  b = kb_new();
  assert_int_not_equal(lower(b, diag(b, &e)), 0);
  assert_non_null(strstr(b->report.data, "A[i][i] reads a diagonal"));
  kb_free(b);
}

/* an int SpMV: no product can meet an Inf or a NaN, so no 0*Inf note */
static void test_int_kernel_no_ieee_note(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = spmv(b, &e);
  for (int t = 0; t < b->k.ntensors; t++) {
    b->tensors[t].elem = IR_I32;
    b->tensors[t].elem_ctype = "int";
  }
  assert_int_equal(lower(b, root), 0);
  assert_non_null(strstr(b->report.data, "loop j: positions of A"));
  assert_null(strstr(b->report.data, "0*Inf"));
  kb_free(b);
}

/* A reduction (j reduces into y[i] only) in the scalar output: walked 4
 * entries a step in program order, the rest one by one (unroll.c). */
static void test_spmv_unrolled(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = spmv(b, &e);
  b->k.vars[1].is_reduction = 1;
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  assert_non_null(strstr(o, "size_t sc__A_u1 = sc__A_rb"));
  assert_non_null(strstr(o, "for (; sc__A_u1 + 4 <= sc__A_e1; sc__A_u1 += 4) {"));
  const char *step3 = strstr(o, "const size_t sc__A_p1 = sc__A_u1 + 3;");
  assert_non_null(step3);
  assert_non_null(strstr(step3, "y[i] += sc__A_val[sc__A_p1] * x[j];"));
  assert_non_null(strstr(o, "for (; sc__A_u1 < sc__A_e1; sc__A_u1++) {"));
  assert_null(strstr(o, "for (size_t sc__A_p1"));
  assert_non_null(strstr(b->report.data, "loop j: reduction over the stored "
                                         "entries walked 4 at a time"));
  kb_free(b);
}

/* The row prefetch of the scalar output (coiter.c emit_row_prefetch): a
 * line of the coordinates and of the values 8 KiB ahead of the row's first
 * entry, and the next line of both in rows longer than a line of values,
 * in the copy of the loops taken for large tensors only. */
static void test_spmv_row_prefetch_lines(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = spmv(b, &e);
  b->k.vars[1].is_reduction = 1;
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  /* the row's begin: carried from the row before (row_carry.c) */
  char rb[32];
  const char *u = strstr(o, "size_t sc__A_u1 = ");
  assert_non_null(u);
  assert_int_equal(sscanf(u, "size_t sc__A_u1 = %31[a-z_A-Z0-9];", rb), 1);
  static const char *const lines[] = {
      "SC_PREFETCH((uintptr_t)sc__A_crd1 + (%s) * sizeof *sc__A_crd1 + 8192);",
      "SC_PREFETCH((uintptr_t)sc__A_val + (%s) * sizeof *sc__A_val + 8192);",
      "if (sc__A_e1 - (%s) > 64 / sizeof *sc__A_val) {",
      "SC_PREFETCH((uintptr_t)sc__A_crd1 + (%s) * sizeof *sc__A_crd1 + 8256);",
      "SC_PREFETCH((uintptr_t)sc__A_val + (%s) * sizeof *sc__A_val + 8256);"};
  const char *at = strstr(o, "if (sc__A_pf) {");
  assert_non_null(at);
  for (size_t k = 0; k < sizeof lines / sizeof *lines; k++) {
    char line[160];
    snprintf(line, sizeof line, lines[k], rb);
    at = strstr(at, line);
    assert_non_null(at); /* present, in this order */
    assert_null(strstr(at + 1, line)); /* in one copy of the loops */
  }
  assert_non_null(strstr(b->report.data, "prefetched 8192 bytes ahead once "
                                         "per row, the next cache line too "
                                         "in rows longer than one"));
  kb_free(b);
}

/* A bound check in the body (j >= i: a `continue`) keeps the loop rolled. */
static void test_spmv_bounded_rolled(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = spmv(b, &e);
  b->k.vars[1].is_reduction = 1;
  b->k.vars[1].lo.coef[0] = 1;
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  assert_non_null(strstr(o, "for (size_t sc__A_p1 = (size_t)sc__A_pos1["));
  assert_null(strstr(o, "sc__A_u1"));
  assert_null(strstr(b->report.data, "walked 4 at a time"));
  kb_free(b);
}

/* The row loop of the scalar output reads the positions once per row
 * (row_carry.c): the carried begin is declared before the row loop with
 * row lo's begin (read only when the loop runs a row), each row's walk
 * starts at it and leaves its end in it. */
static void test_spmv_row_begin_carried(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = spmv(b, &e);
  b->k.vars[1].is_reduction = 1;
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  char rb[32], want[160];
  const char *u = strstr(o, "size_t sc__A_u1 = ");
  assert_non_null(u);
  assert_int_equal(sscanf(u, "size_t sc__A_u1 = %31[a-z_A-Z0-9];", rb), 1);
  snprintf(want, sizeof want, "size_t %s = 0;", rb);
  const char *decl = strstr(o, want);
  assert_non_null(decl);
  const char *loop = strstr(o, "for (int i = ");
  assert_non_null(loop);
  assert_true(decl < loop); /* declared before the row loop */
  snprintf(want, sizeof want, " %s = (size_t)sc__A_pos1[", rb);
  const char *first = strstr(decl, want);
  assert_non_null(first);
  assert_true(first < loop);
  snprintf(want, sizeof want, "%s = sc__A_e1;", rb);
  const char *next = strstr(u, want);
  assert_non_null(next); /* after the row's walk */
  assert_null(strstr(o, "sc__A_u1 = (size_t)sc__A_pos1["));
  assert_non_null(strstr(b->report.data, "loop i: the positions of A read "
                                         "once per row"));
  kb_free(b);
}

/* Narrow coordinates: the row loops in three copies, chosen once per
 * kernel (coiter.c unswitch_loops): with the prefetch; rows short on
 * average, one entry a step; the unrolled walk. 64-bit coordinates: no
 * short-row copy (gcc vectorizes that loop into a gather reduction). */
static void test_spmv_short_rows_copy(void **state) {
  (void)state;
  for (int width = 32; width <= 64; width += 32) {
    KB *b = kb_new();
    sc_encoding e = enc_simple(2, F_CSR, ROWS, width);
    IrNode *root = spmv(b, &e);
    b->k.vars[1].is_reduction = 1;
    assert_int_equal(lower(b, root), 0);
    const char *o = b->out.data;
    const char *flag = strstr(o, "const int sc__A_short1 = "
                                 "sc_tensor_coordinates_size(sc__A, 1) < 4 * "
                                 "sc_tensor_positions_size(sc__A, 1);");
    const char *pf = strstr(o, "if (sc__A_pf) {");
    assert_non_null(pf);
    const char *sh = strstr(o, "} else if (sc__A_short1) {");
    const char *plain = strstr(pf, "} else {\n");
    assert_non_null(plain);
    if (width == 64) {
      assert_null(flag);
      assert_null(sh);
      assert_null(strstr(b->report.data, "walked one entry a step"));
      kb_free(b);
      continue;
    }
    assert_non_null(flag);
    assert_true(flag < pf);
    assert_non_null(sh);
    plain = strstr(sh, "} else {\n");
    assert_non_null(plain);
    /* the prefetch copy: unrolled; the short-row copy: one entry a step,
     * no prefetch, no test of the flag left inside; the last: unrolled */
    const char *step4 = "for (; sc__A_u1 + 4 <= sc__A_e1; sc__A_u1 += 4) {";
    const char *in_pf = strstr(pf, step4);
    assert_true(in_pf && in_pf < sh);
    const char *in_sh = strstr(sh, step4);
    assert_true(in_sh && in_sh > plain);
    const char *one = strstr(sh, "for (; sc__A_u1 < sc__A_e1; sc__A_u1++) {");
    assert_true(one && one < plain);
    assert_null(strstr(sh, "SC_PREFETCH("));
    /* the flag tested once: in no copy of the loops */
    const char *test = sh + strlen("} else if (");
    assert_true(strstr(pf, "sc__A_short1") == test);
    assert_null(strstr(test + 1, "sc__A_short1"));
    assert_non_null(strstr(b->report.data,
                           "loop j: the rows of A walked one entry a step "
                           "when they hold fewer than 4 entries on average"));
    kb_free(b);
  }
}

/* A rolled walk (a bound check in the body: `continue`) keeps reading
 * both positions: no carry. */
static void test_spmv_row_begin_not_carried(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  IrNode *root = spmv(b, &e);
  b->k.vars[1].is_reduction = 1;
  b->k.vars[1].lo.coef[0] = 1;
  assert_int_equal(lower(b, root), 0);
  assert_null(strstr(b->out.data, "sc__A_rb"));
  assert_null(strstr(b->report.data, "read once per row"));
  kb_free(b);
}

static void test_spmv_width32(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 32);
  assert_int_equal(lower(b, spmv(b, &e)), 0);
  assert_non_null(strstr(b->out.data, "const uint32_t *sc__A_pos1 = (const uint32_t *)"));
  assert_non_null(strstr(b->out.data, "const uint32_t *sc__A_crd1"));
  assert_non_null(strstr(b->out.data, "32, 32, 0, {{0, 0, 0}}}; /* posWidth, crdWidth"));
  kb_free(b);
}

static void test_spmv_csc_converted(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, COLS, 0); /* (j dense, i compressed) */
  assert_int_equal(lower(b, spmv(b, &e)), 0);
  /* assembled in row order: level 0 is i, level 1 is j */
  assert_non_null(strstr(b->out.data, "{{SC_LEXPR_AFFINE, {1, 0}, 0, 0}, "));
  assert_non_null(strstr(b->report.data, "conversion: A"));
  assert_null(strstr(b->out.data, "sc__lo")); /* no binary search */
  kb_free(b);
}

static void test_spmv_dcsr_locate(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_DCSR, ROWS, 0);
  assert_int_equal(lower(b, spmv(b, &e)), 0);
  /* y[i] = 0 needs every row: a fill loop writes it, then the stored
   * rows are walked by position (no binary search) */
  assert_null(strstr(b->out.data, "sc__mid"));
  assert_non_null(strstr(b->report.data,
                         "loop i: positions of A (after a fill loop for the "
                         "init statements)"));
  kb_free(b);
}

/* C[i][j] = A[i][j] + B[i][j], A and B CSR */
static void test_spadd_union(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  int i = kb_var(b, "i", "N"), j = kb_var(b, "j", "M");
  int A = kb_tensor(b, "A", 2, "N", "M", &e);
  int B = kb_tensor(b, "B", 2, "N", "M", &e);
  int C = kb_tensor(b, "C", 2, "N", "M", NULL);
  b->tensors[C].is_written = 1;
  int aA = kb_access(b, A, i, j), aB = kb_access(b, B, i, j);
  int aC = kb_access(b, C, i, j);
  IrNode *root = loop(b, i, 1, loop(b, j, 1, stmt(b, IR_SET, aC,
                      ex(b, IR_ADD, acc(b, aA), acc(b, aB)))));
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  /* the fill loop writes the value of the absent case */
  assert_non_null(strstr(o, "C[i][j] = ((double)0) + ((double)0);"));
  assert_non_null(strstr(o, "while ((sc__A_p1 < sc__A_e1) || (sc__B_p1 < sc__B_e1))"));
  assert_non_null(strstr(o, "if ((sc__A_in1) || (sc__B_in1))"));
  assert_non_null(strstr(o, "(sc__A_in1 ? sc__A_val[sc__A_p1] : ((double)0))"));
  assert_non_null(strstr(b->report.data, "union(A, B)"));
  assert_non_null(strstr(b->dump.data, "points {A} {B}"));
  kb_free(b);
}

/* s += x[i] * y[i], both sparse vectors: intersection */
static void test_dot_intersection(void **state) {
  (void)state;
  KB *b = kb_new();
  static const int D0[] = {0};
  sc_encoding e = enc_simple(1, F_VEC, D0, 0);
  int i = kb_var(b, "i", "N");
  int x = kb_tensor(b, "x", 1, "N", NULL, &e);
  int y = kb_tensor(b, "y", 1, "N", NULL, &e);
  int ax = kb_access(b, x, i, 0), ay = kb_access(b, y, i, 0);
  IrNode *s = stmt(b, IR_ADDTO, -1, ex(b, IR_MUL, acc(b, ax), acc(b, ay)));
  s->stmt.lhs_scalar = "s";
  assert_int_equal(lower(b, loop(b, i, 1, s)), 0);
  assert_non_null(strstr(b->out.data, "while (sc__x_p0 < sc__x_e0 && sc__y_p0 < sc__y_e0)"));
  assert_non_null(strstr(b->report.data, "intersection(x, y)"));
  kb_free(b);
}

/* C[i][k] += A[i][j] * B[j][k]: k stays dense inside the position loop */
static void test_spmm(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  int i = kb_var(b, "i", "N"), j = kb_var(b, "j", "M"), k = kb_var(b, "k", "K");
  int A = kb_tensor(b, "A", 2, "N", "M", &e);
  int B = kb_tensor(b, "B", 2, "M", "K", NULL);
  int C = kb_tensor(b, "C", 2, "N", "K", NULL);
  b->tensors[C].is_written = 1;
  int aA = kb_access(b, A, i, j), aB = kb_access(b, B, j, k),
      aC = kb_access(b, C, i, k);
  IrNode *root = loop(b, i, 1, loop(b, j, 1, loop(b, k, 1,
      stmt(b, IR_ADDTO, aC, ex(b, IR_MUL, acc(b, aA), acc(b, aB))))));
  assert_int_equal(lower(b, root), 0);
  const char *o = b->out.data;
  assert_null(strstr(o, "for (int j"));
  assert_non_null(strstr(o, "for (int k = 0; k < (K); k++)"));
  assert_non_null(strstr(o, "C[i][k] += sc__A_val[sc__A_p1] * B[j][k];"));
  kb_free(b);
}

/* A[i][j] += 1 updates the sparse operand in place where it is absent
 * too: nothing left to sparsify (A[i][j] *= 2 would skip them) */
static void test_refuse_written(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  int i = kb_var(b, "i", "N"), j = kb_var(b, "j", "M");
  int A = kb_tensor(b, "A", 2, "N", "M", &e);
  b->tensors[A].is_written = 1;
  int aA = kb_access(b, A, i, j);
  IrNode *root = loop(b, i, 1, loop(b, j, 1, stmt(b, IR_ADDTO, aA, cst(b, "1"))));
  assert_int_equal(lower(b, root), -1);
  assert_int_equal(b->out.len, 0);
  assert_true(b->diags.len >= 1);
  assert_non_null(strstr(b->diags.items[0].message, "loop not sparsified"));
  assert_non_null(strstr(b->report.data, "kernel not sparsified"));
  kb_free(b);
}

/* y[i] += exp(A[i][j]): not zero-preserving, so no loop may skip */
static void test_refuse_exp(void **state) {
  (void)state;
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  int i = kb_var(b, "i", "N"), j = kb_var(b, "j", "M");
  int A = kb_tensor(b, "A", 2, "N", "M", &e);
  int y = kb_tensor(b, "y", 1, "N", NULL, NULL);
  int aA = kb_access(b, A, i, j), ay = kb_access(b, y, i, 0);
  IrExpr *call = ex(b, IR_CALL, NULL, NULL);
  call->text = "exp";
  call->nargs = 1;
  call->args = arena_alloc(&b->arena, sizeof(IrExpr *));
  call->args[0] = acc(b, aA);
  IrNode *root = loop(b, i, 1, loop(b, j, 1, stmt(b, IR_ADDTO, ay, call)));
  assert_int_equal(lower(b, root), -1);
  kb_free(b);
}

/* for i, j: if (A[i][j] > t) <stmt> with t a scalar: the guard at an
 * absent entry (`0 > t`) is known only at run time */
static IrNode *guarded_by_t(KB *b, int negate, int count) {
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 0);
  int i = kb_var(b, "i", "N"), j = kb_var(b, "j", "M");
  int A = kb_tensor(b, "A", 2, "N", "M", &e);
  int y = kb_tensor(b, "y", 1, "N", NULL, NULL);
  b->tensors[y].is_written = 1;
  int aA = kb_access(b, A, i, j), aA2 = kb_access(b, A, i, j);
  int ay = kb_access(b, y, i, 0);
  IrExpr *t = ex(b, IR_SCALAR, NULL, NULL);
  t->text = "t";
  IrExpr *cmp = ex(b, IR_CMP, acc(b, aA), t);
  cmp->text = ">";
  IrExpr *sel = ex(b, IR_SELECT, negate ? ex(b, IR_NOT, cmp, NULL) : cmp,
                   count ? cst(b, "1") : acc(b, aA2));
  sel->c = cst(b, "0");
  return loop(b, i, 1, loop(b, j, 1, stmt(b, IR_ADDTO, ay, sel)));
}

/* checked once at entry: the loops over A's entries when an absent entry
 * fails the guard, the loops over every element otherwise */
static void test_guard_checked_at_entry(void **state) {
  (void)state;
  KB *b = kb_new();
  IrNode *root = guarded_by_t(b, 0, 1);
  assert_int_equal(lower(b, root), 0);
  const char *chk = strstr(b->out.data, "if (!(((double)0) > t)) {");
  assert_non_null(chk);
  const char *els = strstr(chk, "} else {");
  assert_non_null(els);
  /* the first branch walks positions, the second every column */
  const char *walk = strstr(chk, "sc__A_p1 < sc__A_e1");
  assert_non_null(walk);
  assert_true(walk < els);
  assert_non_null(strstr(els, "for (int j = 0;"));
  assert_non_null(strstr(b->report.data, "guard: the loops skip absent "
                                         "entries when !(((double)0) > t)"));
  kb_free(b);
}

/* only `false` is assumed: a negated comparison, and a threshold the nest
 * writes, keep the loop dense */
static void test_guard_not_assumed(void **state) {
  (void)state;
  KB *b = kb_new();
  assert_int_equal(lower(b, guarded_by_t(b, 1, 1)), -1);
  kb_free(b);
  b = kb_new();
  IrNode *root = guarded_by_t(b, 0, 1);
  static const char *written[] = {"t"};
  b->k.scalars_written = written;
  b->k.nscalars_written = 1;
  assert_int_equal(lower(b, root), -1);
  kb_free(b);
}

/* The lowered SpMV compiled with the runtime gives the dense result. */
static void test_spmv_runs(void **state) {
  (void)state;
  const char *bin = getenv("SC_BINARY_DIR"), *srcdir = getenv("SC_SOURCE_DIR");
  if (!bin || !srcdir) skip();
  char lib[1024];
  snprintf(lib, sizeof lib, "%s/runtime/libsparsecc_rt.a", bin);
  FILE *probe = fopen(lib, "rb");
  if (!probe) skip();
  fclose(probe);
  KB *b = kb_new();
  sc_encoding e = enc_simple(2, F_CSR, ROWS, 32);
  assert_int_equal(lower(b, spmv(b, &e)), 0);
  char dir[] = "/tmp/sc_test_lower_XXXXXX";
  assert_non_null(mkdtemp(dir));
  char path[1200], cmd[4000];
  snprintf(path, sizeof path, "%s/p.c", dir);
  FILE *f = fopen(path, "w");
  assert_non_null(f);
  fprintf(f,
          "#include <stdio.h>\n#include \"sparsecc_rt.h\"\n"
          "#define N 13\n#define M 11\n"
          "int main(void) {\n"
          "  static double A[N][M]; double x[M], y[N], z[N];\n"
          "  unsigned s = 7;\n"
          "  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) {\n"
          "    s = s * 1103515245u + 12345u;\n"
          "    A[i][j] = (s >> 16) %% 4 == 0 ? (double)((s >> 8) %% 97) - 40 : 0.0; }\n"
          "  for (int j = 0; j < M; j++) x[j] = j * 0.5 - 2;\n"
          "  for (int i = 0; i < N; i++) { z[i] = 0; for (int j = 0; j < M; j++) z[i] += A[i][j] * x[j]; }\n"
          "%s\n"
          "  for (int i = 0; i < N; i++) if (y[i] != z[i]) { printf(\"row %%d\\n\", i); return 1; }\n"
          "  return 0;\n}\n",
          b->out.data);
  fclose(f);
  snprintf(cmd, sizeof cmd,
           "cc -std=c99 -Wall -Wextra -Werror %s -I%s/runtime/include %s -o %s/p %s -lm "
           ">%s/cc.txt 2>&1 && %s/p",
           SC_TEST_CC_FLAGS, srcdir, path, dir, lib, dir, dir);
  int rc = system(cmd);
  if (rc != 0) {
    snprintf(cmd, sizeof cmd, "cat %s/cc.txt", dir);
    if (system(cmd)) {}
  }
  assert_int_equal(rc, 0);
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) {}
  kb_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_spmv_csr),
      cmocka_unit_test(test_spmv_unrolled),
      cmocka_unit_test(test_spmv_row_prefetch_lines),
      cmocka_unit_test(test_spmv_row_begin_carried),
      cmocka_unit_test(test_spmv_short_rows_copy),
      cmocka_unit_test(test_spmv_row_begin_not_carried),
      cmocka_unit_test(test_spmv_bounded_rolled),
      cmocka_unit_test(test_spmv_width32),
      cmocka_unit_test(test_spmv_csc_converted),
      cmocka_unit_test(test_spmv_dcsr_locate),
      cmocka_unit_test(test_spadd_union),
      cmocka_unit_test(test_dot_intersection),
      cmocka_unit_test(test_spmm),
      cmocka_unit_test(test_refuse_written),
      cmocka_unit_test(test_refuse_exp),
      cmocka_unit_test(test_guard_checked_at_entry),
      cmocka_unit_test(test_guard_not_assumed),
      cmocka_unit_test(test_spmv_runs),
      cmocka_unit_test(test_diagonal_walked),
      cmocka_unit_test(test_int_kernel_no_ieee_note),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
