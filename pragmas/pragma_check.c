/* pragma_check.c — meaning and validation of parsed encodings: named
 * formats looked up (with parameter checks), level formats and properties,
 * widths, variables (dimensions, symbols, level variables), slices and
 * inverse expressions, coverage and recovery of every dimension; then the
 * runtime descriptor (sc_encoding) filled in. Every error points at the offending
 * token with a range, with a "did you mean" fix-it for near-miss names.
 * Also pragma_check_rank, once the C front end knows an array's rank. */
#include <string.h>

#include "pragma_internal.h"

/* ---- names ------------------------------------------------------------ */

static const char *const lvl_fmt_names[] = {
    "dense", "compressed", "loose_compressed", "singleton", "block2_4",
    "n_out_of_m"};
static const sc_level_format lvl_fmts[] = {
    SC_LVL_DENSE,     SC_LVL_COMPRESSED, SC_LVL_LOOSE_COMPRESSED,
    SC_LVL_SINGLETON, SC_LVL_N_OUT_OF_M, SC_LVL_N_OUT_OF_M};
#define NLVL_FMTS 6

static const char *const prop_names[] = {"nonunique", "nonordered", "padded",
                                         "unpadded", "high"};
static const unsigned prop_bits[] = {SC_PROP_NONUNIQUE, SC_PROP_NONORDERED,
                                     SC_PROP_PADDED, SC_PROP_UNPADDED,
                                     SC_PROP_HIGH};
#define NPROPS 5

static const char *const field_names[] = {"posWidth", "crdWidth"};

static int find(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

/* see pragma.h */
const char *pragma_suggest(const char *word, const char *const *cands,
                           size_t n) {
  size_t len = strlen(word);
  for (size_t i = 0; i < n; i++) {
    if (strlen(cands[i]) != len || strcmp(cands[i], word) == 0) continue;
    size_t k = 0, diff = 0, first = 0;
    while (k < len && (word[k] | 32) == (cands[i][k] | 32)) k++;
    if (k == len) return cands[i];
    for (k = 0; k < len; k++)
      if (word[k] != cands[i][k] && diff++ == 0) first = k;
    if (diff == 2 && first + 1 < len && word[first] == cands[i][first + 1] &&
        word[first + 1] == cands[i][first])
      return cands[i];
  }
  return diag_did_you_mean(word, cands, n);
}

void pragma_unknown_name(Diags *diags, const SourceFile *f, Span s,
                         const char *what, const char *word,
                         const char *const *cands, size_t n) {
  const char *best = pragma_suggest(word, cands, n);
  if (best) {
    diag_error(diags, f, s, "unknown %s '%s'; did you mean '%s'?", what, word,
               best);
    diag_set_fixit(diags, best);
  } else {
    diag_error(diags, f, s, "unknown %s '%s'", what, word);
  }
}

static void unknown(PCheck *c, Span s, const char *what, const char *word,
                    const char *const *cands, size_t n) {
  pragma_unknown_name(c->diags, c->f, s, what, word, cands, n);
}

/* Reports the second of two equal names among names[0..n). */
static int duplicates(PCheck *c, char **names, const Span *spans, int n,
                      const char *what) {
  int bad = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0) {
        diag_error(c->diags, c->f, spans[i], "duplicate %s '%s'", what,
                   names[i]);
        diag_note(c->diags, c->f, spans[j], "first declared here");
        bad = 1;
        break;
      }
  return bad;
}

/* ---- level types ------------------------------------------------------ */

