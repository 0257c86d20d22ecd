/* test_splice.c — applying edits to the original bytes (src/emit/splice.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "emit/splice.h"

typedef struct Fixture {
  SourceFile f;
  Arena arena;
  Diags diags;
  Edits edits;
  StrBuf out;
} Fixture;

static void fx_init(Fixture *x, const char *name, const char *text) {
  memset(x, 0, sizeof *x);
  assert_int_equal(source_init(&x->f, name, text, strlen(text)), 0);
}

static const char *fx_splice(Fixture *x, int include, int no_line) {
  SpliceOptions o = {include, no_line};
  assert_int_equal(splice_apply(&x->f, &x->edits, &o, &x->out, &x->diags), 0);
  return x->out.data ? x->out.data : "";
}

static void fx_free(Fixture *x) {
  sb_free(&x->out);
  diag_free(&x->diags);
  arena_free(&x->arena);
  source_free(&x->f);
}

static void test_no_edits_identical(void **state) {
  (void)state;
  const char *texts[] = {"", "x", "int a;\n", "no newline", "\r\n\r\n",
                         "a\0b"};
  for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
    Fixture x;
    fx_init(&x, "t.c", texts[i]);
    assert_string_equal(fx_splice(&x, 0, 0), texts[i]);
    assert_int_equal(x.out.len, strlen(texts[i]));
    fx_free(&x);
  }
}

static void test_replace_insert_delete(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "t.c", "aaa bbb ccc ddd");
  edits_add(&x.arena, &x.edits, 8, 11, "CCC", 0);  /* replace */
  edits_add(&x.arena, &x.edits, 0, 0, "<", 0);     /* insert at start */
  edits_add(&x.arena, &x.edits, 3, 4, "", 0);      /* delete a space */
  edits_add(&x.arena, &x.edits, 15, 15, ">", 0);   /* insert at end */
  assert_string_equal(fx_splice(&x, 0, 0), "<aaabbb CCC ddd>");
  fx_free(&x);
}

static void test_same_offset_keeps_order(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "t.c", "XY");
  edits_add(&x.arena, &x.edits, 1, 1, "1", 0);
  edits_add(&x.arena, &x.edits, 1, 1, "2", 0);
  edits_add(&x.arena, &x.edits, 0, 0, "0", 0);
  edits_add(&x.arena, &x.edits, 1, 1, "3", 0);
  assert_string_equal(fx_splice(&x, 0, 0), "0X123Y");
  fx_free(&x);
}

static void test_line_directives(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "dir/my \"file\".c", "int a;\nfor (;;) {}\nint b;\n");
  edits_add(&x.arena, &x.edits, 7, 19, "while (1) {}", 3);
  assert_string_equal(fx_splice(&x, 0, 0),
                      "int a;\nwhile (1) {}\n#line 3 \"dir/my \\\"file\\\".c\"\n"
                      "int b;\n");
  fx_free(&x);
  fx_init(&x, "t.c", "int a;\nfor (;;) {}\nint b;\n");
  edits_add(&x.arena, &x.edits, 7, 19, "while (1) {}", 3);
  assert_string_equal(fx_splice(&x, 0, 1), "int a;\nwhile (1) {}int b;\n");
  fx_free(&x);
}

/* an edit ending inside the file's last line, which no newline ends: what
 * follows it is the rest of that line, and the directive names it (it
 * named the line after) */
static void test_line_directive_last_line(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "t.c", "int a;\nfor (;;) {}}");
  edits_add(&x.arena, &x.edits, 7, 18, "while (1) {}\n", 3);
  assert_string_equal(fx_splice(&x, 0, 0),
                      "int a;\nwhile (1) {}\n#line 2 \"t.c\"\n}");
  fx_free(&x);
}

/* below a #line of the input (or a `# N "file"` line marker), the place
 * it gives: the directive after an edit names it, as source_presumed does */
