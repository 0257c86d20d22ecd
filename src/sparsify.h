/* sparsify.h — the contract between the driver and the sparsifier.
 *
 * The driver (main.c) reads the input, parses it with tree-sitter, finds
 * every `#pragma sparse` line and parses it with the pragma module, then
 * calls sparsify_file(). The sparsifier attaches each pragma to what
 * follows it, models and lowers the kernels, and returns byte-range edits
 * against the ORIGINAL file. The driver applies the edits (emit/splice.c):
 * bytes outside edits are copied verbatim; no edits = byte-identical. */
#ifndef SC_SPARSIFY_H
#define SC_SPARSIFY_H

#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "options.h"
#include "pragma.h"

/* One `#pragma sparse` line of the file, parsed. */
typedef struct PragmaSite {
  Pragma pragma;     /* valid when ok */
  int ok;            /* parsed without error */
  TSNode node;       /* the preproc_call node of the pragma */
  Span span;         /* the pragma line(s), including a trailing newline */
} PragmaSite;

/* One replacement of original bytes [start, end) by text. Edits do not
 * overlap; an insertion has start == end. Edits at the same point apply in
 * the order added. line_after (nonzero): after the text, the splice copies the
 * rest of the original line the edit ends in and emits `#line N "file"`
 * naming the original line that follows, so later code maps back; N is
 * computed by the splice (line_after is the fallback at end of file). */
typedef struct Edit {
  size_t start, end;
  const char *text;
  unsigned line_after;
} Edit;

typedef struct Edits {
  Edit *data;
  size_t len, cap;
} Edits;

typedef struct SparsifyCtx {
  Arena *arena;
  const Options *opts;
  const SourceFile *file;
  TSTree *tree;            /* the tree-sitter C tree of file */
  const char *const *clang_args; /* the user's flags for libclang */
  int nclang_args;
  Diags *diags;
  StrBuf *report;          /* --report text (when opts->report) */
  StrBuf *dump;            /* --dump=ir|lattice text */
  PragmaSite *sites;       /* in file order */
  size_t nsites;
  PragmaFormats *formats;  /* user `format` definitions */
  const char *quiet_refusal; /* set by lowering instead of warning when
                               quiet_lowering is set (a nest that may be
                               split into inner nests) */
  int quiet_lowering;
  const char *split_why;   /* while the inner nests of a nest refused whole
                              are tried: why it was refused, and */
  Span split_where;        /* its `for`, for a note after their warnings */
  int need_runtime_include;/* bit 1: edits call the runtime; bit 2:
                             vector loops need intrinsics headers; bit 4:
                             workspaces need <stdlib.h> */
} SparsifyCtx;

/* After a "loop not sparsified" warning on a nest inside one refused
 * whole (ctx->split_why): a note at the enclosing nest saying why. */
void sparsify_note_split(SparsifyCtx *ctx);

/* Attaches pragmas, builds kernels, lowers them; appends edits. Reports
 * problems in ctx->diags (errors make the driver exit 1 without output).
 * Returns 0, or -1 when an error was reported. */
int sparsify_file(SparsifyCtx *ctx, Edits *edits);

#endif
