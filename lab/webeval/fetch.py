#!/usr/bin/env python3
"""Fetches trafilatura's snippet evaluation set and converts it to our dataset format.

The set (Barbaresi's BBAW collection, Polish news, German news: ~980 real pages, each
with "with" snippets that must appear in the main text and "without" snippets that
must not) is not in ../shared/datasets. Its HTML files and the snippet table are
shipped, Apache-2.0, in the Go port's module zip (github.com/markusmobius/go-trafilatura
v1.12.2: test-files/comparison/*.html, scripts/comparison/data.go), which the Go
module proxy serves as a pinned, checksummed file. Stdlib only.

    lab/webeval/fetch.py [--zip PATH] [--out FILE]

Downloads the zip into .cache/webeval/ (never committed) unless --zip names a local
copy, checks its sha256 (the pin below; --zip with --no-verify skips that, for tests),
parses data.go (Go map literal: url -> {File, With, Without, ...}) and writes one
record per entry whose file exists:

    {"id": "webeval-<file stem>", "dataset": "trafilatura-eval", "url": ..., "lang": null,
     "text": null, "html": <decoded page>,
     "meta": {"snippet_only": true, "with": [...], "without": [...], "file": ...,
              "region": ..., "html_lang": <html lang> or null, "html_encoding": ...}}

"lang" is null so that our extractors detect the language as on any page; html_lang is
what lab/webeval/run.py hands to the peers that need one (the jusText original has no
language detection). "text" is null: there is no gold text, only snippets (`wce bench` reports such records
as lacking "text" instead of scoring them). Entries whose file is not in the zip are
skipped and counted on stderr.
"""

# ---------------------------------------------------------------- tunables / pins
MODULE = "github.com/markusmobius/go-trafilatura"
VERSION = "v1.12.2"
ZIP_URL = f"https://proxy.golang.org/{MODULE}/@v/{VERSION}.zip"
ZIP_SHA256 = "7da0a1455b901cfab79f27801aac9ff1e99774d0cb7ef4ab6d3eaee17cb2d5b2"
PREFIX = f"{MODULE}@{VERSION}/"
DATA_GO = PREFIX + "scripts/comparison/data.go"
# Where the Go script looks for an entry's file, in this order (scripts/comparison/utils.go).
FILE_DIRS = [PREFIX + "test-files/comparison/", PREFIX + "test-files/mock/"]
DATASET = "trafilatura-eval"
# Share of non-ASCII bytes that must form valid UTF-8 sequences to read a page as
# lossy UTF-8 rather than cp1252 (the rule of ../shared/datasets/README.md).
LOSSY_UTF8_SHARE = 0.8

import argparse
import gzip
import hashlib
import io
import json
import re
import sys
import unicodedata
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
CACHE = REPO / ".cache" / "webeval"


# ------------------------------------------------------------ Go literal parser
# data.go is generated Go source: `var comparisonData = map[string]ComparisonEntry{ "url": {
# Field: "str", Field: []string{"a", "b"}, }, ... }`. A small tokenizer (strings with
# Go escapes, raw `strings`, identifiers, punctuation, comments) and a recursive reader
# of exactly that shape; anything else is a clear error with the line number.

class GoSyntaxError(ValueError):
    pass


_SIMPLE_ESC = {"a": 7, "b": 8, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11, "\\": 92, "'": 39, '"': 34}


def _go_string(src, i, line):
    """Reads an interpreted string literal starting at src[i] == '"'; returns (value, next i)."""
    out = bytearray()
    i += 1
    while True:
        if i >= len(src) or src[i] == "\n":
            raise GoSyntaxError(f"line {line}: unterminated string")
        c = src[i]
        if c == '"':
            return out.decode("utf-8", "replace"), i + 1
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        e = src[i + 1] if i + 1 < len(src) else ""
        if e in _SIMPLE_ESC:
            out.append(_SIMPLE_ESC[e])
            i += 2
        elif e == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", src[i + 2:i + 4]):  # a byte
            out.append(int(src[i + 2:i + 4], 16))
            i += 4
        elif e in "01234567" and re.fullmatch(r"[0-7]{3}", src[i + 1:i + 4]):  # a byte, octal
            out.append(int(src[i + 1:i + 4], 8) & 0xFF)
            i += 4
        elif e in "uU":
            n = 4 if e == "u" else 8
            hexd = src[i + 2:i + 2 + n]
            if not re.fullmatch(f"[0-9A-Fa-f]{{{n}}}", hexd):
                raise GoSyntaxError(f"line {line}: bad \\{e} escape")
            out += chr(int(hexd, 16)).encode("utf-8", "replace")
            i += 2 + n
        else:
            raise GoSyntaxError(f"line {line}: unknown escape \\{e}")


