#!/usr/bin/env python3
"""Smoke test of lab/webeval: the converter (fetch.py) and the snippet scorer (score.py).

    tests/webeval/check_webeval.py [--wce path/to/wce]

Builds a module zip in the layout of go-trafilatura's (data.go + test-files/comparison
and test-files/mock) from the files next to this script, converts it, and checks the
records (entries, skipped missing file, decoded charsets, parsed Go escapes) and the
counts of the scorer on hand-written outputs; with --wce also on `wce extract --jsonl
--extractor all_text` outputs (all visible text: every body snippet found, script
text not). Stdlib only; runs in about a second.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "lab" / "webeval"))
import fetch  # noqa: E402
import score  # noqa: E402

failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def counts(s):
    return (s["tp"], s["fn"], s["fp"], s["tn"], s["empty"], s["errors"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wce", default=None)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        zpath = tmp / "module.zip"
        with zipfile.ZipFile(zpath, "w") as z:
            z.write(HERE / "data.go", fetch.DATA_GO)
            for sub in ("comparison", "mock"):
                for f in sorted((HERE / sub).glob("*.html")):
                    z.write(f, f"{fetch.PREFIX}test-files/{sub}/{f.name}")
        out = tmp / "set.jsonl.gz"
        r = subprocess.run([sys.executable, str(REPO / "lab" / "webeval" / "fetch.py"), "--zip", str(zpath),
                            "--no-verify", "--out", str(out)], capture_output=True, text=True)
        check(r.returncode == 0, f"fetch.py exits 0 ({r.stderr.strip()[-200:]})")
        check("4 entries in data.go, 3 written" in r.stderr and "1 skipped" in r.stderr,
              "4 entries, 3 written, 1 skipped (missing file)")
        check("no file 'not-there.html'" in r.stderr, "the missing file is named in a warning")
        r2 = subprocess.run([sys.executable, str(REPO / "lab" / "webeval" / "fetch.py"), "--zip", str(zpath),
                             "--out", str(tmp / "x.jsonl.gz")], capture_output=True, text=True)
        check(r2.returncode != 0 and "sha256" in r2.stderr, "a zip that is not the pinned one is refused")

        recs = {r["meta"]["file"]: r for r in score.read_jsonl(out)}
        u = recs.get("test-files/comparison/utf8.html", {})
        lat = recs.get("test-files/comparison/latin.html", {})
        m = recs.get("test-files/mock/in-mock.html", {})
        check(bool(u and lat and m), "records for comparison/ and mock/ files")
        check(u.get("meta", {}).get("with") == ['Der Bär "tanzt" im Wald.', "zweite\u00a0Zeile geht weiter",
                                                  " Einrückung "], "Go escapes and raw strings parsed")
        check(u.get("url") == "https://example.org/utf8" and u.get("text") is None
              and u["meta"].get("snippet_only") is True, "url kept, no gold text, marked snippet-only")
        check(u.get("meta", {}).get("html_lang") == "de" and u.get("lang") is None, "html_lang read, lang left null")
        check("Grüße aus Köln" in lat.get("html", "") and lat["meta"].get("html_encoding") == "cp1252",
              "iso-8859-1 page decoded as cp1252")

        pages = score.load_pages(out)
        # "Bär" decomposed (a + combining diaeresis), as some pages spell it: NFC makes it match.
        preds = {u["id"]: {"text": 'Der Ba\u0308r "tanzt" im Wald.\nzweite Zeile\n  geht weiter'},
                 m["id"]: {"text": "  \n"}}
        s, rows = score.score(pages, preds)
        # utf8: TP 2 (Unicode- and whitespace-normalised), FN 1, TN 2; latin (no output): FN 2, TN 1; mock (empty): FN 1.
        check(counts(s) == (2, 4, 0, 3, 1, 1), f"scorer counts on hand-written outputs {counts(s)}")
        check(abs(s["precision"] - 1.0) < 1e-9 and abs(s["recall"] - 2 / 6) < 1e-9
              and abs(s["f1"] - 4 / 8) < 1e-9 and abs(s["accuracy"] - 5 / 9) < 1e-9, "P, R, F1, accuracy")
        check(s["f1_raw"] == 0.0, "raw rule (no normalisation) finds none of them")
        row = next(x for x in rows if x["id"] == u["id"])
        check(row["missed"] == [" Einrückung "], "the missed snippet is listed")
        # Some snippets keep the page's soft hyphens; our renderer drops them (invisible in a line).
        check(score.norm("Werk\u00adzeug\u2060typen") == "Werkzeugtypen", "soft hyphen and word joiner are removed")

        if args.wce:
            pred = tmp / "all_text.jsonl"
            with open(pred, "w") as fh:
                r = subprocess.run([args.wce, "extract", "--jsonl", "--quiet", "-e", "all_text", str(out)], stdout=fh)
            check(r.returncode == 0, "wce extract --jsonl reads the converted records")
            s, _ = score.score(pages, {o["id"]: o for o in score.read_jsonl(pred)})
            # utf8: 3 TP, "Impressum" (nav) FP, "var tracking" (script) TN; latin: TP, FN, "Menü" FP; mock: TP.
            check(counts(s) == (5, 1, 2, 1, 0, 0), f"scorer counts on wce all_text {counts(s)}")
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    print("webeval checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
