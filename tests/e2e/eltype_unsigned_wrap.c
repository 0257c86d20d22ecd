// unsigned element types wrap around modulo 2^32 (and size_t modulo 2^64)
// exactly as the dense program does, whatever order the stored entries
// are summed in: a local unsigned matrix summed into an unsigned total and
// multiplied into an unsigned vector, and a malloc'd flat size_t block
// (A[i*m + j] with a shape) of huge counts.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) total += U(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) y(i) += U(i,j) * x(j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) big += F(i,j) * 3
// EXPECT-ABSENT: for (int j = 0; j < N; j++) total += U[i][j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) y[i] += U[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < m; j++) big += F[i * m + j] * 3;
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define N 70

int main(void) {
#pragma sparse encoding(U : CSR)
  unsigned U[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      U[i][j] = (i * 13 + j * 5) % 9 == 0 ? 4000000000u + 7919u * (unsigned)(i + j) : 0;
  unsigned total = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) total += U[i][j];
  unsigned x[N], y[N] = {0};
  for (int j = 0; j < N; j++) x[j] = 3000000000u + (unsigned)j * 977u;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) y[i] += U[i][j] * x[j];
  unsigned long long hy = 0;
  for (int i = 0; i < N; i++) hy = hy * 1000003u + y[i];
  /* '#' and hexadecimal: compared as text, digit by digit */
  printf("total #%x (a wrapped sum) y hash #%llx\n", total, hy);

  int n = 50, m = 60;
#pragma sparse encoding(F[n][m] : CSR)
  size_t *F = malloc((size_t)n * (size_t)m * sizeof(size_t));
  if (!F) return 1;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      F[i * m + j] = (i + j) % 11 == 3 ? (size_t)-1 / 2 + (size_t)(i * m + j) : 0;
  size_t big = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) big += F[i * m + j] * 3;
  printf("big #%zx\n", big);
  free(F);
  return 0;
}