static int check_lvltype(PCheck *c, const RawLevel *l, sc_level_type *t) {
  memset(t, 0, sizeof *t);
  int k = find(lvl_fmt_names, NLVL_FMTS, l->fmt);
  if (k < 0 && strcmp(l->fmt, "structured") == 0) k = 5; /* MLIR's name */
  if (k < 0) {
    unknown(c, l->fmt_span, "level format", l->fmt, lvl_fmt_names, NLVL_FMTS);
    return -1;
  }
  int bad = 0;
  t->format = lvl_fmts[k];
  if (k == 4) {
    t->n = 2;
    t->m = 4;
  }
  if (l->has_nm && k != 5) {
    diag_error(c->diags, c->f, l->nm_span,
               "'%s' takes no '[n, m]' (only n_out_of_m does)", l->fmt);
    bad = 1;
  } else if (k == 5 && !l->has_nm) {
    diag_error(c->diags, c->f, l->fmt_span,
               "'%s' needs '[n, m]': n stored out of every m", l->fmt);
    bad = 1;
  } else if (k == 5) {
    if (l->n < 1 || l->m < l->n || l->m > 64) {
      diag_error(c->diags, c->f, l->nm_span,
                 "invalid %s[%lld, %lld]: need 1 <= n <= m <= 64", l->fmt,
                 (long long)l->n, (long long)l->m);
      bad = 1;
    }
    t->n = (int)l->n;
    t->m = (int)l->m;
  }
  for (int i = 0; i < l->nprops; i++) {
    int pk = find(prop_names, NPROPS, l->props[i]);
    if (pk < 0) {
      unknown(c, l->prop_spans[i], "level property", l->props[i], prop_names,
              NPROPS);
      bad = 1;
      continue;
    }
    if (t->props & prop_bits[pk]) {
      diag_error(c->diags, c->f, l->prop_spans[i],
                 "duplicate level property '%s'", l->props[i]);
      bad = 1;
      continue;
    }
    if (t->format == SC_LVL_DENSE &&
        (prop_bits[pk] & (SC_PROP_NONUNIQUE | SC_PROP_NONORDERED))) {
      diag_error(c->diags, c->f, l->prop_spans[i],
                 "property '%s' does not apply to a dense level", l->props[i]);
      bad = 1;
      continue;
    }
    t->props |= prop_bits[pk];
    if ((t->props & SC_PROP_PADDED) && (t->props & SC_PROP_UNPADDED)) {
      diag_error(c->diags, c->f, l->prop_spans[i],
                 "level properties 'padded' and 'unpadded' conflict");
      bad = 1;
    }
  }
  return bad ? -1 : 0;
}

/* ---- widths ------------------------------------------------------------ */

static int legal_width(int64_t v, int crd) {
  return v == 0 || v == 8 || v == 16 || v == 32 || v == 64 ||
         (crd && (v == 2 || v == 4));
}

/* crdWidth 2 or 4 (bit-packed) fits only levels whose coordinates are
 * bounded by the format: n_out_of_m levels with m <= 2^w. Levels without
 * coordinates (dense) do not matter. */
static int check_packed(PCheck *c, const PragmaEncoding *e, Span at) {
  int w = e->crd_width;
  if (w != 2 && w != 4) return 0;
  for (int l = 0; l < e->nlevels; l++) {
    const sc_level_type *t = &e->levels[l].type;
    if (t->format == SC_LVL_DENSE) continue;
    if (t->format == SC_LVL_N_OUT_OF_M && t->m <= (1 << w)) continue;
    StrBuf b = {0};
    pragma_level_type_text(&b, t, 0);
    diag_error(c->diags, c->f, at,
               "crdWidth = %d does not fit the coordinates of level %d "
               "('%s : %s'); bit-packed widths need every level that stores "
               "coordinates to be n_out_of_m with m <= %d",
               w, l, e->levels[l].expr_text, b.data, 1 << w);
    sb_free(&b);
    return -1;
  }
  return 0;
}

/* Applies the fields; the packed-width check needs valid levels. */
static int check_fields(PCheck *c, const RawEncoding *raw, PragmaEncoding *e,
                        int levels_ok) {
  int bad = 0, crd_field = -1;
  for (int i = 0; i < raw->nfields; i++) {
    const RawField *fl = &raw->fields[i];
    int k = find(field_names, 2, fl->name);
    if (k < 0) {
      unknown(c, fl->name_span, "encoding field", fl->name, field_names, 2);
      bad = 1;
      continue;
    }
    for (int j = 0; j < i; j++)
      if (strcmp(raw->fields[j].name, fl->name) == 0) {
        diag_error(c->diags, c->f, fl->name_span, "duplicate field '%s'",
                   fl->name);
        diag_note(c->diags, c->f, raw->fields[j].name_span,
                  "first given here");
        bad = 1;
        k = -1;
        break;
      }
    if (k < 0) continue;
    if (!legal_width(fl->val, k == 1)) {
      diag_error(c->diags, c->f, fl->val_span,
                 "invalid %s %lld; expected %s", fl->name, (long long)fl->val,
                 k ? "0, 2, 4, 8, 16, 32 or 64" : "0, 8, 16, 32 or 64");
      bad = 1;
      continue;
    }
    if (k == 0) {
      e->pos_width = (int)fl->val;
    } else {
      e->crd_width = (int)fl->val;
      crd_field = i;
    }
  }
  if (crd_field >= 0 && !bad && levels_ok &&
      check_packed(c, e, raw->fields[crd_field].val_span))
    bad = 1;
  return bad ? -1 : 0;
}

