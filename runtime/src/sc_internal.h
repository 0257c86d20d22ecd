/* sc_internal.h — private to libsparsecc_rt: the tensor's struct layout, the
 * analysed form of an encoding, allocation helpers with overflow-checked
 * sizes, the error helper, and the internal interfaces between the source
 * files (sorting, level-by-level building, walking stored entries).
 */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H

#include "sparsecc_rt.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Everything declared below is the library's own: not exported from the
 * shared library, so its calls are direct and loading it binds only the
 * public API of sparsecc_rt.h. */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

#if defined(__GNUC__)
#define SC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SC_PRINTF(a, b)
#endif

/* ---- errors (error.c) ---- */

/* Records a formatted message as this thread's last error; returns status. */
sc_status sc_set_error(sc_status status, const char *fmt, ...) SC_PRINTF(2, 3);
/* Prefixes the current message with "name: " (a file's errors found after
 * parsing, in assembly, name the file too); returns status. */
sc_status sc_error_prefix(sc_status status, const char *name);

/* ---- allocation (alloc.c) ---- */

/* *out = n * size bytes (zeroed when zero != 0). n == 0 gives NULL and
 * SC_OK. Fails with SC_ERR_SIZE_OVERFLOW or SC_ERR_NO_MEMORY (message set),
 * leaving *out NULL. `what` names the array in the message. */
sc_status sc_alloc(void **out, size_t n, size_t size, int zero,
                   const char *what);
/* Grows *p (capacity *cap elements of `size`) to hold at least `need`
 * elements, doubling. On failure *p is unchanged and still owned by the
 * caller. */
sc_status sc_grow(void **p, size_t *cap, size_t need, size_t size,
                  const char *what);
/* Hands the first `bytes` bytes of array p over to the storage and returns
 * the array to keep: p shrunk by realloc and, from 4 MB on, its pages
 * collapsed into huge pages in place (Linux MADV_COLLAPSE, after the
 * advice): an array grown by realloc while it was written faulted its
 * pages as 4 KiB pages before any advice could apply, and the kernels that
 * stream it ran 1.3-1.5x slower on them (docs/runtime.md, "Storage arrays
 * on huge pages"). Never fails: without memory p itself is returned, and
 * a collapse the system refuses changes nothing. */
void *sc_shrink_huge(void *p, size_t bytes);
/* a * b into *r; 0 on overflow. */
static inline int sc_mul_sz(size_t a, size_t b, size_t *r) {
  if (a != 0 && b > SIZE_MAX / a)
    return 0;
  *r = a * b;
  return 1;
}
static inline int sc_mul_i64(int64_t a, int64_t b, int64_t *r) {
  /* Both operands non-negative in every use. */
  if (a < 0 || b < 0)
    return 0;
  if (a != 0 && b > INT64_MAX / a)
    return 0;
  *r = a * b;
  return 1;
}

/* ---- values (values.c) ---- */

/* Whether v reads as an absent entry does: integer 0 or +0.0. -0.0 is a
 * value (it prints "-0"): the zero filters keep it, so that a -0.0 the
 * program writes reads back as written (SPEC section 1). */
int sc_val_is_zero(sc_value_type vt, const void *v);
/* Whether v == 0 in C: -0.0 too. */
int sc_val_equals_zero(sc_value_type vt, const void *v);
void sc_val_add(sc_value_type vt, void *dst, const void *src);
/* dst = dst OP src for op in + - * or / (and | ^ & for integer types);
 * integer division by zero is rejected by sc_val_check_op beforehand;
 * INT_MIN / -1 leaves dst. */
void sc_val_apply(sc_value_type vt, void *dst, char op, const void *src);
sc_status sc_val_check_op(sc_value_type vt, char op, const void *src);
void sc_val_negate(sc_value_type vt, void *v);
void sc_val_set_one(sc_value_type vt, void *v);
double sc_val_to_f64(sc_value_type vt, const void *v);
int64_t sc_val_to_i64(sc_value_type vt, const void *v);
/* An integer as C converts it (modulo 2^64; floating: saturating). */
uint64_t sc_val_to_u64(sc_value_type vt, const void *v);
/* Stores integer x as one vt value; 0 when it does not fit the type. */
int sc_val_from_int(sc_value_type vt, int64_t x, void *out);
int sc_value_type_valid(sc_value_type vt);
int sc_value_type_integer(sc_value_type vt);
int sc_value_type_unsigned(sc_value_type vt);

