/* simd.c — what the SIMD backends share (simd.h): the element types, the
 * SimdCtx helpers (fresh temporaries, statements before the current one),
 * and the lane-by-lane gather of the fixed-lane backends: a vector built
 * from one scalar load per lane, in the last partial chunk with the
 * inactive lanes at the last active lane's element. */
#include <stdarg.h>

#include "vector/simd.h"

const SimdType simd_types[4] = {
    {SIMD_F64, "double", "double", NULL, 8, 1, "-0.0", "1.0"},
    {SIMD_F32, "float", "float", NULL, 4, 1, "-0.0f", "1.0f"},
    {SIMD_I64, "64-bit int", "long long", "unsigned long long", 8, 0, "0",
     "1"},
    {SIMD_I32, "int", "int", "unsigned", 4, 0, "0", "1"},
};

const SimdType *simd_type(const SimdCtx *c) {
  return c->t ? c->t : &simd_types[SIMD_F64];
}

const char *simd_tmp(SimdCtx *c, const char *base) {
  return arena_printf(c->arena, "sc__%s%d", base, (*c->uniq)++);
}

void simd_pre(SimdCtx *c, const char *fmt, ...) {
  sb_puts(c->pre, c->ind);
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(c->pre, fmt, ap);
  va_end(ap);
  sb_puts(c->pre, "\n");
}

const char *simd_lanes(SimdCtx *c, const char *open, const char *close,
                       const char *base, const char *crd,
                       const char *crd_type, const char *m, int lanes) {
  const char *n = m ? (c->mask_n ? c->mask_n : "1") : NULL;
  const char *p = NULL;
  if (crd) {
    p = simd_tmp(c, "cp");
    simd_pre(c, "const %s *const %s = %s;", crd_type, p, crd);
  }
  StrBuf sb = {0};
  sb_puts(&sb, open);
  for (int l = 0; l < lanes; l++) {
    const char *at = !n || l == 0
                         ? arena_printf(c->arena, "%d", l)
                         : arena_printf(c->arena, "%d < %s ? %d : %s - 1", l,
                                        n, l, n);
    if (p) sb_printf(&sb, "%s(%s)[%s[%s]]", l ? ", " : "", base, p, at);
    else sb_printf(&sb, "%s(%s)[%s]", l ? ", " : "", base, at);
  }
  sb_puts(&sb, close);
  const char *r = arena_strdup(c->arena, sb.data);
  sb_free(&sb);
  return r;
}
