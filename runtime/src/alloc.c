/* alloc.c — allocation helpers: overflow-checked array sizes, growth by
 * doubling, and the error messages for both failures. */
#include "sc_internal.h"

#include <stdlib.h>

sc_status sc_alloc(void **out, size_t n, size_t size, int zero,
                   const char *what) {
  size_t bytes;
  *out = NULL;
  if (n == 0 || size == 0)
    return SC_OK;
  if (!sc_mul_sz(n, size, &bytes))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                        "%s: %zu elements of %zu bytes overflow size_t", what,
                        n, size);
  *out = zero ? calloc(n, size) : malloc(bytes);
  if (!*out)
    return sc_set_error(SC_ERR_NO_MEMORY, "%s: out of memory (%zu bytes)",
                        what, bytes);
  return SC_OK;
}

sc_status sc_grow(void **p, size_t *cap, size_t need, size_t size,
                  const char *what) {
  size_t ncap, bytes;
  void *np;
  if (need <= *cap)
    return SC_OK;
  ncap = *cap ? *cap : 16;
  while (ncap < need) {
    if (ncap > SIZE_MAX / 2) {
      ncap = need;
      break;
    }
    ncap *= 2;
  }
  if (!sc_mul_sz(ncap, size, &bytes))
    return sc_set_error(SC_ERR_SIZE_OVERFLOW,
                        "%s: %zu elements of %zu bytes overflow size_t", what,
                        ncap, size);
  np = realloc(*p, bytes);
  if (!np)
    return sc_set_error(SC_ERR_NO_MEMORY, "%s: out of memory (%zu bytes)",
                        what, bytes);
  *p = np;
  *cap = ncap;
  return SC_OK;
}
