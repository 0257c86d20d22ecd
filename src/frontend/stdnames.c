/* stdnames.c — declarations of the program that the standard headers the
 * output includes contradict; see stdnames.h. Three steps, the costly one
 * only when the cheap ones found something: the names the file declares
 * at file scope (tree-sitter), those among them the headers declare too
 * (libclang, the headers alone), then the file parsed after the headers:
 * an error at one of those declarations (or a macro defined again) that
 * the file parsed alone does not have is a clash. */
#include "frontend/stdnames.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <string.h>

#include "base/strbuf.h"
#include "frontend/ctypes.h"
#include "frontend/tsnode.h"


typedef struct Decl {
  size_t at, len;
  int candidate;   /* the headers declare the name too */
  const char *why; /* the message at it after the headers */
  int own;         /* a message at it without them too */
} Decl;

typedef struct Decls {
  Decl *v;
  size_t n, cap;
  Arena *a;
  const char *text;
  const char *const *headers; /* the headers the output would include */
  int nheaders;
} Decls;

static void add(Decls *d, TSNode id) {
  if (d->n == d->cap) {
    size_t nc = d->cap ? d->cap * 2 : 16;
    d->v = arena_grow(d->a, d->v, d->cap, nc, sizeof *d->v);
    d->cap = nc;
  }
  uint32_t s = ts_node_start_byte(id), e = ts_node_end_byte(id);
  d->v[d->n++] = (Decl){s, e - s, 0, NULL, 0};
}

/* The name a declarator declares: down its "declarator" fields (a
 * primitive type where tree-sitter knows the name as one: `typedef long
 * long int64_t;`). */
static void add_declarator(Decls *d, TSNode n) {
  while (!ts_node_is_null(n) && !node_is(n, "identifier") &&
         !node_is(n, "type_identifier") && !node_is(n, "primitive_type"))
    n = node_field(n, "declarator");
  if (!ts_node_is_null(n)) add(d, n);
}

/* A struct, union or enum with a body: its tag and its enumerators. */
static void add_type(Decls *d, TSNode t) {
  if (!node_is(t, "struct_specifier") && !node_is(t, "union_specifier") &&
      !node_is(t, "enum_specifier"))
    return;
  TSNode body = node_field(t, "body");
  if (ts_node_is_null(body)) return;
  TSNode name = node_field(t, "name");
  if (!ts_node_is_null(name)) add(d, name);
  if (!node_is(t, "enum_specifier")) return;
  uint32_t k = ts_node_named_child_count(body);
  for (uint32_t i = 0; i < k; i++) {
    TSNode e = ts_node_named_child(body, i);
    if (node_is(e, "enumerator")) add(d, node_field(e, "name"));
  }
}

/* The names declared at file scope under n (the translation unit, or a
 * preprocessor conditional at file scope). */
static void collect(Decls *d, TSNode n) {
  uint32_t k = ts_node_child_count(n);
  for (uint32_t i = 0; i < k; i++) {
    TSNode c = ts_node_child(n, i);
    const char *type = ts_node_type(c);
    if (!strcmp(type, "preproc_def") || !strcmp(type, "preproc_function_def")) {
      TSNode name = node_field(c, "name");
      if (!ts_node_is_null(name)) add(d, name);
    } else if (!strcmp(type, "declaration") ||
               !strcmp(type, "type_definition") ||
               !strcmp(type, "function_definition")) {
      add_type(d, node_field(c, "type"));
      /* (a cursor: ts_node_field_name_for_child of tree-sitter 0.20 names
       * the wrong child after a storage class) */
      TSTreeCursor cur = ts_tree_cursor_new(c);
      for (int more = ts_tree_cursor_goto_first_child(&cur); more;
           more = ts_tree_cursor_goto_next_sibling(&cur)) {
        const char *field = ts_tree_cursor_current_field_name(&cur);
        if (field && !strcmp(field, "declarator"))
          add_declarator(d, ts_tree_cursor_current_node(&cur));
      }
      ts_tree_cursor_delete(&cur);
    } else if (!strcmp(type, "enum_specifier") ||
               !strcmp(type, "struct_specifier") ||
               !strcmp(type, "union_specifier")) { /* `enum { ... };` */
      add_type(d, c);
    } else if (!strcmp(type, "preproc_if") || !strcmp(type, "preproc_ifdef") ||
               !strcmp(type, "preproc_else") || !strcmp(type, "preproc_elif") ||
               !strcmp(type, "preproc_elifdef")) {
      collect(d, c);
    }
  }
}

/* The parser's flags: the language, the legacy flags of every parse,
 * then `-include H` for each header of d when `with_headers`, then args. */
static const char **parse_args(const Decls *d, const char *const *args,
                               int nargs, int with_headers, int *argc) {
  static const char *const legacy[] = {CT_LEGACY_FLAGS};
  const char **v = arena_alloc(
      d->a, sizeof *v * (size_t)(nargs + 3 + CT_NLEGACY_FLAGS + 2 * d->nheaders));
  int n = 0;
  v[n++] = "-x";
  v[n++] = "c";
  v[n++] = "-Wno-unknown-pragmas";
  for (int i = 0; i < CT_NLEGACY_FLAGS; i++) v[n++] = legacy[i];
  for (int i = 0; with_headers && i < d->nheaders; i++) {
    v[n++] = "-include";
    v[n++] = d->headers[i];
  }
  for (int i = 0; i < nargs; i++) v[n++] = args[i];
  *argc = n;
  return v;
}

