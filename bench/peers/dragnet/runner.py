"""Peer-benchmark runner for the original Dragnet (dragnet 2.0.4, Peters & Lecocq).

    .cache/peers/dragnet/venv/bin/python bench/peers/dragnet/runner.py

Runs in its own venv (Python 3.6, scikit-learn 0.19.1: the version the shipped
models were pickled with; see install.sh), not in the peers' main venv, so it
must stay Python-3.6 compatible and import nothing from peers.py.

Reads one JSON object per line on stdin ({"id", "html", ...}) and writes
{"id", "text", "ms"} (plus "error") per line on stdout. "text" is
dragnet.extract_content(html): the package's default content model
(kohlschuetter_readability_weninger_content_model, an ExtraTreesClassifier over
its lxml blocks), the blocks it keeps joined by newlines. "ms" is measured here
per page and includes dragnet's lxml parse and blockifier; loading the model
happens once, before the first page, untimed.
"""
import json
import os
import sys
import time
import warnings

# The protocol owns the real stdout; anything the libraries print goes to stderr.
proto = os.fdopen(os.dup(1), "w", encoding="utf-8")
os.dup2(2, 1)
sys.stdout = sys.stderr
warnings.simplefilter("ignore")  # sklearn/distutils deprecation noise, once per model load

import dragnet  # noqa: E402

dragnet.extract_content("<html><body><p>warm-up: loads the pickled model</p></body></html>")

for line in sys.stdin:
    if not line.strip():
        continue
    rec = json.loads(line)
    out = {"id": rec.get("id"), "text": ""}
    t0 = time.perf_counter()
    try:
        out["text"] = dragnet.extract_content(rec.get("html") or "") or ""
    except Exception as e:  # noqa: BLE001 - a failed page (RecursionError too) counts as empty output
        out["error"] = ("%s: %s" % (type(e).__name__, e))[:300]
    out["ms"] = (time.perf_counter() - t0) * 1000.0
    proto.write(json.dumps(out) + "\n")
    proto.flush()
