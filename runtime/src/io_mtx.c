/* io_mtx.c — Matrix Market reading and writing. Reading: the whole file in
 * memory, header and size line checked, entries parsed by hand (1-based,
 * range-checked, symmetric and skew-symmetric mirrored), then one assembly
 * (counting sort into CSR by default). Every malformed input is an error
 * naming the file and line. Writing: coordinate real/integer general. */
#include "sc_internal.h"

#include <ctype.h>
#include <stdlib.h>

enum { MM_GENERAL, MM_SYMMETRIC, MM_SKEW };

static int sc_word_eq(const char *a, size_t n, const char *b) {
  if (strlen(b) != n)
    return 0;
  for (size_t i = 0; i < n; i++)
    if (tolower((unsigned char)a[i]) != b[i])
      return 0;
  return 1;
}

/* Next blank-separated word of the current line: [*w, *w + *n). */
static int sc_next_word(sc_text *tx, const char **w, size_t *n) {
  sc_text_skip_blanks(tx);
  *w = tx->p;
  while (tx->p < tx->end && *tx->p != '\n' && *tx->p != '\r' &&
         *tx->p != ' ' && *tx->p != '\t')
    tx->p++;
  *n = (size_t)(tx->p - *w);
  return *n > 0;
}

/* Parsed entries (0-based). When both sizes are <= 2^32 the coordinates
 * are packed as i << 32 | j (8 bytes an entry instead of 16), which CSR
 * and CSC assembly take directly. */
typedef struct sc_mm_entries {
  int64_t *dc;  /* coordinate pairs (not packed) */
  uint64_t *pk; /* packed coordinates */
  unsigned char *val;
  size_t n, cap_dc, cap_val;
  int packed;
} sc_mm_entries;

static sc_status sc_mm_reserve(sc_mm_entries *e, size_t need, size_t vs) {
  sc_status st;
  if (e->packed)
    st = sc_grow((void **)&e->pk, &e->cap_dc, need, sizeof(uint64_t),
                 "matrix entries");
  else
    st = sc_grow((void **)&e->dc, &e->cap_dc, 2 * need, sizeof(int64_t),
                 "matrix entries");
  if (st)
    return st;
  return sc_grow((void **)&e->val, &e->cap_val, need, vs, "matrix values");
}

static inline void sc_mm_put(sc_mm_entries *e, int64_t i, int64_t j,
                             const void *v, size_t vs) {
  if (e->packed) {
    e->pk[e->n] = (uint64_t)i << 32 | (uint64_t)j;
  } else {
    e->dc[2 * e->n] = i;
    e->dc[2 * e->n + 1] = j;
  }
  if (vs == 8) /* constant sizes: no library call per entry */
    memcpy(e->val + e->n * 8, v, 8);
  else if (vs == 4)
    memcpy(e->val + e->n * 4, v, 4);
  else
    memcpy(e->val + e->n * vs, v, vs);
  e->n++;
}

