/* bench_common.h — shared helpers of the sparsecc benchmarks.
 *
 * Self-contained on purpose (no dependency on libsparsecc_rt), so the
 * baselines can be built and checked while the compiler and runtime evolve:
 *  - timing (CLOCK_MONOTONIC, or CPU time with BENCH_CLOCK=cpu), medians;
 *  - matrix sources: synthetic generators (banded, 2-D Poisson 5-point,
 *    uniform random) and a plain Matrix Market reader, all producing a
 *    sorted, duplicate-free CSR with 64-bit positions/coordinates, plus
 *    32-bit copies;
 *  - the bytes-per-nonzero model of CSR SpMV (see bench/README.md);
 *  - one-line machine-readable results: "RESULT key=value ...".
 *
 * Matrix specifications (the same string gives the same matrix in every
 * benchmark program):
 *   banded:N:B      N x N, half-bandwidth B (2B+1 entries per inner row)
 *   poisson2d:M     N = M*M, 5-point stencil on an M x M grid (4, -1)
 *   random:N:D      N x N, D distinct uniform random columns per row
 *   path/to/x.mtx   Matrix Market coordinate file (symmetric mirrored,
 *                   pattern entries read as 1)
 * Values of synthetic matrices are deterministic (seeded LCG), not 1.0, so a
 * wrong gather shows up in the checksum.
 */
#ifndef SPARSECC_BENCH_COMMON_H
#define SPARSECC_BENCH_COMMON_H

/* (generated files include the runtime's header first: they get
 * -D_POSIX_C_SOURCE=200809L on the command line, see run.sh) */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/mman.h>
#ifndef MADV_HUGEPAGE
/* hidden by <sys/mman.h> under strict POSIX (_POSIX_C_SOURCE alone) */
#define MADV_HUGEPAGE 14
int madvise(void *addr, size_t len, int advice);
#endif
#endif

/* ------------------------------------------------------------------ */
/* Timing and statistics                                               */
/* ------------------------------------------------------------------ */

/* BENCH_CLOCK=cpu: the calling thread's CPU time instead of the wall
 * clock (every benchmark is single-threaded), so that time spent
 * preempted on a loaded, shared machine is not counted. */
static inline double bench_clock(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline double bench_now(void) {
  static int cpu = -1;
  if (cpu < 0) {
    const char *c = getenv("BENCH_CLOCK");
    cpu = c && !strcmp(c, "cpu");
  }
  return bench_clock(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC);
}

/* The calling thread's CPU time whatever BENCH_CLOCK says (programs that
 * always report CPU time: vec_bsr.c, vec_nv24.c). */
static inline double bench_cpu_now(void) {
  return bench_clock(CLOCK_THREAD_CPUTIME_ID);
}

static inline int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of n samples (the array is sorted in place). */
static inline double bench_median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, bench_cmp_double);
  return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static inline double bench_min(const double *v, int n) {
  double m = v[0];
  for (int i = 1; i < n; i++)
    if (v[i] < m) m = v[i];
  return m;
}

/* Arrays of 4 MB and more sit on 2 MB-aligned memory advised for huge
 * pages before their first touch, as the runtime's storage arrays are
 * (docs/runtime.md, "Storage arrays on huge pages"): the STREAM probe, the
 * hand-written loops and MLIR's kernels then read memory of the same page
 * size as sparsecc's kernels (bench/README.md, "Page size of the arrays").
 * Advisory: where the system has no huge pages nothing changes. */
#define BENCH_HUGE_BYTES ((size_t)4 << 20)

static inline void *bench_xmalloc(size_t bytes) {
  void *p = NULL;
  size_t align = 64; /* whole cache lines, AVX-512 friendly */
  if (bytes == 0) bytes = 1;
  if (bytes >= BENCH_HUGE_BYTES) align = (size_t)2 << 20;
  if (posix_memalign(&p, align, bytes) != 0 || !p) {
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
    exit(2);
  }
#if defined(__linux__)
  if (bytes >= BENCH_HUGE_BYTES)
    (void)madvise(p, bytes & ~(((size_t)2 << 20) - 1), MADV_HUGEPAGE);
#endif
  return p;
}

/* Environment knob with a default (BENCH_REPS, BENCH_MIN_TIME...). */
static inline long bench_env_long(const char *name, long dflt) {
  const char *s = getenv(name);
  return (s && *s) ? strtol(s, NULL, 10) : dflt;
}
static inline double bench_env_double(const char *name, double dflt) {
  const char *s = getenv(name);
  return (s && *s) ? strtod(s, NULL) : dflt;
}

