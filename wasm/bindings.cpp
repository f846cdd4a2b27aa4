// Embind bindings of the wce core: the low-level module behind wasm/wce_api.js.
//
// Every entry point catches C++ exceptions and returns {error: "..."} instead
// of throwing across the boundary; wasm/wce_api.js turns that into a JS Error.
// (The module is built with -fwasm-exceptions, see CMakeLists.txt, so catching
// works and the stack is unwound with destructors run: nothing leaks.)
//
// Strings: Embind converts JS strings <-> std::string as UTF-8
// (EMBIND_STD_STRING_IS_UTF8, the default); the page's HTML goes through
// utf8_of (TextEncoder.encodeInto, one pass) instead. Either way it arrives
// already decoded and is parsed with charset "utf-8"; a <meta charset> in it
// is ignored.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "wce/wce.hpp"

using emscripten::val;

namespace {

val error_result(const std::string& message) {
  val r = val::object();
  r.set("error", message);
  return r;
}

// One extractor's result packed for JS: {extractor, text, labels
// (Float32Array), parseMs, extractMs, renderMs}. A failing extractor throws
// here (extract/classify report it as {error}).
val pack(const wce::PageRun& run, const wce::ExtractorRun& x) {
  if (!x.ok()) throw std::runtime_error("extractor \"" + x.extractor->info().name + "\" failed: " + x.error);
  val r = val::object();
  r.set("extractor", x.extractor->info().name);
  r.set("text", x.text);
  // new Float32Array(view) copies the labels out of wasm memory.
  r.set("labels", val::global("Float32Array").new_(emscripten::typed_memory_view(x.labels.size(), x.labels.data())));
  r.set("parseMs", run.parse_ms());
  r.set("extractMs", x.extract_ms);
  r.set("renderMs", x.render_ms);
  return r;
}

// {parseMs, results: [one pack() per extractor]}, all on the page's one
// Context: the shared features and the members are computed once.
val run_many(wce::PageRun& run, const std::vector<const wce::Extractor*>& list) {
  val results = val::array();
  unsigned i = 0;
  for (const wce::Extractor* ex : list) results.set(i++, pack(run, run.run(*ex)));
  val r = val::object();
  r.set("parseMs", run.parse_ms());
  r.set("results", results);
  return r;
}

std::vector<const wce::Extractor*> require_extractors(const val& names) {
  std::vector<const wce::Extractor*> list;
  const unsigned n = names["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) list.push_back(&wce::require_extractor(names[i].as<std::string>()));
  return list;
}

// A JS Uint32Array (or anything TypedArray.prototype.set accepts) copied into
// wasm memory with one bulk copy; the view is made after the allocation, so
// memory growth cannot detach it.
std::vector<uint32_t> copy_nodes(const val& nodes) {
  const size_t n = nodes["length"].as<size_t>();
  std::vector<uint32_t> words(n);
  if (n > 0) {
    val view(emscripten::typed_memory_view(n, words.data()));
    view.call<void>("set", nodes);
  }
  return words;
}

template <class F>
val guarded(F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return error_result(e.what());
  } catch (...) {
    return error_result("unknown C++ exception");
  }
}

val js_extractors() {
  val list = val::array();
  unsigned i = 0;
  for (const auto& e : wce::extractors()) {
    const wce::ExtractorInfo& info = e->info();
    val o = val::object();
    o.set("name", info.name);
    o.set("family", std::string(wce::family_name(info.family)));
    o.set("reference", info.reference);
    o.set("description", info.description);
    o.set("render", std::string(info.render == wce::RenderStyle::Layout ? "layout" : "plain"));
    list.set(i++, o);
  }
  return list;
}

// A JS string as UTF-8 in one pass: TextEncoder.encodeInto writes straight
// into wasm memory (Embind's std::string conversion walks the string twice in
// JS and copies). Lone surrogates become U+FFFD, as in Embind's conversion.
// At most 3 bytes per UTF-16 code unit; the view is made after the
// allocation, so memory growth cannot detach it.
std::string utf8_of(const val& s) {
  if (!s.isString()) throw std::invalid_argument("html must be a string");
  static const val encoder = val::global("TextEncoder").new_();
  std::string buf(s["length"].as<size_t>() * 3, '\0');
  val view(emscripten::typed_memory_view(buf.size(), reinterpret_cast<unsigned char*>(buf.data())));
  buf.resize(encoder.call<val>("encodeInto", s, view)["written"].as<size_t>());
  return buf;
}

// `lang`: the page's stated language ("" when unknown), as `wce extract --jsonl`
// takes it from a record.
val js_extract(const val& html_js, const std::string& extractor, const std::string& lang) {
  return guarded([&] {
    const wce::Extractor& ex = wce::require_extractor(extractor);
    const std::string html = utf8_of(html_js);
    wce::PageRun run = wce::PageRun::parse({html, "utf-8", lang});
    return pack(run, run.run(ex));
  });
}

val js_extract_many(const val& html_js, val names, const std::string& lang) {
  return guarded([&] {
    std::vector<const wce::Extractor*> list = require_extractors(names);
    const std::string html = utf8_of(html_js);
    wce::PageRun run = wce::PageRun::parse({html, "utf-8", lang});
    return run_many(run, list);
  });
}

// The flat DOM's node words are copied into wasm memory first; the decode
// (timed as parseMs) starts after the copy, as before.
val js_classify(val nodes, const std::string& strings, const std::string& extractor, const std::string& lang) {
  return guarded([&] {
    const wce::Extractor& ex = wce::require_extractor(extractor);
    std::vector<uint32_t> words = copy_nodes(nodes);
    wce::PageRun run = wce::PageRun::decode(wce::FlatDom{words.data(), words.size(), strings}, lang);
    return pack(run, run.run(ex));
  });
}

val js_classify_many(val nodes, const std::string& strings, val names, const std::string& lang) {
  return guarded([&] {
    std::vector<const wce::Extractor*> list = require_extractors(names);
    std::vector<uint32_t> words = copy_nodes(nodes);
    wce::PageRun run = wce::PageRun::decode(wce::FlatDom{words.data(), words.size(), strings}, lang);
    return run_many(run, list);
  });
}

val js_evaluate(const std::string& predicted, const std::string& gold) {
  return guarded([&] {
    wce::PRF prf = wce::rouge_lsum(predicted, gold);
    val r = val::object();
    r.set("precision", prf.precision);
    r.set("recall", prf.recall);
    r.set("f1", prf.f1);
    return r;
  });
}

// ---- Evaluation: the same functions as the CLI (core/include/wce/eval.hpp,
// complexity.hpp), so that the benchmark page computes the CLI's figures.

// The columns: wce::measure_names(), then rouge_lsum_words_{p,r,f1}: plain
// wce::rouge_lsum() on word tokens, which is what `wce bench` puts in its
// table (wce::score_page, core/src/eval/aggregate.cpp). measure_page's
// rouge_lsum columns differ from it only where measure_page segments by
// character (Chinese, Japanese, Thai, ...).
const std::vector<std::string>& column_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n = wce::measure_names();
    for (const char* suffix : {"_p", "_r", "_f1"}) n.push_back(std::string("rouge_lsum_words") + suffix);
    return n;
  }();
  return names;
}

