// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: double M[n][n];
// EXPECT-ABSENT: static int C[100];
// EXPECT-ABSENT: s += M[i][j] * x[j];
// EXPECT-ABSENT: sc_tensor_from_dense
// Local arrays stored sparse: a VLA in a function called from a loop (its
// tensor is freed on every exit), a static local, element updates.
#include <stdio.h>

static double run(int n, int rep) {
#pragma sparse encoding(M : CSR)
  double M[n][n];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      M[i][j] = (i == j || (i + 2 * j + rep) % 9 == 0) ? 1.0 + i : 0.0;
  M[0][n - 1] -= 4.0;
  if (rep == 2)
    return M[0][n - 1];
  double x[64], y[64];
  for (int j = 0; j < n; j++) x[j] = 1.0 / (j + 1);
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int j = 0; j < n; j++)
      s += M[i][j] * x[j];
    y[i] = s;
  }
  double t = 0;
  for (int i = 0; i < n; i++) t += y[i] * (i + 1);
  return t;
}

static int counter(int k) {
#pragma sparse encoding(C : SparseVector)
  static int C[100];
  C[k % 100]++;
  C[(k * 7) % 100] += 2;
  int tot = 0;
  for (int i = 0; i < 100; i++) tot += C[i] * i;
  return tot;
}

int main(void) {
  for (int rep = 0; rep < 5; rep++) {
    printf("%d %.10g\n", rep, run(40 + rep, rep));
    printf("c %d\n", counter(rep * 13));
  }
  return 0;
}
