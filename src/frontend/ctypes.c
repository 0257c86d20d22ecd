/* ctypes.c — libclang behind ctypes.h: one parse of the file, a table of
 * every variable and parameter declaration with the byte range of the scope
 * it is visible in, and type analysis of one declaration on demand. Extents
 * are taken from the declarator as spelled (tree-sitter), so `double A[N]`
 * gives "N", and from clang's evaluated constant when the size comes from a
 * typedef or a header. */
#include "frontend/ctypes.h"

#include <clang-c/Index.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef struct CtRecord {
  const char *name;
  CXCursor cursor;
  int is_param, is_global, in_main_file;
  size_t name_offset;
  size_t scope_start, scope_end;
} CtRecord;

struct CTypes {
  Arena *arena;
  const SourceFile *file;
  TSTree *tree;
  CXIndex index;
  CXTranslationUnit tu;
  CXFile main;                  /* the input file */
  ARRAY(CtRecord) recs;
  ARRAY(Span) skipped;          /* inactive preprocessor branches */
  ARRAY(const char *) inlined;  /* functions the last ct_expr inlined
                                   and declared before its statement */
  size_t expr_stmt;             /* the statement of the last ct_expr */
};

typedef struct Scope {
  CTypes *ct;
  size_t start, end;
  int global;
  int in_function; /* inside a FunctionDecl (params are its scope) */
} Scope;

static char *cx_str(Arena *a, CXString s) {
  const char *c = clang_getCString(s);
  char *r = arena_strdup(a, c ? c : "");
  clang_disposeString(s);
  return r;
}

static size_t loc_offset(CXSourceLocation loc) {
  unsigned off = 0;
  clang_getFileLocation(loc, NULL, NULL, NULL, &off);
  return off;
}

static void extent_offsets(CXCursor c, size_t *start, size_t *end) {
  CXSourceRange r = clang_getCursorExtent(c);
  *start = loc_offset(clang_getRangeStart(r));
  *end = loc_offset(clang_getRangeEnd(r));
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data);

/* Whether loc is in the input file, also when it is a macro expansion
 * there (`DATA_TYPE A[N][N];` starts with a macro whose location libclang
 * may not count as the main file's). */
static int from_main(const CTypes *ct, CXSourceLocation loc) {
  if (clang_Location_isFromMainFile(loc))
    return 1;
  CXFile f = NULL;
  clang_getExpansionLocation(loc, &f, NULL, NULL, NULL);
  return f && ct->main && clang_File_isEqual(f, ct->main);
}

static void visit_children(CXCursor c, Scope *s) {
  clang_visitChildren(c, visit, s);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent,
                                     CXClientData data) {
  (void)parent;
  Scope *s = data;
  enum CXCursorKind k = clang_getCursorKind(c);
  CXSourceLocation loc = clang_getCursorLocation(c);
  int main_file = from_main(s->ct, loc);
  if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl) {
    if (main_file || s->global) {
      CtRecord r;
      memset(&r, 0, sizeof r);
      r.name = cx_str(s->ct->arena, clang_getCursorSpelling(c));
      r.cursor = c;
      r.is_param = k == CXCursor_ParmDecl;
      r.is_global = s->global;
      r.in_main_file = main_file;
      r.name_offset = main_file ? loc_offset(loc) : 0;
      r.scope_start = s->start;
      r.scope_end = s->end;
      if (r.name[0] && !(r.is_param && !s->in_function))
        ARRAY_PUSH(s->ct->arena, s->ct->recs, r);
    }
    /* initializers may hold statement expressions; not needed */
    return CXChildVisit_Continue;
  }
  if (!main_file && !s->global)
    return CXChildVisit_Continue;
  if (k == CXCursor_FunctionDecl || k == CXCursor_CompoundStmt ||
      k == CXCursor_ForStmt) {
    if (!main_file)
      return CXChildVisit_Continue; /* functions in headers: nothing to see */
    Scope inner = *s;
    inner.global = 0;
    inner.in_function = 1;
    extent_offsets(c, &inner.start, &inner.end);
    visit_children(c, &inner);
    return CXChildVisit_Continue;
  }
  return CXChildVisit_Recurse;
}