val js_measure_names() {
  val list = val::array();
  unsigned i = 0;
  for (const std::string& n : column_names()) list.set(i++, n);
  return list;
}

// The values of column_names() for one pair of texts, as a Float64Array
// (copied out of wasm memory), and whether character segmentation was used.
val measure_values(std::string_view predicted, std::string_view gold, const wce::MeasureOptions& opt) {
  const wce::PageMeasures m = wce::measure_page(predicted, gold, opt);
  const wce::PRF words = m.characters ? wce::rouge_lsum(predicted, gold) : m.rouge_lsum;
  std::vector<double> values;
  values.reserve(column_names().size());
  for (const std::string& n : wce::measure_names()) values.push_back(wce::measure_value(m, n).value_or(0.0));
  values.insert(values.end(), {words.precision, words.recall, words.f1});
  val r = val::object();
  r.set("values", val::global("Float64Array").new_(emscripten::typed_memory_view(values.size(), values.data())));
  r.set("characters", m.characters);
  return r;
}

wce::MeasureOptions measure_options(const std::string& lang) {
  wce::MeasureOptions opt;
  opt.lang = lang;
  return opt;
}

val js_measure(const std::string& predicted, const std::string& gold, const std::string& lang) {
  return guarded([&] {
    return measure_values(predicted, gold, measure_options(lang));
  });
}

