#!/usr/bin/env python3
"""Main-content extraction at corpus scale: a PySpark job over WARC or JSONL files.

Each partition runs the wce Python module (`import wce`, the C++ core) in
`mapPartitions`; the output has one row per page: id, url, extractor, text,
ms (parse + extract + render, measured around wce.extract) and error.

  spark-submit --master spark://127.0.0.1:7077 jobs/spark/extract_job.py \
      --input pages.warc.gz more.warc.gz --output out/ [--format jsonl|parquet] \
      [--extractor readability] [--partitions N]

Inputs:
  *.warc, *.warc.gz  web archives: the HTML response records (warcio's
                     ArchiveIterator, a maintained reader), one partition per file;
                     the charset comes from the HTTP header, else it is sniffed
                     (as `wce extract --warc`).
  anything else      dataset JSON lines ({"id", "html", "lang"?, "url"?} per line,
                     gzipped or not), spread over --partitions partitions.
Prints one summary line (pages, seconds, pages/s) as JSON on stdout.
"""
import argparse
import json
import sys
import time

# The columns of the output, in order.
COLUMNS = ["id", "url", "extractor", "text", "ms", "error"]
HTML_TYPES = ("text/html", "application/xhtml+xml")


def http_charset(content_type):
    """The charset parameter of a Content-Type value, or None."""
    for part in (content_type or "").split(";")[1:]:
        name, _, value = part.strip().partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip("\"'") or None
    return None


def run_extract(wce, html, extractor, lang=None, charset=None):
    """(text, ms, error) for one page; a bad charset label falls back to sniffing."""
    t0 = time.perf_counter()
    try:
        try:
            text = wce.extract(html, extractor, lang=lang, charset=charset)
        except ValueError:
            if charset is None:
                raise
            text = wce.extract(html, extractor, lang=lang)
        return text, (time.perf_counter() - t0) * 1000, None
    except Exception as e:  # noqa: BLE001 - reported in the row, the job goes on
        return "", (time.perf_counter() - t0) * 1000, f"{type(e).__name__}: {e}"


def extract_jsonl(lines, extractor):
    """mapPartitions over dataset JSON lines."""
    import wce
    for line in lines:
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            html = rec["html"]
            if not isinstance(html, str):
                raise ValueError("html is not a string")
        except Exception as e:  # noqa: BLE001
            yield ("", "", extractor, "", 0.0, f"malformed record: {e}")
            continue
        text, ms, err = run_extract(wce, html, extractor, lang=rec.get("lang") or None)
        yield (str(rec.get("id", "")), str(rec.get("url", "")), extractor, text, ms, err)


def extract_warc(paths, extractor):
    """mapPartitions over WARC file paths."""
    import wce
    from warcio.archiveiterator import ArchiveIterator
    from warcio.exceptions import ArchiveLoadFailed
    for path in paths:
        with open(path, "rb") as f:
            try:
                for rec in ArchiveIterator(f):
                    if rec.rec_type != "response" or rec.http_headers is None:
                        continue
                    ctype = rec.http_headers.get_header("Content-Type") or ""
                    if ctype.split(";")[0].strip().lower() not in HTML_TYPES:
                        continue
                    body = rec.content_stream().read()
                    bom = body[:3] == b"\xef\xbb\xbf" or body[:2] in (b"\xff\xfe", b"\xfe\xff")
                    charset = None if bom else http_charset(ctype)
                    text, ms, err = run_extract(wce, body, extractor, charset=charset)
                    yield (rec.rec_headers.get_header("WARC-Record-ID") or "",
                           rec.rec_headers.get_header("WARC-Target-URI") or "", extractor, text, ms, err)
            except ArchiveLoadFailed as e:
                yield ("", path, extractor, "", 0.0, f"corrupt WARC {path}: {e}")


