// Loop pragmas whose encodings can reject data at run time: NV24 (at most
// two nonzeros in each group of four columns) and a CSR with 8-bit
// coordinates over a matrix whose width is known only at run time. Each
// kernel runs twice: on data that fit (the sparse code runs) and on data
// that do not (a group of three nonzeros; a column past 255): the nest then
// runs as written over the dense arrays, and the results are the dense
// program's either way.
// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-ABSENT: s[i] += B[i * m + j] * w[j];
// EXPECT-REPORT: fallback: when the data do not fit an operand's encoding at run time
#include <stdio.h>
#include <stdlib.h>

#define N 9
#define M 14

static double A[N][M], x[M], y[N];

static void spmv_nv24(void) {
  for (int i = 0; i < N; i++) y[i] = 0.0;
#pragma sparse encoding(A : NV24)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      y[i] += A[i][j] * x[j];
}

static void rowdot_narrow(int n, int m, const double *B, const double *w,
                          double *s) {
#pragma sparse encoding(B[n][m] : (i, j) -> (i : dense, j : compressed), crdWidth = 8)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s[i] += B[i * m + j] * w[j];
}

int main(int argc, char **argv) {
  (void)argv;
  for (int j = 0; j < M; j++) x[j] = 0.5 * j - 2.0;
  for (int i = 0; i < N; i++)
    for (int g = 0; g < M; g += 4) {
      if (g + i % 4 < M) A[i][g + i % 4] = 1.0 + i + g;
      if (i % 2 && g + (i + 1) % 4 < M) A[i][g + (i + 1) % 4] = -0.25 * g;
    }
  spmv_nv24();
  for (int i = 0; i < N; i++) printf("fit %d %.17g\n", i, y[i]);
  A[3][4] = 2.0;
  A[3][5] = 3.0;
  A[3][6] = -1.5; /* with A[3][7]: four nonzeros in one group */
  spmv_nv24();
  for (int i = 0; i < N; i++) printf("misfit %d %.17g\n", i, y[i]);

  for (int pass = 0; pass < 2; pass++) {
    int n = 5 + argc, m = pass ? 300 + argc : 200 + argc;
    double *B = calloc((size_t)n * (size_t)m, sizeof *B);
    double *w = malloc((size_t)m * sizeof *w);
    double *s = calloc((size_t)n, sizeof *s);
    if (!B || !w || !s) return 1;
    for (int j = 0; j < m; j++) w[j] = (j % 7) - 3.0;
    for (int i = 0; i < n; i++) {
      B[i * m + (i * 37) % m] = 1.5 + i;
      B[i * m + m - 1 - i] = -0.5 * i;
    }
    rowdot_narrow(n, m, B, w, s);
    for (int i = 0; i < n; i++) printf("width m=%d %d %.17g\n", m, i, s[i]);
    free(B);
    free(w);
    free(s);
  }
  return 0;
}
