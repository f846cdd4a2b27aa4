"""Tests of wcxb_rows (NumPy): python3 -m unittest lab/learn/test_wcxb_rows.py"""
import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import folds  # noqa: E402
import wcxb_rows  # noqa: E402


class WordF1(unittest.TestCase):
    def test_bag_overlap(self):
        p, r, f = wcxb_rows.word_f1(wcxb_rows.tokens("The cat, the hat"), wcxb_rows.tokens("the CAT sat"))
        self.assertAlmostEqual(p, 2 / 4)  # "the" once in the gold: the bag counts it once
        self.assertAlmostEqual(r, 2 / 3)
        self.assertAlmostEqual(f, 2 * p * r / (p + r))

    def test_empty_sides(self):
        self.assertEqual(wcxb_rows.word_f1([], []), (1.0, 1.0, 1.0))
        self.assertEqual(wcxb_rows.word_f1(["a"], []), (0.0, 0.0, 0.0))
        self.assertEqual(wcxb_rows.word_f1([], ["a"]), (0.0, 0.0, 0.0))

    def test_page_word_f1_joins_kept_nodes(self):
        texts = ["Menu", "Post one text", "Post two text", "Footer"]
        f = wcxb_rows.page_word_f1(np.array([False, True, True, False]), texts, [0, 4], ["post one text post two text"])
        self.assertAlmostEqual(f[0, 2], 1.0)
        f = wcxb_rows.page_word_f1(np.array([False, True, False, False]), texts, [0, 4], ["post one text post two text"])
        self.assertAlmostEqual(f[0, 1], 0.5)  # recall: one post of two


class Labels(unittest.TestCase):
    def test_snippets_override_the_alignment(self):
        # columns: page, node, words, align_tokens, matched_tokens, gold
        rows = np.array([[0, 0, 3, 3, 0, 0], [0, 1, 4, 4, 4, 1], [0, 2, 2, 2, 2, 1]], dtype=np.float32)
        texts = ["A reply by Bob here", "Main article words go", "Share this"]
        records = {"p": dict(url="https://x.org/a", text="", page_type="forum", with_=["A reply by Bob here"],
                             without=["Share this"])}
        y, c = wcxb_rows.relabel(rows, texts, [0, 3], records, ["p"])
        self.assertEqual(list(y), [1, 1, 0])  # the reply becomes content, the share button not
        self.assertEqual((c["to_positive"], c["to_negative"]), (1, 1))

    def test_fold_is_the_domain_fold(self):
        self.assertEqual(wcxb_rows.page_fold("https://www.example.com/a/b"), folds.fold_of("example.com"))
        self.assertEqual(wcxb_rows.page_fold("http://example.com:8080/x"), folds.fold_of("example.com"))


if __name__ == "__main__":
    unittest.main()
