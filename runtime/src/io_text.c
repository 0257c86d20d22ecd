/* io_text.c — what the file readers share: the whole file in memory (a
 * read-only mapping for large regular files on Linux, else one read), a
 * cursor that counts lines, hand-written integer parsing, a fast double
 * parser (exact fast path, strtod for the rest), error messages carrying
 * "file:line", value printing, and building the tensor from the parsed
 * entries. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE /* fileno, mmap flags */
#endif
#include "sc_internal.h"

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

/* Files from this size on are mapped instead of read. */
#define SC_TEXT_MAP_MIN ((size_t)1 << 20)

/* Maps the regular file behind `in` read-only (from its start, as the
 * read below), followed by at least SC_TEXT_PAD zero bytes (the text's
 * terminator and room for 8-byte loads). An anonymous reservation longer
 * than the file is made first and the file mapped over its start, so the
 * bytes after the file are zeros whether or not the size is a multiple of
 * the page size. No copy
 * and no fresh memory to fault in. 1 on success; 0 when not possible
 * (small, not regular, not Linux, any failure): the caller reads. */
static int sc_text_map(sc_text *tx, FILE *in) {
#if defined(__linux__) && defined(MAP_ANONYMOUS) && defined(MAP_FIXED)
  struct stat sb;
  long page = sysconf(_SC_PAGESIZE);
  int fd = fileno(in);
  size_t len, total;
  void *base, *f;
  int flags = MAP_PRIVATE | MAP_FIXED;
  if (fd < 0 || page <= 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode) ||
      sb.st_size < 0 || (uint64_t)sb.st_size < SC_TEXT_MAP_MIN ||
      (uint64_t)sb.st_size > SIZE_MAX / 2)
    return 0;
  len = (size_t)sb.st_size;
  total = ((len + SC_TEXT_PAD) / (size_t)page + 1) * (size_t)page;
  base = mmap(NULL, total, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED)
    return 0;
#ifdef MAP_POPULATE
  flags |= MAP_POPULATE; /* page-cache pages mapped in one go */
#endif
  f = mmap(base, len, PROT_READ, flags, fd, 0);
  if (f == MAP_FAILED) {
    munmap(base, total);
    return 0;
  }
#ifdef MADV_SEQUENTIAL
  (void)madvise(base, len, MADV_SEQUENTIAL);
#endif
  tx->buf = base;
  tx->len = len;
  tx->map_len = total;
  return 1;
#else
  (void)tx;
  (void)in;
  return 0;
#endif
}

/* A UTF-8 byte order mark (some editors write one) is not text. */
static void sc_text_skip_bom(sc_text *tx) {
  if (tx->end - tx->p >= 3 && memcmp(tx->p, "\xef\xbb\xbf", 3) == 0)
    tx->p += 3;
}

/* Old Mac files end lines with a lone CR. Told by the first line's end:
 * then every lone CR becomes LF, so the readers see one line ending (CRLF
 * and LF files are read as they are). A mapped file is copied first: the
 * mapping is read-only. */
static sc_status sc_text_lone_cr(sc_text *tx) {
  const char *q = tx->p;
  char *w;
  size_t i, n = tx->len;
  while (q < tx->end && *q != '\n' && *q != '\r')
    q++;
  if (q >= tx->end || *q != '\r' || (q + 1 < tx->end && q[1] == '\n'))
    return SC_OK;
  if (tx->map_len) {
    char *copy = malloc(n + SC_TEXT_PAD + 1);
    size_t at = (size_t)(tx->p - tx->buf);
    if (!copy) {
      sc_text_free(tx);
      return sc_set_error(SC_ERR_NO_MEMORY,
                          "%s: out of memory for the file buffer", tx->name);
    }
    memcpy(copy, tx->buf, n);
    memset(copy + n, 0, SC_TEXT_PAD + 1);
    sc_text_free(tx);
    tx->buf = copy;
    tx->p = copy + at;
  }
  w = tx->buf;
  for (i = 0; i < n; i++)
    if (w[i] == '\r' && (i + 1 == n || w[i + 1] != '\n'))
      w[i] = '\n';
  tx->end = tx->buf + n;
  return SC_OK;
}

