/* fuzz_pragma.c — libFuzzer target: the pragma language (pragmas/: lex,
 * parse, check). The input is a source text; every logical line whose
 * first non-blank byte is '#' (backslash-newlines continue a line) is
 * parsed as the front end hands a `#pragma sparse` over, the pragmas of
 * one input sharing their user formats. Invariants:
 *   - a pragma fails exactly when it reported an error, and every
 *     diagnostic points inside the file (rendering them must not fault);
 *   - a pragma that parses dumps (--dump=pragmas, --dump=formats) and
 *     checks against ranks 0 to 4 without fault;
 *   - every encoding it holds prints as MLIR text that re-parses, alone,
 *     to the same runtime descriptor and prints back to the same text. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pragma.h"

/* Pragmas parsed from one input at most (the rest of the input is not). */
#define FUZZ_MAX_PRAGMAS 16

#define FUZZ_CHECK(cond, ...)                                                  \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "fuzz invariant broken at %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                                            \
      fprintf(stderr, "\n");                                                   \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* Renders the diagnostics (into a scratch stream) after checking their
 * locations. */
static void check_diags(const Diags *d, const SourceFile *f) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m;
  for (size_t i = 0; i < d->len; i++) {
    const Diag *g = &d->items[i];
    FUZZ_CHECK(g->message && g->message[0], "diagnostic without a message");
    if (!g->file)
      continue;
    FUZZ_CHECK(g->file == f, "diagnostic in another file");
    FUZZ_CHECK(g->span.start <= g->span.end && g->span.end <= f->len + 1,
               "diagnostic span [%zu, %zu) outside the file (%zu bytes): %s",
               g->span.start, g->span.end, f->len, g->message);
  }
  m = open_memstream(&buf, &len);
  FUZZ_CHECK(m != NULL, "open_memstream");
  diag_render(d, m, 0);
  fclose(m);
  free(buf);
}

static int same_rt(const sc_encoding *x, const sc_encoding *y) {
  if (x->dim_rank != y->dim_rank || x->lvl_rank != y->lvl_rank ||
      x->pos_width != y->pos_width || x->crd_width != y->crd_width ||
      x->has_slices != y->has_slices)
    return 0;
  for (int l = 0; l < x->lvl_rank; l++) {
    const sc_level_type *a = &x->lvl_types[l], *b = &y->lvl_types[l];
    const sc_level_expr *p = &x->lvl_exprs[l], *q = &y->lvl_exprs[l];
    if (a->format != b->format || a->props != b->props || a->n != b->n ||
        a->m != b->m || p->kind != q->kind || p->constant != q->constant ||
        p->divisor != q->divisor)
      return 0;
    for (int d = 0; d < SC_MAX_RANK; d++)
      if (p->coef[d] != q->coef[d])
        return 0;
  }
  for (int d = 0; x->has_slices && d < x->dim_rank; d++)
    if (x->slices[d].offset != y->slices[d].offset ||
        x->slices[d].size != y->slices[d].size ||
        x->slices[d].stride != y->slices[d].stride)
      return 0;
  return 1;
}

/* The MLIR text of e re-parses alone to the same encoding and text. */
static void check_round_trip(Arena *arena, const PragmaEncoding *e) {
  char *text = pragma_encoding_text(arena, e);
  const char *pre = "#pragma sparse encoding(A : ";
  char *src = arena_printf(arena, "%s%s)\n", pre, text);
  SourceFile f2;
  Diags d2 = {0};
  PragmaFormats fm2 = {0};
  Arena a2 = {0};
  Pragma p2;
  int rc;
  FUZZ_CHECK(source_init(&f2, "round.c", src, strlen(src)) == 0,
             "source_init");
  rc = pragma_parse(&a2, &f2, span_make(0, f2.len - 1), &fm2, &d2, &p2);
  if (rc != 0) {
    diag_render(&d2, stderr, 0);
    FUZZ_CHECK(0, "printed encoding does not re-parse: %s", text);
  }
  FUZZ_CHECK(p2.kind == PRAGMA_ENCODING && p2.nbindings == 1, "kind");
  FUZZ_CHECK(same_rt(&e->rt, &p2.bindings[0].enc.rt),
             "printed encoding re-parses to another one: %s", text);
  FUZZ_CHECK(strcmp(pragma_encoding_text(&a2, &p2.bindings[0].enc), text) == 0,
             "printed encoding prints back differently: %s", text);
  diag_free(&d2);
  source_free(&f2);
  arena_free(&a2);
}

static void check_pragma(Arena *arena, const SourceFile *f, const Pragma *p) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  FUZZ_CHECK(m != NULL, "open_memstream");
  pragma_dump(m, f, p);
  pragma_dump_formats(m, f, p);
  fclose(m);
  free(buf);
  if (p->kind == PRAGMA_FORMAT)
    check_round_trip(arena, &p->format_enc);
  for (int b = 0; p->kind == PRAGMA_ENCODING && b < p->nbindings; b++) {
    Diags d = {0};
    check_round_trip(arena, &p->bindings[b].enc);
    for (int rank = 0; rank <= 4; rank++) {
      size_t before = diag_error_count(&d);
      int rc = pragma_check_rank(f, &p->bindings[b], rank, &d);
      FUZZ_CHECK((rc != 0) == (diag_error_count(&d) > before),
                 "pragma_check_rank: status and errors disagree");
    }
    check_diags(&d, f);
    diag_free(&d);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Arena arena = {0};
  SourceFile f;
  Diags diags = {0};
  PragmaFormats formats = {0};
  Pragma p;
  size_t i = 0;
  int n = 0;
  if (source_init(&f, "fuzz.c", (const char *)data, size) != 0)
    return 0;
  while (i < f.len && n < FUZZ_MAX_PRAGMAS) {
    size_t s = i, e = i, k;
    while (e < f.len && !(f.text[e] == '\n' && (e == 0 || f.text[e - 1] != '\\')))
      e++;
    k = s;
    while (k < e && (f.text[k] == ' ' || f.text[k] == '\t'))
      k++;
    if (k < e && f.text[k] == '#') {
      size_t before = diag_error_count(&diags);
      int rc = pragma_parse(&arena, &f, span_make(k, e), &formats, &diags, &p);
      FUZZ_CHECK(rc == 0 || rc == -1, "status %d", rc);
      FUZZ_CHECK((rc != 0) == (diag_error_count(&diags) > before),
                 "pragma_parse returned %d with %zu new error(s)", rc,
                 diag_error_count(&diags) - before);
      if (rc == 0)
        check_pragma(&arena, &f, &p);
      n++;
    }
    i = e + 1;
  }
  check_diags(&diags, &f);
  diag_free(&diags);
  source_free(&f);
  arena_free(&arena);
  return 0;
}
