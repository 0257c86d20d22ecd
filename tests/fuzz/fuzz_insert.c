/* fuzz_insert.c — libFuzzer target: buffered insertion with reads in
 * between. The input decodes into a rank (1-3), dimension sizes (1-9, or
 * 17 and 257 for the narrow coordinate widths), a value type, two
 * encodings, then a program of up to 256 operations on one tensor:
 * inserts and compound updates (+ - * / | ^ &, and operators the value
 * type does not take) at coordinates in range or not (-1, the size,
 * INT64_MIN...), of values small or extreme (INT64_MIN, -128, NaN, inf);
 * and reads between them: finalize, lookups (the typed ones too, out of
 * range included), the dense block, nnz, a conversion, a copy that
 * replaces the tensor, a clear, a slice view (its block, and an insert
 * through it that leaves the tensor as it was). The harness runs the same
 * program on a dense model (integer arithmetic wrapping in the value type,
 * a division of the least value by -1 leaving it, as the library does)
 * and checks every read against it. A refused call must leave a message and change
 * nothing; a finalize refused (width overflow, a block that does not fit)
 * drops the pending operations and keeps the entries read before. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_enc.h"

#define MAX_OPS 256
/* Largest dense block (elements): 9^3. */
#define MAX_COUNT 729

typedef struct model {
  int rank;
  sc_value_type vt;
  size_t vs, count;
  int64_t dims[SC_MAX_RANK];
  unsigned char work[MAX_COUNT * 8]; /* with the pending operations */
  unsigned char kept[MAX_COUNT * 8]; /* as last finalized */
} model;

static const int64_t dim_table[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 17, 257, 3};

/* Values: small, the limits of the narrow types, the extremes. */
static const int64_t int_values[16] = {0,    1,      -1,     2,
                                       -3,   3,      7,      -128,
                                       127,  255,    -32768, 65535,
                                       0x55, INT32_MIN, INT64_MIN, INT64_MAX};

static void make_value(sc_value_type vt, uint8_t b, unsigned char *v) {
  int64_t x = int_values[b % 16];
  memset(v, 0, 8);
  switch (vt) {
  case SC_F64: {
    double d = (double)x;
    if (b >= 0xF0)
      d = b == 0xF0 ? NAN : b == 0xF1 ? INFINITY : b == 0xF2 ? -0.0 : 0.5;
    memcpy(v, &d, 8);
    break;
  }
  case SC_F32: {
    float f = (float)x;
    if (b >= 0xF0)
      f = b == 0xF0 ? NAN : b == 0xF1 ? INFINITY : b == 0xF2 ? -0.0f : 0.5f;
    memcpy(v, &f, 4);
    break;
  }
  default: /* the low bytes: the value converted modulo 2^width */
    memcpy(v, &x, sc_value_size(vt));
    break;
  }
}

/* a = a op b in the value type, as the library computes it. */
#define INT_OP(T, U, UNS)                                                      \
  do {                                                                         \
    T a, b;                                                                    \
    memcpy(&a, dst, sizeof a);                                                 \
    memcpy(&b, src, sizeof b);                                                 \
    switch (op) {                                                              \
    case '+': a = (T)(U)((uint64_t)a + (uint64_t)b); break;                    \
    case '-': a = (T)(U)((uint64_t)a - (uint64_t)b); break;                    \
    case '*': a = (T)(U)((uint64_t)a * (uint64_t)b); break;                    \
    case '/':                                                                  \
      if (UNS || !((U)b == (U)-1 && (U)a == (U)1 << (sizeof(T) * 8 - 1)))      \
        a = (T)(a / b);                                                        \
      break;                                                                   \
    case '|': a = (T)((U)a | (U)b); break;                                     \
    case '^': a = (T)((U)a ^ (U)b); break;                                     \
    default: a = (T)((U)a & (U)b); break;                                      \
    }                                                                          \
    memcpy(dst, &a, sizeof a);                                                 \
  } while (0)

