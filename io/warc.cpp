// The WARC reader of warc.hpp: a byte source that undoes gzip (one member per
// record or the whole file; a corrupt member is dropped and reading resumes at
// the next gzip header), a line/block reader over it, and the record parser.
#include "io/warc.hpp"

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <utility>

namespace wce::io {
namespace {

// Tunables.
constexpr size_t kChunk = 64 * 1024;             // bytes read from the file at a time
constexpr size_t kMaxHeaderBytes = 64 * 1024;    // a WARC or HTTP header block
constexpr size_t kMaxMembersKept = 4096;         // gzip member starts remembered for offsets

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

bool starts_with(const std::string& s, const char* prefix) {
  return s.compare(0, std::strlen(prefix), prefix) == 0;
}

// Content-Length: decimal digits only.
bool parse_length(const std::string& s, uint64_t& out) {
  if (s.empty() || s.size() > 18) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + static_cast<uint64_t>(c - '0');
  }
  return true;
}

// "Name: value" -> (lowercased name, trimmed value); false if there is no colon.
bool split_field(const std::string& line, std::string& name, std::string& value) {
  size_t colon = line.find(':');
  if (colon == std::string::npos || colon == 0) return false;
  name = lower(trim(line.substr(0, colon)));
  value = trim(line.substr(colon + 1));
  return true;
}

// Undoes "Transfer-Encoding: chunked"; false (and `body` unchanged) if the
// payload is not well-formed chunks (crawlers often store it already dechunked).
bool dechunk(std::string& body) {
  std::string out;
  size_t p = 0;
  for (;;) {
    size_t eol = body.find("\r\n", p);
    if (eol == std::string::npos) return false;
    std::string size_line = body.substr(p, eol - p);
    size_t semi = size_line.find(';');
    if (semi != std::string::npos) size_line.resize(semi);
    size_line = trim(size_line);
    if (size_line.empty() || size_line.size() > 15 ||
        size_line.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
      return false;
    size_t n = std::stoull(size_line, nullptr, 16);
    p = eol + 2;
    if (n == 0) break;
    if (n > body.size() - p) return false;
    out.append(body, p, n);
    p += n;
    if (body.compare(p, 2, "\r\n") == 0) p += 2;
  }
  body.swap(out);
  return true;
}

// Undoes gzip / zlib / raw deflate content coding; "" on success, else the reason.
std::string inflate_payload(std::string& body, bool raw, size_t max_out) {
  z_stream zs{};
  if (inflateInit2(&zs, raw ? -MAX_WBITS : MAX_WBITS + 32) != Z_OK) return "zlib could not start";
  std::string out;
  zs.next_in = reinterpret_cast<Bytef*>(body.data());
  zs.avail_in = static_cast<uInt>(body.size());
  char chunk[kChunk];
  int r = Z_OK;
  while (r == Z_OK) {
    zs.next_out = reinterpret_cast<Bytef*>(chunk);
    zs.avail_out = sizeof chunk;
    r = inflate(&zs, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - zs.avail_out);
    if (out.size() > max_out) { inflateEnd(&zs); return "the decoded payload is over the size limit"; }
    if (r == Z_BUF_ERROR && zs.avail_in == 0) break;  // truncated coding: keep what decoded
  }
  std::string why = (r == Z_STREAM_END || r == Z_BUF_ERROR) ? "" : (zs.msg ? zs.msg : "inflate failed");
  inflateEnd(&zs);
  if (why.empty()) body.swap(out);
  return why;
}

}  // namespace

std::string content_type_media(const std::string& value) {
  return lower(trim(value.substr(0, value.find(';'))));
}

std::string content_type_charset(const std::string& value) {
  std::string l = lower(value);
  for (size_t p = l.find(';'); p != std::string::npos; p = l.find(';', p + 1)) {
    size_t q = p + 1;
    while (q < l.size() && (l[q] == ' ' || l[q] == '\t')) ++q;
    if (l.compare(q, 8, "charset=") != 0) continue;
    q += 8;
    std::string v = value.substr(q, l.find(';', q) == std::string::npos ? std::string::npos : l.find(';', q) - q);
    v = trim(v);
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
    return v;
  }
  return "";
}

// Decompressed bytes of a file: plain, or gzip (any number of members).
class WarcReader::Source {
 public:
  explicit Source(std::FILE* f) : f_(f), in_(kChunk) {
    refill();
    gzip_ = avail() >= 2 && in_[pos_] == 0x1f && in_[pos_ + 1] == 0x8b;
    if (gzip_) inflateInit2(&zs_, MAX_WBITS + 16);
  }
  ~Source() {
    if (gzip_) inflateEnd(&zs_);
  }