sc_status sc_text_read(sc_text *tx, FILE *in, const char *name) {
  size_t cap = 0, len = 0;
  char *buf = NULL;
  sc_status st;
  memset(tx, 0, sizeof *tx);
  tx->name = name ? name : "<stream>";
  if (!in)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "%s: stream is NULL",
                        tx->name);
  /* A regular file: mapped, or one read of its size; else grow as data
   * comes. (The seek comes first: it writes out what an update stream
   * still buffers, so the mapping sees it.) */
#if defined(__linux__)
  {
    struct stat sb;
    int fd = fileno(in);
    if (fd >= 0 && fstat(fd, &sb) == 0 && S_ISDIR(sb.st_mode))
      return sc_set_error(SC_ERR_IO, "%s: is a directory, not a file",
                          tx->name);
  }
#endif
  if (fseek(in, 0, SEEK_END) == 0) {
    long size;
    if (sc_text_map(tx, in)) {
      tx->p = tx->buf;
      tx->end = tx->buf + tx->len;
      tx->line = 1;
      sc_text_skip_bom(tx);
      return sc_text_lone_cr(tx);
    }
    size = ftell(in);
    if (size >= 0 && fseek(in, 0, SEEK_SET) == 0 &&
        (st = sc_grow((void **)&buf, &cap, (size_t)size + SC_TEXT_PAD + 2,
                      1, "file buffer")))
      return st;
  }
  for (;;) {
    size_t got;
    if (cap - len < 2 &&
        (st = sc_grow((void **)&buf, &cap, len + (1u << 16) + 1, 1,
                      "file buffer"))) {
      free(buf);
      return st;
    }
    got = fread(buf + len, 1, cap - len - 1, in);
    len += got;
    if (got == 0) {
      if (ferror(in)) {
        free(buf);
        return sc_set_error(SC_ERR_IO, "%s: read error", tx->name);
      }
      break;
    }
  }
  if (cap - len < SC_TEXT_PAD + 1 &&
      (st = sc_grow((void **)&buf, &cap, len + SC_TEXT_PAD + 1, 1,
                    "file buffer"))) {
    free(buf);
    return st;
  }
  memset(buf + len, 0, SC_TEXT_PAD + 1);
  tx->buf = buf;
  tx->len = len;
  tx->p = buf;
  tx->end = buf + len;
  tx->line = 1;
  sc_text_skip_bom(tx);
  return sc_text_lone_cr(tx);
}

void sc_text_free(sc_text *tx) {
#if defined(__linux__)
  if (tx->map_len) {
    munmap(tx->buf, tx->map_len);
    tx->buf = NULL;
    tx->map_len = 0;
    return;
  }
#endif
  free(tx->buf);
  tx->buf = NULL;
}

