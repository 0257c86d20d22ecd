/* storage.h — replacing an array's storage by a sparse tensor (SPEC §4
 * case 1: a pragma on a declaration; case 2: on a function definition,
 * for its parameters). Three modules share this header:
 *
 *   decl.c   decides whether a declaration can be replaced (storage_plan),
 *            names the handle that holds the `sc_tensor *`, and writes the
 *            replacement of the declaration and the element-access helpers
 *            the rewritten uses call (storage_prelude);
 *   uses.c   finds every use of a replaced array in its scope and decides
 *            what it becomes (uses_collect), then writes each rewritten
 *            region with the uses nested in it (uses_text);
 *   params.c plans the parameters of case 2 and writes the function's new
 *            parameter list, prototypes and call wrappers.
 *
 * How a replaced array is held:
 *   local array / VLA      `sc_tensor *A = <new empty tensor>;` freed when
 *                          its block is left (closing brace, return, break,
 *                          continue);
 *   static local array     `static sc_tensor *A; if (!A) A = <new>;`
 *   global array           renamed: `static sc_tensor *sc__g_A;` created
 *                          lazily by `sc__g_A_h()` on first use (so other
 *                          files that name `A` fail to link instead of
 *                          reading the wrong object);
 *   pointer (malloc'd)     `sc_tensor *A` (a global: `sc__g_A`); the malloc/
 *                          calloc of the dense block becomes the creation
 *                          of an empty tensor (NULL exactly when that
 *                          allocation fails), free(A) frees it.
 * Uses: element reads are lookups, element writes buffered inserts and
 * updates, `memset(A, 0, <its size>)` and a nest that assigns every element
 * with `=` clear it first, `sizeof` keeps the dense type, a null test of a
 * pointer stays. Any other use (the address escapes) is an error; a use that
 * is merely unsupported (an initializer, a macro naming the array, passing
 * it to a dense parameter of a function of the file, or it or a row to a
 * function the file does not define, such as fwrite or realloc...) keeps
 * the array dense (warning), as a pragma on a declaration did before. */
#ifndef SC_FRONTEND_STORAGE_H
#define SC_FRONTEND_STORAGE_H

#include "frontend/attach.h"
#include "frontend/ctypes.h"
#include "frontend/extract.h"

typedef struct Stored {
  BoundArray ba;        /* the binding; ba.handle is set by storage_plan */
  const Attachment *g;  /* the pragma group */
  TSNode decl;          /* the declaration */
  TSNode dtor;          /* this array's declarator (init_declarator or not) */
  TSNode init;          /* its initializer value, or a null node */
  TSNode scope;         /* the enclosing block, or the translation unit */
  size_t region_start;  /* uses are looked for in [region_start, end) */
  size_t region_end;
  int global, is_static, is_pointer;
  int free_at_exit;     /* a local array: freed when its block is left */
  int dropped;          /* kept dense after all (unsupported use) */
  int reshaped;         /* a pointer assigned another block (realloc, another
                           pointer): the pragma's shape may no longer be
                           its own, so no nest over it is sparsified */
  const char *var;      /* the variable holding the handle */
  const char *vt;       /* "SC_F64", ... */
  const char *sfx;      /* helper suffix: "f64", "f32", "i64", "i32" */
  const char *ctype;    /* value type of the helpers: double, float...;
                           _Bool for a _Bool array (its helpers are u8) */
  const char *where;    /* "file.c:LINE" of the declaration */
  int param;            /* case 2: a parameter of a function definition
                           (decl: its parameter_declaration, scope: the
                           body; the caller owns the tensor) */
  int func;             /* its FuncSig, index in the caller's table */
  int pos;              /* its position in the parameter list */
  int written;          /* a parameter whose elements the function may
                           write (or pass on): the wrappers scatter back */
} Stored;

/* Case 2: a function definition whose bound parameters become sparse
 * tensor handles (params.c). The definition becomes `static ... sc__F_s`
 * taking `sc_tensor *`; F itself is redefined after it with its own
 * prototype, assembling its array arguments (so other files, function
 * pointers and calls with dense arrays keep working). Calls in the file
 * that pass replaced arrays call sc__F_s; a call mixing both goes through
 * `sc__F_dMASK` (MASK: the positions given dense). A wrapper assembles the
 * dense arguments, calls sc__F_s, scatters them back when F may write them
 * and they are not const, and frees them. */
#define SC_MAX_PARAMS 32
/* A call passing a sparse array of another encoding than the parameter's:
 * converted at the call (and back after it when the function writes the
 * parameter); the report says so at `off`. */
typedef struct ConvNote {
  size_t off;
  const char *text;
} ConvNote;
typedef struct FuncSig {
  const char *name;
  TSNode def;                 /* the function_definition */
  int nparams;
  int st[SC_MAX_PARAMS];      /* per position: index of its Stored, or -1 */
  unsigned full;               /* the positions that are tensors */
  int dense_used;              /* F itself is called with dense arrays (or
                                  named otherwise): a static F is kept */
  unsigned masks[SC_MAX_PARAMS]; /* partial wrapper masks the calls need */
  unsigned cmasks[SC_MAX_PARAMS];/* with each: the positions given tensors
                                    of another encoding (converted) */
  int nmasks;
  ARRAY(ConvNote) conv;          /* calls that convert an argument */
} FuncSig;

/* decl.c ---------------------------------------------------------------- */

/* 0: the declaration can be replaced (*out filled, out->ba.handle set);
 * 1: it cannot, *why says why (the caller warns and keeps it dense). */
int storage_plan(SparsifyCtx *ctx, const Attachment *g, const BoundArray *ba,
                 Stored *out, const char **why);

