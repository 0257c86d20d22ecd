/* vblocks.c — vectorizing the dense level inside blocks (BSR): the
 * accumulators held across the blocks of a segment and reduced once
 * (docs/vectorization.md, "BSR blocks"). Part of the pass in vectorize.c,
 * whose context it shares (vectorize_int.h). */
#include <string.h>

#include "vector/overlap.h"
#include "vector/simd.h"
#include "vector/vectorize_int.h"

/* ---- block levels (BSR) ----
 *
 * A position loop over a block level (`j floordiv c`) around the dense
 * `j mod c` level inside each block, one source loop over j (BSR SpMV
 * `y[i] += A[i][j] * x[j]`: for each block of row i's block row, the c
 * entries of the block's row i mod r). Vectorized alone, the c entries of
 * one block would need a horizontal reduction per block, which costs what
 * the scalar adds cost. Instead the accumulators are held across all the
 * blocks of the segment (register blocking across blocks) and reduced
 * once, after the last block:
 *
 *   {
 *     const size_t sc__ve = END;
 *     size_t sc__bp = BEGIN;
 *     if (sc__bp < sc__ve) {
 *       acc_u = identity;                  u < ceil(c / lanes), at most 8
 *       for (; sc__bp < sc__ve; sc__bp++) {  (the blocks, not a remainder)
 *         const size_t p = sc__bp;
 *         <the block's coordinate, the levels between located>
 *         const int j = (int)(block * c);   (the block's first entry)
 *         const size_t sc__vp = <position of its value>;
 *         if (j + c <= extent) {           (a whole block: c / lanes full
 *           acc_u += <e at u * lanes>;      vectors, the rest under a
 *         } else {                          constant mask)
 *           n = extent - j;                (the last block of the extent:
 *           acc_u += <e at u * lanes, mask min(lanes, n - u * lanes)>;
 *         }                                 the padding is never read)
 *       }
 *       lhs += reduce(acc_0 + acc_1 + ...);
 *     }
 *   }
 *
 * SVE: one predicated do-while over the entries of each block into one
 * accumulator. Statements that store into locations varying with j (the
 * transposed product `y[j] += A[i][j] * x[i]`) load, update and store
 * their vector of each block under the same masks. No scalar remainder
 * loop: a partial vector is masked. */

#define VEC_BLOCK_CHUNKS 8 /* accumulators per reduction across blocks */

/* One block of vec_emit_blocks at position `pos` (C expression), into the
 * accumulators of set `set` (accumulator set * nacc + chunk % nacc). */
