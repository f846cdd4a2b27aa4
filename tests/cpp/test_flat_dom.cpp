// The flat-DOM decoder: a hand-made encoding must give the same Document as
// parse_html, and malformed encodings must throw, never crash.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "wce/wce.hpp"

using namespace wce;

namespace {

struct FlatBuilder {
  std::vector<uint32_t> nodes;
  std::string strings;
  // Lengths here are ASCII byte lengths = UTF-16 units for these tests.
  uint32_t element(uint32_t parent, const std::string& tag, uint32_t flags = 0,
                   const std::string& id = "", const std::string& cls = "", const std::string& style = "") {
    return push(1 | (flags << 8), parent, {tag, id, cls, "", "", "", style, ""});
  }
  uint32_t text(uint32_t parent, const std::string& t) { return push(2, parent, {"", "", "", "", "", "", "", t}); }
  uint32_t push(uint32_t kind, uint32_t parent, std::vector<std::string> s) {
    nodes.push_back(kind);
    nodes.push_back(parent);
    for (auto& x : s) { nodes.push_back(static_cast<uint32_t>(x.size())); strings += x; }
    return static_cast<uint32_t>(nodes.size() / FlatDom::kStride - 1);
  }
  std::vector<uint32_t> attrs;
  std::string attr_strings;
  // An attribute value of element `node` by its kFlatAttributes name.
  void attr(uint32_t node, std::string_view name, const std::string& value) {
    uint32_t a = 0;
    while (kFlatAttributes[a] != name) ++a;
    attrs.insert(attrs.end(), {node, a, static_cast<uint32_t>(value.size())});
    attr_strings += value;
  }
  FlatDom view() const {
    return {nodes.data(), nodes.size(), strings, attrs.data(), attrs.size(), attr_strings};
  }
  Document decode() const { return decode_flat_dom(view()); }
};

// Document::attributes, as (node, attribute, value) strings.
std::vector<std::string> attribute_list(const Document& d) {
  std::vector<std::string> out;
  for (const Attribute& a : d.attributes)
    out.push_back(std::to_string(a.node) + " " + std::to_string(static_cast<int>(a.name)) + " " + std::string(d.str(a.value)));
  return out;
}

void expect_same_nodes(const Document& flat, const Document& gumbo) {
  ASSERT_EQ(flat.size(), gumbo.size());
  for (uint32_t i = 0; i < flat.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(flat.nodes[i].kind, gumbo.nodes[i].kind);
    EXPECT_EQ(flat.nodes[i].tag, gumbo.nodes[i].tag);
    EXPECT_EQ(flat.nodes[i].parent, gumbo.nodes[i].parent);
    EXPECT_EQ(flat.nodes[i].flags, gumbo.nodes[i].flags);
    EXPECT_EQ(flat.text(i), gumbo.text(i));
    EXPECT_EQ(flat.str(flat.nodes[i].cls), gumbo.str(gumbo.nodes[i].cls));
  }
}

}  // namespace

TEST(FlatDom, AgreesWithGumbo) {
  FlatBuilder b;
  uint32_t html = b.element(kNone, "HTML");
  uint32_t head = b.element(html, "head");
  b.text(b.element(head, "title"), "T");
  uint32_t body = b.element(html, "body");
  uint32_t script = b.element(body, "script");
  b.text(script, "var x;");
  uint32_t p = b.element(body, "p", 0, "x", "a b");
  b.text(p, "Hello ");
  b.text(b.element(p, "a", 2), "link");
  b.text(b.element(body, "div", 0, "", "", "display: none"), "hidden");
  Document flat = b.decode();
  Document gumbo = parse_html("<html><head><title>T</title></head><body><script>var x;</script>"
                              "<p id=x class='a b'>Hello <a href=/>link</a></p><div style='display: none'>hidden</div></body></html>");
  expect_same_nodes(flat, gumbo);
  EXPECT_EQ(render_all_text(flat), "T\nHello link\nhidden");
}