#define FLT_OP(T)                                                              \
  do {                                                                         \
    T a, b;                                                                    \
    memcpy(&a, dst, sizeof a);                                                 \
    memcpy(&b, src, sizeof b);                                                 \
    switch (op) {                                                              \
    case '+': a = a + b; break;                                                \
    case '-': a = a - b; break;                                                \
    case '*': a = a * b; break;                                                \
    default: a = a / b; break;                                                 \
    }                                                                          \
    memcpy(dst, &a, sizeof a);                                                 \
  } while (0)

static void model_apply(sc_value_type vt, unsigned char *dst, char op,
                        const unsigned char *src) {
  switch (vt) {
  case SC_F64: FLT_OP(double); break;
  case SC_F32: FLT_OP(float); break;
  case SC_I64: INT_OP(int64_t, uint64_t, 0); break;
  case SC_I32: INT_OP(int32_t, uint32_t, 0); break;
  case SC_U64: INT_OP(uint64_t, uint64_t, 1); break;
  case SC_U32: INT_OP(uint32_t, uint32_t, 1); break;
  case SC_I16: INT_OP(int16_t, uint16_t, 0); break;
  case SC_U16: INT_OP(uint16_t, uint16_t, 1); break;
  case SC_I8: INT_OP(int8_t, uint8_t, 0); break;
  case SC_U8: INT_OP(uint8_t, uint8_t, 1); break;
  }
}

static int is_int(sc_value_type vt) { return vt != SC_F64 && vt != SC_F32; }

static int all_zero(const unsigned char *v, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (v[i])
      return 0;
  return 1;
}

/* Whether the update the library is asked for is one it takes. */
static int op_valid(sc_value_type vt, char op, const unsigned char *v) {
  switch (op) {
  case '+': case '-': case '*': return 1;
  case '/': return !is_int(vt) || !all_zero(v, sc_value_size(vt));
  case '|': case '^': case '&': return is_int(vt);
  default: return 0;
  }
}

/* Coordinates from one byte each; 0 when some is out of range. */
static int pick_coords(fuzz_reader *r, const model *m, int64_t *c) {
  int inside = 1;
  for (int d = 0; d < m->rank; d++) {
    uint8_t b = fuzz_next(r);
    if (b < 0xF0) {
      c[d] = b % m->dims[d];
      continue;
    }
    if (b < 0xF8) { /* the top of the dimension: past 8-bit coordinates */
      c[d] = m->dims[d] - 1 - (b - 0xF0) % m->dims[d];
      continue;
    }
    inside = 0;
    switch (b - 0xF8) {
    case 0: c[d] = -1; break;
    case 1: c[d] = m->dims[d]; break;
    case 2: c[d] = INT64_MIN; break;
    case 3: c[d] = INT64_MAX; break;
    case 4: c[d] = INT64_C(4294967296); break;
    case 5: c[d] = m->dims[d] + 256; break;
    case 6: c[d] = -INT64_C(2147483648); break;
    default: c[d] = INT64_C(2147483648); break;
    }
  }
  return inside;
}

static size_t offset(const model *m, const int64_t *c) {
  size_t k = 0;
  for (int d = 0; d < m->rank; d++)
    k = k * (size_t)m->dims[d] + (size_t)c[d];
  return k;
}

/* Applies the pending operations; the model follows what happened. */
static sc_status finalize(model *m, sc_tensor *t) {
  sc_status st = sc_tensor_finalize(t);
  if (st == SC_OK) {
    memcpy(m->kept, m->work, m->count * m->vs);
  } else {
    FUZZ_CHECK(fuzz_refusal_ok(st), "finalize: %s", sc_status_name(st));
    FUZZ_CHECK(sc_last_error()[0] != '\0', "finalize failed without a message");
    memcpy(m->work, m->kept, m->count * m->vs);
  }
  return st;
}

/* After a call that may or may not have applied the pending operations
 * before it failed: the tensor holds either the model's state with them
 * or the one without. */