/* ---- named formats ---------------------------------------------------- */

static int check_named(PCheck *c, const RawEncoding *raw, PragmaEncoding *e) {
  int u = pragma_find_user(c->formats, raw->named);
  if (u >= 0) {
    if (raw->has_params) {
      diag_error(c->diags, c->f, raw->params_span,
                 "format '%s' takes no parameters", raw->named);
      return -1;
    }
    *e = c->formats->encs[u];
    return 0;
  }
  const BuiltinFormat *bf = pragma_find_builtin(raw->named);
  if (!bf) {
    /* its definition failed, with an error there: not a second one here */
    for (int i = 0; c->formats && i < c->formats->nfailed; i++)
      if (strcmp(c->formats->failed[i], raw->named) == 0) return -1;
    int n = pragma_nbuiltin_formats + (c->formats ? c->formats->n : 0);
    const char **cands = arena_alloc(c->arena, (size_t)n * sizeof *cands);
    for (int i = 0; i < pragma_nbuiltin_formats; i++)
      cands[i] = pragma_builtin_formats[i].name;
    for (int i = pragma_nbuiltin_formats; i < n; i++)
      cands[i] = c->formats->names[i - pragma_nbuiltin_formats];
    unknown(c, raw->named_span, "format", raw->named, cands, (size_t)n);
    /* a format the file defines further down */
    const PragmaFormats *all = c->formats ? c->formats->whole_file : NULL;
    int later = all ? pragma_find_user(all, raw->named) : -1;
    if (later >= 0) {
      diag_note(c->diags, all->files[later], all->name_spans[later],
                "'%s' is defined here, after its use; define a format before "
                "the pragmas that use it",
                raw->named);
      return -1;
    }
    /* a level format where a named format goes (`A : compressed`), when
     * no format name was offered */
    int exact = find(lvl_fmt_names, NLVL_FMTS, raw->named) >= 0;
    const char *lvl = exact ? raw->named
                            : pragma_suggest(raw->named, lvl_fmt_names, NLVL_FMTS);
    if (lvl && !pragma_suggest(raw->named, cands, (size_t)n))
      diag_note(c->diags, c->f, raw->named_span,
                "a level format such as '%s' goes inside a map, e.g. '(i, j) "
                "-> (i : dense, j : compressed)'; an encoding is a named format "
                "(CSR, CSC, COO, ...) or such a map",
                lvl);
    return -1;
  }
  if (raw->nparams != bf->nparams) {
    if (bf->nparams == 0)
      diag_error(c->diags, c->f, raw->params_span,
                 "format '%s' takes no parameters", bf->name);
    else
      diag_error(c->diags, c->f, raw->params_span,
                 "format '%s' takes %d parameter%s (%s), %d given", bf->name,
                 bf->nparams, bf->nparams == 1 ? "" : "s", bf->param_names,
                 raw->nparams);
    return -1;
  }
  int bad = 0;
  for (int i = 0; i < raw->nparams; i++)
    if (raw->params[i] <= 0) {
      diag_error(c->diags, c->f, raw->param_spans[i],
                 "parameter %d of format '%s' must be positive, not %lld",
                 i + 1, bf->name, (long long)raw->params[i]);
      bad = 1;
    }
  if (bad) return -1;
  if (pragma_format_lookup(c->arena, NULL, bf->name, raw->params, raw->nparams,
                           e)) {
    diag_error(c->diags, c->f, raw->named_span,
               "internal error: built-in format '%s' does not build", bf->name);
    return -1;
  }
  return 0;
}

/* ---- maps --------------------------------------------------------------- */

