// EXPECT-SPARSIFIED: 4
// EXPECT-WARNING: 'A' keeps its dense storage: 'A' is declared 'extern' here (other files may define or use its dense block; to store it sparse, put the pragma on its definition); each loop nest using it assembles it at entry
// EXPECT-REPORT: 'K' stored as a sparse tensor (CSR)
// EXPECT-REPORT: kernel not sparsified: 'K' is both read and written in the nest; its element writes become buffered inserts
// EXPECT-REPORT: kernel sparsified: forall(i) forall(sc__diag_i) tr += K(i,sc__diag_i)
// EXPECT-ABSENT: s += A[i][j] * j;
// EXPECT-ABSENT: t += A[i][j] * A[i][j];
// EXPECT-ABSENT: e += u[i] * K[i][j] * u[j];
// A file holding what would be a header and two source files: a pragma
// on an `extern` declaration keeps the dense array (another file may use
// it) and applies to every loop nest that uses it, also after the array's
// definition later in the file (the same object); a pragma on the
// definition of an array declared `extern` earlier stores it sparse (a
// nest it cannot co-iterate reads it by element lookups).
#include <stdio.h>

/* ---- grid.h ---- */
#define N 16
#pragma sparse encoding(A : CSR)
extern double A[N][N];
extern double K[N][N];
double norm2(void);

/* ---- grid.c ---- */
double A[N][N];
#pragma sparse encoding(K : CSR)
double K[N][N];

double norm2(void) {
  double t = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) t += A[i][j] * A[i][j];
  return t;
}

/* ---- main.c ---- */
int main(void) {
  for (int i = 0; i < N; i++) A[i][(i * 5) % N] = i - 4;
  for (int e = 0; e < N - 1; e++) {
    K[e][e] += 1;
    K[e][e + 1] -= 1;
    K[e + 1][e] -= 1;
    K[e + 1][e + 1] += 1;
  }
  double s = 0, u[N], e = 0;
  for (int i = 0; i < N; i++) u[i] = (i % 5) * 0.5;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) s += A[i][j] * j;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) e += u[i] * K[i][j] * u[j];
  double tr = 0;
  for (int i = 0; i < N; i++) tr += K[i][i];
  printf("%g %g %g %g\n", s, norm2(), e, tr);
  return 0;
}
