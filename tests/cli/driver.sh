#!/bin/bash
# driver.sh SECTION — command-line tests of sparsecc, in the style of
# chibicc's test/driver.sh: each `check NAME` looks at the status of the
# command just before it. Sections: usage io atomic passthrough robust flags
# check install diagnostics. Environment: SPARSECC (the tool), SC_SOURCE_DIR,
# SC_BINARY_DIR, TREE_SITTER_C_DIR (the fetched grammar), CC, CMAKE. Big inputs are generated in a
# temporary directory at test time and removed at the end.
set -u
sparsecc=${SPARSECC:?set SPARSECC to the sparsecc executable}
src=${SC_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
cc=${CC:-cc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sparsecc-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

check() {
  if [ $? -eq 0 ]; then
    passed=$((passed + 1))
  else
    echo "FAILED: $1"
    failed=$((failed + 1))
  fi
}

# run ARGS...: runs sparsecc with a time limit; stdout in $tmp/out, stderr
# in $tmp/err, status in $rc.
run() {
  timeout 300 "$sparsecc" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  # under -DSC_SANITIZE=ON a sanitizer report is a failure whatever the status
  if grep -q -e 'Sanitizer' -e 'runtime error:' "$tmp/err"; then
    echo "FAILED: sanitizer report from: sparsecc $*"
    head -20 "$tmp/err"
    failed=$((failed + 1))
  fi
}

# A status a crash or a hang would give (signal, timeout) is never fine.
not_crashed() { [ "$rc" -le 2 ]; }

# A pragma any pragma parser rejects (a misspelt level format).
bad_pragma='#pragma sparse encoding(A : (i, j) -> (i : dense, j : compresed))'

section_usage() {
  run --help
  [ $rc -eq 0 ] && grep -q '^Usage: sparsecc \[options\] INPUT.c' "$tmp/out"
  check "--help prints usage, exit 0"
  for opt in -o -I -D -U -std= -include -p -- --vl= --simd= --index32 \
      '--report\[=FILE\]' --dump= --check --no-line -Werror -w --cflags \
      --libs --version --help; do
    grep -q -e "$opt" "$tmp/out"
    check "--help mentions $opt"
  done
  run --version
  [ $rc -eq 0 ] && grep -q '^sparsecc [0-9]' "$tmp/out"
  check "--version"
  run --repot x.c
  [ $rc -eq 2 ] && grep -q "unknown option '--repot'; did you mean '--report'?" "$tmp/err"
  check "unknown option: did you mean, exit 2"
  run -v x.c
  [ $rc -eq 2 ] && grep -q "unknown option '-v'" "$tmp/err" && ! grep -q "did you mean" "$tmp/err"
  check "unknown one-letter option: no guess at another letter"
  run --frobnicate x.c
  [ $rc -eq 2 ] && grep -q "unknown option '--frobnicate'" "$tmp/err"
  check "unknown option without a near match"
  run --simd=avx3 x.c
  [ $rc -eq 2 ] && grep -q "did you mean 'avx2'" "$tmp/err"
  check "--simd=avx3"
  run --dump=lattic x.c
  [ $rc -eq 2 ] && grep -q "did you mean 'lattice'" "$tmp/err"
  check "--dump=lattic"
  # a value in the wrong case, an option spelt with its value kept, -std
  # given its value as the next argument (as -I takes DIR)
  run --simd=AVX2 x.c
  [ $rc -eq 2 ] && grep -q "unknown SIMD backend 'AVX2'; did you mean 'avx2'?" "$tmp/err"
  check "--simd=AVX2: did you mean 'avx2'"
  run --dump=IR x.c
  [ $rc -eq 2 ] && grep -q "did you mean 'ir'?" "$tmp/err"
  check "--dump=IR: did you mean 'ir'"
  run --repot=r.txt x.c
  [ $rc -eq 2 ] && grep -q "unknown option '--repot=r.txt'; did you mean '--report=r.txt'?" "$tmp/err"
  check "--repot=FILE: did you mean '--report=FILE'"
  run --std=c99 x.c
  [ $rc -eq 2 ] && grep -q "did you mean '-std=c99'?" "$tmp/err"
  check "--std=c99: did you mean '-std=c99'"
  run -std c99 x.c
  [ $rc -eq 2 ] && grep -q "'-std' takes its value after '=': did you mean '-std=c99'?" "$tmp/err"
  check "-std c99: did you mean '-std=c99'"
  run x.c -std
  [ $rc -eq 2 ] && grep -q "missing value in '-std='" "$tmp/err"
  check "-std without a value"
  for vl in 0 65 128 -4 x ''; do
    run --vl=$vl x.c
    [ $rc -eq 2 ] && grep -q "vector length must be between 1 and 64, not " "$tmp/err"
    check "--vl=$vl refused"
  done
  for vl in 1 2 3 4 6 8 12 16 32 64; do
    printf 'int x;\n' >"$tmp/v.c"
    run --vl=$vl "$tmp/v.c"
    [ $rc -eq 0 ]
    check "--vl=$vl accepted"
  done
  # a vectorize pragma has the limit of --vl: an error at its line:column,
  # no output written
  printf 'double y[4], A[4][4], x[4];\nvoid f(void) {\n#pragma sparse vectorize(vl = 128)\n#pragma sparse encoding(A : CSR)\n  for (int i = 0; i < 4; i++)\n    for (int j = 0; j < 4; j++) y[i] += A[i][j] * x[j];\n}\n' >"$tmp/vlp.c"
  rm -f "$tmp/vlp_out.c"
  run "$tmp/vlp.c" -o "$tmp/vlp_out.c"
  [ $rc -eq 1 ] && [ ! -e "$tmp/vlp_out.c" ] &&
    grep -q "vlp.c:3:31: error: vector length must be between 1 and 64, not 128" "$tmp/err"
  check "vectorize(vl = 128) refused at file:line:col, as --vl=128"
  sed 's/vl = 128/vl = 64/' "$tmp/vlp.c" >"$tmp/vlp64.c"
  run "$tmp/vlp64.c" -o "$tmp/vlp_out.c"
  [ $rc -eq 0 ] && [ -s "$tmp/vlp_out.c" ]
  check "vectorize(vl = 64) accepted"
  # one rule for both: a vl that is no multiple of the lanes is taken by
  # --vl as by the pragma, and lowered the same way
  sed '/vectorize/d' "$tmp/vlp.c" >"$tmp/vlc.c"
  run --simd=avx2 --vl=6 --report "$tmp/vlc.c" -o "$tmp/vlc_out.c"
  [ $rc -eq 0 ] && grep -q "vl 6 lowered to 4, a multiple of the 4 lanes of avx2" "$tmp/err"
  check "--vl=6 accepted and lowered as the pragma's vl = 6"
  sed 's/vl = 128/simd = avx2, vl = 6/' "$tmp/vlp.c" >"$tmp/vlp6.c"
  run --report "$tmp/vlp6.c" -o "$tmp/vlp6_out.c"
  [ $rc -eq 0 ] && grep -q "vl 6 lowered to 4, a multiple of the 4 lanes of avx2" "$tmp/err"
  check "vectorize(simd = avx2, vl = 6): the same report line as --simd=avx2 --vl=6"
  run
  [ $rc -eq 2 ] && grep -q "no input file" "$tmp/err"
  check "no input"
  run a.c b.c
  [ $rc -eq 2 ] && grep -q "two input files" "$tmp/err"
  check "two inputs"
  for opt in -o -I -D -U -include -p; do
    run x.c $opt
    [ $rc -eq 2 ] && grep -q "missing" "$tmp/err"
    check "missing argument to $opt"
  done
  run -std=c++17 x.c
  [ $rc -eq 2 ] && grep -q "'-std=c++17' is not a C standard" "$tmp/err"
  check "-std= of another language refused"
  run -std=c1 x.c
  [ $rc -eq 2 ] && grep -q "did you mean '-std=c11'?" "$tmp/err"
  check "-std= misspelt: did you mean"
  for flag in -O2 -march=native -Wall -fopenmp -g; do
    run $flag x.c
    [ $rc -eq 2 ] && grep -q "unknown option '$flag'; flags for the C parser .* go after '--'" "$tmp/err"
    check "compiler flag $flag: says it goes after --"
  done
  printf '#pragma sparse encoding(A : CSR)\ndouble A[4][4];\n' >"$tmp/two.c"
  # (libclang itself leaks a buffer when it refuses its flags: no leak
  # check for this one run in the sanitizer build)
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 timeout 300 \
    "$sparsecc" "$tmp/two.c" -o "$tmp/two.out.c" -- "$tmp/other.c" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 0 ] && grep -q "with the parser flags '$tmp/other.c" "$tmp/err"
  check "flags libclang refuses are named in the warning"
  run --report= x.c
  [ $rc -eq 2 ]
  check "--report= without a file"
  run -o a.c -o b.c x.c
  [ $rc -eq 2 ]
  check "two -o"
  printf 'int x;\n' >"$tmp/ok.c"
  run -I "$tmp" -I"$tmp" -D X=1 -DY -U Z -UW -std=c99 -include stdio.h \
    -isystem "$tmp" --simd=none --index32 --no-line -Werror -w \
    --dump=pragmas,formats --dump=ir "$tmp/ok.c" -o "$tmp/ok.out.c" -- -Wall -O2
  [ $rc -eq 0 ] && cmp -s "$tmp/ok.c" "$tmp/ok.out.c"
  check "every option accepted together"
}

section_io() {
  printf 'int main(void) { return 0; }\n' >"$tmp/a.c"
  run "$tmp/missing.c"
  [ $rc -eq 2 ] && grep -q "cannot read '$tmp/missing.c'" "$tmp/err"
  check "missing input: exit 2"
  run "$tmp"
  [ $rc -eq 2 ]
  check "a directory as input: exit 2"
  run - <"$tmp/a.c"
  [ $rc -eq 0 ] && cmp -s "$tmp/a.c" "$tmp/out"
  check "stdin to stdout"
  run - -o - <"$tmp/a.c"
  [ $rc -eq 0 ] && cmp -s "$tmp/a.c" "$tmp/out"
  check "-o - is stdout"
  run "$tmp/a.c" -o "$tmp/a.c"
  [ $rc -eq 2 ] && grep -q "refusing to overwrite the input" "$tmp/err"
  check "-o the input refused"
  (cd "$tmp" && timeout 60 "$sparsecc" a.c -o ./a.c 2>/dev/null)
  [ $? -eq 2 ]
  check "-o ./input refused"
  ln "$tmp/a.c" "$tmp/hard.c"
  run "$tmp/a.c" -o "$tmp/hard.c"
  [ $rc -eq 2 ]
  check "-o a hard link to the input refused"
  ln -s "$tmp/a.c" "$tmp/soft.c"
  run "$tmp/a.c" -o "$tmp/soft.c"
  [ $rc -eq 2 ]
  check "-o a symlink to the input refused"
  run "$tmp/a.c" -o "$tmp/rep_o.c" --report="$tmp/a.c"
  [ $rc -eq 2 ] && grep -q "refusing to overwrite the input file" "$tmp/err" &&
    [ ! -e "$tmp/rep_o.c" ]
  check "--report=FILE naming the input refused"
  run "$tmp/a.c" -o "$tmp/same.c" --report="$tmp/./same.c"
  [ $rc -eq 2 ] && grep -q "name the same file" "$tmp/err" && [ ! -e "$tmp/same.c" ]
  check "-o and --report= naming one (new) file refused"
  cmp -s "$tmp/a.c" <(printf 'int main(void) { return 0; }\n')
  check "input untouched"
  run "$tmp/a.c" -o "$tmp/no/such/dir/out.c"
  [ $rc -eq 2 ] && grep -q "cannot write output" "$tmp/err"
  check "output in a missing directory: exit 2"
  run "$tmp/a.c" -o "$tmp/a.c/out.c"
  [ $rc -eq 2 ]
  check "output under a regular file: exit 2"
  mkdir "$tmp/adir"
  run "$tmp/a.c" -o "$tmp/adir"
  [ $rc -eq 2 ]
  check "output is a directory: exit 2"
  if [ "$(id -u)" != 0 ]; then
    mkdir "$tmp/ro" && chmod 555 "$tmp/ro"
    run "$tmp/a.c" -o "$tmp/ro/out.c"
    [ $rc -eq 2 ] && [ ! -e "$tmp/ro/out.c" ]
    check "read-only output directory: exit 2"
    chmod 755 "$tmp/ro"
  fi
  run "$tmp/a.c" -o "$tmp/new.c"
  [ $rc -eq 0 ] && cmp -s "$tmp/a.c" "$tmp/new.c" && [ ! -s "$tmp/out" ]
  check "-o FILE written, nothing on stdout"
  run "$tmp/a.c" -o "$tmp/new.c" --report="$tmp/report.txt"
  [ $rc -eq 0 ] && [ -f "$tmp/report.txt" ]
  check "--report=FILE written"
  run "$tmp/a.c" --report -o "$tmp/new.c"
  [ $rc -eq 0 ] && [ -s "$tmp/err" ]
  check "--report to stderr"
  # an output that exists and is not a regular file (a FIFO here, as
  # /dev/null) is written in place, never replaced by a renamed file
  mkfifo "$tmp/fifo"
  (timeout 60 cat "$tmp/fifo" >"$tmp/fifo.txt") &
  local reader=$!
  run "$tmp/a.c" -o "$tmp/fifo"
  wait $reader
  [ $rc -eq 0 ] && [ -p "$tmp/fifo" ] && cmp -s "$tmp/a.c" "$tmp/fifo.txt"
  check "-o a FIFO: written through, still a FIFO"
  [ -z "$(find "$tmp" -name '.*.sparsecc-*')" ]
  check "-o a FIFO: no temporary file"
  if [ -c /dev/full ]; then
    timeout 60 "$sparsecc" "$tmp/a.c" >/dev/full 2>"$tmp/err"
    [ $? -eq 2 ] && grep -q "cannot write output '<stdout>'" "$tmp/err"
    check "stdout on a full device: exit 2"
    printf '#pragma sparse encoding(A : CSR)\ndouble A[4][4];\n' >"$tmp/dump.c"
    timeout 60 "$sparsecc" --dump=formats "$tmp/dump.c" >/dev/full 2>"$tmp/err"
    [ $? -eq 2 ] && grep -q "cannot write to standard output" "$tmp/err"
    check "--dump on a full device: exit 2"
    timeout 60 "$sparsecc" --help >/dev/full 2>"$tmp/err"
    [ $? -eq 2 ] && grep -q "cannot write to standard output" "$tmp/err"
    check "--help on a full device: exit 2 with a message"
  fi
  (cd "$tmp" && timeout 300 "$sparsecc" a.c -o new2.c --report=- >"$tmp/out" 2>"$tmp/err")
  rc=$?
  [ $rc -eq 0 ] && grep -q 'copied unchanged' "$tmp/out" && [ ! -e "$tmp/-" ]
  check "--report=- writes the report to stdout, not to a file named '-'"
}

section_atomic() {
  printf '%s\nvoid f(double A[4][4]) { (void)A; }\n' "$bad_pragma" >"$tmp/bad.c"
  printf 'precious\n' >"$tmp/existing.c"
  run "$tmp/bad.c" -o "$tmp/existing.c"
  [ $rc -eq 1 ] && grep -q "error:" "$tmp/err"
  check "error in the input: exit 1"
  grep -q "bad.c:1:[0-9]*: error:" "$tmp/err"
  check "diagnostic in file:line:col: error: form"
  [ "$(cat "$tmp/existing.c")" = precious ]
  check "existing output unchanged after an error"
  run "$tmp/bad.c" -o "$tmp/fresh.c"
  [ $rc -eq 1 ] && [ ! -e "$tmp/fresh.c" ]
  check "no output created after an error"
  [ -z "$(find "$tmp" -name '.*.sparsecc-*')" ]
  check "no temporary files left"
  run "$tmp/bad.c"
  [ $rc -eq 1 ] && [ ! -s "$tmp/out" ]
  check "nothing on stdout after an error"
  printf 'int y;\n' >"$tmp/good.c"
  chmod 640 "$tmp/existing.c"
  run "$tmp/good.c" -o "$tmp/existing.c"
  [ $rc -eq 0 ] && cmp -s "$tmp/good.c" "$tmp/existing.c" &&
    [ "$(stat -c %a "$tmp/existing.c")" = 640 ]
  check "existing output replaced, mode kept"
  [ -z "$(find "$tmp" -name '.*.sparsecc-*')" ]
  check "no temporary files left after success"
  NO_COLOR=1 run "$tmp/bad.c"
  ! grep -q $'\033' "$tmp/err"
  check "no colour when stderr is not a terminal"
  # the caret stays under its token after UTF-8 text and a byte order mark
  printf 'double A[4][4];\n#pragma sparse encoding(A : CSR) /* \xc3\xa7a */ foo\n' >"$tmp/utf8.c"
  run "$tmp/utf8.c"
  [ $rc -eq 1 ] && [ "$(sed -n 3p "$tmp/err")" = "$(printf '%44s^~~' '')" ]
  check "caret aligned after a UTF-8 character"
  printf '\xef\xbb\xbf#pragma sparse encoding(A : CSR) foo\ndouble A[4][4];\n' >"$tmp/bom.c"
  run "$tmp/bom.c"
  [ $rc -eq 1 ] && [ "$(sed -n 3p "$tmp/err")" = "$(printf '%35s^~~' '')" ]
  check "caret aligned after a byte order mark"
  # a report that cannot be written is an I/O error: no output either
  printf '#pragma sparse encoding(A : CSR)\ndouble A[4][4];\nint main(void) { return 0; }\n' \
    >"$tmp/rep.c"
  run "$tmp/rep.c" -o "$tmp/rep_out.c" --report="$tmp/nodir/r.txt"
  [ $rc -eq 2 ] && [ ! -e "$tmp/rep_out.c" ] && grep -q "cannot write report" "$tmp/err"
  check "unwritable --report=FILE: exit 2, no output created"
  run "$tmp/good.c" -o "$tmp/rep_out2.c" --report="$tmp/nodir/r.txt"
  [ $rc -eq 2 ] && [ ! -e "$tmp/rep_out2.c" ]
  check "unwritable --report=FILE without a pragma: exit 2, no output created"
  # --report=FILE is written as -o FILE is: both staged in temporary
  # files, then renamed; an output that cannot be written leaves the
  # report as it was, and an error in the input changes neither
  printf 'old report\n' >"$tmp/keep_r.txt"
  run "$tmp/rep.c" -o "$tmp/nodir/o.c" --report="$tmp/keep_r.txt"
  [ $rc -eq 2 ] && [ "$(cat "$tmp/keep_r.txt")" = "old report" ]
  check "unwritable -o FILE: exit 2, --report=FILE not changed"
  mkdir -p "$tmp/adir_o"
  run "$tmp/rep.c" -o "$tmp/adir_o" --report="$tmp/keep_r.txt"
  [ $rc -eq 2 ] && [ "$(cat "$tmp/keep_r.txt")" = "old report" ]
  check "-o naming a directory: exit 2, --report=FILE not changed"
  run "$tmp/bad.c" -o "$tmp/bad_o.c" --report="$tmp/keep_r.txt"
  [ $rc -eq 1 ] && [ "$(cat "$tmp/keep_r.txt")" = "old report" ]
  check "error in the input: --report=FILE not changed"
  run "$tmp/bad.c" -o "$tmp/bad_o.c" --report="$tmp/new_r.txt"
  [ $rc -eq 1 ] && [ ! -e "$tmp/new_r.txt" ]
  check "error in the input: --report=FILE not created"
  chmod 640 "$tmp/keep_r.txt"
  ln "$tmp/keep_r.txt" "$tmp/keep_r_link.txt"
  run "$tmp/rep.c" -o "$tmp/rep_out3.c" --report="$tmp/keep_r.txt"
  [ $rc -eq 0 ] && grep -q "rep.c:" "$tmp/keep_r.txt" &&
    [ "$(stat -c %a "$tmp/keep_r.txt")" = 640 ] &&
    [ "$(cat "$tmp/keep_r_link.txt")" = "old report" ] &&
    [ -z "$(find "$tmp" -name '.*.sparsecc-*')" ]
  check "--report=FILE replaced by a rename (a hard link keeps the old text), mode kept"
  run "$tmp/rep.c" -o /dev/null --report=/dev/null
  [ $rc -eq 0 ] && [ ! -s "$tmp/out" ]
  check "-o /dev/null --report=/dev/null: both written in place, exit 0"
  # the pragma on the file's first line, its declaration stored sparse
  printf '#pragma sparse encoding(A : CSR)\ndouble A[4][4];\nint main(void) { A[1][1] = 2; return A[1][1] > 0 ? 0 : 1; }\n' \
    >"$tmp/line1.c"
  run "$tmp/line1.c" -o "$tmp/line1_out.c"
  [ $rc -eq 0 ] && grep -q "sc_tensor" "$tmp/line1_out.c"
  check "pragma on line 1 before a declaration: rewritten, exit 0"
}

# passthrough FILE: sparsecc FILE must reproduce it byte for byte.
passthrough_one() {
  timeout 120 "$sparsecc" "$1" -o "$tmp/pt.out" 2>"$tmp/pt.err"
  local st=$?
  if [ $st -ne 0 ] || ! cmp -s "$1" "$tmp/pt.out"; then
    echo "  not byte-identical (status $st): $1"
    head -3 "$tmp/pt.err"
    return 1
  fi
}

section_passthrough() {
  local n=0 bad=0 f
  local list="$tmp/corpus.txt"
  {
    find "$src/src" "$src/runtime" "$src/pragmas" "$src/examples" \
      "$src/tests" -name '*.[ch]' -type f 2>/dev/null |
      xargs -r grep -L 'pragma sparse' 2>/dev/null
    if [ -n "${TREE_SITTER_C_DIR:-}" ] && [ -f "$TREE_SITTER_C_DIR/src/parser.c" ]; then
      echo "$TREE_SITTER_C_DIR/src/parser.c"
    fi
    ls /usr/share/doc/*/examples/*.c 2>/dev/null | head -100
    ls /usr/include/*.h 2>/dev/null | head -300
  } >"$list"
  while IFS= read -r f; do
    n=$((n + 1))
    passthrough_one "$f" || bad=$((bad + 1))
  done <"$list"
  echo "  pass-through corpus: $n files, $bad different"
  [ $n -gt 10 ] && [ $bad -eq 0 ]
  check "byte-identical pass-through of $n files"
  # the text of a pragma where it is no pragma: comments, strings, #if 0
  cat >"$tmp/fake.c" <<'CEOF'
/* #pragma sparse encoding(A : CSR) */
// #pragma sparse encoding(A : CSR)
static const char *s = "#pragma sparse encoding(A : CSR)";
#if 0
#pragma sparse encoding(A : CSR)
#elif 0
# pragma sparse encoding(A : CSR)
#endif
#if 1
#else
#pragma sparse encoding(A : CSR)
#endif
#pragma omp parallel for
#pragma sparsely
int main(void) { return s[0] == '#' ? 0 : 1; }
CEOF
  run "$tmp/fake.c" -o "$tmp/fake.out.c"
  [ $rc -eq 0 ] && cmp -s "$tmp/fake.c" "$tmp/fake.out.c" && [ ! -s "$tmp/err" ]
  check "pragma text in comments, strings and #if 0: byte-identical, silent"
  printf '\r\n#include <stdio.h>\r\nint main(void){return 0;}' >"$tmp/crlf.c"
  passthrough_one "$tmp/crlf.c"
  check "CRLF and no final newline kept"
  # a CRLF file with a kernel: the rewritten regions, the added #include
  # and the #line directives end their lines in CR LF too (no lone LF)
  printf '#include <stdio.h>\r\nstatic double A[4][3], x[3], y[4];\r\nint main(void) {\r\n  A[1][2] = 2.0; x[2] = 1.5;\r\n#pragma sparse encoding(A : CSR)\r\n  for (int i = 0; i < 4; i++)\r\n    for (int j = 0; j < 3; j++)\r\n      y[i] += A[i][j] * x[j];\r\n  printf("%%g\\n", y[1]);\r\n  return 0;\r\n}\r\n' >"$tmp/crlfk.c"
  run "$tmp/crlfk.c" -o "$tmp/crlfk.out.c"
  [ $rc -eq 0 ] && grep -q 'sc_' "$tmp/crlfk.out.c" && grep -q '^#line' "$tmp/crlfk.out.c" &&
    [ "$(tr -d '\r' <"$tmp/crlfk.out.c" | wc -l)" = "$(tr -cd '\r' <"$tmp/crlfk.out.c" | wc -c)" ]
  check "CRLF file with a kernel: every line of the output ends in CR LF"
  run "$tmp/crlfk.c" --no-line -o "$tmp/crlfk.out.c"
  [ $rc -eq 0 ] && grep -q 'sc_' "$tmp/crlfk.out.c" &&
    [ "$(tr -d '\r' <"$tmp/crlfk.out.c" | wc -l)" = "$(tr -cd '\r' <"$tmp/crlfk.out.c" | wc -c)" ]
  check "CRLF file with a kernel, --no-line: every line ends in CR LF"
  printf '\xef\xbb\xbfint caf\xc3\xa9 = 1; /* \xff\xfe */\n' >"$tmp/utf.c"
  passthrough_one "$tmp/utf.c"
  check "UTF-8 BOM and invalid UTF-8 bytes kept"
}

section_robust() {
  printf 'int x;\n\0\1\2binary' >"$tmp/bin.c"
  run "$tmp/bin.c" -o "$tmp/bin.out"
  [ $rc -eq 1 ] && grep -q "bin.c:2:1: error: input looks binary" "$tmp/err" &&
    [ ! -e "$tmp/bin.out" ]
  check "binary input: exit 1, clear error at the NUL byte's line:col, no output"
  : >"$tmp/empty.c"
  run "$tmp/empty.c" -o "$tmp/empty.out"
  [ $rc -eq 0 ] && [ -f "$tmp/empty.out" ] && [ ! -s "$tmp/empty.out" ]
  check "empty file: empty output"
  printf 'int main( { return }}}} ]] "unterminated\n' >"$tmp/invalid.c"
  passthrough_one "$tmp/invalid.c"
  check "invalid C without pragma: pass-through"
  printf '#pragma sparse encoding(A : CSR)\nint main( { return }}}} ]]\n' >"$tmp/invalidp.c"
  run "$tmp/invalidp.c" -o "$tmp/invalidp.out"
  not_crashed
  check "invalid C with a pragma: no crash (status $rc)"
  # 50 MB without pragma: pass-through, quickly
  local line='int f(int x) { return x * 3 + (x >> 1); } /* padding padding */'
  yes "$line" | head -c 52428800 >"$tmp/big.c"
  local t0=$(date +%s)
  run "$tmp/big.c" -o "$tmp/big.out"
  local t1=$(date +%s)
  [ $rc -eq 0 ] && cmp -s "$tmp/big.c" "$tmp/big.out"
  check "50 MB file: byte-identical"
  [ $((t1 - t0)) -lt 30 ]
  check "50 MB file without pragma: under 30 s ($((t1 - t0)) s)"
  rm -f "$tmp/big.c" "$tmp/big.out"
  # 2.4 MB of code (40,000 functions) after a pragma: fully parsed
  { echo '#pragma sparse encoding(A : CSR)'
    seq 1 40000 | sed 's|.*|int f&(int x) { return x * 3 + (x >> 1); } /* padding */|'
  } >"$tmp/bigp.c"
  t0=$(date +%s)
  run "$tmp/bigp.c" -o "$tmp/bigp.out"
  t1=$(date +%s)
  not_crashed && { [ $rc -eq 0 ] || [ ! -e "$tmp/bigp.out" ]; }
  check "2.4 MB file with a pragma: result or clean error (status $rc, $((t1 - t0)) s)"
  # a 100 KB pragma line
  { printf '#pragma sparse encoding(A : CSR'; head -c 102400 /dev/zero | tr '\0' ' '; printf ')\nint x;\n'; } >"$tmp/longp.c"
  run "$tmp/longp.c" -o "$tmp/longp.out"
  not_crashed && { [ $rc -eq 0 ] || [ ! -e "$tmp/longp.out" ]; }
  check "100 KB pragma line (status $rc)"
  { printf '#pragma sparse encoding(A : CSR, '; for i in $(seq 1 10000); do printf 'B%d : CSR, ' $i; done; printf 'C : CSR)\nint x;\n'; } >"$tmp/longp2.c"
  run "$tmp/longp2.c" -o "$tmp/longp2.out"
  not_crashed && { [ $rc -eq 0 ] || [ ! -e "$tmp/longp2.out" ]; }
  check "pragma with 10,000 bindings (status $rc)"
  # 10,000 nested parentheses in a map
  { printf '#pragma sparse encoding(A : (i, j) -> ('; head -c 10000 /dev/zero | tr '\0' '('; printf 'i'; head -c 10000 /dev/zero | tr '\0' ')'; printf ' : dense, j : compressed))\nint x;\n'; } >"$tmp/deep.c"
  run "$tmp/deep.c" -o "$tmp/deep.out"
  not_crashed && { [ $rc -eq 0 ] || [ ! -e "$tmp/deep.out" ]; }
  check "10,000 nested parentheses in a map (status $rc)"
  # 10,000 nested parentheses in C code, with and without a pragma
  { printf 'int x = '; head -c 10000 /dev/zero | tr '\0' '('; printf '1'; head -c 10000 /dev/zero | tr '\0' ')'; printf ';\n'; } >"$tmp/deepc.c"
  passthrough_one "$tmp/deepc.c"
  check "10,000 nested parentheses in C: pass-through"
  { echo '#pragma sparse encoding(A : CSR)'; cat "$tmp/deepc.c"; } >"$tmp/deepcp.c"
  run "$tmp/deepcp.c" -o "$tmp/deepcp.out"
  not_crashed
  check "10,000 nested parentheses in C after a pragma (status $rc)"
  { printf '#pragma sparse encoding(A : CSR)\n'; head -c 20000 /dev/zero | tr '\0' '{'; echo; } >"$tmp/braces.c"
  run "$tmp/braces.c" -o "$tmp/braces.out"
  not_crashed
  check "20,000 unclosed braces after a pragma (status $rc)"
  # a kernel whose expression is a sum of 10,000 terms (10,000 levels of
  # syntax tree): left as it is, with a warning (was a stack overflow)
  deep_kernel() { # TERM COUNT
    printf 'double A[4][4], x[4], y[4];\nvoid f(void) {\n'
    printf '#pragma sparse encoding(A : CSR)\n  for (int i = 0; i < 4; i++)\n'
    printf '    for (int j = 0; j < 4; j++)\n      y[i] += A[i][j] * x[j]'
    for _ in $(seq 1 "$2"); do printf ' %s' "$1"; done
    printf ';\n}\n'
  }
  deep_kernel '+ 0.5' 10000 >"$tmp/deepk.c"
  run "$tmp/deepk.c" -o "$tmp/deepk.out"
  [ $rc -eq 0 ] && grep -q "deepk.c:3:1: warning: pragma sparse not applied: the file nests more than 1000 levels deep" "$tmp/err" &&
    grep -q 'y\[i\] += A\[i\]\[j\] \* x\[j\] + 0.5 + 0.5' "$tmp/deepk.out" && ! grep -q 'sc_' "$tmp/deepk.out"
  check "kernel 10,000 levels deep: left dense, with a warning (status $rc)"
  deep_kernel '* 1.0' 900 >"$tmp/deepk2.c"
  run "$tmp/deepk2.c" -o "$tmp/deepk2.out"
  [ $rc -eq 0 ] && grep -q 'sc_' "$tmp/deepk2.out" && ! grep -q 'for (int j = 0; j < 4; j++)' "$tmp/deepk2.out"
  check "kernel 900 levels deep: sparsified (status $rc)"
  printf '#pragma sparse' >"$tmp/eof.c"
  run "$tmp/eof.c" -o "$tmp/eof.out"
  not_crashed
  check "pragma at end of file without newline (status $rc)"
  printf '#pragma sparse \\\n' >"$tmp/eof2.c"
  run "$tmp/eof2.c" -o "$tmp/eof2.out"
  not_crashed
  check "pragma ending in a backslash at end of file (status $rc)"
}

section_flags() {
  run --cflags
  [ $rc -eq 0 ] && grep -q -- '-I' "$tmp/out"
  check "--cflags"
  local cflags=$(cat "$tmp/out")
  run --libs
  [ $rc -eq 0 ] && grep -q -- '-lsparsecc_rt' "$tmp/out" && grep -q -- '-lm' "$tmp/out"
  check "--libs"
  local libs=$(cat "$tmp/out")
  local inc=${cflags##*-I}
  [ -f "$inc/sparsecc_rt.h" ]
  check "--cflags points at sparsecc_rt.h"
  cat >"$tmp/use_rt.c" <<'CEOF'
#include <stdio.h>
#include "sparsecc_rt.h"
int main(void) {
  const char *e = sc_last_error();
  printf("runtime linked: '%s'\n", e ? e : "(null)");
  return 0;
}
CEOF
  # shellcheck disable=SC2086
  "$cc" -std=c99 -Wall -Wextra -Werror $cflags "$tmp/use_rt.c" -o "$tmp/use_rt" $libs
  check "a program using sparsecc_rt.h compiles and links with --cflags/--libs"
  "$tmp/use_rt" | grep -q "runtime linked"
  check "and runs without LD_LIBRARY_PATH"
  run --cflags --libs
  [ $rc -eq 0 ] && [ "$(cat "$tmp/out")" = "$cflags $libs" ]
  check "--cflags --libs together"
  makefile_rule
  # a file name with quotes, a backslash and a trigraph ends up in #line
  # directives and in the runtime's error strings: escaped, so the output
  # compiles under -std=c99 (trigraphs on) without a warning
  mkdir -p "$tmp/we ird"
  local odd="$tmp/we ird/??=my \"q\" b\\s.c"
  printf '#include <stdio.h>\nstatic double A[4][4], x[4], y[4];\nint main(void) {\n  A[1][2] = 3; x[2] = 1;\n#pragma sparse encoding(A : CSR)\n  for (int i = 0; i < 4; i++)\n    for (int j = 0; j < 4; j++)\n      y[i] += A[i][j] * x[j];\n  printf("%%g\\n", y[1]);\n  return 0;\n}\n' >"$odd"
  run "$odd" -o "$tmp/odd_out.c"
  [ $rc -eq 0 ] && grep -q 'sc_tensor' "$tmp/odd_out.c"
  check "a file name with quotes, a backslash and ??= is sparsified"
  # shellcheck disable=SC2086
  "$cc" -std=c99 -Wall -Wextra -Werror $cflags "$tmp/odd_out.c" -o "$tmp/odd" $libs &&
    [ "$("$tmp/odd")" = 3 ]
  check "and its output compiles without a trigraph warning and runs"
  # built by clang, which evaluates a call's arguments left to right, an
  # element write whose subscripts and value both have effects prints
  # what clang's build of the input prints (tests/e2e/element_write_effects.c)
  local clang
  clang=$(command -v clang-19 || command -v clang)
  if [ -n "$clang" ]; then
    local case_c=$src/tests/e2e/element_write_effects.c
    run "$case_c" -o "$tmp/ew_out.c"
    # shellcheck disable=SC2086
    # (the runtime compiled by clang too, without this build's flags: the
    # build's library and --cflags may carry another compiler's sanitizers)
    [ $rc -eq 0 ] && "$clang" -std=c11 -w "$case_c" -o "$tmp/ew_ref" &&
      "$clang" -std=c11 -Wall -Wextra -Werror -I"$src/runtime/include" -c "$tmp/ew_out.c" \
        -o "$tmp/ew_out.o" &&
      "$clang" -std=c11 -w -I"$src/runtime/include" "$tmp/ew_out.o" "$src"/runtime/src/*.c \
        -o "$tmp/ew" -lm &&
      [ "$("$tmp/ew_ref")" = "$("$tmp/ew")" ]
    check "element writes with effects on both sides, built by clang: same output"
  fi
  multifile_build "$cflags" "$libs"
  header_pragmas
  conditional_guard "$cflags" "$libs"
}

# A nest holding `#ifdef TRACE` is rewritten for the -D flags sparsecc is
# given (SPEC §2): the output compiled with the same flags prints what the
# input prints, and compiled with other flags it stops at the #error guard
# before the kernel rather than run a kernel without the branch's code.
conditional_guard() {
  local cflags=$1 libs=$2 d="$tmp/cg"
  mkdir -p "$d"
  cat >"$d/cg.c" <<'CEOF'
#include <stdio.h>
#define N 8
static double A[N][N], x[N], y[N];
int main(void) {
  long traced = 0;
  for (int i = 0; i < N; i++) { x[i] = i + 1; A[i][(3 * i) % N] = i - 2.5; }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      y[i] += A[i][j] * x[j];
#ifdef TRACE
      if (A[i][j] != 0) traced++;
#endif
    }
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  printf("traced %ld\n", traced);
  return 0;
}
CEOF
  "$cc" -std=c11 -w "$d/cg.c" -o "$d/ref" && "$d/ref" >"$d/ref.txt" &&
    "$cc" -std=c11 -w -DTRACE "$d/cg.c" -o "$d/ref_t" && "$d/ref_t" >"$d/ref_t.txt"
  check "the #ifdef case compiles as it is"
  local flag
  for flag in "" -DTRACE; do
    # shellcheck disable=SC2086
    run $flag "$d/cg.c" -o "$d/out$flag.c" --report="$d/rep$flag.txt"
    [ $rc -eq 0 ] && grep -q "kernel sparsified" "$d/rep$flag.txt" &&
      grep -q "preprocessor conditional at line 11 (#ifdef TRACE)" "$d/rep$flag.txt"
    check "a nest holding #ifdef TRACE is sparsified (flags: '$flag')"
    # shellcheck disable=SC2086
    "$cc" -std=c11 -Wall -Wextra -Werror $flag $cflags "$d/out$flag.c" -o "$d/prog" $libs &&
      "$d/prog" | cmp -s - "$d/ref${flag:+_t}.txt"
    check "and built with the same flags ('$flag') it prints what the input prints"
  done
  # shellcheck disable=SC2086
  ! "$cc" -std=c11 -DTRACE $cflags -c "$d/out.c" -o "$d/o.o" 2>"$d/err.txt" &&
    grep -q "run sparsecc again with this build's -D and -U flags" "$d/err.txt"
  check "the output for no -D stops a build with -DTRACE at its #error guard"
  # shellcheck disable=SC2086
  ! "$cc" -std=c11 $cflags -c "$d/out-DTRACE.c" -o "$d/o.o" 2>"$d/err.txt" &&
    grep -q "which this build does not compile" "$d/err.txt"
  check "the output for -DTRACE stops a build without it"
}

# A `#pragma sparse` in a header of the user's included with angle
# brackets (found on a -I directory) is not applied: warned at the
# #include as a quoted include is; without the -I directory the compiler
# would not find it there either, and nothing is said.
header_pragmas() {
  mkdir -p "$tmp/hp_inc"
  printf '#define HN 4\n#pragma sparse encoding(HA : CSR)\nextern double HA[HN][HN];\n' \
    >"$tmp/hp_inc/hp_model.h"
  printf '#include <stdio.h>\n#include <hp_model.h>\ndouble HA[HN][HN];\nint main(void) { printf("%%g\\n", HA[0][0]); return 0; }\n' \
    >"$tmp/hp_main.c"
  run -I"$tmp/hp_inc" "$tmp/hp_main.c" -o "$tmp/hp_out.c"
  [ $rc -eq 0 ] && grep -q "hp_main.c:2:1: warning: '#pragma sparse' at hp_model.h:2 is not applied" "$tmp/err"
  check "a pragma in a header included with angle brackets from -I is warned at the #include"
  ! grep -q "stdio.h" "$tmp/err"
  check "and a system header is not read for pragmas"
  run -I "$tmp/hp_inc" "$tmp/hp_main.c" -o "$tmp/hp_out.c"
  [ $rc -eq 0 ] && grep -q "is not applied" "$tmp/err"
  check "-I DIR (two arguments) is a user directory too"
}

# SPEC §1's Makefile rule, run by make, with the $(CPPFLAGS) a Makefile
# that tracks dependencies has (-MMD -MP, -I, -D, -imacros): the rule
# sparsifies, the compile writes the .d file, the program prints what the
# dense one prints.
makefile_rule() {
  command -v make >/dev/null || return 0
  local d="$tmp/mk"
  mkdir -p "$d/inc"
  printf '#define SCALE 2.0\n' >"$d/inc/consts.h"
  cat >"$d/prog.c" <<'CEOF'
#include <stdio.h>
static double A[N][N], x[N], y[N];
int main(void) {
  for (int i = 0; i < N; i++) { x[i] = i + 1; A[i][(5 * i + 2) % N] = SCALE * i; }
#pragma sparse encoding(A : CSR)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      y[i] += A[i][j] * x[j];
  for (int i = 0; i < N; i++) printf("%g\n", y[i]);
  return 0;
}
CEOF
  printf '%s\n' 'CPPFLAGS = -MMD -MP -Iinc -DN=9 -imacros inc/consts.h' \
    '%_sparse.c: %.c' '	$(SPARSECC) $(CPPFLAGS) $< -o $@' \
    '%_sparse: %_sparse.c' \
    '	$(CC) $(CPPFLAGS) $(shell $(SPARSECC) --cflags) $< -o $@ $(shell $(SPARSECC) --libs)' \
    '-include prog_sparse.d' >"$d/Makefile"
  make -s -C "$d" SPARSECC="$sparsecc" CC="$cc" prog_sparse.c prog_sparse >"$tmp/make.log" 2>&1 &&
    grep -q sc_tensor "$d/prog_sparse.c" && [ -f "$d/prog_sparse.d" ] &&
    "$cc" -DN=9 -imacros "$d/inc/consts.h" "$d/prog.c" -o "$d/prog" &&
    [ "$("$d/prog")" = "$("$d/prog_sparse")" ]
  check "the Makefile rule with CPPFLAGS = -MMD -MP -I -D -imacros: sparsified, built, same output"
  run -M "$d/prog.c"
  [ $rc -eq 2 ] && grep -q "'-M' lists dependencies" "$tmp/err"
  check "-M refused: it asks for a dependency list, not output"
  run "$d/prog.c" -o "$tmp/mf_out.c" -MF
  [ $rc -eq 2 ] && grep -q "missing argument to '-MF'" "$tmp/err"
  check "-MF without its file: usage error"
}

# The Makefile workflow on two files sharing a header (-I, -D): the global
# the header declares `extern` keeps its dense block (the other file uses
# it), with a warning; the program links and prints what the dense one does.
multifile_build() {
  local cflags=$1 libs=$2 d="$tmp/multi"
  mkdir -p "$d/inc"
  cat >"$d/inc/sim.h" <<'CEOF'
#ifndef NS
#define NS 8
#endif
extern double coupling[NS][NS];
double energy(const double *u);
CEOF
  cat >"$d/coupling.c" <<'CEOF'
#include "sim.h"
#pragma sparse encoding(coupling : CSR)
double coupling[NS][NS];
double energy(const double *u) {
  double e = 0;
  for (int i = 0; i < NS; i++)
    for (int j = 0; j < NS; j++)
      e += u[i] * coupling[i][j] * u[j];
  return e;
}
CEOF
  cat >"$d/main.c" <<'CEOF'
#include <stdio.h>
#include "sim.h"
int main(void) {
  double u[NS];
  for (int i = 0; i < NS; i++) {
    u[i] = 1.0 + i;
    coupling[i][(3 * i + 1) % NS] = 0.5 * i;
  }
  printf("%.6f\n", energy(u));
  return 0;
}
CEOF
  run -I"$d/inc" -DNS=12 "$d/coupling.c" -o "$d/coupling_sparse.c" --report="$d/report.txt"
  [ $rc -eq 0 ] && grep -q "'coupling' is declared in '.*sim.h' too" "$tmp/err" &&
    grep -q "kernel sparsified" "$d/report.txt"
  check "a global declared in a shared header keeps its dense block, with a warning"
  run -I"$d/inc" -DNS=12 "$d/main.c" -o "$d/main_sparse.c"
  [ $rc -eq 0 ] && cmp -s "$d/main.c" "$d/main_sparse.c"
  check "the other file (no pragma) comes out byte-identical"
  # shellcheck disable=SC2086
  "$cc" -std=c99 -Wall -Wextra -Werror -I"$d/inc" -DNS=12 $cflags "$d/main_sparse.c" \
    "$d/coupling_sparse.c" -o "$d/sparse" $libs &&
    "$cc" -std=c99 -I"$d/inc" -DNS=12 "$d/main.c" "$d/coupling.c" -o "$d/dense" &&
    [ "$("$d/sparse")" = "$("$d/dense")" ]
  check "the two rewritten files link and print what the dense program prints"
}

section_check() {
  printf '#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n' >"$tmp/valid.c"
  run --check "$tmp/valid.c" -o "$tmp/valid.out"
  [ $rc -eq 0 ] && cmp -s "$tmp/valid.c" "$tmp/valid.out"
  check "--check on valid C: exit 0"
  printf 'int main(void) { return undeclared_name; }\n' >"$tmp/invalid.c"
  run --check "$tmp/invalid.c" -o "$tmp/invalid.out"
  [ $rc -eq 1 ] && grep -q "not valid C" "$tmp/err" && [ ! -e "$tmp/invalid.out" ]
  check "--check on invalid C: exit 1, no output"
  diag_at "$tmp/invalid.c" 1 25 error "use of undeclared identifier 'undeclared_name' (--check: the output is not valid C)" &&
    tidy
  check "--check: the error at its file:line:col in the input, with the line and a caret"
  mkdir -p "$tmp/inc"
  printf '#define MYVAL 3\n' >"$tmp/inc/myval.h"
  printf '#include "myval.h"\nint v = MYVAL + N;\n' >"$tmp/needs.c"
  run --check -I "$tmp/inc" -DN=2 "$tmp/needs.c" -o "$tmp/needs.out"
  [ $rc -eq 0 ]
  check "--check uses -I and -D"
  run --check "$tmp/needs.c" -o "$tmp/needs2.out"
  [ $rc -eq 1 ]
  check "--check fails without them"
  run --check "$tmp/needs.c" -o "$tmp/needs3.out" -- -I"$tmp/inc" -DN=2
  [ $rc -eq 0 ]
  check "--check uses flags after --"
  printf '[{"directory": "%s", "command": "cc -I%s/inc -DN=2 -c needs.c -o needs.o", "file": "needs.c"}]\n' "$tmp" "$tmp" >"$tmp/compile_commands.json"
  run --check -p "$tmp" "$tmp/needs.c" -o "$tmp/needs4.out"
  [ $rc -eq 0 ]
  check "--check uses -p compile_commands.json"
  run --check "$src/examples/spmv.c" -o "$tmp/spmv_sparse.c"
  [ $rc -eq 0 ] && [ -s "$tmp/spmv_sparse.c" ]
  check "--check on a sparsified file (examples/spmv.c)"
  # a relative "directory" is the database's own directory ("." next to
  # the sources, ".." from a build directory), with "command" or
  # "arguments", found from any working directory
  mkdir -p "$tmp/proj/src" "$tmp/proj/inc" "$tmp/proj/build"
  printf '#define MYVAL 3\n' >"$tmp/proj/inc/myval.h"
  cp "$tmp/needs.c" "$tmp/proj/src/needs.c"
  printf '[{"directory": "..", "arguments": ["cc", "-Iinc", "-D", "N=2", "-c", "src/needs.c"], "file": "src/needs.c"}]\n' \
    >"$tmp/proj/build/compile_commands.json"
  (cd "$tmp/proj" && timeout 300 "$sparsecc" --check -p build src/needs.c -o "$tmp/rel1.out" 2>"$tmp/err")
  [ $? -eq 0 ] && [ ! -s "$tmp/err" ]
  check "-p with a relative directory \"..\" (arguments), from the project"
  (cd "$tmp/proj/src" && timeout 300 "$sparsecc" --check -p ../build needs.c -o "$tmp/rel2.out" 2>"$tmp/err")
  [ $? -eq 0 ] && [ ! -s "$tmp/err" ]
  check "-p with a relative directory, from another working directory"
  printf '[{"directory": "..", "command": "cc -Iinc -DN=2 -c src/needs.c", "file": "%s/proj/src/needs.c"}]\n' "$tmp" \
    >"$tmp/proj/build/compile_commands.json"
  (cd "$tmp/proj/src" && timeout 300 "$sparsecc" --check -p ../build needs.c -o "$tmp/rel3.out" 2>"$tmp/err")
  [ $? -eq 0 ] && [ ! -s "$tmp/err" ]
  check "-p: an absolute file with a relative directory resolves -I against the database"
  printf '[{"directory": ".", "command": "cc -I../inc -DN=2 -c ../src/needs.c", "file": "../src/needs.c"}]\n' \
    >"$tmp/proj/build/compile_commands.json"
  run --check -p "$tmp/proj/build" "$tmp/proj/src/needs.c" -o "$tmp/rel4.out"
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ]
  check "-p with directory \".\" (command)"
  run --check -p "$tmp/proj/build/compile_commands.json" "$tmp/proj/src/needs.c" -o "$tmp/rel5.out"
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/rel4.out" "$tmp/rel5.out"
  check "-p naming compile_commands.json itself: its directory's database"
  run -p "$tmp/nowhere" "$tmp/needs.c"
  [ $rc -eq 2 ] && grep -q "compile_commands.json" "$tmp/err" &&
    [ "$(grep -c . "$tmp/err")" -eq 2 ] && ! grep -q "LIBCLANG" "$tmp/err"
  check "-p DIR without a database: exit 2, one diagnostic of sparsecc's"
  mkdir -p "$tmp/badjson"
  printf '[{"directory": ' >"$tmp/badjson/compile_commands.json"
  run -p "$tmp/badjson" "$tmp/needs.c" -o "$tmp/needs5.out"
  [ $rc -eq 2 ] && grep -q "not a valid compilation database" "$tmp/err" &&
    ! grep -q "LIBCLANG" "$tmp/err" && [ ! -e "$tmp/needs5.out" ]
  check "-p DIR with a malformed database: exit 2, no libclang noise, no output"
}

# the installed tool's --cflags/--libs point at the install prefix
section_install() {
  local prefix="$tmp/prefix"
  "${CMAKE:-cmake}" --install "${SC_BINARY_DIR:?}" --prefix "$prefix" >"$tmp/install.log" 2>&1
  check "cmake --install into a temporary prefix"
  local tool="$prefix/bin/sparsecc"
  [ -x "$tool" ] && "$tool" --cflags | grep -q -- "-I$prefix/include\$" &&
    "$tool" --libs | grep -q -- "-L$prefix/lib"
  check "installed --cflags/--libs point at the prefix"
  printf '#include "sparsecc_rt.h"\nint main(void) { return sc_last_error() ? 0 : 1; }\n' >"$tmp/inst.c"
  # shellcheck disable=SC2046
  "$cc" $("$tool" --cflags) "$tmp/inst.c" -o "$tmp/inst" $("$tool" --libs) &&
    env -u LD_LIBRARY_PATH "$tmp/inst"
  check "a program builds and runs against the installed runtime"
  "$tool" "$src/examples/spmv.c" -o "$tmp/inst_spmv.c" 2>/dev/null
  check "the installed tool runs"
  # a sanitizer build's runtime needs the sanitizers' own runtime first:
  # --cflags/--libs carry the flags, the package files (for users' builds)
  # do not, so their checks are the plain build's
  local sanitized=0
  "$tool" --libs | grep -q -- -fsanitize && sanitized=1
  # pkg-config gives what --cflags/--libs give: the program runs without
  # LD_LIBRARY_PATH (the installed sparsecc.pc carries the rpath too)
  if command -v pkg-config >/dev/null && [ $sanitized -eq 0 ]; then
    rm -f "$tmp/inst_pc"
    # shellcheck disable=SC2046
    "$cc" $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags sparsecc) \
      "$tmp/inst_spmv.c" -o "$tmp/inst_pc" \
      $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --libs sparsecc) &&
      env -u LD_LIBRARY_PATH "$tmp/inst_pc" >"$tmp/inst_pc.out" &&
      grep -q checksum "$tmp/inst_pc.out"
    check "pkg-config --cflags --libs sparsecc: builds, runs without LD_LIBRARY_PATH"
  fi
  # a downstream CMake project: find_package(sparsecc), both targets
  if [ $sanitized -eq 0 ]; then
    mkdir -p "$tmp/down"
    cp "$tmp/inst_spmv.c" "$tmp/down/spmv_sparse.c"
    printf '%s\n' 'cmake_minimum_required(VERSION 3.20)' 'project(down C)' \
      'find_package(sparsecc REQUIRED)' \
      'add_executable(app spmv_sparse.c)' \
      'target_link_libraries(app PRIVATE sparsecc::sparsecc_rt)' \
      'add_executable(app_shared spmv_sparse.c)' \
      'target_link_libraries(app_shared PRIVATE sparsecc::sparsecc_rt_shared)' \
      >"$tmp/down/CMakeLists.txt"
    "${CMAKE:-cmake}" -S "$tmp/down" -B "$tmp/down/build" \
      -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/down.log" 2>&1 &&
      "${CMAKE:-cmake}" --build "$tmp/down/build" >>"$tmp/down.log" 2>&1 &&
      env -u LD_LIBRARY_PATH "$tmp/down/build/app" | grep -q checksum &&
      env -u LD_LIBRARY_PATH "$tmp/down/build/app_shared" | grep -q checksum
    check "a downstream CMake project with find_package(sparsecc) builds and runs"
  fi
  # a prefix with blanks: the flags escape them (as pkg-config does), so a
  # Makefile's $(shell sparsecc --libs) or an eval keeps each path one word
  prefix="$tmp/my prefix"
  "${CMAKE:-cmake}" --install "${SC_BINARY_DIR:?}" --prefix "$prefix" >"$tmp/install2.log" 2>&1
  tool="$prefix/bin/sparsecc"
  rm -f "$tmp/inst"
  "$tool" --libs | grep -q -- '-L.*/my\\ prefix/lib ' &&
    eval "\"\$cc\" $("$tool" --cflags) \"\$tmp/inst.c\" -o \"\$tmp/inst\" $("$tool" --libs)" &&
    env -u LD_LIBRARY_PATH "$tmp/inst" &&
    "$tool" --check "$src/examples/spmv.c" -o "$tmp/inst_spmv2.c" 2>/dev/null
  check "an install prefix with a blank: escaped flags build and run; --check works"
}

# ---- diagnostics: what each message looks like ----

# diag_at FILE LINE COL SEVERITY TEXT: standard error ($tmp/err) holds the
# diagnostic "FILE:LINE:COL: SEVERITY: TEXT..." exactly once, followed by
# line LINE of FILE (indented by two) and a caret line whose '^' stands
# under column COL.
diag_at() {
  DIAG_HEAD="$1:$2:$3: $4: $5" DIAG_SRC="  $(sed -n "$2p" "$1")" awk -v col="$3" '
    index($0, ENVIRON["DIAG_HEAD"]) == 1 { n++; want = 2; next }
    want == 2 { if ($0 != ENVIRON["DIAG_SRC"]) bad = 1; want = 1; next }
    want == 1 { if (index($0, "^") != col + 2) bad = 1; want = 0 }
    END { exit !(n == 1 && !bad) }' "$tmp/err"
}

# fixit_is TEXT: the line after the last caret line is the replacement
# TEXT under the caret (a "did you mean" fix-it).
fixit_is() {
  FIXIT="$1" awk '
    /^ *\^/ { c = index($0, "^"); getline; ok = (substr($0, c) == ENVIRON["FIXIT"]) }
    END { exit !ok }' "$tmp/err"
}

# tidy: no message said twice, every located message has a caret line,
# and the closing count says as many errors and warnings as were printed.
tidy() {
  local e w want
  [ -z "$(grep -E ': (error|warning|note): ' "$tmp/err" | sort | uniq -d)" ] || return 1
  awk '/^[^ ].*:[0-9]+:[0-9]+: (error|warning|note): / { getline; getline;
         if (index($0, "^") == 0) bad = 1 } END { exit bad }' "$tmp/err" || return 1
  e=$(grep -c ': error: ' "$tmp/err")
  w=$(grep -c ': warning: ' "$tmp/err")
  if [ "$e" -gt 0 ] && [ "$w" -gt 0 ]; then
    want="$e error$([ "$e" -gt 1 ] && echo s) and $w warning$([ "$w" -gt 1 ] && echo s) generated."
  elif [ "$e" -gt 0 ]; then
    want="$e error$([ "$e" -gt 1 ] && echo s) generated."
  elif [ "$w" -gt 0 ]; then
    want="$w warning$([ "$w" -gt 1 ] && echo s) generated."
  else
    return 0
  fi
  [ "$(tail -1 "$tmp/err")" = "$want" ]
}

# spmv_with PRAGMA: an SpMV program with PRAGMA on line 5, before its nest
spmv_with() {
  printf '#include <stdio.h>\n#define N 8\ndouble A[N][N], x[N], y[N];\nint main(void) {\n%s\n' "$1"
  printf '  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n'
  printf '      y[i] += A[i][j] * x[j];\n  printf("%%g\\n", y[0]);\n  return 0;\n}\n'
}

section_diagnostics() {
  local d="$tmp/diag"
  mkdir -p "$d"
  # an error in the input: exit 1, no output file, GCC's format
  fails() { # FILE: exit 1 and nothing written
    run "$1" -o "$1.out"
    [ $rc -eq 1 ] && [ ! -e "$1.out" ]
  }
  spmv_with '#pragma sparse encoding(A : (i, j) -> (i : dense, j : compresed))' >"$d/lvl.c"
  fails "$d/lvl.c" &&
    diag_at "$d/lvl.c" 5 55 error "unknown level format 'compresed'; did you mean 'compressed'?" &&
    fixit_is compressed && tidy
  check "misspelt level format: located, caret, did you mean, fix-it, exit 1"
  spmv_with '#pragma sparse encoding(A : CRS)' >"$d/fmt.c"
  fails "$d/fmt.c" && diag_at "$d/fmt.c" 5 29 error "unknown format 'CRS'; did you mean 'CSR'?" &&
    fixit_is CSR && tidy
  check "misspelt format name (two letters swapped)"
  spmv_with '#pragma sparse encoding(A : compressed)' >"$d/lvlfmt.c"
  fails "$d/lvlfmt.c" && diag_at "$d/lvlfmt.c" 5 29 error "unknown format 'compressed'" &&
    diag_at "$d/lvlfmt.c" 5 29 note "a level format such as 'compressed' goes inside a map" && tidy
  check "a level format where an encoding goes: error and a note saying where it goes"
  { spmv_with '#pragma sparse encoding(A : MyCSR)'
    echo '#pragma sparse format MyCSR = (i, j) -> (i : dense, j : compressed)'; } >"$d/later.c"
  fails "$d/later.c" && diag_at "$d/later.c" 5 29 error "unknown format 'MyCSR'" &&
    diag_at "$d/later.c" 12 23 note "'MyCSR' is defined here, after its use" && tidy
  check "a format used before its definition: error, note at the definition"
  { echo '#pragma sparse format MyCSR = (i, j) -> (i : dense, j : compresed)'
    spmv_with '#pragma sparse encoding(A : MyCSR)'; } >"$d/failed.c"
  fails "$d/failed.c" &&
    diag_at "$d/failed.c" 1 57 error "unknown level format 'compresed'; did you mean 'compressed'?" &&
    [ "$(grep -c ': error: ' "$tmp/err")" -eq 1 ] && ! grep -q "MyCSR'" "$tmp/err" && tidy
  check "a format whose definition failed: one error, at the definition, none at its use"
  spmv_with '#pragma sparse encodng(A : CSR)' >"$d/dir.c"
  fails "$d/dir.c" &&
    diag_at "$d/dir.c" 5 16 error "unknown sparse directive 'encodng'; did you mean 'encoding'?" && tidy
  check "misspelt directive"
  spmv_with '#pragma sparse encoding(Aa : CSR)' >"$d/arr.c"
  fails "$d/arr.c" && diag_at "$d/arr.c" 5 25 error "'Aa' is not declared here; did you mean 'A'?" &&
    fixit_is A && tidy
  check "misspelt array in a loop pragma: did you mean the declared array"
  spmv_with '#pragma sparse encoding(Q : CSR)' >"$d/arr2.c"
  fails "$d/arr2.c" && diag_at "$d/arr2.c" 5 25 error "'Q' is not declared here" &&
    ! grep -q 'did you mean' "$tmp/err" && tidy
  check "undeclared array with no near name: no suggestion"
  printf '#define N 8\n#pragma sparse encoding(Matrx : CSR)\ndouble Matrix[N][N], Mat2[N][N];\nint main(void) { return (int)Matrix[0][0]; }\n' >"$d/decl.c"
  fails "$d/decl.c" &&
    diag_at "$d/decl.c" 2 25 error "'Matrx' is not declared by the declaration that follows the pragma; did you mean 'Matrix'?" &&
    fixit_is Matrix && tidy
  check "misspelt array on a declaration pragma: did you mean one it declares"
  printf '#define N 8\n#pragma sparse encoding(Adj : CSR)\nvoid f(double (*Ajd)[N], double *y) {\n  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++) y[i] += Ajd[i][j];\n}\n' >"$d/fn.c"
  fails "$d/fn.c" &&
    diag_at "$d/fn.c" 2 25 error "'Adj' is not a parameter of the function that follows the pragma; did you mean 'Ajd'?" && tidy
  check "misspelt parameter on a function pragma: did you mean the parameter"
  spmv_with '#pragma sparse encoding(A : CSF)' >"$d/rank.c"
  fails "$d/rank.c" &&
    diag_at "$d/rank.c" 5 25 error "encoding of 'A' has 3 dimensions but 'A' has rank 2" &&
    diag_at "$d/rank.c" 3 8 note "'A' is declared here" && tidy
  check "rank mismatch: error at the binding, note at the declaration"
  spmv_with "$(printf '#pragma sparse encoding(A : CSR)\n#pragma sparse encoding(A : CSC)')" >"$d/twice.c"
  fails "$d/twice.c" &&
    diag_at "$d/twice.c" 6 25 error "'A' is bound twice: by this pragma and by an earlier one before the same loop" &&
    diag_at "$d/twice.c" 5 25 note "first bound here" && tidy
  check "one array bound by two pragmas of one loop: error and note"
  spmv_with '#pragma sparse encoding(A : (i, j) -> (i : dense, j : compressed)' >"$d/paren.c"
  fails "$d/paren.c" && diag_at "$d/paren.c" 5 24 error "unbalanced '(': missing ')'" && tidy
  check "unbalanced parenthesis: at the unclosed one"
  printf 'int x;\n#pragma sparse\nint y;\n' >"$d/empty.c"
  fails "$d/empty.c" &&
    diag_at "$d/empty.c" 2 15 error "expected a sparse directive (encoding, format, vectorize, novectorize) at end of pragma" && tidy
  check "empty pragma: at the end of its own line, not the next"
  # warnings: exit 0, output written; -Werror makes them errors; -w drops them
  spmv_with '#pragma sparse encoding(A : CSR)' >"$d/call.c"
  sed -i '8s/.*/      { y[i] += A[i][j] * x[j]; printf("%g\\n", y[i]); printf("%g\\n", x[j]); }/' "$d/call.c"
  run "$d/call.c" -o "$d/call.out"
  [ $rc -eq 0 ] && [ -s "$d/call.out" ] &&
    diag_at "$d/call.c" 8 33 warning "loop not sparsified: call to function 'printf', which may have side effects" &&
    [ "$(grep -c 'warning:' "$tmp/err")" -eq 1 ] && tidy
  check "refused nest: one warning at the first reason, exit 0, output written"
  run -Werror "$d/call.c" -o "$d/callw.out"
  [ $rc -eq 1 ] && [ ! -e "$d/callw.out" ] &&
    diag_at "$d/call.c" 8 33 error "loop not sparsified: call to function 'printf'" && tidy
  check "-Werror: the warning is an error, exit 1, nothing written"
  run -w "$d/call.c" -o "$d/callq.out"
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ -s "$d/callq.out" ]
  check "-w: no warnings, exit 0"
  printf '#define N 8\ndouble A[N][N], y[N];\nint main(void) {\n#pragma sparse encoding(A : CSR)\n  y[0] = 1;\n  return 0;\n}\n' >"$d/none.c"
  run "$d/none.c" -o "$d/none.out"
  [ $rc -eq 0 ] &&
    diag_at "$d/none.c" 4 1 warning "pragma sparse ignored: not followed by a declaration, function definition or loop" && tidy
  check "pragma before a statement: warning at the pragma"
  # #line directives in the input (yacc, bison, lex, another
  # preprocessor): diagnostics, --report and the run-time messages use the
  # presumed file and line, as a compiler does, and the #line directives of
  # the output map back to them: a compiler error in the output, inside the
  # rewritten region (the nest as written, run when the data do not fit
  # NV24) and after it, is reported where the input compiled as it is
  # reports it
  { printf '#include <stdio.h>\n#ifdef BREAK\n#define SCALE nosuch\n#else\n#define SCALE 1.0\n#endif\n'
    printf '#define N 8\ndouble y[N], A[N][N], x[N];\n#line 200 "gram.y"\nstatic void f(void) {\n'
    printf '#pragma sparse encoding(A : NV24)\n  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++)\n'
    printf '      y[i] += A[i][j] * x[j] * SCALE;\n#ifdef BREAK\n  int after = nosuch2;\n#endif\n}\n'
    printf '# 30 "lines.c"\nint main(void) {\n  for (int i = 0; i < N; i++) { A[i][i %% 4] = i + 1; x[i] = i; }\n'
    printf '  f();\n  for (int i = 0; i < N; i++) printf("%%g\\n", y[i]);\n  return 0;\n}\n'; } >"$d/lines.c"
  cd "$d" || return
  run --report lines.c -o lines_out.c
  cd - >/dev/null || return
  [ $rc -eq 0 ] && grep -q '^gram.y:202:3: kernel sparsified' "$tmp/err" &&
    grep -q '^#line 205 "gram.y"' "$d/lines_out.c" && grep -q '"gram.y:202"' "$d/lines_out.c" &&
    [ "$(grep -c '^#line [0-9]* "lines.c"' "$d/lines_out.c")" -eq 1 ] &&
    grep -q '^#line 1 "lines.c"' "$d/lines_out.c"
  check "#line in the input: --report, run-time messages and output #line name the presumed place"
  where() { # FILE: the places of the compiler's errors and notes, -DBREAK
    (cd "$d" && "$cc" -DBREAK $("$sparsecc" --cflags) -fsyntax-only "$1" 2>&1) |
      grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|note)' | sed 's/: \(error\|note\):.*//'
  }
  where lines.c >"$d/lines_in.where"
  where lines_out.c >"$d/lines_out.where"
  [ -s "$d/lines_in.where" ] && grep -q '^gram.y:204:' "$d/lines_in.where" &&
    grep -q '^gram.y:206:' "$d/lines_in.where" && cmp -s "$d/lines_in.where" "$d/lines_out.where"
  check "#line in the input: compiler errors in and after the rewritten region point where the input's do"
  # a loop assigning every element of an array stored sparse is rewritten
  # around the nest as written: a compiler's warning in its body points at
  # the input's line and column
  printf '#include <stdio.h>\n#define N 4\n#pragma sparse encoding(H : CSR)\nstatic double H[N][N];\nint main(void) {\n  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++) {\n      int unused_here = i;\n      H[i][j] = (double)(i == j);\n    }\n  printf("%%g\\n", H[1][1]);\n  return 0;\n}\n' >"$d/fill.c"
  run "$d/fill.c" -o "$d/fill_out.c" --report="$d/fill_rep.txt"
  [ $rc -eq 0 ] && grep -q 'fill loop' "$d/fill_rep.txt" &&
    "$cc" -Wall -fsyntax-only "$d/fill.c" 2>&1 | grep -q '^[^ ]*fill.c:8:11: warning: unused variable' &&
    "$cc" -Wall $("$sparsecc" --cflags) -fsyntax-only "$d/fill_out.c" 2>&1 |
      grep -q '^[^ ]*fill.c:8:11: warning: unused variable'
  check "a fill loop rewritten: a compiler's warning in its body at the input's line and column"
  { printf 'double y[4], A[4][4], x[4];\n#line 40 "parse.y"\nvoid f(void) {\n'
    printf '#pragma sparse encoding(A : (i, j) -> (i : dense, j : compresed))\n'
    printf '  for (int i = 0; i < 4; i++)\n    for (int j = 0; j < 4; j++) y[i] += A[i][j] * x[j];\n}\n'; } >"$d/lines_err.c"
  fails "$d/lines_err.c" &&
    grep -q "^parse.y:41:55: error: unknown level format 'compresed'" "$tmp/err" &&
    grep -q '^  #pragma sparse encoding(A : (i, j) -> (i : dense, j : compresed))$' "$tmp/err" && tidy
  check "#line in the input: an error at the presumed file:line:col, the line as written"
  sed 's/^#line 40 "parse.y"$/# 40 "parse.y" 1/' "$d/lines_err.c" >"$d/lines_mark.c"
  fails "$d/lines_mark.c" && grep -q "^parse.y:41:55: error: unknown level format" "$tmp/err"
  check "a GNU line marker (# 40 \"parse.y\" 1) is read as #line is"
  # _Pragma("sparse ..."), in the code or in a macro, is not applied: a
  # warning where it stands, never silence; the file itself comes out as it
  # is. In a comment, a string or under #if 0 it is no pragma: silent.
  spmv_with '_Pragma("sparse encoding(A : CSR)")' >"$d/op.c"
  run "$d/op.c" -o "$d/op.out"
  [ $rc -eq 0 ] && cmp -s "$d/op.c" "$d/op.out" &&
    diag_at "$d/op.c" 5 1 warning "'_Pragma' is not read by sparsecc, which applies '#pragma sparse' lines only: this pragma is ignored; write '#pragma sparse encoding(A : CSR)' on a line of its own instead" &&
    tidy
  check "_Pragma(\"sparse ...\") before a loop: warning at it, output unchanged"
  { printf '#define SPARSE_A _Pragma("sparse encoding(A : CSR)")\n'
    spmv_with 'SPARSE_A'; } >"$d/opm.c"
  run "$d/opm.c" -o "$d/opm.out"
  [ $rc -eq 0 ] && cmp -s "$d/opm.c" "$d/opm.out" &&
    diag_at "$d/opm.c" 1 18 warning "'_Pragma' in the definition of macro 'SPARSE_A' is not read by sparsecc" &&
    [ "$(grep -c 'warning:' "$tmp/err")" -eq 1 ] && tidy
  check "_Pragma in a macro: one warning, at the definition"
  run -Werror "$d/opm.c" -o "$d/opm_w.out"
  [ $rc -eq 1 ] && [ ! -e "$d/opm_w.out" ]
  check "_Pragma in a macro under -Werror: exit 1, nothing written"
  { printf '/* _Pragma("sparse encoding(A : CSR)") */\nstatic const char *s = "_Pragma(\\"sparse x\\")";\n'
    printf '#if 0\n_Pragma("sparse encoding(A : CSR)")\n#endif\n_Pragma("GCC diagnostic push")\n'
    spmv_with '#pragma sparse encoding(A : CSR)'; } >"$d/opq.c"
  run "$d/opq.c" -o "$d/opq.out"
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ]
  check "_Pragma text in a comment, a string, #if 0, or another pragma: silent"
  printf '#define N 8\nlong double A[N][N], x[N], y[N];\nint main(void) {\n#pragma sparse encoding(A : CSR)\n  for (int i = 0; i < N; i++)\n    for (int j = 0; j < N; j++) y[i] += A[i][j] * x[j];\n  return 0;\n}\n' >"$d/ldbl.c"
  run "$d/ldbl.c" -o "$d/ldbl.out"
  [ $rc -eq 0 ] &&
    diag_at "$d/ldbl.c" 4 25 warning "loop not sparsified: element type 'long double' of 'A' is not supported" &&
    diag_at "$d/ldbl.c" 2 13 note "'A' is declared here" && tidy
  check "unsupported element type: warning at the binding, note at the declaration"
  printf '#define N 8\ndouble y[N];\nint main(void) {\n#pragma sparse encoding(A : CSR)\n  double A[N][N] = {{0}};\n  double *p = &A[1][2];\n  return (int)(*p + y[0]);\n}\n' >"$d/addr.c"
  fails "$d/addr.c" &&
    diag_at "$d/addr.c" 6 16 error "'A' is stored as a sparse tensor but the address of an element is taken" &&
    diag_at "$d/addr.c" 5 10 note "'A' is declared here with '#pragma sparse encoding'" && tidy
  check "address of an element of an array stored sparse: error and note"
  printf 'double sc__t;\n#pragma sparse encoding(A : CSR)\ndouble A[4][4];\nint main(void) { return (int)(A[0][0] + sc__t); }\n' >"$d/prefix.c"
  run "$d/prefix.c" -o "$d/prefix.out"
  [ $rc -eq 0 ] && diag_at "$d/prefix.c" 1 8 warning "'sc__t' starts with 'sc__'" && tidy
  check "a name with the reserved prefix: warning at its declaration"
  # a declaration the standard headers of sparsecc_rt.h contradict (the
  # program does not include them): warned at it, nothing applied, the
  # output compiles; a compatible one (a prototype of printf, uint64_t as
  # the header has it) is no clash
  spmv_with '#pragma sparse encoding(A : CSR)' | sed '1s/.*/int printf(const char *, ...);\n#define EOF (-2)/' >"$d/stdmac.c"
  run "$d/stdmac.c" -o "$d/stdmac.out.c"
  [ $rc -eq 0 ] &&
    diag_at "$d/stdmac.c" 2 9 warning "'EOF' is declared differently by a standard header that the rewritten file would include (through sparsecc_rt.h: <stddef.h>, <stdint.h>, <stdio.h>): 'EOF' macro redefined; no #pragma sparse applied" &&
    tidy && ! grep -q sparsecc_rt.h "$d/stdmac.out.c" &&
    "$cc" -Wall -Wextra -Werror -c "$d/stdmac.out.c" -o "$d/stdmac.o"
  check "a macro of <stdio.h> defined again by a program without it: warning, nothing applied, output compiles"
  spmv_with '#pragma sparse encoding(A : CSR)' |
    sed '1s/.*/int printf(const char *, ...);\nstatic int fileno(int fd) { return fd; }\ntypedef unsigned long uint64_t;/' >"$d/stdfn.c"
  run "$d/stdfn.c" -o "$d/stdfn.out.c"
  [ $rc -eq 0 ] &&
    diag_at "$d/stdfn.c" 2 12 warning "'fileno' is declared differently by a standard header" &&
    [ "$(grep -c 'warning:' "$tmp/err")" -eq 1 ] && tidy
  check "a function of <stdio.h> declared again otherwise: one warning, at it"
  spmv_with '#pragma sparse encoding(A : CSR)' | sed '1s/.*/int printf();/' >"$d/stdkr.c"
  run "$d/stdkr.c" -o "$d/stdkr.out.c"
  [ $rc -eq 0 ] && diag_at "$d/stdkr.c" 1 5 warning "'printf' is declared differently by a standard header" &&
    tidy && "$cc" -w -c "$d/stdkr.out.c" -o "$d/stdkr.o"
  check "a K&R declaration of printf: a clash with <stdio.h>'s prototype, the output compiles"
  sed '2d' "$d/stdfn.c" >"$d/stdok.c"
  run "$d/stdok.c" -o "$d/stdok.out.c"
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q sc_tensor "$d/stdok.out.c"
  check "a prototype of printf and uint64_t as <stdint.h> has it: no clash, sparsified"
  spmv_with '#pragma sparse encoding(A : CSR)' | sed '1a #define NULL 0' >"$d/stdown.c"
  run "$d/stdown.c" -o "$d/stdown.out.c"
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q sc_tensor "$d/stdown.out.c"
  check "a clash the input has itself (NULL defined again after <stdio.h>): not the output's, sparsified"
  # several problems in one run: each said once, sorted by place, one count
  { printf '#define N 8\ndouble A[N][N], x[N], y[N];\nint main(void) {\n'
    printf '#pragma sparse encoding(A : CRS)\n  for (int i = 0; i < N; i++) y[i] = A[i][i];\n'
    printf '#pragma sparse encoding(Ax : CSR)\n  for (int i = 0; i < N; i++) y[i] = A[i][i] * x[i];\n'
    printf '#pragma sparse vectorize(simd = avx3)\n  for (int i = 0; i < N; i++) y[i] = 0;\n  return 0;\n}\n'
  } >"$d/many.c"
  fails "$d/many.c" &&
    diag_at "$d/many.c" 4 29 error "unknown format 'CRS'; did you mean 'CSR'?" &&
    diag_at "$d/many.c" 8 33 error "unknown SIMD backend 'avx3'; did you mean 'avx2'?" &&
    diag_at "$d/many.c" 6 25 error "'Ax' is not declared here; did you mean 'A'?" &&
    [ "$(grep -c ': error: ' "$tmp/err")" -eq 3 ] && tidy &&
    grep -E '^[^ ].*: (error|warning): ' "$tmp/err" | cut -d: -f2 | sort -n -c
  check "several errors: each once, in file order, one closing count"
  # usage errors have no place in a file: 'sparsecc: error:' and exit 2
  run --dump=pragma "$d/fmt.c"
  [ $rc -eq 2 ] && grep -q "^sparsecc: error: .*did you mean 'pragmas'" "$tmp/err"
  check "usage error: 'sparsecc: error:' prefix, exit 2"
  run "$d/nosuch.c" -o "$d/nosuch.out"
  [ $rc -eq 2 ] && grep -q "^sparsecc: error: .*nosuch.c" "$tmp/err" && [ ! -e "$d/nosuch.out" ]
  check "unreadable input: 'sparsecc: error:' naming it, exit 2"
  # --help says the format and the exit statuses
  run --help
  grep -q 'FILE:LINE:COL: error:' "$tmp/out" && grep -q 'Exit status: 0 success' "$tmp/out"
  check "--help describes the diagnostics and exit statuses"
}

case "${1:-all}" in
  all) for s in usage io atomic passthrough robust flags check install diagnostics; do section_$s; done ;;
  usage | io | atomic | passthrough | robust | flags | check | install | diagnostics) section_$1 ;;
  *) echo "unknown section $1"; exit 2 ;;
esac
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
