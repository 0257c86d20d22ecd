// Sparse outputs stored as sparse tensors (declarations with pragmas),
// assembled through the runtime by ordered append: SpAdd, element-wise
// product, difference, scaling, copy; C = A - A stores nothing.
// EXPECT-SPARSIFIED: 6
// EXPECT-ABSENT: C[i][j] = A[i][j] + B[i][j];
// EXPECT-ABSENT: C[i][j] = A[i][j] * B[i][j];
// EXPECT-ABSENT: C[i][j] = 2.5 * A[i][j];
#include <stdio.h>

static unsigned long long lcg_state = 777;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}
static double sparse_value(double keep) {
  double r = lcg();
  return (r + 5.0) / 10.0 < keep ? lcg() : 0.0;
}

#define N 23
#define M 19

#pragma sparse encoding(A : CSR, B : CSR)
static double A[N][M], B[N][M];

static void show(const char *what, double (*get)(int, int)) {
  double sum = 0;
  int nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      double v = get(i, j);
      if (v != 0) nnz++;
      sum += v * (i + 1) * (j + 3);
    }
  printf("%s: nnz %d checksum %.12g\n", what, nnz, sum);
}

#pragma sparse encoding(C : CSR)
static double C[N][M];

static double getC(int i, int j) { return C[i][j]; }

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = sparse_value(0.25);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) B[i][j] = sparse_value(0.3);
  for (int j = 0; j < M; j++) A[4][j] = 0.0;   /* an empty row */
  for (int j = 0; j < M; j++) B[4][j] = 0.0;
  A[2][3] = 1.25;                              /* sums that cancel */
  B[2][3] = -1.25;
  A[6][0] = -3.5;
  B[6][0] = 3.5;
  C[1][1] = 42.0;                              /* replaced by `=` */

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] + B[i][j];
  show("add", getC);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] * B[i][j];
  show("mul", getC);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] - A[i][j];
  show("a-a", getC);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = A[i][j] - B[i][j];
  show("sub", getC);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = 2.5 * A[i][j];
  show("scale", getC);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      C[i][j] = B[i][j];
  show("copy", getC);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');
  return 0;
}
