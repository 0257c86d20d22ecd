// Running maxima and minima written with comparisons, as users write
// them: `if (A[i][j] > m) m = A[i][j];` and `m = A[i][j] < m ? A[i][j] : m`
// (global, per row, double and int; the inverted `m < e ? m : e` for ints).
// Absent entries are zeros the dense loops see, applied once per range.
// Negative rows make the implicit zero the answer; a full row has none.
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: if (A[i][j] > mx) mx = A[i][j];
// EXPECT-ABSENT: mn = A[i][j] < mn ? A[i][j] : mn;
// EXPECT-ABSENT: if (rmax[i] < A[i][j]) rmax[i] = A[i][j];
// EXPECT-ABSENT: im = im < B[i][j] ? im : B[i][j];
// EXPECT-ABSENT: if (B[i][j] >= bmax[i]) bmax[i] = B[i][j];
// EXPECT-ABSENT: if (A[i][j] * 2 > fm) fm = A[i][j] * 2;
#include <stdio.h>

#define N 9
#define M 7

static double A[N][M], rmax[N];
static int B[N][M], bmax[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if ((i * 3 + j) % 4 == 0) A[i][j] = -1.0 - i - 0.5 * j;
      if (i == 2) A[i][j] = -(j + 1.0); /* a full row, all negative */
      if (i == 5 && j == 3) A[i][j] = 4.5;
      if ((i + 2 * j) % 3 == 1) B[i][j] = (i - j) * 3;
    }
  double mx = -1e30, mn = 1e30;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > mx) mx = A[i][j];
  printf("%g\n", mx);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      mn = A[i][j] < mn ? A[i][j] : mn;
  printf("%g\n", mn);

#pragma sparse encoding(A : DCSR)
  for (int i = 0; i < N; i++) {
    rmax[i] = -1e30;
    for (int j = 0; j < M; j++)
      if (rmax[i] < A[i][j]) rmax[i] = A[i][j];
  }
  for (int i = 0; i < N; i++) printf("%g ", rmax[i]);
  printf("\n");

  int im = 1000;
#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      im = im < B[i][j] ? im : B[i][j];
  printf("%d\n", im);

#pragma sparse encoding(B : CSR)
  for (int i = 0; i < N; i++) {
    bmax[i] = -100;
    for (int j = 0; j < M; j++)
      if (B[i][j] >= bmax[i]) bmax[i] = B[i][j];
  }
  for (int i = 0; i < N; i++) printf("%d ", bmax[i]);
  printf("\n");

  double fm = -1e30;
#pragma sparse encoding(A : CSC)
  for (int j = 0; j < M; j++)
    for (int i = 0; i < N; i++)
      if (A[i][j] * 2 > fm) fm = A[i][j] * 2;
  printf("%g\n", fm);
  return 0;
}
