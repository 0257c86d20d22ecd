/* kernels_others.c — the baselines of bench/kernels_pragma.c: hand-written
 * CSR loops, MLIR's sparsifier kernels (-DKB_MLIR) and GraphBLAS
 * (-DKB_GRAPHBLAS), each set up once, verified against the hand-written
 * result, then timed one sample per round (see kernels_others.h). */
#include "kernels_others.h"

#ifdef KB_GRAPHBLAS
#include <GraphBLAS.h>
#endif
#ifdef KB_SPARSECC_RT
#include "sparsecc_rt.h"
#endif

enum { KB_MAXV = 6, KB_SDDMM_K = 32 };

/* ------------------------------------------------------------------ */
/* Hand-written loops (noinline, 64-byte aligned: see spmv_kernels.h)  */
/* ------------------------------------------------------------------ */

#define KB_HW __attribute__((noinline, aligned(64))) static

/* C = A*X, X ncols x K, C nrows x K, row-major; K a constant (one
 * function per K), as in sparsecc's input and MLIR's static shapes. (No
 * unroll-and-jam: gcc 12 -O3 otherwise jams two entries of a row into one
 * loop that fetches the second row of X with a gather, 2-3x slower on
 * this machine.) */
#define HW_SPMM(K)                                                             \
  __attribute__((optimize("no-loop-unroll-and-jam"))) KB_HW void              \
  hw_spmm##K(const bench_csr *A, const double *restrict X, double *restrict C) { \
    const int64_t *restrict rp = A->rp, *restrict ci = A->ci;                 \
    const double *restrict val = A->val;                                      \
    for (int64_t i = 0, m = A->nrows; i < m; i++) {                           \
      double *restrict c = C + i * K;                                         \
      for (int k = 0; k < K; k++) c[k] = 0.0;                                 \
      for (int64_t p = rp[i], e = rp[i + 1]; p < e; p++) {                    \
        const double a = val[p], *restrict x = X + ci[p] * K;                 \
        for (int k = 0; k < K; k++) c[k] += a * x[k];                         \
      }                                                                       \
    }                                                                         \
  }
HW_SPMM(16)
HW_SPMM(64)

/* Values of R on A's pattern (R's positions and coordinates are A's). */
KB_HW void hw_sddmm(const bench_csr *A, const double *restrict U,
                    const double *restrict V, double *restrict rval) {
  const int64_t *restrict rp = A->rp, *restrict ci = A->ci;
  const double *restrict val = A->val;
  for (int64_t i = 0, m = A->nrows; i < m; i++) {
    const double *restrict u = U + i * KB_SDDMM_K;
    for (int64_t p = rp[i], e = rp[i + 1]; p < e; p++) {
      const double *restrict v = V + ci[p] * KB_SDDMM_K;
      const double a = val[p];
      double s = 0.0;
      for (int k = 0; k < KB_SDDMM_K; k++) s += a * u[k] * v[k];
      rval[p] = s;
    }
  }
}

/* C = A + B by merging rows; C's arrays hold nnz(A) + nnz(B). */
KB_HW void hw_spadd(const bench_csr *A, const bench_csr *B, bench_csr *C) {
  const int64_t *restrict arp = A->rp, *restrict aci = A->ci;
  const int64_t *restrict brp = B->rp, *restrict bci = B->ci;
  const double *restrict av = A->val, *restrict bv = B->val;
  int64_t *restrict crp = C->rp, *restrict cci = C->ci;
  double *restrict cv = C->val;
  int64_t q = 0;
  crp[0] = 0;
  for (int64_t i = 0, m = A->nrows; i < m; i++) {
    int64_t a = arp[i], ae = arp[i + 1], b = brp[i], be = brp[i + 1];
    while (a < ae && b < be) {
      int64_t ja = aci[a], jb = bci[b];
      if (ja < jb) { cci[q] = ja; cv[q++] = av[a++]; }
      else if (jb < ja) { cci[q] = jb; cv[q++] = bv[b++]; }
      else { cci[q] = ja; cv[q++] = av[a++] + bv[b++]; }
    }
    for (; a < ae; a++) { cci[q] = aci[a]; cv[q++] = av[a]; }
    for (; b < be; b++) { cci[q] = bci[b]; cv[q++] = bv[b]; }
    crp[i + 1] = q;
  }
  C->nnz = q;
}

