#!/usr/bin/env python3
"""`wce extract --warc` on web archives written by warcio (PyPI, pinned below).

Installs warcio into a venv under .cache/ once, writes WARC files with it in a
temp folder, and checks:
  - the same texts as `wce extract --jsonl` on the same pages (a sample of
    ../shared/datasets when present, plus pages in other charsets), and as
    `wce extract FILE` on the demo pages (raw bytes, no HTTP charset: sniffed),
    for a .warc, a .warc.gz with one gzip member per record, a whole-file
    .warc.gz and standard input;
  - only HTML responses are extracted (request, warcinfo, resource, revisit
    and non-HTML responses are counted, not extracted), ids and urls are the
    records' own, and the summary counts add up;
  - the HTTP charset decides over the page's <meta>, and --charset over both;
  - a corrupt gzip member, a corrupt WARC header, garbage between records and
    a truncated file are reported with the record's offset (the gzip
    member's offset in a .warc.gz, as warcio's own index gives it), the other
    records still come out, and the exit code is 1;
  - a 64 MB non-HTML record is streamed past in constant memory, and an HTML
    payload over the limit is skipped and reported.
  - damage of every kind loses no other record, each damaged record is
    reported once with its own offset and the counts add up (damage.py: the
    sweep of cut gzip members, a damaged first record, two in a row, a wrong
    Content-Length), and a text/html payload that is a PNG is refused.

usage: check_warc.py --wce build/native/wce [--per-dataset N]
Environment: WCE_DATASETS overrides the datasets folder.
"""
import argparse
import gzip
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

WARCIO = "warcio==1.8.1"
REPO = Path(__file__).resolve().parents[2]
VENV = REPO / ".cache" / "warc-venv"
DATASETS = ["l3s-gn1", "cleaneval", "dragnet", "google-trends-2017", "htmltotext-benchmark"]
PER_DATASET = 8
EXTRACTOR = "readability"


def ensure_venv():
    """Re-runs this script with the venv's Python, creating the venv once."""
    py = VENV / "bin" / "python"
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    ok = py.exists() and subprocess.run([str(py), "-c", "import warcio"], capture_output=True).returncode == 0
    if not ok:
        print(f"check_warc: installing {WARCIO} into {VENV}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", WARCIO], check=True)
    os.execv(str(py), [str(py), __file__] + sys.argv[1:])


failures = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        failures.append(what)


def dataset_pages(per_dataset):
    # ../shared/datasets of the main checkout (of a worktree under wt/: ../../shared).
    candidates = [REPO.parent / "shared" / "datasets", REPO.parent.parent / "shared" / "datasets"]
    folder = Path(os.environ.get("WCE_DATASETS", next((c for c in candidates if c.is_dir()), candidates[0])))
    pages = []
    for name in DATASETS:
        path = folder / f"{name}.jsonl.gz"
        if not path.exists():
            continue
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for line in f:
                if len([p for p in pages if p["dataset"] == name]) >= per_dataset:
                    break
                rec = json.loads(line)
                if rec.get("html"):
                    pages.append({"id": rec["id"], "dataset": name, "html": rec["html"], "lang": rec.get("lang", "")})
    return pages


def charset_pages():
    """Pages whose bytes are not UTF-8: the HTTP header names the charset."""
    body = ("<html><head><title>Café</title></head><body><nav><a href='/'>Accueil</a></nav><article>"
            "<p>Les crêpes de la rue Saint-Honoré sont célèbres : « très bonnes », dit-on, et le café "
            "aussi. Ça coûte 5 € à peine, déjà servi chaud à la française.</p>"
            "<p>Un deuxième paragraphe, assez long pour compter comme contenu principal de la page.</p>"
            "</article></body></html>")
    cyr = ("<html><body><article><p>Москва — столица России, крупнейший по численности населения город "
           "страны и её экономический центр, с длинной историей и множеством музеев.</p></article></body></html>")
    jp = ("<html><body><article><p>東京は日本の首都であり、世界有数の大都市です。全角のチルダ～や丸数字①も"
          "そのまま読めること。長い段落として本文に数えられるように、もう一文を加えます。</p></article></body></html>")
    zh = ("<html><body><article><p>北京是中华人民共和国的首都，也是全国的政治和文化中心，历史悠久，"
          "名胜古迹众多。这一段足够长，可以算作页面的正文内容。</p></article></body></html>")
    return [
        # HTTP charset only (no <meta>): windows-1252 bytes.
        {"id": "latin1-http", "text": body, "bytes": body.encode("cp1252"), "ctype": "text/html; charset=ISO-8859-1"},
        # HTTP says windows-1251, no <meta>.
        {"id": "cyrillic-http", "text": cyr, "bytes": cyr.encode("cp1251"), "ctype": "text/html;charset=\"windows-1251\""},
        # The HTTP charset wins over a wrong <meta>.
        {"id": "http-over-meta", "text": body.replace("<head>", "<head><meta charset='utf-8'>"),
         "bytes": body.replace("<head>", "<head><meta charset='utf-8'>").encode("cp1252"),
         "ctype": "text/html; charset=windows-1252"},
        # No HTTP charset: sniffed from the <meta>.
        {"id": "meta-sniffed", "text": body.replace("<head>", "<head><meta charset='windows-1252'>"),
         "bytes": body.replace("<head>", "<head><meta charset='windows-1252'>").encode("cp1252"),
         "ctype": "text/html"},
        # Legacy CJK charsets named by HTTP only: Shift_JIS (read as code page 932) and GBK.
        {"id": "sjis-http", "text": jp, "bytes": jp.encode("cp932"), "ctype": "text/html; charset=Shift_JIS"},
        {"id": "gbk-http", "text": zh, "bytes": zh.encode("gbk"), "ctype": "text/html; charset=gb2312"},
        # XHTML media type, UTF-8.
        {"id": "xhtml", "text": body, "bytes": body.encode("utf-8"), "ctype": "application/xhtml+xml; charset=utf-8"},
    ]


