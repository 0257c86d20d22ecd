/* simd.h — the SIMD backend interface of the vectorizer: one SimdOps table
 * per backend (simd_generic.c, simd_avx2.c, simd_avx512.c, simd_sve.c),
 * and the element types a vector holds (SimdType: double, float, 64- and
 * 32-bit signed integers). Each function returns C text for one vector
 * operation on the element type ctx->t, so the vectorizer (vectorize.c)
 * never tests which backend or type it emits for; each backend keeps its
 * own per-type table of vector types and intrinsic suffixes.
 *
 * Values are C expressions of the backend's vector type (`vtype`). A mask
 * is the C name of a mask variable made by `mask` (a prefix of `n` active
 * lanes, n = min(lanes, hi - iv)), or NULL for "all lanes active". Ops that
 * need statements (the generic backend's lane loops, spills for
 * reductions) append them to ctx->pre, indented with ctx->ind, and return
 * an expression naming their result. */
#ifndef SC_SIMD_H
#define SC_SIMD_H

#include "base/arena.h"
#include "base/strbuf.h"

/* Element types of vector values (the order of the IR's IrElemType). */
typedef enum SimdElem { SIMD_F64, SIMD_F32, SIMD_I64, SIMD_I32 } SimdElem;

typedef struct SimdType {
  SimdElem elem;
  const char *name;     /* for the report: "double", "float", ... */
  const char *ctype;    /* scalar C type of a lane: "double", "float",
                           "long long", "int" */
  const char *utype;    /* integers: the unsigned type of wrapping
                           arithmetic ("unsigned long long"); NULL */
  int bytes;            /* bytes per lane */
  int is_float;
  const char *sum_id;   /* identities as C constants: "-0.0", "0" */
  const char *prod_id;  /* "1.0", "1.0f", "1" */
} SimdType;

extern const SimdType simd_types[4];

typedef struct SimdCtx {
  Arena *arena;
  StrBuf *pre;          /* statements to emit before the current one */
  const char *ind;      /* their indentation */
  int *uniq;            /* counter for fresh temporaries */
  int lanes;            /* lanes per vector value (0: vector-length agnostic) */
  int index32;          /* gather/scatter with 32-bit indices */
  const char *mask_n;   /* the lane count of the last mask made (fixed-lane
                           backends), or NULL */
  const SimdType *t;    /* the element type; NULL: double */
} SimdCtx;

/* ctx->t, or double. */
const SimdType *simd_type(const SimdCtx *c);

/* Reduction kinds (the combining operator); XOR and OR for integers. */
enum { SIMD_RED_ADD = '+', SIMD_RED_MUL = '*', SIMD_RED_MAX = '>',
       SIMD_RED_MIN = '<', SIMD_RED_XOR = '^', SIMD_RED_OR = '|' };

/* Whether a reduction kind is also a binop operator (+ * ^ |). */
static inline int simd_red_is_op(int kind) {
  return kind == SIMD_RED_ADD || kind == SIMD_RED_MUL || kind == SIMD_RED_XOR ||
         kind == SIMD_RED_OR;
}

