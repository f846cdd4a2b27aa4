// The title without the site name (parts.hpp: clean_title).
//  1. The page's first visible <h1> (not the site's name, not a widget's, not
//     over kMaxHeadingBytes) is the title when the candidate or the <title>
//     contains it, or when it is the page's only such <h1> and the <title> has
//     at least kMinSharedWords of its words: the check against the headings
//     that Readability.js and trafilatura make, here preferring the heading,
//     which WCXB's annotators took more often than the <title>. A lone <h1>
//     that fails the word test (a slogan, a section's label) gives way to the
//     <title>, step 2.
//  2. Otherwise the candidate is cut at its separators (kSeparators), parts at
//     either end that name the site (its name, or the URL's host) are dropped,
//     and of what is left with a separator still in it ("Headline - Tagline")
//     the first part is kept when it has more than one word.
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

// Separators between a title and its site name (with the spaces around them).
const char* const kSeparators[] = {" | ",  " - ",  " \xE2\x80\x93 ", " \xE2\x80\x94 ", " :: ", " \xC2\xBB ",
                                   " \xC2\xAB ", " \xC2\xB7 ", " \xE2\x80\xA2 ", " ~ ", " / ", " : ", " // ",
                                   " \xE2\x80\xBA ", " > "};
// A site part may carry a few more characters than the site's name ("Splunk Blog").
constexpr size_t kSiteSlack = 12;
constexpr size_t kMaxTitleBytes = 2000;
// A machine name is longer than an acronym ("BBC", "NASA", "CNBC").
constexpr size_t kMinMachineNameBytes = 6;
// The <title>'s site part has at most this many words ("Inquirer News").
constexpr size_t kMaxSitePartWords = 4;
// The share of a lone <h1>'s words that the <title> must have for the <h1> to be
// the title (chosen on half of WCXB dev's domains, lab/results/metadata.md).
constexpr double kMinSharedWords = 0.3;
// An <h1> longer than this is a paragraph in a heading, not the title.
constexpr size_t kMaxHeadingBytes = 200;
// <h1>s that name a widget, not the page (normalised: lowercase letters and digits).
const char* const kWidgetHeadings[] = {"menu", "mainmenu", "navigation", "search", "home", "cart",
                                       "shoppingcart", "login", "signin", "newsletter", "skiptocontent"};

// Lowercase letters and digits only (non-ASCII bytes kept), to compare names.
std::string norm(std::string_view s) {
  std::string out;
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (std::isalnum(c)) out += static_cast<char>(std::tolower(c));
    else if (c >= 0x80) out += ch;
  }
  return out;
}

// The registrable label of the URL's host: "www.splunk.com" -> "splunk", "bbc.co.uk" -> "bbc".
std::string host_label(std::string_view url) {
  size_t b = url.find("://");
  b = b == std::string_view::npos ? 0 : b + 3;
  size_t e = url.find_first_of("/?#:", b);
  std::string host(url.substr(b, e == std::string_view::npos ? std::string_view::npos : e - b));
  std::vector<std::string> labels;
  size_t from = 0;
  while (true) {
    size_t dot = host.find('.', from);
    labels.push_back(host.substr(from, dot == std::string::npos ? std::string::npos : dot - from));
    if (dot == std::string::npos) break;
    from = dot + 1;
  }
  if (labels.size() < 2) return norm(host);
  size_t k = labels.size() - 2;
  // co.uk, com.au, ...: the label before them.
  if (k > 0 && labels[k].size() <= 3 && labels.back().size() == 2) --k;
  return norm(labels[k]);
}

// Words: runs of letters and digits, lowercased (non-ASCII bytes are letters).
std::vector<std::string> words_of(std::string_view s) {
  std::vector<std::string> out;
  std::string w;
  for (size_t i = 0; i <= s.size(); ++i) {
    unsigned char c = i < s.size() ? static_cast<unsigned char>(s[i]) : ' ';
    if (std::isalnum(c) || c >= 0x80) {
      w += static_cast<char>(std::tolower(c));
    } else if (!w.empty()) {
      out.push_back(w);
      w.clear();
    }
  }
  return out;
}

// The share of a's different words that b has too.
double shared_words(std::string_view a, std::string_view b) {
  std::vector<std::string> wa = words_of(a), wb = words_of(b);
  std::sort(wa.begin(), wa.end());
  wa.erase(std::unique(wa.begin(), wa.end()), wa.end());
  std::sort(wb.begin(), wb.end());
  if (wa.empty()) return 0;
  size_t shared = 0;
  for (const auto& w : wa) shared += std::binary_search(wb.begin(), wb.end(), w) ? 1 : 0;
  return static_cast<double>(shared) / static_cast<double>(wa.size());
}

bool names_site(const std::string& part, const std::string& site, const std::string& host) {
  std::string p = norm(part);
  if (p.empty()) return true;
  auto close = [&](const std::string& name) {
    if (name.size() < 3) return false;
    if (p == name) return true;
    if (p.size() >= 4 && name.find(p) != std::string::npos) return true;
    return p.find(name) != std::string::npos && p.size() <= name.size() + kSiteSlack;
  };
  return close(site) || close(host);
}

struct Part {
  size_t begin, end;  // in the title
};

