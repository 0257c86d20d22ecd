// The diagonal of a sparse matrix read under its own loop, as Jacobi's
// setup writes it (`r[i] = A[i][i]`, `d[i] += A[i][i]`): each statement
// becomes a loop of one iteration over a new variable, sc__diag_i, so the
// stored row (or column) is walked up to the diagonal instead of each
// element being looked up. Arrays stored sparse in CSR (into a dense
// vector with `=` and `+=`, and into a SparseVector with `=` and `+=`), CSC
// (the column walked), COO and BSR(2, 2), float and int; a nest pragma on a
// repetition loop whose assembly is kept (C); matrices with an empty row,
// absent diagonal entries and a stored zero on the diagonal. A nest pragma
// without a loop that keeps the assembly stays dense (assembling the whole
// array to read N elements costs more).
// EXPECT-SPARSIFIED: 10
// EXPECT-ABSENT: (int64_t)(i), (int64_t)(i)}
// EXPECT-REPORT: loop sc__diag_i: positions of A (after a fill loop for `=`)
// EXPECT-REPORT: loop sc__diag_i: positions of A
// EXPECT-REPORT: rs: sparse vector output
// EXPECT-REPORT: loop sc__diag_i: positions of B (after a fill loop for `=`)
// EXPECT-REPORT: C: assembled once, before the loop at line
// EXPECT-REPORT: kernel not sparsified: 'G' cannot be co-iterated: G[i][i] reads a diagonal
// EXPECT-WARNING: 'G' cannot be co-iterated
#include <stdio.h>

#define N 13

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSC)
static double B[N][N];
#pragma sparse encoding(P : COO)
static double P[N][N];
#pragma sparse encoding(Q : BSR(2, 2))
static double Q[N][N];
#pragma sparse encoding(F : CSR)
static float F[N][N];
#pragma sparse encoding(K : DCSR)
static int K[N][N];
#pragma sparse encoding(rs : SparseVector)
static double rs[N];
#pragma sparse encoding(ts : SparseVector)
static double ts[N];
static double C[N][N], G[N][N];
static double r[N], d[N], rb[N], rp[N], rq[N], t[N], g[N];
static float rf[N];
static int rk[N];

static double val(int i, int j) { return (double)((i * 7 + j * 5) % 11) - 4.5; }

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      if ((i + 2 * j) % 3 == 0 || i == j) {
        A[i][j] = val(i, j);
        B[i][j] = val(j, i);
        P[i][j] = val(i, i + j);
        Q[i][j] = val(j, j + i);
        F[i][j] = (float)val(i, j) * 0.5f;
        K[i][j] = (i - j) * 3 + 1;
        C[i][j] = val(i + 1, j);
        G[i][j] = val(i, j + 1);
      }
    }
  for (int j = 0; j < N; j++) A[5][j] = 0.0, B[j][5] = 0.0; /* empty row/column */
  A[8][8] = 0.0;                                              /* stored zero */
  B[2][2] = 0.0;
  for (int i = 0; i < N; i++) rs[i] = 1.0;
  ts[3] = 2.0;
  ts[5] = -1.0;

  for (int i = 0; i < N; i++)
    r[i] = A[i][i];
  for (int i = 0; i < N; i++)
    d[i] += 2.0 * A[i][i];
  for (int i = 0; i < N; i++)
    rs[i] = A[i][i];
  for (int i = 0; i < N; i++)
    ts[i] += A[i][i] * 0.5;
  for (int i = 0; i < N; i++)
    rb[i] = B[i][i];
  for (int i = 0; i < N; i++)
    rp[i] -= P[i][i] * P[i][i];
  for (int i = 0; i < N; i++)
    rq[i] = Q[i][i] - 1.0;
  for (int i = 0; i < N; i++)
    rf[i] = F[i][i] * 3.0f;
  for (int i = 0; i < N; i++)
    rk[i] += K[i][i];

#pragma sparse encoding(C : CSR)
  for (int rep = 0; rep < 3; rep++) {
    for (int i = 0; i < N; i++)
      t[i] += C[i][i] * (rep + 1);
    printf("rep %d\n", rep);
  }

#pragma sparse encoding(G : CSR)
  for (int i = 0; i < N; i++)
    g[i] = G[i][i];

  for (int i = 0; i < N; i++)
    printf("%g %g %g %g %g %g %g %g %g %g %d\n", r[i], d[i], rs[i], ts[i],
           rb[i], rp[i], rq[i], t[i], g[i], (double)rf[i], rk[i]);
  return 0;
}
