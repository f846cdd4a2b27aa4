#!/usr/bin/env python3
"""Peer benchmark: the original extractors next to ours, on the same pages.

Run it through lab/peers/run.sh (which installs the originals under
.cache/peers/ and then calls this file with the venv's Python); see
lab/peers/README.md. Per dataset and per pair (original, ours) it reports
ROUGE-LSum F1 of both against the gold, the agreement (F1 of ours against the
original's output) and the time per page of both. All scoring is done by
`wce eval`; nothing here computes ROUGE.

Internal modes: `--worker PEER` (one Python original as a subprocess speaking
the JSONL protocol below) and `--needs` (which install groups the selected
peers need; stdlib only, so run.sh can call it before the venv exists).

Protocol of every peer process (Python worker, Node, Java, Go): one JSON object
per line on stdin {"id", "html", "url", "lang"}; one per line on stdout
{"id", "text", "ms"[, "error"]}, "ms" measured inside the process around the
original's call, parse included.
"""

# --------------------------------------------------------------------------
# Which of OUR extractors each original is compared with (edit here).
# A pair whose right-hand side is not in `wce list` is skipped with a note.
# `--map peer=ours,...` overrides entries for one run (reported in the summary).
# --------------------------------------------------------------------------
RENDERING_BASELINE = "rendering"  # our html_text / inscriptis-style baseline

OURS = {
    "readability_js": "readability",
    "readability_lxml": "readability",
    "boilerpipe_default": "boilerpipe",
    "boilerpipe_article": "boilerpipe_article",
    "boilerpipe_largest": "boilerpipe_largest",
    "boilerpipe_keepall": "boilerpipe_keepall",
    "boilerpy3_default": "boilerpipe",          # a Python port, a second reference
    "boilerpy3_article": "boilerpipe_article",  # idem
    "justext": "justext",
    "trafilatura": "trafilatura",
    "goose3": "goose",
    "newspaper3k": "goose",
    "resiliparse": "resiliparse",
    "inscriptis": RENDERING_BASELINE,
    "html_text": RENDERING_BASELINE,
    "lxml_cleaner": "lxml_cleaner",
    "go_domdistiller": "domdistiller",
    "dragnet": "dragnet",
}
# bte, lqf*, cetr, ... have no original implementation to compare with.

# kind: how the original runs (python: worker subprocess of this file; node,
# java, go: the runners in this folder; dragnet: a worker of this file in
# dragnet's own Python 3.6 venv, .cache/peers/dragnet/venv). output: "text", or "html" (rendered to
# text by `wce extract --extractor all_text`, the same renderer as ours).
PEERS = {
    "readability_js": dict(kind="node", output="html", package="@mozilla/readability (npm) on jsdom",
                           what="Mozilla Readability.js (Firefox Reader View); Readability.parse().content"),
    "readability_lxml": dict(kind="python", output="html", package="readability-lxml",
                             what="Python port of arc90 Readability; Document(html).summary()"),
    "boilerpipe_default": dict(kind="java", arg="default", output="text", package="libboilerpipe-java",
                               what="Boilerpipe 1.2 DefaultExtractor (Kohlschuetter et al. 2010)"),
    "boilerpipe_article": dict(kind="java", arg="article", output="text", package="libboilerpipe-java",
                               what="Boilerpipe 1.2 ArticleExtractor"),
    "boilerpipe_largest": dict(kind="java", arg="largest", output="text", package="libboilerpipe-java",
                               what="Boilerpipe 1.2 LargestContentExtractor"),
    "boilerpipe_keepall": dict(kind="java", arg="keepall", output="text", package="libboilerpipe-java",
                               what="Boilerpipe 1.2 KeepEverythingExtractor"),
    "boilerpy3_default": dict(kind="python", output="text", package="boilerpy3",
                              what="boilerpy3 (Python port of Boilerpipe) DefaultExtractor"),
    "boilerpy3_article": dict(kind="python", output="text", package="boilerpy3",
                              what="boilerpy3 (Python port of Boilerpipe) ArticleExtractor"),
    "justext": dict(kind="python", output="text", package="justext",
                    what="jusText: non-boilerplate paragraphs, stop list from the page's lang"),
    "trafilatura": dict(kind="python", output="text", package="trafilatura",
                        what="trafilatura.extract(html) with default options"),
    "goose3": dict(kind="python", output="text", package="goose3",
                   what="Goose3 cleaned_text (image fetching off)"),
    "newspaper3k": dict(kind="python", output="text", package="newspaper3k",
                        what="newspaper3k Article.text (no download, no images)"),
    "resiliparse": dict(kind="python", output="text", package="resiliparse",
                        what="Resiliparse extract_plain_text(main_content=True)"),
    "inscriptis": dict(kind="python", output="text", package="inscriptis",
                       what="inscriptis.get_text(html): layout-aware rendering of the whole page"),
    "html_text": dict(kind="python", output="text", package="html-text",
                      what="html_text.extract_text(html): rendering of the whole page"),
    "lxml_cleaner": dict(kind="python", output="html", package="lxml_html_clean",
                         what="lxml_html_clean Cleaner with the kill list and options of Bevendorff et al. 2023 "
                              "(extract_lxml_cleaner); the cleaned HTML"),
    "go_domdistiller": dict(kind="go", output="html", package="github.com/markusmobius/go-domdistiller",
                            what="Go port of Chromium DOM Distiller (pagination off), rendered node"),
    "dragnet": dict(kind="dragnet", output="text", package="dragnet",
                    what="dragnet 2.0.4 extract_content(html): default content model "
                         "(Kohlschuetter + Weninger + readability features, ExtraTreesClassifier)"),
}

