// EXPECT-SPARSIFIED: 5
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) y[perm(i)] += A(i,j) * x(j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) cnt[label(j)] += A(i,j)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) hist[bin(i)] += A(i,j) != 0 ? 1 : 0
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) z[perm(j)] -= C(i,j) * x(i)
// EXPECT-REPORT: kernel sparsified: forall(i) forall(j) w[(int)label(i)] += C(i,j)
// EXPECT-REPORT: loop j: positions of A
// EXPECT-WARNING: 'u[perm[i]]' is written at a computed position (an indirect subscript of a dense output, a scatter) with '=' (only += and -= are modelled)
// EXPECT-WARNING: 'v' is updated at a computed position (a scatter) and used elsewhere in the loop nest
// EXPECT-VECTOR-REPORT: loop j: not vectorized: cnt: scatter through an index array: conflicts possible (two lanes may update one element), scalar
// EXPECT-VECTOR-REPORT: loop j: not vectorized: y: scatter through an index array fixed in this loop (every lane would update one element), scalar
// EXPECT-ABSENT: for (int j = 0; j < N; j++) y[perm[i]] += A[i][j] * x[j];
// EXPECT-ABSENT: for (int j = 0; j < N; j++) cnt[label[j]] += A[i][j];
// EXPECT-ABSENT: if (A[i][j] != 0) hist[bin[i]]++;
// Updates of a dense array at a computed position (`y[perm[i]] += ...`,
// `cnt[label[j]] += A[i][j]`, `hist[bin[i]]++` under a test of A, `-=`
// with a CSC operand, an index held in a local) are scatters: the walk
// visits the stored entries in the order of the dense loops, so the
// updates of one element happen in the program's order, less the zero
// terms. The index arrays repeat values and the values span 1e16 and 1, so
// an update out of order would change the sums. `=` through an index
// array, and a scattered array also read in the nest, keep their nests
// dense.
#include <stdio.h>
#include <string.h>
#define N 33

static double A[N][N], C[N][N], x[N], y[N], cnt[N], z[N], w[N], u[N], v[N];
static int perm[N], label[N], bin[N], hist[N];

static void bits(const char *tag, const double *a) {
  for (int i = 0; i < N; i++) {
    unsigned long long b;
    memcpy(&b, &a[i], sizeof b);
    printf("%s%d b%016llx\n", tag, i, b);
  }
}

int main(void) {
  for (int i = 0; i < N; i++) {
    A[i][(i * 5) % N] = (i % 3 == 0) ? 1e16 : (i % 3 == 1) ? 1.0 : -1e16;
    A[i][(i * 11 + 2) % N] += 0.75 * i - 9;
    C[(i * 7) % N][i] = (i % 2) ? 3e15 : -1.5;
    C[(i * 3 + 1) % N][i] += 0.5;
    x[i] = (i % 4) ? 1.0 : 0.5;
    perm[i] = (i * i) % 7;
    label[i] = (i * 5) % 4;
    bin[i] = i % 3;
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) y[perm[i]] += A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) cnt[label[j]] += A[i][j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (A[i][j] != 0) hist[bin[i]]++;
#pragma sparse encoding(C : CSC)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) z[perm[j]] -= C[i][j] * x[i];
#pragma sparse encoding(C : DCSR)
  for (int i = 0; i < N; i++) {
    const int l = label[i];
    for (int j = 0; j < N; j++) w[l] += C[i][j];
  }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u[perm[i]] = A[i][j] * x[j];
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) v[perm[i]] += A[i][j] * v[j];
  bits("y", y);
  bits("c", cnt);
  bits("z", z);
  bits("w", w);
  bits("u", u);
  bits("v", v);
  for (int i = 0; i < N; i++) printf("h%d %d\n", i, hist[i]);
  return 0;
}