/* The text that replaces the declaration g->target (from the pragma's line
 * start): other declarators keep their text, each replaced array in `st`
 * (those of this declaration, not dropped) becomes its handle. */
const char *storage_decl_text(SparsifyCtx *ctx, const Stored *st, int nst,
                              const Attachment *g);

/* `sc__tnew(...)`: a new empty tensor of st's encoding and sizes. must:
 * failure is fatal (sc_fail), else NULL on allocation failure. */
const char *storage_new_expr(SparsifyCtx *ctx, const Stored *st, int must);

/* `sc__tdense(...)`: a new tensor of st's encoding assembled from the
 * dense block `dense` (an expression). */
const char *storage_from_dense_expr(SparsifyCtx *ctx, const Stored *st,
                                    const char *dense, const char *where);

/* The helper functions that `texts` (the edits made) call, for the top of
 * the file (only those: an unused static function warns). */
const char *storage_prelude(Arena *a, const char *const *texts, size_t n);

/* The identifier a declarator declares (through pointers, arrays, parens),
 * or a null node. */
TSNode storage_declared_name(TSNode d);
/* The macro declaring `name` in a declaration whose declarator is a macro
 * call (`DATA_TYPE POLYBENCH_2D(A, M, N, m, n)`), or NULL. */
const char *storage_macro_declarator(SparsifyCtx *ctx, TSNode decl, const char *name);

/* The dense C type of an expression that applies `k` subscripts or
 * dereferences to the array (k = 0: the array itself), for sizeof. */
const char *storage_dense_type(SparsifyCtx *ctx, const Stored *st, int k);
/* The same from the array's declaration (el: the element type when the
 * declaration does not spell it). */
const char *storage_decl_dense_type(Arena *a, const CtDecl *d, const char *el, int k);

/* params.c -------------------------------------------------------------- */

/* Plans the bound parameters of function group g: appends their Stored to
 * *st and the function to *fs. 1 with *why when the function cannot take
 * tensors (its parameters stay dense, as before). */
typedef ARRAY(Stored) StoredArray;
typedef ARRAY(FuncSig) FuncSigArray;
int params_plan(SparsifyCtx *ctx, const Attachment *g, const BoundArray *bound,
                int nbound, StoredArray *st, FuncSigArray *fs, const char **why);

/* The callee for mask (positions given dense arrays): sc__F_s for 0, F
 * for every tensor position, else sc__F_dMASK. */
const char *params_wrapper_name(SparsifyCtx *ctx, const FuncSig *f, unsigned mask,
                                unsigned cmask);

/* Whether two arrays' tensors are interchangeable (same encoding, element
 * type and rank); params_convertible: a conversion makes them so (same
 * element type and rank). */
int params_convertible(const Stored *a, const Stored *b);

/* `&(const sc_encoding){...}`: st's encoding as a C expression. */
const char *storage_encoding_expr(SparsifyCtx *ctx, const Stored *st);

/* The edits of a converted function (params whose Stored is not dropped):
 * its parameter list, its prototypes in the file, the wrappers after it.
 * Calls `add(start, end, text)`; returns the new prototype for the report. */
const char *params_edits(SparsifyCtx *ctx, const FuncSig *f, const Stored *st,
                         void (*add)(void *, size_t, size_t, const char *),
                         void *arg);

/* Whether two bindings denote the same encoding. */
int params_same_encoding(const Stored *a, const Stored *b);

/* The calls of f, inside a loop of their function, that pass an array not
 * stored sparse where f takes a tensor (an identifier; `matvec(A, p, q)`
 * in an iteration loop): f's dense entry assembles it at each call. Calls
 * note(arg, call, the argument, the outermost loop around the call,
 * whether the argument's declaration has a pragma that kept it dense). */
void params_loop_calls(SparsifyCtx *ctx, CTypes *ct, const FuncSig *f, const Stored *st,
                       size_t nst, void (*note)(void *, TSNode, TSNode, TSNode, int),
                       void *arg);

/* uses.c ---------------------------------------------------------------- */

typedef struct Uses Uses;

/* Collects the uses of every non-dropped st[i]. An escaping use is an error
 * (reported, returns -1); an unsupported use drops that array (warning with
 * the reason, st[i].dropped = 1). Returns 0 otherwise. `groups` are the
 * file's pragma groups: a nest under a loop pragma whose arrays it reads is
 * that pragma's kernel, not a nest that assigns every element. */
int uses_collect(SparsifyCtx *ctx, CTypes *ct, Stored *st, int nst,
                 FuncSig *fs, int nfs, const Attachment *groups,
                 size_t ngroups, Uses **out);

/* The outermost rewritten regions, in file order, for the caller to turn
 * into edits: [start, end) and whether it is a whole loop nest (a nest
 * that assigns every element; kernels must not claim it). */
size_t uses_count(const Uses *u);
void uses_region(const Uses *u, size_t i, size_t *start, size_t *end,
                 int *is_nest);
/* For a region that is a row alias (`T *row = A[i];` in a loop) outside
 * every kernel: reports the error (why, the nest's refusal, and what to
 * write instead) and returns 1; 0 for any other region. */
int uses_alias_error(Uses *u, size_t i, const char *why);
/* For a region that is a nest assigning every element: the array's name,
 * and whether the value is a literal zero (the nest only clears). */
void uses_nest_info(const Uses *u, size_t i, const char **name, int *zero);
/* The replacement text of region i (uses nested in it rewritten too). */
const char *uses_text(Uses *u, size_t i);
/* Rewrites [start, end) of the file with every use inside (used for a loop
 * nest left as it is). */
const char *uses_subst(Uses *u, size_t start, size_t end);

#endif
