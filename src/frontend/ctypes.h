/* ctypes.h — C semantics the tree-sitter tree does not give: which
 * declaration a name refers to at a point of the file (scope-correct, with
 * shadowing), and what its type is (element type through typedefs, how C
 * subscripts it, array extents). Backed by libclang: the file is parsed
 * once, from the bytes in memory, with the user's flags.
 *
 *   CTypes *ct = ct_open(file, tree, args, nargs, arena, &why);
 *   CtDecl d;
 *   if (ct_lookup(ct, "A", offset_of_use, &d)) ... d.rank, d.extent[0] ...
 *   ct_close(ct);
 */
#ifndef SC_FRONTEND_CTYPES_H
#define SC_FRONTEND_CTYPES_H

#include <tree_sitter/api.h>

#include "base/arena.h"
#include "base/source.h"
#include "ir/ispace.h"

typedef struct CTypes CTypes;

typedef enum CtKind {
  CT_SCALAR,  /* arithmetic scalar (int, double, a typedef of one...) */
  CT_ARRAY,   /* an array or a pointer that C subscripts */
  CT_OTHER    /* struct, function, ... */
} CtKind;

/* One declaration of a variable or parameter, as seen from a use. */
typedef struct CtDecl {
  const char *name;
  CtKind kind;
  int is_param, is_global, in_main_file;
  Span decl_span;      /* the whole declaration (for notes); {0,0} outside
                          the main file */
  size_t name_offset;  /* where the name is declared (0 outside the file) */
  size_t canon_offset; /* the object's first declaration in the file (a
                        * global declared `extern`, then defined: both
                        * declarations give the extern's offset) */
  const char *header;   /* a global of the file also declared in an
                          * included file ("sim.h"), which other files may
                          * include too; else NULL */
  const char *type_text; /* the C type as spelled by clang ("double *") */
  /* CT_ARRAY: */
  int rank;            /* C-visible subscripts: `double **A` 2, `A[N][M]` 2 */
  IrLayout layout;
  const char *extent[SC_MAX_RANK]; /* spelled size text ("N"), else the
                                      evaluated constant, else NULL */
  long long cextent[SC_MAX_RANK]; /* the evaluated constant, else -1 */
  /* CT_ARRAY element / CT_SCALAR type: */
  int elem_ok;         /* element type is float, double or an integer
                          type; for an array also _Bool (is_bool) */
  IrElemType elem;
  int is_bool;         /* CT_ARRAY of _Bool: elem is IR_U8, whose values
                          are 0 and 1; every value written is converted
                          to _Bool first, as C converts it */
  const char *elem_ctype; /* unqualified spelling: "double", "real_t" */
  int in_union;        /* ct_member: the member belongs to a union */
  int bit_field;       /* ct_member: the member is a bit-field */
} CtDecl;

/* Flags that let libclang accept the legacy C that GCC accepts with a
 * warning (implicit function declarations and int, int/pointer and
 * function pointer conversions are errors by default in Clang 16 and
 * later): given to every libclang parse, before the user's flags. */
#define CT_LEGACY_FLAGS                                                        \
  "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",        \
      "-Wno-error=int-conversion",                                             \
      "-Wno-error=incompatible-function-pointer-types"
#define CT_NLEGACY_FLAGS 4

/* Parses the file with libclang. On failure returns NULL and sets *why to a
 * one-line reason (arena text), e.g. the first error clang reported. */
CTypes *ct_open(const SourceFile *file, TSTree *tree, const char *const *args,
                int nargs, Arena *arena, const char **why);
void ct_close(CTypes *ct);

/* Whether byte `offset` lies in a preprocessor branch that is not compiled
 * with the user's flags (`#ifdef FOO` without -DFOO, `#if 0`...). */
int ct_inactive(const CTypes *ct, size_t offset);

/* The declaration of `name` visible at byte `offset` of the file. Returns 1
 * and fills *out, or 0 when no variable of that name is in scope. */
int ct_lookup(CTypes *ct, const char *name, size_t offset, CtDecl *out);

/* For "did you mean": the names of the variables and parameters visible at
 * byte `offset` (those of system headers left out), each once; with
 * `arrays`, only those C subscripts (arrays and pointers); with lo < hi,
 * only those declared in bytes [lo, hi) of the file. Returns their count
 * and sets *out to an arena array of them. */
size_t ct_visible_names(CTypes *ct, size_t offset, int arrays, size_t lo,
                        size_t hi, const char ***out);

/* The type of the struct member named at byte `offset` of the file (the
 * field name of `p->f` or `s.f`), as a CtDecl named after the member.
 * Returns 1, or 0 when no member reference is there. */
int ct_member(CTypes *ct, size_t offset, CtDecl *out);

/* The type of the right operand of the compound assignment whose operator
 * starts at byte `op_offset` (`A[i][j] *= 1.5`: double). Returns 1 and sets
 * *out when it is an arithmetic type sparsecc knows (float, double, an
 * integer type), 0 otherwise (also when no compound assignment is there). */
int ct_compound_rhs(CTypes *ct, size_t op_offset, IrElemType *out);

/* An integer expression as libclang sees it after macro expansion, for
 * the loop bounds legacy C writes through MAX/MIN macros, ternaries and
 * small functions (ct_expr). */
typedef enum CtExprKind {
  CTX_INT,   /* value */
  CTX_NAME,  /* name: a variable (an enumerator is a CTX_INT) */
  CTX_BIN,   /* a op b, op: "+", "-", "*", "<", "<=", ">", ">=" */
  CTX_NEG,   /* -a */
  CTX_COND   /* a ? b : c */
} CtExprKind;

typedef struct CtExpr CtExpr;
struct CtExpr {
  CtExprKind kind;
  long long value;
  const char *name;
  const char *op;
  const CtExpr *a, *b, *c;
};

/* The expression spanning bytes [start, end) of the file, inside the
 * statement that starts at byte stmt (a `for`), with macros expanded,
 * parentheses and implicit conversions dropped, and each call of a
 * function defined in the file whose body is one `return e;` over integer
 * parameters replaced by e with the arguments substituted. NULL when no
 * expression spans exactly those bytes, or it holds anything else (a call
 * of another function, a subscript, a cast, a value of an unsigned or
 * floating type). */
const CtExpr *ct_expr(CTypes *ct, size_t stmt, size_t start, size_t end);

/* The names of the functions whose calls the last ct_expr replaced by
 * their bodies, each once, in (*names)[0..n); valid until the next
 * ct_expr. A kernel whose bounds lose those calls keeps the functions
 * used (`(void)f;`): a static function called nowhere else would draw
 * -Wunused-function on the output. */
size_t ct_expr_inlined(const CTypes *ct, const char *const **names);

/* Whether `t` spells a basic C type, or the <stdint.h> one, whose values
 * element type e holds (`long int`, `unsigned long long`, `uint64_t`,
 * `size_t`; words one blank apart). With `squeezed`, t is such a spelling
 * with its blanks removed (`unsignedint`). Typedefs are not followed: the
 * declaration's own type text is the caller's to compare. */
int ct_elem_spelling(IrElemType e, const char *t, int squeezed);

#endif
