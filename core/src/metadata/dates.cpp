// Date strings -> ISO 8601 (parts.hpp: parse_date, date_from_url).
//
// Formats (the first plausible date in the text wins):
//   ISO 8601       2024-03-05, 2024-03-05T10:30:00Z, 2024-03-05 10:30+01:00 (time and zone kept)
//   numeric Y/M/D  2024/03/05, 2024.03.05, 2024. 3. 5.
//   numeric D/M/Y  05.03.2024, 5-3-2024 (day first); with '/', 05/03/2024 is month
//                  first (May 3) on English pages (and pages that give no language)
//                  other than en-GB/AU/NZ/IE/IN/ZA, day first (5 March) otherwise;
//                  a part > 12 decides whatever the language
//   month names    March 5, 2024 / Mar. 5th 2024 / 5 March 2024 / 5th of March, 2024 /
//                  Tue, 05 Mar 2024 10:00:00 +0000 (RFC 2822) / 5. März 2024 /
//                  5 de marzo de 2024 / le 5 mars 2024 / 5 maart 2024 / 5 de março de 2024
//   CJK            2024年3月5日
// Month names, full and abbreviated: English, German, French, Spanish, Italian,
// Portuguese, Dutch (kMonths). A month and year without a day is not a date here
// (the day is what is compared). Years outside 1900..2100 and impossible days
// (2023-02-29, 0000-00-00) are rejected.
#include <cctype>
#include <cstdio>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "metadata/parts.hpp"

namespace wce::metadata {
namespace {

constexpr int kMinYear = 1900, kMaxYear = 2100;

const struct { const char* name; int month; } kMonths[] = {
    // English
    {"january", 1}, {"february", 2}, {"march", 3}, {"april", 4}, {"may", 5}, {"june", 6}, {"july", 7},
    {"august", 8}, {"september", 9}, {"october", 10}, {"november", 11}, {"december", 12},
    {"jan", 1}, {"feb", 2}, {"mar", 3}, {"apr", 4}, {"jun", 6}, {"jul", 7}, {"aug", 8}, {"sep", 9},
    {"sept", 9}, {"oct", 10}, {"nov", 11}, {"dec", 12},
    // German
    {"januar", 1}, {"jänner", 1}, {"februar", 2}, {"märz", 3}, {"maerz", 3}, {"mai", 5}, {"juni", 6},
    {"juli", 7}, {"oktober", 10}, {"dezember", 12}, {"mär", 3}, {"mrz", 3}, {"okt", 10}, {"dez", 12},
    // French
    {"janvier", 1}, {"février", 2}, {"fevrier", 2}, {"mars", 3}, {"avril", 4}, {"juin", 6},
    {"juillet", 7}, {"août", 8}, {"aout", 8}, {"septembre", 9}, {"octobre", 10}, {"novembre", 11},
    {"décembre", 12}, {"decembre", 12}, {"janv", 1}, {"févr", 2}, {"fevr", 2}, {"avr", 4}, {"juil", 7},
    {"déc", 12},
    // Spanish
    {"enero", 1}, {"febrero", 2}, {"marzo", 3}, {"abril", 4}, {"mayo", 5}, {"junio", 6}, {"julio", 7},
    {"agosto", 8}, {"septiembre", 9}, {"setiembre", 9}, {"octubre", 10}, {"noviembre", 11},
    {"diciembre", 12}, {"ene", 1}, {"abr", 4}, {"ago", 8}, {"dic", 12},
    // Italian
    {"gennaio", 1}, {"febbraio", 2}, {"aprile", 4}, {"maggio", 5}, {"giugno", 6}, {"luglio", 7},
    {"settembre", 9}, {"ottobre", 10}, {"dicembre", 12}, {"gen", 1}, {"mag", 5}, {"giu", 6},
    {"lug", 7}, {"set", 9}, {"ott", 10},
    // Portuguese
    {"janeiro", 1}, {"fevereiro", 2}, {"março", 3}, {"marco", 3}, {"maio", 5}, {"junho", 6},
    {"julho", 7}, {"setembro", 9}, {"outubro", 10}, {"novembro", 11}, {"dezembro", 12}, {"fev", 2},
    {"out", 10},
    // Dutch
    {"januari", 1}, {"februari", 2}, {"maart", 3}, {"mei", 5}, {"augustus", 8}, {"mrt", 3},
};

// Words skipped between the parts of a date: ordinal suffixes and connectives.
const char* const kFillers[] = {"st", "nd", "rd", "th", "de", "del", "of", "the", "le", "el", "den", "der",
                                "am", "em", "do", "da", "er", "e", "º", "ª", "on", "à", "a"};

// English locales that write the day first.
const char* const kDayFirstEnglish[] = {"en-gb", "en-au", "en-nz", "en-ie", "en-in", "en-za", "en_gb", "en_au"};

struct Tok {
  enum Kind { Num, Word, Sep } kind;
  std::string text;  // Word: lowercased ASCII; Sep: the character
  long value = 0;    // Num
  int digits = 0;    // Num
};

int month_of(std::string_view s) {
  // One hash lookup instead of a comparison with every name of every language.
  static const std::unordered_map<std::string_view, int> months = [] {
    std::unordered_map<std::string_view, int> m;
    for (const auto& e : kMonths) m.emplace(e.name, e.month);  // the first entry wins, as the list's order did
    return m;
  }();
  if (!s.empty() && s.back() == '.') s.remove_suffix(1);
  const auto it = months.find(s);
  return it == months.end() ? 0 : it->second;
}

bool is_filler(const std::string& w) {
  for (const char* f : kFillers)
    if (w == f) return true;
  return false;
}

bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

bool valid(int y, int m, int d) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (y < kMinYear || y > kMaxYear || m < 1 || m > 12 || d < 1) return false;
  return d <= kDays[m - 1] + (m == 2 && leap(y) ? 1 : 0);
}

std::string ymd(int y, int m, int d) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", y, m, d);
  return buf;
}