  // Up to n bytes; 0 at the end of the data, or at a break (broke()).
  size_t read(char* out, size_t n) {
    if (!gzip_) {
      size_t k = std::min(n, avail());
      std::memcpy(out, in_.data() + pos_, k);
      pos_ += k;
      if (k < n && refill()) {
        size_t more = std::min(n - k, avail());
        std::memcpy(out + k, in_.data() + pos_, more);
        pos_ += more;
        k += more;
      }
      out_total_ += k;
      return k;
    }
    size_t produced = 0;
    while (produced == 0 && !broke_ && !done_) {
      if (avail() < 2 && !eof_) refill();
      if (avail() == 0) {
        if (in_member_) fail("the file ends inside a gzip member (truncated)");
        else done_ = true;
        break;
      }
      if (!in_member_) {
        member_start_ = offset();
        members_.emplace_back(out_total_, member_start_);
        if (members_.size() > kMaxMembersKept) members_.pop_front();
        in_member_ = true;
      }
      zs_.next_in = in_.data() + pos_;
      zs_.avail_in = static_cast<uInt>(avail());
      zs_.next_out = reinterpret_cast<Bytef*>(out);
      zs_.avail_out = static_cast<uInt>(n);
      int r = inflate(&zs_, Z_NO_FLUSH);
      pos_ = len_ - zs_.avail_in;
      produced = n - zs_.avail_out;
      out_total_ += produced;
      if (r == Z_STREAM_END) {
        inflateReset(&zs_);
        in_member_ = false;
      } else if (r == Z_BUF_ERROR && zs_.avail_in == 0 && !eof_) {
        refill();
      } else if (r != Z_OK && r != Z_BUF_ERROR) {
        fail(std::string("corrupt gzip data (") + (zs_.msg ? zs_.msg : "inflate error") + ")");
      } else if (r == Z_BUF_ERROR && eof_) {
        fail("the file ends inside a gzip member (truncated)");
      }
    }
    return produced;
  }

  bool broke() const { return broke_; }
  const std::string& error() const { return error_; }
  bool gzip() const { return gzip_; }
  uint64_t member_start() const { return member_start_; }
  uint64_t out_total() const { return out_total_; }

  // After a break: drops the rest of the broken member and goes on at the
  // next gzip header ("1f 8b 08") after its start.
  void resume() {
    broke_ = false;
    in_member_ = false;
    inflateReset(&zs_);
    for (;;) {
      while (avail() >= 3) {
        const unsigned char* p = in_.data() + pos_;
        if (p[0] == 0x1f && p[1] == 0x8b && p[2] == 0x08 && offset() > member_start_) return;
        ++pos_;
      }
      if (eof_) { pos_ = len_; done_ = true; return; }
      refill();
    }
  }

  // The compressed offset of the gzip member whose data starts at decompressed
  // offset `pos`; -1 if no member starts there.
  int64_t member_at(uint64_t pos) const {
    for (auto it = members_.rbegin(); it != members_.rend(); ++it) {
      if (it->first == pos) return static_cast<int64_t>(it->second);
      if (it->first < pos) break;
    }
    return -1;
  }

 private:
  size_t avail() const { return len_ - pos_; }
  uint64_t offset() const { return in_base_ + pos_; }
  // Keeps the unread bytes and appends what the file has; false at its end.
  bool refill() {
    if (eof_) return false;
    std::memmove(in_.data(), in_.data() + pos_, avail());
    in_base_ += pos_;
    len_ -= pos_;
    pos_ = 0;
    size_t k = std::fread(in_.data() + len_, 1, in_.size() - len_, f_);
    len_ += k;
    if (k == 0) eof_ = true;
    return k > 0;
  }
  void fail(std::string why) {
    broke_ = true;
    error_ = std::move(why) + " in the gzip member at byte " + std::to_string(member_start_);
  }

