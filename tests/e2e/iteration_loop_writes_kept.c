// EXPECT-SPARSIFIED: 5
// EXPECT-NOT-REPORT: C: assembled once
// EXPECT-ABSENT: s += A[i][j] * x[j];
// EXPECT-ABSENT: z[i] += A[j][i] * y[j];
// EXPECT-ABSENT: w[i] += B[i][j] * v[j];
// EXPECT-REPORT: A: assembled once, before the loop at line 43, and reused while A is unchanged
// EXPECT-REPORT: A: this write also updates the tensor kept since the loop at line 43
// EXPECT-REPORT-ONCE: iteration_loop_writes_kept.c:60:5: A: this write also updates
// EXPECT-REPORT: B: kept across the loop at line 82, but the kernel at line 89 writes B: the tensor is dropped after each run of it and assembled again here
// EXPECT-NOT-REPORT: B: assembled once
// EXPECT-REPORT: B: written by this kernel: the tensor kept since the loop at line 82 is dropped after it
// EXPECT-REPORT: B: this write also updates the tensor kept since the loop at line 82
// EXPECT-STDERR-EMPTY
// SPEC §4.3 on an iteration loop that also writes the array: "annotate the
// outermost loop that repeats the work to pay once". The loops below shift
// the diagonal, set, update and zero single entries at every step (in a
// braceless for, an if/else, a statement of their own). Each such write is
// made in the dense array as the program does and also given to the tensor
// the loop's kernels keep (a buffered insert of the element's new value),
// so the matrix is assembled once before the loop, not before each kernel
// at every iteration; the transposed read keeps a second tensor, updated
// the same way. A kernel that writes the array itself (B scaled in place)
// scatters it back as before, and the kept tensor is dropped after it and
// assembled again by the next kernel that reads B (whose report line says
// so, not "assembled once").
#include <stdio.h>
#define N 48

static double A[N][N];
static double x[N], y[N], z[N];
static float B[40][40];

static void fill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      A[i][j] = (i == j) ? 5.0 : ((i * 3 + j * 5) % 17 == 0 ? 0.25 * (1 + i % 4) : 0.0);
  for (int i = 0; i < N; i++) x[i] = 1.0 + (i % 5) * 0.1;
}

static double power_shifted(void) {
  double trace = 0;
#pragma sparse encoding(A : CSR)
  for (int it = 0; it < 12; it++) {
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int j = 0; j < N; j++)
        s += A[i][j] * x[j];
      y[i] = s;
    }
    for (int i = 0; i < N; i++) {
      z[i] = 0;
      for (int j = 0; j < N; j++)
        z[i] += A[j][i] * y[j];
    }
    double nrm = 0;
    for (int i = 0; i < N; i++) nrm += z[i] * z[i];
    for (int i = 0; i < N; i++) x[i] = z[i] / nrm;
    for (int i = 0; i < N; i++)
      A[i][i] *= 1.01;
    A[it][(it * 7 + 3) % N] = 0.5 + it;
    A[(it + 5) % N][it] += 0.125;
    if (it % 3 == 0)
      A[1][2]++;
    else
      A[2][1] -= 0.5;
    A[0][0] = 0;
    trace += A[it][it];
  }
  return trace;
}

static float dotf(const float *a, const float *b, int n) {
  float s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

static float damped(float *v, float *w) {
  int it = 0;
  float acc = 0;
#pragma sparse encoding(B : CSR)
  while (it < 10) {
    for (int i = 0; i < 40; i++) {
      w[i] = 0;
      for (int j = 0; j < 40; j++)
        w[i] += B[i][j] * v[j];
    }
    acc += dotf(v, w, 40);
    for (int i = 0; i < 40; i++)
      for (int j = 0; j < 40; j++)
        B[i][j] *= 0.5f;
    for (int i = 0; i < 40; i++) v[i] = w[i] / (1.0f + acc);
    B[it][39 - it] = 2.0f;
    it++;
  }
  return acc;
}

static double C[8][8], cx[8], cy[8];

/* a write whose subscript reads the array: after it, `(int)C[1][1]` is 5,
 * not the 1 the write used, so it is not given to the kept tensor (the
 * kernel assembles C at its entry, as before) */
static double self_indexed(void) {
  for (int i = 0; i < 8; i++) { C[i][i] = 1; cx[i] = 1; }
  double t = 0;
#pragma sparse encoding(C : CSR)
  for (int it = 0; it < 3; it++) {
    for (int i = 0; i < 8; i++) {
      cy[i] = 0;
      for (int j = 0; j < 8; j++)
        cy[i] += C[i][j] * cx[j];
    }
    for (int i = 0; i < 8; i++) t += cy[i] * (i + 1);
    C[1][(int)C[1][1]] = 5.0 + it;
  }
  return t;
}

int main(void) {
  printf("%.17g\n", self_indexed());
  fill();
  double trace = power_shifted();
  for (int i = 0; i < N; i += 5) printf("%.17g\n", x[i]);
  printf("%.17g %.17g %.17g %.17g\n", A[3][3], A[1][2], A[2][1], trace);
  float v[40], w[40];
  for (int i = 0; i < 40; i++)
    for (int j = 0; j < 40; j++)
      B[i][j] = (i == j) ? 3.0f : ((i + 2 * j) % 13 == 0 ? 0.5f : 0.0f);
  for (int i = 0; i < 40; i++) v[i] = 1.0f;
  printf("%.9g\n", damped(v, w));
  for (int i = 0; i < 40; i += 7) printf("%.9g %.9g\n", v[i], B[i][39 - i]);
  return 0;
}
