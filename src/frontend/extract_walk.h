/* extract_walk.h — what the parts of the front end's loop-nest walk
 * (frontend/extract*.c) share: the walk's state (X) and the functions one
 * part calls in another. Internal to extract_kernel (extract.h is the
 * public interface). */
#ifndef SC_FRONTEND_EXTRACT_WALK_H
#define SC_FRONTEND_EXTRACT_WALK_H

#include "frontend/extract.h"
#include "frontend/tsnode.h"
#include "ir/affine.h"

/* What the walk keeps of a tensor beside its IrTensor. */
typedef struct TensorInfo {
  int crank;        /* subscripts C expects */
  int delinearize;  /* flat: split one subscript into rank */
  int inferred;     /* dense flat split on a symbolic stride we inferred */
  size_t decl_off;  /* name_offset of its declaration (shadowing check) */
  int member;       /* reached through a struct member (`p->f`, `s.f`) */
  int is_bool;      /* elements of type _Bool (only ever 0 or 1) */
} TensorInfo;

/* `T *row = A[i];` in the nest: row[j] is A[i][j] (extract_alias.c). */
typedef struct RowAlias {
  const char *name;
  size_t decl_off;              /* name_offset of its declaration */
  TSNode base;                  /* the sparse array's identifier */
  int npre;                     /* subscripts the alias fixes */
  AfPoly pre[SC_MAX_RANK];
  AfPoly add;                   /* added to row's first subscript (`&A[i][k]`:
                                   k; `A + i * n`: i * n) */
} RowAlias;

/* The walk's state over one nest (extract_kernel). */
typedef struct X {
  const ExtractEnv *env;
  SparsifyCtx *ctx;
  Arena *a;
  const char *src;
  IrKernel *k;
  ARRAY(IrTensor) tensors;
  ARRAY(TensorInfo) tinfo;
  ARRAY(IrAccess) accesses;
  ARRAY(const char *) scalars;
  ARRAY(const char *) written;  /* every name assigned in the nest */
  ARRAY(const char *) folded;   /* IrKernel.folded_fns */
  ARRAY(const char *) scoped;   /* `int j;` in a body of the nest, j used
                                   only as the variable of later loops
                                   there: those loops declare it */
  int stack[IR_MAX_VARS];       /* loop vars enclosing the current point */
  int depth;
  int in_if;                    /* statements under an if_statement */
  TSNode nest;                  /* the nest's outermost for statement */
  TSNode branch;                /* the innermost if branch being built */
  uint32_t skip_byte;           /* a statement already taken as the
                                   initializer of a declaration (or 0) */
  int refused;
  ExtractRefusal why;
  unsigned reversed;            /* loop vars of loops counting down */
  const char *stripped_cast;    /* the type of the first wide cast poly_of
                                   dropped since it was last cleared */
  TSNode rev_node[IR_MAX_VARS]; /* their for statements */
  ARRAY(int) pushed;            /* tensors appended to (`q[t++] = v`) */
  int64_t stride[IR_MAX_VARS];  /* loops stepping by a constant > 1: the
                                   IR variable counts the steps, and the
                                   source's variable is from + stride * it */
  const AfPoly *stride_from[IR_MAX_VARS]; /* that first value (invariant) */
  TSNode stride_from_node[IR_MAX_VARS];
  ARRAY(int) gathered;          /* tensors read at computed positions
                                   (IR_GATHER) */
  ARRAY(RowAlias) aliases;      /* row pointers followed */
  ARRAY(int) scattered;         /* accesses updated at computed positions
                                   (IrAccess.scatter) */
  ARRAY(IrExpr *) ptr_members;  /* struct members read through a pointer
                                   (`p->scale`, extract_member.c) */
  const char *pre_text;         /* IrKernel.pre_text (extract_header.c) */
  TSNode seq_stop;              /* build_seq stops before this statement
                                   (the step of a counting while) */
} X;

/* The statements of one body being built. */
typedef ARRAY(IrNode *) NodeList;

