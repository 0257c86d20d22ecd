/* vconfig.h — which SIMD backend, vector length and index width a kernel is
 * vectorized with: the command line (--simd, --vl, --index32), overridden
 * per kernel by `#pragma sparse vectorize(...)` / `novectorize`, and
 * `--simd=auto` resolved from the forwarded -march/-m flags or the host. */
#ifndef SC_VCONFIG_H
#define SC_VCONFIG_H

#include "base/arena.h"
#include "ir/ispace.h"
#include "options.h"
#include "vector/simd.h"

typedef struct VecConfig {
  const SimdOps *ops;   /* NULL: scalar (--simd=none, novectorize, default) */
  int vl;               /* elements per main-loop step (0: agnostic, sve) */
  int lanes;            /* elements per vector value (0: agnostic) */
  int unroll;           /* vector values per main-loop step: vl / lanes */
  int vl_given;         /* vl came from --vl or the pragma (not defaulted) */
  int vl_req;           /* that vl (0: none) */
  int elem_bytes;       /* the element size vl, lanes, unroll are for */
  int index32;          /* 32-bit gather/scatter indices */
  const char *origin;   /* how the backend was chosen, for the report */
  const char *adjust;   /* an adjustment of the request, or NULL */
  const char *adjust0;  /* the part of it that does not depend on the
                           element type */
  /* Scalar output (ops NULL): partial sums per sum reduction over a
   * compressed position range (SpMV's row loop); 0 or 1: the plain loop.
   * Default VEC_DEFAULT_PSUMS; `--simd=none --vl=N` or
   * `#pragma sparse vectorize(simd = none, vl = N)` ask for N (at most
   * VEC_MAX_PSUMS); `novectorize` keeps the plain loop. */
  int psums;
} VecConfig;

#ifndef VEC_DEFAULT_PSUMS
#define VEC_DEFAULT_PSUMS 0
#endif
#define VEC_MAX_PSUMS 8

/* Fills cfg for a kernel. clang_args are the user's forwarded flags. */
void vec_config(Arena *a, const Options *o, const Pragma *vec_pragma,
                const char *const *clang_args, int nclang_args,
                VecConfig *cfg);

/* Sets vl, lanes and unroll of cfg (made by vec_config, for doubles) for
 * elements of `bytes` bytes: a fixed-lane backend holds lanes * 8 / bytes
 * of them per vector value; vl stays the elements per main-loop step
 * (default two vector values; generic: one vector of vl elements, by
 * default 32 bytes). */
void vec_config_elem(Arena *a, VecConfig *cfg, int bytes);

/* avx512 on 256-bit vectors for a block whose constant width (`width`
 * elements of cfg->elem_bytes, 0: not a constant) is at most max_bytes:
 * a register-blocked nest (SpMM with 8 to 16 double columns) or a BSR
 * block walk, where 512-bit vectors cost more than they save
 * (docs/vectorization.md, "Register blocking (SpMM)" and "Block levels
 * (BSR)"). With cfg->ops avx512 and such a width, cfg->ops becomes the avx2
 * operations (which AVX-512F implies) with their lanes, and the result is
 * the backend's name for the report; else cfg is left as it is and the
 * result is NULL. Call after vec_config_elem. */
const char *vec_config_narrow(VecConfig *cfg, int64_t width,
                              int64_t max_bytes);

/* The backend --simd=auto picks from flags (NULL: none of them decides),
 * and from the host; exposed for tests. `why` gets the deciding flag. */
SimdBackend vec_auto_from_flags(const char *const *args, int nargs,
                                const char **why);
SimdBackend vec_auto_host(void);

#endif
