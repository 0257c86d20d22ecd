#!/bin/bash
# run_programs.sh — differential random testing of sparsecc on whole
# programs (gen_program: arrays under declaration pragmas used by several
# nests, element reads and writes, functions, repetition loops).
#
# For each seed, the program compiled as it is (compilers ignore `#pragma
# sparse`) is the reference; sparsecc's output under each backend of --simd
# (default none and avx2), compiled with the runtime and -Wall -Wextra
# -Werror, must print the same: numbers within relative 1e-9 (double) or
# 1e-5 (float), integers and text exactly.
#
# Each seed is classified:
#   PASS N     same output under every backend; N `kernel sparsified`
#              report lines (0: nothing sparsified)
#   FAIL       different output, a crash or timeout, sparsecc exiting
#              non-zero, out.c not compiling cleanly; GENERATOR when the
#              program itself does not compile cleanly or run
# A failing seed keeps its files in WORKDIR/fail-SEED (prog.c, out-B.c,
# report-B.txt, outputs, repro.sh) and is minimized: items of the program
# (and items inside its repetition loops) are left out (gen_program --drop)
# while the failure stays the same kind; the result is
# WORKDIR/fail-SEED/min.c. The last lines are the summary:
#   N passed, M failed
#   sparsified in X of N programs (P %), K kernels
#
# Usage: run_programs.sh [options]
#   --seeds A-B        seeds A..B (default 1-150); a single seed A is A-A
#   --soak HOURS       loop over new seeds (gen_program --soak) until HOURS
#                      (a decimal number) have passed, from the --seeds
#                      start if given, else from a time-derived seed
#   --simd LIST        backends, comma-separated (default none,avx2); one
#                      this host cannot run is left out with a note
#   --min-share PCT    fail unless at least PCT % of the programs had a
#                      kernel sparsified (default 0)
#   --keep             keep every seed's files, not only the failures
#   --jobs N           seeds run in parallel (default 1)
#   --workdir DIR      where the files go (default: a new temporary directory)
#   --sparsecc PATH    the sparsecc binary (default $SPARSECC, else on PATH)
#   --gen PATH         the gen_program binary (default $GEN_PROGRAM, else
#                      built from gen_program.c and gen_common.c into WORKDIR)
#   --cc CC            the C compiler (default $CC, else cc)
# Environment: SPARSECC, GEN_PROGRAM, CC; SPARSECC_CFLAGS and SPARSECC_LIBS
# override `sparsecc --cflags` and `sparsecc --libs`.
# Exit status: 0 when every seed passed (and the share was reached), 1
# otherwise, 2 on usage errors, 77 when no backend of --simd runs here.
set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# compare(): two outputs token by token
# shellcheck source-path=SCRIPTDIR source=compare.sh
. "$here/compare.sh"
# shellcheck source-path=SCRIPTDIR source=setup.sh
. "$here/setup.sh"

seeds=""
soak=""
keep=0
jobs=1
workdir=""
sparsecc=${SPARSECC:-}
gen=${GEN_PROGRAM:-}
cc=${CC:-cc}
simds="none,avx2"
min_share=0

usage() {
  sed -n '2,/^# otherwise, 2 on usage/p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
}

one_seed=""
while [ $# -gt 0 ]; do
  case $1 in
    --seeds) seeds=${2:?--seeds needs A-B}; shift 2 ;;
    --seeds=*) seeds=${1#*=}; shift ;;
    --soak) soak=${2:?--soak needs HOURS}; shift 2 ;;
    --soak=*) soak=${1#*=}; shift ;;
    --simd) simds=${2:?--simd needs a list}; shift 2 ;;
    --simd=*) simds=${1#*=}; shift ;;
    --min-share) min_share=${2:?--min-share needs PCT}; shift 2 ;;
    --min-share=*) min_share=${1#*=}; shift ;;
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
    --one) one_seed=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run_programs.sh: unknown argument '$1'" >&2; usage ;;
  esac
done

# the flags that make a backend's vector loops run
simd_flags() {
  case $1 in
    avx2) echo "-mavx2 -mfma" ;;
    avx512) echo "-mavx512f" ;;
    *) echo "" ;;
  esac
}

