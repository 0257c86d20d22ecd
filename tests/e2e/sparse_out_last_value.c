// An `=` to a sparse output repeated by a loop that does not index it keeps
// the last value in the dense program, zero where an operand is absent:
// `for (k) C[i][j] = A[i][k] * B[k][j]` leaves A[i][N-1] * B[N-1][j], not
// the last stored product. Such nests are refused (their writes become
// buffered inserts, in program order), with the reason; they were
// sparsified and kept the last stored value. A guarded `=` whose guard
// tests every sparse element its value reads (`if (A[i][j] > 1) r[i] =
// A[i][j]`) runs only at stored entries, so it stays a kernel.
// EXPECT-SPARSIFIED: 3
// EXPECT-WARNING: an `=` to C is repeated by a loop that does not index it, so the dense program keeps the last value, absent or not
// EXPECT-WARNING: an `=` to r is repeated by a loop that does not index it
// EXPECT-ABSENT: if (A[i][j] > 1.0) r[i] = A[i][j];
#include <stdio.h>
#define N 7

static double A[N][N], B[N][N];
#pragma sparse encoding(C : CSR)
static double C[N][N];
#pragma sparse encoding(r : SparseVector)
static double r[N];

static void show(const char *what) {
  double s = 0, t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += C[i][j] * (i * N + j + 1);
  for (int i = 0; i < N; i++) t += r[i] * (i + 1);
  printf("%s %.17g %.17g\n", what, s, t);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      A[i][j] = (i + j) % 3 == 0 ? i + 1.5 : 0;
      B[i][j] = (i * j) % 4 == 1 ? j + 2 : 0;
    }
  C[1][1] = 5;
  r[3] = 4;
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++)
        C[i][j] = A[i][k] * B[k][j];
  show("last k");
#pragma sparse encoding(A : CSR, B : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      r[i] = A[i][j] * B[i][j];
  show("last j");
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] > 1.0) r[i] = A[i][j];
  show("last above one");
  return 0;
}
