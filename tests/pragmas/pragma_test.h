/* pragma_test.h — helpers shared by the pragma tests: parse the pragma
 * lines of a source text (as the front end would hand them over), render
 * diagnostics and dumps into strings for exact comparison. */
#ifndef SC_PRAGMA_TEST_H
#define SC_PRAGMA_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pragma.h"

#define MAX_PRAGMAS 64

typedef struct T {
  Arena arena;
  SourceFile f;
  Diags diags;
  PragmaFormats formats;
  int n;                    /* pragmas parsed */
  Pragma p[MAX_PRAGMAS];
  int rc[MAX_PRAGMAS];
  char *out;                /* rendered diagnostics / dump (malloc) */
} T;

static inline T *t_new(void) {
  T *t = calloc(1, sizeof *t);
  assert_non_null(t);
  return t;
}

static inline void t_free(T *t) {
  free(t->out);
  diag_free(&t->diags);
  source_free(&t->f);
  arena_free(&t->arena);
  free(t);
}

/* Parses every `#pragma` line of text (a logical line: backslash-newlines
 * continue it) as file "t.c". Returns the number of pragmas that failed;
 * t->out holds the rendered diagnostics. */
static inline int t_parse(T *t, const char *text) {
  assert_int_equal(source_init(&t->f, "t.c", text, strlen(text)), 0);
  int failed = 0;
  size_t i = 0, len = t->f.len;
  while (i < len) {
    size_t s = i, e = i;
    while (e < len && !(t->f.text[e] == '\n' && (e == 0 || t->f.text[e - 1] != '\\')))
      e++;
    size_t k = s;
    while (k < e && (t->f.text[k] == ' ' || t->f.text[k] == '\t')) k++;
    if (k < e && t->f.text[k] == '#') {
      assert_true(t->n < MAX_PRAGMAS);
      t->rc[t->n] = pragma_parse(&t->arena, &t->f, span_make(k, e), &t->formats,
                                 &t->diags, &t->p[t->n]);
      failed += t->rc[t->n] != 0;
      t->n++;
    }
    i = e + 1;
  }
  free(t->out);
  size_t sz;
  FILE *m = open_memstream(&t->out, &sz);
  assert_non_null(m);
  diag_render(&t->diags, m, 0);
  fclose(m);
  return failed;
}

/* Parses text that must succeed, and returns its last pragma. */
static inline Pragma *t_ok(T *t, const char *text) {
  int failed = t_parse(t, text);
  if (failed) fprintf(stderr, "unexpected diagnostics:\n%s", t->out);
  assert_int_equal(failed, 0);
  assert_string_equal(t->out, "");
  assert_true(t->n > 0);
  return &t->p[t->n - 1];
}

/* The diagnostics of text, which must fail, compared exactly. */
static inline void t_err(const char *text, const char *expected) {
  T *t = t_new();
  int failed = t_parse(t, text);
  if (strcmp(t->out, expected) != 0)
    fprintf(stderr, "--- expected\n%s--- got\n%s---\n", expected, t->out);
  assert_true(failed > 0);
  assert_string_equal(t->out, expected);
  t_free(t);
}

/* A dump into t->out. */
static inline const char *t_dump(T *t, int formats) {
  free(t->out);
  size_t sz;
  FILE *m = open_memstream(&t->out, &sz);
  assert_non_null(m);
  for (int i = 0; i < t->n; i++) {
    if (formats)
      pragma_dump_formats(m, &t->f, &t->p[i]);
    else
      pragma_dump(m, &t->f, &t->p[i]);
  }
  fclose(m);
  return t->out;
}

/* The binding b of the last pragma. */
static inline const PragmaEncoding *t_enc(T *t, int b) {
  Pragma *p = &t->p[t->n - 1];
  if (p->kind == PRAGMA_FORMAT) return &p->format_enc;
  assert_true(b < p->nbindings);
  return &p->bindings[b].enc;
}

/* Level l of an encoding has format fmt, props, kind, divisor, constant and
 * the coefficients c0..c(ndims-1). */
static inline void check_level(const PragmaEncoding *e, int l, sc_level_format fmt,
                               unsigned props, sc_level_expr_kind kind,
                               int64_t divisor, int64_t constant, ...) {
  assert_true(l < e->rt.lvl_rank);
  const sc_level_type *lt = &e->rt.lvl_types[l];
  const sc_level_expr *x = &e->rt.lvl_exprs[l];
  assert_int_equal(lt->format, fmt);
  assert_int_equal(lt->props, props);
  assert_int_equal(x->kind, kind);
  assert_int_equal(x->divisor, divisor);
  assert_int_equal(x->constant, constant);
  va_list ap;
  va_start(ap, constant);
  for (int d = 0; d < e->rt.dim_rank; d++) assert_int_equal(x->coef[d], va_arg(ap, int));
  va_end(ap);
  for (int d = e->rt.dim_rank; d < SC_MAX_RANK; d++) assert_int_equal(x->coef[d], 0);
}

#endif