CLASSPATH = "/usr/share/java/boilerpipe.jar:/usr/share/java/nekohtml.jar:/usr/share/java/xercesImpl.jar"

import argparse
import datetime
import json
import os
import platform
import queue
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CACHE = REPO / ".cache" / "peers"
DATASETS = REPO.parent / "shared" / "datasets"


# ------------------------------------------------------------------ adapters
# One factory per Python original: imports and one-time setup happen here
# (untimed); the returned function maps one record to text (or HTML), and the
# worker times that call: parse included, since every one takes the raw HTML.

# Language code -> jusText stop list: the same table as ours
# (scripts/gen_stopwords.mjs JUSTEXT_CODES; "no" is Bokmål there too), so that
# both sides use the same list, or both the language-independent mode (no
# list: zh, ja, ...). A record without lang gets English here (the original
# has no language detection); ours then uses its detected language.
JUSTEXT_LANG = {
    "af": "Afrikaans", "sq": "Albanian", "ar": "Arabic", "an": "Aragonese", "hy": "Armenian",
    "rup": "Aromanian", "ast": "Asturian", "az": "Azerbaijani", "eu": "Basque", "be": "Belarusian",
    "bn": "Bengali", "bpy": "Bishnupriya_Manipuri", "bs": "Bosnian", "br": "Breton", "bg": "Bulgarian",
    "ca": "Catalan", "ceb": "Cebuano", "cv": "Chuvash", "hr": "Croatian", "cs": "Czech", "da": "Danish",
    "nl": "Dutch", "en": "English", "eo": "Esperanto", "et": "Estonian", "fi": "Finnish", "fr": "French",
    "gl": "Galician", "ka": "Georgian", "de": "German", "el": "Greek", "gu": "Gujarati", "ht": "Haitian",
    "he": "Hebrew", "hi": "Hindi", "hu": "Hungarian", "is": "Icelandic", "io": "Ido", "ig": "Igbo",
    "id": "Indonesian", "ga": "Irish", "it": "Italian", "jv": "Javanese", "kn": "Kannada", "kk": "Kazakh",
    "ko": "Korean", "ku": "Kurdish", "ky": "Kyrgyz", "la": "Latin", "lv": "Latvian", "lt": "Lithuanian",
    "lmo": "Lombard", "nds": "Low_Saxon", "lb": "Luxembourgish", "mk": "Macedonian", "ms": "Malay",
    "ml": "Malayalam", "mt": "Maltese", "mr": "Marathi", "nap": "Neapolitan", "ne": "Nepali", "new": "Newar",
    "nb": "Norwegian_Bokmal", "no": "Norwegian_Bokmal", "nn": "Norwegian_Nynorsk", "oc": "Occitan",
    "fa": "Persian", "pms": "Piedmontese", "pl": "Polish", "pt": "Portuguese", "qu": "Quechua",
    "ro": "Romanian", "ru": "Russian", "sgs": "Samogitian", "sr": "Serbian", "sh": "Serbo_Croatian",
    "scn": "Sicilian", "sk": "Slovak", "sl": "Slovenian", "es": "Spanish", "su": "Sundanese", "sw": "Swahili",
    "sv": "Swedish", "tl": "Tagalog", "ta": "Tamil", "te": "Telugu", "tr": "Turkish", "tk": "Turkmen",
    "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek", "vi": "Vietnamese", "vo": "Volapuk", "wa": "Walloon",
    "war": "Waray_Waray", "cy": "Welsh", "fy": "West_Frisian", "pnb": "Western_Panjabi", "yo": "Yoruba",
}


def adapter_justext():
    import justext
    stoplists = {}

    def run(rec):
        lang = (rec.get("lang") or "en").replace("_", "-").split("-")[0].lower()
        name = JUSTEXT_LANG.get(lang)
        if name is None:
            # No stop list (zh, ja, ...): jusText's language-independent mode
            # (its CLI's `-s None`: empty list, both stop-word thresholds 0).
            paras = justext.justext(rec["html"], frozenset(), stopwords_low=0, stopwords_high=0)
        else:
            if name not in stoplists:
                stoplists[name] = justext.get_stoplist(name)
            paras = justext.justext(rec["html"], stoplists[name])
        return "\n".join(p.text for p in paras if not p.is_boilerplate)
    return run


def adapter_trafilatura():
    import trafilatura
    return lambda rec: trafilatura.extract(rec["html"]) or ""


def adapter_readability_lxml():
    from readability import Document
    return lambda rec: Document(rec["html"]).summary(html_partial=True) or ""


