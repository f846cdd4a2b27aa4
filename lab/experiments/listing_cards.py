"""Where the learned ensemble loses words on WCXB dev's listing, collection and
product pages (issue 32): per text node of the WCXB dump (lab/tools/ensemble_dump
--split all --node-text), its label (the aligned gold text plus the snippets,
lab/learn/wcxb_rows.py), the ensemble's out-of-fold output (ensemble.py
--wcxb-keep: page stage + completion, grouped CV by domain) and trafilatura's
vote, bucketed by the markup the dump's node features describe.

Two views, both per page type:
- bag: WCXB's measure itself (lowercase \\w+ tokens, bag overlap): missed gold
  tokens (FN) and kept tokens not in the gold (FP), summed over pages;
- node: the tokens of gold nodes not kept (missed) and of non-gold nodes kept
  (spurious), by markup class (first match, in this order):
    navigation   under <nav>/<aside>, role=navigation or a menu / sidebar class
    card link    in a repeated item (>= 3 siblings of one tag and class) and in <a>
    card heading in a repeated item, in a heading
    card price   in a repeated item, a price (a currency sign or code by a number)
    card other   in a repeated item, the rest
    heading      a heading outside any repeated item
    link         in <a> outside any repeated item
    list item    in <li> outside any repeated item (lists of fewer than 3 same-class items)
    table cell   in <td>
    other        paragraphs and the rest
  and, for gold nodes in repeated items, the share of their group's worded
  items the output keeps (a whole group dropped vs a group partly kept).

Usage: python3 lab/experiments/listing_cards.py --data .cache/ensemble/wcxb_T --keep K.npz
         --set /work/shared/datasets/wcxb-dev.jsonl.gz [--types listing,collection,product] [--json OUT]
"""
import argparse
import collections
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "learn"))
import wcxb_rows  # noqa: E402

PRICE = re.compile(r"([$€£¥₹]\s?\d)|(\d[\d.,]*\s?(€|eur|usd|\$|£|kr|zł|chf))|(\b(usd|eur|gbp)\s?\d)", re.I)
CLASSES = ("navigation", "card link", "card heading", "card price", "card other", "heading", "link", "list item",
           "table cell", "other")