static void block_one(VC *c, const VecBlocks *vk, StrBuf *body, int d3,
                      const char *pos, int set, int nacc, const char *rmask) {
  const IrLoopVar *lv = c->lv;
  const int64_t bw = vk->width;
  const int w = c->cfg.lanes;
  int nchunks = w ? (int)((bw + w - 1) / w) : 1;
  int nfull = w ? (int)(bw / w) : 0;
  vc_line(c, body, d3, "const size_t %s = %s;", vk->p, pos);
  sb_puts(body, vk->head);
  vc_line(c, body, d3, "const %s %s = (%s)(%s);", lv->ctype, lv->name,
       lv->ctype, vk->first);
  vc_line(c, body, d3, "const size_t %s = %s;", c->lp->p, vk->base);
  const char *ext = arena_printf(c->L->arena, "(int64_t)(%s)", vk->extent);
  if (w) {
    vc_line(c, body, d3, "if ((int64_t)%s + %lld <= %s) {", lv->name,
         (long long)bw, ext);
    c->c.pre = body;
    c->c.ind = vc_ind_of(c, d3 + 1);
    for (int u = 0; u < nchunks; u++) {
      c->off = arena_printf(c->L->arena, "%d", u * w);
      c->m = u < nfull ? NULL : rmask;
      /* the constant mask's lane count (a masked load reads up to it) */
      if (c->m)
        c->c.mask_n = arena_printf(c->L->arena, "%lld", (long long)(bw % w));
      vc_emit_value(c, set * nacc + u % nacc);
    }
    vc_line(c, body, d3, "} else {");
    const char *nb = arena_printf(c->L->arena, "sc__nb%d", c->uniq++);
    vc_line(c, body, d3 + 1, "const int64_t %s = %s - (int64_t)%s;", nb, ext,
         lv->name);
    for (int u = 0; u < nchunks; u++) {
      vc_line(c, body, d3 + 1, "if (%s > %d) {", nb, u * w);
      const char *nn = arena_printf(c->L->arena, "sc__n%d", c->uniq++);
      vc_line(c, body, d3 + 2, "const int %s = %s - %d < %d ? (int)(%s - %d) : %d;",
           nn, nb, u * w, w, nb, u * w, w);
      c->c.pre = body;
      c->c.ind = vc_ind_of(c, d3 + 2);
      c->off = arena_printf(c->L->arena, "%d", u * w);
      c->m = c->ops->mask(&c->c, nn);
      vc_emit_value(c, set * nacc + u % nacc);
      vc_line(c, body, d3 + 1, "}");
    }
    vc_line(c, body, d3, "}");
  } else {
    /* vector-length agnostic: the block's entries under whilelt */
    const char *hb = arena_printf(c->L->arena, "sc__hb%d", c->uniq++);
    const char *kk = arena_printf(c->L->arena, "sc__kk%d", c->uniq++);
    vc_line(c, body, d3, "const int64_t %s = %s - (int64_t)%s < %lld ? %s - "
         "(int64_t)%s : %lld;", hb, ext, lv->name, (long long)bw, ext,
         lv->name, (long long)bw);
    vc_line(c, body, d3, "int64_t %s = 0;", kk);
    vc_line(c, body, d3, "do {");
    c->c.pre = body;
    c->c.ind = vc_ind_of(c, d3 + 1);
    c->m = c->ops->mask(&c->c, arena_printf(c->L->arena, "%s, %s", kk, hb));
    c->off = kk;
    vc_emit_value(c, set);
    vc_line(c, body, d3 + 1, "%s += (int64_t)%s;", kk, c->ops->active(&c->c, c->m));
    vc_line(c, body, d3, "} while (%s < %s);", kk, hb);
  }
  c->m = NULL;
  c->off = "0";
}


