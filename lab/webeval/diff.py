#!/usr/bin/env python3
"""Pages where extractor A does worse than B in a webeval run (for failure analysis).

    lab/webeval/diff.py RUN_DIR A B [--limit N]

A and B are file prefixes in RUN_DIR (.cache/webeval/runs/<name>/): `ours-ensemble`,
`peer-trafilatura`, ... Prints, per page, the "with" snippets A missed and B found,
and the "without" snippets A leaked and B did not, worst pages first, with both
output lengths. Stdlib only.
"""

import argparse
import json
import sys
from pathlib import Path


def load(run, name):
    with open(Path(run) / f"{name}.pages.jsonl", encoding="utf-8") as fh:
        return {r["id"]: r for r in map(json.loads, fh)}


def main(argv):
    ap = argparse.ArgumentParser(prog="lab/webeval/diff.py")
    ap.add_argument("run")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--limit", type=int, default=30)
    args = ap.parse_args(argv)
    a, b = load(args.run, args.a), load(args.run, args.b)
    rows = []
    for pid, ra in a.items():
        rb = b.get(pid)
        if rb is None:
            continue
        missed = [s for s in ra["missed"] if s not in rb["missed"]]
        leaked = [s for s in ra["leaked"] if s not in rb["leaked"]]
        if missed or leaked:
            rows.append((len(missed) + len(leaked), pid, ra, rb, missed, leaked))
    rows.sort(key=lambda r: (-r[0], r[1]))
    lost_tp = sum(len(r[4]) for r in rows)
    extra_fp = sum(len(r[5]) for r in rows)
    print(f"{args.a} vs {args.b}: {len(rows)} pages where {args.a} is worse: {lost_tp} with-snippets missed "
          f"that {args.b} found, {extra_fp} without-snippets leaked that {args.b} dropped")
    for _, pid, ra, rb, missed, leaked in rows[:args.limit]:
        print(f"\n{pid}  {ra.get('url')}\n  chars {args.a} {ra['chars']} ({ra['status']}), {args.b} {rb['chars']}")
        for s in missed:
            print(f"  missed: {s!r}")
        for s in leaked:
            print(f"  leaked: {s!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
