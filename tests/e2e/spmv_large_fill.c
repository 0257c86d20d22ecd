// CSR SpMV over matrices stored sparse from their declaration and filled
// element by element by a legacy loop, large enough that the
// storage's values (and 64-bit coordinates) hold 4 MB and more: the fill's
// buffered inserts hand their buffers to the storage with their pages
// collapsed into huge pages (docs/runtime.md, "Storage arrays on huge
// pages"; the 32-bit coordinates, 2.9 MB, are only shrunk), and the
// scalar row walk reads them. Rows of 0, 1, 3, 4, 5, 8, 9 and 17
// entries (every exit of the 4-entry step and its remainder) among rows of
// 600; 32- and 64-bit indices; the fill repeated after the first product
// (the stored entries rewritten).
// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: 'A' stored as a sparse tensor (custom encoding): the dense block is never allocated
// EXPECT-REPORT: 'B' stored as a sparse tensor (CSR): the dense block is never allocated
// EXPECT-ABSENT: s += A[i][j] * x[j]
// EXPECT-ABSENT: s += B[i][j] * x[j]
// EXPECT-SCALAR-REPORT: loop j: reduction over the stored entries walked 4 at a time in program order (exact)
// EXPECT-SCALAR-REPORT: loop i: the positions of A read once per row
// EXPECT-SCALAR-REPORT: loop i: the positions of B read once per row
// OUT-CFLAGS: -O2
#include <stdio.h>

#define N 1200
#define M 1000

#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed), posWidth = 32, crdWidth = 32)
static double A[N][M];
#pragma sparse encoding(B : CSR)
static double B[N][M];
static double x[M], y[N];

/* Row i holds len(i) entries: the short lengths first, then 600. */
static int len(int i) {
  static const int shortlen[] = {0, 1, 3, 4, 5, 8, 9, 17};
  return i < 8 ? shortlen[i] : 600;
}

/* Quarters and small integers: every sum is exact in any order, so the
 * vector backends (which reassociate) print the same digits. */
static double value(int i, int k, int pass) {
  return (double)((k * 7 + i * 3 + pass) % 23 - 11) + 0.25 * ((k + pass) % 4);
}

/* Columns ascending within a row (in-order inserts). */
static void fill(int pass) {
  for (int i = 0; i < N; i++)
    for (int k = 0; k < len(i); k++) {
      int j = i < 8 ? 3 * k + 1 : k + (i % 300);
      A[i][j] = value(i, k, pass);
      B[i][j] = 0.5 * value(i, k, pass + 1);
    }
}

static void spmv32(void) {
  for (int i = 0; i < N; i++) {
    double s = 0.0;
    for (int j = 0; j < M; j++)
      s += A[i][j] * x[j];
    y[i] = s;
  }
}

static void spmv64(void) {
  for (int i = 0; i < N; i++) {
    double s = 0.25;
    for (int j = 0; j < M; j++)
      s += B[i][j] * x[j];
    y[i] = s;
  }
}

static void print(const char *what) {
  for (int i = 0; i < N; i++)
    if (i < 16 || i % 97 == 0) printf("%s %d %.17g\n", what, i, y[i]);
  double t = 0.0;
  for (int i = 0; i < N; i++) t += y[i];
  printf("%s total %.17g\n", what, t);
}

int main(void) {
  for (int j = 0; j < M; j++) x[j] = 1.0 + 0.5 * (j % 5) - (j % 11 == 7 ? 4.0 : 0.0);
  fill(0);
  spmv32();
  print("csr32");
  spmv64();
  print("csr64");
  fill(1);
  spmv32();
  print("csr32 refilled");
  spmv64();
  print("csr64 refilled");
  return 0;
}