def write_warc(path, records, gzip_members):
    """records: dicts with kind ('response', 'request', 'warcinfo', 'resource',
    'revisit', 'raw'), id, url, ctype, payload. Returns {id: offset}."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter
    offsets = {}
    with open(path, "wb") as f:
        writer = WARCWriter(f, gzip=gzip_members)
        info = writer.create_warcinfo_record("test.warc", {"software": "check_warc.py", "format": "WARC/1.0"})
        writer.write_record(info)
        for r in records:
            offsets[r["id"]] = f.tell()
            if r["kind"] == "raw":
                f.write(r["payload"])
                continue
            headers = {"WARC-Record-ID": r["id"]}
            if r["kind"] == "response":
                http = StatusAndHeaders("200 OK", [("Content-Type", r["ctype"])], protocol="HTTP/1.1")
                rec = writer.create_warc_record(r["url"], "response", payload=io.BytesIO(r["payload"]),
                                                http_headers=http, warc_headers_dict=headers)
            elif r["kind"] == "request":
                http = StatusAndHeaders("GET / HTTP/1.1", [("Host", "example.org")], is_http_request=True)
                rec = writer.create_warc_record(r["url"], "request", payload=io.BytesIO(b""), http_headers=http,
                                                warc_headers_dict=headers)
            elif r["kind"] == "resource":
                rec = writer.create_warc_record(r["url"], "resource", payload=io.BytesIO(r["payload"]),
                                                warc_content_type="text/html", warc_headers_dict=headers)
            else:  # revisit
                rec = writer.create_revisit_record(r["url"], "sha1:AAAA", r["url"], "2026-01-01T00:00:00Z")
                rec.rec_headers.replace_header("WARC-Record-ID", r["id"])
            writer.write_record(rec)
    return offsets


def run_wce(args, stdin=None):
    p = subprocess.run(args, input=stdin, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def out_texts(stdout):
    rows = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    return {r["id"]: r for r in rows}, rows


def main():
    ensure_venv()
    ap = argparse.ArgumentParser()
    ap.add_argument("--wce", required=True)
    ap.add_argument("--per-dataset", type=int, default=PER_DATASET)
    args = ap.parse_args()
    wce = os.path.abspath(args.wce)
    tmp = Path(tempfile.mkdtemp(prefix="wce-warc-"))

    # The pages and their expected texts.
    pages = dataset_pages(args.per_dataset)
    cs_pages = charset_pages()
    ref_lines = [json.dumps({"id": p["id"], "html": p["html"], "lang": p["lang"]}) for p in pages]
    ref_lines += [json.dumps({"id": p["id"], "html": p["text"]}) for p in cs_pages]
    (tmp / "ref.jsonl").write_text("\n".join(ref_lines) + "\n", encoding="utf-8")
    code, out, err = run_wce([wce, "extract", "--jsonl", "--extractor", EXTRACTOR, str(tmp / "ref.jsonl")])
    assert code == 0, err
    expected = {r["id"]: r["text"] for r in out_texts(out)[1]}
    for d in sorted((REPO / "demo").iterdir()):
        if (d / "source.html").exists():
            code, out, err = run_wce([wce, "extract", "--extractor", EXTRACTOR, str(d / "source.html")])
            assert code == 0, err
            expected["demo-" + d.name] = out[:-1] if out.endswith("\n") else out

    # The records, in one order, with non-HTML records in between.
    records = []
    lang_of = {p["id"]: p["lang"] for p in pages}
    for p in pages:
        records.append({"kind": "request", "id": f"<urn:req:{p['id']}>", "url": f"https://{p['dataset']}.test/{p['id']}"})
        records.append({"kind": "response", "id": p["id"], "url": f"https://{p['dataset']}.test/{p['id']}",
                        "ctype": "text/html; charset=utf-8", "payload": p["html"].encode("utf-8")})
    for p in cs_pages:
        records.append({"kind": "response", "id": p["id"], "url": f"https://charset.test/{p['id']}",
                        "ctype": p["ctype"], "payload": p["bytes"]})
    for d in sorted((REPO / "demo").iterdir()):
        if (d / "source.html").exists():
            records.append({"kind": "response", "id": "demo-" + d.name, "url": f"https://demo.test/{d.name}",
                            "ctype": "text/html", "payload": (d / "source.html").read_bytes()})
    records.append({"kind": "response", "id": "<urn:png>", "url": "https://x.test/a.png", "ctype": "image/png",
                    "payload": b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4})
    records.append({"kind": "response", "id": "<urn:json>", "url": "https://x.test/a.json",
                    "ctype": "application/json", "payload": b'{"html": "<p>not a page</p>"}'})
    records.append({"kind": "resource", "id": "<urn:resource>", "url": "https://x.test/r.html",
                    "payload": b"<p>a resource record, not a response</p>"})
    records.append({"kind": "revisit", "id": "<urn:revisit>", "url": "https://x.test/"})
    html_ids = [r["id"] for r in records if r["kind"] == "response" and r["id"] in expected]
    n_records = len(records) + 1  # + warcinfo
    n_not_html = n_records - len(html_ids)
    print(f"check_warc: {len(html_ids)} HTML pages, {n_records} records", flush=True)
    # warcio writes record ids as given; a response's id is its dataset id here.

    plain = tmp / "pages.warc"
    per_record = tmp / "pages.warc.gz"
    write_warc(plain, records, False)
    offsets = write_warc(per_record, records, True)
    whole = tmp / "whole.warc.gz"
    whole.write_bytes(gzip.compress(plain.read_bytes()))

    def same_texts(label, stdout, ids):
        got, rows = out_texts(stdout)
        check([r["id"] for r in rows] == ids, f"{label}: one line per HTML response, in file order ({len(rows)})")
        bad = [i for i in ids if i not in got or got[i]["text"] != expected[i]]
        check(not bad, f"{label}: texts equal to extract --jsonl / extract FILE" + (f" (differ: {bad[:5]})" if bad else ""))
        charsets = {i: got[i].get("charset") for i in ("sjis-http", "gbk-http", "latin1-http") if i in got}
        check(charsets == {"sjis-http": "shift_jis", "gbk-http": "gbk", "latin1-http": "windows-1252"},
              f"{label}: each line names the charset its page was read with ({charsets})")
        urls_ok = all(got[i]["url"].endswith(("/" + i) if not i.startswith("demo-") else i[5:]) for i in ids if i in got)
        check(urls_ok, f"{label}: url is the record's WARC-Target-URI")

    summary = re.compile(r"(\d+) records: (\d+) extracted, (\d+) not HTML, (\d+) too large, (\d+) corrupt, (\d+) truncated")
    for label, path in [("plain .warc", plain), ("per-record .warc.gz", per_record), ("whole-file .warc.gz", whole)]:
        code, out, err = run_wce([wce, "extract", "--warc", "--extractor", EXTRACTOR, str(path)])
        check(code == 0, f"{label}: exit 0 ({code}; {err.strip()[:200]})")
        same_texts(label, out, html_ids)
        m = summary.search(err)
        check(bool(m) and [int(x) for x in m.groups()] == [n_records, len(html_ids), n_not_html, 0, 0, 0],
              f"{label}: summary counts ({err.strip()})")
    code, out, err = run_wce([wce, "extract", "--warc", "--extractor", EXTRACTOR, "--quiet", "-"],
                             stdin=per_record.read_bytes())
    check(code == 0 and err == "", f"stdin with --quiet: exit 0, nothing on stderr ({err.strip()[:200]})")
    same_texts("stdin", out, html_ids)

    # --charset overrides the HTTP charset: latin1-http read as UTF-8 gets U+FFFD.
    code, out, err = run_wce([wce, "extract", "--warc", "--extractor", EXTRACTOR, "--charset", "utf-8", str(plain)])
    got, _ = out_texts(out)
    check("\ufffd" in got["latin1-http"]["text"] and "crêpes" not in got["latin1-http"]["text"],
          "--charset utf-8 overrides the HTTP charset")
    code, out, err = run_wce([wce, "extract", "--warc", "--charset", "klingon", str(plain)])
    check(code == 2 and "'klingon' is not a charset" in err, f"--charset with an unknown label: exit 2 ({err.strip()})")

    # A corrupt gzip member in the middle (bytes flipped inside the compressed
    # data of one response), and a file cut inside the last member.
    data = bytearray(per_record.read_bytes())
    victim = html_ids[len(html_ids) // 2]
    at = offsets[victim]
    nxt = min(o for o in offsets.values() if o > at)
    for k in range(at + 40, min(nxt - 12, at + 140)):
        data[k] ^= 0x5A
    cut = len(data) - 60
    broken = tmp / "broken.warc.gz"
    broken.write_bytes(bytes(data[:cut]))
    code, out, err = run_wce([wce, "extract", "--warc", "--extractor", EXTRACTOR, str(broken)])
    check(code == 1, f"corrupt + truncated .warc.gz: exit 1 ({code})")
    check(f"offset {at}: corrupt gzip data" in err, f"corrupt member reported at its offset {at} ({err.strip()[:300]})")
    last = max(offsets.values())
    check(f"offset {last}:" in err and "truncated" in err, f"truncated last member reported at its offset {last}")
    got, rows = out_texts(out)
    survivors = [i for i in html_ids if i != victim]
    check(all(got.get(i, {}).get("text") == expected[i] for i in survivors) and victim not in got,
          f"every other HTML record still extracted ({len(rows)} of {len(survivors)})")
    m = summary.search(err)
    check(bool(m) and int(m.group(5)) + int(m.group(6)) == 2 and int(m.group(1)) == n_records,
          f"summary counts 2 corrupt or truncated of {n_records} records ({err.strip().splitlines()[-1]})")

    # Plain WARC: a header with a bad Content-Length and garbage between records.
    text = plain.read_bytes()
    first, second = html_ids[0], html_ids[3]
    pos1 = text.index(f"WARC-Record-ID: {first}".encode())
    start1 = text.rindex(b"WARC/1.", 0, pos1)
    cl = text.index(b"Content-Length: ", pos1)
    bad = text[:cl] + b"Content-Length: 12x4" + text[text.index(b"\r\n", cl):]
    pos2 = bad.index(f"WARC-Record-ID: {second}".encode())
    start2 = bad.rindex(b"WARC/1.", 0, pos2)
    bad = bad[:start2] + b"this is no WARC record\r\nat all\r\n\r\n" + bad[start2:]
    (tmp / "bad.warc").write_bytes(bad)
    code, out, err = run_wce([wce, "extract", "--warc", "--extractor", EXTRACTOR, str(tmp / "bad.warc")])
    check(code == 1 and f"offset {start1}: corrupt WARC header: Content-Length '12x4'" in err,
          f"bad Content-Length reported at offset {start1} ({err.strip()[:300]})")
    check(f"offset {start2}: not a WARC record" in err, f"garbage reported at offset {start2}")
    got, _ = out_texts(out)
    check(first not in got and all(got.get(i, {}).get("text") == expected[i] for i in html_ids[1:]),
          "only the record with the bad header is lost; the one after the garbage is extracted")

    # Constant memory: a 64 MB non-HTML record is streamed past; an HTML
    # payload over the limit (32 MiB) is skipped and reported.
    big = [{"kind": "response", "id": "<urn:big-bin>", "url": "https://x.test/big.bin",
            "ctype": "application/octet-stream", "payload": bytes(64 << 20)},
           {"kind": "response", "id": "<urn:big-html>", "url": "https://x.test/big.html",
            "ctype": "text/html", "payload": b"<p>" + b"a" * (33 << 20) + b"</p>"},
           records[1]]
    big_offsets = write_warc(tmp / "big.warc.gz", big, True)
    probe = ("import resource, subprocess, sys; p = subprocess.run(sys.argv[1:], capture_output=True); "
             "sys.stdout.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss) + '\\n' + p.stderr.decode())")
    p = subprocess.run([sys.executable, "-c", probe, wce, "extract", "--warc", str(tmp / "big.warc.gz")],
                       capture_output=True, text=True)
    rss_kb = int(p.stdout.splitlines()[0])
    check(rss_kb < 48 * 1024, f"64 MB non-HTML + 33 MB HTML record: max RSS {rss_kb // 1024} MB < 48 MB")
    check(f"offset {big_offsets['<urn:big-html>']}: HTML response <urn:big-html> skipped: its payload" in p.stdout,
          "the HTML payload over the limit is reported")
    check("4 records: 1 extracted, 2 not HTML, 1 too large, 0 corrupt, 0 truncated" in p.stdout, "summary: 1 extracted, 1 too large")

    # Damage of every kind loses nothing (damage.py).
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import damage
    damage.main(check, wce, run_wce, tmp)

    import shutil
    shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"check_warc: {len(failures)} failure(s)")
        sys.exit(1)
    print("check_warc: all passed")


if __name__ == "__main__":
    main()
