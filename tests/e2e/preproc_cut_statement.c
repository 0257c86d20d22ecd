// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: loop not sparsified: a statement of the loop nest does not parse before preprocessing
// EXPECT-WARNING: 'B' keeps its dense storage: a statement writing it is cut by a preprocessor line
// EXPECT-ABSENT: z[i] += A[i][j] * x[j];
// EXPECT-ABSENT: b += B[i][j] * (j + 1);
// EXPECT-REPORT: kernel not sparsified: a statement of the loop nest does not parse before preprocessing
// Build options inside a statement: sparsecc reads the file before
// preprocessing, where `y[i] += A[i][j] * x[j]` ends at the `#if` line
// (the parser supplies the `;`). Rewriting that text would leave
// `* 2.0 ;` behind (output that does not compile, or, after `+ 1`, a
// statement with no effect: a wrong result). Such a nest stays as written
// with a warning, and an array stored sparse that such a statement writes
// keeps its dense storage (its nests assemble it); the other nests are
// sparsified.
#include <stdio.h>
#define N 12
#define SCALED 1

double A[N][N], x[N], y[N], z[N];
#pragma sparse encoding(B : CSR)
double B[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 5) % N] = 1.0 + i;
    A[i][i] = 0.5;
    B[i][(i * 7) % N] = 1.0 + i
#if SCALED
                        + 100
#endif
        ;
    x[i] = 1.0 + i % 3;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j]
#if SCALED
              * 2.0
#endif
          ;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      z[i] += A[i][j] * x[j];
  double b = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) b += B[i][j] * (j + 1);
  for (int i = 0; i < N; i++) printf("%g %g\n", y[i], z[i]);
  printf("%g\n", b);
  return 0;
}
