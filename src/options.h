/* options.h — the parsed command line of SPEC §2. Parsing lives in
 * options.c; every later pass reads this struct and never argv. */
#ifndef SC_OPTIONS_H
#define SC_OPTIONS_H

typedef enum SimdBackend {
  SIMD_AUTO,
  SIMD_NONE,
  SIMD_GENERIC,
  SIMD_AVX2,
  SIMD_AVX512,
  SIMD_SVE
} SimdBackend;

enum { /* bits of Options.dump */
  DUMP_PRAGMAS = 1,
  DUMP_IR = 2,
  DUMP_LATTICE = 4,
  DUMP_FORMATS = 8
};

typedef struct Options {
  const char *input;        /* "-" = stdin */
  const char *output;       /* NULL or "-" = stdout */
  const char **clang_args;  /* -I -D -U -std= -include, -p flags, after -- */
  int nclang_args;
  const char *compdb_dir;   /* -p DIR */
  int vl;                   /* --vl=N (0: backend default) */
  SimdBackend simd;         /* --simd= */
  int index32;              /* --index32 */
  int report;               /* --report[=FILE] */
  const char *report_file;  /* NULL: stderr */
  unsigned dump;            /* DUMP_* bits; dumps go to stdout */
  int check;                /* --check */
  int no_line;              /* --no-line */
  int werror, no_warnings;  /* -Werror, -w */
  int colour;               /* diagnostics in colour (stderr is a tty) */
} Options;

#endif