# ---------------------------------------------------------------------
# one program under one backend, in the current directory (prog.c and
# ref.out exist): prints "" when it passes, else "FAIL [B] why"
check_backend() {
  local b=$1 st
  timeout 120 "$sparsecc" prog.c -o "out-$b.c" --report="report-$b.txt" --simd="$b" \
    >"sparsecc-$b.out" 2>"sparsecc-$b.err"
  st=$?
  if [ $st -ne 0 ]; then
    echo "FAIL [$b] sparsecc exits with $st: $(grep -m1 -iE 'error|Sanitizer' "sparsecc-$b.err" | cut -c1-200)"; return
  fi
  if [ ! -s "out-$b.c" ]; then
    echo "FAIL [$b] sparsecc wrote no output"; return
  fi
  # shellcheck disable=SC2086,SC2046
  if ! "$cc" -std=c11 -O1 -Wall -Wextra -Werror -Wno-unknown-pragmas $RP_CFLAGS $(simd_flags "$b") \
      "out-$b.c" -o "sparse-$b" $RP_LIBS -lm >"out-$b.cc.txt" 2>&1; then
    echo "FAIL [$b] out.c does not compile cleanly: $(grep -m1 -E 'error|warning' "out-$b.cc.txt" | cut -c1-200)"; return
  fi
  timeout 10 "./sparse-$b" >"sparse-$b.out" 2>"sparse-$b.err"
  st=$?
  if [ $st -ne 0 ]; then
    echo "FAIL [$b] the sparse program exits with $st$( [ $st -eq 124 ] && echo ' (timeout)'): $(head -c 200 "sparse-$b.err" | tr '\n' ' ')"; return
  fi
  local rel abs why
  case $(head -1 prog.c | awk '{ sub(",", "", $4); print $4 }') in
    double) rel=1e-9; abs=1e-12 ;;
    float) rel=1e-5; abs=1e-6 ;;
    *) rel=0; abs=0 ;;
  esac
  if ! why=$(compare ref.out "sparse-$b.out" "$rel" "$abs"); then
    echo "FAIL [$b] output differs, $why"; return
  fi
}

# the reference: prints "" or "GENERATOR why"
check_reference() {
  if ! "$cc" -std=c11 -O1 -Wall -Wextra -Wno-unknown-pragmas prog.c -o ref -lm >ref.cc.txt 2>&1 ||
     [ -s ref.cc.txt ]; then
    echo "GENERATOR the program does not compile cleanly as it is: $(head -c 300 ref.cc.txt | tr '\n' ' ')"; return
  fi
  timeout 10 ./ref >ref.out 2>ref.err
  local st=$?
  [ $st -eq 0 ] || echo "GENERATOR the reference exits with $st"
}

# the whole program under every backend; prints "STATUS detail"
check_program() {
  local r b
  r=$(check_reference)
  [ -z "$r" ] || { echo "$r"; return; }
  for b in ${RP_SIMDS//,/ }; do
    r=$(check_backend "$b")
    [ -z "$r" ] || { echo "$r"; return; }
  done
  b=${RP_SIMDS%%,*}
  echo "PASS $(grep -c 'kernel sparsified' "report-$b.txt" 2>/dev/null)"
}

# the kind of a failure: its backend and first words ("[avx2] output differs")
failure_kind() { echo "$1" | awk '{ print $2, $3, $4 }'; }

# leave items out while the failure stays of the same kind: whole items
# first, then items inside the repetition loops (the `// units:` line)
minimize() {
  local seed=$1 soakflag=$2 kind=$3 dir=$4
  local units drop="" try r u
  units=$(sed -n '3s/^\/\/ units://p' "$dir/prog.c")
  [ -n "$units" ] || return
  local m="$dir/min" kb=${kind%%]*}
  kb=${kb#[}
  mkdir -p "$m"
  for u in $units; do
    case ",$drop," in *",${u%%.*},"*) continue ;; esac
    try=${drop:+$drop,}$u
    # shellcheck disable=SC2086
    "$gen" "$seed" $soakflag --drop "$try" >"$m/prog.c" 2>/dev/null || continue
    r=$(cd "$m" && RP_SIMDS=$kb check_program)
    case $r in
      FAIL*) [ "$(failure_kind "$r")" = "$kind" ] && drop=$try ;;
    esac
  done
  # shellcheck disable=SC2086
  "$gen" "$seed" $soakflag ${drop:+--drop "$drop"} >"$dir/min.c"
  rm -rf "$m"
  echo "${drop:-nothing}"
}

write_repro() {
  local dir=$1 seed=$2 soakflag=$3
  cat >"$dir/repro.sh" <<EOF
#!/bin/bash
# Reproduce seed $seed: regenerate, reference, sparsecc under each backend.
set -x
cd "\$(dirname "\$0")"
"\${GEN_PROGRAM:-gen_program}" $seed $soakflag >prog.c
$cc -std=c11 -O1 -Wall -Wextra -Wno-unknown-pragmas prog.c -o ref -lm && ./ref >ref.out
for b in ${RP_SIMDS//,/ }; do
  "\${SPARSECC:-sparsecc}" prog.c -o out-\$b.c --report=report-\$b.txt --simd=\$b
  case \$b in avx2) f="-mavx2 -mfma" ;; avx512) f="-mavx512f" ;; *) f="" ;; esac
  $cc -std=c11 -O1 -Wall -Wextra \$("\${SPARSECC:-sparsecc}" --cflags) \$f out-\$b.c -o sparse-\$b \$("\${SPARSECC:-sparsecc}" --libs) -lm && ./sparse-\$b >sparse-\$b.out
  diff ref.out sparse-\$b.out
done
EOF
  chmod +x "$dir/repro.sh"
}

