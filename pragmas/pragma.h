/* pragma.h — the pragma language of SPEC §3 as data: what one
 * `#pragma sparse ...` line says, parsed and validated, independent of the
 * C front end. Entry points: pragma_parse (one line), pragma_check_rank
 * (once the bound array's rank is known), pragma_dump_* (stable text). */
#ifndef SC_PRAGMA_H
#define SC_PRAGMA_H

#include <stdio.h>

#include "../runtime/include/sparsecc_rt.h"
#include "../src/base/arena.h"
#include "../src/base/diag.h"
#include "../src/base/source.h"
#include "../src/base/strbuf.h"

/* One affine level (or dimension) expression as written, kept for dumps:
 * `text` is the normalised surface syntax ("i floordiv 2", "c * 3 * i"). */
typedef struct PragmaLevel {
  char *var;            /* level variable name (`ib = ...`) or NULL */
  char *expr_text;      /* normalised expression text */
  sc_level_expr expr;   /* resolved over the dimension variables */
  sc_level_type type;   /* format, props as written (defaults not applied) */
  Span span;            /* the whole `expr : type` in the file */
} PragmaLevel;

typedef struct PragmaDim {
  char *name;           /* dimension variable */
  char *inverse_text;   /* `= ib * 2 + ii`, or NULL */
  int has_slice;
  sc_dim_slice slice;   /* -1 = '?' */
  Span span;
} PragmaDim;

/* A resolved encoding: what a named format, an MLIR-form `{map = ...}` or
 * the shorthand denotes. */
typedef struct PragmaEncoding {
  char *format_name;    /* "CSR", "BSR(2, 2)", user format name, or NULL */
  int nsymbols;
  char **symbols;       /* `[c]` */
  int nlvl_vars;
  char **lvl_vars;      /* `{ib, jb, ii, jj}` as declared, or none */
  int ndims;
  PragmaDim *dims;
  int nlevels;
  PragmaLevel *levels;
  int pos_width, crd_width; /* as written; 0 = native */
  sc_encoding rt;       /* the runtime descriptor (dim_rank, levels, widths) */
  Span span;
} PragmaEncoding;

/* `A[n][m] : CSR` — a name, an optional shape, an encoding. */
typedef struct PragmaBinding {
  char *name;
  Span name_span;
  int nshape;
  char **shape_text;    /* C expressions of the shape, verbatim */
  Span *shape_spans;
  PragmaEncoding enc;
} PragmaBinding;

typedef enum PragmaKind {
  PRAGMA_ENCODING,      /* encoding(binding, ...) */
  PRAGMA_FORMAT,        /* format NAME = encoding */
  PRAGMA_VECTORIZE,     /* vectorize(vl = 8, vla, index32, simd = avx2) */
  PRAGMA_NOVECTORIZE
} PragmaKind;

/* The largest vector length, of `vectorize(vl = N)` and of `--vl=N` alike
 * (vl / lanes vector accumulators per step: 8 on avx512's 8 doubles). */
#define SC_VL_MAX 64

typedef struct PragmaVectorize {
  int vl;               /* 0: not given; else 1 to SC_VL_MAX */
  int vla, index32;
  char *simd;           /* NULL: not given */
} PragmaVectorize;

typedef struct Pragma {
  PragmaKind kind;
  Span span;            /* the whole `#pragma sparse ...` line(s) */
  int nbindings;
  PragmaBinding *bindings;     /* PRAGMA_ENCODING */
  char *format_name;           /* PRAGMA_FORMAT */
  PragmaEncoding format_enc;   /* PRAGMA_FORMAT */
  PragmaVectorize vec;         /* PRAGMA_VECTORIZE */
} Pragma;

/* User-defined formats seen so far in the file (`format NAME = ...`), in
 * order; named formats of the SPEC's table are built in. */
typedef struct PragmaFormats {
  int n;
  char **names;
  PragmaEncoding *encs;
  int cap;                   /* allocated entries of the arrays */
  Span *name_spans;          /* where each name was defined ... */
  const SourceFile **files;  /* ... in which file (for notes) */
  /* optional: every format the file defines, later ones included, for the
   * note at a use before its definition (not looked up otherwise) */
  const struct PragmaFormats *whole_file;
  /* names whose definition failed (already an error there): a use of one
   * is not reported again as an unknown format */
  int nfailed;
  const char **failed;
} PragmaFormats;

/* Parses the directive text of one pragma: the bytes of file `f` in
 * [span.start, span.end) hold `#pragma sparse ...` (backslash-newline
 * continuations allowed). Diagnostics point at exact file offsets. A
 * PRAGMA_FORMAT is added to `formats`. Returns 0 on success, -1 after
 * reporting errors. All memory comes from `arena`. */
int pragma_parse(Arena *arena, const SourceFile *f, Span span,
                 PragmaFormats *formats, Diags *diags, Pragma *out);

/* Once the bound array's rank is known: errors if the encoding's dimension
 * count differs (at the binding, with the rank in the message). */
int pragma_check_rank(const SourceFile *f, const PragmaBinding *b, int rank,
                      Diags *diags);

/* The name of cands[0..n) a user who wrote `word` likely meant: a case
 * slip (Csr -> CSR), one swap of adjacent letters (CRS -> CSR), else the
 * closest by edit distance when it is a plausible typo
 * (diag_did_you_mean); NULL when none is. For "did you mean" messages
 * about format, level and array names alike. */
const char *pragma_suggest(const char *word, const char *const *cands,
                           size_t n);

/* --dump=pragmas: one block per pragma (kind, bindings, targets, shapes). */
void pragma_dump(FILE *out, const SourceFile *f, const Pragma *p);
/* --dump=formats: per binding each level's expression, type, properties
 * with defaults made visible (unique/ordered/padded explicit) and widths;
 * the encoding printed back in MLIR surface syntax. */
void pragma_dump_formats(FILE *out, const SourceFile *f, const Pragma *p);

/* The MLIR surface text of an encoding (arena string):
 * `{ map = (i, j) -> (i : dense, j : compressed), posWidth = 32 }`. It
 * re-parses (as an encoding) to the same encoding. */
char *pragma_encoding_text(Arena *arena, const PragmaEncoding *e);

/* The encoding a format name denotes — a user format of `formats` (may be
 * NULL) or a built-in one of pragmas/formats.def — with its parameters.
 * Returns 0, or -1 if the name is unknown or the parameters do not fit
 * (count, or not positive). For modules that need a named format without a
 * pragma. */
int pragma_format_lookup(Arena *arena, const PragmaFormats *formats,
                         const char *name, const int64_t *params, int nparams,
                         PragmaEncoding *out);

/* Appends a level type in surface syntax: "compressed(nonunique)",
 * "block2_4", "n_out_of_m[3, 8]". With `defaults`, every property is
 * spelled out with the format's defaults applied:
 * "compressed(nonunique, ordered, unpadded)". */
void pragma_level_type_text(StrBuf *b, const sc_level_type *t, int defaults);

#endif
