/* cparse.h — the tree-sitter C parse of the input, and finding its
 * `#pragma sparse` lines.
 *
 * Which pragmas count (the `#if 0` rule): a `#pragma sparse` counts when it
 * is a real preprocessor line — not inside a comment, a string or a macro
 * definition — and not in a branch that is statically dead:
 *   - the body of `#if 0` or `#elif 0` (the condition an integer literal
 *     equal to zero, possibly parenthesized), and
 *   - the `#elif`/`#else` alternatives of `#if 1` or `#elif 1` (any nonzero
 *     integer literal).
 * Every other conditional (`#ifdef X`, `#if X > 2`) is not evaluated: its
 * pragmas count in every branch. */
#ifndef SC_CPARSE_H
#define SC_CPARSE_H

#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"
#include "sparsify.h"

typedef struct CParse {
  TSParser *parser; /* owned */
  TSTree *tree;     /* owned */
} CParse;

/* The tree-sitter C grammar. */
const TSLanguage *tree_sitter_c(void);

/* Parses f with tree-sitter (error tolerant: invalid C still gives a tree
 * with ERROR nodes). Returns 0, or -1 when the parser cannot be set up or
 * the file is larger than tree-sitter's 4 GiB limit. */
int cparse_file(const SourceFile *f, CParse *out);
/* Frees the tree and the parser; a zeroed CParse is fine. */
void cparse_free(CParse *c);

/* A fast scan of the raw text: nonzero when some `#` is followed by
 * `pragma` and `sparse` as words (spaces, tabs and backslash-newlines
 * between them). A file for which this is 0 has no pragma site, so the
 * driver can pass it through without parsing it at all. */
int cparse_mentions_pragma_sparse(const char *text, size_t len);
/* The offset of the '#' of the first such line, or (size_t)-1. */
size_t cparse_first_pragma_sparse(const char *text, size_t len);

/* The `#pragma sparse` lines of the tree, in file order, per the rule at
 * the top of this file: fills node and span of each PragmaSite (the pragma
 * is not parsed yet). Returns the count; *out is an arena array. */
size_t cparse_find_pragmas(const SourceFile *f, TSTree *tree, Arena *a,
                           PragmaSite **out);

/* Nonzero when node lies in a statically dead branch (rule above). */
int cparse_in_dead_branch(const SourceFile *f, TSNode node);

#endif
