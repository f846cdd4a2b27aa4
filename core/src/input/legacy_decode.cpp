// Legacy encodings through iconv (glibc's gconv modules natively). The WASM
// build has none: the extension and the web page hand the core text that the
// browser already decoded, so a 100+ KB of CJK tables would be dead weight.
#include "input/legacy_decode.hpp"

#include <cerrno>
#include <map>
#include <stdexcept>
#include <string>

#include "input/encoding_labels.hpp"

#ifndef __EMSCRIPTEN__
#include <iconv.h>
#endif

namespace wce::legacy {
namespace {

constexpr char kReplacementUtf8[] = "\xEF\xBF\xBD";

#ifndef __EMSCRIPTEN__
// encoding -> the iconv name that opened, for every encoding of kIconvNames
// whose module is installed. Probed once (loading the modules), on first use.
const std::map<std::string_view, std::string>& opened_names() {
  static const std::map<std::string_view, std::string> names = [] {
    std::map<std::string_view, std::string> m;
    for (const encoding::Iconv& e : encoding::kIconvNames) {
      for (std::string_view candidate : {e.name, e.fallback}) {
        if (candidate.empty()) continue;
        std::string name(candidate);
        iconv_t cd = iconv_open("UTF-8", name.c_str());
        if (cd == reinterpret_cast<iconv_t>(-1)) continue;
        iconv_close(cd);
        m.emplace(e.encoding, name);
        break;
      }
    }
    return m;
  }();
  return names;
}
#endif

}  // namespace

bool is_legacy(std::string_view encoding) {
  for (const encoding::Iconv& e : encoding::kIconvNames)
    if (e.encoding == encoding) return true;
  return false;
}

bool available(std::string_view encoding) {
#ifdef __EMSCRIPTEN__
  (void)encoding;
  return false;
#else
  return opened_names().count(encoding) > 0;
#endif
}

std::string to_utf8(std::string_view bytes, std::string_view encoding) {
#ifdef __EMSCRIPTEN__
  (void)bytes;
  throw std::logic_error("no legacy decoder for " + std::string(encoding) + " in this build");
#else
  const auto& names = opened_names();
  auto it = names.find(encoding);
  if (it == names.end()) throw std::logic_error("no legacy decoder for " + std::string(encoding));
  struct Converter {  // closed on every way out
    iconv_t cd;
    ~Converter() { iconv_close(cd); }
  };
  iconv_t opened = iconv_open("UTF-8", it->second.c_str());
  if (opened == reinterpret_cast<iconv_t>(-1)) throw std::runtime_error("iconv_open failed for " + it->second);
  const Converter conv{opened};
  iconv_t cd = conv.cd;
  // Most legacy text at most doubles (CJK: 2 bytes -> 3; Cyrillic 1 -> 2);
  // Thai and the like (1 -> 3) grow the buffer below.
  std::string out(bytes.size() * 2 + 16, '\0');
  size_t written = 0;
  char* in = const_cast<char*>(bytes.data());  // iconv's signature; the input is not written
  size_t in_left = bytes.size();
  auto grow = [&](size_t need) {
    if (out.size() - written < need) out.resize(out.size() * 2 + need);
  };
  for (;;) {
    char* o = out.data() + written;
    size_t o_left = out.size() - written;
    // Once the input is read, a null input flushes a stateful encoding's
    // pending output (ISO-2022-JP's return to ASCII).
    const bool flush = in_left == 0;
    size_t r = flush ? iconv(cd, nullptr, nullptr, &o, &o_left) : iconv(cd, &in, &in_left, &o, &o_left);
    written = out.size() - o_left;
    if (r != static_cast<size_t>(-1)) {
      if (flush) break;
      continue;
    }
    if (errno == E2BIG) {
      grow(out.size());
      continue;
    }
    if (flush) break;
    // EILSEQ (no character here) or EINVAL (a sequence cut by the end).
    grow(3);
    out.replace(written, 3, kReplacementUtf8, 3);
    written += 3;
    ++in;
    --in_left;
  }
  out.resize(written);
  return out;
#endif
}

}  // namespace wce::legacy
