#!/usr/bin/env python3
"""Main-content extraction at corpus scale: a PySpark job over WARC or JSONL files.

Each partition runs the wce Python module (`import wce`, the C++ core) in
`mapPartitions`; the output has one row per page: id, url, extractor, text
(in --format: text, markdown or html), ms (parse + extract + render,
measured around the wce calls) and error; with --metadata also title,
author, date, site, lang and page_type (wce.metadata, a second parse).

  spark-submit --master spark://127.0.0.1:7077 jobs/spark/extract_job.py \
      --input pages.warc.gz more.warc.gz --output out/ [--format text|markdown|html] \
      [--metadata] [--output-format jsonl|parquet] [--extractor readability] [--partitions N]

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

# The columns of the output, in order; METADATA_COLUMNS follow "extractor" with --metadata.
COLUMNS = ["id", "url", "extractor", "text", "ms", "error"]
METADATA_COLUMNS = ["title", "author", "date", "site", "lang", "page_type"]


def columns(with_metadata):
    return COLUMNS[:3] + (METADATA_COLUMNS if with_metadata else []) + COLUMNS[3:]
HTML_TYPES = ("text/html", "application/xhtml+xml")


def http_charset(content_type):
    """The charset parameter of a Content-Type value, or None."""
    for part in (content_type or "").split(";")[1:]:
        name, _, value = part.strip().partition("=")
        if name.strip().lower() == "charset":
            return value.strip().strip("\"'") or None
    return None


class Job:
    """What each page gets: the extractor, the output format, metadata or not."""

    def __init__(self, extractor, fmt="text", with_metadata=False):
        self.extractor, self.format, self.with_metadata = extractor, fmt, with_metadata

    def run(self, wce, html, lang=None, charset=None, url=None):
        """(metadata values..., text, ms, error) for one page; a bad charset
        label falls back to sniffing."""
        t0 = time.perf_counter()
        try:
            try:
                return self._run(wce, html, lang, charset, url, t0)
            except ValueError:
                if charset is None:
                    raise
                return self._run(wce, html, lang, None, url, t0)
        except Exception as e:  # noqa: BLE001 - reported in the row, the job goes on
            empty = ("",) * len(METADATA_COLUMNS) if self.with_metadata else ()
            return (*empty, "", (time.perf_counter() - t0) * 1000, f"{type(e).__name__}: {e}")

    def _run(self, wce, html, lang, charset, url, t0):
        text = wce.extract(html, self.extractor, lang=lang, charset=charset, output=self.format)
        meta = ()
        if self.with_metadata:
            m = wce.metadata(html, lang=lang, charset=charset, url=url or None)
            meta = tuple(m[c] for c in METADATA_COLUMNS)
        return (*meta, text, (time.perf_counter() - t0) * 1000, None)

    def malformed(self, what):
        empty = ("",) * len(METADATA_COLUMNS) if self.with_metadata else ()
        return ("", "", self.extractor, *empty, "", 0.0, what)


def extract_jsonl(lines, job):
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
            yield job.malformed(f"malformed record: {e}")
            continue
        url = str(rec.get("url", "") or "")
        yield (str(rec.get("id", "")), url, job.extractor,
               *job.run(wce, html, lang=rec.get("lang") or None, url=url))


def extract_warc(paths, job):
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
                    url = rec.rec_headers.get_header("WARC-Target-URI") or ""
                    yield (rec.rec_headers.get_header("WARC-Record-ID") or "", url, job.extractor,
                           *job.run(wce, body, charset=charset, url=url))
            except ArchiveLoadFailed as e:
                row = list(job.malformed(f"corrupt WARC {path}: {e}"))
                row[1] = path
                yield tuple(row)


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


def extract_frame(spark, sc, warcs, lines, job):
    """The DataFrame of extracted rows: WARC paths (one partition each) and/or
    an RDD of dataset JSON lines."""
    from pyspark.sql.types import DoubleType, StringType, StructField, StructType
    rdds = []
    if warcs:
        rdds.append(sc.parallelize(warcs, len(warcs)).mapPartitions(lambda it: extract_warc(it, job)))
    if lines is not None:
        rdds.append(lines.mapPartitions(lambda it: extract_jsonl(it, job)))
    rdd = rdds[0] if len(rdds) == 1 else sc.union(rdds)
    schema = StructType([StructField(c, DoubleType() if c == "ms" else StringType())
                         for c in columns(job.with_metadata)])
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
    ap.add_argument("--format", choices=["text", "markdown", "html"], default="text",
                    help="the text column: plain text, Markdown (GFM) or cleaned HTML")
    ap.add_argument("--metadata", action="store_true",
                    help="add the columns " + ", ".join(METADATA_COLUMNS) + " (wce.metadata)")
    ap.add_argument("--output-format", choices=["jsonl", "parquet"], default="jsonl")
    ap.add_argument("--extractor", default="readability")
    ap.add_argument("--partitions", type=int, default=0, help="JSONL input: partitions (default: 2 x default parallelism)")
    ap.add_argument("--warmup", type=int, default=0,
                    help="JSONL input: first run the job on this many records, untimed (executor start-up)")
    args = ap.parse_args(argv)

    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("wce-extract").getOrCreate()
    sc = spark.sparkContext
    extractor = args.extractor
    job = Job(extractor, args.format, args.metadata)
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
        write(extract_frame(spark, sc, [], head, job),
              args.output_format, args.output + "-warmup")
        warmup_s = time.perf_counter() - t
    t0 = time.perf_counter()
    lines = jsonl_lines(sc, others, partitions) if others else None
    write(extract_frame(spark, sc, warcs, lines, job), args.output_format, args.output)
    seconds = time.perf_counter() - t0
    written = spark.read.parquet(args.output) if args.output_format == "parquet" else spark.read.json(args.output)
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
