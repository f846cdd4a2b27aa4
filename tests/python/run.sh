#!/usr/bin/env bash
# The Python module's tests: installs it with `pip install .` (twice)
# (scikit-build-core, nanobind; ccache when present) into a venv under .cache/ with pytest, then
# runs tests/python against the CLI.
# usage: tests/python/run.sh path/to/wce
set -euo pipefail
WCE=$(realpath "${1:?usage: run.sh WCE_BINARY}")
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
VENV="$ROOT/.cache/py-venv"
PYTEST="pytest==8.4.2"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
"$VENV/bin/python" -c "import pytest" 2>/dev/null || "$VENV/bin/pip" install -q "$PYTEST"
ARGS=()
if command -v ccache >/dev/null 2>&1; then
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$ROOT")}"
  ARGS+=(-Ccmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache -Ccmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# As the README says: plain `pip install .` (an isolated build environment),
# twice. The second, with unchanged sources, must compile nothing: the inner
# build of python/build_outer.cmake outlives scikit-build-core's cache.
mkdir -p "$ROOT/build/python"
for run in 1 2; do
  echo "python: pip install $ROOT ($run)"
  # python -m pip: a venv copied from another checkout keeps its old path in bin/pip's shebang
  "$VENV/bin/python" -m pip install -v "${ARGS[@]}" "$ROOT" > "$ROOT/build/python/pip-install-$run.log" 2>&1 || {
    tail -30 "$ROOT/build/python/pip-install-$run.log" >&2; exit 1; }
done
if ! grep -q "ninja: no work to do" "$ROOT/build/python/pip-install-2.log" ||
   grep -q "Building CXX object" "$ROOT/build/python/pip-install-2.log"; then
  echo "python: the second pip install with unchanged sources compiled again (build/python/pip-install-2.log)" >&2
  exit 1
fi
cd "$ROOT"
WCE_CLI="$WCE" "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests/python
