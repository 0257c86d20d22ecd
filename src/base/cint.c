/* cint.c — C integer literals in text (cint.h). */
#include "base/cint.h"

#include <stdlib.h>

int c_int_prefix(const char *t, long long *v, const char **rest) {
  char *end;
  *v = strtoll(t, &end, 0);
  if (end == t) {
    *rest = t;
    return 0;
  }
  while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
    end++;
  *rest = end;
  return 1;
}