std::vector<Part> split(const std::string& t) {
  std::vector<Part> parts;
  size_t start = 0, i = 0;
  while (i < t.size()) {
    if (t[i] != ' ') {  // every separator starts with a space
      ++i;
      continue;
    }
    size_t sep_len = 0;
    for (const char* s : kSeparators) {
      size_t n = std::string_view(s).size();
      if (t.compare(i, n, s) == 0) {
        sep_len = n;
        break;
      }
    }
    if (sep_len == 0) {
      ++i;
      continue;
    }
    parts.push_back({start, i});
    i += sep_len;
    start = i;
  }
  parts.push_back({start, t.size()});
  return parts;
}

}  // namespace

bool names_the_site(std::string_view text, std::string_view site, std::string_view page_url) {
  return !norm(text).empty() && names_site(std::string(text), norm(site), host_label(page_url));
}

std::string without_site_names(std::string_view names, std::string_view site, std::string_view page_url) {
  std::string out;
  for (size_t i = 0; i < names.size();) {
    size_t e = names.find("; ", i);
    if (e == std::string_view::npos) e = names.size();
    std::string_view name = names.substr(i, e - i);
    if (!names_the_site(name, site, page_url)) out += (out.empty() ? "" : "; ") + std::string(name);
    i = e + 2;
  }
  return out;
}

bool is_machine_name(std::string_view site) {
  if (site.size() < kMinMachineNameBytes) return false;
  for (char ch : site) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (!(std::isupper(c) || std::isdigit(c) || c == '_')) return false;
  }
  return true;
}

std::string title_site_part(std::string_view title) {
  std::string t = collapse_space(decode_entities(title));
  std::vector<Part> parts = split(t);
  if (parts.size() < 2) return {};
  std::string last = t.substr(parts.back().begin, parts.back().end - parts.back().begin);
  size_t words = 0;
  for (size_t i = 0; i < last.size(); ++i)
    if (last[i] != ' ' && (i == 0 || last[i - 1] == ' ')) ++words;
  return words >= 1 && words <= kMaxSitePartWords ? last : std::string();
}

namespace {

std::string limited(std::string_view candidate) {
  std::string t = collapse_space(decode_entities(candidate));
  if (t.size() > kMaxTitleBytes) {  // a title of 1 MB is not one: cut at a character boundary
    size_t cut = kMaxTitleBytes;
    while (cut > 0 && (static_cast<unsigned char>(t[cut]) & 0xC0) == 0x80) --cut;
    t.resize(cut);
  }
  return t;
}

// The title cut at its separators, the parts at either end that name the site
// dropped; of what is left with a separator still in it ("Headline - Tagline"),
// the first part when it has more than one word.
std::string without_site(const std::string& t, const std::string& site_n, const std::string& host_n) {
  if (t.empty()) return t;
  std::vector<Part> parts = split(t);
  if (parts.size() == 1) return t;
  size_t first = 0, last = parts.size();
  auto text = [&](const Part& p) { return t.substr(p.begin, p.end - p.begin); };
  while (last - first > 1 && names_site(text(parts[last - 1]), site_n, host_n)) --last;
  while (last - first > 1 && names_site(text(parts[first]), site_n, host_n)) ++first;
  // Still several parts ("Headline - Tagline"): the headline comes first, unless
  // it is a single word (a product or section name before the real title).
  std::string head = text(parts[first]);
  if (last - first > 1 && head.find(' ') != std::string::npos) return head;
  return t.substr(parts[first].begin, parts[last - 1].end - parts[first].begin);
}

}  // namespace

std::string clean_title(std::string_view candidate, const Document& doc, const PageScan& scan,
                        std::string_view site, std::string_view page_url) {
  std::string t = limited(candidate);
  std::string site_n = norm(site), host_n = host_label(page_url);

  // The page's own headline: the first visible <h1> that is neither the site's
  // name nor a widget's ("Menu"), nor too long to be a title.
  std::vector<std::string> h1;
  for (uint32_t n : scan.h1) {
    std::string s = element_text(doc, n, 2 * kMaxHeadingBytes);
    std::string sn = norm(s);
    if (sn.size() < 3 || s.size() > kMaxHeadingBytes || names_site(s, site_n, host_n)) continue;
    bool widget = false;
    for (const char* w : kWidgetHeadings) widget = widget || sn == w;
    if (!widget) h1.push_back(s);
  }
  // It is the title when the title tags repeat it (in part: "Headline |
  // Section | Site"), or when it is the only one and shares enough of its words
  // with the <title>: a lone <h1> that does not ("You deserve to be happy."
  // under "BetterHelp | Professional Therapy") is a slogan or a section's
  // label, and the <title> names the page.
  if (!h1.empty()) {
    std::string hn = norm(h1.front());
    if (norm(t).find(hn) != std::string::npos || norm(scan.title).find(hn) != std::string::npos) return h1.front();
    const std::string& reference = scan.title.empty() ? t : scan.title;
    if (h1.size() == 1 && (reference.empty() || shared_words(h1.front(), reference) >= kMinSharedWords))
      return h1.front();
    // Not the <h1>: the <title> it was measured against names the page.
    if (h1.size() == 1 && !scan.title.empty()) t = limited(scan.title);
  }
  std::string cut = without_site(t, site_n, host_n);
  return cut;
}

}  // namespace wce::metadata
