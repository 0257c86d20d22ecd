/* fe_fake_lower.c — stand-ins for lower_kernel() and lower_guarded() in
 * front-end tests:
 * accepts every kernel and returns a marker naming its first loop. */
#include "lower/lower.h"

int lower_kernel(SparsifyCtx *ctx, const IrKernel *kernel, StrBuf *out) {
  sb_printf(out, "/* lowered kernel over %s */", kernel->vars[0].name);
  ctx->need_runtime_include = 1;
  return 0;
}

#include "lower/guarded_walk.h"

int lower_guarded(SparsifyCtx *ctx, const GuardedNest *g, const char *indent,
                  GuardedText text, void *user, StrBuf *out, StrBuf *notes,
                  const char **why) {
  (void)indent, (void)text, (void)user, (void)notes, (void)why;
  sb_printf(out, "/* guarded walk over %s */", g->array->b->name);
  ctx->need_runtime_include = 1;
  return 0;
}