std::vector<Tok> tokenize(std::string_view s) {
  std::vector<Tok> out;
  size_t i = 0;
  while (i < s.size() && out.size() < 4096) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (std::isdigit(c)) {
      Tok t{Tok::Num, {}, 0, 0};
      while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        if (t.digits < 9) t.value = t.value * 10 + (s[i] - '0');
        ++t.digits;
        ++i;
      }
      out.push_back(t);
    } else if (std::isalpha(c) || c >= 0x80) {
      Tok t{Tok::Word, {}, 0, 0};
      // CJK date marks are words of their own.
      if (s.compare(i, 3, "\xE5\xB9\xB4") == 0 || s.compare(i, 3, "\xE6\x9C\x88") == 0 ||
          s.compare(i, 3, "\xE6\x97\xA5") == 0) {
        t.text = std::string(s.substr(i, 3));
        i += 3;
        out.push_back(t);
        continue;
      }
      while (i < s.size()) {
        unsigned char d = static_cast<unsigned char>(s[i]);
        if (!(std::isalpha(d) || d >= 0x80)) break;
        if (s.compare(i, 3, "\xE5\xB9\xB4") == 0 || s.compare(i, 3, "\xE6\x9C\x88") == 0 ||
            s.compare(i, 3, "\xE6\x97\xA5") == 0)
          break;
        // Upper-case Ä Ö Ü É in month names (MÄRZ, DÉCEMBRE): lower them.
        if (d == 0xC3 && i + 1 < s.size()) {
          unsigned char e = static_cast<unsigned char>(s[i + 1]);
          if (e >= 0x80 && e <= 0x9E && e != 0x97) e = static_cast<unsigned char>(e + 0x20);
          t.text += static_cast<char>(d);
          t.text += static_cast<char>(e);
          i += 2;
          continue;
        }
        t.text += static_cast<char>(std::tolower(d));
        ++i;
      }
      if (!is_filler(t.text)) out.push_back(t);
    } else {
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out.push_back(Tok{Tok::Sep, std::string(1, s[i]), 0, 0});
      ++i;
    }
  }
  return out;
}

// The widest UTC offset in use (+14:00, Kiribati).
constexpr int kMaxZoneHours = 14;

