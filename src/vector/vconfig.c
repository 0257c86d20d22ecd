/* vconfig.c — the vectorization settings of one kernel (see vconfig.h):
 * precedence pragma > command line > default (scalar), resolution of
 * --simd=auto, default vector lengths per backend, and avx512 narrowed to
 * 256-bit vectors for narrow blocks (vec_config_narrow). */
#include "vector/vconfig.h"

#include <string.h>

static int has_prefix(const char *s, const char *p) {
  return strncmp(s, p, strlen(p)) == 0;
}

static int in_list(const char *s, const char *const *list) {
  for (; *list; list++)
    if (strcmp(s, *list) == 0) return 1;
  return 0;
}

/* -march values with AVX-512F, with AVX2 (x86), with SVE (Arm). */
static const char *const march_avx512[] = {
    "x86-64-v4", "skylake-avx512", "cascadelake", "cooperlake", "cannonlake",
    "icelake-client", "icelake-server", "tigerlake", "rocketlake",
    "sapphirerapids", "emeraldrapids", "graniterapids", "graniterapids-d",
    "znver4", "znver5", "knl", "knm", NULL};
static const char *const march_avx2[] = {
    "x86-64-v3", "haswell", "broadwell", "skylake", "alderlake", "raptorlake",
    "meteorlake", "arrowlake", "arrowlake-s", "lunarlake", "pantherlake",
    "gracemont", "sierraforest", "grandridge", "clearwaterforest", "znver1",
    "znver2", "znver3", "bdver4", NULL};
static const char *const cpu_sve[] = {
    "a64fx", "neoverse-v1", "neoverse-v2", "neoverse-v3", "neoverse-n2",
    "neoverse-n3", "neoverse-512tvb", "cortex-x2", "cortex-x3", "cortex-x4",
    "cortex-a510", "cortex-a710", "cortex-a715", "cortex-a720", "grace",
    NULL};

SimdBackend vec_auto_from_flags(const char *const *args, int nargs,
                                const char **why) {
  SimdBackend b = SIMD_AUTO;
  int avx2 = -1, avx512 = -1; /* -1: not mentioned */
  for (int i = 0; i < nargs; i++) {
    const char *a = args[i];
    if (!a) continue;
    /* GCC's implications: every -mavx512... enables AVX-512F; -mno-avx
     * disables AVX2 and AVX-512 as -mno-avx2 does */
    if (has_prefix(a, "-mavx512")) avx512 = 1, *why = a;
    else if (strcmp(a, "-mno-avx512f") == 0) avx512 = 0, *why = a;
    else if (strcmp(a, "-mavx2") == 0) avx2 = 1, *why = a;
    else if (strcmp(a, "-mno-avx2") == 0 || strcmp(a, "-mno-avx") == 0)
      avx2 = 0, avx512 = 0, *why = a;
    else if (has_prefix(a, "-march=") || has_prefix(a, "-mcpu=")) {
      const char *v = strchr(a, '=') + 1;
      *why = a;
      avx2 = avx512 = -1;
      if (strcmp(v, "native") == 0) b = vec_auto_host();
      else if (in_list(v, march_avx512)) b = SIMD_AVX512;
      else if (in_list(v, march_avx2)) b = SIMD_AVX2;
      else if (strstr(v, "+sve") || has_prefix(v, "armv9") ||
               in_list(v, cpu_sve)) b = SIMD_SVE;
      else b = SIMD_GENERIC;
    }
  }
  /* a feature turned off without a -march: the host, less that feature */
  if (b == SIMD_AUTO && (avx2 == 0 || avx512 == 0)) b = vec_auto_host();
  if (avx512 == 1) return SIMD_AVX512;
  if (avx2 == 1) return b == SIMD_AVX512 && avx512 != 0 ? b : SIMD_AVX2;
  if ((avx2 == 0 || avx512 == 0) && (b == SIMD_AVX512 || b == SIMD_AVX2))
    return avx2 == 0 ? SIMD_GENERIC : SIMD_AVX2;
  return b;
}

SimdBackend vec_auto_host(void) {
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f")) return SIMD_AVX512;
  if (__builtin_cpu_supports("avx2")) return SIMD_AVX2;
#endif
  return SIMD_GENERIC;
}

static const SimdOps *ops_of(SimdBackend b) {
  switch (b) {
  case SIMD_GENERIC: return &simd_generic_ops;
  case SIMD_AVX2: return &simd_avx2_ops;
  case SIMD_AVX512: return &simd_avx512_ops;
  case SIMD_SVE: return &simd_sve_ops;
  default: return NULL;
  }
}

static SimdBackend backend_named(const char *s) {
  static const char *const names[] = {"auto", "none", "generic", "avx2",
                                      "avx512", "sve"};
  for (int i = 0; i < 6; i++)
    if (s && strcmp(s, names[i]) == 0) return (SimdBackend)i;
  return SIMD_AUTO;
}

