/* cparse.c — tree-sitter parse of the input and the `#pragma sparse`
 * finder; see cparse.h for the rule of which pragmas count.
 *
 * Finding pragmas does not walk the whole tree: a raw scan of the text
 * proposes every `#` that spells `# pragma sparse`, and the tree confirms
 * each one (the smallest node there must be inside a preproc_call whose
 * directive starts at that `#`; inside a comment or a string it is not). */
#include "frontend/cparse.h"

#include "base/cint.h"
#include "frontend/tsnode.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int spells_pragma_sparse(const char *t, size_t len, size_t p);

/* Whether the '#' at hash starts a preprocessor directive in the tree
 * (not a comment or a string), even when a comment broke the line into an
 * ERROR node. */
static int directive_at(TSNode root, uint32_t hash) {
  TSNode n = ts_node_descendant_for_byte_range(root, hash, hash + 1);
  return !ts_node_is_null(n) && ts_node_start_byte(n) == hash &&
         strcmp(ts_node_type(n), "preproc_directive") == 0;
}

/* Blanks the comments of the logical line starting at the '#' at off in
 * t (a copy of the text): every byte of a comment becomes a space except
 * the backslash-newlines, which keep continuing the line; a newline inside
 * a block comment becomes a space too, as the comment continues the
 * directive in C. Returns whether anything was blanked. */
static int blank_line_comments(char *t, size_t len, size_t off) {
  int any = 0;
  size_t p = off;
  while (p < len && t[p] != '\n') {
    if (t[p] == '\\' && p + 1 < len && (t[p + 1] == '\n' || t[p + 1] == '\r')) {
      p += t[p + 1] == '\r' && p + 2 < len && t[p + 2] == '\n' ? 3 : 2;
    } else if (t[p] == '"' || t[p] == '\'') {
      char q = t[p++];
      while (p < len && t[p] != q && t[p] != '\n')
        p += t[p] == '\\' && p + 1 < len ? 2 : 1;
      if (p < len && t[p] == q) p++;
    } else if (t[p] == '/' && p + 1 < len && t[p + 1] == '*') {
      size_t e = p + 2;
      while (e + 1 < len && !(t[e] == '*' && t[e + 1] == '/')) e++;
      e = e + 1 < len ? e + 2 : len;
      for (; p < e; p++) {
        if (t[p] == '\\' && p + 1 < e && t[p + 1] == '\n') {
          p++;
          continue;
        }
        t[p] = ' ';
      }
      any = 1;
    } else if (t[p] == '/' && p + 1 < len && t[p + 1] == '/') {
      for (; p < len && t[p] != '\n'; p++) {
        if (t[p] == '\\' && p + 1 < len && t[p + 1] == '\n') {
          p++;
          continue;
        }
        if (t[p] != '\r') t[p] = ' ';
      }
      any = 1;
    } else {
      p++;
    }
  }
  return any;
}

int cparse_file(const SourceFile *f, CParse *out) {
  memset(out, 0, sizeof *out);
  if (f->len > UINT32_MAX) return -1;
  out->parser = ts_parser_new();
  if (!out->parser) return -1;
  if (!ts_parser_set_language(out->parser, tree_sitter_c())) {
    cparse_free(out);
    return -1;
  }
  out->tree = ts_parser_parse_string(out->parser, NULL, f->text,
                                     (uint32_t)f->len);
  if (!out->tree) {
    cparse_free(out);
    return -1;
  }
  /* tree-sitter's C grammar ends a preprocessor line's argument at a
   * comment and parses the rest of the line as code, so a comment inside
   * a `#pragma sparse` (which the pragma language allows) would take the
   * following loop into a bogus statement. The file is parsed again from
   * a copy with those comments blanked, byte for byte, so every offset of
   * the tree still points into f->text. */
  char *copy = NULL;
  /* a few rounds: a pragma the broken parse hid shows up in the next */
  for (int round = 0; round < 4; round++) {
    TSNode root = ts_tree_root_node(out->tree);
    int blanked = 0;
    for (const char *p = f->text, *end = f->text + f->len;
         p < end && (p = memchr(p, '#', (size_t)(end - p))) != NULL; p++) {
      size_t off = (size_t)(p - f->text);
      if (!spells_pragma_sparse(f->text, f->len, off) ||
          !directive_at(root, (uint32_t)off))
        continue;
      if (!copy) {
        copy = malloc(f->len ? f->len : 1);
        if (!copy) break;
        memcpy(copy, f->text, f->len);
      }
      blanked |= blank_line_comments(copy, f->len, off);
    }
    if (!blanked) break;
    TSTree *again = ts_parser_parse_string(out->parser, NULL, copy, (uint32_t)f->len);
    if (!again) break;
    ts_tree_delete(out->tree);
    out->tree = again;
  }
  free(copy);
  return 0;
}

void cparse_free(CParse *c) {
  if (c->tree) ts_tree_delete(c->tree);
  if (c->parser) ts_parser_delete(c->parser);
  memset(c, 0, sizeof *c);
}