int vec_emit_blocks(Lower *L, const VecBlocks *vk, const char *scalar,
                    StrBuf *out) {
  VecLoop lp = vk->inner;
  VC c;
  vc_open(&c, L, &lp);
  if (!c.ops || !vec_innermost(lp.n)) return 0;
  vc_bind_loop(&c);
  lp.p = arena_printf(L->arena, "sc__vp%d", c.uniq++);
  if (lp.n->nbody == 0) vc_no(&c, "an empty body");
  if (lower_has_push(L, lp.n))
    vc_no(&c, "an append 'q[t++] = e' (each store's place depends on the "
           "iterations before)");
  vc_classify(&c);
  if (!c.why && !c.lv->declared_in_header)
    vc_no(&c, "%s is declared outside its for header (a block loop does not "
           "leave the scalar loop's last value)", c.lv->name);
  for (int i = 0; i < c.nvs && !c.why; i++)
    if (c.vs[i].red == VEC_RED_SEL || c.vs[i].lt)
      vc_no(&c, "a %s over a block level", c.vs[i].lt ? "count"
                                                  : "max/min by comparison");
  if (!c.why && c.t->bytes != c.cfg.elem_bytes) {
    vec_config_elem(L->arena, &c.cfg, c.t->bytes);
    c.c.lanes = c.cfg.lanes;
  }
  /* avx512: a block row of at most 256 bits runs on 256-bit vectors (AVX2's
   * operations, which AVX-512F implies; vec_config_narrow): half the lanes
   * masked off cost more than they save (docs/performance.md, "BSR
   * blocks") */
  const char *narrowed =
      c.why ? NULL : vec_config_narrow(&c.cfg, vk->width, 32);
  if (narrowed) {
    c.ops = c.cfg.ops;
    c.c.lanes = c.cfg.lanes;
  }
  if (!c.why) {
    OvSet os;
    if (!vc_ov_collect(&c, &os))
      vc_no(&c, "more than %d arrays to check for overlap", OV_MAX);
    else if (ov_needed(L, &os) && !vk->ordered)
      vc_no(&c, "arrays through pointers or parameters and an unordered block "
             "level (no overlap check)");
    else if (ov_needed(L, &os)) {
      /* the entries of the segment's blocks lie between the first entry
       * of its first block and the last entry of its last one */
      const char *oc = ov_span_cond(
          L, &os, c.v,
          arena_printf(L->arena, "(size_t)(%s) <= (size_t)(%s)", vk->end,
                       vk->begin),
          vk->span_first, vk->span_last, vc_ov_print, &c);
      if (oc) vc_add_guard(&c, oc);
    }
  }
  if (c.why) {
    lower_note(L, "loop %s: not vectorized: %s", c.lv->name, c.why);
    sb_puts(out, scalar);
    sb_free(&c.guard);
    return 1;
  }
  const int64_t bw = vk->width;
  const int w = c.cfg.lanes;
  int nchunks = w ? (int)((bw + w - 1) / w) : 1;
  int nacc = nchunks < VEC_BLOCK_CHUNKS ? nchunks : VEC_BLOCK_CHUNKS;
  int rem = w ? (int)(bw % w) : 0;
  int red = 0;
  for (int i = 0; i < c.nvs; i++) red |= c.vs[i].kind == VS_REDUCE;
  int nsets = red && nacc <= VEC_BLOCK_CHUNKS / 2 ? 2 : 1;
  c.cfg.unroll = nacc;
  StrBuf b = {0}, pre = {0}, body = {0};
  int d = vk->depth + 1, d2 = d + 1, d3 = d2 + 1;
  const IrLoopVar *lv = c.lv;
  const char *ve = arena_printf(L->arena, "sc__ve%d", c.uniq++);
  c.c.pre = &b;
  c.c.ind = vc_ind_of(&c, d);
  c.ops->prologue(&c.c, &b, c.c.ind);
  const char *bp = arena_printf(L->arena, "sc__bp%d", c.uniq++);
  vc_line(&c, &b, d, "const size_t %s = %s;", ve, vk->end);
  vc_line(&c, &b, d, "size_t %s = %s;", bp, vk->begin);
  vc_line(&c, &b, d, "if (%s < %s) {", bp, ve);
  /* accumulators, broadcasts and the constant mask: before the blocks */
  c.c.pre = &pre;
  c.c.ind = vc_ind_of(&c, d2);
  for (int i = 0; i < c.nvs; i++) {
    const VStmt *vs = &c.vs[i];
    if (vs->kind != VS_REDUCE) continue;
    const char *init = vs->red == SIMD_RED_ADD ? c.t->sum_id
                     : vs->red == SIMD_RED_MUL ? c.t->prod_id
                     : vs->red == SIMD_RED_XOR || vs->red == SIMD_RED_OR
                         ? "0" : vc_lhs_text(&c, vs->s);
    for (int u = 0; u < nsets * nacc; u++)
      simd_pre(&c.c, "%s %s = %s;", vc_vtype(&c), vc_acc_name(&c, i, u),
               c.ops->splat(&c.c, init));
  }
  const char *rmask = NULL;
  if (rem) rmask = c.ops->mask(&c.c, arena_printf(L->arena, "%d", rem));
  c.hoist = &pre;
  c.hoist_ind = vc_ind_of(&c, d2);
  /* with reductions and few accumulators, two blocks a step into two
   * sets of accumulators: the adds of consecutive blocks do not wait on
   * one another */
  if (nsets == 2) {
    vc_line(&c, &body, d2, "for (; %s + 1 < %s; %s += 2) {", bp, ve, bp);
    for (int set = 0; set < 2; set++) {
      vc_line(&c, &body, d3, "{");
      block_one(&c, vk, &body, d3 + 1,
                set ? arena_printf(L->arena, "%s + 1", bp) : bp, set, nacc,
                rmask);
      vc_line(&c, &body, d3, "}");
    }
    vc_line(&c, &body, d2, "}");
    vc_line(&c, &body, d2, "if (%s < %s) {", bp, ve);
  } else {
    vc_line(&c, &body, d2, "for (; %s < %s; %s++) {", bp, ve, bp);
  }
  block_one(&c, vk, &body, d3, bp, 0, nacc, rmask);
  c.m = NULL;
  c.off = "0";
  vc_line(&c, &body, d2, "}");
  c.hoist = NULL;
  if (pre.data) sb_puts(&b, pre.data);
  if (body.data) sb_puts(&b, body.data);
  /* reduce the accumulators once, after the last block */
  c.c.pre = &b;
  c.c.ind = vc_ind_of(&c, d2);
  for (int i = 0; i < c.nvs; i++) {
    const VStmt *vs = &c.vs[i];
    if (vs->kind != VS_REDUCE) continue;
    const char *a0 = vc_acc_name(&c, i, 0);
    vc_combine_accs(&c, i, nsets * nacc);
    const char *r = c.ops->reduce(&c.c, vs->red, a0);
    const char *op = vs->red == SIMD_RED_MUL ? "*="
                   : vs->red == SIMD_RED_XOR ? "^="
                   : vs->red == SIMD_RED_OR ? "|="
                   : vs->red != SIMD_RED_ADD ? "="
                   : vs->s->op == IR_SUBFROM ? "-=" : "+=";
    const char *lhs = vc_lhs_text(&c, vs->s);
    if (c.t->utype && (op[0] == '+' || op[0] == '-' || op[0] == '*'))
      simd_pre(&c.c, "%s = (%s)((%s)%s %c (%s)%s);", lhs, c.t->ctype,
               c.t->utype, lhs, op[0], c.t->utype, r);
    else
      simd_pre(&c.c, "%s %s %s;", lhs, op, r);
  }
  vc_line(&c, &b, d, "}");
  L->uniq = c.uniq;
  vc_guarded(&c, out, vk->depth, c.guard.len ? c.guard.data : NULL, "",
             b.data, scalar);
  const char *lanes = w ? arena_printf(L->arena, "%d", w) : c.ops->vlen(&c.c);
  StrBuf what = {0};
  if (w)
    sb_printf(&what, "%d x %s lanes%s", nchunks, lanes,
              rem ? arena_printf(L->arena, " (the last under a constant mask "
                                 "of %d)", rem) : "");
  else
    sb_printf(&what, "a predicated loop of %s lanes", lanes);
  lower_note(L, "loop %s: vectorized: %s, inside the blocks of %s: %lld "
             "entries a block = %s%s; the last block of the extent "
             "masked, no scalar remainder; compiled when %s (%s), else the "
             "scalar loop%s%s%s%s",
             lv->name,
             c.t->elem == SIMD_F64
                 ? (narrowed ? narrowed : c.ops->name)
                 : arena_printf(L->arena, "%s, %s",
                                narrowed ? narrowed : c.ops->name, c.t->name),
             L->st[lp.st].name, (long long)bw, what.data,
             red ? arena_printf(L->arena, ", %d accumulator%s held across "
                                "the blocks%s, reduced once", nsets * nacc,
                                nsets * nacc > 1 ? "s" : "",
                                nsets > 1 ? " (two blocks a step, one set "
                                            "each)" : "")
                 : "",
             c.ops->guard, c.ops->needs,
             c.guard.len ? "; run-time check " : "",
             c.guard.len ? c.guard.data : "", c.cfg.adjust ? "; " : "",
             c.cfg.adjust ? c.cfg.adjust : "");
  L->ctx->need_runtime_include |= 2;
  sb_free(&what);
  sb_free(&pre);
  sb_free(&body);
  sb_free(&b);
  sb_free(&c.guard);
  return 1;
}

