// Harness (e): web archive reading (io/warc.hpp, `wce extract --warc`), and
// each HTML response's payload through PageRun::parse as the CLI takes it.
// The first byte chooses how the rest reaches the reader (from memory, through
// fmemopen): as a plain .warc; gzipped whole; gzipped one member per record
// (the rest split before each "WARC/1."), as crawlers write .warc.gz; or
// that, with one byte of the compressed stream changed (at the position the
// next four bytes give) to reach the corrupt-gzip resynchronisation. The byte
// after them chooses the payload limit, small ones reaching the "too large" skip.
// Invariants: every record is in exactly one category (records = html +
// not_html + too_large + corrupt + truncated), and every record that is
// damaged or too large is reported exactly once (the problems match the
// counts). fuzz_warc_diff.cpp checks that damage loses no other record.
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

const size_t kPayloadLimits[] = {io::WarcReader::kDefaultMaxPayload, 0, 16, 200, 4096};

// One gzip member holding `data` (zlib's gzip wrapper, as gzip(1) writes it).
void append_gzip(std::string& out, std::string_view data) {
  z_stream zs{};
  if (deflateInit2(&zs, Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    broken("deflateInit2 failed");
  std::string buf(deflateBound(&zs, data.size()), '\0');
  zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  zs.avail_in = static_cast<uInt>(data.size());
  zs.next_out = reinterpret_cast<Bytef*>(buf.data());
  zs.avail_out = static_cast<uInt>(buf.size());
  if (deflate(&zs, Z_FINISH) != Z_STREAM_END) broken("deflate did not finish");
  out.append(buf.data(), zs.total_out);
  deflateEnd(&zs);
}

// The rest cut before every "WARC/1." that starts a line, each piece its own member.
std::string gzip_per_record(std::string_view rest) {
  std::string out;
  size_t from = 0;
  for (size_t at = rest.find("WARC/1.", 1); at != std::string_view::npos; at = rest.find("WARC/1.", at + 1)) {
    if (rest[at - 1] != '\n') continue;
    append_gzip(out, rest.substr(from, at - from));
    from = at;
  }
  append_gzip(out, rest.substr(from));
  return out;
}

}  // namespace

int warc_target(const uint8_t* data, size_t size) {
  ByteReader in(data, size);
  int mode = in.range(0, 3);
  uint32_t where = in.u32();
  size_t max_payload = kPayloadLimits[in.range(0, sizeof kPayloadLimits / sizeof kPayloadLimits[0] - 1)];
  std::string rest = in.rest();
  std::string file;
  if (mode == 0) file = rest;
  else if (mode == 1) append_gzip(file, rest);
  else file = gzip_per_record(rest);
  if (mode == 3) file[where % file.size()] ^= static_cast<char>(0x5A);  // a member is never empty
  if (file.empty()) return 0;  // fmemopen needs at least one byte

  std::FILE* f = fmemopen(file.data(), file.size(), "rb");
  if (!f) broken("fmemopen failed");
  size_t bad_problems = 0, truncated_problems = 0, skip_problems = 0, returned = 0;
  {
    io::WarcReader reader(f, [&](const io::WarcProblem& p) {
      if (p.what.empty()) broken("a WARC problem without a description");
      if (p.offset > file.size() && mode == 0) broken("a problem offset past the end of a plain file");
      if (p.truncated && !p.bad) broken("a truncated record not marked bad");
      (p.bad ? bad_problems : skip_problems) += 1;
      truncated_problems += p.truncated;
    }, max_payload);
    io::WarcResponse r;
    while (reader.next(r)) {
      ++returned;
      if (r.body.size() > max_payload)
        broken("a payload of " + std::to_string(r.body.size()) + " bytes over the limit of " + std::to_string(max_payload));
      io::content_type_charset(r.http_charset);
      try {
        check_document(PageRun::parse({r.body, {}, {}}).doc());
      } catch (const NotHtmlError&) {
        if (binary_kind(r.body).empty()) broken("NotHtmlError for a payload binary_kind calls text");
      }
    }
    // Every record is in exactly one category, and each record that was not
    // returned and is not simply of another type was reported, once.
    const io::WarcCounts& c = reader.counts();
    if (c.html != returned) broken("counts.html " + std::to_string(c.html) + " != " + std::to_string(returned) + " returned");
    if (c.responses > c.records) broken("more responses than records");
    if (c.html + c.not_html + c.too_large + c.corrupt + c.truncated != c.records)
      broken("the categories do not add up to the records");
    if (c.bad() != bad_problems) broken(std::to_string(c.bad()) + " corrupt or truncated records, " +
                                        std::to_string(bad_problems) + " reported");
    if (c.truncated != truncated_problems) broken("truncated records and reports differ");
    if (c.too_large != skip_problems) broken("records too large and reports differ");
  }
  std::fclose(f);
  return 0;
}

}  // namespace wce::fuzz
