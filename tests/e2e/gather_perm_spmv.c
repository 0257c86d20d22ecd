// A dense operand read through an index array (`x[perm[j]]`): its
// subscript is evaluated at the stored entries' coordinates only, so the
// kernel is sparsified and the element read stays a gather. The same for
// an index invariant in the inner loop (`w[perm[i]]`), a nested index
// (`x[perm[q[j]]]`), a ratio of two gathers of int arrays (graph ranks,
// `rank[col[j]] / (double)deg[col[j]]`) and an index plus an offset.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: y[i] += A[i][j] * x[perm[j]] * w[perm[i]];
// EXPECT-ABSENT: z[i] += A[i][j] * x[perm[q[j]]];
// EXPECT-ABSENT: r[i] += A[i][j] * (rank[col[j]] / (double)deg[col[j]]);
// EXPECT-ABSENT: s += A[i][j] * x[(perm[j] + i) % N];
// EXPECT-REPORT: y(i) += A(i,j) * x[perm(j)] * w[perm(i)]
// EXPECT-REPORT: loop j: positions of A
// EXPECT-VECTOR-REPORT: not vectorized: x is read at a computed position
// EXPECT-VECTOR-REPORT: not vectorized: rank is read at a computed position
#include <stdio.h>
#define N 37

static double A[N][N], x[N], w[N], y[N], z[N], r[N];
static int perm[N], q[N], col[N];
static long rank[N];
static int deg[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = ((i * 5 + j * 3) % 7 == 0) ? (double)(i - j) * 0.25 + 1.0 : 0.0;
  for (int i = 0; i < N; i++) {
    x[i] = i * 0.5 - 4.0;
    w[i] = 1.0 + (i % 5) * 0.125;
    perm[i] = (i * 11 + 3) % N;
    q[i] = (i * 7 + 1) % N;
    col[i] = (i * 3) % N;
    rank[i] = 100 + 13 * i;
    deg[i] = 1 + i % 4;
    y[i] = z[i] = r[i] = 0.0;
  }
  double s = 0.0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[perm[j]] * w[perm[i]];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      z[i] += A[i][j] * x[perm[q[j]]];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      r[i] += A[i][j] * (rank[col[j]] / (double)deg[col[j]]);
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * x[(perm[j] + i) % N];
  for (int i = 0; i < N; i++)
    printf("%d %.10g %.10g %.10g\n", i, y[i], z[i], r[i]);
  printf("%.10g\n", s);
  return 0;
}
