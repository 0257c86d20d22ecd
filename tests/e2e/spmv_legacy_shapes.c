// SpMV over the shapes legacy C has: a flat `double *` with a shape in the
// pragma, row pointers, float values, `<=` bounds, loop variables declared
// outside the nest and read after it (they must end as the dense nest
// leaves them).
// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: y[i] += Af[i * m + j] * x[j];
// EXPECT-ABSENT: y2[i] += R[i][j] * x[j];
// EXPECT-ABSENT: yf[ii] += F[ii][jj] * xf[jj];
#include <stdio.h>
#include <stdlib.h>

static unsigned long long lcg_state = 99;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

int main(void) {
  int n = 17, m = 14;
  double *Af = malloc(sizeof(double) * (size_t)(n * m));
  double **R = malloc(sizeof(double *) * (size_t)n);
  static float F[17][14];
  double x[14], y[17], y2[17];
  float xf[14], yf[17];
  for (int i = 0; i < n; i++) {
    R[i] = malloc(sizeof(double) * (size_t)m);
    for (int j = 0; j < m; j++) {
      double r = lcg();
      Af[i * m + j] = r > 2.5 ? r : 0.0;
      R[i][j] = r < -3.0 ? r : 0.0;
      F[i][j] = (float)(r > 4.0 ? r : 0.0);
    }
  }
  for (int j = 0; j < m; j++) {
    x[j] = lcg();
    xf[j] = (float)x[j];
  }
  int i, j;

#pragma sparse encoding(Af[n][m] : CSR)
  for (i = 0; i < n; i++) {
    y[i] = 0.0;
    for (j = 0; j < m; j++)
      y[i] += Af[i * m + j] * x[j];
  }
  printf("after: %d %d\n", i, j);

#pragma sparse encoding(R[n][m] : DCSR)
  for (i = 0; i <= n - 1; i++) {
    y2[i] = 0.0;
    for (j = 0; j <= m - 1; j++)
      y2[i] += R[i][j] * x[j];
  }
  printf("after: %d %d\n", i, j);

#pragma sparse encoding(F : CSR)
  for (int ii = 0; ii < n; ii++) {
    yf[ii] = 0.0f;
    for (int jj = 0; jj < m; jj++)
      yf[ii] += F[ii][jj] * xf[jj];
  }

  for (int k = 0; k < n; k++) printf("%.10g %.10g %.6g\n", y[k], y2[k], yf[k]);
  for (int k = 0; k < n; k++) free(R[k]);
  free(R);
  free(Af);
  return 0;
}
