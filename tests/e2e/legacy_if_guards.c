// Legacy hand-sparsity and structural guards inside kernels (if
// statements): the zero test on the sparse operand itself lets the loop
// skip absent entries and stays in the code (a stored explicit zero, on a
// padded level, is still skipped by it: x holds an Inf where A stores 0);
// guards over loop variables (i != j, j <= i) and an if/else are kept
// inside the co-iteration loops. A guard that holds where A is absent
// (`A[i][j] == 0.0`) leaves its nest as it is.
// EXPECT-SPARSIFIED: 5
// EXPECT-WARNING: loop not sparsified: no loop can skip absent entries
// EXPECT-ABSENT: y[i] += P[i][j] * x[j];
// EXPECT-ABSENT: z[i] += A[i][j] * x[j];
// EXPECT-ABSENT: lo += A[i][j];
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 777;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 15
#define M 15

static double A[N][M], P[N][M], x[M], y[N], z[N], d[N];

int main(void) {
  int i, j;
  long nnz = 0;
  double lo = 0.0, s;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = ((i * 5 + j * 3) % 4 == 0) ? lcg() : 0.0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      P[i][j] = A[i][j];
  for (j = 0; j < M; j++)
    x[j] = lcg();
  x[3] = INFINITY; /* column 3 of P stores explicit zeros */
  for (i = 0; i < N; i++)
    P[i][3] = 0.0;

  /* the legacy idiom: only non-zeros contribute (0 * Inf never happens) */
#pragma sparse encoding(P : (i, j) -> (i : dense, j : compressed(padded)))
  for (i = 0; i < N; i++) {
    y[i] = 0.0;
    for (j = 0; j < M; j++)
      if (P[i][j] != 0.0)
        y[i] += P[i][j] * x[j];
  }
  x[3] = 1.5;

  /* off-diagonal part and the diagonal, with an else branch */
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    z[i] = 0.0;
    for (j = 0; j < M; j++) {
      if (i != j)
        z[i] += A[i][j] * x[j];
      else
        d[i] += A[i][j];
    }
  }

  /* lower triangle, counted and summed with a threshold */
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (j <= i && fabs(A[i][j]) > 1e-3) {
        nnz += 1;
        lo += A[i][j];
      }

  /* an if/else on the sign: both branches vanish where A is absent */
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++) {
    s = 0.0;
    for (j = 0; j < M; j++)
      if (A[i][j] > 0.0)
        s += A[i][j];
      else
        s -= A[i][j] * 0.5;
    y[i] += s;
  }

  /* a guarded plain assignment */
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (A[i][j] != 0.0)
        P[i][j] = 2.0 * A[i][j] + 1.0;

  /* a guard true where A is absent (counting zeros): not sparsified */
  long zeros = 0;
#pragma sparse encoding(A : CSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      if (A[i][j] == 0.0)
        zeros += 1;

  printf("%ld zeros\n", zeros);
  for (i = 0; i < N; i++)
    printf("%.10g %.10g %.10g\n", y[i], z[i], d[i]);
  printf("%ld %.10g\n", nnz, lo);
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      printf("%.10g%c", P[i][j], j + 1 < M ? ' ' : '\n');
  return 0;
}
