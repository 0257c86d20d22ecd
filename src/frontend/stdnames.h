/* stdnames.h — whether a declaration of the program contradicts standard
 * headers the rewritten file includes: <stddef.h>, <stdint.h>, <stdio.h>
 * through sparsecc_rt.h, <stdlib.h> for the workspaces of sparse outputs.
 * A program that does not include <stdint.h> may declare its own
 * `typedef long long int64_t;` (a K&R one `char *malloc();`): it compiles
 * as it is, and the rewritten file, which includes the header first,
 * would not. */
#ifndef SC_FRONTEND_STDNAMES_H
#define SC_FRONTEND_STDNAMES_H

#include <stddef.h>
#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"

/* Nonzero when a name f declares at file scope (a typedef, variable,
 * function, tag or macro) is declared by the headers (names as in
 * `#include <NAME>`) too, and f parsed (libclang, with the parser flags
 * args) after them has an error (or a macro redefined) at that
 * declaration which f parsed alone has not: *name is the name, at byte
 * *offset of f, *why clang's message (arena text). 0 when there is none,
 * or when libclang cannot parse the headers. */
int stdnames_find_clash(const SourceFile *f, TSTree *tree,
                        const char *const *headers, int nheaders,
                        const char *const *args, int nargs, Arena *a,
                        const char **name, size_t *offset, const char **why);

#endif
