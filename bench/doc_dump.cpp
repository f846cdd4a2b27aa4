// Byte-for-byte Document comparison: a stable 64-bit hash of every field of
// the Document that parse_html builds (every Node field, the string pool, the
// text-node index), one line per page, so that a parser change can be shown
// not to change any tree: run the old and the new build and `cmp` the outputs.
//
//   build/native/doc_dump [--sniff] [--fuzz N] [--time] PATH...
//
// PATH: dataset files or folders (as `wce bench --data`). Output lines:
//   <id> <TAB> <hash of the Document parsed as UTF-8>
//        [<TAB> <hash of the Document with the charset sniffed> with --sniff]
// then `fuzz-<i>` lines for N generated adversarial inputs (invalid UTF-8,
// CR/CRLF, NUL, controls, character references, script/RCDATA/CDATA/foreign
// content, attributes; the same inputs on every run), then one `ALL` line:
// pages and the hash of all the page hashes. With --time, stderr gets the
// parse throughput (UTF-8 input MB per second of parse_html; JSON reading
// excluded) for benchmarking (lab/results/gumbo-tokenizer-*.md), by wall
// clock and by this thread's CPU time (steadier on a shared machine).
#include <time.h>

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "io/dataset.hpp"
#include "wce/train/fnv1a.hpp"
#include "wce/wce.hpp"