/* ---- block rows in level order (BSR's level-order walk, vectorized) ----
 *
 * The scalar output walks BSR in level order (block_walk.c): each block
 * row once, its blocks, the r x c entries of each, the r rows' elements
 * (SpMV's y[i]) held in a local array `lr` across the block row. Here the
 * rows' sums are held in vector accumulators instead, r x ceil(c / lanes)
 * of them across the block row's whole blocks, and added into lr once,
 * after its last block:
 *
 *   acc_k_u = identity;                      k < r, u < ceil(c / lanes)
 *   for (each block of the block row) {
 *     if (the block lies inside both extents) {
 *       {                                    row k of the block, k < r
 *         const size_t vp = (p1 * r + k) * c;     (row-major blocks)
 *         const int j = c1 * c;
 *         acc_k_u += <e at u * lanes>;       (x[j + u * lanes]: the
 *       }                                     block's columns, the last
 *     } else {                                vector under a constant mask)
 *       <the same, rows past the extent of i skipped, entries past the
 *        extent of j masked>
 *     }
 *   }
 *   lr[k] += reduce(acc_k_0 + acc_k_1 + ...);
 *
 * SVE: one predicated do-while over each row's c entries into one
 * accumulator per row. A row of a block narrower than the lanes (c <
 * lanes) stays scalar: the scalar walk's constant-trip loops, which the C
 * compiler unrolls, were measured faster (docs/performance.md, "BSR in
 * level order, vectorized"). */

