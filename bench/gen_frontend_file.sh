#!/bin/bash
# gen_frontend_file.sh — prints a ~10,000-line C file holding 50 annotated
# kernels (SpMV, SpMM, SpAdd, row sums, transposed SpMV in turn), each in
# its own function, separated by plain helper functions: the input of the
# front-end speed benchmark (bench/frontend_speed.sh).
set -euo pipefail
kernels=${1:-50}
filler=${2:-190}   # plain helper functions between kernels (~1 line each)
echo '#include <stdio.h>'
echo '#include <math.h>'
echo '#define N 64'
echo '#define M 48'
echo 'double E[M][M], A[N][M], B[N][M], C[N][M], D[M][N], x[M], y[N], z[N];'
for ((k = 0; k < kernels; k++)); do
  for ((f = 0; f < filler; f++)); do
    echo "static int helper_${k}_${f}(int a) { return a * $((f + 1)) + $k; }"
  done
  echo "double kernel_$k(void) {"
  case $((k % 5)) in
    0) echo '  #pragma sparse encoding(A : CSR)'
       echo '  for (int i = 0; i < N; i++) { y[i] = 0; for (int j = 0; j < M; j++) y[i] += A[i][j] * x[j]; }' ;;
    1) echo '  #pragma sparse encoding(A : DCSR)'
       echo '  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) for (int k = 0; k < M; k++) C[i][j] += A[i][k] * E[k][j];' ;;
    2) echo '  #pragma sparse encoding(A : CSR, B : CSR)'
       echo '  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) C[i][j] = A[i][j] + B[i][j];' ;;
    3) echo '  #pragma sparse encoding(A : COO)'
       echo '  for (int i = 0; i < N; i++) { double s = 0; for (int j = 0; j < M; j++) s += A[i][j]; z[i] = s; }' ;;
    4) echo '  #pragma sparse encoding(A : CSC)'
       echo '  for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) x[j] += A[i][j] * y[i];' ;;
  esac
  echo '  return y[0] + z[0] + C[0][0] + x[0];'
  echo '}'
done
echo 'int main(void) { double s = 0;'
for ((k = 0; k < kernels; k++)); do echo "  s += kernel_$k();"; done
echo '  printf("%g\n", s); return 0; }'
