/* pragma_op.h — `_Pragma("sparse ...")`, the C99 operator form of a
 * sparse pragma, written in the code or in a macro's definition. sparsecc
 * reads the source before preprocessing and applies `#pragma sparse` lines
 * only, so such a pragma would be ignored without a word: each one gets a
 * warning at its place saying so and what to write instead. */
#ifndef SC_FRONTEND_PRAGMA_OP_H
#define SC_FRONTEND_PRAGMA_OP_H

#include <stddef.h>
#include <tree_sitter/api.h>

#include "base/diag.h"
#include "base/source.h"

/* A fast scan of the raw text: nonzero when `_Pragma` followed by `(` and
 * a string beginning with the word `sparse` occurs anywhere (comments and
 * strings included; pragma_op_warn tells them apart). */
int pragma_op_mentions(const char *text, size_t len);

/* Warns at each `_Pragma("sparse ...")` of f's code or of a macro
 * definition (`#define SP _Pragma("sparse ...")`), outside comments,
 * strings and statically dead branches (cparse.h's rule); tree is f's
 * tree-sitter parse. Returns the number of warnings given. */
int pragma_op_warn(const SourceFile *f, TSTree *tree, Diags *d);

#endif