/* ---- digits eight at a time (SWAR) ----
 * The text is followed by SC_TEXT_PAD zero bytes, so 8 bytes can be loaded
 * at any position up to the end. Little-endian only (the first character
 * in the low byte); elsewhere the byte-wise loops below do the work. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ &&  \
    (defined(__GNUC__) || defined(__clang__))
#define SC_MM_SWAR 1

/* The leading digits of the 8 bytes at s: their count (0-8) and value. */
static inline int sc_mm_digits8(const char *s, uint64_t *v) {
  uint64_t w, x, nd;
  int n;
  memcpy(&w, s, 8);
  x = w ^ 0x3030303030303030ull; /* digits become bytes 0..9 */
  /* a byte > 9 gets its high bit (carries only reach later bytes) */
  nd = ((x + 0x7676767676767676ull) | x) & 0x8080808080808080ull;
  n = nd ? __builtin_ctzll(nd) >> 3 : 8;
  *v = 0;
  if (n == 0)
    return 0;
  x <<= 8 * (8 - n); /* the digits at the top; zeros before them */
  x = x * 10 + (x >> 8);
  x = (((x & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
       (((x >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >>
      32;
  *v = x;
  return n;
}

/* A run of at most 19 digits at s: its value, *n digits; 0 when longer. */
static inline const char *sc_mm_digit_run(const char *s, uint64_t *v,
                                          int *n) {
  static const uint64_t p10[9] = {1,      10,      100,      1000,     10000,
                                  100000, 1000000, 10000000, 100000000};
  uint64_t x = 0, y = 0;
  int k = sc_mm_digits8(s, &x), m = k;
  while (k == 8) {
    k = sc_mm_digits8(s + m, &y);
    if (m + k > 19)
      return NULL;
    x = x * p10[k] + y;
    m += k;
  }
  *v = x;
  *n = m;
  return s + m;
}
#endif

/* Unsigned decimal of at most 18 digits at s, followed by a token end;
 * 0 if s holds anything else. */
static inline const char *sc_mm_uint(const char *s, int64_t *v) {
#ifdef SC_MM_SWAR
  uint64_t x;
  int n;
  if (!(s = sc_mm_digit_run(s, &x, &n)) || n == 0 || n > 18 ||
      !sc_is_tok_end(*s))
    return NULL;
  *v = (int64_t)x;
  return s;
#else
  int64_t x = 0;
  const char *d = s;
  while (*s >= '0' && *s <= '9' && s - d < 18)
    x = x * 10 + (*s++ - '0');
  if (s == d || !sc_is_tok_end(*s))
    return NULL;
  *v = x;
  return s;
#endif
}

/* The common decimal value "[-]digits[.digits]" with at most 19 digits in
 * all, mantissa <= 2^53 and at most 22 after the point, ending a token:
 * mantissa / 10^k, one correctly rounded division of exact operands, as
 * sc_fast_double computes it. Anything else (exponents, long mantissas)
 * goes to sc_fast_double. */
static inline int sc_mm_double(const char *s, const char **end, double *v) {
#ifdef SC_MM_SWAR
  const char *q = s;
  uint64_t ip = 0, fp = 0;
  int neg = *q == '-', ni = 0, nf = 0;
  q += neg;
  if (!(q = sc_mm_digit_run(q, &ip, &ni)))
    return sc_fast_double(s, end, v);
  if (*q == '.' && !(q = sc_mm_digit_run(q + 1, &fp, &nf)))
    return sc_fast_double(s, end, v);
  if (ni + nf == 0 || ni + nf > 19 || nf > 22 || !sc_is_tok_end(*q))
    return sc_fast_double(s, end, v);
  {
    static const uint64_t p10[20] = {1ull,
                                     10ull,
                                     100ull,
                                     1000ull,
                                     10000ull,
                                     100000ull,
                                     1000000ull,
                                     10000000ull,
                                     100000000ull,
                                     1000000000ull,
                                     10000000000ull,
                                     100000000000ull,
                                     1000000000000ull,
                                     10000000000000ull,
                                     100000000000000ull,
                                     1000000000000000ull,
                                     10000000000000000ull,
                                     100000000000000000ull,
                                     1000000000000000000ull,
                                     10000000000000000000ull};
    uint64_t m = ip * p10[nf] + fp; /* < 10^19: no overflow */
    double x;
    if (m > (1ull << 53))
      return sc_fast_double(s, end, v);
    x = (double)m / sc_pow10_table[nf];
    *v = neg ? -x : x;
    *end = q;
    return 1;
  }
#else
  return sc_fast_double(s, end, v);
#endif
}

/* The common entry line, parsed without calls: "i j value" (or "i j" for
 * pattern) of plain digits, a value sc_fast_double takes exactly (f64 and
 * f32) or a plain integer (integer types, and every type when `integer`:
 * the file's field is integer), blanks, then a newline, "\r\n" or the end
 * of the buffer (buf_end). Sets *end past the newline; 0 when the line
 * needs the checked path (which reports errors with their line). The
 * caller checks ranges. */
static inline int sc_mm_fast_entry(const char *p, const char *buf_end,
                                   int pattern, int integer, sc_value_type vt,
                                   int64_t *i, int64_t *j, unsigned char *v,
                                   const char **end) {
  if (!(p = sc_mm_uint(p, i)))
    return 0;
  while (*p == ' ' || *p == '\t')
    p++;
  if (!(p = sc_mm_uint(p, j)))
    return 0;
  while (*p == ' ' || *p == '\t')
    p++;
  if (pattern) {
    sc_val_set_one(vt, v);
  } else if (vt == SC_F64 || vt == SC_F32) {
    double x;
    if (integer) {
      const char *q = p + (*p == '-');
      while (*q >= '0' && *q <= '9')
        q++;
      if (q == p + (*p == '-') || !sc_is_tok_end(*q))
        return 0;
    }
    if (!sc_mm_double(p, &p, &x))
      return 0;
    if (vt == SC_F64) {
      memcpy(v, &x, 8);
    } else {
      float f = (float)x;
      memcpy(v, &f, 4);
    }
    while (*p == ' ' || *p == '\t')
      p++;
  } else {
    int64_t x;
    int neg = *p == '-';
    if (!(p = sc_mm_uint(p + neg, &x)))
      return 0;
    x = neg ? -x : x;
    if (!sc_val_from_int(vt, x, v))
      return 0;
    while (*p == ' ' || *p == '\t')
      p++;
  }
  if (*p == '\r')
    p++;
  if (*p == '\n')
    p++;
  else if (p != buf_end)
    return 0;
  *end = p;
  return 1;
}

/* Skips blank lines and '%' comment lines between data lines (files
 * written by other tools put comments after the size line or at the end). */
static void sc_mm_skip_empty(sc_text *tx) {
  for (;;) {
    sc_text_skip_blanks(tx);
    if (tx->p < tx->end && (*tx->p == '\n' || *tx->p == '\r'))
      sc_text_end_line(tx);
    else if (tx->p < tx->end && *tx->p == '%')
      sc_text_skip_line(tx);
    else
      break;
  }
}

/* What is wrong with the line starting at ls, which should hold `want`
 * fields (`line` names the line, `fields` its fields), when it holds
 * another count, a NUL byte or a comment after its fields: that error;
 * else st, the error the parse found. */
static sc_status sc_mm_line_error(sc_text *tx, const char *ls, int want,
                                  const char *line, const char *fields,
                                  sc_status st) {
  const char *comment;
  int nul, k = sc_text_line_fields(tx, ls, '%', &comment, &nul);
  if (nul)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "NUL byte in the line: not a text file");
  if (k != want)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "the line has %d field%s; %s has %d (%s)", k,
                         k == 1 ? "" : "s", line, want, fields);
  if (comment)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "'%%' after the data: a comment takes a line of its "
                         "own");
  return st;
}

static sc_status sc_mtx_parse(sc_text *tx, sc_value_type vt, int64_t *dims,
                              size_t *size_line, sc_mm_entries *E) {
  const char *w;
  size_t n;
  int coordinate, pattern, integer, sym;
  int64_t rows, cols, nnz = 0;
  size_t vs = sc_value_size(vt);
  const char *ls, *size_fields, *entry_fields;
  unsigned char v[8];
  sc_status st;

  /* Header: %%MatrixMarket matrix <format> <field> <symmetry> */
  for (w = tx->p; w < tx->end && isspace((unsigned char)*w); w++)
    ;
  if (w == tx->end)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "empty file (a Matrix Market file starts with a "
                         "%%%%MatrixMarket header line)");
  if (!sc_next_word(tx, &w, &n) || !sc_word_eq(w, n, "%%matrixmarket"))
    return sc_text_error(tx, SC_ERR_PARSE,
                         "not a Matrix Market file (the first line must "
                         "start with %%%%MatrixMarket)");
  if (!sc_next_word(tx, &w, &n))
    return sc_text_error(tx, SC_ERR_PARSE, "bad header: missing object "
                                           "('matrix')");
  if (!sc_word_eq(w, n, "matrix"))
    return sc_text_error(tx, SC_ERR_PARSE,
                         "bad header: object '%.*s' is not 'matrix'", (int)n,
                         w);
  if (!sc_next_word(tx, &w, &n))
    return sc_text_error(tx, SC_ERR_PARSE, "bad header: missing format");
  if (sc_word_eq(w, n, "coordinate"))
    coordinate = 1;
  else if (sc_word_eq(w, n, "array"))
    coordinate = 0;
  else
    return sc_text_error(tx, SC_ERR_PARSE,
                         "bad header: format '%.*s' is not coordinate or "
                         "array",
                         (int)n, w);
  if (!sc_next_word(tx, &w, &n))
    return sc_text_error(tx, SC_ERR_PARSE, "bad header: missing field");
  if (sc_word_eq(w, n, "complex"))
    return sc_text_error(tx, SC_ERR_UNSUPPORTED,
                         "complex matrices are not supported (real, integer "
                         "or pattern only)");
  integer = sc_word_eq(w, n, "integer");
  if (sc_word_eq(w, n, "real") || sc_word_eq(w, n, "double") || integer)
    pattern = 0;
  else if (sc_word_eq(w, n, "pattern"))
    pattern = 1;
  else
    return sc_text_error(tx, SC_ERR_PARSE, "bad header: unknown field '%.*s'",
                         (int)n, w);
  if (!sc_next_word(tx, &w, &n))
    return sc_text_error(tx, SC_ERR_PARSE, "bad header: missing symmetry");
  if (sc_word_eq(w, n, "general"))
    sym = MM_GENERAL;
  else if (sc_word_eq(w, n, "symmetric"))
    sym = MM_SYMMETRIC;
  else if (sc_word_eq(w, n, "skew-symmetric"))
    sym = MM_SKEW;
  else if (sc_word_eq(w, n, "hermitian"))
    return sc_text_error(tx, SC_ERR_UNSUPPORTED,
                         "hermitian matrices are not supported (they are "
                         "complex)");
  else
    return sc_text_error(tx, SC_ERR_PARSE,
                         "bad header: unknown symmetry '%.*s'", (int)n, w);
  if (pattern && !coordinate)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "bad header: pattern needs the coordinate format");
  if (pattern && sym == MM_SKEW)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "bad header: a pattern matrix cannot be "
                         "skew-symmetric");
  if (!sc_text_end_line(tx))
    return sc_text_error(tx, SC_ERR_PARSE, "bad header: extra text");

  /* Comments and blank lines, then the size line. */
  for (;;) {
    sc_text_skip_blanks(tx);
    if (sc_text_at_eof(tx))
      return sc_text_error(tx, SC_ERR_PARSE,
                           "truncated file: missing the size line");
    if (*tx->p == '%' || *tx->p == '\n' || *tx->p == '\r')
      sc_text_skip_line(tx);
    else
      break;
  }
  ls = tx->p;
  *size_line = tx->line;
  size_fields = coordinate ? "rows, columns and entries" : "rows and columns";
  if ((st = sc_text_int(tx, &rows, "row count")) ||
      (st = sc_text_int(tx, &cols, "column count")) ||
      (coordinate && (st = sc_text_int(tx, &nnz, "entry count"))))
    return sc_mm_line_error(tx, ls, coordinate ? 3 : 2, "the size line",
                            size_fields, st);
  if (rows < 0 || cols < 0 || nnz < 0)
    return sc_text_error(tx, SC_ERR_PARSE, "negative size on the size line");
  if (sym != MM_GENERAL && rows != cols)
    return sc_text_error(tx, SC_ERR_PARSE,
                         "a %s matrix must be square, not %lld x %lld",
                         sym == MM_SKEW ? "skew-symmetric" : "symmetric",
                         (long long)rows, (long long)cols);
  if (!sc_text_end_line(tx))
    return sc_mm_line_error(tx, ls, coordinate ? 3 : 2, "the size line",
                            size_fields,
                            sc_text_error(tx, SC_ERR_PARSE,
                                          "size line: expected %s numbers",
                                          coordinate ? "3" : "2"));
  dims[0] = rows;
  dims[1] = cols;
  entry_fields = pattern ? "row and column index" : "row index, column index and value";
  E->packed = (uint64_t)rows <= ((uint64_t)1 << 32) &&
              (uint64_t)cols <= ((uint64_t)1 << 32);

  if (coordinate) {
    size_t cap = (size_t)nnz;
    if (sym != MM_GENERAL && !sc_mul_sz(cap, 2, &cap))
      return sc_set_error(SC_ERR_SIZE_OVERFLOW, "%s: too many entries",
                          tx->name);
    /* Reserve what the file declares, capped by what its size can hold. */
    if (cap > tx->len + 1)
      cap = tx->len + 1;
    if ((st = sc_mm_reserve(E, cap, vs)))
      return st;
    for (int64_t k = 0;; k++) {
      int64_t i, j;
      const char *q;
      /* Fast path: "i j [value]" of plain digits and a decimal value
       * ending the line. Anything else (signs, huge numbers, inf, comments,
       * errors) is parsed again by the checked path below. */
      if (k < nnz &&
          sc_mm_fast_entry(tx->p, tx->end, pattern, integer, vt, &i, &j, v,
                           &q) &&
          i >= 1 && i <= rows && j >= 1 && j <= cols &&
          !(sym == MM_SKEW && i == j)) {
        tx->p = q;
        tx->line++;
      } else {
        /* Blank and comment lines are tolerated between entries. */
        sc_mm_skip_empty(tx);
        if (sc_text_at_eof(tx)) {
          if (k < nnz)
            return sc_text_error(tx, SC_ERR_PARSE,
                                 "truncated file: %lld entries declared, "
                                 "%lld found",
                                 (long long)nnz, (long long)k);
          break;
        }
        if (k >= nnz)
          return sc_text_error(tx, SC_ERR_PARSE,
                               "more entries than the %lld declared on the "
                               "size line",
                               (long long)nnz);
        ls = tx->p;
        if ((st = sc_text_int(tx, &i, "row index")) ||
            (st = sc_text_int(tx, &j, "column index")))
          return sc_mm_line_error(tx, ls, pattern ? 2 : 3, "an entry",
                                  entry_fields, st);
        if (i < 1 || i > rows || j < 1 || j > cols)
          return sc_text_error(tx, SC_ERR_OUT_OF_RANGE,
                               "entry (%lld, %lld) is outside the %lld x "
                               "%lld matrix (indices are 1-based)",
                               (long long)i, (long long)j, (long long)rows,
                               (long long)cols);
        if (pattern)
          sc_val_set_one(vt, v);
        else if ((st = integer ? sc_text_int_value(tx, vt, v)
                               : sc_text_value(tx, vt, v)))
          return sc_mm_line_error(tx, ls, 3, "an entry", entry_fields, st);
        if (sym == MM_SKEW && i == j && !sc_val_equals_zero(vt, v))
          return sc_text_error(tx, SC_ERR_PARSE,
                               "skew-symmetric matrix with a nonzero "
                               "diagonal entry (%lld, %lld)",
                               (long long)i, (long long)j);
        if (!sc_text_end_line(tx))
          return sc_mm_line_error(tx, ls, pattern ? 2 : 3, "an entry",
                                  entry_fields,
                                  sc_text_error(tx, SC_ERR_PARSE,
                                                "unexpected text after the "
                                                "entry"));
      }
      if (E->n + 2 > E->cap_val && (st = sc_mm_reserve(E, E->n + 2, vs)))
        return st;
      sc_mm_put(E, i - 1, j - 1, v, vs);
      if (sym != MM_GENERAL && i != j) {
        if (sym == MM_SKEW)
          sc_val_negate(vt, v);
        sc_mm_put(E, j - 1, i - 1, v, vs);
      }
    }
  } else {
    /* Array: column-major; symmetric files hold the lower triangle. Each
     * value read consumes a line, so the loops end with the file; without
     * rows there is nothing to read, whatever the column count. */
    for (int64_t j = 0; j < cols && rows > 0; j++) {
      int64_t i0 = sym == MM_GENERAL ? 0 : sym == MM_SYMMETRIC ? j : j + 1;
      for (int64_t i = i0; i < rows; i++) {
        sc_mm_skip_empty(tx);
        if (sc_text_at_eof(tx))
          return sc_text_error(tx, SC_ERR_PARSE,
                               "truncated file: array data ends before "
                               "entry (%lld, %lld)",
                               (long long)i + 1, (long long)j + 1);
        ls = tx->p;
        if ((st = integer ? sc_text_int_value(tx, vt, v)
                          : sc_text_value(tx, vt, v)))
          return sc_mm_line_error(tx, ls, 1, "a data line of an array file",
                                  "one value", st);
        if (!sc_text_end_line(tx))
          return sc_mm_line_error(tx, ls, 1, "a data line of an array file",
                                  "one value",
                                  sc_text_error(tx, SC_ERR_PARSE,
                                                "unexpected text after the "
                                                "value"));
        if (sc_val_is_zero(vt, v))
          continue;
        if ((st = sc_mm_reserve(E, E->n + 2, vs)))
          return st;
        sc_mm_put(E, i, j, v, vs);
        if (sym != MM_GENERAL && i != j) {
          if (sym == MM_SKEW)
            sc_val_negate(vt, v);
          sc_mm_put(E, j, i, v, vs);
        }
      }
    }
    sc_mm_skip_empty(tx);
    if (!sc_text_at_eof(tx))
      return sc_text_error(tx, SC_ERR_PARSE,
                           "more values than the %lld x %lld array holds",
                           (long long)rows, (long long)cols);
  }
  return SC_OK;
}

