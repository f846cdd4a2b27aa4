// Harness (e): web archive reading (io/warc.hpp, `wce extract --warc`), and
// each HTML response's payload through PageRun::parse as the CLI takes it.
// The first byte chooses how the rest reaches the reader (from memory, through
// fmemopen): as a plain .warc; gzipped whole; gzipped one member per record
// (the rest split before each "WARC/1."), as crawlers write .warc.gz; or
// that, with one byte of the compressed stream changed (at the position the
// next four bytes give) to reach the corrupt-gzip resynchronisation. The byte
// after them chooses the payload limit, small ones reaching the "too large" skip.
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
  size_t problems = 0, returned = 0;
  {
    io::WarcReader reader(f, [&](const io::WarcProblem& p) {
      ++problems;
      if (p.what.empty()) broken("a WARC problem without a description");
    }, max_payload);
    io::WarcResponse r;
    while (reader.next(r)) {
      ++returned;
      if (r.body.size() > max_payload)
        broken("a payload of " + std::to_string(r.body.size()) + " bytes over the limit of " + std::to_string(max_payload));
      io::content_type_charset(r.http_charset);
      check_document(PageRun::parse({r.body, {}, {}}).doc());
    }
    const io::WarcCounts& c = reader.counts();
    if (c.html != returned) broken("counts.html " + std::to_string(c.html) + " != " + std::to_string(returned) + " returned");
    if (c.responses > c.records) broken("more responses than records");
    if (c.html + c.not_html + c.too_large > c.records) broken("more records classified than seen");
    if (c.html + c.not_html + c.too_large + c.bad < c.records) broken("a record in no category");
    if (c.bad > problems) broken("bad records without a problem reported");
  }
  std::fclose(f);
  return 0;
}

}  // namespace wce::fuzz
