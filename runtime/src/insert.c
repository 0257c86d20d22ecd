/* insert.c — buffered element inserts and compound updates with lazy
 * finalization: calls only append to a pending list (amortised O(1)); the
 * next read sorts the pending list once, folds each coordinate's operations
 * in program order, merges them with the stored entries and reassembles
 * once. Filling n entries then reading costs O(n log n) in total. */
#include "sc_internal.h"

#include <stdlib.h>

void sc_pending_free(sc_tensor *t) { sc_coo_free(&t->pend); }

static sc_status sc_push_pending(sc_tensor *t, const int64_t *coords,
                                 const void *value, char op) {
  sc_status st;
  if (!t || !coords || !value)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT, "NULL argument");
  if (t->appending)
    return sc_set_error(SC_ERR_INVALID_ARGUMENT,
                        "insert during an ordered append (end it first)");
  if ((st = sc_check_dim_coords(t, coords)))
    return st;
  return sc_coo_push(&t->pend, coords, value, op);
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

static sc_status sc_apply_pending(sc_tensor *t) {
  sc_coo *p = &t->pend;
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
  /* Zeros that are format padding are not entries; explicit zeros in an
   * unpadded tensor (given as COO) are kept. */
  if ((st = sc_gather(t, sc_tensor_may_pad(t) &&
                             t->info.filter_mode == SC_FILTER_DROP_ALL,
                      &edc, &evals, &ne)))
    goto done;
  /* Existing entries first, then one folded entry per pending coordinate
   * (at most p->n). */
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
    int have = 0;
    while (b < p->n && !memcmp(p->crd + ord[b] * D, c, D * sizeof(int64_t))) {
      size_t e = ord[b];
      if (p->op[e] == '=') {
        memcpy(v, p->val + e * vs, vs);
      } else {
        if (!have) {
          int found;
          sc_lookup(t, c, v, &found);
        }
        sc_val_apply(t->vt, v, p->op[e], p->val + e * vs);
      }
      have = 1;
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
  sc_coo_init(&t->pend, t->dim_rank, t->vsize);
  return st;
}
