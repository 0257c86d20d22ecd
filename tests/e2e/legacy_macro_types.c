// EXPECT-SPARSIFIED: 2
// EXPECT-ABSENT: DATA_TYPE A[N][M];
// EXPECT-ABSENT: tmp[i] = tmp[i] + A[i][j] * x[j];
// EXPECT-ABSENT: y[j] = y[j] + BT(i, j) * tmp[i];
// EXPECT-REPORT: 2 invocations of element-access macros expanded
// EXPECT-WARNING: 'D' keeps its dense storage: a macro names 'D'
// EXPECT-WARNING: 'CT(i, j)' is a macro whose body names variables or calls (an element-access macro is not expanded
// PolyBench style: the element type, sizes and scalar constants are macros
// (the declaration of A starts with the macro DATA_TYPE). Element-access
// macros whose body subscripts an array named in a pragma (BT, also
// parenthesized: BP) are expanded, so B is stored sparse and its nest is a
// kernel. A macro doing more than one access is not: D (read through
// DSUM, defined at the top of the file) keeps its dense storage, and the
// nest reading C through CT is refused rather than modelled without that
// read.
#include <stdio.h>
#define N 60
#define M 40
#define DATA_TYPE double
#define SCALAR_VAL(x) x
#define BT(i, j) B[i][j]
#define BP(i, j) (B[(i)][(j)])
#define CT(i, j) C[i][j] * 1
#define DSUM(i) (D[i][0] + D[i][1])

int main(void) {
#pragma sparse encoding(A : CSR)
  DATA_TYPE A[N][M];
#pragma sparse encoding(B : CSR)
  DATA_TYPE B[N][M];
  DATA_TYPE C[N][M];
#pragma sparse encoding(D : CSR)
  DATA_TYPE D[N][2] = {{0}};
  DATA_TYPE x[M], y[M], z[M], tmp[N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      A[i][j] = ((i * j) % 17 == 3) ? (DATA_TYPE)((i + j) % N) / N : SCALAR_VAL(0.0);
      B[i][j] = ((i + j) % 9 == 0) ? SCALAR_VAL(1.5) : SCALAR_VAL(0.0);
      C[i][j] = (i == j) ? 2 : 0;
    }
  for (int j = 0; j < M; j++) x[j] = 1 + (j / (DATA_TYPE)M);
  for (int i = 0; i < M; i++) y[i] = z[i] = 0;
  for (int i = 0; i < N; i++) {
    tmp[i] = SCALAR_VAL(0.0);
    for (int j = 0; j < M; j++) tmp[i] = tmp[i] + A[i][j] * x[j];
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) y[j] = y[j] + BT(i, j) * tmp[i];
#pragma sparse encoding(C : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) z[j] = z[j] + CT(i, j) * tmp[i] + C[i][j];
  for (int i = 0; i < N; i += 7) D[i][i % 2] = i;
  for (int i = 0; i < M; i++) printf("%0.6f %0.6f %g %g\n", y[i], z[i], DSUM(i), BP(i, 1));
  return 0;
}
