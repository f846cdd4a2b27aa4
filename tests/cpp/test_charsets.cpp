// Legacy charsets, data-driven: every page of tests/charsets/ (written by
// tests/charsets/make_cases.py from Python's codecs) is sniffed to the charset
// cases.tsv names and decodes to its .txt text. Plus the label table's edges.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "wce/wce.hpp"

using namespace wce;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

const std::string kDir = std::string(WCE_SOURCE_DIR) + "/tests/charsets/";

}  // namespace

TEST(Charsets, EveryCasePageSniffsAndDecodes) {
  std::istringstream tsv(slurp(kDir + "cases.tsv"));
  std::string line;
  std::getline(tsv, line);  // header
  size_t n = 0;
  while (std::getline(tsv, line)) {
    const size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    const std::string id = line.substr(0, tab), sniffed = line.substr(tab + 1);
    SCOPED_TRACE(id);
    const std::string bytes = slurp(kDir + id + ".html");
    EXPECT_EQ(sniff_charset(bytes), sniffed);
    EXPECT_EQ(render_all_text(parse_html(bytes)), slurp(kDir + id + ".txt"));
    // The run layer names the charset it read the page with, so no caller sniffs again.
    EXPECT_EQ(PageRun::parse({bytes, {}, {}}).charset(), sniffed);
    ++n;
  }
  EXPECT_GE(n, 25u);
}

TEST(Charsets, PageRunNamesAGivenCharsetAndDecodedText) {
  const std::string page = "<meta charset=shift_jis><p>caf\xe9</p>";
  EXPECT_EQ(PageRun::parse({page, {}, {}}).charset(), "shift_jis");
  EXPECT_EQ(PageRun::parse({page, "windows-1252", {}}).charset(), "windows-1252");
  EXPECT_EQ(render_all_text(PageRun::parse({page, "windows-1252", {}}).doc()), "caf\xc3\xa9");
  // A live DOM's text (the flat DOM: one empty <div>) is decoded already.
  const uint32_t div[FlatDom::kStride] = {1, kNone, 3, 0, 0, 0, 0, 0, 0, 0};
  EXPECT_EQ(PageRun::decode(FlatDom{div, FlatDom::kStride, "div"}, {}).charset(), "utf-8");
}

TEST(Charsets, LabelsFollowTheEncodingStandard) {
  struct Case { const char* label; const char* charset; };
  const Case cases[] = {
      {"Shift_JIS", "shift_jis"}, {" ms932 ", "shift_jis"}, {"\"GB2312\"", "gbk"}, {"x-gbk", "gbk"},
      {"GB18030", "gb18030"}, {"Big5-HKSCS", "big5"}, {"windows-949", "euc-kr"}, {"EUC-JP", "euc-jp"},
      {"latin2", "iso-8859-2"}, {"ISO-8859-9", "windows-1254"}, {"tis-620", "windows-874"},
      {"iso-8859-15", "iso-8859-15"}, {"us-ascii", "windows-1252"}, {"utf8", "utf-8"},
      {"utf-16", "utf-16le"}, {"UTF-16BE", "utf-16be"}, {"koi8-ru", "koi8-u"},
      // Not decoded: the standard's "replacement" labels, x-user-defined from outside the page, nonsense.
      {"iso-2022-kr", ""}, {"hz-gb-2312", ""}, {"x-user-defined", ""}, {"ebcdic", ""}, {"", ""},
  };
  for (const Case& c : cases) EXPECT_EQ(charset_for_label(c.label), c.charset) << c.label;
  EXPECT_THROW(require_charset("iso-2022-kr"), std::invalid_argument);
  EXPECT_EQ(require_charset("SJIS"), "shift_jis");
}

TEST(Charsets, MetaDeclarationsTheStandardOverrides) {
  // In the page's own <meta>: UTF-16 means UTF-8 (the meta was read as ASCII)
  // and x-user-defined means windows-1252; an unknown label is passed over
  // for the next <meta> and then the bytes decide.
  EXPECT_EQ(sniff_charset("<meta charset=utf-16><p>x</p>"), "utf-8");
  EXPECT_EQ(sniff_charset("<meta charset=x-user-defined><p>x</p>"), "windows-1252");
  EXPECT_EQ(sniff_charset("<meta charset=iso-2022-kr><meta charset=euc-kr><p>x</p>"), "euc-kr");
  EXPECT_EQ(sniff_charset("<meta charset=nonsense><p>caf\xC3\xA9</p>"), "utf-8");
  // ISO-2022-JP's escapes count only in 7-bit bytes; beside UTF-8 text they are noise.
  EXPECT_EQ(sniff_charset("<p>\x1B$B$3$l\x1B(B</p>"), "iso-2022-jp");
  EXPECT_EQ(sniff_charset("<p>caf\xC3\xA9 \x1B$B$3$l\x1B(B</p>"), "utf-8");
}

TEST(Charsets, Utf8LeadBytesPastUnicodeAreInvalid) {
  // 0xF5-0xFF lead no UTF-8 sequence: each such byte is U+FFFD, and the page is not "valid UTF-8".
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(to_utf8("a\xF8\x88\x80" "b", "utf-8"), "a" + fffd + fffd + fffd + "b");
  EXPECT_EQ(to_utf8("\xFF\xBF\xBF", "utf-8"), fffd + fffd + fffd);
  EXPECT_EQ(to_utf8("\xF4\x8F\xBF\xBF", "utf-8"), "\xF4\x8F\xBF\xBF");  // U+10FFFF stays
  EXPECT_EQ(sniff_charset("<p>\xF8\x88\x80</p>"), "windows-1252");
}

TEST(Charsets, BrokenAndEmptyLegacyInputIsSane) {
  // Every lead byte alone, a stateful encoding's escape cut short, nothing at all:
  // U+FFFD where a byte does not decode, never a throw.
  for (const char* cs : {"shift_jis", "euc-jp", "gbk", "gb18030", "big5", "euc-kr", "iso-2022-jp"}) {
    SCOPED_TRACE(cs);
    EXPECT_EQ(to_utf8("", cs), "");
    std::string all;
    for (int b = 0x80; b < 0x100; ++b) all += static_cast<char>(b);
    const std::string out = to_utf8(all + "\x1B$", cs);
    EXPECT_FALSE(out.empty());
    EXPECT_NE(out.find("\xEF\xBF\xBD"), std::string::npos);
  }
  // Output three times the input (Thai: one byte, three in UTF-8) grows the buffer.
  std::string thai;
  for (int k = 0; k < 100000; ++k) thai += "\xE0\xB8\x81";  // U+0E01, byte 0xA1 in windows-874
  EXPECT_EQ(to_utf8(std::string(100000, '\xA1'), "windows-874"), thai);
  // An escape cut by the end: the ESC is lost, the byte after it kept.
  EXPECT_EQ(to_utf8("a\x1B$", "iso-2022-jp"), "a\xEF\xBF\xBD$");
  EXPECT_EQ(to_utf8("a\x1B$B", "iso-2022-jp"), "a");  // a whole escape, then nothing
}
