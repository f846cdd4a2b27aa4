#!/usr/bin/env python3
"""ROUGE-LSum of `wce eval` against Google's rouge-score on real outputs.

Installs rouge-score (PyPI, pinned below) into a venv under .cache/ once,
extracts the demo pages and a sample of the datasets in ../shared/datasets
(when present) with several extractors (`wce extract --jsonl`), scores them
with `wce eval --pages-out` and with rouge_score's rougeLsum, and requires
the per-page precision, recall and F1 to agree within 1e-6.

Matching the inputs (the part that is not under test): rougeLsum splits
sentences on "\n" only, so both texts are given to it as our sentences
(wce::split_sentences, through the wce_split_sentences helper) joined by
"\n"; its tokenizer is replaced by a whitespace split on the same whitespace
as wce::tokenize_words (written out below, independently of the C++). What is
under test: the union-LCS, its tie-breaking and the hit counting.

Expected difference, not counted as a failure: when neither text has a token,
wce scores P = R = F1 = 1 (its convention, see core/include/wce/eval.hpp) and
rouge_score 0. Pairs whose pure-Python LCS tables would exceed MAX_CELLS are
left out to keep the run short (their number is printed).

usage: check_rouge.py --wce build/native/wce --split build/native/wce_split_sentences
       [--datasets DIR] [--per-dataset N] [--max-cells N (0: compare every pair)]
Environment: WCE_DATASETS overrides the datasets folder.
"""
import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROUGE_SCORE = "rouge-score==0.1.2"  # the release Bevendorff et al. 2023 could use (2022-07)
REPO = Path(__file__).resolve().parents[2]
VENV = REPO / ".cache" / "rouge-venv"
TOLERANCE = 1e-6
# Extractors whose outputs are compared (each a different kind of output:
# whole page, block choice, largest subtree, stopword paragraphs, lines).
EXTRACTORS = ["all_text", "bte", "readability", "justext", "goose", "boilerpipe", "cetr"]
# Datasets sampled when present, and how many pages of each by default.
DATASETS = ["l3s-gn1", "cleaneval", "daniel", "readability", "google-trends-2017", "htmltotext-benchmark"]
PER_DATASET = 8
# Sample only pages whose HTML is small (the reference LCS is pure Python).
MAX_HTML_BYTES = 80_000
# Largest gold x predicted token product scored with rouge_score (its cost).
MAX_CELLS = 800_000

# The whitespace of wce::tokenize_words (core/src/dom/unicode.hpp is_space):
# ASCII \t \n \v \f \r and space, U+00A0, U+1680, U+2000..U+200B, U+2028,
# U+2029, U+202F, U+205F, U+3000, U+FEFF. (Python's str.split differs: it
# also splits on U+001C..U+001F and U+0085, and not on U+200B or U+FEFF.)
WHITESPACE = re.compile("[\t\n\v\f\r \u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+")


class WhitespaceTokenizer:
    """The tokenizer object rouge_score accepts (a `tokenize` method)."""

    def tokenize(self, text):
        return [t for t in WHITESPACE.split(text) if t]


def ensure_venv():
    """Re-runs this script with the venv's Python, creating the venv once."""
    py = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    ok = py.exists() and subprocess.run([str(py), "-c", "import rouge_score"], capture_output=True).returncode == 0
    if not ok:
        print(f"check_rouge: installing {ROUGE_SCORE} into {VENV}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", ROUGE_SCORE], check=True)
    os.execv(str(py), [str(py), __file__] + sys.argv[1:])


def demo_records():
    """The demo corpus (folders of source.html + gold.txt) as dataset records."""
    out = []
    for d in sorted(p for p in (REPO / "demo").iterdir() if p.is_dir()):
        html, gold = d / "source.html", d / "gold.txt"
        if html.exists() and gold.exists():
            out.append({"id": f"demo-{d.name}", "dataset": "demo",
                        "html": html.read_bytes().decode("utf-8", "replace"),
                        "text": gold.read_text("utf-8", "replace")})
    return out


def dataset_records(folder, per_dataset):
    out = []
    for name in DATASETS:
        path = Path(folder) / f"{name}.jsonl.gz"
        if not path.exists():
            continue
        taken = 0
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if len(r["html"].encode("utf-8")) > MAX_HTML_BYTES:
                    continue
                out.append({k: r.get(k) for k in ("id", "dataset", "lang", "html", "text")})
                taken += 1
                if taken == per_dataset:
                    break
    return out