static void test_line_directives_presumed(void **state) {
  (void)state;
  Fixture x;
  const char *text = "int a;\n#line 100 \"g\\\\r.y\"\nint b;\nfor (;;) {}\n"
                     "int c;\n#line 7\nint d;\n# 30 \"t.c\" 2\nint e;\n";
  fx_init(&x, "t.c", text);
  unsigned line, col;
  assert_string_equal(source_presumed(&x.f, 0, &line, &col), "t.c");
  assert_int_equal(line, 1);
  size_t b = (size_t)(strstr(text, "int b") - text);
  assert_string_equal(source_presumed(&x.f, b + 4, &line, &col), "g\\r.y");
  assert_int_equal(line, 100);
  assert_int_equal(col, 5);
  /* the directive's own line is still under the numbering before it */
  size_t l7 = (size_t)(strstr(text, "#line 7") - text);
  assert_string_equal(source_presumed(&x.f, l7, &line, &col), "g\\r.y");
  assert_int_equal(line, 103);
  /* #line N without a name keeps the name in force */
  size_t d = (size_t)(strstr(text, "int d") - text);
  assert_string_equal(source_presumed(&x.f, d, &line, &col), "g\\r.y");
  assert_int_equal(line, 7);
  size_t e = (size_t)(strstr(text, "int e") - text);
  assert_string_equal(source_presumed(&x.f, e, &line, &col), "t.c");
  assert_int_equal(line, 30);
  size_t f = (size_t)(strstr(text, "for") - text);
  edits_add(&x.arena, &x.edits, f, f + 12, "while (1) {}\n", 5);
  assert_string_equal(fx_splice(&x, 0, 0),
                      "int a;\n#line 100 \"g\\\\r.y\"\nint b;\nwhile (1) {}\n"
                      "#line 102 \"g\\\\r.y\"\nint c;\n#line 7\nint d;\n"
                      "# 30 \"t.c\" 2\nint e;\n");
  fx_free(&x);
}

static void test_runtime_include(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "a\\b.c", "int a;\n");
  assert_string_equal(fx_splice(&x, 1, 0),
                      "#include \"sparsecc_rt.h\"\n#line 1 \"a\\\\b.c\"\n"
                      "int a;\n");
  fx_free(&x);
  fx_init(&x, "t.c", "int a;\n");
  assert_string_equal(fx_splice(&x, 1, 1),
                      "#include \"sparsecc_rt.h\"\nint a;\n");
  fx_free(&x);
}

/* A CRLF file: the lines the splice adds end in CR LF too, a CR LF the
 * edit text already has is kept; an LF file gets LF. */
static void test_crlf_line_ends(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "w.c", "int a;\r\nfor (;;)\r\n  f();\r\nint b;\r\n");
  edits_add(&x.arena, &x.edits, 8, 24, "{\n  g();\r\n}", 4);
  assert_string_equal(fx_splice(&x, 1, 0),
                      "#include \"sparsecc_rt.h\"\r\n#line 1 \"w.c\"\r\n"
                      "int a;\r\n{\r\n  g();\r\n}\r\n#line 4 \"w.c\"\r\n"
                      "int b;\r\n");
  fx_free(&x);
  fx_init(&x, "u.c", "int a;\nint b;\r\n");
  edits_add(&x.arena, &x.edits, 0, 6, "{\n}", 0);
  assert_string_equal(fx_splice(&x, 0, 0), "{\n}\nint b;\r\n");
  fx_free(&x);
}

static void test_escape_controls(void **state) {
  (void)state;
  StrBuf b = {0};
  splice_line_directive(&b, 7, "a\nb\tc");
  assert_string_equal(b.data, "#line 7 \"a\\012b\\011c\"\n");
  sb_free(&b);
}

