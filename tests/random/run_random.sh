#!/bin/bash
# run_random.sh — differential random testing of sparsecc.
#
# For each seed, gen_kernel prints a dense C program with one annotated loop
# nest. The program compiled as it is (compilers ignore `#pragma sparse`) is
# the reference; sparsecc's output compiled with the runtime must print the
# same: numbers within relative 1e-9 (double) or 1e-5 (float), integers and
# text exactly (the type follows `// seed N:` on the program's first line).
#
# Each seed is classified:
#   PASS-SPARSIFIED  same output, and the report has a `kernel sparsified` line
#   PASS-REFUSED     same output, nothing sparsified (sparsecc warned
#                    `not sparsified`, or printed nothing: "silent")
#   FAIL             different output, a crash or timeout of either side,
#                    sparsecc exiting non-zero on this valid input, or an
#                    output that does not compile cleanly (-Wall -Wextra
#                    -Werror); also GENERATOR when the program itself does
#                    not compile cleanly (a bug of gen_kernel)
# A failing seed keeps its files in WORKDIR/fail-SEED (prog.c, out.c,
# report.txt, outputs, a repro.sh); the last lines are the summary
#   N passed, M failed
#   sparsified X, refused Y (silent Z)
#
# Usage: run_random.sh [options]
#   --seeds A-B        seeds A..B (default 1-300); a single seed A is A-A
#   --soak HOURS       loop over new seeds (gen_kernel --soak) until HOURS
#                      (a decimal number) have passed; seeds start at the
#                      --seeds start if given, else at a time-derived value
#   --keep             keep every seed's files, not only the failures
#   --jobs N           seeds run in parallel (default 1)
#   --workdir DIR      where the files go (default: a new temporary directory)
#   --sparsecc PATH    the sparsecc binary (default $SPARSECC, else `sparsecc`
#                      on PATH)
#   --gen PATH         the gen_kernel binary (default $GEN_KERNEL, else built
#                      from gen_kernel.c and gen_common.c next to this script
#                      into WORKDIR)
#   --cc CC            the C compiler (default $CC, else cc)
#   --simd B           pass --simd=B to sparsecc (none, generic, avx2, avx512)
#                      and compile out.c with the flags that enable that
#                      backend's vector loops (avx2: -mavx2 -mfma; avx512:
#                      -mavx512f), as tests/e2e/run_case.sh does; a backend
#                      this host cannot run skips the whole run (exit 77)
# Environment: SPARSECC, GEN_KERNEL, CC; SPARSECC_CFLAGS and SPARSECC_LIBS
# override `sparsecc --cflags` and `sparsecc --libs` (the runtime's location).
# Exit status: 0 when every seed passed, 1 otherwise, 2 on usage errors,
# 77 when the --simd backend cannot run on this host.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
seeds=""
soak=""
keep=0
jobs=1
workdir=""
sparsecc=${SPARSECC:-}
gen=${GEN_KERNEL:-}
cc=${CC:-cc}
simd=""

usage() {
  sed -n '2,/^# 77 when/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
}

# internal entry point used for parallel runs: run_random.sh --one SEED
one_seed=""
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=${2:?--seeds needs A-B}; shift 2 ;;
    --seeds=*) seeds=${1#*=}; shift ;;
    --soak) soak=${2:?--soak needs HOURS}; shift 2 ;;
    --soak=*) soak=${1#*=}; shift ;;
    --keep) keep=1; shift ;;
    --jobs|-j) jobs=${2:?--jobs needs N}; shift 2 ;;
    --jobs=*) jobs=${1#*=}; shift ;;
    --workdir) workdir=${2:?--workdir needs DIR}; shift 2 ;;
    --workdir=*) workdir=${1#*=}; shift ;;
    --sparsecc) sparsecc=${2:?--sparsecc needs PATH}; shift 2 ;;
    --sparsecc=*) sparsecc=${1#*=}; shift ;;
    --gen) gen=${2:?--gen needs PATH}; shift 2 ;;
    --gen=*) gen=${1#*=}; shift ;;
    --cc) cc=${2:?--cc needs CC}; shift 2 ;;
    --cc=*) cc=${1#*=}; shift ;;
    --simd) simd=${2:?--simd needs a backend}; shift 2 ;;
    --simd=*) simd=${1#*=}; shift ;;
    --one) one_seed=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_random.sh: unknown argument '$1'" >&2; usage ;;
  esac
done