/* The tensor of packed entries: CSR and CSC straight from the keys, other
 * encodings from coordinate pairs (as sc_tensor_from_parsed). */
static sc_status sc_mm_assemble_packed(sc_tensor **out,
                                       const sc_encoding *enc,
                                       sc_value_type vt, const int64_t *dims,
                                       sc_mm_entries *E) {
  sc_tensor *t = NULL;
  sc_status st = sc_tensor_new(&t, enc, vt, dims);
  if (st)
    return st;
  if (sc_csr_fast_applies(t)) {
    st = sc_assemble_csr_packed(t, E->pk, E->val, E->n, SC_DUP_SUM);
  } else if ((st = sc_alloc((void **)&E->dc, E->n, 2 * sizeof *E->dc, 0,
                            "matrix entries")) == SC_OK) {
    for (size_t k = 0; k < E->n; k++) {
      E->dc[2 * k] = (int64_t)(E->pk[k] >> 32);
      E->dc[2 * k + 1] = (int64_t)(E->pk[k] & 0xffffffffu);
    }
    free(E->pk);
    E->pk = NULL;
    st = sc_assemble(t, E->dc, E->val, E->n, SC_DUP_SUM, 0, E->n);
  }
  if (st) {
    sc_tensor_free(t);
    return st;
  }
  *out = t;
  return SC_OK;
}