/* Gustavson's C = A*B: a dense row accumulator, a stamp per column, the
 * touched columns sorted per row (insertion sort; qsort above 32). C's
 * arrays are sized beforehand (hw_spgemm_count). */
typedef struct hw_ws { double *w; int64_t *stamp, *list; } hw_ws;

static int hw_cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

KB_HW void hw_spgemm(const bench_csr *A, const bench_csr *B, bench_csr *C,
                     hw_ws *ws) {
  double *restrict w = ws->w;
  int64_t *restrict stamp = ws->stamp, *restrict list = ws->list;
  const int64_t *restrict arp = A->rp, *restrict aci = A->ci;
  const int64_t *restrict brp = B->rp, *restrict bci = B->ci;
  const double *restrict av = A->val, *restrict bv = B->val;
  int64_t *restrict cci = C->ci;
  double *restrict cv = C->val;
  int64_t q = 0;
  C->rp[0] = 0;
  for (int64_t i = 0, m = A->nrows; i < m; i++) {
    int64_t n = 0;
    for (int64_t p = arp[i], e = arp[i + 1]; p < e; p++) {
      const int64_t k = aci[p];
      const double a = av[p];
      for (int64_t t = brp[k], te = brp[k + 1]; t < te; t++) {
        const int64_t j = bci[t];
        if (stamp[j] != i) { stamp[j] = i; w[j] = 0.0; list[n++] = j; }
        w[j] += a * bv[t];
      }
    }
    if (n > 32) qsort(list, (size_t)n, sizeof *list, hw_cmp_i64);
    else
      for (int64_t x = 1; x < n; x++) {
        int64_t v = list[x], y = x;
        for (; y > 0 && list[y - 1] > v; y--) list[y] = list[y - 1];
        list[y] = v;
      }
    for (int64_t x = 0; x < n; x++) { cci[q] = list[x]; cv[q++] = w[list[x]]; }
    C->rp[i + 1] = q;
  }
  C->nnz = q;
}

static int64_t hw_spgemm_count(const bench_csr *A, const bench_csr *B) {
  int64_t *stamp = bench_xmalloc((size_t)B->ncols * 8 + 8), nnz = 0;
  for (int64_t j = 0; j < B->ncols; j++) stamp[j] = -1;
  for (int64_t i = 0; i < A->nrows; i++)
    for (int64_t p = A->rp[i]; p < A->rp[i + 1]; p++)
      for (int64_t t = B->rp[A->ci[p]]; t < B->rp[A->ci[p] + 1]; t++)
        if (stamp[B->ci[t]] != i) { stamp[B->ci[t]] = i; nnz++; }
  free(stamp);
  return nnz;
}

/* ------------------------------------------------------------------ */
/* MLIR's kernels (bench/mlir/kernels.mlir)                             */
/* ------------------------------------------------------------------ */

typedef struct memref1 { void *allocated, *aligned; int64_t offset, size, stride; } memref1;
typedef struct memref2 {
  void *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} memref2;
typedef struct mlir_sparse_ret { memref1 pos, crd, val; int64_t lpos, lcrd, lval; } mlir_sparse_ret;

static memref1 mr1(const void *p, int64_t n) {
  memref1 m = {(void *)p, (void *)p, 0, n, 1};
  return m;
}
static memref2 mr2(const void *p, int64_t r, int64_t c) {
  memref2 m = {(void *)p, (void *)p, 0, {r, c}, {c, 1}};
  return m;
}

typedef void (*mlir_spmm_fn)(memref2 *, memref1 *, memref1 *, memref1 *, memref2 *, memref2 *);
typedef void (*mlir_sddmm_fn)(mlir_sparse_ret *, memref1 *, memref1 *, memref1 *, memref2 *,
                              memref2 *, memref1 *, memref1 *, memref1 *);
typedef void (*mlir_bin_fn)(mlir_sparse_ret *, memref1 *, memref1 *, memref1 *, memref1 *,
                            memref1 *, memref1 *, memref1 *, memref1 *, memref1 *);

