// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: A[i][col[i][k]] += 1.5 + k;
// EXPECT-ABSENT: B[i][colind[p]] = (long)(val[p] * 4);
// EXPECT-ABSENT: s += A[i][col[i][k]] * x[col[i][k]];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += B[i][j] * x[j];
// EXPECT-WARNING: loop not sparsified: indirect subscript 'col[i][k]' of sparse array 'A': its stored entries are found by their coordinates
// EXPECT-WARNING: only a dense operand may be indexed through an index array; its element reads become lookups
// EXPECT-REPORT: kernel not sparsified: indirect subscript 'col[i][k]' is not affine in the loop variables; its element writes become buffered inserts
// EXPECT-REPORT: kernel not sparsified: indirect subscript 'colind[p]' is not affine in the loop variables; its element writes become buffered inserts
// Loops whose bounds are data: an ELL-like fill (`k < len[i]`, duplicate
// columns summed by +=), a user's own CSR arrays copied into the annotated
// array (`p < rowptr[i + 1]`), and an ELL read. None is a kernel; the
// arrays stay sparse: the writes become buffered inserts, the reads
// lookups (with a warning), and the SpMV after them is a kernel.
#include <stdio.h>
#define N 30
#define K 4

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSR)
static long B[N][N];

int main(void) {
  int len[N], col[N][K];
  int rowptr[N + 1], colind[N * K];
  double val[N * K];
  double x[N], y[N], y2[N];
  int nz = 0;
  for (int i = 0; i < N; i++) {
    len[i] = i % (K + 1); /* row 0, 5, 10, ... empty */
    rowptr[i] = nz;
    for (int k = 0; k < len[i]; k++) {
      col[i][k] = (i * 7 + k * 5 * (k % 2)) % N; /* repeats a column */
      colind[nz] = (i * 7 + k * 5) % N;
      val[nz] = 0.5 * k - i;
      nz++;
    }
    x[i] = i + 1;
  }
  rowptr[N] = nz;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < len[i]; k++) A[i][col[i][k]] += 1.5 + k;
  for (int i = 0; i < N; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) B[i][colind[p]] = (long)(val[p] * 4);
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int k = 0; k < len[i]; k++) s += A[i][col[i][k]] * x[col[i][k]];
    y[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += B[i][j] * x[j];
    y2[i] = s;
  }
  for (int i = 0; i < N; i += 3) printf("%d %.6f %.6f\n", i, y[i], y2[i]);
  return 0;
}