def markup_class(r, col, text):
    if r[col["in_navigation"]] >= 0.5:
        return "navigation"
    if r[col["repeat_log_count"]] > 0:
        if r[col["in_a"]] >= 0.5:
            return "card link"
        if r[col["in_h"]] >= 0.5:
            return "card heading"
        if PRICE.search(text):
            return "card price"
        return "card other"
    if r[col["in_h"]] >= 0.5:
        return "heading"
    if r[col["in_a"]] >= 0.5:
        return "link"
    if r[col["in_li"]] >= 0.5:
        return "list item"
    if r[col["in_td"]] >= 0.5:
        return "table cell"
    return "other"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True, help="ensemble_dump prefix of WCXB dev (--node-text)")
    ap.add_argument("--keep", required=True, help="ensemble.py --wcxb-keep output (.npz)")
    ap.add_argument("--set", required=True)
    ap.add_argument("--types", default="listing,collection,product")
    ap.add_argument("--json", help="write the counts here")
    a = ap.parse_args()
    cols = [c.strip() for c in open(a.data + ".columns") if c.strip()]
    col = {c: i for i, c in enumerate(cols)}
    rows = np.fromfile(a.data + ".rows.f32", dtype=np.float32).reshape(-1, len(cols))
    texts = [json.loads(l) for l in open(a.data + ".text.jsonl", encoding="utf-8")]
    pages = [l.split("\t") for l in open(a.data + ".pages.tsv").read().splitlines()[1:]]
    ids = [p[2] for p in pages]
    page = rows[:, 0].astype(np.int64)
    bounds = np.searchsorted(page, np.arange(len(ids) + 1))
    records = wcxb_rows.read_records(a.set)
    y, _ = wcxb_rows.relabel(rows, texts, bounds, records, ids)
    k = np.load(a.keep)
    keep, choice, choices = k["keep"], k["choice"], [str(c) for c in k["choices"]]
    traf = rows[:, col["vote_trafilatura"]] >= 0.5
    ntok = np.array([len(wcxb_rows.tokens(t)) for t in texts])
    types = a.types.split(",")
    out = {}
    for t in types:
        sel = [i for i, pid in enumerate(ids) if records[pid]["page_type"] == t]
        res = dict(pages=len(sel), choice=collections.Counter(choices[choice[i]] for i in sel))
        for name, kp in (("ensemble", keep), ("trafilatura", traf)):
            bag = collections.Counter()
            node = {c: collections.Counter() for c in CLASSES}
            group_share = collections.Counter()  # missed gold card tokens by kept share of their group
            by_choice = collections.Counter()  # missed gold tokens (bag) by the page's choice
            f1s = []
            for i in sel:
                lo, hi = bounds[i], bounds[i + 1]
                gold = collections.Counter(wcxb_rows.tokens(records[ids[i]]["text"]))
                pred = collections.Counter(wcxb_rows.tokens(" ".join(texts[r] for r in range(lo, hi) if kp[r])))
                common = sum((gold & pred).values())
                bag["gold"] += sum(gold.values())
                bag["output"] += sum(pred.values())
                bag["missed (FN)"] += sum(gold.values()) - common
                bag["not in gold (FP)"] += sum(pred.values()) - common
                f1s.append(wcxb_rows.word_f1(list(pred.elements()), list(gold.elements()))[2])
                by_choice[choices[choice[i]]] += sum(gold.values()) - common
                # Group kept shares: per repeated item (its first row's features), the kept share of words.
                item_kept = collections.defaultdict(lambda: [0, 0])
                for r in range(lo, hi):
                    cls = markup_class(rows[r], col, texts[r])
                    if y[r] >= 0.5 and not kp[r]:
                        node[cls]["missed"] += ntok[r]
                    elif y[r] < 0.5 and kp[r]:
                        node[cls]["spurious"] += ntok[r]
                    if y[r] >= 0.5:
                        node[cls]["gold"] += ntok[r]
                    if not kp[r] and y[r] >= 0.5 and cls.startswith("card"):
                        item_kept[(rows[r, col["repeat_log_count"]], rows[r, col["repeat_group_share"]])][0] += ntok[r]
                    if cls.startswith("card"):
                        item_kept[(rows[r, col["repeat_log_count"]], rows[r, col["repeat_group_share"]])][1] += (
                            ntok[r] if kp[r] else 0)
                for (_, _), (missed, kept) in item_kept.items():
                    if missed:
                        group_share["group with no kept words" if kept == 0 else "group partly kept"] += missed
            res[name] = dict(mean_f1=float(np.mean(f1s)), bag=dict(bag), node={c: dict(v) for c, v in node.items()},
                             missed_card_tokens=dict(group_share),
                             missed_by_choice=dict(by_choice) if name == "ensemble" else None)
        out[t] = res
        print("\n## %s (%d pages; page stage: %s)" % (t, len(sel), ", ".join("%s %d" % kv for kv in res["choice"].items())))
        for name in ("ensemble", "trafilatura"):
            r = res[name]
            print("%-12s word F1 %.3f | gold %d, output %d, missed %d (%.1f %%), not in gold %d (%.1f %%)" % (
                name, r["mean_f1"], r["bag"]["gold"], r["bag"]["output"], r["bag"]["missed (FN)"],
                100 * r["bag"]["missed (FN)"] / r["bag"]["gold"], r["bag"]["not in gold (FP)"],
                100 * r["bag"]["not in gold (FP)"] / max(r["bag"]["output"], 1)))
        if res["ensemble"]["missed_by_choice"]:
            print("ensemble missed tokens by page choice: " + ", ".join(
                "%s %d" % kv for kv in res["ensemble"]["missed_by_choice"].items()))
        print("%-13s %8s | %9s %9s | %9s %9s" % ("markup", "gold", "ens miss", "ens spur", "traf miss", "traf spur"))
        for c in CLASSES:
            e, f = res["ensemble"]["node"][c], res["trafilatura"]["node"][c]
            print("%-13s %8d | %9d %9d | %9d %9d" % (c, e.get("gold", 0), e.get("missed", 0), e.get("spurious", 0),
                                                     f.get("missed", 0), f.get("spurious", 0)))
        for name in ("ensemble", "trafilatura"):
            print("%s: missed gold card tokens by their group: %s" % (name, ", ".join(
                "%s %d" % kv for kv in res[name]["missed_card_tokens"].items())))
    if a.json:
        json.dump(out, open(a.json, "w"), indent=1, default=int)


if __name__ == "__main__":
    main()
