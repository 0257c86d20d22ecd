/* main.c — the sparsecc driver. Reads like a compiler's cc1:
 *
 *   options -> read source -> find `#pragma sparse` lines (tree-sitter)
 *   -> parse each pragma -> dumps -> sparsify_file -> splice the edits
 *   -> --check -> write the output and report atomically -> render
 *   diagnostics
 *
 * Nothing is written until everything succeeded: the output and the
 * report file go to temporary files beside them, renamed over their
 * targets at the end (outfile.h). A file with no pragma site is copied
 * through untouched, without tree-sitter or libclang when a raw scan finds
 * no `#pragma sparse` at all.
 * Exit status: 0 success (warnings allowed), 1 errors in the input, 2 usage
 * or I/O errors. */
#include <clang-c/Index.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/arena.h"
#include "base/diag.h"
#include "base/source.h"
#include "base/strbuf.h"
#include "check.h"
#include "emit/splice.h"
#include "frontend/compdb.h"
#include "frontend/cparse.h"
#include "frontend/incpragmas.h"
#include "frontend/macros.h"
#include "frontend/pragma_op.h"
#include "frontend/rtnames.h"
#include "frontend/stdnames.h"
#include "options.h"
#include "outfile.h"
#include "pragma.h"
#include "rtpaths.h"
#include "sc_config.h"
#include "sparsify.h"

enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* The standard headers sparsecc_rt.h includes (frontend/stdnames.h). */
static const char *const rt_std_headers[] = {"stddef.h", "stdint.h",
                                             "stdio.h"};
enum { N_RT_STD_HEADERS = sizeof rt_std_headers / sizeof *rt_std_headers };

/* Everything one run owns; freed by run_free. */
typedef struct Run {
  Options *opts;
  SourceFile src;
  Arena arena;
  Diags diags;
  CParse cp;
  StrBuf out, report, dump;
  PragmaFormats formats;
  const char **args; /* the parser's flags: command line + -p (arena) */
  int nargs;
} Run;

static void run_free(Run *r) {
  cparse_free(&r->cp);
  sb_free(&r->out);
  sb_free(&r->report);
  sb_free(&r->dump);
  diag_free(&r->diags);
  arena_free(&r->arena);
  source_free(&r->src);
}

static int io_error(Run *r, const char *what, const char *path, int err) {
  diag_error(&r->diags, NULL, span_make(0, 0), "%s '%s': %s", what, path,
             strerror(err));
  return EXIT_USAGE;
}

/* ---- output ---------------------------------------------------------- */

static int write_stdout(Run *r, const char *what, const char *p, size_t n) {
  if (fwrite(p, 1, n, stdout) != n || fflush(stdout) != 0)
    return io_error(r, what, "<stdout>", errno ? errno : EIO);
  return EXIT_OK;
}

/* The results of a successful run: the report (--report) and the output
 * text. The files among them (-o FILE, --report=FILE) are staged first
 * and put in place only when every one was staged, so a write error on
 * either leaves both as they were; then what goes to standard output, the
 * report before the code. */
static int write_results(Run *r, const char *text, size_t len) {
  const Options *o = r->opts;
  const char *report = r->report.data ? r->report.data : "";
  int report_file = o->report && o->report_file && strcmp(o->report_file, "-");
  int report_stdout = o->report && o->report_file && !report_file;
  int code = !(o->dump && !o->output); /* --dump without -o: the dumps only */
  int code_file = code && o->output && strcmp(o->output, "-") != 0;
  OutFile rep = {0}, out = {0};
  int err;
  if (report_file && (err = outfile_stage(&rep, o->report_file, report,
                                          r->report.len)) != 0)
    return io_error(r, "cannot write report", o->report_file, err);
  if (code_file && (err = outfile_stage(&out, o->output, text, len)) != 0) {
    outfile_discard(&rep);
    return io_error(r, "cannot write output", o->output, err);
  }
  if (report_file && (err = outfile_commit(&rep)) != 0) {
    outfile_discard(&out);
    return io_error(r, "cannot write report", o->report_file, err);
  }
  if (code_file && (err = outfile_commit(&out)) != 0)
    return io_error(r, "cannot write output", o->output, err);
  if (o->report && !o->report_file) fputs(report, stderr);
  if (report_stdout && write_stdout(r, "cannot write report", report,
                                    r->report.len))
    return EXIT_USAGE;
  if (code && !code_file && write_stdout(r, "cannot write output", text, len))
    return EXIT_USAGE;
  return EXIT_OK;
}

/* ---- the pipeline ---------------------------------------------------- */

/* The parser's flags: the command line's, then compile_commands.json's,
 * then the runtime's include directory. */
