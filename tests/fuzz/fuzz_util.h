/* fuzz_util.h — helpers shared by the fuzz targets: a stream over the
 * input bytes, dense comparison of two tensors, and the harness's own
 * failure report (the library never aborts; a target does, on a broken
 * invariant, so the fuzzer records the input). Header-only (static). */
#ifndef SC_FUZZ_UTIL_H
#define SC_FUZZ_UTIL_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sparsecc_rt.h"

/* Largest dense block (elements) a target scatters into for comparison. */
#define FUZZ_DENSE_MAX 65536

#define FUZZ_CHECK(cond, ...)                                                  \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "fuzz invariant broken at %s:%d: ", __FILE__, __LINE__); \
      fprintf(stderr, __VA_ARGS__);                                            \
      fprintf(stderr, " [last error: %s]\n", sc_last_error());                 \
      abort();                                                                 \
    }                                                                          \
  } while (0)

/* A read-only stream over the input (NULL for an empty input: fmemopen
 * does not take size 0 everywhere). */
static inline FILE *fuzz_open(const uint8_t *data, size_t size) {
  if (size == 0)
    return NULL;
  return fmemopen((void *)(uintptr_t)data, size, "rb");
}

/* Elements of t's dense block, or 0 when larger than FUZZ_DENSE_MAX. */
static inline size_t fuzz_dense_count(sc_tensor *t) {
  size_t c = 1;
  for (int d = 0; d < sc_tensor_dim_rank(t); d++) {
    int64_t s = sc_tensor_dim_size(t, d);
    if (s < 0 || s > FUZZ_DENSE_MAX)
      return 0;
    c *= (size_t)s;
    if (c > FUZZ_DENSE_MAX)
      return 0;
  }
  return c;
}

/* Element k of a dense block as double (integer types exactly enough for
 * the comparison: equal integers give equal doubles, and the targets only
 * compare tensors of one value type). */
static inline int fuzz_elem_eq(sc_value_type vt, const void *a, const void *b,
                               size_t k) {
  switch (vt) {
  case SC_F64: {
    double x = ((const double *)a)[k], y = ((const double *)b)[k];
    return x == y || (isnan(x) && isnan(y));
  }
  case SC_F32: {
    float x = ((const float *)a)[k], y = ((const float *)b)[k];
    return x == y || (isnan(x) && isnan(y));
  }
  case SC_I64:
    return ((const int64_t *)a)[k] == ((const int64_t *)b)[k];
  case SC_I32:
    return ((const int32_t *)a)[k] == ((const int32_t *)b)[k];
  default: { /* the other integer types: equal exactly when their bytes are */
    size_t vs = sc_value_size(vt);
    return !memcmp((const char *)a + k * vs, (const char *)b + k * vs, vs);
  }
  }
}

/* Dense block of t (malloc'ed), NULL when too large. */
static inline void *fuzz_to_dense(sc_tensor *t, size_t *count) {
  size_t n = fuzz_dense_count(t);
  size_t vs = sc_value_size(sc_tensor_value_type(t));
  void *d;
  *count = n;
  if (n == 0)
    return NULL;
  d = malloc(n * vs);
  FUZZ_CHECK(d != NULL, "out of memory");
  FUZZ_CHECK(sc_tensor_to_dense(t, d) == SC_OK, "to_dense failed");
  return d;
}

/* Aborts unless a and b (same dimension sizes and value type) hold the
 * same elements. Skipped when the dense block is too large. */
static inline void fuzz_same_dense(sc_tensor *a, sc_tensor *b,
                                   const char *what) {
  size_t na, nb;
  sc_value_type vt = sc_tensor_value_type(a);
  void *da, *db;
  FUZZ_CHECK(sc_tensor_dim_rank(a) == sc_tensor_dim_rank(b), "%s: rank", what);
  for (int d = 0; d < sc_tensor_dim_rank(a); d++)
    FUZZ_CHECK(sc_tensor_dim_size(a, d) == sc_tensor_dim_size(b, d),
               "%s: size of dimension %d", what, d);
  da = fuzz_to_dense(a, &na);
  db = fuzz_to_dense(b, &nb);
  for (size_t k = 0; da && db && k < na; k++)
    FUZZ_CHECK(fuzz_elem_eq(vt, da, db, k), "%s: element %zu differs", what,
               k);
  free(da);
  free(db);
}

/* A failing call must leave a message. */
static inline void fuzz_failed_cleanly(sc_status st, sc_tensor *out) {
  FUZZ_CHECK(out == NULL, "output set on failure (%s)", sc_status_name(st));
  FUZZ_CHECK(sc_last_error()[0] != '\0', "failure without a message (%s)",
             sc_status_name(st));
}

#endif /* SC_FUZZ_UTIL_H */
