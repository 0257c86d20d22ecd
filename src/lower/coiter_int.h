/* coiter_int.h — what the loop emitter (coiter.c) shares with the pieces
 * split out of it (argext.c, merge_cursor.c, body_split.c, block_walk.c):
 * the binding of each sparse operand's levels at a point of the loop tree
 * (Scope) and the emitter's functions they call back into. Internal to
 * src/lower. */
#ifndef SC_COITER_INT_H
#define SC_COITER_INT_H

#include "lower/lower_int.h"

typedef struct TBind {
  int next;         /* next unbound level */
  const char *p;    /* position of the last bound level ("0" at the root) */
  const char *q;    /* end of the position segment (nonunique), or NULL */
  const char *in;   /* presence condition, or NULL for always present */
} TBind;

typedef struct Scope {
  TBind b[LW_MAX_SPARSE];
  unsigned bound;   /* loop variables with a value */
} Scope;

/* One line of generated C at depth (after the kernel's indentation). */
void ln(Lower *L, StrBuf *sb, int depth, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Statement s with the operands in `zero` printed as absent. */
void emit_stmt(Lower *L, StrBuf *sb, const IrStmt *s, const Scope *sc,
               unsigned zero, int depth);
/* Records that level l of st is read (its arrays are passed in). */
void mark_level(STensor *st, int l);
/* Binds loop variable v from `value` (declared when the source declared it
 * in the for header and `rest`, the body's text, uses it). */
void bind_var(Lower *L, StrBuf *sb, int v, const char *value,
              const char *rest, int depth);
/* Dense loop n (the source's header) with the operands in `zero` absent. */
void emit_dense_loop_scalar(Lower *L, StrBuf *sb, const IrNode *n,
                            const Scope *sc, unsigned zero, int depth);
/* Range [begin, end) of the next level of st, guarded by its presence. */
void range_of(Lower *L, STensor *st, const TBind *b, const char **begin,
              const char **end);
/* The scalar walk over the positions [range[0], range[1]) of operand s's
 * next level, or its whole range when range is NULL. */
void emit_walk(Lower *L, StrBuf *sb, const IrNode *n, const Scope *sc,
               int s, const char *counter, const char *const *range,
               int depth, const char *pf);
/* Whether a loop over v walks the next level of st as the blocks of a
 * dense block level over its sparse `mod` level (NV24); as the slices of
 * an ELL counting level. */
int dense_blocks_ok(const STensor *st, const TBind *b, int v);
int count_walk_ok(const Lower *L, const STensor *st, const TBind *b,
                  int v, unsigned bound);
/* The number of bits set in x. */
int popc(unsigned x);
/* The C type of tensor t's elements. */
const char *elem_ctype(const IrTensor *t);
/* Dense access a as C text (flat arrays: one subscript). */
void dense_access(Lower *L, StrBuf *out, int a);
/* Whether affine a is the constant zero. */
int affine_is_zero(const IrAffine *a);
/* Locates every level of the operands in `tensors` whose coordinate the
 * bound loop variables now give. */
void chain(Lower *L, StrBuf *sb, Scope *sc, unsigned tensors, int depth);
/* The body of loop `loop` (statements and inner loops). */
void emit_body(Lower *L, StrBuf *sb, const IrNode *loop, const Scope *sc,
               unsigned zero, int depth);
/* Whether the iterated levels of `drivers` may hold coordinates at or past
 * loop n's upper bound. */
int hi_needed(Lower *L, const IrNode *n, unsigned drivers);
/* Loop n as declared (dense, a position loop or a merge). */
void emit_loop_declared(Lower *L, StrBuf *sb, const IrNode *n,
                        const Scope *sc, int depth);

#endif
