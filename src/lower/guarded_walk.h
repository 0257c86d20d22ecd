/* guarded_walk.h — lowering of a guarded nest with effects
 * (frontend/guarded.h): a walk of the guarded array's stored entries in
 * the loops' order, the loop variables bound to the entries' coordinates,
 * the guarded statement run as written at each. */
#ifndef SC_LOWER_GUARDED_WALK_H
#define SC_LOWER_GUARDED_WALK_H

#include "base/strbuf.h"
#include "frontend/guarded.h"

/* Appends the source bytes [start, end) as the output spells them (the
 * uses of arrays whose storage is replaced rewritten, frontend/uses.c). */
typedef void (*GuardedText)(void *user, size_t start, size_t end, StrBuf *out);

/* Appends the replacement of the nest to out (indent: the nest's leading
 * whitespace; the statement's text outside the guarded element through
 * text) and its report lines (indented) to notes. 0, or -1 with *why when
 * the array's encoding cannot be walked. */
int lower_guarded(SparsifyCtx *ctx, const GuardedNest *g, const char *indent,
                  GuardedText text, void *user, StrBuf *out, StrBuf *notes,
                  const char **why);

#endif
