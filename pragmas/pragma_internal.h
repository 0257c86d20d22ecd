/* pragma_internal.h — what the files of the pragma module share and nothing
 * outside it uses: tokens and the lexer (pragma_lex.c), affine expression
 * trees (pragma_affine.c), the syntax of one encoding before validation
 * (pragma_parse.c builds it, pragma_check.c resolves it), and the built-in
 * format table (pragma_formats.c, from formats.def). */
#ifndef SC_PRAGMA_INTERNAL_H
#define SC_PRAGMA_INTERNAL_H

#include <stdint.h>

#include "../src/base/strbuf.h"
#include "pragma.h"

/* Deepest nesting of parentheses / unary minus in an expression, and of
 * brackets in a shape's C expression: deeper input is an error, never a
 * stack overflow. */
#define PRAGMA_MAX_DEPTH 256

/* ---- pragma_lex.c ---------------------------------------------------- */

typedef enum PTokKind {
  PT_EOF,     /* end of the pragma text */
  PT_IDENT,   /* identifiers and keywords (floordiv, mod, dense, ...) */
  PT_INT,     /* decimal integer literal */
  PT_PUNCT,   /* ( ) [ ] { } , : = * + - ? < > # . */
  PT_ARROW,   /* -> */
  PT_INVALID  /* a byte or literal the lexer rejects; msg says why */
} PTokKind;

typedef struct PTok {
  PTokKind kind;
  size_t start, end; /* absolute file offsets */
  char ch;           /* PT_PUNCT: the character */
  int64_t val;       /* PT_INT: the value */
  const char *msg;   /* PT_INVALID: what is wrong */
} PTok;

/* The lexer is stateless: a token is a function of the position where
 * scanning starts, so peeking is lexing from the current token's end. */
typedef struct PLexer {
  const char *text; /* the whole file */
  size_t end;       /* end offset of the pragma */
} PLexer;

/* The first token at or after offset pos (skipping whitespace,
 * backslash-newlines and comments). */
PTok plex_at(const PLexer *L, size_t pos);
/* The start of a `//` comment among the blanks at pos that runs over a
 * backslash-newline (and so, as in C, to the end of the pragma), or
 * (size_t)-1. */
size_t plex_spliced_comment(const PLexer *L, size_t pos);
/* Whether the token is the punctuator c / the identifier s. */
int ptok_is(PTok t, char c);
int ptok_ident(const PLexer *L, PTok t, const char *s);
/* Scans raw C text from pos up to the `close` bracket that balances it
 * (nested brackets, string and character literals and comments skipped).
 * Returns 0 with *end at the closing byte, or -1 with *err_at and *msg;
 * *msg NULL means the bracket at *err_at (pos - 1 for the caller's own)
 * is unbalanced. */
int plex_balanced(const PLexer *L, size_t pos, char close, size_t *end,
                  size_t *err_at, const char **msg);

/* ---- pragma_affine.c ------------------------------------------------- */

typedef enum AKind {
  AX_INT,  /* integer constant (also a substituted format parameter) */
  AX_VAR,  /* dimension, level or symbol variable */
  AX_NEG,  /* -kid */
  AX_SUM,  /* kids joined by + and - */
  AX_PROD  /* kids joined by *, floordiv and mod, left to right */
} AKind;

typedef enum AOp { AOP_ADD, AOP_SUB, AOP_MUL, AOP_FLOORDIV, AOP_MOD } AOp;

typedef struct AExpr AExpr;
struct AExpr {
  AKind kind;
  Span span;
  int64_t val;   /* AX_INT */
  char *name;    /* AX_VAR */
  AExpr *kid;    /* AX_NEG */
  int n;         /* AX_SUM, AX_PROD: number of operands (>= 2) */
  AExpr **kids;
  AOp *ops;      /* ops[i] joins kids[i-1] and kids[i]; ops[0] unused */
};

/* Normalised surface text ("i floordiv 2", "ib * 2 + ii"). */
void affine_text(StrBuf *b, const AExpr *e);
char *affine_text_arena(Arena *a, const AExpr *e);

/* The variables an expression may use, by role. */
typedef struct AffineEnv {
  int ndims;
  char **dims;
  int nsyms;
  char **syms;
} AffineEnv;