CTypes *ct_open(const SourceFile *file, TSTree *tree, const char *const *args,
                int nargs, Arena *arena, const char **why) {
  *why = NULL;
  const char *fname = file->name;
  if (!fname || !strcmp(fname, "-") || !strcmp(fname, "<stdin>"))
    fname = "stdin.c";
  static const char *const legacy[] = {CT_LEGACY_FLAGS};
  const char **argv = arena_alloc(
      arena, sizeof(char *) * (size_t)(nargs + 4 + CT_NLEGACY_FLAGS));
  int argc = 0;
  argv[argc++] = "-x";
  argv[argc++] = "c";
  argv[argc++] = "-Wno-unknown-pragmas";
  for (int i = 0; i < CT_NLEGACY_FLAGS; i++)
    argv[argc++] = legacy[i];
  int first_user = argc;
  for (int i = 0; i < nargs; i++)
    argv[argc++] = args[i];

  struct CXUnsavedFile unsaved;
  unsaved.Filename = fname;
  unsaved.Contents = file->text;
  unsaved.Length = (unsigned long)file->len;

  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode err = clang_parseTranslationUnit2(
      index, fname, argv, argc, &unsaved, 1,
      CXTranslationUnit_DetailedPreprocessingRecord, &tu);
  if (err != CXError_Success || !tu) {
    /* no diagnostics to show: the flags are what libclang refused (an
     * unknown -std=, a second source file after '--') */
    char flags[256] = "";
    size_t used = 0;
    for (int i = first_user; i < argc && used + 1 < sizeof flags; i++) {
      int w = snprintf(flags + used, sizeof flags - used, "%s%s",
                       i > first_user ? " " : "", argv[i]);
      if (w < 0) break;
      used += (size_t)w;
    }
    if (used >= sizeof flags) strcpy(flags + sizeof flags - 4, "...");
    *why = argc > first_user
               ? arena_printf(arena,
                              "libclang could not parse the file with the "
                              "parser flags '%s' (error %d: a flag it does "
                              "not accept, or a second source file?)",
                              flags, (int)err)
               : arena_printf(arena,
                              "libclang could not parse the file (error %d)",
                              (int)err);
    clang_disposeIndex(index);
    return NULL;
  }
  unsigned nd = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < nd; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);
    if (sev >= CXDiagnostic_Error) {
      CXString msg = clang_formatDiagnostic(
          d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
      *why = arena_printf(arena, "libclang could not parse the file: %s",
                          clang_getCString(msg));
      clang_disposeString(msg);
      clang_disposeDiagnostic(d);
      clang_disposeTranslationUnit(tu);
      clang_disposeIndex(index);
      return NULL;
    }
    clang_disposeDiagnostic(d);
  }

  CTypes *ct = arena_alloc(arena, sizeof *ct);
  ct->arena = arena;
  ct->file = file;
  ct->tree = tree;
  ct->index = index;
  ct->tu = tu;
  ct->main = clang_getFile(tu, fname);
  Scope top = {ct, 0, SIZE_MAX, 1, 0};
  visit_children(clang_getTranslationUnitCursor(tu), &top);
  CXFile cf = clang_getFile(tu, fname);
  CXSourceRangeList *sk = cf ? clang_getSkippedRanges(tu, cf) : NULL;
  for (unsigned i = 0; sk && i < sk->count; i++) {
    unsigned so = 0, eo = 0;
    clang_getFileLocation(clang_getRangeStart(sk->ranges[i]), NULL, NULL, NULL,
                          &so);
    clang_getFileLocation(clang_getRangeEnd(sk->ranges[i]), NULL, NULL, NULL,
                          &eo);
    ARRAY_PUSH(arena, ct->skipped, span_make(so, eo));
  }
  if (sk) clang_disposeSourceRangeList(sk);
  return ct;
}

int ct_inactive(const CTypes *ct, size_t offset) {
  for (size_t i = 0; i < ct->skipped.len; i++)
    if (ct->skipped.data[i].start <= offset && offset < ct->skipped.data[i].end)
      return 1;
  return 0;
}

void ct_close(CTypes *ct) {
  if (!ct)
    return;
  clang_disposeTranslationUnit(ct->tu);
  clang_disposeIndex(ct->index);
  ct->tu = NULL;
  ct->index = NULL;
}

