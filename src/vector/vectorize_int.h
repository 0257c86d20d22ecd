/* vectorize_int.h — the context of the vectorization pass, shared by its
 * files: vectorize.c (legality of one loop, strip-mining, emission,
 * register blocking), vselect.c (comparisons and selections) and
 * vblocks.c (the dense level inside BSR blocks). Not part of the pass's
 * interface (vectorize.h). */
#ifndef SC_VECTORIZE_INT_H
#define SC_VECTORIZE_INT_H

#include "vector/simd.h"
#include "vector/vconfig.h"
#include "vector/vectorize.h"

#define VEC_MAX_STMTS 32

enum { VS_STORE, VS_REDUCE };

#define VEC_MAX_HOIST 16

/* A floating max/min written as a comparison and a selection
 * (`m = e > m ? e : m`, `if (e > m) m = e;`): lanes keep `acc = v OP acc ?
 * v : acc`; the lanes are combined the same way after the loop (see
 * vc_emit_sel_result). Internal to the vectorizer: backends never see it. */
#define VEC_RED_SEL 's'

typedef struct VStmt {
  const IrStmt *s;
  int kind;          /* VS_STORE / VS_REDUCE */
  int red;           /* SIMD_RED_* of a reduction, or VEC_RED_SEL */
  const IrExpr *e;   /* the value combined into the left side */
  const char *selop; /* VEC_RED_SEL: OP of `lhs = v OP lhs ? v : lhs` */
  const SimdType *lt;/* a count (an integer left side summing the truth
                        values of comparisons of another type): the left
                        side's type; NULL otherwise */
} VStmt;

typedef struct VC {
  Lower *L;
  const VecLoop *lp;
  VecConfig cfg;
  const SimdOps *ops;
  const SimdType *t; /* the element type (set by classify) */
  int v;
  const IrLoopVar *lv;
  int nvs;
  VStmt vs[VEC_MAX_STMTS];
  StrBuf guard;      /* run-time conditions, joined by && */
  int gathers, scatters, loads, stores, bcasts, selects;
  unsigned dense_last;/* operands read in their dense last level
                        (VecLoop.last_parent; the report) */
  int stream;        /* a streaming loop: long trip counts run the scalar
                        loop (stream_check) */
  int short_local;   /* short segments run emit_short_local's loop */
  const char *why;   /* first reason not to vectorize */
  SimdCtx c;
  const char *off;   /* offset of the current vector value in its chunk */
  const char *m;     /* the current mask, or NULL */
  int seg_min;       /* a sum over positions (short_local_ok): the least
                        segment length that runs the vector code (shorter
                        ones: emit_short_local's loop); 0 otherwise */
  const char *crd_type;
  int crd_bits;
  int uniq;
  StrBuf *hoist;     /* broadcasts of invariants go here, before the loops
                        (NULL: in place) */
  const char *hoist_ind;
  int nhoisted;
  const char *hoisted[VEC_MAX_HOIST][2]; /* scalar text, vector name */
  const char *vbeg;  /* a position loop's first position, saved (for the
                        scan of vc_emit_sel_result) */
  const char *vhi;   /* a position loop's end (emit_vector) */
  const char *ix;    /* VecLoop.coord: the current vector value's array of
                        coordinates (vc_emit_value), or NULL */
  int row_var;       /* a paired nest's second row (VecPair): variable
                        row_var printed as row_text, when not NULL */
  const char *row_text;
} VC;

typedef struct PrintCtx {
  VC *c;
  const char *vtext; /* text for the loop variable, or NULL: its name */
  const char *pos;   /* position of the iterated sparse operand's value
                        (scalar partial sums), or NULL */
  const char *rtext; /* text for variable rvar (the next row of an entry
                        prefetch), or NULL */
  int rvar;
} PrintCtx;

/* ---- vectorize.c ---- */