/* All-or-none rule for per-dimension parts (inverse expressions, slices). */
static int all_or_none(PCheck *c, const RawEncoding *raw, int slices) {
  int have = 0;
  for (int d = 0; d < raw->ndims; d++)
    have += slices ? raw->dims[d].has_slice : raw->dims[d].inverse != NULL;
  if (have == 0 || have == raw->ndims) return 0;
  for (int d = 0; d < raw->ndims; d++) {
    const RawDim *dm = &raw->dims[d];
    if (slices ? dm->has_slice : dm->inverse != NULL) continue;
    diag_error(c->diags, c->f, dm->name_span,
               slices ? "dimension '%s' has no slice but other dimensions do; "
                        "give a slice for every dimension or none"
                      : "dimension '%s' has no '= ...' expression but other "
                        "dimensions do; give one for every dimension or none",
               dm->name);
  }
  return -1;
}

static int check_dims(PCheck *c, const RawEncoding *raw, PragmaEncoding *e) {
  int bad = 0;
  char **names = arena_alloc(c->arena, (size_t)raw->ndims * sizeof *names);
  Span *spans = arena_alloc(c->arena, (size_t)raw->ndims * sizeof *spans);
  for (int d = 0; d < raw->ndims; d++) {
    names[d] = raw->dims[d].name;
    spans[d] = raw->dims[d].name_span;
    for (int s = 0; s < raw->nsyms; s++)
      if (strcmp(raw->syms[s], names[d]) == 0) {
        diag_error(c->diags, c->f, spans[d],
                   "'%s' is both a symbol and a dimension variable", names[d]);
        bad = 1;
      }
  }
  bad |= duplicates(c, names, spans, raw->ndims, "dimension variable");
  bad |= all_or_none(c, raw, 0) | all_or_none(c, raw, 1);
  AffineEnv lenv = {raw->nlvl_vars, raw->lvl_vars, raw->nsyms, raw->syms};
  int said_undeclared = 0;
  e->ndims = raw->ndims;
  e->dims = arena_alloc(c->arena, (size_t)raw->ndims * sizeof *e->dims);
  for (int d = 0; d < raw->ndims; d++) {
    const RawDim *rd = &raw->dims[d];
    PragmaDim *pd = &e->dims[d];
    pd->name = rd->name;
    pd->span = rd->span;
    if (rd->inverse) {
      pd->inverse_text = affine_text_arena(c->arena, rd->inverse);
      if (!raw->has_lvl_vars) {
        if (!said_undeclared)
          diag_error(c->diags, c->f, rd->inverse->span,
                     "a dimension expression needs level variables declared "
                     "as '{l0, l1, ...}' before the dimension list");
        said_undeclared = bad = 1;
      } else if (affine_check_inverse(rd->inverse, &lenv, c->f, c->diags)) {
        bad = 1;
      }
    }
    if (rd->has_slice) {
      pd->has_slice = 1;
      pd->slice.offset = rd->slice[0];
      pd->slice.size = rd->slice[1];
      pd->slice.stride = rd->slice[2];
      for (int k = 1; k < 3; k++)
        if (rd->slice[k] == 0) {
          diag_error(c->diags, c->f, rd->slice_spans[k],
                     "slice %s must be positive", k == 1 ? "size" : "stride");
          bad = 1;
        }
    }
  }
  return bad ? -1 : 0;
}

/* The dimension level expression x holds alone, with coefficient 1; -1
 * when it holds another or none. */
static int lone_dim(const sc_level_expr *x, int ndims) {
  int found = -1;
  for (int d = 0; d < ndims; d++) {
    if (!x->coef[d]) continue;
    if (x->coef[d] != 1 || found >= 0) return -1;
    found = d;
  }
  return found;
}

/* Whether dimension d can be computed back from the level coordinates, as
 * the runtime inverts a map (runtime/src/encoding.c): a level `d + c` with
 * c >= 0, or `d floordiv K` with `d mod K`. Without it no tensor of the
 * encoding can be built, whatever the data. */
