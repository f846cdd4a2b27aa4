// Baseline: the "lxml Cleaner" of Bevendorff, Gupta, Kiesel, Stein 2023 (An
// Empirical Comparison of Web Content Extraction Algorithms, SIGIR): lxml's
// HTML Cleaner (today the package lxml_html_clean) with a blacklist of HTML
// elements that are likely boilerplate, then all remaining text. Their code
// (chatnoir-eu/web-content-extraction-benchmark,
// src/extraction_benchmark/extractors/extractors.py, extract_lxml_cleaner)
// passes the kill_tags list below and these Cleaner options:
//   scripts=True, javascript=True, comments=True, style=False, links=False,
//   meta=False, page_structure=False, processing_instructions=True,
//   embedded=False, frames=True, forms=True, annoying_tags=False,
//   remove_unknown_tags=False, safe_attrs_only=False.
// In lxml_html_clean/clean.py those options add to the kill list (element and
// content deleted): script (scripts), frameset, frame, noframes (frames, via
// lxml.html.defs.frame_tags), button, input, select, textarea (forms; forms
// also unwrap <form>, but form is killed anyway). Comments and processing
// instructions hold no text; javascript=True only rewrites attributes and
// stylesheet links. An iframe or embed with an http(s) src would be spared
// only for hosts in host_whitelist, which is empty. Then BeautifulSoup's
// get_text() joins every remaining text node: hidden elements count.
//
// "use" (an SVG element) and "layer" are no Tags of ours; "use" only occurs
// inside <svg>, which is killed whole.
#include "extractors/extractor_util.hpp"
#include "extractors/registry_list.hpp"

namespace wce {
namespace {

// extract_lxml_cleaner's tag_blacklist, grouped as there.
const TagSet kKillTags = {
    // "important"
    Tag::Aside, Tag::Embed, Tag::Footer, Tag::Form, Tag::Head, Tag::Iframe, Tag::Menu, Tag::Object,
    Tag::Script,
    // "other content"
    Tag::Applet, Tag::Audio, Tag::Canvas, Tag::Figure, Tag::Map, Tag::Picture, Tag::Svg, Tag::Video,
    // "secondary"
    Tag::Area, Tag::Blink, Tag::Button, Tag::Datalist, Tag::Dialog, Tag::Frame, Tag::Frameset,
    Tag::Fieldset, Tag::Link, Tag::Input, Tag::Ins, Tag::Label, Tag::Legend, Tag::Marquee, Tag::Math,
    Tag::Menuitem, Tag::Nav, Tag::Noscript, Tag::Optgroup, Tag::Option, Tag::Output, Tag::Param,
    Tag::Progress, Tag::Rp, Tag::Rt, Tag::Rtc, Tag::Select, Tag::Source, Tag::Style, Tag::Track,
    Tag::Template, Tag::Textarea, Tag::Time,
    // added by the Cleaner options: frames=True (defs.frame_tags), forms=True
    Tag::Noframes,
};

}  // namespace

std::unique_ptr<Extractor> make_lxml_cleaner() {
  return make_extractor(
      {"lxml_cleaner", Family::Baseline, "Bevendorff et al. 2023 (lxml Cleaner baseline)",
       "All text left after lxml's HTML Cleaner kills a blacklist of boilerplate-prone elements "
       "(nav, aside, footer, forms, embedded content, head, ...)."},
      [](Context& ctx) {
        const Document& doc = ctx.doc();
        return drop_subtrees(doc, [&](uint32_t i) { return kKillTags(doc.nodes[i].tag); });
      });
}

}  // namespace wce
