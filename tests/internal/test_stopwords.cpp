// Stop-word tables (stopwords-iso and jusText's lists, generated at build time), case folding,
// lookup and the page language by stop-word hits (core/src/features/stopwords.*).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

#include "features/stopwords.hpp"
#include "wce/wce.hpp"

using namespace wce;
namespace sw = wce::stopwords;

namespace {

std::string language_of(const std::string& html) {
  Document d = parse_html(html, "utf-8");
  Context ctx(d);
  return ctx.language();
}

std::string repeat(const std::string& s, int n) {
  std::string r;
  for (int i = 0; i < n; ++i) r += s;
  return r;
}

}  // namespace

TEST(Stopwords, FoldCase) {
  struct Case { const char* in; const char* out; };
  const Case cases[] = {
      {"The", "the"},
      {"ÉTÉ", "été"},                 // Latin-1
      {"ŁÓDŹ", "łódź"},               // Latin Extended-A
      {"ЭТО", "это"},                 // Cyrillic
      {"ΚΑΙ", "και"},                 // Greek
      {"ΟΔΟΣ", "οδος"},               // final sigma: preceded by a letter, none after
      {"ΟΔΟΣ,", "οδος,"},             // punctuation is not a cased letter
      {"Σ", "σ"},                     // alone: not final
      {"ΣΑ", "σα"},                   // word-initial
      {"ǅ", "ǆ"},                     // title case maps too
      {"ԱՅՍ", "այս"},                 // Armenian
      {"İ", "İ"},                     // no one-to-one mapping: unchanged (as in the tables)
      {"abc123-_", "abc123-_"},
      {"\xFF" "A", "\xEF\xBF\xBD" "a"},  // invalid byte -> U+FFFD
      {"", ""},
  };
  for (const Case& c : cases) EXPECT_EQ(sw::fold_case(c.in), c.out) << c.in;
  EXPECT_EQ(sw::lower(0x41), 0x61u);
  EXPECT_EQ(sw::lower(0x3A3), 0x3C3u);
  EXPECT_TRUE(sw::is_cased(0x3C2));
  EXPECT_FALSE(sw::is_cased('1'));
}

TEST(Stopwords, Languages) {
  std::vector<std::string_view> langs = sw::languages();
  EXPECT_EQ(langs.size(), 58u);
  EXPECT_TRUE(std::is_sorted(langs.begin(), langs.end()));
  for (const char* c : {"en", "de", "ru", "el", "pl", "zh", "ar", "ko"})
    EXPECT_GE(sw::language_index(c), 0) << c;
  EXPECT_EQ(sw::language_index("xx"), -1);
  EXPECT_GT(sw::StopList("en").size(), 1000u);  // stopwords-iso en: 1298 entries
  EXPECT_EQ(sw::StopList("xx").size(), 0u);
}

TEST(Stopwords, Lookup) {
  struct Case { const char* lang; const char* word; bool in; };
  const Case cases[] = {
      {"en", "the", true},     {"en", "The", true},     {"en", "THE", true},
      {"en", "zebra", false},  {"en", "the,", false},   {"en", "", false},
      {"de", "und", true},     {"de", "Und", true},     {"en", "und", false},
      {"ru", "это", true},     {"ru", "ЭТО", true},     {"el", "ΚΑΙ", true},
      {"pl", "się", true},     {"fr", "était", true},   {"fr", "ÉTAIT", true},
      {"xx", "the", false},
  };
  for (const Case& c : cases) EXPECT_EQ(sw::StopList(c.lang).contains(c.word), c.in) << c.lang << " " << c.word;
  // One table for all languages: the mask says where a word is.
  uint64_t de = sw::lookup_folded("de");
  EXPECT_TRUE(de >> sw::language_index("es") & 1u);
  EXPECT_TRUE(de >> sw::language_index("fr") & 1u);
  EXPECT_FALSE(de >> sw::language_index("de") & 1u);
  EXPECT_EQ(sw::lookup_folded("xyzzyplugh"), 0u);
  EXPECT_FALSE(sw::StopList().contains("the"));
  EXPECT_TRUE(sw::StopList().empty());
}

