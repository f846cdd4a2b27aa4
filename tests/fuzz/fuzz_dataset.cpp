// Harness (d): dataset record reading (io/dataset.hpp read_dataset), and each
// record's page through the run layer as the CLI takes it (io::page_source). The first byte chooses how the rest reaches the reader:
// as a plain .jsonl file, gzip-compressed by us (so valid gzip streams carry
// the fuzzed lines), or as raw bytes in a file named .jsonl.gz (broken gzip).
// read_dataset reads paths, so the bytes go through one temporary file per
// process (in $TMPDIR, removed at exit).
#include <unistd.h>
#include <zlib.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

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
  for (auto need : {io::Need::HtmlAndText, io::Need::Text, io::Need::Html}) {
    std::vector<io::DatasetProblem> problems;
    size_t pages = 0;
    try {
      io::read_dataset(path, [&](io::Page&& p) {
        ++pages;
        if (p.id.empty() || p.dataset.empty()) broken("a page without id or dataset name");
        if (need != io::Need::Text) check_document(PageRun::parse(io::page_source(p)).doc());
      }, problems, need);
    } catch (const std::runtime_error&) {
      // decompression failed: a clear error, as the CLI reports it
    }
    for (const auto& p : problems)
      if (p.where.empty() || p.what.empty()) broken("a problem without place or description");
    io::problems_json(problems).dump();
  }
  return 0;
}

}  // namespace wce::fuzz
