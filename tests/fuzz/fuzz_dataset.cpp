// Harness (d): dataset record reading (io/dataset.hpp read_dataset), and each
// record's page through the run layer as the CLI takes it (io::page_source). The first byte chooses how the rest reaches the reader:
// as a plain .jsonl file, gzip-compressed by us (so valid gzip streams carry
// the fuzzed lines), or as raw bytes in a file named .jsonl.gz (broken gzip).
// read_dataset reads paths, so the bytes go through one temporary file per
// process (in $TMPDIR, removed at exit). Invariant: every record (a line with
// something besides blanks) is either a page or a reported problem, once; and
// every page is parsed or refused as not HTML.
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>

#include "check.hpp"
#include "io/dataset.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

struct TempFiles {
  std::string plain, gz;
  TempFiles() {
    const char* dir = std::getenv("TMPDIR");
    std::string base = std::string(dir && *dir ? dir : "/tmp") + "/wce-fuzz-dataset-" + std::to_string(getpid());
    plain = base + ".jsonl";
    gz = base + ".jsonl.gz";
  }
  ~TempFiles() {
    std::remove(plain.c_str());
    std::remove(gz.c_str());
  }
};

void write_file(const std::string& path, const uint8_t* data, size_t size) {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) broken("cannot write " + path);
  if (size) std::fwrite(data, 1, size, f);
  std::fclose(f);
}

void write_gzip(const std::string& path, const uint8_t* data, size_t size) {
  gzFile f = gzopen(path.c_str(), "wb");
  if (!f) broken("cannot write " + path);
  if (size) gzwrite(f, data, static_cast<unsigned>(size));
  gzclose(f);
}

}  // namespace

int dataset_target(const uint8_t* data, size_t size) {
  static TempFiles files;
  if (size == 0) return 0;
  int mode = data[0] % 3;
  const std::string& path = mode == 0 ? files.plain : files.gz;
  if (mode == 1) write_gzip(path, data + 1, size - 1);
  else write_file(path, data + 1, size - 1);
  // The records the file holds: its lines with something besides blanks
  // (when zlib reads it as plain text or as the gzip we wrote).
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const bool countable = mode == 1 || !(text.size() >= 2 && static_cast<unsigned char>(text[0]) == 0x1f &&
                                        static_cast<unsigned char>(text[1]) == 0x8b);
  size_t lines = 0;
  for (size_t at = 0; at < text.size();) {
    size_t nl = text.find('\n', at);
    std::string_view line = text.substr(at, nl == std::string_view::npos ? std::string_view::npos : nl - at);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) ++lines;
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  for (auto need : {io::Need::HtmlAndText, io::Need::Text, io::Need::Html}) {
    std::vector<io::DatasetProblem> problems;
    size_t pages = 0, refused = 0, ok = 0;
    bool failed = false;
    try {
      io::read_dataset(path, [&](io::Page&& p) {
        ++pages;
        if (p.id.empty() || p.dataset.empty()) broken("a page without id or dataset name");
        if (need == io::Need::Text) return;
        try {
          check_document(PageRun::parse(io::page_source(p)).doc());
          ++ok;
        } catch (const NotHtmlError&) {
          if (binary_kind(p.html, "utf-8").empty()) broken("NotHtmlError for a page binary_kind calls text");
          ++refused;
        }
      }, problems, need);
    } catch (const std::runtime_error&) {
      failed = true;  // decompression failed: a clear error, as the CLI reports it
    }
    for (const auto& p : problems)
      if (p.where.empty() || p.what.empty()) broken("a problem without place or description");
    // Every record is a page or a problem, once (the CLI's counts add up from these).
    if (!failed && countable && pages + problems.size() != lines)
      broken(std::to_string(lines) + " records, " + std::to_string(pages) + " pages + " +
             std::to_string(problems.size()) + " problems");
    if (need != io::Need::Text && ok + refused != pages) broken("a page neither parsed nor refused");
    io::problems_json(problems).dump();
  }
  return 0;
}

}  // namespace wce::fuzz
