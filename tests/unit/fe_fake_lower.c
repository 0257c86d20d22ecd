/* fe_fake_lower.c — a stand-in for lower_kernel() in front-end tests:
 * accepts every kernel and returns a marker naming its first loop. */
#include "lower/lower.h"

int lower_kernel(SparsifyCtx *ctx, const IrKernel *kernel, StrBuf *out) {
  sb_printf(out, "/* lowered kernel over %s */", kernel->vars[0].name);
  ctx->need_runtime_include = 1;
  return 0;
}
