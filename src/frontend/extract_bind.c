/* extract_bind.c — binding resolution (extract_bind, see extract.h): a
 * pragma binding resolved at a point of the file to its declaration,
 * element type, logical rank, extents and layout, with the errors
 * reported at the binding. */
#include "frontend/extract.h"

#include <stdlib.h>
#include <string.h>

#include "base/cint.h"
#include "frontend/rows.h"

/* Whether a size text is an integer literal (in parentheses or not). */
static int const_text(const char *t, long long *v) {
  while (*t == ' ' || *t == '(') t++;
  const char *end;
  if (!c_int_prefix(t, v, &end))
    return 0;
  while (*end == ' ' || *end == ')' || *end == 'u' || *end == 'U' ||
         *end == 'l' || *end == 'L')
    end++;
  return *end == 0;
}

const char *extract_suggest_name(CTypes *ct, const char *name, size_t offset,
                                 size_t lo, size_t hi) {
  const char *best = NULL;
  int one_letter = name[0] && !name[1];
  for (int arrays = 1; arrays >= 0 && !best; arrays--) {
    const char **names;
    size_t n = ct_visible_names(ct, offset, arrays, lo, hi, &names), k = 0;
    /* one letter for another is no typo ('b' for 'a') */
    for (size_t i = 0; i < n; i++)
      if (!one_letter || strlen(names[i]) > 1)
        names[k++] = names[i];
    best = pragma_suggest(name, names, k);
  }
  return best;
}

int extract_bind(SparsifyCtx *ctx, CTypes *ct, const PragmaBinding *b,
                 size_t offset, int open_extents, BoundArray *out) {
  memset(out, 0, sizeof *out);
  out->b = b;
  CtDecl *d = &out->decl;
  if (!ct_lookup(ct, b->name, offset, d)) {
    const char *near = extract_suggest_name(ct, b->name, offset, 0, 0);
    if (near) {
      diag_error(ctx->diags, ctx->file, b->name_span,
                 "'%s' is not declared here; did you mean '%s'?", b->name, near);
      diag_set_fixit(ctx->diags, near);
    } else {
      diag_error(ctx->diags, ctx->file, b->name_span, "'%s' is not declared here",
                 b->name);
    }
    return -1;
  }
#define NOTE_DECL()                                                          \
  do {                                                                       \
    if (d->in_main_file && d->decl_span.end > d->decl_span.start)            \
      diag_note(ctx->diags, ctx->file,                                       \
                span_make(d->name_offset, d->name_offset + strlen(b->name)), \
                "'%s' is declared here", b->name);                           \
  } while (0)
  if (d->kind != CT_ARRAY) {
    diag_error(ctx->diags, ctx->file, b->name_span,
               "'%s' is not an array or pointer (it has type '%s')", b->name,
               d->type_text);
    NOTE_DECL();
    return -1;
  }
  if (!d->elem_ok) {
    diag_error(ctx->diags, ctx->file, b->name_span,
               "element type '%s' of '%s' is not supported (float, double, "
               "_Bool and the other integer types)",
               d->elem_ctype, b->name);
    NOTE_DECL();
    return -1;
  }
  int rank = d->rank;
  out->layout = d->layout;
  for (int i = 0; i < d->rank; i++)
    out->extent[i] = d->extent[i];
  /* a pointer to rows: the row count from its allocation */
  const char *rows = NULL, *rows_why = NULL;
  if (d->layout == IR_LAYOUT_PTR_TO_ARRAY && !out->extent[0] &&
      (b->nshape == 0 || b->nshape == d->rank))
    rows = rows_from_alloc(ctx, ct, d, &rows_why);
  /* a vector (`double *v = calloc(n, sizeof *v)`) stored sparse by a
   * declaration pragma: its length from the allocation too (under a loop
   * pragma the loops give it) */
  if (d->layout == IR_LAYOUT_FLAT && d->rank == 1 && !out->extent[0] &&
      b->nshape == 0 && !open_extents)
    rows = rows_from_alloc(ctx, ct, d, &rows_why);
  if (b->nshape > 0) {
    if (b->nshape == d->rank) {
      for (int i = 0; i < rank; i++) {
        long long given, known = i == 0 && rows ? -1 : d->cextent[i];
        if (i == 0 && rows && !const_text(rows, &known))
          known = -1;
        if (known >= 0 && const_text(b->shape_text[i], &given) && given != known) {
          diag_error(ctx->diags, ctx->file, b->name_span,
                     "the shape given for '%s' says %lld for dimension %d but "
                     "its %s says %lld",
                     b->name, given, i, i == 0 && rows ? "allocation" : "type",
                     known);
          NOTE_DECL();
          return -1;
        }
        if (!out->extent[i])
          out->extent[i] = b->shape_text[i];
      }
    } else if (d->rank == 1 && b->nshape > 1 && b->nshape <= SC_MAX_RANK) {
      rank = b->nshape;
      out->delinearize = 1;
      out->layout = IR_LAYOUT_FLAT;
      for (int i = 0; i < rank; i++)
        out->extent[i] = b->shape_text[i];
    } else {
      diag_error(ctx->diags, ctx->file, b->name_span,
                 "the shape given for '%s' has %d dimension%s but '%s' "
                 "(type '%s') is subscripted with %d",
                 b->name, b->nshape, b->nshape == 1 ? "" : "s", b->name,
                 d->type_text, d->rank);
      NOTE_DECL();
      return -1;
    }
  }
  out->rank = rank;
  size_t before = diag_error_count(ctx->diags);
  if (pragma_check_rank(ctx->file, b, rank, ctx->diags) != 0 ||
      diag_error_count(ctx->diags) > before) {
    NOTE_DECL();
    return -1;
  }
  if (!out->extent[0] && rows)
    out->extent[0] = rows;
  for (int i = 0; i < rank; i++) {
    if (!out->extent[i] && open_extents && !out->delinearize) {
      out->open_extents = 1; /* read off the nest's loops (extents.h) */
      continue;
    }
    if (!out->extent[i]) {
      /* the example shape keeps the extents that are known */
      static const char *const letters[] = {"n", "m", "k", "l", "p", "q", "r", "s"};
      const char *shape = "";
      for (int k = 0; k < rank; k++)
        shape = arena_printf(ctx->arena, "%s[%s]", shape,
                             out->extent[k] ? out->extent[k] : letters[k % 8]);
      diag_error(ctx->diags, ctx->file, b->name_span,
                 "cannot determine the extent of dimension %d of '%s' (type "
                 "'%s')%s%s; give its shape in the pragma, e.g. %s%s : ...",
                 i, b->name, d->type_text,
                 i == 0 && rows_why ? ": " : "", i == 0 && rows_why ? rows_why : "",
                 b->name, shape);
      NOTE_DECL();
      return -1;
    }
  }
#undef NOTE_DECL
  return 0;
}
