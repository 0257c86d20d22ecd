/* values.c — arithmetic on one value of a runtime value type (f64, f32,
 * i64, i32): zero test, sum, compound-assignment operators, conversions.
 * Integer arithmetic wraps (computed unsigned) instead of being undefined. */
#include "sc_internal.h"

int sc_value_type_valid(sc_value_type vt) {
  return vt == SC_F64 || vt == SC_F32 || vt == SC_I64 || vt == SC_I32;
}

size_t sc_value_size(sc_value_type vt) {
  switch (vt) {
  case SC_F64: return sizeof(double);
  case SC_F32: return sizeof(float);
  case SC_I64: return sizeof(int64_t);
  case SC_I32: return sizeof(int32_t);
  }
  return 0;
}

int sc_val_is_zero(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: { double x; memcpy(&x, v, sizeof x); return x == 0.0; }
  case SC_F32: { float x; memcpy(&x, v, sizeof x); return x == 0.0f; }
  case SC_I64: { int64_t x; memcpy(&x, v, sizeof x); return x == 0; }
  case SC_I32: { int32_t x; memcpy(&x, v, sizeof x); return x == 0; }
  }
  return 0;
}

#define SC_INT_OP(T, U, a, op, b)                                              \
  do {                                                                         \
    switch (op) {                                                              \
    case '+': a = (T)((U)a + (U)b); break;                                     \
    case '-': a = (T)((U)a - (U)b); break;                                     \
    case '*': a = (T)((U)a * (U)b); break;                                     \
    case '/': a = (b != 0 && !(b == -1 && a == (T)((U)1 << (sizeof(T) * 8 - 1)))) \
                      ? (T)(a / b) : a; break;                                 \
    default: a = b; break;                                                     \
    }                                                                          \
  } while (0)

#define SC_FLT_OP(a, op, b)                                                    \
  do {                                                                         \
    switch (op) {                                                              \
    case '+': a = a + b; break;                                                \
    case '-': a = a - b; break;                                                \
    case '*': a = a * b; break;                                                \
    case '/': a = a / b; break;                                                \
    default: a = b; break;                                                     \
    }                                                                          \
  } while (0)

void sc_val_apply(sc_value_type vt, void *dst, char op, const void *src) {
  switch (vt) {
  case SC_F64: {
    double a, b;
    memcpy(&a, dst, sizeof a); memcpy(&b, src, sizeof b);
    SC_FLT_OP(a, op, b);
    memcpy(dst, &a, sizeof a);
    break;
  }
  case SC_F32: {
    float a, b;
    memcpy(&a, dst, sizeof a); memcpy(&b, src, sizeof b);
    SC_FLT_OP(a, op, b);
    memcpy(dst, &a, sizeof a);
    break;
  }
  case SC_I64: {
    int64_t a, b;
    memcpy(&a, dst, sizeof a); memcpy(&b, src, sizeof b);
    SC_INT_OP(int64_t, uint64_t, a, op, b);
    memcpy(dst, &a, sizeof a);
    break;
  }
  case SC_I32: {
    int32_t a, b;
    memcpy(&a, dst, sizeof a); memcpy(&b, src, sizeof b);
    SC_INT_OP(int32_t, uint32_t, a, op, b);
    memcpy(dst, &a, sizeof a);
    break;
  }
  }
}

void sc_val_add(sc_value_type vt, void *dst, const void *src) {
  sc_val_apply(vt, dst, '+', src);
}

sc_status sc_val_check_op(sc_value_type vt, char op, const void *src) {
  if (op != '+' && op != '-' && op != '*' && op != '/')
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "update operator '%c' is not one of + - * /", op);
  if (op == '/' && (vt == SC_I64 || vt == SC_I32)) {
    int64_t b = sc_val_to_i64(vt, src);
    if (b == 0)
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "integer division by zero in an update");
  }
  return SC_OK;
}

void sc_val_negate(sc_value_type vt, void *v) {
  unsigned char zero[8] = {0};
  unsigned char tmp[8];
  size_t sz = sc_value_size(vt);
  memcpy(tmp, zero, sz);
  sc_val_apply(vt, tmp, '-', v);
  memcpy(v, tmp, sz);
}

void sc_val_set_one(sc_value_type vt, void *v) {
  switch (vt) {
  case SC_F64: { double x = 1.0; memcpy(v, &x, sizeof x); break; }
  case SC_F32: { float x = 1.0f; memcpy(v, &x, sizeof x); break; }
  case SC_I64: { int64_t x = 1; memcpy(v, &x, sizeof x); break; }
  case SC_I32: { int32_t x = 1; memcpy(v, &x, sizeof x); break; }
  }
}

/* Saturating conversion (NaN gives 0): never undefined behaviour. */
static int64_t sc_f64_to_i64(double x) {
  if (x != x)
    return 0;
  if (x >= 9223372036854775807.0)
    return INT64_MAX;
  if (x <= -9223372036854775808.0)
    return INT64_MIN;
  return (int64_t)x;
}

double sc_val_to_f64(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: { double x; memcpy(&x, v, sizeof x); return x; }
  case SC_F32: { float x; memcpy(&x, v, sizeof x); return x; }
  case SC_I64: { int64_t x; memcpy(&x, v, sizeof x); return (double)x; }
  case SC_I32: { int32_t x; memcpy(&x, v, sizeof x); return x; }
  }
  return 0.0;
}

int64_t sc_val_to_i64(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: { double x; memcpy(&x, v, sizeof x); return sc_f64_to_i64(x); }
  case SC_F32: { float x; memcpy(&x, v, sizeof x); return sc_f64_to_i64(x); }
  case SC_I64: { int64_t x; memcpy(&x, v, sizeof x); return x; }
  case SC_I32: { int32_t x; memcpy(&x, v, sizeof x); return x; }
  }
  return 0;
}