static int collect_args(Run *r) {
  const Options *o = r->opts;
  for (int i = 0; i < o->nclang_args; i++) {
    r->args = arena_grow(&r->arena, (void *)r->args, (size_t)r->nargs,
                         (size_t)r->nargs + 1, sizeof *r->args);
    r->args[r->nargs++] = o->clang_args[i];
  }
  if (o->compdb_dir &&
      compdb_flags(o->compdb_dir, o->input, &r->arena, &r->args, &r->nargs,
                   &r->diags) < 0)
    return EXIT_USAGE;
  /* a program that uses the runtime itself includes sparsecc_rt.h: found
   * last, after every directory of the flags */
  RtPaths paths;
  rtpaths_get(&paths);
  r->args = arena_grow(&r->arena, (void *)r->args, (size_t)r->nargs,
                       (size_t)r->nargs + 2, sizeof *r->args);
  r->args[r->nargs++] = "-idirafter";
  r->args[r->nargs++] = arena_strdup(&r->arena, paths.includedir);
  return EXIT_OK;
}

static int check(Run *r, const char *text, size_t len) {
  RtPaths paths;
  rtpaths_get(&paths);
  const char *name = strcmp(r->opts->input, "-") == 0 ? "stdin.c"
                                                      : r->opts->input;
  return check_output(&r->src, name, text, len, r->args, r->nargs,
                      paths.includedir, &r->diags)
             ? EXIT_INPUT
             : EXIT_OK;
}

/* Output (and report) of a file with no pragma site: the input itself. */
static int pass_through(Run *r) {
  const Options *o = r->opts;
  if (diag_error_count(&r->diags)) return EXIT_INPUT; /* e.g. -Werror */
  if (o->report)
    sb_printf(&r->report, "%s: no #pragma sparse; copied unchanged\n",
              r->src.name);
  if (o->check && check(r, r->src.text, r->src.len)) return EXIT_INPUT;
  return write_results(r, r->src.text, r->src.len);
}

/* Every `#pragma sparse` line left in the output (on a declaration or
 * function, a format definition, a refused kernel) is wrapped in `#if 0`,
 * so the output compiles without -Wunknown-pragmas warnings while keeping
 * the annotation visible; a #line directive maps what follows back. */
static void neutralize_pragmas(Run *r, const SourceFile *f, PragmaSite *sites,
                               size_t nsites, Edits *edits) {
  size_t nedits = edits->len;
  for (size_t i = 0; i < nsites; i++) {
    Span s = sites[i].span;
    int covered = 0;
    for (size_t k = 0; k < nedits && !covered; k++)
      covered = edits->data[k].start < s.end && s.start < edits->data[k].end;
    if (covered || s.end <= s.start) continue;
    int has_nl = f->text[s.end - 1] == '\n';
    char *text = arena_printf(&r->arena, "#if 0 /* sparsecc */\n%.*s%s#endif\n",
                              (int)(s.end - s.start), f->text + s.start,
                              has_nl ? "" : "\n");
    unsigned line, col;
    source_line_col(f, s.end, &line, &col);
    edits_add(&r->arena, edits, s.start, s.end, text,
              has_nl ? line : 0);
  }
}

