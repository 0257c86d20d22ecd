#!/bin/bash
# run_tool_fuzz.sh — whole-tool fuzzing of sparsecc: each seed mutates one
# of the programs of tests/e2e/ and examples/ (mutate_c.c) and runs
# sparsecc on the mutant (best: the sanitizer build), which must keep the
# command-line contract of SPEC section 2 whatever the input:
#   - no crash, no sanitizer report, no hang (a time limit per run);
#   - exit status 0 or 1 (2 is for usage and I/O errors, which a file
#     that reads cannot cause); on 1, an error located as FILE:LINE:COL;
#   - on an error, nothing written to -o; on success, the same bytes
#     when run again;
#   - on 0, out.c compiles (cc -fsyntax-only with --cflags) whenever the
#     mutant itself does;
#   - with --run, when the mutant compiles and runs cleanly under the
#     sanitizers within the time limit (so it has no undefined behaviour
#     the run meets), out.c compiled with the runtime prints the same
#     (numdiff) and exits the same (unless the reference prints an Inf or
#     a NaN: 0 x Inf is 0 in sparse code, SPEC section 4).
# Classes: ACCEPTED (exit 0), COMPARED (accepted, run and compared),
# MISFIT (accepted, and out.c stopped as documented: data that do not fit
# the encoding of an array stored sparse), REJECTED (exit 1, located
# errors), and the findings CRASH, SANITIZER, HANG, STATUS, NOLOC,
# WROTE-ON-ERROR, NO-OUTPUT, NONDETERMINISTIC, NOCOMPILE, WRONG, RUN-FAIL.
# A finding keeps its directory (WORKDIR/find-SEED: in.c, out.c, the
# messages, the mutations applied and a repro.sh); the exit status is 0
# when there was none.
#
#   run_tool_fuzz.sh --sparsecc build-asan/src/sparsecc --seeds 1-500 --run
#   run_tool_fuzz.sh --seeds 1-40          # what ctest runs (no --run)
#
# Options: --sparsecc PATH (default $SPARSECC), --mutate PATH (default
# $MUTATE_C, else mutate_c.c is built into the work directory), --numdiff
# PATH (default $NUMDIFF, else tests/e2e/numdiff.c is built), --seeds A-B,
# --workdir DIR (default a new temporary directory), --timeout SECONDS (per
# run of sparsecc or of a program; default 20), --run, --keep (keep every
# seed's directory), --cc CC, --as-is (no mutation: seed S is input S, for
# the regression inputs of tests/fuzz/corpus/tool/), and the inputs
# (default tests/e2e/*.c and examples/*.c, examples/*/*.c; seed S mutates
# input S mod their number).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sparsecc=${SPARSECC:-sparsecc}
mutate=${MUTATE_C:-}
numdiff=${NUMDIFF:-}
seeds=1-40
seeds_given=0
workdir=
tmo=20
run=0
keep=0
asis=0
cc=${CC:-cc}
inputs=()
while [ $# -gt 0 ]; do
  case $1 in
    --sparsecc) sparsecc=$2; shift 2 ;;
    --mutate) mutate=$2; shift 2 ;;
    --numdiff) numdiff=$2; shift 2 ;;
    --seeds) seeds=$2; seeds_given=1; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    --timeout) tmo=$2; shift 2 ;;
    --run) run=1; shift ;;
    --keep) keep=1; shift ;;
    --as-is) asis=1; shift ;;
    --cc) cc=$2; shift 2 ;;
    -h|--help) sed -n '2,38p' "$0"; exit 0 ;;
    -*) echo "run_tool_fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
