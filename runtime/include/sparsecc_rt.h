/* sparsecc_rt.h — the one public header of libsparsecc_rt.
 *
 * Sparse tensor storage for any encoding of the sparsecc pragma language
 * (MLIR's #sparse_tensor.encoding): assembly from dense data, COO triples or
 * buffered insertion; conversion between encodings; element lookup; scatter
 * to dense; Matrix Market and FROSTT IO.
 *
 * Used by the C that sparsecc generates and usable directly. Valid C99.
 *
 * Conventions
 *  - Every function that can fail returns sc_status; SC_OK is 0. On failure
 *    sc_last_error() gives a message with context (for IO, the file's line).
 *    Nothing in this library exits, aborts or prints on bad input.
 *  - "dimension" is an axis of the logical array the C program indexes;
 *    "level" is an axis of the storage. The encoding's map sends dimension
 *    coordinates to level coordinates.
 *  - Objects are opaque; each sc_X_new/sc_X_from_* has a matching free, and
 *    free(NULL) does nothing. Pointers returned by accessors are owned by the
 *    tensor and valid until it is modified or freed.
 */
#ifndef SPARSECC_RT_H
#define SPARSECC_RT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SC_RT_VERSION_MAJOR 0
#define SC_RT_VERSION_MINOR 1
#define SC_RT_VERSION_PATCH 0
#define SC_RT_VERSION_STRING "0.1.0"

/* Limits on ranks, chosen to keep descriptors fixed-size. */
#define SC_MAX_RANK 8   /* dimensions of a tensor */
#define SC_MAX_LEVELS 8 /* levels of an encoding */

/* ------------------------------------------------------------------ */
/* Section - Status                                                    */
/* ------------------------------------------------------------------ */

typedef enum sc_status {
  SC_OK = 0,
  SC_ERR_INVALID_ARGUMENT, /* NULL where an object is needed, bad rank... */
  SC_ERR_BAD_ENCODING,     /* an encoding that is not self-consistent */
  SC_ERR_OUT_OF_RANGE,     /* a coordinate outside the dimension sizes */
  SC_ERR_DUPLICATE,        /* a duplicate coordinate under SC_DUP_REJECT */
  SC_ERR_WIDTH_OVERFLOW,   /* a position/coordinate too large for its width */
  SC_ERR_SIZE_OVERFLOW,    /* sizes whose product overflows */
  SC_ERR_NO_MEMORY,        /* allocation failed */
  SC_ERR_IO,               /* a file could not be opened/read/written */
  SC_ERR_PARSE,            /* malformed file content */
  SC_ERR_UNSUPPORTED       /* valid request this library does not handle */
} sc_status;

/* The message of the last failure in this thread ("" if none). The string
 * is owned by the library and valid until the next failing call. */
const char *sc_last_error(void);

/* The name of a status code ("SC_ERR_PARSE"). Static storage. */
const char *sc_status_name(sc_status status);

/* ------------------------------------------------------------------ */
/* Section - Encodings                                                 */
/* ------------------------------------------------------------------ */

typedef enum sc_level_format {
  SC_LVL_DENSE = 0,
  SC_LVL_COMPRESSED,
  SC_LVL_LOOSE_COMPRESSED, /* lo/hi position pairs */
  SC_LVL_SINGLETON,
  SC_LVL_N_OUT_OF_M        /* block2_4 is n_out_of_m[2,4] */
} sc_level_format;

/* Level properties (bit set). Without SC_PROP_PADDED/UNPADDED the default
 * of the format applies: dense and n_out_of_m padded, others unpadded. */
enum {
  SC_PROP_NONUNIQUE = 1u << 0,
  SC_PROP_NONORDERED = 1u << 1,
  SC_PROP_PADDED = 1u << 2,
  SC_PROP_UNPADDED = 1u << 3,
  SC_PROP_HIGH = 1u << 4
};

