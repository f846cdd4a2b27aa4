// Per-page evaluation measures of Gottron 2007 and Barbaresi & Lejeune 2020,
// computed together from one tokenisation of each text.
//
// Tokens: tokenize_words() (whitespace-delimited, as the CleanEval scorer's
// re.split("\s+") up to its empty edge tokens), optionally cut into
// characters for scripts written without spaces (Barbaresi & Lejeune, 3.2:
// "except for Chinese where a segmentation in characters has been
// performed"). Each distinct token gets one integer id, shared by all token
// measures.
//
// Gottron 2007, section 3 (items) and 4.2 (intersections):
//   chars     items = characters of the text after "reducing superfluous
//             whitespace" (runs of whitespace -> one space, trimmed; code
//             points, an invalid UTF-8 byte counting as one U+FFFD);
//             intersection = LCS (lcs.cpp);
//   word_lcs  items = tokens in order; intersection = LCS;
//   bag       intersection = sum over tokens of min(count in output, count in
//             gold); P = overlap / output tokens, R = overlap / gold tokens;
//   set       intersection of the sets of distinct tokens.
// Barbaresi & Lejeune 2020, section 3.2:
//   cleaneval TP = tokens matched by the CleanEval scorer's alignment
//             (cleaneval.cpp), FP = output tokens - TP, FN = gold tokens - TP;
//   voc_eval  TP = |GTvoc & RESvoc|, FP = |RESvoc - GTvoc|,
//             FN = |GTvoc - RESvoc|: the same numbers as Gottron's set;
//   occ_eval  TP += min(freq_GT, freq_RES) per token, FP and FN the rest: the
//             same numbers as Gottron's bag. (Both papers define them; with one
//             tokenisation they coincide, and both names are kept.)
//   KL        over VOC = GTvoc | RESvoc, P_gt / P_res the relative
//             frequencies, a zero probability replaced by 1e-5, then
//             D = sum_x P_gt(x) ln(P_gt(x) / P_res(x)) (natural log, as scipy's
//             entropy() used by the authors; the minus sign printed in the
//             paper's formula is a typo, its values are positive). The smoothed
//             values are NOT renormalised: the paper does not say so, and
//             renormalising (what scipy.stats.entropy does) would give an empty
//             output KL = ln|V| - H(gold), better than most real outputs. A
//             consequence: KL may be very slightly negative (order 1e-4) when
//             the output is the gold plus a few extra tokens. Gold without
//             tokens: KL = 0 if the output has none either, else ln(1e5), the
//             cost of a gold token missing from the output.
//   cosine    similarity of the token-count vectors (1 = same direction);
//             the paper's Table 8 reports the distance, 1 - cosine;
//   euclidean distance between the relative-frequency vectors, as in the
//             authors' code (consistent with Table 8's magnitudes).
//   near_empty  output size < 10 % of the gold size in characters (section
//             2.2, Table 3), sizes counted as for `chars`.
// ROUGE-LSum is rouge_lsum() on the texts, which splits sentences itself;
// with character segmentation it gets the texts with spaces around each
// unspaced-script character, so that its tokens are the same characters.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "document/unicode.hpp"
#include "eval/sequence_match.hpp"
#include "wce/eval.hpp"

