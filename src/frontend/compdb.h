/* compdb.h — `-p DIR`: the flags of one file from DIR/compile_commands.json,
 * read through libclang's CXCompilationDatabase. */
#ifndef SC_COMPDB_H
#define SC_COMPDB_H

#include "base/arena.h"
#include "base/diag.h"

/* Appends to *args (an arena array of *nargs strings) the parser-relevant
 * flags of `file`'s compile command: the compiler, `-c`, `-o X`, dependency
 * flags (-M...), warning flags (-W...) and the file itself are dropped;
 * relative paths of -I/-isystem/-iquote/-idirafter/-include are made
 * absolute against the command's directory. Returns 0; 1 when the database
 * has no entry for the file (a warning is added); -1 when DIR holds no
 * readable compile_commands.json (an error is added). */
int compdb_flags(const char *dir, const char *file, Arena *a,
                 const char ***args, int *nargs, Diags *diags);

#endif
