#!/usr/bin/env bash
# Installs what the Spark job needs, once (safe to re-run):
#   - Java 17 from Debian (openjdk-17-jre-headless) when `java` is missing;
#   - a venv in .cache/spark-venv with pyspark and warcio (PyPI, pinned) and the wce
#     Python module built from this repo (pip install .).
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
# The wce module: rebuilt when the sources changed (scikit-build-core reuses build/python).
# WCE_SPARK_KEEP_MODULE=1 keeps an installed module as it is (a benchmark of Spark itself).
if [ "${WCE_SPARK_KEEP_MODULE:-0}" != 1 ] || ! "$VENV/bin/python" -c "import wce" 2>/dev/null; then
  "$VENV/bin/pip" install -q "$ROOT"
fi
"$VENV/bin/python" -c "import pyspark, wce; print('spark venv: pyspark', pyspark.__version__, '- wce', wce.__version__)"
