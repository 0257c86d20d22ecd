/* values.c — arithmetic on one value of a runtime value type (f64, f32,
 * the signed and unsigned integers of 8 to 64 bits): zero test, sum,
 * compound-assignment operators, conversions. Integer arithmetic wraps
 * (computed unsigned) instead of being undefined. */
#include "sc_internal.h"

/* X(vt, C type, unsigned type of its width, is_unsigned) per integer type */
#define SC_INT_TYPES(X)                                                        \
  X(SC_I64, int64_t, uint64_t, 0)                                              \
  X(SC_I32, int32_t, uint32_t, 0)                                              \
  X(SC_U64, uint64_t, uint64_t, 1)                                             \
  X(SC_U32, uint32_t, uint32_t, 1)                                             \
  X(SC_I16, int16_t, uint16_t, 0)                                              \
  X(SC_U16, uint16_t, uint16_t, 1)                                             \
  X(SC_I8, int8_t, uint8_t, 0)                                                 \
  X(SC_U8, uint8_t, uint8_t, 1)

int sc_value_type_valid(sc_value_type vt) {
  return (unsigned)vt <= (unsigned)SC_U8;
}

int sc_value_type_integer(sc_value_type vt) {
  return sc_value_type_valid(vt) && vt != SC_F64 && vt != SC_F32;
}

int sc_value_type_unsigned(sc_value_type vt) {
  return vt == SC_U64 || vt == SC_U32 || vt == SC_U16 || vt == SC_U8;
}

size_t sc_value_size(sc_value_type vt) {
  switch (vt) {
  case SC_F64: return sizeof(double);
  case SC_F32: return sizeof(float);
#define SC_SIZE(V, T, U, UNS) case V: return sizeof(T);
  SC_INT_TYPES(SC_SIZE)
#undef SC_SIZE
  }
  return 0;
}

int sc_val_is_zero(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: { uint64_t x; memcpy(&x, v, sizeof x); return x == 0; }
  case SC_F32: { uint32_t x; memcpy(&x, v, sizeof x); return x == 0; }
#define SC_ZERO(V, T, U, UNS) case V: { T x; memcpy(&x, v, sizeof x); return x == 0; }
  SC_INT_TYPES(SC_ZERO)
#undef SC_ZERO
  }
  return 0;
}

int sc_val_equals_zero(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: { double x; memcpy(&x, v, sizeof x); return x == 0.0; }
  case SC_F32: { float x; memcpy(&x, v, sizeof x); return x == 0.0f; }
  default: return sc_val_is_zero(vt, v);
  }
}

#define SC_INT_OP(T, U, UNS, a, op, b)                                         \
  do {                                                                         \
    switch (op) {                                                              \
    case '+': a = (T)(U)((uint64_t)a + (uint64_t)b); break;                    \
    case '-': a = (T)(U)((uint64_t)a - (uint64_t)b); break;                    \
    case '*': a = (T)(U)((uint64_t)a * (uint64_t)b); break;                    \
    case '/': a = (b != 0 && (UNS || !((U)b == (U)-1 &&                        \
                                       (U)a == ((U)1 << (sizeof(T) * 8 - 1))))) \
                      ? (T)(a / b) : a; break;                                 \
    case '|': a = (T)((U)a | (U)b); break;                                     \
    case '^': a = (T)((U)a ^ (U)b); break;                                     \
    case '&': a = (T)((U)a & (U)b); break;                                     \
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
#define SC_APPLY(V, T, U, UNS)                                                 \
  case V: {                                                                    \
    T a, b;                                                                    \
    memcpy(&a, dst, sizeof a); memcpy(&b, src, sizeof b);                      \
    SC_INT_OP(T, U, UNS, a, op, b);                                            \
    memcpy(dst, &a, sizeof a);                                                 \
    break;                                                                     \
  }
  SC_INT_TYPES(SC_APPLY)
#undef SC_APPLY
  }
}

void sc_val_add(sc_value_type vt, void *dst, const void *src) {
  sc_val_apply(vt, dst, '+', src);
}

sc_status sc_val_check_op(sc_value_type vt, char op, const void *src) {
  if (op == '|' || op == '^' || op == '&') {
    if (!sc_value_type_integer(vt))
      return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                          "update operator '%c' needs an integer value type", op);
    return SC_OK;
  }
  if (op != '+' && op != '-' && op != '*' && op != '/')
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "update operator '%c' is not one of + - * / | ^ &", op);
  if (op == '/' && sc_value_type_integer(vt)) {
    if (sc_val_is_zero(vt, src))
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
#define SC_ONE(V, T, U, UNS) case V: { T x = 1; memcpy(v, &x, sizeof x); break; }
  SC_INT_TYPES(SC_ONE)
#undef SC_ONE
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
#define SC_TOF(V, T, U, UNS) case V: { T x; memcpy(&x, v, sizeof x); return (double)x; }
  SC_INT_TYPES(SC_TOF)
#undef SC_TOF
  }
  return 0.0;
}

int64_t sc_val_to_i64(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: { double x; memcpy(&x, v, sizeof x); return sc_f64_to_i64(x); }
  case SC_F32: { float x; memcpy(&x, v, sizeof x); return sc_f64_to_i64(x); }
#define SC_TOI(V, T, U, UNS) case V: { T x; memcpy(&x, v, sizeof x); return (int64_t)x; }
  SC_INT_TYPES(SC_TOI)
#undef SC_TOI
  }
  return 0;
}

uint64_t sc_val_to_u64(sc_value_type vt, const void *v) {
  switch (vt) {
  case SC_F64: case SC_F32: return (uint64_t)sc_val_to_i64(vt, v);
#define SC_TOU(V, T, U, UNS) case V: { T x; memcpy(&x, v, sizeof x); return (uint64_t)x; }
  SC_INT_TYPES(SC_TOU)
#undef SC_TOU
  }
  return 0;
}

int sc_val_from_int(sc_value_type vt, int64_t x, void *out) {
  switch (vt) {
  case SC_F64: { double d = (double)x; memcpy(out, &d, sizeof d); return 1; }
  case SC_F32: { float f = (float)x; memcpy(out, &f, sizeof f); return 1; }
#define SC_FROM(V, T, U, UNS)                                                  \
  case V: {                                                                    \
    T y = (T)x;                                                                \
    if ((int64_t)y != x || (UNS && x < 0))                                     \
      return 0;                                                                \
    memcpy(out, &y, sizeof y);                                                 \
    return 1;                                                                  \
  }
  SC_INT_TYPES(SC_FROM)
#undef SC_FROM
  }
  return 0;
}