/* extract_walk.c */
int refuse(X *x, TSNode n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
Span nspan(TSNode n);
char *ntext(X *x, TSNode n);
const char *excerpt(X *x, TSNode n);
const char *op_of(X *x, TSNode n);
int name_in(const char *name, const char *const *v, size_t n);
TSNode base_ident(TSNode n);
void collect_writes(X *x, TSNode n);
int find_var(X *x, const char *name);
int any_var(X *x, const char *name);
const BoundArray *bound_of(X *x, const char *name);
const char *mentioned_bound(X *x, TSNode n);

/* extract_invariant.c */
int is_pure_fn(const char *name);
int macro_defined(X *x, TSNode n, const char *name);
int pure_macro(X *x, const char *name);
int pure_user_fn(X *x, const char *name);
int fn_defined(X *x, const char *name);
int fn_has_pragma(X *x, const char *name);
int type_cast_call(X *x, TSNode n);
int invariant(X *x, TSNode n);
const char *inv_text(X *x, TSNode n);

/* extract_affine.c */
int int_literal(X *x, TSNode n, int64_t *out);
int poly_of(X *x, TSNode n, AfPoly *p, const char *what);
int to_affine(X *x, TSNode n, const AfPoly *p, IrAffine *out,
              const char *what);

/* extract_band.c */
int signed_ctype(const char *t);
int band_bound(X *x, TSNode for_n, TSNode bound, int upper, int incl,
               IrAffine *out);

/* extract_tensor.c */
int get_tensor(X *x, TSNode ident, int *out);
/* What the statements v[0..nv) write, added to the sets: *tens, a bit per
 * tensor index (all bits past 63), and the scalars' names in (*sc)[0..*nsc)
 * (an array of *cap in the arena, grown as needed; a statement with
 * neither a tensor nor a scalar target adds a NULL name). */
void branch_writes(X *x, IrNode *const *v, int nv, uint64_t *tens,
                   const char ***sc, size_t *nsc, size_t *cap);
int int_value(X *x, const char *text, int64_t *v);
int build_access(X *x, TSNode n, int *out);
int get_member_tensor(X *x, TSNode base, int *out);

/* extract_alias.c */
const RowAlias *alias_of(X *x, TSNode n);
int alias_decl(X *x, TSNode d, TSNode pn, TSNode v);

/* extract_gather.c */
int extract_is_gather(X *x, TSNode n);
/* Whether identifier b names a sparse array (bound or stored). */
int extract_sparse_base(X *x, TSNode b);
IrExpr *extract_gather(X *x, TSNode n);
/* `y[perm[i]]` as the target of `+=`/`-=` (n: the subscript expression,
 * a gather of a dense array): the access (IrAccess.scatter) in *out; -1
 * on a refusal. */
int extract_scatter(X *x, TSNode n, int *out);
/* `stats[i].sum` (n: the field expression): an arithmetic member of an
 * element of a dense array of structs, as an IR_GATHER with its member;
 * `written`: the target of an update (the array must then be one the
 * program declares). NULL on a refusal. */
IrExpr *extract_member_elem(X *x, TSNode n, int written);
/* Whether n is a member of an array element reached by `.` alone. */
int extract_is_member_elem(X *x, TSNode n);
/* Refuses a gathered array the nest writes, and a scattered one the nest
 * reads or writes anywhere else. */
int extract_check_gathers(X *x, ExtractRefusal *why);

/* extract_member.c: a read-only arithmetic member of a struct variable
 * or of a struct reached through a pointer (n: a field expression) as an
 * IR_SCALAR named by its path; NULL when n is no member path (nothing
 * refused) or on a refusal (x->refused set). */
IrExpr *extract_member_value(X *x, TSNode n);
/* Refuses a nest that reads a member through a pointer and writes what
 * may share its storage (a pointer or parameter array, a member). */
int extract_check_member_reads(X *x, ExtractRefusal *why);

/* extract_header.c: `for (i = 0, j = 0; ...)`: on the outermost loop,
 * the assignments other than the loop variable's added to x->pre_text and
 * *init set to the loop variable's; refused elsewhere or when their order
 * could matter. 0 also when *init is no comma expression. */
int extract_header_comma(X *x, TSNode for_n, TSNode *init);

/* extract_fnzero.c: whether the file's function `name` has one double
 * (or float) parameter and a body whose value at +0.0 is a zero. */
int user_fn_zero_at_zero(X *x, const char *name);

/* extract_locals.c: the initializer of the local that identifier n names
 * when the local is an index computed once per iteration: declared in the
 * nest with an initializer, assigned nowhere else in its block, the
 * initializer reading only loop variables of the loops around the
 * declaration, names the nest never writes and such locals (depth of
 * them at most); *ctype its declared type. A null node otherwise. Its
 * uses read the initializer (converted to *ctype) instead. */
TSNode index_local(X *x, TSNode n, const char **ctype, int depth);

/* extract_range.c */
int inner_in_range(X *x, const AfPoly *s, const char *ext);

/* extract_expr.c */
IrExpr *mk(X *x, IrExprKind k, TSNode n);
IrExpr *expr_of(X *x, TSNode n);

/* extract_stmt.c */
int scoped_loop_var(X *x, TSNode decl, TSNode d);
int build_stmt(X *x, TSNode n, NodeList *list);
int build_seq(X *x, TSNode body, uint32_t from, NodeList *list);

/* extract_loop.c */
IrExpr *stride_value(X *x, int v, TSNode n);
int is_int_type(const char *t);
int is_name(X *x, TSNode n, const char *name);
int build_for(X *x, TSNode n, IrNode **out);
/* A loop over header parts init, cond and upd (n: the for or while
 * statement) and body, whose statements are built up to x->seq_stop. */
int build_loop(X *x, TSNode n, TSNode init, TSNode cond, TSNode upd,
               TSNode body, IrNode **out);

/* extract_while.c: statement i of `parent` `v = lo;` followed by a while
 * loop counting v up to a bound: the loop built into list as a for loop
 * and *last set to the while's index, 1; 0 when the statements have
 * another shape; -1 on a refusal. */
int extract_counting_while(X *x, TSNode parent, uint32_t i, NodeList *list,
                           uint32_t *last);

/* extract_locals.c */
void substitute_locals(X *x, IrNode *root, IrNode *loop);
/* Drops the declarations of locals nothing in the nest reads any more
 * (an index local read through its initializer everywhere, even under an
 * if). */
void drop_unread_locals(X *x, IrNode *root);

#endif
