/* lower_int.h — state shared by the lowering passes of one kernel:
 *   graph.c    loop tree facts (depths, subtree contents), sparse operands
 *              and their level maps, the reorder-or-convert decision;
 *   lattice.c  zero-preservation of statements and the merge lattice of a
 *              loop (which subsets of sparse iterators must be visited);
 *   coiter.c   the loop emitter (dense loops, position loops, merges,
 *              locates, fill-then-overwrite for `=`), with the pieces
 *              split out of it (coiter_int.h): merge_cursor.c,
 *              argext.c, body_split.c;
 *   lower.c    lower_kernel(): prologue/epilogue, report, live variables.
 * Terms: a tensor "level" is a storage axis; an "iterator" is a sparse
 * operand's next level walked by a loop; a "locate" finds a position from
 * coordinates that are already bound. */
#ifndef SC_LOWER_INT_H
#define SC_LOWER_INT_H

#include "base/strbuf.h"
#include "emit/cprint.h"
#include "format/level_ops.h"
#include "ir/ispace.h"
#include "lower/lower.h"

#define LW_MAX_SPARSE 8 /* sparse operands per kernel */

typedef enum LvlKind {
  LK_IDENT,   /* coordinate = one loop variable */
  LK_FLOOR,   /* coordinate = var floordiv div */
  LK_MOD,     /* coordinate = var mod div */
  LK_COUNT,   /* an ELL counting level (dense): walked, never located */
  LK_FIXED,   /* over dimensions subscripted by loop-invariant values only
                 (`G[src][j]`: a fixed row): located, never walked */
  LK_OTHER    /* any other affine form: located only */
} LvlKind;

typedef struct LvlInfo {
  sc_level_type type;
  const LevelOps *ops;
  sc_level_expr expr;
  LvlKind kind;
  int var;          /* the loop variable of IDENT/FLOOR/MOD, else -1 */
  int dim;          /* the dimension of IDENT/FLOOR/MOD */
  int64_t div;
  int partner;      /* FLOOR: the level of the matching MOD, or -1 */
  unsigned varmask; /* loop variables the coordinate depends on */
  const char *coord;/* the coordinate as a uint64_t C expression */
  const char *aoff; /* IDENT over a dimension read at aoff + astride * var
                       (a slice view, slice.c): the C text of aoff; NULL
                       when the dimension is the variable itself */
  int64_t astride;
  LevelRef ref;
} LvlInfo;

typedef struct STensor {
  int tensor;               /* index into kernel->tensors */
  const IrTensor *t;
  const char *name;
  int access;               /* the primary access (others read dense) */
  int dim_var[SC_MAX_RANK]; /* loop variable of each dimension */
  const char *dim_off[SC_MAX_RANK]; /* a sliced operand (slice.c): dimension
                               d is read at dim_off[d] + dim_stride[d] *
                               var (C text), NULL: at the variable */
  int64_t dim_stride[SC_MAX_RANK];
  const char *dim_fix[SC_MAX_RANK]; /* dimension d subscripted by a value
                               invariant in the kernel's loops (a fixed
                               row, column or slab): its C text, and
                               dim_var[d] is -1; NULL otherwise */
  int nfixed;               /* dimensions with dim_fix */
  int sliced;               /* its encoding has slices (walked as a view) */
  int shifted;              /* no slices, but shifted or strided subscripts
                               (`A[i + 1][j]`): walked as a view too */
  int nlvl;
  LvlInfo lvl[SC_MAX_LEVELS];
  sc_encoding enc;          /* as assembled (maybe reordered) */
  int converted;            /* level order changed to follow the loops */
  int alias;                /* another operand over the same dense array
                               assembled with the same encoding: the
                               index of that operand (its tensor is
                               shared, not assembled or freed), or -1 */
  int copy;                 /* 0: the array's first operand; n > 0: the
                               nth operand of the same array bound again
                               for an access in another loop order
                               (`A_n`: `A[j][i]` beside `A[i][j]`), an
                               assembly or conversion of its own, kept in
                               the cache `<entry_cache>_n` when hoisted */
  int plain;                /* co-iterable as it is: plain dimensions on
                             * dense or ordered unique compressed levels */
  const char *pos_type, *crd_type;
  int use_pos[SC_MAX_LEVELS], use_crd[SC_MAX_LEVELS], use_size[SC_MAX_LEVELS];
  int use_dims, use_val;
  int inplace;              /* written in place (graph.c inplace_ok): its
                               structure drives the loops, its values are
                               read and written where they live (the dense
                               array, or the handle's values) */
} STensor;

