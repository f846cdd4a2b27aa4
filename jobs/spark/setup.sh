#!/usr/bin/env bash
# Installs what the Spark job needs, once (safe to re-run):
#   - Java 17 from Debian (openjdk-17-jre-headless) when `java` is missing;
#   - a venv in .cache/spark-venv with pyspark and warcio (PyPI, pinned) and the wce
#     Python module built from this repo (pip install .; again only when its sources changed).
# Needs what scripts/setup.sh installs (compiler, CMake, node_modules, ...).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PYSPARK="pyspark==4.3.0"
WARCIO="warcio==1.8.1"  # the job's WARC reader (as tests/warc)
VENV="$ROOT/.cache/spark-venv"

if ! command -v java >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq openjdk-17-jre-headless
fi
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import pyspark" 2>/dev/null; then
  "$VENV/bin/pip" install -q "$PYSPARK" "$WARCIO"
fi
# The wce module: installed again only when what it is built from changed (a
# digest of those files, kept next to the venv); pip reuses build/python then.
# WCE_SPARK_KEEP_MODULE=1 keeps an installed module as it is (a benchmark of Spark itself).
module_sources() {
  (cd "$ROOT" && find core python CMakeLists.txt pyproject.toml scripts/gen_stopwords.mjs scripts/gen_models.mjs \
     -type f -not -name '*.pyc' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}
STAMP="$VENV/wce-module-sources.sha256"
DIGEST=$(module_sources)
if ! "$VENV/bin/python" -c "import wce" 2>/dev/null ||
   { [ "${WCE_SPARK_KEEP_MODULE:-0}" != 1 ] && [ "$(cat "$STAMP" 2>/dev/null)" != "$DIGEST" ]; }; then
  # The same configuration as tests/python/run.sh (ccache when present): the
  # two share build/python, and a different compiler launcher would rebuild it all.
  ARGS=()
  if command -v ccache >/dev/null 2>&1; then
    export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$ROOT")}"
    ARGS+=(-Ccmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache -Ccmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache)
  fi
  # No build isolation, the build requirements in the venv: see tests/python/run.sh.
  mapfile -t BUILD_REQUIRES < <("$VENV/bin/python" -c 'import sys, tomllib; print("\n".join(tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"]))' "$ROOT/pyproject.toml")
  "$VENV/bin/python" -m pip install -q "${BUILD_REQUIRES[@]}"
  "$VENV/bin/python" -m pip install -q --no-build-isolation "${ARGS[@]}" "$ROOT"
  echo "$DIGEST" > "$STAMP"
else
  echo "spark venv: the wce module is up to date with its sources (not reinstalled)"
fi
"$VENV/bin/python" -c "import pyspark, wce; print('spark venv: pyspark', pyspark.__version__, '- wce', wce.__version__)"