typedef struct sc_level_type {
  sc_level_format format;
  unsigned props; /* SC_PROP_* bits */
  int n, m;       /* for SC_LVL_N_OUT_OF_M: n stored out of every m */
} sc_level_type;

typedef enum sc_level_expr_kind {
  SC_LEXPR_AFFINE = 0, /* sum_d coef[d] * dim[d] + constant */
  SC_LEXPR_FLOORDIV,   /* (sum_d coef[d] * dim[d]) floordiv divisor */
  SC_LEXPR_MOD,        /* (sum_d coef[d] * dim[d]) mod divisor */
  SC_LEXPR_COUNT       /* ELL counting level: the k-th stored entry of its
                          parent (divisor = number of slices k). coef[]
                          names the counted dimension with 1. */
} sc_level_expr_kind;

/* One level expression of the dim-to-level map. */
typedef struct sc_level_expr {
  sc_level_expr_kind kind;
  int64_t coef[SC_MAX_RANK];
  int64_t constant;
  int64_t divisor; /* FLOORDIV, MOD: > 0; COUNT: number of slices */
} sc_level_expr;

/* A dimension slice view: offset, size, stride; -1 means dynamic ('?').
 * An encoding with has_slices denotes a VIEW (MLIR's slices): the tensor
 * stores the whole underlying array (the dimension sizes given where it is
 * created) in the level format of the map, and shows
 * V[v0][v1]... = A[off0 + v0 * stride0][off1 + v1 * stride1]... for
 * v_d < size_d. Every '?' must be replaced by a value before a tensor is
 * created with the encoding (sc_encoding_check accepts '?', creation does
 * not). */
typedef struct sc_dim_slice {
  int64_t offset, size, stride;
} sc_dim_slice;

typedef struct sc_encoding {
  int dim_rank;
  int lvl_rank;
  sc_level_type lvl_types[SC_MAX_LEVELS];
  sc_level_expr lvl_exprs[SC_MAX_LEVELS];
  int pos_width; /* 0 (native = 64), 8, 16, 32, 64 */
  int crd_width; /* 0 (native = 64), 2, 4 (stored as 8), 8, 16, 32, 64 */
  int has_slices;
  sc_dim_slice slices[SC_MAX_RANK];
} sc_encoding;

/* Checks that an encoding is self-consistent (every dimension covered,
 * divisors positive, widths legal...). */
sc_status sc_encoding_check(const sc_encoding *enc);

/* Whether level `lvl` may hold explicit zeros (the padded model). */
int sc_level_is_padded(const sc_level_type *lt);

/* Fills *enc with the identity map over `rank` dimensions where every level
 * has the format of `formats[l]` (props 0). A convenience for tests and IO. */
sc_status sc_encoding_simple(sc_encoding *enc, int rank,
                             const sc_level_format *formats);

/* Fills *enc with a named format of SPEC section 3: "SparseVector", "CSR",
 * "CSC", "DCSR", "DCSC", "COO" (params: optional rank, default 2), "CSF"
 * (optional rank, default 3), "BSR" (params r, c), "ELL" (param k: number
 * of slices, 0 = as many as the fullest row needs), "NV24". Widths are 0
 * (native) except NV24's crdWidth = 2. */
sc_status sc_encoding_named(sc_encoding *enc, const char *name,
                            const int64_t *params, int nparams);

/* ------------------------------------------------------------------ */
/* Section - Tensors                                                   */
/* ------------------------------------------------------------------ */

/* Every C arithmetic element type has a value type of its width and
 * signedness (the integer ones are <stdint.h>'s exact-width types); the
 * integer arithmetic of updates and duplicate sums wraps in that type. */
