"""Tests of snippet_labels (stdlib): python3 -m unittest lab/learn/test_snippet_labels.py"""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from snippet_labels import label_nodes  # noqa: E402


class SnippetLabels(unittest.TestCase):
    def test_with_and_without(self):
        texts = ["Home", "Kontakt und Impressum", "Der Hund lief über die Wiese.", "Teilen auf Facebook"]
        labels, c = label_nodes(texts, ["Hund lief über die Wiese"], ["Kontakt und Impressum", "Teilen auf Facebook"])
        self.assertEqual(labels, [-1, 0, 1, 0])
        self.assertEqual((c["with_found"], c["without_found"]), (1, 2))

    def test_snippet_across_nodes_and_whitespace(self):
        # "a link" inside a sentence: three text nodes; the snippet has other spacing and an NBSP
        texts = ["Read the ", "full\nstory", " of the city council today.", "Footer links here"]
        labels, _ = label_nodes(texts, ["the full story of\u00a0the city"], [])
        self.assertEqual(labels, [1, 1, 1, -1])

    def test_soft_hyphen_and_nfc(self):
        texts = ["Werk\u00adzeugkasten mit Sch", "u\u0308tzen"]  # decomposed ü in the page
        labels, c = label_nodes(texts, ["Werkzeugkasten mit Schützen"], [])
        self.assertEqual(labels, [1, 1])
        self.assertEqual(c["with_found"], 1)

    def test_repeated_with_snippet_labels_nothing(self):
        texts = ["A long teaser sentence here.", "menu", "A long teaser sentence here."]
        labels, c = label_nodes(texts, ["A long teaser sentence"], [])
        self.assertEqual(labels, [-1, -1, -1])
        self.assertEqual(c["with_ambiguous"], 1)

    def test_repeated_without_snippet_labels_all(self):
        texts = ["Cookie settings accept", "article body text", "Cookie settings accept"]
        labels, _ = label_nodes(texts, [], ["Cookie settings"])
        self.assertEqual(labels, [0, -1, 0])

    def test_conflict_missing_short_and_empty(self):
        texts = ["Shared node: the article sentence and the share widget", ""]
        labels, c = label_nodes(texts, ["the article sentence", "not on the page at all"], ["the share widget", "Top"])
        self.assertEqual(labels, [-1, -1])  # both kinds overlap node 0; node 1 has no text
        self.assertEqual((c["conflicts"], c["with_missing"]), (1, 1))
        self.assertEqual(c["without_missing"], 0)  # "Top" is shorter than MIN_SNIPPET_CHARS: skipped
        self.assertEqual(label_nodes([], ["something long enough"], [])[0], [])


if __name__ == "__main__":
    unittest.main()
