// A triangular `=` copy into an array stored sparse: `L[i][j] = A[i][j]`
// for j <= i assigns only the lower triangle, so the entries of L above
// it keep their values (SPEC §4: only a kernel assigning every element
// replaces the contents). Each row of L's old contents is loaded into the
// workspace, the columns the row's loop assigns are cleared, A's entries
// there written; an entry of the triangle where A is absent is dropped.
// Also the strict triangle (j < i) scaled, the upper triangle from the
// diagonal, a band of three diagonals and some rows only. A triangle
// copied from a dense array stays a loop of buffered inserts.
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: L[i][j] = A[i][j];
// EXPECT-ABSENT: S[i][j] = 0.5 * A[i][j];
// EXPECT-ABSENT: U[i][j] = A[i][j];
// EXPECT-ABSENT: B[i][j] = -A[i][j];
// EXPECT-ABSENT: R[i][j] = A[i][j] * A[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) L(i,j) = A(i,j)
// EXPECT-REPORT: L: = assigns columns [0, i + 1) of each row the loops visit, and its other entries keep their values
// EXPECT-REPORT: U: = assigns columns [i, (N)) of each row the loops visit
// EXPECT-REPORT: R: = assigns columns [0, (N)) of each row the loops visit
#include <stdio.h>
#define N 17

#pragma sparse encoding(A : CSR, L : CSR, S : CSR, U : CSR, B : CSR, R : CSR, T : CSR)
static double A[N][N], L[N][N], S[N][N], U[N][N], B[N][N], R[N][N], T[N][N];
static double D[N][N];

#pragma sparse encoding(M : CSR)
static double weigh(double M[N][N]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += M[i][j] * (1 + (i * 7 + j * 3) % 11);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 3 + 1) % N] = 1.0 + i % 5;
    if (i % 3) A[i][i] = -2.0;
    if (i > 2 && i % 2) A[i][i - 2] = 0.75;
    D[i][(i * 2) % N] = i - 4.0;
  }
  for (int i = 0; i < N; i++) {
    int c = (i * 5 + 3) % N, l = i > 0 ? i - 1 : N - 1;
    L[i][c] = 3 + i; L[i][i] = 2; L[i][l] = 6;
    S[i][c] = 4 + i; S[i][i] = 3; S[i][l] = 8;
    U[i][c] = 5 + i; U[i][i] = 4; U[i][l] = 10;
    B[i][c] = 6 + i; B[i][i] = 5; B[i][l] = 12;
    R[i][c] = 7 + i; R[i][i] = 6; R[i][l] = 14;
    T[i][c] = 8 + i; T[i][i] = 7; T[i][l] = 16;
  }

  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      L[i][j] = A[i][j];
  printf("lower %.6f\n", weigh(L));

  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++)
      S[i][j] = 0.5 * A[i][j];
  printf("strict %.6f\n", weigh(S));

  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++)
      U[i][j] = A[i][j];
  printf("upper %.6f\n", weigh(U));

  for (int i = 0; i < N; i++)
    for (int j = (i - 1 > 0 ? i - 1 : 0); j < (i + 2 < N ? i + 2 : N); j++)
      B[i][j] = -A[i][j];
  printf("band %.6f\n", weigh(B));

  for (int i = 3; i < N - 2; i++)
    for (int j = 0; j < N; j++)
      R[i][j] = A[i][j] * A[i][j];
  printf("rows %.6f\n", weigh(R));

  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++)
      T[i][j] = D[i][j];
  printf("dense %.6f\n", weigh(T));
  return 0;
}
