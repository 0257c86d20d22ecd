/* io_tns.c — FROSTT .tns reading and writing: one entry per line, 1-based
 * coordinates then the value; the order is the first entry's field count
 * minus one; dimension sizes are the largest coordinate of each mode. Lines
 * starting with '#' and blank lines are skipped. sc_read_tns_stream (internal)
 * reads from an open stream; sc_read_tns opens the file. */
#include "sc_internal.h"

#include <stdlib.h>

static void sc_tns_skip_empty(sc_text *tx) {
  for (;;) {
    sc_text_skip_blanks(tx);
    if (sc_text_at_eof(tx))
      return;
    if (*tx->p == '#')
      sc_text_skip_line(tx);
    else if (*tx->p == '\n' || *tx->p == '\r')
      sc_text_end_line(tx);
    else
      return;
  }
}

/* Number of blank-separated fields on the current line. */
static int sc_tns_fields(const sc_text *tx) {
  const char *p = tx->p;
  int k = 0;
  while (p < tx->end && *p != '\n' && *p != '\r') {
    while (p < tx->end && (*p == ' ' || *p == '\t'))
      p++;
    if (p >= tx->end || *p == '\n' || *p == '\r')
      break;
    k++;
    while (p < tx->end && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
      p++;
  }
  return k;
}

sc_status sc_read_tns_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt) {
  sc_text tx;
  sc_encoding csf;
  int64_t *dc = NULL, dims[SC_MAX_RANK] = {0};
  unsigned char *val = NULL;
  size_t n = 0, cap_dc = 0, cap_val = 0, vs = sc_value_size(vt);
  int order;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!sc_value_type_valid(vt))
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "unknown value type %d",
                        (int)vt);
  if ((st = sc_text_read(&tx, in, name)))
    return st;
  sc_tns_skip_empty(&tx);
  if (sc_text_at_eof(&tx)) {
    if (!enc) {
      st = sc_text_error(&tx, SC_ERR_PARSE,
                         "no entries: the order of the tensor is unknown");
      sc_text_free(&tx);
      return st;
    }
    order = enc->dim_rank;
  } else {
    order = sc_tns_fields(&tx) - 1;
  }
  if (order < 1 || order > SC_MAX_RANK) {
    st = sc_text_error(&tx, SC_ERR_PARSE,
                       "an entry needs 2 to %d fields (coordinates then the "
                       "value), not %d",
                       SC_MAX_RANK + 1, order + 1);
    goto done;
  }
  if (!enc) {
    int64_t r = order;
    sc_encoding_named(&csf, "CSF", &r, 1);
    enc = &csf;
  }
  if (enc->dim_rank != order) {
    st = sc_text_error(&tx, SC_ERR_INVALID_ARGUMENT,
                       "the file holds an order-%d tensor; the encoding has "
                       "rank %d",
                       order, enc->dim_rank);
    goto done;
  }
  while (!sc_text_at_eof(&tx)) {
    int64_t c;
    if ((st = sc_grow((void **)&dc, &cap_dc, (n + 1) * (size_t)order,
                      sizeof(int64_t), "tensor entries")) ||
        (st = sc_grow((void **)&val, &cap_val, n + 1, vs, "tensor values")))
      goto done;
    for (int d = 0; d < order; d++) {
      if ((st = sc_text_int(&tx, &c, "coordinate")))
        goto done;
      if (c < 1) {
        st = sc_text_error(&tx, SC_ERR_OUT_OF_RANGE,
                           "coordinate %lld of mode %d: coordinates are "
                           "1-based",
                           (long long)c, d + 1);
        goto done;
      }
      dc[n * (size_t)order + (size_t)d] = c - 1;
      if (c > dims[d])
        dims[d] = c;
    }
    if ((st = sc_text_value(&tx, vt, val + n * vs)))
      goto done;
    if (!sc_text_end_line(&tx)) {
      st = sc_text_error(&tx, SC_ERR_PARSE,
                         "unexpected text after the value (expected %d "
                         "coordinates and a value)",
                         order);
      goto done;
    }
    n++;
    sc_tns_skip_empty(&tx);
  }
  st = sc_error_prefix(sc_tensor_from_parsed(out, enc, vt, dims, n, dc, val),
                       tx.name);
done:
  free(dc);
  free(val);
  sc_text_free(&tx);
  return st;
}

sc_status sc_read_tns(sc_tensor **out, const char *path,
                      const sc_encoding *enc, sc_value_type vt) {
  FILE *f;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!path)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "path is NULL");
  f = fopen(path, "rb");
  if (!f)
    return sc_set_error(SC_ERR_IO, "%s: cannot open for reading", path);
  st = sc_read_tns_stream(out, f, path, enc, vt);
  fclose(f);
  return st;
}

sc_status sc_write_tns(sc_tensor *t, const char *path) {
  FILE *f;
  sc_status st;
  if (!t || !path)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if ((st = sc_tensor_finalize(t)))
    return st;
  f = fopen(path, "wb");
  if (!f)
    return sc_set_error(SC_ERR_IO, "%s: cannot open for writing", path);
  st = sc_write_entries(t, f, NULL);
  if (fclose(f) != 0 && st == SC_OK)
    st = SC_ERR_IO;
  if (st == SC_ERR_IO)
    st = sc_set_error(SC_ERR_IO, "%s: write error", path);
  return st;
}