/* ---- type analysis ---------------------------------------------------- */

static const char *strip_quals(Arena *a, const char *s) {
  for (;;) {
    if (!strncmp(s, "const ", 6))
      s += 6;
    else if (!strncmp(s, "volatile ", 9))
      s += 9;
    else if (!strncmp(s, "restrict ", 9))
      s += 9;
    else
      break;
  }
  size_t n = strlen(s);
  while (n > 6 && !strcmp(s + n - 6, " const"))
    n -= 6;
  return arena_strndup(a, s, n);
}

/* Classifies an arithmetic type: float, double, and every integer type
 * by its width and signedness (plain char as the target has it); _Bool,
 * long double and the 128-bit integers have no element type. */
static int elem_of(CXType t, IrElemType *out) {
  CXType c = clang_getCanonicalType(t);
  long long size = clang_Type_getSizeOf(c);
  int uns;
  switch (c.kind) {
  case CXType_Double:
    *out = IR_F64;
    return 1;
  case CXType_Float:
    *out = IR_F32;
    return 1;
  case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
  case CXType_Long: case CXType_LongLong:
    uns = 0;
    break;
  case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt:
  case CXType_ULong: case CXType_ULongLong:
    uns = 1;
    break;
  default:
    return 0;
  }
  switch (size) {
  case 1: *out = uns ? IR_U8 : IR_I8; return 1;
  case 2: *out = uns ? IR_U16 : IR_I16; return 1;
  case 4: *out = uns ? IR_U32 : IR_I32; return 1;
  case 8: *out = uns ? IR_U64 : IR_I64; return 1;
  default: return 0;
  }
}

/* The size texts of the declarator chain of the name at `off`, outermost
 * dimension first; NULL entries for pointer levels and `[]`. Returns the
 * number of levels found. */
static int declarator_extents(CTypes *ct, size_t off, size_t len,
                              const char **out) {
  if (!ct->tree)
    return 0;
  TSNode root = ts_tree_root_node(ct->tree);
  TSNode n = ts_node_descendant_for_byte_range(root, (uint32_t)off,
                                               (uint32_t)(off + len));
  if (ts_node_is_null(n) || (strcmp(ts_node_type(n), "identifier") &&
                             strcmp(ts_node_type(n), "field_identifier")))
    return 0;
  int k = 0;
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p) && k < SC_MAX_RANK;
       p = ts_node_parent(p)) {
    const char *ty = ts_node_type(p);
    if (!strcmp(ty, "array_declarator")) {
      TSNode sz = ts_node_child_by_field_name(p, "size", 4);
      out[k++] = ts_node_is_null(sz)
                     ? NULL
                     : arena_strndup(ct->arena, ct->file->text + ts_node_start_byte(sz),
                                     ts_node_end_byte(sz) - ts_node_start_byte(sz));
    } else if (!strcmp(ty, "pointer_declarator")) {
      out[k++] = NULL;
    } else if (!strcmp(ty, "parenthesized_declarator") ||
               !strcmp(ty, "attributed_declarator")) {
      continue;
    } else {
      break;
    }
  }
  return k;
}

/* The bracketed bounds of a type's spelling (`double[m][n + 1]`, `double
 * (*)[n]`), outermost first; 0 when the spelling has another shape. */
static int type_extents(CTypes *ct, const char *t, const char *out[SC_MAX_RANK]) {
  int n = 0;
  const char *p = strchr(t, '[');
  while (p && *p == '[') {
    int depth = 0;
    const char *q = p;
    for (; *q; q++) {
      if (*q == '[' || *q == '(')
        depth++;
      else if ((*q == ']' || *q == ')') && --depth == 0)
        break;
    }
    if (*q != ']' || n == SC_MAX_RANK)
      return 0;
    out[n++] = q > p + 1 ? arena_strndup(ct->arena, p + 1, (size_t)(q - p - 1)) : NULL;
    p = q + 1;
  }
  return p && *p ? 0 : n;
}

/* Type analysis of `t`, the type of a declaration (or struct member)
 * named `name` at byte name_offset of the file when in_main_file. */
