/* threaded.h — other tools' parallel pragmas (OpenMP, OpenACC) over code
 * that sparsecc rewrote into runtime calls. Lookups and buffered inserts of
 * an array stored sparse share the tensor's pending updates (a read
 * finalizes them), so two threads running them at once race. A parallel
 * pragma whose statement holds rewritten code, or calls a function of the
 * file that does, is taken out: that statement runs on one thread. */
#ifndef SC_FRONTEND_THREADED_H
#define SC_FRONTEND_THREADED_H

#include <stddef.h>
#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"
#include "sparsify.h"

/* One parallel pragma to take out: its lines [start, end) (from the '#'
 * to the end of its last line, without the newline), the pragma on one
 * line (`one`, backslash continuations joined), and what replaces it: ""
 * or, for an `omp for` inside a parallel region, `#pragma omp single`
 * (dropped, every thread of the region would run the whole loop). */
typedef struct SerialPragma {
  size_t start, end;
  const char *one;
  const char *repl;
} SerialPragma;

/* The parallel pragmas of the file (tree under root, text f) to take out,
 * given the edits made so far (pragma lines an edit already covers are
 * left to it). An edit inside a statement under `omp single`, `master`,
 * `masked` or `critical`, or after an edit that wrote `#pragma omp
 * single`, runs on one thread at a time and does not count. Returns the
 * number found; *out in the arena. */
size_t threaded_pragmas(const SourceFile *f, TSNode root, const Edit *edits,
                        size_t nedits, Arena *a, SerialPragma **out);

#endif