def adapter_goose3():
    from goose3 import Goose
    g = Goose({"enable_image_fetching": False})
    return lambda rec: g.extract(raw_html=rec["html"]).cleaned_text or ""


def adapter_newspaper3k():
    from newspaper import Article, Config
    cfg = Config()
    cfg.fetch_images = False
    cfg.memoize_articles = False

    def run(rec):
        url = rec.get("url") if isinstance(rec.get("url"), str) and rec["url"].startswith("http") else "http://localhost/"
        a = Article(url, config=cfg)
        a.download(input_html=rec["html"])
        a.parse()
        return a.text or ""
    return run


def adapter_resiliparse():
    from resiliparse.extract.html2text import extract_plain_text
    from resiliparse.parse.html import HTMLTree
    return lambda rec: extract_plain_text(HTMLTree.parse(rec["html"]), main_content=True) or ""


def adapter_inscriptis():
    import inscriptis
    return lambda rec: inscriptis.get_text(rec["html"]) or ""


def adapter_html_text():
    import html_text
    return lambda rec: html_text.extract_text(rec["html"]) or ""


# Bevendorff et al. 2023, chatnoir-eu/web-content-extraction-benchmark,
# src/extraction_benchmark/extractors/extractors.py (extract_lxml_cleaner):
# the kill list and Cleaner options of their lxml Cleaner baseline. They
# joined the cleaned page's text nodes with BeautifulSoup; here the cleaned
# HTML goes through our all_text renderer, like every HTML-returning peer.
LXML_CLEANER_KILL_TAGS = [
    'aside', 'embed', 'footer', 'form', 'head', 'iframe', 'menu', 'object', 'script',
    'applet', 'audio', 'canvas', 'figure', 'map', 'picture', 'svg', 'video',
    'area', 'blink', 'button', 'datalist', 'dialog',
    'frame', 'frameset', 'fieldset', 'link', 'input', 'ins', 'label', 'legend',
    'marquee', 'math', 'menuitem', 'nav', 'noscript', 'optgroup', 'option',
    'output', 'param', 'progress', 'rp', 'rt', 'rtc', 'select', 'source',
    'style', 'track', 'template', 'textarea', 'time', 'use',
]


def adapter_lxml_cleaner():
    import lxml.html
    from lxml_html_clean import Cleaner
    cleaner = Cleaner(annoying_tags=False, comments=True, embedded=False, forms=True, frames=True,
                      javascript=True, links=False, meta=False, page_structure=False,
                      processing_instructions=True, remove_unknown_tags=False, safe_attrs_only=False,
                      scripts=True, style=False, kill_tags=LXML_CLEANER_KILL_TAGS)
    parser = lxml.html.HTMLParser(encoding="utf-8")

    def run(rec):
        # Bytes, so that a page with an XML encoding declaration parses too
        # (lxml refuses such declarations in str input).
        doc = lxml.html.document_fromstring(rec["html"].encode("utf-8"), parser=parser)
        cleaner(doc)
        return lxml.html.tostring(doc, encoding="unicode")
    return run


def adapter_dragnet():
    # Runs under dragnet's own Python 3.6 venv (kind "dragnet"): this file must
    # stay importable there. extract_content: the package's default content
    # model; loading it (untimed) happens here, on a warm-up call.
    import warnings
    warnings.simplefilter("ignore")  # scikit-learn/numpy deprecation noise
    import dragnet
    dragnet.extract_content("<html><body><p>warm-up: loads the pickled model</p></body></html>")
    return lambda rec: dragnet.extract_content(rec["html"])


def _boilerpy3(cls_name):
    def factory():
        from boilerpy3 import extractors
        ex = getattr(extractors, cls_name)()
        return lambda rec: ex.get_content(rec["html"]) or ""
    return factory


ADAPTERS = {
    "justext": adapter_justext,
    "trafilatura": adapter_trafilatura,
    "readability_lxml": adapter_readability_lxml,
    "goose3": adapter_goose3,
    "newspaper3k": adapter_newspaper3k,
    "resiliparse": adapter_resiliparse,
    "inscriptis": adapter_inscriptis,
    "html_text": adapter_html_text,
    "lxml_cleaner": adapter_lxml_cleaner,
    "dragnet": adapter_dragnet,
    "boilerpy3_default": _boilerpy3("DefaultExtractor"),
    "boilerpy3_article": _boilerpy3("ArticleExtractor"),
}
PY_MODULE = {  # import name, to check an install without importing it
    "justext": "justext", "trafilatura": "trafilatura", "readability_lxml": "readability",
    "goose3": "goose3", "newspaper3k": "newspaper", "resiliparse": "resiliparse",
    "inscriptis": "inscriptis", "html_text": "html_text", "lxml_cleaner": "lxml_html_clean",
    "boilerpy3_default": "boilerpy3",
    "boilerpy3_article": "boilerpy3",
}


