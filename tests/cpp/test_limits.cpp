// Hard limits per page and the time budget (html.hpp ParseOptions, limits.hpp):
// each limit rejects a page past it with PageLimitError naming the limit, lets
// a page within it through, and 0 switches it off.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string paragraphs(size_t n) {
  std::string s = "<html><body>";
  for (size_t i = 0; i < n; ++i) s += "<p>some words here</p>";
  return s + "</body></html>";
}

// A flat DOM of one <div> with `n` text children "abc".
struct Flat {
  std::vector<uint32_t> words;
  std::string strings;
  explicit Flat(size_t n) {
    words = {1, kNone, 3, 0, 0, 0, 0, 0, 0, 0};
    strings = "div";
    for (size_t i = 0; i < n; ++i) {
      words.insert(words.end(), {2, 0, 0, 0, 0, 0, 0, 0, 0, 3});
      strings += "abc";
    }
  }
  FlatDom view() const { return FlatDom{words.data(), words.size(), strings}; }
};

struct LimitCase {
  const char* name;
  ParseOptions options;
  const char* limit;  // expected PageLimitError::limit(), or nullptr: accepted
};

ParseOptions with(uint64_t input, uint64_t nodes, uint64_t text) {
  ParseOptions o;
  o.max_input_bytes = input;
  o.max_nodes = nodes;
  o.max_text_bytes = text;
  return o;
}

// The page: 2,000 paragraphs (about 44 kB of HTML, 4,000+ nodes, 30 kB of text).
const LimitCase kCases[] = {
    {"defaults accept", ParseOptions{}, nullptr},
    {"all off", with(0, 0, 0), nullptr},
    {"input bytes", with(10000, 0, 0), "input_bytes"},
    {"nodes", with(0, 1000, 0), "nodes"},
    {"text bytes", with(0, 0, 5000), "text_bytes"},
    {"just within", with(1 << 20, 1 << 20, 1 << 20), nullptr},
};

class ParseLimits : public ::testing::TestWithParam<LimitCase> {};

TEST_P(ParseLimits, HtmlAndFlatDom) {
  const LimitCase& c = GetParam();
  std::string page = paragraphs(2000);
  Flat flat(12000);  // 48 kB of node words and 36 kB of strings, 12,002 nodes
  for (int builder = 0; builder < 2; ++builder) {
    SCOPED_TRACE(builder == 0 ? "parse_html" : "decode_flat_dom");
    try {
      Document doc = builder == 0 ? parse_html(page, "utf-8", c.options) : decode_flat_dom(flat.view(), c.options);
      EXPECT_EQ(c.limit, nullptr) << "accepted a page past the " << c.limit << " limit";
      EXPECT_GT(doc.text_nodes.size(), 1000u);
    } catch (const PageLimitError& e) {
      ASSERT_NE(c.limit, nullptr) << "rejected: " << e.what();
      EXPECT_EQ(e.limit(), c.limit);
      EXPECT_NE(std::string(e.what()).find(std::string("over the ") + c.limit + " limit"), std::string::npos) << e.what();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Cases, ParseLimits, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<LimitCase>& i) {
                           std::string n = i.param.name;
                           for (char& ch : n) if (ch == ' ') ch = '_';
                           return n;
                         });

TEST(ParseLimits, MessageSaysHowBig) {
  try {
    parse_html(std::string(3 << 20, 'x'), "utf-8", with(1 << 20, 0, 0));
    FAIL() << "not rejected";
  } catch (const PageLimitError& e) {
    EXPECT_STREQ(e.what(), "page over the input_bytes limit: input of more than 1.0 MB (at least 3.0 MB)");
  }
}

Deadline passed_deadline() {
  return Deadline::after_ms(1, Deadline::Clock::now() - std::chrono::seconds(1));
}

TEST(TimeBudget, NoneByDefault) {
  EXPECT_FALSE(Deadline().active());
  EXPECT_FALSE(Deadline::after_ms(0).active());
  EXPECT_NO_THROW(Deadline().check("x"));
  EXPECT_FALSE(Deadline::after_ms(60000).passed());
}

TEST(TimeBudget, ParseAndDecodeStop) {
  ParseOptions o;
  o.deadline = passed_deadline();
  try {
    parse_html(paragraphs(10), "utf-8", o);
    FAIL() << "parse went past its deadline";
  } catch (const PageLimitError& e) {
    EXPECT_EQ(e.limit(), "time");
    EXPECT_STREQ(e.what(), "page over the time budget of 1 ms (stopped in parse)");
  }
  Flat flat(10);
  EXPECT_THROW(decode_flat_dom(flat.view(), o), PageLimitError);
}

// Every extractor stops at a passed deadline in the shared features, or, if
// it uses none, is stopped by the check before it (Context::labels) or after
// it (PageRun::run).
TEST(TimeBudget, ContextFeaturesStop) {
  Document doc = parse_html(paragraphs(50), "utf-8");
  Context ctx(doc);
  ctx.set_deadline(passed_deadline());
  EXPECT_THROW(ctx.counts(), PageLimitError);
  EXPECT_THROW(ctx.text_words(), PageLimitError);
  EXPECT_THROW(ctx.blocks(), PageLimitError);
  EXPECT_THROW(ctx.language(), PageLimitError);
  size_t stopped = 0;
  for (const auto& ex : extractors()) {
    Context c(doc);
    c.set_deadline(passed_deadline());
    try {
      c.labels(*ex);
    } catch (const PageLimitError& e) {
      EXPECT_EQ(e.limit(), "time");
      ++stopped;
    }
  }
  EXPECT_GE(stopped, extractors().size() / 2) << "half the extractors use the shared features";
  // Through Context::labels (how the run layer and the ensembles run them)
  // every extractor stops: it checks the deadline before each run.
  for (const auto& ex : extractors()) {
    Context c(doc);
    c.set_deadline(passed_deadline());
    EXPECT_THROW(c.labels(*ex), PageLimitError) << ex->info().name;
  }
}

}  // namespace

