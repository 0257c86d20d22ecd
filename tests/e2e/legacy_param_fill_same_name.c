// EXPECT-SPARSIFIED: 2
// EXPECT-REPORT: fill loop: zeroes every element of 'L': rewritten as a clear of its tensor
// EXPECT-REPORT: 'L' stored as a sparse tensor (CSR)
// EXPECT-REPORT: function 'build_operator' takes sparse tensors
// EXPECT-REPORT: forall(i) { s = 0.0; forall(j) s += L(i,j) * u(j); tmp(i) = u(i) + dt * s }
// A heat-diffusion program whose operator is declared in main and built
// by a function, both under a pragma, both naming it 'L'. The function's
// zeroing loop clears the tensor passed: main's own 'L' (another array of
// that name, not visible in the function) is no second sparse array read
// in the nest, which kept the loop as n * n buffered inserts of zero.
/* the program: explicit heat diffusion with a sparse operator on a ring of rods (VLA, while loop) */
#include <stdio.h>
#include <stdlib.h>

#pragma sparse encoding(L : CSR)
static int build_operator(int n, double L[n][n])
{
    int i, j, nz = 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            L[i][j] = 0.0;
    for (i = 0; i < n; i++) {
        L[i][i] = -2.0;
        L[i][(i + 1) % n] = 1.0;
        L[i][(i + n - 1) % n] = 1.0;
        if (i % 10 == 0) { L[i][(i + n / 2) % n] += 0.5; L[i][i] -= 0.5; }
    }
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            nz += L[i][j] != 0.0;
    return nz;
}

#pragma sparse encoding(L : CSR)
static void step(int n, double L[n][n], double *u, double *tmp, double dt)
{
    int i, j;
    for (i = 0; i < n; i++) {
        double s = 0.0;
        for (j = 0; j < n; j++)
            s += L[i][j] * u[j];
        tmp[i] = u[i] + dt * s;
    }
    for (i = 0; i < n; i++) u[i] = tmp[i];
}

int main(void)
{
    int n = 64, nz, t = 0, i;
    double u[64], tmp[64], total, peak;
#pragma sparse encoding(L : CSR)
    double (*L)[n] = malloc(sizeof(double[n][n]));
    if (L == NULL) return 1;
    nz = build_operator(n, L);
    for (i = 0; i < n; i++) u[i] = (i >= 20 && i < 28) ? 100.0 : 0.0;
    peak = 100.0;
    while (peak > 20.0 && t < 5000) {
        step(n, L, u, tmp, 0.2);
        peak = 0.0;
        for (i = 0; i < n; i++) if (u[i] > peak) peak = u[i];
        t++;
    }
    total = 0.0;
    for (i = 0; i < n; i++) total += u[i];
    printf("nnz %d steps %d total %.17g peak %.17g\n", nz, t, total, peak);
    for (i = 0; i < n; i += 8) printf("u[%d] = %.17g\n", i, u[i]);
    free(L);
    return 0;
}
