/* incpragmas.h — `#pragma sparse` lines in the user's headers a file
 * includes (`#include "model.h"`, or `#include <model.h>` found on a -I
 * directory). sparsecc rewrites one file and reads
 * the pragmas of that file only, so a pragma in a header would be ignored
 * without a word: each such header is warned about at its #include. */
#ifndef SC_FRONTEND_INCPRAGMAS_H
#define SC_FRONTEND_INCPRAGMAS_H

#include "base/diag.h"
#include "base/source.h"

/* Scans f's `#include` lines (and those of the headers they name, a few
 * levels deep), resolving each name as the compiler does: for quotes the
 * including file's directory, then the -iquote and -I directories of
 * args[0..nargs) (the parser's flags); for angle brackets the -I
 * directories only (system headers are not the user's). A header holding
 * a `#pragma sparse` line gets a warning at the #include of f that leads
 * to it. */
void incpragmas_warn(const SourceFile *f, const char *const *args, int nargs,
                     Diags *d);

#endif
