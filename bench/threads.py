#!/usr/bin/env python3
"""Pages per second of `wce extract --jsonl` (or `wce bench`) with --threads 1
and --threads 2 (or any counts), runs interleaved (1, 2, 1, 2, ...) so that both
see the same machine load; the load average is recorded before and after every
run. The outputs of the thread counts are compared without their times (the
"ms" field, or bench's ms columns): they must be identical.

usage: bench/threads.py [--wce build/native/wce] [--extractor readability]
         [--mode extract|bench] [--threads 1,2] [--rounds 3] [--sample N]
         [--out lab/results/threads-DATE.md] [DATASET.jsonl.gz ...]

Default datasets: every *.jsonl.gz of ../shared/datasets (the nine).
--sample N takes the first N records of each dataset (0: all of them); the
sample is written uncompressed to a temporary file first, so that every run
reads the same bytes. Nothing is timed inside the script but the child process.
"""
import argparse
import datetime
import gzip
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def default_datasets():
    for d in (REPO.parent / "shared" / "datasets", REPO.parent.parent / "shared" / "datasets"):
        if d.is_dir():
            return sorted(str(p) for p in d.glob("*.jsonl.gz"))
    return []


def loadavg():
    with open("/proc/loadavg") as f:
        return float(f.read().split()[0])


def write_sample(datasets, per_dataset, path):
    pages = 0
    with open(path, "w", encoding="utf-8") as out:
        for ds in datasets:
            opener = gzip.open if ds.endswith(".gz") else open
            with opener(ds, "rt", encoding="utf-8") as f:
                for n, line in enumerate(f):
                    if per_dataset and n >= per_dataset:
                        break
                    if line.strip():
                        out.write(line if line.endswith("\n") else line + "\n")
                        pages += 1
    return pages


def untimed_digest(mode, path):
    """sha256 of the output without its times."""
    h = hashlib.sha256()
    with open(path, encoding="utf-8") as f:
        for line in f:
            if mode == "extract":
                j = json.loads(line)
                j.pop("ms", None)
                line = json.dumps(j, sort_keys=True, ensure_ascii=False) + "\n"
            else:  # bench TSV: drop ms/page (10th) and ms/kB (14th) columns
                cells = line.rstrip("\n").split("\t")
                line = "\t".join(c for i, c in enumerate(cells) if i not in (9, 13)) + "\n"
            h.update(line.encode())
    return h.hexdigest()


def run_once(args, threads, data, out_path):
    if args.mode == "extract":
        cmd = [args.wce, "extract", "--jsonl", "--extractor", args.extractor, "--threads", str(threads), data]
    else:
        cmd = [args.wce, "bench", "--data", data, "--extractors", args.extractor, "--format", "tsv",
               "--no-progress", "--threads", str(threads)]
    load0 = loadavg()
    with open(out_path, "w") as out, tempfile.TemporaryFile() as err:
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)  # this child's own CPU time and peak memory
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        if p.returncode not in (0, 1):
            sys.exit(f"{' '.join(cmd)}: exit {p.returncode}: {err.read().decode()[-500:]}")
    cpu = usage.ru_utime + usage.ru_stime
    after = usage
    return {"threads": threads, "wall": wall, "cpu": cpu, "rss_mb": after.ru_maxrss / 1024,
            "load_before": load0, "load_after": loadavg()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wce", default=str(REPO / "build" / "native" / "wce"))
    ap.add_argument("--extractor", default="readability", help="extract: one name; bench: a,b or all")
    ap.add_argument("--mode", choices=("extract", "bench"), default="extract")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sample", type=int, default=0, help="first N records per dataset (0: all)")
    ap.add_argument("--out", default="")
    ap.add_argument("datasets", nargs="*")
    args = ap.parse_args()
    datasets = args.datasets or default_datasets()
    if not datasets:
        sys.exit("no datasets: give *.jsonl.gz files or put them in ../shared/datasets")
    counts = [int(t) for t in args.threads.split(",")]

    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "pages.jsonl")
        pages = write_sample(datasets, args.sample, data)
        runs, digests = [], {}
        for r in range(args.rounds):
            for t in counts:
                out = os.path.join(tmp, f"out{t}")
                run = run_once(args, t, data, out)
                run["round"] = r + 1
                run["pages_per_s"] = pages / run["wall"]
                runs.append(run)
                print(f"round {r + 1} threads {t}: {run['wall']:.2f} s wall, {run['cpu']:.2f} s CPU, "
                      f"{run['pages_per_s']:.1f} pages/s, max RSS {run['rss_mb']:.0f} MB, "
                      f"load {run['load_before']:.2f} -> {run['load_after']:.2f}", file=sys.stderr)
                if r == 0:
                    digests[t] = untimed_digest(args.mode, out)
    identical = len(set(digests.values())) == 1

    def med(t, key):
        return statistics.median(x[key] for x in runs if x["threads"] == t)

    base = med(counts[0], "pages_per_s")
    lines = []
    today = datetime.date.today().isoformat()
    lines.append(f"# `--threads`: pages per second, {today}\n")
    what = (f"`wce extract --jsonl --extractor {args.extractor}`" if args.mode == "extract"
            else f"`wce bench --extractors {args.extractor}`")
    lines.append(f"{what} on {pages} pages ({'all' if not args.sample else f'the first {args.sample}'} "
                 f"of each of {len(datasets)} dataset files: {', '.join(Path(d).name for d in datasets)}), "
                 f"{args.rounds} rounds, thread counts interleaved in each round.\n")
    lines.append(f"Machine: {platform.machine()}, {os.cpu_count()} logical CPUs "
                 f"(`hardware_concurrency`), shared with other jobs: load average in the table.\n")
    cmdline = " ".join(["python3", "bench/threads.py"] + sys.argv[1:])
    lines.append(f"Command: `{cmdline}`\n")
    lines.append("| threads | pages/s (median) | speed-up | wall s (median) | CPU s (median) | CPU/wall | max RSS MB | load avg (min-max) |")
    lines.append("|---:|---:|---:|---:|---:|---:|---:|---|")
    for t in counts:
        loads = [x[k] for x in runs if x["threads"] == t for k in ("load_before", "load_after")]
        lines.append(f"| {t} | {med(t, 'pages_per_s'):.1f} | {med(t, 'pages_per_s') / base:.2f}x | "
                     f"{med(t, 'wall'):.2f} | {med(t, 'cpu'):.2f} | {med(t, 'cpu') / med(t, 'wall'):.2f} | "
                     f"{max(x['rss_mb'] for x in runs if x['threads'] == t):.0f} | "
                     f"{min(loads):.2f}-{max(loads):.2f} |")
    lines.append("")
    lines.append("Every run:\n")
    lines.append("| round | threads | wall s | CPU s | pages/s | load before -> after |")
    lines.append("|---:|---:|---:|---:|---:|---|")
    for x in runs:
        lines.append(f"| {x['round']} | {x['threads']} | {x['wall']:.2f} | {x['cpu']:.2f} | "
                     f"{x['pages_per_s']:.1f} | {x['load_before']:.2f} -> {x['load_after']:.2f} |")
    lines.append("")
    lines.append(f"Output without times identical for every thread count: **{'yes' if identical else 'NO'}** "
                 f"(sha256 {', '.join(f'{t}: {d[:12]}' for t, d in digests.items())}).\n")
    text = "\n".join(lines)
    print(text)
    if args.out:
        Path(args.out).write_text(text)
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
