/* depend.h — dependence facts of a kernel's loops: IrLoopVar.is_reduction
 * and IrLoopVar.carries_dependence (conservative: when in doubt, a loop
 * carries a dependence and is not a reduction). */
#ifndef SC_IR_DEPEND_H
#define SC_IR_DEPEND_H

#include "ir/ispace.h"

/* inferred[t]: tensor t is a dense flat block whose 2-D view the front end
 * inferred from a symbolic stride; its accesses are never proven apart. */
void ir_analyse_dependences(IrKernel *k, const int *inferred);

#endif
