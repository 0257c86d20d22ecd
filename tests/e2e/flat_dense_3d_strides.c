// Dense flat blocks indexed with two symbolic strides: `U[r*M*K + c*K + k]`
// (macros), `Y[(i*J + j)*R + r]` and `B[j*R + r]` (function parameters).
// Their shape is inferred from the strides (M*K and K: three dimensions of
// extents ?, M, K), so the nests over the sparse operand are sparsified
// (were refused: "a coefficient is not an integer constant"). The
// re-linearized subscripts address exactly the elements the input does.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: s += T[r][c][k] * U[r * M * K + c * K + k];
// EXPECT-ABSENT: Y[(i * J + j) * R + r] += X[i * J * L + j * L + k] * V[k * R + r];
// EXPECT-ABSENT: A[i * R + r] += X[i * J * L + j * L + k] * B[j * R + r] * C[k * R + r];
// EXPECT-REPORT: loop k: positions of T
// EXPECT-REPORT: loop k: positions of X
#include <stdio.h>
#include <stdlib.h>

#define N 5
#define M 4
#define K 3

static unsigned long long state = 11;
static double next_value(int keep_pct) {
  state = state * 6364136223846793005ULL + 1442695040888963407ULL;
  int r = (int)((state >> 33) % 100);
  return r < keep_pct ? (double)((int)((state >> 40) % 17) - 8) / 4.0 : 0.0;
}

static double T[N][M][K];
static double U[N * M * K];

/* TTM: Y(i,j,r) = sum_k X(i,j,k) V(k,r), everything flat */
static void ttm(int I, int J, int L, int R, const double *X, const double *V,
                double *Y) {
#pragma sparse encoding(X[I][J][L] : CSF)
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < L; k++)
        for (int r = 0; r < R; r++)
          Y[(i * J + j) * R + r] += X[i * J * L + j * L + k] * V[k * R + r];
}

/* MTTKRP: A(i,r) = sum_{j,k} X(i,j,k) B(j,r) C(k,r) */
static void mttkrp(int I, int J, int L, int R, const double *X,
                   const double *B, const double *C, double *A) {
#pragma sparse encoding(X[I][J][L] : CSF)
  for (int i = 0; i < I; i++)
    for (int j = 0; j < J; j++)
      for (int k = 0; k < L; k++)
        for (int r = 0; r < R; r++)
          A[i * R + r] += X[i * J * L + j * L + k] * B[j * R + r] * C[k * R + r];
}

int main(void) {
  enum { I = 6, J = 5, KK = 4, R = 3 };
  double *X = malloc(sizeof(double) * I * J * KK);
  double V[KK * R], B[J * R], C[KK * R], Y[I * J * R] = {0}, A[I * R] = {0};
  double s = 0;
  if (!X) return 1;
  for (int r = 0; r < N; r++)
    for (int c = 0; c < M; c++)
      for (int k = 0; k < K; k++) {
        T[r][c][k] = next_value(30);
        U[r * M * K + c * K + k] = next_value(100);
      }
  for (int i = 0; i < I * J * KK; i++) X[i] = next_value(25);
  for (int i = 0; i < KK * R; i++) V[i] = next_value(100), C[i] = next_value(90);
  for (int i = 0; i < J * R; i++) B[i] = next_value(100);
#pragma sparse encoding(T : CSF)
  for (int r = 0; r < N; r++)
    for (int c = 0; c < M; c++)
      for (int k = 0; k < K; k++)
        s += T[r][c][k] * U[r * M * K + c * K + k];
  ttm(I, J, KK, R, X, V, Y);
  mttkrp(I, J, KK, R, X, B, C, A);
  printf("s %.17g\n", s);
  for (int i = 0; i < I * J * R; i++) printf("%g%c", Y[i], i % 9 == 8 ? '\n' : ' ');
  printf("\n");
  for (int i = 0; i < I * R; i++) printf("%g ", A[i]);
  printf("\n");
  free(X);
  return 0;
}
