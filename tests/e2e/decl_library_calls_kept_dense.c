// EXPECT-SPARSIFIED: 2
// EXPECT-WARNING: 'Q' keeps its dense storage: it is passed to 'fwrite', which reads or writes its dense block at
// EXPECT-WARNING: 'R' keeps its dense storage: a part of it ('R[(N + 2) % N]') is passed to 'qsort', which reads or writes its dense block at
// EXPECT-WARNING: 'V' keeps its dense storage: 'V = realloc(V, sizeof(double) * 2 * n)' (only malloc/calloc or NULL may be assigned)
// EXPECT-WARNING: the pragma's shape may no longer be that of the block it points to, so the loop nests using it stay as written
// EXPECT-REPORT: storage of 'V' not replaced (see the warning); the loop nests using it stay as written
// EXPECT-ABSENT: y[i] += Q[i][j] * x[j];
// SPEC §4 case 1 when the array is handed to the C library: an array
// stored sparse whose block goes to fwrite, or one of whose rows goes to
// qsort, keeps its dense storage, with a warning naming the call (it was an
// error, and the program was not rewritten); its loop nests are kernels
// that assemble it at entry. A pointer with a shape in the pragma that is
// reallocated keeps its dense storage too, and since its block may no
// longer have the pragma's shape (here it doubles), the loops over it stay
// as written: a kernel over the pragma's n elements would miss V[25].
#include <stdio.h>
#include <stdlib.h>
#define N 16

#pragma sparse encoding(Q : CSR)
static double Q[N][N];
#pragma sparse encoding(R : CSR)
static double R[N][N];
static double x[N], y[N];

static int by_value(const void *a, const void *b) {
  double p = *(const double *)a, q = *(const double *)b;
  return (p > q) - (p < q);
}

static double saved_sum(void) {
  FILE *f = tmpfile();
  if (!f) return -1;
  fwrite(Q, sizeof Q, 1, f);
  rewind(f);
  double row[N], s = 0;
  for (int i = 0; i < N; i++) {
    if (fread(row, sizeof row, 1, f) != 1) break;
    for (int j = 0; j < N; j++) s += row[j] * (i + 1);
  }
  fclose(f);
  return s;
}

static double grown(int n) {
#pragma sparse encoding(V[n] : SparseVector)
  double *V = calloc(n, sizeof(double));
  if (!V) return -1;
  V[3] = 1;
  V[7] = 2;
  V = realloc(V, sizeof(double) * 2 * n);
  if (!V) return -1;
  for (int i = n; i < 2 * n; i++) V[i] = 0;
  V[25] = 5;
  double s = 0;
  for (int i = 0; i < 2 * n; i++) s += V[i] * i;
  free(V);
  return s;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    Q[i][(i * 3) % N] = N - i;
    R[i][(i * 5) % N] = 0.5 * i;
    R[2][i] = (i * 7) % 5 - 2.0;
    x[i] = 1.0 + i % 4;
  }
  for (int i = 0; i < N; i++) {
    y[i] = 0;
    for (int j = 0; j < N; j++)
      y[i] += Q[i][j] * x[j];
  }
  qsort(R[(N + 2) % N], N, sizeof(double), by_value);
  double t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += R[i][j] * (j + 1);
  for (int i = 0; i < N; i += 3) printf("%.17g\n", y[i]);
  printf("%.17g %.17g %.17g\n", t, saved_sum(), grown(20));
  return 0;
}