// ISO 8601 with '-' at any position, the time and zone kept when given.
std::string iso_at(std::string_view s, size_t i) {
  auto digits = [&](size_t at, size_t n) {
    if (at + n > s.size()) return false;
    for (size_t k = 0; k < n; ++k)
      if (!std::isdigit(static_cast<unsigned char>(s[at + k]))) return false;
    return true;
  };
  if (!digits(i, 4) || i + 10 > s.size() || s[i + 4] != '-' || !digits(i + 5, 2) || s[i + 7] != '-' ||
      !digits(i + 8, 2))
    return {};
  if (i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1]))) return {};
  if (i + 10 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 10]))) return {};
  int y = std::stoi(std::string(s.substr(i, 4))), m = std::stoi(std::string(s.substr(i + 5, 2))),
      d = std::stoi(std::string(s.substr(i + 8, 2)));
  if (!valid(y, m, d)) return {};
  std::string out = ymd(y, m, d);
  size_t t = i + 10;
  if (t < s.size() && (s[t] == 'T' || s[t] == ' ') && digits(t + 1, 2) && t + 3 < s.size() && s[t + 3] == ':' &&
      digits(t + 4, 2)) {
    int hh = std::stoi(std::string(s.substr(t + 1, 2))), mm = std::stoi(std::string(s.substr(t + 4, 2)));
    if (hh > 23 || mm > 59) return out;
    out += 'T';
    out += s.substr(t + 1, 5);
    size_t z = t + 6;
    if (z + 2 < s.size() && s[z] == ':' && digits(z + 1, 2)) {
      out += s.substr(z, 3);
      z += 3;
      while (z < s.size() && (s[z] == '.' || std::isdigit(static_cast<unsigned char>(s[z])))) ++z;  // fractions dropped
    }
    if (z < s.size() && s[z] == 'Z') {
      out += 'Z';
    } else if (z < s.size() && (s[z] == '+' || s[z] == '-') && digits(z + 1, 2)) {
      // +HH, +HHMM or +HH:MM. A zone that is not one ("-500": hour 50, a
      // digit left over) is dropped: the time stays, read as the page's own.
      const int zh = std::stoi(std::string(s.substr(z + 1, 2)));
      size_t mz = z + 3;
      if (mz < s.size() && s[mz] == ':') ++mz;
      const bool has_minutes = digits(mz, 2);
      const int zm = has_minutes ? std::stoi(std::string(s.substr(mz, 2))) : 0;
      const size_t end = has_minutes ? mz + 2 : mz;
      const bool digit_left = end < s.size() && std::isdigit(static_cast<unsigned char>(s[end]));
      if (zh <= kMaxZoneHours && zm <= 59 && !digit_left) {
        out += s.substr(z, 3);
        out += ':';
        out += has_minutes ? std::string(s.substr(mz, 2)) : std::string("00");
      }
    }
  }
  return out;
}

bool day_first_for(std::string_view lang) {
  std::string l;
  for (char c : lang) l += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (l.empty() || l.compare(0, 2, "en") != 0) return !l.empty();
  for (const char* p : kDayFirstEnglish)
    if (l.compare(0, 5, p) == 0) return true;
  return false;
}

bool is_sep(const Tok& t, const char* chars) {
  return t.kind == Tok::Sep && std::string_view(chars).find(t.text[0]) != std::string_view::npos;
}

// Skips optional ',' '.' separators from k.
size_t skip_soft(const std::vector<Tok>& t, size_t k) {
  while (k < t.size() && is_sep(t[k], ",.")) ++k;
  return k;
}

