"""wce: web main-content extraction (boilerplate removal) with its extractors
and the evaluation measures of the benchmark, from the C++ core.

    import wce
    text = wce.extract(html)                      # ensemble by default, as the CLI, npm and the extension
    text = wce.extract(raw_bytes, "trafilatura")  # bytes: charset sniffed
    md = wce.extract(html, output="markdown")     # or "html", or "json" (metadata and text)
    wce.metadata(html, url="https://example.org/a")  # title, author, date, site, ..., page_type
    wce.sniff_charset(raw_bytes)                  # ... as this names it ("utf-8", "gbk", ...)
    scores = wce.labels(html, "bte")              # one score per text node
    [e["name"] for e in wce.extractors()]
    wce.evaluate(text, gold, measures="rouge,kl")
"""
from ._wce import DEFAULT_EXTRACTOR, __version__, evaluate, extract, extractors, labels, metadata, sniff_charset

__all__ = ["extract", "metadata", "labels", "extractors", "evaluate", "sniff_charset", "DEFAULT_EXTRACTOR", "__version__"]
