// The attributes the Gumbo builder keeps beside the Node fields
// (Document::attributes), read back through Document::attr.
#include <gtest/gtest.h>

#include <string>

#include "wce/wce.hpp"

using namespace wce;

namespace {

// The first element with this tag, or kNone.
uint32_t first(const Document& d, Tag tag) {
  for (uint32_t i = 0; i < d.size(); ++i)
    if (d.nodes[i].kind == NodeKind::Element && d.nodes[i].tag == tag) return i;
  return kNone;
}

}  // namespace

TEST(DocumentAttributes, KeptPerElement) {
  const struct { const char* html; Tag tag; Attr name; const char* want; } cases[] = {
      {"<a href='/x' title=T>a</a>", Tag::A, Attr::Href, "/x"},
      {"<a href='/x' title=T>a</a>", Tag::A, Attr::Title, "T"},
      {"<a>no link</a>", Tag::A, Attr::Href, ""},
      {"<link rel=canonical href='https://e.org/p'>", Tag::Link, Attr::Rel, "canonical"},
      {"<link rel=canonical href='https://e.org/p'>", Tag::Link, Attr::Href, "https://e.org/p"},
      {"<img src=a.png alt='A cat'>", Tag::Img, Attr::Src, "a.png"},
      {"<img src=a.png alt='A cat'>", Tag::Img, Attr::Alt, "A cat"},
      {"<img src='data:image/gif;base64,R0l' data-src=real.jpg>", Tag::Img, Attr::Src, "real.jpg"},
      {"<img data-src=lazy.jpg>", Tag::Img, Attr::Src, "lazy.jpg"},
      {"<meta property='og:title' content='Hello'>", Tag::Meta, Attr::Property, "og:title"},
      {"<meta property='og:title' content='Hello'>", Tag::Meta, Attr::Content, "Hello"},
      {"<meta NAME=author CONTENT='Ann Lee'>", Tag::Meta, Attr::Name, "author"},
      {"<html lang=de-CH><p>x</p></html>", Tag::Html, Attr::Lang, "de-CH"},
      {"<time datetime='2024-03-05'>March 5</time>", Tag::Time, Attr::Datetime, "2024-03-05"},
      {"<table><tr><td colspan=2 rowspan=3>x</td></tr></table>", Tag::Td, Attr::Colspan, "2"},
      {"<table><tr><th colspan=2 rowspan=3>x</th></tr></table>", Tag::Th, Attr::Rowspan, "3"},
      {"<div itemscope itemtype='https://schema.org/Product'>x</div>", Tag::Div, Attr::Itemtype,
       "https://schema.org/Product"},
      {"<script type='application/ld+json'>{\"@type\":\"NewsArticle\"}</script>", Tag::Script,
       Attr::ScriptText, "{\"@type\":\"NewsArticle\"}"},
      {"<script type='application/ld+json'>{\"@type\":\"NewsArticle\"}</script>", Tag::Script, Attr::Type,
       "application/ld+json"},
      // Other scripts keep no text, and the other elements none of these.
      {"<script>var x = 1;</script>", Tag::Script, Attr::ScriptText, ""},
      {"<p title=T lang=en>x</p>", Tag::P, Attr::Title, ""},
  };
  for (const auto& c : cases) {
    Document d = parse_html(c.html);
    uint32_t node = first(d, c.tag);
    ASSERT_NE(node, kNone) << c.html;
    EXPECT_EQ(d.attr(node, c.name), c.want) << c.html;
  }
}

TEST(DocumentAttributes, InNodeOrderAndNotText) {
  Document d = parse_html("<html lang=en><head><meta name=a content=1><meta name=b content=2>"
                          "<script type=application/ld+json>{\"a\":1}</script></head>"
                          "<body><a href=/1>one</a><img src=i.png><a href=/2>two</a></body></html>");
  for (size_t i = 1; i < d.attributes.size(); ++i) EXPECT_LE(d.attributes[i - 1].node, d.attributes[i].node);
  // The JSON-LD text stays out of the document's text.
  EXPECT_EQ(render_all_text(d), "onetwo");
}
