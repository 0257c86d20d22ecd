/* fuzz_tns.c — libFuzzer target: the FROSTT .tns reader (the library's
 * internal stream form of sc_read_tns over fmemopen). The input is the
 * file. It is read as CSF (the default, memory bounded by the entries); a
 * failure must leave a message and no output. When the tensor is small it
 * is read again as COO of its order and as f32 / i64: the f64 forms must
 * hold the same elements. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_util.h"

/* Internal to libsparsecc_rt (sc_internal.h): sc_read_tns from a stream. */
sc_status sc_read_tns_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt);

static sc_tensor *read_as(const uint8_t *data, size_t size,
                          const sc_encoding *enc, sc_value_type vt) {
  sc_tensor *t = NULL;
  sc_status st;
  FILE *f = fuzz_open(data, size);
  if (!f)
    return NULL;
  st = sc_read_tns_stream(&t, f, "fuzz.tns", enc, vt);
  fclose(f);
  if (st != SC_OK)
    fuzz_failed_cleanly(st, t);
  return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sc_tensor *a, *b;
  sc_encoding coo;
  int64_t order;
  if (size == 0)
    return 0;
  a = read_as(data, size, NULL, SC_F64);
  if (!a) {
    sc_tensor_free(read_as(data, size, NULL, SC_I32));
    return 0;
  }
  order = sc_tensor_dim_rank(a);
  if (fuzz_dense_count(a) != 0) {
    FUZZ_CHECK(sc_encoding_named(&coo, "COO", &order, 1) == SC_OK, "COO");
    b = read_as(data, size, &coo, SC_F64);
    FUZZ_CHECK(b != NULL, "CSF read succeeded, COO failed");
    fuzz_same_dense(a, b, "CSF vs COO");
    sc_tensor_free(b);
    sc_tensor_free(read_as(data, size, NULL, SC_F32));
    sc_tensor_free(read_as(data, size, &coo, SC_I64));
  }
  sc_tensor_free(a);
  return 0;
}
