// Scaling in place with the pragma on the nest: `A[i][j] = 2.5 * A[i][j]`,
// `A[i][j] /= 4`, `A[i][j] *= w[i]` (row scaling, DCSR), `A = A * c` over
// CSC, negation of an int matrix, a guarded `if (I > 5) I *= 3`, a flat
// float array with a shape, a product with another sparse operand, an
// update inside an iteration loop, and an update followed by a read of
// the new value, `A = A - 0.5 * A` (a `-=` of the element itself). The
// loops visit the entries stored at entry; updates
// that do not keep a zero a zero (`A + 1`, `exp(A)`, `1 / A`) stay dense.
// EXPECT-SPARSIFIED: 11
// EXPECT-WARNING: loop not sparsified: no loop can skip absent entries
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] = 2.5 * A[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] /= 4;
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] *= w[i];
// EXPECT-ABSENT: for (int i = 0; i < N; i++) A[i][j] = A[i][j] * c;
// EXPECT-ABSENT: for (int j = 0; j < M; j++) I[i][j] = -I[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) F[i * M + j] *= 2.0f;
// EXPECT-ABSENT: A[i][j] = A[i][j] * 0.5;
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] = A[i][j] - 0.5 * A[i][j];
#include <math.h>
#include <stdio.h>

#define N 8
#define M 6

static double A[N][M], B[N][M], w[N];
static int I[N][M];
static float F[N * M];

static void show(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) s += A[i][j] * (i + 1) + B[i][j] * (j + 3);
  printf("%.15g\n", s);
}

static void show_int(void) {
  long t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) t += I[i][j] * (i + 2 * j);
  printf("%ld\n", t);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    w[i] = i - 3.5;
    for (int j = 0; j < M; j++) {
      if ((i + j) % 3 == 0) A[i][j] = i - j + 0.5;
      if ((i * j) % 4 == 1) B[i][j] = 1.0 + i;
      if ((i + 2 * j) % 5 == 0) I[i][j] = i * 10 - j;
      if ((i * 7 + j) % 6 == 2) F[i * M + j] = 0.25f * i - j;
    }
  }
  for (int j = 0; j < M; j++) A[3][j] = 0; /* an empty row */
  double c = 1.5;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = 2.5 * A[i][j];
  show();
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] /= 4;
  show();
#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] *= w[i];
  show();
#pragma sparse encoding(A : CSC)
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++) A[i][j] = A[i][j] * c;
  show();
#pragma sparse encoding(A : CSR, B : CSR)
  for (int it = 0; it < 3; it++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) A[i][j] = A[i][j] * 0.5 + B[i][j];
  show();
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = A[i][j] * B[i][j];
  show();
#pragma sparse encoding(I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) I[i][j] = -I[i][j];
  show_int();
#pragma sparse encoding(I : DCSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (I[i][j] > 5) I[i][j] *= 3;
  show_int();
#pragma sparse encoding(F[N][M] : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) F[i * M + j] *= 2.0f;
  {
    double t = 0;
    for (int i = 0; i < N * M; i++) t += F[i] * i;
    printf("%g\n", t);
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    w[i] = 0;
    for (int j = 0; j < M; j++) {
      A[i][j] *= 2;
      w[i] += A[i][j];
    }
  }
  show();
  for (int i = 0; i < N; i++) printf("%g ", w[i]);
  printf("\n");
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = A[i][j] - 0.5 * A[i][j];
  show();
  /* not zero-preserving: correct, dense */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = A[i][j] + 1;
  show();
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = exp(B[i][j]);
  show();
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = 1 / (B[i][j] + 2);
  show();
  return 0;
}