def go_tokens(src):
    """Yields (kind, value, line): kind is str | ident | punct."""
    i, line, n = 0, 1, len(src)
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                raise GoSyntaxError(f"line {line}: unterminated comment")
            line += src.count("\n", i, j)
            i = j + 2
        elif c == '"':
            s, i = _go_string(src, i, line)
            yield "str", s, line
        elif c == "`":
            j = src.find("`", i + 1)
            if j < 0:
                raise GoSyntaxError(f"line {line}: unterminated raw string")
            s = src[i + 1:j].replace("\r", "")  # Go drops carriage returns in raw strings
            yield "str", s, line
            line += src.count("\n", i, j)
            i = j + 1
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            yield "ident", src[i:j], line
            i = j
        elif c in "{}[]:,().=*":
            yield "punct", c, line
            i += 1
        else:
            raise GoSyntaxError(f"line {line}: unexpected character {c!r}")


class _Reader:
    def __init__(self, tokens):
        self.toks = list(tokens)
        self.pos = 0

    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else ("eof", None, -1)

    def take(self, kind, value=None):
        t = self.peek()
        if t[0] != kind or (value is not None and t[1] != value):
            want = value if value is not None else kind
            raise GoSyntaxError(f"line {t[2]}: expected {want!r}, found {t[1]!r}")
        self.pos += 1
        return t[1]

    def maybe(self, kind, value):
        t = self.peek()
        if t[0] == kind and t[1] == value:
            self.pos += 1
            return True
        return False


def _read_value(r):
    """A field value: "string" or []string{"a", "b", ...}."""
    if r.peek()[0] == "str":
        return r.take("str")
    r.take("punct", "[")
    r.take("punct", "]")
    r.take("ident", "string")
    r.take("punct", "{")
    items = []
    while not r.maybe("punct", "}"):
        items.append(r.take("str"))
        if not r.maybe("punct", ","):
            r.take("punct", "}")
            break
    return items


def parse_data_go(src):
    """Returns [(url, {field: value})] in file order from data.go's comparisonData map."""
    r = _Reader(go_tokens(src))
    # Skip to `comparisonData = map[string]ComparisonEntry {`.
    while True:
        t = r.peek()
        if t[0] == "eof":
            raise GoSyntaxError("no `comparisonData` map in data.go")
        r.pos += 1
        if t == ("ident", "comparisonData", t[2]):
            break
    r.take("punct", "=")
    r.take("ident", "map")
    r.take("punct", "[")
    r.take("ident", "string")
    r.take("punct", "]")
    r.take("ident")
    r.take("punct", "{")
    entries = []
    while not r.maybe("punct", "}"):
        url = r.take("str")
        r.take("punct", ":")
        r.take("punct", "{")
        fields = {}
        while not r.maybe("punct", "}"):
            name = r.take("ident")
            r.take("punct", ":")
            fields[name] = _read_value(r)
            if not r.maybe("punct", ","):
                r.take("punct", "}")
                break
        entries.append((url, fields))
        if not r.maybe("punct", ","):
            r.take("punct", "}")
            break
    return entries


# ------------------------------------------------------------------- decoding
# The order of ../shared/datasets/README.md: BOM; strict UTF-8; the declared charset
# (<meta charset>, http-equiv, XML declaration; iso-8859-1 / ascii read as cp1252 as
# browsers do); lossy UTF-8 if most non-ASCII bytes form UTF-8; else cp1252.

