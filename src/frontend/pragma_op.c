/* pragma_op.c — `_Pragma("sparse ...")` found and warned about; see
 * pragma_op.h. The raw text is scanned for the operator; the tree says
 * whether an occurrence is code, a macro definition, or neither (a
 * comment, a string, another directive's text). */
#include "frontend/pragma_op.h"

#include <string.h>

#include "base/ident.h"
#include "base/strbuf.h"
#include "frontend/cparse.h"
#include "frontend/tsnode.h"

/* Skips blanks, line ends and backslash-newlines from p. */
static size_t skip_space(const char *t, size_t len, size_t p) {
  while (p < len) {
    if (t[p] == ' ' || t[p] == '\t' || t[p] == '\r' || t[p] == '\n' ||
        t[p] == '\f' || t[p] == '\v')
      p++;
    else if (p + 1 < len && t[p] == '\\' && (t[p + 1] == '\n' || t[p + 1] == '\r'))
      p += 2;
    else
      break;
  }
  return p;
}

/* One occurrence: `_Pragma` at `at`, its string's contents [s, e) and the
 * end of the whole operator (after its ')', or after the string when the
 * ')' is missing). */
typedef struct Op {
  size_t at, s, e, end;
} Op;

/* Whether a sparse `_Pragma` starts at `at`; fills op. */
static int op_at(const char *t, size_t len, size_t at, Op *op) {
  if (len - at < 7 || memcmp(t + at, "_Pragma", 7) != 0) return 0;
  if ((at > 0 && ident_is_char(t[at - 1])) || (at + 7 < len && ident_is_char(t[at + 7])))
    return 0;
  size_t p = skip_space(t, len, at + 7);
  if (p >= len || t[p] != '(') return 0;
  p = skip_space(t, len, p + 1);
  if (p + 1 < len && t[p] == 'u' && t[p + 1] == '8')
    p += 2;
  else if (p < len && (t[p] == 'L' || t[p] == 'u' || t[p] == 'U'))
    p++;
  if (p >= len || t[p] != '"') return 0;
  size_t s = ++p;
  while (p < len && (t[p] == ' ' || t[p] == '\t')) p++;
  if (len - p < 6 || memcmp(t + p, "sparse", 6) != 0 ||
      (p + 6 < len && ident_is_char(t[p + 6])))
    return 0;
  while (p < len && t[p] != '"' && t[p] != '\n') p += t[p] == '\\' && p + 1 < len ? 2 : 1;
  op->at = at;
  op->s = s;
  op->e = p;
  op->end = p < len && t[p] == '"' ? p + 1 : p;
  size_t q = skip_space(t, len, op->end);
  if (q < len && t[q] == ')') op->end = q + 1;
  return 1;
}

int pragma_op_mentions(const char *text, size_t len) {
  Op op;
  for (const char *p = text, *end = text + len;
       p < end && (p = memchr(p, '_', (size_t)(end - p))) != NULL; p++)
    if (op_at(text, len, (size_t)(p - text), &op)) return 1;
  return 0;
}

/* The string's contents as the pragma they stand for: `\"` and `\\`
 * undone (C11 6.10.9), cut at 60 bytes. */
static void destringize(const char *t, const Op *op, StrBuf *out) {
  size_t n = 0;
  for (size_t p = op->s; p < op->e && n < 60; p++, n++) {
    if (t[p] == '\\' && p + 1 < op->e && (t[p + 1] == '"' || t[p + 1] == '\\')) p++;
    sb_append(out, t + p, 1);
  }
  if (n == 60 && op->s + n < op->e) sb_puts(out, " ...");
}

/* The macro whose definition holds node n (a preproc_arg), or NULL. */
static TSNode defining_macro(TSNode n) {
  TSNode d = ts_node_parent(n);
  if (node_is(d, "preproc_def") || node_is(d, "preproc_function_def"))
    return node_field(d, "name");
  TSNode null_node;
  memset(&null_node, 0, sizeof null_node);
  return null_node;
}

int pragma_op_warn(const SourceFile *f, TSTree *tree, Diags *d) {
  const char *t = f->text;
  size_t len = f->len;
  TSNode root = ts_tree_root_node(tree);
  int n = 0;
  Op op;
  for (size_t at = 0; at < len; at++) {
    const char *u = memchr(t + at, '_', len - at);
    if (!u) break;
    at = (size_t)(u - t);
    if (!op_at(t, len, at, &op)) continue;
    TSNode node = ts_node_descendant_for_byte_range(root, (uint32_t)at,
                                                    (uint32_t)at + 7);
    const char *type = ts_node_type(node);
    size_t tl = strlen(type);
    int code = tl >= 10 && !strcmp(type + tl - 10, "identifier") &&
               ts_node_start_byte(node) == at && ts_node_end_byte(node) == at + 7;
    TSNode macro = node_is(node, "preproc_arg") ? defining_macro(node) : node;
    if (!code && (!node_is(node, "preproc_arg") || ts_node_is_null(macro))) continue;
    if (cparse_in_dead_branch(f, node)) continue;
    StrBuf text = {0};
    destringize(t, &op, &text);
    if (code)
      diag_warning(d, f, span_make(op.at, op.end),
                   "'_Pragma' is not read by sparsecc, which applies '#pragma "
                   "sparse' lines only: this pragma is ignored; write '#pragma "
                   "%s' on a line of its own instead",
                   text.data ? text.data : "sparse");
    else
      diag_warning(d, f, span_make(op.at, op.end),
                   "'_Pragma' in the definition of macro '%.*s' is not read "
                   "by sparsecc, which reads the source before preprocessing "
                   "and applies '#pragma sparse' lines only: this pragma is "
                   "ignored; write '#pragma %s' on a line of its own where "
                   "'%.*s' is used",
                   (int)(ts_node_end_byte(macro) - ts_node_start_byte(macro)),
                   t + ts_node_start_byte(macro), text.data ? text.data : "sparse",
                   (int)(ts_node_end_byte(macro) - ts_node_start_byte(macro)),
                   t + ts_node_start_byte(macro));
    sb_free(&text);
    n++;
    at = op.end - 1;
  }
  return n;
}
