/* options.c — the command line of SPEC section 2: parsing argv into an
 * Options, the usage text, and the helpful messages for bad usage. Nothing
 * here reads the input or prints anything but errors to the given stream. */
#include "options.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "pragma.h"

/* SC_VL_MAX as text, for the messages */
#define VL_MAX_TEXT_(n) #n
#define VL_MAX_TEXT(n) VL_MAX_TEXT_(n)

/* Every option spelling, for "did you mean" (values after '=' stripped). */
static const char *const known_options[] = {
    "-o",        "-p",        "-I",       "-D",         "-U",
    "-std",      "-include",  "-isystem", "-iquote",    "-idirafter",
    "-imacros",  "-nostdinc", "-undef",   "-ansi",      "-MD",
    "-MMD",      "-MP",       "-MF",      "-MT",        "-MQ",
    "--vl",      "--simd",    "--index32", "--report",  "--dump",
    "--check",   "--no-line", "-Werror",  "-w",         "--cflags",
    "--libs",    "--version", "--help",
};

static const char *const simd_names[] = {"auto", "none", "generic",
                                         "avx2", "avx512", "sve"};
static const char *const dump_names[] = {"pragmas", "ir", "lattice",
                                         "formats"};
/* The C standards -std= may name (as GCC and Clang spell them). */
static const char *const c_standards[] = {
    "c89",     "c90",     "c99",     "c9x",     "c11",     "c1x",
    "c17",     "c18",     "c2x",     "c23",     "c2y",     "gnu89",
    "gnu90",   "gnu99",   "gnu9x",   "gnu11",   "gnu1x",   "gnu17",
    "gnu18",   "gnu2x",   "gnu23",   "gnu2y",   "ansi",
    "iso9899:1990", "iso9899:199409", "iso9899:1999", "iso9899:199x",
    "iso9899:2011", "iso9899:2017", "iso9899:2018", "iso9899:2024"};

void options_usage(FILE *out) {
  fputs(
      "Usage: sparsecc [options] INPUT.c [-o OUTPUT.c] [-- compiler-flags...]\n"
      "\n"
      "Rewrites the loops of INPUT.c annotated with `#pragma sparse` into\n"
      "sparse co-iteration C that calls libsparsecc_rt. INPUT may be '-' for\n"
      "standard input. A file without `#pragma sparse` is copied unchanged.\n"
      "\n"
      "Output:\n"
      "  -o FILE            write the result to FILE ('-' or none: stdout);\n"
      "                     FILE is replaced atomically and left untouched on\n"
      "                     error; naming the input file is refused\n"
      "  --no-line          omit #line directives in rewritten regions\n"
      "  --check            re-parse the output with libclang; fail (exit 1)\n"
      "                     if it is not valid C\n"
      "\n"
      "C parser flags (forwarded to libclang, like a compiler):\n"
      "  -I DIR, -IDIR      add an include directory (also -isystem, -iquote,\n"
      "                     -idirafter DIR)\n"
      "  -D NAME[=VALUE]    define a macro\n"
      "  -U NAME            undefine a macro\n"
      "  -std=STD           language standard (e.g. -std=c99)\n"
      "  -include FILE      include FILE before the input (also -imacros FILE;\n"
      "                     -nostdinc, -undef and -ansi are forwarded too)\n"
      "  -MD, -MMD, -MP, -MF FILE, -MT/-MQ TARGET\n"
      "                     accepted and ignored (dependency files are the\n"
      "                     compiler's, when it compiles the output)\n"
      "  -p DIR             read the flags of INPUT from DIR/compile_commands.json\n"
      "                     (DIR may also name that file)\n"
      "  -- FLAGS...        forward every later argument verbatim\n"
      "\n"
      "Code generation:\n"
      "  --vl=N             vector length, from 1 to "
      VL_MAX_TEXT(SC_VL_MAX) "\n"
      "  --simd=BACKEND     none, generic, avx2, avx512, sve, or auto (follows\n"
      "                     -march/-mavx2/-mavx512f, else the host); without\n"
      "                     --simd, --vl, --index32 or a vectorize pragma the\n"
      "                     output is scalar\n"
      "  --index32          use 32-bit gather indices in vector loops\n"
      "\n"
      "Diagnostics and debugging:\n"
      "  --report[=FILE]    explain what was (and was not) sparsified, per\n"
      "                     kernel, to FILE ('-': stdout; default: stderr);\n"
      "                     FILE is written as -o FILE is\n"
      "  --dump=WHAT        print a debugging view to stdout: pragmas, ir,\n"
      "                     lattice, formats (repeatable, or a comma list);\n"
      "                     without -o, the rewritten code is not printed\n"
      "  -Werror            treat warnings as errors\n"
      "  -w                 suppress warnings\n"
      "\n"
      "Information:\n"
      "  --cflags           print the flags that compiling the output needs\n"
      "  --libs             print the flags that linking the output needs\n"
      "  --version          print the version\n"
      "  --help             print this help\n"
      "\n"
      "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE (or warning:,\n"
      "note:), followed by the source line and a caret under the place; a\n"
      "misspelt name gets \"did you mean\" and the fix under the caret. Messages\n"
      "with no place in a file start with 'sparsecc: error:'.\n"
      "\n"
      "Exit status: 0 success (warnings allowed), 1 errors in the input,\n"
      "2 usage or I/O errors; on an error the output file is not written.\n"
      "\n"
      "Example:\n"
      "  sparsecc spmv.c -o spmv_sparse.c\n"
      "  cc $(sparsecc --cflags) spmv_sparse.c -o spmv $(sparsecc --libs)\n",
      out);
}

