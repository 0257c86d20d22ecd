/* ispace.h — the iteration-space IR: one kernel = index variables with
 * affine bounds, a loop tree, statements over tensor accesses with affine
 * subscripts, and the tensors with their formats. Built by the front end
 * (frontend/extract.h), read by lowering (lower/), printed by ir_dump.c
 * (--dump=ir). All memory lives in the run's Arena; nodes refer to each
 * other by index into the kernel's arrays where that keeps things simple.
 *
 * Conventions
 *  - Loop bounds are half-open [lo, hi): `i <= n` is stored as hi = n + 1.
 *  - An affine form is sum(coef[v] * var v) + constant + `sym` (a C
 *    expression, loop-invariant within the kernel, copied verbatim into the
 *    output; NULL when absent). Subscripts are affine in the loop vars.
 *  - Tensor dimension d of an access is `sub[d]`; flat `A[i*m + j]` with a
 *    shape `A[n][m]` is delinearized by the front end into two subscripts.
 */
#ifndef SC_ISPACE_H
#define SC_ISPACE_H

#include <stdint.h>

#include "base/source.h"
#include "pragma.h"

#define IR_MAX_VARS 16 /* loop variables per kernel */

/* The element types (the first four in the order of the SIMD types,
 * vector/simd.h); the integer ones are computed in the C type the program
 * declares (elem_ctype), stored in a runtime value array of their width. */
typedef enum IrElemType {
  IR_F64,
  IR_F32,
  IR_I64,
  IR_I32,
  IR_U64, /* unsigned long (long), size_t, uint64_t */
  IR_U32, /* unsigned, uint32_t */
  IR_I16, /* short */
  IR_U16, /* unsigned short */
  IR_I8,  /* signed char, char where it is signed */
  IR_U8   /* unsigned char, char where it is unsigned */
} IrElemType;

/* Whether values of type e are integers (not float or double). */
static inline int ir_elem_integer(IrElemType e) {
  return e != IR_F64 && e != IR_F32;
}

/* The <stdint.h> (or floating) C type of e: "uint8_t". */
static inline const char *ir_elem_ctype(IrElemType e) {
  static const char *const n[] = {"double",   "float",    "int64_t", "int32_t",
                                  "uint64_t", "uint32_t", "int16_t", "uint16_t",
                                  "int8_t",   "uint8_t"};
  return n[e];
}

/* The runtime's name of e: "u8" (sc_tensor_get_u8, SC_U8). */
static inline const char *ir_elem_suffix(IrElemType e) {
  static const char *const n[] = {"f64", "f32", "i64", "i32", "u64",
                                  "u32", "i16", "u16", "i8",  "u8"};
  return n[e];
}

/* The runtime value type of e: "SC_U8". */
static inline const char *ir_elem_vt(IrElemType e) {
  static const char *const n[] = {"SC_F64", "SC_F32", "SC_I64", "SC_I32",
                                  "SC_U64", "SC_U32", "SC_I16", "SC_U16",
                                  "SC_I8",  "SC_U8"};
  return n[e];
}

/* How C sees the array's storage (all row-major). */
typedef enum IrLayout {
  IR_LAYOUT_ARRAY,        /* T A[N][M] (also VLA, also T A[N]) */
  IR_LAYOUT_PTR_TO_ARRAY, /* T (*A)[M], or a parameter T A[][M] */
  IR_LAYOUT_ROW_PTRS,     /* T **A: A[i] points at a row */
  IR_LAYOUT_FLAT          /* T *A used as A[i*M + j] (shape from pragma),
                             or T *A of rank 1 */
} IrLayout;