static int recoverable(const PragmaEncoding *e, int d) {
  for (int l = 0; l < e->nlevels; l++) {
    const sc_level_expr *x = &e->levels[l].expr;
    if (x->kind == SC_LEXPR_AFFINE && x->constant >= 0 &&
        lone_dim(x, e->ndims) == d)
      return 1;
    if (x->kind != SC_LEXPR_FLOORDIV || x->constant != 0 ||
        lone_dim(x, e->ndims) != d)
      continue;
    for (int m = 0; m < e->nlevels; m++) {
      const sc_level_expr *y = &e->levels[m].expr;
      if (y->kind == SC_LEXPR_MOD && y->constant == 0 &&
          y->divisor == x->divisor && lone_dim(y, e->ndims) == d)
        return 1;
    }
  }
  return 0;
}

/* Levels; coverage of the dimensions only when they are sound (dims_ok). */
static int check_levels(PCheck *c, const RawEncoding *raw, PragmaEncoding *e,
                        int dims_ok) {
  int bad = 0;
  AffineEnv env = {raw->ndims, NULL, raw->nsyms, raw->syms};
  env.dims = arena_alloc(c->arena, (size_t)raw->ndims * sizeof *env.dims);
  for (int d = 0; d < raw->ndims; d++) env.dims[d] = raw->dims[d].name;
  if (raw->has_lvl_vars && raw->nlvl_vars != raw->nlevels) {
    diag_error(c->diags, c->f, raw->lvl_vars_span,
               "%d level variable%s declared but the map has %d level%s",
               raw->nlvl_vars, raw->nlvl_vars == 1 ? "" : "s", raw->nlevels,
               raw->nlevels == 1 ? "" : "s");
    bad = 1;
  }
  int *bound_at = arena_alloc(c->arena, (size_t)(raw->nlvl_vars + 1) * sizeof *bound_at);
  for (int v = 0; v < raw->nlvl_vars; v++) bound_at[v] = -1;
  e->nlevels = raw->nlevels;
  e->levels = arena_alloc(c->arena, (size_t)raw->nlevels * sizeof *e->levels);
  int resolved = 1;
  for (int l = 0; l < raw->nlevels; l++) {
    const RawLevel *rl = &raw->levels[l];
    PragmaLevel *pl = &e->levels[l];
    pl->var = rl->var;
    pl->span = rl->span;
    pl->expr_text = affine_text_arena(c->arena, rl->expr);
    if (rl->var) {
      int v = raw->has_lvl_vars
                  ? find((const char *const *)raw->lvl_vars, raw->nlvl_vars, rl->var)
                  : -1;
      if (!raw->has_lvl_vars) {
        diag_error(c->diags, c->f, rl->var_span,
                   "level variable '%s' is not declared; declare level "
                   "variables as '{l0, l1, ...}' before the dimension list",
                   rl->var);
        bad = 1;
      } else if (v < 0) {
        unknown(c, rl->var_span, "level variable", rl->var,
                (const char *const *)raw->lvl_vars, (size_t)raw->nlvl_vars);
        bad = 1;
      } else if (bound_at[v] >= 0) {
        diag_error(c->diags, c->f, rl->var_span,
                   "level variable '%s' is bound twice", rl->var);
        diag_note(c->diags, c->f, raw->levels[bound_at[v]].var_span,
                  "first bound here");
        bad = 1;
      } else {
        bound_at[v] = l;
      }
    }
    if (affine_resolve_level(rl->expr, &env, c->f, c->diags, &pl->expr))
      bad = 1, resolved = 0;
    if (check_lvltype(c, rl, &pl->type)) bad = 1;
    else if (l == 0 && pl->type.format == SC_LVL_SINGLETON) {
      diag_error(c->diags, c->f, rl->fmt_span,
                 "the first level cannot be 'singleton': a singleton level "
                 "stores one coordinate per entry of the level before it "
                 "(as in COO: 'i : compressed(nonunique), j : singleton')");
      bad = 1;
    }
  }
  if (!resolved || !dims_ok) return -1;
  for (int d = 0; d < raw->ndims; d++) {
    int used = 0;
    for (int l = 0; l < raw->nlevels; l++) used |= e->levels[l].expr.coef[d] != 0;
    if (!used) {
      diag_error(c->diags, c->f, raw->dims[d].name_span,
                 "dimension '%s' is not stored by any level", raw->dims[d].name);
      bad = 1;
    } else if (!recoverable(e, d)) {
      diag_error(c->diags, c->f, raw->dims[d].name_span,
                 "dimension '%s' cannot be recovered from the levels: it "
                 "needs a level that is '%s' alone (plus a constant >= 0: "
                 "level coordinates start at 0) or the pair '%s floordiv K', "
                 "'%s mod K'",
                 raw->dims[d].name, raw->dims[d].name, raw->dims[d].name,
                 raw->dims[d].name);
      bad = 1;
    }
  }
  return bad ? -1 : 0;
}

