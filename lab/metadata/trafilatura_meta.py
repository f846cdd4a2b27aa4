"""trafilatura's extract_metadata on every page of a dataset file, one JSON line per page.

    python lab/metadata/trafilatura_meta.py DATASET.jsonl.gz > trafilatura.jsonl

Each line: {"id", "title", "author", "date", "sitename", "ms"} (plus "error").
trafilatura reads the same html string and URL as ours (the record's decoded html).
"""
import gzip
import json
import sys
import time

from trafilatura.metadata import extract_metadata


def main(paths):
    for path in paths:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                out = {"id": rec["id"]}
                t0 = time.perf_counter()
                try:
                    doc = extract_metadata(rec.get("html") or "", default_url=rec.get("url"))
                    out.update(title=doc.title or "", author=doc.author or "", date=doc.date or "",
                               sitename=doc.sitename or "")
                except Exception as e:  # a peer's failure is a result: an empty answer
                    out["error"] = repr(e)[:200]
                out["ms"] = (time.perf_counter() - t0) * 1000
                print(json.dumps(out, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: trafilatura_meta.py DATASET.jsonl.gz... > trafilatura.jsonl")
    main(sys.argv[1:])