  std::FILE* f_;
  std::vector<unsigned char> in_;
  size_t pos_ = 0, len_ = 0;
  uint64_t in_base_ = 0;  // file offset of in_[0]
  bool eof_ = false, gzip_ = false, done_ = false, broke_ = false, in_member_ = false;
  z_stream zs_{};
  uint64_t out_total_ = 0, member_start_ = 0;
  std::deque<std::pair<uint64_t, uint64_t>> members_;  // (decompressed, compressed) starts
  std::string error_;
};

WarcReader::WarcReader(std::FILE* in, std::function<void(const WarcProblem&)> on_problem, size_t max_payload)
    : src_(std::make_unique<Source>(in)), on_problem_(std::move(on_problem)), max_payload_(max_payload) {}

WarcReader::~WarcReader() = default;

uint64_t WarcReader::position() const { return buf_start_ + pos_; }

bool WarcReader::fill() {
  if (broken_) return false;
  buf_.erase(0, pos_);
  buf_start_ += pos_;
  pos_ = 0;
  size_t old = buf_.size();
  buf_.resize(old + kChunk);
  size_t k = src_->read(&buf_[old], kChunk);
  buf_.resize(old + k);
  if (k == 0 && src_->broke()) broken_ = true;
  return k > 0;
}

WarcReader::Line WarcReader::read_line(std::string& line) {
  size_t scanned = pos_;
  for (;;) {
    size_t nl = buf_.find('\n', scanned);
    if (nl != std::string::npos) {
      line.assign(buf_, pos_, nl - pos_);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      pos_ = nl + 1;
      return Line::Ok;
    }
    if (buf_.size() - pos_ > kMaxHeaderBytes) {  // drop the long line up to its end
      pos_ = buf_.size();
      while (fill()) {
        size_t e = buf_.find('\n', pos_);
        if (e != std::string::npos) { pos_ = e + 1; return Line::TooLong; }
        pos_ = buf_.size();
      }
      return Line::End;
    }
    scanned = buf_.size() - pos_;
    if (!fill()) {
      if (pos_ == buf_.size()) return Line::End;
      line.assign(buf_, pos_, std::string::npos);  // a last line without a newline
      pos_ = buf_.size();
      return Line::Ok;
    }
    scanned += pos_;  // fill() moved the unread bytes to the front
  }
}

bool WarcReader::read_exact(size_t n, std::string* out) {
  if (out) out->clear();
  while (n > 0) {
    if (pos_ == buf_.size() && !fill()) return false;
    size_t k = std::min(n, buf_.size() - pos_);
    if (out) out->append(buf_, pos_, k);
    pos_ += k;
    n -= k;
  }
  return true;
}

void WarcReader::problem(uint64_t offset, bool bad, std::string what) {
  if (bad) ++counts_.bad;
  if (!on_problem_) return;
  WarcProblem p;
  int64_t member = src_->member_at(offset);
  p.offset = member >= 0 ? static_cast<uint64_t>(member) : offset;
  p.bad = bad;
  p.what = std::move(what);
  on_problem_(p);
}

// Skips to the next line that starts a WARC record ("WARC/1."); false at the end.
bool WarcReader::resync() {
  std::string line;
  for (;;) {
    uint64_t at = position();
    Line r = read_line(line);
    if (r == Line::End) return false;
    if (r == Line::Ok && starts_with(line, "WARC/1.")) {
      pos_ = static_cast<size_t>(at - buf_start_);
      return true;
    }
  }
}

bool WarcReader::next(WarcResponse& out) {
  std::string line, name, value;
  for (;;) {
    // A break of the gzip data ends whatever record it hit: report it, then
    // go on at the next gzip member.
    if (broken_) {
      // A run of breaks without data between them (false gzip headers inside
      // corrupt data) is one problem.
      if (src_->out_total() != silent_at_)
        problem(record_start_, true, src_->error() + ": the rest of that member is skipped");
      src_->resume();
      silent_at_ = src_->out_total();
      broken_ = false;
      buf_.clear();
      pos_ = 0;
      buf_start_ = src_->out_total();
      continue;
    }
    uint64_t start = record_start_ = position();
    Line r;
    while ((r = read_line(line)) == Line::Ok && line.empty()) start = record_start_ = position();
    if (r == Line::End) {
      if (broken_) continue;
      return false;
    }
    if (r == Line::TooLong || !starts_with(line, "WARC/1.")) {
      problem(start, true, "not a WARC record (no WARC/1.x line): skipped to the next record");
      if (!resync() && !broken_) return false;
      continue;
    }

    ++counts_.records;
    std::string type, id, url, ctype, length;
    size_t header_bytes = 0;
    bool header_ok = true;
    for (;;) {
      r = read_line(line);
      if (r != Line::Ok) { header_ok = false; break; }
      header_bytes += line.size() + 2;
      if (line.empty()) break;
      if (header_bytes > kMaxHeaderBytes) { header_ok = false; break; }
      if (!split_field(line, name, value)) continue;  // a continuation line: none of ours needs one
      if (name == "warc-type") type = lower(value);
      else if (name == "warc-record-id") id = value;
      else if (name == "warc-target-uri") url = value;
      else if (name == "content-type") ctype = value;
      else if (name == "content-length") length = value;
    }
    uint64_t block = 0;
    if (!header_ok || !parse_length(length, block)) {
      if (broken_) continue;  // reported as the break
      bool end = r == Line::End;
      problem(start, true, end ? "truncated record: the file ends in its WARC header"
                               : !header_ok ? "corrupt WARC header (over 64 KiB or unreadable)"
                                            : "corrupt WARC header: Content-Length '" + length + "' is not a number");
      if (end) return false;
      if (!resync() && !broken_) return false;
      continue;
    }

    // Everything of the block that is not returned is skipped in a stream.
    auto skip_rest = [&](uint64_t done) {
      if (read_exact(block - done, nullptr)) return true;
      if (broken_) return false;
      problem(start, true, "truncated record " + id + ": the file ends inside its block of " +
                               std::to_string(block) + " bytes");
      return false;
    };
    bool http = type == "response" && content_type_media(ctype) == "application/http";
    if (type == "response") ++counts_.responses;
    if (!http) {
      if (!skip_rest(0)) {
        if (broken_) continue;
        return false;
      }
      ++counts_.not_html;
      continue;
    }

    // The HTTP header inside the block.
    uint64_t block_start = position(), used = 0;
    std::string http_ctype, transfer, coding;
    bool http_ok = false;
    while (used < block && used <= kMaxHeaderBytes) {
      if (read_line(line) != Line::Ok) break;
      used = position() - block_start;
      if (line.empty()) { http_ok = used <= block; break; }
      if (!split_field(line, name, value)) continue;  // the status line
      if (name == "content-type") http_ctype = value;
      else if (name == "transfer-encoding") transfer = lower(value);
      else if (name == "content-encoding") coding = lower(value);
    }
    if (!http_ok) {
      if (broken_) continue;
      if (used >= block || used > kMaxHeaderBytes) {
        problem(start, true, "corrupt response " + id + ": no end of the HTTP header inside the block");
        if (used < block && !skip_rest(used)) { if (broken_) continue; return false; }
        if (used > block) { if (!resync() && !broken_) return false; }
        continue;
      }
      problem(start, true, "truncated record " + id + ": the file ends in its HTTP header");
      return false;
    }
    std::string media = content_type_media(http_ctype);
    if (media != "text/html" && media != "application/xhtml+xml") {
      if (!skip_rest(used)) { if (broken_) continue; return false; }
      ++counts_.not_html;
      continue;
    }
    uint64_t payload = block - used;
    if (payload > max_payload_) {
      if (!skip_rest(used)) { if (broken_) continue; return false; }
      ++counts_.too_large;
      problem(start, false, "HTML response " + id + " skipped: its payload of " + std::to_string(payload) +
                                " bytes is over the limit of " + std::to_string(max_payload_));
      continue;
    }
    if (!read_exact(static_cast<size_t>(payload), &out.body)) {
      if (broken_) continue;
      problem(start, true, "truncated record " + id + ": the file ends " + std::to_string(out.body.size()) +
                               " bytes into its HTML payload of " + std::to_string(payload) + " bytes");
      return false;
    }
    if (transfer.find("chunked") != std::string::npos) dechunk(out.body);
    if (coding == "gzip" || coding == "x-gzip" || coding == "deflate") {
      std::string why = inflate_payload(out.body, false, max_payload_);
      if (!why.empty() && coding == "deflate") why = inflate_payload(out.body, true, max_payload_);
      if (!why.empty()) {
        problem(start, true, "HTML response " + id + " skipped: Content-Encoding " + coding + ": " + why);
        continue;
      }
    } else if (!coding.empty() && coding != "identity") {
      problem(start, true, "HTML response " + id + " skipped: Content-Encoding " + coding + " is not supported");
      continue;
    }
    ++counts_.html;
    out.offset = start;
    int64_t member = src_->member_at(start);
    if (member >= 0) out.offset = static_cast<uint64_t>(member);
    out.id = id;
    out.url = url;
    out.http_charset = content_type_charset(http_ctype);
    return true;
  }
}

}  // namespace wce::io
