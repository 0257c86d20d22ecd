/* sort.c — stable lexicographic sorting of entry indices by rows of int64
 * keys: LSD counting sort when every key column has a small range (the COO
 * to CSR fast path: one counting pass per level), merge sort otherwise. */
#include "sc_internal.h"

#include <stdlib.h>

static int sc_key_cmp(const int64_t *key, size_t stride, int k, size_t a,
                      size_t b) {
  const int64_t *x = key + a * stride, *y = key + b * stride;
  for (int j = 0; j < k; j++) {
    if (x[j] != y[j])
      return x[j] < y[j] ? -1 : 1;
  }
  return 0;
}

static int sc_is_sorted(const size_t *ord, size_t n, const int64_t *key,
                        size_t stride, int k) {
  for (size_t i = 1; i < n; i++)
    if (sc_key_cmp(key, stride, k, ord[i - 1], ord[i]) > 0)
      return 0;
  return 1;
}

static sc_status sc_radix(size_t *ord, size_t n, const int64_t *key,
                          size_t stride, int k, const int64_t *sizes) {
  size_t *tmp = NULL, *cnt = NULL, maxs = 1;
  sc_status st;
  for (int j = 0; j < k; j++)
    if ((size_t)sizes[j] + 1 > maxs)
      maxs = (size_t)sizes[j] + 1;
  if ((st = sc_alloc((void **)&tmp, n, sizeof *tmp, 0, "sort buffer")))
    return st;
  if ((st = sc_alloc((void **)&cnt, maxs, sizeof *cnt, 0, "sort counts"))) {
    free(tmp);
    return st;
  }
  for (int j = k - 1; j >= 0; j--) {
    size_t m = (size_t)sizes[j], sum = 0;
    size_t *a = ord, *b = tmp;
    if (m <= 1)
      continue; /* a single value: the pass would not move anything */
    memset(cnt, 0, (m + 1) * sizeof *cnt);
    for (size_t i = 0; i < n; i++)
      cnt[(size_t)key[a[i] * stride + (size_t)j]]++;
    for (size_t v = 0; v < m; v++) {
      size_t c = cnt[v];
      cnt[v] = sum;
      sum += c;
    }
    for (size_t i = 0; i < n; i++)
      b[cnt[(size_t)key[a[i] * stride + (size_t)j]]++] = a[i];
    memcpy(ord, tmp, n * sizeof *ord);
  }
  free(cnt);
  free(tmp);
  return SC_OK;
}

static sc_status sc_mergesort(size_t *ord, size_t n, const int64_t *key,
                              size_t stride, int k) {
  size_t *tmp = NULL, *src = ord, *dst;
  sc_status st;
  if ((st = sc_alloc((void **)&tmp, n, sizeof *tmp, 0, "sort buffer")))
    return st;
  dst = tmp;
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n;
      size_t hi = mid + w < n ? mid + w : n;
      size_t i = lo, j = mid, o = lo;
      while (i < mid && j < hi)
        dst[o++] = sc_key_cmp(key, stride, k, src[j], src[i]) < 0 ? src[j++]
                                                                   : src[i++];
      while (i < mid)
        dst[o++] = src[i++];
      while (j < hi)
        dst[o++] = src[j++];
      if (hi == n)
        break;
    }
    {
      size_t *sw = src;
      src = dst;
      dst = sw;
    }
  }
  if (src != ord)
    memcpy(ord, src, n * sizeof *ord);
  free(tmp);
  return SC_OK;
}

sc_status sc_sort_lex(size_t *ord, size_t n, const int64_t *key,
                      size_t stride, int k, const int64_t *sizes) {
  int small = 1;
  if (n < 2 || sc_is_sorted(ord, n, key, stride, k))
    return SC_OK;
  for (int j = 0; j < k; j++)
    if (sizes[j] < 0 || (uint64_t)sizes[j] > 2 * (uint64_t)n + 4096)
      small = 0;
  if (small)
    return sc_radix(ord, n, key, stride, k, sizes);
  return sc_mergesort(ord, n, key, stride, k);
}
