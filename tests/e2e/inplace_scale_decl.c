// Scaling arrays declared sparse (the pragma on the declaration): the
// stored values are updated where they are stored, `A = 2.5 * A`,
// `A *= c`, `A = -A`, `A /= 2`, `A *= D * w` (dense operands), `A = A *
// B` (intersection with another stored array), a guarded absolute value,
// `B = sqrt(B)`. `B += A` is still a rebuilt sparse output; `B = B + 1`
// makes absent entries non-zero and stays with lookups and inserts.
// Absent entries read +0.0 (SPEC §4): printed as `x + 0.0`, where the
// dense program's -0.0 (negation, a negative factor) prints as 0 too.
// EXPECT-SPARSIFIED: 9
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] = 2.5 * A[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] *= c;
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] = -A[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] /= 2;
// EXPECT-ABSENT: for (int j = 0; j < M; j++) A[i][j] = A[i][j] * B[i][j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) B[i][j] = sqrt(B[i][j]);
#include <math.h>
#include <stdio.h>

#define N 8
#define M 6

static double D[N][M], w[N];

int main(void) {
#pragma sparse encoding(A : CSR)
  double A[N][M] = {{0}};
#pragma sparse encoding(B : DCSR)
  double B[N][M] = {{0}};
  for (int i = 0; i < N; i++) {
    w[i] = i - 2.5;
    for (int j = 0; j < M; j++) D[i][j] = i + j;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i + j) / 3 * 3 == i + j) A[i][j] = i - j + 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if ((i * j) / 4 * 4 == i * j - 1) B[i][j] = 1.0 + i;
  double c = 1.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = 2.5 * A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] *= c;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = -A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] /= 2;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] *= D[i][j] * w[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] < -20) A[i][j] = -A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%g%c", A[i][j] + 0.0, j == M - 1 ? '\n' : ' ');
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = A[i][j] * B[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = B[i][j] + A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = sqrt(B[i][j]);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = B[i][j] + 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      printf("%g %g%c", A[i][j] + 0.0, B[i][j] + 0.0, j == M - 1 ? '\n' : ' ');
  return 0;
}
