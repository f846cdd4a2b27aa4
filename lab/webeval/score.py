#!/usr/bin/env python3
"""Snippet scoring of extractor outputs on trafilatura's evaluation set (stdlib only).

    lab/webeval/score.py DATA.jsonl.gz PRED.jsonl [PRED.jsonl ...]

DATA: records from lab/webeval/fetch.py (meta.with / meta.without per page).
PRED: {"id", "text"[, "ms", "status"]} per line, one file per extractor (named by
the file stem). Prints one TSV row per file.

Counting (as in trafilatura's tests/comparison.py and go-trafilatura's
scripts/comparison/content.go): per page, each "with" snippet found in the output
is a true positive, missing a false negative; each "without" snippet found is a
false positive, absent a true negative. An empty output or a failed page finds
nothing. Precision = TP/(TP+FP), recall = TP/(TP+FN), F1 = 2TP/(2TP+FP+FN),
accuracy = (TP+TN)/all.

Matching rule (ours): case-sensitive substring test after normalising both sides:
Unicode NFC (some pages spell "ü" as u + combining diaeresis, the snippets are
NFC), then the invisible soft hyphen (U+00AD) and word joiner (U+2060) are
removed (9 snippets are written with the page's soft hyphens, "Werk&shy;zeug";
our renderer drops them, as they are never shown inside a line), then every run
of Unicode whitespace (Python's str.isspace: spaces, tabs, newlines, NBSP, thin
spaces, ...) becomes one space, and the snippet's leading and trailing spaces are
dropped. The originals test the raw strings (Go's
strings.Contains; PyPI trafilatura NFC-normalises its own output), which depends
on how each extractor joins lines; the raw rule is reported as well ("F1 raw").
"""

import gzip
import json
import re
import sys
import unicodedata
from pathlib import Path

_WS = re.compile(r"\s+")  # str patterns: \s is Unicode whitespace, NBSP included


_INVISIBLE = dict.fromkeys(map(ord, "\u00ad\u2060"))  # core/src/output/render.cpp kInvisible


def norm(s):
    return _WS.sub(" ", unicodedata.normalize("NFC", s or "").translate(_INVISIBLE))


def open_text(path):
    path = str(path)
    return gzip.open(path, "rt", encoding="utf-8") if path.endswith(".gz") else open(path, encoding="utf-8")


def read_jsonl(path):
    with open_text(path) as fh:
        return [json.loads(line) for line in fh if line.strip()]


def load_pages(data_path):
    """[(id, url, with, without)] of the snippet-only records."""
    pages = []
    for r in read_jsonl(data_path):
        m = r.get("meta") or {}
        pages.append((r["id"], r.get("url"), list(m.get("with") or []), list(m.get("without") or [])))
    return pages


def page_counts(text, with_, without, raw=False):
    """(tp, fn, fp, tn, missed with-snippets, found without-snippets) of one page."""
    if raw:
        hay, snip = (text or ""), (lambda s: s)
    else:
        hay, snip = norm(text), (lambda s: norm(s).strip())
    tp = fn = fp = tn = 0
    missed, leaked = [], []
    for s in with_:
        if hay and snip(s) in hay:
            tp += 1
        else:
            fn += 1
            missed.append(s)
    for s in without:
        if hay and snip(s) in hay:
            fp += 1
            leaked.append(s)
        else:
            tn += 1
    return tp, fn, fp, tn, missed, leaked


def measures(tp, fn, fp, tn):
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    f = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else 0.0
    a = (tp + tn) / (tp + fn + fp + tn) if tp + fn + fp + tn else 0.0
    return p, r, f, a


def score(pages, preds):
    """preds: id -> {"text", "status"?, "ms"?}. Returns a summary dict and per-page rows."""
    tot = [0, 0, 0, 0]
    raw = [0, 0, 0, 0]
    empty = errors = 0
    ms = []
    rows = []
    for pid, url, w, wo in pages:
        o = preds.get(pid)
        status = "missing" if o is None else (o.get("status") or "ok")
        text = (o or {}).get("text") or ""
        if status != "ok":
            errors += 1
            text = ""
        elif not text.strip():
            empty += 1
        if o is not None and isinstance(o.get("ms"), (int, float)):
            ms.append(float(o["ms"]))
        tp, fn, fp, tn, missed, leaked = page_counts(text, w, wo)
        for i, v in enumerate((tp, fn, fp, tn)):
            tot[i] += v
        for i, v in enumerate(page_counts(text, w, wo, raw=True)[:4]):
            raw[i] += v
        rows.append({"id": pid, "url": url, "status": status, "chars": len(text), "tp": tp, "fn": fn, "fp": fp,
                     "tn": tn, "missed": missed, "leaked": leaked})
    p, r, f, a = measures(*tot)
    ms_sorted = sorted(ms)
    summary = {"pages": len(pages), "tp": tot[0], "fn": tot[1], "fp": tot[2], "tn": tot[3],
               "precision": p, "recall": r, "f1": f, "accuracy": a, "f1_raw": measures(*raw)[2],
               "empty": empty, "errors": errors,
               "ms_mean": sum(ms) / len(ms) if ms else None,
               "ms_median": ms_sorted[len(ms_sorted) // 2] if ms_sorted else None}
    return summary, rows


COLUMNS = ["name", "pages", "tp", "fn", "fp", "tn", "precision", "recall", "f1", "accuracy", "f1_raw",
           "empty", "errors", "ms_mean", "ms_median"]


def tsv_row(name, s):
    vals = [name] + [s[c] for c in COLUMNS[1:]]
    return "\t".join(f"{v:.4f}" if isinstance(v, float) else ("" if v is None else str(v)) for v in vals)


def main(argv):
    if len(argv) < 2 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    pages = load_pages(argv[0])
    print("\t".join(COLUMNS))
    for pred in argv[1:]:
        preds = {o["id"]: o for o in read_jsonl(pred) if "id" in o}
        s, _ = score(pages, preds)
        print(tsv_row(Path(pred).name.split(".")[0], s))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
