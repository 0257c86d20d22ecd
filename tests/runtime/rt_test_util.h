/* rt_test_util.h — helpers shared by the runtime tests: encodings by name,
 * the test matrices, and dense comparisons. Header-only (static). */
#ifndef RT_TEST_UTIL_H
#define RT_TEST_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sparsecc_rt.h"

/* Asserts st == SC_OK and prints the library's message otherwise. */
#define RT_OK(expr)                                                            \
  do {                                                                         \
    sc_status rt_st_ = (expr);                                                 \
    if (rt_st_ != SC_OK)                                                       \
      fail_msg("%s -> %s: %s", #expr, sc_status_name(rt_st_),                  \
               sc_last_error());                                               \
  } while (0)

/* Asserts that expr fails with `want` and that the message contains `sub`. */
#define RT_FAILS(expr, want, sub)                                              \
  do {                                                                         \
    sc_status rt_st_ = (expr);                                                 \
    if (rt_st_ != (want))                                                      \
      fail_msg("%s -> %s (%s), wanted %s", #expr, sc_status_name(rt_st_),     \
               sc_last_error(), sc_status_name(want));                         \
    if ((sub) && !strstr(sc_last_error(), (sub) ? (sub) : ""))                 \
      fail_msg("%s: message '%s' lacks '%s'", #expr, sc_last_error(),         \
               (sub) ? (sub) : "");                                            \
  } while (0)

static inline sc_encoding rt_named(const char *name, int np, ...) {
  sc_encoding e;
  int64_t p[4] = {0};
  va_list ap;
  va_start(ap, np);
  for (int i = 0; i < np; i++)
    p[i] = va_arg(ap, int64_t);
  va_end(ap);
  if (sc_encoding_named(&e, name, p, np) != SC_OK)
    fail_msg("sc_encoding_named(%s): %s", name, sc_last_error());
  return e;
}

/* Identity map over rank dims with formats and props per level. */
static inline sc_encoding rt_simple(int rank, const sc_level_format *f,
                                    const unsigned *props) {
  sc_encoding e;
  if (sc_encoding_simple(&e, rank, f) != SC_OK)
    fail_msg("sc_encoding_simple: %s", sc_last_error());
  for (int l = 0; props && l < rank; l++)
    e.lvl_types[l].props = props[l];
  return e;
}

static inline void rt_assert_dense_eq(const double *a, const double *b,
                                      size_t n, const char *what) {
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i])
      fail_msg("%s: element %zu is %g, expected %g", what, i, a[i], b[i]);
}

/* Deterministic pseudo-random numbers (xorshift). */
static inline uint64_t rt_rand(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

#endif /* RT_TEST_UTIL_H */
