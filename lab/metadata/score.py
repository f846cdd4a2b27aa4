"""Scores metadata against WCXB's ground truth (meta.title, meta.author, meta.publish_date).

    python3 lab/metadata/score.py DATASET.jsonl.gz ours.jsonl [--trafilatura F.jsonl] [--readability F.jsonl]

Prints a Markdown table. Per field and system:
  match     pages where the answer equals the truth after normalisation, over the
            pages whose truth has the field (coverage: that count);
  given     pages where the system gives the field at all (over all pages);
  wrong     pages where it gives one that is not the truth (the truth has another
            or none), over all pages: the target for authors is <= 5 %.
Normalisation: Unicode NFKC, case folded, white space collapsed, curly quotes and
dashes made ASCII; authors compared as sets of names (split at ';', ',', ' and ',
'&', '|'; quotes and . , : ; trimmed from each name); dates compared as the day (the first YYYY-MM-DD of the answer).
Missing lines (a system that failed on a page) count as empty answers.
--tokens also prints the table with WCXB's own tokenisation of texts (the words \w+ of
the lowercased text): titles as their word sequences, authors as their sets of words (so
"Kaufman, Jeff T." equals "Jeff T. Kaufman", "A and B" equals "A; B"). WCXB defines no
metadata measure; this looser reading is reported beside the exact one, never instead.
--halves also prints the table for the two halves of the domains (lab/learn/folds.py's
fold_of(domain): folds 0-2, where the rules were developed, and folds 3-4, held out).
"""
import argparse
import gzip
import json
import re
import sys
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "learn"))
from folds import domain, fold_of  # noqa: E402

FIELDS = [("title", "title"), ("author", "author"), ("date", "publish_date")]
# Each system's JSON keys for our three fields.
KEYS = {
    "ours": {"title": "title", "author": "author", "date": "date"},
    "trafilatura": {"title": "title", "author": "author", "date": "date"},
    "readability": {"title": "title", "author": "byline", "date": "publishedTime"},
}
TRANSLATE = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
                           "\u2014": "-", "\u00a0": " "})
DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
NAME_SPLIT = re.compile(r"\s*(?:;|,|\band\b|&|\|)\s*")


def norm_text(s):
    s = unicodedata.normalize("NFKC", s or "").translate(TRANSLATE).casefold()
    return " ".join(s.split())


def norm_author(s):
    names = {n.strip(" .,:;'\"") for n in NAME_SPLIT.split(norm_text(s))}
    names.discard("")
    return frozenset(names)


def norm_date(s):
    m = DAY.search(s or "")
    return m.group(0) if m else ("?" + norm_text(s) if s else "")


NORM = {"title": norm_text, "author": norm_author, "date": norm_date}
WORD = re.compile(r"\w+")
STOP = {"and", "by"}
TOKENS = {"title": lambda s: tuple(WORD.findall(norm_text(s))),
          "author": lambda s: frozenset(w for w in WORD.findall(norm_text(s)) if w not in STOP),
          "date": norm_date}


def load(path):
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                out[r["id"]] = r
    return out


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dataset")
    ap.add_argument("ours")
    ap.add_argument("--trafilatura")
    ap.add_argument("--readability")
    ap.add_argument("--halves", action="store_true", help="also the two halves of the domains")
    ap.add_argument("--tokens", action="store_true", help="also the looser word-token comparison")
    args = ap.parse_args(argv[1:])
    truth, fold = {}, {}
    with gzip.open(args.dataset, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            m = r.get("meta") or {}
            truth[r["id"]] = {k: m.get(t) or "" for k, t in FIELDS}
            fold[r["id"]] = fold_of(domain(r.get("url") or ""))
    systems = [("ours", load(args.ours))]
    for name in ("trafilatura", "readability"):
        path = getattr(args, name)
        if path:
            systems.append((name, load(path)))
    name = args.dataset.rsplit('/', 1)[-1]
    table(truth, systems, f"{len(truth)} pages of {name}")
    if args.tokens:
        table(truth, systems, f"\n{len(truth)} pages of {name}, compared as word tokens", TOKENS)
    if args.halves:
        for label, folds in (("folds 0-2 (development half)", {0, 1, 2}), ("folds 3-4 (held-out half)", {3, 4})):
            part = {i: t for i, t in truth.items() if fold[i] in folds}
            table(part, systems, f"\n{len(part)} pages of {name}, {label}")
    return 0


def table(truth, systems, heading, norms=NORM):
    n = len(truth)
    print(heading + "\n")
    print("| field | coverage | system | match | given | wrong |")
    print("|---|---:|---|---:|---:|---:|")
    for field, _ in FIELDS:
        norm = norms[field]
        covered = [i for i, t in truth.items() if t[field]]
        for name, rows in systems:
            key = KEYS[name][field]
            match = given = wrong = 0
            for i, t in truth.items():
                got = norm((rows.get(i) or {}).get(key) or "")
                want = norm(t[field])
                if got:
                    given += 1
                    if got != want:
                        wrong += 1
                if want and got == want:
                    match += 1
            print(f"| {field} | {len(covered)} | {name} | {match / len(covered):.3f} | {given / n:.3f} | "
                  f"{wrong / n:.3f} |")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
