"""Do render signals help a learned model? The same gradient-boosted trees
(LightGBM, the learned ensemble's recipe: one row per text node with words,
gold labels from wce::align_gold) trained with and without the browser's
render signals (wasm/render_signals.js, taken by lab/experiments/render_signals.js in
Chromium), scored on held-out pages by token F1 (matched kept tokens / kept
tokens, / gold tokens; macro over datasets, as lab/learn/ensemble.py).

Inputs: PREFIX.rows.f32 / .columns / .pages.tsv (build/native/ensemble_dump)
and PREFIX.render.jsonl (lab/experiments/render_signals.js) for a training and a test
prefix. The dump's rows are the core's text nodes with words, in order; the
browser's text nodes with non-space characters, in order, are matched to
them one by one (white-space-only text nodes may differ between Gumbo and
Chromium, so node indices are not compared). A page is used only if both
have as many and the word counts agree on at least ALIGN_MIN_AGREE of them.

Usage: python render_experiment.py TRAIN_PREFIX TEST_PREFIX [--rounds N]
"""
import argparse
import json
import sys

import numpy as np
import lightgbm as lgb

from ensemble import load, page_f1, macro

SEED = 20261126
ALIGN_MIN_AGREE = 0.9
PARAMS = dict(objective="binary", num_leaves=31, learning_rate=0.05, min_data_in_leaf=40,
              feature_fraction=0.9, bagging_fraction=0.8, bagging_freq=1, seed=SEED,
              verbose=-1, num_threads=1)
RENDER_STRIDE = 8  # wasm/render_signals.js STRIDE
RENDER_NAMES = ["visible", "font_px_rel", "font_weight", "log_area", "x_rel", "y_rel",
                "y_px_log", "area_share", "font_px"]


def render_features(rows_page, render_by_page):
    """Per row: derived render features; NaN-free. render_by_page[p] holds the
    render rows of the page's text nodes with words, in the dump's row order.
    Relative font size is the node's over the page's median of visible text."""
    out = np.zeros((len(rows_page), len(RENDER_NAMES)), dtype=np.float32)
    for p in np.unique(rows_page):
        idx = np.nonzero(rows_page == p)[0]
        f = render_by_page[p]
        visible, font, weight, area, x, y, pw, ph = (f[:, i] for i in range(RENDER_STRIDE))
        pw = np.maximum(pw, 1.0)
        ph = np.maximum(ph, 1.0)
        shown = visible > 0
        med = np.median(font[shown]) if shown.any() else (np.median(font) if len(font) else 16.0)
        med = med if med > 0 else 16.0
        total_area = max(float(area.sum()), 1.0)
        out[idx] = np.stack([visible, font / med, weight / 100.0, np.log1p(area), x / pw, y / ph,
                             np.log1p(np.maximum(y, 0.0)), area / total_area, font], axis=1)
    return out


def prepare(prefix):
    cols, rows, head, pages = load(prefix)
    render = {}
    words_col = cols.index("words")
    with open(prefix + ".render.jsonl") as fh:
        for line in fh:
            d = json.loads(line)
            p = d["page"]
            words = np.array(d["words"], dtype=np.int64)
            sel = rows[:, 0] == p
            with_words = np.nonzero(words > 0)[0]
            if sel.sum() == 0 or len(with_words) != sel.sum():
                continue
            agree = np.mean(words[with_words] == rows[sel, words_col].astype(np.int64))
            if agree < ALIGN_MIN_AGREE:
                continue
            r = np.array(d["render"], dtype=np.float32).reshape(-1, RENDER_STRIDE)
            render[p] = r[with_words]
    keep = np.isin(rows[:, 0].astype(np.int64), np.array(sorted(render), dtype=np.int64))
    rows = rows[keep]
    base_cols = [c for c in cols if c not in ("page", "node", "words", "align_tokens", "matched_tokens", "gold")]
    base = rows[:, [cols.index(c) for c in base_cols]]
    page = rows[:, 0].astype(np.int64)
    rf = render_features(page, render)
    datasets = np.array([pg["dataset"] for pg in pages])
    gold_tokens = np.array([float(pg["gold_tokens"]) for pg in pages])
    return dict(base=base, render=rf, base_cols=base_cols, page=page, y=(rows[:, cols.index("gold")] >= 0.5),
                tokens=rows[:, cols.index("align_tokens")], matched=rows[:, cols.index("matched_tokens")],
                datasets=datasets, gold_tokens=gold_tokens, pages_used=len(render), pages_all=len(pages))


def page_weights(page, tokens, n_pages):
    """Each page counts once: a row's weight is its share of its page's tokens."""
    tot = np.bincount(page, weights=tokens, minlength=n_pages)
    return tokens / np.maximum(tot[page], 1e-9)


def score(prob, d):
    used = np.unique(d["page"])
    n = len(d["gold_tokens"])
    f = page_f1((prob >= 0.5).astype(np.float64), d["page"], d["matched"], d["tokens"], d["gold_tokens"])
    mask = np.zeros(n, dtype=bool)
    mask[used] = True
    return macro(f, d["datasets"], mask)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("train")
    ap.add_argument("test")
    ap.add_argument("--rounds", type=int, default=300)
    a = ap.parse_args()
    tr = prepare(a.train)
    te = prepare(a.test)
    print("pages used (aligned): train %d of %d, test %d of %d; rows train %d, test %d" % (
        tr["pages_used"], tr["pages_all"], te["pages_used"], te["pages_all"], len(tr["y"]), len(te["y"])))
    variants = {
        "DOM features (the ensemble's)": lambda d: d["base"],
        "DOM features + render signals": lambda d: np.hstack([d["base"], d["render"]]),
        "render signals only": lambda d: d["render"],
    }
    results = {}
    for name, X in variants.items():
        w = page_weights(tr["page"], tr["tokens"], len(tr["gold_tokens"]))
        b = lgb.train(PARAMS, lgb.Dataset(X(tr), label=tr["y"].astype(np.float64), weight=w),
                      num_boost_round=a.rounds)
        prob = b.predict(X(te))
        mm, md, per = score(prob, te)
        results[name] = (mm, md, per)
        print("%-34s test macro token F1 %.4f (median %.4f)" % (name, mm, md))
        if name.endswith("render signals"):
            gain = b.feature_importance("gain")
            names = tr["base_cols"] + RENDER_NAMES
            top = sorted(zip(gain, names), reverse=True)[:12]
            print("  top features by gain:", ", ".join("%s %.0f" % (n, g) for g, n in top))
    print("\nper dataset (mean token F1, pages):")
    first = next(iter(results.values()))[2]
    print("%-16s" % "dataset" + "".join("%14s" % k.split(" ")[0][:12] + ("+R" if "+" in k else "") for k in results))
    for ds in first:
        print("%-16s" % ds + "".join("%14.4f" % results[k][2][ds][0] for k in results) + "  (%d)" % first[ds][2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
