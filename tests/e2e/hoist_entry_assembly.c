// Entry assemblies hoisted out of repetition loops (SPEC §4, "The fine
// print"): a kernel with its pragma on the inner nest, inside a timing
// loop, assembles A once when nothing else in the loop can change A or its
// extents; every loop below that can change them keeps the assembly at the
// kernel's entry, and all of them compute what the dense program computes.
// EXPECT-SPARSIFIED: 6
// EXPECT-REPORT: hoist_entry_assembly.c:49:3: kernel sparsified
// EXPECT-REPORT: A: assembled once, before the loop at line 47, and reused while A is unchanged
// EXPECT-REPORT: B: assembled once, before the loop at line 112, and reused while B is unchanged
// EXPECT-NOT-REPORT: before the loop at line 59
// EXPECT-NOT-REPORT: before the loop at line 71
// EXPECT-NOT-REPORT: before the loop at line 84
// EXPECT-NOT-REPORT: before the loop at line 99
// EXPECT-ABSENT: for (int j = 0; j < N; j++) y[i] += A[j][i] * x[j];
#include <stdio.h>
#include <time.h>

#define N 40
static double A[N][N];
static double x[N], y[N];
static double P[N * N]; /* read as n x n for growing n */

static void bump(int k) { A[k % N][(k * 7) % N] += 1.0; }

static double checksum(const double *v, int n) {
  double s = 0.0;
  for (int i = 0; i < n; i++) s += v[i] * (double)(i % 5 + 1);
  return s;
}

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) A[i][j] = 0.0;
  for (int i = 0; i < N; i++) {
    A[i][i] = 4.0;
    A[i][(i * 13 + 5) % N] = -1.0 - (double)(i % 3);
    x[i] = 1.0 + (double)(i % 4) * 0.25;
  }
  for (int k = 0; k < N * N; k += 7) P[k] = (double)(k % 11) - 5.0;
}

int main(void) {
  fill();
  clock_t t0 = clock();

  /* 1. a timing loop that only reads A: assembled once */
  for (int rep = 0; rep < 5; rep++) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y[i] = 0.0;
    for (int j = 0; j < N; j++) y[i] += A[j][i] * x[j];
  }
    x[rep] += 0.5;
    printf("rep %d: %.10g\n", rep, checksum(y, N) * 0 + y[rep]);
  }
  printf("1: %.12g\n", checksum(y, N));

  /* 2. A changes between repetitions: assembled at every entry */
  for (int rep = 0; rep < 4; rep++) {
    A[rep][rep + 1] += 2.0;
#pragma sparse encoding(A : CSR)
    for (int i = 0; i < N; i++) {
      double s = 0.0;
      for (int j = 0; j < N; j++) s += A[i][j] * x[j];
      y[i] = s;
    }
  }
  printf("2: %.12g\n", checksum(y, N));

  /* 3. a function of the file writes A */
  for (int rep = 0; rep < 4; rep++) {
    bump(rep);
#pragma sparse encoding(A : CSR)
    for (int i = 0; i < N; i++) {
      double s = 0.0;
      for (int j = 0; j < N; j++) s += A[i][j] * x[j];
      y[i] = s;
    }
  }
  printf("3: %.12g\n", checksum(y, N));

  /* 4. the extent of the shape in the pragma changes between repetitions */
  int n = 10;
  while (n <= N) {
#pragma sparse encoding(P[n][n] : CSR)
    for (int i = 0; i < n; i++) {
      double s = 0.0;
      for (int j = 0; j < n; j++) s += P[i * n + j] * x[j];
      y[i] = s;
    }
    n += 10;
  }
  printf("4: %.12g\n", checksum(y, N));

  /* 5. a pointer into another array is written: B's address escapes */
  static double B[N][N];
  double *pb = &B[0][0];
  for (int i = 0; i < N; i++) B[i][(i * 3) % N] = 1.0 + i;
  for (int rep = 0; rep < 3; rep++) {
    pb[rep * (N + 1)] += 3.0;
#pragma sparse encoding(B : CSR)
    for (int i = 0; i < N; i++) {
      double s = 0.0;
      for (int j = 0; j < N; j++) s += B[i][j] * x[j];
      y[i] = s;
    }
  }
  printf("5: %.12g\n", checksum(y, N));

  /* 6. the same loop with only scalars and y written: assembled once */
  double total = 0.0;
  for (int rep = 0; rep < 3; rep++) {
#pragma sparse encoding(B : CSR)
    for (int i = 0; i < N; i++) {
      double s = 0.0;
      for (int j = 0; j < N; j++) s += B[i][j] * x[j];
      y[i] = s;
    }
    total += y[rep];
  }
  printf("6: %.12g %.12g\n", checksum(y, N), total);
  (void)t0;
  return 0;
}
