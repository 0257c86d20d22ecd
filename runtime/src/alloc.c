/* alloc.c — allocation helpers: overflow-checked array sizes, growth by
 * doubling, and the error messages for both failures. Large arrays (4 MB
 * and more) are advised to use transparent huge pages where the system
 * offers them (Linux, madvise mode): far fewer page faults on first touch
 * and TLB misses in random scatters. Purely advisory: nothing depends on
 * whether it is honoured. An array grown by realloc while it was written
 * (the pending buffers of inserts) faulted its pages before any advice;
 * sc_shrink_huge collapses them into huge pages when the storage keeps it. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#endif
#include "sc_internal.h"

#include <errno.h>
#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#if defined(__has_include)
#if __has_include(<linux/mman.h>)
#include <linux/mman.h> /* MADV_COLLAPSE, which glibc's header may lack */
#endif
#endif
#endif

#define SC_HUGE_ADVICE_BYTES ((size_t)4 << 20)

/* Advises huge pages for the whole 2 MB-aligned pages inside [p, p + n);
 * with `collapse`, also turns the pages already written there into huge
 * pages now (MADV_COLLAPSE: synchronous, Linux 6.1 on; an older kernel or
 * a system without huge pages refuses it and nothing changes). */
static void sc_advise_huge(void *p, size_t n, int collapse) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  uintptr_t a = (uintptr_t)p, e = a + n, huge = (uintptr_t)2 << 20;
  a = (a + huge - 1) & ~(huge - 1);
  e &= ~(huge - 1);
  if (n < SC_HUGE_ADVICE_BYTES || e <= a)
    return;
  (void)madvise((void *)a, e - a, MADV_HUGEPAGE);
#if defined(MADV_COLLAPSE)
  /* EAGAIN: transient contention on a lock, worth a second try */
  for (int tries = 0; collapse && tries < 3; tries++)
    if (madvise((void *)a, e - a, MADV_COLLAPSE) == 0 || errno != EAGAIN)
      break;
#endif
#else
  (void)p;
  (void)n;
#endif
  (void)collapse;
}

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
  sc_advise_huge(*out, bytes, 0);
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
  sc_advise_huge(np, bytes, 0);
  *p = np;
  *cap = ncap;
  return SC_OK;
}

void *sc_shrink_huge(void *p, size_t bytes) {
  void *np = bytes ? realloc(p, bytes) : NULL;
  if (!np)
    np = p;
  if (np)
    sc_advise_huge(np, bytes, 1);
  return np;
}
