#!/usr/bin/env python3
"""Real-web check: our extractors and peers on trafilatura's snippet evaluation set.

Run it through lab/webeval/run.sh (which fetches the set and installs the peers
under .cache/); see lab/webeval/README.md. Ours run through `wce extract --jsonl
--threads 1`, the peers through lab/peers' processes (peers.py: the same
adapters, the same protocol, HTML outputs rendered by our all_text); every output is
scored by score.py. Outputs and per-page rows go to .cache/webeval/runs/<name>/
(text derived from the pages: never committed); the summary table (markdown) to
--out.
"""

# Defaults (edit here).
OURS = ["readability", "trafilatura", "goose", "domdistiller", "justext", "resiliparse", "boilerpipe",
        "boilerpipe_article", "boilerpipe_largest", "bte", "cetd", "lxml_cleaner", "ensemble", "vote_best",
        "vote_best_weighted", "web2text", "boilernet", "boilernet_small", "dragnet", "all_text"]
PEERS = ["trafilatura", "readability_js", "readability_lxml", "go_domdistiller", "justext", "goose3",
         "resiliparse", "boilerpipe_default", "boilerpipe_article"]
TIMEOUT_S = 60.0  # per page, for a peer process

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "lab" / "peers"))
import peers  # noqa: E402  (lab/peers/peers.py: processes, versions, machine info)
import score  # noqa: E402

CACHE = REPO / ".cache" / "webeval"


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")


