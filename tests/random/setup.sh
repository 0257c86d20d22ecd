# shellcheck shell=bash disable=SC2034,SC2154
# setup.sh — the set-up run_random.sh and run_programs.sh share (sourced):
# the work folder, the generator's build, absolute paths, and a program
# linked with the runtime, so that a missing or unbuilt runtime fails once
# instead of as a failure of every seed.
#
#   random_setup SCRIPT GENERATOR TMPNAME
#
# reads $workdir, $gen, $cc, $here and $sparsecc as the caller's options set
# them; sets made_workdir (1 when it made the work folder), workdir and gen
# and sparsecc (absolute), rt_cflags and rt_libs (sparsecc --cflags/--libs,
# or SPARSECC_CFLAGS/SPARSECC_LIBS). Exits 2 when something is missing.
random_setup() {
  local script=$1 generator=$2 tmpname=$3
  made_workdir=0
  if [ -z "$workdir" ]; then
    workdir=$(mktemp -d "${TMPDIR:-/tmp}/sparsecc-$tmpname.XXXXXX") || exit 2
    made_workdir=1
  fi
  mkdir -p "$workdir" || exit 2
  workdir=$(cd "$workdir" && pwd)
  rm -rf "$workdir/results"
  mkdir -p "$workdir/results"

  if [ -z "$gen" ]; then
    gen="$workdir/$generator"
    "$cc" -std=c11 -O1 -Wall -Wextra "$here/$generator.c" "$here/gen_common.c" -o "$gen" || {
      echo "$script: cannot build $generator" >&2
      exit 2
    }
  fi
  case $sparsecc in /*) ;; *) sparsecc=$(cd "$(dirname "$sparsecc")" && pwd)/$(basename "$sparsecc") ;; esac
  case $gen in /*) ;; *) gen=$(cd "$(dirname "$gen")" && pwd)/$(basename "$gen") ;; esac

  rt_cflags=${SPARSECC_CFLAGS-$("$sparsecc" --cflags 2>/dev/null)}
  rt_libs=${SPARSECC_LIBS-$("$sparsecc" --libs 2>/dev/null)}
  printf 'int main(void) { return 0; }\n' >"$workdir/rt_probe.c"
  # shellcheck disable=SC2086
  if ! "$cc" -std=c11 $rt_cflags "$workdir/rt_probe.c" -o "$workdir/rt_probe" $rt_libs -lm \
      >"$workdir/rt_probe.txt" 2>&1; then
    echo "$script: cannot build a program with the runtime ($sparsecc --cflags/--libs):" >&2
    head -5 "$workdir/rt_probe.txt" >&2
    exit 2
  fi
}

# Feeds seeds to the caller's run_batch (one argument: "--soak" or ""):
# with $soak set, batches of new seeds until $soak hours have passed (from
# the first of $seeds, else a time-derived seed), else the range $seeds
# (default DEFAULT); sets start_time (seconds since the epoch) for the
# caller's summary. Exits 2 on a bad --soak or --seeds.
#
#   random_drive SCRIPT DEFAULT SOAK-NOTE
random_drive() {
  local script=$1 default=$2 note=$3 secs next batch a b
  start_time=$(date +%s)
  if [ -n "$soak" ]; then
    secs=$(awk -v h="$soak" 'BEGIN { if (h !~ /^[0-9]*\.?[0-9]+$/) exit 1; printf "%d", h * 3600 }') || {
      echo "$script: bad --soak '$soak'" >&2; exit 2; }
    if [ -n "$seeds" ]; then
      next=${seeds%%-*}
    else
      next=$(( ($(date +%s) % 100000) * 10000 + 1000000 ))
    fi
    echo "soak: $soak h from seed $next ($note), files in $workdir"
    batch=$(( jobs * 8 ))
    while [ $(( $(date +%s) - start_time )) -lt "$secs" ]; do
      seq "$next" $(( next + batch - 1 )) | run_batch --soak
      next=$(( next + batch ))
    done
    echo "soak: stopped before seed $next"
  else
    seeds=${seeds:-$default}
    a=${seeds%%-*}
    b=${seeds#*-}
    [ "$seeds" = "$a" ] && b=$a
    case "$a$b" in ''|*[!0-9]*) echo "$script: bad --seeds '$seeds'" >&2; exit 2 ;; esac
    seq "$a" "$b" | run_batch ""
  fi
}