run_one() {
  local seed=$1 soakflag=$2
  local d="$workdir/seed-$seed" status
  rm -rf "$d"
  mkdir -p "$d"
  # shellcheck disable=SC2086
  if ! "$gen" "$seed" $soakflag >"$d/prog.c" 2>"$d/gen.err"; then
    status="GENERATOR gen_program failed: $(head -c 200 "$d/gen.err")"
  else
    status=$(cd "$d" && check_program)
  fi
  echo "$status" >"$workdir/results/$seed"
  case $status in
    FAIL*|GENERATOR*)
      rm -rf "$workdir/fail-$seed"
      mv "$d" "$workdir/fail-$seed"
      write_repro "$workdir/fail-$seed" "$seed" "$soakflag"
      local dropped=""
      case $status in FAIL*) dropped=$(minimize "$seed" "$soakflag" "$(failure_kind "$status")" "$workdir/fail-$seed") ;; esac
      echo "FAIL seed $seed${soakflag:+ $soakflag}: ${status#* }"
      echo "    $(head -1 "$workdir/fail-$seed/prog.c" | cut -c1-300)"
      [ -n "$dropped" ] && echo "    minimized (items dropped: $dropped): $workdir/fail-$seed/min.c"
      echo "    files: $workdir/fail-$seed"
      ;;
    *) [ "$keep" = 1 ] || rm -rf "$d" ;;
  esac
}

# ---------------------------------------------------------------------
# setup

if [ -n "$one_seed" ]; then
  # a worker: everything else comes from the parent's environment
  run_one "$one_seed" "${RP_SOAKFLAG:-}"
  exit 0
fi

[ -n "$sparsecc" ] || sparsecc=$(command -v sparsecc 2>/dev/null || true)
if [ -z "$sparsecc" ] || [ ! -x "$sparsecc" ]; then
  echo "run_programs.sh: no sparsecc binary (use --sparsecc PATH or set SPARSECC)" >&2
  exit 2
fi
case $jobs in ''|*[!0-9]*|0) echo "run_programs.sh: bad --jobs '$jobs'" >&2; exit 2 ;; esac
case $min_share in ''|*[!0-9]*) echo "run_programs.sh: bad --min-share '$min_share'" >&2; exit 2 ;; esac
run_simds=""
for b in ${simds//,/ }; do
  case $b in
    none|generic) ;;
    avx2) grep -qw avx2 /proc/cpuinfo 2>/dev/null ||
            { echo "run_programs.sh: $b left out: this host has no AVX2"; continue; } ;;
    avx512) grep -qw avx512f /proc/cpuinfo 2>/dev/null ||
            { echo "run_programs.sh: $b left out: this host has no AVX-512F"; continue; } ;;
    *) echo "run_programs.sh: unknown backend '$b' (none, generic, avx2, avx512)" >&2; exit 2 ;;
  esac
  run_simds=${run_simds:+$run_simds,}$b
done
[ -n "$run_simds" ] || { echo "run_programs.sh: skipped: no backend of --simd $simds runs here"; exit 77; }

random_setup run_programs.sh gen_program programs

export RP_CFLAGS="$rt_cflags" RP_LIBS="$rt_libs" RP_SIMDS="$run_simds" \
  SPARSECC="$sparsecc" GEN_PROGRAM="$gen" CC="$cc"

run_batch() {
  # shellcheck disable=SC2046
  RP_SOAKFLAG=$1 xargs -P "$jobs" -n 1 bash "$here/run_programs.sh" \
    --workdir "$workdir" --sparsecc "$sparsecc" --gen "$gen" --cc "$cc" \
    $( [ "$keep" = 1 ] && echo --keep ) --one
}

random_drive run_programs.sh 1-150 "gen_program --soak; backends $run_simds"

# ---------------------------------------------------------------------
# summary
total=0 passed=0 failed=0 sparsified=0 kernels=0 generator=0
for f in "$workdir"/results/*; do
  [ -e "$f" ] || continue
  read -r st rest <"$f"
  total=$((total + 1))
  case $st in
    PASS)
      passed=$((passed + 1))
      n=${rest:-0}
      kernels=$((kernels + n))
      [ "$n" -gt 0 ] && sparsified=$((sparsified + 1)) ;;
    GENERATOR) failed=$((failed + 1)); generator=$((generator + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
done
share=0
[ "$total" -gt 0 ] && share=$(( sparsified * 100 / total ))
elapsed=$(( $(date +%s) - start_time ))
echo "random programs (backends $run_simds): $total programs in ${elapsed}s"
echo "$passed passed, $failed failed$( [ $generator -gt 0 ] && echo " (generator bugs $generator)")"
echo "sparsified in $sparsified of $total programs ($share %), $kernels kernels"
status=0
if [ "$failed" -gt 0 ]; then
  echo "failing seeds:$(grep -lE '^(FAIL|GENERATOR)' "$workdir"/results/* | xargs -n1 basename | sort -n | tr '\n' ' ')"
  echo "files: $workdir/fail-SEED (min.c and repro.sh inside)"
  status=1
fi
if [ "$share" -lt "$min_share" ]; then
  echo "the share of programs with a kernel sparsified, $share %, is below --min-share $min_share %"
  status=1
fi
if [ "$status" = 0 ] && [ "$made_workdir" = 1 ] && [ "$keep" = 0 ]; then
  rm -rf "$workdir"
fi
exit $status
