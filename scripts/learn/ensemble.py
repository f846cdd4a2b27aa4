"""Trains the learned ensemble ("ensemble"): gradient-boosted trees (LightGBM)
per text node on the rows bench/ensemble_dump writes, and exports them to
core/models/ensemble_gbdt.inc (inference is wce::TreeModel, C++).

Model choice on a validation part of the training split (page buckets
kEnsembleValidationFrom..29 of wce::ensemble_page_bucket), never on test; the
chosen configuration is then refitted on the whole training split.

The score used for choice is a token-level page F1 from the gold alignment
(kept matched tokens / kept tokens, / gold tokens), averaged per page, then
per dataset (macro), as ROUGE-LSum is; its agreement with the members' real
ROUGE-LSum F1 (from the dump) is printed.

Usage: python ensemble.py --data .cache/ensemble/train --out core/models/ensemble_gbdt.inc [--search]
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
import lightgbm as lgb

SEED = 20261125
VALIDATION_FROM = 24  # wce::kEnsembleValidationFrom
FOLD_BUCKETS = 6  # cross-validation folds: bucket // 6 (5 folds of the 30 training buckets)
kFolds = 5


def load(prefix):
    cols = [c.strip() for c in open(prefix + ".columns") if c.strip()]
    rows = np.fromfile(prefix + ".rows.f32", dtype=np.float32).reshape(-1, len(cols))
    lines = open(prefix + ".pages.tsv").read().splitlines()
    head = lines[0].split("\t")
    pages = [dict(zip(head, l.split("\t"))) for l in lines[1:]]
    return cols, rows, head, pages


def page_f1(pred, page, matched, tokens, gold_tokens):
    """Token F1 per page: pred bool per row; page index per row."""
    n = len(gold_tokens)
    kept_m = np.bincount(page, weights=matched * pred, minlength=n)
    kept_t = np.bincount(page, weights=tokens * pred, minlength=n)
    p = np.where(kept_t > 0, kept_m / np.maximum(kept_t, 1e-9), 0.0)
    r = np.where(gold_tokens > 0, kept_m / np.maximum(gold_tokens, 1e-9), 0.0)
    f = np.where(p + r > 0, 2 * p * r / np.maximum(p + r, 1e-9), 0.0)
    f = np.where((gold_tokens == 0) & (kept_t == 0), 1.0, f)
    return f


def macro(scores, datasets, mask):
    per = {}
    for d in sorted(set(datasets[mask])):
        s = scores[mask & (datasets == d)]
        per[d] = (float(s.mean()), float(np.median(s)), int(len(s)))
    mm = float(np.mean([v[0] for v in per.values()]))
    md = float(np.mean([v[1] for v in per.values()]))
    return mm, md, per


def weights(kind, tokens, page, datasets_row, n_pages):
    w = tokens.astype(np.float64)
    if kind in ("page", "page_dataset"):
        tot = np.bincount(page, weights=w, minlength=n_pages)
        w = w / np.maximum(tot[page], 1.0)
    if kind == "page_dataset":
        for d in set(datasets_row):
            m = datasets_row == d
            w[m] /= w[m].sum()
        w *= len(w) / w.sum()
    if kind == "page":
        w *= len(w) / w.sum()
    return w


# Page stage: per page, trust readability outright or keep the node-level
# trees. Its features come from the trees' probabilities and the member votes
# of the page (wce::ensemble_page_features computes the same in C++); they are
# built from out-of-fold tree probabilities, as the trees will behave on unseen
# pages.
PAGE_FEATURES = ["trees_share", "readability_share", "trees_over_readability", "trees_readability_jaccard",
                 "prob_on_readability", "prob_off_readability", "trees_uncertainty", "page_agreement",
                 "complexity", "log_page_words"]
PAGE_PARAMS = dict(num_leaves=7, learning_rate=0.1, min_data_in_leaf=20, lambda_l2=1.0)
PAGE_ROUNDS = 60
FALLBACK_SHARE = 0.2  # the rule of the previous model: readability when the trees keep < 0.2 of its words


def page_features(prob, words, rd, agreement, complexity, page, n_pages):
    """Rows as wce::ensemble_page_features: prob per row, words per row, rd = readability vote (bool)."""
    bc = lambda v: np.bincount(page, weights=v, minlength=n_pages)
    kept = prob >= 0.5
    total = bc(words)
    t_kept, r_kept = bc(words * kept), bc(words * rd)
    both, either = bc(words * (kept & rd)), bc(words * (kept | rd))
    on_w, off_w = bc(words * rd * prob), bc(words * ~rd * prob)
    safe = lambda a, b: np.where(b > 0, a / np.maximum(b, 1e-12), 0.0)
    first = np.zeros(n_pages, np.int64)
    first[page[::-1]] = np.arange(len(page))[::-1]
    return np.column_stack([
        safe(t_kept, total), safe(r_kept, total), np.minimum(10.0, t_kept / np.maximum(r_kept, 1.0)),
        np.where(either > 0, safe(both, either), 1.0), safe(on_w, r_kept), safe(off_w, total - r_kept),
        safe(bc(words * np.minimum(prob, 1 - prob)), total), safe(bc(words * agreement), total),
        complexity[first], np.log1p(total)])


def fit(X, y, w, params, rounds):
    p = dict(objective="binary", verbose=-1, seed=SEED, deterministic=True, num_threads=1,
             feature_pre_filter=False, **params)
    return lgb.train(p, lgb.Dataset(X, label=y, weight=w), num_boost_round=rounds)


def flatten(booster):
    """LightGBM trees as wce::TreeModel arrays: feature, threshold, left, right, value, roots."""
    feature, threshold, left, right, value, roots = [], [], [], [], [], []

    def walk(node):
        i = len(feature)
        feature.append(-1); threshold.append(0.0); left.append(-1); right.append(-1); value.append(0.0)
        if "leaf_index" in node or "split_feature" not in node:
            value[i] = node.get("leaf_value", 0.0)
            return i
        assert node["decision_type"] == "<=", node["decision_type"]
        feature[i] = node["split_feature"]
        threshold[i] = node["threshold"]
        left[i] = walk(node["left_child"])
        right[i] = walk(node["right_child"])
        return i

    for t in booster.dump_model()["tree_info"]:
        roots.append(walk(t["tree_structure"]))
    return feature, threshold, left, right, value, roots


def tree_arrays(prefix, booster):
    # LightGBM thresholds are doubles compared as x <= threshold; our features
    # are doubles computed the same way (the dump holds them as float32, so a
    # threshold between two float32 values separates the doubles the same way
    # except at a tie within float32 rounding).
    feature, threshold, left, right, value, roots = flatten(booster)
    fmt = lambda v: "%.17g" % v
    return ["const int32_t k%sTreeRoot[] = {%s};" % (prefix, ", ".join(map(str, roots))),
            "const int32_t k%sFeature[] = {%s};" % (prefix, ", ".join(map(str, feature))),
            "const double k%sThreshold[] = {%s};" % (prefix, ", ".join(map(fmt, threshold))),
            "const int32_t k%sLeft[] = {%s};" % (prefix, ", ".join(map(str, left))),
            "const int32_t k%sRight[] = {%s};" % (prefix, ", ".join(map(str, right))),
            "const double k%sValue[] = {%s};" % (prefix, ", ".join(map(fmt, value))),
            "const double k%sBias = 0;" % prefix], len(roots), len(feature)


def export(booster, page_booster, threshold, fallback, names, members, out, note):
    o = ["// Node-level learned ensemble (extractor \"ensemble\"): gradient-boosted trees",
         "// (wce::TreeModel) on wce::ensemble_features, then the page stage (kPage*, on",
         "// wce::ensemble_page_features: trust readability outright or keep the trees).",
         "// Generated by scripts/learn/ensemble.py; do not edit.",
         "// #included by core/src/extractors/learned_ensemble.cpp."]
    o += ["// " + l for l in note.splitlines()]
    o.append("const char* const kModelMembers[] = {" + ", ".join('"%s"' % m for m in members) + "};")
    o.append("const char* const kModelFeatureNames[] = {" + ", ".join('"%s"' % n for n in names) + "};")
    lines, trees, nodes = tree_arrays("Model", booster)
    o += lines
    o.append("const char* const kPageFeatureNames[] = {" + ", ".join('"%s"' % n for n in PAGE_FEATURES) + "};")
    lines, ptrees, pnodes = tree_arrays("Page", page_booster)
    o += lines
    o.append("const double kPageChooseAt = %.17g;  // readability when P >= this" % threshold)
    o.append("const double kPageFallbackShare = %.17g;  // or when trees_over_readability < this (0: off)" % fallback)
    first = note.splitlines()[0] if note else ""
    o.append('const char* const kModelTrainedOn = "%s";' % first.replace('"', "'"))
    open(out, "w").write("\n".join(o) + "\n")
    return trees, nodes, ptrees, pnodes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out")
    ap.add_argument("--search", action="store_true", help="compare configurations on validation")
    ap.add_argument("--weights", default="page")
    ap.add_argument("--leaves", type=int, default=31)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--lr", type=float, default=0.2)
    ap.add_argument("--min-leaf", type=int, default=100)
    ap.add_argument("--drop", default="", help="comma-separated feature names to exclude (set to 0)")
    ap.add_argument("--page-weights", default="diff", help="diff | dataset (page stage)")
    ap.add_argument("--page-leaves", type=int, default=PAGE_PARAMS["num_leaves"])
    ap.add_argument("--page-rounds", type=int, default=PAGE_ROUNDS)
    ap.add_argument("--page-min-leaf", type=int, default=PAGE_PARAMS["min_data_in_leaf"])
    ap.add_argument("--page-threshold", type=float, default=0.5)
    ap.add_argument("--no-page-rule", dest="page_rule", action="store_false",
                    help="without the rule: readability when the trees keep < 0.2 of its words")
    ap.add_argument("--reuse-oof", action="store_true", help="reuse saved out-of-fold tree probabilities")
    ap.add_argument("--command", default="")
    ap.add_argument("--errors", type=int, default=0, help="print the N worst pages against readability")
    a = ap.parse_args()
    t0 = time.time()
    cols, rows, head, pages = load(a.data)
    names = cols[6:]
    page = rows[:, 0].astype(np.int64)
    tokens = rows[:, 3].astype(np.float64)
    matched = rows[:, 4].astype(np.float64)
    y = (rows[:, 5] >= 0.5).astype(np.int32)
    X = rows[:, 6:].astype(np.float64)
    n_pages = len(pages)
    datasets = np.array([p["dataset"] for p in pages])
    bucket = np.array([int(p["bucket"]) for p in pages])
    gold_tokens = np.array([float(p["gold_tokens"]) for p in pages])
    members = [h[3:] for h in head if h.startswith("f1_")]
    candidates = ("readability", "trafilatura", "domdistiller", "boilerpipe_article", "resiliparse", "justext",
                  "goose", "cetd")  # wce::ensemble_members(), the vote columns
    vote = {m: names.index("vote_" + m) for m in members}
    assert all(m in candidates for m in members)
    val_page = bucket >= VALIDATION_FROM
    fit_row = ~val_page[page]
    print("pages %d (validation %d), rows %d, content share %.3f" % (n_pages, val_page.sum(), len(y), y.mean()))
    # Members: proxy vs real ROUGE-LSum on the training split.
    print("\nmember: real ROUGE-LSum macro mean (median) | token proxy macro mean (median), all training pages")
    allp = np.ones(n_pages, bool)
    for j, m in enumerate(members):
        real = np.array([float(p["f1_" + m]) for p in pages])
        prox = page_f1(X[:, vote[m]] >= 0.5, page, matched, tokens, gold_tokens)
        r, pr = macro(real, datasets, allp), macro(prox, datasets, allp)
        print("  %-20s %.3f (%.3f) | %.3f (%.3f)  corr %.2f" % (m, r[0], r[1], pr[0], pr[1], np.corrcoef(real, prox)[0, 1]))
    drop = [names.index(d) for d in a.drop.split(",") if d]
    if drop:
        X[:, drop] = 0.0

    fold = bucket // FOLD_BUCKETS  # 5 folds of 6 buckets: cross-validation by page

    def evaluate(params, rounds, wkind, label):
        """Out-of-fold predictions for every training page (5 folds by bucket)."""
        w = weights(wkind, tokens, page, datasets[page], n_pages)
        prob = np.zeros(len(y))
        cache = "%s.oof_%s_%d_%d_%g.npy" % (a.data, wkind, params["num_leaves"], rounds, params["learning_rate"])
        if a.reuse_oof and os.path.exists(cache):  # experiments on the page stage only
            prob = np.load(cache)
        else:
            for k in range(kFolds):
                tr = fold[page] != k
                b = fit(X[tr], y[tr], w[tr], params, rounds)
                prob[~tr] = b.predict(X[~tr])
            np.save(cache, prob)
        f = page_f1(prob >= 0.5, page, matched, tokens, gold_tokens)
        mm, md, per = macro(f, datasets, allp)
        best = {}
        for j, m in enumerate(members):
            pf = page_f1(X[:, vote[m]] >= 0.5, page, matched, tokens, gold_tokens)
            for d, v in macro(pf, datasets, allp)[2].items():
                if v[0] > best.get(d, (-1, ""))[0]:
                    best[d] = (v[0], m)
        worst = min(per[d][0] - best[d][0] for d in per)
        print("%-46s cv macro %.4f (median %.4f), worst dataset vs best member %+.3f" % (label, mm, md, worst),
              flush=True)
        return mm, md, per, best, prob

    params = dict(num_leaves=a.leaves, learning_rate=a.lr, min_data_in_leaf=a.min_leaf,
                  feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambda_l2=1.0)
    print("\ncross-validation on the training split (token proxy, out-of-fold):")
    if a.search:
        for wk in ("tokens", "page_dataset"):
            evaluate(params, a.rounds, wk, "weights=%s leaves=%d rounds=%d" % (wk, a.leaves, a.rounds))
        for leaves, rounds in ((31, 200),):
            pp = dict(params, num_leaves=leaves)
            evaluate(pp, rounds, a.weights, "weights=%s leaves=%d rounds=%d" % (a.weights, leaves, rounds))
    mm, md, per, best, prob = evaluate(params, a.rounds, a.weights, "chosen: weights=%s leaves=%d rounds=%d" % (a.weights, a.leaves, a.rounds))
    for d in per:
        print("  %-22s ensemble %.3f (%.3f) n=%d | best member %s %.3f" % (d, per[d][0], per[d][1], per[d][2], best[d][1], best[d][0]))
    # The page stage: trust readability outright or keep the trees, learned
    # on out-of-fold tree probabilities (stacking), cross-validated on the same
    # folds. Label: readability's token F1 beats the trees' on the page; weight:
    # the F1 difference (what the choice wins or loses).
    rd = X[:, vote["readability"]] >= 0.5
    words = rows[:, 2].astype(np.float64)
    PX = page_features(prob, words, rd, X[:, names.index("agreement")], X[:, names.index("complexity")], page, n_pages)
    f_tree = page_f1(prob >= 0.5, page, matched, tokens, gold_tokens)
    f_rd = page_f1(rd, page, matched, tokens, gold_tokens)
    py, pw = (f_rd > f_tree).astype(np.int32), np.abs(f_rd - f_tree)
    if a.page_weights == "dataset":  # each dataset's pages weigh as much in total (as the macro mean)
        for d in set(datasets):
            m = datasets == d
            pw[m] *= n_pages / (len(set(datasets)) * m.sum())

    def report(f, label):
        fm, fd, fper = macro(f, datasets, allp)
        print("  %-44s cv macro %.4f (median %.4f) worst vs best member %+.3f" % (
            label, fm, fd, min(fper[d][0] - best[d][0] for d in fper)), flush=True)
        return fm, fd, fper

    print("\npage stage (out-of-fold trees, 5-fold by bucket):")
    report(f_tree, "trees only")
    report(f_rd, "readability only")
    report(np.maximum(f_tree, f_rd), "oracle of the two")
    use_rd = PX[:, PAGE_FEATURES.index("trees_over_readability")] < FALLBACK_SHARE
    report(np.where(use_rd, f_rd, f_tree), "rule: trees keep < %.1f of readability's words" % FALLBACK_SHARE)
    pfold = bucket // FOLD_BUCKETS
    pprob = np.zeros(n_pages)
    page_params = dict(PAGE_PARAMS, num_leaves=a.page_leaves, min_data_in_leaf=a.page_min_leaf)
    for k in range(kFolds):
        tr = pfold != k
        pb = fit(PX[tr], py[tr], pw[tr], page_params, a.page_rounds)
        pprob[~tr] = pb.predict(PX[~tr])
    choose = (pprob >= a.page_threshold) | (use_rd if a.page_rule else False)
    pm, pmd, pper = report(np.where(choose, f_rd, f_tree), "page stage (readability on %d pages)" % choose.sum())
    for d in pper:
        m = datasets == d
        print("    %-22s %.3f (%.3f) readability chosen %d/%d | trees %.3f readability %.3f best member %s %.3f" % (
            d, pper[d][0], pper[d][1], choose[m].sum(), m.sum(), f_tree[m].mean(), f_rd[m].mean(), best[d][1], best[d][0]))
    if a.errors:
        f = page_f1(prob >= 0.5, page, matched, tokens, gold_tokens)
        ref = page_f1(X[:, vote['readability']] >= 0.5, page, matched, tokens, gold_tokens)
        order = np.argsort(f - ref)
        print("\nworst pages vs readability (out-of-fold): dataset id ensemble readability kept-share")
        for i in order[:a.errors]:
            kept = np.bincount(page, weights=tokens * (prob >= 0.5), minlength=n_pages)[i]
            tot = np.bincount(page, weights=tokens, minlength=n_pages)[i]
            print("  %-20s %-30s %.3f %.3f %.2f gold/page %.2f" % (datasets[i], pages[i]["id"][:30], f[i], ref[i],
                  kept / max(tot, 1), gold_tokens[i] / max(tot, 1)))
    if not a.out:
        return
    # Refit on the whole training split.
    w = weights(a.weights, tokens, page, datasets[page], n_pages)
    b = fit(X, y, w, params, a.rounds)
    acc = float(((b.predict(X) >= 0.5) == y).mean())
    pb = fit(PX, py, pw, page_params, a.page_rounds)
    counts = {}
    for d in datasets:
        counts[d] = counts.get(d, 0) + 1
    note = ("members %s; %d text nodes of %d pages, the whole 30 %% training split, LightGBM %s, seed %d\n"
            "command: %s\n"
            "split: training page = FNV-1a 64(dataset/id) %% 100 < 30; model choice by 5-fold cross-validation (bucket // 6)\n"
            "training pages per dataset: %s\n"
            "params: %s, rounds %d, weights %s (alignment tokens of the node%s)\n"
            "5-fold cross-validation by bucket on the training split: token-F1 macro mean %.4f, median %.4f (trees alone)\n"
            "page stage: %s, rounds %d, page weights %s, threshold %g, rule %s, on out-of-fold tree probabilities; cv macro mean %.4f, median %.4f\n"
            "refit training accuracy %.4f, %.0f s") % (
        ",".join(members), len(y), n_pages, lgb.__version__, SEED, a.command or " ".join(sys.argv),
        ", ".join("%s %d" % kv for kv in sorted(counts.items())),
        json.dumps(params, sort_keys=True), a.rounds, a.weights,
        ", / page total" if a.weights.startswith("page") else "", mm, md,
        json.dumps(page_params, sort_keys=True), a.page_rounds, a.page_weights, a.page_threshold,
        "trees keep < %g of readability's words" % FALLBACK_SHARE if a.page_rule else "off", pm, pmd, acc, time.time() - t0)
    trees, nodes, ptrees, pnodes = export(b, pb, a.page_threshold, FALLBACK_SHARE if a.page_rule else 0.0, names,
                                          members, a.out, note)
    print("\nwrote %s: %d trees, %d nodes; page stage %d trees, %d nodes" % (a.out, trees, nodes, ptrees, pnodes))


if __name__ == "__main__":
    main()
