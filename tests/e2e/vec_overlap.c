// Register-blocked SpMM and vectorized dense loops through pointer
// parameters: the arrays may overlap, so the vector code runs only when a
// run-time check finds the address ranges apart (or, for an inner loop,
// the very same elements); otherwise the loop the program order allows.
// Calls with distinct arrays, with C and B the same array, with C one
// element after B (the update reads the element written just before) and
// one element before, with two written arrays the same, a reduction
// whose target lies inside the row it reads, and SpMV (a position loop,
// gathers) whose y is x, or inside it. Every call prints the dense result.
// EXPECT-SPARSIFIED: 4
// EXPECT-VECTORIZED: 4
// EXPECT-VECTOR-REPORT: do not overlap, else the nest unblocked
// EXPECT-ABSENT: C[i][k] += A[i][j] * B[j][k]
// EXPECT-ABSENT: E[i][k] -= A[i][j] * B[j][k]
// EXPECT-ABSENT: D[i][j] += A[i][j] * U[i][k] * V[j][k]
// EXPECT-ABSENT: y[i] += A[i][j] * x[j]
#include <stdio.h>
#include <string.h>

static unsigned long long lcg_state = 777;
/* deterministic pseudo-random values in [-0.5, 0.5) */
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 1000.0 - 0.5;
}

#define N 13
#define M 19
#define K 37

static double A[N][M];
static double buf[(M + 2) * K], buf2[(M + 2) * K];
static double Bd[M][K], Cd[N][K];

static void spmm(double (*C)[K], double (*B)[K]) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        C[i][k] += A[i][j] * B[j][k];
}

static void spmm2(double (*C)[K], double (*E)[K], double (*B)[K]) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++) {
        C[i][k] += A[i][j] * B[j][k];
        E[i][k] -= A[i][j] * B[j][k];
      }
}

static void sddmm(double (*D)[M], double (*U)[K], double (*V)[K]) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      for (int k = 0; k < K; k++)
        D[i][j] += A[i][j] * U[i][k] * V[j][k];
}

static void spmv(double *y, const double *x) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

static void fill(void) {
  for (size_t t = 0; t < sizeof buf / sizeof buf[0]; t++)
    buf[t] = lcg(), buf2[t] = lcg();
  for (int j = 0; j < M; j++)
    for (int k = 0; k < K; k++) Bd[j][k] = lcg();
  for (int i = 0; i < N; i++)
    for (int k = 0; k < K; k++) Cd[i][k] = lcg();
}

static void show(const char *what, const double *v, size_t n) {
  double s = 0.0, w = 0.0;
  for (size_t t = 0; t < n; t++) s += v[t], w += v[t] * (double)(t % 7 + 1);
  printf("%s %.15g %.15g\n", what, s, w);
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) A[i][j] = lcg() > -0.3 ? lcg() : 0.0;
  for (int j = 0; j < M; j++) A[4][j] = 0.0;          /* an empty row */
  for (int j = 0; j < M; j++) A[6][j] = 0.0;
  A[6][6] = 0.75;                                     /* one entry, j == i */
  A[2][2] = 0.5;                                      /* diagonal entries */
  A[9][9] = -0.25;
  const size_t nb = sizeof buf / sizeof buf[0];

  fill(); /* distinct arrays: blocked */
  spmm(Cd, Bd);
  show("distinct", &Cd[0][0], (size_t)N * K);

  fill(); /* C and B the same array: C[i] is B[i] */
  spmm((double (*)[K])buf, (double (*)[K])buf);
  show("same", buf, nb);

  fill(); /* C one element after B: C[i][k] is B[i][k + 1] */
  spmm((double (*)[K])(buf + 1), (double (*)[K])buf);
  show("after", buf, nb);

  fill(); /* C one element before B: C[i][k + 1] is B[i][k] */
  spmm((double (*)[K])buf, (double (*)[K])(buf + 1));
  show("before", buf, nb);

  fill(); /* C = B shifted by rows: C[i] is B[i + 2] */
  spmm((double (*)[K])buf, (double (*)[K])(buf + 2 * K));
  show("rows", buf, nb);

  fill(); /* two statements, distinct targets */
  spmm2(Cd, (double (*)[K])buf, Bd);
  show("two", &Cd[0][0], (size_t)N * K);
  show("two_e", buf, nb);

  fill(); /* two statements, C and E the same array */
  spmm2((double (*)[K])buf, (double (*)[K])buf, Bd);
  show("two_same", buf, nb);

  fill(); /* two statements, E is B */
  spmm2(Cd, (double (*)[K])buf, (double (*)[K])buf);
  show("two_eb", &Cd[0][0], (size_t)N * K);
  show("two_eb_e", buf, nb);

  fill(); /* a reduction: D apart from U and V */
  sddmm((double (*)[M])buf2, (double (*)[K])buf, Bd);
  show("sddmm", buf2, nb);

  fill(); /* D inside U's rows: the sum reads the element it updates */
  sddmm((double (*)[M])buf, (double (*)[K])buf, Bd);
  show("sddmm_u", buf, nb);

  fill(); /* D inside V's rows */
  sddmm((double (*)[M])(buf + 5), Bd, (double (*)[K])buf);
  show("sddmm_v", buf, nb);

  fill(); /* SpMV, y apart from x */
  spmv(buf2, buf);
  show("spmv", buf2, nb);

  fill(); /* y is x: y[i] += A[i][i] * y[i] reads the partial sum */
  spmv(buf, buf);
  show("spmv_same", buf, nb);

  fill(); /* y inside x, shifted */
  spmv(buf + 3, buf);
  show("spmv_shift", buf, nb);
  return 0;
}