def worker_main(peer):
    """`--worker PEER`: serve the JSONL protocol for one Python original."""
    # The protocol owns the real stdout; anything the libraries print (Python
    # or C level) goes to stderr.
    proto = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    run = ADAPTERS[peer]()
    for line in sys.stdin:
        if not line.strip():
            continue
        rec = json.loads(line)
        out = {"id": rec.get("id"), "text": ""}
        t0 = time.perf_counter()
        try:
            out["text"] = run(rec) or ""
        except BaseException as e:  # noqa: BLE001 - RecursionError etc. count as a failed page
            if isinstance(e, KeyboardInterrupt):
                raise
            out["error"] = f"{type(e).__name__}: {e}"[:300]
        out["ms"] = (time.perf_counter() - t0) * 1000.0
        proto.write(json.dumps(out) + "\n")
        proto.flush()


# ------------------------------------------------------------ peer processes

def clean(s):
    """Drops lone surrogates (from JSON escapes) so the text encodes as UTF-8."""
    return s.encode("utf-8", "replace").decode("utf-8") if isinstance(s, str) else ""


def peer_command(name):
    """(argv, extra env) for a peer's process, or raises RuntimeError if not installed."""
    p = PEERS[name]
    env = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    if p["kind"] == "python":
        import importlib.util
        if importlib.util.find_spec(PY_MODULE[name]) is None:
            raise RuntimeError(f"Python package {p['package']} is not installed (run via lab/peers/run.sh)")
        return [sys.executable, str(Path(__file__).resolve()), "--worker", name], env
    if p["kind"] == "node":
        nm = CACHE / "node" / "node_modules"
        if not (nm / "@mozilla" / "readability").is_dir() or not (nm / "jsdom").is_dir():
            raise RuntimeError(f"{nm} lacks @mozilla/readability or jsdom (run via lab/peers/run.sh)")
        env["PEERS_NODE_MODULES"] = str(nm)
        return ["node", str(HERE / "readability_runner.mjs")], env
    if p["kind"] == "java":
        if not (CACHE / "java" / "BoilerpipeRunner.class").is_file():
            raise RuntimeError("BoilerpipeRunner.class not built (run via lab/peers/run.sh)")
        if not Path("/usr/share/java/boilerpipe.jar").is_file():
            raise RuntimeError("libboilerpipe-java is not installed")
        # Serial GC: no parallel GC threads (the JIT compiler still runs in the background).
        return ["java", "-XX:+UseSerialGC", "-Xss64m", "-cp", f"{CACHE / 'java'}:{CLASSPATH}",
                "BoilerpipeRunner", p["arg"]], env
    if p["kind"] == "dragnet":
        py = CACHE / "dragnet" / "venv" / "bin" / "python"
        if not py.is_file():
            raise RuntimeError("the dragnet venv is missing (run via lab/peers/run.sh)")
        return [str(py), str(Path(__file__).resolve()), "--worker", name], env
    if p["kind"] == "go":
        exe = CACHE / "go" / "domdistiller"
        if not exe.is_file():
            raise RuntimeError("the Go DOM Distiller runner was not built (see run.sh's note)")
        env["GOMAXPROCS"] = "1"
        return [str(exe)], env
    raise RuntimeError(f"unknown kind {p['kind']}")


class PeerProcess:
    """One long-running peer process; a page that takes longer than `timeout`
    seconds (or kills the process) is recorded and the process restarted."""

    def __init__(self, name, argv, env, log_path, timeout):
        self.name, self.argv, self.timeout = name, argv, timeout
        self.env = dict(os.environ, **env)
        self.log = open(log_path, "ab")
        self.proc = None
        self.restarts = 0

    def _start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.log, env=self.env, cwd=str(REPO))
        self.q = queue.Queue()
        threading.Thread(target=self._pump, args=(self.proc, self.q), daemon=True).start()

    @staticmethod
    def _pump(proc, q):
        for line in proc.stdout:
            q.put(line)
        q.put(None)

    def kill(self):
        if self.proc is not None:
            try:
                self.proc.kill()  # our own child, by its handle
            except OSError:
                pass
            self.proc.wait()
            self.proc = None
            self.restarts += 1

    def close(self):
        if self.proc is not None:
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
            self.proc = None
        self.log.close()

    def ask(self, rec):
        """Returns (text, ms, status, error); status ok | error | timeout | crash."""
        if self.proc is None:
            self._start()
        msg = {"id": rec["id"], "html": rec.get("html") or "", "url": rec.get("url"), "lang": rec.get("lang")}
        try:
            self.proc.stdin.write((json.dumps(msg) + "\n").encode("ascii"))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            self.kill()
            return "", None, "crash", f"write failed: {e}"
        try:
            line = self.q.get(timeout=self.timeout)
        except queue.Empty:
            self.kill()
            return "", None, "timeout", f"no answer in {self.timeout:g} s (process killed)"
        if line is None:
            self.kill()
            return "", None, "crash", "process exited"
        try:
            out = json.loads(line)
        except ValueError:
            self.kill()
            return "", None, "crash", "unreadable answer: " + line[:120].decode("utf-8", "replace")
        if out.get("id") != rec["id"]:
            self.kill()
            return "", None, "crash", f"answer for id {out.get('id')!r}"
        if out.get("error"):
            return "", out.get("ms"), "error", str(out["error"])
        return clean(out.get("text") or ""), out.get("ms"), "ok", None


