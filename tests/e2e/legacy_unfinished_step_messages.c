// EXPECT-SPARSIFIED: 1
// EXPECT-WARNING: 'Nb' keeps its dense storage: it is passed to 'count_pairs'
// EXPECT-WARNING: sparse array 'Nb' passed to function 'neighbours' ('neighbours' has a pragma and takes a sparse tensor, but 'Nb' keeps its dense storage: see the warning at its declaration)
// EXPECT-REPORT: note: the call of 'forces' passes the dense array 'Nb' from inside the loop at line 65: 'forces' assembles it at each call; the pragma on the declaration of 'Nb' keeps its dense storage (see the warning there)
// EXPECT-NOT-REPORT: a pragma on the definition of 'neighbours'
// A particle program sparsified in three steps, the third unfinished:
// the neighbour matrix Nb has a pragma on its declaration, and so have
// the two functions that build it and read it, but 'count_pairs' takes it
// dense, so Nb keeps its dense storage (the warning at the declaration
// says why and which pragma is missing). The messages about the calls in
// the time-step loop point there, instead of asking for the pragmas the
// functions already have.
/* the program: 1-D particles with a neighbour matrix rebuilt every step; do-while, goto cleanup */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NP 48
#define RCUT 0.6
#define STEPS 12

static double pos[NP], vel[NP], force[NP];

#pragma sparse encoding(Nb : CSR)
static void neighbours(double Nb[NP][NP])
{
    int i, j;
    double d;
    for (i = 0; i < NP; i++)
        for (j = 0; j < NP; j++) {
            d = fabs(pos[i] - pos[j]);
            Nb[i][j] = (i != j && d < RCUT) ? (RCUT - d) : 0.0;
        }
}

#pragma sparse encoding(Nb : CSR)
static void forces(double Nb[NP][NP])
{
    int i, j;
    for (i = 0; i < NP; i++) {
        force[i] = 0.0;
        for (j = 0; j < NP; j++)
            force[i] += Nb[i][j] * (pos[i] - pos[j]);
    }
}

static int count_pairs(double Nb[NP][NP])
{
    int i = 0, j, c = 0;
    do {
        for (j = i + 1; j < NP; j++)
            if (Nb[i][j] > 0.0) c++;
        i++;
    } while (i < NP);
    return c;
}

int main(void)
{
    int s, i, rc = 1;
#pragma sparse encoding(Nb : CSR)
    double (*Nb)[NP] = calloc(NP, sizeof *Nb);
    if (!Nb) goto out;
    for (i = 0; i < NP; i++) { pos[i] = 0.25 * i + 0.01 * (i % 3); vel[i] = 0.0; }
    for (s = 0; s < STEPS; s++) {
        neighbours(Nb);
        forces(Nb);
        for (i = 0; i < NP; i++) {
            vel[i] += 0.05 * force[i];
            pos[i] += 0.05 * vel[i];
        }
        if (s % 4 == 0) printf("step %d pairs %d pos[7] %.17g\n", s, count_pairs(Nb), pos[7]);
    }
    for (i = 0; i < NP; i += 8) printf("pos[%d] = %.17g vel %.17g\n", i, pos[i], vel[i]);
    rc = 0;
out:
    free(Nb);
    return rc;
}