/* The storage of an encoding with a dense level grows with the sizes, not
 * the entries (CSR: a position per row): when it cannot be had and a size
 * exceeds the n entries, the error names the size line and the way out. */
static sc_status sc_mm_size_error(sc_status st, const sc_text *tx,
                                  size_t line, const int64_t *dims, size_t n,
                                  const sc_encoding *enc) {
  char msg[256];
  int dense = 0;
  for (int l = 0; l < enc->lvl_rank; l++)
    dense |= enc->lvl_types[l].format == SC_LVL_DENSE;
  if ((st != SC_ERR_NO_MEMORY && st != SC_ERR_SIZE_OVERFLOW) || !dense ||
      ((uint64_t)dims[0] <= n && (uint64_t)dims[1] <= n))
    return sc_error_prefix(st, tx->name);
  snprintf(msg, sizeof msg, "%s", sc_last_error());
  return sc_set_error(st,
                      "%s:%zu: the %lld x %lld matrix of the size line does "
                      "not fit the storage of its encoding, which grows with "
                      "the sizes (%s); DCSR or COO take memory for the "
                      "entries only",
                      tx->name, line, (long long)dims[0], (long long)dims[1],
                      msg);
}

sc_status sc_read_mtx_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt) {
  sc_text tx;
  sc_mm_entries E;
  sc_encoding csr;
  int64_t dims[2] = {0, 0};
  size_t size_line = 0;
  int parsed;
  sc_status st;
  if (!out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "out is NULL");
  *out = NULL;
  if (!sc_value_type_valid(vt))
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "unknown value type %d",
                        (int)vt);
  if (!enc) {
    sc_encoding_named(&csr, "CSR", NULL, 0);
    enc = &csr;
  }
  if (enc->dim_rank != 2)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "%s: a Matrix Market file holds a matrix; the "
                        "encoding has rank %d",
                        name ? name : "<stream>", enc->dim_rank);
  if ((st = sc_text_read(&tx, in, name)))
    return st;
  memset(&E, 0, sizeof E);
  st = sc_mtx_parse(&tx, vt, dims, &size_line, &E);
  parsed = st == SC_OK;
  if (st == SC_OK && !E.packed)
    st = sc_tensor_from_parsed(out, enc, vt, dims, E.n, E.dc, E.val);
  else if (st == SC_OK)
    st = sc_mm_assemble_packed(out, enc, vt, dims, &E);
  if (st && parsed)
    sc_mm_size_error(st, &tx, size_line, dims, E.n, enc);
  free(E.dc);
  free(E.pk);
  free(E.val);
  sc_text_free(&tx);
  return st;
}