sc_status sc_text_error(const sc_text *tx, sc_status st, const char *fmt,
                        ...) {
  char msg[400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return sc_set_error(st, "%s:%zu: %s", tx->name, tx->line, msg);
}

static int sc_is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

void sc_text_skip_blanks(sc_text *tx) {
  while (tx->p < tx->end && sc_is_blank(*tx->p))
    tx->p++;
}

int sc_text_at_eof(const sc_text *tx) { return tx->p >= tx->end; }

int sc_text_end_line(sc_text *tx) {
  sc_text_skip_blanks(tx);
  if (tx->p >= tx->end)
    return 1;
  if (*tx->p == '\r')
    tx->p++;
  if (tx->p < tx->end && *tx->p == '\n') {
    tx->p++;
    tx->line++;
    return 1;
  }
  return tx->p >= tx->end;
}

void sc_text_skip_line(sc_text *tx) {
  const char *nl = memchr(tx->p, '\n', (size_t)(tx->end - tx->p));
  if (!nl) {
    tx->p = tx->end;
    return;
  }
  tx->p = nl + 1;
  tx->line++;
}

int sc_text_line_fields(const sc_text *tx, const char *ls, char comment,
                        const char **comment_at, int *nul) {
  const char *p = ls;
  int k = 0;
  *nul = 0;
  *comment_at = NULL;
  while (p < tx->end && *p != '\n' && *p != '\r') {
    while (p < tx->end && sc_is_blank(*p))
      p++;
    if (p >= tx->end || *p == '\n' || *p == '\r')
      break;
    if (comment && *p == comment) {
      *comment_at = p;
      break;
    }
    k++;
    while (p < tx->end && !sc_is_blank(*p) && *p != '\n' && *p != '\r') {
      *nul |= *p == '\0';
      p++;
    }
  }
  return k;
}

/* 0: parsed; 1: not an integer token; 2: overflow. */
static int sc_scan_int(const char *s, const char **endp, int64_t *v) {
  int neg = 0;
  uint64_t acc = 0, lim;
  const char *d;
  if (*s == '+' || *s == '-')
    neg = *s++ == '-';
  d = s;
  lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  while (*s >= '0' && *s <= '9') {
    unsigned dig = (unsigned)(*s - '0');
    if (acc > (lim - dig) / 10) {
      while (*s >= '0' && *s <= '9')
        s++;
      *endp = s;
      return sc_is_tok_end(*s) ? 2 : 1;
    }
    acc = acc * 10 + dig;
    s++;
  }
  *endp = s;
  if (s == d || !sc_is_tok_end(*s))
    return 1;
  *v = neg ? (int64_t)(0 - acc) : (int64_t)acc;
  return 0;
}

/* An unsigned decimal token up to UINT64_MAX into *out (a uint64_t);
 * 0 when it is not one or does not fit. */
static int sc_scan_u64(const char *s, const char **endp, void *out) {
  uint64_t acc = 0;
  const char *d;
  if (*s == '+')
    s++;
  d = s;
  while (*s >= '0' && *s <= '9') {
    unsigned dig = (unsigned)(*s - '0');
    if (acc > (UINT64_MAX - dig) / 10)
      return 0;
    acc = acc * 10 + dig;
    s++;
  }
  if (s == d || !sc_is_tok_end(*s))
    return 0;
  *endp = s;
  memcpy(out, &acc, sizeof acc);
  return 1;
}

/* Characters byte c takes in a quoted token: 1, or 4 as \xNN. */
static size_t sc_token_char_len(unsigned char c) {
  return c < 0x21 || c > 0x7e ? 4 : 1;
}

/* The token at s as a message quotes it: printable ASCII as is, other
 * bytes as \xNN (a binary file's bytes are not text for a terminal), cut
 * with "..." when it does not fit in buf (size >= 8). */
static void sc_token_text(const char *s, char *buf, size_t size) {
  static const char hex[] = "0123456789abcdef";
  size_t k = 0, full = 0, room;
  for (const char *q = s; !sc_is_tok_end(*q) && full < size; q++)
    full += sc_token_char_len((unsigned char)*q);
  room = full < size ? size - 1 : size - 4; /* the NUL, and "..." if cut */
  for (; !sc_is_tok_end(*s); s++) {
    unsigned char c = (unsigned char)*s;
    if (k + sc_token_char_len(c) > room)
      break;
    if (sc_token_char_len(c) == 4) {
      buf[k++] = '\\';
      buf[k++] = 'x';
      buf[k++] = hex[c >> 4];
      buf[k++] = hex[c & 15];
    } else {
      buf[k++] = (char)c;
    }
  }
  if (full >= size) {
    memcpy(buf + k, "...", 3);
    k += 3;
  }
  buf[k] = '\0';
}

sc_status sc_text_int(sc_text *tx, int64_t *v, const char *what) {
  const char *e;
  int r;
  sc_text_skip_blanks(tx);
  if (tx->p >= tx->end || *tx->p == '\n' || *tx->p == '\r')
    return sc_text_error(tx, SC_ERR_PARSE, "missing %s", what);
  r = sc_scan_int(tx->p, &e, v);
  if (r) {
    char tok[48];
    sc_token_text(tx->p, tok, sizeof tok);
    return sc_text_error(tx, SC_ERR_PARSE, "%s '%s' is %s", what, tok,
                         r == 2 ? "too large" : "not an integer");
  }
  tx->p = e;
  return SC_OK;
}

const double sc_pow10_table[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

sc_status sc_text_double(sc_text *tx, double *v, const char *what) {
  const char *start, *end;
  sc_text_skip_blanks(tx);
  start = tx->p;
  if (start >= tx->end || *start == '\n' || *start == '\r')
    return sc_text_error(tx, SC_ERR_PARSE, "missing %s", what);
  if (sc_fast_double(start, &end, v)) {
    tx->p = end;
    return SC_OK;
  }
  {
    /* Slow path: long mantissas, large exponents, inf and nan. */
    char *e;
    double x = strtod(start, &e);
    if (e == start || !sc_is_tok_end(*e)) {
      char tok[48];
      sc_token_text(start, tok, sizeof tok);
      return sc_text_error(tx, SC_ERR_PARSE, "%s '%s' is not a number", what,
                           tok);
    }
    *v = x;
    tx->p = e;
  }
  return SC_OK;
}

sc_status sc_text_value(sc_text *tx, sc_value_type vt, void *out) {
  sc_status st;
  if (vt == SC_F64 || vt == SC_F32) {
    double x;
    if ((st = sc_text_double(tx, &x, "value")))
      return st;
    if (vt == SC_F64) {
      memcpy(out, &x, sizeof x);
    } else {
      float f = (float)x;
      memcpy(out, &f, sizeof f);
    }
    return SC_OK;
  } else {
    int64_t i;
    const char *e;
    int r;
    sc_text_skip_blanks(tx);
    if ((r = sc_scan_int(tx->p, &e, &i)) == 0) {
      tx->p = e;
    } else if (r == 2 && vt == SC_U64 && sc_scan_u64(tx->p, &e, out)) {
      tx->p = e; /* above INT64_MAX */
      return SC_OK;
    } else if (r == 2) {
      char tok[48];
      sc_token_text(tx->p, tok, sizeof tok);
      return sc_text_error(tx, SC_ERR_PARSE,
                           "value '%s' does not fit a %d-bit integer", tok,
                           (int)sc_value_size(vt) * 8);
    } else {
      double x;
      const char *save = tx->p;
      if ((st = sc_text_double(tx, &x, "value")))
        return st;
      if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0) ||
          x != (double)(int64_t)x) {
        char tok[48];
        sc_token_text(save, tok, sizeof tok);
        return sc_text_error(tx, SC_ERR_PARSE,
                             "value '%s' is not an integer (the tensor "
                             "holds integers)",
                             tok);
      }
      i = (int64_t)x;
    }
    if (!sc_val_from_int(vt, i, out))
      return sc_text_error(tx, SC_ERR_PARSE,
                           "value %lld does not fit the tensor's %s%d-bit "
                           "integers", (long long)i,
                           sc_value_type_unsigned(vt) ? "unsigned " : "",
                           (int)sc_value_size(vt) * 8);
    return SC_OK;
  }
}

