/* options.h — the parsed command line of SPEC §2. Parsing lives in
 * options.c; every later pass reads this struct and never argv. */
#ifndef SC_OPTIONS_H
#define SC_OPTIONS_H

#include <stdio.h>

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
  int simd_given;           /* --simd= was on the command line */
  int index32;              /* --index32 */
  int report;               /* --report[=FILE] */
  const char *report_file;  /* NULL: stderr */
  unsigned dump;            /* DUMP_* bits; dumps go to stdout */
  int check;                /* --check */
  int no_line;              /* --no-line */
  int werror, no_warnings;  /* -Werror, -w */
  int colour;               /* diagnostics in colour (stderr is a tty) */
  /* informational modes: print and exit 0 without reading an input */
  int help, version;        /* --help, --version */
  int print_cflags, print_libs; /* --cflags, --libs (both may be given) */
} Options;

/* Parses argv (argv[0] is the program name) into o per SPEC section 2.
 * On bad usage writes "sparsecc: error: ..." lines (with a did-you-mean
 * where one fits) to err and returns -1: the driver exits 2. Returns 0 on
 * success; then either an informational flag is set or o->input is. The
 * strings in o point into argv; o->clang_args is malloc'ed (options_free).
 * Also refuses `-o` naming the input (same path or same file by stat). */
int options_parse(Options *o, int argc, char **argv, FILE *err);
void options_free(Options *o);

/* The --help text. */
void options_usage(FILE *out);

#endif