#ifdef KB_MLIR
#define KB_DECL(V)                                                                   \
  void _mlir_ciface_spmm16_##V(memref2 *, memref1 *, memref1 *, memref1 *, memref2 *, \
                               memref2 *);                                           \
  void _mlir_ciface_spmm64_##V(memref2 *, memref1 *, memref1 *, memref1 *, memref2 *, \
                               memref2 *);                                           \
  void _mlir_ciface_sddmm_##V(mlir_sparse_ret *, memref1 *, memref1 *, memref1 *,     \
                              memref2 *, memref2 *, memref1 *, memref1 *, memref1 *); \
  void _mlir_ciface_spadd_##V(mlir_sparse_ret *, memref1 *, memref1 *, memref1 *,     \
                              memref1 *, memref1 *, memref1 *, memref1 *, memref1 *,  \
                              memref1 *);                                            \
  void _mlir_ciface_spgemm_##V(mlir_sparse_ret *, memref1 *, memref1 *, memref1 *,    \
                               memref1 *, memref1 *, memref1 *, memref1 *, memref1 *, \
                               memref1 *);
KB_DECL(vl0)
KB_DECL(vl8)
#endif

/* ------------------------------------------------------------------ */
/* Variants                                                            */
/* ------------------------------------------------------------------ */

enum kb_kind { KB_HAND, KB_MLIR0, KB_MLIR8, KB_GRB, KB_APPEND };

typedef struct kb_var {
  const char *name;
  enum kb_kind kind;
  double *dense;  /* SpMM result */
  bench_csr *out; /* sparse result (capacity cap) */
  int64_t cap;
  long inner;
  double *t;
  void *fn;
#ifdef KB_GRAPHBLAS
  GrB_Matrix gC;
#endif
#ifdef KB_SPARSECC_RT
  sc_tensor *sc;
#endif
} kb_var;

struct kb {
  char bench[16];
  const bench_csr *A, *B;
  const double *X, *Y;
  int64_t K, nrows, ncols;
  int reps, nv, status;
  double min_time;
  bench_csr *ref; /* sparse reference (owned, except SDDMM's pattern) */
  hw_ws ws;
  kb_var v[KB_MAXV];
#ifdef KB_GRAPHBLAS
  GrB_Matrix gA, gB;
#endif
};

static bench_csr *csr_with_cap(int64_t nrows, int64_t ncols, int64_t cap) {
  bench_csr *C = bench_csr_alloc(nrows, ncols, cap > 0 ? cap : 1);
  C->nnz = 0;
  C->rp[0] = 0;
  return C;
}

bench_csr *kb_second(const bench_csr *A) {
  bench_csr *B = bench_csr_alloc(A->nrows, A->ncols, A->nnz > 0 ? A->nnz : 1);
  uint64_t st = 777;
  int64_t q = 0;
  B->rp[0] = 0;
  for (int64_t i = 0; i < A->nrows; i++) {
    for (int64_t p = A->rp[i]; p < A->rp[i + 1]; p++)
      if (A->ci[p] + 1 < A->ncols) {
        B->ci[q] = A->ci[p] + 1;
        B->val[q++] = bench_rand_value(&st);
      }
    B->rp[i + 1] = q;
  }
  B->nnz = q;
  snprintf(B->name, sizeof B->name, "%.200s+shift", A->name);
  return B;
}

#ifdef KB_GRAPHBLAS
static int grb_ready; /* GrB_init once per process (never finalized: it
                         cannot be initialized again) */

