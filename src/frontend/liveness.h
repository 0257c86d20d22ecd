/* liveness.h — is a loop variable declared outside a nest read after it?
 * (IrLoopVar.live_after). A variable that every path after the nest
 * overwrites before reading it (the next `for (j = 0; ...)`, `j = e;`), or
 * never mentions again, need not be left at the value the dense nest
 * would leave, so lowering may skip the iterations that set it. */
#ifndef SC_FRONTEND_LIVENESS_H
#define SC_FRONTEND_LIVENESS_H

#include <tree_sitter/api.h>

#include "base/source.h"
#include "frontend/ctypes.h"

/* 1 when the local variable `name` (as seen at the nest) may be read after
 * the for statement `nest` before being written, or when that cannot be
 * shown (goto, &name, a static or global...); 0 when it is dead there. */
int liveness_after_nest(const SourceFile *f, TSTree *tree, CTypes *ct,
                        TSNode nest, const char *name);

#endif