typedef struct AsmOut AsmOut; /* assemble.c: a sparse output */

/* Comparisons of a guard assumed false where their sparse operands are
 * absent although the value they compare with is known only at run time
 * (`if (A[i][j] > t) C[i][j] = ...`, t not written in the nest): lattice.c
 * lat_truth records them, lower.c checks them once at entry and runs the
 * loops built on the assumption only when every one is false there (the
 * loops that visit every element otherwise). */
#define LW_MAX_ASSUME 8
typedef struct Assume {
  const IrExpr *cmp[LW_MAX_ASSUME];
  int n;
} Assume;

typedef struct Lower {
  SparsifyCtx *ctx;
  Arena *arena;
  const IrKernel *k;
  int nst;
  STensor st[LW_MAX_SPARSE];
  int *tensor_st;           /* per tensor: index into st or -1 */
  int *access_st;           /* per access: st index when primary, else -1 */
  int var_depth[IR_MAX_VARS];
  int var_nloops[IR_MAX_VARS];  /* loop nodes per variable */
  int var_sparse[IR_MAX_VARS];  /* some loop over it skips coordinates */
  const char *refuse;       /* first reason to give up, or NULL */
  int nsparse_loops;        /* loops that skip absent entries */
  int ncursors;             /* dense loops walking a level with a merge
                               cursor (merge_cursor.c cursor_ok) */
  int ieee_note;            /* a product skipped an absent entry */
  int inplace_note;         /* a floating update in place skipped one */
  int nfilters;
  StrBuf notes;             /* indented report lines */
  StrBuf lattice;           /* --dump=lattice text */
  int uniq;                 /* counter for fresh names */
  AsmOut *out;              /* the sparse output assembled, or NULL */
  unsigned rolled_noted;    /* loop variables whose dense loop is kept
                               rolled (coiter.c keep_rolled), reported */
  unsigned inplace;         /* sparse operands updated in place (bit set) */
  unsigned plain;           /* kernel tensors converted to their plain form
                             * (graph.c) in this attempt */
  int fixed_located;        /* levels at fixed coordinates located */
  const char *acc_name;     /* an innermost dense loop's update of one
                             * element (coiter.c scalar_acc_ok): the
                             * statement writing access acc_access prints
                             * this local instead, NULL otherwise */
  int acc_access;
  unsigned plain_req;       /* kernel tensors a loop could not skip over in
                             * their declared form: lower.c retries with
                             * them converted */
  int copies;               /* a second access of a dense array in another
                             * loop order (`A[j][i]` beside `A[i][j]`) is
                             * assembled in that order (`A_1`) in this
                             * attempt (graph.c add_sparse) */
  int copies_req;           /* such an access read the dense array instead:
                             * lower.c retries a refused nest with copies */
  const char *fallback;     /* the nest's source text, run as written when
                             * an entry assembly fails (lower.c), or NULL */
  Assume *assume;           /* non-NULL: lat_truth may assume (above) */
  struct RowCarry *carry;   /* the innermost dense loop's offer of a
                             * carried row begin (row_carry.c), or NULL */
  struct RowPair *pair;     /* the dense loop whose rows a register-blocked
                             * nest inside may pair (coiter.c), or NULL */
  struct ShortRows *short_rows; /* the dense loop whose vector row walk
                             * may give way to the scalar output's nest
                             * when its rows are short (short_rows.c), or
                             * NULL */
  int scalar_rows[LW_MAX_SPARSE][SC_MAX_LEVELS]; /* per operand and level:
                             * the vector row walk's threshold below which
                             * the kernel runs the scalar output's nest
                             * (short_rows.c), 0: none */
  int empty_rows;           /* in the scalar nest of short_rows.c: rows
                             * tested empty at once (empty_rows.c), 0: off */
  int nempty_notes;         /* report lines of the loops that skip them */
  const char *empty_notes[LW_MAX_SPARSE];
} Lower;

/* graph.c */
int graph_analyze(Lower *L);
/* Bit set of the sparse operands with a primary access inside node. */
unsigned graph_subtree_tensors(const Lower *L, const IrNode *n);
/* Whether node (a loop) contains a statement other than += / -=. */
int graph_only_reductions(const IrNode *n);
/* Whether tensor `t` is read anywhere in node's subtree. */
int graph_reads_tensor(const Lower *L, const IrNode *n, int t);
/* Whether expression e reads tensor `t` (an access of it, anywhere). */
int graph_expr_reads(const IrKernel *k, const IrExpr *e, int t);
const char *graph_var_name(const Lower *L, int v);
/* Whether statement s writes a sparse operand updated in place: its index
 * into L->st, or -1. */
