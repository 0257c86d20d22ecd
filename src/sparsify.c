/* sparsify.c — entry of the sparsifier (see sparsify.h). Placeholder until
 * the front end and lowering land: warns that nothing was sparsified. */
#include "sparsify.h"

int sparsify_file(SparsifyCtx *ctx, Edits *edits) {
  (void)edits;
  for (size_t i = 0; i < ctx->nsites; i++)
    if (ctx->sites[i].ok && ctx->sites[i].pragma.kind == PRAGMA_ENCODING)
      diag_warning(ctx->diags, ctx->file, ctx->sites[i].span,
                   "pragma not applied: this build has no sparsifier");
  return 0;
}