/* Deterministic pseudo-random numbers (64-bit LCG, high bits). */
static inline uint64_t bench_rand_next(uint64_t *state) {
  *state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
  return *state >> 17;
}
static inline double bench_rand_value(uint64_t *state) {
  /* in [0.5, 1.5): never zero, so no entry cancels. */
  return 0.5 + (double)(bench_rand_next(state) & 0xFFFFFF) / 16777216.0;
}

/* ------------------------------------------------------------------ */
/* CSR                                                                 */
/* ------------------------------------------------------------------ */

typedef struct bench_csr {
  int64_t nrows, ncols, nnz;
  int64_t *rp;  /* nrows + 1 */
  int64_t *ci;  /* nnz, sorted within each row, no duplicates */
  double *val;  /* nnz */
  uint32_t *rp32, *ci32; /* 32-bit copies (bench_csr_make32) */
  char name[256];
} bench_csr;

static inline void bench_csr_free(bench_csr *A) {
  if (!A) return;
  free(A->rp);
  free(A->ci);
  free(A->val);
  free(A->rp32);
  free(A->ci32);
  free(A);
}

static inline bench_csr *bench_csr_alloc(int64_t nrows, int64_t ncols, int64_t cap) {
  bench_csr *A = (bench_csr *)calloc(1, sizeof *A);
  if (!A) exit(2);
  A->nrows = nrows;
  A->ncols = ncols;
  A->rp = (int64_t *)bench_xmalloc((size_t)(nrows + 1) * sizeof(int64_t));
  A->ci = (int64_t *)bench_xmalloc((size_t)cap * sizeof(int64_t));
  A->val = (double *)bench_xmalloc((size_t)cap * sizeof(double));
  return A;
}

/* Fills rp32/ci32; returns 0 when the sizes do not fit 32 bits. */
static inline int bench_csr_make32(bench_csr *A) {
  if (A->nnz > (int64_t)UINT32_MAX || A->ncols > (int64_t)UINT32_MAX) return 0;
  A->rp32 = (uint32_t *)bench_xmalloc((size_t)(A->nrows + 1) * 4);
  A->ci32 = (uint32_t *)bench_xmalloc((size_t)A->nnz * 4 + 4);
  for (int64_t i = 0; i <= A->nrows; i++) A->rp32[i] = (uint32_t)A->rp[i];
  for (int64_t k = 0; k < A->nnz; k++) A->ci32[k] = (uint32_t)A->ci[k];
  return 1;
}

static inline bench_csr *bench_gen_banded(int64_t n, int64_t b) {
  bench_csr *A = bench_csr_alloc(n, n, n * (2 * b + 1));
  uint64_t st = 12345;
  int64_t k = 0;
  for (int64_t i = 0; i < n; i++) {
    A->rp[i] = k;
    int64_t lo = i - b < 0 ? 0 : i - b, hi = i + b >= n ? n - 1 : i + b;
    for (int64_t j = lo; j <= hi; j++) {
      A->ci[k] = j;
      A->val[k++] = bench_rand_value(&st);
    }
  }
  A->rp[n] = k;
  A->nnz = k;
  snprintf(A->name, sizeof A->name, "banded:%lld:%lld", (long long)n,
           (long long)b);
  return A;
}

static inline bench_csr *bench_gen_poisson2d(int64_t m) {
  int64_t n = m * m;
  bench_csr *A = bench_csr_alloc(n, n, 5 * n);
  int64_t k = 0;
  for (int64_t r = 0; r < m; r++)
    for (int64_t c = 0; c < m; c++) {
      int64_t i = r * m + c;
      A->rp[i] = k;
      /* columns in increasing order: up, left, centre, right, down */
      if (r > 0) { A->ci[k] = i - m; A->val[k++] = -1.0; }
      if (c > 0) { A->ci[k] = i - 1; A->val[k++] = -1.0; }
      A->ci[k] = i; A->val[k++] = 4.0;
      if (c < m - 1) { A->ci[k] = i + 1; A->val[k++] = -1.0; }
      if (r < m - 1) { A->ci[k] = i + m; A->val[k++] = -1.0; }
    }
  A->rp[n] = k;
  A->nnz = k;
  snprintf(A->name, sizeof A->name, "poisson2d:%lld", (long long)m);
  return A;
}

static inline int bench_cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

