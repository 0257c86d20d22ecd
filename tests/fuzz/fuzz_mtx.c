/* fuzz_mtx.c — libFuzzer target: the Matrix Market reader
 * (sc_read_mtx_stream over fmemopen). The input is the file. It is read as
 * COO f64 (memory bounded by the entries, never by the declared sizes); a
 * failure must leave a message and no output. When the matrix is small
 * enough to scatter, it is read again as CSR (the fast path), CSC and
 * DCSR and as i64, and written back and re-read: every form must hold the
 * same elements. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_util.h"

static sc_tensor *read_as(const uint8_t *data, size_t size,
                          const sc_encoding *enc, sc_value_type vt,
                          sc_status *st) {
  sc_tensor *t = NULL;
  FILE *f = fuzz_open(data, size);
  if (!f) {
    *st = SC_ERR_IO;
    return NULL;
  }
  *st = sc_read_mtx_stream(&t, f, "fuzz.mtx", enc, vt);
  fclose(f);
  if (*st != SC_OK)
    fuzz_failed_cleanly(*st, t);
  return t;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  sc_encoding coo, csc, dcsr;
  sc_status st, st2;
  sc_tensor *a, *b;
  int64_t two = 2;
  if (size == 0)
    return 0;
  sc_encoding_named(&coo, "COO", &two, 1);
  sc_encoding_named(&csc, "CSC", NULL, 0);
  sc_encoding_named(&dcsr, "DCSR", NULL, 0);
  a = read_as(data, size, &coo, SC_F64, &st);
  if (!a) {
    /* The integer reader takes other paths for values. */
    b = read_as(data, size, &dcsr, SC_I32, &st2);
    sc_tensor_free(b);
    return 0;
  }
  if (fuzz_dense_count(a) == 0) {
    sc_tensor_free(a);
    return 0;
  }
  /* Small: every encoding must agree with COO. */
  {
    const sc_encoding *encs[3] = {NULL /* CSR */, &csc, &dcsr};
    for (int e = 0; e < 3; e++) {
      b = read_as(data, size, encs[e], SC_F64, &st2);
      FUZZ_CHECK(b != NULL, "COO read succeeded, encoding %d failed", e);
      fuzz_same_dense(a, b, "COO vs other encoding");
      if (e == 0) {
        /* Write back, read again: the same elements. */
        char *buf = NULL;
        size_t len = 0;
        FILE *w = open_memstream(&buf, &len);
        sc_tensor *c = NULL;
        FUZZ_CHECK(w != NULL, "open_memstream");
        FUZZ_CHECK(sc_write_mtx_stream(b, w) == SC_OK, "write failed");
        fclose(w);
        c = read_as((const uint8_t *)buf, len, NULL, SC_F64, &st2);
        FUZZ_CHECK(c != NULL, "re-reading the written file failed:\n%s", buf);
        fuzz_same_dense(b, c, "written and re-read");
        sc_tensor_free(c);
        free(buf);
      }
      sc_tensor_free(b);
    }
  }
  {
    /* Integer values: the reader either accepts them all or fails. */
    b = read_as(data, size, NULL, SC_I64, &st2);
    sc_tensor_free(b);
  }
  sc_tensor_free(a);
  return 0;
}
