# compare.sh — sourced by run_random.sh and run_programs.sh: compare() checks
# two program outputs token by token.
# shellcheck shell=bash

# compare two outputs token by token; $3 = relative tolerance, $4 = absolute
# (0 0: exact text)
compare() {
  awk -v rel="$3" -v abs="$4" -v f2="$2" '
    function isnum(s) { return s ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    {
      if ((getline other < f2) <= 0) { printf "line %d: the sparse output ends early\n", NR; bad = 1; exit }
      n1 = split($0, a, " "); n2 = split(other, b, " ")
      if (n1 != n2) { printf "line %d: \"%s\" vs \"%s\"\n", NR, $0, other; bad = 1; exit }
      for (t = 1; t <= n1; t++) {
        if (a[t] == b[t]) continue
        if (rel > 0 && isnum(a[t]) && isnum(b[t])) {
          x = a[t] + 0; y = b[t] + 0; diff = x - y; if (diff < 0) diff = -diff
          m = (x < 0 ? -x : x); my = (y < 0 ? -y : y); if (my > m) m = my
          if (diff <= abs || diff <= rel * m) continue
        } else if (isnum(a[t]) && isnum(b[t]) && a[t] + 0 == b[t] + 0) continue
        printf "line %d: reference \"%s\", sparse \"%s\"\n", NR, $0, other; bad = 1; exit
      }
    }
    END {
      if (!bad && (getline other < f2) > 0) { printf "line %d: the sparse output has extra lines\n", NR + 1; bad = 1 }
      exit bad
    }' "$1"
}
