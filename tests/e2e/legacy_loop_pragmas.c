// EXPECT-SPARSIFIED: 8
// EXPECT-ABSENT: #pragma omp parallel for
// EXPECT-ABSENT: #pragma omp for
// EXPECT-ABSENT: #pragma GCC
// EXPECT-ABSENT: for (j = 0; j < N; j++) t += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) z[i] += B[i][j] * x[j];
// EXPECT-REPORT: legacy_loop_pragmas.c:64:1: note: '
// EXPECT-REPORT: omp parallel for private(j) schedule(static)' dropped: the sparsified nest replaces
// EXPECT-REPORT: legacy_loop_pragmas.c:71:1: note: '
// EXPECT-REPORT: GCC ivdep' dropped: the sparsified nest replaces
// EXPECT-REPORT: legacy_loop_pragmas.c:74:3: note: '
// EXPECT-REPORT: omp parallel for' dropped: the sparsified nest replaces
// EXPECT-REPORT: legacy_loop_pragmas.c:79:3: note: '
// EXPECT-REPORT: GCC unroll 4' dropped: the sparsified nest replaces
// EXPECT-REPORT: legacy_loop_pragmas.c:109:3: note: '
// EXPECT-REPORT: omp parallel for collapse(2)' dropped: the sparsified nest replaces
// EXPECT-REPORT: omp for schedule(static) nowait' replaced by '#pragma omp single nowait'
// EXPECT-REPORT: legacy_loop_pragmas.c:85:1: note: '
// EXPECT-REPORT: legacy_loop_pragmas.c:99:1: note: '
// EXPECT-REPORT: legacy_loop_pragmas.c:104:1: note: '
// EXPECT-REPORT: omp for' replaced by '#pragma omp single': the sparsified nest replaces the loop it applied to and runs on one thread
// EXPECT-NOT-REPORT: omp parallel' dropped
// EXPECT-NOT-REPORT: omp barrier' dropped
// OUT-CFLAGS: -fopenmp
// Legacy numerical code carries other tools' loop pragmas: OpenMP work
// sharing and the compilers' loop hints, on the row loop of a product
// whose matrix is stored sparse (a pragma on its declaration), above a
// loop's own sparse pragma, continued over lines with backslashes, and on
// a loop zeroing the matrix. Such a pragma applies to the statement after
// it, which the rewriting turns into a block: left there it would make
// the output fail to compile (a for statement expected) or, with OpenMP,
// have every thread run the generated sequential loops. The lines are
// dropped and the report says so; the output compiles with -Wall -Werror
// (no unknown pragma left) and computes what the input computes. Inside
// a parallel region, an `omp for` pragma (which shares the loop among the
// threads) becomes `#pragma omp single`: dropped, each thread would run
// the whole kernel and the `+=` would count once per thread. The output
// is compiled with -fopenmp (the reference without: the sequential
// program). A region (`omp parallel` just above an `omp for`) and a
// standalone directive (`omp barrier`) stay.
#include <stdio.h>
#define N 120

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double B[N][N];
static double x[N], y[N], z[N], v[N], w[N];

static unsigned seed = 2024;
static unsigned next(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 0x7fff;
}

int main(void) {
  int i, j;
  for (i = 0; i < N; i++) {
    for (j = 0; j < 3; j++) A[i][next() % N] = 0.25 * (1 + next() % 8);
    A[i][i] = 2.0;
    B[i][(i * 7) % N] = 1.0 + i % 5;
    B[i][(i + 3) % N] = -0.5;
    x[i] = (double)(i % 9) / 9.0;
  }
#pragma omp parallel for private(j) \
    schedule(static)
  for (i = 0; i < N; i++) {
    double t = 0.0;
    for (j = 0; j < N; j++) t += A[i][j] * x[j];
    y[i] = t;
  }
#pragma GCC ivdep
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) y[i] += 0.5 * A[i][j];
  #pragma omp parallel for
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) z[i] += B[i][j] * x[j];
  double s = 0, t = 0;
  #pragma GCC unroll 4
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * y[j];
  for (i = 0; i < N; i++) t += y[i] + 2.0 * z[i];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
      double u = 0.0;
      for (int j = 0; j < N; j++) u += A[i][j] * z[j];
      v[i] += u;
    }
#pragma omp barrier
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) w[i] += A[i][j];
  }
#pragma omp parallel
  {
#pragma sparse encoding(B : CSR)
#pragma omp for
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) v[i] += B[i][j] * w[j];
  }
#pragma omp parallel
#pragma omp for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) v[i] += 0.25 * A[i][j];
  double r = 0;
  for (i = 0; i < N; i++) r += v[i] + 3.0 * w[i];
  #pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = 0;
  printf("%.10f %.10f %.10f %.10f %.10f %g\n", s, t, r, y[0], z[N - 1], A[1][1]);
  return 0;
}
