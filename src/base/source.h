/* source.h — a source file held in memory, byte spans into it, and the
 * mapping from byte offsets to line:column for diagnostics. */
#ifndef SC_SOURCE_H
#define SC_SOURCE_H

#include <stddef.h>

/* A half-open byte range [start, end) of a SourceFile. */
typedef struct Span {
  size_t start, end;
} Span;

static inline Span span_make(size_t start, size_t end) {
  Span s = {start, end};
  return s;
}

/* Where a stretch of a rewritten text comes from in the text as read: from
 * `at` on, offsets map to `orig` + (offset - at), or all to `orig` (the
 * start of an expanded macro invocation) when `inside`. */
typedef struct SourceAnchor {
  size_t at, orig;
  int inside;
} SourceAnchor;

/* One replacement of a text by the next: [start, end) of the old text
 * became `len` bytes of the new one. */
typedef struct SourceRepl {
  size_t start, end, len;
} SourceRepl;

/* A `#line N "name"` directive (or a `# N "name"` line marker, as
 * preprocessors and yacc, bison and lex write them) on physical line
 * `line`: the next line is line `presumed` of `name` (NULL: the name in
 * force before, or the file's own). */
typedef struct SourceLineMark {
  size_t line;
  unsigned presumed;
  char *name; /* owned by the SourceFile */
} SourceLineMark;

typedef struct SourceFile {
  const char *name;  /* as given on the command line ("<stdin>" for -) */
  char *text;        /* the bytes, NUL-terminated (owned) */
  size_t len;        /* bytes, without the terminator */
  size_t *line_starts; /* offset of each line's first byte (owned) */
  size_t nlines;
  /* when text is the file with macro invocations expanded: the text as
   * read, its line starts and the anchors mapping offsets back (owned) */
  char *orig_text;
  size_t orig_len, *orig_line_starts, orig_nlines;
  SourceAnchor *anchors;
  size_t nanchors;
  /* the #line directives of the file as read, in line order (owned) */
  SourceLineMark *marks;
  size_t nmarks;
} SourceFile;

/* Makes a SourceFile from bytes (copied). Returns 0, or -1 on allocation
 * failure. */
int source_init(SourceFile *f, const char *name, const char *bytes, size_t len);
/* Reads a whole file ("-" is stdin). Returns 0, or -1 with errno set. */
int source_read(SourceFile *f, const char *path);
void source_free(SourceFile *f);

/* nf (a fresh source_init) is old's text with the replacements r[0..n)
 * (in order, not overlapping) applied: nf takes old's original text (or
 * old's text when old was not rewritten) and the composed anchors, so
 * that line:column and line texts are those of the file as read. Returns
 * 0, or -1 on allocation failure. */
int source_adopt_rewrite(SourceFile *nf, SourceFile *old, const SourceRepl *r, size_t n);
/* The offset in the file as read that a text offset comes from. */
size_t source_origin(const SourceFile *f, size_t offset);

/* 1-based line and column (in bytes) of an offset, in the file as read. */
void source_line_col(const SourceFile *f, size_t offset, unsigned *line,
                     unsigned *col);
/* The presumed place of an offset, as GCC and Clang report it: below a
 * `#line N "name"` directive (or a `# N "name"` line marker) the line
 * number and the file name it gives, else the line of the file and its
 * own name. Returns the name; *line and *col are set (col: the byte
 * column, as source_line_col's). */
const char *source_presumed(const SourceFile *f, size_t offset, unsigned *line,
                            unsigned *col);
/* The presumed line and name (returned) of line `line` of the file as
 * read (1-based). */
const char *source_presumed_line(const SourceFile *f, unsigned line,
                                 unsigned *presumed);

/* The line holding offset, in the file as read: its first byte and length
 * without newline. */
const char *source_line_text(const SourceFile *f, size_t offset, size_t *len);

#endif