# ---------------------------------------------------------------------
# one seed: run_one SEED SOAKFLAG  -> writes WORKDIR/results/SEED, prints
# a line for failures
run_one() {
  local seed=$1 soakflag=$2
  local d="$workdir/seed-$seed"
  rm -rf "$d"
  mkdir -p "$d"
  local status detail=""
  status=$(cd "$d" && check_seed "$seed" "$soakflag")
  detail=${status#* }
  status=${status%% *}
  local summary
  summary=$(head -1 "$d/prog.c" 2>/dev/null | cut -c1-300)
  echo "$status $detail" >"$workdir/results/$seed"
  case $status in
    FAIL|GENERATOR)
      rm -rf "$workdir/fail-$seed"
      mv "$d" "$workdir/fail-$seed"
      write_repro "$workdir/fail-$seed" "$seed" "$soakflag"
      echo "FAIL seed $seed: $detail"
      echo "    $summary"
      echo "    files: $workdir/fail-$seed"
      ;;
    *)
      [ "$keep" = 1 ] || rm -rf "$d"
      ;;
  esac
}

write_repro() {
  local dir=$1 seed=$2 soakflag=$3
  cat >"$dir/repro.sh" <<EOF
#!/bin/bash
# Reproduce seed $seed: regenerate, reference, sparsecc, compare by eye.
set -x
cd "\$(dirname "\$0")"
"\${GEN_KERNEL:-gen_kernel}" $seed $soakflag >prog.c
${cc} -std=c11 -O1 -Wall -Wextra -Wno-unknown-pragmas prog.c -o ref -lm && ./ref >ref.out
"\${SPARSECC:-sparsecc}" prog.c -o out.c --report=report.txt${simd:+ --simd=$simd}
${cc} -std=c11 -O1 -Wall -Wextra \$("\${SPARSECC:-sparsecc}" --cflags)${simd_cflags:+ $simd_cflags} out.c -o sparse \$("\${SPARSECC:-sparsecc}" --libs) -lm && ./sparse >sparse.out
diff ref.out sparse.out
EOF
  chmod +x "$dir/repro.sh"
}

# compare(): two outputs token by token
# shellcheck source-path=SCRIPTDIR source=compare.sh
. "$here/compare.sh"
# shellcheck source-path=SCRIPTDIR source=setup.sh
. "$here/setup.sh"

# runs in the seed's directory; prints "STATUS detail"
check_seed() {
  local seed=$1 soakflag=$2
  # shellcheck disable=SC2086
  if ! "$gen" "$seed" $soakflag >prog.c 2>gen.err; then
    echo "GENERATOR gen_kernel failed: $(head -c 200 gen.err)"; return
  fi
  local ty
  ty=$(head -1 prog.c | awk '{ sub(",", "", $4); print $4 }')
  # 1. the reference
  if ! "$cc" -std=c11 -O1 -Wall -Wextra -Wno-unknown-pragmas prog.c -o ref -lm >ref.cc.txt 2>&1 || [ -s ref.cc.txt ]; then
    echo "GENERATOR the program does not compile cleanly as it is: $(head -c 300 ref.cc.txt | tr '\n' ' ')"; return
  fi
  timeout 10 ./ref >ref.out 2>ref.err
  local st=$?
  if [ $st -ne 0 ]; then
    echo "GENERATOR the reference exits with $st"; return
  fi
  # 2. sparsecc
  timeout 120 "$sparsecc" prog.c -o out.c --report=report.txt ${simd:+--simd=$simd} >sparsecc.out 2>sparsecc.err
  st=$?
  if [ $st -ne 0 ]; then
    echo "FAIL sparsecc exits with $st: $(grep -m1 -i 'error' sparsecc.err | cut -c1-200)"; return
  fi
  if [ ! -s out.c ]; then
    echo "FAIL sparsecc wrote no output"; return
  fi
  # 3. the rewritten program
  # shellcheck disable=SC2086
  if ! "$cc" -std=c11 -O1 -Wall -Wextra -Werror -Wno-unknown-pragmas $rt_cflags $simd_cflags out.c -o sparse $rt_libs -lm >out.cc.txt 2>&1; then
    echo "FAIL out.c does not compile cleanly: $(grep -m1 -E 'error|warning' out.cc.txt | cut -c1-200)"; return
  fi
  timeout 10 ./sparse >sparse.out 2>sparse.err
  st=$?
  if [ $st -ne 0 ]; then
    echo "FAIL the sparse program exits with $st$( [ $st -eq 124 ] && echo ' (timeout)'): $(head -c 200 sparse.err | tr '\n' ' ')"; return
  fi
  local rel abs
  case $ty in
    double) rel=1e-9; abs=1e-12 ;;
    float) rel=1e-5; abs=1e-6 ;;
    *) rel=0; abs=0 ;;
  esac
  local why
  if ! why=$(compare ref.out sparse.out "$rel" "$abs"); then
    echo "FAIL output differs, $why"; return
  fi
  local n
  n=$(grep -c 'kernel sparsified' report.txt 2>/dev/null)
  if [ "${n:-0}" -gt 0 ]; then
    echo "PASS-SPARSIFIED $n"
  elif grep -q 'not sparsified' sparsecc.err report.txt 2>/dev/null; then
    echo "PASS-REFUSED warned"
  else
    echo "PASS-REFUSED silent"
  fi
}