def wait_for_executors(sc, timeout_s=120):
    """Waits until spark.cores.max executors (one core each) have registered,
    so that the timed part does not include their start-up."""
    want = int(sc.getConf().get("spark.cores.max", "0") or 0)
    deadline = time.time() + timeout_s
    while want and time.time() < deadline:
        # getExecutorMemoryStatus lists the driver too.
        if sc._jsc.sc().getExecutorMemoryStatus().size() - 1 >= want:
            return
        time.sleep(0.5)


def jsonl_lines(sc, paths, partitions):
    """The dataset JSON lines as an RDD of `partitions` partitions. Plain files
    are split by byte range where they are read (no shuffle, so the whole stage
    spreads over the executors); gzip is not splittable, so gzipped input is
    spread after it is read."""
    if any(p.endswith(".gz") for p in paths):
        return sc.textFile(",".join(paths)).repartition(partitions)
    return sc.textFile(",".join(paths), minPartitions=partitions)


def extract_frame(spark, sc, warcs, lines, extractor):
    """The DataFrame of extracted rows: WARC paths (one partition each) and/or
    an RDD of dataset JSON lines."""
    from pyspark.sql.types import DoubleType, StringType, StructField, StructType
    rdds = []
    if warcs:
        rdds.append(sc.parallelize(warcs, len(warcs)).mapPartitions(lambda it: extract_warc(it, extractor)))
    if lines is not None:
        rdds.append(lines.mapPartitions(lambda it: extract_jsonl(it, extractor)))
    rdd = rdds[0] if len(rdds) == 1 else sc.union(rdds)
    schema = StructType([StructField(c, DoubleType() if c == "ms" else StringType()) for c in COLUMNS])
    return spark.createDataFrame(rdd, schema)


def write(df, fmt, path):
    if fmt == "parquet":
        df.write.mode("overwrite").parquet(path)
    else:
        df.write.mode("overwrite").json(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--input", nargs="+", required=True)
    ap.add_argument("--output", required=True)
    ap.add_argument("--format", choices=["jsonl", "parquet"], default="jsonl")
    ap.add_argument("--extractor", default="readability")
    ap.add_argument("--partitions", type=int, default=0, help="JSONL input: partitions (default: 2 x default parallelism)")
    ap.add_argument("--warmup", type=int, default=0,
                    help="JSONL input: first run the job on this many records, untimed (executor start-up)")
    args = ap.parse_args(argv)

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("wce-extract").getOrCreate()
    sc = spark.sparkContext
    extractor = args.extractor
    warcs = [p for p in args.input if p.endswith((".warc", ".warc.gz"))]
    others = [p for p in args.input if p not in warcs]
    wait_for_executors(sc)
    partitions = args.partitions or 2 * sc.defaultParallelism
    warmup_s = 0.0
    if args.warmup and others:
        # The first tasks of a fresh executor pay for JVM class loading and JIT,
        # the Python worker's start and `import wce` (tens of seconds on a busy
        # 2-core machine): run the same pipeline once on the first records,
        # untimed, so that `seconds` measures steady-state extraction.
        t = time.perf_counter()
        head = sc.parallelize(sc.textFile(",".join(others)).take(args.warmup), partitions)
        write(extract_frame(spark, sc, [], head, extractor),
              args.format, args.output + "-warmup")
        warmup_s = time.perf_counter() - t
    t0 = time.perf_counter()
    lines = jsonl_lines(sc, others, partitions) if others else None
    write(extract_frame(spark, sc, warcs, lines, extractor), args.format, args.output)
    seconds = time.perf_counter() - t0
    written = spark.read.parquet(args.output) if args.format == "parquet" else spark.read.json(args.output)
    pages = written.count()
    errors = written.filter(written.error.isNotNull()).count() if "error" in written.columns else 0
    print(json.dumps({"pages": pages, "errors": errors, "seconds": round(seconds, 3),
                      "warmup_seconds": round(warmup_s, 3),
                      "pages_per_s": round(pages / seconds, 2) if seconds else None,
                      "executors_cores": int(sc.getConf().get("spark.cores.max", "0") or 0),
                      "extractor": extractor}), flush=True)
    spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
