// Comparisons and selections through the vectorizer (src/vector) with
// every backend: a row maximum of doubles and a row minimum of floats
// written as comparisons (`if (A[i][j] > m) m = A[i][j];`), nonzero and
// sign counts into int and long (`if (A[i][j] != 0) nnz[i] += 1;`,
// `if (A[i][j] > 0) pos++;`: truth values summed in the lanes of the
// compared type), a ReLU-like SpMV (`y[i] += e > 0 ? e : 0`, with
// gathers), an L1 norm with fabs, an int row count of negatives, and a
// clamped update of a dense level under a sparse vector (`Y[i][k] +=
// xs[i] * (Z[i][k] > 0.5 ? 0.5 : Z[i][k])`, compare and select before
// the store). Counts, maxima and minima are exact: the vector code prints
// what the scalar code prints. A selection that reads x[j] only when the
// condition holds (`A[i][j] > 0 ? x[j] : 0`) stays scalar with its
// reason: the vector code would read every lane.
// EXPECT-SPARSIFIED: 10
// EXPECT-VECTORIZED: 9
// EXPECT-VECTOR-REPORT: reduction into rmax[i] (max by comparison)
// EXPECT-VECTOR-REPORT: , float, vl
// EXPECT-VECTOR-REPORT: reduction into fmin_[i] (min by comparison)
// EXPECT-VECTOR-REPORT: reduction into nnz[i] (count), summed in double lanes
// EXPECT-VECTOR-REPORT: reduction into pos (count), summed in double lanes
// EXPECT-VECTOR-REPORT: reduction into lpos (count), summed in double lanes
// EXPECT-VECTOR-REPORT: compares and selects, reduction into y[i] (sum)
// EXPECT-VECTOR-REPORT: reduction into l1 (sum)
// EXPECT-VECTOR-REPORT: , int, vl
// EXPECT-VECTOR-REPORT: contiguous stores, compares and selects
// EXPECT-VECTOR-REPORT: not vectorized: x is read only under a condition
#include <math.h>
#include <stdio.h>

#define N 41
#define M 67
#define K 45

static unsigned long long lcg_state = 31337;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned)n);
}

static double A[N][M], x[M], y[N], y2[N], rmax[N], xs[N], Y[N][K], Z[N][K];
static float F[N][M], fmin_[N];
static int IA[N][M], nnz[N], neg[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (lcg(100) < (i % 6 == 0 ? 75 : 18)) {
        A[i][j] = (double)(lcg(2001) - 1000) / 64.0;
        F[i][j] = (float)(lcg(201) - 100) / 8.0f;
        IA[i][j] = lcg(41) - 20;
      }
  for (int j = 0; j < M; j++) A[4][j] = 0.0, F[4][j] = 0.0f, IA[4][j] = 0;
  for (int j = 0; j < M; j++) A[7][j] = -(double)(j + 1), F[7][j] = (float)(j + 1);
  for (int j = 0; j < M; j++) x[j] = (double)(lcg(17) - 8) / 4.0;
  for (int i = 0; i < N; i++) {
    rmax[i] = -1e300;
    fmin_[i] = 1e30f;
    if (lcg(4) == 0) xs[i] = (double)(lcg(9) + 1) / 8.0;
    for (int k = 0; k < K; k++) {
      Z[i][k] = (double)(lcg(401) - 200) / 128.0;
      Y[i][k] = (double)(lcg(9)) / 16.0;
    }
  }
  int pos = 3;
  long lpos = 0;
  double l1 = 0.0;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > rmax[i]) rmax[i] = A[i][j];

#pragma sparse encoding(F : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      fmin_[i] = F[i][j] < fmin_[i] ? F[i][j] : fmin_[i];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] != 0) nnz[i] += 1;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > 0) pos++;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      lpos += A[i][j] > 5.0 ? 1 : 0;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j] > 0 ? A[i][j] * x[j] : 0;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      l1 += fabs(A[i][j]);

#pragma sparse encoding(IA : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (IA[i][j] < 0) neg[i] += 1;

#pragma sparse encoding(xs : (i) -> (i : compressed))
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++)
      Y[i][k] += xs[i] * (Z[i][k] > 0.5 ? 0.5 : Z[i][k]);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y2[i] += A[i][j] > 0 ? x[j] : 0;

  printf("pos %d lpos %ld l1 %.17g\n", pos, lpos, l1);
  for (int i = 0; i < N; i++) {
    printf("%d rmax %.17g fmin %.9g nnz %d neg %d y %.17g y2 %.17g\n", i,
           rmax[i], (double)fmin_[i], nnz[i], neg[i], y[i], y2[i]);
    for (int k = 0; k < K; k += 4) printf(" %.17g", Y[i][k]);
    printf("\n");
  }
  return 0;
}