namespace wce {
namespace {

constexpr uint32_t kNone = UINT32_MAX;
constexpr double kSmoothing = 1e-5;

bool in(uint32_t cp, uint32_t lo, uint32_t hi) { return cp >= lo && cp <= hi; }

// Marks that attach to the preceding character: generic combining
// diacritics, variation selectors, ZWNJ/ZWJ, kana voicing marks, and the
// dependent vowels, tone marks and signs of Thai, Lao, Khmer and Myanmar.
bool is_combining(uint32_t cp) {
  return in(cp, 0x0300, 0x036F) || in(cp, 0x1AB0, 0x1AFF) || in(cp, 0x1DC0, 0x1DFF) ||
         in(cp, 0x20D0, 0x20FF) || in(cp, 0xFE00, 0xFE0F) || in(cp, 0xFE20, 0xFE2F) ||
         in(cp, 0xE0100, 0xE01EF) || cp == 0x200C || cp == 0x200D || in(cp, 0x3099, 0x309A) ||
         in(cp, 0xFF9E, 0xFF9F) ||
         // Thai
         cp == 0x0E31 || in(cp, 0x0E34, 0x0E3A) || in(cp, 0x0E47, 0x0E4E) ||
         // Lao
         cp == 0x0EB1 || in(cp, 0x0EB4, 0x0EBC) || in(cp, 0x0EC8, 0x0ECE) ||
         // Khmer
         in(cp, 0x17B4, 0x17D3) || cp == 0x17DD ||
         // Myanmar
         in(cp, 0x102B, 0x103E) || in(cp, 0x1056, 0x1059) || in(cp, 0x105E, 0x1060) ||
         in(cp, 0x1062, 0x1064) || in(cp, 0x1067, 0x106D) || in(cp, 0x1071, 0x1074) ||
         in(cp, 0x1082, 0x108D) || cp == 0x108F || in(cp, 0x109A, 0x109D);
}

// The lower-cased primary subtag of a language tag: "zh" for "ZH_tw".
std::string primary_language(std::string_view lang) {
  std::string out;
  for (char c : lang) {
    if (c == '-' || c == '_') break;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

// Share of unspaced-script characters among the non-space ones; -1 if none.
double unspaced_share(std::string_view text) {
  size_t total = 0, unspaced = 0;
  for (size_t i = 0; i < text.size();) {
    uint32_t cp = unicode::next(text, i);
    if (unicode::is_space(cp)) continue;
    ++total;
    unspaced += is_unspaced_script(cp);
  }
  return total == 0 ? -1 : static_cast<double>(unspaced) / static_cast<double>(total);
}

// Calls on_unit(begin, end) for consecutive byte ranges of `token`
// (a token without whitespace): each unspaced-script character with the
// combining marks that follow it, and each maximal run of other characters.
template <class F>
void cut_token(std::string_view token, F&& on_unit) {
  size_t run = 0;  // start of the pending run of other characters
  size_t i = 0;
  while (i < token.size()) {
    size_t at = i;
    uint32_t cp = unicode::next(token, i);
    if (!is_unspaced_script(cp)) continue;
    if (at > run) on_unit(run, at);
    while (i < token.size()) {
      size_t k = i;
      if (!is_combining(unicode::next(token, k))) break;
      i = k;
    }
    on_unit(at, i);
    run = i;
  }
  if (token.size() > run) on_unit(run, token.size());
}

// `text` with a space on both sides of every unspaced-script unit, so that
// tokenize_words() (and so rouge_lsum()) sees each as a token.
std::string space_out(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  size_t i = 0;
  while (i < text.size()) {
    size_t at = i;
    uint32_t cp = unicode::next(text, i);
    if (!is_unspaced_script(cp)) {
      out.append(text.substr(at, i - at));
      continue;
    }
    while (i < text.size()) {
      size_t k = i;
      if (!is_combining(unicode::next(text, k))) break;
      i = k;
    }
    out += ' ';
    out.append(text.substr(at, i - at));
    out += ' ';
  }
  return out;
}

// Dense ids for code points, shared by both texts of a pair.
class CharIds {
 public:
  CharIds() : bmp_(0x10000, kNone) {}
  uint32_t id(uint32_t cp) {
    if (cp < 0x10000) {
      uint32_t& slot = bmp_[cp];
      if (slot == kNone) slot = next_++;
      return slot;
    }
    auto [it, inserted] = astral_.try_emplace(cp, next_);
    if (inserted) ++next_;
    return it->second;
  }

 private:
  std::vector<uint32_t> bmp_;
  std::unordered_map<uint32_t, uint32_t> astral_;
  uint32_t next_ = 0;
};

// Character ids of the whitespace-collapsed, trimmed text.
std::vector<uint32_t> char_sequence(std::string_view text, CharIds& ids) {
  std::vector<uint32_t> out;
  out.reserve(text.size());
  bool pending_space = false;
  const uint32_t space = ids.id(' ');
  for (size_t i = 0; i < text.size();) {
    uint32_t cp = unicode::next(text, i);
    if (unicode::is_space(cp)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(space);
    pending_space = false;
    out.push_back(ids.id(cp));
  }
  return out;
}

PRF make_prf(double tp, double n_pred, double n_gold) {
  if (n_pred == 0 && n_gold == 0) return {1, 1, 1};
  if (n_pred == 0 || n_gold == 0) return {0, 0, 0};
  PRF out;
  out.precision = tp / n_pred;
  out.recall = tp / n_gold;
  double sum = out.precision + out.recall;
  out.f1 = sum > 0 ? 2 * out.precision * out.recall / sum : 0;
  return out;
}

struct Column {
  const char* name;
  double (*get)(const PageMeasures&);
};

#define WCE_PRF_COLUMNS(field)                                                        \
  Column{#field "_p", [](const PageMeasures& m) { return m.field.precision; }},      \
      Column{#field "_r", [](const PageMeasures& m) { return m.field.recall; }},     \
      Column{#field "_f1", [](const PageMeasures& m) { return m.field.f1; }}

const Column kColumns[] = {
    WCE_PRF_COLUMNS(rouge_lsum), WCE_PRF_COLUMNS(chars),     WCE_PRF_COLUMNS(word_lcs),
    WCE_PRF_COLUMNS(bag),        WCE_PRF_COLUMNS(set),       WCE_PRF_COLUMNS(cleaneval),
    WCE_PRF_COLUMNS(voc),        WCE_PRF_COLUMNS(occ),
    Column{"kl", [](const PageMeasures& m) { return m.kl; }},
    Column{"cosine", [](const PageMeasures& m) { return m.cosine; }},
    Column{"euclidean", [](const PageMeasures& m) { return m.euclidean; }},
    Column{"near_empty", [](const PageMeasures& m) { return m.near_empty ? 1.0 : 0.0; }},
    WCE_PRF_COLUMNS(word_f1),
};

#undef WCE_PRF_COLUMNS

}  // namespace

bool is_unspaced_script(uint32_t cp) {
  if (cp < 0x0E00) return false;
  return in(cp, 0x0E00, 0x0EFF) ||    // Thai, Lao
         in(cp, 0x1000, 0x109F) ||    // Myanmar
         in(cp, 0x1780, 0x17FF) ||    // Khmer
         in(cp, 0x2E80, 0x2FDF) ||    // CJK radicals, Kangxi radicals
         in(cp, 0x3001, 0x303F) ||    // CJK symbols and punctuation (not U+3000)
         in(cp, 0x3040, 0x30FF) ||    // hiragana, katakana
         in(cp, 0x3100, 0x312F) ||    // bopomofo
         in(cp, 0x3190, 0x31FF) ||    // kanbun, bopomofo ext., strokes, katakana ext.
         in(cp, 0x3200, 0x4DBF) ||    // enclosed CJK, compatibility, ext. A
         in(cp, 0x4E00, 0x9FFF) ||    // CJK unified ideographs
         in(cp, 0xF900, 0xFAFF) ||    // compatibility ideographs
         in(cp, 0xFE30, 0xFE4F) ||    // CJK compatibility forms
         in(cp, 0xFF01, 0xFF9F) ||    // fullwidth forms, halfwidth CJK punctuation, katakana
         in(cp, 0x20000, 0x3FFFF);    // ideographs ext. B and beyond
}

std::vector<std::string> measure_tokens(std::string_view text, bool characters) {
  std::vector<std::string> words = tokenize_words(text);
  if (!characters) return words;
  std::vector<std::string> out;
  out.reserve(words.size());
  for (const std::string& w : words)
    cut_token(w, [&](size_t b, size_t e) { out.emplace_back(w, b, e - b); });
  return out;
}

bool uses_character_segmentation(std::string_view predicted, std::string_view gold,
                                 const MeasureOptions& opt) {
  if (opt.segmentation == Segmentation::Words) return false;
  if (opt.segmentation == Segmentation::Characters) return true;
  static constexpr std::string_view kUnspaced[] = {"zh", "ja", "th", "lo", "km", "my", "yue"};
  std::string primary = primary_language(opt.lang);
  for (std::string_view l : kUnspaced)
    if (primary == l) return true;
  double share = unspaced_share(gold);
  if (share < 0) share = unspaced_share(predicted);
  return share > 0.5;
}

PageMeasures measure_page(std::string_view predicted, std::string_view gold,
                          const MeasureOptions& opt) {
  PageMeasures m;
  m.characters = uses_character_segmentation(predicted, gold, opt);

  // One tokenisation per text; ids shared by all token measures.
  std::vector<std::string> pred_words = measure_tokens(predicted, m.characters);
  std::vector<std::string> gold_words = measure_tokens(gold, m.characters);
  std::unordered_map<std::string_view, uint32_t> ids;
  ids.reserve(pred_words.size() + gold_words.size());
  auto intern = [&](const std::vector<std::string>& words) {
    std::vector<uint32_t> seq;
    seq.reserve(words.size());
    for (const std::string& w : words)
      seq.push_back(ids.try_emplace(w, static_cast<uint32_t>(ids.size())).first->second);
    return seq;
  };
  const std::vector<uint32_t> pred = intern(pred_words);
  const std::vector<uint32_t> gold_ids = intern(gold_words);
  const size_t vocab = ids.size();
  const double np = static_cast<double>(pred.size()), ng = static_cast<double>(gold_ids.size());
  m.pred_tokens = pred.size();
  m.gold_tokens = gold_ids.size();

  // WCXB's word F1 (its own tokens: lowercased \w+ runs).
  m.word_f1 = wce::word_f1(predicted, gold);

  // ROUGE-LSum (sentences needed: its own split).
  m.rouge_lsum = m.characters ? wce::rouge_lsum(space_out(predicted), space_out(gold))
                              : wce::rouge_lsum(predicted, gold);

  // Gottron: characters and word sequence, by LCS.
  {
    CharIds char_ids;
    std::vector<uint32_t> pc = char_sequence(predicted, char_ids);
    std::vector<uint32_t> gc = char_sequence(gold, char_ids);
    m.pred_chars = pc.size();
    m.gold_chars = gc.size();
    double lcs = static_cast<double>(lcs_length(pc, gc, opt.lcs_work_limit));
    m.chars = make_prf(lcs, static_cast<double>(pc.size()), static_cast<double>(gc.size()));
  }
  m.word_lcs = make_prf(static_cast<double>(lcs_length(pred, gold_ids, opt.lcs_work_limit)), np, ng);

  // CleanEval alignment.
  m.cleaneval = make_prf(static_cast<double>(cleaneval_matches(pred, gold_ids, opt.cleaneval_autojunk,
                                                               opt.cleaneval_work_limit)),
                         np, ng);

  // Counts: bag / set (= occ / voc), KL, cosine, Euclidean.
  std::vector<uint32_t> cp(vocab, 0), cg(vocab, 0);
  for (uint32_t t : pred) ++cp[t];
  for (uint32_t t : gold_ids) ++cg[t];
  size_t overlap = 0, types_p = 0, types_g = 0, types_both = 0;
  double dot = 0, norm_p = 0, norm_g = 0, sq = 0, kl = 0;
  for (size_t t = 0; t < vocab; ++t) {
    const double a = cp[t], b = cg[t];
    overlap += std::min(cp[t], cg[t]);
    types_p += cp[t] > 0;
    types_g += cg[t] > 0;
    types_both += cp[t] > 0 && cg[t] > 0;
    dot += a * b;
    norm_p += a * a;
    norm_g += b * b;
    const double fp = np > 0 ? a / np : 0, fg = ng > 0 ? b / ng : 0;
    sq += (fp - fg) * (fp - fg);
    if (ng > 0) {
      const double pg = b > 0 ? fg : kSmoothing, pr = a > 0 ? fp : kSmoothing;
      kl += pg * std::log(pg / pr);
    }
  }
  m.bag = m.occ = make_prf(static_cast<double>(overlap), np, ng);
  m.set = m.voc = make_prf(static_cast<double>(types_both), static_cast<double>(types_p),
                           static_cast<double>(types_g));
  if (ng > 0) m.kl = kl;
  else m.kl = np > 0 ? std::log(1 / kSmoothing) : 0;
  if (np == 0 && ng == 0) m.cosine = 1;
  else if (np == 0 || ng == 0) m.cosine = 0;
  else m.cosine = std::min(1.0, dot / (std::sqrt(norm_p) * std::sqrt(norm_g)));
  m.euclidean = std::sqrt(sq);

  m.near_empty = static_cast<double>(m.pred_chars) < 0.1 * static_cast<double>(m.gold_chars);
  return m;
}

std::vector<std::string> measure_names() {
  std::vector<std::string> out;
  for (const Column& c : kColumns) out.emplace_back(c.name);
  return out;
}

std::optional<double> measure_value(const PageMeasures& m, std::string_view name) {
  for (const Column& c : kColumns)
    if (name == c.name) return c.get(m);
  return std::nullopt;
}

}  // namespace wce