sc_status sc_text_int_value(sc_text *tx, sc_value_type vt, void *out) {
  const char *p;
  sc_text_skip_blanks(tx);
  p = tx->p;
  if (p < tx->end && (*p == '+' || *p == '-'))
    p++;
  if (tx->p < tx->end && *tx->p != '\n' && *tx->p != '\r') {
    const char *d = p;
    while (p < tx->end && *p >= '0' && *p <= '9')
      p++;
    if (p == d || (p < tx->end && !sc_is_tok_end(*p))) {
      char tok[48];
      sc_token_text(tx->p, tok, sizeof tok);
      return sc_text_error(tx, SC_ERR_PARSE,
                           "value '%s' is not an integer (the file's field "
                           "is integer)",
                           tok);
    }
  }
  return sc_text_value(tx, vt, out); /* (a missing value is said there) */
}

int sc_fprint_value(FILE *out, sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: {
    double x;
    memcpy(&x, v, sizeof x);
    return fprintf(out, "%.17g", x);
  }
  case SC_F32: {
    float x;
    memcpy(&x, v, sizeof x);
    return fprintf(out, "%.9g", (double)x);
  }
  default:
    if (sc_value_type_unsigned(vt))
      return fprintf(out, "%llu", (unsigned long long)sc_val_to_u64(vt, v));
    if (sc_value_type_integer(vt))
      return fprintf(out, "%lld", (long long)sc_val_to_i64(vt, v));
    return -1;
  }
}

sc_status sc_tensor_from_parsed(sc_tensor **out, const sc_encoding *enc,
                                sc_value_type vt, const int64_t *dims,
                                size_t n, const int64_t *dc,
                                const void *vals) {
  sc_tensor *t = NULL;
  sc_status st = sc_tensor_new(&t, enc, vt, dims);
  if (st)
    return st;
  if ((st = sc_assemble(t, dc, vals, n, SC_DUP_SUM, 0, n))) {
    sc_tensor_free(t);
    return st;
  }
  *out = t;
  return SC_OK;
}
