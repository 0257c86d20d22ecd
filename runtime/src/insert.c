/* insert.c — buffered element inserts and compound updates with lazy
 * finalization: calls only append to the pending buffer (pending.c,
 * amortised O(1)); the next read sorts it once by packed key (keysort.c;
 * skipped when the entries arrived in order), folds each coordinate's
 * operations in program order, and merges the result with the stored
 * entries: straight into the final arrays for CSR-like encodings
 * (build_sorted.c), through the generic assembly otherwise. */
#include "sc_internal.h"

#include <stdlib.h>

static sc_status sc_push_pending(sc_tensor *t, const int64_t *coords,
                                 const void *value, char op) {
  sc_status st;
  if (!t || !coords || !value)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (t->appending)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "insert during an ordered append (end it first)");
  if (t->enc.has_slices) {
    /* a view: the element of the stored tensor it shows */
    int64_t dc[SC_MAX_RANK];
    if ((st = sc_view_to_stored(t, coords, dc)))
      return st;
    return sc_pending_push(t, dc, value, op);
  }
  if ((st = sc_check_dim_coords(t, coords)))
    return st;
  return sc_pending_push(t, coords, value, op);
}

sc_status sc_tensor_insert(sc_tensor *t, const int64_t *coords,
                           const void *value) {
  return sc_push_pending(t, coords, value, '=');
}

sc_status sc_tensor_update(sc_tensor *t, const int64_t *coords, char op,
                           const void *value) {
  sc_status st;
  if (!t || !value)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if ((st = sc_val_check_op(t->vt, op, value)))
    return st;
  return sc_push_pending(t, coords, value, op);
}

/* Folds each run of equal keys (sorted, program order within a run) into
 * one entry, in place: an insert sets the value, an update combines with
 * the value so far, starting from the stored one (absent = 0). */
static void sc_fold(sc_tensor *t) {
  sc_pending *p = &t->pend;
  size_t out = 0, vs = t->vsize;
  if (!p->op) {
    /* inserts only: the last of each run of equal keys is the value */
    for (size_t a = 0; a < p->n; a++) {
      if (a + 1 < p->n && p->key[a + 1] == p->key[a])
        continue;
      if (out != a) {
        p->key[out] = p->key[a];
        sc_vcopy(p->val + out * vs, p->val + a * vs, vs);
      }
      out++;
    }
    p->n = out;
    return;
  }
  for (size_t a = 0; a < p->n;) {
    uint64_t key = p->key[a], v = 0;
    size_t b = a;
    for (; b < p->n && p->key[b] == key; b++) {
      char op = p->op ? p->op[b] : '=';
      if (op == '=') {
        sc_vcopy(&v, p->val + b * vs, vs);
      } else {
        if (b == a && t->nvals) {
          int64_t dc[SC_MAX_RANK];
          int found;
          sc_pending_decode(t, key, dc);
          sc_lookup(t, dc, &v, &found);
        }
        sc_val_apply(t->vt, &v, op, p->val + b * vs);
      }
    }
    p->key[out] = key;
    sc_vcopy(p->val + out * vs, &v, vs);
    out++;
    a = b;
  }
  p->n = out;
  free(p->op);
  p->op = NULL;
}

/* Entries merged with the stored ones through the generic assembly:
 * stored entries first, then one folded entry per pending coordinate. */
static sc_status sc_apply_generic(sc_tensor *t) {
  sc_pending *p = &t->pend;
  size_t D = (size_t)t->dim_rank, vs = t->vsize, ne = 0;
  int64_t *edc = NULL, *all = NULL;
  unsigned char *evals = NULL, *allv = NULL;
  sc_status st;
  /* Zeros that are format padding are not entries; explicit zeros in an
   * unpadded tensor (given as COO) are kept. */
  if ((st = sc_gather(t, sc_tensor_may_pad(t) &&
                             t->info.filter_mode == SC_FILTER_DROP_ALL,
                      0, &edc, &evals, &ne)))
    return st;
  if ((st = sc_alloc((void **)&all, ne + p->n, D * sizeof(int64_t), 0,
                     "merged coordinates")) ||
      (st = sc_alloc((void **)&allv, ne + p->n, vs, 0, "merged values")))
    goto done;
  if (ne) {
    memcpy(all, edc, ne * D * sizeof(int64_t));
    memcpy(allv, evals, ne * vs);
  }
  free(edc);
  free(evals);
  edc = NULL;
  evals = NULL;
  for (size_t i = 0; i < p->n; i++)
    sc_pending_decode(t, p->key[i], all + (ne + i) * D);
  if (p->n)
    memcpy(allv + ne * vs, p->val, p->n * vs);
  st = sc_assemble(t, all, allv, ne + p->n, SC_DUP_LAST_, ne,
                   sc_tensor_may_pad(t) ? 0 : ne);
done:
  free(edc);
  free(evals);
  free(all);
  free(allv);
  return st;
}

