#!/usr/bin/env python3
"""Input for the Spark job's check and benchmark: the first N dataset records
with HTML (round robin over the datasets of ../shared/datasets) as JSON lines,
and the same pages as a WARC of HTML responses written by warcio (one gzip
member per record), WARC-Record-ID = the record's id.

usage: make_input.py N OUT.jsonl [OUT.warc.gz]
"""
import gzip
import io
import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DATASETS = ["l3s-gn1", "cleaneval", "dragnet", "google-trends-2017", "htmltotext-benchmark",
            "readability", "daniel", "cleanportaleval", "big9"]


def folder():
    env = os.environ.get("WCE_DATASETS")
    if env:
        return Path(env)
    for c in (REPO.parent / "shared" / "datasets", REPO.parent.parent / "shared" / "datasets"):
        if c.is_dir():
            return c
    sys.exit("make_input.py: ../shared/datasets not found (set WCE_DATASETS)")


def records(n):
    files = [gzip.open(folder() / f"{d}.jsonl.gz", "rt", encoding="utf-8")
             for d in DATASETS if (folder() / f"{d}.jsonl.gz").exists()]
    out = []
    while len(out) < n and files:
        for f in list(files):
            line = f.readline()
            if not line:
                files.remove(f)
                continue
            rec = json.loads(line)
            if rec.get("html"):
                out.append({"id": rec["id"], "url": rec.get("url") or f"https://{rec.get('dataset', 'x')}.test/{rec['id']}",
                            "lang": rec.get("lang", ""), "html": rec["html"]})
            if len(out) == n:
                break
    return out


def main():
    n, out_jsonl = int(sys.argv[1]), Path(sys.argv[2])
    recs = records(n)
    out_jsonl.parent.mkdir(parents=True, exist_ok=True)
    out_jsonl.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    if len(sys.argv) > 3:
        from warcio.statusandheaders import StatusAndHeaders
        from warcio.warcwriter import WARCWriter
        with open(sys.argv[3], "wb") as f:
            w = WARCWriter(f, gzip=True)
            for r in recs:
                http = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
                w.write_record(w.create_warc_record(r["url"], "response", payload=io.BytesIO(r["html"].encode("utf-8")),
                                                    http_headers=http, warc_headers_dict={"WARC-Record-ID": r["id"]}))
    print(f"make_input.py: {len(recs)} pages -> {out_jsonl}" + (f", {sys.argv[3]}" if len(sys.argv) > 3 else ""))


if __name__ == "__main__":
    main()
