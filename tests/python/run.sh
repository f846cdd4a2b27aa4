#!/usr/bin/env bash
# The Python module's tests: installs it with `pip install .` (scikit-build-core,
# nanobind; ccache when present) into a venv under .cache/ with pytest, then
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
echo "python: pip install $ROOT"
"$VENV/bin/pip" install -q "${ARGS[@]}" "$ROOT"
cd "$ROOT"
WCE_CLI="$WCE" "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests/python