static GrB_Matrix grb_from_csr(const bench_csr *A) {
  GrB_Matrix M = NULL;
  GrB_Index *I = bench_xmalloc((size_t)A->nnz * 8 + 8), *J = bench_xmalloc((size_t)A->nnz * 8 + 8);
  for (int64_t i = 0; i < A->nrows; i++)
    for (int64_t p = A->rp[i]; p < A->rp[i + 1]; p++) I[p] = (GrB_Index)i, J[p] = (GrB_Index)A->ci[p];
  if (GrB_Matrix_new(&M, GrB_FP64, (GrB_Index)A->nrows, (GrB_Index)A->ncols) != GrB_SUCCESS ||
      GxB_Matrix_Option_set(M, GxB_SPARSITY_CONTROL, GxB_SPARSE) != GrB_SUCCESS ||
      GrB_Matrix_build_FP64(M, I, J, A->val, (GrB_Index)A->nnz, GrB_PLUS_FP64) != GrB_SUCCESS ||
      GrB_Matrix_wait(M, GrB_MATERIALIZE) != GrB_SUCCESS) {
    fprintf(stderr, "kernels: GraphBLAS cannot build %s\n", A->name);
    exit(2);
  }
  free(I);
  free(J);
  return M;
}

/* Copies a GraphBLAS result into v->out (sorted CSR) for the check. */
static void grb_to_csr(GrB_Matrix M, kb_var *v) {
  GrB_Index nv = 0;
  GrB_Matrix_nvals(&nv, M);
  GrB_Index *I = bench_xmalloc((size_t)nv * 8 + 8), *J = bench_xmalloc((size_t)nv * 8 + 8);
  double *X = bench_xmalloc((size_t)nv * 8 + 8);
  GrB_Matrix_extractTuples_FP64(I, J, X, &nv, M);
  bench_csr *C = bench_csr_from_coo(v->out->nrows, v->out->ncols, (int64_t)nv,
                                    (const int64_t *)I, (const int64_t *)J, X);
  bench_csr_free(v->out);
  v->out = C;
  free(I);
  free(J);
  free(X);
}
#endif

#ifdef KB_SPARSECC_RT
/* Only the assembly sparsecc's generated code does for a sparse result
 * (the row-wise append): sc_tensor_begin_append, each entry of the
 * hand-written result written into the buffers of
 * sc_tensor_append_reserve (grown when full), one sc_tensor_append_row per
 * non-empty row, sc_tensor_end_append_rows (no arithmetic). */
static void run_append(const bench_csr *R, kb_var *v) {
  int64_t *crd = NULL;
  double *val = NULL;
  size_t q = 0, cap = 0;
  sc_status st = sc_tensor_begin_append(v->sc);
  for (int64_t i = 0; st == SC_OK && i < R->nrows; i++) {
    for (int64_t p = R->rp[i]; st == SC_OK && p < R->rp[i + 1]; p++) {
      if (q == cap) {
        int64_t *c = NULL;
        void *vp = NULL;
        size_t nc = 0;
        if ((st = sc_tensor_append_reserve(v->sc, q + 1, &c, &vp, &nc)))
          break;
        crd = c;
        val = vp;
        cap = nc;
      }
      crd[q] = R->ci[p];
      val[q++] = R->val[p];
    }
    if (st == SC_OK && R->rp[i + 1] > R->rp[i])
      st = sc_tensor_append_row(v->sc, i, q);
  }
  if (st == SC_OK) st = sc_tensor_end_append_rows(v->sc, q);
  if (st != SC_OK) {
    fprintf(stderr, "kernels: the row-wise append failed: %s\n",
            sc_last_error());
    exit(2);
  }
}
#endif

