/* splice.h — applying the sparsifier's edits to the original bytes.
 *
 * Edits are byte ranges of the ORIGINAL file (sparsify.h). They are applied
 * in order of start offset (edits at the same offset in the order they were
 * added); the bytes between edits are copied verbatim, so a file with no
 * edits comes out byte-identical. After an edit whose line_after is set,
 * `#line N "file"` maps the following original code back to its line.
 * In a file whose first line ends in "\r\n", every line end the splice
 * adds (edit texts, the added #include, #line) is "\r\n" as well. */
#ifndef SC_SPLICE_H
#define SC_SPLICE_H

#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "sparsify.h"

typedef struct SpliceOptions {
  int runtime_include; /* start with #include "sparsecc_rt.h"; bit 2 also
                        * includes the SIMD intrinsics headers, guarded;
                        * bit 4 <stdlib.h> */
  int no_line;         /* --no-line: no #line directives */
} SpliceOptions;

/* Adds one edit (text copied into the arena). */
void edits_add(Arena *a, Edits *e, size_t start, size_t end, const char *text,
               unsigned line_after);

/* Writes f with edits applied to out. Sorts edits->data in place. Returns 0,
 * or -1 after adding an error when edits overlap or leave the file (a bug
 * in the sparsifier: nothing should be written). */
int splice_apply(const SourceFile *f, Edits *edits, const SpliceOptions *o,
                 StrBuf *out, Diags *diags);

/* Appends `#line N "name"` and a newline, the name escaped as a C string. */
void splice_line_directive(StrBuf *out, unsigned line, const char *name);

#endif
