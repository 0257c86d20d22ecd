#!/usr/bin/env python3
"""rt_scipy.py - scipy side of the runtime benchmarks (bench/rt_run.sh).

    rt_scipy.py coo FILE            coo_matrix((v, (r, c))).tocsr()
    rt_scipy.py convert FILE LABEL  csr.tocsc() and csr.tobsr((4, 4))
    rt_scipy.py mtx FILE            scipy.io.mmread(FILE) (then .tocsr())

Inputs are the files of bench/rt_gen.c. Only the operation is timed (the
arrays and the source matrix exist before). Prints RESULT/CHECK lines in
the format of the C programs (median over BENCH_REPS samples), or one
"SKIP" line and exit status 3 when scipy is missing.
"""
import os
import statistics
import sys
import time

try:
    import numpy as np
    import scipy
    import scipy.io
    import scipy.sparse as sp
except ImportError as e:  # the driver reports it
    print(f"SKIP scipy: {e}")
    sys.exit(3)

REPS = int(os.environ.get("BENCH_REPS", "11"))


def timed(fn, reps=REPS):
    fn()  # warm-up
    ts = []
    out = None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = fn()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts), min(ts), out


def csr_check(m):
    # sum of val * (col + 1), as the C programs compute it
    return float(np.dot(m.data, m.indices.astype(np.float64) + 1.0))


def bench_coo(path):
    hdr = np.fromfile(path, dtype=np.int64, count=3)
    nnz, nr, nc = (int(x) for x in hdr)
    body = np.fromfile(path, dtype=np.int64, offset=24, count=2 * nnz)
    r, c = body[:nnz], body[nnz:]
    v = np.fromfile(path, dtype=np.float64, offset=24 + 16 * nnz, count=nnz)
    coo = sp.coo_matrix((v, (r, c)), shape=(nr, nc))
    med, mn, out = timed(lambda: coo.tocsr())
    out.sort_indices()
    print(f"RESULT bench=coo_csr impl=scipy nnz_in={nnz} n={nr} "
          f"median_ms={1e3 * med:.3f} min_ms={1e3 * mn:.3f}")
    print(f"CHECK bench=coo_csr impl=scipy value={csr_check(out):.17g}")


def bench_convert(path, label):
    nr, nc, nnz = (int(x) for x in np.fromfile(path, dtype=np.int64, count=3))
    rp = np.fromfile(path, dtype=np.int64, offset=24, count=nr + 1)
    ci = np.fromfile(path, dtype=np.int64, offset=24 + 8 * (nr + 1), count=nnz)
    val = np.fromfile(path, dtype=np.float64,
                      offset=24 + 8 * (nr + 1) + 8 * nnz, count=nnz)
    a = sp.csr_matrix((val, ci, rp), shape=(nr, nc))
    med, mn, out = timed(lambda: a.tocsc())
    print(f"RESULT bench=convert matrix={label} impl=scipy op=csr_to_csc "
          f"nnz={nnz} median_ms={1e3 * med:.3f} min_ms={1e3 * mn:.3f}")
    print(f"CHECK bench=convert matrix={label} impl=scipy op=csr_to_csc "
          f"value={float(np.dot(out.data, out.indices + 1.0)):.17g}")
    med, mn, out = timed(lambda: a.tobsr((4, 4)))
    print(f"RESULT bench=convert matrix={label} impl=scipy op=csr_to_bsr4 "
          f"nnz={nnz} median_ms={1e3 * med:.3f} min_ms={1e3 * mn:.3f}")
    print(f"CHECK bench=convert matrix={label} impl=scipy op=csr_to_bsr4 "
          f"value={float(out.data.sum()):.17g}")


def bench_mtx(path):
    size = os.path.getsize(path)
    reps = max(3, REPS // 3)  # a read takes seconds
    med, mn, out = timed(lambda: scipy.io.mmread(path), reps)
    out = out.tocsr()
    out.sort_indices()
    print(f"RESULT bench=mtx_read impl=scipy bytes={size} "
          f"median_ms={1e3 * med:.3f} min_ms={1e3 * mn:.3f} "
          f"mb_s={size / 1e6 / med:.1f} version={scipy.__version__}")
    print(f"CHECK bench=mtx_read impl=scipy value={csr_check(out):.17g}")


def main(argv):
    if len(argv) >= 3 and argv[1] == "coo":
        bench_coo(argv[2])
    elif len(argv) >= 4 and argv[1] == "convert":
        bench_convert(argv[2], argv[3])
    elif len(argv) >= 3 and argv[1] == "mtx":
        bench_mtx(argv[2])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