void vec_config(Arena *a, const Options *o, const Pragma *vp,
                const char *const *clang_args, int nclang_args,
                VecConfig *cfg) {
  memset(cfg, 0, sizeof *cfg);
  if (vp && vp->kind == PRAGMA_NOVECTORIZE) return;
  const PragmaVectorize *pv = vp && vp->kind == PRAGMA_VECTORIZE ? &vp->vec
                                                                  : NULL;
  int requested = pv || (o && (o->simd_given || o->vl || o->index32));
  cfg->psums = VEC_DEFAULT_PSUMS;
  cfg->origin = "default";
  if (!requested) return; /* default: scalar (docs/vectorization.md) */
  SimdBackend b = o && o->simd_given ? o->simd : SIMD_AUTO;
  cfg->origin = o && o->simd_given ? "--simd" : "default";
  if (pv && pv->simd) {
    b = backend_named(pv->simd);
    cfg->origin = "pragma";
  }
  if (b == SIMD_NONE) {
    /* scalar; a vl asks for that many partial sums of position-range sums */
    int n = pv && pv->vl ? pv->vl : o ? o->vl : 0;
    if (n) cfg->psums = n;
    if (cfg->psums > VEC_MAX_PSUMS) {
      cfg->adjust = arena_printf(a, "vl %d lowered to %d partial sums",
                                 cfg->psums, VEC_MAX_PSUMS);
      cfg->psums = VEC_MAX_PSUMS;
    }
    return;
  }
  if (b == SIMD_AUTO) {
    const char *why = NULL;
    if (pv && pv->vla) {
      b = SIMD_SVE;
      cfg->origin = "auto: vla";
    } else if ((b = vec_auto_from_flags(clang_args, nclang_args, &why)) !=
               SIMD_AUTO) {
      cfg->origin = arena_printf(a, "auto: %s", why);
    } else {
      b = vec_auto_host();
      cfg->origin = "auto: host cpu";
    }
  }
  cfg->ops = ops_of(b);
  if (!cfg->ops) return;
  int vl = pv && pv->vl ? pv->vl : o ? o->vl : 0;
  cfg->vl_given = vl != 0;
  cfg->vl_req = vl;
  cfg->index32 = (pv && pv->index32) || (o && o->index32);
  if (b != SIMD_SVE && pv && pv->vla)
    cfg->adjust0 = "vla ignored: only sve is vector-length agnostic";
  vec_config_elem(a, cfg, 8);
}

void vec_config_elem(Arena *a, VecConfig *cfg, int bytes) {
  if (!cfg->ops) return;
  int vl = cfg->vl_req;
  cfg->elem_bytes = bytes;
  cfg->adjust = cfg->adjust0;
  if (!cfg->ops->lanes) {
    if (vl)
      cfg->adjust = arena_printf(a, "vl ignored: sve is vector-length "
                                 "agnostic (%s lanes)",
                                 bytes == 8 ? "svcntd()" : "svcntw()");
    cfg->vl = cfg->lanes = 0;
    cfg->unroll = 1;
    return;
  }
  if (!strcmp(cfg->ops->name, "generic")) {
    /* one vector of vl elements; by default 32 bytes (4 doubles) */
    cfg->vl = cfg->lanes = vl ? vl : 32 / bytes;
    if (cfg->vl < 2) {
      cfg->adjust = "vl 1 raised to 2";
      cfg->vl = cfg->lanes = 2;
    } else if (cfg->vl & (cfg->vl - 1)) {
      /* a pragma's vl = 12: GCC and Clang vectors hold a power of two of
       * elements */
      int p2 = 2;
      while (p2 * 2 <= cfg->vl) p2 *= 2;
      cfg->adjust = arena_printf(a, "vl %d lowered to %d (a vector holds a "
                                 "power of two of elements)", cfg->vl, p2);
      cfg->vl = cfg->lanes = p2;
    }
    cfg->unroll = 1;
    return;
  }
  int w = cfg->ops->lanes * 8 / bytes;
  if (!vl) vl = 2 * w; /* two partial results per step */
  if (vl < w) {
    cfg->adjust = arena_printf(a, "vl %d raised to the %d lanes of %s", vl, w,
                               cfg->ops->name);
    vl = w;
  } else if (vl % w) {
    /* a step is vl / w whole vectors (a pragma's vl = 6 on 4 lanes: one
     * vector, the step 4, not 6) */
    cfg->adjust = arena_printf(a, "vl %d lowered to %d, a multiple of the %d "
                               "lanes of %s", vl, vl - vl % w, w,
                               cfg->ops->name);
    vl -= vl % w;
  }
  cfg->vl = vl;
  cfg->lanes = w;
  cfg->unroll = vl / w;
}

const char *vec_config_narrow(VecConfig *cfg, int64_t width,
                              int64_t max_bytes) {
  if (cfg->ops != &simd_avx512_ops || width <= 0 ||
      width * cfg->elem_bytes > max_bytes)
    return NULL;
  cfg->ops = &simd_avx2_ops;
  cfg->lanes = 32 / cfg->elem_bytes;
  return "avx512 with 256-bit vectors (the avx2 operations, which AVX-512F "
         "implies)";
}
