#!/usr/bin/env bash
# The Python module's tests: installs it with `pip install --no-build-isolation .`
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
# The build requirements (pyproject.toml's, pinned) in the venv, and no build
# isolation: with a fresh isolated environment each time, scikit-build-core
# finds build/python's CMake cache stale and compiles everything again.
mapfile -t BUILD_REQUIRES < <("$VENV/bin/python" -c 'import sys, tomllib; print("\n".join(tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"]))' "$ROOT/pyproject.toml")
"$VENV/bin/python" -m pip install -q "${BUILD_REQUIRES[@]}"
echo "python: pip install --no-build-isolation $ROOT"
# python -m pip: a venv copied from another checkout keeps its old path in bin/pip's shebang
"$VENV/bin/python" -m pip install -q --no-build-isolation "${ARGS[@]}" "$ROOT"
cd "$ROOT"
WCE_CLI="$WCE" "$VENV/bin/python" -m pytest -q -p no:cacheprovider tests/python