typedef enum sc_value_type {
  SC_F64 = 0,
  SC_F32,
  SC_I64,
  SC_I32,
  SC_U64, /* uint64_t (unsigned long, size_t) */
  SC_U32, /* uint32_t (unsigned) */
  SC_I16, /* int16_t (short) */
  SC_U16, /* uint16_t (unsigned short) */
  SC_I8,  /* int8_t (signed char, char where it is signed) */
  SC_U8   /* uint8_t (unsigned char, char where it is unsigned) */
} sc_value_type;

/* Size in bytes of one value of that type. */
size_t sc_value_size(sc_value_type vt);

typedef struct sc_tensor sc_tensor;

typedef enum sc_dup_policy {
  SC_DUP_SUM = 0, /* duplicates are summed (kept as is on nonunique levels) */
  SC_DUP_REJECT   /* a duplicate coordinate is SC_ERR_DUPLICATE */
} sc_dup_policy;

/* An empty tensor (no stored entries) of the given dimension sizes. The
 * encoding is copied. Ready for sc_tensor_insert / sc_tensor_update and
 * for an ordered append. */
sc_status sc_tensor_new(sc_tensor **out, const sc_encoding *enc,
                        sc_value_type vt, const int64_t *dim_sizes);

/* Assembles from a dense row-major array of dim_sizes (element type vt).
 * Unpadded levels drop zeros (and all-zero subtensors); padded levels keep
 * what the format stores. The dense block is only read. */
sc_status sc_tensor_from_dense(sc_tensor **out, const sc_encoding *enc,
                               sc_value_type vt, const int64_t *dim_sizes,
                               const void *dense);

/* As sc_tensor_from_dense for a 2-D array stored as row pointers
 * (`double **A`): rows[i] points at dim_sizes[1] elements. */
sc_status sc_tensor_from_dense_rows(sc_tensor **out, const sc_encoding *enc,
                                    sc_value_type vt, const int64_t *dim_sizes,
                                    const void *const *rows);

/* Assembles from nnz COO entries in any order: coords is nnz x dim_rank
 * (row-major), values nnz elements of vt (NULL: every value 1). */
sc_status sc_tensor_from_coo(sc_tensor **out, const sc_encoding *enc,
                             sc_value_type vt, const int64_t *dim_sizes,
                             size_t nnz, const int64_t *coords,
                             const void *values, sc_dup_policy dup);

/* Buffered insertion of one element at dimension coordinates `coords`
 * (value points at one vt element). Inserts are kept pending and applied
 * in order at the next read (lazy finalization); an insert at an existing
 * coordinate replaces its value. */
sc_status sc_tensor_insert(sc_tensor *t, const int64_t *coords,
                           const void *value);

/* Buffered compound update: the pending value at coords becomes
 * old OP value, where an absent entry is 0. op is one of '+', '-', '*', '/',
 * and for integer value types also '|', '^', '&' (bitwise, in the value
 * type: 0 | v and 0 ^ v are v, 0 & v is 0). */
sc_status sc_tensor_update(sc_tensor *t, const int64_t *coords, char op,
                           const void *value);

/* Applies pending inserts/updates. Called implicitly by every reading
 * accessor below; explicit calls are cheap when nothing is pending. */
sc_status sc_tensor_finalize(sc_tensor *t);

/* Ordered append (the generated code's sparse outputs): level coordinates
 * in strictly increasing lexicographic order. End with sc_tensor_end_append.
 * Starting an append clears the tensor. */
sc_status sc_tensor_begin_append(sc_tensor *t);
sc_status sc_tensor_append(sc_tensor *t, const int64_t *lvl_coords,
                           const void *value);
sc_status sc_tensor_end_append(sc_tensor *t);