/* ---- encoding analysis (encoding.c) ---- */

enum { SC_INV_IDENT = 0, SC_INV_DIVMOD = 1 };

/* How dimension d is recovered from level coordinates. */
typedef struct sc_dim_recipe {
  int kind;   /* SC_INV_IDENT: dim = lc[l0] - a; SC_INV_DIVMOD: lc[l0]*a + lc[l1] */
  int l0, l1;
  int64_t a;
} sc_dim_recipe;

enum {
  SC_FILTER_KEEP_ALL = 0, /* no unpadded level: zeros are stored */
  SC_FILTER_DROP_ALL = 1, /* zeros are never stored explicitly */
  SC_FILTER_GROUP = 2     /* zeros kept inside subtrees (prefix up to
                             filter_level) that hold a nonzero */
};

typedef struct sc_enc_info {
  int identity;  /* level l is dimension l, no constant */
  int has_count; /* some level is an ELL counting level */
  int nonunique; /* some level is nonunique */
  int nonordered;
  int filter_mode, filter_level;
  int has_fill;  /* some positions are padding created by the format */
  sc_dim_recipe inv[SC_MAX_RANK];
  /* levels the inverse does not read (a dimension stored a second time,
   * `(i, j) -> (i, j, j mod 3)`), bit l for level l: a stored position is
   * an element only where they agree with the map (else it is padding) */
  unsigned redundant;
} sc_enc_info;

/* Checks enc and that it can be inverted (every dimension recoverable). */
sc_status sc_encoding_analyze(const sc_encoding *enc, sc_enc_info *info);
/* Level sizes from dimension sizes (COUNT with divisor 0 gives 0: sized at
 * assembly). */
sc_status sc_level_sizes(const sc_encoding *enc, const int64_t *dim_sizes,
                         int64_t *lvl_sizes);
/* Level coordinates of dimension coordinates; COUNT levels are left 0. */
void sc_dim_to_lvl(const sc_encoding *enc, const int64_t *dc, int64_t *lc);
/* Dimension coordinates of level coordinates; 0 when they fall outside the
 * dimension sizes (block padding) or disagree with a redundant level. */
int sc_lvl_to_dim(const sc_tensor *t, const int64_t *lc, int64_t *dc);

static inline int sc_is_sparse_fmt(sc_level_format f) {
  return f == SC_LVL_COMPRESSED || f == SC_LVL_LOOSE_COMPRESSED ||
         f == SC_LVL_SINGLETON;
}

/* ---- the tensor (tensor.c) ---- */

typedef struct sc_level_store {
  void *pos;   /* compressed: npos(parent)+1; loose: 2*npos(parent) */
  size_t npos; /* entries in pos */
  void *crd;   /* one per position of this level (sparse, n_out_of_m) */
  size_t ncrd;
} sc_level_store;

/* Pending inserts/updates (pending.c). Per entry a packed uint64 key, the
 * value and, only once some update was buffered, an operator byte. Keys:
 *  - SC_PEND_LVL: level coordinates in mixed radix over the level sizes, so
 *    key order is the storage's lexicographic level order;
 *  - SC_PEND_DIM: dimension coordinates in mixed radix (encodings with a
 *    counting level, whose level coordinates depend on the data);
 *  - SC_PEND_WIDE: sizes whose product does not fit 64 bits: full int64
 *    dimension coordinates per entry in crd, key unused. */
enum { SC_PEND_LVL = 0, SC_PEND_DIM = 1, SC_PEND_WIDE = 2 };

typedef struct sc_pending {
  int mode;
  int rank;   /* coordinates packed: levels (LVL) or dimensions */
  int sorted; /* keys arrived strictly increasing (no sort, no duplicate) */
  size_t vsize, n, cap;
  uint64_t radix[SC_MAX_LEVELS]; /* size of each packed coordinate */
  uint64_t *key;                 /* n keys (LVL, DIM) */
  int64_t *crd;                  /* n * rank coordinates (WIDE) */
  unsigned char *val;            /* n values */
  char *op; /* NULL while every entry is an insert ('='); else + - * / */
} sc_pending;

/* Row-wise append (append_rows.c): the caller writes level-1 coordinates
 * and values straight into crd/val; rows are closed with their end. The
 * buffers outlive a call: end installs val (and crd when 64-bit) as the
 * tensor's storage and remembers them in icrd/ival, and the next begin
 * takes them back while the storage still holds them (capacity reused). */
