// Embind bindings of the wce core: the low-level module behind wasm/wce_api.js.
//
// Every entry point catches C++ exceptions and returns {error: "..."} instead
// of throwing across the boundary; wasm/wce_api.js turns that into a JS Error.
// (The module is built with -fwasm-exceptions, see CMakeLists.txt, so catching
// works and the stack is unwound with destructors run: nothing leaks.)
//
// Strings: Embind converts JS strings <-> std::string as UTF-8
// (EMBIND_STD_STRING_IS_UTF8, the default). The two big ones cross in one
// pass each instead: the page's HTML in as a Utf8 (code units copied and
// converted here in Node, else TextEncoder.encodeInto), an extractor's text
// out through wce_js_result (TextDecoder.decode). The HTML
// arrives already decoded and is parsed with charset "utf-8"; a
// <meta charset> in it is ignored.
#include <emscripten/bind.h>
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <new>
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

// JS arrays (or typed arrays) into vectors, numbers in one bulk copy.
std::vector<double> doubles(const val& v) { return emscripten::convertJSArrayToNumberVector<double>(v); }
std::vector<int32_t> ints(const val& v) { return emscripten::convertJSArrayToNumberVector<int32_t>(v); }
std::vector<std::string> strings(const val& v) { return emscripten::vecFromJSArray<std::string>(v); }

// One extractor's result packed for JS: {extractor, text, labels
// (Float32Array), parseMs, extractMs, renderMs}, built in one call out to JS
// (Embind's val::object() and a val::set per field cost a crossing each, and a
// key string decoded from UTF-8 each time). The UTF-8 text comes out of wasm
// memory as a JS string in one pass (TextDecoder; Embind's std::string
// conversion copies it into a new buffer and scans it byte by byte in JS twice
// before decoding): U+0000 for a NUL byte, U+FFFD for invalid UTF-8 (the core
// only makes valid UTF-8). The labels are copied out (slice). A failing
// extractor throws here (extract/classify report it as {error}).
EM_JS(emscripten::EM_VAL, wce_js_result,
      (const char* name, const char* text, size_t text_len, const float* labels, size_t n_labels,
       double parse_ms, double extract_ms, double render_ms), {
  var decoder = Module.wceTextDecoder || (Module.wceTextDecoder = new TextDecoder('utf-8'));
  var start = labels >> 2;
  return Emval.toHandle({
    extractor: UTF8ToString(name),
    text: decoder.decode(HEAPU8.subarray(text, text + text_len)),
    labels: HEAPF32.slice(start, start + n_labels),
    parseMs: parse_ms,
    extractMs: extract_ms,
    renderMs: render_ms
  });
});

