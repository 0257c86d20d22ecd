// Accesses that contradict the slice they are declared with are read from
// the dense array, with a warning saying why, and the program's results
// are unchanged: an offset off by one, a stride that skips the slice's
// coordinates, a loop that runs past the slice's size.
// EXPECT-SPARSIFIED: 0
// EXPECT-WARNING: subscript 'i + 1' does not match slice(2, 4, 1) of 'A' (it reads coordinate 1)
// EXPECT-WARNING: subscript '3 * j' does not match slice(0, 5, 2) of 'A' (stride 3)
// EXPECT-WARNING: subscript 'j + 1' does not match slice(1, 6, 1) of 'A' (it reads up to coordinate 7)
#include <stdio.h>

#define N 9
#define M 12

static double A[N][M];

int main(void) {
  double x[M], a[4], b[4], c[4];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      A[i][j] = (i * 5 + j * 3) % 7 == 0 ? i + 0.5 * j : 0.0;
  for (int j = 0; j < M; j++) x[j] = 1.0 + j;

#pragma sparse encoding(A : (i : slice(2, 4, 1), j : slice(0, 12, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < 4; i++) {
    a[i] = 0.0;
    for (int j = 0; j < 12; j++)
      a[i] += A[i + 1][j] * x[j];
  }

#pragma sparse encoding(A : (i : slice(0, 4, 1), j : slice(0, 5, 2)) -> (i : dense, j : compressed))
  for (int i = 0; i < 4; i++) {
    b[i] = 0.0;
    for (int j = 0; j < 4; j++)
      b[i] += A[i][3 * j] * x[j];
  }

#pragma sparse encoding(A : (i : slice(0, 4, 1), j : slice(1, 6, 1)) -> (i : dense, j : compressed))
  for (int i = 0; i < 4; i++) {
    c[i] = 0.0;
    for (int j = 0; j < 7; j++)
      c[i] += A[i][j + 1] * x[j];
  }

  for (int i = 0; i < 4; i++) printf("%g %g %g\n", a[i], b[i], c[i]);
  return 0;
}
