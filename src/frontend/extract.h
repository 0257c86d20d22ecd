/* extract.h — builds the iteration-space IR (ir/ispace.h) of one loop nest
 * from its tree-sitter for_statement, with libclang (ctypes.h) for what
 * names mean. Two steps:
 *
 *   extract_bind()    resolves a pragma binding at a point of the file:
 *                     declaration, element type, logical rank, extents,
 *                     layout. Errors (undeclared, not an array, rank or
 *                     shape mismatch, unknown extent) are reported in diags.
 *   extract_kernel()  models the nest. A construct it cannot model is a
 *                     refusal: a reason and the construct's span, nothing
 *                     reported (the caller warns), no IR.
 */
#ifndef SC_FRONTEND_EXTRACT_H
#define SC_FRONTEND_EXTRACT_H

#include "frontend/ctypes.h"
#include "ir/ispace.h"
#include "sparsify.h"

/* A sparse array named by a pragma binding, resolved. */
typedef struct BoundArray {
  const PragmaBinding *b;
  CtDecl decl;
  int rank;                        /* logical rank (the encoding's) */
  const char *extent[SC_MAX_RANK];
  IrLayout layout;
  int delinearize;                 /* C sees rank 1, logical rank > 1 */
  int open_extents;                /* some extent is NULL: to be read off
                                      the loops of the nest */
  const char *handle;              /* storage replaced (frontend/storage.h):
                                      the `sc_tensor *` expression, else
                                      NULL */
} BoundArray;

/* open_extents (a pragma on a loop nest): an extent that neither the type
 * nor the pragma gives is left NULL and BoundArray.open_extents set; the
 * kernel reads it off its loops (frontend/extents.h) or is refused.
 * 0, or -1 after reporting an error at the binding (with a note at the
 * declaration when there is one). */
int extract_bind(SparsifyCtx *ctx, CTypes *ct, const PragmaBinding *b,
                 size_t offset, int open_extents, BoundArray *out);

/* The variable a binding naming no visible one (`Aa` for `A`) likely
 * meant: among the arrays and pointers visible at `offset` first, then
 * every variable (declared in bytes [lo, hi) of the file when lo < hi, as
 * ct_visible_names); NULL when none is a plausible typo. */
const char *extract_suggest_name(CTypes *ct, const char *name, size_t offset,
                                 size_t lo, size_t hi);

typedef struct ExtractEnv {
  SparsifyCtx *ctx;
  CTypes *ct;
  const BoundArray *bound;  /* the sparse arrays */
  int nbound;
  const Pragma *vec_pragma; /* vectorize/novectorize for this nest, or NULL */
  Span pragma_span;
  int pragma_on_nest;       /* case 3: the kernel span starts at span_start */
  size_t span_start;        /* start of the replaced bytes */
  const BoundArray *stored; /* every array whose storage is replaced by a */
  int nstored;              /* sparse tensor (any scope; matched by
                               declaration, so shadowing is respected):
                               sparse in every kernel, through its handle */
} ExtractEnv;

typedef struct ExtractRefusal {
  const char *reason;       /* "while loop in the nest", ... */
  Span where;               /* the construct */
} ExtractRefusal;

/* 0 and *out on success; 1 on a refusal (*why filled). */
int extract_kernel(const ExtractEnv *env, TSNode for_node, IrKernel **out,
                   ExtractRefusal *why);

/* Whether the subtree of n mentions identifier `name` (text match). */
int extract_mentions(const SourceFile *f, TSNode n, const char *name);

#endif
