// news-please (Hamborg et al. 2017) as a meta-extractor: its default text
// rule, read from its public code (fhamborg/news-please, newsplease/pipeline/
// extractor/comparer/comparer_text.py and the default extractor list of
// NewsPlease.from_html: newspaper, readability, date, language).
//
// ComparerText, as written there:
//   1. candidates are the extractors whose text is not None;
//   2. texts of fewer than 15 whitespace words are removed, by removing from
//      the list while iterating over it, so the candidate right after a
//      removed one is not checked (kept whatever its length);
//   3. none left: no text; one: that one;
//   4. else every pair is scored 1 - |A xor B| / (2 |A and B|) over the sets
//      of their words, the first best pair wins; if it includes "newspaper",
//      newspaper's text, else the longer text of the pair (the second on a
//      tie). (An empty intersection divides by zero in the original, whose
//      guard compares a set with 0; such a pair scores lowest here.)
// In the default pipeline only newspaper gives a text: news-please's
// ReadabilityExtractor fills title and description and leaves `text` to
// AbstractExtractor._text, which returns None. So news_please is newspaper's
// text (our `goose`, the same Goose algorithm) when it has at least 15 words,
// else nothing. Hence Bevendorff et al.'s near-identical scores for
// Newspaper3k (0.816) and news-please (0.815). Readability is therefore not
// run.
#include <algorithm>
#include <exception>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"
#include "wce/ensemble.hpp"
#include "wce/eval.hpp"
#include "wce/render.hpp"

namespace wce {
namespace {

constexpr size_t kMinWords = 15;  // comparer_text.py: min_number_words

size_t code_points(const std::string& s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::optional<size_t> news_please_choose(const std::vector<TextCandidate>& candidates) {
  std::vector<size_t> list;  // indices of candidates with a text
  for (size_t i = 0; i < candidates.size(); ++i)
    if (candidates[i].text) list.push_back(i);
  // Removal while iterating, as Python's for-loop over a shrinking list.
  for (size_t pos = 0; pos < list.size(); ++pos)
    if (tokenize_words(*candidates[list[pos]].text).size() < kMinWords) list.erase(list.begin() + pos);
  if (list.empty()) return std::nullopt;
  if (list.size() == 1) return list[0];

  auto words = [&](size_t i) {
    std::vector<std::string> w = tokenize_words(*candidates[i].text);
    return std::set<std::string>(w.begin(), w.end());
  };
  double best = 0;
  size_t best_a = 0, best_b = 0;
  bool have = false;
  for (size_t x = 0; x < list.size(); ++x)
    for (size_t y = x + 1; y < list.size(); ++y) {
      std::set<std::string> a = words(list[x]), b = words(list[y]);
      size_t common = 0;
      for (const std::string& w : a) common += b.count(w);
      const size_t sym = a.size() + b.size() - 2 * common;
      const double score = common == 0 ? -1e300 : 1.0 - static_cast<double>(sym) / (2.0 * common);
      if (!have || score > best) best = score, best_a = list[x], best_b = list[y], have = true;
    }
  if (candidates[best_a].extractor == "newspaper") return best_a;
  if (candidates[best_b].extractor == "newspaper") return best_b;
  return code_points(*candidates[best_a].text) > code_points(*candidates[best_b].text) ? best_a : best_b;
}

std::unique_ptr<Extractor> make_news_please() {
  return make_extractor(
      {"news_please", Family::Ensemble,
       "Hamborg et al. 2017: news-please (ComparerText of fhamborg/news-please), as used by "
       "Bevendorff et al. 2023",
       "news-please's default text rule over Newspaper (our goose) and Readability: newspaper's text "
       "when it has at least 15 words (news-please's Readability candidate carries no text), else "
       "nothing.",
       RenderStyle::Plain,
       {"goose"}},
      [](Context& ctx) {
        const Document& doc = ctx.doc();
        Labels none(doc.text_nodes.size(), 0.0f);
        // In its needs, so the registry checked the name; a build without it
        // is an error, never an empty result.
        const Extractor* goose = find_extractor("goose");
        if (!goose) throw std::logic_error("news_please: its member goose is not registered");
        Labels newspaper;
        try {
          newspaper = run_member(ctx, *goose);
        } catch (const std::exception&) {
          return none;  // the member failed: no text, as news-please without a candidate
        }
        if (newspaper.size() != none.size()) return none;
        const std::vector<TextCandidate> candidates = {
            {"newspaper", render_text(doc, newspaper, goose->info().render)},
            {"readability", std::nullopt},  // ReadabilityExtractor leaves text None
        };
        std::optional<size_t> chosen = news_please_choose(candidates);
        return chosen && *chosen == 0 ? newspaper : none;
      });
}

}  // namespace wce