typedef struct SimdOps {
  const char *name;       /* "generic", "avx2", ... */
  const char *guard;      /* preprocessor condition under which the vector
                             code compiles ("defined(__AVX2__)") */
  const char *needs;      /* what enables it, for the report ("-mavx2") */
  int lanes;              /* doubles per vector value (lanes of a type of
                             b bytes: lanes * 8 / b); 0: length agnostic
                             (then the loop is predicated by `whilelt`) */
  int seg_min;            /* fixed-lane backends: the least segment length
                             (entries, raised to the lanes of the type)
                             whose sum over positions (SpMV's row) runs the
                             vector code; shorter segments run a scalar
                             loop (measured: docs/performance.md,
                             "Vectorized SpMV: short rows stay scalar") */
  int mean_min;           /* fixed-lane backends: the least mean row length
                             (entries) under which a kernel offered the
                             choice runs the scalar output's whole nest
                             (short_rows.c); 0: seg_min (measured:
                             docs/performance.md, "avx512: the scalar
                             nest below 36 entries a row") */
  int seg_unlikely;       /* the segment's length test hinted unlikely
                             (__builtin_expect): the short loop laid out
                             as the fall-through path, the vector row's
                             spills kept out of it (measured per backend:
                             docs/performance.md, "Vectorized SpMV: the
                             short path laid out first") */
  const char *vtype[4];   /* C type of a vector, per SimdElem */
  /* Declarations needed once per vector loop (typedefs), or nothing. */
  void (*prologue)(SimdCtx *c, StrBuf *sb, const char *ind);
  /* Declares a mask of the first `n` lanes (n: a C int expression, at
   * least 1); returns its name. For length-agnostic backends `n` is the
   * pair "iv, hi" of a whilelt (see vectorize.c) and may be all lanes. */
  const char *(*mask)(SimdCtx *c, const char *n);
  const char *(*splat)(SimdCtx *c, const char *scalar);
  /* Contiguous load/store of lanes at addr (a pointer to the element type;
   * integers: to any signed integer type of its size). */
  const char *(*load)(SimdCtx *c, const char *addr, const char *m);
  void (*store)(SimdCtx *c, const char *addr, const char *v, const char *m);
  /* base[crd[0..lanes)]: crd points at the coordinates (of C type
   * crd_type) of this chunk. */
  const char *(*gather)(SimdCtx *c, const char *base, const char *crd,
                        const char *crd_type, const char *m);
  void (*scatter)(SimdCtx *c, const char *base, const char *crd,
                  const char *crd_type, const char *v, const char *m);
  /* op: '+', '-', '*', '/' ('/' not for integers); '^', '|', '&' for
   * integers.
   * Integer lanes wrap. Inactive lanes may hold anything. */
  const char *(*binop)(SimdCtx *c, int op, const char *a, const char *b);
  const char *(*neg)(SimdCtx *c, const char *a);
  /* acc combined with v by a reduction kind, lanes outside m unchanged;
   * MAX/MIN follow fmax/fmin (a NaN operand yields the other one). */
  const char *(*accum)(SimdCtx *c, int kind, const char *acc, const char *v,
                       const char *m);
  /* The scalar reduction of all lanes of acc (statements into pre allowed). */
  const char *(*reduce)(SimdCtx *c, int kind, const char *acc);
  /* Conditions: a C expression of the backend's condition type, the same
   * for every element type of one lane width and the same as a mask made
   * by `mask` (avx512: a k-mask; avx2: an __m256i of all-ones lanes;
   * generic: an sc__vm of -1/0 lanes; sve: an svbool_t), so a condition
   * and a mask combine with `logic`.
   * cmp: a OP b lane by lane, op one of < <= > >= == != with C's meaning
   * (ordered for NaN except != , which is true on NaN). */
  const char *(*cmp)(SimdCtx *c, const char *op, const char *a,
                     const char *b);
  /* '&', '|' of two conditions; '!' of a (b NULL). */
  const char *(*logic)(SimdCtx *c, int op, const char *a, const char *b);
  /* Lanes where cond holds take a, the others b. */
  const char *(*select)(SimdCtx *c, const char *cond, const char *a,
                        const char *b);
  /* |a| of floating lanes (the sign bit cleared, as fabs does, NaN too). */
  const char *(*fabs)(SimdCtx *c, const char *a);
  /* Length-agnostic backends: the number of lanes of a vector value, and
   * the number of active lanes of mask m (C expressions); NULL otherwise. */
  const char *(*vlen)(SimdCtx *c);
  const char *(*active)(SimdCtx *c, const char *m);
} SimdOps;

extern const SimdOps simd_generic_ops, simd_avx2_ops, simd_avx512_ops,
    simd_sve_ops;

/* A fresh temporary name "sc__<base><n>". */
const char *simd_tmp(SimdCtx *c, const char *base);
/* Appends one statement line to c->pre. */
void simd_pre(SimdCtx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* A vector built lane by lane from scalar loads: `open` l0, l1, ...
 * `close` (`_mm256_setr_pd(` ... `)`, `(sc__vd){` ... `}`), lane l being
 * (base)[crd[l]] (a gather: crd points at the chunk's coordinates, of C
 * type crd_type, named once in a temporary) or (base)[l] when crd is NULL
 * (a contiguous load). Under mask m (the last partial chunk, of
 * c->mask_n lanes) the inactive lanes load at the last active lane: in
 * the range, never past it, no branch per lane; the masked accumulation
 * or store drops them. */
const char *simd_lanes(SimdCtx *c, const char *open, const char *close,
                       const char *base, const char *crd,
                       const char *crd_type, const char *m, int lanes);

#endif
