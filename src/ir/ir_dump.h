/* ir_dump.h — `--dump=ir`: the iteration-space IR as stable text in
 * concrete index notation, one block per kernel (format: docs/ir.md).
 * The printers of affine forms and expressions are reusable for reports. */
#ifndef SC_IR_DUMP_H
#define SC_IR_DUMP_H

#include "base/strbuf.h"
#include "ir/ispace.h"

void ir_dump(const IrKernel *k, const SourceFile *f, StrBuf *out);
/* "2*i + j + n - 1", "0" */
void ir_affine_print(const IrKernel *k, const IrAffine *a, StrBuf *out);
/* "y(i) += A(i,j) * x(j)"-style expression text */
void ir_expr_print(const IrKernel *k, const IrExpr *e, StrBuf *out);
/* "(i : dense, j : compressed)" with the format name first when named */
void ir_encoding_print(const PragmaEncoding *e, StrBuf *out);

#endif
