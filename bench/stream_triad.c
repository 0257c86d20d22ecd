/* stream_triad.c — single-thread memory bandwidth probe (STREAM triad).
 *
 *   a[i] = b[i] + s * c[i]     over three double arrays of N elements
 *
 * Usage: stream_triad [N]      (default 2^25 = 32 Mi elements, 768 MiB in
 *                               total: far past any last-level cache)
 * Environment: BENCH_REPS (default 21).
 *
 * Reports bandwidth with STREAM's own convention, 24 bytes per element (two
 * reads, one write; the write-allocate read of a[] is not counted), and also
 * the 32 B/element figure that includes it. The SpMV roofline in bench/ uses
 * the 24 B convention, like the SpMV bytes model (which does not count a
 * write-allocate read of y either).
 *
 * Output: a human line and a machine line
 *   RESULT bench=stream_triad n=... bytes=... best_gbs=... median_gbs=...
 */
#include "bench_common.h"

int main(int argc, char **argv) {
  int64_t n = argc > 1 ? strtoll(argv[1], NULL, 10) : ((int64_t)1 << 25);
  int reps = (int)bench_env_long("BENCH_REPS", 21);
  if (n < 1024 || reps < 1) {
    fprintf(stderr, "usage: stream_triad [N >= 1024]\n");
    return 2;
  }
  double *a = (double *)bench_xmalloc((size_t)n * sizeof(double));
  double *b = (double *)bench_xmalloc((size_t)n * sizeof(double));
  double *c = (double *)bench_xmalloc((size_t)n * sizeof(double));
  for (int64_t i = 0; i < n; i++) { a[i] = 0.0; b[i] = 1.0; c[i] = 2.0; }
  const double s = 3.0;
  double *t = (double *)bench_xmalloc((size_t)reps * sizeof(double));
  for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
    double t0 = bench_now();
    for (int64_t i = 0; i < n; i++) a[i] = b[i] + s * c[i];
    double dt = bench_now() - t0;
    if (r >= 0) t[r] = dt;
    /* keep the compiler from hoisting/merging repetitions */
    __asm__ __volatile__("" : : "r"(a) : "memory");
  }
  /* verify */
  for (int64_t i = 0; i < n; i += n / 97 + 1)
    if (a[i] != 7.0) { fprintf(stderr, "stream_triad: wrong result\n"); return 1; }
  double bytes = 24.0 * (double)n;
  double best = bench_min(t, reps), med = bench_median(t, reps);
  printf("stream triad: n=%lld (%.0f MiB total), %d reps: best %.2f GB/s, "
         "median %.2f GB/s (24 B/elt); with write-allocate (32 B/elt): "
         "best %.2f, median %.2f GB/s\n",
         (long long)n, 3.0 * 8.0 * (double)n / 1048576.0, reps,
         bytes / best * 1e-9, bytes / med * 1e-9, bytes * 4 / 3 / best * 1e-9,
         bytes * 4 / 3 / med * 1e-9);
  printf("RESULT bench=stream_triad n=%lld bytes=%.0f best_s=%.6g "
         "median_s=%.6g best_gbs=%.3f median_gbs=%.3f\n",
         (long long)n, bytes, best, med, bytes / best * 1e-9,
         bytes / med * 1e-9);
  free(a); free(b); free(c); free(t);
  return 0;
}
