/* error.c — the thread-local last-error message, status names, sc_fail
 * (the one function that exits; only generated code calls it) and the
 * note of generated code's dense fallback. */
#include "sc_internal.h"

#include <stdio.h>
#include <stdlib.h>

#define SC_ERROR_CAP 512

static _Thread_local char sc_error_buf[SC_ERROR_CAP];

const char *sc_last_error(void) { return sc_error_buf; }

sc_status sc_set_error(sc_status status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(sc_error_buf, sizeof sc_error_buf, fmt, ap);
  va_end(ap);
  return status;
}

sc_status sc_error_prefix(sc_status status, const char *name) {
  char msg[SC_ERROR_CAP];
  size_t n, k;
  int w;
  if (status == SC_OK || !name)
    return status;
  memcpy(msg, sc_error_buf, sizeof msg);
  msg[SC_ERROR_CAP - 1] = '\0';
  w = snprintf(sc_error_buf, sizeof sc_error_buf, "%.256s: ", name);
  n = w < 0 ? 0 : (size_t)w;
  for (k = 0; msg[k] && n + 1 < sizeof sc_error_buf; k++)
    sc_error_buf[n++] = msg[k];
  sc_error_buf[n] = '\0';
  return status;
}

const char *sc_status_name(sc_status status) {
  switch (status) {
  case SC_OK: return "SC_OK";
  case SC_ERR_INVALID_ARGUMENT: return "SC_ERR_INVALID_ARGUMENT";
  case SC_ERR_BAD_ENCODING: return "SC_ERR_BAD_ENCODING";
  case SC_ERR_OUT_OF_RANGE: return "SC_ERR_OUT_OF_RANGE";
  case SC_ERR_DUPLICATE: return "SC_ERR_DUPLICATE";
  case SC_ERR_WIDTH_OVERFLOW: return "SC_ERR_WIDTH_OVERFLOW";
  case SC_ERR_SIZE_OVERFLOW: return "SC_ERR_SIZE_OVERFLOW";
  case SC_ERR_NO_MEMORY: return "SC_ERR_NO_MEMORY";
  case SC_ERR_IO: return "SC_ERR_IO";
  case SC_ERR_PARSE: return "SC_ERR_PARSE";
  case SC_ERR_UNSUPPORTED: return "SC_ERR_UNSUPPORTED";
  }
  return "SC_ERR_UNKNOWN";
}

void sc_fail(sc_status status, const char *where) {
  const char *msg = sc_error_buf[0] ? sc_error_buf : sc_status_name(status);
  fprintf(stderr, "sparsecc runtime: %s: %s\n", where ? where : "?", msg);
  exit(1);
}

void sc_dense_fallback(sc_status status, const char *where, int *told) {
  if (told && *told) return;
  if (told) *told = 1;
  const char *msg = sc_error_buf[0] ? sc_error_buf : sc_status_name(status);
  fprintf(stderr, "sparsecc runtime: %s: %s; the loop runs as written (dense)\n",
          where ? where : "?", msg);
}
