// A program that uses libsparsecc_rt itself (#include <sparsecc_rt.h>,
// found by sparsecc without any -I) and also has a kernel under a pragma:
// the kernel is sparsified, and the runtime's names in the program are not
// taken for clashes since the program includes the header.
// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: y[i] += A[i][j] * x[j];
// EXPECT-STDERR-EMPTY
// SPARSECC-ARGS: -DSC_E2E_OUT
// OUT-CFLAGS: -DSC_E2E_OUT
#include <stdio.h>
#ifdef SC_E2E_OUT
#include <sparsecc_rt.h>
#else
/* the reference build has no -I for the runtime: a stand-in that counts
 * the nonzeros as the runtime would */
#include <stddef.h>
#endif
#define N 8
static double A[N][N];
static double x[N], y[N];
static size_t count_nonzeros(void) {
#ifdef SC_E2E_OUT
  sc_encoding e;
  sc_tensor *t = NULL;
  const int64_t sz[2] = {N, N};
  size_t nnz;
  if (sc_encoding_named(&e, "CSR", NULL, 0) != SC_OK ||
      sc_tensor_from_dense(&t, &e, SC_F64, sz, A) != SC_OK)
    return 0;
  nnz = sc_tensor_nnz(t);
  sc_tensor_free(t);
  return nnz;
#else
  size_t nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      nnz += A[i][j] != 0;
  return nnz;
#endif
}
int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(3 * i) % N] = i + 1;
    x[i] = 1.0 / (i + 1);
  }
  printf("nnz %zu\n", count_nonzeros());
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
