// EXPECT-SPARSIFIED: 1
// EXPECT-ABSENT: FOR(j, N) s += a[i][j] * x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) { s = 0.0; forall(j) s += a(i,j) * x(j); forall(sc__diag_i) xn(sc__diag_i) = x(sc__diag_i) + (b(sc__diag_i) - s) / a(i,sc__diag_i) }
// EXPECT-STDERR-EMPTY
/* K&R-ish numerical code: declarations at the top, register, macros for
   sizes and loops, do/while around an iteration. */
#include <stdio.h>
#include <math.h>

#define N 32
#define FOR(i, n) for (i = 0; i < (n); i++)
#define SQR(x) ((x) * (x))

#pragma sparse encoding(a : CSR)
static double a[N][N];
static double b[N], x[N], xn[N];

static void setup()
{
  register int i, j;
  FOR(i, N) {
    FOR(j, N) a[i][j] = 0.0;
    a[i][i] = 4.0;
    if (i > 0) a[i][i - 1] = -1.0;
    if (i < N - 1) a[i][i + 1] = -1.0;
    b[i] = 1.0 + (i % 3);
    x[i] = 0.0;
  }
}

int main()
{
  register int i, j;
  int iter;
  double err, s;

  setup();
  iter = 0;
  do {
    FOR(i, N) {
      s = 0.0;
      FOR(j, N) s += a[i][j] * x[j];
      xn[i] = x[i] + (b[i] - s) / a[i][i];
    }
    err = 0.0;
    FOR(i, N) {
      err += SQR(xn[i] - x[i]);
      x[i] = xn[i];
    }
    iter++;
  } while (sqrt(err) > 1e-10 && iter < 500);
  printf("%d\n", iter);
  FOR(i, N) if (i % 4 == 0) printf("%.9f\n", x[i]);
  return 0;
}