static inline bench_csr *bench_gen_random(int64_t n, int64_t d) {
  if (d > n) d = n;
  bench_csr *A = bench_csr_alloc(n, n, n * d);
  uint64_t st = 987654321;
  int64_t k = 0;
  for (int64_t i = 0; i < n; i++) {
    A->rp[i] = k;
    int64_t *row = A->ci + k, cnt = 0;
    while (cnt < d) { /* draw, sort, drop duplicates, top up */
      for (int64_t t = cnt; t < d; t++)
        row[t] = (int64_t)(bench_rand_next(&st) % (uint64_t)n);
      qsort(row, (size_t)d, sizeof *row, bench_cmp_i64);
      cnt = 0;
      for (int64_t t = 0; t < d; t++)
        if (t == 0 || row[t] != row[cnt - 1]) row[cnt++] = row[t];
    }
    for (int64_t t = 0; t < d; t++) A->val[k + t] = bench_rand_value(&st);
    k += d;
  }
  A->rp[n] = k;
  A->nnz = k;
  snprintf(A->name, sizeof A->name, "random:%lld:%lld", (long long)n,
           (long long)d);
  return A;
}

/* COO (any order, duplicates summed) -> sorted CSR. */
static inline bench_csr *bench_csr_from_coo(int64_t nrows, int64_t ncols, int64_t nnz,
                                     const int64_t *ri, const int64_t *cj,
                                     const double *v) {
  bench_csr *A = bench_csr_alloc(nrows, ncols, nnz);
  memset(A->rp, 0, (size_t)(nrows + 1) * sizeof(int64_t));
  for (int64_t k = 0; k < nnz; k++) A->rp[ri[k] + 1]++;
  for (int64_t i = 0; i < nrows; i++) A->rp[i + 1] += A->rp[i];
  int64_t *next = (int64_t *)bench_xmalloc((size_t)(nrows + 1) * 8);
  memcpy(next, A->rp, (size_t)(nrows + 1) * 8);
  int64_t *perm = (int64_t *)bench_xmalloc((size_t)nnz * 8 + 8);
  for (int64_t k = 0; k < nnz; k++) perm[next[ri[k]]++] = k;
  /* sort each row by column (insertion sort for short rows), sum dups */
  int64_t out = 0;
  for (int64_t i = 0; i < nrows; i++) {
    int64_t lo = A->rp[i], hi = A->rp[i + 1];
    for (int64_t a = lo + 1; a < hi; a++) {
      int64_t p = perm[a], c = cj[p], b = a - 1;
      while (b >= lo && cj[perm[b]] > c) { perm[b + 1] = perm[b]; b--; }
      perm[b + 1] = p;
    }
    A->rp[i] = out;
    for (int64_t a = lo; a < hi; a++) {
      int64_t p = perm[a];
      if (a > lo && A->ci[out - 1] == cj[p]) A->val[out - 1] += v[p];
      else { A->ci[out] = cj[p]; A->val[out++] = v[p]; }
    }
  }
  A->rp[nrows] = out;
  A->nnz = out;
  free(next);
  free(perm);
  return A;
}

/* A plain, robust Matrix Market coordinate reader (not a fast one: reading
 * speed is the runtime's benchmark, bench/rt_mmread.c). */
static inline bench_csr *bench_read_mtx(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) { fprintf(stderr, "bench: cannot open %s\n", path); exit(2); }
  char line[1024];
  if (!fgets(line, sizeof line, f)) goto bad;
  for (char *p = line; *p; p++) *p = (char)tolower((unsigned char)*p);
  if (!strstr(line, "%%matrixmarket") || !strstr(line, "coordinate")) {
    fprintf(stderr, "bench: %s: only coordinate Matrix Market is supported\n",
            path);
    exit(2);
  }
  int pattern = strstr(line, "pattern") != NULL;
  int sym = strstr(line, "symmetric") != NULL && !strstr(line, "skew");
  int skew = strstr(line, "skew-symmetric") != NULL;
  do {
    if (!fgets(line, sizeof line, f)) goto bad;
  } while (line[0] == '%' || line[strspn(line, " \t\r\n")] == '\0');
  long long m, n, nz;
  if (sscanf(line, "%lld %lld %lld", &m, &n, &nz) != 3) goto bad;
  int64_t cap = (sym || skew) ? 2 * nz : nz, k = 0;
  int64_t *ri = (int64_t *)bench_xmalloc((size_t)cap * 8 + 8);
  int64_t *cj = (int64_t *)bench_xmalloc((size_t)cap * 8 + 8);
  double *v = (double *)bench_xmalloc((size_t)cap * 8 + 8);
  for (long long e = 0; e < nz; e++) {
    long long i, j;
    double x = 1.0;
    if (fscanf(f, "%lld %lld", &i, &j) != 2) goto bad;
    if (!pattern && fscanf(f, "%lf", &x) != 1) goto bad;
    { int c; while ((c = fgetc(f)) != '\n' && c != EOF) {} } /* imag part */
    if (i < 1 || i > m || j < 1 || j > n) goto bad;
    ri[k] = i - 1; cj[k] = j - 1; v[k++] = x;
    if ((sym || skew) && i != j) {
      ri[k] = j - 1; cj[k] = i - 1; v[k++] = skew ? -x : x;
    }
  }
  fclose(f);
  bench_csr *A = bench_csr_from_coo(m, n, k, ri, cj, v);
  free(ri); free(cj); free(v);
  const char *base = strrchr(path, '/');
  snprintf(A->name, sizeof A->name, "%s", base ? base + 1 : path);
  return A;
