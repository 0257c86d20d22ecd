/* slice_spmv.c — SpMV over slice views of a sparse matrix, as legacy dense
 * C plus pragmas: y = V x with V = A[N/4 + i][N/4 + j] (the middle block,
 * stride 1) and W = A[1 + 2i][2j] (every other row and column). The
 * pragmas sit on the nests inside the timing loops, so the whole array is
 * assembled once (hoisted) and each repetition walks the stored entries
 * of the view's rows, from a binary search to the view's first column.
 *
 *   sparsecc bench/slice_spmv.c -o slice_spmv_sparse.c
 *   cc -O3 -march=native slice_spmv_sparse.c $(sparsecc --libs) -lm
 *
 * Compiled as it is, it is the dense reference. Usage: slice_spmv [N [PCT]]
 * (default 3000 rows and columns, 0.5 % non-zeros). Prints, per view, the
 * first repetition (in the sparse build: the one assembly of the whole
 * array and an SpMV) and the time per SpMV after it, and a checksum (equal
 * in both builds). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 3000;
  double pct = argc > 2 ? atof(argv[2]) : 0.5;
  int reps = 20;
  if (n < 8) return 2;
  double (*A)[n] = malloc(sizeof(double[n][n]));
  double *x = malloc(sizeof(double) * (size_t)n);
  double *y = malloc(sizeof(double) * (size_t)n);
  if (!A || !x || !y) return 1;
  unsigned long long s = 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      s = s * 6364136223846793005ULL + 1442695040888963407ULL;
      A[i][j] = (double)(s >> 40) / (double)(1ull << 24) * 100.0 < pct
                    ? (double)((s >> 20) % 1000) / 100.0 : 0.0;
    }
  for (int j = 0; j < n; j++) x[j] = 1.0 + (j % 7);
  int h = n / 2, off = n / 4, hs = (n - 1) / 2;
  double sum = 0, t0 = now(), t0b = 0, t1b = 0;
  for (int r = 0; r < reps; r++) {
    if (r == 1) t0b = now();
#pragma sparse encoding(A[n][n] : (i : slice(?, ?, 1), j : slice(?, ?, 1)) -> (i : dense, j : compressed))
    for (int i = 0; i < h; i++) {
      y[i] = 0.0;
      for (int j = 0; j < h; j++)
        y[i] += A[off + i][off + j] * x[j];
    }
    sum += y[r % h];
  }
  double t1 = now();
  for (int r = 0; r < reps; r++) {
    if (r == 1) t1b = now();
#pragma sparse encoding(A[n][n] : (i : slice(1, ?, 2), j : slice(0, ?, 2)) -> (i : dense, j : compressed))
    for (int i = 0; i < hs; i++) {
      y[i] = 0.0;
      for (int j = 0; j < hs; j++)
        y[i] += A[1 + 2 * i][2 * j] * x[j];
    }
    sum += y[r % hs];
  }
  double t2 = now();
  /* the first repetition includes the one assembly of the sparse build */
  printf("middle block %dx%d: first %.3f ms, then %.4f ms per SpMV\n", h, h,
         (t0b - t0) * 1e3, (t1 - t0b) / (reps - 1) * 1e3);
  printf("stride-2 view %dx%d: first %.3f ms, then %.4f ms per SpMV\n", hs,
         hs, (t1b - t1) * 1e3, (t2 - t1b) / (reps - 1) * 1e3);
  printf("checksum %.17g\n", sum);
  free(A);
  free(x);
  free(y);
  return 0;
}