_BOMS = [(b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be")]
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_XML_DECL = re.compile(rb"""<\?xml[^>]+encoding\s*=\s*["']([A-Za-z0-9_.:-]+)""", re.I)
# WHATWG aliases that Python spells differently or that browsers widen.
_WIDEN = {"iso-8859-1": "cp1252", "latin1": "cp1252", "latin-1": "cp1252", "l1": "cp1252",
          "us-ascii": "cp1252", "ascii": "cp1252", "iso8859-1": "cp1252", "iso_8859-1": "cp1252",
          "windows-1252": "cp1252", "gb2312": "gb18030", "gbk": "gb18030", "x-gbk": "gb18030",
          "shift-jis": "shift_jis", "x-sjis": "shift_jis", "ks_c_5601-1987": "euc-kr",
          "iso-8859-9": "cp1254", "tis-620": "cp874", "iso-8859-11": "cp874"}


def _cp1252(data):
    # Undefined cp1252 bytes (0x81, 0x8d, 0x8f, 0x90, 0x9d) read as latin-1.
    return "".join(b.decode("cp1252", "strict") if b[0] not in (0x81, 0x8D, 0x8F, 0x90, 0x9D)
                   else b.decode("latin-1") for b in (data[i:i + 1] for i in range(len(data))))


_HTML_LANG = re.compile(r"""<html\b[^>]*?\blang\s*=\s*["']?\s*([A-Za-z]{2,3})\b""", re.I)


def html_lang(html):
    """The page's own <html lang> (primary subtag, lower case), or None."""
    m = _HTML_LANG.search(html[:20000])
    return m.group(1).lower() if m else None


def declared_charset(data):
    head = data[:4096]
    m = _META_CHARSET.search(head) or _XML_DECL.search(head)
    return m.group(1).decode("ascii").lower() if m else None


def decode_html(data):
    """Returns (text, encoding label as recorded in meta.html_encoding)."""
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return data[len(bom):].decode(enc, "replace"), enc
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    cs = declared_charset(data)
    if cs and cs not in ("utf-8", "utf8"):
        enc = _WIDEN.get(cs, cs)
        if enc == "cp1252":
            return _cp1252(data), "cp1252"
        try:
            return data.decode(enc), enc
        except (LookupError, UnicodeDecodeError):
            pass  # unknown label or bytes that do not fit it: fall through
    non_ascii = sum(1 for b in data if b >= 0x80)
    valid = len(data.decode("utf-8", "ignore").encode("utf-8")) - (len(data) - non_ascii)
    if non_ascii and valid / non_ascii > LOSSY_UTF8_SHARE:
        return data.decode("utf-8", "replace"), "utf-8(lossy)"
    return _cp1252(data), "cp1252"


# ------------------------------------------------------------------- converting

def nfc(s):
    return unicodedata.normalize("NFC", s)


def convert(zip_path, out_path):
    """Writes the JSONL.gz; returns (written, missing files, total entries, encodings)."""
    with zipfile.ZipFile(zip_path) as z:
        names = {nfc(n): n for n in z.namelist()}
        entries = parse_data_go(z.read(DATA_GO).decode("utf-8"))
        written, missing, encodings, seen = 0, [], {}, set()
        # mtime=0: the same zip gives a byte-identical file (its sha256 identifies the data of a run).
        with open(out_path, "wb") as raw, gzip.GzipFile(filename="", fileobj=raw, mode="wb", compresslevel=9, mtime=0) as gz, \
                io.TextIOWrapper(gz, encoding="utf-8") as out:
            for url, f in entries:
                fname = f.get("File") or ""
                member = next((names[nfc(d + fname)] for d in FILE_DIRS if fname and nfc(d + fname) in names), None)
                if member is None:
                    missing.append(fname or f"(no File for {url})")
                    continue
                html, enc = decode_html(z.read(member))
                encodings[enc] = encodings.get(enc, 0) + 1
                stem = fname.rsplit(".", 1)[0] if fname.lower().endswith((".html", ".htm")) else fname
                rid = f"webeval-{stem}"
                k = 2
                while rid in seen:  # two entries may share a file; keep ids unique
                    rid = f"webeval-{stem}~{k}"
                    k += 1
                seen.add(rid)
                rec = {"id": rid, "dataset": DATASET, "url": url, "lang": None, "text": None, "html": html,
                       "meta": {"snippet_only": True, "with": list(f.get("With") or []),
                                "without": list(f.get("Without") or []), "file": member[len(PREFIX):],
                                "region": f.get("Region") or None, "html_lang": html_lang(html),
                                "html_encoding": enc,
                                "source": f"{MODULE}@{VERSION}"}}
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                written += 1
    return written, missing, len(entries), encodings


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def download(dest):
    tmp = dest.with_suffix(".part")
    print(f"webeval: downloading {ZIP_URL}", file=sys.stderr)
    with urllib.request.urlopen(ZIP_URL, timeout=120) as resp, open(tmp, "wb") as fh:
        while True:
            chunk = resp.read(1 << 20)
            if not chunk:
                break
            fh.write(chunk)
    tmp.rename(dest)


def main(argv):
    ap = argparse.ArgumentParser(prog="lab/webeval/fetch.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--zip", help="a local copy of the module zip (default: download into .cache/webeval/)")
    ap.add_argument("--no-verify", action="store_true", help="do not check the zip's sha256 (tests only)")
    ap.add_argument("--out", default=str(CACHE / "trafilatura-eval.jsonl.gz"), help="output JSONL.gz")
    args = ap.parse_args(argv)
    if args.zip:
        zpath = Path(args.zip)
    else:
        CACHE.mkdir(parents=True, exist_ok=True)
        zpath = CACHE / f"go-trafilatura-{VERSION}.zip"
        if not zpath.is_file() or sha256(zpath) != ZIP_SHA256:
            download(zpath)
    if not args.no_verify:
        got = sha256(zpath)
        if got != ZIP_SHA256:
            sys.exit(f"webeval: {zpath}: sha256 {got} is not the pinned {ZIP_SHA256}")
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    try:
        written, missing, total, encodings = convert(zpath, args.out)
    except (GoSyntaxError, KeyError, zipfile.BadZipFile) as e:
        sys.exit(f"webeval: cannot convert {zpath}: {e}")
    for m in missing:
        print(f"webeval: warning: no file {m!r} in the zip; entry skipped", file=sys.stderr)
    enc = ", ".join(f"{k} {v}" for k, v in sorted(encodings.items(), key=lambda kv: -kv[1]))
    print(f"webeval: {total} entries in data.go, {written} written to {args.out}, "
          f"{len(missing)} skipped (file missing); encodings: {enc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
