// render_markdown and render_html (docs/markdown.md):
//   - golden pages, one per construct: tests/markup_golden/<case>/source.html
//     with expected.md and expected.html; the labels are all_text's (every
//     text node kept) unless the case has a file `extractor` naming another;
//     Markdown with links and images unless `options` says "plain".
//     WCE_UPDATE_MARKUP_GOLDEN=1 rewrites the expected files
//     (scripts/update_markup_golden.sh); review them with git diff;
//   - over the datasets: the words of the Markdown, once the Markdown syntax
//     is taken off, and the words of the HTML's text equal render_text's;
//   - bad input: empty labels, deep nesting, a big table, escaping.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../fuzz/markdown_text.hpp"
#include "io/dataset.hpp"
#include "test_util.hpp"
#include "wce/wce.hpp"

namespace fs = std::filesystem;

using wce::fuzz::strip_markdown;
using wce::fuzz::words;

namespace {

wce::Labels labels_of(wce::PageRun& run, const std::string& extractor) {
  wce::ExtractorRun r = run.run(wce::require_extractor(extractor), false);
  EXPECT_TRUE(r.ok()) << r.error;
  return r.labels;
}

using wce::fuzz::markup_words_differ;

std::string check_words(const wce::Document& doc, const wce::Labels& labels) {
  return markup_words_differ(doc, labels);
}

struct Rendered {
  std::string md, html;
};

Rendered render_all(const std::string& html, wce::MarkupOptions options = {true, true}) {
  wce::Document doc = wce::parse_html(html, "utf-8");
  wce::Labels all(doc.text_nodes.size(), 1.0f);
  return {wce::render_markdown(doc, all, options), wce::render_html(doc, all)};
}

std::string chomp(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

fs::path datasets_folder() {
  if (const char* env = std::getenv("WCE_DATASETS")) return env;
  fs::path src = WCE_SOURCE_DIR;
  for (fs::path c : {src.parent_path() / "shared" / "datasets", src.parent_path().parent_path() / "shared" / "datasets"})
    if (fs::is_directory(c)) return c;
  return {};
}

}  // namespace

TEST(MarkupGolden, EveryCaseMatches) {
  fs::path root = fs::path(WCE_SOURCE_DIR) / "tests" / "markup_golden";
  ASSERT_TRUE(fs::is_directory(root)) << root;
  const bool update = std::getenv("WCE_UPDATE_MARKUP_GOLDEN") != nullptr;
  int cases = 0;
  for (const auto& dir : fs::directory_iterator(root)) {
    if (!dir.is_directory()) continue;
    SCOPED_TRACE(dir.path().string());
    const fs::path src = dir.path() / "source.html";
    ASSERT_TRUE(fs::exists(src)) << dir.path() << " needs source.html";
    std::string extractor = "all_text";
    if (fs::exists(dir.path() / "extractor")) extractor = words(wce::test::read_file(dir.path() / "extractor")).at(0);
    wce::MarkupOptions options{true, true};
    if (fs::exists(dir.path() / "options") && wce::test::read_file(dir.path() / "options").find("plain") != std::string::npos)
      options = {};
    const std::string html = wce::test::read_file(src);
    wce::PageRun run = wce::PageRun::parse({html, "utf-8", {}});
    wce::Labels labels = labels_of(run, extractor);
    const std::string md = wce::render_markdown(run.doc(), labels, options);
    const std::string out = wce::render_html(run.doc(), labels);
    if (update) {
      std::ofstream(dir.path() / "expected.md", std::ios::binary) << md;
      std::ofstream(dir.path() / "expected.html", std::ios::binary) << out;
    }
    EXPECT_EQ(chomp(md), chomp(wce::test::read_file(dir.path() / "expected.md"))) << "expected.md";
    EXPECT_EQ(chomp(out), chomp(wce::test::read_file(dir.path() / "expected.html"))) << "expected.html";
    if (options.links && options.images) {
      std::string why = check_words(run.doc(), labels);
      EXPECT_EQ(why, "");
    }
    ++cases;
  }
  EXPECT_GT(cases, 0);
  std::cout << "[ golden   ] " << cases << " markup cases\n";
}

// The first pages of every dataset, with the default extractor's labels.
// WCE_MARKUP_PAGES=N (0: all) and WCE_MARKUP_EXTRACTOR=NAME widen the check
// by hand; WCE_MARKUP_DUMP=DIR writes the failing pages there,
// WCE_MARKUP_DUMP_ALL=DIR every page (for tests/markup/check_commonmark.py).
TEST(Markup, WordsEqualRenderTextOnTheDatasets) {
  const fs::path folder = datasets_folder();
  if (folder.empty()) GTEST_SKIP() << "../shared/datasets not found (set WCE_DATASETS)";
  const int kPages = std::getenv("WCE_MARKUP_PAGES") ? std::atoi(std::getenv("WCE_MARKUP_PAGES")) : 25;
  const std::string extractor = std::getenv("WCE_MARKUP_EXTRACTOR") ? std::getenv("WCE_MARKUP_EXTRACTOR") : "ensemble";
  struct Enough {};
  int files = 0, pages = 0;
  for (const auto& f : fs::directory_iterator(folder)) {
    const std::string name = f.path().filename().string();
    if (name.size() < 9 || name.substr(name.size() - 9) != ".jsonl.gz") continue;
    ++files;
    std::vector<wce::io::DatasetProblem> problems;
    int here = 0;
    try {
      wce::io::read_dataset(
          f.path().string(),
          [&](wce::io::Page&& p) {
            SCOPED_TRACE(name + " " + p.id);
            wce::PageRun run = wce::PageRun::parse(wce::io::page_source(p));
            wce::Labels labels = labels_of(run, extractor);
            std::string why = check_words(run.doc(), labels);
            EXPECT_EQ(why, "");
            const char* dump = std::getenv("WCE_MARKUP_DUMP_ALL");
            if (!why.empty() && std::getenv("WCE_MARKUP_DUMP")) dump = std::getenv("WCE_MARKUP_DUMP");
            if (dump) {  // a failure to look at, or every page (tests/markup/check_commonmark.py)
              fs::path d = dump;
              std::ofstream(d / (p.id + ".html"), std::ios::binary) << p.html;
              std::ofstream(d / (p.id + ".md"), std::ios::binary) << wce::render_markdown(run.doc(), labels, {true, true});
              std::ofstream(d / (p.id + ".txt"), std::ios::binary) << wce::render_text(run.doc(), labels);
            }
            ++pages;
            if (++here == kPages) throw Enough{};
          },
          problems, wce::io::Need::Html);
    } catch (const Enough&) {
    }
  }
  EXPECT_GT(files, 0) << folder;
  std::cout << "[ markup   ] " << pages << " pages of " << files << " datasets\n";
}

TEST(Markup, EmptyLabelsGiveEmptyOutput) {
  wce::Document doc = wce::parse_html("<h1>Title</h1><p>Text <a href='x'>link</a><img src='a.png'></p>", "utf-8");
  EXPECT_EQ(wce::render_markdown(doc, {}, {true, true}), "");
  EXPECT_EQ(wce::render_html(doc, {}), "");
  wce::Labels none(doc.text_nodes.size(), 0.0f);
  EXPECT_EQ(wce::render_markdown(doc, none, {true, true}), "");
  EXPECT_EQ(wce::render_html(doc, none), "");
}

TEST(Markup, HeadingWithoutKeptTextDoesNotAppear) {
  wce::Document doc = wce::parse_html("<h2>Menu</h2><p>Body text</p>", "utf-8");
  wce::Labels labels(doc.text_nodes.size(), 1.0f);
  labels[0] = 0.0f;  // "Menu"
  EXPECT_EQ(wce::render_markdown(doc, labels), "Body text\n");
  EXPECT_EQ(wce::render_html(doc, labels), "<p>Body text</p>\n");
}

TEST(Markup, DeepNestingIsLinearAndCapped) {
  constexpr int kDepth = 100000;
  for (std::string open : {"<div>", "<blockquote>", "<ul><li>x"}) {
    std::string html;
    for (int i = 0; i < kDepth; ++i) html += open;
    html += "deep";
    wce::Document doc = wce::parse_html(html, "utf-8");
    wce::Labels all(doc.text_nodes.size(), 1.0f);
    std::string md = wce::render_markdown(doc, all);
    std::string out = wce::render_html(doc, all);
    SCOPED_TRACE(open);
    EXPECT_EQ(check_words(doc, all), "");
    // Nesting is capped: no line carries more than 8 containers' prefixes.
    size_t longest = 0;
    for (const std::string& line : [&] {
           std::vector<std::string> v;
           std::istringstream in(md);
           for (std::string l; std::getline(in, l);) v.push_back(l);
           return v;
         }())
      longest = std::max(longest, line.size());
    EXPECT_LE(longest, 8u * 3 + 16) << "longest line";
    EXPECT_LT(out.size(), html.size() + 1000000);
  }
}

TEST(Markup, BigTable) {
  constexpr int kRows = 10000;
  std::string html = "<table>";
  for (int r = 0; r < kRows; ++r) html += "<tr><td>r" + std::to_string(r) + "</td><td>v</td></tr>";
  html += "</table>";
  Rendered r = render_all(html);
  size_t lines = std::count(r.md.begin(), r.md.end(), '\n');
  EXPECT_EQ(lines, static_cast<size_t>(kRows + 1));  // rows + the delimiter row
  EXPECT_EQ(r.md.substr(0, 28), "| r0 | v |\n| --- | --- |\n| r");
  size_t trs = 0;
  for (size_t p = r.html.find("<tr>"); p != std::string::npos; p = r.html.find("<tr>", p + 1)) ++trs;
  EXPECT_EQ(trs, static_cast<size_t>(kRows));
}

TEST(Markup, WideSpansAreCapped) {
  // 1000 cells of colspan 1000: the pipe table stops at 1000 columns, the
  // text of later cells goes to the last column.
  std::string html = "<table><tr><td>a</td></tr><tr>";
  for (int c = 0; c < 1000; ++c) html += "<td colspan=1000>c" + std::to_string(c) + "</td>";
  html += "</tr></table>";
  Rendered r = render_all(html);
  std::string second = r.md.substr(r.md.find('\n', r.md.find('\n') + 1) + 1);
  EXPECT_EQ(std::count(second.begin(), second.end(), '|'), 1001);
  EXPECT_NE(second.find("c999"), std::string::npos);
}

TEST(Markup, TableInListInQuote) {
  Rendered r = render_all(
      "<blockquote><ul><li>Item<table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>"
      "</li></ul></blockquote>");
  EXPECT_EQ(r.md, "> - Item\n>\n>   | A | B |\n>   | --- | --- |\n>   | 1 | 2 |\n");
  EXPECT_EQ(r.html,
            "<blockquote><ul><li>Item<table><tr><th>A</th>\n<th>B</th>\n</tr>\n<tr><td>1</td>\n<td>2</td>\n</tr>\n"
            "</table>\n</li>\n</ul>\n</blockquote>\n");
}

TEST(Markup, TextThatIsMarkdownSyntaxIsEscaped) {
  Rendered r = render_all(
      "<p># not a heading</p><p>- not an item</p><p>1. not an item</p><p>&gt; not a quote</p>"
      "<p>a | b</p><p>`not code` and *not em* and _not em_ and [not](a link)</p><p>snake_case &amp;amp;</p>");
  EXPECT_EQ(r.md,
            "\\# not a heading\n\n\\- not an item\n\n1\\. not an item\n\n\\> not a quote\n\na \\| b\n\n"
            "\\`not code\\` and \\*not em\\* and \\_not em\\_ and \\[not\\](a link)\n\nsnake_case \\&amp;\n");
}

TEST(Markup, LinksAndImagesOnlyWhenAsked) {
  const std::string html = "<p>See <a href='https://x.org/a b'>the docs</a> <img src='i.png' alt='pic'></p>";
  EXPECT_EQ(render_all(html, {}).md, "See the docs\n");
  EXPECT_EQ(render_all(html, {true, false}).md, "See [the docs](https://x.org/a%20b)\n");
  EXPECT_EQ(render_all(html, {true, true}).md, "See [the docs](https://x.org/a%20b) ![pic](i.png)\n");
  EXPECT_EQ(render_all(html).html, "<p>See <a href=\"https://x.org/a b\">the docs</a> <img src=\"i.png\" alt=\"pic\"></p>\n");
}

// With the page's address, relative links and images are made absolute (both
// formats); absolute ones and other schemes stay as written.
TEST(Markup, RelativeUrlsResolvedAgainstThePageAddress) {
  const struct { const char* href; const char* want; } cases[] = {
      {"/report", "https://news.example/report"},
      {"part2", "https://news.example/2024/part2"},
      {"?page=2", "https://news.example/2024/story?page=2"},
      {"#notes", "https://news.example/2024/story?x=1#notes"},
      {"//cdn.example/a", "https://cdn.example/a"},
      {"https://other.example/a", "https://other.example/a"},
      {"mailto:desk@news.example", "mailto:desk@news.example"},
  };
  wce::MarkupOptions options{true, true};
  options.base_url = "https://news.example/2024/story?x=1#top";
  for (const auto& c : cases) {
    Rendered r = render_all(std::string("<p><a href='") + c.href + "'>link</a></p>", options);
    EXPECT_EQ(r.md, std::string("[link](") + c.want + ")\n") << c.href;
    wce::Document doc = wce::parse_html(std::string("<p><a href='") + c.href + "'>link</a></p>", "utf-8");
    wce::Labels all(doc.text_nodes.size(), 1.0f);
    EXPECT_EQ(wce::render_html(doc, all, options), std::string("<p><a href=\"") + c.want + "\">link</a></p>\n") << c.href;
  }
  EXPECT_EQ(render_all("<p>A <img src='i.png' alt='pic'> b</p>", options).md, "A ![pic](https://news.example/2024/i.png) b\n");
  // No address: as written.
  EXPECT_EQ(render_all("<p><a href='/report'>link</a></p>").md, "[link](/report)\n");
}

TEST(Markup, ScriptLinksAreDropped) {
  Rendered r = render_all("<p><a href='javascript:alert(1)'>x</a><img src=' JavaScript:y' alt='z'></p>");
  EXPECT_EQ(r.md, "x\n");
  EXPECT_EQ(r.html, "<p>x</p>\n");
}

TEST(Markup, WellFormedCheckCatchesBrokenHtml) {
  EXPECT_EQ(wce::fuzz::html_unbalanced("<p>a<br><em>b</em><img src=\"x\" alt=\"\"></p>\n"), "");
  EXPECT_NE(wce::fuzz::html_unbalanced("<p><em>b</p></em>"), "");
  EXPECT_NE(wce::fuzz::html_unbalanced("<p>a > b</p>"), "");
  EXPECT_NE(wce::fuzz::html_unbalanced("<ul><li>a</li>"), "");
}

TEST(Markup, StripMarkdownUndoesTheSyntax) {
  // The test's own reader of the Markdown, checked on the syntax it must undo.
  EXPECT_EQ(words(strip_markdown("# T\n\n> - a **b** [c](d) ![e](f) `g*` \\*\n>   1. x\\\n>      y\n\n"
                                 "| a\\|b | `c\\|d` |\n| --- | --- |\n```py\n- code *\n```\n")),
            words("T a b c g* * x y a|b c|d - code *"));
}