typedef struct IrTensor {
  const char *name;             /* the C identifier */
  int rank;
  const char *extent[SC_MAX_RANK]; /* C expressions for each dimension's
                                      size, evaluable at the kernel entry;
                                      NULL when unknown (dense tensors
                                      only: a sparse tensor always has
                                      every extent, else it is an error) */
  unsigned extent_from_loops;   /* bit d: extent[d] was read off the
                                   nest's loop bounds (frontend/extents.h) */
  IrElemType elem;
  const char *elem_ctype;       /* "double", "float", "int", "long", or the
                                   user's typedef name */
  IrLayout layout;
  int via_pointer;              /* an array member reached through `->`
                                   (`m->w`, `double w[N]` in the struct):
                                   laid out as an array, but its storage
                                   may be another operand's, so it is
                                   overlap-checked as a pointer is */
  const PragmaBinding *binding; /* its encoding; NULL for a dense tensor */
  int is_read, is_written;
  Span decl_span;               /* the declaration, for notes */
  const char *handle;           /* storage replaced by a sparse tensor
                                   (SPEC §4 case 1): the C expression of
                                   its existing `sc_tensor *` (a variable
                                   or a lazy accessor call), evaluable at
                                   the kernel's entry. Lowering reads the
                                   handle directly (no assembly, no free;
                                   a conversion when its encoding differs
                                   from `binding`'s) and never touches a
                                   dense array of this name. NULL: the
                                   array is dense storage. */
  const sc_encoding *handle_enc;/* the handle's encoding (with handle) */
  const char *entry_cache;      /* when set, a `sc_tensor *` variable (NULL
                                   until first use) declared before an
                                   enclosing loop that cannot change this
                                   read-only array (frontend/hoist.h): the
                                   entry assembly or conversion fills it
                                   once and is reused, not freed */
  unsigned entry_cache_line;    /* that loop's line, for the report */
  int *entry_cache_used;        /* set by lowering when it used it, a bit
                                   set: bit 0 for entry_cache itself, bit
                                   n for `<entry_cache>_n`, the cache of
                                   the nth operand of the array bound again
                                   for an access in another loop order
                                   (lower_int.h STensor.copy) */
} IrTensor;

typedef struct IrAffine {
  int64_t coef[IR_MAX_VARS];
  int64_t constant;
  const char *sym;              /* loop-invariant C text, or NULL */
  /* A band bound (loop bounds only, never subscripts): the bound is the
   * max (alt_op '>', a lower bound) or min ('<', an upper bound) of this
   * form and the nalt forms of alt (plain ones), as `j = MAX(0, i - BW)`,
   * `j < MIN(n, i + BW + 1)` or the same ternaries and functions give it.
   * The loop variables this form names include every one an alt names,
   * so a pass reading only coef sees each dependence; a pass that reads
   * the form as exact must first check nalt == 0 (the emitted text,
   * cprint_affine, is the whole max or min). */
  int nalt;
  char alt_op;
  const struct IrAffine *alt;
} IrAffine;

typedef struct IrExpr IrExpr;

typedef struct IrAccess {
  int tensor;                   /* index into IrKernel.tensors */
  int nsub;                     /* == tensor rank */
  IrAffine sub[SC_MAX_RANK];
  Span span;                    /* the access in the source */
  const IrExpr *scatter;        /* a dense element updated at a computed
                                   position, `y[perm[i]] += e` (the lhs of
                                   a `+=`/`-=` only): the IR_GATHER that
                                   names it, which is what is printed.
                                   sub[d] is then only the sum of the loop
                                   variables subscript d reads, for the
                                   analyses (the element moves with those
                                   loops), and every such loop carries a
                                   dependence (two iterations may update
                                   one element: the program's order is
                                   kept). The tensor has no other access
                                   in the kernel. NULL otherwise. */
} IrAccess;

typedef enum IrExprKind {
  IR_CONST,   /* text: the literal as written ("0", "2.5", "1e-3f") */
  IR_SCALAR,  /* text: a scalar variable, loop-invariant unless written by
                 a statement of the kernel (then it is an accumulator) */
  IR_INDEX,   /* var: a loop variable used as a value */
  IR_ACCESS,  /* access: a tensor element */
  IR_NEG,     /* -a */
  IR_ADD,     /* a + b */
  IR_SUB,     /* a - b */
  IR_MUL,     /* a * b */
  IR_DIV,     /* a / b */
  IR_CMP,     /* a OP b, text: "<", "<=", ">", ">=", "==", "!=" */
  IR_AND,     /* a && b */
  IR_OR,      /* a || b */
  IR_NOT,     /* !a */
  IR_SELECT,  /* a ? b : c */
  IR_CALL,    /* text: a pure <math.h> function; args */
  IR_CAST,    /* text: the C type; a */
  IR_MOD,     /* a % b (integer operands, as C requires) */
  IR_BITOP,   /* a OP b on integers, text: "&", "|", "^", "<<", ">>" */
  IR_GATHER   /* text[args[0]]...[args[nargs-1]]: an element of a dense
                 array (text: its C name, as written) read at a computed
                 position, `x[perm[j]]`. The subscripts are integer
                 expressions (at least one not affine in the loop
                 variables); the array is written nowhere in the nest and
                 no subscript reads a sparse array or anything the nest
                 writes, so the element's value depends only on the loop
                 variables the subscripts name: evaluated at a stored
                 entry's coordinates, it is the dense program's */
} IrExprKind;

