"""Node labels of a snippet-only page (lab/webeval: "with" snippets must be in
the main text, "without" snippets must not) for the learned ensemble's training
(lab/learn/ensemble.py --web-data).

A page's text nodes (the rows lab/tools/ensemble_dump --node-text writes, in
document order) are joined and searched for each snippet:
- a text node that overlaps an occurrence of a "with" snippet is positive (1),
  one that overlaps a "without" snippet negative (0), every other node
  unlabeled (-1: left out of the loss; it may be article text or boilerplate,
  the snippets do not say which);
- a "with" snippet found more than once labels nothing (the output needs one
  of its copies, the snippets do not say which one: a teaser or the article);
  a "without" snippet labels all its copies (the output must hold none);
- a node that both kinds overlap stays unlabeled.
Matching is score.py's normalisation (NFC, soft hyphen and word joiner removed)
with every whitespace removed on both sides: the renderer's line and word
breaks between text nodes (a link inside a sentence, a <br>) then do not
decide whether a snippet is found. Snippets shorter than MIN_SNIPPET_CHARS
after normalisation are skipped (they would hit by accident).
Stdlib only; tests: python3 -m unittest lab/learn/test_snippet_labels.py.
"""
import bisect
import sys
from pathlib import Path

# The scorer's own normalisation, so that labels and scores see the same text.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "webeval"))
from score import norm  # noqa: E402

MIN_SNIPPET_CHARS = 8  # normalised characters; the set's shortest real snippets are words like "Impressum"


def squeeze(s):
    """score.py's norm (NFC, invisible characters removed, whitespace runs as
    one space), with that space removed too."""
    return norm(s).replace(" ", "")


def _occurrences(hay, needle):
    out, i = [], hay.find(needle)
    while i >= 0:
        out.append(i)
        i = hay.find(needle, i + 1)
    return out


def label_nodes(texts, with_, without):
    """Labels (1, 0, -1) per text and counts {with_found, with_ambiguous,
    with_missing, without_found, without_missing, conflicts}."""
    parts = [squeeze(t) for t in texts]
    starts, pos = [], 0
    for p in parts:
        starts.append(pos)
        pos += len(p)
    hay = "".join(parts)
    pos_hit, neg_hit = [False] * len(texts), [False] * len(texts)
    counts = dict(with_found=0, with_ambiguous=0, with_missing=0, without_found=0, without_missing=0, conflicts=0)

    def mark(hit, begin, end):
        # every node whose [start, start + len) overlaps [begin, end)
        k = bisect.bisect_right(starts, begin) - 1
        while k < len(parts) and starts[k] < end:
            if parts[k] and starts[k] + len(parts[k]) > begin:
                hit[k] = True
            k += 1

    for kind, snippets, hit in (("with", with_, pos_hit), ("without", without, neg_hit)):
        for s in snippets:
            n = squeeze(s)
            if len(n) < MIN_SNIPPET_CHARS:
                continue
            occ = _occurrences(hay, n)
            if not occ:
                counts[kind + "_missing"] += 1
            elif kind == "with" and len(occ) > 1:
                counts["with_ambiguous"] += 1
            else:
                counts[kind + "_found"] += 1
                for b in occ:
                    mark(hit, b, b + len(n))
    labels = []
    for p, q in zip(pos_hit, neg_hit):
        if p and q:
            counts["conflicts"] += 1
        labels.append(1 if p and not q else 0 if q and not p else -1)
    return labels, counts
