#!/usr/bin/env python3
"""Seed corpora for the fuzz harnesses from ../shared/datasets (never committed).

Writes .cache/fuzz-seeds/<target>/ : for `html` the raw page of every k-th
record (a few hundred pages over all datasets), cut to 64 KB (scripts/fuzz.sh
-max_len: small inputs keep the fuzzers fast), for `measures` a
"predicted\\gold" pair per page (the first and the second half of the gold text,
joined by the byte reader's separator, see tests/fuzz/byte_reader.hpp), for
`dataset` short JSONL records (first byte 0: read as a plain .jsonl file).
Usage: python3 scripts/fuzz_corpus.py [--per-dataset N] [--datasets DIR] [--out DIR]
(WCE_DATASETS overrides the default datasets folder, as for tests/rouge.)
"""
import argparse
import gzip
import hashlib
import json
import os
import sys


HTML_MAX = 65536  # scripts/fuzz.sh -max_len of html
TEXT_MAX = 4000   # of measures (two halves and a separator)


def write(folder, data):
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--per-dataset", type=int, default=40)
    ap.add_argument("--datasets", default=os.environ.get("WCE_DATASETS", os.path.join(root, "..", "shared", "datasets")))
    ap.add_argument("--out", default=os.path.join(root, ".cache", "fuzz-seeds"))
    args = ap.parse_args()
    files = sorted(f for f in os.listdir(args.datasets) if f.endswith(".jsonl.gz"))
    if not files:
        sys.exit(f"fuzz_corpus: no *.jsonl.gz in {args.datasets}")
    total = 0
    for name in files:
        with gzip.open(os.path.join(args.datasets, name), "rt", encoding="utf-8") as f:
            records = [line for line in f if line.strip()]
        step = max(1, len(records) // args.per_dataset)
        for line in records[::step][: args.per_dataset]:
            r = json.loads(line)
            html = (r.get("html") or "").encode("utf-8")[:HTML_MAX]
            text = (r.get("text") or "").encode("utf-8")[:TEXT_MAX]
            write(os.path.join(args.out, "html"), html)
            half = len(text) // 2
            write(os.path.join(args.out, "measures"),
                  b"\x00" + text[:half].replace(b"\\", b"\\\\") + b"\\" + text[half:])
            small = dict(r, html=(r.get("html") or "")[:2000], text=(r.get("text") or "")[:500])
            write(os.path.join(args.out, "dataset"), b"\x00" + json.dumps(small).encode("utf-8") + b"\n")
            total += 1
    print(f"fuzz_corpus: {total} pages from {len(files)} datasets -> {args.out}")


if __name__ == "__main__":
    main()