// The paper's complexity score of a page against its gold text and the
// estimate without gold, from one parse.
void set_complexity(val& r, const wce::Document& doc, const std::string& gold) {
  r.set("complexity", wce::complexity_score(doc, gold));
  r.set("complexityEstimate", wce::estimate_complexity(doc).p_above_median);
}

val js_complexity(const std::string& html, const std::string& gold) {
  return guarded([&] {
    wce::PageRun run = wce::PageRun::parse({html, "utf-8", {}});
    val r = val::object();
    set_complexity(r, run.doc(), gold);
    return r;
  });
}

val js_complexity_levels(val scores) {
  return guarded([&] {
    const unsigned n = scores["length"].as<unsigned>();
    std::vector<double> v(n);
    for (unsigned i = 0; i < n; ++i) v[i] = scores[i].as<double>();
    wce::ComplexityLevels lv = wce::levels_from_scores(std::move(v));
    val r = val::object();
    r.set("q1", lv.q1);
    r.set("q3", lv.q3);
    return r;
  });
}

// One benchmark page, as `wce bench` does it (cli/bench.cpp), through the
// same run layer: one parse, the record's stated language, per extractor a
// Context of its own (its time includes the shared features it uses), the
// rendered text scored with every measure. ms = parse + extract + render. A
// failing extractor gets {extractor, error} and the others still run.
val js_bench_page(const val& html_js, const std::string& gold, const std::string& lang, val names) {
  return guarded([&] {
    std::vector<const wce::Extractor*> list = require_extractors(names);
    const std::string html = utf8_of(html_js);
    wce::PageRun run = wce::PageRun::parse({html, "utf-8", lang});
    const wce::MeasureOptions opt = measure_options(lang);
    val results = val::array();
    unsigned i = 0;
    for (const wce::Extractor* ex : list) {
      val x = val::object();
      x.set("extractor", ex->info().name);
      wce::ExtractorRun r = run.run(*ex, /*render=*/true, /*fresh=*/true);
      if (r.ok()) {
        x.set("ms", run.parse_ms() + r.extract_ms + r.render_ms);
        x.set("values", measure_values(r.text, gold, opt)["values"]);
        x.set("labels", val::global("Float32Array").new_(emscripten::typed_memory_view(r.labels.size(), r.labels.data())));
      } else {
        x.set("error", r.error);
      }
      results.set(i++, x);
    }
    val r = val::object();
    r.set("parseMs", run.parse_ms());
    set_complexity(r, run.doc(), gold);
    r.set("results", results);
    return r;
  });
}

std::string js_version() { return WCE_VERSION; }

// The page as parse_html reads it (repair_unclosed_title applied).
std::string js_repair_html(std::string html) {
  wce::repair_unclosed_title(html);
  return html;
}

}  // namespace

EMSCRIPTEN_BINDINGS(wce) {
  emscripten::function("extractors", &js_extractors);
  emscripten::function("extract", &js_extract);
  emscripten::function("extractMany", &js_extract_many);
  emscripten::function("classify", &js_classify);
  emscripten::function("classifyMany", &js_classify_many);
  emscripten::function("evaluate", &js_evaluate);
  emscripten::function("version", &js_version);
  emscripten::function("repairHtml", &js_repair_html);
  emscripten::function("measureNames", &js_measure_names);
  emscripten::function("measure", &js_measure);
  emscripten::function("complexity", &js_complexity);
  emscripten::function("complexityLevels", &js_complexity_levels);
  emscripten::function("benchPage", &js_bench_page);
}
