// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: A: assembled once, before the loop at line 25, and reused while A is unchanged
// EXPECT-NOT-REPORT: B: assembled once
// EXPECT-NOT-REPORT: C: assembled once
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// Entry assemblies hoisted out of a repetition loop that calls functions of
// the file writing through pointers (SPEC §4 fine print). When the array's
// address never escapes, no pointer can reach it, so a callee's element
// writes (`axpy`) cannot change it: A is assembled once. When its address
// escapes (B: `&B[0][0]` handed to a callee that writes through it) or a
// callee writes it by name (C), every repetition assembles it again — and
// the output shows why that matters.
#include <stdio.h>
#define N 36
static double A[N][N], B[N][N], C[N][N], x[N], y[N];

static void axpy(double a, const double *u, double *v) {
  for (int i = 0; i < N; i++) v[i] += a * u[i];
}
static void bump(double *p, int k) { p[k] += 1.0; }
static void touch_c(int k) { C[k % N][(k * 5) % N] += 0.5; }

static double run(int reps) {
  double acc = 0;
  for (int r = 0; r < reps; r++) {
#pragma sparse encoding(A : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += A[i][j] * x[j];
    axpy(0.001, y, x);
    acc += y[r % N];
  }
  return acc;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    x[i] = 1.0 / (i + 1);
    A[i][(i * 7) % N] = B[i][(i * 5) % N] = C[i][(i * 3) % N] = 1.0 + i % 4;
  }
  for (int rep = 0; rep < 1; rep++)
    printf("A: %.17g\n", run(12));
  for (int r = 0; r < 10; r++) {
#pragma sparse encoding(B : CSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += B[i][j] * x[j];
    bump(&B[0][0], r * 37 % (N * N));
  }
  printf("B: %.17g %.17g\n", y[0], y[N - 1]);
  for (int r = 0; r < 10; r++) {
#pragma sparse encoding(C : DCSR)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        y[i] += C[i][j] * x[j];
    touch_c(r);
  }
  for (int i = 0; i < N; i += 5) printf("y[%d] = %.17g\n", i, y[i]);
  return 0;
}
