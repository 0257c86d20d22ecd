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
