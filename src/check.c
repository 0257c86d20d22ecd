/* check.c — `--check` through libclang; see check.h. */
#include "check.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/ctypes.h"

/* The byte of the input a location of the output stands for: its
 * presumed place (the output's #line directives map what it copies back to
 * the input's lines) in the input, when that is the input itself (no #line
 * of its own moves it); the column held within the line. 0 when none. */
static int input_offset(const SourceFile *input, const char *name,
                        CXSourceLocation loc, size_t *at) {
  if (!input) return 0;
  CXString fname;
  unsigned line, col;
  clang_getPresumedLocation(loc, &fname, &line, &col);
  /* (the name parsed, where no #line of the output renames it: stdin.c) */
  int same = !strcmp(clang_getCString(fname), input->name) ||
             !strcmp(clang_getCString(fname), name);
  clang_disposeString(fname);
  unsigned presumed;
  if (!same || line == 0 ||
      strcmp(source_presumed_line(input, line, &presumed), input->name) ||
      presumed != line)
    return 0;
  size_t p = 0;
  for (unsigned l = 1; l < line; l++) {
    const char *nl = memchr(input->text + p, '\n', input->len - p);
    if (!nl) return 0;
    p = (size_t)(nl - input->text) + 1;
  }
  for (unsigned c = 1; c < col && p < input->len && input->text[p] != '\n' &&
                       input->text[p] != '\r';
       c++)
    p++;
  *at = p;
  return 1;
}

int check_output(const SourceFile *input, const char *name, const char *text,
                 size_t len, const char *const *args, int nargs,
                 const char *include_dir, Diags *diags) {
  static const char *const legacy[] = {CT_LEGACY_FLAGS};
  const char **all =
      malloc(((size_t)nargs + 3 + CT_NLEGACY_FLAGS) * sizeof *all);
  char *inc = malloc(strlen(include_dir) + 3);
  if (!all || !inc) {
    free(all);
    free(inc);
    diag_error(diags, NULL, span_make(0, 0), "--check: out of memory");
    return -1;
  }
  int n = 0;
  all[n++] = "-xc";
  for (int i = 0; i < CT_NLEGACY_FLAGS; i++) all[n++] = legacy[i];
  for (int i = 0; i < nargs; i++) all[n++] = args[i];
  sprintf(inc, "-I%s", include_dir);
  all[n++] = inc;
  CXIndex index = clang_createIndex(0, 0);
  struct CXUnsavedFile unsaved = {name, text, (unsigned long)len};
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_parseTranslationUnit2(
      index, name, all, n, &unsaved, 1, CXTranslationUnit_KeepGoing, &tu);
  int bad = 0;
  if (ec != CXError_Success || !tu) {
    diag_error(diags, NULL, span_make(0, 0),
               "--check: libclang could not parse the output (error %d)",
               (int)ec);
    bad = 1;
  } else {
    unsigned nd = clang_getNumDiagnostics(tu), shown = 0;
    for (unsigned i = 0; i < nd; i++) {
      CXDiagnostic d = clang_getDiagnostic(tu, i);
      if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
        bad++;
        if (shown++ < 10) {
          size_t at;
          if (input_offset(input, name, clang_getDiagnosticLocation(d),
                           &at)) {
            CXString s = clang_getDiagnosticSpelling(d);
            diag_error(diags, input, span_make(at, at),
                       "%s (--check: the output is not valid C)",
                       clang_getCString(s));
            clang_disposeString(s);
          } else {
            CXString s = clang_formatDiagnostic(
                d, CXDiagnostic_DisplaySourceLocation |
                       CXDiagnostic_DisplayColumn);
            diag_error(diags, NULL, span_make(0, 0),
                       "--check: the output is not valid C: %s",
                       clang_getCString(s));
            clang_disposeString(s);
          }
        }
      }
      clang_disposeDiagnostic(d);
    }
    clang_disposeTranslationUnit(tu);
  }
  clang_disposeIndex(index);
  free(all);
  free(inc);
  return bad ? -1 : 0;
}
