/* pragma_formats.c — named formats: the built-in table (formats.def), the
 * lookup of user formats, and building a built-in format's encoding by
 * parsing its text with the pragma parser. */
#include <string.h>

#include "pragma_internal.h"

const BuiltinFormat pragma_builtin_formats[] = {
#define FORMAT(name, nparams, params, text) {#name, nparams, params, text},
#include "formats.def"
#undef FORMAT
};

const int pragma_nbuiltin_formats =
    (int)(sizeof pragma_builtin_formats / sizeof pragma_builtin_formats[0]);

const BuiltinFormat *pragma_find_builtin(const char *name) {
  for (int i = 0; i < pragma_nbuiltin_formats; i++)
    if (strcmp(pragma_builtin_formats[i].name, name) == 0)
      return &pragma_builtin_formats[i];
  return NULL;
}

int pragma_find_user(const PragmaFormats *fs, const char *name) {
  if (!fs) return -1;
  for (int i = 0; i < fs->n; i++)
    if (strcmp(fs->names[i], name) == 0) return i;
  return -1;
}

/* Splits "r, c" into names (at most 8 parameters). */
static int split_params(Arena *a, const char *s, const char **names) {
  int n = 0;
  while (*s && n < 8) {
    while (*s == ' ' || *s == ',') s++;
    const char *e = s;
    while (*e && *e != ',' && *e != ' ') e++;
    if (e > s) names[n++] = arena_strndup(a, s, (size_t)(e - s));
    s = e;
  }
  return n;
}

int pragma_builtin_encoding(Arena *arena, const BuiltinFormat *bf,
                            const int64_t *params, PragmaEncoding *out) {
  /* The text is its own one-line pseudo-file, so the usual parser and
   * checker run on it unchanged. */
  size_t line0 = 0;
  SourceFile f;
  memset(&f, 0, sizeof f);
  f.name = bf->name;
  f.text = (char *)bf->text;
  f.len = strlen(bf->text);
  f.line_starts = &line0;
  f.nlines = 1;
  const char *names[8];
  int n = split_params(arena, bf->param_names, names);
  Diags diags;
  memset(&diags, 0, sizeof diags);
  RawEncoding raw;
  int rc = pragma_parse_encoding_text(arena, &f, n, names, params, &diags, &raw);
  if (rc == 0) {
    PCheck c = {arena, &f, &diags, NULL};
    rc = pragma_check_encoding(&c, &raw, out);
  }
  diag_free(&diags);
  return rc;
}

int pragma_format_lookup(Arena *arena, const PragmaFormats *formats,
                         const char *name, const int64_t *params, int nparams,
                         PragmaEncoding *out) {
  memset(out, 0, sizeof *out);
  int u = pragma_find_user(formats, name);
  if (u >= 0) {
    if (nparams) return -1;
    *out = formats->encs[u];
    return 0;
  }
  const BuiltinFormat *bf = pragma_find_builtin(name);
  if (!bf || bf->nparams != nparams) return -1;
  for (int i = 0; i < nparams; i++)
    if (params[i] <= 0) return -1;
  if (pragma_builtin_encoding(arena, bf, params, out)) return -1;
  out->format_name = arena_strdup(arena, name);
  if (nparams) {
    StrBuf b = {0};
    sb_printf(&b, "%s(", name);
    for (int i = 0; i < nparams; i++)
      sb_printf(&b, "%s%lld", i ? ", " : "", (long long)params[i]);
    sb_puts(&b, ")");
    out->format_name = arena_strdup(arena, b.data);
    sb_free(&b);
  }
  return 0;
}