static int translate(Run *r) {
  const Options *o = r->opts;
  const SourceFile *f = &r->src;
  const char *nul = memchr(f->text, '\0', f->len);
  if (nul) { /* located at the byte, as every error of the input */
    size_t at = (size_t)(nul - f->text);
    diag_error(&r->diags, f, span_make(at, at + 1),
               "input looks binary (NUL byte at offset %zu), not C source",
               at);
    return EXIT_INPUT;
  }
  int rc = collect_args(r);
  if (rc) return rc;
  incpragmas_warn(f, r->args, r->nargs, &r->diags);
  int ops = pragma_op_mentions(f->text, f->len);
  if (!ops && !cparse_mentions_pragma_sparse(f->text, f->len))
    return pass_through(r);

  if (cparse_file(f, &r->cp) != 0) {
    /* only a _Pragma to warn about: the file goes through as it is */
    if (!cparse_mentions_pragma_sparse(f->text, f->len)) return pass_through(r);
    diag_error(&r->diags, NULL, span_make(0, 0),
               "'%s': cannot parse (too large for the C parser?)", f->name);
    return EXIT_INPUT;
  }
  /* _Pragma("sparse ...") is not applied: said where it stands */
  if (ops) pragma_op_warn(f, r->cp.tree, &r->diags);
  PragmaSite *sites;
  size_t nsites = cparse_find_pragmas(f, r->cp.tree, &r->arena, &sites);
  if (nsites == 0) return pass_through(r);
  /* element-access macros naming pragma arrays: expanded (a few rounds for
   * invocations inside arguments), the file parsed again */
  int expanded = 0;
  for (int round = 0; round < 4; round++) {
    size_t len = 0;
    int n = 0;
    const SourceRepl *repl = NULL;
    size_t nrepl = 0;
    const char *t = macros_expand(f, r->cp.tree, sites, nsites, &r->arena, &len, &n,
                                  &repl, &nrepl);
    if (!t) break;
    SourceFile nf;
    if (source_init(&nf, f->name, t, len) != 0 ||
        source_adopt_rewrite(&nf, &r->src, repl, nrepl) != 0) {
      source_free(&nf);
      diag_error(&r->diags, NULL, span_make(0, 0), "out of memory");
      return EXIT_INPUT;
    }
    source_free(&r->src);
    r->src = nf;
    cparse_free(&r->cp);
    memset(&r->cp, 0, sizeof r->cp);
    if (cparse_file(f, &r->cp) != 0) {
      diag_error(&r->diags, NULL, span_make(0, 0),
                 "'%s': cannot parse (too large for the C parser?)", f->name);
      return EXIT_INPUT;
    }
    nsites = cparse_find_pragmas(f, r->cp.tree, &r->arena, &sites);
    expanded += n;
  }
  /* the output includes sparsecc_rt.h: a name of the program spelled like
   * one of the header's would clash with it; then nothing is rewritten
   * but the pragma lines (neutralized as those of refused kernels) */
  const char *clash = NULL;
  int clash_reserved = 0, clash_std = 0;
  {
    RtPaths paths;
    rtpaths_get(&paths);
    const char *header = arena_printf(&r->arena, "%s/sparsecc_rt.h",
                                      paths.includedir);
    const char *name, *why;
    size_t at;
    if (rtnames_find_clash(f, r->cp.tree, header, &r->arena, &name, &at)) {
      diag_warning(&r->diags, f, span_make(at, at + strlen(name)),
                   "'%s' is also a name of sparsecc_rt.h, which the "
                   "rewritten file would include; no #pragma sparse applied "
                   "(rename it, or include sparsecc_rt.h and use its '%s')",
                   name, name);
      clash = name;
    } else if (nsites && rtnames_find_reserved(f, r->cp.tree, &r->arena, &name, &at)) {
      diag_warning(&r->diags, f, span_make(at, at + strlen(name)),
                   "'%s' starts with 'sc__', the prefix of the names sparsecc "
                   "generates, and could collide with one of them; no "
                   "#pragma sparse applied (rename it)", name);
      clash = name;
      clash_reserved = 1;
    } else if (nsites &&
               stdnames_find_clash(f, r->cp.tree, rt_std_headers,
                                   N_RT_STD_HEADERS, r->args, r->nargs,
                                   &r->arena, &name, &at, &why)) {
      diag_warning(&r->diags, f, span_make(at, at + strlen(name)),
                   "'%s' is declared differently by a standard header that "
                   "the rewritten file would include (through sparsecc_rt.h: "
                   "<stddef.h>, <stdint.h>, <stdio.h>): %s; no #pragma sparse "
                   "applied (rename it, or include the header and use its "
                   "'%s')", name, why, name);
      clash = name;
      clash_std = 1;
    }
  }
  if (expanded && o->report)
    sb_printf(&r->report, "%s: %d invocation%s of element-access macros "
              "expanded (element accesses and for headers, where arrays named in "
              "pragmas are used)\n",
              f->name, expanded, expanded == 1 ? "" : "s");

  /* every format the file defines, for the note at a use that comes
   * before its definition: a first parse whose messages are dropped */
  PragmaFormats whole = {0};
  Diags quiet = {0};
  for (size_t i = 0; i < nsites; i++) {
    Pragma scratch;
    pragma_parse(&r->arena, f, sites[i].span, &whole, &quiet, &scratch);
  }
  diag_free(&quiet);
  r->formats.whole_file = &whole;
  for (size_t i = 0; i < nsites; i++)
    sites[i].ok = pragma_parse(&r->arena, f, sites[i].span, &r->formats,
                               &r->diags, &sites[i].pragma) == 0;
  r->formats.whole_file = NULL;
  for (size_t i = 0; i < nsites; i++) {
    if (!sites[i].ok) continue;
    if (o->dump & DUMP_PRAGMAS) pragma_dump(stdout, f, &sites[i].pragma);
    if (o->dump & DUMP_FORMATS) pragma_dump_formats(stdout, f, &sites[i].pragma);
  }

  SparsifyCtx ctx;
  memset(&ctx, 0, sizeof ctx);
  Edits edits = {0};
  int failed = 0;
  if (clash) {
    if (o->report)
      sb_printf(&r->report, clash_reserved ? "%s: '%s' starts with the generated "
                "names' prefix sc__; no #pragma sparse applied\n"
                : clash_std ? "%s: '%s' is declared differently by a standard "
                "header of sparsecc_rt.h; no #pragma sparse applied\n"
                : "%s: '%s' is a name of sparsecc_rt.h; no "
                "#pragma sparse applied\n", f->name, clash);
    goto rewritten;
  }
  ctx.arena = &r->arena;
  ctx.opts = o;
  ctx.file = f;
  ctx.tree = r->cp.tree;
  ctx.clang_args = r->args;
  ctx.nclang_args = r->nargs;
  ctx.diags = &r->diags;
  ctx.report = &r->report;
  ctx.dump = &r->dump;
  ctx.sites = sites;
  ctx.nsites = nsites;
  ctx.formats = &r->formats;
  failed = sparsify_file(&ctx, &edits) != 0;
  /* <stdlib.h>, which the output includes for the workspaces of sparse
   * outputs: a declaration of the program it contradicts (a K&R `char
   * *malloc();`) and nothing is applied after all */
  {
    static const char *const stdlib_h[] = {"stdlib.h"};
    const char *name, *why;
    size_t at;
    if (!failed && !diag_error_count(&r->diags) &&
        (ctx.need_runtime_include & 4) &&
        stdnames_find_clash(f, r->cp.tree, stdlib_h, 1, r->args, r->nargs,
                            &r->arena, &name, &at, &why)) {
      diag_warning(&r->diags, f, span_make(at, at + strlen(name)),
                   "'%s' is declared differently by <stdlib.h>, which the "
                   "rewritten file would include (for the workspaces of "
                   "sparse outputs): %s; no #pragma sparse applied (rename "
                   "it, or include the header and use its '%s')",
                   name, why, name);
      edits.len = 0;
      ctx.need_runtime_include = 0;
      if (o->report) {
        r->report.len = 0;
        sb_printf(&r->report, "%s: '%s' is declared differently by "
                  "<stdlib.h>; no #pragma sparse applied\n", f->name, name);
      }
    }
  }
rewritten:
  if (r->dump.len) fputs(r->dump.data, stdout);
  fflush(stdout);
  if (failed || diag_error_count(&r->diags)) return EXIT_INPUT;

  neutralize_pragmas(r, f, sites, nsites, &edits);
  SpliceOptions so = {ctx.need_runtime_include, o->no_line};
  if (splice_apply(f, &edits, &so, &r->out, &r->diags) != 0) return EXIT_INPUT;
  const char *text = r->out.data ? r->out.data : "";
  if (o->check && check(r, text, r->out.len)) return EXIT_INPUT;
  return write_results(r, text, r->out.len);
}

