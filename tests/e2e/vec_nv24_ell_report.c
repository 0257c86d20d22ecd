// The vectorizer over 2:4 (NV24) levels, and the report line of every loop
// that stays scalar under a SIMD backend. A row of an NV24 array is one
// run of positions (two a group of four columns, padded with zeros), its
// coordinate group * 4 + crd computed per chunk: SpMV (gathers, a sum), the
// transposed product (scatters), a float SpMV, and a loop whose variable
// is declared outside its header (it keeps the scalar loop's last value),
// over 23 columns (the last group partial: its padding past the extent is
// never visited) and rows of every fill; a COO row sum (the entries of a
// row, a run of the nonunique level, walked by the singleton level). Loops
// that stay scalar say why: an ELL SpMV (a row's entries spread over the
// slices), a merge of two sparse operands, and a sparse output (G, and
// the copy of V into the NV24 F, assembled in a staging tensor and
// converted into F's encoding).
// EXPECT-SPARSIFIED: 10
// EXPECT-VECTORIZED: 5
// EXPECT-VECTOR-REPORT: over the groups of the n_out_of_m[2, 4] level of V
// EXPECT-VECTOR-REPORT: , float, vl
// EXPECT-VECTOR-REPORT: not vectorized: ELL: the entries of a row of E are spread over its slices
// EXPECT-VECTOR-REPORT: reduction into u[i] (sum)
// EXPECT-VECTOR-REPORT: not vectorized: a merge (while) loop over
// EXPECT-VECTOR-REPORT: not vectorized: the kernel writes the sparse output G
// EXPECT-NOT-REPORT: unaccounted
// EXPECT-ABSENT: y[i] += V[i][j] * x[j];
// EXPECT-ABSENT: z[j] += V[i][j] * y[i];
// EXPECT-ABSENT: fy[i] += F[i][j] * fx[j];
#include <stdio.h>

#define N 9
#define M 23

#pragma sparse encoding(V : NV24)
static double V[N][M];
#pragma sparse encoding(F : NV24)
static float F[N][M];
#pragma sparse encoding(E : ELL(3))
static double E[N][M];
#pragma sparse encoding(G : CSR)
static double G[N][M];
static double x[M], y[N], z[M], w[N], u[N], C[N][M], D[N][M];
static float fx[M], fy[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int g = 0; g < M; g += 4) {
      int a = g + (i + g / 4) % 4, b = g + (i + 1 + g / 4) % 4;
      if (i % 3 != 2 && a < M) V[i][a] = 0.125 * (i + a % 5 + 1);
      if (i % 2 == 0 && b < M && b != a) V[i][b] = -0.25 * (b % 3 + 1);
    }
  V[N - 1][M - 1] = 3.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) F[i][j] = (float)V[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if ((2 * i + j) % 9 == 0) E[i][j] = 0.5 + j % 4;
      if ((i + 3 * j) % 7 == 0) C[i][j] = 1.0 + i;
      if ((i + j) % 5 == 0) D[i][j] = 2.0 - j % 3;
    }
  for (int j = 0; j < M; j++) {
    x[j] = 0.25 * (j % 7) - 0.75;
    fx[j] = (float)x[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += V[i][j] * x[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      z[j] += V[i][j] * y[i];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      fy[i] += F[i][j] * fx[j];
  int jl = -1;
  for (int i = 0; i < N; i++)
    for (jl = 0; jl < M; jl++)
      w[i] += V[i][jl] * (x[jl] + 1.0);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      u[i] += E[i][j] * x[j];
#pragma sparse encoding(C : COO)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      u[i] += C[i][j];
#pragma sparse encoding(C : CSR, D : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      x[j] += C[i][j] + D[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      G[i][j] = 2.0 * V[i][j];
  for (int i = 0; i < N; i++)
    printf("%.17g %.9g %.17g %.17g\n", y[i], (double)fy[i], w[i], u[i]);
  for (int j = 0; j < M; j++) printf("%.17g %.17g\n", z[j], x[j]);
  printf("%d\n", jl);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (G[i][j] != 0) printf("%d %d %.17g\n", i, j, G[i][j]);
  return 0;
}