struct IrExpr {
  IrExprKind kind;
  const char *text;
  int var;                      /* IR_INDEX */
  int access;                   /* IR_ACCESS: index into IrKernel.accesses */
  IrExpr *a, *b, *c;
  IrExpr **args;                /* IR_CALL */
  int nargs;
  Span span;
  const char *member;           /* IR_GATHER: a member path printed after
                                   the first member_at subscripts (`.sum`
                                   of `stats[i].sum`, `.v` of
                                   `out[i].v[k]`: a member of an array of
                                   structs), or NULL */
  int member_at;
  int zero_at_zero;             /* IR_CALL of a one-parameter function of
                                   the file whose body the front end
                                   evaluated at +0.0 to a zero
                                   (frontend/extract_fnzero.c): zero where
                                   its argument is, as fabs or sqrt */
};

typedef enum IrStmtOp {
  IR_SET = '=',  /* lhs = rhs */
  IR_ADDTO = '+',/* lhs += rhs */
  IR_SUBFROM = '-', /* lhs -= rhs */
  IR_MULBY = '*', /* lhs *= rhs */
  IR_XORBY = '^', /* lhs ^= rhs (integer lhs only) */
  IR_ORBY = '|'   /* lhs |= rhs (integer lhs only) */
} IrStmtOp;

/* The update class of an operator: '+' for += and -=, '^' for ^=, '|' for
 * |=, 0 for = and *=. Updates of one class to one location commute and a
 * zero right side leaves the location as it is (the absent entries of a
 * sparse operand may be skipped); updates of two classes do not commute. */
static inline int ir_update_class(IrStmtOp op) {
  return op == IR_ADDTO || op == IR_SUBFROM ? '+'
       : op == IR_XORBY ? '^' : op == IR_ORBY ? '|' : 0;
}

/* The operator as C: "=", "+=", ... */
static inline const char *ir_op_text(IrStmtOp op) {
  switch (op) {
  case IR_ADDTO: return "+=";
  case IR_SUBFROM: return "-=";
  case IR_MULBY: return "*=";
  case IR_XORBY: return "^=";
  case IR_ORBY: return "|=";
  default: return "=";
  }
}

typedef struct IrStmt {
  IrStmtOp op;
  int lhs_access;               /* index into accesses, or -1 */
  const char *lhs_scalar;       /* when lhs_access == -1: a scalar variable */
  IrExpr *rhs;
  Span span;                    /* the statement in the source */
  const char *decl_ctype;       /* non-NULL: a local declaration inside the
                                   nest, `decl_ctype lhs_scalar = rhs;`
                                   (op is IR_SET, lhs_access -1). The
                                   scalar is scoped to the enclosing loop
                                   body, as in the source (or to an if's
                                   branch: see IR_NODE_IF). */
  int decl_guarded;             /* a declaration that stood under an if,
                                   made `lhs = g ? e : 0` by ir_predicate:
                                   every read of it is under the same
                                   guard, so its value where g is false is
                                   never used */
  IrElemType lhs_elem;          /* the lhs's type (a tensor's element type,
                                   a scalar's; IR_F64 for a scalar of
                                   another arithmetic type, which may not
                                   be the target of a guarded `+=`) */
} IrStmt;

/* IR_NODE_IF: `if (cond) body else els` inside a loop. cond is pure (it was
 * built like any expression: no assignment, ++, or impure call) and reads
 * nothing its branches write, so it has one value for the whole statement;
 * branches hold statements, loops, IFs and declarations of scalars the
 * nest names nowhere else (they keep the loop body's scope once guarded),
 * and at least one of them is not empty. Lowering never sees an IF: it reads the
 * kernel through ir_predicate() (ir/predicate.h), which turns each
 * statement under an IF into a guarded one whose rhs is a select of the
 * guard and the operator's identity (`lhs += g ? e : -0.0`,
 * `lhs -= g ? e : 0`, `lhs *= g ? e : 1`, `lhs = g ? e : lhs`). */
