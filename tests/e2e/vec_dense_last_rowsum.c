// Row sums over matrices stored with a dense last level: `(i : compressed,
// j : dense)` and DCSR with dense rows, `(i : compressed, j : compressed,
// k : dense)` (a 3-D array whose nonzero (i, j) fibres are kept whole).
// The loop over the dense level reads the values at position * size + j,
// contiguous, and the vector backends sum them in vector accumulators
// reduced once per row: into an array element, into a local stored after
// the row, into one scalar for the whole matrix, with `-=`, in double,
// float and long long. 29 columns: full vectors and
// a masked last chunk on every backend (1 of 4, 5 of 8, 13 of 16 lanes).
// Every value is a small dyadic rational, so any order of the additions
// gives the same sum.
// EXPECT-SPARSIFIED: 6
// EXPECT-VECTORIZED: 6
// EXPECT-VECTOR-REPORT: contiguous loads (A's dense last level at position * size + j), reduction into r[i] (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (A's dense last level at position * size + j), reduction into s (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (A's dense last level at position * size + j), reduction into total (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (Af's dense last level at position * size + j), reduction into rf[i] (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (Al's dense last level at position * size + j), reduction into rl[i] (sum)
// EXPECT-VECTOR-REPORT: contiguous loads (T's dense last level at position * size + k), reduction into q[i][j] (sum)
// EXPECT-NOT-REPORT: indexed per iteration
// EXPECT-ABSENT: r[i] += A[i][j];
// EXPECT-ABSENT: total -= A[i][j];
// EXPECT-ABSENT: q[i][j] += T[i][j][k];
#include <stdio.h>

#define N 11
#define M 29

static double A[N][M], r[N], r2[N], T[N][5][M], q[N][5];
static float Af[N][M], rf[N];
static long long Al[N][M], rl[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      /* rows 3, 6 and 9 empty; zeros inside the kept rows too */
      double e = i % 3 == 0 && i ? 0.0 : ((i * 7 + j * 3) % 17 - 8) / 8.0;
      A[i][j] = e;
      Af[i][j] = (float)e;
      Al[i][j] = i % 3 == 0 && i ? 0 : (long long)(i * 1000003 + j) * 4611686018LL;
      for (int l = 0; l < 5; l++)
        T[i][l][j] = (i + l) % 4 == 1 ? 0.0 : ((i + l * 5 + j) % 9 - 4) / 4.0;
    }
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      r[i] += A[i][j];
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++) {
    double s = 0.5;
    for (int j = 0; j < M; j++)
      s += A[i][j];
    r2[i] = s;
  }
  double total = 100.0;
#pragma sparse encoding(A : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      total -= A[i][j];
#pragma sparse encoding(Af : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rf[i] += Af[i][j];
#pragma sparse encoding(Al : (i, j) -> (i : compressed, j : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      rl[i] += Al[i][j];
#pragma sparse encoding(T : (i, j, k) -> (i : compressed, j : compressed, k : dense))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < M; k++)
        q[i][j] += T[i][j][k];
  printf("total %.17g\n", total);
  for (int i = 0; i < N; i++) {
    printf("%d: %.17g %.17g %.9g %lld", i, r[i], r2[i], (double)rf[i], rl[i]);
    for (int j = 0; j < 5; j++) printf(" %.17g", q[i][j]);
    printf("\n");
  }
  return 0;
}