sc_status sc_read_mtx(sc_tensor **out, const char *path,
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
  st = sc_read_mtx_stream(out, f, path, enc, vt);
  fclose(f);
  return st;
}

/* ---- writing ---- */

typedef struct sc_write_ctx {
  const sc_tensor *t;
  FILE *out;
  size_t count;
  int write; /* 0: count only */
  int skip_zeros;
  int failed;
} sc_write_ctx;

static int sc_write_visit(void *vctx, const int64_t *lc, size_t vpos) {
  sc_write_ctx *c = vctx;
  const sc_tensor *t = c->t;
  const unsigned char *v = (const unsigned char *)t->values + vpos * t->vsize;
  int64_t dc[SC_MAX_RANK];
  if (c->skip_zeros && sc_val_is_zero(t->vt, v))
    return 0;
  if (!sc_lvl_to_dim(t, lc, dc) || !sc_view_of(t, dc))
    return 0;
  c->count++;
  if (!c->write)
    return 0;
  for (int d = 0; d < t->dim_rank; d++)
    if (fprintf(c->out, "%lld ", (long long)dc[d] + 1) < 0)
      return c->failed = 1;
  if (sc_fprint_value(c->out, t->vt, v) < 0 || fputc('\n', c->out) == EOF)
    return c->failed = 1;
  return 0;
}

