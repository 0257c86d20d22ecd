/* pragma_dump.c — the stable text views of parsed pragmas: --dump=pragmas,
 * --dump=formats, and the MLIR surface text of an encoding, which re-parses
 * to the same encoding. The formats are documented in docs/pragma.md; any
 * change here is a change of that contract. */
#include <string.h>

#include "pragma_internal.h"

/* ---- level types -------------------------------------------------------- */

static const char *format_name(sc_level_format f) {
  switch (f) {
  case SC_LVL_DENSE: return "dense";
  case SC_LVL_COMPRESSED: return "compressed";
  case SC_LVL_LOOSE_COMPRESSED: return "loose_compressed";
  case SC_LVL_SINGLETON: return "singleton";
  case SC_LVL_N_OUT_OF_M: return "n_out_of_m";
  }
  return "?";
}

void pragma_level_type_text(StrBuf *b, const sc_level_type *t, int defaults) {
  if (t->format == SC_LVL_N_OUT_OF_M && t->n == 2 && t->m == 4)
    sb_puts(b, "block2_4");
  else if (t->format == SC_LVL_N_OUT_OF_M)
    sb_printf(b, "n_out_of_m[%d, %d]", t->n, t->m);
  else
    sb_puts(b, format_name(t->format));
  unsigned p = t->props;
  if (defaults) {
    int padded = (p & SC_PROP_PADDED) ||
                 (!(p & SC_PROP_UNPADDED) && (t->format == SC_LVL_DENSE ||
                                              t->format == SC_LVL_N_OUT_OF_M));
    sb_printf(b, "(%s, %s, %s%s)",
              p & SC_PROP_NONUNIQUE ? "nonunique" : "unique",
              p & SC_PROP_NONORDERED ? "nonordered" : "ordered",
              padded ? "padded" : "unpadded", p & SC_PROP_HIGH ? ", high" : "");
    return;
  }
  static const struct {
    unsigned bit;
    const char *name;
  } props[] = {{SC_PROP_NONUNIQUE, "nonunique"},
               {SC_PROP_NONORDERED, "nonordered"},
               {SC_PROP_PADDED, "padded"},
               {SC_PROP_UNPADDED, "unpadded"},
               {SC_PROP_HIGH, "high"}};
  int n = 0;
  for (size_t i = 0; i < sizeof props / sizeof props[0]; i++)
    if (p & props[i].bit) sb_printf(b, "%s%s", n++ ? ", " : "(", props[i].name);
  if (n) sb_puts(b, ")");
}

/* ---- MLIR surface text -------------------------------------------------- */

static void slice_value(StrBuf *b, int64_t v) {
  if (v < 0)
    sb_puts(b, "?");
  else
    sb_printf(b, "%lld", (long long)v);
}

static void dim_text(StrBuf *b, const PragmaDim *d) {
  sb_puts(b, d->name);
  if (d->inverse_text) sb_printf(b, " = %s", d->inverse_text);
  if (d->has_slice) {
    sb_puts(b, " : #sparse_tensor<slice(");
    slice_value(b, d->slice.offset);
    sb_puts(b, ", ");
    slice_value(b, d->slice.size);
    sb_puts(b, ", ");
    slice_value(b, d->slice.stride);
    sb_puts(b, ")>");
  }
}

static void map_text(StrBuf *b, const PragmaEncoding *e) {
  if (e->nsymbols) {
    sb_puts(b, "[");
    for (int i = 0; i < e->nsymbols; i++)
      sb_printf(b, "%s%s", i ? ", " : "", e->symbols[i]);
    sb_puts(b, "]");
  }
  if (e->nlvl_vars) {
    sb_puts(b, "{");
    for (int i = 0; i < e->nlvl_vars; i++)
      sb_printf(b, "%s%s", i ? ", " : "", e->lvl_vars[i]);
    sb_puts(b, "} ");
  }
  sb_puts(b, "(");
  for (int d = 0; d < e->ndims; d++) {
    if (d) sb_puts(b, ", ");
    dim_text(b, &e->dims[d]);
  }
  sb_puts(b, ") -> (");
  for (int l = 0; l < e->nlevels; l++) {
    const PragmaLevel *lv = &e->levels[l];
    if (l) sb_puts(b, ", ");
    if (lv->var) sb_printf(b, "%s = ", lv->var);
    sb_printf(b, "%s : ", lv->expr_text);
    pragma_level_type_text(b, &lv->type, 0);
  }
  sb_puts(b, ")");
}

char *pragma_encoding_text(Arena *arena, const PragmaEncoding *e) {
  StrBuf b = {0};
  sb_puts(&b, "{ map = ");
  map_text(&b, e);
  if (e->pos_width) sb_printf(&b, ", posWidth = %d", e->pos_width);
  if (e->crd_width) sb_printf(&b, ", crdWidth = %d", e->crd_width);
  sb_puts(&b, " }");
  char *s = arena_strndup(arena, b.data, b.len);
  sb_free(&b);
  return s;
}