static void test_overlap_rejected(void **state) {
  (void)state;
  Fixture x;
  fx_init(&x, "t.c", "0123456789");
  edits_add(&x.arena, &x.edits, 2, 6, "a", 0);
  edits_add(&x.arena, &x.edits, 5, 8, "b", 0);
  SpliceOptions o = {0, 0};
  assert_int_equal(splice_apply(&x.f, &x.edits, &o, &x.out, &x.diags), -1);
  assert_int_equal(diag_error_count(&x.diags), 1);
  fx_free(&x);
  fx_init(&x, "t.c", "0123");
  edits_add(&x.arena, &x.edits, 2, 9, "a", 0);
  assert_int_equal(splice_apply(&x.f, &x.edits, &o, &x.out, &x.diags), -1);
  fx_free(&x);
}

/* A text rewritten twice (macro invocations expanded, then one inside an
 * expansion's argument): line:column and line texts are the original's. */
static void test_rewrite_origin(void **state) {
  (void)state;
  const char *t0 = "x = AT(i, j) + y;\nz = AT(k,\n 2) * w;\n";
  SourceFile f0, f1, f2;
  assert_int_equal(source_init(&f0, "m.c", t0, strlen(t0)), 0);
  /* round 1: AT(i, j) -> a[i][j], AT(k,\n 2) -> a[B(k)][2] + newline */
  const char *t1 = "x = a[i][j] + y;\nz = a[B(k)][2]\n * w;\n";
  SourceRepl r1[2] = {{4, 12, 7}, {22, 31, 11}};
  assert_int_equal(source_init(&f1, "m.c", t1, strlen(t1)), 0);
  assert_int_equal(source_adopt_rewrite(&f1, &f0, r1, 2), 0);
  source_free(&f0);
  unsigned line, col;
  size_t len;
  source_line_col(&f1, (size_t)(strstr(t1, "+ y") - t1), &line, &col);
  assert_int_equal(line, 1);
  assert_int_equal(col, 14); /* "+" of "AT(i, j) + y" */
  source_line_col(&f1, (size_t)(strstr(t1, "[j]") - t1), &line, &col);
  assert_int_equal(col, 5); /* inside the expansion: the invocation */
  source_line_col(&f1, (size_t)(strstr(t1, "* w") - t1), &line, &col);
  assert_int_equal(line, 3);
  assert_int_equal(col, 5);
  const char *lt = source_line_text(&f1, (size_t)(strstr(t1, "* w") - t1), &len);
  assert_int_equal(len, 8);
  assert_memory_equal(lt, " 2) * w;", 8);
  /* round 2: B(k) -> b[k], inside the first round's expansion */
  const char *t2 = "x = a[i][j] + y;\nz = a[b[k]][2]\n * w;\n";
  SourceRepl r2[1] = {{23, 27, 4}};
  assert_int_equal(source_init(&f2, "m.c", t2, strlen(t2)), 0);
  assert_int_equal(source_adopt_rewrite(&f2, &f1, r2, 1), 0);
  source_free(&f1);
  source_line_col(&f2, (size_t)(strstr(t2, "b[k]") - t2), &line, &col);
  assert_int_equal(line, 2);
  assert_int_equal(col, 5);
  source_line_col(&f2, (size_t)(strstr(t2, "* w") - t2), &line, &col);
  assert_int_equal(line, 3);
  assert_int_equal(col, 5);
  source_line_col(&f2, (size_t)(strstr(t2, "+ y") - t2), &line, &col);
  assert_int_equal(col, 14);
  lt = source_line_text(&f2, 0, &len);
  assert_memory_equal(lt, "x = AT(i, j) + y;", len);
  source_free(&f2);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_no_edits_identical),
      cmocka_unit_test(test_replace_insert_delete),
      cmocka_unit_test(test_same_offset_keeps_order),
      cmocka_unit_test(test_line_directives),
      cmocka_unit_test(test_line_directives_presumed),
      cmocka_unit_test(test_line_directive_last_line),
      cmocka_unit_test(test_runtime_include),
      cmocka_unit_test(test_crlf_line_ends),
      cmocka_unit_test(test_escape_controls),
      cmocka_unit_test(test_overlap_rejected),
      cmocka_unit_test(test_rewrite_origin),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
