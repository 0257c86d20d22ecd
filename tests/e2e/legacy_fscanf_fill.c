// EXPECT-SPARSIFIED: 2
// EXPECT-STDERR-EMPTY
// EXPECT-ABSENT: for (int j = 0; j < N; j++) s += P[i][j] * x[j];
// EXPECT-ABSENT: deg[u] += adj[u][v];
// A Matrix Market text read with fscanf into a global dense array (the
// element writes become buffered inserts; the reading loop is not a kernel
// and says nothing), a graph filled with modular subscripts, and a kernel
// in a function called from an iteration loop.
#include <math.h>
#include <stdio.h>
#define N 25

#pragma sparse encoding(P : CSR)
double P[N][N];
#pragma sparse encoding(adj : CSR)
int adj[N][N];

static void matvec(const double *x, double *y) {
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) s += P[i][j] * x[j];
    y[i] = s;
  }
}

int main(void) {
  FILE *f = tmpfile();
  if (!f) return 1;
  fprintf(f, "%%%%MatrixMarket matrix coordinate real general\n%% a comment\n");
  fprintf(f, "%d %d %d\n", N, N, 3 * N - 2);
  for (int i = 1; i <= N; i++) {
    fprintf(f, "%d %d %g\n", i, i, 0.5);
    if (i > 1) fprintf(f, "%d %d %g\n", i, i - 1, 0.25);
    if (i < N) fprintf(f, "%d %d %g\n", i, i + 1, 0.25);
  }
  rewind(f);
  char line[256];
  do {
    if (!fgets(line, sizeof line, f)) return 1;
  } while (line[0] == '%');
  int nr, nc, nnz;
  if (sscanf(line, "%d %d %d", &nr, &nc, &nnz) != 3) return 1;
  for (int k = 0; k < nnz; k++) {
    int i, j;
    double v;
    if (fscanf(f, "%d %d %lf", &i, &j, &v) != 3) return 1;
    P[i - 1][j - 1] = v;
  }
  fclose(f);

  double x[N], y[N];
  for (int i = 0; i < N; i++) x[i] = (double)(i * i);
  for (int it = 0; it < 10; it++) {
    matvec(x, y);
    double d = 0;
    for (int i = 0; i < N; i++) {
      d += fabs(y[i] - x[i]);
      x[i] = y[i];
    }
    if (it % 3 == 0) printf("it %d diff %.6e\n", it, d);
  }
  printf("x[3] = %.10f\n", x[3]);

  int deg[N];
  for (int u = 0; u < N; u++) {
    adj[u][(u + 1) % N] = 1;
    adj[u][(u * u) % N] = 1;
  }
  for (int u = 0; u < N; u++) {
    deg[u] = 0;
    for (int v = 0; v < N; v++) deg[u] += adj[u][v];
  }
  long tot = 0;
  for (int u = 0; u < N; u++) tot += deg[u] * (u + 1);
  printf("%ld %d\n", tot, deg[7]);
  return 0;
}
