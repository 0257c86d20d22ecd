// An integer quotient by a sparse operand: `C[i][j] = u[j] * A[i][j] /
// q[j]` with every q[j] stored (non-zero). A fill loop would evaluate the
// statement with q absent (0) at every position before overwriting the
// stored ones, and an integer 0 / 0 traps, so the nest stays dense with a
// warning; the floating version of the same nest is sparsified.
// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: loop not sparsified: no loop can skip absent entries
// EXPECT-REPORT: kernel not sparsified: no loop can skip absent entries
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) D(i,j) = v(j) * B(i,j) / r(j)
// EXPECT-ABSENT: for (int j = 0; j < N; j++) D[i][j] = v[j] * B[i][j] / r[j];
#include <stdio.h>

#define N 12

static unsigned A[N][N], C[N][N], u[N], q[N];
static double B[N][N], D[N][N], v[N], r[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    u[i] = 3u + (unsigned)i;
    q[i] = 1u + (unsigned)(i % 4);
    v[i] = 0.5 * i;
    r[i] = 1.0 + (i % 4);
    for (int j = 0; j < N; j++)
      if ((i + 2 * j) % 5 == 0) {
        A[i][j] = 40u + (unsigned)(i * j);
        B[i][j] = 40.0 + i * j;
      }
  }
#pragma sparse encoding(A : DCSR, q : SparseVector)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) C[i][j] = u[j] * A[i][j] / q[j];
#pragma sparse encoding(B : DCSR, r : SparseVector)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) D[i][j] = v[j] * B[i][j] / r[j];
  unsigned long h = 0;
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      h = h * 31 + C[i][j];
      s += D[i][j] * (i + 1);
    }
  printf("#%lx %.6f\n", h, s);
  return 0;
}
