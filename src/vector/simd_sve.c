/* simd_sve.c — the Arm SVE backend, vector-length agnostic: svfloat64_t,
 * svfloat32_t, svint64_t and svint32_t values of svcntd() (64-bit lanes)
 * or svcntw() (32-bit lanes) elements, loops predicated by
 * svwhilelt_b64/_b32(iv, hi) on every chunk (the last chunk's predicate is
 * the mask min(step, hi - iv)); predicated loads/stores, gathers
 * svld1_gather_u64index_* / _u32index_* (32-bit coordinates of 64-bit
 * lanes load zero-extended with svld1uw_u64, 8- and 16-bit ones with
 * svld1ub / svld1uh to either width; 64-bit coordinates of 32-bit
 * lanes are narrowed, under a run-time check of the extent), scatters
 * svst1_scatter_*index_*, merging arithmetic for reductions and
 * svaddv/svmaxnmv/svminnmv/svmaxv/svminv to reduce. Integer lanes wrap.
 * Emitted under `#if defined(__ARM_FEATURE_SVE)` (-march=armv8-a+sve). */
#include <string.h>

#include "vector/simd.h"

/* Per element type: the intrinsic suffix, predicate width, lane count,
 * pointer type of loads and stores. */
typedef struct SvType {
  const char *sfx;   /* "f64", "f32", "s64", "s32" */
  const char *b;     /* "b64", "b32" */
  const char *cnt;   /* "svcntd()", "svcntw()" */
  const char *ptr;   /* "float64_t", ... */
  int max_lanes;     /* lanes of a 2048-bit vector */
} SvType;

static const SvType sv_types[4] = {
    [SIMD_F64] = {"f64", "b64", "svcntd()", "float64_t", 32},
    [SIMD_F32] = {"f32", "b32", "svcntw()", "float32_t", 64},
    [SIMD_I64] = {"s64", "b64", "svcntd()", "int64_t", 32},
    [SIMD_I32] = {"s32", "b32", "svcntw()", "int32_t", 64},
};

static const SvType *ty(SimdCtx *c) { return &sv_types[simd_type(c)->elem]; }
static int is_int(SimdCtx *c) { return !simd_type(c)->is_float; }

static void s_prologue(SimdCtx *c, StrBuf *sb, const char *ind) {
  (void)c, (void)sb, (void)ind;
}

/* n is "iv, hi" for the whilelt of the current chunk */
static const char *s_mask(SimdCtx *c, const char *n) {
  const char *m = simd_tmp(c, "pg");
  simd_pre(c, "const svbool_t %s = svwhilelt_%s_s64(%s);", m, ty(c)->b, n);
  return m;
}

static const char *s_splat(SimdCtx *c, const char *s) {
  return arena_printf(c->arena, "svdup_n_%s((%s)(%s))", ty(c)->sfx, ty(c)->ptr,
                      s);
}

static const char *pred(SimdCtx *c, const char *m) {
  return m ? m : arena_printf(c->arena, "svptrue_%s()", ty(c)->b);
}

static const char *s_load(SimdCtx *c, const char *addr, const char *m) {
  return arena_printf(c->arena, "svld1_%s(%s, (const %s *)(%s))", ty(c)->sfx,
                      pred(c, m), ty(c)->ptr, addr);
}

static void s_store(SimdCtx *c, const char *addr, const char *v,
                    const char *m) {
  simd_pre(c, "svst1_%s(%s, (%s *)(%s), %s);", ty(c)->sfx, pred(c, m),
           ty(c)->ptr, addr, v);
}

/* Indices of the lanes' coordinates: svuint64_t for 64-bit lanes,
 * svuint32_t for 32-bit lanes (64-bit coordinates narrowed: two loads
 * under the halves of the predicate, the low words kept). */