// One '<' can make many nodes: every <p> re-opens the active formatting
// elements, so Gumbo's tree outgrows what the input size suggests. The node
// limit caps the tree's memory inside the parse (an exception out of Gumbo's
// allocator), before our own node count could see it.
TEST(ParseLimits, FormattingClonesAreCappedInsideTheParse) {
  // Each <p> closes the previous one and the 13 formatting elements opened
  // inside it, and the text re-opens (clones) all 13 in the new paragraph.
  std::string page = "<p><b><i><u><s><em><strong><small><big><tt><font><code><nobr><strike>x";
  for (int i = 0; i < 20000; ++i) page += "<p>x";
  ParseOptions none = with(0, 0, 0);
  EXPECT_GT(parse_html(page, "utf-8", none).size(), 200000u) << "20,000 '<p>' make more than 200,000 nodes";
  try {
    parse_html(page, "utf-8", with(0, 50000, 0));
    FAIL() << "not rejected";
  } catch (const PageLimitError& e) {
    EXPECT_EQ(e.limit(), "nodes");
    EXPECT_NE(std::string(e.what()).find("the parse tree outgrew"), std::string::npos) << e.what();
  }
  // The same parse goes on working afterwards (the arena was released).
  EXPECT_EQ(parse_html("<p>ok</p>", "utf-8").text_nodes.size(), 1u);
}

// The run layer carries the limits: PageRun::parse / decode reject a page
// past one, and a passed deadline stops every extractor run through
// PageRun::run with the result's limit "time" (shared Context or fresh).
TEST(RunLayerLimits, ParseAndDecodeTakeTheLimits) {
  try {
    PageRun::parse({paragraphs(2000), "utf-8", {}}, with(0, 1000, 0));
    FAIL() << "not rejected";
  } catch (const PageLimitError& e) {
    EXPECT_EQ(e.limit(), "nodes");
  }
  Flat flat(100);
  EXPECT_THROW(PageRun::decode(flat.view(), {}, with(0, 50, 0)), PageLimitError);
  EXPECT_EQ(PageRun::decode(flat.view(), {}, with(0, 200, 0)).doc().text_nodes.size(), 100u);
}

TEST(RunLayerLimits, PassedDeadlineStopsEveryExtractor) {
  // The page's budget (200 ms) runs out after the parse: every extractor run
  // on the page's shared Context is stopped and reported, none throws.
  ParseOptions o;
  o.deadline = Deadline::after_ms(200);
  PageRun run = PageRun::parse({paragraphs(50), "utf-8", {}}, o);
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  for (const auto& ex : extractors()) {
    ExtractorRun x = run.run(*ex);
    EXPECT_FALSE(x.ok()) << ex->info().name;
    EXPECT_EQ(x.limit, "time") << ex->info().name << ": " << x.error;
  }
  // A fresh run (wce bench) gets the budget again, minus the parse time.
  ExtractorRun fresh = run.run(require_extractor("all_text"), true, /*fresh=*/true);
  EXPECT_TRUE(fresh.ok()) << fresh.error;
  EXPECT_EQ(fresh.text.empty(), false);
}
