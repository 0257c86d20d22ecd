/* fe_harness.h — runs the sparsifier front end on a C snippet as the
 * driver would (tree-sitter parse, pragma sites, pragma_parse,
 * sparsify_file) and returns the IR dump, diagnostics and report text. */
#ifndef SC_FE_HARNESS_H
#define SC_FE_HARNESS_H

#include <stddef.h>

typedef struct FeResult {
  char *dump;     /* --dump=ir text (malloc) */
  char *diags;    /* rendered diagnostics, no colour (malloc) */
  char *report;   /* --report text (malloc) */
  int rc;         /* sparsify_file's return */
  size_t nedits;
  size_t errors, warnings;
} FeResult;

/* name: the file name used in locations ("t.c"). */
void fe_run(const char *name, const char *src, FeResult *out);
void fe_free(FeResult *r);

/* cmocka helpers: the dump equals `ir` exactly; diags contain `needle`. */
#define FE_DUMP_EQ(src, ir)                                                   \
  do {                                                                        \
    FeResult r_;                                                              \
    fe_run("t.c", (src), &r_);                                                \
    if (strcmp(r_.dump, (ir)))                                                \
      fprintf(stderr, "--- got:\n%s--- diags:\n%s", r_.dump, r_.diags);       \
    assert_string_equal(r_.dump, (ir));                                       \
    assert_int_equal(r_.errors, 0);                                           \
    fe_free(&r_);                                                             \
  } while (0)

#endif
