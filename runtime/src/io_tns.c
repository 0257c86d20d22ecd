/* io_tns.c — FROSTT .tns reading and writing: one entry per line, 1-based
 * coordinates then the value; the order is the first entry's field count
 * minus one; dimension sizes are the largest coordinate of each mode. Lines
 * starting with '#' and blank lines are skipped. An entry line that does not
 * parse is said with its field count against the first entry's when they
 * differ. sc_read_tns_stream (internal) reads from an open stream;
 * sc_read_tns opens the file. */
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

/* What is wrong with the entry line starting at ls, when its fields are
 * not `order` coordinates and a value (the count of the first entry, on
 * line first_line), it holds a NUL byte, or a comment follows the entry:
 * that error; else st, the error the parse found. */
static sc_status sc_tns_line_error(sc_text *tx, const char *ls, int order,
                                   size_t first_line, sc_status st) {
  const char *comment;
  int nul, k = sc_text_line_fields(tx, ls, '#', &comment, &nul);
  if (nul)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "NUL byte in the line: not a text file");
  if (k != order + 1)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "the line has %d field%s; an entry of this order-%d "
                         "tensor has %d (%d coordinate%s and a value, as on "
                         "line %zu)",
                         k, k == 1 ? "" : "s", order, order + 1, order,
                         order == 1 ? "" : "s", first_line);
  if (comment)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "'#' after the entry: a comment takes a line of its "
                         "own");
  return st;
}

/* The storage of an encoding with a dense level grows with the sizes the
 * coordinates span, not the entries: when it cannot be had and a size
 * exceeds the n entries, the error names the line of the largest
 * coordinate. */
static sc_status sc_tns_size_error(sc_status st, const sc_text *tx, int order,
                                   const int64_t *dims,
                                   const size_t *max_line, size_t n,
                                   const sc_encoding *enc) {
  char msg[200], sizes[160];
  int dense = 0, big = 0;
  for (int l = 0; l < enc->lvl_rank; l++)
    dense |= enc->lvl_types[l].format == SC_LVL_DENSE;
  for (int d = 1; d < order; d++)
    if (dims[d] > dims[big])
      big = d;
  if ((st != SC_ERR_NO_MEMORY && st != SC_ERR_SIZE_OVERFLOW) || !dense ||
      (uint64_t)dims[big] <= n)
    return sc_error_prefix(st, tx->name);
  snprintf(msg, sizeof msg, "%s", sc_last_error());
  sc_format_coords(sizes, sizeof sizes, dims, order);
  return sc_set_error(st,
                      "%s:%zu: the sizes %s the largest coordinates give "
                      "(mode %d's on this line) do not fit the storage of the "
                      "encoding, which grows with them (%s); COO or CSF take "
                      "memory for the entries only",
                      tx->name, max_line[big], sizes, big + 1, msg);
}

sc_status sc_read_tns_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt) {
  sc_text tx;
  sc_encoding csf;
  int64_t *dc = NULL, dims[SC_MAX_RANK] = {0};
  unsigned char *val = NULL;
  size_t n = 0, cap_dc = 0, cap_val = 0, vs = sc_value_size(vt), first_line;
  size_t max_line[SC_MAX_RANK] = {0};
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
  first_line = tx.line;
  if (sc_text_at_eof(&tx)) {
    if (!enc) {
      st = sc_text_error(&tx, SC_ERR_PARSE,
                         "%s: the order of the tensor is unknown",
                         tx.len == 0 ? "empty file (no entries)" : "no entries");
      sc_text_free(&tx);
      return st;
    }
    order = enc->dim_rank;
  } else {
    const char *comment;
    int nul;
    order = sc_text_line_fields(&tx, tx.p, '#', &comment, &nul) - 1;
    if (nul) {
      st = sc_text_error(&tx, SC_ERR_PARSE,
                         "NUL byte in the line: not a text file");
      goto done;
    }
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
    const char *ls = tx.p;
    if ((st = sc_grow((void **)&dc, &cap_dc, (n + 1) * (size_t)order,
                      sizeof(int64_t), "tensor entries")) ||
        (st = sc_grow((void **)&val, &cap_val, n + 1, vs, "tensor values")))
      goto done;
    for (int d = 0; d < order; d++) {
      if ((st = sc_text_int(&tx, &c, "coordinate"))) {
        st = sc_tns_line_error(&tx, ls, order, first_line, st);
        goto done;
      }
      if (c < 1) {
        st = sc_text_error(&tx, SC_ERR_OUT_OF_RANGE,
                           "coordinate %lld of mode %d: coordinates are "
                           "1-based",
                           (long long)c, d + 1);
        goto done;
      }
      dc[n * (size_t)order + (size_t)d] = c - 1;
      if (c > dims[d]) {
        dims[d] = c;
        max_line[d] = tx.line;
      }
    }
    if ((st = sc_text_value(&tx, vt, val + n * vs))) {
      st = sc_tns_line_error(&tx, ls, order, first_line, st);
      goto done;
    }
    if (!sc_text_end_line(&tx)) {
      st = sc_tns_line_error(
          &tx, ls, order, first_line,
          sc_text_error(&tx, SC_ERR_PARSE,
                        "unexpected text after the value (expected %d "
                        "coordinates and a value)",
                        order));
      goto done;
    }
    n++;
    sc_tns_skip_empty(&tx);
  }
  st = sc_tensor_from_parsed(out, enc, vt, dims, n, dc, val);
  if (st)
    st = sc_tns_size_error(st, &tx, order, dims, max_line, n, enc);
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
