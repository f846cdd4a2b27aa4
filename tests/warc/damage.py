"""Damaged web archives lose nothing (run by check_warc.py, with warcio).

Every record of a damaged file is either extracted, with the same text as in
the clean file, or reported once, with one offset (its own), and counted; the
summary's counts add up (records = extracted + not HTML + too large + corrupt
+ truncated). The damage:
  - the sweep: one gzip member cut short (the rest of the member removed, the
    next member right after it), at CUTS points x 2 payload sizes x 3 places
    (first, middle, last response);
  - the first record's member damaged (its gzip header overwritten, or bytes
    flipped inside it);
  - two members in a row cut short;
  - a plain .warc whose Content-Length is too long (it swallows the next
    record) or too short.
"""
import io
import random
import re

SUMMARY = re.compile(r"^wce: \S+: (\d+) records: (\d+) extracted, (\d+) not HTML, (\d+) too large, "
                     r"(\d+) corrupt, (\d+) truncated$")
PROBLEM = re.compile(r"^wce: \S+: offset (\d+): (.*)$")
EXTRACTOR = "all_text"
N_RESPONSES = 5


def page(i, size, rng):
    words = ["archive", "record", "member", "payload", "offset", "stream", "header", "block", "crawler",
             "harbour", "meadow", "lantern", "quarry", "saddle", "thimble", "walnut", "zephyr", "orchid"]
    n = max(8, size // 7)
    body = " ".join(rng.choice(words) for _ in range(n))
    return f"<html><body><h1>Page {i}</h1><p>{body}</p></body></html>".encode()


def write(path, pages, gzip_members):
    """warcinfo + one response per page; returns [(id, offset, end)] of every record."""
    from warcio.statusandheaders import StatusAndHeaders
    from warcio.warcwriter import WARCWriter
    spans = []
    with open(path, "wb") as f:
        w = WARCWriter(f, gzip=gzip_members)
        start = f.tell()
        w.write_record(w.create_warcinfo_record("damage.warc", {"software": "damage.py"}))
        spans.append(("warcinfo", start, f.tell()))
        for i, payload in enumerate(pages):
            rid = f"<urn:page:{i}>"
            http = StatusAndHeaders("200 OK", [("Content-Type", "text/html; charset=utf-8")], protocol="HTTP/1.1")
            rec = w.create_warc_record(f"https://damage.test/{i}", "response", payload=io.BytesIO(payload),
                                       http_headers=http, warc_headers_dict={"WARC-Record-ID": rid})
            start = f.tell()
            w.write_record(rec)
            spans.append((rid, start, f.tell()))
    return spans


def run(wce, run_wce, path):
    code, out, err = run_wce([wce, "extract", "--warc", "-e", EXTRACTOR, str(path)])
    import json
    texts = {}
    for line in out.splitlines():
        if line.strip():
            r = json.loads(line)
            texts[r["id"]] = r["text"]
    lines = [l for l in err.splitlines() if l.strip()]
    summary = [SUMMARY.match(l) for l in lines]
    summary = [m for m in summary if m]
    problems = [PROBLEM.match(l) for l in lines if not SUMMARY.match(l)]
    return code, texts, lines, summary[-1] if summary else None, problems


def expect(check, label, result, clean, damaged_offsets, n_records):
    """damaged_offsets: {record id: its offset in the damaged file} of the records that must be reported."""
    code, texts, lines, summary, problems = result
    lost = [i for i in clean if i not in damaged_offsets and texts.get(i) != clean[i]]
    extracted_damaged = [i for i in damaged_offsets if i in texts]
    offsets = sorted(int(m.group(1)) for m in problems if m)
    unparsed = [l for l, m in zip([l for l in lines if not SUMMARY.match(l)], problems) if not m]
    one_offset = all(len(re.findall(r"offset|at byte", m.group(2))) == 0 for m in problems if m)
    counts = [int(x) for x in summary.groups()] if summary else []
    ok = (code == 1 and not lost and not unparsed and one_offset
          and offsets == sorted(set(damaged_offsets.values()))
          and bool(counts) and counts[0] == sum(counts[1:]) and counts[0] == n_records
          and counts[4] + counts[5] == len(damaged_offsets)
          and counts[1] == len([i for i in clean if i not in damaged_offsets]))
    why = "" if ok else f" (exit {code}; lost {lost}; offsets {offsets} want {sorted(damaged_offsets.values())}; " \
                        f"counts {counts}; extracted damaged {extracted_damaged}; stderr {lines[:6]})"
    check(ok and not extracted_damaged, label + why)


def main(check, wce, run_wce, tmp):
    rng = random.Random(29)
    sizes = {"small payload": 300, "large payload": 40_000}
    places = {"first": 0, "middle": N_RESPONSES // 2, "last": N_RESPONSES - 1}
    sweep_failures = []

    def quiet(cond, what):  # the sweep's many runs: failures listed, one line for the rest
        if not cond:
            sweep_failures.append(what)
    sweep_runs = 0
    for size_name, size in sizes.items():
        pages = [page(i, size, rng) for i in range(N_RESPONSES)]
        clean_path = tmp / f"clean-{size}.warc.gz"
        spans = write(clean_path, pages, True)
        data = clean_path.read_bytes()
        code, clean, _, summary, _ = run(wce, run_wce, clean_path)
        check(code == 0 and len(clean) == N_RESPONSES, f"damage: clean file, {size_name}: {len(clean)} extracted, exit {code}")
        n_records = len(spans)
        for place, k in places.items():
            rid, start, end = spans[1 + k]
            length = end - start
            cuts = sorted({1, 5, 12, length // 4, length // 2, 3 * length // 4, length - 9, length - 4, length - 1})
            for cut in cuts:
                damaged = data[:start + cut] + data[end:]
                path = tmp / "cut.warc.gz"
                path.write_bytes(damaged)
                expect(quiet, f"damage sweep: {size_name}, {place} response cut {cut} of {length} bytes",
                       run(wce, run_wce, path), clean, {rid: start}, n_records)
                sweep_runs += 1
        if size == 40_000:
            big = (pages, spans, data, clean)
    for what in sweep_failures:
        check(False, what)
    check(not sweep_failures and sweep_runs == 54,
          f"damage sweep: {sweep_runs - len(sweep_failures)} of {sweep_runs} cut files lose nothing")

    pages, spans, data, clean = big
    n_records = len(spans)
    # The first record (warcinfo, offset 0): gzip header overwritten; bytes flipped inside.
    first_end = spans[0][2]
    header_gone = b"\x00" * 10 + data[10:]
    (tmp / "first.warc.gz").write_bytes(header_gone)
    expect(check, "damage: first member's gzip header overwritten",
           run(wce, run_wce, tmp / "first.warc.gz"), clean, {"warcinfo": 0}, n_records)
    flipped = bytearray(data)
    for i in range(20, first_end - 12):
        flipped[i] ^= 0x5A
    (tmp / "first.warc.gz").write_bytes(bytes(flipped))
    expect(check, "damage: first member's data flipped",
           run(wce, run_wce, tmp / "first.warc.gz"), clean, {"warcinfo": 0}, n_records)

    # Two members in a row cut short (responses 1 and 2, each at its half).
    (r1, s1, e1), (r2, s2, e2) = spans[2], spans[3]
    c1, c2 = (e1 - s1) // 2, (e2 - s2) // 2
    two = data[:s1 + c1] + data[e1:s2 + c2] + data[e2:]
    (tmp / "two.warc.gz").write_bytes(two)
    expect(check, "damage: two members in a row cut short",
           run(wce, run_wce, tmp / "two.warc.gz"), clean, {r1: s1, r2: s1 + c1}, n_records)

    # Plain WARC: Content-Length too long (swallows the next record) and too short.
    plain = tmp / "plain.warc"
    spans = write(plain, pages, False)
    text = plain.read_bytes()
    rid, start, end = spans[2]
    at = text.index(b"Content-Length: ", start)
    eol = text.index(b"\r\n", at)
    length = int(text[at + 16:eol])
    for label, new in [("too long", length + (spans[3][2] - spans[3][1]) // 2), ("too short", length - 100),
                       ("far too long", length + 10_000_000)]:
        bad = text[:at] + b"Content-Length: " + str(new).encode() + text[eol:]
        (tmp / "bad.warc").write_bytes(bad)
        expect(check, f"damage: plain .warc, Content-Length {label} ({new} for {length})",
               run(wce, run_wce, tmp / "bad.warc"), clean, {rid: start}, n_records)

    # An HTML response whose payload is an image: reported as not HTML, skipped, counted; exit 1.
    png = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8
    spans = write(tmp / "png.warc.gz", pages[:2] + [png] + pages[2:], True)
    code, texts, lines, summary, problems = run(wce, run_wce, tmp / "png.warc.gz")
    rid, start, _ = spans[3]
    counts = [int(x) for x in summary.groups()] if summary else []
    check(code == 1 and [m.group(1) for m in problems if m] == [str(start)]
          and f"offset {start}: skipped {rid}: not HTML (looks like PNG)" in "\n".join(lines)
          and counts == [len(spans), N_RESPONSES, 2, 0, 0, 0] and sorted(texts.values()) == sorted(clean.values()),
          f"warc: a text/html response holding a PNG is reported as not HTML and counted ({lines[:3]})")
