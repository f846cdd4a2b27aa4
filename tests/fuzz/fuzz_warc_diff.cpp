// Harness (e, differential): damage to one record loses no other. The fuzz
// bytes make a well-formed WARC of 1 to 6 records (HTML responses, responses
// of another media type, metadata records; payloads from the bytes), written
// plain or gzipped one member per record, and one damage to one record (the
// victim): in a .warc.gz its gzip member cut short (the next member right
// after it), one of its bytes changed, or bytes inserted inside it; in a plain
// .warc its Content-Length made shorter or longer.
//
// Invariants: the clean file gives every HTML record and no problem; the
// damaged one gives every other HTML record, in order, with the same body; the
// victim is either returned unchanged (a byte gzip does not check, such as its
// header's time stamp; bytes inserted after its gzip data, then reported once
// as a stretch of their own inside the damaged piece) or not returned and
// reported once at its offset; the records counted are the records written
// (plus that stretch).
//
// Payloads hold no "WARC/1.", no gzip signature and no LF, and do not end
// with CR: a record inside a payload, or a payload part that looks like a
// record's end, are not damage a reader can see. For the same reason a wrong
// Content-Length that happens to end where a record starts is skipped.
#include <zlib.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "byte_reader.hpp"
#include "check.hpp"
#include "io/warc.hpp"
#include "targets.hpp"

