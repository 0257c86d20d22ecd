/* rtnames.c — clashes between the input's identifiers and the names of
 * sparsecc_rt.h, or the generated code's prefix sc__; see rtnames.h. The
 * header's names are read from the header itself (every word starting
 * with sc_, SC_ or SPARSECC_, the generated-code prefix sc__ excepted), so
 * the list cannot fall behind. */
#include "frontend/rtnames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/tsnode.h"

typedef struct Names {
  char **v;
  size_t n;
  int reserved; /* the words wanted: the generated code's sc__..., not these */
} Names;

static int is_word_char(char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9');
}

/* A name of the runtime's namespace (sc__ is the generated code's own). */
static int runtime_word(const char *w, size_t n) {
  if (n > 3 && !strncmp(w, "sc_", 3)) return w[3] != '_';
  if (n > 3 && !strncmp(w, "SC_", 3)) return 1;
  return n > 9 && !strncmp(w, "SPARSECC_", 9);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The header's names, sorted; 0 names when it cannot be read. */
static Names read_names(const char *path, Arena *a) {
  Names r = {NULL, 0, 0};
  FILE *f = fopen(path, "rb");
  if (!f) return r;
  size_t cap = 0, len = 0;
  char *text = NULL;
  for (;;) {
    if (len + 4096 + 1 > cap) {
      size_t nc = cap ? cap * 2 : 65536;
      char *t = realloc(text, nc);
      if (!t) break;
      text = t;
      cap = nc;
    }
    size_t got = fread(text + len, 1, cap - len - 1, f);
    len += got;
    if (got == 0) break;
  }
  fclose(f);
  if (!text) return r;
  size_t max = 0;
  for (size_t i = 0; i < len; i++)
    if (text[i] == 's' || text[i] == 'S') max++;
  r.v = arena_alloc(a, (max + 1) * sizeof *r.v);
  for (size_t i = 0; i < len;) {
    if (!is_word_char(text[i])) {
      i++;
      continue;
    }
    size_t s = i;
    while (i < len && is_word_char(text[i])) i++;
    if ((s == 0 || !is_word_char(text[s - 1])) &&
        runtime_word(text + s, i - s) && r.n < max)
      r.v[r.n++] = arena_strndup(a, text + s, i - s);
  }
  free(text);
  qsort(r.v, r.n, sizeof *r.v, cmp_str);
  return r;
}

static int known(const Names *nm, const char *w, size_t n) {
  if (nm->reserved) return n > 4 && !strncmp(w, "sc__", 4);
  char buf[128];
  if (n >= sizeof buf || !runtime_word(w, n)) return 0;
  memcpy(buf, w, n);
  buf[n] = '\0';
  const char *key = buf;
  return bsearch(&key, nm->v, nm->n, sizeof *nm->v, cmp_str) != NULL;
}

/* The first runtime name in text [s, e) scanned as words (a macro's body,
 * which tree-sitter keeps as raw text); returns its offset or (size_t)-1. */
static size_t scan_words(const Names *nm, const char *text, size_t s,
                         size_t e) {
  for (size_t i = s; i < e;) {
    if (!is_word_char(text[i])) {
      i++;
      continue;
    }
    size_t w = i;
    while (i < e && is_word_char(text[i])) i++;
    if (known(nm, text + w, i - w)) return w;
  }
  return (size_t)-1;
}

/* Whether the file includes the header itself (it then uses the runtime
 * directly; a clash would be the program's own error). */
static int includes_header(const SourceFile *f, TSNode n) {
  if (node_is(n, "preproc_include")) {
    TSNode p = node_field(n, "path");
    if (ts_node_is_null(p)) return 0;
    uint32_t ps = ts_node_start_byte(p), pe = ts_node_end_byte(p);
    for (uint32_t i = ps; i + 13 <= pe; i++)
      if (!memcmp(f->text + i, "sparsecc_rt.h", 13)) return 1;
    return 0;
  }
  uint32_t k = ts_node_child_count(n);
  for (uint32_t i = 0; i < k; i++)
    if (includes_header(f, ts_node_child(n, i))) return 1;
  return 0;
}

/* Depth-first, in file order: the offset of the first identifier that is
 * a runtime name, or (size_t)-1. */
static size_t walk(const Names *nm, const SourceFile *f, TSNode n) {
  const char *type = ts_node_type(n);
  uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
  if (!strcmp(type, "identifier") || !strcmp(type, "type_identifier"))
    return known(nm, f->text + s, e - s) ? s : (size_t)-1;
  if (!strcmp(type, "preproc_arg")) return scan_words(nm, f->text, s, e);
  if (!strcmp(type, "comment") || !strcmp(type, "string_literal") ||
      !strcmp(type, "char_literal") || !strcmp(type, "preproc_include"))
    return (size_t)-1;
  uint32_t k = ts_node_child_count(n);
  for (uint32_t i = 0; i < k; i++) {
    size_t at = walk(nm, f, ts_node_child(n, i));
    if (at != (size_t)-1) return at;
  }
  return (size_t)-1;
}

/* The name found at `at` ((size_t)-1: none, 0 returned) into *name and
 * *offset. */
static int found(const SourceFile *f, size_t at, Arena *a, const char **name,
                 size_t *offset) {
  if (at == (size_t)-1) return 0;
  size_t e = at;
  while (e < f->len && is_word_char(f->text[e])) e++;
  *name = arena_strndup(a, f->text + at, e - at);
  *offset = at;
  return 1;
}

int rtnames_find_reserved(const SourceFile *f, TSTree *tree, Arena *a,
                          const char **name, size_t *offset) {
  Names nm = {NULL, 0, 1};
  return found(f, walk(&nm, f, ts_tree_root_node(tree)), a, name, offset);
}

int rtnames_find_clash(const SourceFile *f, TSTree *tree,
                       const char *header_path, Arena *a, const char **name,
                       size_t *offset) {
  TSNode root = ts_tree_root_node(tree);
  if (includes_header(f, root)) return 0;
  Names nm = read_names(header_path, a);
  if (nm.n == 0) return 0;
  return found(f, walk(&nm, f, root), a, name, offset);
}
