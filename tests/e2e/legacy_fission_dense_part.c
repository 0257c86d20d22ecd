// A nest writing a sparse output and, beside it, a dense array from dense
// data only (`C[i][j] = 2 * A[i][j]` beside `y[i] += x[j]`): split over the same
// loops into the kernel of the sparse output and a dense nest of its own
// for the statements that read no sparse array, in the program's order
// (before or after the kernel), when neither uses what the other writes;
// with the output stored sparse (a declaration pragma) and with the
// pragma on the nest. A nest whose dense statement writes what the
// sparse one reads (`x[i] += 1` beside `D[i][j] = A[i][j] * x[i]`) cannot
// be split: it stays as written, with the reason in a note.
// EXPECT-SPARSIFIED: 4
// EXPECT-REPORT: loop nest split into 2 kernels over the same loops, one per sparse output and the statements reading no sparse array kept dense, in source order (no statement uses what another writes)
// EXPECT-REPORT: kernel part kept dense (it reads no sparse array): forall(i) forall(j) y(i) += x(j)
// EXPECT-REPORT: kernel part kept dense (it reads no sparse array): forall(i) forall(j) { z(i) += x(j) * x(j); cnt += 1 }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) C(i,j) = 2 * A(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) B(i,j) = A(i,j) * 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) Q(i,j) = 2 * P(i,j)
// EXPECT-REPORT: kernel part kept dense (it reads no sparse array): forall(i) forall(j) y(i) += x(j)
// EXPECT-REPORT: loop nest not split into one kernel per sparse output: 'x' is written by one statement and used by another
// EXPECT-ABSENT: C[i][j] = 2 * A[i][j];
// EXPECT-ABSENT: B[i][j] = A[i][j] * 3;
// EXPECT-ABSENT: Q[i][j] = 2 * P[i][j];
#include <stdio.h>
#define N 23

#pragma sparse encoding(A : CSR, C : CSR, B : CSR, D : CSR)
static double A[N][N], C[N][N], B[N][N], D[N][N];
static double P[N][N], Q[N][N];

#pragma sparse encoding(M : CSR)
static double total(double M[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += M[i][j] * (1 + (i * N + j) % 7);
  return s;
}

static double vsum(const double *v) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += v[i] * (i + 1);
  return s;
}

int main(void) {
  static double x[N], y[N], z[N];
  long cnt = 0;
  for (int i = 0; i < N; i++) {
    A[i][(i * 4 + 1) % N] = 1.0 + i % 6;
    if (i % 4 == 0) A[i][i] = -2.5;
    x[i] = 0.5 * (i % 3) - 0.25;
    P[i][(i * 3 + 2) % N] = 1.5 + i % 4;
    Q[i][(i + 2) % N] = 7.0;
  }

  /* sparse output first, the dense statement after it */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      C[i][j] = 2 * A[i][j];
      y[i] += x[j];
    }
  printf("C %.6f y %.6f\n", total(C), vsum(y));

  /* the dense statements first */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      z[i] += x[j] * x[j];
      cnt++;
      B[i][j] = A[i][j] * 3;
    }
  printf("B %.6f z %.6f cnt %ld\n", total(B), vsum(z), cnt);

  /* the pragma on the nest: P and Q dense outside it */
#pragma sparse encoding(P : CSR, Q : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      Q[i][j] = 2 * P[i][j];
      y[i] += x[j];
    }
  printf("Q %.6f y %.6f\n", total(Q), vsum(y));

  /* dependent: x changes under the sparse statement's reads */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      D[i][j] = A[i][j] * x[i];
      x[i] += 1;
    }
  printf("D %.6f x %.6f\n", total(D), vsum(x));
  return 0;
}