/* ---- dumps -------------------------------------------------------------- */

static void loc(FILE *out, const SourceFile *f, size_t offset) {
  unsigned line, col;
  const char *name = source_presumed(f, offset, &line, &col);
  fprintf(out, "%s:%u:%u", name, line, col);
}

static const char *kind_name(PragmaKind k) {
  switch (k) {
  case PRAGMA_ENCODING: return "encoding";
  case PRAGMA_FORMAT: return "format";
  case PRAGMA_VECTORIZE: return "vectorize";
  case PRAGMA_NOVECTORIZE: return "novectorize";
  }
  return "?";
}

/* The MLIR text printed through a scratch arena of its own. */
static void print_encoding(FILE *out, const PragmaEncoding *e) {
  Arena a = {0};
  fputs(pragma_encoding_text(&a, e), out);
  arena_free(&a);
}

static void print_shape(FILE *out, const PragmaBinding *b) {
  for (int i = 0; i < b->nshape; i++) fprintf(out, "[%s]", b->shape_text[i]);
}

void pragma_dump(FILE *out, const SourceFile *f, const Pragma *p) {
  fprintf(out, "pragma %s at ", kind_name(p->kind));
  loc(out, f, p->span.start);
  fputc('\n', out);
  switch (p->kind) {
  case PRAGMA_ENCODING:
    for (int i = 0; i < p->nbindings; i++) {
      const PragmaBinding *b = &p->bindings[i];
      fprintf(out, "  binding %s at ", b->name);
      loc(out, f, b->name_span.start);
      fprintf(out, "\n    shape ");
      if (b->nshape)
        print_shape(out, b);
      else
        fputs("none", out);
      fprintf(out, "\n    rank %d\n    format %s\n    encoding ", b->enc.ndims,
              b->enc.format_name ? b->enc.format_name : "(inline)");
      print_encoding(out, &b->enc);
      fputc('\n', out);
    }
    break;
  case PRAGMA_FORMAT:
    fprintf(out, "  name %s\n  encoding ", p->format_name);
    print_encoding(out, &p->format_enc);
    fputc('\n', out);
    break;
  case PRAGMA_VECTORIZE:
    if (p->vec.vl)
      fprintf(out, "  vl %d\n", p->vec.vl);
    else
      fputs("  vl default\n", out);
    fprintf(out, "  vla %s\n  index32 %s\n  simd %s\n", p->vec.vla ? "yes" : "no",
            p->vec.index32 ? "yes" : "no", p->vec.simd ? p->vec.simd : "default");
    break;
  case PRAGMA_NOVECTORIZE:
    break;
  }
}

static void width(FILE *out, const char *name, int w) {
  if (w)
    fprintf(out, "  %s %d\n", name, w);
  else
    fprintf(out, "  %s native\n", name);
}

/* The body of one encoding in --dump=formats. */
static void dump_encoding(FILE *out, const PragmaEncoding *e) {
  StrBuf b = {0};
  fprintf(out, "  format %s\n", e->format_name ? e->format_name : "(inline)");
  if (e->nsymbols) {
    fputs("  symbols", out);
    for (int i = 0; i < e->nsymbols; i++) fprintf(out, " %s", e->symbols[i]);
    fputc('\n', out);
  }
  fprintf(out, "  dimensions %d\n", e->ndims);
  for (int d = 0; d < e->ndims; d++) {
    dim_text(&b, &e->dims[d]);
    fprintf(out, "    %d: %s\n", d, b.data);
    b.len = 0;
  }
  fprintf(out, "  levels %d\n", e->nlevels);
  for (int l = 0; l < e->nlevels; l++) {
    const PragmaLevel *lv = &e->levels[l];
    b.len = 0;
    pragma_level_type_text(&b, &lv->type, 1);
    fprintf(out, "    %d: %s%s%s : %s\n", l, lv->var ? lv->var : "",
            lv->var ? " = " : "", lv->expr_text, b.data);
  }
  width(out, "posWidth", e->pos_width);
  width(out, "crdWidth", e->crd_width);
  fputs("  mlir ", out);
  print_encoding(out, e);
  fputc('\n', out);
  sb_free(&b);
}

void pragma_dump_formats(FILE *out, const SourceFile *f, const Pragma *p) {
  if (p->kind == PRAGMA_FORMAT) {
    fprintf(out, "format %s at ", p->format_name);
    loc(out, f, p->span.start);
    fputc('\n', out);
    dump_encoding(out, &p->format_enc);
    return;
  }
  if (p->kind != PRAGMA_ENCODING) return;
  for (int i = 0; i < p->nbindings; i++) {
    const PragmaBinding *b = &p->bindings[i];
    fprintf(out, "binding %s", b->name);
    print_shape(out, b);
    fputs(" at ", out);
    loc(out, f, b->name_span.start);
    fputc('\n', out);
    dump_encoding(out, &b->enc);
  }
}
