// A sparse output written under an if (thresholding, a zero test, a
// tolerance): the guard is evaluated at each stored entry of the operand,
// the output keeps its old entries where the guard is false (SPEC §4:
// only a kernel assigning every element with `=` replaces the contents),
// and a written zero (a stored explicit zero copied, a value that rounds
// to 0) removes an old entry. Operands in CSR, CSC (converted), DCSR and
// COO; a double and an int output; an empty and a pre-filled output; a
// stored NaN; empty rows. A guard that an absent entry (a zero) satisfies
// (`A[i][j] < 1.0`) writes every element: its loops visit every position,
// A (stored sparse) read by merge cursors, with the reason in the report. A threshold known only at run time (a macro,
// a variable) is checked once at entry: the loops skip absent entries
// when an absent entry fails the guard, else they visit every element.
// EXPECT-SPARSIFIED: 11
// EXPECT-REPORT: 'C[i][j] = A[i][j]' runs where 'A[i][j] < 1.0' holds, which an absent entry (a zero) may satisfy
// EXPECT-REPORT: C: = under an if keeps its existing entries where the guard is false
// EXPECT-REPORT: zero filter: values appended to C tested != 0 (unpadded level; a guarded = may write a zero over an entry)
// EXPECT-REPORT: C(i,j) = A(i,j) > T ? A(i,j) : C(i,j)
// EXPECT-REPORT: D(i,j) = K(i,j) > 2 ? 3 * K(i,j) : D(i,j)
// EXPECT-ABSENT: if (A[i][j] > T) C[i][j] = A[i][j];
// EXPECT-ABSENT: if (S[i][j] != 0) C[i][j] = 2 * S[i][j];
// EXPECT-ABSENT: if (fabs(B[i][j]) > 1e-9) C[i][j] = B[i][j] / d[i];
// EXPECT-ABSENT: if (O[i][j] >= 1.5) E[i][j] = O[i][j] - 1.5;
// EXPECT-ABSENT: if (t < A[i][j]) C[i][j] = A[i][j] + 1.0;
// EXPECT-REPORT: guard: the loops skip absent entries when !(((double)0) > T)
// EXPECT-REPORT: guard: the loops skip absent entries when !(t < ((double)0))
#include <math.h>
#include <stdio.h>

static unsigned long long lcg_state = 4242;
static double lcg(void) {
  lcg_state = lcg_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)((lcg_state >> 33) % 1000) / 100.0 - 5.0;
}

#define N 13
#define M 11
#define T 0.5

#pragma sparse encoding(A : CSR, S : CSC, B : DCSR, O : COO)
static double A[N][M], S[N][M], B[N][M], O[N][M];
#pragma sparse encoding(C : CSR)
static double C[N][M];
#pragma sparse encoding(E : DCSR)
static double E[N][M];
#pragma sparse encoding(K : CSR, D : CSR)
static int K[N][M], D[N][M];
static double d[N];

static void showC(const char *what) {
  double sum = 0;
  int nnz = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      if (C[i][j] != 0) nnz++;
      sum += C[i][j] * (i + 1) * (j + 3);
    }
  printf("%s: nnz %d checksum %.12g\n", what, nnz, sum);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%.10g%c", C[i][j], j + 1 < M ? ' ' : '\n');
}

static void prefill(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) C[i][j] = 0;
  for (int i = 0; i < N; i++)
    for (int j = (i * 3) % 4; j < M; j += 4) C[i][j] = 100 + i + 0.5 * j;
}

int main(void) {
  for (int i = 0; i < N; i++) {
    d[i] = 0.5 * (i + 1);
    for (int j = 0; j < M; j++) {
      double r = lcg();
      A[i][j] = (i * 7 + j * 5) % 3 == 0 ? r : 0.0;
      S[i][j] = (i + 2 * j) % 4 == 0 ? lcg() : 0.0;
      B[i][j] = (i * j) % 5 == 1 ? lcg() : 0.0;
      O[i][j] = (i + j) % 3 == 1 ? lcg() : 0.0;
      K[i][j] = (i * 3 + j) % 4 == 0 ? (int)(lcg()) : 0;
    }
  }
  for (int j = 0; j < M; j++) { A[5][j] = 0; S[5][j] = 0; B[5][j] = 0; O[5][j] = 0; }
  A[2][2] = NAN;      /* never > T: C keeps its old entry there */
  B[3][1] = 1e-12;    /* below the tolerance */
  O[1][0] = 1.5;      /* written as 0: removes an old entry */
  D[0][0] = 9; D[4][3] = -7; D[12][10] = 5;

  /* thresholding into an empty output */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > T) C[i][j] = A[i][j];
  showC("threshold empty");

  /* the same into a pre-filled output: old entries stay where A <= T */
  prefill();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] > T) C[i][j] = A[i][j];
  showC("threshold filled");

  /* a zero test on a CSC operand (converted at entry) */
  prefill();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (S[i][j] != 0) C[i][j] = 2 * S[i][j];
  showC("nonzero csc");

  /* a tolerance and a division by a dense vector, DCSR operand */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (fabs(B[i][j]) > 1e-9) C[i][j] = B[i][j] / d[i];
  showC("tolerance dcsr");

  /* NaN passes a negated comparison; an absent entry does not */
  prefill();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (!(A[i][j] <= 0.5)) C[i][j] = -A[i][j];
  showC("negated");

  /* COO operand into a DCSR output, a written zero removes an entry */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) E[i][j] = (i + j) % 3 == 1 ? 7.0 + i : 0.0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (O[i][j] >= 1.5) E[i][j] = O[i][j] - 1.5;
  {
    int nnz = 0;
    double sum = 0;
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++) {
        nnz += E[i][j] != 0;
        sum += E[i][j] * (2 * i + j + 1);
      }
    printf("coo into dcsr: nnz %d checksum %.12g\n", nnz, sum);
  }

  /* integers */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (K[i][j] > 2) D[i][j] = 3 * K[i][j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) printf("%d%c", D[i][j], j + 1 < M ? ' ' : '\n');

  /* a threshold known at run time: checked once at entry; a negative one
   * holds where A is absent, and the loops then visit every element */
  for (int rep = 0; rep < 2; rep++) {
    double t = rep ? -1.0 : 1.0;
    prefill();
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        if (t < A[i][j]) C[i][j] = A[i][j] + 1.0;
    showC(rep ? "threshold -1" : "threshold 1");
  }

  /* true where A is absent: every element written, every position visited */
  prefill();
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (A[i][j] < 1.0) C[i][j] = A[i][j];
  showC("below one");
  return 0;
}