static void run_var(kb *k, kb_var *v) {
  const bench_csr *A = k->A;
#ifdef KB_SPARSECC_RT
  if (v->kind == KB_APPEND) {
    run_append(k->v[0].out, v);
    return;
  }
#endif
  if (v->kind == KB_HAND) {
    if (!strcmp(k->bench, "spmm16")) hw_spmm16(A, k->X, v->dense);
    else if (!strcmp(k->bench, "spmm64")) hw_spmm64(A, k->X, v->dense);
    else if (!strcmp(k->bench, "sddmm")) hw_sddmm(A, k->X, k->Y, v->out->val);
    else if (!strcmp(k->bench, "spadd")) hw_spadd(A, k->B, v->out);
    else hw_spgemm(A, A, v->out, &k->ws);
    return;
  }
#ifdef KB_GRAPHBLAS
  if (v->kind == KB_GRB) {
    GrB_Info info = !strcmp(k->bench, "spadd")
        ? GrB_Matrix_eWiseAdd_BinaryOp(v->gC, NULL, NULL, GrB_PLUS_FP64, k->gA, k->gB, NULL)
        : GrB_mxm(v->gC, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, k->gA, k->gA, NULL);
    /* the result as the others leave it: sorted, no pending work */
    if (info != GrB_SUCCESS || GrB_Matrix_wait(v->gC, GrB_MATERIALIZE) != GrB_SUCCESS) {
      fprintf(stderr, "kernels: GraphBLAS %s failed\n", k->bench);
      exit(2);
    }
    return;
  }
#endif
  memref1 pa = mr1(A->rp, A->nrows + 1), ca = mr1(A->ci, A->nnz), va = mr1(A->val, A->nnz);
  if (k->bench[0] == 's' && k->bench[2] == 'm') {
    memref2 x = mr2(k->X, k->ncols, k->K), c = mr2(v->dense, k->nrows, k->K), ret;
    memset(v->dense, 0, (size_t)(k->nrows * k->K) * sizeof(double)); /* C = 0 */
    ((mlir_spmm_fn)v->fn)(&ret, &pa, &ca, &va, &x, &c);
    if (ret.aligned != (void *)v->dense) {
      fprintf(stderr, "kernels: MLIR %s did not write C in place\n", k->bench);
      exit(1);
    }
    return;
  }
  bench_csr *O = v->out;
  memref1 po = mr1(O->rp, O->nrows + 1), co = mr1(O->ci, v->cap), vo = mr1(O->val, v->cap);
  mlir_sparse_ret ret;
  if (!strcmp(k->bench, "sddmm")) {
    memref2 u = mr2(k->X, k->nrows, KB_SDDMM_K), w = mr2(k->Y, k->ncols, KB_SDDMM_K);
    ((mlir_sddmm_fn)v->fn)(&ret, &pa, &ca, &va, &u, &w, &po, &co, &vo);
  } else {
    const bench_csr *B = !strcmp(k->bench, "spadd") ? k->B : A;
    memref1 pb = mr1(B->rp, B->nrows + 1), cb = mr1(B->ci, B->nnz), vb = mr1(B->val, B->nnz);
    ((mlir_bin_fn)v->fn)(&ret, &pa, &ca, &va, &pb, &cb, &vb, &po, &co, &vo);
  }
  if (ret.lcrd > v->cap || ret.pos.aligned != (void *)O->rp) {
    fprintf(stderr, "kernels: MLIR %s result does not fit its buffers\n", k->bench);
    exit(1);
  }
  O->nnz = ret.lval;
}

/* Same pattern, values within 1e-12 relative (scaled by max |ref|). */
static double csr_diff(const bench_csr *C, const bench_csr *R) {
  if (C->nnz != R->nnz) return INFINITY;
  for (int64_t i = 0; i <= R->nrows; i++)
    if (C->rp[i] != R->rp[i]) return INFINITY;
  for (int64_t p = 0; p < R->nnz; p++)
    if (C->ci[p] != R->ci[p]) return INFINITY;
  return bench_max_rel_diff(C->val, R->val, R->nnz);
}

static void add_var(kb *k, const char *name, enum kb_kind kind, void *fn) {
  kb_var *v = &k->v[k->nv++];
  memset(v, 0, sizeof *v);
  v->name = name;
  v->kind = kind;
  v->fn = fn;
  v->t = bench_xmalloc((size_t)k->reps * sizeof(double));
}