static void analyse_type(CTypes *ct, CXType t, int is_param, int in_main_file,
                         size_t name_offset, const char *name, CtDecl *d) {
  d->type_text = cx_str(ct->arena, clang_getTypeSpelling(t));
  char lv[SC_MAX_RANK + 1];
  long long csize[SC_MAX_RANK];
  int rank = 0;
  for (;;) {
    CXType c = clang_getCanonicalType(t);
    int is_arr = c.kind == CXType_ConstantArray ||
                 c.kind == CXType_IncompleteArray ||
                 c.kind == CXType_VariableArray ||
                 c.kind == CXType_DependentSizedArray;
    int is_ptr = c.kind == CXType_Pointer;
    if (!is_arr && !is_ptr)
      break;
    if (rank == SC_MAX_RANK) {
      d->kind = CT_OTHER;
      return;
    }
    lv[rank] = is_arr ? 'A' : 'P';
    csize[rank] = c.kind == CXType_ConstantArray ? clang_getArraySize(c) : -1;
    rank++;
    CXType next = is_arr ? clang_getArrayElementType(t) : clang_getPointeeType(t);
    if (next.kind == CXType_Invalid)
      next = is_arr ? clang_getArrayElementType(c) : clang_getPointeeType(c);
    t = next;
  }
  lv[rank] = 0;
  if (is_param && rank > 0)
    lv[0] = 'P'; /* a parameter `T A[][M]` or `T A[n]` is a pointer */
  d->elem_ok = elem_of(t, &d->elem);
  if (!d->elem_ok && rank > 0 && clang_getCanonicalType(t).kind == CXType_Bool) {
    /* stored as uint8_t values, which a _Bool only ever holds as 0 or 1 */
    d->elem_ok = d->is_bool = 1;
    d->elem = IR_U8;
  }
  d->elem_ctype = strip_quals(ct->arena, cx_str(ct->arena, clang_getTypeSpelling(t)));
  if (rank == 0) {
    CXType c = clang_getCanonicalType(t);
    d->kind = (d->elem_ok || (c.kind >= CXType_FirstBuiltin &&
                              c.kind <= CXType_LastBuiltin))
                  ? CT_SCALAR
                  : CT_OTHER;
    return;
  }
  d->kind = CT_ARRAY;
  d->rank = rank;
  int only_a = 1, ptr_then_a = lv[0] == 'P', ptrs_after_first = 1;
  for (int i = 0; i < rank; i++) {
    if (lv[i] != 'A')
      only_a = 0;
    if (i > 0 && lv[i] != 'A')
      ptr_then_a = 0;
    if (i > 0 && lv[i] != 'P')
      ptrs_after_first = 0;
  }
  if (only_a)
    d->layout = rank == 1 ? IR_LAYOUT_ARRAY : IR_LAYOUT_ARRAY;
  else if (rank == 1)
    d->layout = IR_LAYOUT_FLAT;
  else if (ptr_then_a)
    d->layout = IR_LAYOUT_PTR_TO_ARRAY;
  else if (ptrs_after_first)
    d->layout = IR_LAYOUT_ROW_PTRS;
  else {
    d->kind = CT_OTHER;
    return;
  }
  const char *spelled[SC_MAX_RANK] = {0};
  int ns = in_main_file
               ? declarator_extents(ct, name_offset, strlen(name), spelled)
               : 0;
  /* a declarator the file spells through a macro (PolyBench's
   * `DATA_TYPE POLYBENCH_2D(A, M, N, m, n)`): the bounds of variable
   * arrays come from the type clang gives it (`double[m][n]`) */
  const char *typed[SC_MAX_RANK] = {0};
  int nt = type_extents(ct, d->type_text, typed);
  int shift = nt == rank ? 0 : nt == rank - 1 && lv[0] == 'P' ? 1 : -1;
  for (int i = 0; i < rank; i++) {
    d->cextent[i] = csize[i];
    if (i < ns && spelled[i] && spelled[i][0])
      d->extent[i] = spelled[i];
    else if (csize[i] >= 0)
      d->extent[i] = arena_printf(ct->arena, "%lld", csize[i]);
    else if (ns == 0 && shift >= 0 && i >= shift && typed[i - shift])
      d->extent[i] = typed[i - shift];
    else
      d->extent[i] = NULL;
  }
}

