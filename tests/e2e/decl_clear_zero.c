// Zeroing nests of arrays stored sparse (declarations with pragmas): a nest
// assigning a literal zero to every element only clears the tensor (no walk
// over the dense index space when the loop extents are the array's), a
// window (extents smaller than the array's) still clears element by
// element, and a zero held in a variable takes the general path. Then a
// sparse-output kernel refills the cleared array, as a repeated
// "C = 0; C += A*B" does.
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: if (sc__v != 0 || !sc__full0)
// EXPECT-ABSENT: if (sc__v != 0 || !sc__full1)
// EXPECT-ABSENT: if (sc__v != 0 || !sc__full2)
// EXPECT-ABSENT: C[i][j] += A[i][k] * A[k][j];
#include <stdio.h>

#define N 14

static unsigned long long lcg_state = 99;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

static void show(const char *what, double (*get)(int, int)) {
  double sum = 0;
  int nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double v = get(i, j);
      nnz += v != 0;
      sum += v * (i + 1) * (j + 2);
    }
  printf("%s: nnz %d checksum %.12g\n", what, nnz, sum);
}

#pragma sparse encoding(A : CSR, C : CSR)
static double A[N][N], C[N][N];

static double getC(int i, int j) { return C[i][j]; }

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if ((i * 7 + j * 3) % 5 == 0) A[i][j] = lcg();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) C[i][j] = A[i][j] + 1.0;
  show("filled", getC);

  for (int i = 0; i < N; i++) /* a literal zero, every element: a clear */
    for (int j = 0; j < N; j++) C[i][j] = 0.0;
  show("cleared", getC);

  for (int i = 0; i < N; i++) C[i][i] = 3.0;
  for (int i = 0; i < N; i++) /* (0), every element */
    for (int j = 0; j < N; j++) C[i][j] = (0);
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++) C[i][j] += A[i][k] * A[k][j];
  show("product", getC);
  for (int i = 0; i < N; i++) C[i][i] = 4.0;
  for (int i = 0; i < N; i++) /* -0.0, every element */
    for (int j = 0; j < N; j++) C[i][j] = -0.0;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < N; k++)
      for (int j = 0; j < N; j++) C[i][j] += A[i][k] * A[k][j];
  show("product again", getC);

  for (int i = 2; i < N - 3; i++) /* a window: element by element */
    for (int j = 1; j < N - 4; j++) C[i][j] = 0.0f;
  show("window", getC);

  double z = 0.0;
  for (int i = 0; i < N; i++) /* not a literal: the general path */
    for (int j = 0; j < N; j++) C[i][j] = z;
  show("zeroed", getC);
  return 0;
}
