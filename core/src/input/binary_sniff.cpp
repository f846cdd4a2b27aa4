// Input that is not text (wce/html.hpp, binary_kind): a known file signature
// at the start, or a high share of control bytes. One place, so that every
// front end (CLI, batch, WARC, Python, WASM) refuses the same inputs through
// PageRun::parse instead of decoding an image as windows-1252 text.
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "wce/html.hpp"

namespace wce {
namespace {

// A signature: `magic` (with its length, NULs allowed) at byte `at`.
struct Signature {
  const char* kind;
  size_t at;
  const char* magic;
  size_t size;
};

#define SIG(kind, at, magic) {kind, at, magic, sizeof(magic) - 1}
// File signatures of what web crawls hold besides pages: images, fonts,
// archives and compressed data, documents, media, executables. Only ones of
// at least 3 bytes that no text page starts with.
const Signature kSignatures[] = {
    SIG("PNG", 0, "\x89PNG\r\n\x1a\n"),
    SIG("JPEG", 0, "\xFF\xD8\xFF"),
    SIG("GIF", 0, "GIF87a"),
    SIG("GIF", 0, "GIF89a"),
    SIG("WebP", 8, "WEBP"),  // with "RIFF" at 0, checked below
    SIG("ICO", 0, "\x00\x00\x01\x00"),
    SIG("TIFF", 0, "II*\x00"),
    SIG("TIFF", 0, "MM\x00*"),
    SIG("PDF", 0, "%PDF-"),
    SIG("ZIP", 0, "PK\x03\x04"),
    SIG("ZIP", 0, "PK\x05\x06"),
    SIG("gzip", 0, "\x1f\x8b\x08"),
    SIG("bzip2", 4, "1AY&SY"),  // with "BZh" at 0, checked below
    SIG("xz", 0, "\xFD" "7zXZ\x00"),
    SIG("7z", 0, "7z\xBC\xAF\x27\x1C"),
    SIG("RAR", 0, "Rar!\x1A\x07"),
    SIG("zstd", 0, "\x28\xB5\x2F\xFD"),
    SIG("tar", 257, "ustar"),
    SIG("WOFF", 0, "wOFF"),
    SIG("WOFF2", 0, "wOF2"),
    SIG("TrueType font", 0, "\x00\x01\x00\x00\x00"),
    SIG("ELF executable", 0, "\x7F" "ELF"),
    SIG("WebAssembly", 0, "\x00" "asm"),
    SIG("Java class", 0, "\xCA\xFE\xBA\xBE"),
    SIG("MP4", 4, "ftyp"),
    SIG("Ogg", 0, "OggS"),
    SIG("FLAC", 0, "fLaC"),
    SIG("Matroska", 0, "\x1A\x45\xDF\xA3"),
    SIG("SQLite", 0, "SQLite format 3\x00"),
    SIG("OLE2 (Office)", 0, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1"),
};
#undef SIG

bool has(std::string_view b, size_t at, const char* magic, size_t size) {
  return b.size() >= at + size && std::memcmp(b.data() + at, magic, size) == 0;
}

// C0 controls that text does not use: all but tab, LF, VT, FF, CR and ESC
// (ISO-2022-JP switches with ESC).
bool is_control(unsigned char c) { return c < 0x20 && c != '\t' && c != '\n' && c != 0x0B && c != 0x0C && c != '\r' && c != 0x1B; }

constexpr size_t kSample = 4096;          // the share is measured on the first bytes
// Measured: of the 6,687 dataset pages with html (../shared/datasets), one has
// any such byte in its first 4 KiB (0.15%); a refused image has most of them.
constexpr double kMaxControlShare = 0.10;

}  // namespace

std::string binary_kind(std::string_view bytes, std::string_view charset) {
  for (const Signature& s : kSignatures) {
    if (!has(bytes, s.at, s.magic, s.size)) continue;
    if (std::strcmp(s.kind, "WebP") == 0 && !has(bytes, 0, "RIFF", 4)) continue;
    if (std::strcmp(s.kind, "bzip2") == 0 && !(has(bytes, 0, "BZh", 3) && bytes[3] >= '1' && bytes[3] <= '9')) continue;
    return s.kind;
  }
  // UTF-16 holds NUL bytes as a matter of course.
  if (charset.rfind("utf-16", 0) == 0 || has(bytes, 0, "\xFF\xFE", 2) || has(bytes, 0, "\xFE\xFF", 2)) return "";
  size_t n = std::min(bytes.size(), kSample), control = 0, nul[2] = {0, 0};
  for (size_t i = 0; i < n; ++i) {
    unsigned char c = static_cast<unsigned char>(bytes[i]);
    if (c == 0) ++nul[i % 2];
    if (is_control(c)) ++control;
  }
  // UTF-16 without a BOM: NULs on one side of the byte pairs only (ASCII
  // characters), none on the other.
  size_t most = std::max(nul[0], nul[1]), least = std::min(nul[0], nul[1]);
  if (most * 4 >= n / 2 && least * 50 <= n / 2) return "";
  if (n == 0 || static_cast<double>(control) <= kMaxControlShare * static_cast<double>(n)) return "";
  char buf[64];
  std::snprintf(buf, sizeof buf, "binary data: %.0f%% control bytes", 100.0 * static_cast<double>(control) / static_cast<double>(n));
  return buf;
}

void require_text(std::string_view bytes, std::string_view charset) {
  std::string kind = binary_kind(bytes, charset);
  if (!kind.empty()) throw NotHtmlError(kind);
}

}  // namespace wce