static void analyse(CTypes *ct, const CtRecord *r, CtDecl *d) {
  analyse_type(ct, clang_getCursorType(r->cursor), r->is_param, r->in_main_file,
               r->name_offset, r->name, d);
}

/* The declaration's whole extent, widened to the statement holding it. */
static Span decl_span(CTypes *ct, const CtRecord *r) {
  if (!r->in_main_file)
    return span_make(0, 0);
  size_t s, e;
  extent_offsets(r->cursor, &s, &e);
  if (e > ct->file->len || s > e)
    return span_make(r->name_offset, r->name_offset + strlen(r->name));
  return span_make(s, e);
}

int ct_lookup(CTypes *ct, const char *name, size_t offset, CtDecl *out) {
  const CtRecord *best = NULL;
  for (size_t i = 0; i < ct->recs.len; i++) {
    const CtRecord *r = &ct->recs.data[i];
    if (strcmp(r->name, name))
      continue;
    if (offset < r->scope_start || offset >= r->scope_end)
      continue;
    if (r->in_main_file && r->name_offset > offset)
      continue;
    if (!best || (r->in_main_file && (!best->in_main_file ||
                                      r->name_offset >= best->name_offset)))
      best = r;
  }
  if (!best)
    return 0;
  memset(out, 0, sizeof *out);
  out->name = best->name;
  out->is_param = best->is_param;
  out->is_global = best->is_global;
  out->in_main_file = best->in_main_file;
  out->name_offset = best->name_offset;
  out->canon_offset = best->name_offset;
  if (best->is_global && best->in_main_file) {
    /* a global declared more than once (`extern double A[N][N];`, then its
     * definition) is one object: named by its first declaration's offset (canon_offset) */
    CXCursor canon = clang_getCanonicalCursor(best->cursor);
    for (size_t i = 0; i < ct->recs.len; i++) {
      const CtRecord *r = &ct->recs.data[i];
      if (r->is_global && r->in_main_file && r->name_offset < out->canon_offset &&
          clang_equalCursors(clang_getCanonicalCursor(r->cursor), canon))
        out->canon_offset = r->name_offset;
      if (r->is_global && !r->in_main_file && !out->header &&
          clang_equalCursors(clang_getCanonicalCursor(r->cursor), canon)) {
        CXFile f = NULL;
        clang_getSpellingLocation(clang_getCursorLocation(r->cursor), &f, NULL, NULL, NULL);
        out->header = f ? cx_str(ct->arena, clang_getFileName(f)) : "an included file";
      }
    }
  }
  out->decl_span = decl_span(ct, best);
  analyse(ct, best, out);
  return 1;
}

size_t ct_visible_names(CTypes *ct, size_t offset, int arrays, size_t lo,
                        size_t hi, const char ***out) {
  const char **names = arena_alloc(ct->arena, (ct->recs.len + 1) * sizeof *names);
  size_t n = 0;
  for (size_t i = 0; i < ct->recs.len; i++) {
    const CtRecord *r = &ct->recs.data[i];
    if (offset < r->scope_start || offset >= r->scope_end ||
        (r->in_main_file && r->name_offset > offset) ||
        (lo < hi && (!r->in_main_file || r->name_offset < lo || r->name_offset >= hi)) ||
        clang_Location_isInSystemHeader(clang_getCursorLocation(r->cursor)))
      continue;
    if (arrays) {
      enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(r->cursor)).kind;
      if (k != CXType_ConstantArray && k != CXType_IncompleteArray &&
          k != CXType_VariableArray && k != CXType_Pointer)
        continue;
    }
    size_t k = 0;
    while (k < n && strcmp(names[k], r->name))
      k++;
    if (k == n)
      names[n++] = r->name;
  }
  *out = names;
  return n;
}