typedef struct BrState {
  VC c;
  int w, nchunks, nfull, rem;
  const char *rmask;
  const char *narrowed;
} BrState;

int vec_block_rows_plan(Lower *L, VecBlockRows *vr) {
  BrState *b = arena_alloc(L->arena, sizeof *b);
  memset(b, 0, sizeof *b);
  VC *c = &b->c;
  vr->state = NULL;
  vr->note = NULL;
  vc_open(c, L, &vr->inner);
  if (!c->ops) return 0;
  vc_bind_loop(c);
  vr->inner.p = arena_printf(L->arena, "sc__vp%d", c->uniq++);
  vc_classify(c);
  if (!c->why && (c->nvs != 1 || c->vs[0].kind != VS_REDUCE ||
                  c->vs[0].red == VEC_RED_SEL || c->vs[0].lt))
    vc_no(c, "not a sum into an element held across the block row");
  if (!c->why && !c->lv->declared_in_header)
    vc_no(c, "%s is declared outside its for header", c->lv->name);
  if (!c->why && c->t->bytes != c->cfg.elem_bytes) {
    vec_config_elem(L->arena, &c->cfg, c->t->bytes);
    c->c.lanes = c->cfg.lanes;
  }
  /* avx512: a row of a block of at most 256 bits on 256-bit vectors
   * (vec_config_narrow), as vec_emit_blocks does */
  b->narrowed = c->why ? NULL : vec_config_narrow(&c->cfg, vr->width, 32);
  if (b->narrowed) {
    c->ops = c->cfg.ops;
    c->c.lanes = c->cfg.lanes;
  }
  int w = c->cfg.lanes;
  if (!c->why && w && vr->width < w)
    vc_no(c, "the level-order walk of %s's %lld x %lld blocks: a row of a "
          "block fills %lld of %d lanes; the scalar walk's constant-trip "
          "loops are faster (docs/performance.md, \"BSR in level order, "
          "vectorized\")", L->st[vr->inner.st].t->name,
          (long long)vr->rows, (long long)vr->width, (long long)vr->width,
          w);
  if (c->why) {
    vr->note = arena_printf(L->arena, "loop %s: not vectorized: %s",
                            c->lv->name, c->why);
    sb_free(&c->guard);
    L->uniq = c->uniq;
    return 0;
  }
  b->w = w;
  b->nchunks = w ? (int)((vr->width + w - 1) / w) : 1;
  b->nfull = w ? (int)(vr->width / w) : 0;
  b->rem = w ? (int)(vr->width % w) : 0;
  c->cfg.unroll = b->nchunks;
  vr->state = b;
  L->uniq = c->uniq;
  return 1;
}

const char *vec_block_rows_guard(const VecBlockRows *vr) {
  const BrState *b = vr->state;
  return b->c.ops->guard;
}

static const char *br_acc(VC *c, const BrState *b, int64_t k, int u) {
  return vc_acc_name(c, 0, (int)k * b->nchunks + u);
}

