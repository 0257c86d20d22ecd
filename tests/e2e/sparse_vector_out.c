// A 1-D sparse output (SparseVector) computed from a 2-D operand: row
// sums into an empty and into a pre-filled vector (+= combines with the
// old entries), the scalar-accumulator idiom and `= 0` then `+=` (each
// element assigned once, first: the old entries are replaced), a
// transposed product `q[j] += A[i][j] * x[i]` (the workspace spans the
// whole vector), a guarded `=` that keeps the old entries where it is
// false, and an int output. Operands in CSR, CSC (converted), DCSR, COO
// and a padded CSR holding explicit zeros; empty rows, sums that cancel
// (filtered), a stored NaN.
// EXPECT-SPARSIFIED: 11
// EXPECT-REPORT: r: sparse vector output, a workspace over the whole vector
// EXPECT-REPORT: r: its existing entries loaded into the workspace first (+= combines with them)
// EXPECT-REPORT: r: its existing entries loaded into the workspace first (= under an if keeps them where the guard is false)
// EXPECT-REPORT: zero filter: values appended to q tested != 0 (unpadded level)
// EXPECT-ABSENT: r[i] += A[i][j];
// EXPECT-ABSENT: q[j] += S[i][j] * x[i];
// EXPECT-ABSENT: r[i] += B[i][j];
// EXPECT-ABSENT: s += B[i][j] * 2.0;
// EXPECT-ABSENT: q[j] += O[i][j] * x[i];
// EXPECT-ABSENT: if (A[i][j] > 1.0) r[i] = A[i][j];
// EXPECT-ABSENT: c[i] += K[i][j];
// EXPECT-ABSENT: r[i] += P[i][j] * xp[j];
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 99;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 14
#define M 9

#pragma sparse encoding(A : CSR, S : CSC, B : DCSR, O : COO)
static double A[N][M], S[N][M], B[N][M], O[N][M];
#pragma sparse encoding(K : CSR)
static long K[N][M];
#pragma sparse encoding(r : SparseVector)
static double r[N];
#pragma sparse encoding(q : SparseVector)
static double q[M];
#pragma sparse encoding(c : SparseVector)
static long c[N];
static double P[N][M], x[N], xp[M];

static void show(const char *what, const double *v, int n) {
  int nnz = 0;
  printf("%s:", what);
  for (int i = 0; i < n; i++) {
    nnz += v[i] != 0;
    printf(" %.10g", v[i]);
  }
  printf(" (nnz %d)\n", nnz);
}

static void showr(const char *what) {
  double v[N];
  for (int i = 0; i < N; i++) v[i] = r[i];
  show(what, v, N);
}

static void showq(const char *what) {
  double v[M];
  for (int j = 0; j < M; j++) v[j] = q[j];
  show(what, v, M);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = (i * 5 + j * 3) % 4 == 0 ? lcg() : 0.0;
      S[i][j] = (i + j) % 3 == 0 ? lcg() : 0.0;
      B[i][j] = (i * j) % 4 == 1 ? lcg() : 0.0;
      O[i][j] = (2 * i + j) % 5 == 0 ? lcg() : 0.0;
      K[i][j] = (i + 2 * j) % 3 == 0 ? (long)(lcg() * 10) : 0;
      P[i][j] = (i + j) % 2 == 0 ? lcg() : 0.0;
    }
  for (int i = 0; i < N; i++) x[i] = lcg();
  for (int j = 0; j < M; j++) xp[j] = lcg();
  for (int j = 0; j < M; j++) { A[6][j] = 0; B[6][j] = 0; S[6][j] = 0; O[6][j] = 0; }
  A[2][0] = 1.5; A[2][4] = -1.5; A[2][8] = 0.0; /* row 2 sums to 0 */
  for (int j = 1; j < M; j++) if (j != 4) A[2][j] = 0.0;
  A[9][1] = NAN;
  for (int j = 0; j < M; j++) P[3][j] = 0.0;  /* stored zeros (padded) */
  for (int i = 0; i < N; i++) P[i][2] = 0.0;
  xp[2] = INFINITY;                           /* never multiplied: P[i][2] is 0 */

  /* row sums into an empty vector, then again: += combines */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      r[i] += A[i][j];
  showr("rowsum");
  r[6] = 4.0; r[13] = -2.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      r[i] += A[i][j];
  showr("rowsum twice");

  /* the accumulator idiom over DCSR: the old entries are replaced */
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < M; j++)
      s += B[i][j] * 2.0;
    r[i] = s;
  }
  showr("accumulated dcsr");

  /* `= 0` then `+=` */
  r[6] = 7.0;
  for (int i = 0; i < N; i++) {
    r[i] = 0;
    for (int j = 0; j < M; j++)
      r[i] += B[i][j];
  }
  showr("init then sum");

  /* transposed products: CSC (converted) and COO */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      q[j] += S[i][j] * x[i];
  showq("transposed csc");
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      q[j] += O[i][j] * x[i];
  showq("transposed coo");

  /* a guarded = keeps the old entries where it is false */
  r[6] = 3.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > 1.0) r[i] = A[i][j];
  showr("last above one");

  /* integers */
  c[0] = 5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      c[i] += K[i][j];
  for (int i = 0; i < N; i++) printf("%ld ", c[i]);
  printf("\n");

  /* explicit stored zeros of a padded operand: 0 * Inf never happens */
  r[1] = 1.0;
#pragma sparse encoding(P : (i, j) -> (i : dense, j : compressed(padded)))
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (P[i][j] != 0.0)
        r[i] += P[i][j] * xp[j];
  showr("padded");
  return 0;
}
