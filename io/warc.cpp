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
// Bytes kept to go back to after damage (the next gzip header inside a member
// that may be broken; the next "WARC/1." line inside a block that may be too
// long). Past it the earliest place is given up, and memory stays bounded.
constexpr uint64_t kMaxKeep = 32u << 20;
// How far the start of a file is searched for a gzip header when it starts
// with neither one nor a WARC record (a .warc.gz whose first member is damaged).
constexpr size_t kMaxSniff = 4u << 20;
constexpr uint64_t kNone = UINT64_MAX;

bool is_gzip_header(const unsigned char* p) { return p[0] == 0x1f && p[1] == 0x8b && p[2] == 0x08; }

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
//
// A gzip member can break anywhere: corrupt data, or cut short and followed by
// the next member, whose bytes inflate then reads as the rest of the broken
// one. So the compressed bytes from the first gzip header after the start of
// the current member are kept (up to kMaxKeep), and after a break reading
// resumes there: the member after a cut one is read, not swallowed.
class WarcReader::Source {
 public:
  explicit Source(std::FILE* f) : f_(f), in_(kChunk) {
    refill();
    if (avail() >= 2 && in_[0] == 0x1f && in_[1] == 0x8b) {
      gzip_ = true;
    } else if (!(len_ >= 5 && std::memcmp(in_.data(), "WARC/", 5) == 0)) {
      // Neither a gzip header nor a record first: a damaged first member of a
      // .warc.gz when a gzip header comes before any line that starts a
      // record (stored deflate blocks hold "WARC/1." too, but not after a newline).
      while (len_ < kMaxSniff && refill()) {}
      const unsigned char* b = in_.data();
      const unsigned char* warc = b;
      static constexpr char kStart[] = "WARC/1.";
      while ((warc = std::search(warc, b + len_, kStart, kStart + sizeof kStart - 1)) != b + len_ && warc != b &&
             warc[-1] != '\n')
        ++warc;
      for (size_t i = 0; i + 3 <= len_ && b + i < warc; ++i)
        if (is_gzip_header(b + i)) {
          gzip_ = true;
          break;
        }
      if (gzip_) fail("not gzip data at the start of the file", false);
    }
    if (gzip_) inflateInit2(&zs_, MAX_WBITS + 16);
  }
  ~Source() {
    if (gzip_) inflateEnd(&zs_);
  }

  // Up to n bytes; 0 at the end of the data, or at a break (broke()).
  size_t read(char* out, size_t n) {
    if (!gzip_) {
      if (avail() == 0) refill();
      size_t k = std::min(n, avail());
      std::memcpy(out, in_.data() + pos_, k);
      pos_ += k;
      out_total_ += k;
      return k;
    }
    size_t produced = 0;
    while (produced == 0 && !broke_ && !done_) {
      if (avail() < 2 && !eof_) refill();
      if (avail() == 0) {
        if (in_member_) fail("the file ends inside its gzip member", true);
        else done_ = true;
        break;
      }
      if (!in_member_) start_member();
      zs_.next_in = in_.data() + pos_;
      zs_.avail_in = static_cast<uInt>(std::min<size_t>(avail(), UINT32_MAX));
      zs_.next_out = reinterpret_cast<Bytef*>(out);
      zs_.avail_out = static_cast<uInt>(n);
      uInt given = zs_.avail_in;
      int r = inflate(&zs_, Z_NO_FLUSH);
      pos_ += given - zs_.avail_in;
      produced = n - zs_.avail_out;
      out_total_ += produced;
      if (r == Z_STREAM_END) {
        inflateReset(&zs_);
        in_member_ = false;
      } else if (r == Z_BUF_ERROR && zs_.avail_in == 0 && !eof_) {
        refill();
      } else if (r != Z_OK && r != Z_BUF_ERROR) {
        fail(std::string("corrupt gzip data (") + (zs_.msg ? zs_.msg : "inflate error") + ")", false);
      } else if (r == Z_BUF_ERROR && eof_ && zs_.avail_in == 0) {
        fail("the file ends inside its gzip member", true);
      }
    }
    return produced;
  }

  bool broke() const { return broke_; }
  bool gzip() const { return gzip_; }
  bool truncated() const { return truncated_; }
  const std::string& error() const { return error_; }
  uint64_t out_total() const { return out_total_; }
  // Decompressed offset where the current (or broken) member's data starts.
  uint64_t member_out_start() const { return member_out_start_; }