typedef enum IrNodeKind { IR_NODE_LOOP, IR_NODE_STMT, IR_NODE_IF } IrNodeKind;

typedef struct IrNode IrNode;
struct IrNode {
  IrNodeKind kind;
  int var;                      /* IR_NODE_LOOP: the loop variable; -1 */
  IrNode **body;                /* IR_NODE_LOOP: statements, loops and IFs, */
  int nbody;                    /*   in source order; IR_NODE_IF: the then
                                     branch (may be empty) */
  IrStmt stmt;                  /* IR_NODE_STMT */
  IrExpr *cond;                 /* IR_NODE_IF: the condition */
  IrNode **els;                 /* IR_NODE_IF: the else branch (nels 0 when */
  int nels;                     /*   there is none) */
  Span span;
};

typedef struct IrLoopVar {
  const char *name;
  const char *ctype;            /* "int", "long", "size_t", ... */
  int declared_in_header;       /* `for (int i = ...)`: not visible after */
  int live_after;               /* declared outside and possibly read after
                                   the kernel: lowering must leave it at
                                   its final value */
  IrAffine lo, hi;              /* [lo, hi), affine in OUTER loop vars */
  const char *hi_cast;          /* the type of a wide cast in the bound
                                   (`i < (long)n`, `i <= (long)n - 1`),
                                   which hi drops: the loop header casts
                                   hi to it, so the comparison is signed
                                   where the source's is; NULL: none */
  int is_reduction;             /* only reduces into its statements' lhs */
  int carries_dependence;       /* order must be preserved */
  int descending;               /* written counting down and its order
                                   matters: walked from hi - 1 down to lo,
                                   as a dense loop */
  int64_t stride;               /* > 1: the source steps by this constant
                                   (`i += 2`) from stride_from; the IR
                                   variable counts the steps, [0, count),
                                   and every use of the source's variable
                                   is stride_from + stride * it (the front
                                   end substituted it); 0 otherwise */
  const char *stride_from;      /* the first value, loop-invariant C text */
  Span span;                    /* the for statement */
} IrLoopVar;

typedef struct IrKernel {
  Span span;                    /* the bytes replaced by the lowered code:
                                   the loop nest (and the pragma line when
                                   the pragma is on the nest) */
  Span pragma_span;             /* the pragma that made it a kernel */
  int nvars;
  IrLoopVar vars[IR_MAX_VARS];
  int ntensors;
  IrTensor *tensors;
  int naccesses;
  IrAccess *accesses;
  IrNode *root;                 /* an IR_NODE_LOOP (outermost loop) */
  int nscalars_written;
  const char **scalars_written; /* accumulators and other scalars assigned */
  const unsigned char *scalar_dead_after; /* per scalars_written: 1 when
                                   no path after the nest reads it before
                                   writing it (frontend/liveness.h); NULL:
                                   not known (every one may be read) */
  int nfolded_fns;
  const char **folded_fns;      /* functions of the file whose calls in
                                   the nest's bounds were replaced by their
                                   values (band bounds): the lowered code
                                   names them, `(void)f;`, so a static one
                                   called nowhere else stays used; and
                                   locals whose one assignment in the nest
                                   was dropped, its value read in its uses
                                   (extract_locals.c), named the same way */
  const char *indent;           /* the leading whitespace of the nest's
                                   first line, for readable output */
  const Pragma *vec_pragma;     /* a `#pragma sparse vectorize(...)` or
                                   `novectorize` attached to this nest, or
                                   NULL (then the command line decides) */
  int pragma_on_nest;           /* 1: SPEC §4 case 3 (span includes the
                                   pragma lines); 0: the kernel comes from a
                                   pragma on a declaration or a function
                                   (case 1/2; span is the loop nest only,
                                   the storage stays dense for now) */
  const char *pre_text;         /* C statements run once before the loops:
                                   the other assignments of the outermost
                                   loop's header (`for (i = 0, j = 0; ...)`:
                                   "j = 0;"), or NULL */
  int dense_part;               /* a part of a fission (ir/fission.h) that
                                   reads and writes no sparse array: lowered
                                   as the dense loops it is, not refused
                                   for visiting every position, and reported
                                   as kept dense */
} IrKernel;

#endif