static int usage_error(FILE *err, const char *fmt, const char *a,
                       const char *b) {
  fputs("sparsecc: error: ", err);
  fprintf(err, fmt, a, b);
  fputs("\nTry 'sparsecc --help' for more information.\n", err);
  return -1;
}

static int push_arg(Options *o, const char *arg) {
  const char **n = realloc(o->clang_args, (size_t)(o->nclang_args + 1) *
                                              sizeof *o->clang_args);
  if (!n) return -1;
  o->clang_args = n;
  o->clang_args[o->nclang_args++] = arg;
  return 0;
}

/* The value of an option taking one: attached (`-IDIR`, `--vl=8`) or the
 * next argument (`-I DIR`). NULL when missing. */
static const char *take_value(const char *arg, size_t optlen, int argc,
                              char **argv, int *i) {
  if (arg[optlen]) return arg + optlen;
  if (*i + 1 < argc) return argv[++*i];
  return NULL;
}

/* --vl=N takes what a vectorize pragma's vl takes (pragmas/pragma_parse.c),
 * with its wording: an integer from 1 to SC_VL_MAX; one a backend cannot
 * use as it is is lowered or raised by the vectorizer, which reports it. */
static int parse_vl(Options *o, const char *v, FILE *err) {
  char *end;
  long n = strtol(v, &end, 10);
  if (!*v || *end)
    return usage_error(err,
                       "vector length must be between 1 and " VL_MAX_TEXT(
                           SC_VL_MAX) ", not '%s' (in '--vl=%s')",
                       v, v);
  if (n < 1 || n > SC_VL_MAX)
    return usage_error(err,
                       "vector length must be between 1 and " VL_MAX_TEXT(
                           SC_VL_MAX) ", not %s (in '--vl=%s')",
                       v, v);
  o->vl = (int)n;
  return 0;
}

static int parse_simd(Options *o, const char *v, FILE *err) {
  for (size_t k = 0; k < sizeof simd_names / sizeof *simd_names; k++)
    if (strcmp(v, simd_names[k]) == 0) {
      o->simd = (SimdBackend)k; /* enum order follows simd_names */
      o->simd_given = 1;
      return 0;
    }
  const char *near =
      diag_did_you_mean(v, simd_names, sizeof simd_names / sizeof *simd_names);
  if (near)
    return usage_error(err, "unknown SIMD backend '%s'; did you mean '%s'?", v,
                       near);
  return usage_error(err,
                     "unknown SIMD backend '%s'%s; expected auto, none, "
                     "generic, avx2, avx512 or sve",
                     v, "");
}

