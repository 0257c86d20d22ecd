// A sparse unsigned char output: C = A + B (a union) and E = A * B (an
// intersection) store the int sum and product truncated to unsigned char,
// as the dense program's assignments do; a sum or a product that wraps to
// exactly 0 (200 + 56, 16 * 32) reads back as 0 like any absent entry, and
// is filtered out: an integer product may wrap to 0, so it does not
// "preserve non-zeros" (SPEC §3).
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) C(i,j) = A(i,j) + B(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) E(i,j) = A(i,j) * B(i,j)
// EXPECT-REPORT: zero filter: values appended to E tested != 0
// EXPECT-ABSENT: C[i][j] = A[i][j] + B[i][j];
// EXPECT-ABSENT: E[i][j] = A[i][j] * B[i][j];
#include <stdio.h>

#define N 36

#pragma sparse encoding(A : CSR)
static unsigned char A[N][N];
#pragma sparse encoding(B : CSR)
static unsigned char B[N][N];
#pragma sparse encoding(C : CSR)
static unsigned char C[N][N];
#pragma sparse encoding(E : DCSR)
static unsigned char E[N][N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][i] = 200;
    A[i][(i * 5 + 1) % N] = (unsigned char)(100 + i);
    B[i][i] = 56; /* 200 + 56 wraps to 0 */
    A[i][(i + 7) % N] = 16;
    B[i][(i + 7) % N] = 32; /* 16 * 32 wraps to 0 */
    B[i][(i * 3 + 2) % N] = (unsigned char)(150 + 2 * i);
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) C[i][j] = A[i][j] + B[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) E[i][j] = A[i][j] * B[i][j];
  unsigned long h = 0;
  unsigned nzc = 0, nze = 0, s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      h = h * 131 + C[i][j] * 7u + E[i][j];
      nzc += C[i][j] != 0;
      nze += E[i][j] != 0;
      s += C[i][j];
    }
  printf("%u %u %u #%lx\n", nzc, nze, s, h);
  return 0;
}