TEST(Stopwords, DetectsTheLanguage) {
  struct Case { const char* html; const char* lang; };
  const Case cases[] = {
      {"<p>The history of the city is long, and it was one of the first places where the people of "
       "the region came to trade what they had.</p>", "en"},
      {"<p>Die Geschichte der Stadt ist lang, und sie war einer der ersten Orte, an denen die Menschen "
       "der Region miteinander handelten.</p>", "de"},
      {"<p>История этого города очень длинная, и он был одним из первых мест, где люди из всего "
       "региона могли бы торговать тем, что у них было.</p>", "ru"},
      {"<p>Η ιστορία της πόλης είναι μεγάλη και ήταν ένα από τα πρώτα μέρη όπου οι άνθρωποι της "
       "περιοχής ήρθαν για να κάνουν εμπόριο.</p>", "el"},
      {"<p>Historia tego miasta jest bardzo długa i było to jedno z pierwszych miejsc, w których "
       "ludzie z całego regionu mogli handlować tym, co mieli.</p>", "pl"},
      // Languages without spaces: whole phrases are tokens, no list matches them.
      {"<p>这个城市的历史很长，它是该地区的人们最早来交易的地方之一。我们的生活是在这里开始的。</p>", ""},
      {"", ""},
      {"<p>1 2 3 4 5 6 7 8 9 10 11 12 a b c d e f g h i j k l m n</p>", ""},  // numbers, letters: no evidence
  };
  for (const Case& c : cases) EXPECT_EQ(language_of(c.html), c.lang) << c.html;
}

TEST(Stopwords, DetectionMinimumAndTies) {
  // kMinHits: 4 hits are not enough, 5 are.
  EXPECT_EQ(language_of("<p>" + repeat("the xyzzy ", 4) + "</p>"), "");
  EXPECT_EQ(language_of("<p>" + repeat("the xyzzy ", 5) + "</p>"), "en");
  // kMinShare: 5 hits among 200 tokens are below 5 %.
  EXPECT_EQ(language_of("<p>" + repeat("the ", 5) + repeat("xyzzy ", 195) + "</p>"), "");
  // Punctuation around a word is trimmed for detection.
  EXPECT_EQ(language_of("<p>" + repeat("(the) \"the\", ", 3) + "</p>"), "en");
  // Ties: a word in English and other lists counts for all; English wins.
  std::string shared;
  for (const char* w : {"de", "la", "que", "ne"}) {
    uint64_t m = sw::lookup_folded(w);
    ASSERT_TRUE(m >> sw::language_index("en") & 1u) << w;
    shared += repeat(std::string(w) + " ", 3);
  }
  EXPECT_EQ(language_of("<p>" + shared + "</p>"), "en");
  // Without English among the best: the first code in alphabetical order.
  // "og" is only in Danish and Norwegian.
  uint64_t og = sw::lookup_folded("og");
  ASSERT_EQ(og, (uint64_t{1} << sw::language_index("da")) | (uint64_t{1} << sw::language_index("no")));
  EXPECT_EQ(language_of("<p>" + repeat("og ", 6) + "</p>"), "da");
}

TEST(Stopwords, CachedInContext) {
  Document d = parse_html("<p>" + repeat("the cat and the dog ", 5) + "</p>", "utf-8");
  Context ctx(d);
  const std::string& a = ctx.language();
  const std::string& b = sw::detect_stopword_language(ctx);
  EXPECT_EQ(&a, &b);
  EXPECT_EQ(a, "en");
}