/* Sizes whose product exceeds 64 bits: full coordinates, sorted by index. */
static sc_status sc_apply_wide(sc_tensor *t) {
  sc_pending *p = &t->pend;
  size_t D = (size_t)t->dim_rank, vs = t->vsize, g = 0, ne = 0;
  size_t *ord = NULL;
  int64_t *edc = NULL, *all = NULL;
  unsigned char *evals = NULL, *allv = NULL;
  sc_status st;
  if ((st = sc_alloc((void **)&ord, p->n, sizeof *ord, 0, "pending order")))
    return st;
  for (size_t i = 0; i < p->n; i++)
    ord[i] = i;
  if ((st = sc_sort_lex(ord, p->n, p->crd, D, t->dim_rank, t->dim_sizes)))
    goto done;
  if ((st = sc_gather(t, sc_tensor_may_pad(t) &&
                             t->info.filter_mode == SC_FILTER_DROP_ALL,
                      0, &edc, &evals, &ne)))
    goto done;
  if ((st = sc_alloc((void **)&all, ne + p->n, D * sizeof(int64_t), 0,
                     "merged coordinates")) ||
      (st = sc_alloc((void **)&allv, ne + p->n, vs, 0, "merged values")))
    goto done;
  if (ne) {
    memcpy(all, edc, ne * D * sizeof(int64_t));
    memcpy(allv, evals, ne * vs);
  }
  for (size_t a = 0; a < p->n;) {
    size_t b = a;
    const int64_t *c = p->crd + ord[a] * D;
    unsigned char *v = allv + (ne + g) * vs;
    while (b < p->n && !memcmp(p->crd + ord[b] * D, c, D * sizeof(int64_t))) {
      size_t e = ord[b];
      char op = p->op ? p->op[e] : '=';
      if (op == '=') {
        memcpy(v, p->val + e * vs, vs);
      } else {
        if (b == a) {
          int found;
          sc_lookup(t, c, v, &found);
        }
        sc_val_apply(t->vt, v, op, p->val + e * vs);
      }
      b++;
    }
    memcpy(all + (ne + g) * D, c, D * sizeof(int64_t));
    g++;
    a = b;
  }
  st = sc_assemble(t, all, allv, ne + g, SC_DUP_LAST_, ne,
                   sc_tensor_may_pad(t) ? 0 : ne);
done:
  free(ord);
  free(edc);
  free(evals);
  free(all);
  free(allv);
  return st;
}

static sc_status sc_apply_pending(sc_tensor *t) {
  int in_order = t->pend.sorted;
  sc_status st;
  if (t->pend.mode == SC_PEND_WIDE)
    return sc_apply_wide(t);
  /* In-order arrival (the usual fill loop) needs neither sort nor fold
   * unless some update must be combined. */
  if ((st = sc_pending_sort(&t->pend)))
    return st;
  if (!in_order || t->pend.op)
    sc_fold(t);
  if (sc_sorted_build_applies(t))
    return sc_build_sorted(t);
  return sc_apply_generic(t);
}

sc_status sc_tensor_finalize(sc_tensor *t) {
  sc_status st;
  if (!t)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "tensor is NULL");
  if (t->appending)
    return sc_tensor_end_append(t);
  if (t->pend.n == 0)
    return SC_OK;
  st = sc_apply_pending(t);
  /* Applied or not, the pending list is consumed: on failure the tensor
   * keeps its previous entries and the error is reported once. */
  sc_pending_free(t);
  return st;
}
