// Dense operands and outputs that are array members reached through a
// pointer to the struct (`m->u[i] += A[i][j] * m->x[j]`, `double u[N]` in
// the struct), as a solver keeps its state: each is a dense array named
// by its text, with the extent of its member declaration. Two pointers may
// name one struct (`q->u` read while `m->u` is written, q == m below), so
// such a member is overlap-checked as a pointer is: the program must
// print what the dense one prints, with the vector backends too (the
// row's sum reads the element it updates; the rows are long enough for
// the vector walk). A 2-D member (`m->g[i][k]`,
// its inner loop dense) and a member array of a struct variable read
// through a pointer to it (`p->x` with p == &st) are operands too.
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: m->u[i] += A[i][j] * m->x[j];
// EXPECT-ABSENT: m->u[i] += A[i][j] * q->u[j];
// EXPECT-ABSENT: m->g[i][k] += A[i][j] * m->b[j][k];
// EXPECT-ABSENT: st.u[i] += A[i][j] * p->x[j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) m->u(i) += A(i,j) * m->x(j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) m->u(i) += A(i,j) * q->u(j)
#include <stdio.h>

#define N 48
#define P 4

struct model {
  int n;
  double u[N];
  double x[N];
  double g[N][P];
  double b[N][P];
};

static double A[N][N];

static void step(struct model *m) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m->u[i] += A[i][j] * m->x[j];
}

/* q may be m: the row sums then read the elements they update */
static void relax(struct model *m, const struct model *q) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m->u[i] += A[i][j] * q->u[j];
}

static void spmm(struct model *m) {
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < P; k++)
        m->g[i][k] += A[i][j] * m->b[j][k];
}

static void print(const char *what, const double *v) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += v[i] * (i % 7 + 1);
  printf("%s %.9g %.9g %.9g\n", what, v[0], v[N - 1], s);
}

int main(void) {
  static struct model m1, m2, st;
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++) /* rows long enough for the vector walk */
      if ((i * 3 + j * 5) % 7 < 3) A[i][j] = 0.0625 * ((i + j) % 5) - 0.125;
    A[i][i] = 0.5;
    m1.x[i] = st.x[i] = 0.125 * (i % 9) - 0.5;
    m1.u[i] = m2.u[i] = 1.0 + i % 5;
    st.u[i] = 0;
    for (int k = 0; k < P; k++) m1.b[i][k] = (i + 3 * k) % 5 - 2.0;
  }
  step(&m1);
  print("step", m1.u);
  relax(&m2, &m1);
  print("relax-apart", m2.u);
  relax(&m2, &m2);
  print("relax-same", m2.u);
  spmm(&m1);
  for (int k = 0; k < P; k++) {
    double col[N];
    for (int i = 0; i < N; i++) col[i] = m1.g[i][k];
    print("spmm", col);
  }
  struct model *p = &st;
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      st.u[i] += A[i][j] * p->x[j];
  print("through-p", st.u);
  return 0;
}
