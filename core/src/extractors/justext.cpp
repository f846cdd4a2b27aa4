// jusText (Pomikálek 2011, "Removing Boilerplate and Duplicate Content from
// Web Corpora", PhD thesis, Masaryk University; the reference implementation
// is the Python package `justext`, 3.0.2 read for this port: justext/core.py
// and justext/paragraph.py).
//
// 1. Preprocessing (core.py `preprocessor`, an lxml Cleaner): <head>, script,
//    style, button, input, select and textarea are deleted with their
//    content; form, iframe, embed, object and param are unwrapped (their
//    content stays, the tag itself is gone, so a <form> is no boundary).
// 2. Segmentation (core.py `ParagraphMaker`): a paragraph ends and a new one
//    starts at the start and the end of every PARAGRAPH_TAGS element and at
//    the second of two <br> with only whitespace between; a single <br>
//    counts as a space. A paragraph's text is its text nodes, whitespace
//    collapsed, stripped; its link characters are the (collapsed, not
//    stripped) characters of its text nodes inside an <a>; it is a heading
//    when an h1-h6 element is open where it starts.
// 3. Context-free classification (core.py `classify_paragraphs`), in order:
//    link density > 0.2 -> bad; contains (c) or "&copy" -> bad; shorter than
//    70 characters -> bad if it has link characters, else short; stop-word
//    density >= 0.32 -> good when longer than 200 characters, else near-good;
//    stop-word density >= 0.30 -> near-good; otherwise bad.
// 4. Context-sensitive revision (core.py `revise_paragraph_classification`):
//    short paragraphs take the class of their good/bad neighbours (good if
//    both are good, bad if both are bad, and when they differ good only if
//    the bad side has a near-good paragraph before the bad one); then
//    near-good paragraphs become bad only between two bad ones; finally a
//    heading that was not bad context-free but is bad now becomes good when a
//    good paragraph follows within 200 characters.
// Stop words: jusText's own lists (features/stopwords.hpp JustextStopList),
// as the original is called with get_stoplist(<the page's language>): the
// language the page's source states (Context::language_hint(), a dataset
// record's lang) when there is one, otherwise the stop-word language
// detected in the page (Context::language()). When jusText has no list for
// that language (zh, ja, ... or none detected): the original's
// "language-independent mode" (its CLI's --no-stoplist, an empty stop list):
// both stop-word thresholds are 0. As in the original, hidden elements count like
// any other, and the segmentation is jusText's own, not Context::blocks()
// (other block tags, and <br><br>).
#include <string>
#include <vector>

#include "document/unicode.hpp"
#include "extractors/extractor_util.hpp"
#include "extractors/justext.hpp"
#include "extractors/registry_list.hpp"
#include "features/stopwords.hpp"

