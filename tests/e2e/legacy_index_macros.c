// Index macros in subscripts, as legacy C reaches a flat block:
//   #define IDX(i, j) ((i) * M + (j))   ...   a[IDX(i, j)]
// An invocation that is the subscript of an array named in a pragma is
// expanded (the body: names, integer constants, parentheses, + - * / %),
// so the flat subscript is delinearized with the pragma's shape: a block
// stored sparse from its declaration (fills, an update and reads through
// the macro), a nest pragma on a float block, and a body without outer
// parentheses. The same macro subscripting an array no pragma names
// (w) stays a macro.
// EXPECT-SPARSIFIED: 3
// EXPECT-REPORT: invocations of element-access macros expanded
// EXPECT-ABSENT: y[i] += a[IDX(i, j)] * x[j];
// EXPECT-ABSENT: fs += f[IDX(i, j)] * (float)j;
// EXPECT-ABSENT: cnt += f[AT(i, j)] != 0;
// EXPECT-ABSENT: col[j] += f[IDX(i, j)] * f[IDX(i, j)];
// EXPECT-NOT-REPORT: call in subscript
#include <stdio.h>
#include <stdlib.h>

#define N 11
#define M 7
#define IDX(i, j) ((i) * M + (j))
#define AT(r, c) (r) * M + (c)

static float f[N * M];
static double w[N * M];

int main(void) {
  int i, j;
#pragma sparse encoding(a[N][M] : CSR)
  double *a = calloc(N * M, sizeof(double));
  double x[M], y[N] = {0};
  if (!a) return 1;
  for (i = 0; i < N; i++) {
    a[IDX(i, (i * 3) % M)] = i + 0.5;
    if (i % 4 == 1) a[IDX(i, M - 1)] -= 2.0;
  }
  a[IDX(3, 2)] *= 4.0;
  printf("a(0,0) %g a(5,1) %g\n", a[IDX(0, 0)], a[IDX(5, 1)]);
  for (j = 0; j < M; j++) x[j] = 1.0 / (j + 1);
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) y[i] += a[IDX(i, j)] * x[j];
  for (i = 0; i < N; i++) printf("%g ", y[i]);
  printf("\n");
  free(a);

  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      f[IDX(i, j)] = (i + j) % 4 == 0 ? (float)(i - j) : 0.0f;
      w[IDX(i, j)] = i * 0.25 + j;
    }
  float fs = 0, col[M] = {0};
  long cnt = 0;
#pragma sparse encoding(f[N][M] : DCSR)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      fs += f[IDX(i, j)] * (float)j;
      cnt += f[AT(i, j)] != 0;
    }
#pragma sparse encoding(f[N][M] : CSC)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) col[j] += f[IDX(i, j)] * f[IDX(i, j)];
  double ws = 0;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) ws += w[IDX(i, j)];
  printf("%g %ld %g\n", fs, cnt, ws);
  for (j = 0; j < M; j++) printf("%g ", col[j]);
  printf("\n");
  return 0;
}
