// Baseline: a rendering of the whole page, in the style of the HTML-to-text
// converters inscriptis (Weichselbraun 2021, JOSS 6(66):3557) and html_text
// (zytedata/html-text), the "text rendering" baselines of Bevendorff et al.
// 2023. Every text node a browser would show is kept; nothing is judged
// boilerplate. The extractor asks for RenderStyle::Layout, so its text keeps
// list bullets and data table rows on one line (see output/render.cpp), as
// inscriptis does; html_text only breaks lines around blocks (Plain).
//
// Not shown (labelled 0):
//   - the elements the HTML Living Standard's rendering section (15.3.1,
//     "Hidden elements") gives display: none, as inscriptis' CSS profile does
//     for head, title, script, style, link and meta;
//   - the fallback content of embedded content (iframe, audio, video, canvas),
//     which a browser that supports the element does not render;
//   - hidden elements: the hidden attribute, inline display:none or
//     visibility:hidden (inscriptis reads inline display too), aria-hidden.
// Script, style, noscript and template content is already dropped by the
// Document builders.
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

// HTML Living Standard 15.3.1: area, base, basefont, datalist, head, link,
// meta, noembed, noframes, param, rp, script, style, template, title
// { display: none } (basefont and noembed are no Tag of ours).
const TagSet kNotRendered = {Tag::Area, Tag::Base,  Tag::Datalist, Tag::Head,   Tag::Link,
                             Tag::Meta, Tag::Noframes, Tag::Param, Tag::Rp,     Tag::Script,
                             Tag::Style, Tag::Template, Tag::Title};
// Embedded content whose children are fallback only (HTML 4.8).
const TagSet kFallbackOnly = {Tag::Iframe, Tag::Audio, Tag::Video, Tag::Canvas};

}  // namespace

std::unique_ptr<Extractor> make_rendering() {
  ExtractorInfo info{"rendering", Family::Baseline,
                     "Bevendorff et al. 2023 (inscriptis / html_text rendering baselines)",
                     "All visible text of the page, with list bullets and table rows kept on one line."};
  info.render = RenderStyle::Layout;
  return make_extractor(std::move(info), [](Context& ctx) {
    const Document& doc = ctx.doc();
    return drop_subtrees(doc, [&](uint32_t i) {
      const Node& n = doc.nodes[i];
      return (n.flags & kHidden) || kNotRendered(n.tag) || kFallbackOnly(n.tag);
    });
  });
}

}  // namespace wce