kb *kb_new(const char *bench, const bench_csr *A, const bench_csr *B,
           const double *X, const double *Y, int reps, double min_time) {
  kb *k = calloc(1, sizeof *k);
  if (!k) exit(2);
  snprintf(k->bench, sizeof k->bench, "%s", bench);
  k->A = A;
  k->B = B;
  k->X = X;
  k->Y = Y;
  k->nrows = A->nrows;
  k->ncols = A->ncols;
  k->reps = reps;
  k->min_time = min_time;
  int spmm = !strcmp(bench, "spmm16") || !strcmp(bench, "spmm64");
  if (spmm) k->K = !strcmp(bench, "spmm16") ? 16 : 64;
  else if (strcmp(bench, "sddmm") && strcmp(bench, "spadd") && strcmp(bench, "spgemm")) {
    fprintf(stderr, "kernels: unknown benchmark '%s'\n", bench);
    free(k);
    return NULL;
  }
  if (!strcmp(bench, "spgemm") && A->nrows != A->ncols) {
    printf("SKIP bench=spgemm matrix=%s reason=not square\n", A->name);
    free(k);
    return NULL;
  }
#ifdef KB_MLIR
  if (A->nrows != MLIR_NROWS || A->ncols != MLIR_NCOLS) {
    fprintf(stderr, "kernels: %s is %lldx%lld, MLIR kernels built for %lldx%lld\n",
            A->name, (long long)A->nrows, (long long)A->ncols,
            (long long)MLIR_NROWS, (long long)MLIR_NCOLS);
    free(k);
    return NULL;
  }
#endif
  /* the sparse reference's capacity, and SpGEMM's workspace */
  int64_t cap = 0;
  if (!strcmp(bench, "sddmm")) cap = A->nnz;
  else if (!strcmp(bench, "spadd")) cap = A->nnz + B->nnz;
  else if (!strcmp(bench, "spgemm")) {
    cap = hw_spgemm_count(A, A);
    k->ws.w = bench_xmalloc((size_t)A->ncols * 8 + 8);
    k->ws.stamp = bench_xmalloc((size_t)A->ncols * 8 + 8);
    k->ws.list = bench_xmalloc((size_t)A->ncols * 8 + 8);
    for (int64_t j = 0; j < A->ncols; j++) k->ws.stamp[j] = -1;
  }

  add_var(k, "handwritten", KB_HAND, NULL);
#ifdef KB_MLIR
  static const char *const sn[] = {"spmm16", "spmm64", "sddmm", "spadd", "spgemm"};
  void *const f0[] = {(void *)_mlir_ciface_spmm16_vl0, (void *)_mlir_ciface_spmm64_vl0,
                      (void *)_mlir_ciface_sddmm_vl0, (void *)_mlir_ciface_spadd_vl0,
                      (void *)_mlir_ciface_spgemm_vl0};
  void *const f8[] = {(void *)_mlir_ciface_spmm16_vl8, (void *)_mlir_ciface_spmm64_vl8,
                      (void *)_mlir_ciface_sddmm_vl8, (void *)_mlir_ciface_spadd_vl8,
                      (void *)_mlir_ciface_spgemm_vl8};
  for (int s = 0; s < 5; s++)
    if (!strcmp(bench, sn[s])) {
      add_var(k, "mlir_vl0", KB_MLIR0, f0[s]);
      add_var(k, "mlir_vl8", KB_MLIR8, f8[s]);
    }
#endif
#ifdef KB_GRAPHBLAS
  if (!strcmp(bench, "spadd") || !strcmp(bench, "spgemm")) {
    if (!grb_ready) {
      grb_ready = 1;
      GrB_init(GrB_NONBLOCKING);
      GxB_set(GxB_NTHREADS, 1);
    }
    k->gA = grb_from_csr(A);
    k->gB = B ? grb_from_csr(B) : NULL;
    add_var(k, "graphblas", KB_GRB, NULL);
    GrB_Matrix_new(&k->v[k->nv - 1].gC, GrB_FP64, (GrB_Index)A->nrows, (GrB_Index)A->ncols);
    GxB_Matrix_Option_set(k->v[k->nv - 1].gC, GxB_SPARSITY_CONTROL, GxB_SPARSE);
  }
#endif
#ifdef KB_SPARSECC_RT
  if (!spmm) {
    add_var(k, "rt_append_only", KB_APPEND, NULL);
    sc_encoding enc;
    const int64_t dims[2] = {A->nrows, A->ncols};
    if (sc_encoding_named(&enc, "CSR", NULL, 0) != SC_OK ||
        sc_tensor_new(&k->v[k->nv - 1].sc, &enc, SC_F64, dims) != SC_OK) {
      fprintf(stderr, "kernels: sc_tensor_new failed\n");
      exit(2);
    }
  }
#endif
  for (int i = 0; i < k->nv; i++) {
    kb_var *v = &k->v[i];
    if (v->kind == KB_APPEND) {
      run_var(k, v);
      continue;
    }
    if (spmm) {
      v->dense = bench_xmalloc((size_t)(A->nrows * k->K) * sizeof(double));
      memset(v->dense, 0, (size_t)(A->nrows * k->K) * sizeof(double));
    } else {
      v->cap = cap;
      v->out = csr_with_cap(A->nrows, A->ncols, cap);
      if (!strcmp(bench, "sddmm")) { /* the pattern is A's */
        memcpy(v->out->rp, A->rp, (size_t)(A->nrows + 1) * 8);
        memcpy(v->out->ci, A->ci, (size_t)A->nnz * 8);
        v->out->nnz = A->nnz;
      }
    }
    run_var(k, v); /* the result to check */
#ifdef KB_GRAPHBLAS
    if (v->kind == KB_GRB) grb_to_csr(v->gC, v);
#endif
    if (i == 0) continue;
    double d = spmm ? bench_max_rel_diff(v->dense, k->v[0].dense, A->nrows * k->K)
                    : csr_diff(v->out, k->v[0].out);
    if (!(d <= 1e-12)) {
      fprintf(stderr, "kernels: %s %s on %s differs from the hand-written loop (%g)\n",
              bench, v->name, A->name, d);
      k->status = 1;
    }
  }
  return k;
}

