"""The Python module (pip install .) against the CLI: same texts, labels,
extractor list, scores and error messages. Run by tests/python/run.sh, which
installs the module into a venv and passes the CLI as WCE_CLI."""
import gzip
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import wce

REPO = Path(__file__).resolve().parents[2]
CLI = os.environ.get("WCE_CLI", str(REPO / "build" / "native" / "wce"))
DEMO = sorted(p for p in (REPO / "demo").iterdir() if (p / "source.html").exists())
# Several kinds of output: all text, a token range, a subtree, paragraphs, a cascade.
EXTRACTORS = ["readability", "bte", "all_text", "justext", "trafilatura", "lqf50"]
DATASET_PAGES = 50
DATASETS = ["l3s-gn1", "cleaneval", "dragnet", "google-trends-2017", "htmltotext-benchmark"]


def cli(*args, stdin=None):
    p = subprocess.run([CLI, *args], input=stdin, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8")


def cli_error(*args):
    """The message of a CLI failure, without the "wce: " prefix."""
    code, _, err = cli(*args)
    assert code == 2, err
    return err.strip().removeprefix("wce: ")


def datasets_folder():
    env = os.environ.get("WCE_DATASETS")
    if env:
        return Path(env)
    # ../shared/datasets of the main checkout (of a worktree under wt/: ../../shared).
    for c in (REPO.parent / "shared" / "datasets", REPO.parent.parent / "shared" / "datasets"):
        if c.is_dir():
            return c
    return None


def dataset_records():
    folder = datasets_folder()
    if folder is None:
        return []
    per = -(-DATASET_PAGES // len(DATASETS))
    out = []
    for name in DATASETS:
        path = folder / f"{name}.jsonl.gz"
        if not path.exists():
            continue
        with gzip.open(path, "rt", encoding="utf-8") as f:
            taken = 0
            for line in f:
                rec = json.loads(line)
                if rec.get("html"):
                    out.append(rec)
                    taken += 1
                if taken == per:
                    break
    return out[:DATASET_PAGES]


@pytest.mark.parametrize("extractor", EXTRACTORS)
@pytest.mark.parametrize("page", DEMO, ids=lambda p: p.name)
def test_demo_page_same_text_as_cli(page, extractor):
    code, out, err = cli("extract", "--extractor", extractor, str(page / "source.html"))
    assert code == 0, err
    # bytes: the charset is sniffed, as the CLI does for a file.
    assert wce.extract((page / "source.html").read_bytes(), extractor) == out.removesuffix("\n")


def test_dataset_pages_same_text_as_cli_jsonl(tmp_path):
    records = dataset_records()
    if not records:
        pytest.skip("../shared/datasets not found (set WCE_DATASETS)")
    assert len(records) == DATASET_PAGES
    data = tmp_path / "pages.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    for extractor in ("readability", "justext"):
        code, out, err = cli("extract", "--jsonl", "--extractor", extractor, str(data))
        assert code == 0, err
        expected = {row["id"]: row["text"] for row in map(json.loads, out.splitlines())}
        for r in records:
            # str: decoded text (charset "utf-8"), lang as the record's, as --jsonl does.
            got = wce.extract(r["html"], extractor, lang=r.get("lang") or None)
            assert got == expected[r["id"]], (extractor, r["id"])


def test_labels_same_as_cli_json():
    page = DEMO[0] / "source.html"
    for extractor in ("bte", "readability"):
        code, out, err = cli("extract", "--format", "json", "--extractor", extractor, str(page))
        assert code == 0, err
        expected = json.loads(out)["labels"]
        got = wce.labels(page.read_bytes(), extractor)
        assert len(got) == len(expected) > 10
        assert got == pytest.approx(expected)
        assert all(0.0 <= x <= 1.0 for x in got)


def test_extractors_same_as_cli_list():
    code, out, _ = cli("list")
    names = [line.split()[0] for line in out.splitlines() if line and not line.startswith(" ")]
    infos = wce.extractors()
    assert [e["name"] for e in infos] == names
    assert len(infos) >= 23
    assert {"name", "family", "reference", "description", "render"} <= set(infos[0])
    # One default everywhere: the CLI's (`wce extract --help`), npm's and the extension's.
    assert wce.DEFAULT_EXTRACTOR == "ensemble"
    code, out, _ = cli("extract", "--help")
    assert "default ensemble" in out


def test_default_extractor_gives_the_cli_text():
    page = DEMO[0] / "source.html"
    code, out, err = cli("extract", str(page))
    assert code == 0, err
    assert wce.extract(page.read_bytes()) == out.removesuffix("\n")


def test_evaluate_same_as_cli_eval(tmp_path):
    gold = "The first sentence of the article. A second one follows here.\nAnd a third line."
    pred = "Home News\nThe first sentence of the article. A second one.\nAnd a third line."
    (tmp_path / "gold.jsonl").write_text(json.dumps({"id": "p", "dataset": "t", "text": gold}) + "\n")
    (tmp_path / "pred.jsonl").write_text(json.dumps({"id": "p", "text": pred}) + "\n")
    code, _, err = cli("eval", str(tmp_path / "pred.jsonl"), str(tmp_path / "gold.jsonl"),
                       "--measures", "rouge,bag,kl,near_empty", "--pages-out", str(tmp_path / "pages.jsonl"))
    assert code == 0, err
    rows = {r["measure"]: r for r in map(json.loads, (tmp_path / "pages.jsonl").read_text().splitlines())}
    got = wce.evaluate(pred, gold, measures=["rouge", "bag", "kl", "near_empty"])
    assert list(got) == ["rouge_lsum", "bag", "kl", "near_empty"]
    for m in ("rouge_lsum", "bag"):
        assert got[m]["precision"] == pytest.approx(rows[m]["precision"])
        assert got[m]["recall"] == pytest.approx(rows[m]["recall"])
        assert got[m]["f1"] == pytest.approx(rows[m]["f1"])
        assert 0 < got[m]["f1"] < 1
    assert got["kl"] == pytest.approx(rows["kl"]["value"])
    assert got["near_empty"] == 0.0
    assert wce.evaluate(gold, gold)["rouge_lsum"]["f1"] == 1.0
    assert set(wce.evaluate(pred, gold, measures="all")) >= {"rouge_lsum", "cleaneval", "cosine"}


def test_bad_input_raises_the_cli_message(tmp_path):
    page = tmp_path / "p.html"
    page.write_text("<p>x</p>")
    with pytest.raises(ValueError) as e:
        wce.extract("<p>x</p>", "nope")
    assert str(e.value) in cli_error("extract", "--extractor", "nope", str(page))
    with pytest.raises(ValueError) as e:
        wce.extract(b"<p>x</p>", "bte", charset="klingon")
    assert cli_error("extract", "--charset", "klingon", str(page)) == "--charset: " + str(e.value)
    with pytest.raises(ValueError) as e:
        wce.evaluate("a", "b", measures="rouge,blue")
    assert str(e.value) in cli_error("bench", "--data", str(page), "--measures", "rouge,blue")
    with pytest.raises(ValueError, match="a str is already decoded"):
        wce.extract("<p>x</p>", charset="utf-8")
    with pytest.raises(TypeError, match="html must be str or bytes, not int"):
        wce.extract(42)
    for call in (wce.extract, wce.labels, wce.sniff_charset):
        with pytest.raises(TypeError, match="html must be str or bytes, not NoneType"):
            call(None)


# A page past each limit, the Python limit argument and the CLI option that set it.
LIMIT_CASES = [
    ("max_nodes", 50_000, "--max-nodes", "50000", "page over the nodes limit: Document of more than 50000 nodes"),
    ("max_input_mb", 0.5, "--max-input-mb", "0.5", "page over the input_bytes limit: input of more than 0.5 MB"),
    ("max_text_mb", 0.25, "--max-text-mb", "0.25", "page over the text_bytes limit"),
]


@pytest.mark.parametrize("arg,value,option,option_value,message", LIMIT_CASES, ids=[c[0] for c in LIMIT_CASES])
def test_limits_raise_value_error_with_the_cli_message(tmp_path, arg, value, option, option_value, message):
    page = "<html><body>" + "<p>word word word</p>" * 60_000 + "</body></html>"
    path = tmp_path / "big.html"
    path.write_text(page)
    with pytest.raises(ValueError) as e:
        wce.extract(page, "all_text", **{arg: value})
    assert message in str(e.value)
    code, _, err = cli("extract", "-e", "all_text", option, option_value, str(path))
    assert code == 1 and err.strip() == f"wce: {path}: {e.value}"
    assert wce.extract(page, "all_text", **{arg: 0}).startswith("word word")  # 0: no limit


def test_default_limit_raises_value_error():
    # Over the default 128 MB input limit (the example, 150 MB).
    with pytest.raises(ValueError, match="page over the input_bytes limit"):
        wce.extract("<p>" + "word " * 30_000_000)


def test_time_budget_and_bad_limit_values():
    page = "<html><body>" + "<div><p>" + "word " * 40 + "</p></div>" * 30_000 + "</body></html>"
    with pytest.raises(ValueError, match="page over the time budget of 1 ms"):
        wce.extract(page, "readability", timeout_ms=1)
    with pytest.raises(ValueError, match="max_nodes must be a number >= 0"):
        wce.extract("<p>x</p>", max_nodes=-1)
    with pytest.raises(TypeError):
        wce.extract("<p>x</p>", max_nodes="many")


BINARY_CASES = [
    ("PNG", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4),
    ("PDF", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
    ("gzip", bytes([0x1F, 0x8B, 0x08, 0, 0, 0, 0, 0, 0, 3]) + b"<html>compressed</html>"),
    ("binary data: 76% control bytes", bytes(range(32)) * 10 + b"<p>text</p>" * 2),
]


@pytest.mark.parametrize("kind,data", BINARY_CASES, ids=[c[0].split(":")[0] for c in BINARY_CASES])
def test_binary_input_is_refused_as_the_cli_does(tmp_path, kind, data):
    path = tmp_path / "x.bin"
    path.write_bytes(data)
    with pytest.raises(ValueError) as e:
        wce.extract(data)
    assert str(e.value) == f"not HTML (looks like {kind})"
    code, out, err = cli("extract", str(path))
    assert code == 1 and out == "" and err.strip() == f"wce: {path}: {e.value}"


def test_odd_input_gives_a_sane_result():
    assert wce.extract("") == ""
    assert wce.extract(b"") == ""
    # Mostly bytes >= 0x80 and few control bytes: text in some legacy charset, not refused.
    assert isinstance(wce.extract(bytes(range(28, 256)) * 50, "all_text"), str)
    # UTF-16 is text, NUL bytes and all.
    assert wce.extract("\ufeff<p>utf-16 text</p>".encode("utf-16-le"), "all_text") == "utf-16 text"
    assert isinstance(wce.extract("<div>" * 100_000 + "deep text" + "</div>" * 100_000, "all_text"), str)
    assert "ok" in wce.extract("<p>lone \ud800 surrogate ok</p>", "all_text")
    # bytes with a charset: decoded with it (windows-1252 here), as the CLI's --charset.
    assert wce.extract("<p>Grüße</p>".encode("cp1252"), "all_text", charset="iso-8859-1") == "Grüße"
    assert wce.extract(bytearray(b"<p>bytearray</p>"), "all_text") == "bytearray"


def test_legacy_charsets_in_bytes():
    # Declared by the caller, by the page's <meta>, or by nothing (guessed from the bytes).
    ja = "東京は日本の首都であり、世界でも有数の大都市として知られています。"
    assert wce.extract(f"<p>{ja}</p>".encode("cp932"), "all_text", charset="Shift_JIS") == ja
    assert wce.extract(f"<meta charset=euc-kr><p>서울의 날씨</p>".encode("cp949"), "all_text") == "서울의 날씨"
    assert wce.extract(f"<p>{ja}</p>".encode("euc_jp"), "all_text") == ja
    with pytest.raises(ValueError, match="not a charset wce decodes"):
        wce.extract(b"<p>x</p>", "all_text", charset="iso-2022-kr")
    assert wce.sniff_charset(f"<p>{ja}</p>".encode("euc_jp")) == "euc-jp"
    assert wce.sniff_charset(b"<meta charset=GB2312><p>x</p>") == "gbk"
    assert wce.sniff_charset(bytearray("<p>café</p>".encode())) == "utf-8"
    assert wce.sniff_charset(b"") == "utf-8"
    with pytest.raises(TypeError, match="takes bytes"):
        wce.sniff_charset("<p>str</p>")


def test_gil_released_during_extraction():
    # While one thread is inside wce.extract on a large page, the main thread
    # keeps running Python code; with the GIL held it could run at most one
    # switch interval (0.5 ms here) after the worker took its start time.
    page = "<html><body>" + "<div><p>" + "word " * 60 + "<a href=/x>link</a></p></div>" * 20_000 + "</body></html>"
    window = {}
    old = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)

    def work():
        window["start"] = time.perf_counter()
        window["text"] = wce.extract(page, "readability")
        window["end"] = time.perf_counter()

    try:
        t = threading.Thread(target=work)
        t.start()
        seen = []  # the main thread's clock readings while the worker runs
        while t.is_alive():
            seen.append(time.perf_counter())
        t.join()
    finally:
        sys.setswitchinterval(old)
    start, end = window["start"], window["end"]
    inside = [x for x in seen if start < x < end]
    assert window["text"] and end - start > 0.02, "the page was too quick to tell"
    assert inside and inside[-1] - start > 0.5 * (end - start), \
        f"the main thread ran only {(inside[-1] - start) if inside else 0:.4f} s of the {end - start:.4f} s extraction"


# Structured output and metadata: the same as the CLI's --format markdown|html|json.
@pytest.mark.parametrize("page", DEMO, ids=lambda p: p.name)
@pytest.mark.parametrize("output", ["markdown", "html"])
def test_demo_page_same_rendering_as_cli(page, output):
    code, out, err = cli("extract", "--format", output, str(page / "source.html"))
    assert code == 0, err
    got = wce.extract((page / "source.html").read_bytes(), output=output)
    assert got.rstrip("\n") == out.rstrip("\n")
    assert got.strip(), "an empty rendering of a demo page"


@pytest.mark.parametrize("page", DEMO, ids=lambda p: p.name)
def test_demo_page_same_metadata_as_cli(page):
    code, out, err = cli("extract", "--format", "json", "--url", "https://example.org/a/b", str(page / "source.html"))
    assert code == 0, err
    want = json.loads(out)
    got = wce.metadata((page / "source.html").read_bytes(), url="https://example.org/a/b")
    assert set(got) == {"title", "author", "date", "modified", "site", "lang", "description", "url", "image",
                        "page_type", "page_type_probability"}
    for key, value in got.items():
        assert want[key] == pytest.approx(value) if key == "page_type_probability" else want[key] == value, key
    assert got["title"], "the demo pages all have a title"
    as_json = json.loads(wce.extract((page / "source.html").read_bytes(), output="json", url="https://example.org/a/b"))
    assert {k: as_json[k] for k in got if k != "page_type_probability"} == \
        {k: v for k, v in got.items() if k != "page_type_probability"}
    assert as_json["text"] == wce.extract((page / "source.html").read_bytes())


def test_metadata_of_a_small_page():
    html = ('<html lang="en"><head><title>A fine day - The Daily</title>'
            '<meta property="og:site_name" content="The Daily">'
            '<meta name="author" content="Ann Lee"></head>'
            '<body><h1>A fine day</h1><p>It was a fine day in the city, said everyone we met.</p></body></html>')
    m = wce.metadata(html)
    assert m["title"] == "A fine day"
    assert m["author"] == "Ann Lee"
    assert m["site"] == "The Daily"
    assert m["lang"] == "en"


def test_unknown_output_is_a_value_error():
    with pytest.raises(ValueError, match="markdown"):
        wce.extract("<p>x</p>", output="pdf")
    with pytest.raises(TypeError):
        wce.metadata(None)