int ct_member(CTypes *ct, size_t offset, CtDecl *out) {
  if (!ct->main)
    return 0;
  CXSourceLocation loc = clang_getLocationForOffset(ct->tu, ct->main, (unsigned)offset);
  CXCursor c = clang_getCursor(ct->tu, loc);
  if (clang_getCursorKind(c) != CXCursor_MemberRefExpr)
    return 0;
  CXCursor f = clang_getCursorReferenced(c);
  if (clang_getCursorKind(f) != CXCursor_FieldDecl)
    return 0;
  memset(out, 0, sizeof *out);
  out->name = cx_str(ct->arena, clang_getCursorSpelling(f));
  CXSourceLocation floc = clang_getCursorLocation(f);
  out->in_main_file = from_main(ct, floc);
  out->name_offset = out->in_main_file ? loc_offset(floc) : 0;
  out->canon_offset = out->name_offset;
  out->in_union = clang_getCursorKind(clang_getCursorSemanticParent(f)) ==
                  CXCursor_UnionDecl;
  out->bit_field = clang_Cursor_isBitField(f) != 0;
  analyse_type(ct, clang_getCursorType(c), 0, out->in_main_file,
               out->name_offset, out->name, out);
  return 1;
}

static enum CXChildVisitResult last_child(CXCursor c, CXCursor parent,
                                          CXClientData data) {
  (void)parent;
  *(CXCursor *)data = c;
  return CXChildVisit_Continue;
}

int ct_compound_rhs(CTypes *ct, size_t op_offset, IrElemType *out) {
  if (!ct->main)
    return 0;
  CXSourceLocation loc =
      clang_getLocationForOffset(ct->tu, ct->main, (unsigned)op_offset);
  CXCursor c = clang_getCursor(ct->tu, loc);
  if (clang_getCursorKind(c) != CXCursor_CompoundAssignOperator)
    return 0;
  CXCursor rhs = clang_getNullCursor();
  clang_visitChildren(c, last_child, &rhs);
  if (clang_Cursor_isNull(rhs))
    return 0;
  return elem_of(clang_getCursorType(rhs), out);
}

/* ---- expressions after macro expansion (ct_expr) ------------------------ */

typedef struct ExprFind {
  size_t start, end;
  CXCursor found;
} ExprFind;

static enum CXChildVisitResult find_expr(CXCursor c, CXCursor parent,
                                         CXClientData data) {
  (void)parent;
  ExprFind *f = data;
  size_t s, e;
  extent_offsets(c, &s, &e);
  if (clang_isExpression(clang_getCursorKind(c)) && s == f->start && e == f->end) {
    f->found = c; /* the outermost one spanning the bytes */
    return CXChildVisit_Break;
  }
  if (s <= f->start && e >= f->end)
    return CXChildVisit_Recurse;
  return CXChildVisit_Continue;
}

typedef struct Kids {
  CXCursor k[4];
  int n;
} Kids;

static enum CXChildVisitResult collect_kid(CXCursor c, CXCursor parent,
                                           CXClientData data) {
  (void)parent;
  Kids *k = data;
  if (k->n < 4) k->k[k->n] = c;
  k->n++;
  return CXChildVisit_Continue;
}

static Kids kids_of(CXCursor c) {
  Kids k = {.n = 0};
  clang_visitChildren(c, collect_kid, &k);
  return k;
}

/* An inlined function's parameters bound to the caller's arguments. */
typedef struct Subst {
  CXCursor fn;
  const CtExpr *arg[3];
  int narg;
  const struct Subst *outer;
} Subst;

static const CtExpr *ctx_of(CTypes *ct, CXCursor c, const Subst *sub, int depth);

static CtExpr *ctx_new(CTypes *ct, CtExprKind k) {
  CtExpr *e = arena_alloc(ct->arena, sizeof *e);
  memset(e, 0, sizeof *e);
  e->kind = k;
  return e;
}

/* A signed integer type: a band bound computed in an unsigned type may
 * wrap (`i - BW` below zero), which the clamped walk would not follow. */
static int integer_type(CXType t) {
  t = clang_getCanonicalType(t);
  return t.kind >= CXType_Char_S && t.kind <= CXType_Int128 &&
         t.kind != CXType_WChar;
}