namespace wce {
namespace {

// The defaults of justext/core.py are those of JustextParams (justext.hpp).

// PARAGRAPH_TAGS of core.py. "form" is in that list too, but the
// preprocessor unwraps forms first, so it never splits.
bool is_paragraph_tag(Tag t) {
  switch (t) {
    case Tag::Body: case Tag::Blockquote: case Tag::Caption: case Tag::Center: case Tag::Col:
    case Tag::Colgroup: case Tag::Dd: case Tag::Div: case Tag::Dl: case Tag::Dt: case Tag::Fieldset:
    case Tag::Legend: case Tag::Optgroup: case Tag::Option: case Tag::P: case Tag::Pre:
    case Tag::Table: case Tag::Td: case Tag::Textarea: case Tag::Tfoot: case Tag::Th:
    case Tag::Thead: case Tag::Tr: case Tag::Ul: case Tag::Li: case Tag::H1: case Tag::H2:
    case Tag::H3: case Tag::H4: case Tag::H5: case Tag::H6:
      return true;
    default:
      return false;
  }
}

// The preprocessor's Cleaner options: kill_tags=("head",), scripts, style,
// forms (button, input, select, textarea killed; form removed), embedded
// (iframe, embed, object, param removed; applet killed, not in our tag set).
bool is_killed(Tag t) {
  switch (t) {
    case Tag::Head: case Tag::Script: case Tag::Style: case Tag::Button: case Tag::Input:
    case Tag::Select: case Tag::Textarea: case Tag::Base:
      return true;
    default:
      return false;
  }
}
bool is_unwrapped(Tag t) {
  return t == Tag::Form || t == Tag::Iframe || t == Tag::Embed || t == Tag::Object || t == Tag::Param;
}
bool is_heading_tag(Tag t) {
  return t == Tag::H1 || t == Tag::H2 || t == Tag::H3 || t == Tag::H4 || t == Tag::H5 || t == Tag::H6;
}

enum class Cls : uint8_t { Short, NearGood, Good, Bad };

struct Paragraph {
  std::string text;             // the appended pieces (each whitespace-normalised)
  std::vector<uint32_t> texts;  // text-node indices
  bool has_piece = false;       // contains_text(): a text node or a <br> space
  bool heading = false;
  uint32_t link_chars = 0;      // chars_count_in_links
  uint32_t length = 0;          // len(text) after strip + normalisation
  Cls cf = Cls::Bad, cls = Cls::Bad;
};

// Code points of Python's normalize_whitespace(text) (each whitespace run
// becomes one character), optionally stripped first.
uint32_t normalized_length(std::string_view s, bool strip) {
  uint32_t len = 0;
  bool in_space = false, seen = false;
  for (size_t i = 0; i < s.size();) {
    bool sp = stopwords::py_space(unicode::next(s, i));
    if (sp) {
      in_space = true;
      continue;
    }
    if (in_space && (seen || !strip)) ++len;
    in_space = false;
    seen = true;
    ++len;
  }
  if (in_space && !strip) ++len;
  return len;
}

bool is_blank(std::string_view s) {
  for (size_t i = 0; i < s.size();)
    if (!stopwords::py_space(unicode::next(s, i))) return false;
  return true;
}

// text.split() words and those in the stop list (word.lower() in stoplist).
void count_stopwords(std::string_view s, const stopwords::JustextStopList& stop, uint32_t& words, uint32_t& stops) {
  words = stops = 0;
  std::string folded;
  size_t i = 0;
  while (i < s.size()) {
    size_t b = i;
    if (stopwords::py_space(unicode::next(s, i))) continue;
    size_t e = i;
    while (i < s.size()) {
      size_t k = i;
      if (stopwords::py_space(unicode::next(s, k))) break;
      e = i = k;
    }
    ++words;
    if (!stop.empty()) {
      stopwords::fold_case(s.substr(b, e - b), folded);
      if (stop.contains_folded(folded)) ++stops;
    }
  }
}

std::vector<Paragraph> make_paragraphs(const Document& doc, const std::vector<uint8_t>* removed) {
  std::vector<Paragraph> paras;
  Paragraph cur;
  std::vector<uint32_t> open;  // open (not killed, not unwrapped) elements
  int headings_open = 0;
  bool link = false, br = false;
  auto start_new = [&] {
    if (cur.has_piece) paras.push_back(std::move(cur));
    cur = Paragraph{};
    cur.heading = headings_open > 0;
  };
  auto close_until = [&](uint32_t depth) {
    while (!open.empty() && doc.nodes[open.back()].depth >= depth) {
      Tag t = doc.nodes[open.back()].tag;
      open.pop_back();
      if (is_heading_tag(t)) --headings_open;
      if (is_paragraph_tag(t)) start_new();
      if (t == Tag::A) link = false;
    }
  };
  uint32_t killed_depth = kNone;  // inside a killed subtree below this depth
  for (uint32_t i = 1; i < doc.size(); ++i) {
    const Node& n = doc.nodes[i];
    if (killed_depth != kNone) {
      if (n.depth > killed_depth) continue;
      killed_depth = kNone;
    }
    close_until(n.depth);
    if (n.kind == NodeKind::Text) {
      std::string_view t = doc.str(n.text);
      if (t.empty() || is_blank(t)) continue;
      // append_text(normalize_whitespace(text))
      size_t before = cur.text.size();
      bool in_space = false, has_nl = false;
      for (size_t k = 0; k < t.size();) {
        uint32_t cp = unicode::next(t, k);
        if (stopwords::py_space(cp)) {
          in_space = true;
          has_nl = has_nl || cp == '\n' || cp == '\r';
          continue;
        }
        if (in_space) cur.text += has_nl ? '\n' : ' ';
        in_space = has_nl = false;
        unicode::append(cur.text, cp);
      }
      if (in_space) cur.text += has_nl ? '\n' : ' ';
      cur.texts.push_back(n.text_index);
      cur.has_piece = true;
      if (link) cur.link_chars += normalized_length(std::string_view(cur.text).substr(before), false);
      br = false;
      continue;
    }
    if (is_killed(n.tag) || (removed && (*removed)[i])) {
      killed_depth = n.depth;
      continue;
    }
    if (is_unwrapped(n.tag)) continue;
    open.push_back(i);
    if (is_heading_tag(n.tag)) ++headings_open;
    if (is_paragraph_tag(n.tag) || (n.tag == Tag::Br && br)) {
      start_new();
    } else {
      br = n.tag == Tag::Br;
      if (br) {
        cur.text += ' ';
        cur.has_piece = true;
      } else if (n.tag == Tag::A) {
        link = true;
      }
    }
  }
  close_until(0);
  start_new();
  return paras;
}

void classify(std::vector<Paragraph>& paras, const stopwords::JustextStopList& stop, const JustextParams& prm) {
  // Language-independent mode of the original CLI: an empty stop list sets
  // both stop-word thresholds to 0.
  const bool no_list = stop.empty();
  const double low = no_list ? 0.0 : prm.stopwords_low;
  const double high = no_list ? 0.0 : prm.stopwords_high;
  for (Paragraph& p : paras) {
    p.length = normalized_length(p.text, true);
    uint32_t words, stops;
    count_stopwords(p.text, stop, words, stops);
    double stop_density = words == 0 ? 0.0 : static_cast<double>(stops) / words;
    double link_density = p.length == 0 ? 0.0 : static_cast<double>(p.link_chars) / p.length;
    p.heading = !prm.no_headings && p.heading;
    if (link_density > prm.max_link_density) p.cf = Cls::Bad;
    else if (p.text.find("\xC2\xA9") != std::string::npos || p.text.find("&copy") != std::string::npos)
      p.cf = Cls::Bad;
    // (core.py also rejects paragraphs with "select" in their DOM path; the
    // preprocessor has deleted every <select> before, so it cannot happen.)
    else if (p.length < prm.length_low) p.cf = p.link_chars > 0 ? Cls::Bad : Cls::Short;
    else if (stop_density >= high) p.cf = p.length > prm.length_high ? Cls::Good : Cls::NearGood;
    else if (stop_density >= low) p.cf = Cls::NearGood;
    else p.cf = Cls::Bad;
    p.cls = p.cf;
  }
}

void revise(std::vector<Paragraph>& paras, uint32_t max_heading_distance) {
  const size_t n = paras.size();
  // core.py first tries to promote short headings followed by a good
  // paragraph, but it compares with classes not yet copied at that point
  // (class_type is still ""), so that step never fires; it is left out.

  // Short paragraphs, all decided on the classes before this step.
  // Nearest good/bad neighbour (near-good skipped) and nearest good/bad/near-good.
  auto is_gb = [](Cls c) { return c == Cls::Good || c == Cls::Bad; };
  std::vector<Cls> prev_gb(n), next_gb(n), prev_any(n), next_any(n);
  Cls gb = Cls::Bad, any = Cls::Bad;  // 'bad' beyond the ends
  for (size_t i = 0; i < n; ++i) {
    prev_gb[i] = gb;
    prev_any[i] = any;
    if (is_gb(paras[i].cls)) gb = paras[i].cls;
    if (paras[i].cls != Cls::Short) any = paras[i].cls;
  }
  gb = any = Cls::Bad;
  for (size_t i = n; i-- > 0;) {
    next_gb[i] = gb;
    next_any[i] = any;
    if (is_gb(paras[i].cls)) gb = paras[i].cls;
    if (paras[i].cls != Cls::Short) any = paras[i].cls;
  }
  std::vector<Cls> decided(n);
  for (size_t i = 0; i < n; ++i) {
    if (paras[i].cls != Cls::Short) { decided[i] = paras[i].cls; continue; }
    Cls p = prev_gb[i], x = next_gb[i];
    if (p == Cls::Good && x == Cls::Good) decided[i] = Cls::Good;
    else if (p == Cls::Bad && x == Cls::Bad) decided[i] = Cls::Bad;
    else if ((p == Cls::Bad && prev_any[i] == Cls::NearGood) || (x == Cls::Bad && next_any[i] == Cls::NearGood))
      decided[i] = Cls::Good;
    else decided[i] = Cls::Bad;
  }
  for (size_t i = 0; i < n; ++i) paras[i].cls = decided[i];

  // Near-good, in order and in place: no short paragraph is left, so the
  // previous good/bad neighbour is simply the previous paragraph (already
  // revised); the next one is the next paragraph that is not near-good.
  gb = Cls::Bad;
  for (size_t i = n; i-- > 0;) {
    next_gb[i] = gb;
    if (paras[i].cls != Cls::NearGood) gb = paras[i].cls;
  }
  for (size_t i = 0; i < n; ++i) {
    if (paras[i].cls != Cls::NearGood) continue;
    Cls p = i == 0 ? Cls::Bad : paras[i - 1].cls;
    paras[i].cls = (p == Cls::Bad && next_gb[i] == Cls::Bad) ? Cls::Bad : Cls::Good;
  }

  // More good headings: a heading, bad now but not context-free, becomes good
  // when a good paragraph starts within max_heading_distance characters (the
  // text lengths of the paragraphs in between). Later paragraphs are not
  // changed by earlier ones, so the next good index is computed once.
  std::vector<uint64_t> prefix(n + 1, 0);
  for (size_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + paras[i].length;
  std::vector<size_t> next_good(n + 1, n);
  for (size_t i = n; i-- > 0;) next_good[i] = paras[i].cls == Cls::Good ? i : next_good[i + 1];
  for (size_t i = 0; i < n; ++i) {
    Paragraph& p = paras[i];
    if (!(p.heading && p.cls == Cls::Bad && p.cf != Cls::Bad)) continue;
    size_t g = next_good[i + 1];
    if (g < n && prefix[g] - prefix[i + 1] <= max_heading_distance) p.cls = Cls::Good;
  }
}

Labels justext(Context& ctx) { return justext_labels(ctx, JustextParams{}, nullptr); }

}  // namespace

Labels justext_labels(Context& ctx, const JustextParams& prm, const std::vector<uint8_t>* removed) {
  const Document& doc = ctx.doc();
  Labels labels(doc.text_nodes.size(), 0.0f);
  const std::string& stated = ctx.language_hint();
  const stopwords::JustextStopList stop =
      prm.all_languages ? stopwords::JustextStopList::all()
                        : stopwords::JustextStopList::for_language(stated.empty() ? ctx.language() : stated);
  std::vector<Paragraph> paras = make_paragraphs(doc, removed);
  classify(paras, stop, prm);
  revise(paras, prm.max_heading_distance);
  for (const Paragraph& p : paras)
    if (p.cls == Cls::Good)
      for (uint32_t t : p.texts) labels[t] = 1.0f;
  return labels;
}

std::unique_ptr<Extractor> make_justext() {
  return make_extractor(
      {"justext", Family::Heuristic,
       "Pomikálek 2011: Removing boilerplate and duplicate content from web corpora (jusText)",
       "jusText: paragraphs classified by length, link density and stop-word density, then by "
       "their neighbours."},
      justext);
}

}  // namespace wce
