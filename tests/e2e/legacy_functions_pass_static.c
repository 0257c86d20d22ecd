// EXPECT-SPARSIFIED: 3
// EXPECT-ABSENT: for (int j = 0; j < n; j++) acc += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < n; j++) z[j] += A[i][j] * y[i];
// EXPECT-ABSENT: for (int j = 0; j < NC; j++) s += A[i][j] * A[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) { acc = 0; forall(j) acc += A(i,j) * x(j); y(i) = acc }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) z(j) += A(i,j) * y(i)
// EXPECT-STDERR-EMPTY
/* Functions of one file taking the sparse array as a parameter; a static
   global matrix passed to them; a function-pragma'd kernel called twice. */
#include <stdio.h>
#define M 18
#define NC 14

static double data[M][NC];

#pragma sparse encoding(A : CSR)
void matvec(int m, int n, double A[M][NC], const double *x, double *y)
{
  for (int i = 0; i < m; i++) {
    double acc = 0;
    for (int j = 0; j < n; j++) acc += A[i][j] * x[j];
    y[i] = acc;
  }
}

#pragma sparse encoding(A : CSR)
void matvec_t(int m, int n, double A[M][NC], const double *y, double *z)
{
  for (int j = 0; j < n; j++) z[j] = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) z[j] += A[i][j] * y[i];
}

#pragma sparse encoding(A : CSR)
double frob2(double A[M][NC])
{
  double s = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < NC; j++) s += A[i][j] * A[i][j];
  return s;
}

int main(void)
{
  double x[NC], y[M], z[NC];
  for (int i = 0; i < M; i++)
    for (int j = 0; j < NC; j++)
      data[i][j] = (i + 2 * j) % 7 == 0 ? 0.5 * (i - j) : 0.0;
  for (int j = 0; j < NC; j++) x[j] = 1.0 + j;
  for (int rep = 0; rep < 3; rep++) {
    matvec(M, NC, data, x, y);
    matvec_t(M, NC, data, y, z);
    for (int j = 0; j < NC; j++) x[j] = z[j] / 100.0;
  }
  printf("%.6f\n", frob2(data));
  for (int j = 0; j < NC; j++) printf("%.6f ", x[j]);
  printf("\n");
  return 0;
}
