"""Why does the learned ensemble lose to a dataset's best member? (training split, out-of-fold)

For every training page of the chosen datasets where the page stage's
out-of-fold token F1 (--final, written by ensemble.py --save-final) is more
than --gap below the best member's, print whether the page stage kept the trees
or took readability, and split the tokens the trees lose against that member:
  dropped = gold tokens the member keeps and the trees drop,
  added   = non-gold tokens the trees keep and the member drops,
by node kind (heading, list item, table cell, link, paragraph, other) and
node size (< 10 words). Uses the cached out-of-fold first-stage probabilities
of ensemble.py (--oof), so nothing is retrained.
"""
import argparse
import numpy as np
from ensemble import load, page_f1

KINDS = ("in_h", "in_li", "in_td", "in_a", "in_p")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--oof", required=True)
    ap.add_argument("--final", required=True)
    ap.add_argument("--datasets", default="readability,google-trends-2017,htmltotext-benchmark")
    ap.add_argument("--gap", type=float, default=0.03)
    a = ap.parse_args()
    names, rows, head, pages = load(a.data)
    page = rows[:, 0].astype(np.int64)
    tokens, matched = rows[:, 3].astype(np.float64), rows[:, 4].astype(np.float64)
    words = rows[:, 2].astype(np.float64)
    gold_row = matched / np.maximum(tokens, 1e-9)  # share of the node's tokens that are gold
    n = len(pages)
    gold_tokens = np.array([float(p["gold_tokens"]) for p in pages])
    datasets = np.array([p["dataset"] for p in pages])
    members = [h[3:] for h in head if h.startswith("f1_")]
    prob = np.load(a.oof)
    trees = prob >= 0.5
    final = np.load(a.final)
    f_tree = page_f1(trees, page, matched, tokens, gold_tokens)
    vote = {m: rows[:, names.index("vote_" + m)] >= 0.5 for m in members}
    f_mem = {m: page_f1(vote[m], page, matched, tokens, gold_tokens) for m in members}
    col = {k: rows[:, names.index(k)] >= 0.5 for k in KINDS}

    def kind(mask):
        out, rest = {}, mask.copy()
        for k in ("in_h", "in_li", "in_td", "in_a", "in_p"):
            out[k[3:]] = rest & col[k]
            rest &= ~col[k]
        out["other"] = rest
        return out

    totals = {}
    for d in a.datasets.split(","):
        m = datasets == d
        best = max(members, key=lambda x: f_mem[x][m].mean())
        print("\n== %s (%d training pages): final %.3f, trees %.3f, %s" % (
            d, m.sum(), final[m].mean(), f_tree[m].mean(),
            ", ".join("%s %.3f" % (x, f_mem[x][m].mean()) for x in members)))
        print("   loss of the mean vs %s: %.4f, from the pages below: " % (best, f_mem[best][m].mean() - final[m].mean()))
        bad = np.where(m & (f_mem[best] - final > a.gap))[0]
        for i in bad[np.argsort(final[bad] - f_mem[best][bad])]:
            stage = "readability" if (final[i] != f_tree[i] and final[i] == f_mem["readability"][i]) else "trees"
            r = page == i
            drop = r & vote[best] & ~trees
            add = r & trees & ~vote[best]
            dk, ak = kind(drop), kind(add)
            gd = (matched * drop).sum()
            na = ((tokens - matched) * add).sum()
            small = (matched * drop * (words < 10)).sum()
            reason = "page stage kept the trees (readability %.3f)" % f_mem["readability"][i] if stage == "trees" and \
                f_mem["readability"][i] - f_tree[i] > a.gap else "stage=%s" % stage
            print("  %-34s final %.3f trees %.3f %s %.3f | %s" % (pages[i]["id"][:34], final[i], f_tree[i], best,
                                                                f_mem[best][i], reason))
            print("     gold tokens dropped %d of %d (%s; nodes < 10 words %d), non-gold tokens added %d (%s)" % (
                gd, gold_tokens[i], " ".join("%s %d" % (k, (matched * v).sum()) for k, v in dk.items() if (matched * v).sum()),
                small, na, " ".join("%s %d" % (k, ((tokens - matched) * v).sum()) for k, v in ak.items()
                                     if ((tokens - matched) * v).sum())))
            for k, v in dk.items():
                totals.setdefault((d, "dropped", k), 0)
                totals[(d, "dropped", k)] += (matched * v).sum() / max(gold_tokens[i], 1)
            # where the dropped gold sits: the trees' P on it
            if gd:
                pd = prob[drop & (gold_row > 0.5)]
                if len(pd):
                    print("     trees' P on the dropped gold nodes: median %.2f, share > 0.3: %.2f, nodes %d" % (
                        np.median(pd), (pd > 0.3).mean(), len(pd)))
    print("\nrecall lost (sum over the bad pages of the dropped share of gold), by node kind:")
    for key in sorted(totals):
        print("  %-22s %-8s %-6s %.2f" % (key + (totals[key],)))


if __name__ == "__main__":
    main()