val pack(const wce::PageRun& run, const wce::ExtractorRun& x) {
  if (x.limit == "memory") throw std::bad_alloc();  // guarded() says how much memory there was
  if (!x.ok()) throw std::runtime_error("extractor \"" + x.extractor->info().name + "\" failed: " + x.error);
  return val::take_ownership(wce_js_result(x.extractor->info().name.c_str(), x.text.data(), x.text.size(),
                                           x.labels.data(), x.labels.size(), run.parse_ms(), x.extract_ms,
                                           x.render_ms));
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

// When WebAssembly memory cannot grow any further, malloc returns null and
// operator new (and Gumbo's arena, gumbo_builder.cpp) throws std::bad_alloc:
// the page's allocations are released as the stack unwinds and the module
// stays usable (built with -sABORTING_MALLOC=0, CMakeLists.txt).
std::string out_of_memory_message() {
  return "out of memory: the page needs more memory than WebAssembly can grow to (heap " +
         std::to_string(emscripten_get_heap_size() >> 20) + " MB, maximum " +
         std::to_string(emscripten_get_heap_max() >> 20) + " MB); the page was skipped, the extractor is still usable";
}

template <class F>
val guarded(F&& f) {
  try {
    return f();
  } catch (const std::bad_alloc&) {
    return error_result(out_of_memory_message());
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
    val needs = val::array();
    for (size_t k = 0; k < info.needs.size(); ++k) needs.set(k, info.needs[k]);
    o.set("needs", needs);
    list.set(i++, o);
  }
  return list;
}

// Node: the string's UTF-16 code units copied into wasm memory as they are
// (Buffer#ucs2Write), for wce_utf16_to_utf8 (wasm/utf16_to_utf8.c).
EM_JS(int, wce_js_has_ucs2_write, (), {
  return ENVIRONMENT_IS_NODE && typeof Buffer === 'function' && typeof Buffer.prototype.ucs2Write === 'function' ? 1 : 0;
});
EM_JS(void, wce_js_write_utf16, (emscripten::EM_VAL s, char* at, size_t units), {
  Buffer.from(HEAPU8.buffer, at, units * 2).ucs2Write(Emval.toValue(s), 0, units * 2);
});
extern "C" size_t wce_utf16_to_utf8(const uint16_t* in, size_t n, unsigned char* out);

// A JS string as UTF-8, lone surrogates as U+FFFD (as Embind's conversion
// and TextEncoder): in Node, its code units are copied in (Buffer#ucs2Write,
// a copy) and converted here in place; elsewhere TextEncoder.encodeInto
// writes UTF-8 straight into wasm memory (both beat Embind's std::string
// conversion, which walks the string twice in JS and copies). At most 3
// bytes per UTF-16 code unit, in a buffer that is not zeroed first (only the
// bytes written are read); the code units go to the even offset at or after
// `units`, which wce_utf16_to_utf8 allows in place. Views and Buffers are
// made after the allocation, so memory growth cannot detach them. Every text
// argument comes in this way, so that no JS caller has to make its strings
// well formed first.
class Utf8 {
 public:
  explicit Utf8(const val& s, const char* what = "html") {
    if (!s.isString()) throw std::invalid_argument(std::string(what) + " must be a string");
    static const bool ucs2 = wce_js_has_ucs2_write() != 0;
    const size_t units = s["length"].as<size_t>();
    const size_t capacity = units * 3;
    bytes_.reset(new char[capacity + 2]);
    if (ucs2) {
      char* at = bytes_.get() + ((units + 1) & ~size_t{1});
      wce_js_write_utf16(s.as_handle(), at, units);
      size_ = wce_utf16_to_utf8(reinterpret_cast<const uint16_t*>(at), units,
                                reinterpret_cast<unsigned char*>(bytes_.get()));
      return;
    }
    static const val encoder = val::global("TextEncoder").new_();
    val view(emscripten::typed_memory_view(capacity, reinterpret_cast<unsigned char*>(bytes_.get())));
    size_ = encoder.call<val>("encodeInto", s, view)["written"].as<size_t>();
  }
  std::string_view view() const { return {bytes_.get(), size_}; }

 private:
  std::unique_ptr<char[]> bytes_;
  size_t size_ = 0;
};

// The page type (wce::classify_page_type, wce/page_type.hpp) when `page_type`
// is asked for: {name, label, probability, ms} on the run's Context, after the
// extractors, so that it reuses the shared features they computed and `ms` is
// what it adds. `url` (the page's address, "" when unknown) feeds the
// classifier's URL features, as `wce extract --url` does natively. Callers
// that do not ask pay nothing.
struct PageTypeOption {
  bool wanted = false;
  std::string url;
};

PageTypeOption page_type_option(bool wanted, const val& url_js) {
  PageTypeOption o;
  o.wanted = wanted;
  if (wanted && !url_js.isUndefined() && !url_js.isNull()) o.url = std::string(Utf8(url_js, "url").view());
  return o;
}

void set_page_type(val& r, wce::PageRun& run, const PageTypeOption& opt) {
  if (!opt.wanted) return;
  const auto t0 = std::chrono::steady_clock::now();
  const wce::PageTypeResult t = wce::classify_page_type(run.context(), opt.url);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  val o = val::object();
  o.set("name", std::string(t.name()));
  o.set("label", std::string(wce::page_type_label(t.type)));
  o.set("probability", t.probability);
  o.set("ms", ms);
  r.set("pageType", o);
}

// A url argument: "" when not given.
std::string url_string(const val& url) {
  return url.isUndefined() || url.isNull() ? std::string() : std::string(Utf8(url, "url").view());
}

// `lang`: the page's stated language ("" when unknown), as `wce extract --jsonl`
// takes it from a record.
// `format`: "text" (the result's text only), "markdown" or "html" (also
// that rendering, under its name); links / images: MarkupOptions.
val js_extract(const val& html_js, const std::string& extractor, const std::string& lang, const std::string& format,
               bool links, bool images, bool page_type, const val& url) {
  return guarded([&] {
    const wce::Extractor& ex = wce::require_extractor(extractor);
    const wce::OutputFormat f = wce::parse_output_format(format);
    const PageTypeOption opt = page_type_option(page_type, url);
    const Utf8 html(html_js);
    wce::PageRun run = wce::PageRun::parse({html.view(), "utf-8", lang});
    const wce::ExtractorRun x = run.run(ex);
    val r = pack(run, x);
    if (f != wce::OutputFormat::Text) {
      wce::MarkupOptions markup;
      markup.links = links;
      markup.images = images;
      markup.base_url = url_string(url);
      r.set(format, run.render(x, f, markup));
    }
    set_page_type(r, run, opt);
    return r;
  });
}

// The page's metadata: {title, author, date, modified, site, lang,
// description, url, image, page_type, page_type_probability}.
val metadata_object(wce::PageRun& run, const std::string& url) {
  const wce::Metadata m = run.metadata(url);
  val r = val::object();
  for (const auto& [key, value] : wce::metadata_fields(m)) r.set(key, *value);
  r.set("page_type_probability", m.page_type_probability);
  return r;
}

val js_metadata(const val& html_js, const std::string& lang, const std::string& url) {
  return guarded([&] {
    const Utf8 html(html_js);
    wce::PageRun run = wce::PageRun::parse({html.view(), "utf-8", lang});
    return metadata_object(run, url);
  });
}

val js_extract_many(const val& html_js, val names, const std::string& lang, bool page_type, const val& url) {
  return guarded([&] {
    std::vector<const wce::Extractor*> list = require_extractors(names);
    const PageTypeOption opt = page_type_option(page_type, url);
    const Utf8 html(html_js);
    wce::PageRun run = wce::PageRun::parse({html.view(), "utf-8", lang});
    val r = run_many(run, list);
    set_page_type(r, run, opt);
    return r;
  });
}

// A flat DOM (wasm/dom_encoder.js) in wasm memory: node and attribute words
// copied, strings converted to UTF-8.
struct FlatInput {
  std::vector<uint32_t> words, attrs;
  Utf8 strings, attr_strings;
  FlatInput(const val& nodes, const val& strings_js, const val& attrs_js, const val& attr_strings_js)
      : words(copy_nodes(nodes)), attrs(copy_nodes(attrs_js)), strings(strings_js, "flat.strings"),
        attr_strings(attr_strings_js, "flat.attrStrings") {}
  wce::PageRun decode(const std::string& lang) const {
    return wce::PageRun::decode(
        wce::FlatDom{words.data(), words.size(), strings.view(), attrs.data(), attrs.size(), attr_strings.view()},
        lang);
  }
};

val js_metadata_flat(val nodes, const val& strings_js, val attrs, const val& attr_strings_js, const std::string& lang,
                     const std::string& url) {
  return guarded([&] {
    const FlatInput flat(nodes, strings_js, attrs, attr_strings_js);
    wce::PageRun run = flat.decode(lang);
    return metadata_object(run, url);
  });
}

// The flat DOM's node words are copied into wasm memory first; the decode
// (timed as parseMs) starts after the copy, as before.
// `strings`: lone surrogates become U+FFFD (Utf8), one code unit each, so no
// length shifts; the DOM encoder makes each string well formed on its own, so
// that halves in neighbouring strings cannot pair up in the joined string.
// `format` and links / images: as js_extract (the labels rendered as Markdown
// or cleaned HTML too, from the attributes the flat DOM carries, links and
// images made absolute against `url`);
// `metadata`: the page's metadata on the same decode, as metadata_object
// (with the page's `url`), under "metadata". The reader view asks for both
// with its labels, so the header, the Markdown and the labels come from one
// decode.
val js_classify(val nodes, const val& strings_js, val attrs, const val& attr_strings_js, const std::string& extractor,
                const std::string& lang, bool page_type, const val& url, const std::string& format, bool links,
                bool images, bool metadata) {
  return guarded([&] {
    const wce::Extractor& ex = wce::require_extractor(extractor);
    const wce::OutputFormat f = wce::parse_output_format(format);
    const PageTypeOption opt = page_type_option(page_type, url);
    const FlatInput flat(nodes, strings_js, attrs, attr_strings_js);
    wce::PageRun run = flat.decode(lang);
    const wce::ExtractorRun x = run.run(ex);
    val r = pack(run, x);
    const std::string page_url = url_string(url);
    if (f != wce::OutputFormat::Text) {
      wce::MarkupOptions markup;
      markup.links = links;
      markup.images = images;
      markup.base_url = page_url;
      r.set(format, run.render(x, f, markup));
    }
    set_page_type(r, run, opt);
    if (metadata) r.set("metadata", metadata_object(run, page_url));
    return r;
  });
}

val js_classify_many(val nodes, const val& strings_js, val attrs, const val& attr_strings_js, val names,
                     const std::string& lang, bool page_type, const val& url) {
  return guarded([&] {
    std::vector<const wce::Extractor*> list = require_extractors(names);
    const PageTypeOption opt = page_type_option(page_type, url);
    const FlatInput flat(nodes, strings_js, attrs, attr_strings_js);
    wce::PageRun run = flat.decode(lang);
    val r = run_many(run, list);
    set_page_type(r, run, opt);
    return r;
  });
}

val js_evaluate(const val& predicted, const val& gold) {
  return guarded([&] {
    wce::PRF prf = wce::rouge_lsum(Utf8(predicted, "predicted").view(), Utf8(gold, "gold").view());
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

val js_measure(const val& predicted, const val& gold, const std::string& lang) {
  return guarded([&] {
    return measure_values(Utf8(predicted, "predicted").view(), Utf8(gold, "gold").view(), measure_options(lang));
  });
}

// The paper's complexity score of a page against its gold text and the
// estimate without gold, from one parse.
void set_complexity(val& r, const wce::Document& doc, std::string_view gold) {
  r.set("complexity", wce::complexity_score(doc, gold));
  r.set("complexityEstimate", wce::estimate_complexity(doc).p_above_median);
}

val js_complexity(const val& html_js, const val& gold_js) {
  return guarded([&] {
    const Utf8 html(html_js), gold(gold_js, "gold");
    wce::PageRun run = wce::PageRun::parse({html.view(), "utf-8", {}});
    val r = val::object();
    set_complexity(r, run.doc(), gold.view());
    return r;
  });
}

val js_complexity_levels(val scores) {
  return guarded([&] {
    wce::ComplexityLevels lv = wce::levels_from_scores(doubles(scores));
    val r = val::object();
    r.set("q1", lv.q1);
    r.set("q3", lv.q3);
    return r;
  });
}

// One benchmark page, as `wce bench` does it (cli/bench.cpp): the core's
// bench_page (wce/bench.hpp) on one parse with the record's stated language,
// per extractor a Context of its own (its time includes the shared features it
// uses), ms = parse + extract + render, the block-level measure from the labels;
// the rendered text scored with every column of column_names(). A failing
// extractor gets {extractor, error} and the others still run.
// The share of `snippets` found in `text` (wce::snippet_rate; 1 when there are none).
double snippet_rate_js(std::string_view text, const val& list) {
  if (list.isUndefined() || list.isNull()) return 1;
  std::vector<std::string> snippets;
  const unsigned n = list["length"].as<unsigned>();
  for (unsigned i = 0; i < n; ++i) snippets.push_back(list[i].as<std::string>());
  return wce::snippet_rate(text, snippets);
}

// WCXB's snippet rates of a text: {with, without} (meta.with / meta.without).
val js_snippet_rates(const val& text_js, const val& with, const val& without) {
  return guarded([&] {
    const Utf8 text(text_js, "text");
    val r = val::object();
    r.set("with", snippet_rate_js(text.view(), with));
    r.set("without", snippet_rate_js(text.view(), without));
    return r;
  });
}

val js_bench_page(const val& html_js, const val& gold_js, const std::string& lang, val names, const val& with,
                  const val& without) {
  return guarded([&] {
    std::vector<const wce::Extractor*> list = require_extractors(names);
    const Utf8 html(html_js), gold_utf8(gold_js, "gold");
    const std::string_view gold = gold_utf8.view();
    wce::PageRun run = wce::PageRun::parse({html.view(), "utf-8", lang});
    const wce::MeasureOptions opt = measure_options(lang);
    const std::vector<wce::MeasureSpec> block = {{wce::kBlockMeasure, true}};
    val results = val::array();
    unsigned i = 0;
    for (const wce::BenchRun& b : wce::bench_page(run, list, gold, lang, block)) {
      const wce::ExtractorRun& r = b.run;
      val x = val::object();
      x.set("extractor", r.extractor->info().name);
      if (r.ok()) {
        x.set("ms", b.ms);
        x.set("values", measure_values(r.text, gold, opt)["values"]);
        val prf = val::object();
        prf.set("precision", b.scores[0].p);
        prf.set("recall", b.scores[0].r);
        prf.set("f1", b.scores[0].f);
        x.set("block", prf);
        val snippets = val::object();
        snippets.set("with", snippet_rate_js(r.text, with));
        snippets.set("without", snippet_rate_js(r.text, without));
        x.set("snippets", snippets);
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

// ---- Aggregation: the rows of `wce bench` (wce::aggregate), so that the
// benchmark page's tables are the CLI's by construction.

val summary_js(const wce::Summary& s) {
  val o = val::object();
  o.set("n", static_cast<double>(s.n));
  o.set("mean", s.mean);
  o.set("median", s.median);
  o.set("q1", s.q1);
  o.set("q3", s.q3);
  o.set("stdev", s.stdev);
  return o;
}

wce::GroupBy group_by(const std::string& name) {
  for (wce::GroupBy by : {wce::GroupBy::Dataset, wce::GroupBy::Complexity, wce::GroupBy::Language, wce::GroupBy::PageType})
    if (name == wce::group_by_name(by)) return by;
  throw std::invalid_argument("unknown groupBy \"" + name + "\" (valid: dataset, complexity, language, page_type)");
}

// Numbers per aggregate() row (see the packing below; wce_api.js ROW_NUMBERS).
constexpr size_t kRowNumbers = 2 + 3 * 6 + 2;

// in: {columns: [name], measures: [name] (of measures_of_columns(columns)),
//      groupBy, levels?: {q1, q3},
//      datasets: [name], langs: [name],
//      pageDataset, pageLang: Int32Array, pageComplexity, pageKb: Float64Array (one per page),
//      page, extractorIndex: Int32Array, ms: Float64Array (one per result),
//      extractors: [name], values: Float64Array (columns.length per result)}
// out: {q1, q3, extractor, group, measure: [name], numbers: Float64Array}
val js_aggregate(val in) {
  return guarded([&] {
    const std::vector<std::string> columns = strings(in["columns"]);
    std::vector<wce::MeasureSpec> specs;
    const std::vector<wce::MeasureSpec> known = wce::measures_of_columns(columns);
    for (const std::string& name : strings(in["measures"])) {
      auto it = std::find_if(known.begin(), known.end(), [&](const wce::MeasureSpec& m) { return m.name == name; });
      if (it == known.end()) throw std::invalid_argument("unknown measure \"" + name + "\"");
      specs.push_back(*it);
    }
    const std::vector<std::string> datasets = strings(in["datasets"]), langs = strings(in["langs"]),
                                   extractors = strings(in["extractors"]);
    const std::vector<int32_t> page_dataset = ints(in["pageDataset"]), page_lang = ints(in["pageLang"]);
    // WCXB's meta.page_type per page (optional: "" unknown).
    const std::vector<std::string> page_type =
        in["pageType"].isUndefined() ? std::vector<std::string>(page_dataset.size()) : strings(in["pageType"]);
    const std::vector<double> page_complexity = doubles(in["pageComplexity"]), page_kb = doubles(in["pageKb"]);
    const std::vector<int32_t> page = ints(in["page"]), extractor = ints(in["extractorIndex"]);
    const std::vector<double> ms = doubles(in["ms"]), values = doubles(in["values"]);
    const size_t n_pages = page_dataset.size(), n = page.size(), width = columns.size();
    if (page_lang.size() != n_pages || page_complexity.size() != n_pages || page_kb.size() != n_pages ||
        page_type.size() != n_pages ||
        extractor.size() != n || ms.size() != n || values.size() != n * width)
      throw std::invalid_argument("aggregate: arrays of different lengths");
    auto at = [](const auto& list, int32_t i, const char* what) -> const auto& {
      if (i < 0 || static_cast<size_t>(i) >= list.size()) throw std::invalid_argument(std::string("aggregate: bad ") + what + " index");
      return list[static_cast<size_t>(i)];
    };
    std::vector<wce::PageResult> results;
    results.reserve(n);
    for (size_t i = 0; i < n; ++i) {
      const int32_t pg = page[i];
      at(page_dataset, pg, "page");
      wce::PageResult r;
      r.id = std::to_string(pg);
      r.dataset = at(datasets, page_dataset[pg], "dataset");
      r.lang = at(langs, page_lang[pg], "lang");
      r.page_type = page_type[static_cast<size_t>(pg)];
      r.complexity = page_complexity[pg];
      r.kb = page_kb[pg];
      r.extractor = at(extractors, extractor[i], "extractor");
      r.ms = ms[i];
      r.scores = wce::scores_from_columns(columns, values.data() + i * width, specs);
      results.push_back(std::move(r));
    }
    wce::ComplexityLevels levels;
    val lv = in["levels"];
    if (lv.isUndefined() || lv.isNull()) levels = wce::complexity_levels(results);
    else levels = {lv["q1"].as<double>(), lv["q3"].as<double>()};
    // The rows packed: three string lists and kRowNumbers numbers per row
    // (pages, prf, then n, mean, median, q1, q3, stdev of p, r and f, then
    // msPerPage, msPerKb); wce_api.js unpacks them (one boundary crossing per
    // list instead of one per field).
    const std::vector<wce::Row> rows = wce::aggregate(results, specs, group_by(in["groupBy"].as<std::string>()), levels);
    val extractor_names = val::array(), groups = val::array(), measures = val::array();
    std::vector<double> numbers;
    numbers.reserve(rows.size() * kRowNumbers);
    unsigned k = 0;
    for (const wce::Row& row : rows) {
      extractor_names.set(k, row.extractor);
      groups.set(k, row.group);
      measures.set(k, row.measure);
      ++k;
      numbers.push_back(static_cast<double>(row.pages));
      numbers.push_back(row.prf ? 1 : 0);
      for (const wce::Summary* s : {&row.p, &row.r, &row.f})
        numbers.insert(numbers.end(), {static_cast<double>(s->n), s->mean, s->median, s->q1, s->q3, s->stdev});
      numbers.push_back(row.ms_per_page);
      numbers.push_back(row.ms_per_kb);
    }
    val out = val::object();
    out.set("q1", levels.q1);
    out.set("q3", levels.q3);
    out.set("extractor", extractor_names);
    out.set("group", groups);
    out.set("measure", measures);
    out.set("numbers", val::global("Float64Array").new_(emscripten::typed_memory_view(numbers.size(), numbers.data())));
    return out;
  });
}

val js_measures_of_columns(val columns) {
  return guarded([&] {
    val out = val::array();
    unsigned i = 0;
    for (const wce::MeasureSpec& m : wce::measures_of_columns(strings(columns))) {
      val o = val::object();
      o.set("name", m.name);
      o.set("prf", m.prf);
      out.set(i++, o);
    }
    return out;
  });
}

val js_summarize(val values) {
  return guarded([&] { return summary_js(wce::summarize(doubles(values))); });
}

// Each score's complexity group as aggregate() names it: "low", "medium",
// "high", or "(unknown)" for NaN.
val js_complexity_groups(val scores, double q1, double q3) {
  return guarded([&] {
    val out = val::array();
    unsigned i = 0;
    wce::PageResult page;
    for (double s : doubles(scores)) {
      page.complexity = s;
      out.set(i++, wce::group_of(page, wce::GroupBy::Complexity, {q1, q3}));
    }
    return out;
  });
}

std::string js_version() { return WCE_VERSION; }

std::string js_default_extractor() { return wce::kDefaultExtractor; }

// Why a known extractor is not in this module ("boilernet": native only), or "".
std::string js_missing_extractor_reason(const std::string& name) { return wce::missing_extractor_reason(name); }

// The page as parse_html reads it (repair_unclosed_title applied).
std::string js_repair_html(const val& html_js) {
  std::string html(Utf8(html_js).view());
  wce::repair_unclosed_title(html);
  return html;
}

}  // namespace

EMSCRIPTEN_BINDINGS(wce) {
  emscripten::function("extractors", &js_extractors);
  emscripten::function("extract", &js_extract);
  emscripten::function("extractMany", &js_extract_many);
  emscripten::function("metadata", &js_metadata);
  emscripten::function("metadataFlat", &js_metadata_flat);
  emscripten::function("classify", &js_classify);
  emscripten::function("classifyMany", &js_classify_many);
  emscripten::function("evaluate", &js_evaluate);
  emscripten::function("version", &js_version);
  emscripten::function("defaultExtractor", &js_default_extractor);
  emscripten::function("missingExtractorReason", &js_missing_extractor_reason);
  emscripten::function("repairHtml", &js_repair_html);
  emscripten::function("measureNames", &js_measure_names);
  emscripten::function("measure", &js_measure);
  emscripten::function("complexity", &js_complexity);
  emscripten::function("complexityLevels", &js_complexity_levels);
  emscripten::function("benchPage", &js_bench_page);
  emscripten::function("snippetRates", &js_snippet_rates);
  emscripten::function("aggregate", &js_aggregate);
  emscripten::function("summarize", &js_summarize);
  emscripten::function("measuresOfColumns", &js_measures_of_columns);
  emscripten::function("complexityGroups", &js_complexity_groups);
}
