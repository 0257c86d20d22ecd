/* lower.h — lowering one kernel of the iteration-space IR to sparse
 * co-iteration C (the contract between the front end and lowering).
 *
 * lower_kernel() returns the C text that replaces kernel->span in the
 * original file. The text is a self-contained block: it assembles the
 * sparse operands from their dense arrays at entry (pragma on a loop nest,
 * SPEC §4 case 3), runs the co-iteration loops, scatters written sparse
 * operands back, frees what it allocated, and leaves live loop variables
 * at their final values. Generated identifiers use the `sc__` prefix.
 * Exception: an operand whose IrTensor.entry_cache is set is assembled into
 * that variable on first use and kept (the caller declares and frees it
 * around an enclosing loop, frontend/hoist.h).
 *
 * Report lines (ctx->report, when opts->report) start with
 *   file:line:col: kernel sparsified: <summary>
 * or
 *   file:line:col: kernel not sparsified: <reason>
 * at the kernel's first loop; further indented lines explain the loop order,
 * level formats, lattice, zero filters, conversions, vectorization.
 * The line of an operand assembled into an entry cache says whether the
 * tensor is kept across the loop, which the loop's later kernels decide
 * (one writing the array drops it): lower_kernel writes it as
 *   "  NAME: " LOWER_KEPT_MARK <the cache variable> LOWER_KEPT_MARK "\n"
 * and the caller puts the text in its place once the loop is done
 * (sparsify.c kept_notes). */
#ifndef SC_LOWER_H
#define SC_LOWER_H

#include "base/strbuf.h"
#include "ir/ispace.h"
#include "sparsify.h"

#define LOWER_KEPT_MARK "\001"

/* 0 on success (out holds the replacement text; ctx->need_runtime_include
 * is set). -1 when the kernel cannot be lowered: a warning
 * "loop not sparsified: <reason>" was added at the kernel and the caller
 * leaves the source unchanged. Never emits wrong code. */
int lower_kernel(SparsifyCtx *ctx, const IrKernel *kernel, StrBuf *out);

/* Appends `static const sc_encoding sc__NAME_enc = {...};` (one level of
 * indentation after `indent`), as the kernels declare their encodings. */
void lower_encoding_decl(StrBuf *sb, const char *indent, const char *name,
                         const sc_encoding *e);

#endif
