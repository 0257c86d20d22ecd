#!/bin/bash
# decl_errors.sh WORKDIR — an array whose storage becomes a sparse tensor
# (pragma on its declaration) must not have its address escape to code
# sparsecc cannot rewrite: each such use is an error (exit 1, no output
# file) at file:line:col with a note at the declaration. And data that do
# not fit such an array's encoding (three nonzeros in a 2:4 group) stop
# the rewritten program at the first read, by a kernel or a lookup, with
# the runtime's message (never read as absent).
set -u
work=$1
sparsecc=${SPARSECC:?}
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
fails=0
expect_error() { # NAME LINE:COL TEXT, the case on stdin
  cat >"$1.c"
  "$sparsecc" "$1.c" -o "$1_out.c" 2>"$1.err"
  st=$?
  if [ $st -ne 1 ] || [ -e "$1_out.c" ] || ! grep -q "$1.c:$2: error: .*$3" "$1.err" ||
     ! grep -q "note: .* is declared here" "$1.err"; then
    echo "decl_errors $1: FAILED (exit $st)"
    cat "$1.err"
    fails=$((fails + 1))
  fi
}
expect_error addr 7:9 "address of an element is taken" <<'C'
#include <stdio.h>
void show(double *p);
int main(void) {
#pragma sparse encoding(A : CSR)
  double A[10][10] = {0};
  A[1][2] = 3;
  show(&A[1][2]);
  return 0;
}
C
# the note says what to do instead
if ! grep -q "note: 'A' is declared here with '#pragma sparse encoding'; to keep its dense block, put the pragma before the loop nests that use it instead" addr.err; then
  echo "decl_errors addr: FAILED (the note does not say where the pragma can go)"
  fails=$((fails + 1))
fi
expect_error stored 7:7 "used as a pointer value" <<'C'
#define N 8
#pragma sparse encoding(G : CSR)
static double G[N][N];
int main(void) {
  G[0][1] = 2;
  double (*p)[N];
  p = G;
  return (int)p[0][1];
}
C
expect_error row 6:15 "a part of it is used as a pointer" <<'C'
#include <string.h>
int main(void) {
#pragma sparse encoding(A : CSR)
  double A[5][5];
  memset(A, 0, sizeof A);
  double *r = A[2];
  return (int)r[0];
}
C
# a row pointer in a loop is followed where its nest becomes a kernel; in a
# nest that stays as written it is an error saying what to write instead
expect_error row_loop 9:25 "a part of it is used as a pointer ('A\\[i\\]' in 'row') in a loop nest that is not sparsified (subscript '(i \\* 7) % N' is not affine.*index 'A' itself where 'row' is subscripted" <<'C'
#include <stdio.h>
#define N 6
#pragma sparse encoding(A : CSR)
static double A[N][N];
int main(void) {
  A[1][2] = 3;
  double s = 0;
  for (int i = 0; i < N; i++) {
    const double *row = A[i];
    s += row[(i * 7) % N];
  }
  printf("%g\n", s);
  return 0;
}
C
expect_error memset_bytes 7:10 "not provably a multiple of its element size" <<'C'
#include <stdlib.h>
#include <string.h>
int main(void) {
  int n = 6, bytes = 20;
#pragma sparse encoding(R[n][n] : CSR)
  double *R = calloc(n * n, sizeof *R);
  memset(R + n, 0, bytes);
  return R == NULL;
}
C
expect_error memset_minus 6:10 "a part of it is used as a pointer" <<'C'
#include <string.h>
int main(void) {
#pragma sparse encoding(A : CSR)
  double A[5][5] = {{0}};
  A[1][1] = 2;
  memset(A[2] - 1, 0, 2 * sizeof(double));
  return 0;
}
C
expect_error width_disagrees 4:25 "says 40 for dimension 1 but its type says 30" <<'C'
#include <stdlib.h>
int main(void) {
  int n = 6;
#pragma sparse encoding(A[n][40] : CSR)
  double (*A)[30] = malloc(n * sizeof *A);
  A[1][2] = 3;
  free(A);
  return 0;
}
C
expect_error rows_disagree 3:25 "says 9 for dimension 0 but its allocation says 6" <<'C'
#include <stdlib.h>
int main(void) {
#pragma sparse encoding(A[9][30] : CSR)
  double (*A)[30] = calloc(6, sizeof *A);
  A[1][2] = 3;
  free(A);
  return 0;
}
C
expect_error rows_unknown 4:25 "is not a count times the size of a row" <<'C'
#include <stdlib.h>
int main(void) {
  int n = 6;
#pragma sparse encoding(A : CSR)
  double (*A)[30] = malloc(n * sizeof(double));
  A[1][2] = 3;
  free(A);
  return 0;
}
C
expect_error rows_changed 4:25 "'n' in its allocation is assigned after it" <<'C'
#include <stdlib.h>
int main(void) {
  int n = 6;
#pragma sparse encoding(A : CSR)
  double (*A)[30] = malloc(n * sizeof *A);
  n = n / 2;
  A[1][2] = 3;
  free(A);
  return 0;
}
C
expect_runtime_stop() { # NAME LINE, the case on stdin
  cat >"$1.c"
  if ! "$sparsecc" "$1.c" -o "$1_out.c" 2>"$1.err" ||
     ! ${CC:-cc} -Wall -Wextra -Werror $("$sparsecc" --cflags) "$1_out.c" \
       $("$sparsecc" --libs) -o "$1_bin" 2>>"$1.err"; then
    echo "decl_errors $1: FAILED (sparsecc or cc)"
    cat "$1.err"
    fails=$((fails + 1))
    return
  fi
  ./"$1_bin" >"$1.out" 2>"$1.run.err"
  st=$?
  if [ $st -ne 1 ] || [ -s "$1.out" ] ||
     ! grep -q "^sparsecc runtime: $1.c:$2: .*more than the 2 of n_out_of_m" "$1.run.err"; then
    echo "decl_errors $1: FAILED (exit $st)"
    cat "$1.out" "$1.run.err"
    fails=$((fails + 1))
  fi
}
expect_runtime_stop misfit_kernel 8 <<'C'
#include <stdio.h>
#define N 8
#pragma sparse encoding(A : NV24)
static double A[N][N];
static double x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) { x[i] = i + 1; for (int j = 0; j < N; j++) A[i][j] = (i + j) % 4 ? i + j + 1 : 0; }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
C
expect_runtime_stop misfit_lookup 7 <<'C'
#include <stdio.h>
#define N 8
#pragma sparse encoding(A : NV24)
static double A[N][N];
int main(void) {
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) A[i][j] = (i + j) % 4 ? i + j + 1 : 0;
  printf("%g\n", A[1][2]);
  return 0;
}
C
# a pragma before a statement that declares another array: the note points
# at the array's own declaration
expect_error elsewhere 5:25 "'A' is not declared by the declaration that follows the pragma" <<'C'
#define N 8
static double A[N][N];
int main(void) {
  A[1][2] = 3;
#pragma sparse encoding(A : CSR)
  double s = 0;
  for (int i = 0; i < N; i++) s += A[i][i];
  return (int)s;
}
C
grep -q "elsewhere.c:2:15: note: 'A' is declared here; a pragma before this declaration" elsewhere.err ||
  { echo "decl_errors elsewhere: FAILED (note)"; cat elsewhere.err; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "decl_errors: passed"
exit $fails
