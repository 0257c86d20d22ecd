// A loop pragma naming an array whose element type the runtime does not
// store (long double) leaves that nest as written with a warning, and
// sparsecc exits 0 so the build goes on; the other nests of the file are
// sparsified (every integer type, _Bool included, is an element type:
// eltype_*.c, legacy_bool_adjacency.c).
// EXPECT-SPARSIFIED: 4
// EXPECT-WARNING: element type 'long double' of 'S' is not supported
// EXPECT-REPORT: kernel not sparsified: element type 'long double' of 'S' is not supported
// EXPECT-NOT-REPORT: element type '_Bool'
// EXPECT-ABSENT: sl += L[i][j] * j;
// EXPECT-ABSENT: si += I[i][j];
// EXPECT-ABSENT: su += U[i][j];
// EXPECT-ABSENT: sb += B[i][j] + (unsigned)I[i][j];
#include <stdint.h>
#include <stdio.h>

#define N 6

int main(void) {
  _Bool U[N][N] = {{0}};
  long long L[N][N] = {{0}};
  long double S[N][N] = {{0}};
  _Bool B[N][N] = {{0}};
  int64_t I[N][N] = {{0}};
  for (int i = 0; i < N; i++) {
    U[i][(i * 2) % N] = i % 2;
    L[i][i] = -3LL * i;
    S[i][(i + 1) % N] = (long double)i * 100.5L;
    B[i][(i + 2) % N] = 1;
    I[i][N - 1 - i] = (int64_t)1 << (40 + i);
  }
  unsigned su = 0, sb = 0;
  long long sl = 0;
  long double ss = 0;
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
  printf("%u %lld %.1Lf %u %lld\n", su, sl, ss, sb, (long long)si);
  return 0;
}
