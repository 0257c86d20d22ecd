// A vectorize pragma's vl that is not a multiple of the backend's lanes
// (the pragma and --vl take any vl from 1 to 64):
// vl = 6 on avx2's 4 doubles, 10 and 20 on avx512's 8, 12 on the generic
// backend. The step was vl elements while a step computed vl / lanes
// whole vectors, so 2 of every 6 entries were skipped (wrong sums), and
// the generic backend declared vectors of 12 elements, which GCC and
// Clang refuse (not a power of two). Now vl is lowered to a multiple of
// the lanes (a power of two for generic) and the report says so. SpMV
// and a dense reduction (SDDMM) over rows of many lengths, each pragma
// naming its backend; compiled without the ISA flags they run the scalar
// loops, with them the vector loops.
// EXPECT-SPARSIFIED: 6
// EXPECT-REPORT: vl 6 lowered to 4, a multiple of the 4 lanes of avx2
// EXPECT-REPORT: vl 10 lowered to 8, a multiple of the 8 lanes of avx512
// EXPECT-REPORT: vl 20 lowered to 16, a multiple of the 8 lanes of avx512
// EXPECT-REPORT: vl 12 lowered to 8 (a vector holds a power of two of elements)
// EXPECT-REPORT: vl 3 lowered to 2 (a vector holds a power of two of elements)
// OUT-CFLAGS: -march=native
// EXPECT-ABSENT: y1[i] += A[i][j] * x[j];
// EXPECT-ABSENT: y4[i] -= A[i][j] * x[j];
#include <stdio.h>

#define N 18
#define M 70
#define K 29
static double A[N][M], x[M], y1[N], y2[N], y3[N], y4[N];
static double S[N][N], U[N][K], V[N][K], D1[N][N], D2[N][N];
static const int len[N] = {0, 1, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 15, 19, 24, 35, 41, 67};

int main(void) {
  unsigned s = 3u;
  for (int i = 0; i < N; i++)
    for (int t = 0; t < len[i]; t++) {
      s = s * 1664525u + 1013904223u;
      A[i][(int)((s >> 9) % M)] = ((int)((s >> 3) % 17) - 8) * 0.125;
    }
  for (int j = 0; j < M; j++) x[j] = (j % 7) - 3.5;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      if ((i + 2 * j) % 3 == 0) S[i][j] = 0.5 * (i - j) + 1;
    for (int k = 0; k < K; k++) {
      U[i][k] = ((i + k) % 5) * 0.25;
      V[i][k] = (i * k) % 3 - 1.0;
    }
  }
#pragma sparse encoding(A : CSR)
#pragma sparse vectorize(vl = 6, simd = avx2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y1[i] += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
#pragma sparse vectorize(vl = 10, simd = avx512)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[i] += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
#pragma sparse vectorize(vl = 12, simd = generic)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y3[i] += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
#pragma sparse vectorize(vl = 3, simd = generic)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y4[i] -= A[i][j] * x[j];
#pragma sparse encoding(S : CSR)
#pragma sparse vectorize(vl = 6, simd = avx2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        D1[i][j] += S[i][j] * U[i][k] * V[j][k];
#pragma sparse encoding(S : CSR)
#pragma sparse vectorize(vl = 20, simd = avx512)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        D2[i][j] += S[i][j] * U[i][k] * V[j][k];
  for (int i = 0; i < N; i++) {
    printf("%d %.17g %.17g %.17g %.17g", i, y1[i], y2[i], y3[i], y4[i]);
    for (int j = 0; j < N; j++) printf(" %.17g %.17g", D1[i][j], D2[i][j]);
    printf("\n");
  }
  return 0;
}
