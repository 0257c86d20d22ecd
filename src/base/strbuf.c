/* strbuf.c — growable text buffer; see strbuf.h. Aborts on out-of-memory
 * (compiler only). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void sb_reserve(StrBuf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap) return;
  size_t nc = b->cap ? b->cap : 256;
  while (nc < b->len + extra + 1) nc *= 2;
  char *nd = realloc(b->data, nc);
  if (!nd) {
    fputs("sparsecc: fatal error: out of memory\n", stderr);
    exit(2);
  }
  b->data = nd;
  b->cap = nc;
}

void sb_append(StrBuf *b, const char *s, size_t n) {
  sb_reserve(b, n);
  if (n) memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void sb_puts(StrBuf *b, const char *s) { sb_append(b, s, strlen(s)); }

void sb_vprintf(StrBuf *b, const char *fmt, va_list ap) {
  va_list aq;
  va_copy(aq, ap);
  int n = vsnprintf(NULL, 0, fmt, aq);
  va_end(aq);
  if (n <= 0) return;
  sb_reserve(b, (size_t)n);
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void sb_printf(StrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(b, fmt, ap);
  va_end(ap);
}

void sb_indent(StrBuf *b, int level) {
  for (int i = 0; i < level; i++) sb_append(b, "  ", 2);
}

void sb_indent_lines(StrBuf *b, const char *text, int level) {
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
    if (*p != '#' && *p != '\n') sb_indent(b, level);
    sb_append(b, p, n);
    p += n;
  }
}

void sb_vline(StrBuf *b, const char *indent, int level, const char *fmt,
              va_list ap) {
  sb_puts(b, indent ? indent : "");
  sb_indent(b, level);
  sb_vprintf(b, fmt, ap);
  sb_puts(b, "\n");
}

void sb_line(StrBuf *b, const char *indent, int level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vline(b, indent, level, fmt, ap);
  va_end(ap);
}

void sb_free(StrBuf *b) {
  free(b->data);
  memset(b, 0, sizeof *b);
}