typedef struct sc_rowapp {
  int active;          /* this append writes through the row buffers */
  int64_t *crd;        /* ccap entries (owned unless installed) */
  unsigned char *val;  /* vcap values */
  size_t ccap, vcap;
  int64_t *row;        /* nrows closed rows: coordinate and end */
  size_t *end;
  size_t nrows, rcap, ecap;
  void *icrd, *ival;   /* installed as storage by the last end, or NULL */
  size_t iccap, ivcap;
  void *pos;           /* level-1 positions taken back from the storage */
  size_t pcap;         /* (pcap of pos_bytes each), reused by the next end */
  void *ipos;          /* installed as level-1 positions, or NULL */
  size_t ipcap;
} sc_rowapp;

struct sc_tensor {
  sc_encoding enc;
  sc_enc_info info;
  sc_value_type vt;
  size_t vsize;
  int dim_rank, lvl_rank;
  int pos_bytes, crd_bytes; /* element sizes of pos and crd arrays */
  int crd_bits;             /* 2, 4, 8, ... 64: largest storable + 1 is 2^bits */
  int64_t dim_sizes[SC_MAX_RANK];
  int64_t lvl_sizes[SC_MAX_LEVELS];
  size_t npos[SC_MAX_LEVELS]; /* positions of each level */
  sc_level_store lv[SC_MAX_LEVELS];
  void *values;
  size_t nvals;
  sc_pending pend;    /* buffered inserts/updates */
  int appending;      /* between begin_append and end_append */
  size_t app_n, app_cap, app_vcap;
  int64_t *app_lc;    /* app_n * lvl_rank level coordinates */
  unsigned char *app_val;
  sc_rowapp ra;       /* row-wise append (append_rows.c) */
};

/* The storage of a tensor, separate from it so a build can fail without
 * touching the tensor. */
typedef struct sc_storage {
  int64_t lvl_sizes[SC_MAX_LEVELS];
  size_t npos[SC_MAX_LEVELS];
  sc_level_store lv[SC_MAX_LEVELS];
  void *values;
  size_t nvals;
} sc_storage;

void sc_storage_free(sc_storage *s, int lvl_rank);
/* Replaces t's storage by *s (ownership moves to t). */
void sc_storage_install(sc_tensor *t, sc_storage *s);

/* Copies one value of vs bytes with a constant-size copy (8 and 4; the
 * 1- and 2-byte integer types by their size). */
static inline void sc_vcopy(void *dst, const void *src, size_t vs) {
  if (vs == 8)
    memcpy(dst, src, 8);
  else if (vs == 4)
    memcpy(dst, src, 4);
  else
    memcpy(dst, src, vs);
}

/* Loads element i of an unsigned array of `bytes`-wide elements. */
static inline uint64_t sc_ld(const void *a, int bytes, size_t i) {
  switch (bytes) {
  case 1: return ((const uint8_t *)a)[i];
  case 2: return ((const uint16_t *)a)[i];
  case 4: return ((const uint32_t *)a)[i];
  default: return ((const uint64_t *)a)[i];
  }
}
static inline void sc_st(void *a, int bytes, size_t i, uint64_t v) {
  switch (bytes) {
  case 1: ((uint8_t *)a)[i] = (uint8_t)v; break;
  case 2: ((uint16_t *)a)[i] = (uint16_t)v; break;
  case 4: ((uint32_t *)a)[i] = (uint32_t)v; break;
  default: ((uint64_t *)a)[i] = v; break;
  }
}

/* Checks coordinates against the dimension sizes (message names them). */
/* The error for a coordinate outside the dimension sizes (cold path). */
sc_status sc_dim_coords_error(const sc_tensor *t, const int64_t *dc);
/* SC_OK, or SC_ERR_OUT_OF_RANGE when a coordinate is outside its
 * dimension (inline: it runs on every insert and lookup). */
static inline sc_status sc_check_dim_coords(const sc_tensor *t, const int64_t *dc) {
  for (int d = 0; d < t->dim_rank; d++)
    if ((uint64_t)dc[d] >= (uint64_t)t->dim_sizes[d])
      return sc_dim_coords_error(t, dc);
  return SC_OK;
}
/* Formats coordinates "(1, 2)" into buf. */
void sc_format_coords(char *buf, size_t size, const int64_t *c, int n);

/* ---- sorting (sort.c) ---- */

/* Stable sort of ord[0..n) by the key rows key[ord[i]*stride + 0..k-1],
 * lexicographically; sizes[j] bounds key column j (counting sort when the
 * sizes are small, merge sort otherwise). */
