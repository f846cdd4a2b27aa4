// Rules of the Readability extractor (rules.cpp, used by the stages in this folder) that are plain
// functions of strings: the REGEXPS of Readability.js 0.6.0 as matchers,
// its text measures in JavaScript terms, _textSimilarity and
// _getArticleTitle. Internal header, exposed for the unit tests.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace wce::readability_rules {

// Class / id matchers; `lower` is the attribute value, ASCII lower-cased
// (JavaScript's /i without /u folds ASCII only for these patterns).
bool unlikely_candidate(std::string_view lower);  // REGEXPS.unlikelyCandidates
bool maybe_candidate(std::string_view lower);     // REGEXPS.okMaybeItsACandidate
bool positive(std::string_view lower);            // REGEXPS.positive
bool negative(std::string_view lower);            // REGEXPS.negative
bool byline(std::string_view lower);              // REGEXPS.byline
bool share_element(std::string_view lower);       // REGEXPS.shareElements
// REGEXPS.adWords or REGEXPS.loadingWords on an inner text (whole text).
bool ad_or_loading_words(std::string_view inner_text);

// JavaScript white space (\s, String.prototype.trim).
bool js_space(uint32_t code_point);

// A piece of text summarised so that pieces concatenate (subtree folds):
// lengths in UTF-16 code units, `runs` maximal white-space runs, `lead` /
// `trail` white space at the ends, commas (REGEXPS.commas) and ASCII commas.
struct Txt {
  uint32_t len = 0, nonws = 0, runs = 0, lead = 0, trail = 0;
  uint32_t commas = 0, ascii_commas = 0;
};
Txt measure(std::string_view utf8);
// Inline: the folds call them once per child of every node.
inline Txt concat(const Txt& a, const Txt& b) {
  if (a.len == 0) return b;
  if (b.len == 0) return a;
  Txt r;
  r.len = a.len + b.len;
  r.nonws = a.nonws + b.nonws;
  r.runs = a.runs + b.runs - ((a.trail > 0 && b.lead > 0) ? 1 : 0);
  r.lead = a.nonws == 0 ? a.len + b.lead : a.lead;
  r.trail = b.nonws == 0 ? b.len + a.trail : b.trail;
  r.commas = a.commas + b.commas;
  r.ascii_commas = a.ascii_commas + b.ascii_commas;
  return r;
}
// _getInnerText(e).length: trimmed, every white-space run counting one.
inline uint32_t inner_len(const Txt& t) {
  return t.nonws == 0 ? 0 : t.nonws + t.runs - (t.lead > 0 ? 1 : 0) - (t.trail > 0 ? 1 : 0);
}

// textContent.trim().length
uint32_t trimmed_len(const Txt& t);
// _getInnerText: trim(), then /\s{2,}/g -> " " when `normalize`.
std::string inner_text(std::string_view raw, bool normalize = true);

// _textSimilarity(a, b): 1 - (length of B's tokens not in A) / (length of B's tokens).
double text_similarity(std::string_view a, std::string_view b);

// _getArticleTitle from document.title (already stripped and collapsed):
// `heading_is` tells whether some h1/h2 has exactly this trimmed text,
// `h1_count` is the number of h1 elements and `only_h1_text` gives the inner
// text of the h1 when there is exactly one.
std::string article_title(std::string_view document_title,
                          const std::function<bool(std::string_view)>& heading_is, size_t h1_count,
                          const std::function<std::string()>& only_h1_text);

}  // namespace wce::readability_rules
