/* fuzz_convert.c — libFuzzer target: assembly and conversion. The input
 * decodes into a rank (1-3), dimension sizes (1-9), a value type, a source
 * and a target encoding (named formats, or identity/reversed maps with
 * random level formats, properties and widths) and up to 64 COO entries
 * with small integer values (zeros and duplicates included). The harness
 * computes the dense array itself; the assembled source, every lookup,
 * the converted tensor and the tensor converted back must all equal it.
 * Refusals (unsupported encodings, width overflow...) must carry a
 * message and leave no output. */
#define _POSIX_C_SOURCE 200809L

#include "fuzz_enc.h"

#define FUZZ_MAX_ENTRIES 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_reader r = {data, size};
  int rank = 1 + fuzz_next(&r) % 3;
  int64_t dims[SC_MAX_RANK], coords[FUZZ_MAX_ENTRIES * 3];
  sc_value_type vt;
  sc_encoding se, te;
  unsigned char vals[FUZZ_MAX_ENTRIES * 8], *want;
  size_t count = 1, n = 0, vs;
  sc_tensor *src = NULL, *dst = NULL, *back = NULL;
  sc_status st;
  for (int d = 0; d < rank; d++) {
    dims[d] = 1 + fuzz_next(&r) % 9;
    count *= (size_t)dims[d];
  }
  vt = (sc_value_type)(fuzz_next(&r) % 10); /* SC_F64 .. SC_U8 */
  vs = sc_value_size(vt);
  if (!fuzz_decode_enc(&r, rank, &se, 0) || !fuzz_decode_enc(&r, rank, &te, 0))
    return 0;
  want = calloc(count, vs);
  FUZZ_CHECK(want != NULL, "out of memory");
  while (r.n >= (size_t)rank + 1 && n < FUZZ_MAX_ENTRIES) {
    size_t k = 0;
    int v;
    for (int d = 0; d < rank; d++) {
      coords[n * (size_t)rank + (size_t)d] = fuzz_next(&r) % dims[d];
      k = k * (size_t)dims[d] + (size_t)coords[n * (size_t)rank + (size_t)d];
    }
    v = (int)(fuzz_next(&r) % 7) - 3;
    fuzz_set_value(vt, vals, n, v, 0);
    fuzz_set_value(vt, want, k, v, 1);
    n++;
  }
  st = sc_tensor_from_coo(&src, &se, vt, dims, n, coords, vals, SC_DUP_SUM);
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "from_coo: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, src);
    goto done;
  }
  fuzz_check_dense(src, want, count, dims, rank, "assembled source");
  st = sc_tensor_convert(&dst, src, &te);
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "convert: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, dst);
    goto done;
  }
  fuzz_check_dense(dst, want, count, dims, rank, "converted");
  st = sc_tensor_convert(&back, dst, &se);
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "convert back: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, back);
    goto done;
  }
  fuzz_check_dense(back, want, count, dims, rank, "converted back");
done:
  sc_tensor_free(src);
  sc_tensor_free(dst);
  sc_tensor_free(back);
  free(want);
  return 0;
}