/* Records the first reason not to vectorize (later ones are dropped). */
void vc_no(VC *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a run-time condition of the vector code (joined by &&, once). */
void vc_add_guard(VC *c, const char *cond);
/* Whether access a (expression e) varies in the loop. */
int vc_access_variant(VC *c, int a);
int vc_variant(VC *c, const IrExpr *e);
const char *vc_tensor_name(VC *c, int a);
/* Legality of a value (reasons through vc_no). */
void vc_check_expr(VC *c, const IrExpr *e);
/* C text: an invariant expression; a statement's left side; e at
 * position pos of the iterated operand (scalar code). */
const char *vc_scalar_text(VC *c, const IrExpr *e);
const char *vc_lhs_text(VC *c, const IrStmt *s);
const char *vc_scalar_at(VC *c, const IrExpr *e, const char *pos);
/* Printer hooks of scalar text (user: a PrintCtx). */
void vc_s_access(void *user, StrBuf *out, int a);
void vc_p_index(void *user, StrBuf *out, int var);
/* A value as a vector expression; a broadcast made once before the loops. */
const char *vc_vexpr(VC *c, const IrExpr *e);
const char *vc_splat_inv(VC *c, const char *s);
/* The accumulator of statement i, vector value u. */
const char *vc_acc_name(VC *c, int i, int u);
/* Adds accumulators 1..n-1 of statement i into accumulator 0 as a
 * balanced tree: (0 + 1) + (2 + 3) ..., log2(n) dependent steps, not n - 1
 * (each entry of SDDMM reduces its k loop's accumulators). */
void vc_combine_accs(VC *c, int i, int n);
/* A fresh context for loop lp (vectorize.c), then bound to its variable. */
void vc_open(VC *c, Lower *L, const VecLoop *lp);
void vc_bind_loop(VC *c);
/* One line of output at depth; the indentation of depth. */
void vc_line(VC *c, StrBuf *sb, int depth, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *vc_ind_of(VC *c, int depth);
/* A vector loop `vec` and its scalar fallback `scalar` (the loop as the
 * lowering emitted it), as every vectorized loop is emitted: under `#if
 * defined(__GNUC__) && <the backend's macro>` with `scalar` in the `#else`.
 * cond NULL: `{ vec }` at depth d. Else a run-time check: `if (cond) { vec }
 * else scalar`, the `else` reaching past the `#endif`; with decls non-NULL
 * (possibly "") the `if` sits at depth d + 1 in a block `{ decls ... }`
 * opened and closed under the `#if` (decls: statements cond reads). */
void vc_guarded(VC *c, StrBuf *out, int d, const char *cond,
                const char *decls, const char *vec, const char *scalar);
/* The statements of the loop body sorted into kinds (reasons through
 * vc_no); the vector type's name; the statements of one vector value at
 * offset c->off under mask c->m (used by vblocks.c too). */
void vc_classify(VC *c);
const char *vc_vtype(VC *c);
void vc_emit_value(VC *c, int u);
/* The dense accesses of the loop's statements, for overlap checks
 * (overlap.h; 0 when one cannot be checked), and their printer. */
struct OvSet;
int vc_ov_collect(VC *c, struct OvSet *os);
void vc_ov_print(void *user, StrBuf *out, int a, const char *vtext);

/* The coordinate at position q of a position loop (VecLoop.coord, or the
 * level's coord_at). */
const char *vc_coord_at(VC *c, const char *q);

/* ---- vselect.c ---- */

/* Legality of a truth value; of fabs/fabsf for the loop's type. */
void vc_check_cond(VC *c, const IrExpr *e);
int vc_is_fabs(VC *c, const IrExpr *e);
/* Elements read only under a condition must be read unconditionally too. */
void vc_check_cond_reads(VC *c, const VStmt *vs);
/* `lhs = x OP y ? x : y`: SIMD_RED_MAX/MIN (integers), VEC_RED_SEL
 * (floats; *selop set), or 0; *val the value combined. */
int vc_select_minmax(VC *c, const IrStmt *s, const IrExpr **val,
                     const char **selop);
/* A count of comparisons of another type: that type, or -1. */
int vc_count_elem(VC *c, const IrStmt *s);
/* The trip-count limit of counts in float or int lanes, as a guard. */
void vc_count_guard(VC *c);
/* A floating max/min by comparison beside a store is refused. */
void vc_sel_alone(VC *c);
/* A truth value as the backend's condition. */
const char *vc_vcond(VC *c, const IrExpr *e);
/* One vector value of a max by comparison; its result after the loop. */
void vc_sel_accum(VC *c, int i, int u, const char *val);
void vc_emit_sel_result(VC *c, StrBuf *sb, int d, int i, const char *hi);

#endif
