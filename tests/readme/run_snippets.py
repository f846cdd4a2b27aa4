#!/usr/bin/env python3
"""Runs the README's code blocks as written: every ```js / ```javascript /
```mjs / ```cjs and ```python / ```py block under the chosen headings.

A block runs in a fresh temporary folder holding `page.html` (a demo page)
and, for JS, a `node_modules/wce` that is this repository (the package's own
entry points, `exports` and `build/wasm`, as after `npm install` of the
packed tarball); Python blocks run with the given interpreter, which must
have the module installed (`pip install .`, tests/python/run.sh's venv by
default). A small prelude defines the names that snippets use without
defining them (html, html_str, raw_bytes, gold, pred); a snippet that defines
them itself wins. JS blocks with `require(` and no import/export statement run
as CommonJS inside an async function, the others as ES modules (top-level
await).

A block is skipped when the line before its fence is
`<!-- readme-test: skip -->` (a shell transcript, a fragment). Exit 1 when a
block fails, 2 when no block was found.

usage: tests/readme/run_snippets.py [--readme README.md] [--sections REGEX]
                                    [--python PATH] [--list]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
JS = {"js", "javascript", "mjs", "cjs"}
PY = {"python", "py"}
SKIP = "<!-- readme-test: skip -->"
TIMEOUT_S = 300


def blocks(readme, sections):
    """(heading, language, code, line) of each fenced block under a heading matching `sections`."""
    out, heading, keep = [], "", False
    lines = readme.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^(#{1,6})\s+(.*)$", line)
        if m:
            heading = m.group(2).strip()
            keep = re.search(sections, heading, re.I) is not None
        fence = re.match(r"^(\s*)(`{3,})\s*([\w+-]*)\s*$", line)
        if fence:
            indent, ticks, lang = fence.group(1), fence.group(2), fence.group(3).lower()
            body, j = [], i + 1
            while j < len(lines) and not re.match(r"^\s*" + ticks + r"\s*$", lines[j]):
                body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
                j += 1
            skipped = i > 0 and lines[i - 1].strip() == SKIP
            if keep and not skipped and (lang in JS or lang in PY):
                out.append((heading, lang, "\n".join(body) + "\n", i + 1))
            i = j + 1
            continue
        i += 1
    return out


def demo_page():
    pages = sorted(p for p in (REPO / "demo").iterdir() if (p / "source.html").exists())
    return pages[0] / "source.html"


def js_prelude(page):
    return f"const html = {json.dumps(page.read_text(encoding='utf-8', errors='replace'))};\n"


def py_prelude(page):
    return (f"html = open({str(page)!r}, encoding='utf-8', errors='replace').read()\n"
            "html_str = html\n"
            f"raw_bytes = open({str(page)!r}, 'rb').read()\n"
            "gold = 'The gold text of the page.'\n"
            "pred = 'The predicted text of the page.'\n")


def defines(code, name):
    return re.search(r"(?:\b(?:const|let|var)\s+|^\s*)" + re.escape(name) + r"\s*=", code, re.M) is not None


def run_js(code, folder):
    nm = folder / "node_modules"
    nm.mkdir()
    os.symlink(REPO, nm / "wce")
    prelude = "" if defines(code, "html") else js_prelude(folder / "page.html")
    if not re.search(r"^\s*(import|export)\s", code, re.M) and "require(" in code:
        path = folder / "snippet.cjs"
        path.write_text(prelude + "(async () => {\n" + code + "})().catch((e) => { console.error(e); process.exit(1); });\n")
    else:
        path = folder / "snippet.mjs"
        path.write_text(prelude + code)
    return subprocess.run(["node", str(path)], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT_S)


def run_py(code, folder, python):
    prelude = py_prelude(folder / "page.html")
    path = folder / "snippet.py"
    path.write_text(prelude + code)
    return subprocess.run([python, str(path)], cwd=folder, capture_output=True, text=True, timeout=TIMEOUT_S)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--readme", default=str(REPO / "README.md"))
    ap.add_argument("--sections", default=r"install|usage|use|quick ?start|python|npm|node")
    ap.add_argument("--python", default=str(REPO / ".cache" / "py-venv" / "bin" / "python"))
    ap.add_argument("--list", action="store_true", help="list the blocks that would run, run none")
    args = ap.parse_args()
    found = blocks(Path(args.readme).read_text(encoding="utf-8"), args.sections)
    if not found:
        print(f"run_snippets: no JS or Python block under a heading matching /{args.sections}/ in {args.readme}")
        sys.exit(2)
    failures = 0
    for heading, lang, code, line in found:
        label = f"{Path(args.readme).name}:{line} ({heading}, {lang})"
        if args.list:
            print(label)
            continue
        folder = Path(tempfile.mkdtemp(prefix="wce-readme-"))
        try:
            shutil.copy(demo_page(), folder / "page.html")
            # Paths as the README gives them, relative to the repository (demo/...).
            os.symlink(REPO / "demo", folder / "demo")
            r = run_js(code, folder) if lang in JS else run_py(code, folder, args.python)
            ok = r.returncode == 0
            print(("ok   " if ok else "FAIL ") + label)
            if not ok:
                failures += 1
                print("     " + (r.stderr.strip() or r.stdout.strip())[-1500:].replace("\n", "\n     "))
        except subprocess.TimeoutExpired:
            failures += 1
            print(f"FAIL {label}: over {TIMEOUT_S} s")
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    if not args.list:
        print(f"run_snippets: {len(found) - failures} of {len(found)} blocks ran")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
