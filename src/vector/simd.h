/* simd.h — the SIMD backend interface of the vectorizer: one SimdOps table
 * per backend (simd_generic.c, simd_avx2.c, simd_avx512.c, simd_sve.c).
 * Each function returns C text for one vector operation on doubles, so the
 * vectorizer (vectorize.c) never tests which backend it emits for.
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

typedef struct SimdCtx {
  Arena *arena;
  StrBuf *pre;          /* statements to emit before the current one */
  const char *ind;      /* their indentation */
  int *uniq;            /* counter for fresh temporaries */
  int lanes;            /* lanes per vector value (0: vector-length agnostic) */
  int index32;          /* gather/scatter with 32-bit indices */
  const char *mask_n;   /* the lane count of the last mask made (fixed-lane
                           backends), or NULL */
} SimdCtx;

/* Reduction kinds (the combining operator). */
enum { SIMD_RED_ADD = '+', SIMD_RED_MUL = '*', SIMD_RED_MAX = '>',
       SIMD_RED_MIN = '<' };

typedef struct SimdOps {
  const char *name;       /* "generic", "avx2", ... */
  const char *guard;      /* preprocessor condition under which the vector
                             code compiles ("defined(__AVX2__)") */
  const char *needs;      /* what enables it, for the report ("-mavx2") */
  int lanes;              /* doubles per vector value; 0: length agnostic
                             (then the loop is predicated by `whilelt`) */
  int min_crd_bits;       /* narrowest coordinate type gathers accept */
  const char *vtype;      /* C type of a vector of doubles */
  /* Declarations needed once per vector loop (typedefs), or nothing. */
  void (*prologue)(SimdCtx *c, StrBuf *sb, const char *ind);
  /* Declares a mask of the first `n` lanes (n: a C int expression, at
   * least 1); returns its name. For length-agnostic backends `n` is the
   * pair "iv, hi" of a whilelt (see vectorize.c) and may be all lanes. */
  const char *(*mask)(SimdCtx *c, const char *n);
  const char *(*splat)(SimdCtx *c, const char *scalar);
  /* Contiguous load/store of lanes at addr (a `const double *`). */
  const char *(*load)(SimdCtx *c, const char *addr, const char *m);
  void (*store)(SimdCtx *c, const char *addr, const char *v, const char *m);
  /* base[crd[0..lanes)]: crd points at the coordinates (of C type
   * crd_type) of this chunk. */
  const char *(*gather)(SimdCtx *c, const char *base, const char *crd,
                        const char *crd_type, const char *m);
  void (*scatter)(SimdCtx *c, const char *base, const char *crd,
                  const char *crd_type, const char *v, const char *m);
  /* op: '+', '-', '*', '/'. Inactive lanes may hold anything. */
  const char *(*binop)(SimdCtx *c, int op, const char *a, const char *b);
  const char *(*neg)(SimdCtx *c, const char *a);
  /* acc combined with v by a reduction kind, lanes outside m unchanged;
   * MAX/MIN follow fmax/fmin (a NaN operand yields the other one). */
  const char *(*accum)(SimdCtx *c, int kind, const char *acc, const char *v,
                       const char *m);
  /* The scalar reduction of all lanes of acc (statements into pre allowed). */
  const char *(*reduce)(SimdCtx *c, int kind, const char *acc);
} SimdOps;

extern const SimdOps simd_generic_ops, simd_avx2_ops, simd_avx512_ops,
    simd_sve_ops;

/* A fresh temporary name "sc__<base><n>". */
const char *simd_tmp(SimdCtx *c, const char *base);
/* Appends one statement line to c->pre. */
void simd_pre(SimdCtx *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
