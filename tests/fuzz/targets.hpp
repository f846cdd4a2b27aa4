// The fuzz targets: one function per harness, shared by the libFuzzer entry
// points (fuzz_main.cpp, built with -DWCE_FUZZ=ON) and by the GoogleTest that
// replays the committed seeds and crash inputs (tests/cpp/test_fuzz_replay.cpp).
// Each returns 0; a broken invariant prints what broke and aborts, which
// libFuzzer records as a crash and GoogleTest as a failed test.
#pragma once
#include <cstddef>
#include <cstdint>

namespace wce::fuzz {

// bytes -> charset sniffing -> parse_html -> every registered extractor -> render.
int html_target(const uint8_t* data, size_t size);
// The same, but the first two bytes choose one or two extractors (or the
// complexity features) instead of all (check.hpp, run_picked).
int html_pick_target(const uint8_t* data, size_t size);
// bytes -> a flat DOM (mostly well-formed, some broken) -> decode_flat_dom ->
// every registered extractor -> render.
int flat_dom_target(const uint8_t* data, size_t size);
// The same with the first two bytes choosing the extractor(s).
int flat_dom_pick_target(const uint8_t* data, size_t size);
// bytes -> two texts (+ language and segmentation) -> every evaluation measure.
int measures_target(const uint8_t* data, size_t size);
// bytes -> a JSONL file (plain or gzipped) -> read_dataset.
int dataset_target(const uint8_t* data, size_t size);
// bytes -> a WARC file (plain, gzipped whole or per record, corrupt gzip) ->
// io::WarcReader -> each HTML payload through PageRun::parse.
int warc_target(const uint8_t* data, size_t size);
// bytes -> a well-formed WARC and the same with one record damaged: every
// other record unchanged, the damaged one reported once (fuzz_warc_diff.cpp).
int warc_diff_target(const uint8_t* data, size_t size);
// bytes -> sniff_charset (or a chosen encoding) -> to_utf8.
int charset_target(const uint8_t* data, size_t size);

}  // namespace wce::fuzz