int graph_inplace_lhs(const Lower *L, const IrStmt *s);
/* Appends the C text of an affine form over loop variables. */
void graph_affine(const Lower *L, StrBuf *out, const IrAffine *a);
/* Structural equality (graph.c): two accesses of the same tensor with the
 * same subscripts; two pure expressions; whether e reads what s writes. */
int lower_same_access(const Lower *L, int a, int b);
/* Whether every access of w's tensor in e is w's element, the same
 * subscripts (body_split.c). */
int lower_expr_same_elem(const IrKernel *k, const IrExpr *e, const IrAccess *w);
int lower_same_expr(const Lower *L, const IrExpr *a, const IrExpr *b);
int lower_is_lhs(const Lower *L, const IrExpr *e, const IrStmt *s);
/* Whether s is an append `q[t] = e` of `q[t++] = e` (its subscript is a
 * counter the kernel assigns); whether loop n holds one. */
int lower_is_push(const Lower *L, const IrStmt *s);
int lower_has_push(const Lower *L, const IrNode *n);
const char *graph_affine_str(const Lower *L, const IrAffine *a);
/* lv's upper bound for a comparison with lv: hi cast to the type of a wide
 * cast the source's bound holds (IrLoopVar.hi_cast). */
const char *graph_hi_str(const Lower *L, const IrLoopVar *lv);

/* slice.c: sliced operands (a view of the stored array) */
/* Whether access ac of st->t can be walked as a view: each subscript
 * `off + stride * v`, v a loop variable that is never negative, and where
 * the static slice values and constant bounds can be compared, the
 * coordinates read inside the slice. Fills st->dim_var, dim_off and
 * dim_stride. 0 (*note: what could not be checked, or NULL), or -1 with
 * *why (a sentence naming the subscript and the slice). */
int slice_bind(Lower *L, STensor *st, const IrAccess *ac,
               const sc_encoding *enc, const char **why, const char **note);
/* The C text of dimension d of st over loop variables ("j", or
 * "((int64_t)(2) + 3 * (int64_t)(j))"). */
const char *slice_dim_text(const Lower *L, const STensor *st, int d);
/* A fixed subscript's text for the report: no parentheses around a lone
 * name ("(r) + 1" -> "r + 1"; not a call's or a cast's) nor around all. */
const char *slice_fix_text(const Lower *L, const char *t);
/* The slices of enc as text: "slice(2, 4, 1), slice(0, ?, 1)". */
const char *slice_text(const Lower *L, const sc_encoding *enc, int d);

/* lattice.c */
/* Whether the subtree has no effect when every sparse operand in `absent`
 * (a bit set over L->st) reads as absent. */
int lat_no_effect(const Lower *L, const IrNode *n, unsigned absent);
/* Whether expression e is 0 when the operands in `absent` are absent. */
int lat_zero(const Lower *L, const IrExpr *e, unsigned absent);
/* The truth of condition e when the operands in `absent` are absent: 1, 0,
 * or -1 when it depends on other values (`A != 0` is 0, `fabs(A) > 1e-9`
 * is 0, `i != j` is -1). */
int lat_truth(const Lower *L, const IrExpr *e, unsigned absent);
/* The C condition that every comparison in L->assume is false where its
 * sparse operands read as zero (each evaluated as the source does). */
const char *lat_assume_check(const Lower *L);
/* The minimal lattice points over candidate iterators `cand` for the loop
 * body n: out[i] are bit sets; returns their count, or -1 when the empty
 * point has an effect (the loop must iterate densely). */
int lat_points(const Lower *L, const IrNode *n, unsigned cand,
               unsigned *out, int max_out);
/* Whether scalar `name` starts afresh in each iteration of loop n: the
 * first child of n's body that names it declares it, or assigns it with
 * `=` from an expression not reading it while no path after the nest
 * reads it (IrKernel.scalar_dead_after) and the nest names it only in n. */
int lat_scalar_fresh(const Lower *L, const IrNode *n, const char *name);
/* Whether expression e contains a product with a sparse operand whose
 * factors are not all integers (0 * x differs from IEEE for a floating x
 * that is Inf or NaN). */
int lat_has_sparse_product(const Lower *L, const IrExpr *e);
/* Whether e is sure to have an integer type (never Inf or NaN): integer
 * tensors, loop variables, integer literals, %, comparisons, and sums,
 * products, quotients and abs of these; not scalar variables. */