static int check_map(PCheck *c, const RawEncoding *raw, PragmaEncoding *e) {
  if (raw->ndims > SC_MAX_RANK) {
    diag_error(c->diags, c->f, raw->dims_span,
               "too many dimensions (%d; at most %d)", raw->ndims, SC_MAX_RANK);
    return -1;
  }
  if (raw->nlevels > SC_MAX_LEVELS) {
    diag_error(c->diags, c->f, raw->levels_span,
               "too many levels (%d; at most %d)", raw->nlevels, SC_MAX_LEVELS);
    return -1;
  }
  if (raw->nlvl_vars > SC_MAX_LEVELS) {
    diag_error(c->diags, c->f, raw->lvl_vars_span,
               "too many level variables (%d; at most %d)", raw->nlvl_vars,
               SC_MAX_LEVELS);
    return -1;
  }
  int bad = duplicates(c, raw->syms, raw->sym_spans, raw->nsyms, "symbol");
  bad |= duplicates(c, raw->lvl_vars, raw->lvl_var_spans, raw->nlvl_vars,
                    "level variable");
  e->nsymbols = raw->nsyms;
  e->symbols = raw->syms;
  e->nlvl_vars = raw->nlvl_vars;
  e->lvl_vars = raw->lvl_vars;
  int dims_bad = check_dims(c, raw, e) != 0;
  bad |= dims_bad;
  bad |= check_levels(c, raw, e, !dims_bad) != 0;
  return bad ? -1 : 0;
}

/* ---- encodings -------------------------------------------------------- */

static void fill_rt(PragmaEncoding *e) {
  sc_encoding *rt = &e->rt;
  memset(rt, 0, sizeof *rt);
  rt->dim_rank = e->ndims;
  rt->lvl_rank = e->nlevels;
  for (int l = 0; l < e->nlevels && l < SC_MAX_LEVELS; l++) {
    rt->lvl_types[l] = e->levels[l].type;
    rt->lvl_exprs[l] = e->levels[l].expr;
  }
  rt->pos_width = e->pos_width;
  rt->crd_width = e->crd_width;
  for (int d = 0; d < e->ndims && d < SC_MAX_RANK; d++)
    if (e->dims[d].has_slice) {
      rt->has_slices = 1;
      rt->slices[d] = e->dims[d].slice;
    }
}

int pragma_check_encoding(PCheck *c, const RawEncoding *raw,
                          PragmaEncoding *out) {
  memset(out, 0, sizeof *out);
  int bad;
  if (raw->named) {
    bad = check_named(c, raw, out) != 0;
    if (!bad) { /* a copy, located here, whatever it came from */
      PragmaLevel *lv = arena_alloc(c->arena, (size_t)out->nlevels * sizeof *lv);
      PragmaDim *dm = arena_alloc(c->arena, (size_t)out->ndims * sizeof *dm);
      memcpy(lv, out->levels, (size_t)out->nlevels * sizeof *lv);
      memcpy(dm, out->dims, (size_t)out->ndims * sizeof *dm);
      for (int d = 0; d < out->ndims; d++) dm[d].span = raw->span;
      for (int l = 0; l < out->nlevels; l++) lv[l].span = raw->span;
      out->levels = lv;
      out->dims = dm;
    }
  } else {
    bad = check_map(c, raw, out) != 0;
  }
  out->span = raw->span;
  if (raw->nfields && check_fields(c, raw, out, !bad)) bad = 1;
  if (bad) return -1;
  fill_rt(out);
  return 0;
}

int pragma_check_rank(const SourceFile *f, const PragmaBinding *b, int rank,
                      Diags *diags) {
  if (b->enc.ndims == rank) return 0;
  diag_error(diags, f, b->name_span,
             "encoding of '%s' has %d dimension%s but '%s' has rank %d",
             b->name, b->enc.ndims, b->enc.ndims == 1 ? "" : "s", b->name,
             rank);
  return -1;
}