bad:
  fprintf(stderr, "bench: %s: malformed Matrix Market file\n", path);
  exit(2);
}

/* Parses a matrix specification (see the top of this file). */
static inline bench_csr *bench_matrix(const char *spec) {
  long long a = 0, b = 0;
  bench_csr *A;
  if (sscanf(spec, "banded:%lld:%lld", &a, &b) == 2) A = bench_gen_banded(a, b);
  else if (sscanf(spec, "poisson2d:%lld", &a) == 1) A = bench_gen_poisson2d(a);
  else if (sscanf(spec, "random:%lld:%lld", &a, &b) == 2) A = bench_gen_random(a, b);
  else A = bench_read_mtx(spec);
  return A;
}

/* ------------------------------------------------------------------ */
/* SpMV helpers                                                        */
/* ------------------------------------------------------------------ */

/* x[j] = deterministic values in [0.5, 1.5). */
static inline void bench_fill_x(double *x, int64_t n) {
  uint64_t st = 42;
  for (int64_t j = 0; j < n; j++) x[j] = bench_rand_value(&st);
}

/* The compulsory-traffic model of y = A*x in CSR (README, "Bytes model"):
 * every value and coordinate once, row pointers once, y written once, x read
 * once (perfect reuse of gathered x). pos_b/crd_b: bytes per position and
 * per coordinate (4 or 8). */
static inline double bench_spmv_bytes(const bench_csr *A, int pos_b, int crd_b) {
  return (double)A->nnz * (8.0 + crd_b) + (double)(A->nrows + 1) * pos_b +
         (double)A->nrows * 8.0 + (double)A->ncols * 8.0;
}

/* Max relative difference between two vectors (scaled by max |ref|). */
static inline double bench_max_rel_diff(const double *a, const double *ref,
                                 int64_t n) {
  double scale = 0, d = 0;
  for (int64_t i = 0; i < n; i++)
    if (fabs(ref[i]) > scale) scale = fabs(ref[i]);
  for (int64_t i = 0; i < n; i++)
    if (fabs(a[i] - ref[i]) > d) d = fabs(a[i] - ref[i]);
  return scale > 0 ? d / scale : d;
}

static inline double bench_checksum(const double *y, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; i++) s += y[i] * (double)(1 + (i % 7));
  return s;
}

/* Side-by-side timing: `nv` variants, each a function with a context,
 * interleaved round by round (variant 0, 1, ..., nv-1, then again) so that
 * a slow phase of a shared machine hits every variant alike. Each sample
 * runs a variant inner[v] times (chosen so a sample takes >= min_time s).
 * samples is nv x reps, per-call seconds. */
typedef void (*bench_fn)(void *ctx);
static inline void bench_interleaved(int nv, bench_fn *fn, void **ctx, int reps,
                              double min_time, double *samples) {
  long *inner = (long *)bench_xmalloc((size_t)nv * sizeof(long));
  for (int v = 0; v < nv; v++) {
    fn[v](ctx[v]); /* warm-up: page faults, caches */
    double t0 = bench_now();
    fn[v](ctx[v]);
    double t = bench_now() - t0;
    inner[v] = t < min_time ? (long)(min_time / (t + 1e-9)) + 1 : 1;
  }
  for (int r = 0; r < reps; r++)
    for (int v = 0; v < nv; v++) {
      double s = bench_now();
      for (long k = 0; k < inner[v]; k++) fn[v](ctx[v]);
      samples[v * reps + r] = (bench_now() - s) / (double)inner[v];
    }
  free(inner);
}

#endif /* SPARSECC_BENCH_COMMON_H */
