/* block_walk.h — the level-order walk of a blocked operand (BSR: each
 * block row once, its blocks, the entries of each block) in place of the
 * loops as declared (block_walk.c; docs/lowering.md, "Blocked levels in
 * level order"). */
#ifndef SC_BLOCK_WALK_H
#define SC_BLOCK_WALK_H

#include "lower/coiter_int.h"

/* Emits loop n (scope sc) as the level-order walk and returns 1 when the
 * walk applies (with a run-time check where one is needed, the loops as
 * declared its fallback); returns 0 and emits nothing otherwise. */
int block_walk_emit(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
                    int depth);

#endif