namespace {

// FNV-1a (stable across runs, builds and machines), with a Span as its two fields.
struct Hash : wce::Fnv1a {
  void span(wce::Span s) { u64(s.off); u64(s.len); }
};

// Every field by name (not the struct's bytes: padding is not data).
uint64_t document_hash(const wce::Document& d) {
  Hash h;
  h.u64(d.nodes.size());
  for (const wce::Node& n : d.nodes) {
    h.u64(n.parent); h.u64(n.first_child); h.u64(n.last_child); h.u64(n.next_sibling);
    h.u64(n.depth); h.u64(static_cast<uint64_t>(n.kind)); h.u64(n.flags);
    h.u64(static_cast<uint64_t>(n.tag));
    h.span(n.text); h.span(n.id); h.span(n.cls); h.span(n.role); h.span(n.itemprop);
    h.u64(n.text_index); h.u64(n.src_begin); h.u64(n.src_end);
  }
  h.u64(d.pool.size());
  h.bytes(d.pool.data(), d.pool.size());
  h.u64(d.text_nodes.size());
  for (uint32_t t : d.text_nodes) h.u64(t);
  return h.value;
}

// Pieces that exercise the tokenizer's corner cases; a fuzz input is a
// pseudo-random sequence of them and of random bytes.
const char* const kPieces[] = {
  "<", ">", "</", "/>", "&", "&amp;", "&amp", "&lt;", "&notin;", "&notit;", "&not", "&#", "&#x",
  "&#X1F600;", "&#65;", "&#0;", "&#x80;", "&#xD800;", "&#1114112;", "&#x110000", "&#9999999999;",
  "&ampx", "&AElig", "&ouml", "=", "\"", "'", "`", " ", "\t", "\n", "\r", "\r\n", "\f", nullptr /* NUL */,
  "\x01", "\x0b", "\x7f", "\xc2\x80", "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xef\xbf\xbe",
  "\xef\xb7\x90", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\xaf",
  "text ", "word", "<p>", "</p>", "<div class=\"a b\" id=x>", "<a href=\"javascript:f()\" rel=author>",
  "</a>", "<b>", "</b>", "<i>", "<br/>", "<img src=x alt='y'>", "<input value=&quot;v>",
  "<span title=\"a&amp;b&notin;c\">", "<td>", "<tr>", "<table>", "</table>", "<select>", "<option>",
  "<script>", "</script>", "<script type=\"text/javascript\">", "<!--", "-->", "--!>", "<!-->",
  "<style>", "</style>", "<title>", "</title>", "<textarea>", "</textarea>", "<xmp>", "<iframe>",
  "<noscript>", "<noembed>", "<plaintext>", "<svg>", "</svg>", "<math>", "<![CDATA[", "]]>",
  "<foreignObject>", "<desc>", "<template>", "</template>", "<!DOCTYPE html>", "<!doctype html public \"-//W3C//DTD HTML 4.01//EN\">",
  "<!DOCTYPE>", "<?xml?>", "<!x>", "<html>", "<head>", "<body>", "</body>", "</html>", "<frameset>",
  "<h1>", "<li>", "<ul>", "<form>", "</form>", "<pre>\n", "<listing>", "<a b c=d e='f' g=\"h\"/>",
  "<DIV CLASS=Upper>", "<x-custom>", "</x-custom>", "<p <p>", "a=b", "<!-- <script> -->",
  "<script><!--", "<script><!--<script>", "--></script>", "</scrip", "</script ", "</SCRIPT>",
};

std::string fuzz_input(uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  auto next = [&s] {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    return s;
  };
  const size_t n_pieces = sizeof(kPieces) / sizeof(kPieces[0]);
  std::string out;
  const int parts = 1 + static_cast<int>(next() % 300);
  for (int i = 0; i < parts; ++i) {
    uint64_t r = next();
    if (r % 8 == 0) {
      out.push_back(static_cast<char>(next() & 0xFF));  // any byte
    } else {
      const char* p = kPieces[r % n_pieces];
      if (p) out += p; else out.push_back('\0');
    }
  }
  return out;
}

void usage() {
  std::fprintf(stderr, "usage: doc_dump [--sniff] [--fuzz N] [--time] PATH...\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool sniff = false, timing = false;
  long fuzz = 0;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--sniff") sniff = true;
    else if (a == "--time") timing = true;
    else if (a == "--fuzz" && i + 1 < argc) fuzz = std::strtol(argv[++i], nullptr, 10);
    else if (a.rfind("--", 0) == 0) { usage(); return 2; }
    else paths.push_back(a);
  }
  if (paths.empty() && fuzz == 0) { usage(); return 2; }

  using Clock = std::chrono::steady_clock;
  Clock::duration parse_time{};
  double parse_cpu = 0;  // seconds of this thread's CPU time
  auto cpu_now = [] {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
  };
  uint64_t parse_bytes = 0;
  Hash all;
  uint64_t pages = 0;
  auto parse = [&](const std::string& html, const char* charset) {
    auto t0 = Clock::now();
    const double c0 = cpu_now();
    wce::Document d = wce::parse_html(html, charset);
    parse_cpu += cpu_now() - c0;
    parse_time += Clock::now() - t0;
    parse_bytes += html.size();
    return document_hash(d);
  };
  auto emit = [&](const std::string& id, const std::string& html, bool is_utf8) {
    uint64_t h = parse(html, is_utf8 ? "utf-8" : "");
    all.u64(h);
    std::printf("%s\t%016" PRIx64, id.c_str(), h);
    if (sniff) {
      uint64_t hs = parse(html, "");
      all.u64(hs);
      std::printf("\t%016" PRIx64, hs);
    }
    std::printf("\n");
    ++pages;
  };

  std::vector<wce::io::DatasetProblem> problems;
  try {
    for (const std::string& p : paths)
      wce::io::read_dataset(p, [&](wce::io::Page&& page) { emit(page.id, page.html, page.html_is_utf8); },
                             problems, wce::io::Need::Html);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "doc_dump: %s\n", e.what());
    return 2;
  }
  for (const auto& pr : problems) std::fprintf(stderr, "%s: %s\n", pr.where.c_str(), pr.what.c_str());
  for (long i = 0; i < fuzz; ++i) emit("fuzz-" + std::to_string(i), fuzz_input(static_cast<uint64_t>(i)), true);
  std::printf("ALL\t%" PRIu64 "\t%016" PRIx64 "\n", pages, all.value);
  if (timing) {
    double s = std::chrono::duration<double>(parse_time).count();
    std::fprintf(stderr, "parse: %" PRIu64 " bytes in %.3f s = %.2f MB/s wall, %.3f s = %.2f MB/s CPU\n",
                 parse_bytes, s, s > 0 ? parse_bytes / 1e6 / s : 0.0, parse_cpu,
                 parse_cpu > 0 ? parse_bytes / 1e6 / parse_cpu : 0.0);
  }
  return problems.empty() ? 0 : 1;
}