/* Row-wise ordered append, for tensors with two levels whose last level is
 * compressed (CSR, CSC, DCSR): instead of sc_tensor_append, the caller
 * writes entry q (q = 0, 1, ...) straight into buffers the tensor owns:
 * crd[q] = its level-1 coordinate, values[q] = its value (of the tensor's
 * value type). Between sc_tensor_begin_append and
 * sc_tensor_end_append_rows:
 *   sc_tensor_append_reserve  makes room for `need` entries (those written
 *       so far are kept; capacity grows by doubling and is reused by the
 *       next append of the same tensor) and returns the buffers (they move
 *       when they grow) and their capacity;
 *   sc_tensor_append_row      closes level-0 coordinate `row` (increasing
 *       from call to call): the entries written since the previous row's
 *       end, up to `end` (exclusive), are its entries; rows never closed
 *       are empty;
 *   sc_tensor_end_append_rows checks the n entries (n is where the last
 *       closed row ends, 0 when none is; coordinates in range and strictly
 *       increasing per row, widths) and installs them; on error the tensor
 *       is left empty.
 * Mixing these with sc_tensor_append in one append is an error. */
sc_status sc_tensor_append_reserve(sc_tensor *t, size_t need, int64_t **crd,
                                   void **values, size_t *cap);
sc_status sc_tensor_append_row(sc_tensor *t, int64_t row, size_t end);
sc_status sc_tensor_end_append_rows(sc_tensor *t, size_t n);

/* An output whose entries are exactly the stored entries of src (SDDMM's
 * sampling operand), both (dense, compressed) with ordered unique
 * coordinates and the same level sizes: sc_tensor_begin_append_pattern
 * replaces t's contents by a copy of src's positions and coordinates and
 * returns t's value array, one element per entry in position order, for
 * the caller to fill (every element); sc_tensor_end_append_pattern then
 * drops the entries whose value is zero when t's last level is unpadded
 * (`zeros`: how many the caller stored; 0 skips the pass). *applies is 0,
 * and t unchanged, when the shapes differ or (only_if_empty) t holds
 * entries: the caller then takes another way. t's arrays are reused from
 * call to call, as by the row-wise append. */
sc_status sc_tensor_begin_append_pattern(sc_tensor *t, sc_tensor *src,
                                         int only_if_empty, void **values,
                                         int *applies);
sc_status sc_tensor_end_append_pattern(sc_tensor *t, size_t zeros);

/* Removes every stored entry (dimension sizes kept; the arrays of the
 * last append are kept for the next one). */
sc_status sc_tensor_clear(sc_tensor *t);

/* A new tensor holding the same entries in encoding `enc`. */
sc_status sc_tensor_convert(sc_tensor **out, const sc_tensor *src,
                            const sc_encoding *enc);

/* A deep copy (a view stays a view of its own copy of the storage). */
sc_status sc_tensor_copy(sc_tensor **out, const sc_tensor *src);

/* A slice view of `parent`: per dimension d, element v of the view is
 * element offsets[d] + v * strides[d] of what parent shows (parent may be
 * a view itself: the slices compose), for v < sizes[d]. The view owns a
 * copy of parent's storage (the whole stored array, not the sub-block);
 * parent is unchanged and may be freed. Offsets >= 0, sizes and strides
 * > 0, and the view inside parent's extents, else an error. */
sc_status sc_tensor_slice(sc_tensor **out, const sc_tensor *parent,
                          const int64_t *offsets, const int64_t *sizes,
                          const int64_t *strides);

/* Replaces dst's entries by src's, converted to dst's encoding (same value
 * type and dimension sizes; dst's pending updates are dropped). On error
 * dst is unchanged. */
sc_status sc_tensor_assign(sc_tensor *dst, const sc_tensor *src);

/* Frees the tensor and everything it owns. NULL does nothing. */
void sc_tensor_free(sc_tensor *t);

/* Writes the tensor into a dense row-major block of its dimension sizes
 * (every element written: absent entries as 0). */
sc_status sc_tensor_to_dense(sc_tensor *t, void *dense);

/* As sc_tensor_to_dense into row pointers (2-D only). */
sc_status sc_tensor_to_dense_rows(sc_tensor *t, void *const *rows);

/* Element lookup at dimension coordinates: *value (one vt element) is the
 * stored value or 0 when absent. Binary search on ordered levels. */