void kb_round(kb *k, int r) {
  for (int i = 0; i < k->nv; i++) {
    kb_var *v = &k->v[i];
    if (r < 0) {
      double t0 = bench_now();
      run_var(k, v);
      double t = bench_now() - t0;
      v->inner = t < k->min_time ? (long)(k->min_time / (t + 1e-9)) + 1 : 1;
      continue;
    }
    double t0 = bench_now();
    for (long c = 0; c < v->inner; c++) run_var(k, v);
    v->t[r] = (bench_now() - t0) / (double)v->inner;
  }
}

const double *kb_ref_dense(const kb *k) { return k->v[0].dense; }
const bench_csr *kb_ref_csr(const kb *k) { return k->v[0].out; }

static void result_line(const kb *k, const char *name, double *t, double check) {
  const bench_csr *R = k->v[0].out;
  printf("RESULT bench=%s impl=%s matrix=%s nrows=%lld ncols=%lld nnz=%lld "
         "out_nnz=%lld median_s=%.6g best_s=%.6g check=%.12g\n",
         k->bench, name, k->A->name, (long long)k->nrows, (long long)k->ncols,
         (long long)k->A->nnz, (long long)(R ? R->nnz : k->nrows * k->K),
         bench_median(t, k->reps), bench_min(t, k->reps), check);
}

int kb_report(kb *k, const char *name, double *t_candidate, double check) {
  double mc = bench_median(t_candidate, k->reps);
  result_line(k, name, t_candidate, check);
  for (int i = 0; i < k->nv; i++) result_line(k, k->v[i].name, k->v[i].t, check);
  for (int i = 0; i < k->nv; i++)
    printf("RATIO bench=%s matrix=%s impl=%s vs=%s speedup=%.3f\n", k->bench,
           k->A->name, name, k->v[i].name, bench_median(k->v[i].t, k->reps) / mc);
  fflush(stdout);
  return k->status;
}

void kb_free(kb *k) {
  if (!k) return;
  for (int i = 0; i < k->nv; i++) {
    free(k->v[i].t);
    free(k->v[i].dense);
    bench_csr_free(k->v[i].out);
#ifdef KB_GRAPHBLAS
    if (k->v[i].kind == KB_GRB) GrB_Matrix_free(&k->v[i].gC);
#endif
#ifdef KB_SPARSECC_RT
    sc_tensor_free(k->v[i].sc);
#endif
  }
  free(k->ws.w);
  free(k->ws.stamp);
  free(k->ws.list);
#ifdef KB_GRAPHBLAS
  if (k->gA) {
    GrB_Matrix_free(&k->gA);
    if (k->gB) GrB_Matrix_free(&k->gB);
  }
#endif
  free(k);
}
