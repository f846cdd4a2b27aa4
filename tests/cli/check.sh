# Sourced by the CLI test scripts: check NAME EXPECTED_EXIT "OUTPUT REGEX" -- command...
# runs the command (stdout and stderr together) and counts failures in $fails.
fails=0
check() {
  local name=$1 want=$2 regex=$3; shift 4
  local out code
  out=$("$@" 2>&1); code=$?
  if [ "$code" != "$want" ]; then echo "FAIL $name: exit $code, want $want: $out"; fails=$((fails+1)); return; fi
  if ! grep -Eq -- "$regex" <<<"$out"; then echo "FAIL $name: output does not match /$regex/: $out"; fails=$((fails+1)); return; fi
  echo "ok   $name"
}
