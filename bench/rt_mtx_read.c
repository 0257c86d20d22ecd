/* rt_mtx_read.c — benchmark: sc_read_mtx of a Matrix Market file into CSR
 * (f64), whole call timed (open, read, parse, assemble, close) with a warm
 * page cache (one untimed read first). Prints a RESULT line with the median
 * time and MB/s (file bytes / median wall time) and a check value. */
#include "bench_common.h"
#include "sparsecc_rt.h"

#include <sys/stat.h>

static const char *path;
static double check;

/* One timed read per call: the previous result is freed first (as
 * scipy's timing loop releases its previous result); the check value is
 * computed after timing. */
static sc_tensor *last;
static void run_read(void *ctx) {
  (void)ctx;
  sc_tensor_free(last);
  last = NULL;
  if (sc_read_mtx(&last, path, NULL, SC_F64) != SC_OK) {
    fprintf(stderr, "rt_mtx_read: %s\n", sc_last_error());
    exit(1);
  }
}

static void read_check(void) {
  const double *v = sc_tensor_values(last);
  const uint64_t *crd = sc_tensor_coordinates(last, 1);
  size_t nz = sc_tensor_nnz(last);
  double s = 0;
  for (size_t k = 0; k < nz; k++)
    s += v[k] * (double)(crd[k] + 1);
  check = s;
  sc_tensor_free(last);
  last = NULL;
}

int main(int argc, char **argv) {
  int reps = (int)bench_env_long("BENCH_REPS", 7);
  struct stat sb;
  bench_fn fn[1] = {run_read};
  void *ctx[1] = {NULL};
  double *samples, med;
  if (argc != 2 || stat(argv[1], &sb) != 0) {
    fprintf(stderr, "usage: rt_mtx_read FILE.mtx\n");
    return 2;
  }
  path = argv[1];
  samples = bench_xmalloc((size_t)reps * sizeof(double));
  bench_interleaved(1, fn, ctx, reps, 0.0, samples);
  read_check();
  med = bench_median(samples, reps);
  printf("RESULT bench=mtx_read impl=sparsecc bytes=%lld median_ms=%.3f "
         "min_ms=%.3f mb_s=%.1f\n",
         (long long)sb.st_size, 1e3 * med, 1e3 * bench_min(samples, reps),
         (double)sb.st_size / 1e6 / med);
  printf("CHECK bench=mtx_read impl=sparsecc value=%.17g\n", check);
  free(samples);
  return 0;
}