void vec_block_rows_init(Lower *L, VecBlockRows *vr, StrBuf *sb, int depth) {
  BrState *b = vr->state;
  VC *c = &b->c;
  if (c->uniq < L->uniq) c->uniq = L->uniq;
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, depth);
  c->ops->prologue(&c->c, sb, c->c.ind);
  for (int64_t k = 0; k < vr->rows; k++)
    for (int u = 0; u < b->nchunks; u++)
      simd_pre(&c->c, "%s %s = %s;", vc_vtype(c), br_acc(c, b, k, u),
               c->ops->splat(&c->c, c->t->sum_id));
  b->rmask = NULL;
  if (b->rem) {
    b->rmask = c->ops->mask(&c->c, arena_printf(L->arena, "%d", b->rem));
    c->c.mask_n = arena_printf(L->arena, "%d", b->rem);
  }
  L->uniq = c->uniq;
}

void vec_block_rows_block(Lower *L, VecBlockRows *vr, StrBuf *sb, int edge,
                          int depth) {
  BrState *b = vr->state;
  VC *c = &b->c;
  const IrLoopVar *lv = c->lv, *iv = vr->iv;
  if (c->uniq < L->uniq) c->uniq = L->uniq;
  for (int64_t k = 0; k < vr->rows; k++) {
    StrBuf row = {0};
    int d = depth + 1 + edge;
    vc_line(c, &row, d, "const size_t %s = (%s * %lld + %lld) * %lld;",
            vr->inner.p, vr->p, (long long)vr->rows, (long long)k,
            (long long)vr->width);
    const size_t jdecl = row.len;
    vc_line(c, &row, d, "const %s %s = (%s)(%s);", lv->ctype, lv->name,
            lv->ctype, vr->col0);
    const size_t jend = row.len;
    /* a block reaching past the extent of j: its entries there masked */
    const char *nb = NULL;
    if (edge) {
      nb = arena_printf(L->arena, "sc__nb%d", c->uniq++);
      vc_line(c, &row, d, "const int64_t %s = (int64_t)(%s) - (int64_t)%s;",
              nb, vr->ext_j, lv->name);
    }
    c->c.pre = &row;
    c->c.ind = vc_ind_of(c, d);
    if (b->w) {
      for (int u = 0; u < b->nchunks; u++) {
        c->off = arena_printf(L->arena, "%d", u * b->w);
        if (edge) {
          vc_line(c, &row, d, "if (%s > %d) {", nb, u * b->w);
          const char *nn = arena_printf(L->arena, "sc__n%d", c->uniq++);
          int lim = u < b->nfull ? b->w : b->rem;
          vc_line(c, &row, d + 1, "const int %s = %s - %d < %d ? (int)(%s - "
                  "%d) : %d;", nn, nb, u * b->w, lim, nb, u * b->w, lim);
          c->c.ind = vc_ind_of(c, d + 1);
          c->m = c->ops->mask(&c->c, nn);
        } else {
          c->m = u < b->nfull ? NULL : b->rmask;
          if (c->m) c->c.mask_n = arena_printf(L->arena, "%d", b->rem);
        }
        vc_emit_value(c, (int)k * b->nchunks + u);
        if (edge) {
          vc_line(c, &row, d, "}");
          c->c.ind = vc_ind_of(c, d);
        }
      }
    } else {
      /* vector-length agnostic: the row's entries under whilelt */
      const char *kk = arena_printf(L->arena, "sc__kk%d", c->uniq++);
      const char *hb = arena_printf(L->arena, "%lld", (long long)vr->width);
      if (edge)
        hb = arena_printf(L->arena, "(%s < %lld ? %s : %lld)", nb,
                          (long long)vr->width, nb, (long long)vr->width);
      vc_line(c, &row, d, "int64_t %s = 0;", kk);
      vc_line(c, &row, d, "do {");
      c->c.ind = vc_ind_of(c, d + 1);
      c->m = c->ops->mask(&c->c, arena_printf(L->arena, "%s, %s", kk, hb));
      c->off = kk;
      vc_emit_value(c, (int)k);
      vc_line(c, &row, d + 1, "%s += (int64_t)%s;", kk,
              c->ops->active(&c->c, c->m));
      vc_line(c, &row, d, "} while (%s < %s);", kk, hb);
    }
    /* j's line left out where nothing reads it (a row sum of the block) */
    if (!edge && !lower_uses_ident(row.data + jend, lv->name)) {
      memmove(row.data + jdecl, row.data + jend, row.len - jend + 1);
      row.len -= jend - jdecl;
    }
    c->m = NULL;
    c->off = "0";
    vc_line(c, sb, depth, "{");
    const char *ival = arena_printf(L->arena, "%s + %lld", vr->row0,
                                    (long long)k);
    if (!iv->declared_in_header)
      vc_line(c, sb, depth + 1, "%s = (%s)(%s);", iv->name, iv->ctype, ival);
    else if (lower_uses_ident(row.data, iv->name))
      vc_line(c, sb, depth + 1, "const %s %s = (%s)(%s);", iv->ctype,
              iv->name, iv->ctype, ival);
    /* a block row reaching past the extent of i: its rows there skipped */
    if (edge)
      vc_line(c, sb, depth + 1, "if ((int64_t)(%s) < (int64_t)(%s)) {", ival,
              vr->ext_i);
    sb_puts(sb, row.data);
    if (edge) vc_line(c, sb, depth + 1, "}");
    vc_line(c, sb, depth, "}");
    sb_free(&row);
  }
  L->uniq = c->uniq;
}

