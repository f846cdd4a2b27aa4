"""WCXB dev in the learned ensemble's training (lab/learn/ensemble.py --wcxb-data,
issue 32): the rows lab/tools/ensemble_dump writes for every WCXB dev page
(--split all --node-text), their labels and folds, and WCXB's own measure.

- Labels: the dump's node labels from aligning the record's gold `text`
  (wce::align_gold, as the nine datasets are labelled), then the record's
  `with` / `without` snippets as sure labels (snippet_labels.py, as for
  webeval): a node a snippet labels positive or negative takes that label.
- Folds: a page's fold is folds.fold_of(domain of its url), the page-type
  classifier's folds, so that every out-of-fold figure of a WCXB page comes
  from models whose training saw no page of its domain.
- word_f1: WCXB's measure (lowercase \\w+ tokens, bag overlap), the same as
  tests/wcxb/check_word_f1.py, on the text of the kept nodes joined with
  spaces: a proxy of the rendered output (the renderer adds no words; it may
  join words a tag split, e.g. "foo<b>bar</b>").

Stdlib + NumPy; tests: python3 -m unittest lab/learn/test_wcxb_rows.py.
"""
import collections
import gzip
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import folds  # noqa: E402
import snippet_labels  # noqa: E402

TOKEN = re.compile(r"\w+")


def tokens(text):
    return TOKEN.findall(text.lower()) if text else []


def word_f1(pred_tokens, gold_tokens):
    """(P, R, F1) of two token lists, WCXB's evaluate.py conventions."""
    if not gold_tokens:
        return (1.0, 1.0, 1.0) if not pred_tokens else (0.0, 0.0, 0.0)
    if not pred_tokens:
        return (0.0, 0.0, 0.0)
    common = sum((collections.Counter(pred_tokens) & collections.Counter(gold_tokens)).values())
    p, r = common / len(pred_tokens), common / len(gold_tokens)
    return p, r, (2 * p * r / (p + r) if p + r > 0 else 0.0)


def read_records(path):
    """id -> {url, text, page_type, with, without} of a WCXB JSONL(.gz) file."""
    out = {}
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            r = json.loads(line)
            m = r.get("meta") or {}
            out[r["id"]] = dict(url=r.get("url") or "", text=r.get("text") or "", page_type=m.get("page_type") or "",
                                with_=m.get("with") or [], without=m.get("without") or [])
    return out


def relabel(rows, texts, page_bounds, records, page_ids):
    """Sure labels from the snippets over the alignment's: returns the new
    label column and counts. rows[:, 5] is the dump's gold label."""
    y = rows[:, 5].copy()
    counts = collections.Counter()
    for i, pid in enumerate(page_ids):
        lo, hi = page_bounds[i], page_bounds[i + 1]
        rec = records[pid]
        lab, c = snippet_labels.label_nodes(texts[lo:hi], rec["with_"], rec["without"])
        lab = np.asarray(lab)
        counts.update(c)
        before = y[lo:hi] >= 0.5
        counts["to_positive"] += int(((lab == 1) & ~before).sum())
        counts["to_negative"] += int(((lab == 0) & before).sum())
        y[lo:hi] = np.where(lab >= 0, lab, y[lo:hi])
    return y, dict(counts)


def page_fold(url):
    return folds.fold_of(folds.domain(url))


def page_word_f1(keep, texts, page_bounds, gold_texts):
    """Per page (P, R, F1) of the kept nodes' text against the gold text."""
    out = np.zeros((len(gold_texts), 3))
    for i, gold in enumerate(gold_texts):
        lo, hi = page_bounds[i], page_bounds[i + 1]
        pred = " ".join(texts[k] for k in range(lo, hi) if keep[k])
        out[i] = word_f1(tokens(pred), tokens(gold))
    return out


TYPES = ("article", "documentation", "service", "forum", "listing", "product", "collection")


def by_type_table(columns, page_types):
    """Markdown rows: one per column name -> per-page F1 array, mean over all and per type."""
    page_types = np.asarray(page_types)
    head = "| | all | " + " | ".join(TYPES) + " |\n|---|--:|" + "--:|" * len(TYPES)
    lines = [head]
    for name, f in columns:
        cells = ["%.3f" % f.mean()] + ["%.3f" % f[page_types == t].mean() if (page_types == t).any() else "-"
                                       for t in TYPES]
        lines.append("| %s | %s |" % (name, " | ".join(cells)))
    counts = "| pages | %d | " % len(page_types) + " | ".join(str(int((page_types == t).sum())) for t in TYPES) + " |"
    return "\n".join(lines + [counts])
