// int64_t and uint64_t counts above 2^53 (where a double would round):
// the stored values are kept in 64-bit integer arrays, never converted,
// so sums and products are exact; a malloc'd pointer to rows of int64_t
// and a uint64_t matrix summed row by row. Printed in hexadecimal after a
// '#', so the outputs are compared as text, digit by digit.
// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) { tot += C(i,j); row(i) += C(i,j) * 3 }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) u(i) += D(i,j) + D(i,j)
// EXPECT-ABSENT: row[i] += C[i][j] * 3;
// EXPECT-ABSENT: u[i] += D[i][j] + D[i][j];
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 30

int main(void) {
#pragma sparse encoding(C : CSR)
  int64_t (*C)[N] = calloc(N, sizeof *C);
  if (!C) return 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i * 3 + j) % 8 == 1) C[i][j] = ((int64_t)1 << 55) + 1 + i * 1000003LL + j;
  int64_t tot = 0, row[N] = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      tot += C[i][j];
      row[i] += C[i][j] * 3;
    }
  printf("#%llx\n", (unsigned long long)tot);
  for (int i = 0; i < N; i++) printf("#%llx ", (unsigned long long)row[i]);
  printf("\n");
  free(C);

#pragma sparse encoding(D : DCSR)
  static uint64_t D[N][N];
  for (int i = 0; i < N; i += 3)
    D[i][(i * 7) % N] = UINT64_MAX - 12345u * (uint64_t)i;
  uint64_t u[N] = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u[i] += D[i][j] + D[i][j];
  for (int i = 0; i < N; i++) printf("#%llx ", (unsigned long long)u[i]);
  printf("\n");
  return 0;
}