  // After a break: goes on at the first gzip header after the broken
  // member's start (kept), or after what was read of it.
  void resume() {
    broke_ = false;
    in_member_ = false;
    inflateReset(&zs_);
    uint64_t from = candidate_ != kNone ? candidate_ : std::max(scanned_, member_start_ + 1);
    pos_ = from >= in_base_ ? static_cast<size_t>(std::min<uint64_t>(from - in_base_, len_)) : pos_;
    candidate_ = kNone;
    for (;;) {
      while (avail() >= 3) {
        if (is_gzip_header(in_.data() + pos_) && offset() > member_start_) return;
        ++pos_;
      }
      if (eof_) { pos_ = len_; done_ = true; return; }
      refill();
    }
  }

  // The decompressed offset where the gzip member holding decompressed offset
  // `pos` starts; 0 for plain data (or a member no longer remembered).
  uint64_t member_holding(uint64_t pos) const {
    for (auto it = members_.rbegin(); it != members_.rend(); ++it)
      if (it->first <= pos) return it->first;
    return 0;
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

  void start_member() {
    member_start_ = offset();
    member_out_start_ = out_total_;
    members_.emplace_back(out_total_, member_start_);
    if (members_.size() > kMaxMembersKept) members_.pop_front();
    in_member_ = true;
    candidate_ = kNone;
    scanned_ = member_start_ + 1;
  }

  // Inside a member: looks for the first gzip header after its start among the
  // bytes read so far; returns the first byte that must stay in the buffer.
  size_t keep_from() {
    if (!in_member_) return pos_;
    if (candidate_ == kNone) {
      size_t i = static_cast<size_t>(std::max(scanned_, in_base_) - in_base_);
      size_t end = std::min(pos_, len_ >= 2 ? len_ - 2 : 0);
      for (; i < end; ++i)
        if (is_gzip_header(in_.data() + i)) { candidate_ = in_base_ + i; break; }
      scanned_ = in_base_ + std::max(i, end);
    }
    if (candidate_ != kNone && offset() - candidate_ > kMaxKeep) {
      candidate_ = kNone;  // memory first: this member's resumption point is given up
      scanned_ = offset();
    }
    if (candidate_ != kNone) return static_cast<size_t>(candidate_ - in_base_);
    return static_cast<size_t>(std::min(scanned_, offset()) - in_base_);
  }

  // Appends what the file has, dropping the bytes no longer needed; false at its end.
  bool refill() {
    if (eof_) return false;
    size_t drop = std::min(keep_from(), pos_);
    if (drop > 0 && drop * 2 >= len_) {  // compact (amortised: at least half the bytes go)
      std::memmove(in_.data(), in_.data() + drop, len_ - drop);
      in_base_ += drop;
      len_ -= drop;
      pos_ -= drop;
    }
    if (in_.size() - len_ < kChunk) in_.resize(std::max(in_.size() * 2, len_ + kChunk));
    size_t k = std::fread(in_.data() + len_, 1, in_.size() - len_, f_);
    len_ += k;
    if (k == 0) eof_ = true;
    return k > 0;
  }
  void fail(std::string why, bool truncated) {
    broke_ = true;
    truncated_ = truncated;
    error_ = std::move(why);
  }

  std::FILE* f_;
  std::vector<unsigned char> in_;
  size_t pos_ = 0, len_ = 0;
  uint64_t in_base_ = 0;  // file offset of in_[0]
  bool eof_ = false, gzip_ = false, done_ = false, broke_ = false, truncated_ = false, in_member_ = false;
  z_stream zs_{};
  uint64_t out_total_ = 0, member_start_ = 0, member_out_start_ = 0;
  uint64_t candidate_ = kNone;  // the first gzip header after member_start_, kept in in_
  uint64_t scanned_ = 0;        // the search for it has looked up to here
  std::deque<std::pair<uint64_t, uint64_t>> members_;  // (decompressed, compressed) starts
  std::string error_;
};

WarcReader::WarcReader(std::FILE* in, std::function<void(const WarcProblem&)> on_problem, size_t max_payload)
    : src_(std::make_unique<Source>(in)), on_problem_(std::move(on_problem)), max_payload_(max_payload) {}

WarcReader::~WarcReader() = default;

uint64_t WarcReader::position() const { return buf_start_ + pos_; }

// Inside a block: the first "WARC/1." line among the bytes read so far.
void WarcReader::find_record_starts() {
  if (!in_block_ || record_start_kept_ != kNone) return;
  size_t from = static_cast<size_t>(std::max(scan_from_, buf_start_) - buf_start_);
  size_t at = buf_.find("\nWARC/1.", from);
  if (at != std::string::npos && at < pos_) {
    record_start_kept_ = buf_start_ + at + 1;
    return;
  }
  scan_from_ = buf_start_ + (pos_ > 8 ? pos_ - 8 : 0);
}

bool WarcReader::fill() {
  if (broken_) return false;
  find_record_starts();
  size_t drop = pos_;
  if (record_start_kept_ != kNone) {
    if (position() - record_start_kept_ > kMaxKeep) record_start_kept_ = kNone;  // memory first
    else drop = static_cast<size_t>(record_start_kept_ - buf_start_);
  }
  buf_.erase(0, drop);
  buf_start_ += drop;
  pos_ -= drop;
  size_t old = buf_.size();
  buf_.resize(old + kChunk);
  size_t k = src_->read(&buf_[old], kChunk);
  buf_.resize(old + k);
  if (k == 0 && src_->broke()) broken_ = true;
  return k > 0;
}

WarcReader::Line WarcReader::read_line(std::string& line) {
  size_t scanned = 0;  // bytes after pos_ known to hold no newline
  for (;;) {
    size_t nl = buf_.find('\n', pos_ + scanned);
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

uint64_t WarcReader::file_offset(uint64_t decompressed) const {
  int64_t member = src_->member_at(decompressed);
  return member >= 0 ? static_cast<uint64_t>(member) : decompressed;
}

void WarcReader::report(uint64_t offset, bool bad, bool truncated, std::string what) {
  if (!on_problem_) return;
  WarcProblem p;
  p.offset = file_offset(offset);
  p.bad = bad;
  p.truncated = truncated;
  p.what = std::move(what);
  on_problem_(p);
}

void WarcReader::classify(size_t WarcCounts::*category) {
  if (in_record_ && record_is_response_) ++counts_.responses;
  ++counts_.records;
  ++(counts_.*category);
  in_record_ = false;
  if (category != &WarcCounts::corrupt && category != &WarcCounts::truncated) damage_open_ = false;
}

// One damaged record (or stretch): counted once, reported once. A "record"
// that began inside a gzip member already reported as damaged is that
// member's garbage (inflate copies earlier text, "WARC/1.0" lines too): silent.
void WarcReader::damaged(uint64_t offset, bool truncated, std::string what) {
  if (in_record_ && record_in_damage_) {
    in_record_ = false;
    return;
  }
  classify(truncated ? &WarcCounts::truncated : &WarcCounts::corrupt);
  damage_open_ = true;
  damage_member_ = broken_ ? src_->member_out_start() : src_->member_holding(position());
  report(offset, true, truncated, std::move(what));
}

// A break of the gzip data: the record it hit (the one being read, else the
// member that broke) is reported, unless it continues damage already reported
// (a false gzip header inside the broken member); reading goes on at the next
// gzip member.
void WarcReader::on_break() {
  if (!damage_open_ || (in_record_ && !record_in_damage_)) {
    uint64_t at = in_record_ ? record_start_ : std::max(position(), src_->member_out_start());
    damaged(at, src_->truncated(),
            src_->error() + (src_->truncated() ? "" : "; skipped to the next gzip member"));
  }
  src_->resume();
  broken_ = false;
  in_block_ = false;
  record_start_kept_ = kNone;
  buf_.clear();
  pos_ = 0;
  buf_start_ = src_->out_total();
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

// After a block: its end is right when CR and LF bytes follow and then the
// next record ("WARC/1.") or the end of the data. Other bytes after a proper
// "\r\n\r\n" (the spec; "\n\n" too) are their own problem (garbage between
// records), unless the record's own gzip member made them: then that member
// is damaged, and so is the record. Anything else means a wrong Content-Length.
WarcReader::Trailer WarcReader::check_trailer() {
  find_record_starts();
  in_block_ = false;
  size_t q = 0;  // bytes after pos_ that are CR or LF
  for (;;) {
    while (pos_ + q < buf_.size() && (buf_[pos_ + q] == '\r' || buf_[pos_ + q] == '\n')) ++q;
    if (buf_.size() - pos_ - q >= 7) break;
    if (!fill()) break;
  }
  if (broken_) return Trailer::Broken;
  bool ends = buf_.compare(pos_, 4, "\r\n\r\n") == 0 || buf_.compare(pos_, 2, "\n\n") == 0;
  bool next_record = pos_ + q == buf_.size() || buf_.compare(pos_ + q, 7, "WARC/1.") == 0;
  bool own_member = src_->gzip() && src_->member_holding(position() + q) == src_->member_holding(record_start_);
  if (!next_record && !(ends && !own_member))
    return Trailer::Wrong;
  // Past the record's own end only: CR or LF bytes after it may be the next
  // member's (garbage from a damaged one), whose offset a report must give.
  pos_ += ends ? (buf_[pos_] == '\r' ? 4 : 2) : q;
  record_start_kept_ = kNone;
  return Trailer::Ok;
}

// Goes back to the first "WARC/1." line seen inside the last block; false if none.
bool WarcReader::rewind_to_record_start() {
  in_block_ = false;
  uint64_t at = record_start_kept_;
  record_start_kept_ = kNone;
  if (at == kNone || at < buf_start_ || at > buf_start_ + buf_.size()) return false;
  pos_ = static_cast<size_t>(at - buf_start_);
  return true;
}

bool WarcReader::next(WarcResponse& out) {
  std::string line, name, value;
  for (;;) {
    if (broken_) {
      on_break();
      continue;
    }
    const uint64_t top = position();  // blank lines included: in a .warc.gz, where the member starts
    uint64_t start = top;
    Line r;
    while ((r = read_line(line)) == Line::Ok && line.empty()) start = position();
    if (r == Line::End) {
      if (broken_) continue;
      return false;
    }
    if (r == Line::TooLong || !starts_with(line, "WARC/1.")) {
      if (!damage_open_) damaged(top, false, "not a WARC record (no WARC/1.x line): skipped to the next record");
      if (!resync() && !broken_) return false;
      continue;
    }

    in_record_ = true;
    record_is_response_ = false;  // known once the header is read
    // A record header ends damage, unless it lies in the gzip member that was
    // damaged (then it is that member's garbage, see damaged()).
    record_in_damage_ = damage_open_ && src_->gzip() && src_->member_holding(start) == damage_member_;
    if (!record_in_damage_) damage_open_ = false;
    record_start_ = start;
    std::string type, id, url, ctype, length;
    size_t header_bytes = 0;
    bool header_ok = true;
    uint64_t restart = kNone;  // a "WARC/1.x" line end inside the header: a record cut short before it
    for (;;) {
      uint64_t line_start = position();
      r = read_line(line);
      if (r != Line::Ok) { header_ok = false; break; }
      header_bytes += line.size() + 2;
      if (line.empty()) break;
      if (header_bytes > kMaxHeaderBytes) { header_ok = false; break; }
      size_t w = line.size() >= 8 ? line.size() - 8 : std::string::npos;
      if (w != std::string::npos && line.compare(w, 7, "WARC/1.") == 0 && std::isdigit(static_cast<unsigned char>(line.back()))) {
        restart = line_start + w;
        break;
      }
      if (!split_field(line, name, value)) continue;  // a continuation line: none of ours needs one
      if (name == "warc-type") type = lower(value);
      else if (name == "warc-record-id") id = value;
      else if (name == "warc-target-uri") url = value;
      else if (name == "content-type") ctype = value;
      else if (name == "content-length") length = value;
    }
    const std::string record = id.empty() ? "record" : "record " + id;
    if (restart != kNone) {
      damaged(start, false, "corrupt " + record + ": its WARC header is cut short by the next record");
      pos_ = static_cast<size_t>(restart - buf_start_);
      continue;
    }
    uint64_t block = 0;
    if (!header_ok || !parse_length(length, block)) {
      if (broken_) continue;  // reported as the break
      bool end = r == Line::End;
      damaged(start, end, end ? record + " truncated: the file ends in its WARC header"
                              : !header_ok ? "corrupt WARC header (over 64 KiB or unreadable)"
                                           : "corrupt WARC header: Content-Length '" + length +
                                                 "' is not a number (" + record + ")");
      if (end) return false;
      if (!resync() && !broken_) return false;
      continue;
    }
    record_is_response_ = type == "response";
    in_block_ = true;
    scan_from_ = position();
    record_start_kept_ = kNone;

    // The block could not be read to its end: the file ends inside it, or its
    // Content-Length is longer than the record (then the records it swallowed
    // are read again from the first "WARC/1." line inside it).
    auto block_cut = [&](const std::string& where) {
      find_record_starts();
      if (rewind_to_record_start()) {
        damaged(start, false, "corrupt " + record + ": its Content-Length of " + std::to_string(block) +
                                  " bytes runs past the next record; reading goes on there");
        return true;
      }
      damaged(start, true, record + " truncated: the file ends " + where);
      return false;
    };
    // The block has been read: a record of `category` if its end is where
    // the next record starts.
    auto finish_block = [&](size_t WarcCounts::*category) {
      switch (check_trailer()) {
        case Trailer::Ok: classify(category); return true;
        case Trailer::Broken:
          // Damage after this record's own data (the next member) is the
          // next record's; damage inside its own member is its own.
          if (src_->member_out_start() >= position()) { classify(category); return true; }
          return false;
        case Trailer::Wrong:
          rewind_to_record_start();
          damaged(start, false, "corrupt " + record + ": its block of " + std::to_string(block) +
                                    " bytes (Content-Length) does not end where a record does; reading goes on at the next record");
          return false;
      }
      return false;
    };
    // Skips the rest of the block; false (reported, or a break to report) if it is cut.
    auto skip_rest = [&](uint64_t done) {
      if (read_exact(block - done, nullptr)) return true;
      if (!broken_) block_cut("inside its block of " + std::to_string(block) + " bytes");
      return false;
    };
    bool http = type == "response" && content_type_media(ctype) == "application/http";
    if (!http) {
      if (skip_rest(0)) finish_block(&WarcCounts::not_html);
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
        in_block_ = false;
        record_start_kept_ = kNone;
        damaged(start, false, "corrupt response " + id + ": no end of the HTTP header inside the block");
        if (used < block && !read_exact(block - used, nullptr)) { if (broken_) continue; return false; }
        if (used > block) { if (!resync() && !broken_) return false; }
        continue;
      }
      if (block_cut("in its HTTP header")) continue;
      return false;
    }
    std::string media = content_type_media(http_ctype);
    if (media != "text/html" && media != "application/xhtml+xml") {
      if (skip_rest(used)) finish_block(&WarcCounts::not_html);
      continue;
    }
    uint64_t payload = block - used;
    if (payload > max_payload_) {
      if (skip_rest(used) && finish_block(&WarcCounts::too_large))
        report(start, false, false, "HTML response " + id + " skipped: its payload of " + std::to_string(payload) +
                                        " bytes is over the limit of " + std::to_string(max_payload_));
      continue;
    }
    if (!read_exact(static_cast<size_t>(payload), &out.body)) {
      if (broken_) continue;
      if (block_cut(std::to_string(out.body.size()) + " bytes into its HTML payload of " +
                    std::to_string(payload) + " bytes"))
        continue;
      return false;
    }
    if (!finish_block(&WarcCounts::html)) continue;
    if (transfer.find("chunked") != std::string::npos) dechunk(out.body);
    std::string why;
    if (coding == "gzip" || coding == "x-gzip" || coding == "deflate") {
      why = inflate_payload(out.body, false, max_payload_);
      if (!why.empty() && coding == "deflate") why = inflate_payload(out.body, true, max_payload_);
      if (!why.empty()) why = "Content-Encoding " + coding + ": " + why;
    } else if (!coding.empty() && coding != "identity") {
      why = "Content-Encoding " + coding + " is not supported";
    }
    if (!why.empty()) {  // counted as html by finish_block: moved to corrupt
      --counts_.html;
      --counts_.records;
      damaged(start, false, "HTML response " + id + " skipped: " + why);
      damage_open_ = false;  // the record's data were whole: nothing after it is suspect
      continue;
    }
    out.offset = file_offset(start);
    out.id = id;
    out.url = url;
    out.http_charset = content_type_charset(http_ctype);
    return true;
  }
}

}  // namespace wce::io
