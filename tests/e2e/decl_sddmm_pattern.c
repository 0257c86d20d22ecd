// SDDMM `R += S .* (U V^T)` into arrays declared sparse, each cleared
// before every call as a program repeating the kernel does: R's entries
// are then exactly S's stored entries whose value is non-zero, so S's
// positions and coordinates are copied into R once and the loops compute
// only the values. Covered: explicit zeros stored in S (a padded level),
// sums that are exactly zero (a zero row of V, products that cancel),
// -0.0 sums, empty rows, an output with 32-bit positions and coordinates
// and a float output (S is 64-bit), a call without the clear (R not
// empty: the workspace combines), and loops cut short of S's extent (the
// copy does not apply). The dense program's values are printed.
// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: R: the sampling pattern of S
// EXPECT-REPORT: R32: the sampling pattern of S
// EXPECT-REPORT: Rf: the sampling pattern of S
// EXPECT-ABSENT: for (int k = 0; k < K; k++) R[i][j] += S[i][j] * U[i][k] * V[j][k];
// EXPECT-ABSENT: for (int k = 0; k < K; k++) R32[i][j] += S[i][j] * U[i][k] * V[j][k];
// EXPECT-ABSENT: for (int k = 0; k < K; k++) Rf[i][j] += S[i][j] * U[i][k] * V[j][k];
#include <stdio.h>

#define N 13
#define K 4

static double U[N][K], V[N][K];

static void show(const char *what, double s, int nz) {
  printf("%s: %.17g %d\n", what, s, nz);
}

int main(void) {
#pragma sparse encoding(S : (i, j) -> (i : dense, j : compressed(padded)), R : CSR)
  static double S[N][N], R[N][N];
#pragma sparse encoding(R32 : {map = (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32})
  static double R32[N][N];
#pragma sparse encoding(Rf : CSR)
  static float Rf[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (i != 4 && i != 9 && (i * 5 + j * 3) % 4 != 0)
        S[i][j] = 0.25 * (1 + (i + 2 * j) % 7);
  for (int j = 0; j < N; j += 5) S[2][j] = 0.0; /* stored zeros */
  S[6][6] = 0.0;
  for (int rep = 0; rep < 3; rep++) {
    for (int i = 0; i < N; i++)
      for (int k = 0; k < K; k++) {
        U[i][k] = (i % 3) * 0.5 + k - rep;
        V[i][k] = 0.75 * k - (i % 4) + rep * 0.25;
      }
    for (int k = 0; k < K; k++) {
      V[7][k] = 0.0;             /* column 7: zero sums */
      U[5][k] = k % 2 ? -1 : 1;  /* row 5 against a constant V row */
      V[3][k] = 2.0;             /* (5, 3): 2 - 2 + 2 - 2 = 0 */
      V[11][k] = k < 2 ? -0.0 : 0.0;
    }
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) R[i][j] = 0.0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < K; k++) R[i][j] += S[i][j] * U[i][k] * V[j][k];
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) R32[i][j] = 0.0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < K; k++) R32[i][j] += S[i][j] * U[i][k] * V[j][k];
    if (rep != 1) /* the second call adds to the first's values */
      for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) Rf[i][j] = 0.0f;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = 0; k < K; k++) Rf[i][j] += S[i][j] * U[i][k] * V[j][k];
    double s = 0, s32 = 0, sf = 0;
    int nz = 0, nz32 = 0, nzf = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++) {
        s += R[i][j] * (i + 3 * j + 1);
        nz += R[i][j] != 0;
        s32 += R32[i][j] * (2 * i + j + 1);
        nz32 += R32[i][j] != 0;
        sf += Rf[i][j] * (i + j + 1);
        nzf += Rf[i][j] != 0;
      }
    show("R", s, nz);
    show("R32", s32, nz32);
    show("Rf", sf, nzf);
  }
  /* rows and columns cut short of S's extent: the copy does not apply */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) R[i][j] = 0.0;
  for (int i = 0; i < N - 2; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++) R[i][j] += S[i][j] * U[i][k] * V[j][k];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) printf(" %g", R[i][j]);
    printf("\n");
  }
  return 0;
}