// Ruby readings and MathML annotations are dropped by both builders alike.
TEST(FlatDom, DropsRubyReadingsAndAnnotationsAsGumboDoes) {
  FlatBuilder b;
  uint32_t html = b.element(kNone, "html");
  b.element(html, "head");
  uint32_t body = b.element(html, "body");
  uint32_t p = b.element(body, "p");
  uint32_t ruby = b.element(p, "ruby");
  b.text(ruby, "kan");
  b.text(b.element(ruby, "rp"), "(");
  b.text(b.element(ruby, "rt"), "k");
  b.text(b.element(ruby, "rp"), ")");
  uint32_t sem = b.element(b.element(p, "math"), "semantics");
  b.text(b.element(sem, "mi"), "N");
  b.text(b.element(sem, "annotation"), "{N}");
  b.text(b.element(b.element(sem, "annotation-xml"), "ci"), "N");
  Document flat = b.decode();
  Document gumbo = parse_html("<html><head></head><body><p><ruby>kan<rp>(</rp><rt>k</rt><rp>)</rp></ruby>"
                              "<math><semantics><mi>N</mi><annotation>{N}</annotation>"
                              "<annotation-xml><ci>N</ci></annotation-xml></semantics></math></p></body></html>");
  expect_same_nodes(flat, gumbo);
  EXPECT_EQ(render_all_text(flat), "kanN");
  EXPECT_EQ(render_all_text(gumbo), "kanN");
}

TEST(FlatDom, CountsUtf16Units) {
  FlatBuilder b;
  uint32_t p = b.element(kNone, "p");
  // "é😀" is 3 UTF-16 units but 6 UTF-8 bytes; then "x".
  b.nodes.insert(b.nodes.end(), {2, p, 0, 0, 0, 0, 0, 0, 0, 3});
  b.strings += "\xC3\xA9\xF0\x9F\x98\x80";
  b.text(p, "x");
  Document d = b.decode();
  ASSERT_EQ(d.text_nodes.size(), 2u);
  EXPECT_EQ(d.text(d.text_nodes[0]), "\xC3\xA9\xF0\x9F\x98\x80");
  EXPECT_EQ(d.text(d.text_nodes[1]), "x");
}

TEST(FlatDom, MalformedInputThrows) {
  FlatBuilder ok;
  uint32_t p = ok.element(kNone, "p");
  ok.text(p, "abc");
  {
    auto bad = ok.nodes; bad.pop_back();
    EXPECT_THROW(decode_flat_dom({bad.data(), bad.size(), ok.strings}), std::invalid_argument);
  }
  {
    auto bad = ok.nodes; bad[FlatDom::kStride + 1] = 5;  // parent after child
    EXPECT_THROW(decode_flat_dom({bad.data(), bad.size(), ok.strings}), std::invalid_argument);
  }
  {
    auto bad = ok.nodes; bad[0] = 7;  // bad kind
    EXPECT_THROW(decode_flat_dom({bad.data(), bad.size(), ok.strings}), std::invalid_argument);
  }
  EXPECT_THROW(decode_flat_dom({ok.nodes.data(), ok.nodes.size(), ok.strings + "zz"}), std::invalid_argument);
  EXPECT_THROW(decode_flat_dom({ok.nodes.data(), ok.nodes.size(), "ab"}), std::invalid_argument);
  {
    auto bad = ok.nodes; bad[FlatDom::kStride + 9] = 0xFFFFFFF0u;  // huge length
    EXPECT_THROW(decode_flat_dom({bad.data(), bad.size(), ok.strings}), std::invalid_argument);
  }
  EXPECT_NO_THROW(decode_flat_dom({ok.nodes.data(), ok.nodes.size(), ok.strings}));
  EXPECT_EQ(decode_flat_dom({nullptr, 0, ""}).text_nodes.size(), 0u);
}