sc_status sc_sort_lex(size_t *ord, size_t n, const int64_t *key,
                      size_t stride, int k, const int64_t *sizes);

/* ---- level-by-level building (build.c) ---- */

/* Builds storage for t's encoding from n entries given in lexicographic
 * level order: entry ord[i] has level coordinates lc[ord[i]*stride + l]
 * and value val + ord[i]*vsize. Entries with equal level coordinates are
 * only allowed on nonunique levels. lvl_sizes gives the level sizes to
 * use (COUNT levels resolved). Result in *s. */
sc_status sc_build(const sc_tensor *t, const int64_t *lvl_sizes,
                   const int64_t *lc, size_t stride, const size_t *ord,
                   size_t n, const unsigned char *val, sc_storage *s);

/* ---- assembly pipeline (assemble.c) ---- */

enum { SC_DUP_LAST_ = 100 }; /* internal: entries >= first_new replace */

/* Replaces t's storage with n dimension-coordinate entries (dc: n x
 * dim_rank, in range) with values val (n x vsize). dup: SC_DUP_SUM,
 * SC_DUP_REJECT or SC_DUP_LAST_ (then first_new splits old from new
 * entries). The padded model's zero filter applies to the entries from
 * index filter_from on (0: all, n: none); earlier zeros are kept as
 * explicit entries. */
sc_status sc_assemble(sc_tensor *t, const int64_t *dc, const void *val,
                      size_t n, int dup, size_t first_new, size_t filter_from);
/* Whether stored zeros of t may be padding made up by its format (block
 * fill, n_out_of_m, dense leaves, padded sparse levels) rather than
 * explicit entries someone gave. */
int sc_tensor_may_pad(const sc_tensor *t);

/* ---- COO -> CSR/CSC fast path (coo_csr.c) ---- */

/* Whether t's encoding is (d0 : dense, d1 : compressed) over the two
 * dimensions in either order (unique, unpadded). */
int sc_csr_fast_applies(const sc_tensor *t);
/* Assembles n in-range entries (no zero filter) with SC_DUP_SUM or
 * SC_DUP_REJECT by counting sort. */
sc_status sc_assemble_csr_fast(sc_tensor *t, const int64_t *dc,
                               const unsigned char *val, size_t n, int dup);
/* The same from packed keys (i << 32 | j, dimension order): both
 * dimension sizes of t must be <= 2^32. */
sc_status sc_assemble_csr_packed(sc_tensor *t, const uint64_t *pk,
                                 const unsigned char *val, size_t n,
                                 int dup);
/* log2 of the rows per block when n entries over rows x cols are best
 * distributed by row block first (about 16 K entries per block, at most
 * 2048 blocks; rows and cols <= 2^32 so (row, col) packs into 64 bits);
 * -1 when one direct scatter is better. */
int sc_csr_block_shift(size_t n, size_t rows, size_t cols);

/* ---- slice views (slice.c) ---- */

/* Checks t->enc's slices against the stored extents t->dim_sizes: every
 * value resolved (no '?'), the view inside the extents. */
sc_status sc_slice_validate(const sc_tensor *t);
/* Size of dimension d as the tensor is seen (the view's when sliced). */
static inline int64_t sc_view_size(const sc_tensor *t, int d) {
  return t->enc.has_slices ? t->enc.slices[d].size : t->dim_sizes[d];
}
/* View coordinates of stored dimension coordinates dc (in place): 0 when
 * the element lies outside the view (or t is not sliced: 1, unchanged). */
static inline int sc_view_of(const sc_tensor *t, int64_t *dc) {
  if (!t->enc.has_slices)
    return 1;
  for (int d = 0; d < t->dim_rank; d++) {
    const sc_dim_slice *s = &t->enc.slices[d];
    int64_t r = dc[d] - s->offset;
    if (r < 0 || r % s->stride || r / s->stride >= s->size)
      return 0;
    dc[d] = r / s->stride;
  }
  return 1;
}
/* Stored coordinates of view coordinates vc (checked against the view's
 * sizes first: SC_ERR_OUT_OF_RANGE naming them). */
sc_status sc_view_to_stored(const sc_tensor *t, const int64_t *vc,
                            int64_t *dc);
/* Stored entries the tensor shows (all of them when not sliced). */
size_t sc_view_nnz(const sc_tensor *t);

/* ---- walking stored entries (iterate.c) ---- */