std::string from_tokens(const std::vector<Tok>& t, bool day_first) {
  auto num = [&](size_t k, int lo, int hi) {
    return k < t.size() && t[k].kind == Tok::Num && t[k].digits >= lo && t[k].digits <= hi;
  };
  auto word_month = [&](size_t k) { return k < t.size() && t[k].kind == Tok::Word ? month_of(t[k].text) : 0; };
  for (size_t i = 0; i < t.size(); ++i) {
    // Y sep M sep D
    if (num(i, 4, 4) && i + 4 < t.size() && is_sep(t[i + 1], "-/.") && num(i + 2, 1, 2) &&
        t[i + 3].kind == Tok::Sep && t[i + 3].text == t[i + 1].text && num(i + 4, 1, 2)) {
      int y = t[i].value, m = t[i + 2].value, d = t[i + 4].value;
      if (valid(y, m, d)) return ymd(y, m, d);
    }
    // 2024年3月5日
    if (num(i, 4, 4) && i + 5 < t.size() && t[i + 1].text == "\xE5\xB9\xB4" && num(i + 2, 1, 2) &&
        t[i + 3].text == "\xE6\x9C\x88" && num(i + 4, 1, 2)) {
      int y = t[i].value, m = t[i + 2].value, d = t[i + 4].value;
      if (valid(y, m, d)) return ymd(y, m, d);
    }
    // a sep b sep Y
    if (num(i, 1, 2) && i + 4 < t.size() && is_sep(t[i + 1], "-/.") && num(i + 2, 1, 2) &&
        t[i + 3].kind == Tok::Sep && t[i + 3].text == t[i + 1].text && num(i + 4, 4, 4)) {
      int a = t[i].value, b = t[i + 2].value, y = t[i + 4].value;
      bool dmy = t[i + 1].text != "/" || day_first;
      if (a > 12) dmy = true;
      else if (b > 12) dmy = false;
      int d = dmy ? a : b, m = dmy ? b : a;
      if (valid(y, m, d)) return ymd(y, m, d);
    }
    // Month D, Y
    if (int m = word_month(i)) {
      size_t k = skip_soft(t, i + 1);
      if (num(k, 1, 2)) {
        int d = t[k].value;
        size_t ky = skip_soft(t, k + 1);
        if (num(ky, 4, 4) && valid(t[ky].value, m, d)) return ymd(t[ky].value, m, d);
      }
    }
    // D Month Y
    if (num(i, 1, 2)) {
      size_t k = skip_soft(t, i + 1);
      if (int m = word_month(k)) {
        size_t ky = skip_soft(t, k + 1);
        if (num(ky, 4, 4) && valid(t[ky].value, m, t[i].value)) return ymd(t[ky].value, m, t[i].value);
      }
    }
  }
  return {};
}

}  // namespace

bool is_month_name(std::string_view word) {
  std::string w;
  for (char c : word) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return month_of(w) != 0;
}

std::string parse_date(std::string_view text, std::string_view lang) {
  if (text.size() > 4096) text = text.substr(0, 4096);
  // Every format has digits: most texts are turned away here, before tokenising.
  bool digit = false;
  for (char c : text) digit = digit || (c >= '0' && c <= '9');
  if (!digit) return {};
  for (size_t i = 0; i + 10 <= text.size(); ++i)
    if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      std::string iso = iso_at(text, i);
      if (!iso.empty()) return iso;
    }
  return from_tokens(tokenize(text), day_first_for(lang));
}

std::string date_from_url(std::string_view url) {
  // /2024/03/05/ or /2024-03-05 in the path (not the host).
  size_t scheme = url.find("://");
  size_t path = url.find('/', scheme == std::string_view::npos ? 0 : scheme + 3);
  if (path == std::string_view::npos) return {};
  std::string_view p = url.substr(path);
  for (size_t i = 0; i + 10 <= p.size(); ++i) {
    if (p[i] != '/' || !std::isdigit(static_cast<unsigned char>(p[i + 1]))) continue;
    size_t k = i + 1;
    auto read = [&](size_t n, int& v) {
      v = 0;
      for (size_t j = 0; j < n; ++j, ++k) {
        if (k >= p.size() || !std::isdigit(static_cast<unsigned char>(p[k]))) return false;
        v = v * 10 + (p[k] - '0');
      }
      return true;
    };
    int y, m, d;
    if (!read(4, y) || k >= p.size() || (p[k] != '/' && p[k] != '-')) continue;
    char sep = p[k++];
    if (!read(2, m) || k >= p.size() || p[k] != sep) continue;
    ++k;
    if (!read(2, d)) continue;
    if (k < p.size() && std::isdigit(static_cast<unsigned char>(p[k]))) continue;
    if (valid(y, m, d)) return ymd(y, m, d);
  }
  return {};
}

}  // namespace wce::metadata
