// Per-row statistics kept in an array of structs, as legacy code keeps
// them: `stats[i].sum += A[i][j]`, a count `stats[i].count++` beside it
// under `if (A[i][j] != 0)`, a typedef'd struct (`node[i].deg += B[i][j]`),
// a nested member (`stats[i].in.sq`), a 2-D array of structs updated as
// `cell[i][j].v = cell[i][j].v + ...`, and a member as a dense input
// (`A[i][j] * p[j].x`), and an element of a member array (`out[i].v[k]`,
// also read as `pts[j].c[k]`). Each member is updated in place in the
// program's order at the stored entries only. Kept as written, with the
// reason: a member assigned another value with `=` (only +=, -=, ++, --
// and `m = m + e` are modelled), and a nest that updates one member and reads the same member
// at another element.
// EXPECT-SPARSIFIED: 7
// EXPECT-ABSENT: stats[i].sum += A[i][j];
// EXPECT-ABSENT: if (A[i][j] != 0) { stats[i].count++; stats[i].in.sq += A[i][j] * A[i][j]; }
// EXPECT-ABSENT: node[i].deg += B[i][j];
// EXPECT-ABSENT: node[i].w -= A[i][j] * p[j].x;
// EXPECT-ABSENT: cell[i][j].v = cell[i][j].v + A[i][j] * 2;
// EXPECT-ABSENT: node[j].deg += B[i][j];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) stats[i].sum += A(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) node[i].w -= A(i,j) * p[j].x
// EXPECT-WARNING: loop not sparsified: assignment to member 'stats[i].max' of an array element with '='
// EXPECT-WARNING: loop not sparsified: 'node[].w' is updated in place (a member of an array element) and used elsewhere
// EXPECT-ABSENT: out[i].v[k] += A[i][j] * pts[j].c[k];
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) forall(k) out[i].v[k] += A(i,j) * pts[j].c[k]
#include <stdio.h>

#define N 36
#define K 3

struct rowstat {
  double sum;
  int count;
  double max;
  struct {
    double sq;
  } in;
};

typedef struct {
  int deg;
  double w;
} node_t;

struct pt {
  double x, y;
};

struct cellv {
  double v;
  int tag;
};

struct vec3 {
  double v[K];
};

struct point {
  int id;
  float c[K];
};

#pragma sparse encoding(A : CSR)
static double A[N][N];
#pragma sparse encoding(B : CSR)
static int B[N][N];

int main(void) {
  static struct rowstat stats[N];
  static node_t node[N];
  static struct pt p[N];
  static struct cellv cell[N][N];
  static struct vec3 out[N];
  static struct point pts[N];
  for (int i = 0; i < N; i++) {
    A[i][(i * 5 + 1) % N] = 0.5 + i % 3;
    A[i][(i * 7 + 4) % N] = -1.0 - i % 2;
    if (i % 3 == 0) A[i][i] = 2.0;
    B[i][(i + 3) % N] = 1 + i % 4;
    if (i % 2) B[i][(i * 11) % N] = 2;
    p[i].x = 0.25 * (i % 7) - 0.5;
    p[i].y = 1.0;
    node[i].w = 1.0;
    stats[i].max = -1.0;
    for (int k = 0; k < K; k++) pts[i].c[k] = (float)(0.5 * ((i + k) % 4) - 0.75);
  }

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      stats[i].sum += A[i][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) { stats[i].count++; stats[i].in.sq += A[i][j] * A[i][j]; }

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      node[i].deg += B[i][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      node[i].w -= A[i][j] * p[j].x;

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      cell[i][j].v = cell[i][j].v + A[i][j] * 2;

  /* the transpose: column degrees */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      node[j].deg += B[i][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      for (int k = 0; k < K; k++)
        out[i].v[k] += A[i][j] * pts[j].c[k];

  /* kept as written */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] > stats[i].max) stats[i].max = A[i][j];

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      node[i].w += A[i][j] * node[j].w;


  double s = 0, c = 0;
  long d = 0;
  for (int i = 0; i < N; i++) {
    s += stats[i].sum * (i + 1) + stats[i].in.sq + stats[i].max;
    d += (long)(stats[i].count + node[i].deg) * (i + 1);
    s += node[i].w * (i % 5 + 1) + out[i].v[2] * 3 + out[i].v[0];
    for (int j = 0; j < N; j++) c += cell[i][j].v * (j + 1) + cell[i][j].tag;
  }
  printf("%.9g %ld %.9g\n", s, d, c);
  return 0;
}
