// Vectorized dense inner loops over unsigned loop variables (size_t,
// unsigned, uint32_t and a typedef of unsigned) whose range may be empty
// with its start past its end (`for (size_t k = lo; k < hi; k++)`, lo >
// hi): `hi - k` wraps, so the vector loops must test `k < hi` first (the
// full-vector loop otherwise ran far past the arrays: a crash). The
// register-blocked SpMM nest and an SDDMM reduction (the plain strip-mined
// loop), at every pair of starts and ends around the lanes.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTORIZED: 4
// EXPECT-ABSENT: C[i][k] += A[i][j] * B[j][k];
// EXPECT-ABSENT: C[i][k] -= 0.5 * A[i][j] * B[j][k];
// EXPECT-ABSENT: D[i][j] += A[i][j] * U[i][k] * B[j][k];
// EXPECT-ABSENT: D[i][j] -= A[i][j] * U[j][k];
// EXPECT-VECTOR-REPORT: register-blocked over j
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define N 8
#define K 40
typedef unsigned idx_t;
static double A[N][N], B[N][K], C[N][K], D[N][N], U[N][K];

static void spmm_size_t(size_t lo, size_t hi) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (size_t k = lo; k < hi; k++)
        C[i][k] += A[i][j] * B[j][k];
}

static void spmm_unsigned(unsigned lo, unsigned hi) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (unsigned k = lo; k < hi; k++)
        C[i][k] -= 0.5 * A[i][j] * B[j][k];
}

static void sddmm_uint32(uint32_t lo, uint32_t hi) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (uint32_t k = lo; k < hi; k++)
        D[i][j] += A[i][j] * U[i][k] * B[j][k];
}

static void sddmm_typedef(idx_t lo, idx_t hi) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (idx_t k = lo; k < hi; k++)
        D[i][j] -= A[i][j] * U[j][k];
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i + j) % 3 == 1)
        A[i][j] = 1.0 + 0.25 * i - 0.5 * j;
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++) {
      B[j][k] = (j * k) % 7 - 3;
      U[j][k] = (k % 4) * 0.5;
    }
  static const unsigned los[] = {0, 3, 5, 9, 33, 39, 40};
  static const unsigned his[] = {0, 1, 3, 5, 8, 17, 33, 40};
  for (unsigned a = 0; a < sizeof los / sizeof los[0]; a++)
    for (unsigned b = 0; b < sizeof his / sizeof his[0]; b++) {
      for (int i = 0; i < N; i++) {
        for (int k = 0; k < K; k++) C[i][k] = k;
        for (int j = 0; j < N; j++) D[i][j] = 0;
      }
      spmm_size_t(los[a], his[b]);
      spmm_unsigned(los[a], his[b]);
      sddmm_uint32(los[a], his[b]);
      sddmm_typedef(los[a], his[b]);
      double s = 0, d = 0;
      for (int i = 0; i < N; i++) {
        for (int k = 0; k < K; k++) s += C[i][k] * (k + 1 + i);
        for (int j = 0; j < N; j++) d += D[i][j] * (j + 1 + 2 * i);
      }
      printf("lo=%u hi=%u C %.17g D %.17g\n", los[a], his[b], s, d);
    }
  return 0;
}