static int compile(Options *o) {
  Run r;
  memset(&r, 0, sizeof r);
  r.opts = o;
  r.diags.werror = o->werror;
  r.diags.no_warnings = o->no_warnings;
  const char *nc = getenv("NO_COLOR");
  o->colour = isatty(STDERR_FILENO) && !(nc && *nc);
  int rc;
  if (source_read(&r.src, o->input) != 0)
    rc = io_error(&r, "cannot read", o->input, errno ? errno : EIO);
  else
    rc = translate(&r);
  if (rc == EXIT_OK && diag_error_count(&r.diags)) rc = EXIT_INPUT;
  diag_render(&r.diags, stderr, o->colour);
  run_free(&r);
  return rc;
}

/* ---- informational modes --------------------------------------------- */

static void print_version(void) {
  CXString v = clang_getClangVersion();
  printf("sparsecc %s\n  C parser: tree-sitter-c %s; semantics: %s\n",
         SC_VERSION, SC_TREE_SITTER_C_VERSION, clang_getCString(v));
  clang_disposeString(v);
}

static void print_flags(const Options *o) {
  RtPaths p;
  rtpaths_get(&p);
  char buf[9000];
  if (o->print_cflags) {
    rtpaths_cflags(&p, buf, sizeof buf);
    printf("%s%s", buf, o->print_libs ? " " : "\n");
  }
  if (o->print_libs) {
    rtpaths_libs(&p, buf, sizeof buf);
    printf("%s\n", buf);
  }
}

int main(int argc, char **argv) {
  Options opts;
  if (options_parse(&opts, argc, argv, stderr) != 0) {
    options_free(&opts);
    return EXIT_USAGE;
  }
  int rc = EXIT_OK;
  if (opts.help)
    options_usage(stdout);
  else if (opts.version)
    print_version();
  else if (opts.print_cflags || opts.print_libs)
    print_flags(&opts);
  else
    rc = compile(&opts);
  /* a failed write to stdout (a full disk, a closed pipe) is an I/O error,
   * whatever printed it: the usage text, the dumps, the flags */
  if ((fflush(stdout) != 0 || ferror(stdout)) && rc == EXIT_OK) {
    fprintf(stderr, "sparsecc: error: cannot write to standard output: %s\n",
            strerror(errno ? errno : EIO));
    rc = EXIT_USAGE;
  }
  options_free(&opts);
  return rc;
}
