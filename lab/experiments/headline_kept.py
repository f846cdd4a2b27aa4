#!/usr/bin/env python3
"""How often an extractor keeps the page's headline when the human gold has it.

The headline is the page's first <h1> (its text, at least 3 words); a page counts when
that text is in its gold text (lowercased \\w+ tokens, as a contiguous run). Inputs: the
dataset files and, per extractor, `wce extract --jsonl` output over the same files.

  for e in ensemble trafilatura readability; do
    for f in l3s-gn1 dragnet google-trends-2017; do
      build/native/wce extract --jsonl --threads 2 --quiet -e $e ../shared/datasets/$f.jsonl.gz
    done > /tmp/h1-$e.jsonl
  done
  python3 lab/experiments/headline_kept.py --data ../shared/datasets/{l3s-gn1,dragnet,google-trends-2017}.jsonl.gz \
    --out ensemble=/tmp/h1-ensemble.jsonl trafilatura=/tmp/h1-trafilatura.jsonl readability=/tmp/h1-readability.jsonl
"""
import argparse
import collections
import gzip
import html
import json
import os
import re

H1 = re.compile(r"<h1[^>]*>(.*?)</h1>", re.S | re.I)
TAG = re.compile(r"<[^>]+>")


def words(s):
    return " ".join(re.findall(r"\w+", s.lower()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", nargs="+", required=True)
    ap.add_argument("--out", nargs="+", required=True, help="NAME=FILE of wce extract --jsonl")
    a = ap.parse_args()
    outs = {}
    for spec in a.out:
        name, path = spec.split("=", 1)
        outs[name] = {}
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                outs[name][r["id"]] = r.get("text") or ""
    kept = collections.defaultdict(lambda: collections.Counter())
    for path in a.data:
        ds = os.path.basename(path).split(".")[0]
        with gzip.open(path, "rt") as f:
            for line in f:
                r = json.loads(line)
                m = H1.search(r.get("html") or "")
                if not m:
                    continue
                head = words(html.unescape(TAG.sub(" ", m.group(1))))
                if len(head.split()) < 3 or head not in words(r.get("text") or ""):
                    continue
                for key in (ds, "all"):
                    kept[key]["pages"] += 1
                    for name, texts in outs.items():
                        kept[key][name] += head in words(texts.get(r["id"], ""))
    names = list(outs)
    print("| data | pages with the <h1> in the gold | " + " | ".join(names) + " |")
    print("|---|--:|" + "--:|" * len(names))
    for key in sorted(kept, key=lambda k: (k == "all", k)):
        c = kept[key]
        print("| %s | %d | " % (key, c["pages"]) + " | ".join("%.3f" % (c[n] / c["pages"]) for n in names) + " |")


if __name__ == "__main__":
    main()
