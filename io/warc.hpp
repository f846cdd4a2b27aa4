// Reading web archives (WARC 1.0 / 1.1, ISO 28500): the HTML response records
// of a .warc or .warc.gz file (one gzip member per record, or the whole file
// in one), streamed in constant memory.
//
// No maintained C++ WARC library is packaged in our registries, so this is a
// small reader of our own on zlib. What it reads of the format (WARC 1.1
// specification, sections 4-6): a record is "WARC/1.x" CRLF, named fields up to
// an empty line, a block of exactly Content-Length bytes, then CRLF CRLF. A
// response record of Content-Type application/http holds the HTTP status
// line and headers, an empty line, then the payload.
#pragma once
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>

namespace wce::io {

// An HTML response record.
struct WarcResponse {
  uint64_t offset = 0;       // where the record starts (see WarcProblem::offset)
  std::string id;            // WARC-Record-ID, e.g. "<urn:uuid:...>"
  std::string url;           // WARC-Target-URI
  std::string http_charset;  // the charset parameter of the HTTP Content-Type, as written ("" if none)
  std::string body;          // the HTTP payload: chunked transfer and gzip/deflate content coding undone
};

// A record that was not returned. Problems that lose data (corrupt, truncated)
// have `bad` set; skipped records (too large) do not. Each problem is one
// record (or one damaged stretch that held no readable record header) and
// gives one offset: that record's.
struct WarcProblem {
  uint64_t offset = 0;  // the record's offset in the file: in a .warc.gz the
                        // compressed offset of its gzip member (what CDX indexes
                        // use) when that member starts the record, else the
                        // offset in the decompressed stream
  bool bad = false;
  bool truncated = false;  // bad because the file ends inside the record
  std::string what;
};

// What the reader saw. Every record is in exactly one of html, not_html,
// too_large, corrupt and truncated: records is their sum. A damaged stretch
// (a corrupt gzip member, bytes that are no record) counts as one corrupt
// record; after one, reading resumes at the next gzip member or the next
// "WARC/1." line, so the records after it are read.
struct WarcCounts {
  size_t records = 0;    // every record, of every type, damaged ones included
  size_t responses = 0;  // response records whose header was read (in any category)
  size_t html = 0;       // returned by next()
  size_t not_html = 0;   // responses with another media type, and records of other types
  size_t too_large = 0;  // HTML payloads over the limit, skipped
  size_t corrupt = 0;    // reported as problems
  size_t truncated = 0;  // reported as problems: the file ends inside them
  size_t bad() const { return corrupt + truncated; }
};

class WarcReader {
 public:
  // Reads `in` (not closed). `max_payload`: larger HTML payloads are skipped
  // and reported; memory stays below about that plus the buffers.
  WarcReader(std::FILE* in, std::function<void(const WarcProblem&)> on_problem,
             size_t max_payload = kDefaultMaxPayload);
  ~WarcReader();
  WarcReader(const WarcReader&) = delete;
  WarcReader& operator=(const WarcReader&) = delete;

  // The next HTML response record; false at the end of the input. Never throws
  // for bad data: corrupt and truncated records go to on_problem and are skipped.
  bool next(WarcResponse& out);
  const WarcCounts& counts() const { return counts_; }

  static constexpr size_t kDefaultMaxPayload = 32u << 20;

 private:
  class Source;
  enum class Line { Ok, TooLong, End };
  enum class Trailer { Ok, Wrong, Broken };
  Line read_line(std::string& line);
  bool fill();
  bool read_exact(size_t n, std::string* out);  // nullptr: skip
  uint64_t position() const;
  uint64_t file_offset(uint64_t decompressed) const;
  void report(uint64_t offset, bool bad, bool truncated, std::string what);
  void damaged(uint64_t offset, bool truncated, std::string what);
  void classify(size_t WarcCounts::*category);
  void on_break();
  bool resync();
  void find_record_starts();
  Trailer check_trailer();
  bool rewind_to_record_start();

  std::unique_ptr<Source> src_;
  std::function<void(const WarcProblem&)> on_problem_;
  size_t max_payload_;
  std::string buf_;
  size_t pos_ = 0;
  uint64_t buf_start_ = 0;  // decompressed offset of buf_[0]
  bool broken_ = false;       // the source hit corrupt data; not handled yet
  bool in_record_ = false;    // a record header was read and the record is not classified yet
  bool damage_open_ = false;  // a damaged stretch was reported and no record header read since:
                              // more damage before the next record is part of it
  uint64_t damage_member_ = 0;    // decompressed start of the gzip member that held the damage
  bool record_in_damage_ = false; // the record being read began inside that member
  bool record_is_response_ = false; // the record being read is a response (counted when classified)
  uint64_t record_start_ = 0; // decompressed offset of the record being read
  // While a block is read, the first "WARC/1." line inside it is kept in buf_
  // (record_start_kept_): if the block turns out longer than its record (a
  // wrong Content-Length), reading goes back there instead of losing the
  // records it swallowed.
  bool in_block_ = false;
  uint64_t scan_from_ = 0;                          // where the search for "\nWARC/1." goes on
  uint64_t record_start_kept_ = UINT64_MAX;         // offset of that "WARC/1." line, if any
  WarcCounts counts_;
};

// The charset label of a Content-Type value ("text/html; charset=ISO-8859-1"
// -> "ISO-8859-1"), "" when none; and its media type, lowercased ("text/html").
std::string content_type_charset(const std::string& value);
std::string content_type_media(const std::string& value);

}  // namespace wce::io