/* Skips spaces, tabs and backslash-newlines from p; returns the new p. */
static size_t skip_blank(const char *t, size_t len, size_t p, int *skipped) {
  size_t start = p;
  for (;;) {
    if (p < len && (t[p] == ' ' || t[p] == '\t'))
      p++;
    else if (p + 1 < len && t[p] == '\\' && t[p + 1] == '\n')
      p += 2;
    else if (p + 2 < len && t[p] == '\\' && t[p + 1] == '\r' &&
             t[p + 2] == '\n')
      p += 3;
    else
      break;
  }
  if (skipped) *skipped = p > start;
  return p;
}

static int is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

/* Does `# pragma sparse` start at the '#' at offset p? */
static int spells_pragma_sparse(const char *t, size_t len, size_t p) {
  int blank;
  p = skip_blank(t, len, p + 1, NULL);
  if (len - p < 6 || memcmp(t + p, "pragma", 6) != 0) return 0;
  p = skip_blank(t, len, p + 6, &blank);
  if (!blank || len - p < 6 || memcmp(t + p, "sparse", 6) != 0) return 0;
  return p + 6 == len || !is_ident_char(t[p + 6]);
}

int cparse_mentions_pragma_sparse(const char *text, size_t len) {
  return cparse_first_pragma_sparse(text, len) != (size_t)-1;
}

size_t cparse_first_pragma_sparse(const char *text, size_t len) {
  const char *p = text, *end = text + len;
  while (p < end && (p = memchr(p, '#', (size_t)(end - p))) != NULL) {
    if (spells_pragma_sparse(text, len, (size_t)(p - text))) return (size_t)(p - text);
    p++;
  }
  return (size_t)-1;
}

/* The value of an integer-literal condition: 0 or 1, or -1 when the
 * condition is anything else (not statically known here). */
static int literal_truth(const SourceFile *f, TSNode cond) {
  cond = strip_parens(cond);
  if (ts_node_is_null(cond) || strcmp(ts_node_type(cond), "number_literal"))
    return -1;
  uint32_t s = ts_node_start_byte(cond), e = ts_node_end_byte(cond);
  char buf[64];
  if (e <= s || e - s >= sizeof buf) return -1;
  memcpy(buf, f->text + s, e - s);
  buf[e - s] = '\0';
  const char *rest;
  long long v;
  if (!c_int_prefix(buf, &v, &rest) || *rest) return -1;
  return v != 0;
}

int cparse_in_dead_branch(const SourceFile *f, TSNode node) {
  TSNode child = node;
  for (TSNode a = ts_node_parent(node); !ts_node_is_null(a);
       child = a, a = ts_node_parent(a)) {
    const char *type = ts_node_type(a);
    if (strcmp(type, "preproc_if") != 0 && strcmp(type, "preproc_elif") != 0)
      continue;
    TSNode cond = ts_node_child_by_field_name(a, "condition", 9);
    TSNode alt = ts_node_child_by_field_name(a, "alternative", 11);
    if (!ts_node_is_null(cond) && ts_node_eq(child, cond)) continue;
    int truth = literal_truth(f, cond);
    if (truth < 0) continue;
    int in_alt = !ts_node_is_null(alt) && ts_node_eq(child, alt);
    if (in_alt ? truth == 1 : truth == 0) return 1;
  }
  return 0;
}

/* The preproc_call whose directive starts at offset hash, or a null node. */
static TSNode pragma_node_at(TSNode root, uint32_t hash) {
  TSNode n = ts_node_descendant_for_byte_range(root, hash, hash + 1);
  for (; !ts_node_is_null(n); n = ts_node_parent(n)) {
    if (strcmp(ts_node_type(n), "preproc_call") == 0) {
      TSNode dir = ts_node_child_by_field_name(n, "directive", 9);
      if (!ts_node_is_null(dir) && ts_node_start_byte(dir) == hash) return n;
      break;
    }
    if (ts_node_start_byte(n) < hash) break; /* a node spanning the '#' */
  }
  TSNode null_node;
  memset(&null_node, 0, sizeof null_node);
  return null_node;
}

size_t cparse_find_pragmas(const SourceFile *f, TSTree *tree, Arena *a,
                           PragmaSite **out) {
  ARRAY(PragmaSite) sites = {0};
  TSNode root = ts_tree_root_node(tree);
  const char *t = f->text, *p = t, *end = t + f->len;
  while (p < end && (p = memchr(p, '#', (size_t)(end - p))) != NULL) {
    size_t off = (size_t)(p - t);
    p++;
    if (!spells_pragma_sparse(t, f->len, off)) continue;
    TSNode n = pragma_node_at(root, (uint32_t)off);
    if (ts_node_is_null(n) || cparse_in_dead_branch(f, n)) continue;
    size_t e = ts_node_end_byte(n);
    if (e < f->len && (e == off || t[e - 1] != '\n')) {
      /* include the line's newline, as PragmaSite.span promises */
      const char *nl = memchr(t + e, '\n', f->len - e);
      e = nl ? (size_t)(nl - t) + 1 : f->len;
    }
    PragmaSite s;
    memset(&s, 0, sizeof s);
    s.node = n;
    s.span = span_make(off, e);
    ARRAY_PUSH(a, sites, s);
    p = t + e; /* continue after this pragma line */
  }
  *out = sites.data;
  return sites.len;
}