static const char *indices(SimdCtx *c, const char *crd, const char *crd_type,
                           const char *m) {
  const char *t = simd_tmp(c, "ix");
  int c32 = strcmp(crd_type, "uint32_t") == 0;
  /* 8- and 16-bit coordinates: loaded zero-extended to the lanes' width */
  const char *narrow = !strcmp(crd_type, "uint8_t")    ? "b"
                       : !strcmp(crd_type, "uint16_t") ? "h"
                                                       : NULL;
  if (simd_type(c)->bytes == 8) {
    if (narrow)
      simd_pre(c, "const svuint64_t %s = svld1u%s_u64(%s, %s);", t, narrow,
               pred(c, m), crd);
    else
      simd_pre(c, "const svuint64_t %s = %s(%s, %s);", t,
               c32 ? "svld1uw_u64" : "svld1_u64", pred(c, m), crd);
    return t;
  }
  if (narrow) {
    simd_pre(c, "const svuint32_t %s = svld1u%s_u32(%s, %s);", t, narrow,
             pred(c, m), crd);
    return t;
  }
  if (c32) {
    simd_pre(c, "const svuint32_t %s = svld1_u32(%s, %s);", t, pred(c, m), crd);
    return t;
  }
  const char *p = pred(c, m);
  simd_pre(c, "const svuint32_t %s = svuzp1_u32(svreinterpret_u32_u64("
              "svld1_u64(svunpklo_b(%s), %s)), svreinterpret_u32_u64("
              "svld1_u64(svunpkhi_b(%s), (%s) + svcntd())));", t, p, crd, p,
           crd);
  return t;
}

static const char *s_gather(SimdCtx *c, const char *base, const char *crd,
                            const char *crd_type, const char *m) {
  const char *ix = indices(c, crd, crd_type, m);
  return arena_printf(c->arena, "svld1_gather_u%sindex_%s(%s, (const %s *)(%s), %s)",
                      simd_type(c)->bytes == 8 ? "64" : "32", ty(c)->sfx,
                      pred(c, m), ty(c)->ptr, base, ix);
}

static void s_scatter(SimdCtx *c, const char *base, const char *crd,
                      const char *crd_type, const char *v, const char *m) {
  const char *ix = indices(c, crd, crd_type, m);
  simd_pre(c, "svst1_scatter_u%sindex_%s(%s, (%s *)(%s), %s, %s);",
           simd_type(c)->bytes == 8 ? "64" : "32", ty(c)->sfx, pred(c, m),
           ty(c)->ptr, base, ix, v);
}

static const char *s_binop(SimdCtx *c, int op, const char *a, const char *b) {
  const char *f = op == '+' ? "add" : op == '-' ? "sub" : op == '*' ? "mul"
                : op == '^' ? "eor" : op == '|' ? "orr"
                : op == '&' ? "and" : "div";
  return arena_printf(c->arena, "sv%s_%s_x(svptrue_%s(), %s, %s)", f,
                      ty(c)->sfx, ty(c)->b, a, b);
}

static const char *s_neg(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "svneg_%s_x(svptrue_%s(), %s)", ty(c)->sfx,
                      ty(c)->b, a);
}

/* merging (_m) forms keep acc in inactive lanes; maxnm/minnm are fmax/fmin */
static const char *s_accum(SimdCtx *c, int kind, const char *acc,
                           const char *v, const char *m) {
  const char *f = kind == SIMD_RED_ADD ? "add" : kind == SIMD_RED_MUL ? "mul"
                : kind == SIMD_RED_XOR ? "eor" : kind == SIMD_RED_OR ? "orr"
                : kind == SIMD_RED_MAX ? (is_int(c) ? "max" : "maxnm")
                : (is_int(c) ? "min" : "minnm");
  return arena_printf(c->arena, "sv%s_%s_m(%s, %s, %s)", f, ty(c)->sfx,
                      pred(c, m), acc, v);
}

