/* check.h — `--check`: re-parse the rewritten text with libclang. */
#ifndef SC_CHECK_H
#define SC_CHECK_H

#include <stddef.h>

#include "base/diag.h"
#include "base/source.h"

/* Parses text as the C file `name` (quoted includes resolve next to it)
 * with the user's flags plus `-I include_dir`. Every libclang error becomes
 * an error in diags: at its place in `input` when the output's #line
 * directives put it there (as a compiler's message on the output would
 * be), else with the place in its text. Returns 0 when the text is valid
 * C, -1 otherwise. */
int check_output(const SourceFile *input, const char *name, const char *text,
                 size_t len, const char *const *args, int nargs,
                 const char *include_dir, Diags *diags);

#endif