def split_all(split_bin, texts):
    """Our sentences of each text (one helper process for all of them)."""
    data = "".join(json.dumps(t) + "\n" for t in texts)
    r = subprocess.run([split_bin], input=data, capture_output=True, text=True, check=True)
    return [json.loads(l) for l in r.stdout.splitlines()]


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wce", required=True)
    ap.add_argument("--split", required=True, help="the wce_split_sentences helper")
    ap.add_argument("--datasets", default=os.environ.get("WCE_DATASETS", str(REPO.parent / "shared" / "datasets")))
    ap.add_argument("--per-dataset", type=int, default=PER_DATASET)
    ap.add_argument("--max-cells", type=int, default=MAX_CELLS,
                    help="largest gold x predicted token product given to rouge_score (0: no limit)")
    args = ap.parse_args()
    ensure_venv()
    from rouge_score import rouge_scorer

    records = demo_records()
    if Path(args.datasets).is_dir():
        records += dataset_records(args.datasets, args.per_dataset)
    else:
        print(f"check_rouge: no datasets folder {args.datasets}; demo pages only")
    scorer = rouge_scorer.RougeScorer(["rougeLsum"], tokenizer=WhitespaceTokenizer())
    tok = WhitespaceTokenizer()

    failures, compared, skipped_large, both_empty = [], 0, 0, 0
    max_diff = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        gold_path = Path(tmp) / "gold.jsonl"
        gold_path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        gold = {r["id"]: r["text"] for r in records}
        gold_ids = list(gold)
        gold_sents = dict(zip(gold_ids, split_all(args.split, [gold[i] for i in gold_ids])))
        for ex in EXTRACTORS:
            pred_path, pages_path = Path(tmp) / f"{ex}.pred.jsonl", Path(tmp) / f"{ex}.pages.jsonl"
            with open(pred_path, "w", encoding="utf-8") as f:
                subprocess.run([args.wce, "extract", "--jsonl", "--extractor", ex, str(gold_path)],
                               stdout=f, check=True)
            subprocess.run([args.wce, "eval", str(pred_path), str(gold_path), "--name", ex,
                            "--pages-out", str(pages_path), "--format", "json"],
                           stdout=subprocess.DEVNULL, check=True)
            preds = {p["id"]: p["text"] for p in read_jsonl(pred_path)}
            ours = {p["id"]: p for p in read_jsonl(pages_path)}
            ids = [i for i in gold_ids if i in preds]
            pred_sents = dict(zip(ids, split_all(args.split, [preds[i] for i in ids])))
            for i in ids:
                g = [tok.tokenize(s) for s in gold_sents[i]]
                p = [tok.tokenize(s) for s in pred_sents[i]]
                ng, np_ = sum(map(len, g)), sum(map(len, p))
                if ng == 0 and np_ == 0:
                    both_empty += 1
                    if (ours[i]["precision"], ours[i]["recall"], ours[i]["f1"]) != (1, 1, 1):
                        failures.append(f"{ex} {i}: both texts empty, wce gives {ours[i]}")
                    continue
                if args.max_cells and ng * np_ > args.max_cells:
                    skipped_large += 1
                    continue
                ref = scorer.score("\n".join(gold_sents[i]), "\n".join(pred_sents[i]))["rougeLsum"]
                compared += 1
                for ours_v, ref_v, what in ((ours[i]["precision"], ref.precision, "P"),
                                            (ours[i]["recall"], ref.recall, "R"),
                                            (ours[i]["f1"], ref.fmeasure, "F1")):
                    d = abs(ours_v - ref_v)
                    max_diff = max(max_diff, d)
                    if d > TOLERANCE:
                        failures.append(f"{ex} {i}: {what} wce {ours_v:.9f} rouge_score {ref_v:.9f}")
    print(f"check_rouge: {len(records)} pages x {len(EXTRACTORS)} extractors: {compared} pairs compared "
          f"with {ROUGE_SCORE} rougeLsum, max |difference| {max_diff:.2e}; "
          f"{both_empty} pair(s) with both texts empty (wce 1, rouge_score 0: by convention); "
          f"{skipped_large} pair(s) over {args.max_cells} LCS cells not scored by the reference")
    for f in failures[:50]:
        print("MISMATCH " + f)
    if failures:
        print(f"check_rouge: {len(failures)} mismatch(es)")
        return 1
    if compared == 0:
        print("check_rouge: nothing compared")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