static const char *s_reduce(SimdCtx *c, int kind, const char *acc) {
  const SimdType *st = simd_type(c);
  const char *r = simd_tmp(c, "r");
  if (kind != SIMD_RED_MUL) {
    /* svaddv of integer lanes is a 64-bit sum: truncated, it is the
     * wrapping sum of the lanes */
    const char *f = kind == SIMD_RED_ADD ? "add"
                  : kind == SIMD_RED_XOR ? "eor" : kind == SIMD_RED_OR ? "or"
                  : kind == SIMD_RED_MAX ? (is_int(c) ? "max" : "maxnm")
                  : (is_int(c) ? "min" : "minnm");
    simd_pre(c, "const %s %s = (%s)sv%sv_%s(svptrue_%s(), %s);", st->ctype, r,
             st->ctype, f, ty(c)->sfx, ty(c)->b, acc);
    return r;
  }
  const char *t = simd_tmp(c, "sp");
  simd_pre(c, "%s %s[%d]; /* up to 2048-bit vectors */", st->ctype, t,
           ty(c)->max_lanes);
  simd_pre(c, "svst1_%s(svptrue_%s(), (%s *)%s, %s);", ty(c)->sfx, ty(c)->b,
           ty(c)->ptr, t, acc);
  simd_pre(c, "%s %s = %s[0];", st->ctype, r, t);
  if (st->utype)
    simd_pre(c, "for (int sc__l = 1; sc__l < (int)%s; sc__l++) %s = (%s)((%s)%s "
                "* (%s)%s[sc__l]);", ty(c)->cnt, r, st->ctype, st->utype, r,
             st->utype, t);
  else
    simd_pre(c, "for (int sc__l = 1; sc__l < (int)%s; sc__l++) %s *= "
                "%s[sc__l];", ty(c)->cnt, r, t);
  return r;
}

/* conditions are svbool_t predicates (governed by all lanes); svcmpne of
 * floats is true on NaN, as C's != */
static const char *s_cmp(SimdCtx *c, const char *op, const char *a,
                         const char *b) {
  const char *m = simd_tmp(c, "c");
  const char *f = !strcmp(op, "<") ? "lt" : !strcmp(op, "<=") ? "le"
                : !strcmp(op, ">") ? "gt" : !strcmp(op, ">=") ? "ge"
                : !strcmp(op, "==") ? "eq" : "ne";
  simd_pre(c, "const svbool_t %s = svcmp%s_%s(svptrue_%s(), %s, %s);", m, f,
           ty(c)->sfx, ty(c)->b, a, b);
  return m;
}

static const char *s_logic(SimdCtx *c, int op, const char *a, const char *b) {
  if (op == '!')
    return arena_printf(c->arena, "svnot_b_z(svptrue_%s(), %s)", ty(c)->b, a);
  return arena_printf(c->arena, "sv%s_b_z(svptrue_%s(), %s, %s)",
                      op == '&' ? "and" : "orr", ty(c)->b, a, b);
}

static const char *s_select(SimdCtx *c, const char *cond, const char *a,
                            const char *b) {
  return arena_printf(c->arena, "svsel_%s(%s, %s, %s)", ty(c)->sfx, cond, a, b);
}

static const char *s_fabs(SimdCtx *c, const char *a) {
  return arena_printf(c->arena, "svabs_%s_x(svptrue_%s(), %s)", ty(c)->sfx,
                      ty(c)->b, a);
}

static const char *s_vlen(SimdCtx *c) { return ty(c)->cnt; }

static const char *s_active(SimdCtx *c, const char *m) {
  return arena_printf(c->arena, "svcntp_%s(%s, %s)", ty(c)->b, m, m);
}

const SimdOps simd_sve_ops = {
    .name = "sve",
    .guard = "defined(__ARM_FEATURE_SVE)",
    .needs = "-march=armv8-a+sve",
    .lanes = 0,
    .vtype = {"svfloat64_t", "svfloat32_t", "svint64_t", "svint32_t"},
    .prologue = s_prologue,
    .mask = s_mask,
    .splat = s_splat,
    .load = s_load,
    .store = s_store,
    .gather = s_gather,
    .scatter = s_scatter,
    .binop = s_binop,
    .neg = s_neg,
    .accum = s_accum,
    .reduce = s_reduce,
    .vlen = s_vlen,
    .active = s_active,
    .cmp = s_cmp,
    .logic = s_logic,
    .select = s_select,
    .fabs = s_fabs,
};