static void resync(model *m, sc_tensor *t) {
  unsigned char got[MAX_COUNT * 8];
  int with = 1, without = 1;
  sc_status st = sc_tensor_finalize(t);
  if (st != SC_OK) { /* they were still pending, and are refused now */
    FUZZ_CHECK(fuzz_refusal_ok(st), "finalize: %s", sc_status_name(st));
    memcpy(m->work, m->kept, m->count * m->vs);
    return;
  }
  FUZZ_CHECK(sc_tensor_to_dense(t, got) == SC_OK, "resync: to_dense");
  for (size_t k = 0; k < m->count; k++) {
    with &= fuzz_elem_eq(m->vt, got, m->work, k);
    without &= fuzz_elem_eq(m->vt, got, m->kept, k);
  }
  FUZZ_CHECK(with || without, "after a refusal: neither state");
  if (with)
    memcpy(m->kept, m->work, m->count * m->vs);
  else
    memcpy(m->work, m->kept, m->count * m->vs);
}

static void check_dense(const model *m, sc_tensor *t, const char *what) {
  unsigned char got[MAX_COUNT * 8];
  FUZZ_CHECK(sc_tensor_to_dense(t, got) == SC_OK, "%s: to_dense", what);
  for (size_t k = 0; k < m->count; k++)
    FUZZ_CHECK(fuzz_elem_eq(m->vt, got, m->kept, k), "%s: element %zu", what,
               k);
}

/* The typed lookup of the value type at c, as 8 bytes. */
static void typed_get(sc_tensor *t, sc_value_type vt, const int64_t *c,
                      unsigned char *v) {
  memset(v, 0, 8);
#define TYPED(V, T, F)                                                         \
  case V: {                                                                    \
    T x = F(t, c);                                                             \
    memcpy(v, &x, sizeof x);                                                   \
    break;                                                                     \
  }
  switch (vt) {
    TYPED(SC_F64, double, sc_tensor_get_f64)
    TYPED(SC_F32, float, sc_tensor_get_f32)
    TYPED(SC_I64, int64_t, sc_tensor_get_i64)
    TYPED(SC_I32, int32_t, sc_tensor_get_i32)
    TYPED(SC_U64, uint64_t, sc_tensor_get_u64)
    TYPED(SC_U32, uint32_t, sc_tensor_get_u32)
    TYPED(SC_I16, int16_t, sc_tensor_get_i16)
    TYPED(SC_U16, uint16_t, sc_tensor_get_u16)
    TYPED(SC_I8, int8_t, sc_tensor_get_i8)
    TYPED(SC_U8, uint8_t, sc_tensor_get_u8)
  }
#undef TYPED
}

/* A slice view of t (an offset, a size and a stride per dimension, inside
 * t) holds the model's sub-block; an insert through the view changes the
 * view's element only (the view owns a copy of the storage). */