static int parse_dump(Options *o, const char *v, FILE *err) {
  const char *p = v;
  if (!*p)
    return usage_error(err, "'--dump=' needs a value%s%s: pragmas, ir, "
                            "lattice or formats", "", "");
  while (*p) {
    size_t n = strcspn(p, ",");
    char word[32];
    if (n == 0 || n >= sizeof word) {
      char shown[40];
      snprintf(shown, sizeof shown, "%.*s", (int)(n < 32 ? n : 32), p);
      return usage_error(err, "unknown dump '%s'%s; expected pragmas, ir, "
                              "lattice or formats", shown, "");
    }
    memcpy(word, p, n);
    word[n] = '\0';
    size_t k = 0, nk = sizeof dump_names / sizeof *dump_names;
    while (k < nk && strcmp(word, dump_names[k]) != 0) k++;
    if (k == nk) {
      const char *near = diag_did_you_mean(word, dump_names, nk);
      if (near)
        return usage_error(err, "unknown dump '%s'; did you mean '%s'?", word,
                           near);
      return usage_error(err, "unknown dump '%s'%s; expected pragmas, ir, "
                              "lattice or formats", word, "");
    }
    o->dump |= 1u << k; /* DUMP_* bits follow dump_names */
    p += n;
    if (*p == ',') p++;
  }
  return 0;
}

/* -std= names a C standard: sparsecc rewrites C, and libclang refuses
 * a standard it does not know without saying why. */
static int parse_std(const char *v, FILE *err) {
  size_t n = sizeof c_standards / sizeof *c_standards;
  for (size_t k = 0; k < n; k++)
    if (strcmp(v, c_standards[k]) == 0) return 0;
  const char *near = diag_did_you_mean(v, c_standards, n);
  if (near)
    return usage_error(err, "'-std=%s' is not a C standard; did you mean "
                            "'-std=%s'?", v, near);
  return usage_error(err, "'-std=%s' is not a C standard%s (e.g. -std=c99, "
                          "-std=gnu11, -std=c17)", v, "");
}

static int unknown_option(const char *arg, FILE *err) {
  char name[64];
  size_t n = strcspn(arg, "=");
  snprintf(name, sizeof name, "%.*s", (int)(n < 63 ? n : 63), arg);
  /* a one-letter option is one edit from every other one: no guess
   * ('-v' is no typo of '-o') */
  const char *near = strlen(name) <= 2 ? NULL
                     : diag_did_you_mean(name, known_options,
                                         sizeof known_options / sizeof *known_options);
  /* -M, -MM: a dependency list instead of the output, a compiler's job */
  if (strcmp(arg, "-M") == 0 || strcmp(arg, "-MM") == 0)
    return usage_error(err, "'%s' lists dependencies instead of writing "
                            "output: run the compiler with %s on the "
                            "rewritten file (-MD, -MMD, -MP, -MF are "
                            "accepted and ignored)",
                       arg, arg);
  /* a compiler's flag (from $(CFLAGS), say): say where it belongs */
  static const char *const cc_prefixes[] = {"-O", "-W", "-f", "-m", "-g",
                                            "-pedantic", "-pthread", "-c",
                                            "-E", "-x", "-l", "-L"};
  for (size_t k = 0; k < sizeof cc_prefixes / sizeof *cc_prefixes; k++)
    if (strncmp(arg, cc_prefixes[k], strlen(cc_prefixes[k])) == 0 &&
        strncmp(arg, "--", 2) != 0)
      return usage_error(err, "unknown option '%s'; flags for the C parser "
                              "that sparsecc does not take itself go after "
                              "'--' (sparsecc IN.c -o OUT.c -- %s)",
                         arg, arg);
  if (near && arg[n] == '=') { /* --repot=r.txt: the value kept */
    char with_value[512];
    snprintf(with_value, sizeof with_value, "%s%s", near, arg + n);
    return usage_error(err, "unknown option '%s'; did you mean '%s'?", arg,
                       with_value);
  }
  if (near)
    return usage_error(err, "unknown option '%s'; did you mean '%s'?", arg,
                       near);
  return usage_error(err, "unknown option '%s'%s", arg, "");
}

/* Options forwarded to the C parser with a value: -I -D -U -include ... */
static const struct {
  const char *name;
  int attached; /* value may be glued on: -IDIR */
} forwarded[] = {
    {"-I", 1},       {"-D", 1},       {"-U", 1},         {"-include", 0},
    {"-isystem", 1}, {"-iquote", 1},  {"-idirafter", 1}, {"-imacros", 0},
};

/* Preprocessor flags without a value, forwarded too (as $(CPPFLAGS) may
 * hold them). */
static const char *const forwarded_bare[] = {"-nostdinc", "-undef", "-ansi"};