/* `f(args)` of a function of the file whose body is `{ return e; }`. */
static const CtExpr *inline_call(CTypes *ct, CXCursor call, const Subst *sub,
                                 int depth) {
  Kids k = kids_of(call);
  if (k.n < 1 || k.n > 4 || depth > 8)
    return NULL;
  CXCursor callee = clang_getCursorReferenced(call);
  CXCursor def = clang_getCursorDefinition(callee);
  if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl ||
      !from_main(ct, clang_getCursorLocation(def)) ||
      !integer_type(clang_getResultType(clang_getCursorType(def))))
    return NULL;
  int np = clang_Cursor_getNumArguments(def);
  if (np != k.n - 1 || np > 3)
    return NULL;
  Subst s = {.fn = def, .narg = np, .outer = sub};
  for (int i = 0; i < np; i++) {
    CXCursor p = clang_Cursor_getArgument(def, (unsigned)i);
    if (!integer_type(clang_getCursorType(p)))
      return NULL;
    s.arg[i] = ctx_of(ct, k.k[i + 1], sub, depth + 1);
    if (!s.arg[i])
      return NULL;
  }
  Kids fk = kids_of(def); /* the parameters, then the body */
  if (fk.n != np + 1 || clang_getCursorKind(fk.k[np]) != CXCursor_CompoundStmt)
    return NULL;
  CXCursor body = fk.k[np];
  Kids bk = kids_of(body);
  if (bk.n != 1 || clang_getCursorKind(bk.k[0]) != CXCursor_ReturnStmt)
    return NULL;
  Kids rk = kids_of(bk.k[0]);
  if (rk.n != 1)
    return NULL;
  const CtExpr *e = ctx_of(ct, rk.k[0], &s, depth + 1);
  /* named after the nest only where a declaration precedes it (one only
   * implied by the call, in legacy C, would leave the name undeclared) */
  CXCursor first = clang_getCanonicalCursor(callee);
  CXSourceLocation at = clang_getCursorLocation(first);
  if (e && !clang_Cursor_isNull(first) && !clang_Cursor_isNull(callee) &&
      (!from_main(ct, at) || loc_offset(at) < ct->expr_stmt)) {
    const char *name = cx_str(ct->arena, clang_getCursorSpelling(def));
    size_t i = 0;
    while (i < ct->inlined.len && strcmp(ct->inlined.data[i], name)) i++;
    if (i == ct->inlined.len) ARRAY_PUSH(ct->arena, ct->inlined, name);
  }
  return e;
}

static const CtExpr *ctx_of(CTypes *ct, CXCursor c, const Subst *sub, int depth) {
  /* every value signed: `i - 5u` wraps where the bound's form would not */
  if (depth > 64 || !integer_type(clang_getCursorType(c)))
    return NULL;
  enum CXCursorKind kind = clang_getCursorKind(c);
  Kids k = kids_of(c);
  CtExpr *e;
  switch (kind) {
  case CXCursor_ParenExpr:
  case CXCursor_UnexposedExpr: /* implicit conversions */
    if (k.n != 1)
      break;
    return ctx_of(ct, k.k[0], sub, depth + 1);
  case CXCursor_IntegerLiteral: {
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r)
      break;
    e = NULL;
    if (clang_EvalResult_getKind(r) == CXEval_Int) {
      e = ctx_new(ct, CTX_INT);
      e->value = clang_EvalResult_getAsLongLong(r);
    }
    clang_EvalResult_dispose(r);
    return e;
  }
  case CXCursor_DeclRefExpr: {
    CXCursor d = clang_getCursorReferenced(c);
    if (clang_getCursorKind(d) == CXCursor_EnumConstantDecl) {
      e = ctx_new(ct, CTX_INT);
      e->value = clang_getEnumConstantDeclValue(d);
      return e;
    }
    if (clang_getCursorKind(d) == CXCursor_ParmDecl)
      for (const Subst *s = sub; s; s = s->outer)
        for (int i = 0; i < s->narg; i++)
          if (clang_equalCursors(clang_Cursor_getArgument(s->fn, (unsigned)i), d))
            return s->arg[i];
    if (clang_getCursorKind(d) != CXCursor_VarDecl &&
        clang_getCursorKind(d) != CXCursor_ParmDecl)
      break;
    if (sub) /* an inlined function's own local or a global it reads */
      return NULL;
    e = ctx_new(ct, CTX_NAME);
    e->name = cx_str(ct->arena, clang_getCursorSpelling(c));
    return e;
  }
  case CXCursor_UnaryOperator:
    if (k.n != 1 || clang_getCursorUnaryOperatorKind(c) != CXUnaryOperator_Minus)
      break;
    e = ctx_new(ct, CTX_NEG);
    e->a = ctx_of(ct, k.k[0], sub, depth + 1);
    return e->a ? e : NULL;
  case CXCursor_BinaryOperator: {
    static const struct { enum CXBinaryOperatorKind k; const char *op; } ops[] = {
        {CXBinaryOperator_Add, "+"}, {CXBinaryOperator_Sub, "-"},
        {CXBinaryOperator_Mul, "*"}, {CXBinaryOperator_LT, "<"},
        {CXBinaryOperator_LE, "<="}, {CXBinaryOperator_GT, ">"},
        {CXBinaryOperator_GE, ">="}};
    enum CXBinaryOperatorKind bk = clang_getCursorBinaryOperatorKind(c);
    if (k.n != 2)
      break;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
      if (ops[i].k == bk) {
        e = ctx_new(ct, CTX_BIN);
        e->op = ops[i].op;
        e->a = ctx_of(ct, k.k[0], sub, depth + 1);
        e->b = ctx_of(ct, k.k[1], sub, depth + 1);
        return e->a && e->b ? e : NULL;
      }
    break;
  }
  case CXCursor_ConditionalOperator:
    if (k.n != 3)
      break;
    e = ctx_new(ct, CTX_COND);
    e->a = ctx_of(ct, k.k[0], sub, depth + 1);
    e->b = ctx_of(ct, k.k[1], sub, depth + 1);
    e->c = ctx_of(ct, k.k[2], sub, depth + 1);
    return e->a && e->b && e->c ? e : NULL;
  case CXCursor_CallExpr:
    return inline_call(ct, c, sub, depth + 1);
  default:
    break;
  }
  return NULL;
}

