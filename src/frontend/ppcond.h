/* ppcond.h — preprocessor conditionals (`#if`, `#ifdef`, `#ifndef` with
 * their `#elif` and `#else`) inside a loop nest, as this build compiles
 * them: which branch the C parser took (its skipped ranges,
 * frontend/ctypes.h), the statements of that branch, and the guard lines
 * that keep a rewritten kernel to this configuration.
 *
 * A kernel is built from the branch this build compiles (the others are
 * left out of it), so the rewritten file is right only for the -D/-U flags
 * sparsecc was given. ppcond_guard() writes the conditionals again before
 * the kernel with an `#error` in every branch that would compile other
 * statements: a build of the output with other flags stops there instead
 * of running a kernel that silently lost (or kept) the branch's code. */
#ifndef SC_FRONTEND_PPCOND_H
#define SC_FRONTEND_PPCOND_H

#include <tree_sitter/api.h>

#include "base/source.h"
#include "base/strbuf.h"
#include "frontend/ctypes.h"

#define PPCOND_MAX_BRANCHES 32

/* Whether n is a conditional: preproc_if or preproc_ifdef. */
int ppcond_is(TSNode n);

/* The branch of conditional n this build compiles: its node in *branch
 * (n itself for the first branch, else its preproc_elif / preproc_else).
 * 1 when found; 0 when no branch that holds statements is compiled (then
 * nothing of n is compiled but empty branches); -1 when that cannot be
 * told (no parser information, too many branches, or two branches seem
 * compiled). */
int ppcond_active(const CTypes *ct, TSNode n, TSNode *branch);

/* The statements of branch b after child index *i (start at 0): the next
 * one (comments included), *i advanced; a null node at the end. The
 * condition, the macro name and the alternative are not statements. */
TSNode ppcond_next(TSNode b, uint32_t *i);

/* For every conditional inside nest (and inside the compiled branches of
 * those): the guard lines into guard (each ending in a newline; nothing
 * when no branch needs one) and one line per conditional into notes
 * ("  preprocessor conditional at line L (...): ...\n"). `where` names the
 * nest in the #error text ("file.c:12"). Returns the number of
 * conditionals. */
int ppcond_guard(const CTypes *ct, const SourceFile *f, TSNode nest,
                 const char *where, StrBuf *guard, StrBuf *notes);

#endif
