/* rtnames.h — whether the input uses a name that sparsecc_rt.h declares.
 * The rewritten file includes that header first, so a type, function,
 * variable or macro of the program spelled like one of the header's names
 * (`SC_OK`, `sc_status`, `sc_tensor`...) would redefine it or be redefined:
 * the output would not compile, or generated code would read the
 * program's macro. The generated code's own names start with `sc__`: a
 * name of the program with that prefix may be one of them (a kernel's
 * `sc__st` would shadow the program's), so it is a clash as well. */
#ifndef SC_RTNAMES_H
#define SC_RTNAMES_H

#include <stddef.h>
#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"

/* Nonzero when some identifier of f (outside comments and strings; macro
 * bodies included) is a name sparsecc_rt.h (at header_path) declares and f
 * does not include that header itself: *name is the first such name, at
 * byte *offset. 0 too when the header cannot be read. */
int rtnames_find_clash(const SourceFile *f, TSTree *tree,
                       const char *header_path, Arena *a, const char **name,
                       size_t *offset);

/* Nonzero when some identifier of f (as above) starts with `sc__`, the
 * prefix of the generated code's names: *name is the first, at *offset. */
int rtnames_find_reserved(const SourceFile *f, TSTree *tree, Arena *a,
                          const char **name, size_t *offset);

#endif