const CtExpr *ct_expr(CTypes *ct, size_t stmt, size_t start, size_t end) {
  ct->inlined.len = 0;
  ct->expr_stmt = stmt;
  if (!ct->main)
    return NULL;
  CXSourceLocation loc = clang_getLocationForOffset(ct->tu, ct->main, (unsigned)stmt);
  CXCursor s = clang_getCursor(ct->tu, loc);
  if (clang_getCursorKind(s) != CXCursor_ForStmt)
    return NULL;
  ExprFind f = {.start = start, .end = end, .found = clang_getNullCursor()};
  clang_visitChildren(s, find_expr, &f);
  if (clang_Cursor_isNull(f.found))
    return NULL;
  /* the bound's own value, not its conversion to the loop variable's type
   * (the caller judges that type) */
  CXCursor c = f.found;
  for (Kids k = kids_of(c); clang_getCursorKind(c) == CXCursor_UnexposedExpr &&
                            k.n == 1; k = kids_of(c))
    c = k.k[0];
  return ctx_of(ct, c, NULL, 0);
}

size_t ct_expr_inlined(const CTypes *ct, const char *const **names) {
  *names = ct->inlined.data;
  return ct->inlined.len;
}

int ct_elem_spelling(IrElemType e, const char *t, int squeezed) {
  static const char *const names[][9] = {
      [IR_F64] = {"double"},
      [IR_F32] = {"float"},
      [IR_I64] = {"long", "long int", "long long", "long long int", "int64_t"},
      [IR_I32] = {"int", "signed", "signed int", "int32_t"},
      [IR_U64] = {"unsigned long", "unsigned long int", "unsigned long long",
                  "unsigned long long int", "uint64_t", "size_t"},
      [IR_U32] = {"unsigned", "unsigned int", "uint32_t"},
      [IR_I16] = {"short", "short int", "signed short", "int16_t"},
      [IR_U16] = {"unsigned short", "unsigned short int", "uint16_t"},
      [IR_I8] = {"signed char", "int8_t"},
      [IR_U8] = {"unsigned char", "uint8_t"}};
  for (const char *const *v = names[e]; *v; v++) {
    const char *a = *v, *b = t;
    for (;; a++, b++) {
      if (squeezed && *a == ' ')
        a++;
      if (*a != *b || !*a)
        break;
    }
    if (!*a && !*b)
      return 1;
  }
  return 0;
}
