// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: y->data[i] += A[i][j] * x->data[j];
// EXPECT-ABSENT: w.v[i] += A[i][j];
// EXPECT-ABSENT: g.m[i][k] += A[i][j] * g.b[j][k];
// EXPECT-WARNING: loop not sparsified: assignment to member 'y->data'
// EXPECT-WARNING: loop not sparsified: 'u.a' is reached through a member of a union
// EXPECT-ABSENT: wp->v[i] += A[i][j] * w.v[j];
// Dense operands reached through struct members: a `double *` member
// through a pointer to the struct (`y->data[i]`), a member array of a
// struct variable (`w.v[i]`), a 2-D member array (`g.m[i][k]`). Members
// may point to the same storage (x and y below share one buffer): the
// program must print what the dense one prints. A nest that reassigns the
// pointer member stays dense, and so do nests over the members of a union
// (the storage of another operand with no pointer operand showing it). A
// member array behind a pointer (`wp->v`) is overlap-checked as a pointer
// is.
#include <stdio.h>
#define N 40
#define P 3
static double A[N][N];

typedef struct {
  int n;
  double *data;
} vec;

static struct {
  double v[N];
} w;

static union {
  double a[N];
  double b[N];
} u;

typedef struct {
  double v[N];
} wrap;

static struct {
  double m[N][P];
  double b[N][P];
} g;

static void matvec(const vec *x, vec *y) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    y->data[i] = 0;
    for (int j = 0; j < N; j++)
      y->data[i] += A[i][j] * x->data[j];
  }
}

static void matvec_swapping(vec *y, double *other, const vec *x) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++) {
    if (i == N / 2)
      y->data = other;
    for (int j = 0; j < N; j++)
      y->data[i] += x->data[j] * A[i][j];
  }
}

static void print(const char *what, const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i + 1);
  printf("%s %.6f %.6f %.6f\n", what, v[0], v[n - 1], s);
}

int main(void) {
  static double xs[N], ys[N], shared[N], other[N];
  for (int i = 0; i < N; i++) {
    A[i][(i * 7 + 3) % N] = 1.0 + i;
    A[i][i] = 2.0;
    if (i % 5 == 0) A[i][(i + 1) % N] = -0.5;
    xs[i] = 0.25 * (i % 9) - 1.0;
    shared[i] = 0.5 + i % 4;
    for (int k = 0; k < P; k++) g.b[i][k] = (i + 2 * k) % 3 - 1.0;
  }
  vec x = {N, xs}, y = {N, ys};
  matvec(&x, &y);
  print("matvec", ys, N);

  /* aliasing: x and y members point to the same buffer */
  vec ax = {N, shared}, ay = {N, shared};
  matvec(&ax, &ay);
  print("aliased", shared, N);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      w.v[i] += A[i][j];
  print("rowsum", w.v, N);

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < P; k++)
        g.m[i][k] += A[i][j] * g.b[j][k];
  for (int k = 0; k < P; k++) {
    double col[N];
    for (int i = 0; i < N; i++) col[i] = g.m[i][k];
    print("gemm", col, N);
  }

  for (int i = 0; i < N; i++) u.a[i] = 0.5 * (i % 3);
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u.a[i] += A[i][j] * u.b[j];
  print("union", u.a, N);

  wrap wr = {{0}}, *wp = &wr;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      wp->v[i] += A[i][j] * w.v[j];
  print("behind-pointer", wr.v, N);

  vec z = {N, ys};
  matvec_swapping(&z, other, &x);
  print("swap-first", ys, N);
  print("swap-second", other, N);
  return 0;
}
