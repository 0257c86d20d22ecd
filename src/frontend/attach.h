/* attach.h — pairs each `#pragma sparse` line with what follows it in the
 * tree-sitter tree (SPEC §4): a loop nest (case 3), a declaration (case 1)
 * or a function definition (case 2). Consecutive pragma lines before one
 * target form one group (`encoding` lines add their bindings, a
 * `vectorize`/`novectorize` line is recorded for the vectorizer). */
#ifndef SC_FRONTEND_ATTACH_H
#define SC_FRONTEND_ATTACH_H

#include "sparsify.h"

typedef enum AttachKind {
  ATTACH_NONE, /* followed by nothing a pragma can apply to */
  ATTACH_LOOP, /* a for, while or do statement */
  ATTACH_DECL, /* a declaration */
  ATTACH_FUNC  /* a function_definition */
} AttachKind;

typedef struct Attachment {
  AttachKind kind;
  TSNode target;          /* the for/declaration/function node (not NONE) */
  const PragmaSite **enc; /* the encoding pragmas of the group, in order */
  int nenc;
  const Pragma *vec;      /* the last vectorize/novectorize line, or NULL */
  Span pragma_span;       /* first pragma line's `#` to the last one's end */
  size_t line_start;      /* start of the first pragma's line when only
                             blanks precede the `#`, else the `#` */
  int detached;           /* the pragmas end a branch of an #if/#ifdef and
                             the target follows its #endif: edits start at
                             the target, the pragma lines stay */
} Attachment;

/* Groups ctx->sites (parsed ones of kind encoding/vectorize/novectorize)
 * and finds their targets. Returns the number of groups in *out (arena). */
size_t attach_pragmas(SparsifyCtx *ctx, Attachment **out);

/* For a group followed by a statement assigning an array it names (the
 * allocation `adj = malloc(...);`, which is no declaration): that name;
 * else NULL. The warning then says where the pragma goes. */
const char *attach_assigned_name(const SparsifyCtx *ctx, const Attachment *g);

/* The start of n's line if only blanks precede n on it, else n's start. */
size_t attach_line_start(const SourceFile *f, size_t offset);

#endif
