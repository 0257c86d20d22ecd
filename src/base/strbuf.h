/* strbuf.h — a growable text buffer for emitted code, reports and dumps. */
#ifndef SC_STRBUF_H
#define SC_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct StrBuf {
  char *data; /* NUL-terminated (owned, malloc) */
  size_t len, cap;
} StrBuf;

void sb_append(StrBuf *b, const char *s, size_t n);
void sb_puts(StrBuf *b, const char *s);
void sb_printf(StrBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(StrBuf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* Appends `level` times two spaces. */
void sb_indent(StrBuf *b, int level);
/* Appends text, each of its lines indented `level` times two spaces more
 * (preprocessor lines and empty lines as they are). */
void sb_indent_lines(StrBuf *b, const char *text, int level);
/* One line of code: `indent`, `level` times two spaces, the formatted
 * text, a newline. */
void sb_vline(StrBuf *b, const char *indent, int level, const char *fmt,
              va_list ap) __attribute__((format(printf, 4, 0)));
void sb_line(StrBuf *b, const char *indent, int level, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void sb_free(StrBuf *b);

#endif
