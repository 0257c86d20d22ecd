// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: #pragma omp parallel for schedule(dynamic)
// EXPECT-ABSENT: #pragma omp parallel for reduction(+:s)
// EXPECT-ABSENT: #pragma omp parallel for num_threads(2)
// EXPECT-ABSENT: #pragma omp for
// EXPECT-WARNING: for schedule(dynamic)' dropped: the statement it applies to reads or writes an array stored sparse
// EXPECT-REPORT: legacy_omp_lookups.c:53:1: note: '#pragma omp parallel for
// EXPECT-REPORT: for schedule(dynamic)' dropped: the statement it applies to reads or writes an array stored sparse through the runtime (lookups, buffered inserts), which threads cannot share; it runs on one thread
// EXPECT-REPORT: legacy_omp_lookups.c:62:1: note: '#pragma omp parallel for
// EXPECT-REPORT: for reduction(+:s) schedule(static)' dropped
// EXPECT-REPORT: legacy_omp_lookups.c:66:1: note: '#pragma omp parallel for
// EXPECT-REPORT: for num_threads(2)' dropped
// EXPECT-REPORT: legacy_omp_lookups.c:71:1: note: '#pragma omp
// EXPECT-REPORT: omp for' replaced by '#pragma omp single': the statement it applies to reads or writes
// EXPECT-NOT-REPORT: omp critical
// EXPECT-NOT-REPORT: legacy_omp_lookups.c:69:1: note
// EXPECT-NOT-REPORT: legacy_omp_lookups.c:82:1: note
// OUT-CFLAGS: -fopenmp
// OpenMP loops over code that reads and writes an array stored sparse
// element by element (loops sparsecc does not turn into kernels: the
// writes are buffered inserts, the reads lookups that first apply the
// pending inserts). Threads cannot share a tensor's pending updates: the
// parallel pragma over such a loop is dropped, also when the loop reaches
// the array through a function of the file; an `omp for` inside a
// parallel region becomes `omp single` (dropped, each thread would run
// the whole loop). A loop whose sparse accesses sit under `omp critical`
// keeps its pragma, and so does one that never touches the array. The
// output is compiled with -fopenmp; the reference without it (the
// sequential program), so a race would show as a difference.
#include <stdio.h>
#define N 300

#pragma sparse encoding(A : CSR)
static double A[N][N];
static double x[N], y[N], d[N];

static unsigned seed = 7;
static unsigned next(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 0x7fff;
}

/* reads the array through lookups (a subscript that is no loop variable) */
static double probe(int i) { return A[i][(i * 17 + 3) % N]; }

int main(void) {
  int cols[N];
  for (int i = 0; i < N; i++) {
    cols[i] = (int)(next() % N);
    x[i] = 1.0 + (double)(next() % 100) / 50.0;
  }
  /* assembly by element writes: buffered inserts */
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++) {
    A[i][i] = 4.0 + i % 3;
    if (i + 1 < N) A[i][i + 1] = -1.0;
    A[i][cols[i]] += 0.5;
  }
  for (int i = 0; i < N; i += 7) A[i][(i * 17 + 3) % N] = 2.5;
  double s = 0;
  /* a reduction over lookups, through a helper */
#pragma omp parallel for reduction(+:s) schedule(static)
  for (int i = 0; i < N; i++)
    s += probe(i) * x[i];
  /* lookups at computed columns */
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < N; i++) d[i] = A[i][cols[i]] + A[cols[i]][i];
  double u = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) A[cols[i]][i] -= 0.25;
#pragma omp critical
    {
      u += A[0][0];
    }
  }
  /* a kernel: the product over the stored entries */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];
  double t = 0;
#pragma omp parallel for reduction(+:t)
  for (int i = 0; i < N; i++) t += x[i] * x[i];
  double r = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) r += A[i][j];
  double dy = 0;
  for (int i = 0; i < N; i++) dy += d[i] + y[i];
  printf("%.10f %.10f %.10f %.10f %.10f\n", s, dy, t, r, u > 0 ? A[0][0] : 0.0);
  return 0;
}
