"""Tests of ensemble_smooth (NumPy; the ensemble venv):
.cache/ens-venv/bin/python -m unittest lab/learn/test_ensemble_smooth.py"""
import itertools
import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ensemble_smooth as sm  # noqa: E402


def brute_force(prob, same, lam):
    """The best labelling of one page by enumeration (first best in 0-first order)."""
    n = len(prob)
    best, arg = -np.inf, None
    for lab in itertools.product((0, 1), repeat=n):
        s = sum(np.log(max(prob[i] if lab[i] else 1 - prob[i], sm.MIN_P)) for i in range(n))
        s += lam * sum(np.log(max(same[i] if lab[i] == lab[i + 1] else 1 - same[i], sm.MIN_P)) for i in range(n - 1))
        if s > best + 1e-9:
            best, arg = s, lab
    return list(arg)


class Smooth(unittest.TestCase):
    def test_viterbi_equals_enumeration_per_page(self):
        rng = np.random.default_rng(7)
        for _ in range(200):
            sizes = rng.integers(1, 7, size=3)
            page = np.repeat(np.arange(3), sizes)
            prob = rng.uniform(0.01, 0.99, len(page))
            same = rng.uniform(0.01, 0.99, len(page))
            lam = float(rng.choice([0.25, 1.0, 3.0]))
            got = sm.viterbi(prob, same, page, lam)
            f32 = lambda v: float(np.float32(v))
            want = []
            for p in range(3):
                m = page == p
                want += brute_force([f32(v) for v in prob[m]], [f32(v) for v in same[m]], lam)
            self.assertEqual(got.tolist(), want)

    def test_strong_pairwise_fills_a_gap_and_pages_stay_apart(self):
        prob = np.array([0.9, 0.9, 0.3, 0.9, 0.9, 0.2])
        same = np.array([0.99, 0.99, 0.99, 0.99, 0.5, 0.5])  # the last row's value is never read
        page = np.array([0, 0, 0, 0, 0, 1])
        self.assertEqual(sm.viterbi(prob, same, page, 0.0).tolist(), [1, 1, 0, 1, 1, 0])
        self.assertEqual(sm.viterbi(prob, same, page, 1.0).tolist(), [1, 1, 1, 1, 1, 0])
        out = sm.apply_labels(prob, np.array([1, 1, 1, 1, 0, 0]), "raise")
        self.assertEqual(out.tolist(), [0.9, 0.9, 0.5, 0.9, 0.9, 0.2])  # raise: never lowered
        out = sm.apply_labels(prob, np.array([1, 1, 1, 1, 0, 0]), "both")
        self.assertEqual(out.tolist(), [0.9, 0.9, 0.5, 0.9, sm.DROPPED, 0.2])

    def test_pair_features(self):
        names = list(sm.NODE_COLUMNS) + ["vote_readability", "vote_cetd"]
        X = np.arange(3 * len(names), dtype=float).reshape(3, -1) / 100
        X[:, names.index("vote_readability")] = [1, 0, 1]
        groups = np.array([[0, 10, 11, 12, 13], [0, 10, 11, 12, 13], [3, 20, 21, 12, 13]], np.int32)
        F = sm.pair_features(X, names, groups, sm.pairs(np.array([0, 0, 0])))
        self.assertEqual(F.shape, (2, len(sm.PAIR_FEATURES)))
        col = {n: i for i, n in enumerate(sm.PAIR_FEATURES)}
        self.assertEqual(F[:, col["same_block"]].tolist(), [1, 0])
        self.assertEqual(F[:, col["block_gap"]].tolist(), [0, 3])
        self.assertEqual(F[1, [col["same_anc%d" % k] for k in range(4)]].tolist(), [0, 0, 1, 1])
        self.assertEqual(F[:, col["a_vote_readability"]].tolist(), [1, 0])
        self.assertEqual(F[:, col["b_vote_trafilatura"]].tolist(), [0, 0])  # not a column: 0
        self.assertEqual(F[0, col["b_in_a"]], X[1, names.index("in_a")])


if __name__ == "__main__":
    unittest.main()