sc_status sc_write_entries(sc_tensor *t, FILE *out, size_t *count) {
  sc_write_ctx c;
  memset(&c, 0, sizeof c);
  c.t = t;
  c.out = out;
  /* Padding created by the format (block fill, n_out_of_m) is not data. */
  c.skip_zeros = sc_tensor_may_pad(t);
  c.write = out != NULL;
  if (t->nvals)
    sc_walk(t, sc_write_visit, &c);
  if (c.failed)
    return sc_set_error(SC_ERR_IO, "write error");
  if (count)
    *count = c.count;
  return SC_OK;
}

sc_status sc_write_mtx_stream(sc_tensor *t, FILE *out) {
  size_t n = 0;
  sc_status st;
  if (!t || !out)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (t->dim_rank != 2)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "Matrix Market holds matrices; this tensor has rank "
                        "%d (use .tns)",
                        t->dim_rank);
  if ((st = sc_tensor_finalize(t)) || (st = sc_write_entries(t, NULL, &n)))
    return st;
  if (fprintf(out, "%%%%MatrixMarket matrix coordinate %s general\n",
              sc_value_type_integer(t->vt) ? "integer" : "real") < 0 ||
      fprintf(out, "%lld %lld %zu\n", (long long)sc_view_size(t, 0),
              (long long)sc_view_size(t, 1), n) < 0)
    return sc_set_error(SC_ERR_IO, "write error");
  if ((st = sc_write_entries(t, out, NULL)))
    return st;
  /* what stays in the stream's buffer fails only when flushed (a full
   * disk): flushed here, so that SC_OK means the text was written */
  if (fflush(out) != 0 || ferror(out))
    return sc_set_error(SC_ERR_IO, "write error");
  return SC_OK;
}

sc_status sc_write_mtx(sc_tensor *t, const char *path) {
  FILE *f;
  sc_status st;
  if (!t || !path)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  /* what can fail before writing fails before the file is opened (and an
   * existing file truncated): the rank, the pending inserts */
  if (t->dim_rank != 2)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "Matrix Market holds matrices; this tensor has rank "
                        "%d (use .tns)",
                        t->dim_rank);
  if ((st = sc_tensor_finalize(t)))
    return st;
  f = fopen(path, "wb");
  if (!f)
    return sc_set_error(SC_ERR_IO, "%s: cannot open for writing", path);
  st = sc_write_mtx_stream(t, f);
  if (fclose(f) != 0 && st == SC_OK)
    st = sc_set_error(SC_ERR_IO, "%s: write error", path);
  else if (st == SC_ERR_IO)
    st = sc_set_error(SC_ERR_IO, "%s: %s", path, "write error");
  return st;
}
