/* rt_convert.c — benchmark: sc_tensor_convert CSR -> CSC and CSR ->
 * BSR(4,4) on a CSR matrix file of bench/rt_gen.c ("csr"), the two
 * conversions interleaved round by round. The source tensor is built once
 * before timing; each sample frees the previous result, then converts.
 * Prints RESULT lines (median ms) and check values, computed after timing
 * (sum of
 * val * (crd + 1) over the target's stored values and coordinates of the
 * last level for CSC; sum of values for BSR) to compare with scipy. */
#include "bench_common.h"
#include "sparsecc_rt.h"

typedef struct conv_ctx {
  sc_tensor *src, *last; /* last: the previous result */
  sc_encoding enc;
  int csc;
  double check;
} conv_ctx;

/* One timed conversion. The previous result is freed first (as scipy's
 * timing loop releases its previous result); the check value is computed
 * after timing (conv_check), like scipy's. */
static void run_conv(void *vctx) {
  conv_ctx *c = vctx;
  sc_tensor_free(c->last);
  c->last = NULL;
  if (sc_tensor_convert(&c->last, c->src, &c->enc) != SC_OK) {
    fprintf(stderr, "rt_convert: %s\n", sc_last_error());
    exit(1);
  }
}

static void conv_check(conv_ctx *c) {
  sc_tensor *t = c->last;
  const double *v = sc_tensor_values(t);
  size_t nv = sc_tensor_nnz(t);
  double s = 0;
  if (c->csc) {
    const uint64_t *crd = sc_tensor_coordinates(t, 1);
    for (size_t k = 0; k < nv; k++)
      s += v[k] * (double)(crd[k] + 1);
  } else {
    for (size_t k = 0; k < nv; k++)
      s += v[k];
  }
  c->check = s;
  sc_tensor_free(t);
  c->last = NULL;
}

int main(int argc, char **argv) {
  int reps = (int)bench_env_long("BENCH_REPS", 11);
  int64_t hdr[3], dims[2];
  FILE *f;
  sc_encoding csr;
  conv_ctx cc[2];
  bench_fn fn[2] = {run_conv, run_conv};
  void *ctx[2] = {&cc[0], &cc[1]};
  const char *name[2] = {"csr_to_csc", "csr_to_bsr4"};
  double *samples;
  int64_t *rp, *ci, *rc;
  double *val;
  sc_tensor *src;
  if (argc != 3) {
    fprintf(stderr, "usage: rt_convert CSR_FILE LABEL\n");
    return 2;
  }
  f = fopen(argv[1], "rb");
  if (!f || fread(hdr, 8, 3, f) != 3) {
    fprintf(stderr, "rt_convert: cannot read %s\n", argv[1]);
    return 2;
  }
  rp = bench_xmalloc((size_t)(hdr[0] + 1) * 8);
  ci = bench_xmalloc((size_t)hdr[2] * 8);
  val = bench_xmalloc((size_t)hdr[2] * 8);
  rc = bench_xmalloc((size_t)hdr[2] * 16);
  if (fread(rp, 8, (size_t)hdr[0] + 1, f) != (size_t)hdr[0] + 1 ||
      fread(ci, 8, (size_t)hdr[2], f) != (size_t)hdr[2] ||
      fread(val, 8, (size_t)hdr[2], f) != (size_t)hdr[2]) {
    fprintf(stderr, "rt_convert: short file\n");
    return 2;
  }
  fclose(f);
  for (int64_t i = 0; i < hdr[0]; i++)
    for (int64_t k = rp[i]; k < rp[i + 1]; k++) {
      rc[2 * k] = i;
      rc[2 * k + 1] = ci[k];
    }
  dims[0] = hdr[0];
  dims[1] = hdr[1];
  sc_encoding_named(&csr, "CSR", NULL, 0);
  if (sc_tensor_from_coo(&src, &csr, SC_F64, dims, (size_t)hdr[2], rc, val,
                         SC_DUP_SUM) != SC_OK) {
    fprintf(stderr, "rt_convert: %s\n", sc_last_error());
    return 1;
  }
  free(rc);
  memset(cc, 0, sizeof cc);
  cc[0].src = cc[1].src = src;
  cc[0].csc = 1;
  sc_encoding_named(&cc[0].enc, "CSC", NULL, 0);
  {
    int64_t rcb[2] = {4, 4};
    sc_encoding_named(&cc[1].enc, "BSR", rcb, 2);
  }
  samples = bench_xmalloc((size_t)(2 * reps) * sizeof(double));
  bench_interleaved(2, fn, ctx, reps, 0.0, samples);
  conv_check(&cc[0]);
  conv_check(&cc[1]);
  for (int v = 0; v < 2; v++)
    printf("RESULT bench=convert matrix=%s impl=sparsecc op=%s nnz=%lld "
           "median_ms=%.3f min_ms=%.3f\n",
           argv[2], name[v], (long long)hdr[2],
           1e3 * bench_median(samples + v * reps, reps),
           1e3 * bench_min(samples + v * reps, reps));
  for (int v = 0; v < 2; v++)
    printf("CHECK bench=convert matrix=%s impl=sparsecc op=%s value=%.17g\n",
           argv[2], name[v], cc[v].check);
  sc_tensor_free(src);
  free(rp);
  free(ci);
  free(val);
  free(samples);
  return 0;
}
