// EXPECT-SPARSIFIED: 1
// EXPECT-REPORT: note: the call of 'spmv' passes the dense array 'K' from inside the loop at line 60: 'spmv' assembles it at each call; a pragma on the declaration of 'K' stores it sparse and the call passes it through
// EXPECT-REPORT-ONCE: note: the call of 'spmv'
// EXPECT-REPORT: function 'spmv' takes sparse tensors
// EXPECT-WARNING: cannot delinearize 'S[i]': its last subscript is not provably within [0, n) (one loop over every element of the block: written as two loops, over r < n and c < n, reading 'S[r * n + c]', it is a kernel)
// EXPECT-REPORT: 'S' stored as a sparse tensor (CSR)
// A finite-element program sparsified half way, as a user stops between
// two steps. 'spmv' takes its matrix as a tensor (a pragma on the
// function) but the stiffness matrix K is still dense: the call in the
// conjugate-gradient loop assembles K at every iteration, which costs as
// much as the dense product, and the report says so and which pragma
// pays it once. The call before the loop (the initial residual) is no
// loop's: no note. The mass matrix S is stored sparse (flat, with a
// shape); counting its non-zeros with one loop over the whole block
// reads it element by element, and the warning says how to write it as
// a kernel.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NE 24
#define NN (NE + 1)

#pragma sparse encoding(K[n][n] : CSR)
static void spmv(int n, const double *K, const double *v, double *w) {
  int i, j;
  for (i = 0; i < n; i++) {
    w[i] = 0.0;
    for (j = 0; j < n; j++)
      w[i] += K[i * n + j] * v[j];
  }
}

int main(void) {
  int n = NN, e, i, it, nz = 0;
  double *K = calloc((size_t)n * n, sizeof(double));
#pragma sparse encoding(S[n][n] : CSR)
  double *S = calloc((size_t)n * n, sizeof(double));
  double f[NN], u[NN], r[NN], p[NN], q[NN], rr, rr1, alpha;
  if (!K || !S) return 1;
  /* two-node bar elements, assembled with += */
  for (e = 0; e < NE; e++) {
    double k = 1.0 + 0.25 * (e % 3), m = 1.0 / NE;
    K[e * n + e] += k;
    K[e * n + e + 1] -= k;
    K[(e + 1) * n + e] -= k;
    K[(e + 1) * n + e + 1] += k;
    S[e * n + e] += m / 3;
    S[e * n + e + 1] += m / 6;
    S[(e + 1) * n + e] += m / 6;
    S[(e + 1) * n + e + 1] += m / 3;
  }
  K[0] += 1e3; /* a spring at the left end */
  for (i = 0; i < n; i++) f[i] = (i == n - 1) ? 1.0 : 0.01 * i;
  for (i = 0; i < n; i++) u[i] = 0.0;
  spmv(n, K, u, q);
  for (i = 0; i < n; i++) { r[i] = f[i] - q[i]; p[i] = r[i]; }
  rr = 0.0;
  for (i = 0; i < n; i++) rr += r[i] * r[i];
  for (it = 0; it < 200 && rr > 1e-26; it++) {
    spmv(n, K, p, q);
    alpha = 0.0;
    for (i = 0; i < n; i++) alpha += p[i] * q[i];
    alpha = rr / alpha;
    rr1 = 0.0;
    for (i = 0; i < n; i++) {
      u[i] += alpha * p[i];
      r[i] -= alpha * q[i];
      rr1 += r[i] * r[i];
    }
    for (i = 0; i < n; i++) p[i] = r[i] + rr1 / rr * p[i];
    rr = rr1;
  }
  for (i = 0; i < n * n; i++)
    if (S[i] != 0.0) nz++;
  printf("iterations %d, %d mass entries\n", it, nz);
  for (i = 0; i < n; i += 4) printf("u[%d] = %.17g\n", i, u[i]);
  free(K);
  free(S);
  return 0;
}