// jusText's own lists (JustextStopList): the tables hold exactly the words of
// the wheel's stoplists/*.txt (unpacked by CMake), read as get_stoplist does.
namespace {

std::vector<std::string> jt_words(const std::string& name) {
  std::ifstream in(std::string(WCE_JUSTEXT_STOPLISTS) + "/" + name + ".txt", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::string> out;
  std::string line;
  for (size_t i = 0; i <= all.size(); ++i) {  // bytes.splitlines(): \n, \r, \r\n
    if (i == all.size() || all[i] == '\n' || all[i] == '\r') {
      if (!line.empty() && line.find_first_of(" \t") == std::string::npos) out.push_back(sw::fold_case(line));
      line.clear();
      if (i + 1 < all.size() && all[i] == '\r' && all[i + 1] == '\n') ++i;
    } else {
      line += all[i];
    }
  }
  return out;
}

}  // namespace

TEST(Stopwords, JustextListsByLanguage) {
  struct Case { const char* code; const char* name; };
  const Case cases[] = {
      {"en", "English"}, {"pl", "Polish"}, {"PL", "Polish"}, {"pl-PL", "Polish"}, {"ru_RU", "Russian"},
      {"el", "Greek"},   {"hr", "Croatian"}, {"de", "German"}, {"no", "Norwegian_Bokmal"},
      {"nb", "Norwegian_Bokmal"}, {"nn", "Norwegian_Nynorsk"}, {"sr", "Serbian"},
      {"zh", ""}, {"zh-CN", ""}, {"ja", ""}, {"", ""}, {"-", ""}, {"xx", ""},
  };
  for (const Case& c : cases) {
    sw::JustextStopList l = sw::JustextStopList::for_language(c.code);
    EXPECT_EQ(l.name(), c.name) << c.code;
    EXPECT_EQ(l.empty(), *c.name == 0) << c.code;
  }
  EXPECT_EQ(sw::JustextStopList::by_name("Simple_English").name(), "Simple_English");
  EXPECT_TRUE(sw::JustextStopList::by_name("Klingon").empty());
  EXPECT_FALSE(sw::JustextStopList().contains("the"));
}

TEST(Stopwords, JustextListsHoldTheWheelsWords) {
  struct Case { const char* list; const char* word; bool in; };
  const Case cases[] = {
      // In jusText's lists, not in stopwords-iso's (and the other way round).
      {"Polish", "została", true}, {"Polish", "ZOSTAŁA", true}, {"Russian", "является", true},
      {"Croatian", "godine", true}, {"English", "including", true}, {"English", "'ll", false},
      {"English", "the", true}, {"English", "The", true}, {"English", "zebra", false}, {"Afrikaans", "the", false},
      {"Greek", "ΚΑΙ", true}, {"English", "", false},
  };
  for (const Case& c : cases)
    EXPECT_EQ(sw::JustextStopList::by_name(c.list).contains(c.word), c.in) << c.list << " " << c.word;
  EXPECT_FALSE(sw::StopList("pl").contains("została"));  // why the justext extractor uses jusText's lists

  // Every word of a sample of lists (all 100 are in the union, which is
  // checked for each of them) is found, and a word of one list only is not
  // in another.
  sw::JustextStopList all = sw::JustextStopList::all();
  std::set<std::string> english;
  for (const std::string& w : jt_words("English")) english.insert(w);
  size_t lists = 0, checked = 0;
  std::ifstream probe(std::string(WCE_JUSTEXT_STOPLISTS) + "/English.txt");
  ASSERT_TRUE(probe.good()) << "no jusText stop lists at " << WCE_JUSTEXT_STOPLISTS;
  for (const char* name : {"Afrikaans", "Chinese_none", "Croatian", "English", "German", "Greek", "Polish", "Russian",
                           "Korean", "Vietnamese", "Yoruba"}) {
    std::vector<std::string> words = jt_words(name);
    sw::JustextStopList l = sw::JustextStopList::by_name(name);
    EXPECT_EQ(l.empty(), words.empty()) << name;
    if (words.empty()) continue;
    ++lists;
    for (const std::string& w : words) {
      ++checked;
      EXPECT_TRUE(l.contains_folded(w)) << name << " " << w;
      EXPECT_TRUE(all.contains_folded(w)) << name << " " << w;
      EXPECT_EQ(sw::JustextStopList::by_name("English").contains_folded(w), english.count(w) == 1) << name << " " << w;
      EXPECT_FALSE(all.contains_folded(w + "\x01")) << w;
    }
  }
  EXPECT_EQ(lists, 10u);
  EXPECT_GT(checked, 10000u);
}
