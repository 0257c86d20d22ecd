/* ident.c — identifiers found in text; see ident.h. */
#include "base/ident.h"

#include <string.h>

int ident_is_char(char c) {
  return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

int ident_occurs(const char *text, const char *name) {
  size_t n = strlen(name);
  if (!n) return 0;
  for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
    if (!(p > text && ident_is_char(p[-1])) && !ident_is_char(p[n])) return 1;
  return 0;
}
