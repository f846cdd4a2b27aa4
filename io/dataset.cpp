#include "dataset.hpp"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace wce::io {

std::string read_file(const std::string& path) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    if (std::cin.bad()) throw std::runtime_error("cannot read standard input");
    return ss.str();
  }
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw std::runtime_error(path + ": is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open file");
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) throw std::runtime_error(path + ": read error");
  return data;
}

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Line reader over a file that may be gzip-compressed (zlib reads plain files too).
class LineReader {
 public:
  explicit LineReader(const std::string& path)
      : f_(path == "-" ? gzdopen(dup(fileno(stdin)), "rb") : gzopen(path.c_str(), "rb")) {
    if (!f_) throw std::runtime_error(path + ": cannot open file");
    gzbuffer(f_, 1 << 17);
  }
  ~LineReader() { if (f_) gzclose(f_); }
  bool next(std::string& line) {
    line.clear();
    for (;;) {
      if (pos_ == len_) {
        int n = gzread(f_, buf_, sizeof buf_);
        if (n < 0) {
          int err;
          throw std::runtime_error(std::string("decompression failed: ") + gzerror(f_, &err));
        }
        if (n == 0) return !line.empty();
        len_ = static_cast<size_t>(n);
        pos_ = 0;
      }
      const char* start = buf_ + pos_;
      const void* nl = memchr(start, '\n', len_ - pos_);
      size_t take = nl ? static_cast<const char*>(nl) - start : len_ - pos_;
      line.append(start, take);
      pos_ += take;
      if (nl) { ++pos_; return true; }
    }
  }

 private:
  gzFile f_;
  char buf_[1 << 16];
  size_t pos_ = 0, len_ = 0;
};

std::string string_field(const nlohmann::json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

void read_jsonl(const std::string& path, const std::function<void(Page&&)>& on_page,
                std::vector<DatasetProblem>& problems, Need need) {
  std::string fallback_name = fs::path(path).filename().string();
  fallback_name = fallback_name.substr(0, fallback_name.find('.'));
  if (path == "-") fallback_name = "stdin";
  size_t record = 0;
  for_each_json_line(path, [&](const nlohmann::json& j, const std::string& where) {
    ++record;
    auto html = j.find("html");
    auto text = j.find("text");
    bool html_ok = html != j.end() && html->is_string();
    bool text_ok = text != j.end() && text->is_string();
    if (need != Need::Text && !html_ok) { problems.push_back({where, "missing string field \"html\""}); return; }
    if (need != Need::Html && !text_ok) { problems.push_back({where, "missing string field \"text\""}); return; }
    Page p;
    p.id = string_field(j, "id");
    if (p.id.empty()) p.id = fallback_name + "-" + std::to_string(record);
    p.dataset = string_field(j, "dataset");
    if (p.dataset.empty()) p.dataset = fallback_name;
    p.lang = string_field(j, "lang");
    p.url = string_field(j, "url");
    if (html_ok) p.html = html->get<std::string>();
    if (text_ok) p.gold = text->get<std::string>();
    auto meta = j.find("meta");
    if (meta != j.end() && meta->is_object()) {
      p.page_type = string_field(*meta, "page_type");
      // Snippet lists: strings only (anything else in them is ignored).
      for (const auto& [key, out] : {std::pair<const char*, std::vector<std::string>*>{"with", &p.with},
                                     {"without", &p.without}}) {
        auto list = meta->find(key);
        if (list == meta->end() || !list->is_array()) continue;
        for (const auto& s : *list)
          if (s.is_string()) out->push_back(s.get<std::string>());
      }
    }
    on_page(std::move(p));
  }, problems);
}

// A folder of page folders, each with source.html (raw bytes) and gold.txt.
void read_folder(const std::string& path, const std::function<void(Page&&)>& on_page,
                 std::vector<DatasetProblem>& problems) {
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(path))
    if (e.is_directory()) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  std::string name = fs::path(path).lexically_normal().filename().string();
  if (name.empty()) name = fs::path(path).lexically_normal().parent_path().filename().string();
  for (const auto& d : dirs) {
    fs::path html = d / "source.html", gold = d / "gold.txt";
    if (!fs::exists(html) || !fs::exists(gold)) {
      problems.push_back({d.string(), "needs source.html and gold.txt"});
      continue;
    }
    Page p;
    p.id = name + "-" + d.filename().string();
    p.dataset = name;
    p.html = read_file(html.string());
    p.html_is_utf8 = false;  // raw bytes: the charset is sniffed like a browser would
    p.gold = read_file(gold.string());
    on_page(std::move(p));
  }
}

}  // namespace

void for_each_json_line(const std::string& path,
                        const std::function<void(const nlohmann::json&, const std::string& where)>& on_object,
                        std::vector<DatasetProblem>& problems) {
  LineReader reader(path);
  std::string line;
  for (size_t lineno = 1; reader.next(line); ++lineno) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::string where = path + ":" + std::to_string(lineno);
    nlohmann::json j = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) { problems.push_back({where, "not valid JSON"}); continue; }
    if (!j.is_object()) { problems.push_back({where, "not a JSON object"}); continue; }
    on_object(j, where);
  }
}

nlohmann::json problems_json(const std::vector<DatasetProblem>& problems) {
  nlohmann::json out = nlohmann::json::array();
  for (const DatasetProblem& p : problems) out.push_back({{"where", p.where}, {"what", p.what}});
  return out;
}

void read_dataset(const std::string& path, const std::function<void(Page&&)>& on_page,
                  std::vector<DatasetProblem>& problems, Need need) {
  std::error_code ec;
  if (path == "-") return read_jsonl(path, on_page, problems, need);  // standard input
  if (!fs::exists(path, ec)) throw std::runtime_error(path + ": no such file or directory");
  if (fs::is_directory(path, ec)) {
    // A folder of JSONL files, or a folder of page folders.
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(path)) {
      std::string f = e.path().filename().string();
      if (e.is_regular_file() && (ends_with(f, ".jsonl") || ends_with(f, ".jsonl.gz")))
        files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) return read_folder(path, on_page, problems);
    for (const auto& f : files) read_jsonl(f.string(), on_page, problems, need);
    return;
  }
  read_jsonl(path, on_page, problems, need);
}

}  // namespace wce::io
