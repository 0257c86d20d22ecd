// Scalar accumulators held in a struct variable: `out.total += A[i][j] *
// x[j]`, a member of a nested struct (`out.inner.sq`), a global struct's
// member written as `g.total = g.total + A[i][j]`, under a guard with a
// count beside it. Each is a scalar of the kernel like `s`, named by its
// text, and live after the nest. A member reached through a pointer
// (`po->total`) or of a union (`u.d`) may share storage with another
// operand and keeps its nest as written, and so do a bit-field member and
// a nest that writes one member of a struct and reads another (`out.n`
// beside `out.total`).
// EXPECT-SPARSIFIED: 4
// EXPECT-ABSENT: out.total += A[i][j] * x[j];
// EXPECT-ABSENT: g.total = g.total + A[i][j];
// EXPECT-ABSENT: out.inner.sq -= (float)A[i][j];
// EXPECT-ABSENT: if (A[i][j] > 0.5) { g.n += 1; g.inner.sq += (float)(A[i][j] * A[i][j]); }
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) out.total += A(i,j) * x(j)
// EXPECT-WARNING: loop not sparsified: assignment to member 'po->total'
// EXPECT-WARNING: loop not sparsified: assignment to member 'u.d'
// EXPECT-WARNING: loop not sparsified: member 'out.n' is read in the nest and 'out' is assigned in it
// EXPECT-WARNING: loop not sparsified: assignment to member 'bf.cnt'
#include <stdio.h>

#define N 40

struct tot {
  double total;
  int n;
  struct {
    float sq;
  } inner;
};
union un {
  double d;
  long l;
};

#pragma sparse encoding(A : CSR)
static double A[N][N];
static struct tot g;

int main(void) {
  struct tot out = {0, 3, {0}}, *po = &out;
  union un u = {0};
  double x[N];
  for (int i = 0; i < N; i++) {
    A[i][(i * 3 + 1) % N] = 1.5 + i;
    A[i][(i + 5) % N] = i % 4 ? 2 : -0.25;
    x[i] = i % 3 - 1.0;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      out.total += A[i][j] * x[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      out.inner.sq -= (float)A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      g.total = g.total + A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] > 0.5) { g.n += 1; g.inner.sq += (float)(A[i][j] * A[i][j]); }
  printf("%.6f %.3f %.6f %d %.3f\n", out.total, out.inner.sq, g.total, g.n, g.inner.sq);

  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      po->total += A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      u.d += A[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      out.total += A[i][j] * out.n;
  struct {
    unsigned cnt : 5; /* wraps at 32 */
  } bf = {0};
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      bf.cnt += A[i][j] != 0;
  printf("%.6f %d %.6f %u\n", out.total, out.n, u.d, (unsigned)bf.cnt);
  return 0;
}