// The attribute section fills Document::attributes as parse_html does (the
// same rule decides which element keeps which value), so metadata and
// Markdown from a live DOM equal those from its HTML.
TEST(FlatDom, AttributesAgreeWithGumbo) {
  FlatBuilder b;
  uint32_t html = b.element(kNone, "html");
  b.attr(html, "lang", "de");
  uint32_t head = b.element(html, "head");
  b.text(b.element(head, "title"), "Seite - Site");
  uint32_t meta = b.element(head, "meta");
  b.attr(meta, "property", "og:title");
  b.attr(meta, "content", "Seite");
  uint32_t ld = b.element(head, "script");
  b.attr(ld, "type", "application/ld+json");
  b.attr(ld, "#script-text", R"({"@type":"NewsArticle","author":{"name":"Ada Lovelace"}})");
  b.text(ld, R"({"@type":"NewsArticle","author":{"name":"Ada Lovelace"}})");
  uint32_t body = b.element(html, "body");
  uint32_t art = b.element(body, "article");
  b.attr(art, "itemtype", "https://schema.org/Article");
  uint32_t p = b.element(art, "p");
  uint32_t a = b.element(p, "a", 2);
  b.attr(a, "href", "/next");
  b.text(a, "next");
  uint32_t img = b.element(p, "img");
  b.attr(img, "src", "data:image/gif;base64,R0lG");
  b.attr(img, "data-src", "/real.jpg");
  b.attr(img, "alt", "A picture");
  uint32_t t = b.element(p, "time");
  b.attr(t, "datetime", "2024-03-05");
  b.text(t, "5 March");
  Document flat = b.decode();
  Document gumbo = parse_html(
      R"(<html lang=de><head><title>Seite - Site</title><meta property="og:title" content="Seite">)"
      R"(<script type="application/ld+json">{"@type":"NewsArticle","author":{"name":"Ada Lovelace"}}</script></head>)"
      R"(<body><article itemtype="https://schema.org/Article"><p><a href="/next">next</a>)"
      R"(<img src="data:image/gif;base64,R0lG" data-src="/real.jpg" alt="A picture"><time datetime="2024-03-05">5 March</time></p></article></body></html>)");
  expect_same_nodes(flat, gumbo);
  EXPECT_EQ(attribute_list(flat), attribute_list(gumbo));
  uint32_t doc_img = 0;
  while (doc_img < flat.size() && flat.nodes[doc_img].tag != Tag::Img) ++doc_img;
  ASSERT_LT(doc_img, flat.size());
  EXPECT_EQ(flat.attr(doc_img, Attr::Src), "/real.jpg");  // data-src over a data: placeholder
  const Metadata mf = extract_metadata(flat, ""), mg = extract_metadata(gumbo, "");
  EXPECT_EQ(mf.author, "Ada Lovelace");
  EXPECT_EQ(metadata_fields(mf).size(), metadata_fields(mg).size());
  for (size_t i = 0; i < metadata_fields(mf).size(); ++i)
    EXPECT_EQ(*metadata_fields(mf)[i].second, *metadata_fields(mg)[i].second) << metadata_fields(mf)[i].first;
}

TEST(FlatDom, MalformedAttributesThrow) {
  FlatBuilder ok;
  uint32_t html = ok.element(kNone, "html");
  uint32_t p = ok.element(html, "p");
  uint32_t text = ok.text(p, "abc");
  ok.attr(html, "lang", "en");
  ok.attr(p, "title", "x");
  EXPECT_NO_THROW(ok.decode());
  auto with = [&](std::vector<uint32_t> attrs, const std::string& strings) {
    FlatDom f = ok.view();
    f.attrs = attrs.data();
    f.attr_words = attrs.size();
    f.attr_strings = strings;
    return decode_flat_dom(f);
  };
  EXPECT_THROW(with({html, 9}, "en"), std::invalid_argument);                      // not a multiple of 3
  EXPECT_THROW(with({p, 9, 2, html, 1, 1}, "enx"), std::invalid_argument);         // not in node order
  EXPECT_THROW(with({text, 1, 1}, "x"), std::invalid_argument);                    // on a text node
  EXPECT_THROW(with({html, 99, 1}, "x"), std::invalid_argument);                   // unknown attribute
  EXPECT_THROW(with({html, 9, 2, 7, 1, 1}, "enx"), std::invalid_argument);         // past the nodes
  EXPECT_THROW(with({html, 9, 5}, "en"), std::invalid_argument);                   // strings too short
  EXPECT_THROW(with({html, 9, 1}, "en"), std::invalid_argument);                   // strings too long
  EXPECT_THROW(with({html, 9, 0xFFFFFFF0u}, "en"), std::invalid_argument);         // huge length
  FlatDom missing = ok.view();
  missing.attrs = nullptr;
  EXPECT_THROW(decode_flat_dom(missing), std::invalid_argument);
}
