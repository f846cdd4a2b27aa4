"""Trains the learned ensemble ("ensemble"): gradient-boosted trees (LightGBM)
per text node on the rows lab/tools/ensemble_dump writes, and exports them to
core/models/ensemble_gbdt.inc (inference is wce::TreeModel, C++).

Model choice on a validation part of the training split (page buckets
kEnsembleValidationFrom..29 of wce::ensemble_page_bucket), never on test; the
chosen configuration is then refitted on the whole training split.

The score used for choice is a token-level page F1 from the gold alignment
(kept matched tokens / kept tokens, / gold tokens), averaged per page, then
per dataset (macro), as ROUGE-LSum is; its agreement with the members' real
ROUGE-LSum F1 (from the dump) is printed.

Real-web rows (--web-data): the pages of half 0 of lab/webeval's snippet
set (lab/tools/ensemble_dump --split webeval-half0 --node-text), labelled per
node from their snippets (snippet_labels.py: positive, negative or left out
of the loss), added to the training rows with weight --web-weight (each page
weighs as much as a dataset page times that). Their page-stage labels and
their score are the same token F1 over the labelled nodes only. The
cross-validation macro is still over the nine datasets' pages alone; the
real-web pages get folds by bucket % 30 and their own out-of-fold figure.
Half 1 of the set is never read here (it judges the model).

WCXB dev (--wcxb-data, issue 32): every page of it, labelled from its gold
text and its snippets (wcxb_rows.py), each page in the fold of its domain
(folds.py), weight --wcxb-weight; out of the nine datasets' macro, reported
apart as WCXB's word F1 by page type, out of fold.

The second stage's features (--context-rounds) and the page stage's are
never computed here: lab/tools/ensemble_stage_features (--stage-tool)
computes them with the core's own functions from each dump and the
out-of-fold probabilities, so that the trees learn from exactly what the
runtime computes (tests/ensemble/check_stage_features.sh checks the tool
against the runtime; --check-stage-features checks this script's side).

Usage: python ensemble.py --data .cache/ensemble/train --out core/models/ensemble_gbdt.inc [--search]
         [--web-data P --web-set DATA.jsonl.gz --web-weight W]
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys

import numpy as np
import lightgbm as lgb

DEFAULT_SEED = 20261125
SEED = DEFAULT_SEED  # --seed changes it
VALIDATION_FROM = 24  # wce::kEnsembleValidationFrom
FOLD_BUCKETS = 6  # cross-validation folds: bucket // 6 (5 folds of the 30 training buckets)
kFolds = 5
MIN_PAGES_STABLE = 20  # datasets with fewer training pages are reported apart (noise)


def load_web(prefix, web_set, cols, head):
    """Rows and pages of a snippet-only dump, relabelled from the snippets:
    align_tokens = the node's words where labelled (0: out of the loss),
    matched_tokens = the words of positive nodes, gold = positive."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "webeval"))
    import score
    import snippet_labels
    wcols, rows, whead, pages = load(prefix)
    assert wcols == cols and whead == head, "the real-web dump has other columns or members than the training dump"
    snippets = {r["id"]: r["meta"] for r in score.read_jsonl(web_set)}
    texts = [json.loads(l) for l in open(prefix + ".text.jsonl", encoding="utf-8")]
    assert len(texts) == len(rows), "the real-web dump has no node texts (--node-text)"
    page = rows[:, 0].astype(np.int64)
    bounds = np.searchsorted(page, np.arange(len(pages) + 1))
    labels = np.full(len(rows), -1.0)
    counts = {}
    for i, p in enumerate(pages):
        lo, hi = bounds[i], bounds[i + 1]
        lab, c = snippet_labels.label_nodes(texts[lo:hi], snippets[p["id"]]["with"], snippets[p["id"]]["without"])
        labels[lo:hi] = lab
        for k, v in c.items():
            counts[k] = counts.get(k, 0) + v
    words = rows[:, 2]
    rows = rows.copy()
    rows[:, 3] = np.where(labels >= 0, words, 0)
    rows[:, 4] = np.where(labels == 1, words, 0)
    rows[:, 5] = (labels == 1).astype(np.float32)
    gold = np.bincount(page, weights=rows[:, 4].astype(np.float64), minlength=len(pages))
    for i, p in enumerate(pages):
        p["bucket"] = str(int(p["bucket"]) % 30)  # folds as the training split's buckets 0..29
        p["gold_tokens"] = str(gold[i])
    print("real-web rows %s: %d pages, %d rows, %d positive, %d negative, %d unlabelled; snippets %s" % (
        prefix, len(pages), len(rows), (labels == 1).sum(), (labels == 0).sum(), (labels < 0).sum(),
        ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    return rows, pages


PAGE_TYPES = ("article", "forum", "product", "collection", "listing", "documentation", "service")


def oof_page_types(rows, cols, bounds, ids, path):
    """The page-type columns (page_type_<type>, one-hot) of the WCXB rows set
    to each page's out-of-fold type (lab/learn/page_type.py --predictions, the
    forest without URL and structured data, as wce::ensemble_features asks
    for): the dump's come from the shipped classifier, trained on these very
    pages. Same domain folds as the ensemble's, so a fold's trees learn from
    the types the classifier gives pages it never saw."""
    by_id = {}
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        by_id[r["id"]] = r["by_inputs"]["none"]
    col = [cols.index("page_type_" + t) for t in PAGE_TYPES]
    same = 0
    for i, pid in enumerate(ids):
        lo, hi = bounds[i], bounds[i + 1]
        t = PAGE_TYPES.index(by_id[pid])  # KeyError: the predictions do not cover this dump
        same += hi > lo and rows[lo, col[t]] == 1
        rows[lo:hi, col] = 0
        rows[lo:hi, col[t]] = 1
    print("WCXB page types: out of fold from %s; the same as the shipped classifier's on %d of %d pages" % (
        path, same, len(ids)))


def load_wcxb(prefix, wcxb_set, cols, head, page_types=None):
    """Rows and pages of the WCXB dev dump (ensemble_dump --split all --node-text),
    relabelled with the snippets, each page's bucket set so that bucket // FOLD_BUCKETS
    is its domain's fold; also the node texts and the records (for word F1).
    page_types: out-of-fold page types for the page-type columns (oof_page_types)."""
    import wcxb_rows
    wcols, rows, whead, pages = load(prefix)
    assert wcols == cols and whead == head, "the WCXB dump has other columns or members than the training dump"
    records = wcxb_rows.read_records(wcxb_set)
    texts = [json.loads(l) for l in open(prefix + ".text.jsonl", encoding="utf-8")]
    assert len(texts) == len(rows), "the WCXB dump has no node texts (--node-text)"
    page = rows[:, 0].astype(np.int64)
    bounds = np.searchsorted(page, np.arange(len(pages) + 1))
    ids = [p["id"] for p in pages]
    y, counts = wcxb_rows.relabel(rows, texts, bounds, records, ids)
    rows = rows.copy()
    rows[:, 5] = y
    if page_types:
        oof_page_types(rows, cols, bounds, ids, page_types)
    elif "page_type_article" in cols:
        print("WCXB page types: the dump's (in-sample classifier; pass --wcxb-page-types for out-of-fold ones)")
    for p in pages:
        p["bucket"] = str(wcxb_rows.page_fold(records[p["id"]]["url"]) * FOLD_BUCKETS)
    print("WCXB rows %s: %d pages, %d rows, %d positive after the snippets; %s" % (
        prefix, len(pages), len(rows), (y >= 0.5).sum(), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    info = dict(texts=texts, bounds=bounds, gold=[records[i]["text"] for i in ids],
                types=[records[i]["page_type"] for i in ids])
    return rows, pages, info


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


# Page stage: per page, keep the node-level trees or take one member's labels
# outright (PAGE_CHOICES). Its features come from the trees' probabilities and
# the member votes of the page, computed by the core itself
# (wce::ensemble_page_features, through stage_features); they are built from
# out-of-fold tree probabilities, as the trees will behave on unseen pages.
DISAGREEMENT_FEATURES = ("rd_in_resiliparse", "rd_in_cetd", "consensus_not_rd", "rd_over_consensus")
DISAGREEMENT_CAP = 10.0


def disagreement_features(X, names, words, page, n_pages):
    """Per page (n_pages x 4): the share of readability's kept words that
    resiliparse keeps, that cetd keeps; the words both keep and readability
    drops / the page's words; readability's kept words / the words both keep
    (clipped). Readability's block can be the wrong one (a contact box, a
    cookie widget, one forum post) while the two others agree elsewhere."""
    rd, rs, ce = (X[:, names.index("vote_" + m)] >= 0.5 for m in ("readability", "resiliparse", "cetd"))
    s = lambda m: np.bincount(page, weights=words * m, minlength=n_pages)
    total, kept_rd, both = s(np.ones(len(words), bool)), s(rd), s(rs & ce)
    ratio = lambda a_, b_: np.where(b_ > 0, a_ / np.maximum(b_, 1e-12), 0.0)
    return np.column_stack([ratio(s(rd & rs), kept_rd), ratio(s(rd & ce), kept_rd), ratio(s(rs & ce & ~rd), total),
                            np.minimum(DISAGREEMENT_CAP, kept_rd / np.maximum(both, 1.0))])


PAGE_MEMBERS = ("readability", "resiliparse", "cetd")  # wce kPageMembers: their columns of the page features
PAGE_MEMBER_FEATURES = ("%s_share", "trees_over_%s", "trees_%s_jaccard", "prob_on_%s", "prob_off_%s")
PAGE_FEATURES = ["trees_share", "trees_uncertainty", "page_agreement", "complexity", "log_page_words"] + [
    f % m for m in PAGE_MEMBERS for f in PAGE_MEMBER_FEATURES]
N_PAGE_MEMBER_FEATURES = len(PAGE_FEATURES)  # wce::kEnsemblePageMemberFeatureCount (before --page-extra-members)
# The page's own features (wce::ensemble_page_doc_features,
# core/src/ensembles/ensemble_page_doc.cpp): regions (<article>, <main> or
# role=main, itemprop=articleBody; bits per row in P.region.i32), links, <p>,
# text-node counts and lengths, <article>/<h1> counts (P.pagedoc.f32), and how
# the trees and readability sit against the regions and the other members.
PAGE_DOC_FEATURES = ["article_share", "main_share", "body_share", "log_articles", "h1_count", "link_share", "p_share",
                     "log_text_nodes", "long_node_share", "trees_in_region", "readability_in_region",
                     "readability_only_share", "prob_readability_only", "readability_resiliparse_jaccard"]
PAGE_PARAMS = dict(num_leaves=7, learning_rate=0.1, min_data_in_leaf=20, lambda_l2=1.0)
PAGE_ROUNDS = 60
FALLBACK_SHARE = 0.2  # the rule of the previous model: readability when the trees keep < 0.2 of its words


def region_bits(prefix):
    """Per row: the wce::ensemble_page_doc region bits (article 1, main 2, itemprop=articleBody 4)."""
    return np.fromfile(prefix + ".region.i32", dtype=np.int32)


# The second stage (auto-context): the first stage's out-of-fold P(content)
# smoothed over neighbours, blocks and holding elements
# (wce::ensemble_context_features, core/src/ensembles/ensemble_context.cpp).
CONTEXT_FEATURES = ["p1", "prev_p", "next_p", "prev3_p", "next3_p", "win10_p", "win30_p",
                    "block_p", "prev_block_p", "next_block_p",
                    "anc0_p", "anc1_p", "anc2_p", "anc3_p", "anc0_share", "anc1_share", "anc2_share", "anc3_share",
                    "page_p", "page_kept"]
GROUP_LEVELS = 4  # wce::kEnsembleGroupLevels


def stage_features(tool, parts, prob, context=False, page=False, extra_members=()):
    """The second stage's features (per row, CONTEXT_FEATURES) and the page
    stage's (per page: PAGE_FEATURES' first N_PAGE_MEMBER_FEATURES, then
    PAGE_DOC_FEATURES, then 5 per extra member) of the rows of the dumps in
    parts [(prefix, slice of prob)], from the per-row probabilities prob.
    Computed by the core's own functions (lab/tools/ensemble_stage_features),
    so that training reads exactly what the runtime computes."""
    ctx, pg = [], []
    width = N_PAGE_MEMBER_FEATURES + len(PAGE_DOC_FEATURES) + len(PAGE_MEMBER_FEATURES) * len(extra_members)
    for prefix, rows in parts:
        tmp = "%s.stage_%d_" % (prefix, os.getpid())  # two trainings may read one dump
        np.ascontiguousarray(prob[rows], dtype=np.float64).tofile(tmp + "prob.f64")
        cmd = [tool, "--data", prefix, "--prob", tmp + "prob.f64"]
        if context:
            cmd += ["--context", tmp + "context.f64"]
        if page:
            cmd += ["--page", tmp + "page.f64"]
        if extra_members:
            cmd += ["--page-extra-members", ",".join(extra_members)]
        subprocess.run(cmd, check=True)
        if context:
            ctx.append(np.fromfile(tmp + "context.f64", dtype=np.float64).reshape(-1, len(CONTEXT_FEATURES)))
            assert len(ctx[-1]) == len(prob[rows]), (prefix, len(ctx[-1]))
        if page:
            pg.append(np.fromfile(tmp + "page.f64", dtype=np.float64).reshape(-1, width))
        for f in glob.glob(tmp + "*.f64"):
            os.remove(f)
    return np.vstack(ctx) if context else None, np.vstack(pg) if page else None


def check_stage_features(tool, prefix):
    """stage_features of the compiled-in first stage's P (P.prob1.f64 of
    ensemble_dump --stage-check) against what the runtime computed from its
    Context on the same pages (P.context.f64, P.page.f64): equal, bit for bit."""
    prob = np.fromfile(prefix + ".prob1.f64", dtype=np.float64)
    ctx, pg = stage_features(tool, [(prefix, slice(0, len(prob)))], prob, context=True, page=True)
    ok = True
    for what, got, path, names in (("context", ctx, ".context.f64", CONTEXT_FEATURES),
                                   ("page", pg, ".page.f64", PAGE_FEATURES + PAGE_DOC_FEATURES)):
        want = np.fromfile(prefix + path, dtype=np.float64).reshape(-1, len(names))
        same = got.shape == want.shape and np.array_equal(got.view(np.int64), want.view(np.int64))
        print("%s features: %d rows, %s" % (what, len(want), "equal to the runtime's" if same else "DIFFERENT"))
        ok = ok and same
    return 0 if ok else 1


def fit(X, y, w, params, rounds, init=None, objective="binary"):
    p = dict(objective=objective, verbose=-1, seed=SEED, deterministic=True, num_threads=1,
             feature_pre_filter=False, **params)
    return lgb.train(p, lgb.Dataset(X, label=y, weight=w, init_score=init), num_boost_round=rounds)


def logit(p):
    p = np.clip(p, 1e-12, 1 - 1e-12)
    return np.log(p / (1 - p))


def flatten(booster):
    """LightGBM trees as wce::TreeModel arrays: feature, threshold, left, right, value, roots."""
    return flatten_trees(booster.dump_model()["tree_info"])


def flatten_trees(tree_info):
    """Trees of a LightGBM dump (its tree_info entries) as wce::TreeModel arrays."""
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

    for t in tree_info:
        roots.append(walk(t["tree_structure"]))
    return feature, threshold, left, right, value, roots


def concat_forests(parts):
    """Flattened forests (flatten_trees' tuples) in one set of node arrays:
    (feature, threshold, left, right, value, roots, trees per forest); each
    forest's child and root indices are moved to where its nodes land."""
    feature, threshold, left, right, value, roots, counts = [], [], [], [], [], [], []
    for f, t, l, r, v, ro in parts:
        off = len(feature)
        feature += f; threshold += t; value += v
        left += [x + off if x >= 0 else -1 for x in l]
        right += [x + off if x >= 0 else -1 for x in r]
        roots += [x + off for x in ro]
        counts.append(len(ro))
    return feature, threshold, left, right, value, roots, counts


def merged_arrays(prefix, boosters, bias=0.0):
    """Several forests in one set of arrays (roots point into the shared node arrays)."""
    feature, threshold, left, right, value, roots, counts = concat_forests([flatten(b) for b in boosters])
    fmt = lambda v: "%.17g" % v
    return ["const int32_t k%sTreeRoot[] = {%s};" % (prefix, ", ".join(map(str, roots))),
            "const int32_t k%sFeature[] = {%s};" % (prefix, ", ".join(map(str, feature))),
            "const double k%sThreshold[] = {%s};" % (prefix, ", ".join(map(fmt, threshold))),
            "const int32_t k%sLeft[] = {%s};" % (prefix, ", ".join(map(str, left))),
            "const int32_t k%sRight[] = {%s};" % (prefix, ", ".join(map(str, right))),
            "const double k%sValue[] = {%s};" % (prefix, ", ".join(map(fmt, value))),
            "const double k%sBias = %s;" % (prefix, fmt(bias) if bias else "0")], counts, len(feature)


def export(booster, context_booster, page_boosters, page_names, choices, threshold, fallback, names, members, out, note,
           rules=(), complete_before=False, node_bias=0.0):
    o = ["// Node-level learned ensemble (extractor \"ensemble\"): gradient-boosted trees",
         "// (wce::TreeModel) on wce::ensemble_features (kModel*), then the second stage",
         "// (kContext*, on those features and wce::ensemble_context_features of the first",
         "// stage's probabilities), then the page stage (kPage*, on wce::ensemble_page_features:",
         "// keep the trees or take one member's labels outright, kPageChoices).",
         "// Generated by lab/learn/ensemble.py; do not edit.",
         "// #included by core/src/ensembles/learned_ensemble.cpp."]
    o += ["// " + l for l in note.splitlines()]
    o.append("const char* const kModelMembers[] = {" + ", ".join('"%s"' % m for m in members) + "};")
    o.append("const char* const kModelFeatureNames[] = {" + ", ".join('"%s"' % n for n in names) + "};")
    lines, counts, nodes = merged_arrays("Model", [booster], node_bias)
    o += lines
    sizes = [counts[0], nodes]
    o.append("const char* const kContextFeatureNames[] = {" + ", ".join('"%s"' % n for n in CONTEXT_FEATURES) + "};")
    if context_booster is not None:
        lines, counts, nodes = merged_arrays("Context", [context_booster])
        o += lines
        o.append("constexpr bool kContextStage = true;")
        sizes += [counts[0], nodes]
    else:  # no second stage: one empty placeholder leaf that load_trees accepts
        o += ["const int32_t kContextTreeRoot[] = {0};", "const int32_t kContextFeature[] = {-1};",
              "const double kContextThreshold[] = {0};", "const int32_t kContextLeft[] = {-1};",
              "const int32_t kContextRight[] = {-1};", "const double kContextValue[] = {0};",
              "const double kContextBias = 0;", "constexpr bool kContextStage = false;"]
        sizes += [0, 0]
    o.append("const char* const kPageFeatureNames[] = {" + ", ".join('"%s"' % n for n in page_names) + "};")
    o.append("const char* const kPageChoices[] = {" + ", ".join('"%s"' % c for c in choices) + "};")
    lines, counts, nodes = merged_arrays("Page", page_boosters)
    assert all(max(f for f in flatten(b)[0]) < len(page_names) for b in page_boosters)
    o += lines
    o.append("const int32_t kPageChoiceTrees[] = {%s};  // trees of each choice, in kPageTreeRoot order" %
             ", ".join(map(str, counts)))
    sizes += [sum(counts), nodes]
    o.append("const double kPageChooseAt = %.17g;  // the choice of highest P when P >= this" % threshold)
    o.append("const double kPageFallbackShare = %.17g;  // or readability when trees_over_readability < this (0: off)" % fallback)
    o.append("constexpr bool kCompleteBlocks = %s;  // block completion (ensemble_complete.cpp): rule 1" % str("blocks" in rules).lower())
    o.append("constexpr bool kCompleteRuns = %s;  // rule 2" % str("runs" in rules).lower())
    if "groups" in rules:  # rule 3 (learned_ensemble.cpp: off in a file without this line)
        o.append("#define WCE_MODEL_COMPLETE_GROUPS 1  // rule 3: whole repeated groups")
    o.append("constexpr bool kCompleteBeforePageStage = %s;  // else only where the page keeps the trees" % str(complete_before).lower())
    first = note.splitlines()[0] if note else ""
    o.append('const char* const kModelTrainedOn = "%s";' % first.replace('"', "'"))
    open(out, "w").write("\n".join(o) + "\n")
    return tuple(sizes)


def main():
    global SEED
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out")
    ap.add_argument("--search", action="store_true", help="compare configurations on validation")
    ap.add_argument("--weights", default="page")
    ap.add_argument("--leaves", type=int, default=31)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--lr", type=float, default=0.2)
    ap.add_argument("--min-leaf", type=int, default=100)
    ap.add_argument("--drop", default="", help="comma-separated node feature names the first stage does not see (set to 0); "
                    "the page stage's features read the dump's values, as the runtime computes them")
    ap.add_argument("--page-weights", default="diff", help="diff | dataset (page stage)")
    ap.add_argument("--page-leaves", type=int, default=PAGE_PARAMS["num_leaves"])
    ap.add_argument("--page-rounds", type=int, default=PAGE_ROUNDS)
    ap.add_argument("--page-min-leaf", type=int, default=PAGE_PARAMS["min_data_in_leaf"])
    ap.add_argument("--page-threshold", type=float, default=0.5)
    ap.add_argument("--no-page-rule", dest="page_rule", action="store_false",
                    help="without the rule: readability when the trees keep < 0.2 of its words")
    ap.add_argument("--context-rounds", type=int, default=0,
                    help="second-stage trees (0: none; 50 was measured, lab/results/ensemble-2026-11-26b.md)")
    ap.add_argument("--context-leaves", type=int, default=15)
    ap.add_argument("--context-lr", type=float, default=0.1)
    ap.add_argument("--context-min-leaf", type=int, default=300)
    ap.add_argument("--context-adds", action="store_true",
                    help="second-stage trees add to the first stage's margin instead of standing alone")
    ap.add_argument("--node-regions", action="store_true",
                    help="experiment: the region bits (P.region.i32) and the page's region share as first-stage columns")
    ap.add_argument("--node-member-context", default="",
                    help="experiment: comma-separated members whose votes, averaged over the node's window, block and "
                         "holding elements (as the second stage does with P), become first-stage columns")
    ap.add_argument("--page-extra-members", default="",
                    help="members whose page features follow the three of PAGE_MEMBERS (experiment)")
    ap.add_argument("--node-disagreement", action="store_true",
                    help="page-constant node columns: readability's kept words against resiliparse's and cetd's")
    ap.add_argument("--node-page-own", action="store_true",
                    help="experiment: with --node-regions, the page's own DOM features (PAGE_DOC_FEATURES[:9]) as first-stage columns")
    ap.add_argument("--page-features", default="members", choices=("members", "all"),
                    help="members: the 20 from the members' outputs; all: and the page's own (PAGE_DOC_FEATURES)")
    ap.add_argument("--page-objective", default="binary", choices=("binary", "regression"),
                    help="binary: P(member beats the trees), weight |F1 difference|; regression: the F1 difference "
                         "itself (experiment: the C++ reads P, so a regression stage is not exported)")
    ap.add_argument("--page-readability-margin", action="store_true",
                    help="experiment: Readability's best candidate score and the second's ratio to it as page "
                         "features (P.rdmargin.f32 of lab/tools/ensemble_dump)")
    ap.add_argument("--page-meta", action="store_true",
                    help="experiment: og:type=article, a schema.org Article type and <article> as page features "
                         "(P.meta.f32 of lab/learn/page_meta.py, from the raw HTML)")
    ap.add_argument("--page-type-features", action="store_true",
                    help="experiment: the page type's one-hot (the node rows' page_type_* columns) as page features")
    ap.add_argument("--page-diff-kinds", action="store_true",
                    help="experiment: per page choice, the shares of list-item / heading / link / cell / paragraph "
                         "words among the words only it keeps and among those only the trees keep")
    ap.add_argument("--page-train-share", type=float, default=1.0,
                    help="diagnostic: the page stage's cross-validation learns from this random share of its "
                         "training pages (a learning curve; the export always uses all)")
    ap.add_argument("--page-train-seed", type=int, default=0, help="with --page-train-share: which random share")
    ap.add_argument("--page-drop", default="", help="comma-separated page features to zero (ablation)")
    ap.add_argument("--route-types", default="",
                    help="comma-separated page types whose pages take --route-to's labels whatever the page stage "
                         "says (issue 32, lab/results/listing-cards.md; learned_ensemble.cpp's kRouteTypes), read "
                         "from the rows' page_type_* columns")
    ap.add_argument("--route-to", default="trafilatura", help="with --route-types: a page choice")
    ap.add_argument("--route-gate", help="the listing gate's P per page (lab/learn/listing_gate.py --predictions: "
                                         "out of fold where it trained on the page): pages at or above "
                                         "--route-gate-threshold take --route-to's labels too")
    ap.add_argument("--route-gate-threshold", type=float, default=0.5)
    ap.add_argument("--route-gate-with-type", action="store_true",
                    help="with --route-gate: only the pages whose page-type column is listing")
    ap.add_argument("--page-choices", default="readability",
                    help="members whose labels the page stage may take outright")
    ap.add_argument("--node-threshold", type=float, default=0.5,
                    help="the trees keep a node from this P on: exported as the margin bias -logit(T), so every later "
                         "stage still reads P >= 0.5 as kept")
    ap.add_argument("--smooth-rounds", type=int, default=0,
                    help="sequence smoothing (ensemble_smooth.py): rounds of the pair model (0: none)")
    ap.add_argument("--smooth-leaves", type=int, default=15)
    ap.add_argument("--smooth-lr", type=float, default=0.1)
    ap.add_argument("--smooth-min-leaf", type=int, default=200)
    ap.add_argument("--smooth-lambda", type=float, default=1.0, help="weight of the pairwise term")
    ap.add_argument("--smooth-mode", default="raise", choices=("raise", "both"),
                    help="raise: the chain only keeps nodes the trees drop; both: it may also drop kept ones")
    ap.add_argument("--smooth-grid", default="", help="comma-separated lambdas whose trees-only CV is printed")
    ap.add_argument("--write-prob", help="write the trees' out-of-fold P per row here (float32)")
    ap.add_argument("--complete-rules", default="",
                    help="block completion (core/src/ensembles/ensemble_complete.cpp) of the trees' labels: "
                         "comma-separated rules, blocks, runs and/or groups (empty: none); measured on the out-of-fold P "
                         "by the C++ itself (--complete-tool) and written into the model")
    ap.add_argument("--complete-stage", default="after", choices=("after", "before"),
                    help="after: completion where the page stage keeps the trees (page stage unchanged); "
                         "before: on the trees' P before the page stage (it learns from the completed labels)")
    ap.add_argument("--complete-tool", default="build/native/ensemble_complete_rows")
    ap.add_argument("--rouge-tsv", help="with --complete-rules: the tool also writes the dataset pages' ROUGE-LSum F1 "
                    "of the trees, the completed trees and each page choice here (issue 9: proxy vs real measure)")
    ap.add_argument("--page-target", default="proxy", choices=("proxy", "rouge"),
                    help="the page stage's label / weight on the dataset pages: token-F1 proxy or ROUGE-LSum "
                         "(--rouge-tsv; real-web pages keep the proxy)")
    ap.add_argument("--complete-args", default="", help="extra options of the tool (tunables, experiments only)")
    ap.add_argument("--datasets", default=os.environ.get("WCE_DATASETS", "/work/shared/datasets"),
                    help="the *.jsonl.gz the dump read (the tool parses the pages again)")
    ap.add_argument("--reuse-oof", action="store_true", help="reuse saved out-of-fold tree probabilities")
    ap.add_argument("--command", default="")
    ap.add_argument("--web-data", help="lab/tools/ensemble_dump prefix of webeval half 0 (--split webeval-half0 --node-text)")
    ap.add_argument("--web-set", default=".cache/webeval/trafilatura-eval.jsonl.gz",
                    help="the snippet set (lab/webeval/fetch.py) the real-web dump read")
    ap.add_argument("--web-weight", type=float, default=1.0,
                    help="weight of a real-web page against a dataset page (loss and page stage)")
    ap.add_argument("--page-web-weight", type=float, default=None,
                    help="weight of a real-web page in the page stage only (default: --web-weight)")
    ap.add_argument("--wcxb-data", help="lab/tools/ensemble_dump prefix of WCXB dev (--split all --node-text)")
    ap.add_argument("--wcxb-set", help="the WCXB dev JSONL file the dump read")
    ap.add_argument("--wcxb-weight", type=float, default=1.0, help="weight of a WCXB page against a dataset page")
    ap.add_argument("--wcxb-page-types", help="out-of-fold page types of the WCXB pages (lab/learn/page_type.py "
                    "--predictions) for their page-type columns")
    ap.add_argument("--wcxb-report", help="write the WCXB word F1 table (markdown) here")
    ap.add_argument("--wcxb-keep", help="write the WCXB rows' out-of-fold output here (.npz: final kept, trees' P, "
                                        "completed P, the page's choice; lab/experiments/listing_cards.py reads it)")
    ap.add_argument("--save-final", help="write the page stage's out-of-fold per-page F1 here (.npy)")
    ap.add_argument("--show-pages", default="", help="comma-separated page id prefixes: print their page features")
    ap.add_argument("--errors", type=int, default=0, help="print the N worst pages against readability")
    ap.add_argument("--stage-tool", default="build/native/ensemble_stage_features",
                    help="lab/tools/ensemble_stage_features: the second stage's and the page stage's features, "
                         "computed by the core from the dumps and the out-of-fold probabilities")
    ap.add_argument("--check-stage-features", action="store_true",
                    help="check stage_features on a dump of ensemble_dump --stage-check against the runtime's "
                         "features (P.context.f64, P.page.f64), then stop")
    ap.add_argument("--train-exclude", default="",
                    help="comma-separated datasets whose pages the stages do not learn from (weight 0; still scored "
                         "out of fold): e.g. readability, whose gold is Readability.js's own output")
    ap.add_argument("--seed", type=int, default=SEED, help="LightGBM's seed (a retrain's noise band)")
    a = ap.parse_args()
    SEED = a.seed
    # Experiments whose columns wce::ensemble_features / ensemble_page_features do not compute:
    # a model trained with them would not run in C++.
    no_cpp = [o for o, on in (("--node-member-context", a.node_member_context), ("--node-disagreement", a.node_disagreement),
                              ("--page-extra-members", a.page_extra_members), ("--page-meta", a.page_meta),
                              ("--page-type-features", a.page_type_features),
                              ("--page-readability-margin", a.page_readability_margin),
                              ("--smooth-rounds", a.smooth_rounds > 0), ("--page-diff-kinds", a.page_diff_kinds)) if on]
    if a.out and no_cpp:
        ap.error("--out with %s: experiment only, no C++ side" % ", ".join(no_cpp))
    global PAGE_MEMBERS, PAGE_FEATURES
    extra_members = tuple(m for m in a.page_extra_members.split(",") if m and m not in PAGE_MEMBERS)
    for m in extra_members:
        PAGE_MEMBERS += (m,)
        PAGE_FEATURES = PAGE_FEATURES + [f % m for f in PAGE_MEMBER_FEATURES]
    if a.check_stage_features:
        return check_stage_features(a.stage_tool, a.data)
    cols, rows, head, pages = load(a.data)
    n_ds_pages, n_ds_rows = len(pages), len(rows)
    if a.web_data:
        web_only = [o for o, on in (("--context-rounds", a.context_rounds > 0), ("--page-features all", a.page_features == "all"),
                                    ("--node-regions", a.node_regions), ("--node-member-context", a.node_member_context),
                                    ("--page-readability-margin", a.page_readability_margin), ("--page-meta", a.page_meta))
                    if on]
        if web_only:
            ap.error("--web-data with %s: those read per-row files of the training dump only" % ", ".join(web_only))
        wrows, wpages = load_web(a.web_data, a.web_set, cols, head)
        wrows[:, 0] += n_ds_pages
        rows = np.vstack([rows, wrows])
        pages = pages + wpages
    n_web_rows, n_web_pages = len(rows), len(pages)  # the WCXB rows and pages come after these
    wcxb = None
    if a.wcxb_data:
        if a.context_rounds > 0 or a.page_features == "all" or a.node_regions or a.node_member_context or \
                a.page_readability_margin or a.page_meta or a.smooth_rounds > 0:
            ap.error("--wcxb-data with options that read per-row files of the training dump only")
        xrows, xpages, wcxb = load_wcxb(a.wcxb_data, a.wcxb_set, cols, head, a.wcxb_page_types)
        xrows[:, 0] += n_web_pages
        rows = np.vstack([rows, xrows])
        pages = pages + xpages
    names = cols[6:]
    page = rows[:, 0].astype(np.int64)
    tokens = rows[:, 3].astype(np.float64)
    matched = rows[:, 4].astype(np.float64)
    y = (rows[:, 5] >= 0.5).astype(np.int32)
    X = rows[:, 6:].astype(np.float64)
    n_pages = len(pages)
    # The dumps' rows in the rows here: the stage features are computed per dump (stage_features).
    dump_parts = [(a.data, slice(0, n_ds_rows))]
    if a.web_data:
        dump_parts.append((a.web_data, slice(n_ds_rows, n_web_rows)))
    if a.wcxb_data:
        dump_parts.append((a.wcxb_data, slice(n_web_rows, len(rows))))
    if a.node_regions:
        region = region_bits(a.data)
        w_ = rows[:, 2].astype(np.float64)
        share = np.bincount(page, weights=w_ * (region != 0), minlength=n_pages) / np.maximum(
            np.bincount(page, weights=w_, minlength=n_pages), 1e-12)
        X = np.hstack([X, np.column_stack([(region & 1) != 0, (region & 2) != 0, (region & 4) != 0, share[page]])])
        names = names + ["in_article", "in_main", "in_body", "page_region_share"]
        if a.node_page_own:  # the prob-free ones: the same on every node of the page
            _, own = stage_features(a.stage_tool, dump_parts, np.zeros(len(page)), page=True)
            own = own[:, N_PAGE_MEMBER_FEATURES:N_PAGE_MEMBER_FEATURES + 9]
            X = np.hstack([X, own[page]])
            names = names + ["page_" + f for f in PAGE_DOC_FEATURES[:9]]
    if a.node_member_context:  # the member's kept region around the node (issue 9: short nodes inside it)
        keep = [5, 6, 7] + [10 + level for level in range(GROUP_LEVELS)]  # windows, block, holding elements
        for m in a.node_member_context.split(","):
            v = (X[:, names.index("vote_" + m)] >= 0.5).astype(np.float64)
            CF = stage_features(a.stage_tool, dump_parts, v, context=True)[0][:, keep]
            X = np.hstack([X, CF])
            names = names + ["%s_%s" % (m, CONTEXT_FEATURES[k]) for k in keep]
    if a.node_disagreement:  # issue 9, real web: readability's block against the other members'
        X = np.hstack([X, disagreement_features(X, names, rows[:, 2].astype(np.float64), page, n_pages)[page]])
        names = names + list(DISAGREEMENT_FEATURES)
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
    allp = np.arange(n_pages) < n_ds_pages  # the nine datasets' pages: every macro figure
    is_web = ~allp
    web_row = page >= n_ds_pages
    web_scored = is_web & (gold_tokens > 0)  # real-web pages with a found "with" snippet
    wcxb_page = np.arange(n_pages) >= n_web_pages  # WCXB dev pages (last): out of the macro and the real-web figures
    wcxb_row = page >= n_web_pages
    web_row = web_row & ~wcxb_row
    is_web = is_web & ~wcxb_page
    web_scored = web_scored & ~wcxb_page
    for j, m in enumerate(members):
        real = np.array([float(p["f1_" + m]) for p in pages])
        prox = page_f1(X[:, vote[m]] >= 0.5, page, matched, tokens, gold_tokens)
        r, pr = macro(real, datasets, allp), macro(prox, datasets, allp)
        print("  %-20s %.3f (%.3f) | %.3f (%.3f)  corr %.2f%s" % (
            m, r[0], r[1], pr[0], pr[1], np.corrcoef(real[allp], prox[allp])[0, 1],
            "  | real web, labelled-node token F1 %.3f" % prox[web_scored].mean() if is_web.any() else ""))

    excluded = np.isin(datasets, [d for d in a.train_exclude.split(",") if d])  # per page: --train-exclude
    assert not a.train_exclude or excluded.any(), "--train-exclude: no page of " + a.train_exclude

    def row_weights(kind):
        w = weights(kind, tokens, page, datasets[page], n_pages)
        w = np.where(excluded[page], 0.0, w)
        return np.where(web_row, a.web_weight * w, np.where(wcxb_row, a.wcxb_weight * w, w))

    drop = [names.index(d) for d in a.drop.split(",") if d]
    if drop:
        X[:, drop] = 0.0

    fold = bucket // FOLD_BUCKETS  # 5 folds of 6 buckets: cross-validation by page

    def evaluate(params, rounds, wkind, label):
        """Out-of-fold predictions for every training page (5 folds by bucket)."""
        w = row_weights(wkind)
        prob = np.zeros(len(y))
        cache = "%s.oof_%s_%d_%d_%g%s.npy" % (a.data, wkind, params["num_leaves"], rounds, params["learning_rate"],
                                               ("_regions" if a.node_regions else "") + ("_own" if a.node_page_own else "") +
                                               ("_mc_" + a.node_member_context.replace(",", "_") if a.node_member_context else "") +
                                               ("_dis" if a.node_disagreement else "") +
                                               ("_web%g" % a.web_weight if a.web_data else "") +
                                               ("_ex_" + a.train_exclude.replace(",", "_") if a.train_exclude else "") +
                                               ("_seed%d" % SEED if SEED != DEFAULT_SEED else ""))
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
    mm, md, per, best, prob1 = evaluate(params, a.rounds, a.weights, "chosen: weights=%s leaves=%d rounds=%d" % (a.weights, a.leaves, a.rounds))
    for d in per:
        print("  %-22s ensemble %.3f (%.3f) n=%d | best member %s %.3f" % (d, per[d][0], per[d][1], per[d][2], best[d][1], best[d][0]))
    words = rows[:, 2].astype(np.float64)
    # The node threshold: P shifted on the margin so that P >= T reads as >= 0.5.
    node_bias = -float(logit(np.array([a.node_threshold]))[0]) if a.node_threshold != 0.5 else 0.0
    if node_bias != 0.0:
        prob1 = 1 / (1 + np.exp(-(logit(prob1) + node_bias)))
        f_t = page_f1(prob1 >= 0.5, page, matched, tokens, gold_tokens)
        print("node threshold %g (margin bias %+.6f): trees cv macro %.4f (median %.4f)%s" % (
            a.node_threshold, node_bias, *macro(f_t, datasets, allp)[:2],
            " | real web %.4f" % f_t[web_scored].mean() if is_web.any() else ""), flush=True)
    # The second stage (auto-context), stacked on the first stage's
    # out-of-fold probabilities, cross-validated on the same folds.
    prob = prob1
    params2 = dict(params, num_leaves=a.context_leaves, learning_rate=a.context_lr, min_data_in_leaf=a.context_min_leaf)
    if a.context_rounds > 0:
        CF = stage_features(a.stage_tool, dump_parts, prob1, context=True)[0]
        X2 = np.hstack([X, CF])
        w = row_weights(a.weights)
        prob = np.zeros(len(y))
        # With --context-adds, the second stage's trees start from the first
        # stage's margin and add to it (a correction), else they stand alone.
        init = logit(prob1) if a.context_adds else None
        for k in range(kFolds):
            tr = fold[page] != k
            b2 = fit(X2[tr], y[tr], w[tr], params2, a.context_rounds, init[tr] if a.context_adds else None)
            m2 = b2.predict(X2[~tr], raw_score=True) + (init[~tr] if a.context_adds else 0.0)
            prob[~tr] = 1 / (1 + np.exp(-m2))
        f2 = page_f1(prob >= 0.5, page, matched, tokens, gold_tokens)
        mm, md, per = macro(f2, datasets, allp)
        print("%-46s cv macro %.4f (median %.4f), worst dataset vs best member %+.3f" % (
            "second stage: leaves=%d rounds=%d lr=%g" % (a.context_leaves, a.context_rounds, a.context_lr), mm, md,
            min(per[d][0] - best[d][0] for d in per)), flush=True)
        for d in per:
            print("  %-22s ensemble %.3f (%.3f) n=%d | best member %s %.3f" % (d, per[d][0], per[d][1], per[d][2], best[d][1], best[d][0]))
    # Sequence smoothing (ensemble_smooth.py): a learned pairwise term between
    # neighbouring worded nodes, Viterbi over the page, stacked on the
    # out-of-fold P, its pair model cross-validated on the same folds.
    smooth_booster = None
    if a.smooth_rounds > 0:
        import ensemble_smooth as sm
        gparts = [np.fromfile(a.data + ".groups.i32", dtype=np.int32).reshape(-1, 1 + GROUP_LEVELS)]
        if a.web_data:
            gparts.append(np.fromfile(a.web_data + ".groups.i32", dtype=np.int32).reshape(-1, 1 + GROUP_LEVELS))
        groups_all = np.vstack(gparts)
        assert len(groups_all) == len(y), "the dumps' groups do not match their rows: WCE_REDUMP=1"
        pa = sm.pairs(page)
        PF = sm.pair_features(X, names, groups_all, pa)
        ps = (y[pa] == y[pa + 1]).astype(np.int32)
        wr = row_weights(a.weights)
        pw = np.where((wr[pa] > 0) & (wr[pa + 1] > 0), 0.5 * (wr[pa] + wr[pa + 1]), 0.0)
        smooth_params = dict(params, num_leaves=a.smooth_leaves, learning_rate=a.smooth_lr, min_data_in_leaf=a.smooth_min_leaf)
        same = np.ones(len(y))
        for k in range(kFolds):
            tr = fold[page[pa]] != k
            sb = fit(PF[tr], ps[tr], pw[tr], smooth_params, a.smooth_rounds)
            same[pa[~tr]] = sb.predict(PF[~tr])
        sp = same[pa]
        lab = pw > 0
        print("pair model (out-of-fold): %d pairs, %d labelled, %.4f same; weighted accuracy %.4f (always same %.4f), "
              "weighted log loss %.4f" % (len(pa), lab.sum(), ps[lab].mean(),
                                          np.average((sp >= 0.5) == ps, weights=pw), np.average(ps == 1, weights=pw),
                                          -np.average(ps * np.log(np.maximum(sp, 1e-12)) + (1 - ps) * np.log(np.maximum(1 - sp, 1e-12)), weights=pw)))
        f_before = page_f1(prob >= 0.5, page, matched, tokens, gold_tokens)
        print("  trees before smoothing: cv macro %.4f (median %.4f)%s" % (
            *macro(f_before, datasets, allp)[:2], " | real web %.4f" % f_before[web_scored].mean() if is_web.any() else ""))
        chains = {}  # lambda -> Viterbi labels (one decoding per lambda, both modes read it)
        for lam in sorted(set([float(v) for v in a.smooth_grid.split(",") if v] + [a.smooth_lambda])):
            chains[lam] = sm.viterbi(prob, same, page, lam)
            for mode in ("raise", "both"):
                ps_ = sm.apply_labels(prob, chains[lam], mode)
                fs_ = page_f1(ps_ >= 0.5, page, matched, tokens, gold_tokens)
                mm_, md_, per_ = macro(fs_, datasets, allp)
                big_ = [d for d in per_ if per_[d][2] >= MIN_PAGES_STABLE]
                print("  smoothing lambda %-5g %-5s rows raised %6d lowered %6d: trees cv macro %.4f (median %.4f) stable %.4f%s" % (
                    lam, mode, ((ps_ >= 0.5) & (prob < 0.5)).sum(), ((ps_ < 0.5) & (prob >= 0.5)).sum(), mm_, md_,
                    np.mean([per_[d][0] for d in big_]), " | real web %.4f" % fs_[web_scored].mean() if is_web.any() else ""),
                    flush=True)
        prob = sm.apply_labels(prob, chains[float(a.smooth_lambda)], a.smooth_mode)
        print("smoothing chosen: lambda %g, mode %s" % (a.smooth_lambda, a.smooth_mode))
    if a.write_prob:
        prob.astype(np.float32).tofile(a.write_prob)
        print("wrote %s (%d rows)" % (a.write_prob, len(prob)))
    prob_done = None
    rules = [r for r in a.complete_rules.split(",") if r]
    assert all(r in ("blocks", "runs", "groups") for r in rules), rules
    if rules:  # rows the C++ completion keeps: P raised to 0.5, as ensemble_complete does
        nine = [f for f in sorted(glob.glob(os.path.join(a.datasets, "*.jsonl.gz"))) if not f.endswith("wcxb-dev.jsonl.gz")]
        parts = [(a.data, nine, slice(0, n_ds_rows))]
        if a.web_data:
            parts.append((a.web_data, [a.web_set], slice(n_ds_rows, n_web_rows)))
        if a.wcxb_data:
            parts.append((a.wcxb_data, [a.wcxb_set], slice(n_web_rows, len(y))))
        done = []
        for prefix, files, rs in parts:  # the tool re-parses each dump's pages from its own data
            src, dst = prefix + ".oof_tmp.f32", prefix + ".oof_completed.f32"
            prob[rs].astype(np.float32).tofile(src)
            cmd = [a.complete_tool, "--data", prefix, "--in", src, "--out", dst] + \
                  (["--no-blocks"] if "blocks" not in rules else []) + (["--no-runs"] if "runs" not in rules else []) + \
                  (["--groups"] if "groups" in rules else []) + \
                  (["--rouge", a.rouge_tsv, "--rouge-members", a.page_choices] if a.rouge_tsv and prefix == a.data else []) + \
                  a.complete_args.split() + files
            subprocess.run(cmd, check=True)
            done.append(np.fromfile(dst, dtype=np.float32).astype(np.float64))
        done = np.concatenate(done)
        assert len(done) == len(prob), (len(done), len(prob))
        raised = (done >= 0.5) & (prob < 0.5)
        prob_done = np.where(raised, 0.5, prob)
        f_c = page_f1(prob_done >= 0.5, page, matched, tokens, gold_tokens)
        print("block completion (%s): %d rows raised (%.2f %% of the rows), trees + completion cv macro %.4f (median %.4f)" % (
            ",".join(rules), raised.sum(), 100 * raised.mean(), *macro(f_c, datasets, allp)[:2]))
        if a.complete_stage == "before":
            prob = prob_done
    # The page stage: keep the trees or take one member's labels outright
    # (PAGE_CHOICES), learned on out-of-fold tree probabilities (stacking),
    # cross-validated on the same folds. Per choice, label: the member's token
    # F1 beats the trees' on the page; weight: the F1 difference (what the
    # choice wins or loses). The page goes to the choice of highest P, if >=
    # the threshold.
    choices = [c for c in a.page_choices.split(",") if c]
    assert all(c in members for c in choices) and "readability" in members
    votes = {m: (X[:, vote[m]] >= 0.5) if m in vote else np.zeros(len(y), bool) for m in PAGE_MEMBERS}
    # The page features of the dumps' node features (as the runtime computes
    # them: a --drop of the first stage does not reach them).
    _, PS = stage_features(a.stage_tool, dump_parts, prob, page=True, extra_members=extra_members)
    assert len(PS) == n_pages, (len(PS), n_pages)
    own_end = N_PAGE_MEMBER_FEATURES + len(PAGE_DOC_FEATURES)
    PX = np.hstack([PS[:, :N_PAGE_MEMBER_FEATURES], PS[:, own_end:]])
    page_names = list(PAGE_FEATURES)
    if a.page_features == "all":
        region = region_bits(a.data)
        PX = np.hstack([PX, PS[:, N_PAGE_MEMBER_FEATURES:own_end]])
        page_names += PAGE_DOC_FEATURES
        has = np.bincount(page, weights=(region != 0).astype(float), minlength=n_pages) > 0
        print("pages with an <article>/<main>/articleBody region: " + ", ".join(
            "%s %d/%d" % (d, (has & (datasets == d)).sum(), (datasets == d).sum()) for d in sorted(set(datasets))))
    if a.page_readability_margin:  # how clearly one element wins Readability's scoring (issue 9)
        rm = np.fromfile(a.data + ".rdmargin.f32", dtype=np.float32).reshape(-1, 2).astype(np.float64)
        assert len(rm) == n_pages, "the dump has no Readability margins: WCE_REDUMP=1"
        top, second = rm[:, 0], rm[:, 1]
        PX = np.hstack([PX, np.column_stack([np.log1p(np.maximum(top, 0)),
                                             np.where(top > 0, second / np.maximum(top, 1e-12), 0.0)])])
        page_names += ["readability_log_top_score", "readability_second_over_top"]
    if a.page_diff_kinds:  # where the trees and each page choice differ, by kind of text node
        kinds = ("in_li", "in_h", "in_a", "in_td", "in_p")
        bc = lambda v: np.bincount(page, weights=v, minlength=n_pages)
        kept_t = prob >= 0.5
        extra, extra_names = [], []
        for c in choices:
            v = X[:, vote[c]] >= 0.5
            for side, mask in (("%s_only" % c, v & ~kept_t), ("trees_not_%s" % c, kept_t & ~v)):
                tot = bc(words * mask)
                for k in kinds:
                    extra.append(np.where(tot > 0, bc(words * mask * (X[:, names.index(k)] >= 0.5)) / np.maximum(tot, 1e-12), 0.0))
                    extra_names.append("%s_%s" % (side, k))
        PX = np.hstack([PX, np.column_stack(extra)])
        page_names += extra_names
    if a.page_type_features:  # the page type as the page stage's input too (issue 32): from the node
        # rows' page-type columns, constant per page (out of fold for WCXB pages: --wcxb-page-types)
        tcols = [names.index(c) for c in names if c.startswith("page_type_")]
        pid, at = np.unique(page, return_index=True)
        onehot = np.zeros((n_pages, len(tcols)))
        onehot[pid] = X[at][:, tcols]
        PX = np.hstack([PX, onehot])
        page_names += [names[c] for c in tcols]
    if a.page_meta:  # what the page says it is (issue 9, lever 2)
        meta = np.fromfile(a.data + ".meta.f32", dtype=np.float32).reshape(n_pages, -1).astype(np.float64)
        PX = np.hstack([PX, meta])
        page_names += ["og_article", "schema_article", "has_article"]
    if a.show_pages:
        ids = [p["id"] for p in pages]
        sel = [next(i for i, x in enumerate(ids) if x.startswith(w)) for w in a.show_pages.split(",")]
        print("%-34s %7s" % ("page feature", "median") + "".join(" %12s" % ids[i][-12:] for i in sel))
        for j, f in enumerate(page_names):
            print("%-34s %7.3f" % (f, np.median(PX[:, j])) + "".join(" %12.3f" % PX[i, j] for i in sel))
    for d in [d for d in a.page_drop.split(",") if d]:
        PX[:, page_names.index(d)] = 0.0
    f_tree = page_f1(prob >= 0.5, page, matched, tokens, gold_tokens)
    # A choice outside PAGE_MEMBERS (no page features of its own) still has its vote column.
    f_mem = {m: page_f1(votes[m] if m in votes else X[:, vote[m]] >= 0.5, page, matched, tokens, gold_tokens)
             for m in choices}
    f_rd = page_f1(votes["readability"], page, matched, tokens, gold_tokens)
    # ROUGE-LSum per dataset page (lab/tools/ensemble_complete_rows --rouge): the
    # real measure of the same out-of-fold outputs; real-web pages keep the proxy.
    r_tree = r_kept = r_mem = None
    if a.rouge_tsv:
        assert prob_done is not None, "--rouge-tsv needs --complete-rules"
        rl = open(a.rouge_tsv).read().splitlines()
        rh = rl[0].split("\t")
        rv = np.array([[float(v) for v in l.split("\t")] for l in rl[1:]])
        pidx = rv[:, 0].astype(np.int64)
        assert sorted(pidx) == list(range(n_ds_pages)), "the ROUGE file does not cover the dataset pages"
        def col(name):
            out = np.zeros(n_pages)
            out[pidx] = rv[:, rh.index(name)]
            return out
        r_tree, r_kept = col("trees"), col("completed")
        r_mem = {c: col(c) for c in choices}
        big_ds = [d for d in sorted(set(datasets[allp])) if (datasets[allp] == d).sum() >= MIN_PAGES_STABLE]
        def rmacro(f):
            mm_, md_, per_ = macro(f, datasets, allp)
            return mm_, np.mean([per_[d][0] for d in big_ds])
        cands_p = np.column_stack([f_tree] + [f_mem[c] for c in choices])[allp]
        cands_r = np.column_stack([r_tree] + [r_mem[c] for c in choices])[allp]
        ap_, ar_ = np.argmax(cands_p, 1), np.argmax(cands_r, 1)
        # a tie (equal values) is no disagreement: the proxy's choice is as good by ROUGE
        tie = cands_r[np.arange(len(ar_)), ap_] >= cands_r[np.arange(len(ar_)), ar_] - 1e-12
        diff = (ap_ != ar_) & ~tie
        loss = cands_r[np.arange(len(ar_)), ar_] - cands_r[np.arange(len(ar_)), ap_]
        print("\nproxy vs ROUGE-LSum on the %d dataset pages (out-of-fold trees; choices trees, %s):" % (
            allp.sum(), ", ".join(choices)))
        for lab, fp, fr in [("trees", f_tree, r_tree), ("trees + completion", page_f1(prob_done >= 0.5, page, matched, tokens, gold_tokens), r_kept)] + \
                [(c, f_mem[c], r_mem[c]) for c in choices]:
            print("  %-20s proxy macro %.4f stable %.4f | ROUGE macro %.4f stable %.4f | corr %.3f" % (
                lab, *rmacro(fp), *rmacro(fr), np.corrcoef(fp[allp], fr[allp])[0, 1]))
        print("  argmax differs (ROUGE strictly better elsewhere) on %d of %d pages (%.1f %%; by > 0.01: %d, > 0.05: %d), "
              "ROUGE lost there: mean %.4f, total %.2f; by dataset: %s" % (
                  diff.sum(), len(diff), 100 * diff.mean(), (diff & (loss > 0.01)).sum(), (diff & (loss > 0.05)).sum(),
                  loss[diff].mean() if diff.any() else 0, loss[diff].sum(), ", ".join("%s %d/%d" % (d, (diff & (datasets[allp] == d)).sum(),
                                                                                      (datasets[allp] == d).sum())
                                                                          for d in sorted(set(datasets[allp])))))
        orr = np.zeros(n_pages); orr[allp] = cands_r.max(1)
        opr = np.zeros(n_pages); opr[allp] = cands_r[np.arange(len(ap_)), ap_]
        print("  page oracle by ROUGE: ROUGE macro %.4f stable %.4f | the proxy's oracle choice scored by ROUGE: "
              "macro %.4f stable %.4f" % (*rmacro(orr), *rmacro(opr)))
    dw = np.ones(n_pages)
    if a.page_weights == "dataset":  # each dataset's pages weigh as much in total (as the macro mean)
        for d in set(datasets):
            m = datasets == d
            dw[m] = n_pages / (len(set(datasets)) * m.sum())
    # real-web pages: --web-weight; none where no "with" snippet was found (their F1 says nothing)
    page_web_weight = a.web_weight if a.page_web_weight is None else a.page_web_weight
    dw = np.where(is_web, np.where(web_scored, page_web_weight, 0.0) * dw, dw)
    dw = np.where(wcxb_page, a.wcxb_weight * dw, dw)
    dw = np.where(excluded, 0.0, dw)

    def report(f, label):
        fm, fd, fper = macro(f, datasets, allp)
        # Datasets with few training pages swing the macro mean by whole
        # pages (8 pages: one page moves it by 0.012): the macro over the
        # others is printed beside it.
        big = [d for d in fper if fper[d][2] >= MIN_PAGES_STABLE]
        print("  %-44s cv macro %.4f (median %.4f) worst vs best member %+.3f | macro of datasets with >= %d pages %.4f%s" % (
            label, fm, fd, min(fper[d][0] - best[d][0] for d in fper), MIN_PAGES_STABLE,
            np.mean([fper[d][0] for d in big]),
            " | real web %.4f" % f[web_scored].mean() if is_web.any() else ""), flush=True)
        return fm, fd, fper

    print("\npage stage (out-of-fold trees, 5-fold by bucket):")
    report(f_tree, "trees only")
    for c in choices:
        report(f_mem[c], "%s only" % c)
    report(np.maximum.reduce([f_tree] + [f_mem[c] for c in choices]), "oracle of trees and " + "/".join(choices))
    use_rd = PX[:, PAGE_FEATURES.index("trees_over_readability")] < FALLBACK_SHARE
    report(np.where(use_rd, f_rd, f_tree), "rule: trees keep < %.1f of readability's words" % FALLBACK_SHARE)
    pfold = bucket // FOLD_BUCKETS
    page_params = dict(PAGE_PARAMS, num_leaves=a.page_leaves, min_data_in_leaf=a.page_min_leaf)
    # --page-train-share: the page stage learns from that share of its training pages (learning curve)
    page_keep = np.random.default_rng(SEED + a.page_train_seed).random(n_pages) < a.page_train_share
    pprob = np.zeros((n_pages, len(choices)))
    def target(c):
        """The page stage's label and weight for choice c: the choice beats the trees, by how much."""
        ft, fc = f_tree, f_mem[c]
        if a.page_target == "rouge":
            assert r_tree is not None, "--page-target rouge needs --rouge-tsv"
            ft, fc = np.where(allp, r_tree, f_tree), np.where(allp, r_mem[c], f_mem[c])
        return (fc > ft).astype(np.int32), np.abs(fc - ft) * dw

    for j, c in enumerate(choices):
        py, pw = target(c)
        for k in range(kFolds):
            tr = (pfold != k) & page_keep
            if a.page_objective == "regression":  # predicted gain over the trees; chosen when > threshold - 0.5
                pb = fit(PX[tr], (f_mem[c] - f_tree)[tr], dw[tr], page_params, a.page_rounds, objective="regression")
                pprob[~tr, j] = pb.predict(PX[~tr]) + 0.5
            else:
                pb = fit(PX[tr], py[tr], pw[tr], page_params, a.page_rounds)
                pprob[~tr, j] = pb.predict(PX[~tr])
    if a.page_objective == "regression":
        assert a.page_target == "proxy", "--page-objective regression reads the proxy"

    def decide(pp):
        """Index into ["trees"] + choices per page (wce::ensemble_probabilities does the same)."""
        best_c = np.argmax(pp, axis=1)
        out = np.where(pp[np.arange(len(pp)), best_c] >= a.page_threshold, best_c + 1, 0)
        if a.page_rule:
            out = np.where(use_rd, 1 + choices.index("readability"), out)
        return out

    choose = decide(pprob)
    if a.route_types:  # the page-type route, after the page stage (as the runtime applies it)
        rt = [t for t in a.route_types.split(",") if t]
        assert a.route_to in choices, "--route-to must be one of --page-choices"
        pid, at = np.unique(page, return_index=True)
        routed = np.zeros(n_pages, bool)
        routed[pid] = (X[at][:, [names.index("page_type_" + t) for t in rt]] >= 0.5).any(axis=1)
        print("page-type route (%s -> %s): %d pages (%d of them WCXB), %d change choice" % (
            ",".join(rt), a.route_to, routed.sum(), routed[n_web_pages:].sum(),
            (routed & (choose != 1 + choices.index(a.route_to))).sum()))
        choose = np.where(routed, 1 + choices.index(a.route_to), choose)
    if a.route_gate:  # the listing gate's route (lab/results/listing-cards.md section 6)
        assert a.route_to in choices, "--route-to must be one of --page-choices"
        gate = {}
        for line in open(a.route_gate, encoding="utf-8"):
            r = json.loads(line)
            gate[r["id"]] = r["p"]
        gp = np.array([gate[p["id"]] for p in pages])  # KeyError: the gate's file does not cover these pages
        gated = gp >= a.route_gate_threshold
        if a.route_gate_with_type:
            pid, at = np.unique(page, return_index=True)
            typed = np.zeros(n_pages, bool)
            typed[pid] = X[at][:, names.index("page_type_listing")] >= 0.5
            gated &= typed
        c_to = 1 + choices.index(a.route_to)
        print("listing gate route (P >= %g%s -> %s): %d pages (%d of them WCXB, %d of the nine datasets, %d real web), "
              "%d change choice" % (a.route_gate_threshold, ", typed listing" if a.route_gate_with_type else "",
                                    a.route_to, gated.sum(), gated[n_web_pages:].sum(), gated[:n_ds_pages].sum(),
                                    gated[n_ds_pages:n_web_pages].sum(), (gated & (choose != c_to)).sum()))
        choose = np.where(gated, c_to, choose)
    f_kept = f_tree  # the trees' pages: with --complete-stage after, their completed labels (the stage is unchanged)
    if prob_done is not None and a.complete_stage == "after":
        f_kept = page_f1(prob_done >= 0.5, page, matched, tokens, gold_tokens)
    fs = np.column_stack([f_kept] + [f_mem[c] for c in choices])
    final = fs[np.arange(n_pages), choose]
    pm, pmd, pper = report(final, "page stage (%s)" % ", ".join(
        "%s on %d pages" % (c, (choose == j + 1).sum()) for j, c in enumerate(choices)))
    for d in pper:
        m = datasets == d
        print("    %-22s %.3f (%.3f) chosen %s | trees %.3f %s best member %s %.3f" % (
            d, pper[d][0], pper[d][1], " ".join("%d" % (choose[m] == j + 1).sum() for j in range(len(choices))) + "/%d" % m.sum(),
            f_tree[m].mean(), " ".join("%s %.3f" % (c[:5], f_mem[c][m].mean()) for c in choices), best[d][1], best[d][0]))
    if wcxb is not None:
        wcxb_report(a, wcxb, choose, choices, prob_done if (prob_done is not None and a.complete_stage == "after") else prob,
                    prob, X, names, vote, members, page, n_web_pages, n_web_rows)
    if r_tree is not None:  # the same choices scored by ROUGE-LSum (the dataset pages)
        rfinal = np.column_stack([r_kept] + [r_mem[c] for c in choices])[np.arange(n_pages), choose]
        rm_, rd_, rper = macro(rfinal, datasets, allp)
        print("  page stage scored by ROUGE-LSum: cv macro %.4f (median %.4f) | macro of datasets with >= %d pages %.4f" % (
            rm_, rd_, MIN_PAGES_STABLE, np.mean([rper[d][0] for d in rper if rper[d][2] >= MIN_PAGES_STABLE])))
        print("    " + ", ".join("%s %.3f" % (d, rper[d][0]) for d in rper))
        if a.save_final:
            np.save(a.save_final.replace(".npy", "") + "_rouge.npy", rfinal)
    if a.save_final:  # per-page out-of-fold F1 of the page stage (paired comparisons of variants)
        np.save(a.save_final, final)
    if a.errors:
        order = np.argsort(final - f_rd)
        print("\nworst pages vs readability (out-of-fold): dataset id final readability choice")
        for i in order[:a.errors]:
            print("  %-20s %-30s %.3f %.3f %d" % (datasets[i], pages[i]["id"][:30], final[i], f_rd[i], choose[i]))
    if not a.out:
        return
    assert a.page_objective == "binary", "a regression page stage is an experiment only (not exported)"
    # Refit on the whole training split.
    w = row_weights(a.weights)
    b = fit(X, y, w, params, a.rounds)
    acc = float(((b.predict(X) >= 0.5) == y).mean())
    b2 = fit(X2, y, w, params2, a.context_rounds, logit(prob1) if a.context_adds else None) if a.context_rounds > 0 else None
    pbs = []
    for c in choices:
        py, pw = target(c)
        pbs.append(fit(PX, py, pw, page_params, a.page_rounds))
    counts = {}
    for d in datasets:
        counts[d] = counts.get(d, 0) + 1
    note = ("members %s; %d text nodes of %d pages, the whole 30 %% training split, LightGBM %s, seed %d\n"
            "command: %s\n"
            "split: training page = FNV-1a 64(dataset/id) %% 100 < 30; model choice by 5-fold cross-validation (bucket // 6)\n"
            "training pages per dataset: %s\n"
            "%s%s"
            "first stage: %s, rounds %d, weights %s (alignment tokens of the node%s)%s\n"
            "second stage (auto-context, on out-of-fold first-stage probabilities): %s, rounds %d\n"
            "5-fold cross-validation by bucket on the training split: token-F1 macro mean %.4f, median %.4f (trees)\n"
            "page stage: features %s (%d), choices %s, %s, rounds %d, page weights %s, threshold %g, rule %s, on out-of-fold tree probabilities\n"
            "%s"
            "block completion: %s; cv macro mean %.4f, median %.4f (the model's output, token-F1 proxy)\n"
            "refit training accuracy (first stage) %.4f") % (
        ",".join(members), len(y), n_pages, lgb.__version__, SEED, a.command or " ".join(sys.argv),
        ", ".join("%s %d" % kv for kv in sorted(counts.items())),
        ("real-web rows: %s (webeval half 0: FNV-1a 64 of the page id even; node labels from its snippets, "
         "lab/learn/snippet_labels.py), weight %g a page%s; half 1 never read\n" % (
             os.path.basename(a.web_data), a.web_weight,
             "" if a.page_web_weight is None else " (page stage: %g)" % a.page_web_weight))
        if a.web_data else "",
        ("WCXB dev rows: %s (every page; node labels from its gold text, its with / without snippets as sure "
         "labels, lab/learn/wcxb_rows.py), weight %g a page; cross-validation folds by domain (lab/learn/folds.py)\n" % (
             os.path.basename(a.wcxb_data), a.wcxb_weight)) if a.wcxb_data else "",
        json.dumps(params, sort_keys=True), a.rounds, a.weights,
        ", / page total" if a.weights.startswith("page") else "",
        "; node threshold %g (kModelBias = -logit of it)" % a.node_threshold if node_bias else "",
        json.dumps(params2, sort_keys=True) if b2 else "none", a.context_rounds, mm, md,
        a.page_features, len(page_names), ",".join(choices), json.dumps(page_params, sort_keys=True), a.page_rounds, a.page_weights, a.page_threshold,
        "trees keep < %g of readability's words" % FALLBACK_SHARE if a.page_rule else "off",
        ("page stage target: ROUGE-LSum F1 of the rendered outputs on the dataset pages (lab/tools/ensemble_complete_rows "
         "--rouge), the token proxy on the real-web pages\n" if a.page_target == "rouge" else ""),
        ("%s, %s the page stage" % (",".join(rules), a.complete_stage)) if rules else "none", pm, pmd, acc)  # no run time: the file is reproducible byte for byte
    sizes = export(b, b2, pbs, page_names, choices, a.page_threshold, FALLBACK_SHARE if a.page_rule else 0.0, names,
                   members, a.out, note, rules, a.complete_stage == "before", node_bias)
    print("\nwrote %s: trees/nodes first stage %d/%d, second stage %d/%d, page stage %d/%d" % ((a.out,) + sizes))

def wcxb_report(a, wcxb, choose, choices, prob_kept, prob_trees, X, names, vote, members, page, n_web_pages, n_web_rows):
    """WCXB's word F1 of the out-of-fold output (page stage, completion) by page
    type, beside the members' votes and the compiled-in model's first stage
    (the dump's context column p1: trained without any WCXB page)."""
    import wcxb_rows
    rs = slice(n_web_rows, len(page))
    ch = choose[n_web_pages:][page[rs] - n_web_pages]  # per WCXB row: the page's choice
    keep = prob_kept[rs] >= 0.5
    for j, c in enumerate(choices):
        keep = np.where(ch == j + 1, X[rs, vote[c]] >= 0.5, keep)
    f = lambda k: wcxb_rows.page_word_f1(k, wcxb["texts"], wcxb["bounds"], wcxb["gold"])
    cols = [("ensemble (out of fold)", f(keep)[:, 2]), ("trees only (out of fold)", f(prob_trees[rs] >= 0.5)[:, 2])]
    cols += [("%s (vote)" % m, f(X[rs, vote[m]] >= 0.5)[:, 2]) for m in members]
    p1 = np.fromfile(a.wcxb_data + ".context.f32", dtype=np.float32).reshape(len(keep), -1)[:, 0]
    cols.append(("compiled-in first stage (p1)", f(p1 >= 0.5)[:, 2]))
    table = wcxb_rows.by_type_table(cols, wcxb["types"])
    n_choice = " ".join("%s %d" % (c, (choose[n_web_pages:] == j + 1).sum()) for j, c in enumerate(choices))
    text = ("WCXB dev, word F1 from the kept nodes' text (proxy), grouped 5-fold CV by domain; page choices: %s of %d\n\n%s\n"
            % (n_choice, len(wcxb["gold"]), table))
    print("\n" + text, flush=True)
    if a.wcxb_report:
        open(a.wcxb_report, "w").write(text)
    if a.wcxb_keep:
        np.savez_compressed(a.wcxb_keep, keep=keep, trees=prob_trees[rs].astype(np.float32),
                            kept=prob_kept[rs].astype(np.float32), choice=choose[n_web_pages:],
                            choices=np.array(["trees"] + list(choices)))


if __name__ == "__main__":
    sys.exit(main())