/* A compiler's dependency-file flags ($(CPPFLAGS) += -MMD -MP): they ask
 * for a .d file beside the object, which the compile of the output writes;
 * sparsecc accepts and ignores them, as -p drops them from a database. */
static const char *const ignored_bare[] = {"-MD", "-MMD", "-MP"};
static const char *const ignored_valued[] = {"-MF", "-MT", "-MQ"};

static int in_list(const char *arg, const char *const *list, size_t n) {
  for (size_t k = 0; k < n; k++)
    if (strcmp(arg, list[k]) == 0) return 1;
  return 0;
}

/* Returns 1 when arg is a dependency-file flag (consumed with its value),
 * 0 when not, -1 when its value is missing. */
static int skip_dependency_flag(const char *arg, int argc, int *i, FILE *err) {
  if (in_list(arg, ignored_bare, sizeof ignored_bare / sizeof *ignored_bare))
    return 1;
  for (size_t k = 0; k < sizeof ignored_valued / sizeof *ignored_valued; k++) {
    if (strncmp(arg, ignored_valued[k], 3) != 0) continue;
    if (arg[3]) return 1; /* -MFfile */
    if (*i + 1 >= argc)
      return usage_error(err, "missing argument to '%s'%s", arg, "");
    ++*i;
    return 1;
  }
  return 0;
}

/* Returns 1 when arg was a forwarded option (consumed), 0 when not, -1 on
 * error. */
static int parse_forwarded(Options *o, const char *arg, int argc, char **argv,
                           int *i, FILE *err) {
  for (size_t k = 0; k < sizeof forwarded / sizeof *forwarded; k++) {
    const char *name = forwarded[k].name;
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0) continue;
    if (arg[len] && !forwarded[k].attached) continue;
    if (arg[len]) return push_arg(o, arg) ? -1 : 1;
    if (*i + 1 >= argc)
      return usage_error(err, "missing argument to '%s'%s", name, "");
    if (push_arg(o, name) || push_arg(o, argv[++*i])) return -1;
    return 1;
  }
  return 0;
}

/* path with its directory resolved (the file itself may not exist yet);
 * 0 when the directory does not resolve either. */
static int canonical(const char *path, char *out, size_t n) {
  char dir[PATH_MAX], real[PATH_MAX];
  const char *slash = strrchr(path, '/');
  const char *base = slash ? slash + 1 : path;
  if (slash)
    snprintf(dir, sizeof dir, "%.*s", (int)(slash - path + (slash == path)),
             path);
  else
    snprintf(dir, sizeof dir, ".");
  if (!realpath(dir, real)) return 0;
  return snprintf(out, n, "%s/%s", real, base) < (int)n;
}

static int same_file(const char *a, const char *b) {
  if (strcmp(a, b) == 0) return 1;
  struct stat sa, sb;
  int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
  if (ea && eb) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (ea || eb) return 0;
  /* neither exists yet: the same name once their directories resolve */
  char ca[PATH_MAX], cb[PATH_MAX];
  return canonical(a, ca, sizeof ca) && canonical(b, cb, sizeof cb) &&
         strcmp(ca, cb) == 0;
}