int lat_expr_integer(const Lower *L, const IrExpr *e);
const char *lat_describe(const Lower *L, unsigned cand, const unsigned *pts,
                         int npts);

/* diagonal.c */
/* k, or a copy of k in which each statement that reads a diagonal of a
 * sparse operand directly under the diagonal's loop (`r[i] = A[i][i]`) sits
 * in a loop of one iteration over a new variable, so the diagonal is
 * walked, not looked up. */
const IrKernel *lower_unit_diagonals(Arena *a, const IrKernel *k);

/* coiter.c */
int coiter_emit(Lower *L, StrBuf *out, int depth);

/* assemble.c: sparse outputs stored as handles (SPEC §5) */
/* 0: the kernel writes no array stored sparse; 1: L->out planned; -1: the
 * kernel must be refused (*why). */
int asm_plan(Lower *L, const char **why);
/* The kernel tensor index of L->out. */
int asm_tensor(const Lower *L);
/* Whether s writes the sparse output (its `=` has no effect where rhs is
 * zero: the output is rebuilt from what is appended). */
int asm_stmt_is_output(const Lower *L, const IrStmt *s);
void asm_emit_stmt(Lower *L, StrBuf *sb, const IrStmt *s, const char *rhs,
                   int depth);
/* Whether s is a guarded `=` (`lhs = g ? e : lhs`, ir/predicate.h). */
int asm_guarded_set(const IrStmt *s);
/* The text of the output's current element where the statement that
 * writes it reads it (the identity arm of a guarded `=`): its workspace
 * value; NULL when access a is not of the output. */
const char *asm_current(const Lower *L, int access);
/* Around the body of each loop (they act on the output's row loop). */
void asm_row_begin(Lower *L, StrBuf *sb, const IrNode *loop, int depth);
void asm_row_end(Lower *L, StrBuf *sb, const IrNode *loop, int depth);
/* The sampling-pattern copy (SDDMM, assemble.c): the depth of the loops
 * (2 when it may apply: they go inside an else branch); after the loops
 * are emitted, asm_pattern emits the copy's loops, or returns -1 when it
 * does not apply (the loops are then emitted again at depth 1 by
 * asm_emit_again, which leaves the report and counters as they were). */
int asm_pattern_depth(const Lower *L);
int asm_pattern(Lower *L);
int asm_emit_again(Lower *L, StrBuf *sb, int depth);

/* The report, the lattice dump and the counters at one point of the
 * lowering, kept while loops are emitted a second time (a copy of them)
 * and put back after, so that the copy says nothing of its own. */
typedef struct ReportMark {
  size_t notes, lattice;
  int nsparse_loops, ieee_note, inplace_note, ncursors, nfilters, fixed_located;
  unsigned rolled_noted, plain_req;
  const char *refuse;
} ReportMark;
ReportMark report_mark(const Lower *L);
void report_back(Lower *L, const ReportMark *m);
/* The copy's loops, or NULL when it is not emitted. */
const char *asm_pattern_loops(const Lower *L);
void asm_prologue(Lower *L, StrBuf *sb);
void asm_epilogue(Lower *L, StrBuf *sb);

#define UNROLL_BY 4 /* entries a step of unroll.c's walk */

/* unroll.c: whether the scalar output walks position loop n, a reduction
 * whose body (one step's statements, as text) is short and straight-line,
 * UNROLL_BY entries a step; and the loop that does it, in program order:
 * position p over [begin, e), u the step's base, at depth (the for's).
 * short_rows (a flag's name, or NULL): `if (flag) { the rolled loop } else
 * { the unrolled walk }`, which coiter.c unswitches (one test per kernel). */
int unroll_reduction_ok(Lower *L, const IrNode *n, const char *body);
void unroll_emit(Lower *L, StrBuf *sb, const IrNode *n, const char *p,
                 const char *u, const char *begin, const char *e,
                 const char *body, const char *short_rows, int depth);

/* Whether identifier `id` occurs as a token in text (base/ident.h's
 * ident_occurs, the lowering's name for it). */
int lower_uses_ident(const char *text, const char *id);

/* lower.c: the first statement of n that has an effect where the sparse
 * operands in `absent` are absent ("'y[i] += A[i][j] + x[j]' has an effect
 * <where>"), or NULL. */
const char *lower_effect_cause(const Lower *L, const IrNode *n, unsigned absent,
                               const char *where);

/* Fresh name "sc__<base><n>". */
const char *lower_fresh(Lower *L, const char *base);
void lower_note(Lower *L, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
#endif
