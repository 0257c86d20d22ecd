// Read-only arithmetic members of a struct as factors and terms of a
// kernel, as legacy code keeps its parameters: `g.h` and `cfg.alpha` of a
// struct variable, `p->scale` and `p->lim.lo` through a pointer to a
// struct, an int member, a member of a global struct, and a member array
// read at the loop variable (`cfg.coef[j]`). Each is a loop-invariant
// scalar read in place. A nest that assigns the struct it reads
// (`cfg.alpha = ...` beside `cfg.h`) keeps its loops, and so does one that
// reads a member through a pointer while writing through a `double *`
// parameter, which may point at that member.
// EXPECT-SPARSIFIED: 7
// EXPECT-ABSENT: y[i] += A[i][j] * g.h;
// EXPECT-ABSENT: y[i] += cfg.alpha * A[i][j] * x[j];
// EXPECT-ABSENT: s += A[i][j] * p->scale;
// EXPECT-ABSENT: out[i][j] = A[i][j] + glob.bias;
// EXPECT-ABSENT: loc[i] += A[i][j] * cfg.n * p->lim.lo;
// EXPECT-ABSENT: y[i] += A[i][j] * cfg.coef[j];
// EXPECT-ABSENT: t += A[i][j] * (p->lim.hi - cfg.h);
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) s += A(i,j) * p->scale
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) y(i) += A(i,j) * g.h
// EXPECT-WARNING: loop not sparsified: member 'cfg.h' is read in the nest and 'cfg' is assigned in it
// EXPECT-WARNING: loop not sparsified: member 'q->scale' is read through a pointer and the nest writes 'w', which may share its storage
#include <stdio.h>

#define N 24

struct limits {
  double lo, hi;
};
struct config {
  double alpha;
  double h;
  double scale;
  int n;
  struct limits lim;
  double coef[N];
};
struct bias_t {
  double bias;
};

static double A[N][N];
static struct bias_t glob = {0.75};

static double scaled_sum(const struct config *p) {
  double s = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += A[i][j] * p->scale;
  return s;
}

static void counts(const struct config *p, const struct config cfg, double *cnt) {
  static double loc[N];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      loc[i] += A[i][j] * cfg.n * p->lim.lo;
  for (int i = 0; i < N; i++)
    cnt[i] = loc[i];
}

static double ratio(const struct config *p, struct config cfg) {
  double t = 0;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      t += A[i][j] * (p->lim.hi - cfg.h);
  return t;
}

/* w may point into *q: the nest stays as written */
static void through_pointer(double *w, const struct config *q) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      w[i] += A[i][j] * q->scale;
}

static double sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i + 1);
  return s;
}

int main(void) {
  struct config cfg = {1.5, 0.25, -2.0, 3, {0.5, 4.0}, {0}};
  struct { double h; } g = {0.125};
  static double x[N], y[N], out[N][N], cnt[N];
  for (int i = 0; i < N; i++) {
    A[i][(i * 5 + 2) % N] = 1.0 + i % 7;
    if (i % 3 == 0) A[i][i] = -0.5 * i;
    x[i] = 0.25 * (i % 5) - 0.5;
    cfg.coef[i] = 1.0 / (1 + i);
    out[i][(i + 1) % N] = 9.0;
  }
  struct config *p = &cfg;

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * g.h;
  printf("g.h %.6f\n", sum(y, N));

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += cfg.alpha * A[i][j] * x[j];
  printf("alpha %.6f\n", sum(y, N));

  printf("scale %.6f\n", scaled_sum(p));

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      out[i][j] = A[i][j] + glob.bias;
  printf("bias %.6f %.6f\n", sum(out[0], N), sum(out[N - 1], N));

  counts(p, cfg, cnt);
  printf("counts %.6f\n", sum(cnt, N));

#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * cfg.coef[j];
  printf("coef %.6f\n", sum(y, N));

  printf("ratio %.6f\n", ratio(p, cfg));

  /* the struct assigned in the nest: read as it changes */
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      y[i] += A[i][j] * cfg.h;
      cfg.alpha = cfg.alpha + 1;
    }
  printf("assigned %.6f %.6f\n", sum(y, N), cfg.alpha);

  through_pointer(y, p);
  printf("pointer %.6f\n", sum(y, N));
  return 0;
}
