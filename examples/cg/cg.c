/* cg.c — conjugate gradient on a symmetric matrix read from a Matrix Market
 * file, written as dense legacy C: the matrix is one flat malloc'd block,
 * indexed A[i * n + j]. The one `#pragma sparse` line below is all sparsecc
 * needs: the block is never allocated, the reader's element writes become
 * inserts, and the matrix-vector product walks only the stored entries.
 *
 *   cc -O2 cg.c -lm && ./a.out matrix.mtx [iterations]
 * prints the residual history and a checksum of the solution. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s matrix.mtx [iterations]\n", argv[0]);
    return 2;
  }
  int maxit = argc > 2 ? atoi(argv[2]) : 200;
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  char line[1024];
  int symmetric = 0, pattern = 0;
  if (!fgets(line, sizeof line, f)) return 1;
  if (strstr(line, "symmetric")) symmetric = 1;
  if (strstr(line, "pattern")) pattern = 1;
  while (fgets(line, sizeof line, f) && line[0] == '%')
    ;
  int n, m, nnz;
  if (sscanf(line, "%d %d %d", &n, &m, &nnz) != 3 || n != m) {
    fprintf(stderr, "%s: not a square coordinate matrix\n", argv[1]);
    return 1;
  }

#pragma sparse encoding(A[n][n] : CSR)
  double *A = calloc((size_t)n * n, sizeof *A);
  double *x = calloc(n, sizeof *x), *b = malloc(n * sizeof *b);
  double *r = malloc(n * sizeof *r), *p = malloc(n * sizeof *p);
  double *q = malloc(n * sizeof *q);
  if (!A || !x || !b || !r || !p || !q) {
    fprintf(stderr, "out of memory\n");
    return 1;
  }
  for (int k = 0; k < nnz; k++) {
    int i, j;
    double v = 1.0;
    if (fscanf(f, "%d %d", &i, &j) != 2 || (!pattern && fscanf(f, "%lf", &v) != 1)) {
      fprintf(stderr, "%s: bad entry %d\n", argv[1], k + 1);
      return 1;
    }
    i--, j--;
    A[i * n + j] = v;
    if (symmetric && i != j) A[j * n + i] = v;
  }
  fclose(f);

  /* b = A * ones, so the exact solution is all ones */
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j];
    b[i] = s;
  }
  for (int i = 0; i < n; i++) {
    r[i] = b[i];
    p[i] = r[i];
  }
  double rr = 0.0;
  for (int i = 0; i < n; i++) rr += r[i] * r[i];
  double rr0 = rr;
  int it;
  for (it = 0; it < maxit && rr > 1e-20 * rr0; it++) {
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int j = 0; j < n; j++)
        s += A[i * n + j] * p[j];
      q[i] = s;
    }
    double pq = 0.0;
    for (int i = 0; i < n; i++) pq += p[i] * q[i];
    double alpha = rr / pq;
    double rr1 = 0.0;
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
      rr1 += r[i] * r[i];
    }
    double beta = rr1 / rr;
    rr = rr1;
    for (int i = 0; i < n; i++) p[i] = r[i] + beta * p[i];
    if (it % 50 == 0) printf("iteration %d: relative residual %.6e\n", it, sqrt(rr / rr0));
  }
  double err = 0.0, sum = 0.0;
  for (int i = 0; i < n; i++) {
    err = fmax(err, fabs(x[i] - 1.0));
    sum += x[i];
  }
  printf("n = %d, %d iterations, relative residual %.6e\n", n, it, sqrt(rr / rr0));
  printf("checksum %.10e, max error %.6e\n", sum, err);
  free(A);
  free(x), free(b), free(r), free(p), free(q);
  return 0;
}