sc_status sc_tensor_get(sc_tensor *t, const int64_t *coords, void *value);

/* Typed lookups for generated code: absent or out of range gives 0. */
double sc_tensor_get_f64(sc_tensor *t, const int64_t *coords);
float sc_tensor_get_f32(sc_tensor *t, const int64_t *coords);
int64_t sc_tensor_get_i64(sc_tensor *t, const int64_t *coords);
int32_t sc_tensor_get_i32(sc_tensor *t, const int64_t *coords);
/* The narrow and unsigned ones convert as C does (modulo 2^width). */
uint64_t sc_tensor_get_u64(sc_tensor *t, const int64_t *coords);
uint32_t sc_tensor_get_u32(sc_tensor *t, const int64_t *coords);
int16_t sc_tensor_get_i16(sc_tensor *t, const int64_t *coords);
uint16_t sc_tensor_get_u16(sc_tensor *t, const int64_t *coords);
int8_t sc_tensor_get_i8(sc_tensor *t, const int64_t *coords);
uint8_t sc_tensor_get_u8(sc_tensor *t, const int64_t *coords);

/* ---- Queries. nnz (and level_size of a counting level sized from the
 * data) finalize pending inserts first; the others do not depend on them.
 * A NULL tensor or an index out of range gives 0 (encoding: NULL). ---- */

const sc_encoding *sc_tensor_encoding(const sc_tensor *t);
sc_value_type sc_tensor_value_type(const sc_tensor *t);
int sc_tensor_dim_rank(const sc_tensor *t);
/* The size as the tensor is seen (a view: the slice's size). */
int64_t sc_tensor_dim_size(const sc_tensor *t, int dim);
/* The extent of the stored array (differs from dim_size for a view). */
int64_t sc_tensor_stored_dim_size(const sc_tensor *t, int dim);
/* Size of level `lvl` (e.g. rows/2 for `i floordiv 2`). */
int64_t sc_tensor_level_size(const sc_tensor *t, int lvl);
/* Number of stored values (explicit zeros on padded levels included); for
 * a view, those inside the view. */
size_t sc_tensor_nnz(sc_tensor *t);
/* Bytes held by the tensor's storage arrays (not pending inserts). */
size_t sc_tensor_memory(const sc_tensor *t);

/* Raw storage for generated code (for a view: the stored array, in stored
 * coordinates; level sizes too). Element types follow the encoding's
 * widths: posWidth 8/16/32/64 -> uint8_t/uint16_t/uint32_t/uint64_t, 0 ->
 * uint64_t; the same for crdWidth (2 and 4 are stored as uint8_t).
 *  - compressed level l:       positions(l) has level_size(parent)+1
 *                              entries; coordinates(l) one per entry.
 *  - loose_compressed level l: positions(l) has 2*parent entries (lo, hi).
 *  - singleton level l:        coordinates(l) only.
 *  - n_out_of_m level l:       coordinates(l), n per block of m.
 *  - dense level:              neither (NULL).
 * values() has one element per stored entry (dense levels below the last
 * sparse level stored in full). These finalize pending inserts; they return
 * NULL for an empty array. */
void *sc_tensor_positions(sc_tensor *t, int lvl);
void *sc_tensor_coordinates(sc_tensor *t, int lvl);
void *sc_tensor_values(sc_tensor *t);
/* Lengths of the arrays above (entries, not bytes). */
size_t sc_tensor_positions_size(sc_tensor *t, int lvl);
size_t sc_tensor_coordinates_size(sc_tensor *t, int lvl);

/* For generated loops: a hint to fetch the cache line at address `addr`
 * (an integer, converted from uintptr_t) for reading, into the second-level
 * cache where the processor distinguishes. It has no effect on any result
 * and never faults, so the address may lie past the end of an array;
 * compilers without the builtin ignore it. */
