"""Reads render_markdown's output with an independent CommonMark + GFM-table
parser (markdown-it-py) and checks that its text has render_text's words: the
Markdown is read as the text it stands for (escaping, emphasis, code spans,
tables), not only taken apart by the test's own reader (tests/cpp/test_markup.cpp).

    WCE_MARKUP_DUMP_ALL=DIR WCE_MARKUP_PAGES=N build/native/wce_tests \
        --gtest_filter=Markup.WordsEqualRenderTextOnTheDatasets
    python3 tests/markup/check_commonmark.py DIR      # needs: pip install markdown-it-py

DIR holds <page>.md (render_markdown, links and images on) and <page>.txt
(render_text) per page. Prints the pages whose words differ, and the counts;
exit status 1 when any differs.
"""
import sys
from html.parser import HTMLParser
from pathlib import Path

from markdown_it import MarkdownIt

BLOCKS = {"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "tr", "pre", "blockquote", "br", "ul", "ol",
          "table", "thead", "tbody", "hr"}


class Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_starttag(self, tag, attrs):
        if tag in BLOCKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in BLOCKS:
            self.parts.append(" ")

    def handle_data(self, data):
        self.parts.append(data)


def words(s):
    return s.split()


def main():
    folder = Path(sys.argv[1])
    md = MarkdownIt("commonmark").enable("table").enable("strikethrough")
    md.validateLink = lambda url: True  # markdown-it refuses data: and file: URLs (a policy, not CommonMark)
    pages = bad = 0
    for m in sorted(folder.glob("*.md")):
        t = m.with_suffix(".txt")
        if not t.exists():
            continue
        pages += 1
        p = Text()
        p.feed(md.render(m.read_text(encoding="utf-8", errors="surrogateescape")))
        got = words("".join(p.parts))
        want = words(t.read_text(encoding="utf-8", errors="surrogateescape"))
        if got != want:
            bad += 1
            i = next((k for k, (a, b) in enumerate(zip(want, got)) if a != b), min(len(want), len(got)))
            print(f"{m.stem}: differ at word {i} ({len(want)} vs {len(got)})\n  text: {' '.join(want[max(0, i - 3):i + 4])}"
                  f"\n  read: {' '.join(got[max(0, i - 3):i + 4])}")
    print(f"{pages} pages, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