/* Resolves a level expression over the dimensions into *out (AFFINE,
 * FLOORDIV, MOD or COUNT). Reports and returns -1 when it is not one of
 * those shapes. */
int affine_resolve_level(const AExpr *e, const AffineEnv *env,
                         const SourceFile *f, Diags *diags,
                         sc_level_expr *out);
/* Checks an inverse (dimension) expression: affine over the level
 * variables and symbols given as env->dims / env->syms. */
int affine_check_inverse(const AExpr *e, const AffineEnv *env,
                         const SourceFile *f, Diags *diags);

/* ---- the syntax of one encoding (pragma_parse.c) --------------------- */

typedef struct RawDim {
  char *name;
  Span name_span;
  AExpr *inverse;     /* `= ...` or NULL */
  int has_slice;
  int64_t slice[3];   /* offset, size, stride; -1 = '?' */
  Span slice_spans[3];
  Span span;
} RawDim;

typedef struct RawLevel {
  char *var;          /* `ib =` or NULL */
  Span var_span;
  AExpr *expr;
  char *fmt;          /* level format name as written */
  Span fmt_span;
  int has_nm;         /* n_out_of_m[n, m] */
  int64_t n, m;
  Span nm_span;
  int nprops;
  char **props;
  Span *prop_spans;
  Span span;          /* `expr : type` */
} RawLevel;

typedef struct RawField {
  char *name;
  Span name_span;
  int64_t val;
  Span val_span;
} RawField;

typedef struct RawEncoding {
  Span span;
  /* named format: NAME [ '(' INT { ',' INT } ')' ] */
  char *named;
  Span named_span;
  int has_params;
  int nparams;
  int64_t *params;
  Span *param_spans;
  Span params_span;   /* NAME through ')' */
  /* map */
  int nsyms;
  char **syms;
  Span *sym_spans;
  int has_lvl_vars;
  int nlvl_vars;
  char **lvl_vars;
  Span *lvl_var_spans;
  Span lvl_vars_span;
  int ndims;
  RawDim *dims;
  Span dims_span;     /* '(' through ')' */
  int nlevels;
  RawLevel *levels;
  Span levels_span;
  /* fields */
  int nfields;
  RawField *fields;
} RawEncoding;

/* Parses `text` (no file of its own: a built-in format's map) as an
 * encoding, with identifiers in param_names replaced by param_vals.
 * Errors go to diags against the pseudo-file `bf`, which the caller sets
 * up over text. */
int pragma_parse_encoding_text(Arena *arena, const SourceFile *bf,
                               int nparams, const char *const *param_names,
                               const int64_t *param_vals, Diags *diags,
                               RawEncoding *out);

/* ---- pragma_check.c -------------------------------------------------- */

typedef struct PCheck {
  Arena *arena;
  const SourceFile *f;
  Diags *diags;
  const PragmaFormats *formats;
} PCheck;

/* Validates a parsed encoding and resolves it into *out (named formats
 * looked up, expressions resolved, rt filled in). Returns 0 or -1 after
 * reporting. */
int pragma_check_encoding(PCheck *c, const RawEncoding *raw,
                          PragmaEncoding *out);

/* Reports "unknown <what> '<word>'" with a did-you-mean fix-it when a
 * candidate is a plausible typo. */
void pragma_unknown_name(Diags *diags, const SourceFile *f, Span s,
                         const char *what, const char *word,
                         const char *const *cands, size_t n);

/* ---- pragma_formats.c ------------------------------------------------ */

typedef struct BuiltinFormat {
  const char *name;
  int nparams;
  const char *param_names; /* "r, c" */
  const char *text;        /* encoding text, shorthand form */
} BuiltinFormat;

extern const BuiltinFormat pragma_builtin_formats[];
extern const int pragma_nbuiltin_formats;

const BuiltinFormat *pragma_find_builtin(const char *name);
/* Index of a user format, or -1. */
int pragma_find_user(const PragmaFormats *fs, const char *name);
/* Builds the encoding of a built-in format with parameter values (count
 * already checked, values positive). Returns 0, or -1 on an internal
 * error. */
int pragma_builtin_encoding(Arena *arena, const BuiltinFormat *bf,
                            const int64_t *params, PragmaEncoding *out);

#endif
