"""Page metadata flags of the dump's pages, from their raw HTML (an experiment
of the learned ensemble's page stage, issue 9: the Document keeps no <meta>):
og:type = article, a schema.org Article type (JSON-LD "@type" or itemtype),
and an <article> element. Writes P.meta.f32 (float32, 3 per page, in the
order of P.pages.tsv) for ensemble.py --page-meta.

Usage: python page_meta.py --data P [--datasets DIR]
"""
import argparse
import gzip
import json
import os
import re

import numpy as np

NAMES = ["og_article", "schema_article", "has_article"]
META = re.compile(r"<meta\b[^>]*>", re.I)
OG_TYPE = re.compile(r"""(?:property|name)\s*=\s*["']?og:type["'\s>]""", re.I)
CONTENT_ARTICLE = re.compile(r"""content\s*=\s*["']?\s*article""", re.I)
# JSON-LD "@type": "NewsArticle" (or a list holding one) and microdata itemtype=".../BlogPosting".
ARTICLE_TYPES = r"(?:\w*Article|BlogPosting|LiveBlogPosting|Report)"
LD_TYPE = re.compile(r""""@type"\s*:\s*(?:\[[^\]]*)?"(?:https?://schema\.org/)?%s\"""" % ARTICLE_TYPES, re.I)
ITEMTYPE = re.compile(r"""itemtype\s*=\s*["']?https?://schema\.org/%s\b""" % ARTICLE_TYPES, re.I)
ARTICLE_EL = re.compile(r"<article\b", re.I)


def flags(html):
    og = any(OG_TYPE.search(m) and CONTENT_ARTICLE.search(m) for m in META.findall(html))
    return [float(og), float(bool(LD_TYPE.search(html) or ITEMTYPE.search(html))), float(bool(ARTICLE_EL.search(html)))]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--datasets", default=os.environ.get("WCE_DATASETS", "/work/shared/datasets"))
    a = ap.parse_args()
    lines = open(a.data + ".pages.tsv").read().splitlines()
    head = lines[0].split("\t")
    pages = [dict(zip(head, l.split("\t"))) for l in lines[1:]]
    index = {(p["dataset"], p["id"]): i for i, p in enumerate(pages)}
    out = np.full((len(pages), len(NAMES)), np.nan, np.float32)
    for d in sorted({p["dataset"] for p in pages}):
        with gzip.open(os.path.join(a.datasets, d + ".jsonl.gz"), "rt", encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                i = index.get((r["dataset"], r["id"]))
                if i is not None:
                    out[i] = flags(r.get("html") or "")
    assert not np.isnan(out).any(), "pages not found in the datasets"
    out.tofile(a.data + ".meta.f32")
    for d in sorted({p["dataset"] for p in pages}):
        m = np.array([p["dataset"] == d for p in pages])
        print("%-22s pages %4d  " % (d, m.sum()) + "  ".join("%s %.2f" % (n, out[m, j].mean()) for j, n in enumerate(NAMES)))


if __name__ == "__main__":
    main()