void vec_block_rows_reduce(Lower *L, VecBlockRows *vr, StrBuf *sb,
                           int depth) {
  BrState *b = vr->state;
  VC *c = &b->c;
  if (c->uniq < L->uniq) c->uniq = L->uniq;
  c->c.pre = sb;
  c->c.ind = vc_ind_of(c, depth);
  const IrStmt *s = c->vs[0].s;
  for (int64_t k = 0; k < vr->rows; k++) {
    for (int st = 1; st < b->nchunks; st *= 2)
      for (int u = 0; u + st < b->nchunks; u += 2 * st) {
        const char *a = br_acc(c, b, k, u);
        simd_pre(&c->c, "%s = %s;", a,
                 c->ops->accum(&c->c, SIMD_RED_ADD, a,
                               br_acc(c, b, k, u + st), NULL));
      }
    const char *r = c->ops->reduce(&c->c, SIMD_RED_ADD, br_acc(c, b, k, 0));
    const char *lhs = arena_printf(L->arena, "%s[%lld]", vr->acc,
                                   (long long)k);
    char op = s->op == IR_SUBFROM ? '-' : '+';
    if (c->t->utype)
      simd_pre(&c->c, "%s = (%s)((%s)%s %c (%s)%s);", lhs, c->t->ctype,
               c->t->utype, lhs, op, c->t->utype, r);
    else
      simd_pre(&c->c, "%s %c= %s;", lhs, op, r);
  }
  L->uniq = c->uniq;
}

void vec_block_rows_done(Lower *L, VecBlockRows *vr) {
  BrState *b = vr->state;
  VC *c = &b->c;
  const char *lanes = b->w ? arena_printf(L->arena, "%d", b->w)
                           : c->ops->vlen(&c->c);
  const char *name = b->narrowed ? b->narrowed : c->ops->name;
  vr->note = arena_printf(
      L->arena, "loop %s: vectorized: %s, in the level-order walk of %s: "
      "each row of a %lld x %lld block = %s%s, %lld x %d accumulators held "
      "across the block row's whole blocks, added into its rows' locals "
      "once; a block reaching past an extent masked; compiled when %s (%s), "
      "else the scalar walk%s%s",
      c->lv->name,
      c->t->elem == SIMD_F64 ? name
                             : arena_printf(L->arena, "%s, %s", name,
                                            c->t->name),
      L->st[vr->inner.st].t->name, (long long)vr->rows,
      (long long)vr->width,
      b->w ? arena_printf(L->arena, "%d x %s lanes", b->nchunks, lanes)
           : arena_printf(L->arena, "a predicated loop of %s lanes", lanes),
      b->rem ? arena_printf(L->arena, " (the last under a constant mask of "
                            "%d)", b->rem) : "",
      (long long)vr->rows, b->nchunks, c->ops->guard, c->ops->needs,
      c->cfg.adjust ? "; " : "", c->cfg.adjust ? c->cfg.adjust : "");
  L->ctx->need_runtime_include |= 2;
  sb_free(&c->guard);
  vr->state = NULL;
}
