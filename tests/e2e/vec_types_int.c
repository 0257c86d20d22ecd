// Integer kernels through the vectorizer (src/vector) with every backend:
// int SpMV (gathers, a wrapping sum), a per-row int maximum written as a
// comparison (`if (A[i][j] > m) m = A[i][j];`, an integer max; absent
// entries are zeros, applied once), an int row sum of squares into a
// scalar, long SpMV with 64-bit values beyond 2^32, a long product over a
// dense range, int SpMM (register-blocked), an int xor into a scalar
// (`h ^= ...`, a checksum), a per-row or and a long per-row xor (absent
// entries are zeros: no effect, skipped). Integer results are exact:
// the vector code must print exactly what the scalar code prints. A row
// count written as a comparison (`if (A[i][j] != 0) cnt[i] += 1;`) is a
// sum of the selection `A != 0 ? 1 : 0` in int lanes (compare, select).
// EXPECT-SPARSIFIED: 9
// EXPECT-VECTORIZED: 10
// EXPECT-VECTOR-REPORT: , int, vl
// EXPECT-VECTOR-REPORT: , 64-bit int, vl
// EXPECT-VECTOR-REPORT: reduction into rmax[i] (max)
// EXPECT-VECTOR-REPORT: reduction into h (xor)
// EXPECT-VECTOR-REPORT: reduction into ror[i] (or)
// EXPECT-VECTOR-REPORT: reduction into lh[i] (xor)
// EXPECT-ABSENT: h ^= A[i][j] * 7;
// EXPECT-VECTOR-REPORT: , int, register-blocked over j: blocks of 8 x
// EXPECT-VECTOR-REPORT: compares and selects, reduction into cnt[i] (sum)
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: ly[i] += L[i][j] * lx[j];
#include <stdio.h>

#define N 37
#define M 61
#define K 21

static unsigned long long lcg_state = 2024;
static int lcg(int n) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((lcg_state >> 33) % (unsigned)n);
}

static int A[N][M], x[M], y[N], rmax[N], cnt[N], B[M][K], C[N][K];
static int ror[N];
static long L[N][M], lx[M], ly[N], F[N][K], lprod[N], lh[N];

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (lcg(100) < (i % 4 == 0 ? 70 : 20)) {
        A[i][j] = lcg(2001) - 1000;
        L[i][j] = (long)(lcg(2001) - 1000) * 5000000011L;
      }
  for (int j = 0; j < M; j++) A[3][j] = 0, L[3][j] = 0;   /* empty row */
  for (int j = 0; j < M; j++) A[5][j] = -(j + 1);         /* full, negative */
  for (int j = 0; j < M; j++) {
    x[j] = lcg(41) - 20;
    lx[j] = lcg(2001) - 1000;
    for (int k = 0; k < K; k++) B[j][k] = lcg(21) - 10;
  }
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) F[i][k] = lcg(9) == 0 ? 3 : (lcg(2) ? 1 : -1);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    rmax[i] = -5000;
    for (int j = 0; j < M; j++)
      if (A[i][j] > rmax[i]) rmax[i] = A[i][j];
  }

  int sq = 11;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      sq -= A[i][j] * A[i][j];

#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++) {
    ly[i] = 1;
    for (int j = 0; j < M; j++)
      ly[i] += L[i][j] * lx[j];
    lprod[i] = 1;
    for (int k = 0; k < K; k++)
      lprod[i] *= F[i][k];
  }

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += A[i][j] * B[j][k];

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    cnt[i] = 0;
    for (int j = 0; j < M; j++)
      if (A[i][j] != 0) cnt[i] += 1;
  }

  int h = 0x2b;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      h ^= A[i][j] * 7;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    ror[i] = 0;
    for (int j = 0; j < M; j++)
      ror[i] |= A[i][j] * 4;
  }

#pragma sparse encoding(L : CSR)
  for (int i = 0; i < N; i++) {
    lh[i] = -1;
    for (int j = 0; j < M; j++)
      lh[i] ^= L[i][j];
  }

  printf("sq %d h %d\n", sq, h);
  for (int i = 0; i < N; i++) printf("%d %ld\n", ror[i], lh[i]);
  for (int i = 0; i < N; i++)
    printf("%d %d %d %d %ld %ld\n", i, y[i], rmax[i], cnt[i], ly[i], lprod[i]);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k += 3) printf("C %d\n", C[i][k]);
  return 0;
}