# ---------------------------------------------------------------------
# setup

if [ -n "$one_seed" ]; then
  # a worker: everything comes from the environment of the parent
  soakflag=${RR_SOAKFLAG:-}
  rt_cflags=$RR_CFLAGS rt_libs=$RR_LIBS simd_cflags=${RR_SIMD_CFLAGS:-}
  run_one "$one_seed" "$soakflag"
  exit 0
fi

[ -n "$sparsecc" ] || sparsecc=$(command -v sparsecc 2>/dev/null || true)
if [ -z "$sparsecc" ] || [ ! -x "$sparsecc" ]; then
  echo "run_random.sh: no sparsecc binary (use --sparsecc PATH or set SPARSECC)" >&2
  exit 2
fi
case $jobs in ''|*[!0-9]*|0) echo "run_random.sh: bad --jobs '$jobs'" >&2; exit 2 ;; esac
simd_cflags=""
case $simd in
  "" | none | generic) ;;
  avx2) simd_cflags="-mavx2 -mfma"
        grep -qw avx2 /proc/cpuinfo 2>/dev/null ||
          { echo "run_random.sh: skipped: this host has no AVX2"; exit 77; } ;;
  avx512) simd_cflags="-mavx512f"
        grep -qw avx512f /proc/cpuinfo 2>/dev/null ||
          { echo "run_random.sh: skipped: this host has no AVX-512F"; exit 77; } ;;
  *) echo "run_random.sh: unknown --simd backend '$simd' (none, generic, avx2, avx512)" >&2; exit 2 ;;
esac

random_setup run_random.sh gen_kernel random

export RR_CFLAGS="$rt_cflags" RR_LIBS="$rt_libs" RR_SIMD_CFLAGS="$simd_cflags" SPARSECC="$sparsecc" GEN_KERNEL="$gen" CC="$cc"

# run the seeds read from stdin, $jobs at a time
run_batch() {
  # shellcheck disable=SC2046
  RR_SOAKFLAG=$1 xargs -P "$jobs" -n 1 bash "$here/run_random.sh" \
    --workdir "$workdir" --sparsecc "$sparsecc" --gen "$gen" --cc "$cc" \
    ${simd:+--simd "$simd"} \
    $( [ "$keep" = 1 ] && echo --keep ) --one
}

random_drive run_random.sh 1-300 "gen_kernel --soak"

# ---------------------------------------------------------------------
# summary
total=0 passed=0 failed=0 sparsified=0 refused=0 silent=0 generator=0
for f in "$workdir"/results/*; do
  [ -e "$f" ] || continue
  read -r st rest <"$f"
  total=$((total + 1))
  case $st in
    PASS-SPARSIFIED) passed=$((passed + 1)); sparsified=$((sparsified + 1)) ;;
    PASS-REFUSED)
      passed=$((passed + 1)); refused=$((refused + 1))
      [ "$rest" = silent ] && silent=$((silent + 1)) ;;
    GENERATOR) failed=$((failed + 1)); generator=$((generator + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
done
elapsed=$(( $(date +%s) - start_time ))
echo "random differential${simd:+ (--simd=$simd)}: $total programs in ${elapsed}s"
echo "$passed passed, $failed failed"
echo "sparsified $sparsified, refused $refused (silent $silent)$( [ $generator -gt 0 ] && echo ", generator bugs $generator")"
if [ "$failed" -gt 0 ]; then
  echo "failing seeds:$(grep -lE '^(FAIL|GENERATOR)' "$workdir"/results/* | xargs -n1 basename | sort -n | tr '\n' ' ')"
  echo "files: $workdir/fail-SEED (repro.sh inside)"
  exit 1
fi
if [ "$made_workdir" = 1 ] && [ "$keep" = 0 ]; then
  rm -rf "$workdir"
fi
exit 0