#if defined(__GNUC__) || defined(__clang__)
#define SC_PREFETCH(addr) __builtin_prefetch((const void *)(uintptr_t)(addr), 0, 2)
#else
#define SC_PREFETCH(addr) ((void)0)
#endif
/* Generated row loops prefetch the arrays of a tensor that holds at least
 * this many bytes (a smaller one stays in the last-level cache, where the
 * hint costs more than it saves). Define it before this header to change
 * it (1: always). */
#ifndef SC_PREFETCH_MIN_BYTES
#define SC_PREFETCH_MIN_BYTES ((size_t)16 << 20)
#endif
/* For generated code: `cond`, told to the C compiler as rarely true. It
 * changes only how the compiler lays out and aligns the code, never a
 * result; compilers without the builtin see `cond` as it is. */
#if defined(__GNUC__) || defined(__clang__)
#define SC_RARELY(cond) __builtin_expect(!!(cond), 0)
#else
#define SC_RARELY(cond) (cond)
#endif

/* ------------------------------------------------------------------ */
/* Section - Matrix Market and FROSTT IO                               */
/* ------------------------------------------------------------------ */

/* Reads a Matrix Market file (coordinate or array; real, integer or
 * pattern; general, symmetric or skew-symmetric) into encoding `enc`
 * (NULL: CSR for matrices). Pattern entries read as 1. */
sc_status sc_read_mtx(sc_tensor **out, const char *path,
                      const sc_encoding *enc, sc_value_type vt);
sc_status sc_read_mtx_stream(sc_tensor **out, FILE *in, const char *name,
                             const sc_encoding *enc, sc_value_type vt);
/* Writes coordinate real (or integer) general. The stream writer flushes
 * `out` (not closed): a write or flush that fails is SC_ERR_IO. */
sc_status sc_write_mtx(sc_tensor *t, const char *path);
sc_status sc_write_mtx_stream(sc_tensor *t, FILE *out);

/* FROSTT .tns: one entry per line, 1-based coordinates then the value.
 * The order is that of the first entry, each dimension size the largest
 * coordinate of its mode; enc NULL: CSF of that order. */
sc_status sc_read_tns(sc_tensor **out, const char *path,
                      const sc_encoding *enc, sc_value_type vt);
sc_status sc_write_tns(sc_tensor *t, const char *path);

/* ------------------------------------------------------------------ */
/* Section - Helpers for generated code                                */
/* ------------------------------------------------------------------ */

/* Prints "sparsecc runtime: <where>: <message>" to stderr and exits with
 * status 1. Only generated code calls this (never the library itself), for
 * failures the dense program could not have had (allocation failure while
 * assembling storage it replaced). */
void sc_fail(sc_status status, const char *where);

/* Tells, on stderr and once per *told flag, that storage for the loop at
 * <where> could not be built (the data do not fit the encoding: a 2:4 group
 * with three nonzeros, a coordinate wider than crdWidth; or no memory) and
 * that the loop runs as written over the dense arrays:
 * "sparsecc runtime: <where>: <message>; the loop runs as written (dense)".
 * Generated code calls it before its dense fallback; it never exits. */
void sc_dense_fallback(sc_status status, const char *where, int *told);

/* The first position q in [lo, hi) whose coordinate crd[q] >= key (hi when
 * none), crd an ordered array of `width` bytes (1, 2, 4 or 8) per element.
 * Generated code starts the walk of a slice view's level there. */
size_t sc_crd_lower_bound(const void *crd, size_t width, size_t lo,
                          size_t hi, uint64_t key);

