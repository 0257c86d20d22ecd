// The remainder operator in kernels: a guard on a loop variable
// (`if (j % 2 == 0)`), a factor computed from loop variables, and the
// remainder of an int element by a literal (0 % 4 is 0: it skips).
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (int j = 0; j < M; j++) if (j % 2 == 0) y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < M; j++) y[i] += A[i][j] * ((i + j) % 3 - 1);
// EXPECT-ABSENT: for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) t += IA[i][j] % 4;
#include <stdio.h>
#define N 9
#define M 7
double A[N][M], x[M], y[N];
int IA[N][M];
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) { A[i][j] = ((i * 3 + j * 5) % 7 == 0) ? i + 0.5 * j + 1 : 0; IA[i][j] = (int)A[i][j] * 3; }
  for (int j = 0; j < M; j++) x[j] = j + 1;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) { y[i] = 0; for (int j = 0; j < M; j++) if (j % 2 == 0) y[i] += A[i][j] * x[j]; }
  for (int i = 0; i < N; i++) printf("%g ", y[i]); printf("\n");
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) { y[i] = 0; for (int j = 0; j < M; j++) y[i] += A[i][j] * ((i + j) % 3 - 1); }
  for (int i = 0; i < N; i++) printf("%g ", y[i]); printf("\n");
  long t = 0;
#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) t += IA[i][j] % 4;
  printf("%ld\n", t);
  return 0;
}