int options_parse(Options *o, int argc, char **argv, FILE *err) {
  memset(o, 0, sizeof *o);
  o->simd = SIMD_AUTO;
  int after_dashes = 0, rc;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v;
    if (after_dashes) {
      if (push_arg(o, a)) goto oom;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      after_dashes = 1;
    } else if (a[0] != '-' || strcmp(a, "-") == 0) {
      if (o->input)
        return usage_error(err, "two input files: '%s' and '%s' (sparsecc "
                                "rewrites one file at a time)",
                           o->input, a);
      o->input = a;
    } else if (strncmp(a, "-o", 2) == 0) {
      if (!(v = take_value(a, 2, argc, argv, &i)))
        return usage_error(err, "missing file name after '%s'%s", "-o", "");
      if (o->output)
        return usage_error(err, "two output files: '%s' and '%s'", o->output,
                           v);
      o->output = v;
    } else if (strcmp(a, "-p") == 0 || strncmp(a, "-p=", 3) == 0) {
      if (!(v = take_value(a, a[2] ? 3 : 2, argc, argv, &i)))
        return usage_error(err, "missing directory after '%s'%s", "-p", "");
      o->compdb_dir = v;
    } else if ((rc = parse_forwarded(o, a, argc, argv, &i, err)) != 0) {
      if (rc < 0) return -1;
    } else if (in_list(a, forwarded_bare,
                       sizeof forwarded_bare / sizeof *forwarded_bare)) {
      if (push_arg(o, a)) goto oom;
    } else if ((rc = skip_dependency_flag(a, argc, &i, err)) != 0) {
      if (rc < 0) return -1;
    } else if (strncmp(a, "-std=", 5) == 0) {
      if (!a[5])
        return usage_error(err, "missing value in '%s'%s (e.g. -std=c99)", a,
                           "");
      if (parse_std(a + 5, err)) return -1;
      if (push_arg(o, a)) goto oom;
    } else if (strncmp(a, "--vl=", 5) == 0) {
      if (parse_vl(o, a + 5, err)) return -1;
    } else if (strcmp(a, "-std") == 0) { /* -std c99, as -I takes DIR */
      if (i + 1 < argc &&
          in_list(argv[i + 1], c_standards,
                  sizeof c_standards / sizeof *c_standards))
        return usage_error(err, "'-std' takes its value after '=': did you "
                                "mean '-std=%s'?%s", argv[i + 1], "");
      return usage_error(err, "missing value in '%s='%s (e.g. -std=c99)", a,
                         "");
    } else if (strcmp(a, "--vl") == 0 || strcmp(a, "--simd") == 0 ||
               strcmp(a, "--dump") == 0) {
      return usage_error(err, "option '%s' needs a value: '%s=...'", a, a);
    } else if (strncmp(a, "--simd=", 7) == 0) {
      if (parse_simd(o, a + 7, err)) return -1;
    } else if (strcmp(a, "--index32") == 0) {
      o->index32 = 1;
    } else if (strcmp(a, "--report") == 0) {
      o->report = 1;
      o->report_file = NULL;
    } else if (strncmp(a, "--report=", 9) == 0) {
      if (!a[9])
        return usage_error(err, "missing file name in '%s'%s (use --report "
                                "alone for stderr)",
                           a, "");
      o->report = 1;
      o->report_file = a + 9;
    } else if (strncmp(a, "--dump=", 7) == 0) {
      if (parse_dump(o, a + 7, err)) return -1;
    } else if (strcmp(a, "--check") == 0) {
      o->check = 1;
    } else if (strcmp(a, "--no-line") == 0) {
      o->no_line = 1;
    } else if (strcmp(a, "-Werror") == 0) {
      o->werror = 1;
    } else if (strcmp(a, "-w") == 0) {
      o->no_warnings = 1;
    } else if (strcmp(a, "--cflags") == 0) {
      o->print_cflags = 1;
    } else if (strcmp(a, "--libs") == 0) {
      o->print_libs = 1;
    } else if (strcmp(a, "--version") == 0) {
      o->version = 1;
    } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      o->help = 1;
    } else {
      return unknown_option(a, err);
    }
  }
  if (o->help || o->version || o->print_cflags || o->print_libs) return 0;
  if (!o->input)
    return usage_error(err, "no input file%s%s", "", "");
  if (o->output && strcmp(o->output, "-") != 0 &&
      strcmp(o->input, "-") != 0 && same_file(o->input, o->output))
    return usage_error(err, "refusing to overwrite the input file '%s' "
                            "(-o '%s' names it)",
                       o->input, o->output);
  if (o->report_file && strcmp(o->report_file, "-") != 0) {
    if (strcmp(o->input, "-") != 0 && same_file(o->input, o->report_file))
      return usage_error(err, "refusing to overwrite the input file '%s' "
                              "(--report=%s names it)",
                         o->input, o->report_file);
    /* (a device both go to, -o /dev/null --report=/dev/null, is written
     * in place by each: no clash) */
    struct stat st;
    if (o->output && strcmp(o->output, "-") != 0 &&
        same_file(o->output, o->report_file) &&
        !(stat(o->output, &st) == 0 && S_ISCHR(st.st_mode)))
      return usage_error(err, "-o '%s' and --report=%s name the same file",
                         o->output, o->report_file);
  }
  return 0;
oom:
  fputs("sparsecc: error: out of memory\n", err);
  return -1;
}

void options_free(Options *o) {
  free(o->clang_args);
  o->clang_args = NULL;
  o->nclang_args = 0;
}
