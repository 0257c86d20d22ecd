/* fe_harness.c — see fe_harness.h. */
#define _GNU_SOURCE
#include "fe_harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "frontend/cparse.h"
#include "sparsify.h"

void fe_run(const char *name, const char *src, FeResult *out) {
  memset(out, 0, sizeof *out);
  SourceFile f;
  source_init(&f, name, src, strlen(src));
  Arena arena = {0};
  Diags diags = {0};
  CParse cp = {0};
  cparse_file(&f, &cp);
  PragmaSite *sites = NULL;
  size_t n = cparse_find_pragmas(&f, cp.tree, &arena, &sites);
  PragmaFormats formats = {0};
  for (size_t i = 0; i < n; i++)
    sites[i].ok = pragma_parse(&arena, &f, sites[i].span, &formats, &diags,
                               &sites[i].pragma) == 0;
  Options opts;
  memset(&opts, 0, sizeof opts);
  opts.dump = DUMP_IR;
  opts.report = 1;
  StrBuf dump = {0}, report = {0};
  SparsifyCtx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.arena = &arena;
  ctx.opts = &opts;
  ctx.file = &f;
  ctx.tree = cp.tree;
  ctx.diags = &diags;
  ctx.report = &report;
  ctx.dump = &dump;
  ctx.sites = sites;
  ctx.nsites = n;
  ctx.formats = &formats;
  Edits edits = {0};
  out->rc = sparsify_file(&ctx, &edits);
  out->nedits = edits.len;
  out->errors = diag_error_count(&diags);
  out->warnings = diag_warning_count(&diags);
  char *buf = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&buf, &len);
  diag_render(&diags, mem, 0);
  fclose(mem);
  out->diags = buf;
  out->dump = strdup(dump.data ? dump.data : "");
  out->report = strdup(report.data ? report.data : "");
  sb_free(&dump);
  sb_free(&report);
  diag_free(&diags);
  cparse_free(&cp);
  arena_free(&arena);
  source_free(&f);
}

void fe_free(FeResult *r) {
  free(r->dump);
  free(r->diags);
  free(r->report);
}
