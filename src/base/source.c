/* source.c — loading source text and offset -> line:column; see source.h. */
#include "source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int index_lines(SourceFile *f) {
  size_t n = 1;
  for (size_t i = 0; i < f->len; i++)
    if (f->text[i] == '\n') n++;
  f->line_starts = malloc(n * sizeof *f->line_starts);
  if (!f->line_starts) return -1;
  size_t k = 0;
  f->line_starts[k++] = 0;
  for (size_t i = 0; i < f->len; i++)
    if (f->text[i] == '\n') f->line_starts[k++] = i + 1;
  f->nlines = n;
  return 0;
}

int source_init(SourceFile *f, const char *name, const char *bytes,
                size_t len) {
  memset(f, 0, sizeof *f);
  f->name = name;
  f->text = malloc(len + 1);
  if (!f->text) return -1;
  if (len) memcpy(f->text, bytes, len);
  f->text[len] = '\0';
  f->len = len;
  if (index_lines(f) != 0) {
    source_free(f);
    return -1;
  }
  return 0;
}

int source_read(SourceFile *f, const char *path) {
  memset(f, 0, sizeof *f);
  int is_stdin = strcmp(path, "-") == 0;
  FILE *in = is_stdin ? stdin : fopen(path, "rb");
  if (!in) return -1;
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  int err = 0;
  while (buf) {
    if (len == cap) {
      char *nb = realloc(buf, cap * 2);
      if (!nb) {
        free(buf);
        buf = NULL;
        break;
      }
      buf = nb;
      cap *= 2;
    }
    size_t got = fread(buf + len, 1, cap - len, in);
    len += got;
    if (got == 0) {
      if (ferror(in)) err = errno ? errno : EIO;
      break;
    }
  }
  if (!is_stdin) fclose(in);
  if (!buf) {
    errno = ENOMEM;
    return -1;
  }
  if (err) {
    free(buf);
    errno = err;
    return -1;
  }
  f->name = is_stdin ? "<stdin>" : path;
  f->text = buf;
  f->len = len;
  /* NUL-terminate in place */
  if (len == cap) {
    char *nb = realloc(buf, cap + 1);
    if (!nb) {
      free(buf);
      memset(f, 0, sizeof *f);
      errno = ENOMEM;
      return -1;
    }
    f->text = nb;
  }
  f->text[len] = '\0';
  if (index_lines(f) != 0) {
    source_free(f);
    errno = ENOMEM;
    return -1;
  }
  return 0;
}

void source_free(SourceFile *f) {
  free(f->text);
  free(f->line_starts);
  memset(f, 0, sizeof *f);
}

static size_t line_index(const SourceFile *f, size_t offset) {
  size_t lo = 0, hi = f->nlines; /* last line_start <= offset */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->line_starts[mid] <= offset)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

void source_line_col(const SourceFile *f, size_t offset, unsigned *line,
                     unsigned *col) {
  if (offset > f->len) offset = f->len;
  size_t li = line_index(f, offset);
  *line = (unsigned)(li + 1);
  *col = (unsigned)(offset - f->line_starts[li] + 1);
}

const char *source_line_text(const SourceFile *f, size_t offset, size_t *len) {
  if (offset > f->len) offset = f->len;
  size_t li = line_index(f, offset);
  size_t s = f->line_starts[li], e = s;
  while (e < f->len && f->text[e] != '\n') e++;
  if (e > s && f->text[e - 1] == '\r') e--;
  *len = e - s;
  return f->text + s;
}
