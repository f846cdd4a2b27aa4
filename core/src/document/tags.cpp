// Tag names and the per-tag properties used by rendering and extractors.
#include <algorithm>
#include <array>
#include <utility>

#include "wce/document.hpp"

namespace wce {
namespace {

// Same order as enum class Tag.
constexpr std::array<std::string_view, static_cast<size_t>(Tag::Count)> kTagNames = {
    "", "#document",
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote",
    "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data",
    "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed",
    "fieldset", "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2",
    "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins",
    "kbd", "label", "legend", "li", "link", "main", "map", "mark", "math", "menu", "meta", "meter", "nav",
    "nobr", "noframes", "noscript", "object", "ol", "optgroup", "option", "output", "p", "param",
    "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section",
    "select", "small", "source", "span", "strike", "strong", "style", "sub", "summary", "sup", "svg",
    "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title", "tr",
    "track", "tt", "u", "ul", "var", "video", "wbr",
    "applet", "blink", "marquee", "menuitem", "rtc",
    "annotation", "annotation-xml",
};

struct Props {
  std::array<bool, static_cast<size_t>(Tag::Count)> block{}, non_content{};
  std::array<std::pair<std::string_view, Tag>, static_cast<size_t>(Tag::Count)> sorted{};
};

const Props& props() {
  static const Props p = [] {
    Props r;
    // Elements that start and end a line when rendered (CSS display: block,
    // list-item, table parts), after the HTML Living Standard's rendering section.
    for (Tag t : {Tag::Address, Tag::Article, Tag::Aside, Tag::Blockquote, Tag::Body, Tag::Br,
                  Tag::Caption, Tag::Center, Tag::Dd, Tag::Details, Tag::Dialog, Tag::Dir, Tag::Div,
                  Tag::Dl, Tag::Dt, Tag::Fieldset, Tag::Figcaption, Tag::Figure, Tag::Footer,
                  Tag::Form, Tag::Frameset, Tag::H1, Tag::H2, Tag::H3, Tag::H4, Tag::H5, Tag::H6,
                  Tag::Head, Tag::Header, Tag::Hgroup, Tag::Hr, Tag::Html, Tag::Legend, Tag::Li,
                  Tag::Main, Tag::Menu, Tag::Nav, Tag::Ol, Tag::Option, Tag::P, Tag::Pre,
                  Tag::Search, Tag::Section, Tag::Summary, Tag::Table, Tag::Tbody, Tag::Td,
                  Tag::Tfoot, Tag::Th, Tag::Thead, Tag::Title, Tag::Tr, Tag::Ul, Tag::Textarea,
                  Tag::Select, Tag::Iframe, Tag::Video, Tag::Audio, Tag::Canvas, Tag::Object})
      r.block[static_cast<size_t>(t)] = true;
    // Never document text: their content is dropped by both Document builders
    // (and by the extension's DOM encoder, wasm/dom_encoder.js NO_DESCENT, which
    // must list the same names), so no extractor, renderer or gold alignment
    // sees it.
    for (Tag t : {
             // Not rendered; dropping them also normalises the parser differences
             // (noscript is raw text in a scripting browser, template content
             // lives in a fragment).
             Tag::Script, Tag::Style, Tag::Noscript, Tag::Template,
             // Ruby annotations: the reading (furigana, pinyin) drawn small above the
             // base text, and the fallback parentheses around it. Inline they
             // double every annotated word ("子こども" for 子ども); a reader wants the
             // base text, as trafilatura (which removes rt, rp, rtc) gives it.
             Tag::Rt, Tag::Rp, Tag::Rtc,
             // MathML alternative encodings (Wikipedia's TeX source "{\displaystyle N}"):
             // display: none in every browser (MathML Core: only the first child
             // of <semantics> is shown); the formula itself stays.
             Tag::Annotation, Tag::AnnotationXml})
      r.non_content[static_cast<size_t>(t)] = true;
    for (size_t i = 0; i < kTagNames.size(); ++i) r.sorted[i] = {kTagNames[i], static_cast<Tag>(i)};
    std::sort(r.sorted.begin(), r.sorted.end());
    return r;
  }();
  return p;
}

}  // namespace

Tag tag_from_name(std::string_view name) {
  const auto& s = props().sorted;
  auto it = std::lower_bound(s.begin(), s.end(), std::make_pair(name, Tag::Unknown),
                             [](const auto& a, const auto& b) { return a.first < b.first; });
  if (it != s.end() && it->first == name && !name.empty() && name[0] != '#') return it->second;
  return Tag::Unknown;
}

std::string_view tag_name(Tag t) { return kTagNames[static_cast<size_t>(t)]; }
bool is_block(Tag t) { return props().block[static_cast<size_t>(t)]; }
bool is_non_content(Tag t) { return props().non_content[static_cast<size_t>(t)]; }

}  // namespace wce