if [ ${#inputs[@]} -eq 0 ]; then
  inputs=("$root"/tests/e2e/*.c "$root"/examples/*.c "$root"/examples/*/*.c)
  # numdiff.c compares outputs: it is not a case
  inputs=("${inputs[@]/#$root\/tests\/e2e\/numdiff.c/}")
  mapfile -t inputs < <(printf '%s\n' "${inputs[@]}" | grep -v '^$')
fi
# tools and inputs as absolute paths: every seed runs in its own directory
abs() { case $1 in */*) echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;; *) command -v "$1" || echo "$1" ;; esac; }
for i in "${!inputs[@]}"; do inputs[i]=$(cd "$(dirname "${inputs[i]}")" && pwd)/$(basename "${inputs[i]}"); done
[ "$asis" = 1 ] && [ "$seeds_given" = 0 ] && seeds=0-$(( ${#inputs[@]} - 1 ))
first=${seeds%-*}
last=${seeds#*-}
[ -n "$workdir" ] || workdir=$(mktemp -d "${TMPDIR:-/tmp}/toolfuzz.XXXXXX")
mkdir -p "$workdir"
workdir=$(cd "$workdir" && pwd)
rm -rf "$workdir"/seed-* "$workdir"/find-* # what an earlier run left
sparsecc=$(abs "$sparsecc")
[ -z "$mutate" ] || mutate=$(abs "$mutate")
[ -z "$numdiff" ] || numdiff=$(abs "$numdiff")

if [ "$asis" = 0 ] && [ -z "$mutate" ]; then
  mutate=$workdir/mutate_c
  "$cc" -std=c11 -O1 -o "$mutate" "$here/mutate_c.c" || exit 2
fi
if [ "$run" = 1 ] && [ -z "$numdiff" ]; then
  numdiff=$workdir/numdiff
  "$cc" -std=c11 -O1 -o "$numdiff" "$root/tests/e2e/numdiff.c" -lm || exit 2
fi
read -r -a rt_cflags <<<"$("$sparsecc" --cflags)"
read -r -a rt_libs <<<"$("$sparsecc" --libs)"
# both programs of the differential run: sanitized, and the variables the
# program leaves uninitialized filled with one pattern (an uninitialized
# read is not caught by the sanitizers, and must not read what the stack
# happened to hold)
# shellcheck disable=SC2054 # the commas belong to the flag
san=(-fsanitize=address,undefined -fno-sanitize-recover=all
     -ftrivial-auto-var-init=pattern)
# (and heap blocks filled too; leaks of the programs are not the question)
prog_env=(env ASAN_OPTIONS=detect_leaks=0:max_malloc_fill_size=1073741824)

declare -A count
findings=()
total=0

# one seed in $1's directory; prints its class (and keeps what explains it)
one() {
  local seed=$1 dir=$2 in=${inputs[$(( $1 % ${#inputs[@]} ))]}
  local rc cls inc=(-I "$(dirname "$in")")
  mkdir -p "$dir" && cd "$dir" || return
  rm -f out.c
  if [ "$asis" = 1 ]; then
    cp "$in" in.c && echo "mutation: none (as is)" > mutations.txt
  else
    "$mutate" "$seed" "$in" > in.c 2> mutations.txt
  fi
  echo "input: ${in#"$root"/}" >> mutations.txt
  cat > repro.sh <<EOF
#!/bin/sh
# seed $seed: $(tr '\n' ';' < mutations.txt)
"\${SPARSECC:-sparsecc}" ${inc[*]} in.c -o out.c --report=report.txt
EOF
  timeout -s KILL "$tmo" "$sparsecc" "${inc[@]}" in.c -o out.c --report=report.txt \
    > stdout.txt 2> stderr.txt
  rc=$?
  if [ $rc = 137 ]; then echo HANG; return; fi
  if grep -qE 'AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|runtime error:' stderr.txt; then
    echo SANITIZER; return
  fi
  if [ $rc -ge 128 ]; then echo CRASH; return; fi
  case $rc in 0|1|2) ;; *) echo STATUS; return ;; esac
  # every error of the input is located (file:line:col)
  # (a warning may quote a C parser's error: only the severity counts)
  if grep -E '(^|: )error:' stderr.txt | grep -vE ': (warning|note):' |
     grep -vqE '^in\.c:[0-9]+:[0-9]+: error:'; then
    echo NOLOC; return
  fi
  if [ $rc != 0 ]; then
    [ -e out.c ] && { echo WROTE-ON-ERROR; return; }
    [ $rc = 1 ] && ! grep -qE '^in\.c:[0-9]+:[0-9]+: error:' stderr.txt && { echo NOLOC; return; }
    [ $rc = 2 ] && { echo STATUS; return; } # a usage or I/O error: not this input's fault
    echo REJECTED; return
  fi
  [ -f out.c ] || { echo NO-OUTPUT; return; }
  # the same input gives the same bytes (SPEC section 8)
  timeout -s KILL "$tmo" "$sparsecc" "${inc[@]}" in.c -o out2.c 2> /dev/null
  cmp -s out.c out2.c || { echo NONDETERMINISTIC; return; }
  # out.c must compile where the input does
  if ! "$cc" -std=c11 -fsyntax-only -w "${inc[@]}" "${rt_cflags[@]}" in.c > in_cc.txt 2>&1; then
    echo ACCEPTED; return
  fi
  if ! "$cc" -std=c11 -fsyntax-only -w "${inc[@]}" "${rt_cflags[@]}" out.c > out_cc.txt 2>&1; then
    echo NOCOMPILE; return
  fi
  if [ "$run" != 1 ] || cmp -s in.c out.c; then echo ACCEPTED; return; fi
  # the differential run: only a mutant the sanitizers find clean counts
  cls=ACCEPTED
  if "$cc" -std=c11 -O1 -w -g "${san[@]}" "${inc[@]}" in.c -o ref -lm > ref_cc.txt 2>&1 &&
     "${prog_env[@]}" timeout -s KILL "$tmo" ./ref > ref.out 2> ref.err < /dev/null; then
    if ! "$cc" -std=c11 -O1 -w "${san[@]}" "${inc[@]}" "${rt_cflags[@]}" out.c -o out "${rt_libs[@]}" -lm > out_build.txt 2>&1; then
      echo NOCOMPILE; return
    fi
    "${prog_env[@]}" timeout -s KILL "$tmo" ./out > out.out 2> out.err < /dev/null
    rc=$?
    # data that do not fit an encoding of an array stored sparse stop the
    # program with a message (docs/user-guide.md, "When the rewritten
    # program runs"): what the user asked for, not a finding
    if [ $rc != 0 ] && grep -q '^sparsecc runtime: .*does not fit\|^sparsecc runtime: .*more than the' out.err &&
       ! grep -q 'runs as written' out.err; then
      echo MISFIT; return
    fi
    if [ $rc != 0 ]; then echo RUN-FAIL; return; fi
    # an Inf or a NaN in the reference: a product with an absent entry is
    # 0 in sparse code (SPEC section 4, the one deliberate difference)
    if grep -qiwE '[-+]?(nan|inf|infinity)' ref.out; then echo ACCEPTED; return; fi
    if ! "$numdiff" ref.out out.out > diff.txt 2>&1; then echo WRONG; return; fi
    cls="ACCEPTED compared"
  fi
  echo "$cls"
}

for ((s = first; s <= last; s++)); do
  dir=$workdir/seed-$s
  cls=$( (one "$s" "$dir") )
  total=$((total + 1))
  key=${cls%% *}
  [ "$cls" = "ACCEPTED compared" ] && key=COMPARED
  count[$key]=$(( ${count[$key]:-0} + 1 ))
  case $cls in
    ACCEPTED*|REJECTED|MISFIT) [ "$keep" = 1 ] || rm -rf "$dir" ;;
    *) findings+=("$s $cls ($(head -c 300 "$dir/mutations.txt" | tr '\n' ';'))")
       mv "$dir" "$workdir/find-$s" ;;
  esac
done

summary="$total $([ "$asis" = 1 ] && echo inputs || echo mutants):"
for k in $(printf '%s\n' "${!count[@]}" | sort); do summary+=" $k ${count[$k]}"; done
echo "$summary"
for f in "${findings[@]}"; do echo "FINDING seed $f"; done
echo "work directory: $workdir"
[ ${#findings[@]} -eq 0 ]