# ------------------------------------------------------------------ helpers

def wce_list(wce):
    out = subprocess.run([wce, "list"], capture_output=True, text=True, check=True).stdout
    return {line.split()[0] for line in out.splitlines() if line and not line[0].isspace()}


def read_first(path, n):
    import gzip
    opener = gzip.open if str(path).endswith(".gz") else open
    recs = []
    with opener(path, "rt", encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            recs.append(json.loads(line))
            if len(recs) >= n:
                break
    return recs


def write_jsonl(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def read_tsv(path):
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    head = lines[0].split("\t")
    return [dict(zip(head, l.split("\t"))) for l in lines[1:] if l]


def run_wce_extract(wce, extractor, infile, outfile, ids):
    with open(outfile, "w", encoding="utf-8") as out:
        # One thread: the peers run one page at a time, and the times compare per page.
        r = subprocess.run([wce, "extract", "--jsonl", "--threads", "1", "--extractor", extractor, str(infile)],
                           stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"wce extract --extractor {extractor} failed ({r.returncode}): {r.stderr.strip()[:300]}")
    got = {o["id"]: o for o in read_jsonl(outfile)}
    missing = [i for i in ids if i not in got]
    if missing:
        raise RuntimeError(f"wce extract --extractor {extractor} {infile}: no output for {len(missing)} of "
                           f"{len(ids)} records: {r.stderr.strip()[:300]}")
    return got


def run_wce_eval(wce, pred, gold, name, out_tsv, pages_tsv):
    r = subprocess.run([wce, "eval", str(pred), str(gold), "--name", name, "--out", str(out_tsv),
                        "--pages-out", str(pages_tsv)], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError(f"wce eval failed ({r.returncode}): {r.stderr.strip()[:300]}")
    rows = read_tsv(out_tsv)
    per_page = {row["id"]: float(row["f1"]) for row in read_tsv(pages_tsv)}
    return rows[0], per_page


def stats(values):
    v = [x for x in values if x is not None]
    if not v:
        return None, None
    return statistics.fmean(v), statistics.median(v)


class Progress:
    def __init__(self):
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def show(self, msg, final=False):
        if self.tty:
            sys.stderr.write("\r\033[K" + msg + ("\n" if final else ""))
            sys.stderr.flush()
        elif final or time.monotonic() - self.last > 5:
            sys.stderr.write(msg + "\n")
            sys.stderr.flush()
            self.last = time.monotonic()


# ----------------------------------------------------------- machine, versions

def machine_info():
    cpu = "?"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = "?"
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                ram = f"{int(line.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "ram": ram, "os": platform.platform(),
            "load": " ".join(f"{x:.2f}" for x in os.getloadavg())}


def _cmd_version(argv):
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=30)
        return (r.stdout + r.stderr).strip().splitlines()[0] if (r.stdout + r.stderr).strip() else "?"
    except (OSError, subprocess.TimeoutExpired):
        return "?"


def peer_version(name):
    p = PEERS[name]
    if p["kind"] == "python":
        try:
            from importlib.metadata import version
            return f"{p['package']} {version(p['package'])} (Python {platform.python_version()})"
        except Exception:  # noqa: BLE001
            return f"{p['package']} ?"
    if p["kind"] == "node":
        nm = CACHE / "node" / "node_modules"
        vs = []
        for pkg in ("@mozilla/readability", "jsdom"):
            try:
                vs.append(f"{pkg} {json.load(open(nm / pkg / 'package.json'))['version']}")
            except OSError:
                vs.append(f"{pkg} ?")
        return ", ".join(vs) + f" (node {_cmd_version(['node', '--version'])})"
    if p["kind"] == "java":
        v = _cmd_version(["dpkg-query", "-W", "-f", "${Version}", "libboilerpipe-java"])
        return f"libboilerpipe-java {v} (Debian; {_cmd_version(['java', '-version'])})"
    if p["kind"] == "dragnet":
        py = str(CACHE / "dragnet" / "venv" / "bin" / "python")
        v = _cmd_version([py, "-c", "import platform, sklearn, numpy, lxml.etree as e, pkg_resources as r; "
                          "print('dragnet', r.get_distribution('dragnet').version, '(Python', platform.python_version() + ',',"
                          " 'scikit-learn', sklearn.__version__ + ', numpy', numpy.__version__ + ', lxml', e.__version__ + ')')"])
        return v
    if p["kind"] == "go":
        m = re.search(r"markusmobius/go-domdistiller\s+(\S+)", (HERE / "domdistiller" / "go.mod").read_text())
        return f"go-domdistiller {m.group(1) if m else '?'} ({_cmd_version(['go', 'version'])})"
    return "?"


# ----------------------------------------------------------------- the run

def parse_args(argv):
    ap = argparse.ArgumentParser(prog="lab/peers/run.sh",
                                 description="Original extractors vs ours on the same pages (see lab/peers/README.md).")
    ap.add_argument("--peers", default="all", help="comma-separated peer names, or all (default). Known: " + ", ".join(PEERS))
    ap.add_argument("--data", nargs="+", default=None, metavar="FILE",
                    help="dataset JSONL(.gz) files (default: all of ../shared/datasets/*.jsonl.gz)")
    ap.add_argument("--pages", type=int, default=50, help="first N pages of each dataset (default 50)")
    ap.add_argument("--out", default=None, help="output folder (default lab/results/peers-<date>/)")
    ap.add_argument("--map", default="", metavar="PEER=OURS,...",
                    help="override the peer -> our-extractor mapping for this run")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per page before a peer is killed (default 30)")
    ap.add_argument("--no-warmup", action="store_true", help="do not send one untimed warm-up page to each peer process")
    ap.add_argument("--wce", default=str(REPO / "build" / "native" / "wce"), help="the wce binary")
    ap.add_argument("--note", action="append", default=[], help="a line for the summary's header (repeatable)")
    ap.add_argument("--needs", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    return ap.parse_args(argv)


def select_pairs(args):
    """[(peer, ours)] to run, and notes for the skipped ones."""
    mapping = dict(OURS)
    overrides = {}
    for item in filter(None, (s.strip() for s in args.map.split(","))):
        k, _, v = item.partition("=")
        if k not in PEERS or not v:
            sys.exit(f"peers: bad --map entry {item!r} (PEER=OURS, PEER one of {', '.join(PEERS)})")
        overrides[k] = v
    mapping.update(overrides)
    names = list(PEERS) if args.peers == "all" else [s.strip() for s in args.peers.split(",") if s.strip()]
    unknown = [n for n in names if n not in PEERS]
    if unknown:
        sys.exit(f"peers: unknown peer(s) {', '.join(unknown)}; known: {', '.join(PEERS)}")
    if not Path(args.wce).is_file():
        sys.exit(f"peers: {args.wce} not found: build it (cmake -S . -B build/native -G Ninja && cmake --build build/native)")
    ours_available = wce_list(args.wce)
    pairs, notes = [], []
    for n in names:
        ours = mapping.get(n)
        if not ours:
            notes.append(f"{n}: no extractor of ours is mapped to it; skipped")
        elif ours not in ours_available:
            notes.append(f"{n}: skipped, our side `{ours}` is not in `wce list` yet")
        else:
            pairs.append((n, ours))
    return pairs, notes, overrides


def main(argv):
    args = parse_args(argv)
    if args.worker:
        return worker_main(args.worker)
    pairs, notes, overrides = select_pairs(args)
    if args.needs:
        print(" ".join(sorted({PEERS[p]["kind"] for p, _ in pairs})))
        return 0
    if not pairs:
        for n in notes:
            print("peers: " + n, file=sys.stderr)
        print("peers: nothing to run", file=sys.stderr)
        return 1

    started = datetime.datetime.now(datetime.timezone.utc)
    files = [Path(f) for f in args.data] if args.data else sorted(DATASETS.glob("*.jsonl.gz"))
    if not files:
        sys.exit(f"peers: no dataset files (looked in {DATASETS})")
    out_dir = Path(args.out) if args.out else REPO / "lab" / "results" / f"peers-{started:%Y-%m-%d}"
    out_dir.mkdir(parents=True, exist_ok=True)
    # Everything derived from the dataset text (inputs, outputs) stays out of the repo.
    work = CACHE / "runs" / out_dir.resolve().name
    if work.exists():
        shutil.rmtree(work)
    (work / "logs").mkdir(parents=True)
    machine = machine_info()
    progress = Progress()

    datasets = []  # (name, records, pages file)
    for f in files:
        recs = read_first(f, args.pages)
        if not recs:
            notes.append(f"{f}: no records; skipped")
            continue
        name = recs[0].get("dataset") or f.name.split(".")[0]
        d = work / name
        d.mkdir(exist_ok=True)
        pages = d / "pages.jsonl"
        write_jsonl(pages, recs)
        datasets.append((name, recs, pages))

    # Ours first (one wce process per dataset and extractor), then one original
    # at a time over all datasets, so at most one peer process is alive.
    ours_out, ours_f1 = {}, {}
    for ds, recs, pages in datasets:
        d = work / ds
        for ours in sorted({o for _, o in pairs}):
            progress.show(f"[peers] {ds}: ours {ours}")
            ours_out[ds, ours] = run_wce_extract(args.wce, ours, pages, d / f"ours-{ours}.jsonl",
                                               [r["id"] for r in recs])
            write_jsonl(d / f"ours-{ours}.pred.jsonl",
                        ({"id": r["id"], "text": ours_out[ds, ours].get(r["id"], {}).get("text", "")} for r in recs))
            ours_f1[ds, ours] = run_wce_eval(args.wce, d / f"ours-{ours}.pred.jsonl", pages, ours,
                                             d / f"ours-{ours}.eval.tsv", d / f"ours-{ours}.pages.tsv")

    ran = []
    summary, page_rows = [], []
    for peer, ours in pairs:
        try:
            argv_, env = peer_command(peer)
        except RuntimeError as e:
            notes.append(f"{peer}: not run: {e}")
            continue
        ran.append(peer)
        proc = PeerProcess(peer, argv_, env, work / "logs" / f"{peer}.stderr.log", args.timeout)
        if not args.no_warmup:  # one untimed page: JIT, lazy imports, caches
            progress.show(f"[peers] {peer}: warm-up")
            proc.ask(datasets[0][1][0])
            proc.restarts = 0
        for ds, recs, pages in datasets:
            d = work / ds
            results = {}
            counts = {"error": 0, "timeout": 0, "crash": 0}
            for i, r in enumerate(recs):
                progress.show(f"[peers] {peer} on {ds}: page {i + 1}/{len(recs)}"
                              + (f" ({sum(counts.values())} failed)" if sum(counts.values()) else ""))
                text, ms, status, err = proc.ask(r)
                if status != "ok":
                    counts[status] += 1
                    with open(work / "logs" / f"{peer}.failures.log", "a", encoding="utf-8") as log:
                        log.write(f"{ds}\t{r['id']}\t{status}\t{err}\n")
                results[r["id"]] = (text, ms, status)
            if PEERS[peer]["output"] == "html":
                # Render the original's HTML with our all_text, so both sides share one renderer.
                html_in = d / f"{peer}.html.jsonl"
                # ("text": "" only because `wce extract --jsonl` skips records without a "text" field)
                write_jsonl(html_in, ({"id": i, "html": t, "text": ""} for i, (t, _, _) in results.items()))
                rendered = run_wce_extract(args.wce, "all_text", html_in, d / f"{peer}.rendered.jsonl", list(results))
                results = {i: ((rendered.get(i, {}).get("text", "") if t else ""), ms, st)
                           for i, (t, ms, st) in results.items()}
            write_jsonl(d / f"{peer}.pred.jsonl", ({"id": i, "text": t} for i, (t, _, _) in results.items()))
            write_jsonl(d / f"{peer}.asgold.jsonl",
                        ({"id": i, "dataset": ds, "text": t} for i, (t, _, _) in results.items()))
            orig_row, orig_pp = run_wce_eval(args.wce, d / f"{peer}.pred.jsonl", pages, peer,
                                             d / f"{peer}.eval.tsv", d / f"{peer}.pages.tsv")
            ours_row, ours_pp = ours_f1[ds, ours]
            agree_row, agree_pp = run_wce_eval(args.wce, d / f"ours-{ours}.pred.jsonl", d / f"{peer}.asgold.jsonl",
                                               f"{ours}~{peer}", d / f"agree-{peer}.eval.tsv",
                                               d / f"agree-{peer}.pages.tsv")
            ours_by_id = ours_out[ds, ours]
            ms_orig = [results[r["id"]][1] for r in recs if results[r["id"]][2] in ("ok", "error")]
            ms_ours = [ours_by_id.get(r["id"], {}).get("ms") for r in recs]
            mo, mdo = stats(ms_orig)
            mu, mdu = stats(ms_ours)
            summary.append({
                "peer": peer, "ours": ours, "dataset": ds, "pages": len(recs),
                "failed": counts["error"] + counts["crash"], "timeouts": counts["timeout"],
                "f1_orig_mean": float(orig_row["F1 mean"]), "f1_orig_median": float(orig_row["F1 median"]),
                "f1_ours_mean": float(ours_row["F1 mean"]), "f1_ours_median": float(ours_row["F1 median"]),
                "agree_mean": float(agree_row["F1 mean"]), "agree_median": float(agree_row["F1 median"]),
                "ms_orig_mean": mo, "ms_orig_median": mdo, "ms_ours_mean": mu, "ms_ours_median": mdu,
                "ratio_mean": (mo / mu) if mo and mu else None,
                "ratio_median": (mdo / mdu) if mdo and mdu else None,
            })
            for r in recs:
                t, ms, st = results[r["id"]]
                page_rows.append({"peer": peer, "ours": ours, "dataset": ds, "id": r["id"], "status": st,
                                  "f1_orig": orig_pp.get(r["id"]), "f1_ours": ours_pp.get(r["id"]),
                                  "agreement": agree_pp.get(r["id"]), "ms_orig": ms,
                                  "ms_ours": ours_by_id.get(r["id"], {}).get("ms")})
            failed = sum(counts.values())
            s_ = summary[-1]
            progress.show(f"[peers] {peer} vs {ours} on {ds}: F1 {s_['f1_orig_mean']:.3f} / {s_['f1_ours_mean']:.3f}, "
                          f"agreement {s_['agree_mean']:.3f}, ms {fmt(mo, 1)} / {fmt(mu, 1)}"
                          + (f", {failed} failed" if failed else ""), final=True)
        proc.close()
        if proc.restarts:
            notes.append(f"{peer}: process restarted {proc.restarts} time(s) after a timeout or crash "
                         f"(see {work / 'logs'})")

    finished = datetime.datetime.now(datetime.timezone.utc)
    write_outputs(out_dir, args, summary, page_rows, notes, overrides, machine, started, finished, ran, work)
    print(f"peers: wrote {out_dir / 'summary.md'}", file=sys.stderr)
    return 0


def fmt(x, digits=3):
    if x is None:
        return "-"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return str(x)


def write_outputs(out_dir, args, summary, page_rows, notes, overrides, machine, started, finished, ran, work):
    cols = ["peer", "ours", "dataset", "pages", "failed", "timeouts", "f1_orig_mean", "f1_orig_median",
            "f1_ours_mean", "f1_ours_median", "agree_mean", "agree_median", "ms_orig_mean", "ms_orig_median",
            "ms_ours_mean", "ms_ours_median", "ratio_mean", "ratio_median"]
    with open(out_dir / "summary.tsv", "w", encoding="utf-8") as f:
        f.write("\t".join(cols) + "\n")
        for s in summary:
            f.write("\t".join(fmt(s[c], 4) if isinstance(s[c], float) else fmt(s[c]) for c in cols) + "\n")
    pcols = ["peer", "ours", "dataset", "id", "status", "f1_orig", "f1_ours", "agreement", "ms_orig", "ms_ours"]
    with open(out_dir / "pages.tsv", "w", encoding="utf-8") as f:
        f.write("\t".join(pcols) + "\n")
        for s in page_rows:
            f.write("\t".join(fmt(s[c], 4) if isinstance(s[c], float) else fmt(s[c]) for c in pcols) + "\n")

    command = os.environ.get("PEERS_COMMAND") or "lab/peers/peers.py " + " ".join(sys.argv[1:])
    wce_version = _cmd_version([args.wce, "--version"])
    L = []
    L.append("# Peer benchmark: original extractors vs wce")
    L.append("")
    L.append(f"- Command: `{command}`")
    L.append(f"- Date: {started:%Y-%m-%d %H:%M} UTC (took {(finished - started).total_seconds() / 60:.1f} min)")
    L.append(f"- Machine: {machine['nproc']} cores ({machine['cpu']}), {machine['ram']} RAM, {machine['os']}; "
             f"load average at start {machine['load']}, at end {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
             "(the machine is shared: times are indicative)")
    L.append(f"- Ours: `{args.wce}` ({wce_version}), `wce extract --jsonl` (ms = parse + extract + render, in-process)")
    L.append(f"- Pages: the first {args.pages} of each dataset; per-page timeout {args.timeout:g} s; "
             + ("no warm-up" if args.no_warmup else "one untimed warm-up page per peer process"))
    for n in args.note:
        L.append(f"- Note: {n}")
    if overrides:
        L.append("- **Temporary mapping for this run** (`--map`): "
                 + ", ".join(f"{k} -> `{v}`" for k, v in overrides.items())
                 + ". These pairs are NOT ports of each other: the agreement column only proves the pipeline.")
    L.append("")
    L.append("## Originals")
    L.append("")
    L.append("| peer | version | what runs | output |")
    L.append("|---|---|---|---|")
    for p in ran:
        info = PEERS[p]
        L.append(f"| {p} | {peer_version(p)} | {info['what']} | "
                 + ("HTML, rendered by `wce` all_text" if info["output"] == "html" else "text") + " |")
    L.append("")
    L.append("## Results")
    L.append("")
    L.append("F1 = ROUGE-LSum F1 against the gold (`wce eval`); agreement = ROUGE-LSum F1 of ours against "
             "the original's output; ms/page = wall clock per page, parse included, single process; "
             "ratio = original ms / ours ms (of the means; of the medians in summary.tsv). Values are mean / median.")
    L.append("")
    L.append("| original | ours | dataset | n | failed | F1 original | F1 ours | agreement | ms/page original | ms/page ours | ratio |")
    L.append("|---|---|---|---:|---:|---|---|---|---|---|---:|")
    for s in summary:
        failed = s["failed"] + s["timeouts"]
        ftxt = str(failed) + (f" ({s['timeouts']} timeout)" if s["timeouts"] else "")
        L.append(f"| {s['peer']} | {s['ours']} | {s['dataset']} | {s['pages']} | {ftxt} | "
                 f"{fmt(s['f1_orig_mean'])} / {fmt(s['f1_orig_median'])} | "
                 f"{fmt(s['f1_ours_mean'])} / {fmt(s['f1_ours_median'])} | "
                 f"{fmt(s['agree_mean'])} / {fmt(s['agree_median'])} | "
                 f"{fmt(s['ms_orig_mean'], 2)} / {fmt(s['ms_orig_median'], 2)} | "
                 f"{fmt(s['ms_ours_mean'], 2)} / {fmt(s['ms_ours_median'], 2)} | "
                 f"{fmt(s['ratio_mean'], 1)} |")
    L.append("")
    if notes:
        L.append("## Notes")
        L.append("")
        for n in notes:
            L.append(f"- {n}")
        L.append("")
    L.append("Failed pages (an exception, a crash or a timeout in the original) count as empty output in its F1 "
             "and in the agreement; their time is left out of ms/page when the process was killed. "
             "Per-page values: `pages.tsv`; all rows: `summary.tsv`. The original's outputs and the wce eval "
             f"TSVs of this run are in `{work.relative_to(REPO) if work.is_relative_to(REPO) else work}` "
             "(not committed: derived from the datasets).")
    (out_dir / "summary.md").write_text("\n".join(L) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
