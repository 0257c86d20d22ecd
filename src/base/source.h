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

typedef struct SourceFile {
  const char *name;  /* as given on the command line ("<stdin>" for -) */
  char *text;        /* the bytes, NUL-terminated (owned) */
  size_t len;        /* bytes, without the terminator */
  size_t *line_starts; /* offset of each line's first byte (owned) */
  size_t nlines;
} SourceFile;

/* Makes a SourceFile from bytes (copied). Returns 0, or -1 on allocation
 * failure. */
int source_init(SourceFile *f, const char *name, const char *bytes, size_t len);
/* Reads a whole file ("-" is stdin). Returns 0, or -1 with errno set. */
int source_read(SourceFile *f, const char *path);
void source_free(SourceFile *f);

/* 1-based line and column (in bytes) of an offset. */
void source_line_col(const SourceFile *f, size_t offset, unsigned *line,
                     unsigned *col);
/* The line holding offset: its first byte and length without newline. */
const char *source_line_text(const SourceFile *f, size_t offset, size_t *len);

#endif