/* Calls fn for every stored leaf position in storage order with its level
 * coordinates and value position; stops early when fn returns nonzero and
 * returns that. */
typedef int (*sc_visit_fn)(void *ctx, const int64_t *lc, size_t vpos);
int sc_walk(const sc_tensor *t, sc_visit_fn fn, void *ctx);
/* Children positions [lo, hi) of position p of level l-1 at level l. */
void sc_child_range(const sc_tensor *t, int l, size_t p, size_t *lo,
                    size_t *hi);
/* Coordinate at level l of child position q (of parent p). */
int64_t sc_child_crd(const sc_tensor *t, int l, size_t p, size_t q);

/* Collects every stored entry that lies inside the dimensions as dimension
 * coordinates (skip_zeros: leave out zero values). view: only the entries
 * of a sliced tensor's view, in view coordinates (else every stored entry
 * in stored coordinates). Arrays are malloc'ed and owned by the caller. */
sc_status sc_gather(const sc_tensor *t, int skip_zeros, int view,
                    int64_t **dc, unsigned char **val, size_t *n);

/* ---- lookup (lookup.c) ---- */

/* *value = stored value at dimension coordinates (0 if absent); *found. */
void sc_lookup(const sc_tensor *t, const int64_t *dc, void *value,
               int *found);

/* ---- pending inserts (pending.c, keysort.c, build_sorted.c) ---- */

/* Chooses the key mode of t's pending buffer and empties it (pointers
 * reset, nothing freed: for fresh and copied tensors). */
void sc_pending_init(sc_tensor *t);
/* Frees the pending entries; the buffer stays usable. */
void sc_pending_free(sc_tensor *t);
/* Appends one entry (dimension coordinates in range). */
sc_status sc_pending_push(sc_tensor *t, const int64_t *dc, const void *val,
                          char op);
/* Packs level coordinates into a SC_PEND_LVL key. */
static inline uint64_t sc_pending_pack(const sc_pending *p, const int64_t *c) {
  uint64_t k = 0;
  for (int l = 0; l < p->rank; l++)
    k = k * p->radix[l] + (uint64_t)c[l];
  return k;
}
/* Dimension coordinates of a packed key (LVL or DIM mode). */
void sc_pending_decode(const sc_tensor *t, uint64_t key, int64_t *dc);
/* Stable sort of the packed entries by key (program order among equal
 * keys); in place when the key leaves room for a sequence number. */
sc_status sc_pending_sort(sc_pending *p);
/* Whether t's storage can be built straight from sorted SC_PEND_LVL keys:
 * dense levels then unique, ordered, unpadded compressed levels, zeros
 * dropped, no padding. */
int sc_sorted_build_applies(const sc_tensor *t);
/* Replaces t's storage by its stored entries merged with the sorted,
 * folded (unique) pending entries: a pending key replaces a stored one, a
 * pending zero removes it. Takes the pending arrays (the buffer is left
 * empty). On failure t keeps its entries. */
sc_status sc_build_sorted(sc_tensor *t);

void sc_append_free(sc_tensor *t);
/* Row-wise append (append_rows.c): takes back the buffers the last end
 * installed (before begin clears the storage); forgets them (the storage
 * was replaced); frees everything (the tensor is freed). */
void sc_rowapp_reclaim(sc_tensor *t);
void sc_rowapp_forget(sc_tensor *t);
void sc_rowapp_free(sc_tensor *t);

/* ---- text input (io_text.c) ---- */

/* A whole file in memory, NUL-terminated, and a cursor with its line. */
typedef struct sc_text {
  char *buf;
  size_t len;
  size_t map_len; /* nonzero: buf is a read-only mapping of map_len bytes */
  const char *p, *end;
  size_t line; /* 1-based line of p */
  const char *name;
} sc_text;

/* Characters that end a token: NUL, newline, carriage return, blanks. */
static inline int sc_is_tok_end(char c) {
  return c == '\0' || c == '\n' || c == '\r' || c == ' ' || c == '\t' ||
         c == '\v' || c == '\f';
}

/* Exact fast path of decimal parsing (Clinger): a decimal token of at most
 * 19 significant digits whose mantissa m <= 2^53 and decimal exponent
 * |e| <= 22 is m * 10^e or m / 10^-e, one correctly rounded operation on
 * exact operands: bit for bit what strtod gives. Returns 1 and sets *v and
 * *end for such a token (s must be NUL- or blank-terminated); 0 for
 * anything else (long mantissas, large exponents, inf, nan, hex, junk),
 * which the caller hands to strtod. */
