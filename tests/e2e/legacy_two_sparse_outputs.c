// One nest writing two arrays stored sparse (C from A and B, D from A
// alone, in one j loop) is split into one kernel per sparse
// output over the same loops, in source order, when no statement uses
// what another writes (loop fission): each output is appended as a nest
// writing it alone would be. Statements writing dense arrays or scalars
// beside them (`y[i] += ...`, `cnt++`) form a kernel of their own. A nest
// whose second output reads the first (`E[i][j] = A[i][j]; G[i][j] =
// E[i][j] * 3;`) cannot be split: it stays as written (buffered inserts),
// with the reason in a note.
// EXPECT-SPARSIFIED: 9
// EXPECT-REPORT: loop nest split into 2 kernels over the same loops, one per sparse output, in source order (no statement uses what another writes)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) C(i,j) = A(i,j) + B(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) D(i,j) = A(i,j) * 2
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { y(i) += A(i,j) * x(j); cnt += A(i,j) != 0 ? 1 : 0 }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) F(i,j) = B(i,j) * x(j)
// EXPECT-WARNING: loop not sparsified: the nest writes two sparse arrays
// EXPECT-WARNING: note: not split into one loop nest per sparse output: 'E' is written by one statement and used by another
// EXPECT-REPORT: loop nest not split into one kernel per sparse output: 'E' is written by one statement and used by another
// EXPECT-ABSENT: C[i][j] = A[i][j] + B[i][j];
// EXPECT-ABSENT: D[i][j] = A[i][j] * 2;
// EXPECT-ABSENT: F[i][j] = B[i][j] * x[j];
#include <stdio.h>
#define N 29

static double A[N][N], B[N][N], x[N], y[N];
#pragma sparse encoding(C : CSR, D : CSR, E : CSR, F : CSR, G : CSR)
static double C[N][N], D[N][N], E[N][N], F[N][N], G[N][N];

int main(void) {
  long cnt = 0;
  for (int i = 0; i < N; i++) {
    A[i][(i * 5 + 2) % N] = 1.0 + i;
    A[i][(i * 3) % N] = i % 4 == 0 ? 0.0 : 0.5 * i - 3.0;
    B[i][(i * 5 + 2) % N] = -(1.0 + i); /* cancels A's entry in C */
    B[(i * 7 + 1) % N][i] = 0.25 * i;
    x[i] = 1.0 / (i + 2);
  }
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = A[i][j] + B[i][j];
      D[i][j] = A[i][j] * 2;
    }
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      y[i] += A[i][j] * x[j];
      if (A[i][j] != 0) cnt++;
      F[i][j] = B[i][j] * x[j];
    }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      E[i][j] = A[i][j];
      G[i][j] = E[i][j] * 3;
    }
  double sc = 0, sd = 0, se = 0, sf = 0, sg = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sc += C[i][j] * (1.0 + i + 0.5 * j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sd += D[i][j] * (1.0 + i + 0.5 * j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) se += E[i][j] * (1.0 + i + 0.5 * j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sf += F[i][j] * (1.0 + i + 0.5 * j);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sg += G[i][j] * (1.0 + i + 0.5 * j);
  printf("%.17g %.17g %.17g %.17g %.17g\n", sc, sd, se, sf, sg);
  printf("cnt %ld\n", cnt);
  for (int i = 0; i < N; i++) printf("y%d %.17g\n", i, y[i]);
  return 0;
}
