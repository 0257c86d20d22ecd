// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: forall(j) s += A(i,j) * x[(int)perm(j)]
// EXPECT-REPORT: forall(j) t += A(i,j) * x[(long)q[(int)perm(j)]]
// EXPECT-REPORT: forall(j) y(i) += A(i,j) * w[(int)perm(i)]
// EXPECT-REPORT: forall(j) z(i) += A(i,j) * x(j)
// EXPECT-REPORT: forall(i) forall(j) g(i) += A(i,j) > 0 ? A(i,j) * x[(int)perm(j)] : -0.0
// EXPECT-WARNING: subscript depends on 'd', which is assigned in the loop nest
// EXPECT-WARNING: subscript depends on 'jj', which is assigned in the loop nest
// EXPECT-ABSENT: int c = perm[j];
// EXPECT-ABSENT: const long cq = q[p];
// EXPECT-ABSENT: int e = perm[j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) y[r] += A[r][j] * w[c];
// An index held in a local, as legacy code writes it (`int k = perm[j];`
// then `x[k]`), is read through its initializer where it is used: the
// local is declared in the nest with an initializer, assigned nowhere
// else, and its initializer reads only the loop variables around it and
// arrays the nest never writes (also through another such local), also
// under an if (the declaration, read nowhere then, goes). A local
// assigned again (d++), or whose initializer reads a variable the loops
// after it change (b = perm[jj] before the loop over jj), keeps its nest
// dense.
#include <stdio.h>
#define N 31

static double A[N][N], x[N], w[N], y[N], z[N], u[N], v[N], g[N];
static int perm[N], q[N];

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 5) % N] = 1.0 + i;
    A[i][(i * 11 + 2) % N] += 0.5 * i - 3;
    x[i] = 0.25 * i - 1;
    w[i] = 2.0 - 0.125 * i;
    perm[i] = (i * 7 + 3) % N;
    q[i] = (i * 13 + 1) % N;
  }
  double s1[N], s2[N];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++) {
      int c = perm[j];
      s += A[i][j] * x[c];
    }
    s1[i] = s;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    double t = 0;
    for (int j = 0; j < N; j++) {
      int p = perm[j];
      const long cq = q[p];
      t += A[i][j] * x[cq];
    }
    s2[i] = t;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    int c = perm[i];
    const int r = i;
    for (int j = 0; j < N; j++) y[r] += A[r][j] * w[c];
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    int jj = 0;
    for (int j = 0; j < N; j++) {
      int k = j + jj;
      z[i] += A[i][k] * x[k];
    }
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] > 0) {
        int e = perm[j];
        g[i] += A[i][j] * x[e];
      }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int d = perm[j];
      u[i] += A[i][j] * x[d];
      d++;
      u[i] += 0 * d;
    }
  int jj = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    int b = perm[jj];
    for (jj = 0; jj < N - 1; jj++) v[i] += A[i][jj] * x[b];
  }
  for (int i = 0; i < N; i++)
    printf("%d %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", i, s1[i], s2[i], y[i], z[i], u[i],
           v[i], g[i]);
  return 0;
}
