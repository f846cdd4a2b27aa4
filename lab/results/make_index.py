#!/usr/bin/env python3
"""Writes lab/results/README.md: one line per results file (or folder) saying
what it measured (its title), the command that made it (the first command
quoted in it) and which later file of the same series supersedes it.

  python3 lab/results/make_index.py           # rewrite README.md
  python3 lab/results/make_index.py --check   # exit 1 if README.md is stale

A series is the file name without its date label (`ensemble-2026-11-27d.md`
is of series `ensemble`); data files (.json, folders) belong to the report of
the same date label. Run it after adding a results file; a CTest fails when a
file is missing from the index.
"""
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATED = re.compile(r"^(?P<series>.+?)-(?P<date>20\d\d-\d\d-\d\d[a-z]?)(?P<rest>.*)$")
COMMAND = re.compile(r"`((?:bash|python3|node|build/native/|\.cache/|npx|WCE_|cmake|ctest|valgrind|perf|spark-submit|hyperfine)[^`]{3,})`")
INTRO = """# Results: the laboratory's record

Every measurement the project has recorded, oldest first within a series.
The current figures, each with its command, are in `docs/results.md`; these
files are the history behind them. Paths inside older files may name the
layout of their day (`lab/results/`, `scripts/learn/`: now `lab/results/`,
`lab/learn/`; the training dumpers are in `lab/tools/`).

Regenerate this index with `python3 lab/results/make_index.py` (a CTest,
`results_index`, fails when a file is missing).

| file | what it measured | command | superseded by |
|---|---|---|---|
"""


def describe(path):
    if path.is_dir():
        files = sorted(p.name for p in path.iterdir())
        return f"peer run outputs ({len(files)} files)", ""
    text = path.read_text(errors="replace")
    title = ""
    for line in text.splitlines():
        if line.startswith("#"):
            title = line.lstrip("# ").strip()
            break
    if path.suffix == ".json" or not title:
        title = "data of the report of the same date"
    m = COMMAND.search(text)
    cmd = m.group(1).strip() if m else ""
    if len(cmd) > 110:
        cmd = cmd[:107] + "..."
    return title.replace("|", "/"), cmd.replace("|", "\\|")


def main():
    entries = []
    for p in sorted(HERE.iterdir()):
        if p.name in ("README.md", "make_index.py", "tmp") or p.name.startswith("."):
            continue
        m = DATED.match(p.stem if p.is_file() else p.name)
        series, date = (m.group("series"), m.group("date")) if m else (p.stem, "")
        entries.append((series, date, p))
    latest = {}
    for series, date, p in entries:
        if p.suffix == ".md" or p.is_dir():
            if date >= latest.get(series, ("", None))[0]:
                latest[series] = (date, p.name)
    lines = [INTRO]
    for series, date, p in sorted(entries, key=lambda e: (e[0], e[1], e[2].name)):
        title, cmd = describe(p)
        newest = latest.get(series)
        sup = newest[1] if newest and newest[0] > date and p.suffix != ".json" else ""
        name = p.name + ("/" if p.is_dir() else "")
        lines.append(f"| `{name}` | {title} | {'`' + cmd + '`' if cmd else ''} | {sup} |\n")
    out = "".join(lines)
    target = HERE / "README.md"
    if "--check" in sys.argv:
        if not target.exists() or target.read_text() != out:
            sys.exit("lab/results/README.md is stale: run python3 lab/results/make_index.py")
        return
    target.write_text(out)


if __name__ == "__main__":
    main()
