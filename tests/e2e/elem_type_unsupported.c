// A loop pragma naming an array whose element type the runtime does not
// store (unsigned, short, unsigned char) leaves that nest as written with a
// warning, and sparsecc exits 0 so the build goes on; the other nests of
// the file are sparsified.
// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: element type 'unsigned int' of 'U' is not supported
// EXPECT-WARNING: element type 'short' of 'S' is not supported
// EXPECT-WARNING: element type 'uint8_t' of 'B' is not supported
// EXPECT-REPORT: kernel not sparsified: element type 'short' of 'S' is not supported
// EXPECT-ABSENT: sl += L[i][j] * j;
// EXPECT-ABSENT: si += I[i][j];
#include <stdint.h>
#include <stdio.h>

#define N 6

int main(void) {
  unsigned U[N][N] = {{0}};
  long long L[N][N] = {{0}};
  short S[N][N] = {{0}};
  uint8_t B[N][N] = {{0}};
  int64_t I[N][N] = {{0}};
  for (int i = 0; i < N; i++) {
    U[i][(i * 2) % N] = 4000000000u - (unsigned)i;
    L[i][i] = -3LL * i;
    S[i][(i + 1) % N] = (short)(i * 100);
    B[i][(i + 2) % N] = (uint8_t)(200 + i);
    I[i][N - 1 - i] = (int64_t)1 << (40 + i);
  }
  unsigned su = 0, sb = 0;
  long long sl = 0;
  int ss = 0;
  int64_t si = 0;
#pragma sparse encoding(U : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) su += U[i][j];
#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sl += L[i][j] * j;
#pragma sparse encoding(S : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) ss += S[i][j];
#pragma sparse encoding(B : CSR, I : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) sb += B[i][j] + (unsigned)I[i][j];
#pragma sparse encoding(I : COO)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) si += I[i][j];
  printf("%u %lld %d %u %lld\n", su, sl, ss, sb, (long long)si);
  return 0;
}