static enum CXChildVisitResult mark(CXCursor c, CXCursor parent, void *data) {
  (void)parent;
  Decls *d = data;
  if (clang_getCursorKind(c) == CXCursor_EnumDecl)
    clang_visitChildren(c, mark, d);
  CXString s = clang_getCursorSpelling(c);
  const char *name = clang_getCString(s);
  size_t len = name ? strlen(name) : 0;
  for (size_t i = 0; len && i < d->n; i++)
    if (d->v[i].len == len && !memcmp(d->text + d->v[i].at, name, len))
      d->v[i].candidate = 1;
  clang_disposeString(s);
  return CXChildVisit_Continue;
}

/* Marks the names the headers declare; the number marked (-1: libclang
 * could not parse the headers). */
static int mark_candidates(Decls *d, const char *const *args, int nargs,
                           CXIndex index) {
  StrBuf text = {0};
  for (int i = 0; i < d->nheaders; i++)
    sb_printf(&text, "#include <%s>\n", d->headers[i]);
  struct CXUnsavedFile unsaved = {"sparsecc-std.c", text.data ? text.data : "",
                                  (unsigned long)text.len};
  int argc;
  const char **argv = parse_args(d, args, nargs, 0, &argc);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err = clang_parseTranslationUnit2(
      index, unsaved.Filename, argv, argc, &unsaved, 1,
      CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  sb_free(&text);
  if (err != CXError_Success || !tu) return -1;
  clang_visitChildren(clang_getTranslationUnitCursor(tu), mark, d);
  clang_disposeTranslationUnit(tu);
  int n = 0;
  for (size_t i = 0; i < d->n; i++) n += d->v[i].candidate;
  return n;
}

/* An error, or the warning that a macro is defined again (a program's
 * `#define EOF (-1)` after <stdio.h>: the output would not compile
 * without warnings). */
static int clash_severity(CXDiagnostic diag) {
  if (clang_getDiagnosticSeverity(diag) >= CXDiagnostic_Error) return 1;
  if (clang_getDiagnosticSeverity(diag) < CXDiagnostic_Warning) return 0;
  CXString opt = clang_getDiagnosticOption(diag, NULL);
  int redefined = !strcmp(clang_getCString(opt), "-Wmacro-redefined");
  clang_disposeString(opt);
  return redefined;
}

/* The candidate declaration an error of the file after the headers stands
 * on (the same line), or NULL. */
static Decl *clash_at(const Decls *d, const SourceFile *f,
                            unsigned offset) {
  size_t ls = offset < f->len ? offset : f->len, le = ls;
  while (ls > 0 && f->text[ls - 1] != '\n') ls--;
  while (le < f->len && f->text[le] != '\n') le++;
  for (size_t i = 0; i < d->n; i++)
    if (d->v[i].candidate && d->v[i].at >= ls && d->v[i].at <= le)
      return &d->v[i];
  return NULL;
}

/* Parses f (after the headers when with_headers) and marks the candidate
 * declarations a clash_severity diagnostic stands on: hit (with the
 * message) after the headers, own without them (the program's own
 * message, no clash). */
static void scan(CXIndex index, const SourceFile *f, Decls *d,
                 const char *const *args, int nargs, int with_headers) {
  const char *fname = f->name;
  if (!fname || !strcmp(fname, "-") || !strcmp(fname, "<stdin>"))
    fname = "stdin.c";
  struct CXUnsavedFile unsaved = {fname, f->text, (unsigned long)f->len};
  int argc;
  const char **argv = parse_args(d, args, nargs, with_headers, &argc);
  CXTranslationUnit tu = NULL;
  if (clang_parseTranslationUnit2(index, fname, argv, argc, &unsaved, 1, 0,
                                  &tu) != CXError_Success ||
      !tu)
    return;
  CXFile main = clang_getFile(tu, fname);
  unsigned nd = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < nd && main; i++) {
    CXDiagnostic diag = clang_getDiagnostic(tu, i);
    CXFile file;
    unsigned off;
    clang_getFileLocation(clang_getDiagnosticLocation(diag), &file, NULL,
                          NULL, &off);
    Decl *at;
    if (clash_severity(diag) && file && clang_File_isEqual(file, main) &&
        (at = clash_at(d, f, off)) != NULL) {
      if (!with_headers) {
        at->own = 1;
      } else if (!at->why) {
        CXString msg = clang_getDiagnosticSpelling(diag);
        at->why = arena_strdup(d->a, clang_getCString(msg));
        clang_disposeString(msg);
      }
    }
    clang_disposeDiagnostic(diag);
  }
  clang_disposeTranslationUnit(tu);
}

int stdnames_find_clash(const SourceFile *f, TSTree *tree,
                        const char *const *headers, int nheaders,
                        const char *const *args, int nargs, Arena *a,
                        const char **name, size_t *offset, const char **why) {
  Decls d = {NULL, 0, 0, a, f->text, headers, nheaders};
  collect(&d, ts_tree_root_node(tree));
  if (d.n == 0) return 0;
  CXIndex index = clang_createIndex(0, 0);
  int found = 0, hits = 0;
  if (mark_candidates(&d, args, nargs, index) > 0) {
    scan(index, f, &d, args, nargs, 1);
    for (size_t i = 0; i < d.n; i++) hits += d.v[i].why != NULL;
    if (hits) scan(index, f, &d, args, nargs, 0);
  }
  for (size_t i = 0; i < d.n && !found; i++)
    if (d.v[i].why && !d.v[i].own) {
      *why = d.v[i].why;
      *name = arena_strndup(a, f->text + d.v[i].at, d.v[i].len);
      *offset = d.v[i].at;
      found = 1;
    }
  clang_disposeIndex(index);
  return found;
}