/* For generated band walks (`for (j = MAX(0, i - w); j <= MIN(n - 1, i + w);
 * j++)` over a row [rb, e) of an ordered level), inline and one per
 * coordinate type (_u8, _u16, _u32, _u64: the generated code knows the
 * width):
 *   sc_band_T(crd, rb, e, lo, hi, unique, &z)  the first position of the
 *     row whose coordinate is >= lo, and in *z the first >= hi (no more
 *     than hi - lo positions further when `unique`, SC_BAND_UNIQUE: the
 *     level's coordinates are distinct). A row of at most SC_BAND_SHORT
 *     entries that the band covers (its first coordinate >= lo, its last
 *     < hi: every row of a pure band) is the answer after two loads;
 *     otherwise sc_band_begin_T, then sc_band_end_T up to that limit.
 *   sc_band_begin_T(crd, rb, e, key)  the first position in [rb, e) whose
 *     coordinate is >= key (e when none): rb when its coordinate is, else
 *     a binary search of the rest.
 *   sc_band_end_T(crd, b, e, key)  the same, for the band's end: a range of
 *     at most SC_BAND_SHORT positions whose last coordinate is < key
 *     returns e after one load, else a binary search.
 * A longer row is never tested at its far end first: that load, ahead of
 * the walk's, was slower than the search (docs/performance.md, "Band walks
 * without a runtime call"). The searches branch: a branchless search of a
 * row not yet in the cache waits on each of its loads in turn. */
#ifndef SC_BAND_SHORT
#define SC_BAND_SHORT 16
#endif
#define SC_BAND_UNIQUE 1
#define SC_BAND_NONUNIQUE 0
#define SC_BAND_SEARCHES(SUFFIX, T)                                           \
  static inline size_t sc_band_search_##SUFFIX(const T *crd, size_t lo,      \
                                               size_t hi, uint64_t key) {    \
    while (lo < hi) {                                                         \
      const size_t mid = lo + (hi - lo) / 2;                                  \
      if ((uint64_t)crd[mid] < key)                                           \
        lo = mid + 1;                                                         \
      else                                                                    \
        hi = mid;                                                             \
    }                                                                         \
    return lo;                                                                \
  }                                                                           \
  static inline size_t sc_band_begin_##SUFFIX(const T *crd, size_t rb,       \
                                              size_t e, uint64_t key) {      \
    if (rb == e || (uint64_t)crd[rb] >= key) return rb;                       \
    return sc_band_search_##SUFFIX(crd, rb + 1, e, key);                      \
  }                                                                           \
  static inline size_t sc_band_end_##SUFFIX(const T *crd, size_t b,          \
                                            size_t e, uint64_t key) {        \
    if (e - b <= SC_BAND_SHORT && (b == e || (uint64_t)crd[e - 1] < key))     \
      return e;                                                               \
    return sc_band_search_##SUFFIX(crd, b, e, key);                           \
  }                                                                           \
  static inline size_t sc_band_##SUFFIX(const T *crd, size_t rb, size_t e,   \
                                        uint64_t lo, uint64_t hi,            \
                                        int unique, size_t *z) {             \
    const size_t n = e - rb;                                                  \
    if (n <= SC_BAND_SHORT &&                                                 \
        (n == 0 ||                                                            \
         (((uint64_t)crd[rb] >= lo) & ((uint64_t)crd[e - 1] < hi)))) {        \
      *z = e;                                                                 \
      return rb;                                                              \
    }                                                                         \
    const size_t b = sc_band_begin_##SUFFIX(crd, rb, e, lo);                  \
    /* distinct coordinates: at most hi - lo of them in [lo, hi) */           \
    const uint64_t w = hi > lo ? hi - lo : 0;                                 \
    *z = sc_band_end_##SUFFIX(crd, b, unique && e - b > w ? b + (size_t)w : e, \
                              hi);                                            \
    return b;                                                                 \
  }
SC_BAND_SEARCHES(u8, uint8_t)
SC_BAND_SEARCHES(u16, uint16_t)
SC_BAND_SEARCHES(u32, uint32_t)
SC_BAND_SEARCHES(u64, uint64_t)
#undef SC_BAND_SEARCHES

#ifdef __cplusplus
}
#endif

#endif /* SPARSECC_RT_H */
