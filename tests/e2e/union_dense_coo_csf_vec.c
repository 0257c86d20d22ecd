// Unions with a dense side over COO, CSF and SparseVector operands stored
// sparse, and a union of two sparse operands with a dense one: COO's row
// level (nonunique) is walked by a merge cursor that takes the run of
// entries of row i, and its column level (singleton) by a cursor inside
// that run; each CSF level by its own cursor; the sparse vector's level
// in `y[k] += u[k] - (2.0 + x[k])`. Empty rows and slabs, a stored NaN.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: s += P[i][j] + 0.5 * q[j] - 1.0;
// EXPECT-ABSENT: r[i] += T[i][j][k] + v[k];
// EXPECT-ABSENT: y[k] += u[k] - (2.0 + x[k]);
// EXPECT-ABSENT: o[i] -= A[i][j] + P[i][j] - q[j];
// EXPECT-REPORT: loop i: dense, every i visited ('s += P[i][j] + 0.5 * q[j] - 1.0' has an effect where P is absent); P walked by a merge cursor
// EXPECT-REPORT: loop j: dense, every j visited ('s += P[i][j] + 0.5 * q[j] - 1.0' has an effect where P is absent); P walked by a merge cursor
// EXPECT-REPORT: loop k: dense, every k visited ('r[i] += T[i][j][k] + v[k]' has an effect where T is absent); T walked by a merge cursor
// EXPECT-REPORT: loop k: dense, every k visited ('y[k] += u[k] - (2.0 + x[k])' has an effect where x is absent); x walked by a merge cursor
// EXPECT-REPORT: has an effect where A and P are absent); A, P walked by merge cursors
#include <math.h>
#include <stdio.h>

#define N 15
#define M 11
#define L 9

static unsigned long long lcg_state = 31337;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned long long)n);
}

#pragma sparse encoding(P : COO)
static double P[N][M];
#pragma sparse encoding(T : CSF)
static double T[N][M][L];
#pragma sparse encoding(x : SparseVector)
static double x[64];
#pragma sparse encoding(A : CSR)
static double A[N][M];
static double q[M], v[L], r[N], u[64], y[64], o[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if (lcg(6) == 0 && i != 4) P[i][j] = lcg(40) / 4.0 - 5.0;
      if (lcg(5) == 0 && i % 3 != 0) A[i][j] = lcg(40) / 8.0 - 2.0;
      for (int k = 0; k < L; k++)
        if (lcg(12) == 0 && j != 2) T[i][j][k] = lcg(64) / 16.0 - 2.0;
    }
  P[N - 1][M - 1] = 3.25;
  P[0][0] = -1.5;
  T[6][5][8] = NAN; /* r[6] is NaN, as in the dense program */
  for (int j = 0; j < M; j++) q[j] = lcg(16) / 4.0;
  for (int k = 0; k < L; k++) v[k] = lcg(16) / 8.0 - 1.0;
  for (int k = 0; k < 64; k += 1 + lcg(9)) x[k] = lcg(30) / 2.0 - 7.0;
  for (int k = 0; k < 64; k++) u[k] = lcg(100) / 10.0;

  double s = 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += P[i][j] + 0.5 * q[j] - 1.0;
  printf("%.10g\n", s);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < L; k++)
        r[i] += T[i][j][k] + v[k];
  for (int i = 0; i < N; i++) printf("%.10g\n", r[i]);

  for (int k = 0; k < 64; k++)
    y[k] += u[k] - (2.0 + x[k]);
  for (int k = 0; k < 64; k++) printf("%.10g\n", y[k]);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      o[i] -= A[i][j] + P[i][j] - q[j];
  for (int i = 0; i < N; i++) printf("%.10g\n", o[i]);
  return 0;
}