def run_ours(wce, extractor, data, out_path, ids):
    """id -> {"text", "ms", "status"}; a page wce skipped (limit, budget) counts as an error."""
    t0 = time.monotonic()
    with open(out_path, "w", encoding="utf-8") as out:
        r = subprocess.run([wce, "extract", "--jsonl", "--threads", "1", "--quiet", "--extractor", extractor, str(data)],
                           stdout=out, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    if r.returncode not in (0, 1):
        raise RuntimeError(f"wce extract -e {extractor} failed ({r.returncode}): {r.stderr.strip()[:300]}")
    got = {o["id"]: dict(o, status="ok") for o in score.read_jsonl(out_path)}
    for i in ids:
        got.setdefault(i, {"text": "", "status": "error"})
    return got, wall, r.stderr.strip()


def run_peer(name, recs, wce, work, timeout, progress):
    """id -> {"text", "ms", "status"} for one original, or raises RuntimeError if not installed."""
    argv, env = peers.peer_command(name)
    proc = peers.PeerProcess(name, argv, env, work / "logs" / f"{name}.stderr.log", timeout)
    t0 = time.monotonic()
    proc.ask(recs[0])  # untimed warm-up: JIT, lazy imports
    proc.restarts = 0
    res = {}
    try:
        for i, r in enumerate(recs):
            if i % 50 == 0:
                progress.show(f"[webeval] {name}: page {i + 1}/{len(recs)}")
            # The page's <html lang>: the jusText original has no language detection (ours has).
            lang = (r.get("meta") or {}).get("html_lang")
            text, ms, status, err = proc.ask({"id": r["id"], "html": r["html"], "url": r.get("url"), "lang": lang})
            res[r["id"]] = {"text": text, "ms": ms, "status": status, "error": err}
    finally:
        proc.close()
    wall = time.monotonic() - t0
    if peers.PEERS[name]["output"] == "html":
        # Render the original's HTML with our all_text, as lab/peers does: one renderer for all.
        html_in = work / f"peer-{name}.html.jsonl"
        write_jsonl(html_in, ({"id": i, "html": o["text"]} for i, o in res.items()))
        rendered, _, _ = run_ours(wce, "all_text", html_in, work / f"peer-{name}.rendered.jsonl", list(res))
        for i, o in res.items():
            o["text"] = rendered[i].get("text", "") if o["text"] else ""
    return res, wall, proc.restarts


def fmt(x, d=3):
    return "" if x is None else (f"{x:.{d}f}" if isinstance(x, float) else str(x))


def main(argv):
    ap = argparse.ArgumentParser(prog="lab/webeval/run.sh", description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", default=str(CACHE / "trafilatura-eval.jsonl.gz"))
    ap.add_argument("--extractors", default=",".join(OURS), help="ours, comma-separated ('' for none)")
    ap.add_argument("--peers", default=",".join(PEERS), help="lab/peers originals, comma-separated ('' for none)")
    ap.add_argument("--pages", type=int, default=0, help="the first N pages only (0: all)")
    ap.add_argument("--name", default=None, help="run name (folder under .cache/webeval/runs/; default webeval-<date>)")
    ap.add_argument("--out", default=None, help="markdown summary (default .cache/webeval/runs/<name>/summary.md)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT_S)
    ap.add_argument("--wce", default=str(REPO / "build" / "native" / "wce"))
    ap.add_argument("--rescore", action="store_true",
                    help="run nothing: score the outputs already in the run folder of --name again")
    ap.add_argument("--command", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--print-peers", action="store_true", help=argparse.SUPPRESS)  # for run.sh's installs
    args = ap.parse_args(argv)
    if args.print_peers:
        print(",".join(p for p in args.peers.split(",") if p))
        return 0

    started = datetime.datetime.now(datetime.timezone.utc)
    name = args.name or f"webeval-{started:%Y-%m-%d}"
    work = CACHE / "runs" / name
    (work / "logs").mkdir(parents=True, exist_ok=True)
    data = work / "pages.jsonl"
    if args.rescore:  # the pages of that run, as they were
        recs = score.read_jsonl(data)
    else:
        recs = score.read_jsonl(args.data)
        if args.pages:
            recs = recs[:args.pages]
        write_jsonl(data, recs)
    pages = [(r["id"], r.get("url"), list(r["meta"]["with"]), list(r["meta"]["without"])) for r in recs]
    ids = [r["id"] for r in recs]
    del recs
    machine = peers.machine_info()
    progress = peers.Progress()
    available = set() if args.rescore else set(peers.wce_list(args.wce))

    rows, notes, versions = [], [], {}

    def add(name, side, preds, wall):
        s, per_page = score.score(pages, preds)
        rows.append((name, side, s, wall))
        write_jsonl(work / f"{side}-{name}.pages.jsonl", per_page)
        progress.show(f"[webeval] {side} {name}: F1 {s['f1']:.3f}", final=True)

    for ex in [e for e in args.extractors.split(",") if e]:
        if args.rescore:
            if (work / f"ours-{ex}.jsonl").is_file():
                got = {o["id"]: dict(o, status="ok") for o in score.read_jsonl(work / f"ours-{ex}.jsonl")}
                add(ex, "ours", {i: got.get(i, {"text": "", "status": "error"}) for i in ids}, None)
            continue
        if ex not in available:
            notes.append(f"ours {ex}: not in `wce list`; skipped")
            continue
        progress.show(f"[webeval] ours {ex}")
        preds, wall, err = run_ours(args.wce, ex, data, work / f"ours-{ex}.jsonl", ids)
        if err:
            notes.append(f"ours {ex}: wce said: {err.splitlines()[-1][:200]}")
        add(ex, "ours", preds, wall)
    peer_names = [p for p in args.peers.split(",") if p]
    recs = score.read_jsonl(data) if peer_names and not args.rescore else []
    for p in peer_names:
        if p not in peers.PEERS:
            notes.append(f"peer {p}: unknown; skipped")
            continue
        if args.rescore:
            if (work / f"peer-{p}.jsonl").is_file():
                versions[p] = peers.peer_version(p)
                add(p, "peer", {o["id"]: o for o in score.read_jsonl(work / f"peer-{p}.jsonl")}, None)
            continue
        try:
            preds, wall, restarts = run_peer(p, recs, args.wce, work, args.timeout, progress)
        except RuntimeError as e:
            notes.append(f"peer {p}: not run: {e}")
            continue
        versions[p] = peers.peer_version(p)
        if restarts:
            notes.append(f"peer {p}: process restarted {restarts} time(s) after a timeout or crash")
        write_jsonl(work / f"peer-{p}.jsonl",
                    ({"id": i, "text": o["text"], "ms": o["ms"], "status": o["status"], "error": o["error"]}
                     for i, o in preds.items()))
        add(p, "peer", preds, wall)
    finished = datetime.datetime.now(datetime.timezone.utc)

    rows.sort(key=lambda r: -r[2]["f1"])
    n_with = sum(len(w) for _, _, w, _ in pages)
    n_without = sum(len(wo) for _, _, _, wo in pages)
    when = (f"Rescored {finished:%Y-%m-%d %H:%M} UTC from the outputs in `{work}` (the times are those of "
            f"the run that wrote them); " if args.rescore else f"Started {started:%Y-%m-%d %H:%M} UTC, finished {finished:%H:%M} UTC; ")
    out = [f"Command: `{args.command or 'lab/webeval/run.py ' + ' '.join(argv)}`",
           when + f"machine: {machine['nproc']} cores, {machine['cpu']}, {machine['ram']}; "
           f"load average at the end {peers.machine_info()['load']} (at the start {machine['load']}).",
           f"Data: `{args.data}`: {len(pages)} pages, {n_with} \"with\" and {n_without} \"without\" snippets.",
           "", "| extractor | side | P | R | F1 | accuracy | F1 raw | TP | FN | FP | TN | empty | errors | ms/page mean | ms/page median |",
           "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n, side, s, wall in rows:
        out.append(f"| {n} | {side} | {fmt(s['precision'])} | {fmt(s['recall'])} | **{fmt(s['f1'])}** | "
                   f"{fmt(s['accuracy'])} | {fmt(s['f1_raw'])} | {s['tp']} | {s['fn']} | {s['fp']} | {s['tn']} | "
                   f"{s['empty']} | {s['errors']} | {fmt(s['ms_mean'], 1)} | {fmt(s['ms_median'], 1)} |")
    if versions:
        out += ["", "Peers: " + "; ".join(f"`{k}` = {v}" for k, v in versions.items())]
    if notes:
        out += ["", "Notes:"] + [f"- {n}" for n in notes]
    md = "\n".join(out) + "\n"
    tag = "-rescored" if args.rescore else ""
    dest = Path(args.out) if args.out else work / f"summary{tag}.md"
    dest.write_text(md, encoding="utf-8")
    (work / f"summary{tag}.json").write_text(json.dumps([{"name": n, "side": side, **s, "wall_s": wall}
                                                   for n, side, s, wall in rows], indent=1))
    print(md)
    print(f"webeval: wrote {dest} and {work}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