namespace wce::fuzz {
namespace {

struct Record {
  std::string id;
  bool html = false;
  std::string body;  // the HTML payload (html) as the reader returns it
  std::string bytes;  // the whole record, as written
};

std::string payload_of(ByteReader& in) {
  std::string p = in.string(1500);
  for (size_t at = p.find("WARC/1."); at != std::string::npos; at = p.find("WARC/1.", at)) p[at] = 'w';
  for (size_t i = 0; i + 1 < p.size(); ++i)
    if (p[i] == '\x1f' && p[i + 1] == '\x8b') p[i] = ' ';
  for (char& c : p)
    if (c == '\n') c = ' ';  // no "\n\n" or "\r\n\r\n" inside: a block end that is not one
  if (p.empty() || p.back() == '\r') p += 'x';
  return p;
}

Record make_record(ByteReader& in, int i) {
  Record r;
  r.id = "<urn:fuzz:" + std::to_string(i) + ">";
  int kind = static_cast<int>(in.range(0, 2));
  std::string payload = payload_of(in);
  std::string type = "response", ctype = "application/http; msgtype=response", block;
  if (kind == 2) {
    type = "metadata";
    ctype = "application/warc-fields";
    block = payload;
  } else {
    r.html = kind == 0;
    block = std::string("HTTP/1.1 200 OK\r\nContent-Type: ") + (r.html ? "text/html" : "image/png") + "\r\n\r\n" + payload;
    if (r.html) r.body = payload;
  }
  r.bytes = "WARC/1.0\r\nWARC-Type: " + type + "\r\nWARC-Record-ID: " + r.id +
            "\r\nWARC-Target-URI: http://fuzz.test/" + std::to_string(i) + "\r\nContent-Type: " + ctype +
            "\r\nContent-Length: " + std::to_string(block.size()) + "\r\n\r\n" + block + "\r\n\r\n";
  return r;
}

std::string gzip(std::string_view data, int level) {
  z_stream zs{};
  if (deflateInit2(&zs, level, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) broken("deflateInit2 failed");
  std::string buf(deflateBound(&zs, data.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(buf.data());
  zs.avail_out = static_cast<uInt>(buf.size());
  if (deflate(&zs, Z_FINISH) != Z_STREAM_END) broken("deflate did not finish");
  buf.resize(zs.total_out);
  deflateEnd(&zs);
  return buf;
}

struct Read {
  std::vector<io::WarcResponse> returned;
  std::vector<io::WarcProblem> problems;
  io::WarcCounts counts;
};

Read read_warc(const std::string& file) {
  Read out;
  std::FILE* f = fmemopen(const_cast<char*>(file.data()), file.size(), "rb");
  if (!f) broken("fmemopen failed");
  {
    io::WarcReader reader(f, [&](const io::WarcProblem& p) { out.problems.push_back(p); });
    io::WarcResponse r;
    while (reader.next(r)) out.returned.push_back(r);
    out.counts = reader.counts();
  }
  std::fclose(f);
  return out;
}

// Where the reader takes a block to end (warc.cpp, check_trailer): "\r\n\r\n"
// or "\n\n" at `p`, or CR and LF bytes, then "WARC/1." or the end.
bool record_end_at(const std::string& file, size_t p) {
  if (p > file.size()) return false;  // past the end: the reader sees the block cut short
  if (file.compare(p, 4, "\r\n\r\n") == 0 || file.compare(p, 2, "\n\n") == 0) return true;
  while (p < file.size() && (file[p] == '\r' || file[p] == '\n')) ++p;
  return p >= file.size() || file.compare(p, 7, "WARC/1.") == 0;
}

}  // namespace

int warc_diff_target(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  const bool gz = in.flag();
  const int level = static_cast<int>(in.range(0, 9));  // 0: stored blocks, the payload as it is
  const int n = static_cast<int>(in.range(1, 6));
  const int victim = static_cast<int>(in.range(0, static_cast<uint64_t>(n - 1)));
  const int damage = static_cast<int>(in.range(0, 2));
  const uint32_t where = in.u32();
  const uint8_t mask = static_cast<uint8_t>(in.byte() | 1);
  std::string inserted = in.string(16) + "#";  // like a payload: no record, no gzip header inside
  for (size_t at = inserted.find("WARC/1."); at != std::string::npos; at = inserted.find("WARC/1.", at)) inserted[at] = 'w';
  for (size_t i = 0; i + 1 < inserted.size(); ++i)
    if (inserted[i] == '\x1f' && inserted[i + 1] == '\x8b') inserted[i] = ' ';
  std::vector<Record> records;
  for (int i = 0; i < n; ++i) records.push_back(make_record(in, i));

  std::string clean, damaged;
  size_t victim_start = 0, victim_end = 0, block_end = 0;  // block_end: where the victim's wrong Content-Length ends (plain)
  for (int i = 0; i < n; ++i) {
    std::string piece = gz ? gzip(records[i].bytes, level) : records[i].bytes;
    clean += piece;
    if (i == victim) {
      victim_start = damaged.size();
      victim_end = victim_start + piece.size() + (gz && damage == 2 ? inserted.size() : 0);
      if (gz) {
        size_t at = 1 + where % (piece.size() - 1);  // inside the member; its first byte is kept
        if (damage == 0) piece.resize(at);
        else if (damage == 1) piece[at] = static_cast<char>(piece[at] ^ mask);
        else piece.insert(at, inserted);
      } else {
        size_t cl = piece.find("Content-Length: ") + 16, eol = piece.find("\r\n", cl);
        long long length = std::stoll(piece.substr(cl, eol - cl));
        long long delta = 1 + static_cast<long long>(where % 300);
        long long wrong = damage == 0 && delta <= length ? length - delta : length + delta;
        piece = piece.substr(0, cl) + std::to_string(wrong) + piece.substr(eol);
        block_end = victim_start + piece.find("\r\n\r\n") + 4 + static_cast<size_t>(wrong);
      }
    }
    damaged += piece;
  }
  // A wrong block end that falls where a record starts cannot be told from a right one.
  if (!gz && record_end_at(damaged, block_end)) return 0;

  // The clean file: everything, nothing reported.
  Read c = read_warc(clean);
  std::vector<const Record*> html;
  for (const Record& r : records)
    if (r.html) html.push_back(&r);
  if (!c.problems.empty()) broken("a problem in a clean file: " + c.problems[0].what);
  if (c.returned.size() != html.size()) broken("the clean file gave " + std::to_string(c.returned.size()) + " of " +
                                               std::to_string(html.size()) + " HTML records");
  for (size_t i = 0; i < html.size(); ++i)
    if (c.returned[i].id != html[i]->id || c.returned[i].body != html[i]->body) broken("a clean record changed");
  if (c.counts.records != static_cast<size_t>(n)) broken("the clean file counted records wrong");

  // The damaged file: the others unchanged, the victim unchanged and silent or reported once.
  Read d = read_warc(damaged);
  const std::string& victim_id = records[victim].id;
  bool victim_returned = false;
  size_t next = 0;
  for (const io::WarcResponse& r : d.returned) {
    if (r.id == victim_id) {
      if (r.body != records[victim].body) broken("the damaged record was returned with another body");
      victim_returned = true;
    }
    while (next < html.size() && html[next]->id != r.id) {
      if (html[next]->id != victim_id) broken("record " + html[next]->id + " lost after damage to " + victim_id);
      ++next;
    }
    if (next == html.size()) broken("a record returned that was not written, or out of order: " + r.id);
    if (r.body != html[next]->body) broken("record " + r.id + " changed after damage to " + victim_id);
    ++next;
  }
  for (; next < html.size(); ++next)
    if (html[next]->id != victim_id) broken("record " + html[next]->id + " lost after damage to " + victim_id);
  // Problems: at the victim's offset; or, when the victim came out whole (the
  // damage left its record intact, e.g. bytes inserted after its gzip data),
  // at most one for the bytes left over, inside the damaged piece, counted
  // as a record of their own.
  size_t reported = 0, leftover = 0;
  const bool victim_whole = victim_returned || !records[victim].html;  // an intact non-HTML victim is silent
  for (const io::WarcProblem& p : d.problems) {
    if (!p.bad) broken("a skip in the damaged file: " + p.what);
    bool at_victim = p.offset == victim_start;
    bool inside = victim_whole && p.offset > victim_start && p.offset <= victim_end;
    leftover += inside;
    if (!at_victim && !inside)
      broken("a problem at offset " + std::to_string(p.offset) + ", the damaged record is at " +
             std::to_string(victim_start) + ": " + p.what);
    ++reported;
  }
  if (!victim_returned && records[victim].html && reported != 1) broken(std::to_string(reported) + " reports of the damaged record");
  if (reported > 1) broken("the damaged record reported " + std::to_string(reported) + " times");
  size_t expected_records = static_cast<size_t>(n) + leftover;
  if (d.counts.records != expected_records)
    broken(std::to_string(d.counts.records) + " records counted, " + std::to_string(n) + " written");
  return 0;
}

}  // namespace wce::fuzz