static void check_view(fuzz_reader *r, const model *m, sc_tensor *t) {
  int64_t off[SC_MAX_RANK], sz[SC_MAX_RANK], str[SC_MAX_RANK],
      c[SC_MAX_RANK] = {0}, tc[SC_MAX_RANK];
  unsigned char got[MAX_COUNT * 8], v[8], after[8];
  size_t vcount = 1;
  sc_tensor *view = NULL;
  sc_status st;
  for (int d = 0; d < m->rank; d++) {
    off[d] = fuzz_next(r) % m->dims[d];
    str[d] = 1 + fuzz_next(r) % 3;
    sz[d] = 1 + fuzz_next(r) % m->dims[d];
    if (sz[d] > (m->dims[d] - 1 - off[d]) / str[d] + 1)
      sz[d] = (m->dims[d] - 1 - off[d]) / str[d] + 1;
    vcount *= (size_t)sz[d];
  }
  st = sc_tensor_slice(&view, t, off, sz, str);
  if (st != SC_OK) { /* a view the encoding cannot take */
    FUZZ_CHECK(fuzz_refusal_ok(st), "slice: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, view);
    return;
  }
  FUZZ_CHECK(sc_tensor_to_dense(view, got) == SC_OK, "view: to_dense");
  for (size_t k = 0; k < vcount; k++) {
    size_t rem = k, at = 0;
    for (int d = m->rank - 1; d >= 0; d--) {
      c[d] = (int64_t)(rem % (size_t)sz[d]);
      rem /= (size_t)sz[d];
    }
    for (int d = 0; d < m->rank; d++)
      at = at * (size_t)m->dims[d] + (size_t)(off[d] + c[d] * str[d]);
    FUZZ_CHECK(fuzz_elem_eq(m->vt, got + k * m->vs, m->kept + at * m->vs, 0),
               "view: element %zu (element %zu of the tensor)", k, at);
  }
  /* an insert through the view, at its last element */
  for (int d = 0; d < m->rank; d++) {
    c[d] = sz[d] - 1;
    tc[d] = off[d] + c[d] * str[d];
  }
  make_value(m->vt, fuzz_next(r), v);
  st = sc_tensor_insert(view, c, v);
  FUZZ_CHECK(st == SC_OK, "view: insert: %s", sc_status_name(st));
  st = sc_tensor_get(view, c, after);
  FUZZ_CHECK(st == SC_OK || fuzz_refusal_ok(st), "view: get: %s",
             sc_status_name(st));
  if (st == SC_OK)
    FUZZ_CHECK(fuzz_elem_eq(m->vt, after, v, 0), "view: the inserted value");
  FUZZ_CHECK(sc_tensor_get(t, tc, after) == SC_OK, "get");
  FUZZ_CHECK(fuzz_elem_eq(m->vt, after, m->kept + offset(m, tc) * m->vs, 0),
             "an insert through a view changed the tensor");
  sc_tensor_free(view);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char ops[8] = {'+', '-', '*', '/', '|', '^', '&', '%'};
  fuzz_reader r = {data, size};
  static model m;
  sc_encoding se, te;
  sc_tensor *t = NULL;
  sc_status st;
  m.rank = 1 + fuzz_next(&r) % 3;
  m.count = 1;
  for (int d = 0; d < m.rank; d++) {
    m.dims[d] = dim_table[fuzz_next(&r) % 12];
    m.count *= (size_t)m.dims[d];
  }
  if (m.count > MAX_COUNT)
    return 0;
  m.vt = (sc_value_type)(fuzz_next(&r) % 10);
  m.vs = sc_value_size(m.vt);
  if (!fuzz_decode_enc(&r, m.rank, &se, 0) ||
      !fuzz_decode_enc(&r, m.rank, &te, 0))
    return 0;
  st = sc_tensor_new(&t, &se, m.vt, m.dims);
  if (st != SC_OK) {
    FUZZ_CHECK(fuzz_refusal_ok(st), "new: %s", sc_status_name(st));
    fuzz_failed_cleanly(st, t);
    return 0;
  }
  memset(m.work, 0, sizeof m.work);
  memset(m.kept, 0, sizeof m.kept);
  for (int n = 0; n < MAX_OPS && r.n > 0; n++) {
    uint8_t code = fuzz_next(&r);
    int64_t c[SC_MAX_RANK];
    unsigned char v[8], got[8];
    int inside;
    switch (code % 13) {
    case 0:
    case 1:
    case 2: /* insert */
      inside = pick_coords(&r, &m, c);
      make_value(m.vt, fuzz_next(&r), v);
      st = sc_tensor_insert(t, c, v);
      if (!inside) {
        FUZZ_CHECK(st == SC_ERR_OUT_OF_RANGE, "insert out of range: %s",
                   sc_status_name(st));
        FUZZ_CHECK(strstr(sc_last_error(), "outside the dimension sizes"),
                   "insert out of range: the message");
      } else {
        FUZZ_CHECK(st == SC_OK, "insert: %s", sc_status_name(st));
        memcpy(m.work + offset(&m, c) * m.vs, v, m.vs);
      }
      break;
    case 3:
    case 4:
    case 5: { /* update */
      char op = ops[(code >> 4) % 8];
      inside = pick_coords(&r, &m, c);
      make_value(m.vt, fuzz_next(&r), v);
      st = sc_tensor_update(t, c, op, v);
      if (!op_valid(m.vt, op, v)) {
        FUZZ_CHECK(st == SC_ERR_INVALID_ARGUMENT, "update '%c': %s", op,
                   sc_status_name(st));
        FUZZ_CHECK(sc_last_error()[0] != '\0', "update: no message");
      } else if (!inside) {
        FUZZ_CHECK(st == SC_ERR_OUT_OF_RANGE, "update out of range: %s",
                   sc_status_name(st));
      } else {
        FUZZ_CHECK(st == SC_OK, "update '%c': %s", op, sc_status_name(st));
        model_apply(m.vt, m.work + offset(&m, c) * m.vs, op, v);
      }
      break;
    }
    case 6: /* lookups */
      inside = pick_coords(&r, &m, c);
      if (finalize(&m, t) != SC_OK)
        break;
      st = sc_tensor_get(t, c, got);
      typed_get(t, m.vt, c, v);
      if (!inside) {
        static const unsigned char zero[8];
        FUZZ_CHECK(st == SC_ERR_OUT_OF_RANGE, "get out of range: %s",
                   sc_status_name(st));
        FUZZ_CHECK(!memcmp(v, zero, 8), "typed get out of range: not 0");
      } else {
        FUZZ_CHECK(st == SC_OK, "get: %s", sc_status_name(st));
        FUZZ_CHECK(fuzz_elem_eq(m.vt, got, m.kept + offset(&m, c) * m.vs, 0),
                   "get: element %zu", offset(&m, c));
        FUZZ_CHECK(fuzz_elem_eq(m.vt, v, m.kept + offset(&m, c) * m.vs, 0),
                   "typed get: element %zu", offset(&m, c));
      }
      break;
    case 7: /* the dense block */
      if (finalize(&m, t) == SC_OK)
        check_dense(&m, t, "dense");
      break;
    case 8: { /* nnz: at least the nonzeros */
      size_t nz = 0;
      if (finalize(&m, t) != SC_OK)
        break;
      for (size_t k = 0; k < m.count; k++) {
        static const unsigned char zero[8];
        nz += !fuzz_elem_eq(m.vt, m.kept + k * m.vs, zero, 0);
      }
      FUZZ_CHECK(sc_tensor_nnz(t) >= nz, "nnz %zu < %zu nonzeros",
                 sc_tensor_nnz(t), nz);
      break;
    }
    case 9: { /* conversion (it applies the pending operations first) */
      sc_tensor *d = NULL;
      if ((code & 0x80) && finalize(&m, t) != SC_OK)
        break;
      st = sc_tensor_convert(&d, t, &te);
      if (st == SC_OK) {
        memcpy(m.kept, m.work, m.count * m.vs);
        check_dense(&m, d, "converted");
      } else {
        FUZZ_CHECK(fuzz_refusal_ok(st), "convert: %s", sc_status_name(st));
        fuzz_failed_cleanly(st, d);
        /* a refusal of the target, or of the pending operations (then
         * the tensor keeps what it held) */
        resync(&m, t);
      }
      sc_tensor_free(d);
      break;
    }
    case 11: /* a slice view */
      if (finalize(&m, t) == SC_OK)
        check_view(&r, &m, t);
      break;
    case 10: { /* a copy takes the tensor's place */
      sc_tensor *d = NULL;
      if ((code & 0x80) && finalize(&m, t) != SC_OK)
        break;
      st = sc_tensor_copy(&d, t);
      if (st == SC_OK) {
        memcpy(m.kept, m.work, m.count * m.vs);
        sc_tensor_free(t);
        t = d;
      } else {
        FUZZ_CHECK(fuzz_refusal_ok(st), "copy: %s", sc_status_name(st));
        fuzz_failed_cleanly(st, d);
        resync(&m, t);
      }
      break;
    }
    default: /* clear: the pending operations go too */
      st = sc_tensor_clear(t);
      FUZZ_CHECK(st == SC_OK, "clear: %s", sc_status_name(st));
      memset(m.work, 0, sizeof m.work);
      memset(m.kept, 0, sizeof m.kept);
      break;
    }
  }
  if (finalize(&m, t) == SC_OK)
    check_dense(&m, t, "at the end");
  sc_tensor_free(t);
  return 0;
}
