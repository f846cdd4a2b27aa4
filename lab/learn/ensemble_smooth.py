"""Sequence smoothing of the learned ensemble's node probabilities (issue 9,
lab/results/ensemble-2026-11-27e.md): a chain over the worded text nodes of a
page in document order, unary term the trees' P(content), pairwise term a
learned P(the two neighbours have the same label) from cheap features of the
pair (the same block, the same holding elements, block distance, tags, words,
the members' votes); the most likely labelling by Viterbi, as Web2Text
decodes its unary and pairwise CNNs (core/src/learned/web2text.cpp,
wce::learned::web2text_viterbi: same recursion, same tie order, same clipped
logs of float inputs, so a C++ side would call it).

Experiment only (ensemble.py --smooth-rounds; --out refuses it): it failed
the cross-validation gate of lab/results/ensemble-2026-11-27e.md, so no
C++ side was written. Tests: test_ensemble_smooth.py.
"""
import numpy as np

# Per node of the pair (a = the earlier node, b = the later one): these
# first-stage columns (wce::ensemble_features).
NODE_COLUMNS = ("in_a", "in_p", "in_li", "in_h", "in_td", "log_words", "block_link_density", "log_depth")
PAIR_MEMBERS = ("readability", "trafilatura", "cetd")  # their votes on both nodes (0 when not a member)
BLOCK_GAP_CAP = 5.0  # kBlockGapCap: blocks between the two nodes' blocks, clipped
PAIR_FEATURES = (["same_block", "block_gap"] + ["same_anc%d" % k for k in range(4)] +
                 ["a_" + c for c in NODE_COLUMNS] + ["b_" + c for c in NODE_COLUMNS] +
                 ["a_vote_" + m for m in PAIR_MEMBERS] + ["b_vote_" + m for m in PAIR_MEMBERS])
MIN_P = 1e-30  # kMinProbability of web2text_viterbi: log of a clipped P
KEPT = 0.5  # the extractor's threshold
DROPPED = 0.499  # P of a node the chain drops (just under the threshold, as the page stage's members)


def pairs(page):
    """Indices a of the rows whose next row (a + 1) is on the same page."""
    return np.nonzero(page[:-1] == page[1:])[0]


def pair_features(X, names, groups, a):
    """Rows: one per pair (a, a + 1); groups: int32 rows x 5 (block, 4 holding elements; -1 none)."""
    b = a + 1
    ga, gb = groups[a].astype(np.int64), groups[b].astype(np.int64)
    has = (ga[:, 0] >= 0) & (gb[:, 0] >= 0)
    cols = [(has & (ga[:, 0] == gb[:, 0])).astype(np.float64),
            np.where(has, np.minimum(BLOCK_GAP_CAP, np.abs(gb[:, 0] - ga[:, 0])), BLOCK_GAP_CAP)]
    for k in range(4):
        cols.append(((ga[:, 1 + k] >= 0) & (ga[:, 1 + k] == gb[:, 1 + k])).astype(np.float64))
    for side in (a, b):
        cols += [X[side, names.index(c)] for c in NODE_COLUMNS]
    for side in (a, b):
        cols += [(X[side, names.index("vote_" + m)] >= 0.5).astype(np.float64) if ("vote_" + m) in names
                 else np.zeros(len(a)) for m in PAIR_MEMBERS]
    return np.column_stack(cols)


def viterbi(prob, same, page, lam):
    """Most likely labels per row: sum of log unary (prob) + lam * log pairwise
    (same / 1 - same between rows a and a + 1 of one page); ties: 0 first and
    the earlier choice kept (as web2text_viterbi). same: per row, the pair
    (row, row + 1), ignored at a page's last row."""
    n = len(prob)
    f32 = lambda v: np.asarray(v, np.float32).astype(np.float64)  # web2text_viterbi reads float
    lp1 = np.log(np.maximum(f32(prob), MIN_P))
    lp0 = np.log(np.maximum(f32(1 - prob), MIN_P))
    ls = lam * np.log(np.maximum(f32(same), MIN_P))
    ld = lam * np.log(np.maximum(f32(1 - same), MIN_P))
    labels = np.zeros(n, np.uint8)
    back = np.zeros((n, 2), np.uint8)
    bounds = np.nonzero(np.diff(page))[0] + 1
    starts = np.concatenate([[0], bounds])
    ends = np.concatenate([bounds, [n]])
    lp0l, lp1l, lsl, ldl = lp0.tolist(), lp1.tolist(), ls.tolist(), ld.tolist()
    for s, e in zip(starts.tolist(), ends.tolist()):
        s0, s1 = lp0l[s], lp1l[s]
        for i in range(s + 1, e):
            t_s, t_d = lsl[i - 1], ldl[i - 1]
            # to 0: from 0 (same) or 1 (different); ties keep l = 0
            a0, a1 = s0 + t_s, s1 + t_d
            if a1 > a0:
                n0, back[i, 0] = a1, 1
            else:
                n0 = a0
            b0, b1 = s0 + t_d, s1 + t_s
            if b1 > b0:
                n1, back[i, 1] = b1, 1
            else:
                n1 = b0
            s0, s1 = n0 + lp0l[i], n1 + lp1l[i]
        lab = 1 if s1 > s0 else 0
        labels[e - 1] = lab
        for i in range(e - 1, s, -1):
            lab = back[i, lab]
            labels[i - 1] = lab
    return labels


def apply_labels(prob, labels, mode):
    """The chain's labels as P: raised to KEPT where it keeps a dropped node,
    and (mode "both") lowered to DROPPED where it drops a kept one."""
    out = np.where((labels == 1) & (prob < KEPT), KEPT, prob)
    if mode == "both":
        out = np.where((labels == 0) & (prob >= KEPT), DROPPED, out)
    return out