extern const double sc_pow10_table[23];
static inline int sc_fast_double(const char *s, const char **end, double *v) {
  uint64_t mant = 0;
  int digits = 0, exp10 = 0, neg = 0, any = 0;
  if (*s == '+' || *s == '-')
    neg = *s++ == '-';
  for (; *s >= '0' && *s <= '9'; s++, any = 1) {
    if (digits >= 19)
      return 0;
    mant = mant * 10 + (uint64_t)(*s - '0');
    digits += mant != 0;
  }
  if (*s == '.') {
    s++;
    for (; *s >= '0' && *s <= '9'; s++, any = 1) {
      if (digits >= 19 || exp10 < -1000)
        return 0;
      mant = mant * 10 + (uint64_t)(*s - '0');
      digits += mant != 0;
      exp10--;
    }
  }
  if (!any)
    return 0;
  if (*s == 'e' || *s == 'E') {
    int eneg = 0, e = 0;
    s++;
    if (*s == '+' || *s == '-')
      eneg = *s++ == '-';
    if (!(*s >= '0' && *s <= '9'))
      return 0;
    for (; *s >= '0' && *s <= '9'; s++) {
      if (e > 100000)
        return 0;
      e = e * 10 + (*s - '0');
    }
    exp10 += eneg ? -e : e;
  }
  if (!sc_is_tok_end(*s) || mant > (1ull << 53) || exp10 < -22 || exp10 > 22)
    return 0;
  {
    double x = (double)mant;
    x = exp10 < 0 ? x / sc_pow10_table[-exp10] : x * sc_pow10_table[exp10];
    *v = neg ? -x : x;
  }
  *end = s;
  return 1;
}

/* Zero bytes that follow the text read by sc_text_read: a terminator,
 * and room for 8-byte loads at any position up to the end. */
#define SC_TEXT_PAD 16
sc_status sc_text_read(sc_text *tx, FILE *in, const char *name);
void sc_text_free(sc_text *tx);
/* Skips blanks (not newlines). */
void sc_text_skip_blanks(sc_text *tx);
/* At end of line (after blanks): consumes the newline; 0 if other text. */
int sc_text_end_line(sc_text *tx);
/* Skips the rest of the line including its newline. */
void sc_text_skip_line(sc_text *tx);
int sc_text_at_eof(const sc_text *tx);
/* Parses one token (after blanks); errors carry name:line. */
sc_status sc_text_int(sc_text *tx, int64_t *v, const char *what);
sc_status sc_text_double(sc_text *tx, double *v, const char *what);
/* Parses a value of type vt into out (integer types: exact integers). */
sc_status sc_text_value(sc_text *tx, sc_value_type vt, void *out);
/* The same for a file that declares integer values (a Matrix Market
 * `integer` field): the token must be an integer ([+-]digits) whatever
 * vt is; `1.5` or `2.0` is an error naming the line. */
sc_status sc_text_int_value(sc_text *tx, sc_value_type vt, void *out);
/* The blank-separated fields of the line that starts at ls, up to its
 * newline or the end of the text, or up to a field starting with `comment`
 * (a nonzero comment character: the rest of the line is a comment, said
 * in *comment_at, else NULL). *nul: the line holds a NUL byte (the file
 * is not text). For the readers' messages about a line's field count. */
int sc_text_line_fields(const sc_text *tx, const char *ls, char comment,
                        const char **comment_at, int *nul);
/* An error at the cursor's line: "name:line: message". */
sc_status sc_text_error(const sc_text *tx, sc_status st, const char *fmt, ...)
    SC_PRINTF(3, 4);
/* Writes one value as text ("%.17g" for f64, "%.9g" for f32). */
int sc_fprint_value(FILE *out, sc_value_type vt, const void *v);

/* sc_read_tns from an open stream (name: for messages). */
sc_status sc_read_tns_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt);

/* Writes "i j ... value" lines (1-based) for every stored entry inside the
 * dimensions (format padding left out); out NULL only counts them. */
sc_status sc_write_entries(sc_tensor *t, FILE *out, size_t *count);

/* Builds a tensor of enc from parsed COO entries (coordinates in range),
 * summing duplicates and keeping explicit zeros. Frees nothing. */
sc_status sc_tensor_from_parsed(sc_tensor **out, const sc_encoding *enc,
                                sc_value_type vt, const int64_t *dims,
                                size_t n, const int64_t *dc,
                                const void *vals);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif /* SC_INTERNAL_H */
