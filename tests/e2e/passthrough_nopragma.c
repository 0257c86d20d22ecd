// A dense program with no `#pragma sparse`: sparsecc must copy it through
// unchanged and silently; it exercises the e2e harness itself.
// EXPECT-SPARSIFIED: 0
// EXPECT-STDERR-EMPTY
#include <math.h>
#include <stdio.h>

#define N 64

static double A[N][N], x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (i + 1);
    for (int j = 0; j < N; j++)
      A[i][j] = (i + 2 * j) % 7 == 0 ? sin(i + 0.5 * j) : 0.0;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += A[i][j] * x[j];
    y[i] = s;
  }
  double sum = 0;
  for (int i = 0; i < N; i++) sum += y[i] * (i % 3 + 1);
  printf("checksum %.15g\n", sum);
  printf("y[0..3] = %g %g %g %g\n", y[0], y[1], y[2], y[3]);
  return 0;
}
